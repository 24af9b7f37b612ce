# F.soft_margin_loss / nn.SoftMarginLoss as PyTorch 1.13: values, gradients
# and second derivatives to the bit (SoftMarginLossBackward0 and
# SoftMarginLossBackwardBackward0), every reduction, broadcast targets.
import hashlib
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    for shape, tshape in (((6, 9), (6, 9)), ((4, 5, 3), (3,)), ((1000,), (1000,)), ((7,), (1,))):
        x = torch.randn(*shape, dtype=dt, requires_grad=True)
        t = torch.randint(0, 2, tshape).to(dt) * 2 - 1
        for red in ('mean', 'sum', 'none'):
            loss = F.soft_margin_loss(x * 3, t, reduction=red)
            g, = torch.autograd.grad((loss * loss).sum(), x, create_graph=True)
            gg, = torch.autograd.grad((g * g).sum(), x)
            print(dt, shape, tshape, red, dig(loss), dig(g), dig(gg), loss.grad_fn.name(), g.grad_fn.name())
x = torch.randn(3, requires_grad=True)
print(nn.SoftMarginLoss(), nn.SoftMarginLoss(reduction='sum')(x, torch.ones(3)).item())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    print(F.soft_margin_loss(x, torch.ones(3), reduce=False).shape, [str(c.message) for c in caught])
try:
    F.soft_margin_loss(x, torch.ones(2))
except RuntimeError as e:
    print('RuntimeError', e)
