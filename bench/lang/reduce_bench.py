# Reductions in PyTorch's order (issue 21): float sums and means over all
# dims, the last dim and the first dim of large and small tensors, and the
# softmax family over classes, each repeated; the same script runs under
# PyTorch for the ratio.
import time
import torch

torch.manual_seed(0)
big = torch.randn(4_000_000)
mat = torch.randn(2000, 1000)
small = torch.randn(64, 10)
logits = torch.randn(4096, 10)
t0 = time.perf_counter()
for _ in range(20):
    big.sum()
    big.mean()
    mat.sum(0)
    mat.sum(1)
    mat.mean(1, keepdim=True)
    mat.t().sum(1)
for _ in range(2000):
    small.sum()
    small.sum(0)
    small.mean(1)
for _ in range(200):
    torch.log_softmax(logits, 1)
    torch.softmax(logits, 1)
print(f"seconds {time.perf_counter() - t0:.6f}")
