#!/usr/bin/env python3
"""The share of CPython 3.11's public names (dir() less '_' names) that
cgrad has, per standard-library module of issue 20's list.

usage: scripts/stdlib_breadth.py CGRAD [MODULE...]
Runs /usr/bin/python3 and `CGRAD run` on the same probe and prints, per
module, how many of CPython's names exist in cgrad, and a total. A module
that does not import in cgrad counts 0."""
import json
import subprocess
import sys
import tempfile

MODULES = """os os.path sys time math random json re csv io pathlib glob shutil argparse collections
collections.abc itertools functools dataclasses typing copy pickle struct datetime logging enum abc
contextlib operator heapq bisect statistics string textwrap pprint inspect ast warnings __future__ gzip
zipfile tarfile tempfile hashlib uuid traceback types weakref numbers fractions decimal queue base64
codecs array difflib shlex calendar timeit secrets platform unittest threading unicodedata""".split()

PROBE = r'''
import sys
out = {}
for name in NAMES:
    try:
        parts = name.split(".")
        m = __import__(parts[0])
        for i, part in enumerate(parts[1:], 1):
            try:  # a submodule not imported by its package, else an attribute (a class)
                __import__(".".join(parts[:i + 1]))
            except ImportError:
                pass
            m = getattr(m, part)
        out[name] = [n for n in dir(m) if not n.startswith("_")]
    except Exception:
        out[name] = None
print("BREADTH " + repr(out))
'''


def names_of(cmd, modules):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write("NAMES = %r\n" % (modules,) + PROBE)
    p = subprocess.run(cmd + [f.name], capture_output=True, text=True, timeout=600)
    for line in p.stdout.splitlines():
        if line.startswith("BREADTH "):
            import ast
            return ast.literal_eval(line[len("BREADTH "):])
    raise SystemExit("probe failed under %s:\n%s%s" % (cmd, p.stdout, p.stderr))


def main(default_modules=MODULES, doc=__doc__):
    if len(sys.argv) < 2:
        raise SystemExit(doc)
    modules = sys.argv[2:] or default_modules
    ref = names_of(["/usr/bin/python3"], modules)
    ours = names_of([sys.argv[1], "run"], modules)
    have = want = imported = 0
    for m in modules:
        r = set(ref[m] or [])
        o = ours.get(m)
        got = len(r & set(o)) if o is not None else 0
        have += got
        want += len(r)
        imported += o is not None
        share = 100.0 * got / len(r) if r else 100.0
        print("%-24s %4d / %4d  %5.1f%%%s" % (m, got, len(r), share, "" if o is not None else "  (no module)"))
    print("%d of %d modules import; %d of %d names, %.1f%%" % (imported, len(modules), have, want,
                                                               100.0 * have / want))


if __name__ == "__main__":
    main()
