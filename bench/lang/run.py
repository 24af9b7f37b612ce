#!/usr/bin/env python3
"""Times the language benchmarks under cgrad and under python3 + PyTorch in
one run, with the same thread count, and prints the ratios.

usage: run.py CGRAD [PYTHON]   (PYTHON defaults to /usr/bin/python3)
Each script prints "seconds S" for its timed part (start-up excluded);
the best of REPEATS runs is kept on each side."""
import os
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
REPEATS = 3
BENCHES = [
    ("tensor_loop", "c = a * b + a, 4x4 with grad, 100k iterations", 5.0),
    ("int_loop", "s += i, 1M iterations", 1.0),
    ("seed_workload", "MLP 2-64-64-1, Adam, 200 epochs on 10k points", 1.0),
]


def best_time(cmd, env):
    best, out = None, ""
    for _ in range(REPEATS):
        p = subprocess.run(cmd, cwd=HERE, env=env, capture_output=True, text=True, timeout=900)
        m = re.search(r"^seconds ([0-9.]+)$", p.stdout, re.M)
        if p.returncode != 0 or not m:
            return None, p.stdout + p.stderr
        t = float(m.group(1))
        best = t if best is None else min(best, t)
        out = p.stdout
    return best, out


def main():
    cgrad = os.path.abspath(sys.argv[1])
    python = sys.argv[2] if len(sys.argv) > 2 else "/usr/bin/python3"
    threads = os.environ.get("OMP_NUM_THREADS", str(os.cpu_count()))
    env = dict(os.environ, OMP_NUM_THREADS=threads, OPENBLAS_NUM_THREADS=threads,
               MKL_NUM_THREADS=threads)
    print(f"language benchmarks: {threads} threads, best of {REPEATS}")
    for name, what, target in BENCHES:
        ours, out1 = best_time([cgrad, "run", f"{name}.py"], env)
        theirs, out2 = best_time([python, f"{name}.py"], env)
        if ours is None or theirs is None:
            print(f"  {name}: failed\n{out1 if ours is None else out2}")
            continue
        ratio = theirs / ours
        verdict = "met" if ratio >= target else "NOT met"
        print(f"  {name:14s} cgrad {ours:8.4f} s  python {theirs:8.4f} s  "
              f"python/cgrad {ratio:6.2f}x  (target >= {target:g}x: {verdict})  [{what}]")
        extra = [l for l in out1.splitlines() if not l.startswith("seconds")]
        if extra:
            print("    cgrad printed: " + " | ".join(extra))


if __name__ == "__main__":
    main()
