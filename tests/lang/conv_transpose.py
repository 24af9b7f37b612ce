# conv_transpose1d/2d and nn.ConvTranspose1d/2d: forward and every gradient
# bit for bit as PyTorch 1.13 gives them at one and two threads, float32
# and float64. PyTorch runs them in slow_conv_transpose2d (gemm + col2im),
# not oneDNN, for both dtypes.
import torch
import torch.nn as nn
import torch.nn.functional as F


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


cases = [
    # the DCGAN / U-Net upsampler: k4 s2 p1
    ((4, 16, 8, 8), (16, 8, 4, 4), dict(stride=2, padding=1)),
    ((3, 4, 5, 6), (4, 3, 3, 3), dict(stride=2, padding=1, output_padding=1)),
    ((2, 6, 7, 5), (6, 2, 2, 3), dict(stride=(1, 2), padding=(0, 1), output_padding=(0, 1), groups=2,
                                      dilation=(2, 1))),
    ((1, 2, 9, 9), (2, 2, 4, 4), dict(stride=2, padding=1)),
    ((4, 8, 6, 6), (8, 2, 1, 1), dict(groups=4)),
    ((2, 3, 4, 4), (3, 5, 3, 3), dict(stride=3, dilation=2, output_padding=2)),
    ((3, 9, 5, 7), (9, 1, 3, 2), dict(groups=9, padding=1)),
    # 1-d
    ((4, 3, 20), (3, 5, 4), dict(stride=2, padding=1)),
    ((2, 4, 11), (4, 3, 5), dict(groups=2, dilation=3, output_padding=1, stride=2)),
    # unbatched
    ((4, 5, 6), (4, 3, 3, 3), dict(stride=2)),
]

torch.manual_seed(0)
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dtype in [torch.float32, torch.float64]:
        for xs, ws, kw in cases:
            x = torch.randn(xs, dtype=dtype, requires_grad=True)
            w = torch.randn(ws, dtype=dtype, requires_grad=True)
            groups = kw.get('groups', 1)
            b = torch.randn(ws[1] * groups, dtype=dtype, requires_grad=True)
            f = F.conv_transpose2d if len(ws) == 4 else F.conv_transpose1d
            y = f(x, w, b, **kw)
            g = torch.randn_like(y)
            y.backward(g)
            print(threads, dtype, tuple(y.shape), y.grad_fn.name(), digest(y))
            print('  grads', digest(x.grad), digest(w.grad), digest(b.grad))
            y2 = f(x.detach(), w.detach(), None, **kw)
            print('  no bias', digest(y2))

# gradients through x only, w only
x = torch.randn(2, 4, 5, 5, requires_grad=True)
w = torch.randn(4, 3, 3, 3)
y = F.conv_transpose2d(x, w, stride=2)
y.sum().backward()
print(digest(x.grad))
w.requires_grad_()
y = F.conv_transpose2d(x.detach(), w, stride=2)
print(y.grad_fn.name(), [n[0] and n[0].name() for n in y.grad_fn.next_functions])
y.sum().backward()
print(digest(w.grad))

# double backward: the derivative is built of differentiable ops
x = torch.randn(2, 3, 4, 4, dtype=torch.float64, requires_grad=True)
w = torch.randn(3, 2, 3, 3, dtype=torch.float64, requires_grad=True)
y = F.conv_transpose2d(x, w, stride=2, padding=1)
gx, gw = torch.autograd.grad((y * y).sum(), (x, w), create_graph=True)
print(gx.grad_fn is not None, digest(gx), digest(gw))
(gx.sum() + (gw * gw).sum()).backward()
print(digest(x.grad), digest(w.grad))

# unbatched graph
y = F.conv_transpose2d(x[0], w)
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())

# modules: initialisation, repr, output_size
torch.manual_seed(1)
m = nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2)
print(m)
print(nn.ConvTranspose1d(3, 5, 4, bias=False, dilation=2))
print(nn.ConvTranspose2d(3, 5, (2, 3), stride=(1, 2), padding=(1, 0), dilation=2))
print(tuple(m.weight.shape), digest(m.weight), digest(m.bias))
x = torch.randn(2, 4, 5, 5)
print(digest(m(x)))
for size in ([10, 10], [9, 10], (2, 6, 10, 9), torch.Size([9, 9])):
    print(tuple(m(x, output_size=size).shape))
print(tuple(m(x[0], output_size=[10, 9]).shape))
m1 = nn.ConvTranspose1d(3, 5, 4, stride=3)
print(digest(m1(torch.randn(2, 3, 7))), tuple(m1(torch.randn(3, 7), output_size=[23]).shape))
m64 = nn.ConvTranspose2d(2, 2, 3, dtype=torch.float64)
print(m64.weight.dtype, digest(m64(torch.randn(1, 2, 4, 4, dtype=torch.float64))))


def attempt(f):
    try:
        r = f()
        print('ok', tuple(r.shape))
    except Exception as e:
        print(type(e).__name__, e)


xe = torch.randn(2, 4, 5, 5)
we = torch.randn(4, 3, 3, 3)
attempt(lambda: F.conv_transpose2d(xe, we, output_padding=1))
attempt(lambda: F.conv_transpose2d(xe, we, stride=2, output_padding=2))
attempt(lambda: F.conv_transpose2d(xe, we, stride=2, dilation=3, output_padding=2))
attempt(lambda: F.conv_transpose2d(xe, we, padding=-1))
attempt(lambda: F.conv_transpose2d(xe, we, stride=0))
attempt(lambda: F.conv_transpose2d(xe, we, groups=3))
attempt(lambda: F.conv_transpose2d(xe, we, groups=0))
attempt(lambda: F.conv_transpose2d(xe, torch.randn(5, 3, 3, 3)))
attempt(lambda: F.conv_transpose2d(xe, we, torch.randn(4)))
attempt(lambda: F.conv_transpose2d(xe, we, padding=5))
attempt(lambda: F.conv_transpose1d(torch.randn(1, 2, 3), torch.randn(2, 2, 5), padding=4))
attempt(lambda: F.conv_transpose2d(xe[0, 0], we))
attempt(lambda: F.conv_transpose2d(xe, we, stride=(1, 2, 3)))
attempt(lambda: F.conv_transpose2d(xe.double(), we))
attempt(lambda: F.conv_transpose1d(xe[:, :, 0], we[:, :, 0], padding=(1, 2)))
attempt(lambda: F.conv_transpose2d(xe, we, padding='same'))
attempt(lambda: nn.ConvTranspose2d(4, 3, 3, padding_mode='reflect'))
attempt(lambda: nn.ConvTranspose2d(4, 3, 3, groups=2))
attempt(lambda: m(xe, output_size=[20, 12]))
attempt(lambda: m(xe, output_size=[11]))
attempt(lambda: m1(torch.randn(2, 3, 7), output_size=[30]))

# an empty batch, unbatched 1-d with groups
x = torch.randn(0, 4, 5, 5, requires_grad=True)
w = torch.randn(4, 3, 3, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
y = F.conv_transpose2d(x, w, b, stride=2)
y.sum().backward()
print(tuple(y.shape), w.grad.abs().sum().item(), b.grad)
x = torch.randn(4, 7, requires_grad=True)
w = torch.randn(4, 2, 3, requires_grad=True)
y = F.conv_transpose1d(x, w, stride=2, groups=2)
y.sum().backward()
print(tuple(y.shape), y.grad_fn.name(), digest(y), digest(x.grad), digest(w.grad))
