# Tensor.unflatten / torch.unflatten and nn.Unflatten as PyTorch 1.13: shapes, the view node, -1 inference, non-contiguous inputs, gradients, messages, module reprs.
import torch
x = torch.randn(2, 6, 3, requires_grad=True)
def t(f):
    try: r = f(); print(tuple(r.shape), r.grad_fn.name() if r.grad_fn else None, r.is_contiguous())
    except Exception as e: print(type(e).__name__, e)
t(lambda: x.unflatten(1, (2, 3)))
t(lambda: x.unflatten(-2, (3, -1)))
t(lambda: x.unflatten(1, [6]))
t(lambda: x.unflatten(1, torch.Size([2, 3])))
t(lambda: x.transpose(0, 1).unflatten(1, (1, 2)))
t(lambda: x.transpose(0, 2).unflatten(1, (2, 3)))
t(lambda: x.unflatten(1, (2, 2)))
t(lambda: x.unflatten(1, (-1, -1)))
t(lambda: x.unflatten(1, ()))
t(lambda: x.unflatten(3, (1, 3)))
t(lambda: torch.unflatten(x, 0, (1, 2)))
t(lambda: x.unflatten(1, (0, -1)))
import torch.nn as nn
m = nn.Sequential(nn.Linear(6, 12), nn.Unflatten(1, (3, 4)), nn.Unflatten(-1, [2, -1]))
print(m)
y = m(torch.randn(5, 6))
y.sum().backward()
print(tuple(y.shape), y.grad_fn.name(), m[0].weight.grad.shape)
for args in ((1.5, (2, 3)), (1, 6), (1, (2.0, 3)), ('a', (2, 3)), ('a', [('a', 2)]), ('a', (('a', 2), 3))):
    try:
        nn.Unflatten(*args)
    except TypeError as e:
        print('TypeError', e)
