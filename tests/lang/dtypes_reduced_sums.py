# float16/bfloat16 reductions as PyTorch 1.13's CPU kernels: sums accumulated in
# float in PyTorch's order and rounded once, means as the rounded sum divided
# by N as a number of the dtype; bfloat16 softmax and cumsum rows.
import torch
torch.manual_seed(0)
for d in (torch.float16, torch.bfloat16):
    for n in (7, 100, 1000, 4097, 100000, 1000003):
        x = torch.randn(n).to(d)
        print(d, n, x.sum().item(), x.mean().item(), x.reshape(-1, 1).sum(0).item() if n < 5000 else '', x[::3].sum().item())
    m = torch.randn(300, 257).to(d)
    print(hash(tuple(m.sum(0).tolist())), hash(tuple(m.sum(1).tolist())), hash(tuple(m.t().sum(0).tolist())), m.sum().item(), m.mean(1)[:3].tolist())
    print(m.softmax(1)[0, :4].tolist() if d == torch.bfloat16 else '', m.cumsum(1)[0, -3:].tolist() if d == torch.bfloat16 else '')
