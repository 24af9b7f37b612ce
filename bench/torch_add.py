"""torch_add.py: PyTorch's side of bench.c's tiny-op figure.

Prints one line, "torch_add4x4_ns <ns>": eager `a + b` on two 4x4 float32
tensors that require grad, with torch.set_num_threads set to the engine's
thread count (argv[1]), as the best of many short batches (as bench.c
times the engine; the machine may be shared). The result is dropped each
time, as the C loop releases its result."""
import sys
import time

import torch

torch.set_num_threads(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
a = torch.randn(4, 4, requires_grad=True)
b = torch.randn(4, 4, requires_grad=True)
n = 1000
best = float("inf")
for _ in range(300):
    t0 = time.perf_counter_ns()
    for _ in range(n):
        a + b
    best = min(best, (time.perf_counter_ns() - t0) / n)
print(f"torch_add4x4_ns {best:.1f}")
