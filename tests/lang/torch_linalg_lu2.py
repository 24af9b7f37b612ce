# torch.linalg.lu_factor(_ex), lu, lu_solve, torch.lu_unpack, the
# deprecated torch.lu / Tensor.lu / torch.lu_solve / Tensor.lu_solve:
# bits (digests), strides, gradients and grad_fn names, PyTorch's errors,
# float32 and float64, batched, tall, wide and empty inputs.
import warnings

import torch
L = torch.linalg


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    strides = t.stride() if t.numel() else ''
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {tuple(t.shape)} {strides} {t.dtype}"


def err(f):
    try:
        r = f()
        print("ok", digest(r) if isinstance(r, torch.Tensor) else r)
    except Exception as e:
        print(type(e).__name__, e)


torch.manual_seed(0)
for dt in [torch.float32, torch.float64]:
    for shape in [(5, 5), (6, 4), (3, 7), (2, 3, 5, 5), (2, 6, 3), (0, 3), (3, 0), (2, 0, 0), (40, 40)]:
        A = torch.randn(*shape, dtype=dt)
        LU, piv, info = L.lu_factor_ex(A)
        print(shape, dt, digest(LU), piv.flatten().tolist()[:12], piv.shape, info.shape, info.dtype)
        LU2, piv2 = L.lu_factor(A.mT.contiguous().mT) if min(A.shape[-2:]) > 0 else (LU, piv)
        print(torch.equal(LU, LU2), torch.equal(piv, piv2))
        P, Lm, U = L.lu(A)
        print(digest(P), digest(Lm), digest(U))
        P2, L2, U2 = torch.lu_unpack(LU, piv)
        print(torch.equal(P, P2), torch.equal(Lm, L2), torch.equal(U, U2))
        if A.size(-1) == A.size(-2) and A.numel():
            print(digest(P @ Lm @ U - A))
            B = torch.randn(*A.shape[:-1], 3, dtype=dt)
            for left in [True, False]:
                for adj in [False, True]:
                    Bx = B if left else B.mT
                    X = L.lu_solve(LU, piv, Bx, left=left, adjoint=adj)
                    print(left, adj, digest(X))
            print(digest(L.lu_solve(LU, piv, B[..., :1, :, :] if B.dim() == 4 else B)))
print(torch.lu_unpack(*L.lu_factor(torch.randn(3, 3)), unpack_data=False), torch.lu_unpack(*L.lu_factor(torch.randn(3, 3)), unpack_pivots=False)[0])

# gradients
A = torch.randn(2, 4, 4, dtype=torch.float64, requires_grad=True)
for shape in [(4, 4), (5, 3), (3, 5), (2, 4, 4)]:
    A = torch.randn(*shape, dtype=torch.float64, requires_grad=True)
    LU, piv = L.lu_factor(A)
    g, = torch.autograd.grad((LU * LU.detach().sin()).sum(), A)
    print(shape, LU.grad_fn.name(), g.round(decimals=5).flatten().tolist()[:6])
    P, Lm, U = L.lu(A)
    print(Lm.grad_fn.name(), U.grad_fn.name(), P.requires_grad, P.grad_fn)
    gL, = torch.autograd.grad((Lm * Lm.detach().cos()).sum(), A, retain_graph=True)
    gU, = torch.autograd.grad((U * U.detach().cos()).sum(), A, retain_graph=True)
    gB, = torch.autograd.grad((U * U.detach().cos()).sum() + Lm.sum(), A)
    print(gL.round(decimals=5).flatten().tolist()[:6], gU.round(decimals=5).flatten().tolist()[:6],
          gB.round(decimals=5).flatten().tolist()[:6])
    LU, piv = L.lu_factor(A)
    P, Lm, U = torch.lu_unpack(LU, piv)
    print(Lm.grad_fn.name(), U.grad_fn.name())
    g, = torch.autograd.grad((Lm * 2 + 1).sum() + (U * U).sum(), A)
    print(g.round(decimals=5).flatten().tolist()[:6])
    print(torch.autograd.gradcheck(lambda t: L.lu(t)[1:], (A.detach().clone().requires_grad_(),)))
A = torch.randn(2, 4, 4, dtype=torch.float64, requires_grad=True)
B = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
for left in [True, False]:
    for adj in [False, True]:
        LU, piv = L.lu_factor(A)
        Bx = B if left else B.mT
        X = L.lu_solve(LU, piv, Bx, left=left, adjoint=adj)
        gA, gB = torch.autograd.grad((X * X.detach().cos()).sum(), (A, B))
        print(left, adj, X.grad_fn.name(), gA.round(decimals=5).flatten().tolist()[:5], gB.round(decimals=5).flatten().tolist()[:5])
        print(torch.autograd.gradcheck(lambda a, b: L.lu_solve(*L.lu_factor(a), b if left else b.mT, left=left, adjoint=adj),
                                       (A.detach().clone().requires_grad_(), B.detach().clone().requires_grad_())))

# the deprecated names
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    A = torch.randn(2, 3, 3, requires_grad=True)
    r = torch.lu(A)
    print(type(r).__name__, len(r), r[0].grad_fn.name(), digest(r[0].detach()))
    r = A.lu(get_infos=True)
    print(type(r).__name__, len(r), r[2], r[0].grad_fn.name())
    print(torch.lu(torch.zeros(3, 3)), torch.lu(torch.zeros(3, 3), get_infos=True))
    b = torch.randn(2, 3, 2)
    LU, piv = torch.lu(A.detach())
    X = torch.lu_solve(b, LU, piv)
    print(digest(X), torch.equal(X, b.lu_solve(LU, piv)), torch.equal(X, L.lu_solve(LU, piv, b)))
    print(len(w), [str(x.message).split('\n')[0] for x in w])

for f in [lambda: L.lu_factor(torch.zeros(3, 3)), lambda: L.lu_factor(torch.zeros(2, 3, 3)),
          lambda: L.lu_factor(torch.ones(3)), lambda: L.lu_factor(torch.ones(3, 3, dtype=torch.long)),
          lambda: L.lu_factor(torch.ones(3, 3), pivot=False), lambda: L.lu_factor_ex(torch.zeros(3, 3)),
          lambda: L.lu_factor_ex(torch.zeros(3, 3), check_errors=True), lambda: L.lu(torch.ones(3, 3), pivot=False),
          lambda: L.lu(torch.ones(3)), lambda: torch.lu_unpack(torch.ones(3, 3), torch.ones(3, dtype=torch.long)),
          lambda: L.lu_solve(torch.eye(4), torch.arange(1, 5, dtype=torch.int32), torch.randn(3, 2)),
          lambda: L.lu_solve(torch.eye(4), torch.arange(1, 5, dtype=torch.int32), torch.randn(2, 3), left=False),
          lambda: L.lu_solve(torch.eye(4), torch.arange(1, 5), torch.randn(4, 2)),
          lambda: L.lu_solve(torch.eye(4), torch.arange(1, 5, dtype=torch.int32), torch.randn(4, 2).double()),
          lambda: L.lu_solve(torch.eye(4), torch.arange(1, 5, dtype=torch.int32), torch.randn(4)),
          lambda: L.lu_solve(torch.ones(4, 3), torch.arange(1, 4, dtype=torch.int32), torch.randn(4, 2))]:
    err(f)

# torch.cholesky (old), cholesky_solve, cholesky_inverse, triangular_solve
for dt in [torch.float32, torch.float64]:
    for shape in [(4, 4), (2, 3, 5, 5), (40, 40), (0, 0)]:
        X = torch.randn(*shape, dtype=dt)
        S = X @ X.mT + torch.eye(shape[-1], dtype=dt)
        for upper in [False, True]:
            c = torch.cholesky(S, upper)
            print(shape, dt, upper, digest(c), torch.equal(c, L.cholesky(S, upper=upper)), torch.equal(c, S.cholesky(upper=upper)))
            B = torch.randn(*shape[:-1], 3, dtype=dt)
            print(digest(torch.cholesky_solve(B, c, upper)), digest(B.cholesky_solve(c, upper=upper)))
            print(digest(torch.cholesky_inverse(c, upper)), digest(c.cholesky_inverse(upper)))
            for tr in [False, True]:
                for unit in [False, True]:
                    r = torch.triangular_solve(B, c, upper, tr, unit)
                    print(tr, unit, type(r).__name__, digest(r.solution), digest(r.cloned_coefficient), torch.equal(r.cloned_coefficient, c))
        if shape == (4, 4):
            print(digest(torch.cholesky_solve(torch.randn(2, 4, 2, dtype=dt), c)), digest(torch.triangular_solve(torch.randn(2, 4, 2, dtype=dt), c).solution))
A = torch.randn(2, 4, 4, dtype=torch.float64)
S = (A @ A.mT + torch.eye(4, dtype=torch.float64)).requires_grad_()
B = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
for upper in [False, True]:
    c = torch.cholesky(S, upper)
    g, = torch.autograd.grad((c * c.detach().cos()).sum(), S)
    print(c.grad_fn.name(), g.round(decimals=5).flatten().tolist()[:6])
    c = L.cholesky(S, upper=upper)
    x = torch.cholesky_solve(B, c, upper)
    gS, gB = torch.autograd.grad((x * x.detach().sin()).sum(), (S, B))
    print(x.grad_fn.name(), gS.round(decimals=5).flatten().tolist()[:6], gB.round(decimals=5).flatten().tolist()[:6])
    ci = torch.cholesky_inverse(L.cholesky(S, upper=upper), upper)
    g, = torch.autograd.grad((ci * ci.detach().sin()).sum(), S)
    print(ci.grad_fn.name(), g.round(decimals=5).flatten().tolist()[:6])
    C = c.detach().requires_grad_()
    print(torch.autograd.gradcheck(lambda b: torch.cholesky_solve(b, C.detach(), upper), (B,)))
    for tr in [False, True]:
        for unit in [False, True]:
            r = torch.triangular_solve(B, C, upper, tr, unit)
            gC, gB = torch.autograd.grad((r.solution * r.solution.detach().sin()).sum() + (r.cloned_coefficient ** 2).sum(), (C, B))
            print(r.solution.grad_fn.name(), r.cloned_coefficient.grad_fn.name(), gC.round(decimals=5).flatten().tolist()[:6],
                  gB.round(decimals=5).flatten().tolist()[:6])
for f in [lambda: torch.cholesky(torch.zeros(3, 3)), lambda: torch.cholesky(torch.zeros(2, 3, 3)),
          lambda: torch.cholesky(torch.zeros(3)), lambda: torch.cholesky(torch.ones(3, 3, dtype=torch.long)),
          lambda: torch.cholesky_solve(torch.zeros(3, 2), torch.zeros(3)), lambda: torch.cholesky_solve(torch.zeros(3, 2), torch.zeros(2, 2)),
          lambda: torch.cholesky_solve(torch.zeros(3, 2), torch.zeros(3, 3).double()), lambda: torch.cholesky_inverse(torch.zeros(3)),
          lambda: torch.cholesky_inverse(torch.zeros(2, 3)), lambda: torch.triangular_solve(torch.zeros(3, 2), torch.zeros(2, 2)),
          lambda: torch.triangular_solve(torch.zeros(3, 2), torch.zeros(3, 3).double()),
          lambda: torch.triangular_solve(torch.ones(3, 2), torch.zeros(3, 3))]:
    err(f)
