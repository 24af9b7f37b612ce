# cumprod, cummax, cummin, logcumsumexp and the in-place cumsum_/cumprod_:
# values (bit digests) along every dim, non-contiguous, empty and 0-d
# inputs, ties and NaN (which index cummax keeps), dtypes, gradients
# (cumprod through zeros), node names, PyTorch's errors.
import torch


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    head = t.flatten()[0].item() if t.numel() else None
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {head!r} {t.dtype} {tuple(t.shape)}"


def name(t):
    return t.grad_fn.name() if t.grad_fn is not None else None


def show(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, type(e).__name__, e)
        return
    if isinstance(r, tuple):
        print(label, type(r).__name__, digest(r[0]), digest(r[1]), name(r[0]))
    else:
        print(label, digest(r), name(r))


torch.manual_seed(0)
ops = [
    ("cumprod", lambda x, d: torch.cumprod(x, d)),
    ("cummax", lambda x, d: torch.cummax(x, d)),
    ("cummin", lambda x, d: x.cummin(d)),
    ("logcumsumexp", lambda x, d: x.logcumsumexp(d)),
    ("cumsum", lambda x, d: x.cumsum(d)),
]
for dt in (torch.float32, torch.float64):
    x = torch.randn(4, 5, 6, dtype=dt)
    xt = x.transpose(0, 2)
    big = torch.randn(3, 300, dtype=dt) * 0.1 + 1
    for nm, f in ops:
        for d in (0, 1, 2, -1):
            show(f"{nm} {dt} dim {d}", lambda: f(x, d))
            show(f"{nm} {dt} transposed dim {d}", lambda: f(xt, d))
        show(f"{nm} {dt} long rows", lambda: f(big, 1))
        show(f"{nm} {dt} long cols", lambda: f(big.t(), 0))
        show(f"{nm} {dt} 0-d", lambda: f(torch.tensor(1.5, dtype=dt), 0))
        show(f"{nm} {dt} 0-d dim -1", lambda: f(torch.tensor(1.5, dtype=dt), -1))
        show(f"{nm} {dt} empty", lambda: f(torch.zeros(0, 3, dtype=dt), 0))
        show(f"{nm} {dt} empty dim 1", lambda: f(torch.zeros(0, 3, dtype=dt), 1))
        show(f"{nm} {dt} dim out of range", lambda: f(x, 3))

# ties and NaN: cummax keeps the last of equal values, every later NaN
inf, nan = float("inf"), float("nan")
ties = torch.tensor([[1.0, 3.0, 3.0, nan, 2.0, nan, 5.0], [2.0, 2.0, 1.0, 1.0, -inf, inf, inf]])
print(torch.cummax(ties, 1))
print(torch.cummin(ties, 1))
print(torch.cummax(ties, 0))
print(torch.logcumsumexp(torch.tensor([-inf, -inf, 0.0, inf, inf, nan, 1.0]), 0))
print(torch.logcumsumexp(torch.tensor([1.0, nan, inf]), 0))
print(torch.cumprod(torch.tensor([2.0, inf, 0.0, nan, 3.0]), 0))

# integer and bool dtypes
for dt in (torch.int32, torch.int64, torch.uint8, torch.int8, torch.int16, torch.bool):
    v = torch.tensor([[3, 1, 0, 2, 2], [1, 1, 4, 0, 5]]).to(dt)
    for nm, f in ops:
        show(f"{nm} {dt}", lambda: f(v, 1))
print(torch.cummax(torch.tensor([True, False, True, True]), 0))
print(torch.cumprod(torch.tensor([100, 100, 100, 100], dtype=torch.int8), 0))
print(torch.cumprod(torch.tensor([1, 2, 3]), 0, dtype=torch.float32))
print(torch.tensor([1.5, 2.5, 3.5]).cumprod(0, dtype=torch.float64))
for dt in (torch.bfloat16, torch.float16):
    h = torch.randn(3, 7).to(dt)
    for nm, f in ops[:4]:
        show(f"{nm} {dt}", lambda: f(h, 1))

# gradients: node names, values, cumprod through zeros
for dt in (torch.float32, torch.float64):
    for nm, f in ops:
        a = torch.randn(3, 5, dtype=dt, requires_grad=True)
        r = f(a, 1)
        y = r[0] if isinstance(r, tuple) else r
        g = torch.randn(3, 5, dtype=dt)
        y.backward(g)
        print(nm, dt, name(y), digest(a.grad))
    for zeros in ([1], [0], [4], [1, 3], [0, 1], [2, 2]):
        base = torch.randn(5, dtype=dt) + 2
        for z in zeros:
            base[z] = 0
        a = base.clone().requires_grad_()
        y = torch.cumprod(a, 0)
        g = torch.randn(5, dtype=dt)
        y.backward(g)
        print("cumprod zeros", zeros, dt, digest(a.grad))
    m = torch.randn(4, 6, dtype=dt)
    m[1, 2] = 0
    m[2, 0] = 0
    m[2, 4] = 0
    m[3, 5] = 0
    for d in (0, 1):
        a = m.clone().requires_grad_()
        torch.cumprod(a, d).backward(torch.randn(4, 6, dtype=dt))
        print("cumprod matrix zeros dim", d, dt, digest(a.grad))
    a = torch.randn(4, 6, dtype=dt, requires_grad=True)
    g = torch.randn(4, 6, dtype=dt)
    g[0, 1] = 0
    torch.logcumsumexp(a, 0).backward(g)
    print("logcumsumexp grad with zero", dt, digest(a.grad))

# gradients of 0-d, repeated maxima
s = torch.tensor(2.0, requires_grad=True)
torch.cumprod(s, 0).backward()
print(s.grad)
t = torch.tensor([1.0, 3.0, 3.0, 2.0], requires_grad=True)
torch.cummax(t, 0).values.sum().backward()
print(t.grad)
s = torch.tensor(2.0, requires_grad=True)
torch.logcumsumexp(s, 0).backward()
print(s.grad)

# in place
a = torch.randn(3, 4)
b = a.clone()
print(digest(b.cumsum_(1)), digest(a.cumsum(1)), torch.equal(b, a.cumsum(1)))
b = a.clone()
print(digest(b.cumprod_(0)), torch.equal(b, a.cumprod(0)))
i = torch.tensor([100, 100, 100], dtype=torch.int8)
print(i.cumsum_(0), i.dtype)
i = torch.tensor([7, 9, 11], dtype=torch.int32)
print(i.cumprod_(0))
w = torch.randn(3, 4, requires_grad=True)
for nm in ("cumsum_", "cumprod_"):
    y = w * 1
    getattr(y, nm)(1)
    print(nm, name(y), y._version)
    y.backward(torch.ones(3, 4))
    print(digest(w.grad))
    w.grad = None
show("cumsum_ dtype", lambda: torch.ones(3).cumsum_(0, dtype=torch.float64))
show("cumprod_ leaf", lambda: torch.ones(3, requires_grad=True).cumprod_(0))
v = torch.arange(6.0).view(2, 3)
v.t().cumsum_(1)
print(v)

# errors
show("logcumsumexp int", lambda: torch.logcumsumexp(torch.tensor([1, 2]), 0))
show("cummax half", lambda: torch.cummax(torch.ones(2, dtype=torch.float16), 0))
show("cumprod half", lambda: torch.cumprod(torch.ones(2, dtype=torch.float16), 0))
show("cumsum_ dtype int", lambda: torch.ones(3, dtype=torch.int32).cumsum_(0, dtype=torch.int64))
show("cumprod_ dtype half", lambda: torch.ones(3, dtype=torch.float16).cumprod_(0, dtype=torch.bfloat16))
r = torch.cummax(torch.tensor([1.0, 2.0]), 0)
print(type(r).__name__, r.values, r.indices, r[0] is r.values, len(r))
v, i = torch.cummin(torch.tensor([[2.0, 1.0], [0.5, 3.0]]), dim=0)
print(v, i)

# threads: lines split across threads give the same bits
wide = torch.randn(64, 2000)
for n in (1, 2):
    torch.set_num_threads(n)
    for nm, f in ops:
        show(f"{nm} threads {n}", lambda: f(wide, 1))
        show(f"{nm} threads {n} dim 0", lambda: f(wide, 0))
