# F.adaptive_avg_pool3d and nn.AdaptiveAvgPool3d (and F.interpolate's
# 'area' mode on 5-d inputs): values and gradients bit for bit as PyTorch
# 1.13, float32 and float64, one and two threads; grad_fn names, the
# gradient's own node; errors; reprs.
import torch
import torch.nn as nn
import torch.nn.functional as F


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


torch.manual_seed(0)
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dtype in [torch.float32, torch.float64]:
        for shape, size in [((2, 3, 5, 6, 7), 2), ((2, 3, 5, 6, 7), (2, 3, 4)), ((2, 3, 5, 6, 7), (3, None, 5)),
                            ((3, 7, 5, 9), (4, 3, 5)), ((2, 3, 5, 6, 7), 1), ((1, 2, 4, 4, 4), (8, 8, 8)),
                            ((8, 16, 12, 12, 12), (5, 7, 3))]:
            x = torch.randn(shape, dtype=dtype, requires_grad=True)
            y = F.adaptive_avg_pool3d(x, size)
            y.backward(torch.randn_like(y))
            print(threads, dtype, shape, size, tuple(y.shape), y.grad_fn.name(), digest(y), digest(x.grad))

x = torch.randn(2, 3, 5, 6, 7, requires_grad=True)
y = F.interpolate(x, size=(2, 3, 4), mode='area')
print(y.grad_fn.name(), digest(y))
y = F.interpolate(x, scale_factor=0.5, mode='area')
print(tuple(y.shape), digest(y))
y = F.adaptive_avg_pool3d(x, (2, 3, 4))
v = torch.randn_like(y, requires_grad=True)
g, = torch.autograd.grad(y, x, v, create_graph=True)
print(g.grad_fn.name(), digest(g))
print(digest(torch.autograd.grad((g * g).sum(), v)[0]))
print(nn.AdaptiveAvgPool3d((2, None, 3)), nn.AdaptiveAvgPool3d(2))
print(digest(nn.AdaptiveAvgPool3d((2, None, 3))(x)))


def attempt(f):
    try:
        r = f()
        print('ok', tuple(r.shape))
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: F.adaptive_avg_pool3d(x[0, 0], (2, 3, 4)))
attempt(lambda: F.adaptive_avg_pool3d(x, (2, 3)))
attempt(lambda: F.adaptive_avg_pool3d(x, (2, -3, 4)))
attempt(lambda: F.adaptive_avg_pool3d(x.long(), (2, 3, 4)))
attempt(lambda: F.adaptive_avg_pool3d(torch.randn(2, 0, 5, 6, 7), (2, 3, 4)))
attempt(lambda: F.adaptive_avg_pool3d(torch.randn(0, 2, 5, 6, 7), (2, 3, 4)))
attempt(lambda: F.adaptive_avg_pool3d(x, (0, 3, 4)))
attempt(lambda: F.adaptive_avg_pool3d(x[0, 0, 0], 2))
