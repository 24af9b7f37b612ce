# Reductions with dim/keepdim/dtype, the (values, indices) results of
# max/min with a dim, and their autograd nodes
import torch


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


x = torch.tensor([[1., 5., 3.], [4., 2., 6.]], requires_grad=True)
print(x.sum(), x.sum(0), x.sum(1, keepdim=True), x.sum((0, 1)), x.sum(dim=-1))
print(torch.sum(x, 1), torch.sum(x, dim=0, keepdim=True), x.sum(dtype=torch.float64))
print(x.mean(), x.mean(1), torch.mean(x, 0, True), x.prod(), x.prod(1))
print(x.max(), x.min(), torch.max(x), x.argmax(), x.argmin(1), torch.argmax(x, dim=0, keepdim=True))
r = x.max(1)
print(r)
print(r.values, r.indices, r[0], r[1], len(r), type(r).__name__)
v, i = torch.min(x, dim=0, keepdim=True)
print(v, i)
print(x.max(dim=1, keepdim=True))
print(torch.max(x, torch.full((3,), 3.0)))
print(x.var(), x.var(1), x.var(1, unbiased=False), x.std(), x.std(0, keepdim=True))
print(x.norm(), x.norm(1), x.norm(p=2, dim=1), torch.norm(x, dim=0))
print(x.logsumexp(1), torch.logsumexp(x, dim=0, keepdim=True))
print(x.cumsum(1), torch.cumsum(x, dim=0))
b = x > 2
print(b.any(), b.all(), b.any(1), b.all(dim=0), torch.any(b), b.sum(), b.sum(0))
n = torch.tensor([[1, 2], [3, 4]])
print(n.sum(), n.sum(1), n.prod(), n.max(), n.cumsum(0), n.float().mean())
show(lambda: n.mean())
show(lambda: x.sum(5))
show(lambda: torch.tensor([]).max())
s = x.sum(1)
s.sum().backward()
print(x.grad)
