# The activations' autograd as PyTorch 1.13 records it: node names of the
# forms (EluBackward0, CeluBackward0, the *Backward1 of in-place forms that
# save their result), second derivatives under create_graph (digests of
# both gradients), in-place forms and their errors, rrelu's draws in
# training from the default generator, prelu's weight gradient, and the
# errors of bad arguments.
import torch
import torch.nn.functional as F


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


def name(t):
    return t.grad_fn.name() if t.grad_fn is not None else None


def attempt(label, f):
    try:
        r = f()
        print(label, "ok", name(r) if isinstance(r, torch.Tensor) else r)
    except Exception as e:
        print(label, type(e).__name__, e)


torch.manual_seed(0)
OPS = [
    ("elu", lambda x: F.elu(x, 0.8)),
    ("selu", F.selu),
    ("celu", lambda x: torch.celu(x, 1.7)),
    ("silu", F.silu),
    ("mish", F.mish),
    ("hardtanh", lambda x: F.hardtanh(x, -0.5, 0.75)),
    ("relu6", lambda x: F.relu6(x * 4)),
    ("hardswish", F.hardswish),
    ("softplus", lambda x: F.softplus(x, 1.5, 2.0)),
    ("softshrink", lambda x: F.softshrink(x, 0.3)),
    ("hardshrink", lambda x: x.hardshrink(0.3)),
    ("logsigmoid", F.logsigmoid),
    ("threshold", lambda x: torch.threshold(x, 0.1, 5.0)),
    ("glu", lambda x: F.glu(x, 1)),
    ("rrelu eval", lambda x: torch.rrelu(x)),
]
for dtype in [torch.float32, torch.float64]:
    for n in [6, 1000]:
        x0 = torch.randn(4, n, dtype=dtype) * 2
        for label, f in OPS:
            x = x0.clone().requires_grad_()
            y = f(x)
            g = torch.randn(y.shape, dtype=dtype, requires_grad=True)
            gx, = torch.autograd.grad(y, x, g, create_graph=True)
            w = torch.randn(x.shape, dtype=dtype)
            gg = torch.autograd.grad((gx * w).sum(), [x, g], allow_unused=True)
            print(dtype, n, label, name(y), name(gx), digest(y), digest(gx),
                  [digest(t) if t is not None else None for t in gg])

# in-place forms: their nodes, their values, and the leaf error
for label, f in [("elu_", lambda t: F.elu_(t)), ("elu inplace", lambda t: F.elu(t, 0.5, inplace=True)),
                 ("selu_", torch.selu_), ("celu_", lambda t: torch.celu_(t, 0.5)),
                 ("celu inplace", lambda t: F.celu(t, inplace=True)), ("silu inplace", lambda t: F.silu(t, True)),
                 ("mish inplace", lambda t: F.mish(t, True)), ("hardtanh_", F.hardtanh_),
                 ("relu6 inplace", lambda t: F.relu6(t, True)), ("hardsigmoid inplace", lambda t: F.hardsigmoid(t, True)),
                 ("hardswish inplace", lambda t: F.hardswish(t, True)), ("threshold_", lambda t: torch.threshold_(t, 0., -1.)),
                 ("F.threshold_", lambda t: F.threshold_(t, 0.2, 3.)), ("rrelu_ eval", lambda t: F.rrelu_(t)),
                 ("leaky_relu_", lambda t: F.leaky_relu_(t, 0.2)), ("leaky_relu inplace", lambda t: F.leaky_relu(t, 0.3, True))]:
    leaf = torch.randn(3, 5, requires_grad=True)
    t = leaf * 1
    r = f(t)
    r.sum().backward()
    print(label, r is t, name(r), digest(r), digest(leaf.grad))
    attempt(label + " on a leaf", lambda: f(torch.randn(3, requires_grad=True)))
    print(label, "no grad", digest(f(torch.linspace(-3, 3, 9))))
attempt("elu_ negative alpha", lambda: F.elu_(torch.randn(3, requires_grad=True) * 1, -0.5))
attempt("leaky_relu_ negative slope", lambda: F.leaky_relu_(torch.randn(3, requires_grad=True) * 1, -0.5))

# rrelu in training: slopes drawn by the default generator, and its gradient
for dtype in [torch.float32, torch.float64]:
    torch.manual_seed(5)
    x = torch.randn(6, 7, dtype=dtype, requires_grad=True)
    y = F.rrelu(x, 0.1, 0.3, training=True)
    y.backward(torch.ones_like(y))
    print("rrelu train", dtype, name(y), digest(y), digest(x.grad), digest(torch.rand(3)))
    t = x.detach().clone()
    F.rrelu(t, training=True, inplace=True)
    print("rrelu_ train", digest(t))
    g = torch.Generator().manual_seed(3)
    print("rrelu generator", digest(torch.rrelu(x.detach(), 0.2, 0.5, True, g)))
    m = torch.nn.RReLU(0.1, 0.3)
    print("RReLU module", digest(m(x.detach())), digest(m.eval()(x.detach())))

# prelu: one weight, one per channel, gradients of both
for dtype in [torch.float32, torch.float64]:
    x = torch.randn(2, 3, 5, dtype=dtype, requires_grad=True)
    for w in [torch.tensor([0.25], dtype=dtype, requires_grad=True),
              torch.tensor([0.1, -0.2, 0.3], dtype=dtype, requires_grad=True)]:
        y = F.prelu(x, w)
        y.backward(torch.ones_like(y))
        print("prelu", dtype, name(y), digest(y), digest(x.grad), w.grad.tolist())
        x.grad = None
    m = torch.nn.PReLU(3).to(dtype)
    print("PReLU module", digest(m(x)), m.weight.tolist())

# prelu's weight gradient over large inputs (the sums' order)
for shape, wn in [((64, 3, 50, 50), 3), ((64, 3, 50, 50), 1), ((1000, 7), 7), ((100000,), 1)]:
    x = torch.randn(*shape, requires_grad=True)
    w = (torch.rand(wn) * 0.5).requires_grad_()
    y = F.prelu(x, w)
    y.backward(torch.randn(y.shape))
    print("prelu large", shape, wn, w.grad.tolist(), digest(x.grad))

# errors
x = torch.randn(3, 5)
attempt("glu odd", lambda: F.glu(x))
attempt("glu dim 0", lambda: F.glu(x, 0))
attempt("glu scalar", lambda: F.glu(torch.tensor(1.0)))
attempt("glu bad dim", lambda: F.glu(x, 2))
attempt("softshrink negative", lambda: F.softshrink(x, -0.5))
attempt("celu alpha 0", lambda: F.celu(x, 0.))
attempt("elu int", lambda: F.elu(torch.arange(4)))
attempt("silu int", lambda: F.silu(torch.arange(4)))
attempt("softplus int", lambda: F.softplus(torch.arange(4)))
attempt("hardtanh bool", lambda: F.hardtanh(torch.tensor([True])))
attempt("threshold int", lambda: F.threshold(torch.arange(-2, 3), 0, 7))
attempt("prelu mismatch", lambda: F.prelu(torch.randn(2, 3), torch.ones(4)))
attempt("prelu 2d weight", lambda: F.prelu(torch.randn(2, 3), torch.ones(1, 3)))
attempt("rrelu bounds", lambda: F.rrelu(x, 0.5, 0.1, training=True))
attempt("elu alpha str", lambda: F.elu(x, "a"))
attempt("Hardtanh bounds", lambda: torch.nn.Hardtanh(1.0, -1.0))
attempt("glu 1d", lambda: F.glu(torch.arange(4.0)))
print(F.relu6(torch.tensor([-1.0, 3.0, 7.0])), F.hardtanh(torch.tensor([-2, 0, 2]), -1, 1))

# hardsigmoid's derivative is recorded as NotImplemented (its backward raises in PyTorch)
x = torch.randn(4, requires_grad=True)
g, = torch.autograd.grad(F.hardsigmoid(x).sum(), x, create_graph=True)
print(type(g.grad_fn).__name__, g.grad_fn.name(), g.requires_grad, digest(g))
print((x // 2).grad_fn.name())

# second derivatives through the in-place forms (nodes saving their result)
torch.manual_seed(0)
for dtype in [torch.float32, torch.float64]:
    for f in [lambda t: F.elu_(t, 0.7), lambda t: torch.celu_(t, 1.3), lambda t: torch.selu_(t), lambda t: F.rrelu_(t), lambda t: F.threshold_(t, 0.1, -1.0), lambda t: F.hardtanh_(t, -0.5, 0.5)]:
        x = torch.randn(40, dtype=dtype, requires_grad=True)
        y = f(x * 1)
        g = torch.randn(40, dtype=dtype, requires_grad=True)
        gx, = torch.autograd.grad(y, x, g, create_graph=True)
        gg = torch.autograd.grad((gx * gx).sum(), [x, g], allow_unused=True)
        print(y.grad_fn.name(), gx.grad_fn.name() if gx.grad_fn else None, gx.sum().item(), [t.sum().item() if t is not None else None for t in gg])

# torch.relu_ and torch.sigmoid_
x = torch.randn(4, requires_grad=True)
y = x * 1
print(torch.relu_(y) is y, y.grad_fn.name(), torch.sigmoid_(y).grad_fn.name())
try:
    torch.relu_(x)
except RuntimeError as e:
    print(e)
