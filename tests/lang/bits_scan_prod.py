# cumsum and prod, forward and gradient, bit for bit as PyTorch 1.13 computes
# them on the CPU with its default capability on x86, AVX2 (torch.__config__
# .show() says "CPU capability usage: AVX2"): cumsum runs each scan in a
# double (int64 for integers) and stores the rounded running value; its
# gradient is the same scan from the other end. prod multiplies in the
# dtype, 32 floats (16 doubles) at a time in four 8-float (4-double) vectors
# whose lanes are then folded, the rest one by one; its gradient is
# grad * result / input, or products of the others when there are zeros.
# Each result is shown by a digest of all its values (hash of the exact
# floats) and its first value, at 1 and at 2 threads.
import torch


def digest(t):
    # NaN hashes by identity, so it is digested as a marker value
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {flat[0]!r}"


def show(label, t):
    print(label, tuple(t.shape), t.dtype, digest(t))


def views(x):
    yield "c", x
    if x.dim() >= 2:
        yield "t", x.transpose(0, -1)
    if x.shape[0] >= 2:
        yield "s", x[::2]


def near_one(shape, dtype):
    # products of many values stay in range when the values are close to 1
    spread = 0.5 if torch.Size(shape).numel() < 64 else 4.0 / torch.Size(shape).numel() ** 0.5
    return (1 + spread * torch.randn(*shape)).to(dtype)


torch.manual_seed(0)
cum_cases = [(1,), (7,), (33,), (1000,), (32769,), (1000003,), (3, 5), (1000, 37), (37, 1000),
             (2, 70000), (3, 50, 70), (5, 3, 2, 300)]
prod_cases = [(1,), (7,), (8,), (31,), (32,), (33,), (100,), (257,), (4099,), (32767,), (32768,),
              (65537,), (1000003,), (1000, 37), (37, 1000), (2, 70000), (70000, 2), (33, 1025),
              (3, 50, 70), (64, 33, 40), (5, 3, 2, 300)]
for threads in (1, 2):
    torch.set_num_threads(threads)
    print("threads", threads)
    for shape in cum_cases:
        x = torch.randn(*shape) * 3 + 0.5
        for dtype in (torch.float32, torch.float64):
            xd = x.to(dtype)
            for name, v in views(xd):
                for d in range(v.dim()):
                    show(f"cumsum {name} {d}", v.cumsum(d))
            xg = xd.clone().requires_grad_()
            g = torch.randn(*shape, dtype=dtype)
            for d in range(xg.dim()):
                xg.grad = None
                xg.cumsum(d).backward(g)
                show(f"cumsum grad {d}", xg.grad)
        xi = (x * 1000).long()
        show("cumsum long", xi.cumsum(-1))
        show("cumsum int", xi.int().cumsum(0))
    for shape in prod_cases:
        for dtype in (torch.float32, torch.float64):
            x = near_one(shape, dtype)
            for name, v in views(x):
                show(f"prod {name}", v.prod())
                for d in range(v.dim()):
                    show(f"prod {name} {d}", v.prod(d))
                    show(f"prod {name} {d}k", v.prod(d, keepdim=True))
            if x.numel() > 70000:
                continue
            xg = x.clone().requires_grad_()
            xg.prod().backward()
            show("prod grad", xg.grad)
            for d in range(x.dim()):
                xg.grad = None
                xg.prod(d).backward(torch.randn(xg.prod(d).shape, dtype=dtype))
                show(f"prod grad {d}", xg.grad)
    x = torch.randint(1, 4, (6, 50)) * (1 - 2 * torch.randint(0, 2, (6, 50)))
    show("prod long", x.prod())
    show("prod long 1", x.prod(1))
    show("prod int 0", x.int().prod(0))
    for zeros in ([3], [3, 40], [3, 40, 41]):
        for dtype in (torch.float32, torch.float64):
            x = near_one((5, 70), dtype)
            x.view(-1)[zeros] = 0
            xg = x.clone().requires_grad_()
            xg.prod().backward()
            show(f"prod grad zeros {len(zeros)}", xg.grad)
            for d in range(2):
                xg.grad = None
                xg.prod(d, keepdim=d == 1).backward(torch.randn(xg.prod(d, keepdim=d == 1).shape, dtype=dtype))
                show(f"prod grad zeros {len(zeros)} {d}", xg.grad)
    z = torch.zeros((), requires_grad=True)
    z.prod().backward()
    show("prod grad 0-d zero", z.grad)
