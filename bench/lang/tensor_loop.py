# The per-op cost of the language over the engine: two tiny ops with
# autograd recording per iteration.
import time
import torch

a = torch.randn(4, 4, requires_grad=True)
b = torch.randn(4, 4, requires_grad=True)
t0 = time.perf_counter()
for i in range(100000):
    c = a * b + a
print(f"seconds {time.perf_counter() - t0:.6f}")
