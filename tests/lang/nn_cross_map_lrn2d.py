# nn.CrossMapLRN2d as PyTorch 1.13 keeps the legacy layer: an autograd
# Function (node CrossMapLRN2dBackward, its class path and next
# functions), its running sum across channels op for op and its backward's
# loops, bit for bit in float32 and float64 over window sizes even and
# odd, wider than the channels or not; the repr and the errors (a window of
# one fails in the backward, as in PyTorch).
import torch
import torch.nn as nn


def digest(t):
    return f"{hash(tuple(t.detach().flatten().tolist())) & 0xffffffffffff:012x}"


torch.manual_seed(0)
for dtype in [torch.float32, torch.float64]:
    x = torch.randn(2, 6, 3, 4, dtype=dtype) * 2
    for size, alpha, beta, k in [(2, 1e-4, 0.75, 1), (3, 0.1, 0.5, 2.0), (5, 0.5, 1.5, 1), (9, 1.0, 0.75, 0.5)]:
        m = nn.CrossMapLRN2d(size, alpha, beta, k)
        xg = x.clone().requires_grad_()
        y = m(xg)
        y.backward(torch.randn(y.shape, dtype=dtype))
        print(dtype, m, digest(y), digest(xg.grad))

m = nn.CrossMapLRN2d(3)
print(m, m.size, m.alpha, m.beta, m.k)
x = torch.randn(1, 4, 2, 2, requires_grad=True)
y = m(x)
print(type(y.grad_fn).__name__, [(type(f).__name__, i) for f, i in y.grad_fn.next_functions])
print(y)
print(nn.Sequential(nn.Conv2d(2, 4, 3), nn.CrossMapLRN2d(5, alpha=1e-3, beta=0.7, k=2.0)))


def error(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


error(lambda: nn.CrossMapLRN2d(1)(torch.randn(1, 3, 2, 2, requires_grad=True)).sum().backward())
error(lambda: nn.CrossMapLRN2d(3)(torch.randn(3, 2, 2)))
