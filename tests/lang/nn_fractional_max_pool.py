# nn.FractionalMaxPool2d/3d and F.fractional_max_pool2d/3d(_with_indices)
# as PyTorch 1.13: without _random_samples the samples come from torch.rand
# ([N, C, 2 or 3] in the input's dtype), so a seed gives PyTorch's windows;
# output_size or output_ratio, unbatched inputs, return_indices, the
# maxima, their indices and the gradient (FractionalMaxPool2DBackward0 /
# 3D), float32 and float64, 1 and 2 threads, NaN, reprs and errors.
import torch
import torch.nn as nn
import torch.nn.functional as F


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.detach().flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x}"


def run(f, x):
    x = x.detach().requires_grad_()
    out = f(x)
    o, i = out if isinstance(out, tuple) else (out, None)
    o.backward(torch.randn(o.shape, dtype=o.dtype))
    idx = digest(i) if i is not None else "-"
    return f"{list(o.shape)} {o.grad_fn.name()} {digest(o)} {idx} {digest(x.grad)}"


for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dtype in [torch.float32, torch.float64]:
        torch.manual_seed(threads)
        x = torch.randn(3, 4, 11, 9, dtype=dtype)
        x3 = torch.randn(2, 3, 7, 8, 9, dtype=dtype)
        print(threads, dtype, run(nn.FractionalMaxPool2d(3, output_ratio=0.5, return_indices=True), x))
        print(threads, dtype, run(nn.FractionalMaxPool2d((2, 3), output_size=(6, 4)), x))
        print(threads, dtype, run(lambda t: F.fractional_max_pool2d(t, 2, output_size=5), x[0]))
        print(threads, dtype, run(lambda t: F.fractional_max_pool2d_with_indices(t, 2, output_ratio=(0.7, 0.3)), x))
        print(threads, dtype, run(nn.FractionalMaxPool3d(2, output_ratio=0.5, return_indices=True), x3))
        print(threads, dtype, run(nn.FractionalMaxPool3d((1, 2, 3), output_size=(5, 3, 4)), x3))
        print(threads, dtype, run(lambda t: F.fractional_max_pool3d(t, 2, output_size=3, return_indices=True), x3[0]))
        print(threads, dtype, run(lambda t: F.fractional_max_pool3d_with_indices(t, (2, 2, 1), output_ratio=(0.4, 0.5, 0.6)),
                                  x3))
torch.set_num_threads(1)

# given samples: the module's buffer, and explicit ones
samples = torch.tensor([[[0.1, 0.9], [0.5, 0.5]]])
m = nn.FractionalMaxPool2d(2, output_size=3, return_indices=True, _random_samples=samples)
img = torch.arange(2 * 7 * 6, dtype=torch.float32).reshape(1, 2, 7, 6) % 11
print(m(img))
print(F.fractional_max_pool2d(img, 2, output_size=(3, 3), _random_samples=torch.zeros(1, 2, 2)))
print(F.fractional_max_pool2d(img, 2, output_size=(3, 3), _random_samples=torch.full((1, 2, 2), 0.999)))
print(list(m.state_dict().keys()), list(nn.FractionalMaxPool2d(2, output_size=3).state_dict().keys()))
img[0, 0, 1, 1] = float("nan")
print(F.fractional_max_pool2d(img, 3, output_size=(2, 2), return_indices=True, _random_samples=samples))

for mod in [nn.FractionalMaxPool2d(3, output_ratio=0.5), nn.FractionalMaxPool2d((2, 3), output_size=4),
            nn.FractionalMaxPool3d(2, output_ratio=(0.5, 0.5, 0.5), return_indices=True)]:
    print(mod, mod.kernel_size, mod.output_size, mod.output_ratio, mod.return_indices)


def error(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


x = torch.randn(2, 3, 7, 8)
error(lambda: nn.FractionalMaxPool2d(2))
error(lambda: nn.FractionalMaxPool2d(2, output_size=3, output_ratio=0.5))
error(lambda: nn.FractionalMaxPool2d(2, output_ratio=1.5))
error(lambda: nn.FractionalMaxPool3d(2))
error(lambda: nn.FractionalMaxPool3d(2, output_ratio=(0.5, 1.5, 0.5)))
error(lambda: F.fractional_max_pool2d(x, 2))
error(lambda: F.fractional_max_pool3d(x, 2))
error(lambda: F.fractional_max_pool2d(x, 2, output_size=(7, 4)))
error(lambda: F.fractional_max_pool2d(x, 2, output_size=(4, 8)))
error(lambda: F.fractional_max_pool2d(x[0, 0], 2, output_size=(4, 4)))
error(lambda: F.fractional_max_pool2d(torch.randn(2, 0, 7, 8), 2, output_size=(4, 4)))
error(lambda: F.fractional_max_pool2d(x, (2, 2, 2), output_size=(4, 4)))
error(lambda: F.fractional_max_pool2d(x, 2, output_size=(4, 4), _random_samples=torch.rand(2, 3, 2).double()))
error(lambda: F.fractional_max_pool2d(x.long(), 2, output_size=(4, 4), _random_samples=torch.rand(2, 3, 2).long()))
x3 = torch.randn(2, 3, 6, 7, 8)
error(lambda: F.fractional_max_pool3d(x3, 2, output_size=(6, 4, 4)))
error(lambda: F.fractional_max_pool3d(x3, 2, output_size=(4, 7, 4)))
error(lambda: F.fractional_max_pool3d(x3, 2, output_size=(4, 4, 8)))
error(lambda: F.fractional_max_pool3d(x3[0, 0], 2, output_size=(4, 4, 4)))
error(lambda: F.fractional_max_pool3d(torch.randn(2, 3, 0, 4, 4), 2, output_size=(2, 2, 2)))
error(lambda: F.fractional_max_pool2d(x.half(), 2, output_size=2))
error(lambda: F.fractional_max_pool2d(x, 2, output_size=-1))
print(F.fractional_max_pool2d(x, 0, output_size=2, _random_samples=torch.rand(2, 3, 2)))
print(F.fractional_max_pool2d(x, 2, output_size=0).shape)
