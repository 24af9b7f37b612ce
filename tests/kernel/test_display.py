"""Rich output: display(), display ids and their updates, clear_output,
and MIME bundles in execute_result (lang/rich/mime_bundle.h makes them)."""
from protocol import assert_bracketed, execute, outputs, types


def test_display_data(kernel):
    reply, msgs = execute(kernel.kc, "display(1 + 2)\nprint('then')")
    assert reply["content"]["status"] == "ok"
    assert types(msgs) == ["busy", "execute_input", "display_data", "stream", "idle"]
    [shown] = outputs(msgs, "display_data")
    assert shown["data"] == {"text/plain": "3"}
    assert shown["metadata"] == {}
    assert "transient" not in shown


def test_display_id_and_update(kernel):
    code = ("from IPython.display import display, update_display\n"
            "h = display('first', display_id=True)\n"
            "h.update('second')\n"
            "update_display('third', display_id=h.display_id)\n")
    reply, msgs = execute(kernel.kc, code)
    assert reply["content"]["status"] == "ok"
    [first] = outputs(msgs, "display_data")
    updates = outputs(msgs, "update_display_data")
    display_id = first["transient"]["display_id"]
    assert len(display_id) == 32
    assert [u["data"]["text/plain"] for u in updates] == ["'second'", "'third'"]
    assert all(u["transient"] == {"display_id": display_id} for u in updates)


def test_clear_output(kernel):
    reply, msgs = execute(kernel.kc, "from IPython.display import clear_output\nprint('x')\n"
                                     "clear_output(wait=True)\nclear_output()")
    assert types(msgs) == ["busy", "execute_input", "stream", "clear_output", "clear_output", "idle"]
    assert outputs(msgs, "clear_output") == [{"wait": True}, {"wait": False}]


def test_rich_result(kernel):
    reply, msgs = execute(kernel.kc, "from IPython.display import HTML\nHTML('<b>hi</b>')")
    [result] = outputs(msgs, "execute_result")
    assert result["data"]["text/html"] == "<b>hi</b>"
    assert "text/plain" in result["data"]
    reply, msgs = execute(kernel.kc, "import torch\ntorch.zeros(2)")
    [result] = outputs(msgs, "execute_result")
    assert result["data"]["text/plain"] == "tensor([0., 0.])"
    assert "<table" in result["data"]["text/html"]


def test_broken_repr_html_keeps_the_text(kernel):
    code = ("class Odd:\n    def __repr__(self):\n        return 'Odd()'\n"
            "    def _repr_html_(self):\n        raise ValueError('no html')\nOdd()")
    reply, msgs = execute(kernel.kc, code)
    assert reply["content"]["status"] == "ok"
    [result] = outputs(msgs, "execute_result")
    assert result["data"] == {"text/plain": "Odd()"}
    assert_bracketed(msgs)


def test_tqdm_is_one_bar_updated_in_place(kernel):
    reply, msgs = execute(kernel.kc, "from tqdm import trange\nfor i in trange(3):\n    pass")
    [bar] = outputs(msgs, "display_data")
    updates = outputs(msgs, "update_display_data")
    assert "<progress" in bar["data"]["text/html"]
    assert updates and all(u["transient"] == bar["transient"] for u in updates)
    assert updates[-1]["data"]["text/plain"].startswith("100%|")
    assert outputs(msgs, "stream") == []   # no text line on stderr in a notebook


def test_pyplot_figures_show_when_the_cell_ends(kernel):
    code = ("import matplotlib.pyplot as plt\n"
            "plt.plot([1, 3, 2], label='loss')\n"
            "plt.title('training')\n"
            "print('drawn')\n"
            "1 + 1")
    reply, msgs = execute(kernel.kc, code)
    assert reply["content"]["status"] == "ok"
    # the print, the cell's value, then the figure, before the reply and idle
    assert types(msgs) == ["busy", "execute_input", "stream", "execute_result", "display_data", "idle"]
    [figure] = outputs(msgs, "display_data")
    assert figure["data"]["text/plain"] == "<Figure size 640x480 with 1 Axes>"
    svg = figure["data"]["image/svg+xml"]
    assert svg.startswith("<svg") and ">training<" in svg
    # shown once: the next cell does not show it again
    reply, msgs = execute(kernel.kc, "2")
    assert "display_data" not in types(msgs)


def test_autograd_graphs_are_svg(kernel):
    code = ("import torch\nfrom torchviz import make_dot\n"
            "w = torch.ones(3, requires_grad=True)\n"
            "y = (w * 2).sum()\n"
            "make_dot(y, params={'w': w})")
    reply, msgs = execute(kernel.kc, code)
    assert reply["content"]["status"] == "ok"
    [result] = outputs(msgs, "execute_result")
    svg = result["data"]["image/svg+xml"]
    for label in ("SumBackward0", "MulBackward0", "AccumulateGrad", ">w<"):
        assert label in svg
    reply, msgs = execute(kernel.kc, "y.grad_fn")
    [result] = outputs(msgs, "execute_result")
    assert result["data"]["text/plain"].startswith("SumBackward0\n  MulBackward0\n    AccumulateGrad")
    assert "MulBackward0" in result["data"]["image/svg+xml"]
