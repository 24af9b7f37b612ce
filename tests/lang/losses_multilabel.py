# F.multilabel_soft_margin_loss / nn.MultiLabelSoftMarginLoss, F.gumbel_softmax
# (seeded draws, hard and soft) and the deprecated nn.NLLLoss2d, as PyTorch 1.13.
import hashlib
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    x = torch.randn(5, 7, dtype=dt, requires_grad=True)
    t = (torch.rand(5, 7) > 0.5).to(dt)
    w = torch.rand(7, dtype=dt)
    for red in ('mean', 'sum', 'none'):
        for weight in (None, w):
            loss = F.multilabel_soft_margin_loss(x, t, weight=weight, reduction=red)
            loss.sum().backward()
            print(dt, red, weight is None, dig(loss), dig(x.grad), loss.grad_fn.name())
            x.grad = None
    for hard in (False, True):
        torch.manual_seed(3)
        y = F.gumbel_softmax(x, tau=0.5, hard=hard)
        (y * torch.arange(7, dtype=dt)).sum().backward()
        print('gumbel', dt, hard, dig(y), dig(x.grad), y.grad_fn.name())
        x.grad = None
print(nn.MultiLabelSoftMarginLoss(), nn.MultiLabelSoftMarginLoss(reduction='sum')(x, t).item())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    m = nn.NLLLoss2d()
    F.gumbel_softmax(x, eps=1e-3)
    print(m, [str(c.message) for c in caught])
print(m(torch.log_softmax(torch.randn(2, 3, 4, 4), 1), torch.randint(0, 3, (2, 4, 4))).shape)
