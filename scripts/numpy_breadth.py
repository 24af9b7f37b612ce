#!/usr/bin/env python3
"""The share of numpy 1.24's public names (dir() less '_' names) that
cgrad's numpy has, per namespace, as issue 22 measures breadth (80% of
numpy, 90% of ndarray, numpy.random and numpy.linalg).

usage: scripts/numpy_breadth.py CGRAD [NAMESPACE...]
Runs /usr/bin/python3 (with numpy) and `CGRAD run` on the same probe, as
stdlib_breadth.py does."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stdlib_breadth  # noqa: E402

NAMESPACES = "numpy numpy.ndarray numpy.random numpy.linalg".split()

if __name__ == "__main__":
    stdlib_breadth.main(NAMESPACES, __doc__)
