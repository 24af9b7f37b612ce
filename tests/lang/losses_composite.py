# Losses PyTorch 1.13 composes of other ops: gaussian_nll_loss (Python in
# PyTorch), margin_ranking_loss and hinge_embedding_loss (ATen composites):
# values and gradients to the bit, the nodes they are made of, every
# reduction and the legacy size_average/reduce, module reprs, errors.
import hashlib

import torch
import torch.nn as nn
import torch.nn.functional as F


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


def names(t):
    out, todo = [], [t.grad_fn]
    while todo:
        f = todo.pop()
        if f is not None and f.name() not in out:
            out.append(f.name())
            todo.extend(g for g, _ in f.next_functions)
    return sorted(out)


torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    for red in ('mean', 'sum', 'none'):
        x = torch.randn(6, 5, dtype=dt, requires_grad=True)
        t = torch.randn(6, 5, dtype=dt)
        v = torch.rand(6, 5, dtype=dt, requires_grad=True)
        for full, var in ((False, v), (True, v), (False, v[:, :1]), (False, v[:, 0])):
            loss = F.gaussian_nll_loss(x, t, var, full=full, reduction=red)
            loss.sum().backward()
            print('gauss', dt, red, full, tuple(var.shape), dig(loss), dig(x.grad), dig(v.grad), names(loss))
            x.grad = None
            v.grad = None
        a, b = torch.randn(7, dtype=dt, requires_grad=True), torch.randn(7, dtype=dt, requires_grad=True)
        y = torch.tensor([1, -1, 1, 1, -1, -1, 1], dtype=dt)
        for margin in (0.0, 0.5):
            loss = F.margin_ranking_loss(a, b, y, margin=margin, reduction=red)
            loss.sum().backward()
            # (its `+ margin` is ATen's add.Scalar, AddBackward1 in PyTorch; AddBackward0 here: names left out)
            print('ranking', dt, red, margin, dig(loss), dig(a.grad), dig(b.grad))
            a.grad = b.grad = None
            loss = F.hinge_embedding_loss(a, y, margin=margin + 1, reduction=red)
            loss.sum().backward()
            print('hinge', dt, red, margin, dig(loss), dig(a.grad), names(loss))
            a.grad = None
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    print(F.margin_ranking_loss(a, b, y, size_average=False), F.hinge_embedding_loss(a, y, reduce=False).shape)
    print([str(c.message) for c in caught])
print(nn.GaussianNLLLoss(full=True, eps=1e-3), nn.MarginRankingLoss(margin=0.2), nn.HingeEmbeddingLoss(2.0))
m = nn.GaussianNLLLoss()
print(m(x, t, v).item(), nn.MarginRankingLoss(0.3, reduction='sum')(a, b, y).item(),
      nn.HingeEmbeddingLoss(reduction='none')(a, y).sum().item())


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


err(lambda: F.gaussian_nll_loss(x, t, v[:3]))
err(lambda: F.gaussian_nll_loss(x, t, -v))
err(lambda: F.gaussian_nll_loss(x, t, v, reduction='avg'))
err(lambda: F.margin_ranking_loss(a, b, y.view(7, 1)))
err(lambda: F.margin_ranking_loss(a, b, y, reduction='avg'))
