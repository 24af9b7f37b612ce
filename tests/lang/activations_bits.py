# The activations with kernels of their own, bit for bit as PyTorch 1.13
# gives them on this machine, with their gradients: its AVX2 kernels run
# the vector lambda over whole steps of 16 floats or 8 doubles of a
# contiguous row (SLEEF's exp, log1p, tanh) and the scalar lambda (libm)
# over the rest and over strided rows, so sizes 1 .. 4099, strided and
# transposed inputs, each at one and two threads; special values (0, -0,
# +-inf, NaN, the thresholds) at the end.
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
        yield "transposed", x.view(7, n // 7).t()


OPS = [
    ("elu", lambda x: F.elu(x)),
    ("elu a=0.7", lambda x: F.elu(x, alpha=0.7)),
    ("selu", lambda x: F.selu(x)),
    ("celu a=1.3", lambda x: F.celu(x, 1.3)),
    ("silu", F.silu),
    ("mish", F.mish),
    ("hardtanh", lambda x: F.hardtanh(x, -1.5, 2.0)),
    ("relu6", F.relu6),
    ("hardsigmoid", F.hardsigmoid),
    ("hardswish", F.hardswish),
    ("softplus", F.softplus),
    ("softplus b=2 t=3", lambda x: F.softplus(x, beta=2, threshold=3)),
    ("softshrink", F.softshrink),
    ("hardshrink", lambda x: F.hardshrink(x, 1.0)),
    ("logsigmoid", F.logsigmoid),
    ("threshold", lambda x: F.threshold(x, 0.5, -2.0)),
    ("glu", lambda x: F.glu(x, 0)),
    ("rrelu eval", F.rrelu),
]

torch.manual_seed(0)
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dtype in [torch.float32, torch.float64]:
        for n in [1, 7, 8, 9, 1000, 4099, 70001]:
            for kind, x in inputs(n, dtype):
                for name, f in OPS:
                    if name == "glu" and x.shape[0] % 2:
                        continue
                    xg = x.detach().clone().requires_grad_()
                    y = f(xg)
                    g = torch.randn(y.shape, dtype=dtype)
                    y.backward(g)
                    print(threads, dtype, n, kind, name, digest(y), digest(xg.grad))
    special = [0.0, -0.0, 1e-30, -1e-30, 0.5, -0.5, 1.0, -1.0, 3.0, -3.0, 6.0, 5.0, -5.0, 10.0, -10.0, 20.0,
               20.5, 30.0, -30.0, 100.0, -100.0, float("inf"), float("-inf"), float("nan"), 1e30, -1e30]
    for dtype in [torch.float32, torch.float64]:
        x = torch.tensor(special * 2, dtype=dtype)
        for name, f in OPS:
            xg = x.detach().clone().requires_grad_()
            y = f(xg)
            y.sum().backward()
            print(threads, dtype, "special", name, digest(y), digest(xg.grad))
