# batch_norm, layer_norm and group_norm as a user meets them: the nodes of
# their outputs, the modules' reprs and parameters, and the errors of wrong
# shapes and arguments.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(4, 6, 5, requires_grad=True)
print(F.batch_norm(x, None, None, training=True).grad_fn.name())
print(F.layer_norm(x, (5,)).grad_fn.name())
print(F.layer_norm(x, [6, 5], torch.ones(6, 5, requires_grad=True)).grad_fn.name())
print(F.group_norm(x, 3).grad_fn.name())
print(F.group_norm(x, 2, torch.ones(6), torch.zeros(6)).grad_fn.name())
print(F.layer_norm(x.detach(), (5,)).grad_fn)

ln = nn.LayerNorm([6, 5], eps=1e-6)
print(ln, [(n, tuple(p.shape)) for n, p in ln.named_parameters()])
print(nn.LayerNorm(5, elementwise_affine=False))
gn = nn.GroupNorm(3, 6)
print(gn, [(n, tuple(p.shape)) for n, p in gn.named_parameters()])
print(nn.GroupNorm(2, 4, eps=1e-3, affine=False))
y = gn(x)
print(y.grad_fn.name(), tuple(y.shape), f"{y.detach().abs().sum().item():.4f}")
y.sum().backward()
print(tuple(gn.weight.grad.shape), tuple(x.grad.shape))


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


err(lambda: nn.GroupNorm(4, 6))
err(lambda: F.group_norm(x, 4))
err(lambda: F.group_norm(x, 3, torch.ones(5)))
err(lambda: F.group_norm(x, 3, None, torch.ones(2, 3)))
err(lambda: F.group_norm(torch.randn(5), 1))
err(lambda: F.group_norm(torch.randn(1, 3), 3))
err(lambda: F.group_norm(torch.ones(2, 4, dtype=torch.long), 2))
err(lambda: F.layer_norm(x, (4,)))
err(lambda: F.layer_norm(x, (6, 4)))
err(lambda: F.layer_norm(x, (5,), torch.ones(4)))
err(lambda: F.layer_norm(x, (5,), None, torch.ones(5, 1)))
err(lambda: F.layer_norm(x, ()))
err(lambda: F.layer_norm(torch.ones(3, 4, dtype=torch.long), (4,)))
err(lambda: F.batch_norm(torch.randn(1, 3), None, None, training=True))
err(lambda: F.batch_norm(x, torch.zeros(5), torch.ones(6)))
err(lambda: F.batch_norm(x, None, None))
