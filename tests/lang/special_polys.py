# torch.special's orthogonal polynomials against PyTorch 1.13: values bit for bit over x in and
# around [-1, 1] and degrees from -2 to 40 (with NaN, inf and fractional degrees), tensor and
# number arguments, dtype promotion, no grad_fn, errors.
import math
import torch
import torch.special
torch.manual_seed(0)
def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.detach().flatten().tolist()]
    neg = sum(1 for v in flat if math.copysign(1.0, v) < 0)
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {neg} {t.dtype}"
POLYS = ["chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w",
         "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
         "shifted_chebyshev_polynomial_w", "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l",
         "legendre_polynomial_p"]
for dtype in (torch.float32, torch.float64):
    x = torch.cat([torch.rand(2000, dtype=torch.float64) * 2.4 - 1.2, torch.rand(500, dtype=torch.float64) * 10 - 5,
                   torch.tensor([0.0, 1.0, -1.0, 0.5, float("nan"), float("inf")] * 4, dtype=torch.float64)]).to(dtype)
    n = torch.randint(-2, 40, x.shape).to(dtype)
    n[-6:] = torch.tensor([float("nan"), float("inf"), 3.7, -1.0, 100.0, 9.0])
    for name in POLYS:
        f = getattr(torch.special, name)
        print(name, digest(f(x, n)), digest(f(x[::2], n[1::2])), digest(f(x, 7)), digest(f(x.reshape(-1, 1)[:40], n[:40])))
for name in POLYS:
    f = getattr(torch.special, name)
    print(name, f(0.3, torch.arange(6)), f(torch.tensor([0.25, -0.5], dtype=torch.float64), 3), f(torch.tensor([1, 2]), torch.tensor([2, 3])))
x = torch.tensor([0.5, 0.25], requires_grad=True)
y = torch.special.legendre_polynomial_p(x, 3); print(y.grad_fn, y.requires_grad)
o = torch.empty(2); torch.special.hermite_polynomial_h(torch.tensor([0.5, 2.0]), 4, out=o); print(o)
for f in (lambda: torch.special.chebyshev_polynomial_t(x.half(), 2), lambda: torch.special.hermite_polynomial_he(x.bfloat16(), x),
          lambda: torch.special.chebyshev_polynomial_u(0.5, 2), lambda: torch.special.laguerre_polynomial_l(x.double(), x.half())):
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
# past the parallel grain: the same bits on 1 and 2 threads
big_x = torch.rand(70001, dtype=torch.float64) * 2 - 1
big_n = torch.randint(0, 30, (70001,)).double()
for threads in (1, 2):
    torch.set_num_threads(threads)
    print(threads, digest(torch.special.chebyshev_polynomial_t(big_x, big_n)), digest(torch.special.bessel_j0(big_x * 20)),
          digest(torch.special.i0e(big_x.float() * 20)), digest(torch.special.xlog1py(big_x, big_x + 1)))
