# gelu (erf and tanh forms) and its gradient bit for bit as PyTorch 1.13
# gives them on this machine: a contiguous float32 input of more than one
# element runs in oneDNN's JIT eltwise kernel (AVX-512 here: the kernels
# depend on the ISA oneDNN finds, ONEDNN_VERBOSE=1 shows it), the rest
# (one element, non-contiguous, float64, approximate='tanh') in PyTorch's
# AVX2 GeluKernel; each at one and two threads. Gradients are printed for
# the float32 erf form (oneDNN's eltwise backward, or a graph of ops that
# rounds as GeluBackwardKernel's float32 path); the float64 and tanh
# gradients are not yet PyTorch's to the bit (docs/numerics.md).
import torch
import torch.nn.functional as F


def digest(t):
    # NaN hashes by identity, so it is digested as a marker value
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


def inputs(n, dtype):
    x = torch.randn(n, dtype=dtype) * 3
    yield "contiguous", x
    yield "strided", torch.randn(2 * n, dtype=dtype)[::2] * 3
    if n % 7 == 0:
        yield "2d", x.view(7, n // 7)
        yield "transposed", x.view(7, n // 7).t()


torch.manual_seed(0)
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dtype in [torch.float32, torch.float64]:
        for n in [1, 7, 8, 9, 1000, 70001]:
            for kind, x in inputs(n, dtype):
                for approximate in ["none", "tanh"]:
                    xg = x.detach().clone().requires_grad_()
                    y = F.gelu(xg, approximate=approximate)
                    g = torch.randn(y.shape, dtype=dtype)
                    y.backward(g)
                    exact = dtype == torch.float32 and approximate == "none"
                    print(threads, dtype, n, kind, approximate, digest(y), digest(xg.grad) if exact else "")
    # the gradient of a sum (an expanded gradient), and special values
    x = torch.tensor([0.0, -0.0, 1e-30, -1e-30, 5.0, -5.0, 10.0, -10.0, 30.0, -30.0,
                      float("inf"), float("-inf"), float("nan"), 1e30, -1e30]).requires_grad_()
    F.gelu(x).sum().backward()
    print(threads, digest(F.gelu(x)), digest(x.grad))
    m = torch.nn.GELU()
    x = torch.randn(64, 100, requires_grad=True)
    m(x).mean().backward()
    print(threads, digest(m(x)), digest(x.grad))
