# F.bilinear / torch.bilinear / nn.Bilinear as PyTorch 1.13 composes them:
# a _trilinear (TrilinearBackward0) of the inputs flattened to rows, whose
# bmm per output feature gives PyTorch's bits, reshaped back, plus the
# bias; gradients through _trilinear_backward (and again under
# create_graph), torch._trilinear with other dims, init from the
# generator, repr, errors; float32 and float64, at 1 and 2 threads.
import hashlib

import torch
import torch.nn as nn
import torch.nn.functional as F


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


def names(fn, depth=0):
    out = []
    while fn is not None and depth < 6:
        out.append(fn.name())
        nxt = [f for f, _ in fn.next_functions if f is not None and f.name() != 'AccumulateGrad']
        fn = nxt[0] if nxt else None
        depth += 1
    return out


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
        for shape1, shape2, i1, i2, o in (((6,), (6,), 3, 4, 5), ((7,), (7,), 20, 30, 9), ((2, 3), (2, 3), 5, 1, 2),
                                          ((), (), 4, 4, 3), ((40,), (40,), 16, 12, 7)):
            m = nn.Bilinear(i1, i2, o, dtype=dt)
            x1 = torch.randn(*shape1, i1, dtype=dt, requires_grad=True)
            x2 = torch.randn(*shape2, i2, dtype=dt, requires_grad=True)
            y = m(x1, x2)
            g = torch.randn_like(y)
            g1, g2, gw, gb = torch.autograd.grad(y, (x1, x2, m.weight, m.bias), g, create_graph=True)
            h, = torch.autograd.grad((g1 * g1).sum() + (gw * gw).sum(), x2)
            print(threads, dt, shape1, i1, i2, o, dig(m.weight), dig(y), dig(g1), dig(g2), dig(gw), dig(gb), dig(h),
                  names(y.grad_fn), g1.grad_fn.name())

m = nn.Bilinear(3, 2, 4, bias=False)
print(m, m.bias, names(m(torch.randn(5, 3), torch.randn(5, 2)).grad_fn))
print(nn.Bilinear(1, 1, 1))
x1, x2, w = torch.randn(4, 3), torch.randn(4, 2), torch.randn(5, 3, 2)
print(dig(torch.bilinear(x1, x2, w, None)), dig(F.bilinear(x1, x2, w, torch.ones(5))))
# _trilinear with other expand / sum dims
a, b, c = torch.randn(3, 4, requires_grad=True), torch.randn(4, 5, requires_grad=True), torch.randn(3, 5,
                                                                                                   requires_grad=True)
t = torch._trilinear(a, b, c, [2], [0], [1], [1])
print(tuple(t.shape), dig(t), t.grad_fn.name())
t.sum().backward()
print(dig(a.grad), dig(b.grad), dig(c.grad))
t = torch._trilinear(a, b, c, [2], [0], [1], [1, 2], 2)
print(tuple(t.shape), dig(t))

# errors
w = torch.randn(5, 3, 2)
attempt(lambda: F.bilinear(torch.randn(4, 3), torch.randn(4, 1, 2), w))
attempt(lambda: F.bilinear(torch.randn(4, 3), torch.randn(3, 2), w))
attempt(lambda: F.bilinear(torch.randn(4, 4), torch.randn(4, 2), w))
attempt(lambda: F.bilinear(torch.randn(4, 3), torch.randn(4, 3), w))
attempt(lambda: F.bilinear(torch.randn(4, 3), torch.randn(4, 2), w, torch.randn(4)))
attempt(lambda: F.bilinear(torch.randn(4, 3), torch.randn(4, 2).double(), w))
