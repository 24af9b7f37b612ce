# F.adaptive_max_pool1d/2d (and the _with_indices forms), nn.AdaptiveMaxPool1d/2d:
# maxima, indices and gradients as PyTorch 1.13 gives them, float32 and
# float64, one and two threads, NaN winning; nodes; errors; reprs.
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
        for shape, size in [((2, 3, 7, 9), 3), ((2, 3, 7, 9), (3, None)), ((3, 7, 9), (4, 5)), ((2, 3, 7, 9), (9, 11)),
                            ((8, 16, 33, 31), (5, 7))]:
            x = torch.randn(shape, dtype=dtype, requires_grad=True)
            y, i = F.adaptive_max_pool2d(x, size, return_indices=True)
            y.backward(torch.randn_like(y))
            print(threads, dtype, shape, size, tuple(y.shape), y.grad_fn.name(), digest(y), digest(i), digest(x.grad))
        x = torch.randn(2, 3, 11, dtype=dtype, requires_grad=True)
        y, i = F.adaptive_max_pool1d(x, 4, return_indices=True)
        y.sum().backward()
        print(y.grad_fn.name(), digest(y), digest(i), digest(x.grad))

x = torch.tensor([[[1., float('nan'), 3.], [4., 5., float('nan')]]])
print(F.adaptive_max_pool2d(x, (1, 2), return_indices=True))
x = torch.randn(2, 3, 7, 9)
print([tuple(t.shape) for t in F.adaptive_max_pool2d_with_indices(x, 3)])
print([tuple(t.shape) for t in F.adaptive_max_pool1d_with_indices(x[:, :, 0], 3)])
print(nn.AdaptiveMaxPool2d((3, None)), nn.AdaptiveMaxPool1d(4, return_indices=True))
print(digest(nn.AdaptiveMaxPool2d((3, None))(x)), [digest(t) for t in nn.AdaptiveMaxPool1d(4, True)(x[0])])


def attempt(f):
    try:
        r = f()
        print('ok', tuple(r.shape))
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: F.adaptive_max_pool2d(x[0, 0], (3, 4)))
attempt(lambda: F.adaptive_max_pool2d(x, (3, 4, 5)))
attempt(lambda: F.adaptive_max_pool2d(x, (3, -4)))
attempt(lambda: F.adaptive_max_pool2d(x.long(), (3, 4)))
attempt(lambda: F.adaptive_max_pool2d(torch.randn(2, 0, 4, 4), (3, 4)))
attempt(lambda: F.adaptive_max_pool2d(x, (0, 4)))
attempt(lambda: F.adaptive_max_pool1d(x[:, :, 0], (4, 5)))
attempt(lambda: F.adaptive_max_pool1d(x, 4))
