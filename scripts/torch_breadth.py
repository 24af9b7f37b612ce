#!/usr/bin/env python3
"""The share of PyTorch 1.13's public names (dir() less '_' names) that
cgrad has, per namespace, as issues 21-27 measure breadth.

usage: scripts/torch_breadth.py CGRAD [NAMESPACE...]
Runs /usr/bin/python3 (with PyTorch) and `CGRAD run` on the same probe, as
stdlib_breadth.py does, and prints per namespace how many of PyTorch's
names exist in cgrad, and a total. A name that exists but only raises
NotImplementedError counts here: read the figure with that in mind."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stdlib_breadth  # noqa: E402

NAMESPACES = """torch torch.Tensor torch.nn torch.nn.functional torch.nn.init torch.optim torch.optim.lr_scheduler
torch.autograd torch.linalg torch.fft torch.special torch.distributions torch.utils.data torch.cuda""".split()

if __name__ == "__main__":
    stdlib_breadth.main(NAMESPACES, __doc__)
