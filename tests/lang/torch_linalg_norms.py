# torch.linalg.vector_norm (LinalgVectorNormBackward0, torch.norm's
# reduction order), matrix_norm, norm, cond, matrix_rank, pinv; bits
# (digests), gradients, grad_fn names and PyTorch's errors, float32 and
# float64, batched and empty inputs, one and two threads.
import torch
L = torch.linalg


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {tuple(t.shape)} {t.dtype}"


def err(f):
    try:
        r = f()
        print("ok", digest(r) if isinstance(r, torch.Tensor) else r)
    except Exception as e:
        print(type(e).__name__, e)


torch.manual_seed(0)
inf = float('inf')
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dt in [torch.float32, torch.float64]:
        x = torch.randn(5, 7, 300, dtype=dt)
        for o in [2, 1, 3, 0.5, 0, inf, -inf, -1.5]:
            for dim in [None, -1, (0, 2), 1, ()]:
                for kd in [False, True]:
                    print(threads, dt, o, dim, kd, digest(L.vector_norm(x, o, dim, kd)))
        print(digest(L.vector_norm(x.mT, 2.5, 1)), digest(L.vector_norm(x[:, ::2], 2)))
    print(digest(L.vector_norm(torch.randn(40, 30), 2, 0, dtype=torch.float64)))

a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
for o in [2, 1, 3, 0.5, 0, inf, -inf, -1.5]:
    for dim in [None, 0, (0, 1)]:
        y = L.vector_norm(a, o, dim)
        g, = torch.autograd.grad(y.sum(), a, allow_unused=True)
        print(o, dim, y.grad_fn.name(), digest(y), g)
b = torch.tensor([[0., 3., -3.], [0., 0., 0.]], requires_grad=True)
for o in [2, 1, inf, 0.5]:
    y = L.vector_norm(b, o, 1)
    print(o, y, torch.autograd.grad(y.sum(), b)[0])
print(L.vector_norm(torch.tensor(3.), 2, 0), L.vector_norm(torch.ones(2, 3), 2, None, True))
print(L.vector_norm(torch.ones(3, dtype=torch.complex64) * (1 + 1j)))
for f in [lambda: L.vector_norm(torch.arange(3)), lambda: L.vector_norm(torch.zeros(0, 3), inf),
          lambda: L.vector_norm(torch.zeros(0, 3), inf, dim=1), lambda: L.vector_norm(torch.zeros(0, 3), -inf, dim=0),
          lambda: L.vector_norm(torch.zeros(0, 3), -1, dim=(1, 0)), lambda: L.vector_norm(torch.zeros(0, 3), -0.5),
          lambda: L.vector_norm(torch.zeros(0, 3), 2), lambda: L.vector_norm(torch.zeros(0, 3), 0, 0),
          lambda: L.vector_norm(torch.zeros(2, 0, 3), inf, dim=(0, 2)),
          lambda: L.vector_norm(torch.ones(3), 2, dtype=torch.float64),
          lambda: L.vector_norm(torch.ones(3, dtype=torch.float64), 2, dtype=torch.float32),
          lambda: L.vector_norm(torch.ones(3), 2, dtype=torch.int64),
          lambda: L.vector_norm(torch.ones(3), 'fro'), lambda: L.vector_norm(torch.ones(3), 2, 5),
          lambda: L.vector_norm(torch.ones(2, 3), 2, (0, 0))]:
    err(f)

# matrix_norm / norm: values, keepdim, dims, dtype=, graphs
torch.set_num_threads(1)
A = torch.randn(2, 4, 3, dtype=torch.float64, requires_grad=True)
for o in ['fro', 'nuc', inf, -inf, 1, -1, 2, -2]:
    for dim in [(-2, -1), (0, 2), (2, 0), (1, 0)]:
        for kd in [False, True]:
            y = L.matrix_norm(A, o, dim, kd)
            g, = torch.autograd.grad(y.sum(), A)
            print(o, dim, kd, y.grad_fn.name(), tuple(y.shape), y.detach().round(decimals=6).flatten().tolist(),
                  g.round(decimals=4).flatten().tolist()[:6])
    print(digest(L.matrix_norm(A.float().detach(), o)), digest(L.matrix_norm(A.detach().float(), o, dtype=torch.float64)))
Af = torch.randn(3, 5, 5)
for o in [None, 'fro', 'nuc', inf, -inf, 1, -1, 2, -2, 3, 0.5, 0]:
    for dim in [None, 1, (0, 1), (1, 2), -1]:
        for X in [Af, Af[0], Af[0, 0]]:
            err(lambda: L.norm(X, o, dim))
print(L.norm(A, dtype=torch.float64).grad_fn.name(), L.norm(A[0], 2).grad_fn.name(), L.norm(A[0], 'nuc').grad_fn.name())
print(L.norm(Af[0], keepdim=True).shape, L.norm(Af[0], 1, keepdim=True).shape, L.norm(Af, 2, (0, 2), True).shape)
print(L.matrix_norm(torch.zeros(0, 3), 1), L.matrix_norm(torch.zeros(3, 0), inf), L.matrix_norm(torch.zeros(2, 0, 0)))
for f in [lambda: L.matrix_norm(torch.ones(3), 2), lambda: L.matrix_norm(torch.ones(3, 3), 3),
          lambda: L.matrix_norm(torch.ones(3, 3), 'abc'), lambda: L.matrix_norm(torch.ones(3, 3), dim=(0, 0)),
          lambda: L.matrix_norm(torch.ones(3, 3), dim=(1, -1)), lambda: L.matrix_norm(torch.ones(3, 3), dim=(0, 5)),
          lambda: L.matrix_norm(torch.ones(3, 3), dim=(0, 1, 2)),
          lambda: L.matrix_norm(torch.ones(3, 3, dtype=torch.long)), lambda: L.matrix_norm(torch.ones(3, 3).half(), 'nuc'),
          lambda: L.matrix_norm(torch.ones(3, 3).half(), 2), lambda: L.matrix_norm(torch.ones(3, 3), 1, dtype=torch.int32),
          lambda: L.matrix_norm(torch.ones(3, 3).double(), 1, dtype=torch.float32),
          lambda: L.matrix_norm(torch.zeros(0, 3), 2), lambda: L.norm(torch.ones(3, 3), 2, dim=(0, 1, 2)),
          lambda: L.norm(torch.ones(3, 3), 'nuc', dim=(0, 1, 2)), lambda: L.norm(torch.ones(3, 3, 3), 2),
          lambda: L.norm(torch.ones(3, 3, 3), 'fro'), lambda: L.norm(torch.ones(3), 'fro'), lambda: L.norm(torch.ones(3, 3, 3))]:
    err(f)

# cond
C = torch.randn(3, 4, 4, dtype=torch.float64, requires_grad=True)
for p in [None, 2, -2, 1, -1, inf, -inf, 'fro', 'nuc']:
    y = L.cond(C, p)
    print(p, y.grad_fn.name(), y.detach().round(decimals=6).tolist())
    err(lambda: torch.autograd.grad(y.sum(), C)[0].round(decimals=4).flatten().tolist()[:5])
    print(digest(L.cond(C.detach().float(), p)))
print(L.cond(torch.randn(3, 5, 2)).shape, L.cond(torch.zeros(2, 2)), L.cond(torch.zeros(2, 2), 1), L.cond(torch.ones(2, 0, 0)),
      L.cond(torch.ones(2, 0, 0), 1), L.cond(torch.zeros(2, 2), 'nuc'))
for f in [lambda: L.cond(torch.ones(3)), lambda: L.cond(torch.ones(2, 3), 1), lambda: L.cond(torch.ones(2, 3), 1.0),
          lambda: L.cond(torch.ones(2, 3), inf), lambda: L.cond(torch.ones(2, 3), -inf),
          lambda: L.cond(torch.ones(2, 3), 'fro'), lambda: L.cond(torch.ones(2, 3), 3), lambda: L.cond(torch.ones(2, 2), 'abc'),
          lambda: L.cond(torch.ones(2, 2, dtype=torch.long))]:
    err(f)

# matrix_rank
R = torch.randn(4, 5, 3) @ torch.randn(4, 3, 6)
Rh = R @ R.mT
for kw in [{}, {'atol': 1.0}, {'rtol': 0.5}, {'atol': 0.1, 'rtol': 0.3}, {'atol': torch.tensor([0.5, 100., 0, 1e-3])},
           {'hermitian': True}, {'hermitian': True, 'atol': 5.0}]:
    for X in [R, Rh, R.double(), Rh.double()]:
        if X.size(-1) == X.size(-2) or 'hermitian' not in kw:
            print(kw.keys(), L.matrix_rank(X, **kw))
print(L.matrix_rank(R, 0.5), L.matrix_rank(R, tol=0.5), L.matrix_rank(torch.zeros(3, 3)), L.matrix_rank(torch.ones(2, 0, 3)),
      L.matrix_rank(torch.eye(4)), L.matrix_rank(torch.eye(4), hermitian=True))
for f in [lambda: L.matrix_rank(torch.ones(3)), lambda: L.matrix_rank(torch.ones(3, 3, dtype=torch.long)),
          lambda: L.matrix_rank(torch.ones(3, 3), atol=torch.ones(3, dtype=torch.complex64))]:
    err(f)

# pinv / pinverse
for dt in [torch.float32, torch.float64]:
    for shape in [(4, 3), (3, 5), (2, 4, 4), (2, 3, 6, 2)]:
        P = torch.randn(*shape, dtype=dt)
        print(shape, dt, digest(L.pinv(P)), digest(L.pinv(P, rtol=0.3)), digest(L.pinv(P, atol=0.5, rtol=0.1)),
              digest(L.pinv(P, 0.2)), digest(torch.pinverse(P)), digest(P.pinverse(0.1)))
    H = torch.randn(3, 4, 4, dtype=dt)
    H = H + H.mT
    print(digest(L.pinv(H, hermitian=True)), digest(L.pinv(H, atol=1.0, hermitian=True)), digest(L.pinv(H, 0.3, True)))
P = torch.randn(2, 3, 5, dtype=torch.float64, requires_grad=True)
for X in [P, P.mT]:
    y = L.pinv(X)
    g, = torch.autograd.grad((y * y).sum(), P)
    print(y.grad_fn.name(), y.detach().round(decimals=6).flatten().tolist()[:4], g.round(decimals=5).flatten().tolist()[:6])
    print(torch.autograd.gradcheck(lambda t: L.pinv(t), (X.detach().contiguous().requires_grad_(),)))
print(L.pinv(torch.zeros(2, 0, 3)).shape, L.pinv(torch.zeros(0, 3)), L.pinv(torch.zeros(3, 3)),
      L.pinv(torch.tensor([[1., 2.], [2., 4.]])), L.pinv(torch.tensor([[1., 2.], [2., 4.]]), hermitian=True))
print(L.pinv(torch.randn(3, 4, 4), atol=torch.tensor([0.5, 1e3, 0.]).double()).shape)
for f in [lambda: L.pinv(torch.ones(3)), lambda: L.pinv(torch.ones(3, 3, dtype=torch.long)),
          lambda: L.pinv(torch.ones(3, 3).half()), lambda: L.pinv(torch.ones(3, 2), atol=torch.ones(3, dtype=torch.complex64)),
          lambda: L.pinv(torch.ones(3, 2), rtol=torch.ones(3, dtype=torch.complex64)),
          lambda: torch.pinverse(torch.ones(3)), lambda: L.pinv(torch.ones(2, 3), hermitian=True)]:
    err(f)

# dist / renorm
for dt in [torch.float32, torch.float64]:
    x, y = torch.randn(5, 300, dtype=dt), torch.randn(300, dtype=dt)
    for p in [2, 1, 3, 0.5, 0, inf, -inf]:
        print(p, digest(torch.dist(x, y, p)), digest(x.dist(y, p)))
    for p in [2, 1, 3, 0.5, inf]:
        for dim in [0, 1, -1]:
            for mx in [0.0, 1.0, 10.0, 1e9]:
                print(p, dim, mx, digest(torch.renorm(x, p, dim, mx)), digest(x.mT.renorm(p, dim, mx)))
a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
b = torch.randn(4, dtype=torch.float64, requires_grad=True)
for p in [2, 1, 3, 0.5, inf]:
    d = torch.dist(a, b, p)
    ga, gb = torch.autograd.grad(d, (a, b), allow_unused=True)
    print(p, d.grad_fn.name(), d.item(), ga, gb)
for p, dim, mx in [(2, 0, 1.0), (1, 1, 0.5), (3, -1, 1.2), (inf, 0, 0.9)]:
    r = torch.renorm(a, p, dim, mx)
    g, = torch.autograd.grad((r * r.detach().exp()).sum(), a)
    print(p, dim, mx, r.grad_fn.name(), r.detach().round(decimals=6).tolist(), g.round(decimals=5).tolist())
    c = a.clone()
    c.renorm_(p, dim, mx)
    g2, = torch.autograd.grad((c * r.detach().exp()).sum(), a)
    print(c.grad_fn.name(), c._version, torch.equal(c, r), torch.equal(g, g2))
print(torch.renorm(torch.zeros(0, 3), 2, 1, 1), digest(torch.renorm(torch.randn(4, 5).half(), 2, 1, 1)))
print(torch.dist(torch.ones(0), torch.ones(0), inf), torch.dist(torch.ones(3), torch.arange(3)),
      torch.dist(torch.ones(3), torch.ones(3).double()))
for f in [lambda: torch.dist(torch.arange(3), torch.arange(3)), lambda: torch.dist(torch.ones(3), torch.ones(2)),
          lambda: torch.dist(torch.ones(3), torch.ones(3), 'fro'), lambda: torch.renorm(torch.ones(3), 2, 0, 1),
          lambda: torch.renorm(torch.ones(3, 3), 0, 0, 1), lambda: torch.renorm(torch.ones(3, 3), -1, 0, 1),
          lambda: torch.renorm(torch.ones(3, 3), 2, 0, -1), lambda: torch.renorm(torch.ones(3, 3), 2, 5, 1),
          lambda: torch.renorm(torch.ones(3, 3, dtype=torch.long), 2, 0, 1), lambda: torch.renorm(torch.ones(3, 3), 2, 0, 1j),
          lambda: torch.ones(3, 3, requires_grad=True).renorm_(2, 0, 1)]:
    err(f)
