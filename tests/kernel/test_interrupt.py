"""Interrupts in both modes stop a running cell with KeyboardInterrupt and
leave the state intact; SIGINT never kills the kernel."""
import os
import signal
import time

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


def test_interrupt_while_waiting_for_input(start_kernel):
    k = start_kernel("cgrad")
    msg_id = k.kc.execute("input('> ')", allow_stdin=True)
    assert k.kc.get_stdin_msg(timeout=TIMEOUT)["msg_type"] == "input_request"
    k.km.interrupt_kernel()
    reply = reply_to(k.kc.shell_channel, msg_id)["content"]
    assert reply["ename"] == "KeyboardInterrupt"
    assert execute(k.kc, "2")[0]["content"]["status"] == "ok"
