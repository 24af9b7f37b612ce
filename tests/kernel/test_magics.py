"""IPython's magics through the kernel: what a notebook user sees for
%timeit, %time, %%time, %who, a misspelt magic, and `name?` help."""
import re

from protocol import assert_bracketed, execute, outputs, reply_to, stream_text, types

UNIT = r"(ns|µs|ms|s)"
# IPython formats times with %.3g: 999.9996 ns is "1e+03 ns"
NUMBER = r"\d+(\.\d+)?(e[+-]\d+)?"
# and warns when the runs vary a lot, as they may on a loaded machine
SLOWEST = (r"(The slowest run took \d+\.\d\d times longer than the fastest\. "
           r"This could mean that an intermediate result is being cached\.\n)?")


def test_timeit_prints_ipythons_line(kernel):
    execute(kernel.kc, "import torch\nx = torch.ones(3)")
    reply, msgs = execute(kernel.kc, "%timeit -n 10 -r 3 x + 1")
    assert reply["content"]["status"] == "ok"
    assert_bracketed(msgs)
    text = stream_text(msgs, "stdout")
    assert re.fullmatch(rf"{SLOWEST}{NUMBER} {UNIT} ± {NUMBER} {UNIT} per loop "
                        r"\(mean ± std\. dev\. of 3 runs, 10 loops each\)\n", text), text
    assert not outputs(msgs, "execute_result")


def test_time_line_and_cell(kernel):
    reply, msgs = execute(kernel.kc, "%time 6 * 7")
    assert reply["content"]["status"] == "ok"
    text = stream_text(msgs, "stdout")
    assert re.fullmatch(rf"CPU times: user {NUMBER} {UNIT}, sys: {NUMBER} {UNIT}, total: {NUMBER} {UNIT}\n"
                        rf"Wall time: {NUMBER} {UNIT}\n", text), text
    # %time shows the value of what it timed
    assert outputs(msgs, "execute_result")[0]["data"]["text/plain"] == "42"

    reply, msgs = execute(kernel.kc, "%%time\ns = 0\nfor i in range(10):\n    s += i\nprint(s)")
    assert reply["content"]["status"] == "ok"
    text = stream_text(msgs, "stdout")
    assert text.startswith("45\nCPU times: user "), text
    assert "\nWall time: " in text


def test_who_lists_the_users_names(start_kernel):
    kc = start_kernel().kc
    reply, _ = execute(kc, "import torch\nbeta = torch.ones(1)\nalpha = 1")
    assert reply["content"]["status"] == "ok"
    reply, msgs = execute(kc, "%who")
    assert reply["content"]["status"] == "ok"
    # IPython: sorted names, each followed by a tab and a space
    assert stream_text(msgs, "stdout") == "alpha\t beta\t torch\t \n"


def test_unknown_magic_is_a_usage_error(kernel):
    reply, msgs = execute(kernel.kc, "%nosuchmagic 1")
    content = reply["content"]
    # as ipykernel: the reply names the error, with no traceback ...
    assert content["status"] == "error"
    assert content["ename"] == "UsageError"
    assert content["evalue"] == "Line magic function `%nosuchmagic` not found."
    assert content["traceback"] == []
    # ... and the cell shows IPython's one line on stderr, not an error output
    assert stream_text(msgs, "stderr") == "UsageError: Line magic function `%nosuchmagic` not found.\n"
    assert "error" not in types(msgs)
    assert_bracketed(msgs)
    # the kernel goes on
    reply, _ = execute(kernel.kc, "1 + 1")
    assert reply["content"]["status"] == "ok"


def test_magic_is_complete(kernel):
    kc = kernel.kc
    cases = {"%timeit x + 1": "complete", "%who": "complete", "%%time\nx = 1": "incomplete",
             "%%time\nx = 1\n\n": "complete", "x = 1\n%time x\n": "complete"}
    for code, status in cases.items():
        assert reply_to(kc.shell_channel, kc.is_complete(code))["content"]["status"] == status, code


def test_question_mark_pages_help(kernel):
    execute(kernel.kc, "import torch")
    reply, msgs = execute(kernel.kc, "torch.zeros?")
    content = reply["content"]
    assert content["status"] == "ok"
    [page] = content["payload"]
    assert page["source"] == "page"
    assert "torch.zeros(" in page["data"]["text/plain"]
    assert not outputs(msgs, "stream")

    reply, msgs = execute(kernel.kc, "no_such_thing?")
    assert reply["content"]["payload"] == []
    assert stream_text(msgs, "stdout") == "Object `no_such_thing` not found.\n"
