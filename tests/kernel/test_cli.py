"""`cgrad install` and `cgrad kernel -f` outside of a session: the
kernelspec it writes, connection file errors, and an unsigned kernel."""
import json
import os
import select
import socket
import subprocess
import sys
import time

from jupyter_client import BlockingKernelClient
from jupyter_client.connect import write_connection_file

from protocol import execute, outputs


def test_install_writes_the_kernelspec(cgrad, tmp_path):
    done = subprocess.run([cgrad, "install", "--prefix", str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    spec_dir = tmp_path / "share" / "jupyter" / "kernels" / "cgrad"
    spec = json.loads((spec_dir / "kernel.json").read_text())
    launcher = os.path.join(os.path.dirname(os.path.realpath(cgrad)), "cgrad-launcher")
    assert spec["argv"] == [launcher, os.path.realpath(cgrad), "kernel", "-f", "{connection_file}"]
    assert spec["display_name"] == "cgrad (PyTorch)"
    assert spec["language"] == "python"
    assert spec["interrupt_mode"] == "signal"
    for logo in ("logo-32x32.png", "logo-64x64.png", "logo-svg.svg"):
        assert (spec_dir / logo).stat().st_size > 0
    assert (spec_dir / "logo-64x64.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_install_user_honours_jupyter_data_dir(cgrad, tmp_path):
    env = dict(os.environ, JUPYTER_DATA_DIR=str(tmp_path / "data"))
    subprocess.run([cgrad, "install", "--user"], check=True, capture_output=True, env=env)
    assert (tmp_path / "data" / "kernels" / "cgrad" / "kernel.json").exists()


def run_kernel(cgrad, path):
    return subprocess.run([cgrad, "kernel", "-f", str(path)], capture_output=True, text=True, timeout=10)


def test_missing_connection_file(cgrad, tmp_path):
    done = run_kernel(cgrad, tmp_path / "nope.json")
    assert done.returncode == 1
    assert "nope.json" in done.stderr


def test_malformed_connection_files(cgrad, tmp_path):
    good = json.loads(open(write_connection_file(str(tmp_path / "good.json"))[0]).read())
    cases = {"{not json": "cannot read connection file",
             json.dumps({k: v for k, v in good.items() if k != "shell_port"}): "'shell_port' must be a port number",
             json.dumps(dict(good, key=5)): "'key' must be a string",
             json.dumps(dict(good, transport="udp")): "unsupported transport",
             json.dumps([1, 2]): "not a JSON object"}
    for i, (text, message) in enumerate(cases.items()):
        path = tmp_path / f"bad{i}.json"
        path.write_text(text)
        done = run_kernel(cgrad, path)
        assert done.returncode == 1, text
        assert message in done.stderr, (text, done.stderr)


def test_port_in_use(cgrad, tmp_path):
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    try:
        path, info = write_connection_file(str(tmp_path / "c.json"))
        data = json.loads(open(path).read())
        data["hb_port"] = busy.getsockname()[1]
        open(path, "w").write(json.dumps(data))
        done = run_kernel(cgrad, path)
        assert done.returncode == 1
        assert "cannot bind the hb channel" in done.stderr
    finally:
        busy.close()


def test_unsigned_kernel(cgrad, tmp_path):
    """An empty key means no signatures, both ways."""
    path, info = write_connection_file(str(tmp_path / "unsigned.json"), key=b"")
    proc = subprocess.Popen([cgrad, "kernel", "-f", path], stderr=subprocess.PIPE)
    kc = BlockingKernelClient(connection_file=path)
    kc.load_connection_file()
    assert kc.session.key == b""
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=10)
        reply, msgs = execute(kc, "6 * 7")
        assert outputs(msgs, "execute_result")[0]["data"]["text/plain"] == "42"
        kc.shutdown()
        assert proc.wait(timeout=5) == 0
    finally:
        kc.stop_channels()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stderr.close()


def test_kernel_exits_when_its_parent_dies(cgrad, tmp_path):
    """A kernel whose launcher (JPY_PARENT_PID) dies without shutting it
    down stops by itself, as ipykernel does, instead of living on."""
    path, info = write_connection_file(str(tmp_path / "orphan.json"))
    pidfile, log = tmp_path / "kernel.pid", tmp_path / "kernel.log"
    launcher = (
        "import os, subprocess, time\n"
        f"p = subprocess.Popen([{cgrad!r}, 'kernel', '-f', {path!r}],"
        f" env=dict(os.environ, JPY_PARENT_PID=str(os.getpid())), stderr=open({str(log)!r}, 'w'))\n"
        f"open({str(pidfile)!r}, 'w').write(str(p.pid))\n"
        "time.sleep(0.5)\n"   # the kernel has started: now die without a word
    )
    subprocess.run([sys.executable, "-c", launcher], check=True)
    pid = int(pidfile.read_text())

    def alive():   # an exited orphan may linger as a zombie
        try:
            return open(f"/proc/{pid}/stat").read().split()[2] != "Z"
        except FileNotFoundError:
            return False

    deadline = time.monotonic() + 5
    while alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    still = alive()
    if still:
        os.kill(pid, 9)
    assert not still
    assert "parent process" in log.read_text() and "is gone; stopping" in log.read_text()


def readline_within(f, seconds):
    """A line from f, or an assertion that none came within `seconds`."""
    ready, _, _ = select.select([f], [], [], seconds)
    assert ready, "nothing was written through"
    return f.readline()


def test_run_flush_writes_through_a_pipe(cgrad, tmp_path):
    """`cgrad run` into a pipe buffers its output, as Python does; print(...,
    flush=True) and sys.stdout.flush() send what was written at once, so
    that a job reading the log sees it while the script still runs."""
    script = tmp_path / "log.py"
    script.write_text("import sys\n"
                      "print('epoch 1', flush=True)\n"
                      "input()\n"
                      "sys.stdout.write('epoch 2\\n')\n"
                      "sys.stdout.flush()\n"
                      "input()\n"
                      "print('buffered')\n"
                      "sys.stderr.write('err\\n')\n"
                      "print('done', file=sys.stderr, flush=True)\n")
    proc = subprocess.Popen([cgrad, "run", str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert readline_within(proc.stdout, 10) == "epoch 1\n"
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert readline_within(proc.stdout, 10) == "epoch 2\n"
        out, err = proc.communicate("\n", timeout=30)
    finally:
        proc.kill()
    assert out == "buffered\n"
    assert err == "err\ndone\n"
    assert proc.returncode == 0
