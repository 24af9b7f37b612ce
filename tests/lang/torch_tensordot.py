# tensordot, inner, kron, diff, ravel, adjoint and is_nonzero: values,
# the nodes of their graphs (PyTorch's composites), gradients, errors.
import torch

torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
v = torch.randn(4, requires_grad=True)
s = torch.tensor(1.5, requires_grad=True)
b = torch.randn(2, 3, 4, dtype=torch.float64)


def chain(t):
    out = []
    f = t.grad_fn
    while f is not None:
        out.append(type(f).__name__)
        f = f.next_functions[0][0] if f.next_functions else None
    return out


def t(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, type(e).__name__, e)
        return
    if isinstance(r, torch.Tensor):
        print(label, tuple(r.shape), r.dtype, chain(r), r._base is not None, r.is_contiguous())
        print(r)
    else:
        print(label, r)


t("tensordot 1", lambda: torch.tensordot(x, x.t(), 1))
t("tensordot 0", lambda: torch.tensordot(v, v, 0))
t("tensordot 2", lambda: torch.tensordot(b, b.transpose(0, 2).double(), 2))
t("tensordot lists", lambda: torch.tensordot(x, x, dims=([1], [1])))
t("tensordot all", lambda: torch.tensordot(x, x, ([0, 1], [0, 1])))
t("tensordot reordered", lambda: torch.tensordot(b, b, ([2, 0], [2, 0])))
t("tensordot tensor dims", lambda: torch.tensordot(x, x.t(), torch.tensor(1)))
t("tensordot list of lists", lambda: torch.tensordot(x, x, dims=[[1], [1]]))
t("tensordot broadcast 1", lambda: torch.tensordot(x, torch.randn(1, 5), ([0], [0])))
t("tensordot broadcast 2", lambda: torch.tensordot(torch.randn(1, 4), x, ([0], [0])))
t("tensordot int pair", lambda: torch.tensordot(x, x, (1, 1)))
t("tensordot mismatch", lambda: torch.tensordot(x, x, 1))
t("tensordot negative", lambda: torch.tensordot(x, x, -1))
t("tensordot lengths", lambda: torch.tensordot(x, x, ([0], [0, 1])))
t("tensordot sizes", lambda: torch.tensordot(x, torch.randn(5, 4), ([1], [0])))
t("tensordot too many", lambda: torch.tensordot(x, x, 3))
t("tensordot ints", lambda: torch.tensordot(torch.arange(6).view(2, 3), torch.arange(6).view(3, 2), 1))

t("inner", lambda: torch.inner(x, x))
t("inner vectors", lambda: torch.inner(v, v))
t("inner 3d", lambda: b.inner(b[0]))
t("inner scalar", lambda: torch.inner(s, x))
t("inner scalar right", lambda: x.inner(s))
t("inner mismatch", lambda: torch.inner(x, torch.randn(3)))

t("kron", lambda: torch.kron(x, v))
t("kron scalar", lambda: torch.kron(s, x))
t("kron ranks", lambda: torch.kron(torch.arange(3), torch.ones(2, 2)))
t("kron method", lambda: v.kron(torch.tensor([1.0, -1.0])))
t("kron 3d", lambda: torch.kron(b, torch.eye(2, dtype=torch.float64)).shape)

t("diff", lambda: x.diff())
t("diff dim 0", lambda: torch.diff(x, dim=0))
t("diff n 2", lambda: x.diff(2))
t("diff n 0", lambda: x.diff(n=0))
t("diff n -1", lambda: x.diff(n=-1))
t("diff n big", lambda: x.diff(n=5))
t("diff prepend append", lambda: x.diff(dim=0, prepend=torch.zeros(1, 4), append=torch.ones(2, 4)))
t("diff prepend only", lambda: v.diff(prepend=torch.tensor([10.0])))
t("diff bool", lambda: torch.tensor([True, False, False, True]).diff())
t("diff int", lambda: torch.tensor([1, 4, 9, 16, 25]).diff(2))
t("diff uint8", lambda: torch.tensor([5, 3, 1], dtype=torch.uint8).diff())
t("diff 0d", lambda: s.diff())
t("diff prepend rank", lambda: x.diff(prepend=torch.zeros(4)))
t("diff prepend 0d", lambda: x.diff(prepend=s))
t("diff dim range", lambda: x.diff(dim=2))
t("diff transposed", lambda: x.t().diff())

t("ravel", lambda: x.ravel())
t("ravel transposed", lambda: torch.ravel(x.t()))
t("ravel 0d", lambda: s.ravel())
t("adjoint", lambda: x.adjoint())
t("adjoint 3d", lambda: torch.adjoint(b))
t("adjoint 1d", lambda: v.adjoint())

for val in [torch.tensor(0.0), torch.tensor([2]), torch.tensor(float("nan")), torch.tensor([[False]]),
            torch.tensor([1, 2]), torch.tensor([])]:
    t("is_nonzero %s" % val, lambda: val.is_nonzero())
    t("torch.is_nonzero %s" % val, lambda: torch.is_nonzero(val))

torch.manual_seed(1)
a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
c = torch.randn(4, 2, dtype=torch.float64, requires_grad=True)
loss = (torch.tensordot(a, c, 1).pow(2).sum() + torch.inner(a, a).sum() + torch.kron(a, c).sin().sum()
        + a.diff(2).pow(2).sum() + a.diff(dim=0, prepend=c.t()[:1]).abs().sum() + a.ravel().cumsum(0).sum()
        + a.adjoint().mul(a.t()).sum())
loss.backward()
print(loss.item())
print(a.grad)
print(c.grad)
