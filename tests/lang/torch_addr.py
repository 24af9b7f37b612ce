# torch.addr / Tensor.addr(_): PyTorch's rounding (vector form and scalar tail, Note [addr's rounding]) over layouts and dtypes, beta 0, bool and integer forms, AddrBackward0 grads, gradcheck, errors
import torch, hashlib
def h(t): return hashlib.md5(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]
torch.manual_seed(0)
for dt in [torch.float32, torch.float64]:
    for (n, m) in [(7, 21), (3, 8), (50, 37), (1, 100)]:
        s = torch.randn(n, m, dtype=dt); v1 = torch.randn(n, dtype=dt); v2 = torch.randn(m, dtype=dt)
        for beta, alpha in [(1, 1), (0.3, 1.7), (0, 2.5), (0.7, 1.0)]:
            print(dt, n, m, beta, alpha, h(torch.addr(s, v1, v2, beta=beta, alpha=alpha)), h(torch.addr(s[0], v1, v2, beta=beta, alpha=alpha)),
                  h(torch.addr(s.t().contiguous().t(), v1, v2, beta=beta, alpha=alpha)), h(torch.addr(s[:, :1], v1, v2, beta=beta, alpha=alpha)))
s = torch.randn(2, 3); v1 = torch.randn(2, requires_grad=True); v2 = torch.randn(3)
for f in [lambda: torch.addr(s, v1, v2).grad_fn.name(), lambda: torch.addr(s, v1.double(), v2), lambda: torch.addr(s.double(), v1, v2).dtype, lambda: torch.addr(torch.randn(3), v1, v2).shape, lambda: torch.addr(torch.randn(2), v1, v2), lambda: torch.addr(torch.randn(4, 2, 3), v1, v2), lambda: torch.addr(s, v1.view(2, 1), v2), lambda: torch.addr(torch.ones(2, 3, dtype=torch.int64), torch.ones(2, dtype=torch.int64), torch.ones(3, dtype=torch.int64), beta=2, alpha=3), lambda: torch.addr(torch.ones(2, 3, dtype=torch.bool), torch.ones(2, dtype=torch.bool), torch.zeros(3, dtype=torch.bool)), lambda: torch.addr(torch.ones(2, 3, dtype=torch.int64), torch.ones(2, dtype=torch.int64), torch.ones(3, dtype=torch.int64), beta=0.5), lambda: torch.addr(torch.ones(2, 3), torch.ones(2, dtype=torch.int64), torch.ones(3, dtype=torch.int64)), lambda: torch.addr(torch.full((2, 3), float('nan')), torch.ones(2), torch.ones(3), beta=0)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
x = torch.randn(4, 5, dtype=torch.float64, requires_grad=True); a = torch.randn(4, dtype=torch.float64, requires_grad=True); b = torch.randn(5, dtype=torch.float64, requires_grad=True)
r = torch.addr(x, a, b, beta=0.5, alpha=2); (r * torch.arange(20.).view(4, 5)).sum().backward(); print(x.grad, a.grad, b.grad)
print(torch.autograd.gradcheck(lambda x, a, b: torch.addr(x, a, b, beta=0.5, alpha=-1.5), (x, a, b)), torch.autograd.gradgradcheck(lambda x, a, b: torch.addr(x, a, b), (x, a, b)))
y = torch.randn(4, 5); y2 = y.clone(); y.addr_(torch.randn(4), torch.randn(5), alpha=3); print(h(y))
z = x.detach().clone().requires_grad_(); w = z * 1; w.addr_(a, b); print(w.grad_fn.name())
