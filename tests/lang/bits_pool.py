# Pooling and means over images bit for bit as PyTorch 1.13's CPU kernels
# give them (CPU capability AVX2): avg_pool2d (overlapping windows, padding
# counted or not, divisor_override, ceil_mode) and its gradient, added into
# the input window by window in PyTorch's order; adaptive_avg_pool2d (its
# divisions by window height then width; a 1x1 output is a mean) and its
# gradient; max_pool2d; mean over H and W (its gradient divides by the
# count); at 1 and 2 threads.
import torch
import torch.nn.functional as F


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


cases = [("avg2", lambda x: F.avg_pool2d(x, 2)), ("avg3s2p1", lambda x: F.avg_pool2d(x, 3, 2, 1)),
         ("avg3_nopad", lambda x: F.avg_pool2d(x, 3, 2, 1, count_include_pad=False)),
         ("avg3s1p1", lambda x: F.avg_pool2d(x, 3, 1, 1)),
         ("avg3_ceil", lambda x: F.avg_pool2d(x, 3, 2, 0, ceil_mode=True)),
         ("avg2_div3", lambda x: F.avg_pool2d(x, 2, 1, divisor_override=3)),
         ("ada1", lambda x: F.adaptive_avg_pool2d(x, 1)), ("ada3x2", lambda x: F.adaptive_avg_pool2d(x, (3, 2))),
         ("ada5", lambda x: F.adaptive_avg_pool2d(x, 5)), ("max2", lambda x: F.max_pool2d(x, 2)),
         ("max3s2p1", lambda x: F.max_pool2d(x, 3, 2, 1)), ("mean23", lambda x: x.mean((2, 3))),
         ("mean_all", lambda x: x.mean())]
for threads in (1, 2):
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    for shape in [(2, 3, 8, 8), (4, 16, 28, 28), (1, 5, 13, 17), (64, 32, 7, 7), (3, 9, 11)]:
        for dtype in (torch.float32, torch.float64):
            x = torch.randn(*shape, dtype=dtype, requires_grad=True)
            for name, f in cases:
                if name in ("mean23",) and x.dim() == 3:
                    continue
                x.grad = None
                y = f(x)
                y.backward(torch.randn_like(y))
                print(threads, shape, str(dtype)[6:], name, y.grad_fn.name(), digest(y), digest(x.grad))

# the gradient of the gradient pools again
x = torch.randn(2, 3, 9, 9, requires_grad=True)
g, = torch.autograd.grad((F.avg_pool2d(x, 3, 2, 1) ** 2).sum(), x, create_graph=True)
print(g.grad_fn.name(), digest(g))
gg, = torch.autograd.grad((g * torch.randn_like(g)).sum(), x)
print(digest(gg))
