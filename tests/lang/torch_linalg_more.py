# torch.linalg.tensorinv, tensorsolve, vander (composites: their parts'
# graphs), matmul (torch.matmul's alias), the module's attributes, and
# dir(torch.linalg).
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
for dt in [torch.float32, torch.float64]:
    A = torch.randn(4, 6, 8, 3, dtype=dt)
    print(digest(L.tensorinv(A)), digest(L.tensorinv(torch.randn(6, 2, 3, dtype=dt), ind=1)))
    A = torch.randn(2, 3, 6, dtype=dt)
    B = torch.randn(2, 3, dtype=dt)
    print(digest(L.tensorsolve(A, B)), digest(L.tensorsolve(torch.randn(6, 2, 3, dtype=dt), B, dims=(0,))))
    x = torch.randn(5, dtype=dt)
    print(digest(L.vander(x)), digest(L.vander(x, N=3)), digest(L.vander(torch.randn(2, 4, dtype=dt), N=6)))
    M = torch.randn(2, 3, 4, dtype=dt)
    print(digest(L.matmul(M, M.mT)), torch.equal(L.matmul(M, M.mT), torch.matmul(M, M.mT)), digest(L.matmul(M[0, 0], M[0].mT)))
print(L.vander(torch.tensor([1, 2, 3]), N=4), L.vander(torch.tensor([2., 3.]), N=2), L.vander(torch.tensor([[1, -2], [3, 0]])))
a = torch.randn(2, 3, 6, dtype=torch.float64, requires_grad=True)
x = L.tensorinv(a, ind=2)
print(x.grad_fn.name(), x.shape, torch.autograd.grad(x.sum(), a)[0].round(decimals=4).flatten().tolist()[:6])
b = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
x = L.tensorsolve(a, b)
ga, gb = torch.autograd.grad((x * x).sum(), (a, b))
print(x.grad_fn.name(), ga.round(decimals=4).flatten().tolist()[:6], gb.round(decimals=4).flatten().tolist())
v = torch.tensor([1.5, -2., 0.5], requires_grad=True)
y = L.vander(v, N=4)
print(y.grad_fn.name(), y, torch.autograd.grad(y.sum(), v)[0])
print(L.matmul(v, v).grad_fn.name())
print(type(L.common_notes).__name__, sorted(L.common_notes.keys()), L.Tensor is torch.Tensor, L.torch is torch, L.sys.__name__)
for f in [lambda: L.tensorinv(torch.zeros(4, 2, 2)), lambda: L.tensorinv(torch.zeros(2, 2, 2, 2)),
          lambda: L.tensorinv(torch.zeros(2, 2, 2, 2), ind=0), lambda: L.tensorsolve(torch.zeros(2, 2, 2, 2), torch.zeros(3)),
          lambda: L.vander(torch.tensor([1, 2, 3]).half()), lambda: L.vander(torch.tensor([1, 2, 3]), N=1),
          lambda: L.vander(torch.tensor(2.)), lambda: L.matmul(torch.ones(2, 3), torch.ones(2, 3))]:
    err(f)

# cross (Note [Cross product's fused multiply-add]) and the deprecated dim=None of torch.cross
import warnings
for dt in [torch.float32, torch.float64]:
    x, y = torch.randn(1000, 3, dtype=dt), torch.randn(1000, 3, dtype=dt)
    print(digest(L.cross(x, y)), digest(torch.cross(x, y, dim=1)), digest(x.cross(y, 1)), digest(L.cross(x.mT, y.mT, dim=0)))
    print(digest(L.cross(torch.randn(4, 1, 3, dtype=dt), torch.randn(5, 3, dtype=dt).unsqueeze(0))),
          digest(L.cross(torch.randn(3, 2, 5, dtype=dt), torch.randn(3, 1, 5, dtype=dt), dim=0)))
print(L.cross(torch.tensor([[1, 2, 3]]), torch.tensor([[4, 5, 6]])), L.cross(torch.zeros(0, 3), torch.zeros(0, 3)))
a = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
b = torch.randn(1, 3, dtype=torch.float64, requires_grad=True)
c = L.cross(a, b)
ga, gb = torch.autograd.grad((c * c.detach().sin()).sum(), (a, b))
print(c.grad_fn.name(), ga.round(decimals=5).tolist(), gb.round(decimals=5).tolist())
print(torch.autograd.gradcheck(lambda u, v: L.cross(u, v), (a, b)))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(digest(torch.cross(torch.randn(3, 4), torch.randn(3, 4))), torch.cross(torch.ones(2, 3), torch.ones(2, 3)).grad_fn)
    print(len(w), [str(x.message).split('\n')[0] for x in w])
for f in [lambda: L.cross(torch.ones(2, 2), torch.ones(2, 2)), lambda: L.cross(torch.ones(3, 3), torch.ones(3)),
          lambda: L.cross(torch.ones(2, 3), torch.ones(3, 3)), lambda: L.cross(torch.ones(3, 3), torch.ones(3, 3).double()),
          lambda: L.cross(torch.ones(3, 3), torch.ones(3, 3), dim=5), lambda: torch.cross(torch.ones(2, 4), torch.ones(2, 4)),
          lambda: torch.cross(torch.ones(3, 2), torch.ones(3, 2))]:
    err(f)
