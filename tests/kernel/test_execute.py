"""execute_request: streams, results, errors, counters, silent,
user_expressions and stop_on_error; and the small shell requests."""
import re

import pytest

from protocol import (TIMEOUT, assert_bracketed, execute, iopub_of, no_message, outputs, reply_to, send,
                      stream_text, types)


def test_streams_and_result(kernel):
    reply, msgs = execute(kernel.kc, "import sys\nprint('out', 1)\nsys.stderr.write('err\\n')\n6 * 7")
    assert reply["content"]["status"] == "ok"
    assert stream_text(msgs, "stdout") == "out 1\n"
    assert stream_text(msgs, "stderr") == "err\n"
    [result] = outputs(msgs, "execute_result")
    assert result["data"] == {"text/plain": "42"}
    assert result["execution_count"] == reply["content"]["execution_count"]


def test_order_on_iopub(kernel):
    """busy, execute_input, outputs in the order made, result, idle; and the
    kernel stamped the reply after every output and before idle."""
    kc = kernel.kc
    msg_id = kc.execute("print('a')\nimport sys\nsys.stderr.write('b\\n')\nprint('c')\n'r'")
    reply = reply_to(kc.shell_channel, msg_id)
    msgs = iopub_of(kc, msg_id)
    assert types(msgs) == ["busy", "execute_input", "stream", "stream", "stream", "execute_result", "idle"]
    assert [m["content"]["text"] for m in msgs[2:5]] == ["a\n", "b\n", "c\n"]
    assert msgs[1]["content"]["code"].startswith("print('a')")
    assert msgs[1]["content"]["execution_count"] == reply["content"]["execution_count"]
    replied = reply["header"]["date"]
    assert all(m["header"]["date"] <= replied for m in msgs[:-1])
    assert msgs[-1]["header"]["date"] >= replied


def test_tensor_result_is_its_repr(kernel):
    reply, msgs = execute(kernel.kc, "import torch\ntorch.tensor([1.0, 2.5])")
    [result] = outputs(msgs, "execute_result")
    assert result["data"]["text/plain"] == "tensor([1.0000, 2.5000])"


def test_none_and_statements_show_nothing(kernel):
    for code in ("x = 3", "None", "def f():\n    return 1\n"):
        reply, msgs = execute(kernel.kc, code)
        assert reply["content"]["status"] == "ok"
        assert outputs(msgs, "execute_result") == []


def test_execution_count(kernel):
    kc = kernel.kc
    first = execute(kc, "1")[0]["content"]["execution_count"]
    assert execute(kc, "2")[0]["content"]["execution_count"] == first + 1
    reply, msgs = execute(kc, "3", store_history=False)
    assert reply["content"]["execution_count"] == first + 1
    reply, msgs = execute(kc, "print('quiet')\n4", silent=True)
    assert reply["content"]["execution_count"] == first + 1
    # silent hides execute_input and the result, not what the cell prints
    assert types(msgs) == ["busy", "stream", "idle"]
    assert execute(kc, "5")[0]["content"]["execution_count"] == first + 2


def test_state_persists_between_cells(kernel):
    execute(kernel.kc, "total = 10")
    reply, msgs = execute(kernel.kc, "total += 5\ntotal")
    assert outputs(msgs, "execute_result")[0]["data"]["text/plain"] == "15"


def test_error_reply_and_kernel_lives_on(kernel):
    kc = kernel.kc
    execute(kc, "before = 'kept'")
    reply, msgs = execute(kc, "def f(x):\n    return x / 0\nf(1)")
    content = reply["content"]
    assert content["status"] == "error"
    assert content["ename"] == "ZeroDivisionError"
    assert content["evalue"] == "division by zero"
    assert content["traceback"][0] == "Traceback (most recent call last):"
    assert content["traceback"][-1] == "ZeroDivisionError: division by zero"
    assert any("line 3" in line for line in content["traceback"])
    [error] = outputs(msgs, "error")
    assert error == {k: content[k] for k in ("ename", "evalue", "traceback")}
    assert_bracketed(msgs)
    reply, msgs = execute(kc, "before")
    assert outputs(msgs, "execute_result")[0]["data"]["text/plain"] == "'kept'"


def test_syntax_error(kernel):
    reply, msgs = execute(kernel.kc, "x = = 1")
    assert reply["content"]["status"] == "error"
    assert reply["content"]["ename"] == "SyntaxError"


def test_user_expressions(kernel):
    kc = kernel.kc
    reply, _ = execute(kc, "ux = 2", user_expressions={"a": "ux + 1", "b": "1 / 0", "c": "'s' * 2"})
    ue = reply["content"]["user_expressions"]
    assert ue["a"] == {"status": "ok", "data": {"text/plain": "3"}, "metadata": {}}
    assert ue["c"]["data"]["text/plain"] == "'ss'"
    assert ue["b"]["status"] == "error"
    assert ue["b"]["ename"] == "ZeroDivisionError"


SLOW_FAIL = "import time\ntime.sleep(0.3)\nraise ValueError('stop here')"


def test_stop_on_error_aborts_queued_executes_only(kernel):
    kc = kernel.kc
    failing = kc.execute(SLOW_FAIL)
    queued = kc.execute("aborted_ran = 1")
    info = send(kc, "shell", "kernel_info_request")
    queued2 = kc.execute("aborted_ran = 2")
    assert reply_to(kc.shell_channel, failing)["content"]["status"] == "error"
    assert reply_to(kc.shell_channel, queued)["content"]["status"] == "aborted"
    assert reply_to(kc.shell_channel, info)["content"]["status"] == "ok"
    assert reply_to(kc.shell_channel, queued2)["content"]["status"] == "aborted"
    for msg_id in (queued, info, queued2):
        assert_bracketed(iopub_of(kc, msg_id))
    # the queue is empty now: cells run again, and the aborted ones never ran
    reply, msgs = execute(kc, "try:\n    aborted_ran\nexcept NameError:\n    print('never ran')")
    assert stream_text(msgs, "stdout") == "never ran\n"


def test_stop_on_error_false_runs_queued(kernel):
    kc = kernel.kc
    failing = kc.execute(SLOW_FAIL, stop_on_error=False)
    queued = kc.execute("queued_ran = 1\nqueued_ran")
    assert reply_to(kc.shell_channel, failing)["content"]["status"] == "error"
    assert reply_to(kc.shell_channel, queued)["content"]["status"] == "ok"


def test_is_complete(kernel):
    kc = kernel.kc
    cases = {"x = 1": ("complete", None), "for i in range(3):": ("incomplete", "    "),
             "if True:\n    if True:": ("incomplete", "        "), "x = (1,": ("incomplete", ""),
             "1 +* 2": ("invalid", None)}
    for code, (status, indent) in cases.items():
        msg_id = kc.is_complete(code)
        content = reply_to(kc.shell_channel, msg_id)["content"]
        assert content["status"] == status, code
        if indent is not None:
            assert content["indent"] == indent, code
        assert_bracketed(iopub_of(kc, msg_id))


def test_is_complete_reads_past_a_nul(kernel):
    """A NUL does not end the cell: open brackets after it still make it
    incomplete, and a cell that is whole is invalid (it cannot compile), as
    ipykernel answers."""
    cases = {"a = 1\x00\nb = [": "incomplete", "a = [\x00": "incomplete", "a = 1\x00": "invalid",
             "\x00": "invalid"}
    for code, status in cases.items():
        content = reply_to(kernel.kc.shell_channel, kernel.kc.is_complete(code))["content"]
        assert content["status"] == status, code


def test_comm_info(kernel):
    kc = kernel.kc
    msg_id = kc.comm_info()
    assert reply_to(kc.shell_channel, msg_id)["content"] == {"status": "ok", "comms": {}}


def test_unknown_request_is_bracketed_without_reply(kernel):
    kc = kernel.kc
    for channel in ("shell", "control"):
        msg_id = send(kc, channel, "no_such_request", {"x": 1})
        assert types(iopub_of(kc, msg_id)) == ["busy", "idle"]
        assert no_message(getattr(kc, f"{channel}_channel"))
    assert "unknown message type 'no_such_request'" in kernel.stderr()


def test_every_request_is_bracketed(kernel):
    kc = kernel.kc
    requests = [("shell", "kernel_info_request", {}), ("control", "kernel_info_request", {}),
                ("shell", "execute_request", {"code": "1", "silent": False}),
                ("shell", "is_complete_request", {"code": "x"}), ("shell", "comm_info_request", {}),
                ("shell", "complete_request", {"code": "pri", "cursor_pos": 3}),
                ("shell", "inspect_request", {"code": "print", "cursor_pos": 5, "detail_level": 0}),
                ("shell", "history_request", {"hist_access_type": "tail", "n": 3, "output": False, "raw": True}),
                ("control", "interrupt_request", {})]
    for channel, msg_type, content in requests:
        msg_id = send(kc, channel, msg_type, content)
        reply = reply_to(getattr(kc, f"{channel}_channel"), msg_id)
        assert reply["msg_type"] == msg_type.replace("_request", "_reply")
        assert_bracketed(iopub_of(kc, msg_id))


def test_text_shows_while_the_cell_still_runs(kernel):
    """Text printed before a long computation is published within a moment,
    not when the cell ends."""
    import time
    kc = kernel.kc
    msg_id = kc.execute("import time\nprint('first')\nprint('second')\ntime.sleep(1.5)\nprint('after')")
    start = time.monotonic()
    while True:
        msg = kc.get_iopub_msg(timeout=TIMEOUT)
        if msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "stream":
            break
    assert time.monotonic() - start < 1.0
    assert msg["content"] == {"name": "stdout", "text": "first\nsecond\n"}
    rest = iopub_of(kc, msg_id)
    assert stream_text(rest, "stdout") == "after\n"
    reply_to(kc.shell_channel, msg_id)


def test_many_prints_are_few_messages(kernel):
    reply, msgs = execute(kernel.kc, "for i in range(20000):\n    print(i)")
    assert stream_text(msgs, "stdout") == "".join(f"{i}\n" for i in range(20000))
    assert len(outputs(msgs, "stream")) < 100


def test_comm_open_to_no_target_is_closed(kernel):
    kc = kernel.kc
    msg_id = send(kc, "shell", "comm_open", {"comm_id": "c1", "target_name": "jupyter.widget", "data": {}})
    msgs = iopub_of(kc, msg_id)
    assert types(msgs) == ["busy", "comm_close", "idle"]
    assert msgs[1]["content"] == {"comm_id": "c1", "data": {}}
    for msg_type in ("comm_msg", "comm_close"):
        msg_id = send(kc, "shell", msg_type, {"comm_id": "c1", "data": {}})
        assert types(iopub_of(kc, msg_id)) == ["busy", "idle"]
    assert no_message(kc.shell_channel)


def test_warnings_show_on_stderr_and_filters_last_across_cells(kernel):
    """A warning is written to the cell's stderr stream with its line, as
    ipykernel shows it; a filter set in one cell holds in the next, for
    PyTorch's own warnings too."""
    kc = kernel.kc
    reply, msgs = execute(kc, "import warnings, torch\nx = torch.ones(2, 3)\nwarnings.warn('look out')")
    assert reply["content"]["status"] == "ok"
    text = stream_text(msgs, "stderr")
    assert re.fullmatch(r"<cell \d+>:3: UserWarning: look out\n  warnings.warn\('look out'\)\n", text), text
    _, msgs = execute(kc, "y = torch.nn.functional.softmax(x)")
    assert "UserWarning: Implicit dimension choice for softmax" in stream_text(msgs, "stderr")
    execute(kc, "warnings.filterwarnings('ignore', message='Implicit dimension')")
    reply, msgs = execute(kc, "y = torch.nn.functional.log_softmax(x)\nwarnings.warn('still here')")
    assert reply["content"]["status"] == "ok"
    text = stream_text(msgs, "stderr")
    assert "Implicit" not in text and "UserWarning: still here" in text, text
    reply, _ = execute(kc, "warnings.simplefilter('error')\ny = torch.nn.functional.softmin(x)")
    assert reply["content"]["ename"] == "UserWarning"
    assert reply["content"]["evalue"].startswith("Implicit dimension choice for softmin")
    execute(kc, "warnings.resetwarnings()")


def test_lone_surrogate_in_a_stream_is_lost_as_in_ipykernel(kernel):
    """print('\\ud800') does not raise in a cell (ipykernel's sys.stdout takes
    any str); the stream text cannot be encoded as UTF-8, so it is replaced
    by the error ipykernel's session reports on stderr (its position counted
    in the message's JSON, as there); the cell succeeds and output goes on."""
    reply, msgs = execute(kernel.kc, "import sys\nprint('e\\ud800', file=sys.stderr)")
    assert reply["content"]["status"] == "ok"
    assert stream_text(msgs, "stderr") == ("UnicodeEncodeError: 'utf-8' codec can't encode character '\\ud800' "
                                           "in position 29: surrogates not allowed\n")
    reply, msgs = execute(kernel.kc, "sys.stdout.write('q\\n\\udfff\\udc00r')")
    assert reply["content"]["status"] == "ok"
    assert stream_text(msgs, "stdout") == ""
    assert stream_text(msgs, "stderr") == ("UnicodeEncodeError: 'utf-8' codec can't encode characters "
                                           "in position 31-32: surrogates not allowed\n")
    assert outputs(msgs, "execute_result")[0]["data"] == {"text/plain": "5"}
    reply, msgs = execute(kernel.kc, "print('ok')")
    assert stream_text(msgs, "stdout") == "ok\n"


# Issue 19, item 2: the parser once backtracked exponentially on these (the
# 26-byte "[" * 24 + "_:" took 7 s and 1.6 GB, each two more brackets four
# times that), pinning the kernel. The statuses are IPython 9's.
UNCLOSED = ["[" * 40 + "_:", "(" * 40 + "x for x in", "del " + "(" * 40 + "a"]


@pytest.mark.parametrize("code", UNCLOSED, ids=["brackets", "generator", "del"])
def test_unclosed_brackets_are_answered(kernel, code):
    kc = kernel.kc
    msg_id = kc.is_complete(code)
    content = reply_to(kc.shell_channel, msg_id)["content"]
    assert (content["status"], content["indent"]) == ("incomplete", "")
    assert_bracketed(iopub_of(kc, msg_id))
    reply, msgs = execute(kc, code)
    assert reply["content"]["ename"] == "SyntaxError"
    assert outputs(msgs, "error")


def test_source_of_a_cell_and_its_tracebacks(kernel):
    """inspect and traceback read a cell's lines (linecache), as IPython
    lets them; logging names the cell's function as the record's."""
    kc = kernel.kc
    reply, _ = execute(kc, "def twice(x):\n    # doubles\n    return 2 * x\n")
    assert reply["content"]["status"] == "ok"
    code = ("import inspect, traceback, logging, sys\n"
            "print(inspect.getsource(twice), end='')\n"
            "try:\n"
            "    twice(None) + 1\n"
            "except TypeError:\n"
            "    print(traceback.format_exc(), end='')\n"
            "def shout():\n"
            "    logging.getLogger('k').warning('from %s', 'cell')\n"
            "logging.basicConfig(stream=sys.stdout, format='%(funcName)s:%(lineno)d:%(message)s', force=True)\n"
            "shout()\n")
    reply, msgs = execute(kc, code)
    assert reply["content"]["status"] == "ok"
    out = stream_text(msgs, "stdout")
    assert out.startswith("def twice(x):\n    # doubles\n    return 2 * x\n")
    assert "Traceback (most recent call last):\n" in out
    assert "    twice(None) + 1\n" in out
    assert "    return 2 * x\n           ~~^~~\n" in out
    assert "TypeError: unsupported operand type(s) for *: 'int' and 'NoneType'\n" in out
    assert out.endswith("shout:8:from cell\n")
