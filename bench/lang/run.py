#!/usr/bin/env python3
"""Times the language benchmarks under cgrad and under python3 + PyTorch in
one run, with the same thread count, and prints the ratios.

usage: run.py CGRAD [PYTHON]   (PYTHON defaults to /usr/bin/python3)
Each script prints "seconds S" for its timed part (start-up excluded);
the best of REPEATS runs is kept on each side, the two sides run in
turn. Every script runs at one thread and at two (OMP_NUM_THREADS,
OPENBLAS_NUM_THREADS and MKL_NUM_THREADS alike on both sides; PyTorch
takes its thread count from OMP_NUM_THREADS), or only at OMP_NUM_THREADS
when that is set."""
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
    ("bignum", "factorial(5000), pow(3, 10**5, p), str(2**100000), 20 times", 1.0),
    ("seed_workload", "MLP 2-64-64-1, Adam, 200 epochs on 10k points", 1.0),
    ("cnn_workload", "CNN conv-bn-relu-pool x2, batch 64 of 28x28, SGD, 20 steps", 0.5),
    ("upsample_bench", "ConvTranspose2d 64->32 k4 s2 p1 on [16,64,32,32] and bilinear x2 on [16,64,64,64], "
     "forward+backward, 3 times each", 0.5),
    ("json_bench", "json.dumps then json.loads of a ~20 MB document", 1.0),
    ("re_bench", "re.findall of two patterns over a ~50 MB text", 1.0),
    ("csv_bench", "for row in csv.reader(f) over a ~100 MB file", 1.0),
    ("pickle_bench", "pickle.dumps then pickle.loads of a 1M-element list of ints, floats, strs", 1.0),
    ("deque_bench", "deque: 1M append then 1M popleft, then 1M append/popleft", 1.0),
    ("reduce_bench", "sum/mean of 4M and 2000x1000 over each dim, small sums, softmax of 4096x10", 1.0),
    ("np_ew", "numpy: a * b + c over 10M float64, 5 times", 1.0),
    ("np_sum0", "numpy: a.sum(axis=0) of 4096x4096 float64, 3 times", 1.0),
    ("np_matmul", "numpy: a @ b of 1024x1024 float64, 5 times", 1.0),
    ("np_sort", "numpy: np.sort of 10M float64", 1.0),
    ("np_randn", "numpy: np.random.randn(10**7) after a seed", 1.0),
    ("np_loadtxt", "numpy: np.loadtxt of a ~50 MB CSV", 1.0),
    ("np_small", "numpy: np.zeros(3) + 1, 100k times", 3.0),
    ("half_add", "float16 and bfloat16 a + b over 16M elements, 5 times", 1.0),
    ("save_load", "torch.save then torch.load of a 100 MB state_dict (a file)", 1.0),
    ("activation_bench", "elu, silu, softplus, mish forward+backward over 4M float32, 5 times each", 1.0),
    ("lstm_bench", "nn.LSTM 2 layers, hidden 256, seq 50, batch 32: forward+backward, 5 times", 0.5),
    ("transformer_bench", "nn.TransformerEncoder 4 layers, d_model 256, 8 heads, seq 128, batch 16: "
     "forward+backward, 3 times", 0.5),
    ("adam_bench", "torch.optim.Adam over 1M parameters, 20 steps", 1.0),
    ("sort_bench", "torch.sort of 10M float32, then topk(k=100) of 10M five times", 1.0),
    ("einsum_bench", "torch.einsum('bij,bjk->bik') on [64,128,128] float32, 20 times", 1.0),
    ("cumsum_bench", "cumsum of 10M float32, and over each dim of 2500x4000, 5 times", 1.0),
]


def timed(cmd, env):
    """(seconds the script reports, its output), or (None, output)"""
    p = subprocess.run(cmd, cwd=HERE, env=env, capture_output=True, text=True, timeout=900)
    m = re.search(r"^seconds ([0-9.]+)$", p.stdout, re.M)
    if p.returncode != 0 or not m:
        return None, p.stdout + p.stderr
    return float(m.group(1)), p.stdout


def best_times(cmds, env):
    """The best of REPEATS runs of each command, run in turn (a, b, a, b,
    ...) so that load from other processes falls on both sides alike."""
    best, outs = [None] * len(cmds), [""] * len(cmds)
    for _ in range(REPEATS):
        for i, cmd in enumerate(cmds):
            t, outs[i] = timed(cmd, env)
            if t is None:
                best[i] = None
                return best, outs
            best[i] = t if best[i] is None else min(best[i], t)
    return best, outs


def run_all(cgrad, python, threads):
    env = dict(os.environ, OMP_NUM_THREADS=threads, OPENBLAS_NUM_THREADS=threads,
               MKL_NUM_THREADS=threads)
    print(f"language benchmarks: {threads} thread{'s' if threads != '1' else ''}, best of {REPEATS}")
    for name, what, target in BENCHES:
        (ours, theirs), (out1, out2) = best_times([[cgrad, "run", f"{name}.py"], [python, f"{name}.py"]], env)
        if ours is None or theirs is None:
            print(f"  {name}: failed\n{out1 if ours is None else out2}")
            continue
        ratio = theirs / ours
        verdict = "met" if ratio >= target else "NOT met"
        print(f"  {name:14s} cgrad {ours:8.4f} s  python {theirs:8.4f} s  "
              f"python/cgrad {ratio:6.2f}x  (target >= {target:g}x: {verdict})  [{what}]")
        for who, out in (("cgrad", out1), ("python", out2)):
            extra = [l for l in out.splitlines() if not l.startswith("seconds")]
            if extra:
                print(f"    {who} printed: " + " | ".join(extra))


def main():
    cgrad = os.path.abspath(sys.argv[1])
    python = sys.argv[2] if len(sys.argv) > 2 else "/usr/bin/python3"
    given = os.environ.get("OMP_NUM_THREADS")
    for threads in [given] if given else ["1", "2"]:
        run_all(cgrad, python, threads)


if __name__ == "__main__":
    main()
