# F.max_pool3d / F.avg_pool3d and nn.MaxPool3d / nn.AvgPool3d: values,
# indices and gradients bit for bit as PyTorch 1.13 on the CPU, float32 and
# float64, one and two threads (stride, padding, dilation, ceil_mode,
# count_include_pad, divisor_override, unbatched); nodes; errors; reprs.
import torch
import torch.nn as nn
import torch.nn.functional as F


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


cases = [
    ((2, 3, 5, 6, 7), dict(kernel_size=2)),
    ((2, 3, 5, 6, 7), dict(kernel_size=(2, 3, 2), stride=(1, 2, 2), padding=1, ceil_mode=True)),
    ((3, 7, 8, 9), dict(kernel_size=3, stride=2, padding=1)),
    ((4, 8, 12, 12, 12), dict(kernel_size=3, stride=2)),
]
torch.manual_seed(0)
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dtype in [torch.float32, torch.float64]:
        for shape, kw in cases:
            x = torch.randn(shape, dtype=dtype, requires_grad=True)
            y, i = F.max_pool3d(x, return_indices=True, **kw)
            y.backward(torch.randn_like(y))
            print(threads, dtype, shape, kw, tuple(y.shape), y.grad_fn.name(), digest(y), digest(i), digest(x.grad))
            y = F.max_pool3d(x.detach(), dilation=(1, 2, 1), **kw) if kw.get('padding', 0) <= 1 else None
            print('  dilated', digest(y))
            for extra in [{}, dict(count_include_pad=False), dict(divisor_override=5)]:
                x.grad = None
                y = F.avg_pool3d(x, **kw, **extra)
                y.backward(torch.randn_like(y))
                print('  avg', extra, tuple(y.shape), y.grad_fn.name(), digest(y), digest(x.grad))

x = torch.randn(2, 3, 5, 6, 7, dtype=torch.float64, requires_grad=True)
y = F.avg_pool3d(x, 2)
v = torch.randn_like(y, requires_grad=True)
g, = torch.autograd.grad(y, x, v, create_graph=True)
print(g.grad_fn.name(), digest(g), digest(torch.autograd.grad((g * g).sum(), v)[0]))
print(digest(F.avg_pool3d(torch.randint(0, 100, (2, 3, 4, 4, 4)), 2)))
xn = torch.randn(1, 1, 2, 2, 2)
xn[0, 0, 1, 0, 1] = float('nan')
print(F.max_pool3d(xn, 2, return_indices=True))
print(nn.MaxPool3d(2), nn.MaxPool3d((2, 3, 2), stride=1, padding=1, dilation=2, return_indices=True, ceil_mode=True))
print(nn.AvgPool3d(2), nn.AvgPool3d((2, 3, 2), stride=1, padding=1, ceil_mode=True, count_include_pad=False,
                                    divisor_override=3))
print(digest(nn.MaxPool3d(2)(x)), digest(nn.AvgPool3d(2, stride=1)(x)))


def attempt(f):
    try:
        r = f()
        print('ok', tuple(r.shape))
    except Exception as e:
        print(type(e).__name__, e)


x = torch.randn(2, 3, 5, 6, 7)
attempt(lambda: F.max_pool3d(x[0, 0], 2))
attempt(lambda: F.max_pool3d(x, 2, padding=2))
attempt(lambda: F.max_pool3d(x, (2, 2)))
attempt(lambda: F.max_pool3d(x, 2, stride=(1, 2)))
attempt(lambda: F.max_pool3d(x, 0))
attempt(lambda: F.max_pool3d(x, 2, stride=0))
attempt(lambda: F.max_pool3d(x, 2, stride=-1))
attempt(lambda: F.max_pool3d(x, 2, dilation=0))
attempt(lambda: F.max_pool3d(x, 9))
attempt(lambda: F.max_pool3d(x.long(), 2))
attempt(lambda: F.max_pool3d(torch.randn(2, 0, 4, 4, 4), 2))
attempt(lambda: F.avg_pool3d(x[0, 0], 2))
attempt(lambda: F.avg_pool3d(x, 2, padding=2))
attempt(lambda: F.avg_pool3d(x, (2, 2)))
attempt(lambda: F.avg_pool3d(x, 2, divisor_override=0))
attempt(lambda: F.avg_pool3d(x, 9))
attempt(lambda: F.avg_pool3d(x.int(), 2))
