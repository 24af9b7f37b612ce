# meshgrid (both indexings, the warning without one), cartesian_prod,
# take_along_dim, repeat_interleave and logspace: values, layouts, nodes,
# gradients, errors, against PyTorch 1.13.
import warnings
import torch

torch.manual_seed(0)
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([4.0, 5.0])
x = torch.randn(3, 4, requires_grad=True)


def chain(t):
    out = []
    f = t.grad_fn
    while f is not None:
        out.append(type(f).__name__)
        f = f.next_functions[0][0] if f.next_functions else None
    return out


def t(label, f):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            r = f()
        except Exception as e:
            r = e
    for w in caught:
        print("  warning", w.category.__name__, w.filename.split("/")[-1], w.lineno, w.message)
    if isinstance(r, Exception):
        print(label, type(r).__name__, str(r).split("\n")[0][:60])
    elif isinstance(r, torch.Tensor):
        print(label, tuple(r.shape), r.stride(), r.dtype, chain(r))
        print(r)
    else:
        print(label, type(r).__name__, [(tuple(q.shape), q.stride(), chain(q)) for q in r])
        for q in r:
            print(q)


t("meshgrid default", lambda: torch.meshgrid(a, b))
t("meshgrid again", lambda: torch.meshgrid(b, a))
t("meshgrid xy", lambda: torch.meshgrid(a, b, indexing="xy"))
t("meshgrid list ij", lambda: torch.meshgrid([a, b], indexing="ij"))
t("meshgrid one", lambda: torch.meshgrid((a,), indexing="ij"))
t("meshgrid three xy", lambda: torch.meshgrid(a, b, torch.arange(2.0), indexing="xy"))
t("meshgrid 0d", lambda: torch.meshgrid(a, torch.tensor(1.0), indexing="ij"))
t("meshgrid 2d", lambda: torch.meshgrid(a, torch.ones(2, 2), indexing="ij"))
t("meshgrid none", lambda: torch.meshgrid(indexing="ij"))
t("meshgrid bad indexing", lambda: torch.meshgrid(a, b, indexing="ab"))
t("meshgrid dtypes", lambda: torch.meshgrid(a, b.double(), indexing="ij"))
t("meshgrid ints", lambda: torch.meshgrid(torch.arange(3), torch.arange(2), indexing="xy"))

t("cartesian_prod", lambda: torch.cartesian_prod(a, b))
t("cartesian_prod one", lambda: torch.cartesian_prod(a))
t("cartesian_prod three", lambda: torch.cartesian_prod(a, b, b))
t("cartesian_prod ints", lambda: torch.cartesian_prod(torch.arange(2), torch.arange(3)))

idx = torch.tensor([[0], [3], [2]])
t("take_along_dim", lambda: torch.take_along_dim(x, idx, 1))
t("take_along_dim method", lambda: x.take_along_dim(torch.tensor([[0, 1]]), dim=0))
t("take_along_dim broadcast", lambda: torch.take_along_dim(x, torch.tensor([[2, 0, 1]]).t(), dim=-1))
t("take_along_dim flat", lambda: torch.take_along_dim(x, torch.tensor([5, 0, 11])))
t("take_along_dim argsort-like", lambda: torch.take_along_dim(x, x.argmax(dim=1, keepdim=True), dim=1))
t("take_along_dim float idx", lambda: torch.take_along_dim(x, torch.tensor([[0.0]]), 1))
t("take_along_dim ranks", lambda: torch.take_along_dim(x, torch.tensor([0]), 1))
t("take_along_dim range", lambda: torch.take_along_dim(x, idx, 2))
t("take_along_dim out of bounds", lambda: torch.take_along_dim(x, torch.tensor([[4]]), 1))

t("repeat_interleave int", lambda: torch.repeat_interleave(torch.tensor([1, 2]), 2))
t("repeat_interleave tensor dim", lambda: torch.tensor([[1, 2], [3, 4]]).repeat_interleave(torch.tensor([1, 2]), dim=0))
t("repeat_interleave indices", lambda: torch.repeat_interleave(torch.tensor([2, 0, 1])))
t("repeat_interleave grad", lambda: a.repeat_interleave(2))
t("repeat_interleave 2d", lambda: x.repeat_interleave(2))
t("repeat_interleave dim 1", lambda: x.repeat_interleave(torch.tensor([1, 0, 2, 1]), dim=1))
t("repeat_interleave one-element", lambda: x.repeat_interleave(torch.tensor([3]), dim=0))
t("repeat_interleave output_size", lambda: a.repeat_interleave(2, dim=0, output_size=6))
t("repeat_interleave wrong output_size", lambda: a.repeat_interleave(2, dim=0, output_size=5))
t("repeat_interleave sizes", lambda: a.repeat_interleave(torch.tensor([1, 2]), dim=0))
t("repeat_interleave negative", lambda: a.repeat_interleave(-1))
t("repeat_interleave 2d repeats", lambda: a.repeat_interleave(torch.ones(3, 1, dtype=torch.long), dim=0))
t("repeat_interleave float repeats", lambda: torch.repeat_interleave(torch.tensor([1.0, 2.0])))
t("repeat_interleave 0d", lambda: torch.tensor(5.0).repeat_interleave(3))

for dt in [None, torch.float64, torch.int64, torch.int32, torch.uint8, torch.bfloat16]:
    t("logspace %s" % dt, lambda: torch.logspace(-1.5, 2.25, 9, dtype=dt))
    t("logspace base 2 %s" % dt, lambda: torch.logspace(0, 7, 8, base=2, dtype=dt))
t("logspace one", lambda: torch.logspace(3, 9, 1))
t("logspace zero", lambda: torch.logspace(3, 9, 0))
t("logspace grad", lambda: torch.logspace(0, 1, 3, requires_grad=True))
t("logspace negative", lambda: torch.logspace(0, 1, -1))
t("logspace half", lambda: torch.logspace(0, 1, 3, dtype=torch.float16))
t("logspace uint8 negative", lambda: torch.logspace(-0.5, 1, 3, dtype=torch.uint8))
big = torch.logspace(-3.3, 2.9, 1000, base=2.718281828)
print(big.sum().item(), big[::97])

torch.manual_seed(1)
p = torch.randn(3, dtype=torch.float64, requires_grad=True)
q = torch.randn(2, dtype=torch.float64, requires_grad=True)
m = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
gx, gy = torch.meshgrid(p, q, indexing="xy")
loss = ((gx * gy).sin().sum() + torch.cartesian_prod(p, q).pow(2).sum()
        + torch.take_along_dim(m, torch.tensor([[1], [0], [3]]), 1).exp().sum()
        + m.repeat_interleave(torch.tensor([2, 0, 1]), dim=0).pow(3).sum())
loss.backward()
print(loss.item(), p.grad, q.grad, m.grad)
