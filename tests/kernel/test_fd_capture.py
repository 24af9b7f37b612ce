"""Text written straight to the process's fds 1 and 2 (what a C library's
printf or an OpenBLAS warning does) is the running cell's stream output;
the kernel's own log lines never are. Cells write with _cgrad.write_fd,
which calls write(2) past the evaluator's host."""
import time

import zmq
from jupyter_client.session import Session

from protocol import TIMEOUT, execute, iopub_of, outputs, reply_to, stream_text, types


def test_fd_writes_are_the_cells_streams(kernel):
    kc = kernel.kc
    msg_id = kc.execute("import _cgrad\n_cgrad.write_fd(1, 'from fd 1\\n')\n_cgrad.write_fd(2, 'from fd 2\\n')\n"
                        "_cgrad.write_fd(1, 'héllo ✓\\n')")
    reply = reply_to(kc.shell_channel, msg_id)
    msgs = iopub_of(kc, msg_id)   # only messages whose parent is this cell
    assert reply["content"]["status"] == "ok"
    assert stream_text(msgs, "stdout") == "from fd 1\nhéllo ✓\n"
    assert stream_text(msgs, "stderr") == "from fd 2\n"
    # published before the reply was sent, and before idle
    streams = [m for m in msgs if m["msg_type"] == "stream"]
    assert all(m["header"]["date"] <= reply["header"]["date"] for m in streams)
    assert types(msgs)[-1] == "idle"


def test_fd_text_comes_before_later_output(kernel):
    reply, msgs = execute(kernel.kc, "import _cgrad\n_cgrad.write_fd(1, 'before\\n')\ndisplay('shown')\n"
                                     "_cgrad.write_fd(2, 'after\\n')\n'result'")
    kinds = [m["msg_type"] for m in msgs if m["msg_type"] in ("stream", "display_data", "execute_result")]
    assert kinds == ["stream", "display_data", "stream", "execute_result"]
    assert [c["text"] for c in outputs(msgs, "stream")] == ["before\n", "after\n"]


def test_a_mebibyte_burst_arrives_whole(kernel):
    """More than a pipe holds, on both fds: nothing lost, nothing stuck."""
    code = ("import _cgrad\n"
            "text = ''.join([f'{i:07d}\\n' for i in range(131072)])\n"
            "_cgrad.write_fd(1, text)\n_cgrad.write_fd(2, text)\n_cgrad.write_fd(1, 'end\\n')\nlen(text)")
    reply, msgs = execute(kernel.kc, code, timeout=60)
    expected = "".join(f"{i:07d}\n" for i in range(131072))
    assert len(expected) == 1 << 20
    assert outputs(msgs, "execute_result")[0]["data"]["text/plain"] == str(1 << 20)
    assert stream_text(msgs, "stdout") == expected + "end\n"
    assert stream_text(msgs, "stderr") == expected
    assert len(outputs(msgs, "stream")) < 200


def test_the_kernels_log_is_not_cell_output(kernel):
    """A message with a bad signature arrives on control while a cell runs:
    its log line goes to the kernel's stderr, not to the cell."""
    kc = kernel.kc
    info = kernel.km.get_connection_info()
    msg_id = kc.execute("import time\ntime.sleep(0.6)\nprint('done')")
    sock = zmq.Context.instance().socket(zmq.DEALER)
    sock.linger = 0
    sock.connect(f"tcp://{info['ip']}:{info['control_port']}")
    time.sleep(0.2)
    wrong = Session(key=b"not-the-key")
    wrong.send(sock, wrong.msg("kernel_info_request", {}))
    reply = reply_to(kc.shell_channel, msg_id)
    msgs = iopub_of(kc, msg_id)
    sock.close()
    assert reply["content"]["status"] == "ok"
    assert stream_text(msgs, "stdout") == "done\n"
    assert stream_text(msgs, "stderr") == ""
    assert "bad signature" in kernel.stderr()


def test_interrupted_while_writing(start_kernel):
    """SIGINT lands while a cell is blocked writing to a full pipe: the
    cell stops with KeyboardInterrupt and the kernel lives on."""
    k = start_kernel("cgrad")
    kc = k.kc
    msg_id = kc.execute("import _cgrad, time\nwhile True:\n    _cgrad.write_fd(1, 'y' * 200000)\n"
                        "    time.sleep(0.01)")
    time.sleep(1.0)
    k.km.interrupt_kernel()
    reply = reply_to(kc.shell_channel, msg_id, timeout=30)
    assert reply["content"]["ename"] == "KeyboardInterrupt"
    iopub_of(kc, msg_id, timeout=30)
    reply, msgs = execute(kc, "import _cgrad\n_cgrad.write_fd(1, 'still here\\n')")
    assert stream_text(msgs, "stdout") == "still here\n"
