# torch.pdist / F.pdist as PyTorch 1.13's AVX2 kernel computes it: each
# pair's terms reduced in its vector lanes (Sleef's pow for other p, the
# square fused from the second vector on, max for inf), the gradient down
# each column in pair order (PdistBackward0); p 0, 1, 2, 3, 1.5, 0.5, inf;
# row lengths below, at and above a vector; float32 and float64; 1 and 2
# threads; errors.
import hashlib

import torch
import torch.nn.functional as F


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


def attempt(f):
    try:
        r = f()
        print("ok", tuple(r.shape))
    except Exception as e:
        print(type(e).__name__, str(e))


torch.manual_seed(0)
for threads in (1, 2):
    torch.set_num_threads(threads)
    for dt in (torch.float32, torch.float64):
        for n, m in ((5, 3), (6, 8), (7, 13), (4, 4), (30, 70), (2, 1)):
            x = torch.randn(n, m, dtype=dt)
            x[1, 0] = x[0, 0]
            for p in (0, 1, 2, 3, 1.5, 0.5, float('inf')):
                xg = x.clone().requires_grad_()
                y = F.pdist(xg, p)
                y.backward(torch.randn_like(y))
                print(threads, dt, n, m, p, y.grad_fn.name(), dig(y), dig(xg.grad))

x = torch.randn(4, 3, requires_grad=True)
print(torch.pdist(x), torch.pdist(x.t()), F.pdist(x, p=1))
print(torch.pdist(torch.randn(1, 3)), torch.pdist(torch.randn(0, 3)))
y = torch.pdist(x[:, :2] * 2)
print(y.grad_fn.name())
y.sum().backward()
print(x.grad)
attempt(lambda: torch.pdist(torch.randn(3)))
attempt(lambda: torch.pdist(torch.randn(2, 3, 4)))
attempt(lambda: torch.pdist(torch.ones(3, 2, dtype=torch.long)))
attempt(lambda: torch.pdist(torch.randn(3, 2), -1))
