"""complete_request, inspect_request and history_request as a frontend
sends them: JupyterLab's completer (Tab) and contextual help (Shift-Tab),
and jupyter console's history. Positions are code points, as Python's
len() counts them."""
from protocol import assert_bracketed, execute, iopub_of, reply_to

TYPES = "_jupyter_types_experimental"


def ok(kc, code):
    reply, _ = execute(kc, code)
    assert reply["content"]["status"] == "ok", reply["content"]


def complete(kc, code, cursor_pos=None):
    msg_id = kc.complete(code, cursor_pos)
    content = reply_to(kc.shell_channel, msg_id)["content"]
    assert_bracketed(iopub_of(kc, msg_id))
    assert content["status"] == "ok"
    return content


def inspect(kc, code, cursor_pos=None, detail_level=0):
    msg_id = kc.inspect(code, cursor_pos, detail_level)
    content = reply_to(kc.shell_channel, msg_id)["content"]
    assert_bracketed(iopub_of(kc, msg_id))
    assert content["status"] == "ok"
    return content


def history(kc, **kw):
    msg_id = kc.history(**kw)
    content = reply_to(kc.shell_channel, msg_id)["content"]
    assert_bracketed(iopub_of(kc, msg_id))
    assert content["status"] == "ok"
    return content["history"]


def types_of(content):
    """{match: record} from the completion metadata, checked to be aligned
    with the matches and to share their range."""
    records = content["metadata"][TYPES]
    assert [r["text"] for r in records] == content["matches"]
    for r in records:
        assert (r["start"], r["end"]) == (content["cursor_start"], content["cursor_end"])
        assert set(r) == {"start", "end", "text", "type", "signature"}
    return {r["text"]: r for r in records}


def test_complete_after_torch_dot(kernel):
    ok(kernel.kc, "import torch")
    code = "torch."
    content = complete(kernel.kc, code)
    assert content["cursor_start"] == content["cursor_end"] == len(code)
    assert {"zeros", "randn", "nn", "Tensor", "float32"} <= set(content["matches"])
    kinds = types_of(content)
    assert kinds["zeros"]["type"] == "function"
    assert kinds["nn"]["type"] == "module"
    assert kinds["Tensor"]["type"] == "class"
    # Jedi's signature of a function: its parameters in parentheses; "" for the rest
    assert kinds["zeros"]["signature"].startswith("(")
    assert kinds["nn"]["signature"] == ""


def test_complete_a_prefix_replaces_only_the_prefix(kernel):
    ok(kernel.kc, "import torch")
    code = "y = torch.ze"
    content = complete(kernel.kc, code)
    assert {"zeros", "zeros_like"} <= set(content["matches"])
    assert all(m.startswith("ze") for m in content["matches"])
    assert content["cursor_start"] == len("y = torch.")
    assert content["cursor_end"] == len(code)


def test_complete_after_a_tensor_variables_dot(kernel):
    ok(kernel.kc, "import torch\nx = torch.ones(2, 3)")
    content = complete(kernel.kc, "x.sh")
    assert "shape" in content["matches"]
    assert all(m.startswith("sh") for m in content["matches"])
    assert (content["cursor_start"], content["cursor_end"]) == (2, 4)
    content = complete(kernel.kc, "x.")
    assert {"add", "backward", "shape", "dtype", "sum", "view"} <= set(content["matches"])
    kinds = types_of(content)
    assert kinds["add"]["type"] == "function"
    assert "other" in kinds["add"]["signature"]


def test_complete_counts_code_points_not_bytes(kernel):
    ok(kernel.kc, "import torch\nx = torch.ones(2, 3)")
    # é is 2 bytes in UTF-8, € 3, 😀 4 (and 2 UTF-16 units): each is one code point
    code = 's = "é€😀"; x.sh'
    content = complete(kernel.kc, code)
    assert "shape" in content["matches"]
    assert content["cursor_start"] == len('s = "é€😀"; x.')
    assert content["cursor_end"] == len(code)
    # the cursor in the middle of the cell, after a multibyte character
    code = 'é = x.sh + 1'
    cursor = len('é = x.sh')
    content = complete(kernel.kc, code, cursor)
    assert "shape" in content["matches"]
    assert (content["cursor_start"], content["cursor_end"]) == (len('é = x.'), cursor)


def test_complete_nothing_to_complete(kernel):
    content = complete(kernel.kc, "no_such_name_anywhere.")
    assert content["matches"] == []
    assert content["metadata"][TYPES] == []


def test_inspect_torch_zeros_shows_its_signature(kernel):
    ok(kernel.kc, "import torch")
    content = inspect(kernel.kc, "torch.zeros")
    assert content["found"] is True
    assert content["metadata"] == {}
    text = content["data"]["text/plain"]
    assert "Signature:" in text and "torch.zeros(" in text
    assert "Docstring:" in text
    # inside the call's parentheses, as Shift-Tab asks while typing arguments
    code = "torch.zeros(2, "
    assert inspect(kernel.kc, code, len(code))["found"] is True


def test_inspect_a_tensor_variable(kernel):
    ok(kernel.kc, "import torch\nt = torch.ones(2, 3, dtype=torch.float64)")
    content = inspect(kernel.kc, "t")
    assert content["found"] is True
    text = content["data"]["text/plain"]
    # as PyTorch gives t.shape and t.dtype
    assert "torch.Size([2, 3])" in text
    assert "torch.float64" in text


def test_inspect_an_unknown_name(kernel):
    content = inspect(kernel.kc, "no_such_name_anywhere")
    assert content["found"] is False
    assert content["data"] == {}


def test_history_tail_range_search(start_kernel):
    kc = start_kernel().kc
    for code in ["a = 1", "b = 2", "a + b"]:
        ok(kc, code)
    reply, _ = execute(kc, "c = 3", store_history=False)
    assert reply["content"]["status"] == "ok"
    reply, _ = execute(kc, "d = 4", silent=True)
    assert reply["content"]["status"] == "ok"
    ok(kc, "a * b")

    # one session, lines numbered by execution_count; unstored cells absent
    everything = [[1, 1, "a = 1"], [1, 2, "b = 2"], [1, 3, "a + b"], [1, 4, "a * b"]]
    assert history(kc, hist_access_type="tail", n=10) == everything
    assert history(kc, hist_access_type="tail", n=2) == everything[2:]
    assert history(kc, hist_access_type="range", session=1, start=2, stop=4) == everything[1:3]
    assert history(kc, hist_access_type="range", session=0, start=3) == everything[2:]
    assert history(kc, hist_access_type="search", pattern="a*") == [everything[0], everything[2], everything[3]]
    assert history(kc, hist_access_type="search", pattern="a ? b", n=1) == [everything[3]]
    assert history(kc, hist_access_type="tail", n=1, output=True) == [[1, 4, ["a * b", None]]]


def test_history_search_unique(start_kernel):
    kc = start_kernel().kc
    for code in ["x = 1", "x = 1", "y = 2"]:
        ok(kc, code)
    assert history(kc, hist_access_type="search", pattern="x*") == [[1, 1, "x = 1"], [1, 2, "x = 1"]]
    assert history(kc, hist_access_type="search", pattern="x*", unique=True) == [[1, 2, "x = 1"]]


def test_history_keeps_failed_cells_and_magics(start_kernel):
    kc = start_kernel().kc
    reply, _ = execute(kc, "1 / 0")
    assert reply["content"]["status"] == "error"
    ok(kc, "%who")
    assert history(kc, hist_access_type="tail", n=5) == [[1, 1, "1 / 0"], [1, 2, "%who"]]


# A \u0000 in a request's code is one more character, as ipykernel reads
# it: the text after it completes, inspects and is stored in the history.
# The expected answers are what ipykernel 7.4 (IPython, Jedi) gives for
# the same requests.
def test_complete_reads_past_a_nul(kernel):
    kc = kernel.kc
    ok(kc, "abcdef_nul = 1")
    content = complete(kc, "abcdef_nul = 1\x00\nabcdef_n")
    assert (content["matches"], content["cursor_start"], content["cursor_end"]) == (["abcdef_nul"], 16, 24)
    content = complete(kc, "\u00e9 = 1\x00\nabcdef_", cursor_pos=12)
    assert (content["matches"], content["cursor_start"], content["cursor_end"]) == (["abcdef_nul"], 7, 12)


def test_inspect_reads_past_a_nul(kernel):
    kc = kernel.kc
    content = inspect(kc, "x = 1\x00\nlen")
    assert content["found"]
    assert content["data"]["text/plain"].startswith("Signature: len(obj, /)")
    assert inspect(kc, "len\x00 + 1", cursor_pos=2)["found"]
    assert not inspect(kc, "x = 1\x00\nnot_defined_anywhere")["found"]


def test_history_keeps_a_cell_with_a_nul_whole(start_kernel):
    """The cell cannot compile (ValueError, test_wire.py) but is history,
    whole; a search reads an input up to its NUL, as sqlite's GLOB does."""
    kc = start_kernel().kc
    for code in ["1 + 1\x00 + 2", "1 + 1\x00 + 3", "1 + 1\x00 + 2"]:
        reply, _ = execute(kc, code)
        assert reply["content"]["ename"] == "ValueError"
    everything = [[1, 1, "1 + 1\x00 + 2"], [1, 2, "1 + 1\x00 + 3"], [1, 3, "1 + 1\x00 + 2"]]
    assert history(kc, hist_access_type="tail", n=3) == everything
    assert history(kc, hist_access_type="range", session=0, start=2, output=True) == [
        [1, 2, ["1 + 1\x00 + 3", None]], [1, 3, ["1 + 1\x00 + 2", None]]]
    assert history(kc, hist_access_type="search", pattern="1 + 1") == everything
    assert history(kc, hist_access_type="search", pattern="1 + 1*", unique=True) == everything[1:]
    assert history(kc, hist_access_type="search", pattern="*2") == []
