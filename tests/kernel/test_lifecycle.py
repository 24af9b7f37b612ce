"""Shutdown, restart, heartbeat, and control answering while a cell runs."""
import time

import zmq

from protocol import execute, iopub_of, outputs, reply_to, send, TIMEOUT


def wait_exit(km, timeout=5):
    deadline = time.monotonic() + timeout
    while km.is_alive() and time.monotonic() < deadline:
        time.sleep(0.02)
    return not km.is_alive()


def test_shutdown(start_kernel):
    k = start_kernel()
    kc = k.kc
    msg_id = kc.shutdown()
    reply = reply_to(kc.control_channel, msg_id)
    assert reply["content"] == {"status": "ok", "restart": False}
    msgs = iopub_of(kc, msg_id)
    assert [m["content"] for m in msgs if m["msg_type"] == "shutdown_reply"] == [reply["content"]]
    assert wait_exit(k.km)
    assert k.km.provisioner.process.returncode == 0


def test_shutdown_while_a_cell_runs(start_kernel):
    k = start_kernel()
    kc = k.kc
    running = kc.execute("while True:\n    pass")
    time.sleep(0.2)
    msg_id = kc.shutdown()
    assert reply_to(kc.control_channel, msg_id)["content"]["status"] == "ok"
    assert reply_to(kc.shell_channel, running)["content"]["ename"] == "KeyboardInterrupt"
    assert wait_exit(k.km)


def test_restart(start_kernel):
    k = start_kernel()
    kc = k.kc
    execute(kc, "gone = 1")
    before = reply_to(kc.shell_channel, kc.kernel_info())["header"]["session"]
    k.km.restart_kernel(now=False)
    kc.wait_for_ready(timeout=TIMEOUT)
    after = reply_to(kc.shell_channel, kc.kernel_info())["header"]["session"]
    assert after != before
    reply, msgs = execute(kc, "try:\n    gone\nexcept NameError:\n    print('fresh')")
    assert "fresh" in "".join(c["text"] for c in outputs(msgs, "stream"))


def heartbeat_socket(k):
    sock = zmq.Context.instance().socket(zmq.REQ)
    sock.linger = 0
    sock.connect(f"tcp://{k.km.ip}:{k.km.hb_port}")
    return sock


def test_heartbeat_echoes_even_while_busy(start_kernel):
    k = start_kernel()
    sock = heartbeat_socket(k)
    try:
        sock.send(b"ping")
        assert sock.poll(2000) and sock.recv() == b"ping"
        running = k.kc.execute("import time\ntime.sleep(1)")
        time.sleep(0.1)
        start = time.monotonic()
        sock.send_multipart([b"two", b"parts"])
        assert sock.poll(2000) and sock.recv_multipart() == [b"two", b"parts"]
        assert time.monotonic() - start < 0.5
        assert reply_to(k.kc.shell_channel, running)["content"]["status"] == "ok"
    finally:
        sock.close()


def test_control_answers_while_a_cell_runs(kernel):
    kc = kernel.kc
    running = kc.execute("import time\ntime.sleep(0.5)")
    time.sleep(0.1)
    start = time.monotonic()
    msg_id = send(kc, "control", "kernel_info_request")
    assert reply_to(kc.control_channel, msg_id)["content"]["status"] == "ok"
    assert time.monotonic() - start < 0.3
    assert reply_to(kc.shell_channel, running)["content"]["status"] == "ok"
