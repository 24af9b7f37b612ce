# torch.addmv / addmv_: gemv with alpha and beta as PyTorch's (BLAS bits over layouts), integer and empty forms, AddmvBackward0 grads, gradcheck, errors
import torch, hashlib
def h(t): return hashlib.md5(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]
torch.manual_seed(0)
for dt in [torch.float32, torch.float64]:
    for (n, m) in [(7, 21), (3, 8), (50, 37), (1, 100), (100, 1)]:
        s = torch.randn(n, dtype=dt); M = torch.randn(n, m, dtype=dt); v = torch.randn(m, dtype=dt)
        for beta, alpha in [(1, 1), (0.3, 1.7), (0, 2.5)]:
            print(dt, n, m, beta, alpha, h(torch.addmv(s, M, v, beta=beta, alpha=alpha)), h(torch.addmv(s[:1], M.t().contiguous().t(), v, beta=beta, alpha=alpha)),
                  h(torch.addmv(s, M[:, ::1], torch.randn(2 * m, dtype=dt)[::2], beta=beta, alpha=alpha)), h(torch.addmv(torch.tensor(2., dtype=dt), M, v, beta=beta, alpha=alpha)))
m = torch.randn(2, 3); v = torch.randn(3); s = torch.randn(2)
for f in [lambda: torch.addmv(s, m, v).grad_fn, lambda: torch.addmv(s, m.clone().requires_grad_(), v).grad_fn.name(), lambda: torch.addmv(s, m, torch.randn(4)), lambda: torch.addmv(s, m, v.view(3, 1)), lambda: torch.addmv(torch.randn(3), m, v), lambda: torch.addmv(s.double(), m, v), lambda: torch.addmv(s, m, v.double()), lambda: torch.addmv(torch.randn(1), m, v).shape, lambda: torch.addmv(torch.randn(2, 2), m, v), lambda: torch.addmv(torch.ones(2, dtype=torch.int64), torch.ones(2, 3, dtype=torch.int64), torch.ones(3, dtype=torch.int64), beta=2, alpha=3), lambda: torch.addmv(torch.ones(2, dtype=torch.int64), torch.ones(2, 3, dtype=torch.int64), torch.ones(3, dtype=torch.int64), beta=0.5), lambda: torch.addmv(torch.full((2,), float('nan')), m, v, beta=0), lambda: torch.addmv(s, torch.ones(2, 0), torch.ones(0), beta=2), lambda: s.clone().addmv_(m, v, alpha=2), lambda: torch.ones(1).addmv_(m, v)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
x = torch.randn(4, dtype=torch.float64, requires_grad=True); a = torch.randn(4, 5, dtype=torch.float64, requires_grad=True); b = torch.randn(5, dtype=torch.float64, requires_grad=True)
r = torch.addmv(x, a, b, beta=0.5, alpha=2); (r * torch.arange(4.)).sum().backward(); print(x.grad, a.grad, b.grad)
print(torch.autograd.gradcheck(lambda x, a, b: torch.addmv(x, a, b, beta=0.5, alpha=-1.5), (x, a, b)), torch.autograd.gradgradcheck(lambda x, a, b: torch.addmv(x, a, b), (x, a, b)))
w = x * 1; w.addmv_(a, b); print(w.grad_fn.name())
