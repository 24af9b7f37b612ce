# floor, ceil, round (decimals=), trunc/fix, frac, sgn, signbit and
# positive against PyTorch 1.13: values bit for bit (NaN, inf, -0.0, huge,
# subnormal, ties) in float32/float64/bfloat16, and float16 where PyTorch's
# CPU kernels take it, at one and two threads, contiguous and strided;
# integral and bool inputs; node names, gradients, in-place forms, errors.
import math

import torch


def digest(t):
    # NaN hashes by identity, so it is digested as a marker value; the
    # count of negative signs tells -0.0 from 0.0
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    neg = sum(1 for v in flat if math.copysign(1.0, v) < 0)
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {neg} {t.dtype}"


SPECIAL = [0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, 1e-45, -1e-45, 1e-310, 3.7, -3.7,
           8388607.5, 8388608.5, 4503599627370495.5, 1e30, -1e30, float("inf"), float("-inf"), float("nan"),
           123.456, -0.125, 0.125, 1234.5678, 0.05, 0.15, 0.25, 0.35]


def inputs(n, dtype):
    x = torch.randn(n, dtype=torch.float64) * 100
    x[::3] = torch.randn(len(x[::3]), dtype=torch.float64) * 1e8
    yield "contiguous", x.to(dtype)
    yield "strided", (torch.randn(2 * n, dtype=torch.float64) * 7)[::2].to(dtype)


def run(name, f, x):
    try:
        print(name, digest(f(x)))
    except Exception as e:
        print(name, type(e).__name__, e)


UNARY = ["floor", "ceil", "round", "trunc", "fix", "frac", "sgn", "signbit", "positive"]
torch.manual_seed(0)
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dtype in [torch.float32, torch.float64, torch.bfloat16, torch.float16]:
        for n in [1, 9, 1000, 70001]:
            for kind, x in inputs(n, dtype):
                for op in UNARY:
                    run(f"{threads} {dtype} {n} {kind} {op}", getattr(torch, op), x)
                for d in [-3, -1, 0, 1, 2, 5, 40]:
                    run(f"{threads} {dtype} {n} {kind} round({d})", lambda t: torch.round(t, decimals=d), x)
        s = torch.tensor(SPECIAL, dtype=dtype)
        for op in UNARY:
            run(f"{threads} {dtype} special {op}", getattr(torch, op), s)
            if op not in ("signbit", "positive"):
                run(f"{threads} {dtype} special {op}_", lambda t: getattr(t.clone(), op + "_")(), s)
        for d in [-2, -1, 0, 1, 2, 3, 7, 39, 310]:
            run(f"{threads} {dtype} special round({d})", lambda t: torch.round(t, decimals=d), s)
            run(f"{threads} {dtype} special round_({d})", lambda t: t.clone().round_(decimals=d), s)

# special values printed, to see them
s = torch.tensor(SPECIAL)
for op in ["floor", "ceil", "round", "trunc", "frac", "sgn", "signbit"]:
    print(op, getattr(torch, op)(s))
print(torch.round(s, decimals=2))
print(torch.round(s, decimals=-1))

# integral and bool inputs
for dtype in [torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool]:
    i = torch.tensor([3, -4, 0, 1, 127], dtype=torch.int64).to(dtype)
    for op in UNARY:
        run(f"{dtype} {op}", getattr(torch, op), i)
        try:
            print(dtype, op, getattr(torch, op)(i))
        except Exception as e:
            print(dtype, op, type(e).__name__, e)
    run(f"{dtype} round(1)", lambda t: torch.round(t, decimals=1), i)
    for op in ["floor_", "ceil_", "round_", "trunc_", "fix_", "frac_", "sgn_"]:
        j = i.clone()
        try:
            r = getattr(j, op)()
            print(dtype, op, r is j, j)
        except Exception as e:
            print(dtype, op, type(e).__name__, e)
    j = i.clone()
    try:
        print(j.round_(decimals=2))
    except Exception as e:
        print(type(e).__name__, e)
i = torch.tensor([3, -4])
print(torch.positive(i) is i, torch.floor(i) is i)

# nodes and gradients
for dtype in [torch.float32, torch.float64]:
    x = torch.tensor([1.25, -2.5, 0.5, 3.75, -0.0], dtype=dtype, requires_grad=True)
    for op in ["floor", "ceil", "round", "trunc", "fix", "frac", "sgn"]:
        y = getattr(torch, op)(x)
        m = getattr(x, op)()
        g = torch.arange(5, dtype=dtype) - 2.5
        (gx,) = torch.autograd.grad(y, x, g)
        print(dtype, op, y.grad_fn.name(), m.grad_fn.name(), gx)
        z = x * 2
        getattr(z, op + "_")()
        print(dtype, op + "_", z.grad_fn.name(), z)
        (gz,) = torch.autograd.grad(z, x, g)
        print(gz)
    for d in [0, 1, -1]:
        y = torch.round(x, decimals=d)
        print(dtype, d, y.grad_fn.name(), x.round(decimals=d).grad_fn.name(), y)
        z = x * 3
        z.round_(decimals=d)
        print(z.grad_fn.name(), torch.autograd.grad(z.sum(), x)[0])
    p = torch.positive(x)
    print(p is x, p.grad_fn, torch.signbit(x), torch.signbit(x).requires_grad)
    (x.frac() * x).sum().backward()
    print(x.grad)
    (gg,) = torch.autograd.grad(torch.frac(x.frac()).sum(), x, create_graph=True)
    print(gg, gg.grad_fn)
x = torch.tensor([1.5, -2.5], dtype=torch.bfloat16, requires_grad=True)
y = torch.round(x, decimals=1)
print(y, y.grad_fn.name())
y.sum().backward()
print(x.grad)

# errors
x = torch.tensor([1.5, -2.5], requires_grad=True)
h = torch.tensor([1.5], dtype=torch.float16)
c = torch.tensor([1 + 2j])
tries = [
    ("leaf floor_", lambda: x.floor_()),
    ("leaf frac_", lambda: x.frac_()),
    ("leaf round_", lambda: x.round_(decimals=1)),
    ("half floor", lambda: torch.floor(h)),
    ("half ceil_", lambda: h.ceil_()),
    ("half round(1)", lambda: torch.round(h, decimals=1)),
    ("half trunc", lambda: h.trunc()),
    ("complex floor", lambda: torch.floor(c)),
    ("complex round", lambda: torch.round(c)),
    ("complex round(0)", lambda: torch.round(c, decimals=0)),
    ("complex round(1)", lambda: torch.round(c, decimals=1)),
    ("complex ceil", lambda: c.ceil()),
    ("complex trunc", lambda: torch.trunc(c)),
    ("complex fix", lambda: torch.fix(c)),
    ("complex frac", lambda: torch.frac(c)),
    ("long round(0)", lambda: torch.round(torch.tensor([1, 2]), decimals=0)),
    ("bool round(0)", lambda: torch.tensor([True]).round(decimals=0)),
    ("complex signbit", lambda: torch.signbit(c)),
    ("bool positive", lambda: torch.positive(torch.tensor([True]))),
    ("round float decimals", lambda: torch.round(x, decimals=1.5)),
    ("floor two args", lambda: torch.floor(x, 1)),
]
for name, f in tries:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)

# the in-place forms PyTorch also has as torch functions
for op in ["floor_", "ceil_", "trunc_", "fix_", "round_", "frac_"]:
    t = torch.tensor([1.25, -2.5, 3.75])
    r = getattr(torch, op)(t)
    print(op, r is t, t)
t = torch.tensor([1.25, -2.55, 3.75])
print(torch.round_(t, decimals=1), t)
