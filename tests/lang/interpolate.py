# F.interpolate's resampling modes, forward and gradient bit for bit as
# PyTorch 1.13 gives them on the CPU, float32 and float64, one and two
# threads: sizes and scale factors that are not integers, up and down,
# align_corners both ways, 1-d, 2-d and 3-d inputs; grad_fn names, the
# gradient's own graph, the channels-last loop PyTorch takes for one
# channel; errors and warnings; nn.Upsample and its reprs.
import warnings
import torch
import torch.nn as nn
import torch.nn.functional as F


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


cases = [
    ((2, 3, 7, 9), 'bilinear', [dict(size=(13, 20)), dict(scale_factor=1.7), dict(scale_factor=0.6),
                                dict(size=(4, 5), align_corners=True), dict(scale_factor=2.3, align_corners=True),
                                dict(scale_factor=(0.5, 3.0)), dict(size=(7, 9)), dict(scale_factor=1.7,
                                                                                        recompute_scale_factor=True)]),
    ((2, 3, 11), 'linear', [dict(size=20), dict(scale_factor=0.45), dict(size=7, align_corners=True), dict(size=1),
                            dict(size=1, align_corners=True)]),
    ((2, 3, 4, 5, 6), 'trilinear', [dict(size=(7, 3, 9)), dict(scale_factor=1.5),
                                    dict(size=(3, 8, 4), align_corners=True)]),
    ((2, 3, 7, 9), 'nearest', [dict(size=(13, 20)), dict(scale_factor=1.7), dict(scale_factor=0.6),
                               dict(scale_factor=2)]),
    ((2, 3, 7, 9), 'nearest-exact', [dict(size=(13, 20)), dict(scale_factor=1.7), dict(scale_factor=0.6)]),
    ((2, 3, 11), 'nearest', [dict(size=20), dict(scale_factor=0.45)]),
    ((2, 3, 11), 'nearest-exact', [dict(size=20), dict(scale_factor=2.5)]),
    ((2, 3, 4, 5, 6), 'nearest', [dict(size=(7, 3, 9)), dict(scale_factor=1.5)]),
    ((2, 3, 4, 5, 6), 'nearest-exact', [dict(size=(7, 3, 9)), dict(scale_factor=1.5)]),
    ((2, 3, 7, 9), 'bicubic', [dict(size=(13, 20)), dict(scale_factor=1.7), dict(scale_factor=0.6),
                               dict(size=(4, 5), align_corners=True), dict(scale_factor=2.5, align_corners=True)]),
    ((2, 3, 7, 9), 'area', [dict(size=(3, 4)), dict(scale_factor=0.5)]),
    ((2, 3, 11), 'area', [dict(size=4)]),
    # one channel: PyTorch's channels-last loop for the linear modes
    ((2, 1, 7, 9), 'bilinear', [dict(size=(13, 20)), dict(scale_factor=0.6), dict(size=(13, 20), align_corners=True)]),
    ((1, 1, 4, 5, 6), 'trilinear', [dict(size=(7, 3, 9))]),
    ((2, 1, 7, 9), 'bicubic', [dict(size=(13, 20))]),
]

torch.manual_seed(0)
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dtype in [torch.float32, torch.float64]:
        for shape, mode, kws in cases:
            for kw in kws:
                x = torch.randn(shape, dtype=dtype, requires_grad=True)
                y = F.interpolate(x, mode=mode, **kw)
                g = torch.randn_like(y)
                y.backward(g)
                print(threads, dtype, mode, kw, tuple(y.shape), y.grad_fn.name(), digest(y), digest(x.grad))

# a larger image, parallel loops
for threads in [1, 2]:
    torch.set_num_threads(threads)
    x = torch.randn(4, 16, 40, 40, requires_grad=True)
    y = F.interpolate(x, scale_factor=2, mode='bilinear')
    y.backward(torch.ones_like(y))
    print(threads, digest(y), digest(x.grad))

# the gradient's graph: the backward op, and its derivative the forward op
x = torch.randn(1, 2, 5, 6, dtype=torch.float64, requires_grad=True)
for mode in ['nearest', 'nearest-exact', 'bilinear', 'bicubic']:
    y = F.interpolate(x, scale_factor=1.5, mode=mode)
    v = torch.randn_like(y, requires_grad=True)
    gx, = torch.autograd.grad(y, x, v, create_graph=True)
    print(mode, gx.grad_fn.name(), digest(gx))
    gv, = torch.autograd.grad((gx * gx).sum(), v)
    print('  ', digest(gv))

# the deprecated forms warn as PyTorch does
warnings.simplefilter('always')
x = torch.randn(1, 2, 5, 6)
print(digest(F.upsample(x, scale_factor=2)))
print(digest(F.upsample_nearest(x, size=7)))
print(digest(F.upsample_bilinear(x, scale_factor=1.5)))

# modules
torch.manual_seed(0)
ups = [nn.Upsample(size=3), nn.Upsample(scale_factor=2.5, mode='bilinear'), nn.UpsamplingNearest2d(scale_factor=2),
       nn.UpsamplingBilinear2d(size=(3, 4)), nn.Upsample(scale_factor=(2, 3), mode='bicubic', align_corners=True),
       nn.Upsample(scale_factor=1.5, mode='nearest-exact', recompute_scale_factor=True)]
for m in ups:
    print(m, digest(m(x)))
print(nn.Sequential(nn.Upsample(scale_factor=2), nn.Conv2d(2, 1, 3)))


def attempt(f):
    try:
        r = f()
        print('ok', tuple(r.shape))
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: F.interpolate(x, size=(0, 3)))
attempt(lambda: F.interpolate(x, scale_factor=0.1))
attempt(lambda: F.interpolate(x, size=(3, 3), mode='nearest', align_corners=True))
attempt(lambda: F.interpolate(x, size=(3, 3), scale_factor=2))
attempt(lambda: F.interpolate(x))
attempt(lambda: F.interpolate(x, size=(3, 3, 3)))
attempt(lambda: F.interpolate(x, scale_factor=(3, 3, 3)))
attempt(lambda: F.interpolate(x, size=3, recompute_scale_factor=True))
attempt(lambda: F.interpolate(x, size=3, mode='linear'))
attempt(lambda: F.interpolate(x, size=3, mode='trilinear'))
attempt(lambda: F.interpolate(x[0], size=3, mode='bilinear'))
attempt(lambda: F.interpolate(torch.randn(1, 2, 3, 4, 5), size=3, mode='bicubic'))
attempt(lambda: F.interpolate(x, size=3, mode='foo'))
attempt(lambda: F.interpolate(x[0, 0], size=3))
attempt(lambda: F.interpolate(x.long(), size=3))
attempt(lambda: F.interpolate(x.long(), size=3, mode='bilinear'))
attempt(lambda: F.interpolate(x.long(), size=3, mode='bicubic'))
attempt(lambda: F.interpolate(torch.randn(0, 2, 5, 6), size=3, mode='bilinear'))
attempt(lambda: F.interpolate(torch.randn(1, 0, 5, 6), size=3, mode='bilinear'))
attempt(lambda: F.interpolate(torch.randn(1, 0, 5), size=3, mode='linear'))
attempt(lambda: F.interpolate(torch.randn(1, 2, 0, 6), size=3))
attempt(lambda: F.interpolate(torch.randn(1, 2, 5), size=0))
attempt(lambda: F.interpolate(torch.randn(1, 2, 5, 4, 3), size=0))
attempt(lambda: F.interpolate(x, size=3, mode='nearest', antialias=True))
attempt(lambda: F.interpolate(x, scale_factor=-1.))
attempt(lambda: F.interpolate(x, size=-2))
attempt(lambda: F.interpolate(x, size=3, mode='area', align_corners=False))
attempt(lambda: F.interpolate(x, scale_factor=1e30))
attempt(lambda: F.interpolate(x, scale_factor=float('inf')))
attempt(lambda: F.interpolate(x, scale_factor=float('nan')))
attempt(lambda: F.interpolate(x, size=2**40))
attempt(lambda: F.interpolate(x, size=(2**62, 2**62), mode='bilinear'))
