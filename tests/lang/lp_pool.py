# F.lp_pool1d/2d and nn.LPPool1d/2d: PyTorch 1.13's composite over
# avg_pool (sign(out) relu(|out|) k, to the power 1/p): values, gradients
# and the graph's nodes, float32 and float64; reprs.
import torch
import torch.nn as nn
import torch.nn.functional as F


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


def names(fn):
    out = []
    while fn is not None:
        out.append(fn.name())
        fn = fn.next_functions[0][0] if fn.next_functions else None
    return out


torch.manual_seed(0)
for dtype in [torch.float32, torch.float64]:
    for p, k, s, ceil in [(2, 2, None, False), (3, (2, 3), (1, 2), False), (1.5, 3, 2, True), (4.0, 2, 1, False)]:
        x = torch.rand(2, 3, 7, 8, dtype=dtype, requires_grad=True)
        y = F.lp_pool2d(x, p, k, s, ceil)
        y.backward(torch.ones_like(y))
        print(dtype, p, k, s, ceil, tuple(y.shape), digest(y), digest(x.grad))
    for p, k, s in [(2, 3, None), (3, 2, 1)]:
        x = torch.rand(2, 3, 9, dtype=dtype, requires_grad=True)
        y = F.lp_pool1d(x, p, k, s)
        y.backward(torch.ones_like(y))
        print(dtype, p, k, s, tuple(y.shape), digest(y), digest(x.grad))
print(names(F.lp_pool2d(x.reshape(2, 3, 3, 3), 2, 2).grad_fn))
m2 = nn.LPPool2d(2, 3, stride=2)
m1 = nn.LPPool1d(1.5, 2)
print(m2, m1)
print(digest(m2(torch.rand(1, 2, 7, 7))), digest(m1(torch.rand(2, 5))))
