# torch.sort of 10M float32 and torch.topk(k=100) of 10M float32, after one
# warm-up each: the CPU kernels' std::sort and partial_sort.
import time
import torch

torch.manual_seed(0)
x = torch.randn(10_000_000)
torch.sort(x[:1000])
t0 = time.perf_counter()
v, i = torch.sort(x)
t1 = time.perf_counter()
for _ in range(5):
    tv, ti = torch.topk(x, 100)
t2 = time.perf_counter()
print(f"seconds {t2 - t0:.6f}")
print(f"sort {t1 - t0:.4f} topk5 {t2 - t1:.4f} {v[:3].tolist()} {ti[:3].tolist()}")
