"""Child processes in a notebook: what a child writes to the standard
streams it inherits is the running cell's output (the kernel's fds 1 and
2 are captured), and an interrupt in either mode stops a cell that waits
for a child, which run() then kills."""
import time

import pytest

from protocol import TIMEOUT, execute, reply_to, stream_text


def test_child_output_is_the_cells_stream(kernel):
    reply, msgs = execute(kernel.kc, "import subprocess, os\n"
                                     "subprocess.run(['echo', 'from child'])\n"
                                     "os.system('echo from shell >&2')\n"
                                     "print(subprocess.run('echo captured', shell=True, capture_output=True,"
                                     " text=True).stdout, end='')")
    assert reply["content"]["status"] == "ok"
    assert stream_text(msgs, "stdout") == "from child\ncaptured\n"
    assert stream_text(msgs, "stderr") == "from shell\n"


@pytest.mark.parametrize("name", ["cgrad", "cgrad-message"])
def test_interrupt_while_waiting_for_a_child(start_kernel, name):
    k = start_kernel(name)
    msg_id = k.kc.execute("import subprocess, time\nstart = time.monotonic()\n"
                          "subprocess.run(['sleep', '60'])")
    while True:
        msg = k.kc.get_iopub_msg(timeout=TIMEOUT)
        if msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "execute_input":
            break
    time.sleep(0.5)
    k.km.interrupt_kernel()
    reply = reply_to(k.kc.shell_channel, msg_id)["content"]
    assert (reply["status"], reply["ename"]) == ("error", "KeyboardInterrupt"), "\n".join(reply["traceback"])
    reply, msgs = execute(k.kc, "print(time.monotonic() - start < 30)")
    assert stream_text(msgs, "stdout") == "True\n"
