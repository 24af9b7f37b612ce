# F.grid_sample bit for bit as PyTorch 1.13 gives it on this machine: 2-d
# in every mode (bilinear, nearest, bicubic), padding (zeros, border,
# reflection) and align_corners (its AVX2 kernel: lanes of 8 floats or 4
# doubles, their fused multiply-adds, the order in which the backward adds
# into the input's gradient, chunked by the grid's layout), 3-d (its
# scalar kernel); forward values, both gradients, node names, float32 and
# float64, 1 and 2 threads; the modes' constants, the warning without
# align_corners, empty sizes and the errors.
import warnings

import torch
import torch.nn.functional as F


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.detach().flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x}"


def check(x, g, **kw):
    x = x.detach().requires_grad_()
    g = g.detach().requires_grad_()
    y = F.grid_sample(x, g, **kw)
    y.backward(torch.randn(y.shape, dtype=y.dtype))
    return f"{y.grad_fn.name()} {list(y.shape)} {digest(y)} {digest(x.grad)} {digest(g.grad)}"


print(F.GRID_SAMPLE_INTERPOLATION_MODES, F.GRID_SAMPLE_PADDING_MODES)
torch.manual_seed(0)
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dtype in [torch.float32, torch.float64]:
        x = torch.randn(3, 2, 5, 7, dtype=dtype)
        g = torch.rand(3, 6, 9, 2, dtype=dtype) * 2.6 - 1.3
        for mode in ["bilinear", "nearest", "bicubic"]:
            for pad in ["zeros", "border", "reflection"]:
                for align in [False, True]:
                    print(threads, dtype, mode, pad, align, check(x, g, mode=mode, padding_mode=pad, align_corners=align))
        # grids laid out otherwise: permuted from [N, 2, H, W], sliced, transposed
        big = torch.rand(3, 2, 4, 11, dtype=dtype) * 2.4 - 1.2
        for kind, gg in [("permuted", big.permute(0, 2, 3, 1)), ("sliced", g[:, :, ::2]),
                         ("transposed", g.transpose(1, 2)), ("one point", g[:, :1, :1])]:
            for mode in ["bilinear", "nearest", "bicubic"]:
                print(threads, dtype, kind, mode, check(x, gg, mode=mode, padding_mode="reflection", align_corners=False))
        # many points on a small input: gradients meet in the same pixels
        small = torch.randn(2, 3, 2, 3, dtype=dtype)
        dense = torch.rand(2, 20, 20, 2, dtype=dtype) * 2 - 1
        print(threads, dtype, "dense", check(small, dense, mode="bicubic", align_corners=True))
        print(threads, dtype, "dense", check(small, dense, mode="bilinear", align_corners=False))
        x3 = torch.randn(2, 2, 3, 4, 5, dtype=dtype)
        g3 = torch.rand(2, 3, 4, 5, 3, dtype=dtype) * 3 - 1.5
        for mode in ["bilinear", "nearest"]:
            for pad in ["zeros", "border", "reflection"]:
                for align in [False, True]:
                    print(threads, dtype, "3-d", mode, pad, align, check(x3, g3, mode=mode, padding_mode=pad,
                                                                        align_corners=align))
torch.set_num_threads(1)

# the input's gradient alone, or the grid's
x = torch.randn(1, 1, 4, 4, requires_grad=True)
g = torch.rand(1, 3, 3, 2) * 2 - 1
y = F.grid_sample(x, g, align_corners=True)
y.sum().backward()
print(digest(x.grad), y.grad_fn.next_functions[1][0])
g.requires_grad_()
y = F.grid_sample(x.detach(), g, align_corners=True)
y.sum().backward()
print(digest(g.grad), y.grad_fn.next_functions[0][0])
print(F.grid_sample(x, g, mode="nearest", align_corners=False).grad_fn.name())

# special points: exactly on pixels, far outside, infinite
pts = torch.tensor([[[[-1.0, -1.0], [1.0, 1.0], [0.0, 0.0], [5.0, -7.0], [1e10, 0.5], [-0.5, 1e-8]]]])
for mode in ["bilinear", "nearest", "bicubic"]:
    for pad in ["zeros", "border", "reflection"]:
        print(mode, pad, F.grid_sample(x.detach(), pts, mode=mode, padding_mode=pad, align_corners=True))

# empty sizes
print(F.grid_sample(torch.randn(0, 2, 3, 4), torch.rand(0, 5, 6, 2), align_corners=False).shape)
e = F.grid_sample(torch.randn(1, 2, 3, 4), torch.rand(1, 0, 6, 2), align_corners=False)
print(e.shape)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    F.grid_sample(x, g)
    print([str(i.message) for i in w], w[0].category.__name__)


def error(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


img = torch.randn(1, 2, 3, 4)
grid = torch.rand(1, 5, 6, 2)
error(lambda: F.grid_sample(img, grid, mode="area", align_corners=False))
error(lambda: F.grid_sample(img, grid, padding_mode="circular", align_corners=False))
error(lambda: F.grid_sample(img, grid.double(), align_corners=False))
error(lambda: F.grid_sample(img, grid[0], align_corners=False))
error(lambda: F.grid_sample(img, torch.rand(2, 5, 6, 2), align_corners=False))
error(lambda: F.grid_sample(img, torch.rand(1, 5, 6, 3), align_corners=False))
error(lambda: F.grid_sample(torch.randn(1, 2, 0, 4), grid, align_corners=False))
error(lambda: F.grid_sample(torch.randn(1, 2, 3, 4, 5), torch.rand(1, 2, 2, 2, 3), mode="bicubic",
                            align_corners=False))
error(lambda: F.grid_sample(img.long(), grid.long(), align_corners=False))

# no second derivative in PyTorch 1.13: a NotImplemented node that raises
for x, g in [(torch.randn(1, 1, 3, 3, requires_grad=True), torch.rand(1, 2, 2, 2, requires_grad=True)),
             (torch.randn(1, 1, 2, 3, 3, requires_grad=True), torch.rand(1, 2, 2, 2, 3, requires_grad=True))]:
    y = F.grid_sample(x, g, align_corners=False)
    gx, gg = torch.autograd.grad(y.pow(2).sum(), (x, g), create_graph=True)
    print(str(gx.grad_fn).split(" object")[0], gg.grad_fn.name(), digest(gx), digest(gg))
    error(lambda: gg.sum().backward())
for dt in [torch.float16, torch.bfloat16, torch.int64]:
    error(lambda: F.grid_sample(img.to(dt), grid.to(dt), align_corners=False))
    error(lambda: F.grid_sample(torch.randn(1, 2, 3, 4, 5).to(dt), torch.rand(1, 2, 2, 2, 3).to(dt), align_corners=False))
error(lambda: F.grid_sample(torch.randn(1, 2, 3, 4, 5).double(), torch.rand(1, 2, 2, 2, 3), align_corners=False))
error(lambda: F.grid_sample(torch.randn(2, 3, 4), torch.rand(2, 3, 2), align_corners=False))
error(lambda: F.grid_sample(torch.randn(2, 3, 4, 5, 6, 7), torch.rand(2, 3, 2, 2, 2, 4), align_corners=False))
