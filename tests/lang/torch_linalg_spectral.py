# torch.linalg eigh, eigvalsh, svd, svdvals and torch.svd / Tensor.svd: values, layouts, batches,
# float32/float64, gradients (LinalgEighBackward0, LinalgSvdBackward0) and errors.
import torch
L = torch.linalg
torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    a = torch.randn(2, 4, 3, dtype=dt)
    s = a.mT @ a
    e = L.eigh(s)
    print(e.eigenvalues.round(decimals=4), e.eigenvectors.abs().round(decimals=4), e.eigenvectors.stride())
    print(L.eigh(s, UPLO='U').eigenvalues.round(decimals=4), L.eigvalsh(s[0]).round(decimals=4))
    u = L.svd(a)
    print(u.U.shape, u.U.stride(), u.S.round(decimals=4), u.Vh.shape, u.Vh.stride())
    r = L.svd(a, full_matrices=False)
    print((r.U @ torch.diag_embed(r.S) @ r.Vh - a).abs().max() < 1e-4, r.U.stride(), r.Vh.stride())
    print(L.svdvals(a.mT).round(decimals=4))
    o = torch.svd(a)
    print(type(o).__name__, o.V.shape, o.V.stride(), o.S.round(decimals=4), torch.svd(a, some=False).U.shape)
    print(torch.svd(a, compute_uv=False).U, a.svd().S.round(decimals=4))
x = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
w = torch.randn(3, 3, dtype=torch.float64)
def signfix(v):
    return v * torch.sign(v[..., :1, :])
for name, f in [('eigvalsh', lambda: L.eigvalsh(x.mT @ x)), ('eigh V', lambda: signfix(L.eigh(x.mT @ x + w).eigenvectors)),
                ('eigh both', lambda: L.eigh(x.mT @ x).eigenvalues * signfix(L.eigh(x.mT @ x).eigenvectors)),
                ('svdvals', lambda: L.svdvals(x)), ('svd U', lambda: signfix(L.svd(x, full_matrices=False).U)),
                ('svd Vh', lambda: signfix(L.svd(x, full_matrices=False).Vh.mT)), ('svd wide U', lambda: signfix(L.svd(x.mT, full_matrices=False).U)),
                ('svd wide Vh', lambda: signfix(L.svd(x.mT, full_matrices=False).Vh.mT)), ('torch.svd V', lambda: signfix(torch.svd(x).V))]:
    y = f()
    print(name, y.grad_fn.name())
    g, = torch.autograd.grad((y * torch.arange(y.numel(), dtype=y.dtype).reshape(y.shape)).sum(), x)
    print(g.round(decimals=5))
print(L.svd(x).U.grad_fn.name(), L.svdvals(x).grad_fn.name(), torch.svd(x).V.grad_fn.name(), L.eigvalsh(x.mT @ x).grad_fn.name())
for f in [lambda: L.eigh(torch.ones(4, 3)), lambda: L.eigh(torch.eye(3), UPLO='X'), lambda: L.svd(torch.ones(3)),
          lambda: L.eigh(torch.ones(3, 3, dtype=torch.int64)), lambda: L.svd(torch.ones(3, 3, dtype=torch.int64)),
          lambda: L.eigvalsh(torch.ones(3)), lambda: L.svdvals(torch.ones(3, 3, dtype=torch.int64)), lambda: L.svd(torch.eye(2), driver='gesvd')]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(L.svd(torch.zeros(0, 3)), L.svdvals(torch.zeros(2, 0)), L.eigh(torch.zeros(0, 0)))
