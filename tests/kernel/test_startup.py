"""Start-up: the kernelspec starts cgrad through cgrad-launcher, which
holds the ports open while cgrad loads (Note [Ports held from the launch]
in kernel/held_ports.h), with an environment in which it starts once (no
re-exec for libgomp's wait policy) and OpenBLAS's worker threads start
with the first cell rather than at load (Note [BLAS threads at start-up]
in kernel/blas_threads.h)."""
import json
import os
import socket
import subprocess

from jupyter_client.connect import write_connection_file

from protocol import execute


def launcher_of(cgrad):
    return os.path.join(os.path.dirname(os.path.realpath(cgrad)), "cgrad-launcher")


def test_kernelspec_starts_the_launcher(kernels_dir, cgrad):
    spec = json.loads((kernels_dir / "cgrad" / "kernel.json").read_text())
    assert spec["argv"] == [launcher_of(cgrad), os.path.realpath(cgrad), "kernel", "-f", "{connection_file}"]


def test_the_kernel_listens_on_the_held_ports_alone(start_kernel):
    """Each of the five ports is listened on once, by the kernel: adopted,
    not bound a second time, and none left over."""
    k = start_kernel("cgrad")
    info = k.km.get_connection_info()
    pid = k.km.provisioner.process.pid
    inodes = {os.readlink(f"/proc/{pid}/fd/{fd}")[len("socket:["):-1]
              for fd in os.listdir(f"/proc/{pid}/fd") if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:[")}
    listening = []
    for line in open("/proc/net/tcp").read().splitlines()[1:] + open("/proc/net/tcp6").read().splitlines()[1:]:
        f = line.split()
        if f[3] == "0A" and f[9] in inodes:   # LISTEN, this process's
            listening.append(int(f[1].split(":")[1], 16))
    ports = [info[f"{name}_port"] for name in ("shell", "control", "stdin", "iopub", "hb")]
    assert sorted(listening) == sorted(ports)
    reply, msgs = execute(k.kc, "6 * 7")
    assert reply["content"]["status"] == "ok"


def test_launcher_leaves_a_busy_port_to_the_kernel(cgrad, tmp_path):
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    try:
        path, info = write_connection_file(str(tmp_path / "c.json"))
        data = json.loads(open(path).read())
        data["iopub_port"] = busy.getsockname()[1]
        open(path, "w").write(json.dumps(data))
        done = subprocess.run([launcher_of(cgrad), cgrad, "kernel", "-f", path], capture_output=True, text=True,
                              timeout=10)
        assert done.returncode == 1
        assert "cannot bind the iopub channel" in done.stderr
    finally:
        busy.close()


def test_kernelspec_environment(kernels_dir):
    spec = json.loads((kernels_dir / "cgrad" / "kernel.json").read_text())
    assert spec["env"] == {"OMP_WAIT_POLICY": "PASSIVE", "GOMP_SPINCOUNT": "3000", "OPENBLAS_NUM_THREADS": "1",
                           "CGRAD_OPENBLAS_NUM_THREADS": "${OPENBLAS_NUM_THREADS}"}


def threads_of(k):
    return len(os.listdir(f"/proc/{k.km.provisioner.process.pid}/task"))


def new_threads_with_first_cell(start_kernel):
    k = start_kernel("cgrad")
    before = threads_of(k)
    reply, _ = execute(k.kc, "1 + 1")
    assert reply["content"]["status"] == "ok"
    after = threads_of(k)
    execute(k.kc, "2 + 2")
    assert threads_of(k) == after   # once only
    return k, after - before


def test_blas_threads_start_with_the_first_cell(start_kernel):
    k, new = new_threads_with_first_cell(start_kernel)
    cpus = len(os.sched_getaffinity(k.km.provisioner.process.pid))
    assert new == cpus - 1   # OpenBLAS's workers, beside the calling thread


def test_users_openblas_num_threads_is_kept(start_kernel, monkeypatch):
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "1")
    k, new = new_threads_with_first_cell(start_kernel)
    environ = open(f"/proc/{k.km.provisioner.process.pid}/environ", "rb").read().split(b"\0")
    assert b"CGRAD_OPENBLAS_NUM_THREADS=1" in environ
    assert new == 0


def openmp_env_of_run(cgrad, tmp_path, **env):
    """OMP_WAIT_POLICY and GOMP_SPINCOUNT as a script under `cgrad run` sees
    them, started with env over an environment without either"""
    script = tmp_path / "env.py"
    script.write_text("import os\nprint(os.environ.get('OMP_WAIT_POLICY'), os.environ.get('GOMP_SPINCOUNT'))\n")
    base = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")}
    done = subprocess.run([cgrad, "run", str(script)], env={**base, **env}, capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_run_sleeps_its_openmp_threads_after_a_short_spin(cgrad, tmp_path):
    """Note [OpenMP wait policy]: PASSIVE with a spin of 3000 pauses, unless
    the user chose either"""
    assert openmp_env_of_run(cgrad, tmp_path) == ["PASSIVE", "3000"]
    assert openmp_env_of_run(cgrad, tmp_path, GOMP_SPINCOUNT="10") == ["PASSIVE", "10"]
    assert openmp_env_of_run(cgrad, tmp_path, OMP_WAIT_POLICY="ACTIVE") == ["ACTIVE", "None"]
