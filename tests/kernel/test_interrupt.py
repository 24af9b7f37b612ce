"""Interrupts in both modes stop a running cell with KeyboardInterrupt and
leave the state intact; SIGINT never kills the kernel."""
import os
import signal
import threading
import time

import pytest
from jupyter_client import KernelManager

from conftest import SANITIZER
from protocol import execute, outputs, reply_to, send, TIMEOUT


def wait_for_execute_input(kc, msg_id):
    while True:
        msg = kc.get_iopub_msg(timeout=TIMEOUT)
        if msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "execute_input":
            return


def interrupt_loop(k, interrupt):
    kc = k.kc
    execute(kc, "kept = 'state'")
    msg_id = kc.execute("n = 0\nwhile True:\n    n += 1")
    wait_for_execute_input(kc, msg_id)
    time.sleep(0.2)
    interrupt()
    reply = reply_to(kc.shell_channel, msg_id)["content"]
    assert reply["status"] == "error"
    assert reply["ename"] == "KeyboardInterrupt"
    reply, msgs = execute(kc, "(kept, n > 0)")
    assert outputs(msgs, "execute_result")[0]["data"]["text/plain"] == "('state', True)"


def test_interrupt_signal_mode(start_kernel):
    k = start_kernel("cgrad")
    assert k.km.kernel_spec.interrupt_mode == "signal"
    interrupt_loop(k, k.km.interrupt_kernel)


def test_interrupt_message_mode(start_kernel):
    k = start_kernel("cgrad-message")
    assert k.km.kernel_spec.interrupt_mode == "message"
    interrupt_loop(k, k.km.interrupt_kernel)


def test_interrupt_request_reply(start_kernel):
    k = start_kernel("cgrad-message")
    replies = []

    def interrupt():
        msg_id = send(k.kc, "control", "interrupt_request")
        replies.append(reply_to(k.kc.control_channel, msg_id)["content"])

    interrupt_loop(k, interrupt)
    assert replies == [{"status": "ok"}]


def test_sigint_while_idle_is_harmless(kernel):
    pid = kernel.km.provisioner.process.pid
    for _ in range(3):
        os.kill(pid, signal.SIGINT)
        time.sleep(0.05)
    reply, msgs = execute(kernel.kc, "1 + 1")
    assert reply["content"]["status"] == "ok"
    assert outputs(msgs, "execute_result")[0]["data"]["text/plain"] == "2"


def catches_sigint(pid):
    """Has the process installed its SIGINT handler yet (/proc's SigCgt)?"""
    with open(f"/proc/{pid}/status") as f:
        caught = next(line for line in f if line.startswith("SigCgt:")).split()[1]
    return int(caught, 16) & (1 << (signal.SIGINT - 1)) != 0


def test_sigint_while_starting_is_harmless(kernels_dir, tmp_path):
    """jupyter_client interrupts before every shutdown, so a kernel shut
    down or interrupted as it starts gets SIGINT while its evaluator loads
    the prelude: it must start all the same, with nothing in its log."""
    log = open(tmp_path / "kernel.log", "w")
    km = KernelManager(kernel_name="cgrad")
    km.start_kernel(stderr=log)
    kc = km.client()
    try:
        pid = km.provisioner.process.pid
        deadline = time.monotonic() + TIMEOUT
        while not catches_sigint(pid):   # before that, SIGINT kills any process
            assert time.monotonic() < deadline
            time.sleep(0.001)
        ready = threading.Event()

        def hammer():
            while not ready.is_set():
                os.kill(pid, signal.SIGINT)
                time.sleep(0.0005)

        thread = threading.Thread(target=hammer)
        thread.start()
        kc.start_channels()
        try:
            kc.wait_for_ready(timeout=TIMEOUT)
        finally:
            ready.set()
            thread.join()
        reply, msgs = execute(kc, "1 + 1")
        assert reply["content"]["status"] == "ok", reply["content"]
        assert outputs(msgs, "execute_result")[0]["data"]["text/plain"] == "2"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=False)
        km.cleanup_resources()
        log.close()
    text = (tmp_path / "kernel.log").read_text()
    assert "cannot start" not in text, text
    assert not SANITIZER.search(text), text


def test_interrupt_while_waiting_for_input(start_kernel):
    k = start_kernel("cgrad")
    msg_id = k.kc.execute("input('> ')", allow_stdin=True)
    assert k.kc.get_stdin_msg(timeout=TIMEOUT)["msg_type"] == "input_request"
    k.km.interrupt_kernel()
    reply = reply_to(k.kc.shell_channel, msg_id)["content"]
    assert reply["ename"] == "KeyboardInterrupt"
    assert execute(k.kc, "2")[0]["content"]["status"] == "ok"


@pytest.mark.parametrize("cell", ["x = 1\nsum(range(10**13))", "x = max(range(10**13))",
                                  "s = '-'.join(map(str, range(10**13)))"])
def test_interrupt_during_a_long_builtin(start_kernel, cell):
    """Builtins that loop in C over an iterator (sum, max, join) stop on
    Ctrl-C, also as a cell's last statement."""
    k = start_kernel("cgrad")
    msg_id = k.kc.execute(cell)
    wait_for_execute_input(k.kc, msg_id)
    time.sleep(0.3)
    k.km.interrupt_kernel()
    reply = reply_to(k.kc.shell_channel, msg_id)["content"]
    assert (reply["status"], reply["ename"]) == ("error", "KeyboardInterrupt")
    assert execute(k.kc, "2")[0]["content"]["status"] == "ok"


def test_interrupt_during_the_last_engine_op(start_kernel):
    """A Ctrl-C during one long engine op, the cell's last statement, is not
    lost: the op runs to its end (as PyTorch's does), then the cell ends
    with KeyboardInterrupt instead of reporting success."""
    k = start_kernel("cgrad")
    n = 1024
    while True:  # a matmul long enough to interrupt in its middle
        execute(k.kc, f"import torch\na = torch.ones({n}, {n})")
        start = time.monotonic()
        assert execute(k.kc, "b = a @ a")[0]["content"]["status"] == "ok"
        took = time.monotonic() - start
        if took > 1.0 or n >= 8192:
            break
        n *= 2
    msg_id = k.kc.execute("b = None\nb = a @ a")
    wait_for_execute_input(k.kc, msg_id)
    time.sleep(took / 4)
    k.km.interrupt_kernel()
    # the op runs to its end: on a loaded machine (a sanitizer build, other
    # jobs) that may be several times what the probe took
    reply = reply_to(k.kc.shell_channel, msg_id, timeout=max(10.0, 8 * took))["content"]
    assert (reply["status"], reply["ename"]) == ("error", "KeyboardInterrupt")
    reply, msgs = execute(k.kc, "b is None or b.shape")
    assert reply["content"]["status"] == "ok"


def test_interrupt_during_a_long_parse(start_kernel):
    """A cell of megabytes takes a while to parse; a Ctrl-C then stops it
    with KeyboardInterrupt (the parser polls the flag), and the kernel
    keeps its state."""
    k = start_kernel("cgrad")
    execute(k.kc, "kept = 'state'")
    cell = "if False:\n    x = [" + "1, " * 3_000_000 + "]\n"
    msg_id = k.kc.execute(cell)
    wait_for_execute_input(k.kc, msg_id)
    time.sleep(0.2)
    k.km.interrupt_kernel()
    reply = reply_to(k.kc.shell_channel, msg_id)["content"]
    assert (reply["status"], reply["ename"]) == ("error", "KeyboardInterrupt")
    reply, msgs = execute(k.kc, "kept")
    assert outputs(msgs, "execute_result")[0]["data"]["text/plain"] == "'state'"
