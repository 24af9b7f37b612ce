# In-place ops on views rewrite their base's history (CopySlices), and ops
# that overwrite a tensor record a node whose gradient is zero, as in PyTorch.
import torch


def names(fn):
    return [type(f).__name__ if f is not None else None for f, _ in fn.next_functions]


x = torch.arange(1.0, 7.0).reshape(2, 3).requires_grad_()

print("-- an in-place op on a row of a clone")
y = x.clone()
y[0].mul_(2)
print(type(y.grad_fn).__name__, names(y.grad_fn))
y.sum().backward()
print(x.grad)
x.grad = None

print("-- a column zeroed, a transposed view scaled")
y = x * 1
y[:, 1].zero_()
y.t().mul_(3)
print(type(y.grad_fn).__name__, names(y.grad_fn))
(y * y).sum().backward()
print(x.grad)
x.grad = None

print("-- copy_ into a slice of a tensor without history")
z = torch.zeros(2, 5)
v = z[:, 1:4]
v.copy_(x)
print(type(z.grad_fn).__name__, names(z.grad_fn))
print(type(v.grad_fn).__name__, names(v.grad_fn))
(z * torch.arange(10.0).reshape(2, 5)).sum().backward()
print(x.grad)
x.grad = None

print("-- a view of a view, two in-place ops, then the view used")
y = x * x
row = y[1]
part = row[1:]
part.add_(x[0, :2])
part.div_(2)
print(type(y.grad_fn).__name__, names(y.grad_fn))
print(type(part.grad_fn).__name__, names(part.grad_fn))
(y.sum() + part.sum()).backward()
print(x.grad)
x.grad = None

print("-- the whole tensor through a reshape")
y = x + 0
flat = y.view(-1)
flat.sigmoid_()
print(type(y.grad_fn).__name__, names(y.grad_fn))
y.sum().backward()
print(x.grad)
x.grad = None

print("-- masked_fill_, clamp_ and relu_ on views")
y = x - 3
y[0].masked_fill_(y[0] > -1, 10.0)
y[1].clamp_(max=2.5)
y[:, 0].relu_()
print(y)
y.sum().backward()
print(x.grad)
x.grad = None

print("-- setitem into a view")
y = x * 2
r = y[1]
r[0:2] = torch.tensor([7.0, 8.0])
print(type(y.grad_fn).__name__, names(y.grad_fn))
y.pow(2).sum().backward()
print(x.grad)
x.grad = None

print("-- a value with history written into a view")
w = torch.tensor([0.5, 1.5], requires_grad=True)
y = x * 1
y[0, 1:].copy_(w * w)
y.sum().backward()
print(x.grad, w.grad)
x.grad = None

print("-- in-place ops on views of a non-contiguous base")
z = torch.arange(12.).reshape(3, 4).t().detach()
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z[1].mul_(w)
z[2:, 1:].add_(w[:2])
print(z.is_contiguous(), type(z.grad_fn).__name__, z)
(z * torch.arange(12.).reshape(4, 3)).sum().backward()
print(w.grad)

print("-- double backward through CopySlices")
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a * 1
b[1:].pow_(3)
(g,) = torch.autograd.grad(b.sum(), a, create_graph=True)
print(g)
g.sum().backward()
print(a.grad)

print("-- fills and draws record zero gradients")
for name, args in [("fill_", (2.0,)), ("zero_", ()), ("normal_", ()), ("uniform_", ()),
                   ("exponential_", ()), ("bernoulli_", (0.5,))]:
    y = x * 1
    getattr(y, name)(*args)
    y.sum().backward()
    print(name, type(y.grad_fn).__name__, x.grad.sum().item())
    x.grad = None
y = x * 1
y[0].fill_(4.0)
print(type(y.grad_fn).__name__, names(y.grad_fn))
y.sum().backward()
print(x.grad)
x.grad = None

print("-- errors")
y = x.exp()
y[1].add_(1)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
try:
    x[0].mul_(2)
except RuntimeError as e:
    print(e)
y = x * 1
v = y[0]
s = v.sigmoid()
v.mul_(2)
try:
    s.backward(torch.ones(3))
    print("no error")
except RuntimeError as e:
    print(str(e)[:60])
y = x * x
y[0].mul_(2)
y.sum().backward()
try:
    y.sum().backward()
except RuntimeError as e:
    print(str(e)[:52])
x.grad = None
with torch.no_grad():
    y = x * 1
    y[0].mul_(2)
print(y.grad_fn, y.requires_grad)
