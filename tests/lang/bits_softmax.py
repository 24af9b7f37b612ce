# softmax, log_softmax and their gradients bit for bit as PyTorch 1.13's CPU
# kernels give them (AVX2 capability, as torch.__config__.show() reports on
# x86: SLEEF's vector exp and log, libm's for the scalar tails, FMAs where
# its build fused them) over every dim, at 1 and 2 threads (softmax over a
# dim that is not the last splits its columns into vectors where a thread's
# range allows), float32 and float64, contiguous or not, with NaN and
# infinities, F.softmax's dtype= and F.softmin.
import torch
import torch.nn.functional as F


def digest(t):
    # NaN hashes by identity, so it is digested as a marker value
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


def check(label, x, dim, fn, **kw):
    xg = x.detach().requires_grad_()
    y = fn(xg, dim, **kw)
    y.backward(torch.randn(y.shape, dtype=y.dtype))
    print(label, tuple(x.shape), str(x.dtype)[6:], dim, fn.__name__, digest(y), digest(xg.grad))


SHAPES = [(7,), (5, 3), (1000, 37), (3, 4, 5, 6), (2, 70000), (70000, 2), (33, 17, 9), (5, 1), (1001, 7, 13)]
for threads in [1, 2]:
    torch.set_num_threads(threads)
    torch.manual_seed(threads)
    print("threads", threads)
    for shape in SHAPES:
        for dt in [torch.float32, torch.float64]:
            x = torch.randn(*shape, dtype=dt) * 3
            for dim in range(len(shape)):
                for fn in [F.softmax, F.log_softmax]:
                    check("", x, dim, fn)
    # columns split mid-row between the two threads; C at least 32768
    for shape, dim in [((3, 40000), 0), ((6, 35000), 0), ((2, 33000, 3), 1)]:
        x = torch.randn(*shape)
        for fn in [F.softmax, F.log_softmax]:
            check("split", x, dim, fn)
    # NaN and infinities: PyTorch's scalar tails skip a NaN in the max
    for shape in [(9, 11, 17), (40, 3)]:
        for dt in [torch.float32, torch.float64]:
            x = torch.randn(*shape, dtype=dt) * 4
            flat = x.view(-1)
            flat[::29] = float("nan")
            flat[5::23] = float("inf")
            flat[7::19] = -float("inf")
            for dim in range(len(shape)):
                for fn in [F.softmax, F.log_softmax]:
                    check("special", x, dim, fn)
    # non-contiguous inputs (made contiguous first) and gradients
    base = torch.randn(40, 30, 20)
    for name, v in [("transposed", base.transpose(0, 2)), ("sliced", base[:, ::3, 1:]), ("permuted", base.permute(1, 2, 0))]:
        for dim in range(3):
            for fn in [torch.softmax, torch.log_softmax]:
                check(name, v, dim, fn)
                xg = v.detach().requires_grad_()
                fn(xg, dim).sum().backward()
                print(name, "sum", dim, fn.__name__, digest(xg.grad))

torch.manual_seed(3)
s = torch.tensor(2.5, requires_grad=True)
for fn in [torch.softmax, torch.log_softmax]:
    y = fn(s, 0)
    y.backward(torch.tensor(0.7))
    print("0-d", fn.__name__, y, s.grad)
    s.grad = None
x = torch.randn(50, 37)
for dim in [0, 1]:
    for fn in [F.softmax, F.log_softmax, F.softmin]:
        check("dtype", x, dim, fn, dtype=torch.float64)
        check("plain", x, dim, fn)

# gradients taken with create_graph=True come from the same kernels, under
# nodes of their own, and differentiate again by PyTorch's formulas
for shape, dim in [((50, 37), 0), ((50, 37), 1), ((4, 9, 11), 1)]:
    for fn in [torch.softmax, torch.log_softmax]:
        x = torch.randn(*shape, requires_grad=True)
        go = torch.randn(*shape, requires_grad=True)
        g, = torch.autograd.grad(fn(x, dim), x, go, create_graph=True)
        print("create_graph", shape, dim, fn.__name__, type(g.grad_fn).__name__, digest(g))
        gx, ggo = torch.autograd.grad(g, [x, go], torch.randn(*shape))
        print("double", digest(gx), digest(ggo))

# rows longer than 64 go by chunks of rows (PyTorch's _vec_softmax_lastdim
# and _vec_log_softmax_lastdim): odd lengths, more rows than a chunk, NaN
# and infinities in some rows, a maximum of +0 and -0 (in one lane and in
# different lanes) over values whose exps vanish
for threads in [1, 2]:
    torch.set_num_threads(threads)
    torch.manual_seed(10 + threads)
    for shape in [(300, 100), (37, 1029), (4, 4099), (700, 65), (4, 70001)]:
        for dt in [torch.float32, torch.float64]:
            x = torch.randn(*shape, dtype=dt) * 3
            for fn in [F.softmax, F.log_softmax]:
                check("long", x, -1, fn)
            x[0] = -1000.0
            x[0, 8], x[0, 16], x[0, 21] = -0.0, 0.0, -0.0
            x[1, 5] = float("nan")
            x[2, 3] = float("inf")
            x[3, -1] = -float("inf")
            for fn in [F.softmax, F.log_softmax]:
                check("long special", x, -1, fn)
                print("rows", fn(x[:4], -1)[:, :3].tolist())
