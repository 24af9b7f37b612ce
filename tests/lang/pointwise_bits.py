# addcmul, addcdiv and lerp give PyTorch's bits: float32 and float64, sizes
# that take the scalar tail (5), vector lanes plus a tail (37) and many
# vectors (40000), number and tensor weights on both sides of lerp's switch
# at 0.5, broadcasting, value=, in-place forms, promotion, grad_fn names
# and PyTorch's errors. Expects PyTorch 1.13's results on a CPU where it
# reports "CPU capability usage: AVX2" (its kernels fuse a multiply-add
# into one FMA there; other capabilities may round differently).
import torch


def digest(t):
    return hash(tuple(t.flatten().tolist()))


torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    for n in (5, 37, 40000):
        a = torch.randn(n, dtype=dtype)
        b = torch.randn(n, dtype=dtype) * 3
        c = torch.rand(n, dtype=dtype) + 0.1
        w = torch.rand(n, dtype=dtype) * 3 - 1
        print(dtype, n)
        print("  addcmul", digest(torch.addcmul(a, b, c)), digest(torch.addcmul(a, b, c, value=0.3)),
              digest(a.addcmul(b, c, value=-1.7)))
        print("  addcdiv", digest(torch.addcdiv(a, b, c)), digest(torch.addcdiv(a, b, c, value=-0.001)))
        for weight in (0.3, 0.5, 0.7, -0.8, 1.3):
            print("  lerp", weight, digest(torch.lerp(a, b, weight)))
        print("  lerp tensor", digest(torch.lerp(a, b, w)), digest(a.lerp(b, w)))
        x = a.clone()
        x.addcmul_(b, c, value=0.999)
        x.addcdiv_(b, c, value=-0.01)
        x.lerp_(b, 0.9)
        x.lerp_(b, w)
        print("  in place", digest(x))
        if n == 5:
            print(" ", torch.addcmul(a, b, c, value=0.1).tolist())
            print(" ", torch.addcdiv(a, b, c, value=0.1).tolist())
            print(" ", torch.lerp(a, b, 0.6).tolist())

# broadcasting and non-contiguous operands
m = torch.randn(7, 5)
r = torch.randn(5)
col = torch.randn(7, 1)
print(torch.addcmul(m, r, col, value=-1.7).tolist())
print(torch.addcdiv(m.t(), col.t(), r.view(5, 1) + 3).tolist())
print(torch.lerp(m.t(), m.t() * 2, torch.rand(1, 7) * 2 - 0.5).tolist())

# promotion
i = torch.tensor([1, 2, 3])
f = torch.tensor([1.5, 2.0, -0.5])
print(torch.addcmul(i, i, i, value=2), torch.addcmul(i, i, i, value=2.5))
print(torch.addcmul(f, i, i), torch.addcmul(i, f, i), torch.addcmul(f, f.double(), f))
print(torch.addcdiv(i, f, f), torch.addcdiv(f, f, i, value=2))
print(torch.lerp(f, torch.tensor(1.0), 0.3), torch.lerp(torch.tensor(1.0), f, 0.3))
print(torch.lerp(f, f * 2, torch.tensor(0.25)))

# autograd
x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = torch.tensor([0.5, 4.0, -1.0], requires_grad=True)
z = torch.tensor([2.0, 0.25, -3.0], requires_grad=True)
for out in (torch.addcmul(x, y, z, value=0.5), torch.addcdiv(x, y, z, value=-2),
            torch.lerp(x, y, 0.3), torch.lerp(x, y, z)):
    print(out.grad_fn.name())
    gx, gy, gz = torch.autograd.grad(out.sum(), (x, y, z), allow_unused=True)
    print(gx, gy, gz)

# errors
for expr in ["torch.addcmul(torch.tensor([True]), torch.tensor([True]), torch.tensor([True]))",
             "torch.addcdiv(i, i, i)", "torch.addcdiv(f, i, i)",
             "torch.lerp(i, i, 0.5)", "torch.lerp(i, i, i)", "torch.lerp(f, f.double(), 0.5)",
             "torch.lerp(f, f, f.double())", "f.clone().lerp_(torch.ones(2, 3), 0.5)",
             "i.clone().addcmul_(f, f)", "torch.addcmul(f, f, torch.ones(2))"]:
    try:
        eval(expr)
    except RuntimeError as e:
        print(expr, "->", str(e)[:120])
