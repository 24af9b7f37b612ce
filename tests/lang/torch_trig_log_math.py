# tan/asin/acos/atan/expm1/log2/log10/erfc (Sleef's vector kernels as PyTorch's vml), exp2/asinh/acosh/atanh (libm's): bits over random, strided and special values in float32/float64, int promotion, gradients and nodes, in-place forms, arc* aliases
import torch
torch.manual_seed(0)
import hashlib
def bits(t):
    v = t.detach().double().flatten().tolist()
    return len(v), hashlib.md5(",".join(float(x).hex() for x in v).encode()).hexdigest()[:12]
nan, inf = float('nan'), float('inf')
special = torch.tensor([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 1e-30, -1e-30, 1e30, -1e30, 88.0, -88.0, 710.0, inf, -inf, nan, 1.5, 0.999, -0.999, 3.14159, 1e-8])
for name in ["tan", "asin", "acos", "atan", "expm1", "log2", "log10", "erfc", "exp2", "asinh", "acosh", "atanh"]:
    f = getattr(torch, name)
    for dt in [torch.float32, torch.float64]:
        x = torch.randn(1037, dtype=dt) * 3
        y = torch.rand(1037, dtype=dt) * 4 - 2
        s = special.to(dt)
        z = torch.randn(40, 33, dtype=dt).t()
        print(name, dt, bits(f(x)), bits(f(y)), bits(f(s)), bits(f(z)), bits(f(x[:13])), [float(v).hex() for v in f(s).tolist()[:22]])
    print(name, f(torch.tensor([1, 2, 3])), f(torch.tensor([1, 2], dtype=torch.int16)).dtype)
    w = (torch.rand(6, dtype=torch.float64) * 0.8 + 0.1 if name not in ("acosh",) else torch.rand(6, dtype=torch.float64) + 1.5).requires_grad_()
    r = f(w)
    print(name, type(r.grad_fn).__name__, bits(torch.autograd.grad(r.sum(), w)[0]))
    a = w.detach().clone().float()
    getattr(a, name + "_")()
    print(name, "in-place", bits(a), bits(getattr(torch, name + "_")(w.detach().clone())))
for a, b in [("arcsin", "asin"), ("arccos", "acos"), ("arctan", "atan"), ("arcsinh", "asinh"), ("arccosh", "acosh"), ("arctanh", "atanh")]:
    x = torch.rand(5) * 0.5 + 1.1 if a == "arccosh" else torch.rand(5) * 0.5
    print(a, torch.equal(getattr(torch, a)(x), getattr(torch, b)(x)), getattr(x, a)().shape, type(getattr(torch, a)(x.requires_grad_()).grad_fn).__name__)
