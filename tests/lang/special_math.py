# tan, asin/arcsin, acos/arccos, atan/arctan, asinh, acosh, atanh (and
# their arc* aliases), expm1, exp2, log2, log10, erfc, logit, atan2/arctan2,
# hypot, logaddexp, logaddexp2 against PyTorch 1.13: values bit for bit
# over random and special values (NaN, inf, -0.0, subnormal, huge) in
# float32/float64/bfloat16 and integers, contiguous, strided, broadcast;
# gradients and node names, in-place forms, errors.
import math

import torch

torch.manual_seed(0)


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.detach().flatten().tolist()]
    neg = sum(1 for v in flat if math.copysign(1.0, v) < 0)
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {neg} {t.dtype}"


def run(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)


SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 1e-30, -1e-30, 1e30, -1e30, 3.4e38, float("inf"),
           float("-inf"), float("nan"), 1e-45, 0.999, 1.001, 100.0, -100.0, 88.0, -88.0]
UNARY = "tan asin acos atan asinh acosh atanh expm1 exp2 log2 log10 erfc logit".split()
BINARY = "atan2 hypot logaddexp logaddexp2".split()

for name in UNARY:
    f = getattr(torch, name)
    for dtype in (torch.float32, torch.float64, torch.bfloat16):
        big = (torch.randn(1237, dtype=torch.float64) * 3).to(dtype)
        print(name, digest(f(big)), digest(f(big[::3])), digest(f(big[:13])),
              digest(f(torch.tensor(SPECIAL, dtype=dtype))), digest(f(big.reshape(1, -1).expand(2, -1).t())))
    print(name, f(torch.tensor([1, 0, 3])), f(torch.tensor([True, False])))

for name in BINARY:
    f = getattr(torch, name)
    for dtype in (torch.float32, torch.float64, torch.bfloat16):
        a = (torch.randn(1237, dtype=torch.float64) * 3).to(dtype)
        b = (torch.randn(1237, dtype=torch.float64) * 3).to(dtype)
        s = torch.tensor(SPECIAL, dtype=dtype)
        print(name, digest(f(a, b)), digest(f(a[::3], b[::3])), digest(f(a, b[:1])), digest(f(a[:1], b)),
              digest(f(s.reshape(-1, 1), s)), digest(f(a.reshape(1237, 1), b[:5])))
    run(name + " float32 with float64", lambda: f(torch.tensor([0.5, 2.0]), torch.tensor([1.5, -1.0], dtype=torch.float64)))

print(torch.atan2(torch.tensor([1, -2, 0]), torch.tensor([3, 0, -1])))
print(torch.logit(torch.tensor([0.0, 0.3, 1.0, -0.5, 1.5]), eps=0.1), torch.logit(torch.tensor([0.0, 0.3, 1.0]), 0.0))
print(torch.logit(torch.tensor([0.0, 0.3, 1.0, 0.7], dtype=torch.bfloat16), eps=0.2))
print(torch.logit(torch.rand(50, dtype=torch.float64), eps=0.25).sum().item())

# aliases, methods and in-place forms
x = torch.tensor([0.25, -0.5, 0.75])
for name in ("arcsin", "arccos", "arctan", "arcsinh", "arctanh"):
    print(name, getattr(torch, name)(x), getattr(x, name)(), getattr(x.clone(), name + "_")())
print(torch.arccosh(x + 2), torch.arctan2(x, x + 1), x.arctan2(x + 1))
for name in UNARY:
    y = x.abs() + (1.5 if name == "acosh" else 0.0)
    z = y.clone()
    r = getattr(z, name + "_")()
    print(name + "_", r is z, z, getattr(torch, name + "_")(y.clone()))
for name in ("atan2", "arctan2", "hypot"):
    z = x.clone()
    print(name + "_", getattr(z, name + "_")(x + 1) is z, z)

# gradients and node names
for name in UNARY:
    x = torch.tensor([0.2, 0.4, 0.7], dtype=torch.float64, requires_grad=True)
    xx = x + 1.5 if name == "acosh" else x
    y = getattr(torch, name)(xx)
    (g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
    (gg,) = torch.autograd.grad(g.sum(), x)
    print(name, y.grad_fn.name(), g.tolist(), gg.tolist())
    z = xx.detach().clone().requires_grad_()
    w = z * 1
    getattr(w, name + "_")()
    print(name + "_", w.grad_fn.name())
    run(name + "_ backward", lambda: w.sum().backward() or z.grad.tolist())
for name in BINARY:
    a = torch.tensor([[0.3], [-1.2]], dtype=torch.float64, requires_grad=True)
    b = torch.tensor([0.5, 2.0, -0.7], dtype=torch.float64, requires_grad=True)
    y = getattr(torch, name)(a, b)
    ga, gb = torch.autograd.grad(y.sum(), (a, b), create_graph=True)
    print(name, y.grad_fn.name(), ga.tolist(), gb.tolist())
    a32 = torch.randn(40, requires_grad=True)
    y = getattr(torch, name)(a32, a32.detach() * 0.5 + 1)
    y.backward(torch.ones_like(y))
    print(name, digest(a32.grad))
x = torch.tensor([-0.2, 0.05, 0.5, 0.97, 1.3], dtype=torch.float64, requires_grad=True)
for eps in (None, 0.1):
    (g,) = torch.autograd.grad(torch.logit(x, eps).sum(), x)
    print("logit grad", eps, g.tolist())
# (bfloat16 gradients of asin, acos, asinh, acosh and logit differ: see the report)
for dtype in (torch.float32, torch.bfloat16):
    x = torch.randn(37, dtype=dtype, requires_grad=True)
    for name in UNARY if dtype == torch.float32 else "tan atan atanh expm1 exp2 log2 log10 erfc".split():
        xx = x.abs() + 1 if name == "acosh" else (x.sigmoid() if name == "logit" else x.tanh() * 0.9)
        (g,) = torch.autograd.grad(getattr(torch, name)(xx).sum(), x)
        print(dtype, name, digest(g))

# errors
h = torch.tensor([0.5], dtype=torch.half)
for name in UNARY:
    run(name + " half", lambda: getattr(torch, name)(h))
    if name in ("expm1", "exp2", "erfc", "logit"):  # (cgrad computes no complex tan ... log10 yet)
        run(name + " complex", lambda: getattr(torch, name)(torch.tensor([0.5j])))
    run(name + "_ int", lambda: getattr(torch.tensor([1, 2]), name + "_")())
for name in BINARY:
    run(name + " half", lambda: getattr(torch, name)(h, h))
    run(name + " int", lambda: getattr(torch, name)(torch.tensor([1]), torch.tensor([2])))
    run(name + " number", lambda: getattr(torch, name)(torch.tensor([1.0]), 2.0))
    run(name + " shape", lambda: getattr(torch, name)(torch.ones(2), torch.ones(3)))
run("atan2_ broadcast", lambda: torch.ones(3).atan2_(torch.ones(2, 3)))
run("logit eps str", lambda: torch.logit(torch.ones(2), "a"))
run("leaf", lambda: torch.ones(2, requires_grad=True).tan_())
