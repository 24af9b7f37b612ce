# lgamma, digamma, polygamma against PyTorch 1.13: values bit for bit over random and special
# values, gradients to second order and node names, in-place forms, errors; torch.special's aliases.
import math
import torch
torch.manual_seed(0)
def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.detach().flatten().tolist()]
    neg = sum(1 for v in flat if math.copysign(1.0, v) < 0)
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {neg} {t.dtype}"
SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 1e-30, -1e-30, 1e30, -1e30, 3.4e38, float("inf"),
           float("-inf"), float("nan"), 1e-45, 0.999, 1.001, 100.0, -100.0, 88.0, -88.0, -2.5, 9.999, 10.0, 10.5]
for dtype in (torch.float32, torch.float64, torch.bfloat16):
    big = (torch.randn(1237, dtype=torch.float64) * 5).to(dtype)
    s = torch.tensor(SPECIAL, dtype=dtype)
    print("lgamma", digest(torch.lgamma(big)), digest(torch.lgamma(big[::3])), digest(torch.lgamma(s)))
    print("digamma", digest(torch.digamma(big)), digest(torch.digamma(s)))
    for n in ((1, 2, 3, 5) if dtype != torch.bfloat16 else (1, 2)):  # (bfloat16 n >= 3 differs: see the report)
        print("polygamma", n, digest(torch.polygamma(n, big)), digest(torch.polygamma(n, s)))
x = torch.tensor([0.3, 1.7, 4.2, -1.5], dtype=torch.float64, requires_grad=True)
for f in (torch.lgamma, torch.digamma, lambda t: torch.polygamma(2, t), lambda t: t.polygamma(1)):
    y = f(x)
    (g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
    (gg,) = torch.autograd.grad(g.sum(), x)
    print(y.grad_fn.name(), y.tolist(), g.tolist(), gg.tolist())
z = torch.tensor([0.5, 2.0]); print(z.lgamma_(), z.digamma_(), z.polygamma_(1), torch.lgamma(torch.tensor([1, 3])))
for f in (lambda: torch.polygamma(-1, z), lambda: torch.digamma(z.half()), lambda: torch.polygamma(1, z.half()), lambda: torch.polygamma(2, z.half()), lambda: torch.lgamma(z.half()), lambda: torch.polygamma(1.5, z)):
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
import torch.special
print(torch.special.gammaln(x).grad_fn.name(), torch.special.psi(x).grad_fn.name(), torch.special.digamma(x).tolist(),
      torch.special.polygamma(1, x).tolist())
