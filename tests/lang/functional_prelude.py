# torch.nn.functional's Python-level functions (one_hot with its errors,
# normalize, softsign, tanhshrink: values, nodes and gradients as 1.13's),
# clamp_min/clamp_max with their own nodes, and DivBackward0's divisor
# gradient in PyTorch's order of roundings, bit for bit.
import torch
import torch.nn.functional as F
print(F.one_hot(torch.tensor([0, 2, 1])), F.one_hot(torch.tensor([[1], [3]]), 5).shape)
for bad in [lambda: F.one_hot(torch.tensor([0, 3]), 3), lambda: F.one_hot(torch.tensor([-1])), lambda: F.one_hot(torch.tensor([1.0])),
            lambda: F.one_hot(torch.tensor([], dtype=torch.long)), lambda: F.one_hot(torch.tensor([1]), 0), lambda: F.one_hot(torch.tensor([1]), -2)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
print(F.one_hot(torch.tensor([], dtype=torch.long), 3).shape, F.one_hot(torch.arange(3)).dtype)
torch.manual_seed(0)
x = torch.randn(4, 5, requires_grad=True)
for kw in [{}, {'p': 1}, {'dim': 0}, {'p': 3.0, 'dim': -1, 'eps': 0.5}]:
    y = F.normalize(x, **kw)
    print([repr(v) for v in y.flatten()[:3].tolist()], y.grad_fn.name())
y.sum().backward()
print([repr(v) for v in x.grad.flatten()[:3].tolist()])
z = torch.zeros(2, 3)
print(F.normalize(z))
for f in [F.softsign, F.tanhshrink]:
    x.grad = None
    y = f(x)
    y.sum().backward()
    print(f.__name__, [repr(v) for v in y.flatten()[:3].tolist()], y.grad_fn.name(), [repr(v) for v in x.grad.flatten()[:2].tolist()])
print('one_hot' in dir(F), 'normalize' in dir(F))
x = torch.randn(3, 4, requires_grad=True)
for y in [x.clamp_min(0.1), torch.clamp_max(x, -0.2)]:
    print(y.grad_fn.name(), [repr(v) for v in y.flatten()[:4].tolist()])
    (gx,) = torch.autograd.grad(y.sum(), x)
    print(gx.flatten().tolist())
torch.manual_seed(3)
a = torch.randn(1000, requires_grad=True)
b = (torch.randn(1000).abs() + 0.5).requires_grad_()
g = torch.randn(1000)
(a / b).backward(g)
print(hash(tuple(a.grad.tolist())) & 0xffffffff, hash(tuple(b.grad.tolist())) & 0xffffffff, repr(b.grad[0].item()))
