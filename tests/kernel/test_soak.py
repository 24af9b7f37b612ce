"""Soak (issue 19): one kernel runs a notebook's cells over and over, as a
user re-running cells all afternoon does, and its memory stays flat.

The cells hold the reference cycles notebooks make (Note [Cycle collection]
in lang/runtime/gc.c): a module whose forward hook captures self, a module
registering its own bound method as a hook, children pointing back at their
parent, an exception kept in a global, a dataclass tree with parent
pointers, and a cell that builds a model and its optimizer and trains a step
(so optimizer state exists), re-run so that each run drops the previous
model. Around them, ordinary cells: tensors shown, a plot, an autograd
graph, errors with their tracebacks, generators (one left suspended in a
global), comprehensions, %time, print. Without the collector each run of
the model cell kept the whole model (about 260 KB each).

RSS is read from /proc after the 100th cell, once the kernel's caches,
arenas and first-use tables are warm, and after the last; the growth must
stay under a fixed bound. The measured figures are printed at the end of
the pytest run (conftest.py's terminal summary) so that a reader sees how
far from the bound they are.

Under AddressSanitizer freed memory sits in a quarantine (256 MiB by
default) before it is reused, so RSS rises for a long while with no leak:
the kernel runs with a 1 MiB quarantine there (use-after-free is what the
rest of the suite checks with the full one), and a looser bound, since
ASan's allocator rounds and pads what it hands out."""
import os

from protocol import execute

# Definitions, re-run like the cells below: a notebook's class cell is
# run again after each edit, and each run makes new class objects.
DEFINE = '''\
import torch
import torch.nn as nn
from dataclasses import dataclass, field
import matplotlib.pyplot as plt
from torchviz import make_dot


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(64, 128)
        self.fc2 = nn.Linear(128, 10)
        self.shapes = []
        # the hook's closure holds self: a cycle through the module tree
        self.fc1.register_forward_hook(lambda m, i, o: self.shapes.append(o.shape))

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


class Logger(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 16)
        self.calls = 0
        self.fc.register_forward_hook(self.log)   # its own bound method

    def log(self, m, i, o):
        self.calls += 1

    def forward(self, x):
        return self.fc(x)


class Block(nn.Module):
    def __init__(self, parent):
        super().__init__()
        self.lin = nn.Linear(8, 8)
        self.owner = [parent]   # a back-reference to the parent


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(self) for _ in range(4)])


@dataclass
class TreeNode:
    label: str
    parent: "TreeNode" = None
    kids: list = field(default_factory=list)

    def add(self, label):
        kid = TreeNode(label, self)
        self.kids.append(kid)
        return kid


def failing_step(batch):
    try:
        return batch @ batch
    except RuntimeError as e:
        kept = e   # the traceback's frame holds kept, which is e: a cycle
        return kept


def batches(n):
    for i in range(n):
        yield torch.full((2, 2), float(i))
'''

# (cell, what it shows: the type of an output message and text in it)
CELLS = [
    ('model = Net()\n'
     'opt = torch.optim.Adam(model.parameters(), lr=1e-3)\n'
     'loss = model(torch.randn(32, 64)).pow(2).mean()\n'
     'opt.zero_grad()\nloss.backward()\nopt.step()\n'
     'print(f"loss {loss.item():.3f}", len(opt.state))', ("stream", " 4\n")),
    ('logger = Logger()\nlogger(torch.ones(4, 16))\nlogger.calls', ("execute_result", "1")),
    ('stack = Stack()\nlen(stack.blocks)', ("execute_result", "4")),
    ('last_error = failing_step(torch.ones(2, 3))\nprint(type(last_error).__name__)',
     ("stream", "RuntimeError")),
    ('root = TreeNode("root")\n'
     'for i in range(20):\n    root.add(f"k{i}").add(f"g{i}")\n'
     'len(root.kids)', ("execute_result", "20")),
    ('torch.randn(3, 4)', ("execute_result", "tensor([[")),
    ('plt.plot([1.0, 0.5, 0.25], label="loss")\nplt.title("training")\nplt.legend()',
     ("display_data", "<svg")),
    ('w = torch.ones(3, requires_grad=True)\nmake_dot((w * 2).sum(), params={"w": w})',
     ("execute_result", "MulBackward0")),
    ('torch.ones(2, 3) @ torch.ones(2, 3)', ("error", "RuntimeError")),
    ('stream = batches(10)\nfirst = next(stream)   # left suspended\n'
     'squares = [x * x for x in range(100)]\n'
     'table = {k: [j for j in range(k)] for k in range(30)}\n'
     'sum(b.sum().item() for b in batches(5))', ("execute_result", "40.0")),
    ('%time sum(range(1000))', ("stream", "Wall time")),
    ('for i in range(3):\n    print("step", i, model.fc2.weight.shape)', ("stream", "step 2")),
    ('undefined_name + 1', ("error", "NameError")),
]


def shown(msg):
    """The text of an output message: a stream's text, every MIME type
    of a result or display, an error's name and message."""
    c = msg["content"]
    if msg["msg_type"] == "stream":
        return c["text"]
    if msg["msg_type"] == "error":
        return c["ename"] + ": " + c["evalue"]
    return "\n".join(str(v) for v in c.get("data", {}).values())


def rss_kib(pid):
    """The process's resident set size in KiB (VmRSS)."""
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS in /proc/%d/status" % pid)


def under_asan(pid):
    return any("libasan" in line for line in open(f"/proc/{pid}/maps"))


def run_cell(kc, number):
    """Runs the number-th cell of the notebook (DEFINE, then CELLS in
    order, over and over) and checks that it showed what it shows."""
    i = number % (len(CELLS) + 1)
    code, (msg_type, text) = (DEFINE, (None, None)) if i == 0 else CELLS[i - 1]
    reply, msgs = execute(kc, code, timeout=60)
    assert reply["content"]["status"] == ("error" if msg_type == "error" else "ok"), (code, reply["content"])
    if msg_type:
        texts = [shown(m) for m in msgs if m["msg_type"] == msg_type]
        assert any(text in t for t in texts), (code, msg_type, texts)


# Cells and the bound on RSS growth from the 100th cell to the last, in
# KiB. Measured on the collector's build (2,000 cells, a few seconds):
# release 5.4 to 6.0 MiB, sanitizer (1 MiB quarantine) 9.7 to 10.4 MiB;
# the growth is the input history and the replay cache of signatures,
# which keep something of every cell by design, and the cycles waiting
# for a collection of the oldest generation, which runs only once they
# are a quarter of what lives there (Note [Cycle collection]). The kernel
# of c43e420, before the collector, grows by 34 MiB (release) as each run
# of the model cell keeps the model: the bounds sit between the two.
RELEASE = (2000, 16 * 1024)
SANITIZER = (2000, 24 * 1024)


def test_rss_stays_flat_over_re_run_cells(start_kernel, monkeypatch, record_property):
    # the quarantine's size is read when the process starts; a release
    # build ignores ASAN_OPTIONS
    options = os.environ.get("ASAN_OPTIONS")
    monkeypatch.setenv("ASAN_OPTIONS", (options + ":" if options else "") + "quarantine_size_mb=1")
    k = start_kernel("cgrad")
    pid = k.km.provisioner.process.pid
    cells, bound_kib = SANITIZER if under_asan(pid) else RELEASE
    warm = 100
    for n in range(warm):
        run_cell(k.kc, n)
    after_warm = rss_kib(pid)
    for n in range(warm, cells):
        run_cell(k.kc, n)
    after_last = rss_kib(pid)
    growth = after_last - after_warm
    summary = (f"soak: {cells} cells, RSS {after_warm} KiB after cell {warm}, {after_last} KiB after "
               f"the last: growth {growth} KiB (bound {bound_kib} KiB)")
    record_property("summary", summary)
    assert growth < bound_kib, summary
