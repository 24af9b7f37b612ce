# torch.einsum('bij,bjk->bik') on [64,128,128] float32 operands, 20 times
# after one warm-up: the composite's bookkeeping and its bmm.
import time
import torch

torch.manual_seed(0)
a = torch.randn(64, 128, 128)
b = torch.randn(64, 128, 128)
r = torch.einsum("bij,bjk->bik", a, b)
t0 = time.perf_counter()
for _ in range(20):
    r = torch.einsum("bij,bjk->bik", a, b)
print(f"seconds {time.perf_counter() - t0:.6f}")
print(f"r {r.sum().item():.6g}")
