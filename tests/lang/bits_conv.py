# conv1d and conv2d, forward and every gradient, bit for bit as PyTorch 1.13
# gives them on this machine at one and two threads. Where PyTorch's
# use_mkldnn holds (float32, and a batch above one, or groups, or a kernel
# above 3x3, ...) it runs oneDNN's JIT convolutions (AVX-512 here: the
# kernels and their sums depend on the ISA oneDNN finds, ONEDNN_VERBOSE=1
# shows it); otherwise slow_conv2d, im2col + GEMM (OpenBLAS's sgemm).
import torch
import torch.nn.functional as F


def digest(t):
    # NaN hashes by identity, so it is digested as a marker value
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


cases = [
    # MNIST-like, as the tutorials have them
    ((64, 1, 28, 28), (32, 1, 3, 3), {}),
    ((64, 1, 28, 28), (6, 1, 5, 5), dict(padding=2)),
    ((16, 32, 14, 14), (64, 32, 3, 3), dict(padding=1)),
    # CIFAR-like, with stride, padding, dilation and groups
    ((8, 3, 32, 32), (6, 3, 5, 5), dict(stride=2, padding=1)),
    ((8, 4, 17, 19), (6, 2, 3, 3), dict(groups=2, dilation=2)),
    ((8, 6, 15, 13), (6, 1, 3, 3), dict(groups=6, padding=1)),
    ((16, 3, 32, 32), (20, 3, 1, 1), {}),
    ((5, 7, 9, 11), (3, 7, 2, 4), dict(stride=(2, 3), padding=(1, 0), dilation=(1, 2))),
    # batch of one: oneDNN for a kernel above 3x3 or a large input, else slow_conv2d
    ((1, 3, 10, 10), (4, 3, 3, 3), {}),
    ((1, 3, 10, 10), (4, 3, 5, 5), {}),
    ((1, 8, 64, 64), (4, 8, 3, 3), dict(padding=1)),
    ((1, 3, 10, 10), (4, 3, 1, 1), dict(stride=2)),
    # conv1d: 2-d with a height of one
    ((4, 3, 20), (5, 3, 4), {}),
    ((16, 8, 50), (8, 2, 5), dict(groups=4, stride=2, padding=3)),
    ((1, 3, 20), (5, 3, 4), {}),
]

torch.manual_seed(0)
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for xs, ws, kw in cases:
        for bias in [True, False]:
            x = torch.randn(*xs, requires_grad=True)
            w = torch.randn(*ws, requires_grad=True)
            b = torch.randn(ws[0], requires_grad=True) if bias else None
            conv = F.conv2d if len(xs) == 4 else F.conv1d
            y = conv(x, w, b, **kw)
            y.backward(torch.randn(y.shape))
            print(threads, xs, ws, kw, bias, digest(y), digest(x.grad), digest(w.grad), digest(b.grad) if bias else "")
    # only some gradients wanted; an unbatched input; a module
    x = torch.randn(8, 3, 12, 12)
    w = torch.randn(5, 3, 3, 3, requires_grad=True)
    F.conv2d(x, w).sum().backward()
    print(threads, digest(w.grad))
    x = torch.randn(8, 3, 12, 12, requires_grad=True)
    F.conv2d(x, torch.randn(5, 3, 3, 3), torch.randn(5)).sum().backward()
    print(threads, digest(x.grad))
    x = torch.randn(3, 12, 12, requires_grad=True)
    y = F.conv2d(x, torch.randn(5, 3, 5, 5))
    y.sum().backward()
    print(threads, digest(y), digest(x.grad))
    m = torch.nn.Conv2d(3, 8, 3, padding=1)
    y = m(torch.randn(16, 3, 24, 24))
    y.square().mean().backward()
    print(threads, digest(y), digest(m.weight.grad), digest(m.bias.grad))
