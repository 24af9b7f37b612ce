# Adam steps over 1M parameters (a 1000x1000 weight and its bias), the
# gradients already there: 20 optimizer steps after one warm-up.
import time
import torch

torch.manual_seed(0)
w = torch.randn(1000, 1000, requires_grad=True)
b = torch.randn(1000, requires_grad=True)
opt = torch.optim.Adam([w, b], lr=1e-3)
w.grad = torch.randn(1000, 1000)
b.grad = torch.randn(1000)
opt.step()
t0 = time.perf_counter()
for _ in range(20):
    opt.step()
print(f"seconds {time.perf_counter() - t0:.6f}")
print(f"w {w.sum().item():.6g}")
