# Activations (issue 23): elu, silu, softplus and mish, forward and
# backward over 4M float32, each 5 times; the same script runs under
# PyTorch for the ratio. Prints each op's time besides the total.
import time
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = (torch.randn(4_000_000) * 3).requires_grad_()
g = torch.randn(4_000_000)
total = 0.0
parts = []
for name, f in [("elu", F.elu), ("silu", F.silu), ("softplus", F.softplus), ("mish", F.mish)]:
    f(x).backward(g)  # warm-up
    t0 = time.perf_counter()
    for _ in range(5):
        x.grad = None
        f(x).backward(g)
    t = time.perf_counter() - t0
    parts.append(f"{name} {t:.4f}")
    total += t
print(" ".join(parts))
print(f"seconds {total:.6f}")
