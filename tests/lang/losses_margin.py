# F.multi_margin_loss / nn.MultiMarginLoss and F.multilabel_margin_loss /
# nn.MultiLabelMarginLoss as PyTorch 1.13's CPU loops compute them: values
# and gradients to the bit (frame sums in the dtype, batch sums in double,
# the gradient's 1/(nframe*dim) scale), p 1 and 2, margins, class weights,
# every reduction, 1-d and 0-d inputs, node names, reprs, legacy
# arguments, errors.
import hashlib
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


def attempt(f):
    try:
        r = f()
        print("ok", tuple(r.shape), r.dtype)
    except Exception as e:
        print(type(e).__name__, str(e))


torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    for n, c in ((5, 7), (64, 10), (1, 3)):
        x = (torch.randn(n, c, dtype=dt) * 2).requires_grad_()
        t = torch.randint(0, c, (n,))
        w = torch.rand(c, dtype=dt) + 0.5
        lab = torch.randint(-1, c, (n, c))
        for red in ('mean', 'sum', 'none'):
            for p in (1, 2):
                for margin in (1.0, 0.3):
                    for weight in (None, w):
                        y = F.multi_margin_loss(x, t, p=p, margin=margin, weight=weight, reduction=red)
                        g, = torch.autograd.grad(y, x, torch.randn_like(y))
                        print(dt, n, c, red, p, margin, weight is not None, y.grad_fn.name(), dig(y), dig(g))
            y = F.multilabel_margin_loss(x, lab, reduction=red)
            g, = torch.autograd.grad(y, x, torch.randn_like(y))
            print(dt, n, c, red, 'multilabel', y.grad_fn.name(), dig(y), dig(g))
        xt = x.detach().t().contiguous().t().requires_grad_()
        y = F.multi_margin_loss(xt, t, p=2)
        y.backward()
        print('strided', dig(y), dig(xt.grad))

# 1-d and 0-d inputs
x1 = torch.randn(6, requires_grad=True)
for red in ('none', 'mean', 'sum'):
    print(red, F.multi_margin_loss(x1, torch.tensor([2]), reduction=red))
    print(red, F.multi_margin_loss(x1, torch.tensor(2), reduction=red))
    print(red, F.multilabel_margin_loss(x1, torch.tensor([3, 0, -1, 5, 1, 1]), reduction=red))
    print(red, F.multi_margin_loss(torch.tensor(0.5), torch.tensor([0]), reduction=red))
y = F.multilabel_margin_loss(x1, torch.tensor([3, 0, -1, 5, 1, 1]), reduction='none')
y.backward()
print(x1.grad)

# modules
torch.manual_seed(1)
x = torch.randn(4, 5, requires_grad=True)
t = torch.tensor([0, 4, 2, 2])
for m in (nn.MultiMarginLoss(), nn.MultiMarginLoss(p=2, margin=0.5, weight=torch.arange(1., 6.), reduction='sum'),
          nn.MultiLabelMarginLoss(), nn.MultiLabelMarginLoss(reduction='none')):
    target = t if isinstance(m, nn.MultiMarginLoss) else torch.tensor([[0, 1, -1, 0, 0]] * 4)
    print(m, m(x, target))
print(nn.MultiMarginLoss(weight=torch.ones(5)).weight)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    print(F.multi_margin_loss(x, t, size_average=False).item(), F.multilabel_margin_loss(x, target, reduce=False).shape,
          [str(c.message) for c in caught])

# errors
x = torch.randn(3, 4)
attempt(lambda: F.multi_margin_loss(x, torch.tensor([0, 1, 4])))
attempt(lambda: F.multi_margin_loss(x, torch.tensor([0, -1, 3])))
attempt(lambda: F.multi_margin_loss(x, torch.tensor([0, 1])))
attempt(lambda: F.multi_margin_loss(x, torch.tensor([0, 1, 2]), p=3))
attempt(lambda: nn.MultiMarginLoss(p=0))
attempt(lambda: F.multi_margin_loss(x, torch.tensor([0, 1, 2]), weight=torch.ones(2, 2)))
attempt(lambda: F.multi_margin_loss(torch.randn(2, 3, 4), torch.tensor([0, 1, 2])))
attempt(lambda: F.multi_margin_loss(torch.randn(2, 0), torch.tensor([0, 1])))
attempt(lambda: F.multi_margin_loss(x, torch.tensor([0, 1, 2.])))
attempt(lambda: F.multi_margin_loss(x, torch.tensor([0, 1, 2]), weight=torch.ones(4, dtype=torch.float64)))
attempt(lambda: F.multi_margin_loss(x, torch.tensor([0, 1, 2]), reduction='bad'))
attempt(lambda: F.multilabel_margin_loss(x, torch.tensor([[0, 1, 4, -1]] * 3)))
attempt(lambda: F.multilabel_margin_loss(x, torch.tensor([[0, 1, -2, -1]] * 3)))
attempt(lambda: F.multilabel_margin_loss(x, torch.tensor([[0, 1, -1]] * 3)))
attempt(lambda: F.multilabel_margin_loss(torch.randn(4), torch.tensor([0, 1, -1])))
attempt(lambda: F.multilabel_margin_loss(torch.randn(2, 2, 2), torch.tensor([0, 1, -1])))
attempt(lambda: F.multilabel_margin_loss(x, torch.tensor([[0, 1, -1, 1.]] * 3)))
