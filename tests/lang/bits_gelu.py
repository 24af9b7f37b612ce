# gelu (erf and tanh forms) and its gradient bit for bit as PyTorch 1.13
# gives them on this machine: a contiguous float32 input of more than one
# element runs in oneDNN's JIT eltwise kernel (AVX-512 here: the kernels
# depend on the ISA oneDNN finds, ONEDNN_VERBOSE=1 shows it), the rest
# (one element, non-contiguous, float64, approximate='tanh') in PyTorch's
# AVX2 GeluKernel; each at one and two threads. Gradients: oneDNN's eltwise
# backward where PyTorch runs it, elsewhere PyTorch's AVX2
# GeluBackwardKernel (its vector lambda over whole steps of 16 floats or 8
# doubles of contiguous rows, FMAs where its build fused them, its scalar
# lambda for the tail and strided rows), first derivatives and second ones
# (GeluBackwardBackward0: gelu_backward again, and gelu_double_backward's
# composite) under create_graph.
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
                    print(threads, dtype, n, kind, approximate, digest(y), digest(xg.grad))
    # the gradient of a sum (an expanded gradient), and special values
    x = torch.tensor([0.0, -0.0, 1e-30, -1e-30, 5.0, -5.0, 10.0, -10.0, 30.0, -30.0,
                      float("inf"), float("-inf"), float("nan"), 1e30, -1e30]).requires_grad_()
    F.gelu(x).sum().backward()
    print(threads, digest(F.gelu(x)), digest(x.grad))
    F.gelu(x, approximate="tanh").sum().backward()
    print(threads, digest(x.grad))
    # second derivatives: d(sum(w * dgelu))/dx and /d(grad_output)
    for dtype in [torch.float32, torch.float64]:
        for n in [1, 9, 1000, 20001]:
            for kind, x in inputs(n, dtype):
                for approximate in ["none", "tanh"]:
                    xg = x.detach().clone().requires_grad_()
                    g = torch.randn(x.shape, dtype=dtype, requires_grad=True)
                    gx, = torch.autograd.grad(F.gelu(xg, approximate=approximate), xg, g, create_graph=True)
                    w = torch.randn(x.shape, dtype=dtype)
                    (gx * w).sum().backward()
                    print(threads, dtype, n, kind, approximate, gx.grad_fn.name(), digest(gx), digest(xg.grad),
                          digest(g.grad))
    m = torch.nn.GELU()
    x = torch.randn(64, 100, requires_grad=True)
    m(x).mean().backward()
    print(threads, digest(m(x)), digest(x.grad))
