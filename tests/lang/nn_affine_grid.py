# F.affine_grid as PyTorch 1.13: its base grid times theta transposed (one
# bmm) under an AffineGridGeneratorBackward0 node, bit for bit, in 2-d and
# 3-d, align_corners both ways, float32 and float64, sides of one; the
# gradient of theta; the warnings and the errors.
import warnings

import torch
import torch.nn.functional as F


def digest(t):
    return f"{hash(tuple(t.detach().flatten().tolist())) & 0xffffffffffff:012x}"


torch.manual_seed(0)
for dtype in [torch.float32, torch.float64]:
    for align in [False, True]:
        for size in [[2, 3, 4, 5], [2, 1, 7, 1], [2, 1, 1, 6], [1, 1, 2, 2], [3, 2, 3, 4, 5], [1, 1, 1, 2, 3]]:
            n = size[0]
            theta = torch.randn(n, 2, 3, dtype=dtype) if len(size) == 4 else torch.randn(n, 3, 4, dtype=dtype)
            theta.requires_grad_()
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                g = F.affine_grid(theta, size, align_corners=align)
            g.backward(torch.randn(g.shape, dtype=dtype))
            print(dtype, align, size, list(g.shape), g.grad_fn.name(), digest(g), digest(theta.grad), len(w))

theta = torch.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
print(F.affine_grid(theta, [1, 1, 2, 3], align_corners=False))
print(F.affine_grid(theta, [1, 1, 2, 3], align_corners=True))
print(torch.affine_grid_generator(theta, [1, 1, 1, 1], False))
print(F.affine_grid(theta, torch.Size([1, 1, 2, 2]), align_corners=True).grad_fn)
rot = torch.tensor([[[0.0, -1.0, 0.5], [1.0, 0.0, 0.0]]], requires_grad=True)
g = F.affine_grid(rot, [1, 1, 3, 3], align_corners=False)
print([(type(f).__name__, i) for f, i in g.grad_fn.next_functions])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    F.affine_grid(theta, [1, 1, 2, 2])
    F.affine_grid(theta, [1, 1, 1, 2], align_corners=True)
    print([str(i.message) for i in w])


def error(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


error(lambda: F.affine_grid(theta, [1, 1, 0, 3], align_corners=False))
error(lambda: F.affine_grid(theta, [1, 1, 3], align_corners=False))
error(lambda: F.affine_grid(torch.randn(1, 2, 4), [1, 1, 3, 3], align_corners=False))
error(lambda: F.affine_grid(torch.randn(1, 2, 3), [1, 1, 3, 3, 3], align_corners=False))
error(lambda: F.affine_grid(torch.zeros(1, 2, 3, dtype=torch.long), [1, 1, 3, 3], align_corners=False))
error(lambda: F.affine_grid(torch.randn(2, 2, 3), [1, 1, 3, 3], align_corners=False))
error(lambda: F.affine_grid(torch.randn(1, 2, 3).half(), [1, 1, 2, 2], align_corners=False))
