# torch.linalg inv, solve, det, slogdet, cholesky (+ _ex) and torch.inverse/det/logdet/slogdet:
# values, layouts, batches, float32/float64, gradients and node names, errors.
import torch
L = torch.linalg
torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    a = torch.randn(3, 3, dtype=dt)
    b = torch.randn(2, 3, 3, dtype=dt)
    print(L.inv(a).round(decimals=4), L.inv(a).stride())
    print(L.inv(b.mT).round(decimals=4))
    print(L.inv_ex(b))
    print(L.det(a).round(decimals=4), L.det(b).round(decimals=4), L.det(b.mT).round(decimals=4))
    print(L.slogdet(b))
    r = torch.randn(3, 2, dtype=dt)
    print(L.solve(a, r).round(decimals=4), L.solve(a, r).stride())
    print(L.solve(b, r[:, 0]).round(decimals=4))
    print(L.solve(a, r.mT, left=False).round(decimals=4))
    print(L.solve_ex(b, r))
    s = b @ b.mT + torch.eye(3, dtype=dt)
    print(L.cholesky(s).round(decimals=4), L.cholesky(s, upper=True).round(decimals=4))
    print(L.cholesky_ex(s))
    print(torch.inverse(a).round(decimals=4), a.inverse().round(decimals=4), a.det().round(decimals=4))
    print(torch.logdet(s).round(decimals=4), torch.slogdet(a), a.slogdet(), torch.logdet(-torch.eye(3, dtype=dt)))
x = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
for f in [lambda: L.inv(x), lambda: L.det(x), lambda: L.slogdet(x).logabsdet, lambda: L.solve(x, x), lambda: L.cholesky(x @ x.mT + torch.eye(3)), lambda: torch.logdet(x @ x.mT), lambda: L.inv_ex(x).inverse, lambda: L.cholesky(x @ x.mT + torch.eye(3), upper=True)]:
    y = f()
    print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name() if y.grad_fn.next_functions[0][0] else None)
    g, = torch.autograd.grad(y.sum(), x)
    print(g.round(decimals=5))
    print(torch.autograd.gradcheck(lambda t: f(), (x,)) if False else '')
z = torch.zeros(3, 3)
n = -torch.eye(3)
for f in [lambda: L.inv(z), lambda: L.inv(torch.zeros(2, 3, 3)), lambda: L.inv(torch.zeros(1, 3, 3)), lambda: L.solve(z, z), lambda: L.solve(torch.zeros(2, 3, 3), z),
          lambda: L.cholesky(n), lambda: L.cholesky(torch.stack([torch.eye(3), n])), lambda: L.inv(torch.ones(2, 3)),
          lambda: L.inv(torch.ones(3, 3, dtype=torch.int64)), lambda: L.det(torch.ones(2, 3)), lambda: L.cholesky(torch.ones(2, 3)),
          lambda: L.solve(torch.eye(3), torch.ones(2)), lambda: L.solve(torch.eye(3), torch.ones(2, 2)), lambda: L.inv(torch.ones(3)),
          lambda: L.det(torch.ones(3, 3, dtype=torch.int64)), lambda: L.slogdet(torch.ones(2, 3)),
          lambda: L.solve(torch.eye(3), torch.ones(3, 3, dtype=torch.float64)), lambda: L.inv(torch.ones(3, 3, dtype=torch.float16))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e, isinstance(e, RuntimeError), isinstance(e, L.LinAlgError))
print(L.det(z), L.slogdet(z), L.inv_ex(z), L.cholesky_ex(n), L.solve_ex(z, z))
print(L.LinAlgError, torch.det(torch.zeros(0, 0)), L.inv(torch.zeros(2, 0, 0)))
