# Losses and distances PyTorch 1.13 composes of other ops: gaussian_nll_loss
# and triplet_margin_with_distance_loss (Python in PyTorch), margin ranking,
# hinge embedding, cosine embedding, triplet margin and Poisson NLL losses,
# pairwise_distance and cosine_similarity (ATen composites): values and
# gradients to the bit, the nodes they are made of, every reduction and the
# legacy size_average/reduce, module reprs, errors.
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
            print('ranking', dt, red, margin, dig(loss), dig(a.grad), dig(b.grad), names(loss))
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

# cosine embedding, triplet margin, Poisson NLL; pairwise distance and cosine similarity
torch.manual_seed(5)
for dt in (torch.float32, torch.float64):
    x1 = torch.randn(6, 9, dtype=dt, requires_grad=True)
    x2 = torch.randn(6, 9, dtype=dt, requires_grad=True)
    x3 = torch.randn(6, 9, dtype=dt, requires_grad=True)
    y = torch.tensor([1, -1, 1, -1, -1, 1], dtype=dt)
    for red in ('mean', 'sum', 'none'):
        for name, f in [('cosine_emb', lambda: F.cosine_embedding_loss(x1, x2, y, margin=0.2, reduction=red)),
                        ('triplet', lambda: F.triplet_margin_loss(x1, x2, x3, reduction=red)),
                        ('triplet swap p1', lambda: F.triplet_margin_loss(x1, x2, x3, p=1, swap=True, margin=2.0,
                                                                          reduction=red)),
                        ('triplet dist', lambda: F.triplet_margin_with_distance_loss(x1, x2, x3, reduction=red)),
                        ('triplet cos', lambda: F.triplet_margin_with_distance_loss(
                            x1, x2, x3, distance_function=lambda a, b: 1 - F.cosine_similarity(a, b), swap=True,
                            reduction=red)),
                        ('poisson', lambda: F.poisson_nll_loss(x1, x2.detach().abs(), reduction=red)),
                        ('poisson full', lambda: F.poisson_nll_loss(x1, 3 * x2.detach().abs(), full=True,
                                                                    reduction=red)),
                        ('poisson rate', lambda: F.poisson_nll_loss(x1.abs(), x2.detach().abs(), log_input=False,
                                                                    reduction=red))]:
            loss = f()
            loss.sum().backward()
            print(name, dt, red, dig(loss), dig(x1.grad), None if x2.grad is None else dig(x2.grad), names(loss))
            x1.grad = x2.grad = x3.grad = None
    for p in (2.0, 1.0, 3.0, float('inf')):
        d = F.pairwise_distance(x1, x2, p=p)
        d.sum().backward()
        print('pairwise', dt, p, dig(d), dig(x1.grad), names(d))
        x1.grad = x2.grad = None
    for args in ((x1, x2, 1), (x1, x2[:1], 1), (x1.view(2, 3, 9), x2.view(2, 3, 9), -1), (x1, x2, 0)):
        c = F.cosine_similarity(*args)
        c.sum().backward()
        print('cosine', dt, tuple(c.shape), dig(c), dig(x1.grad), names(c))
        x1.grad = x2.grad = None
z = torch.zeros(2, 4)
print(F.cosine_similarity(z, z), torch.cosine_similarity(torch.arange(4.).view(1, 4), torch.ones(1, 4)))
print(F.pairwise_distance(torch.tensor([[1., 2.]]), torch.tensor([[3., 5.]]), keepdim=True))
print(nn.CosineEmbeddingLoss(0.5), nn.TripletMarginLoss(swap=True), nn.PoissonNLLLoss(full=True),
      nn.PairwiseDistance(p=1.0), nn.CosineSimilarity(dim=0), nn.TripletMarginWithDistanceLoss(margin=0.3))
print(nn.PairwiseDistance()(x1, x2).shape, nn.CosineSimilarity()(x1, x2).shape,
      nn.TripletMarginLoss()(x1, x2, x3).item(), nn.PoissonNLLLoss()(x1, x2.detach().abs()).item(),
      nn.CosineEmbeddingLoss()(x1, x2, y).item(), nn.TripletMarginWithDistanceLoss()(x1, x2, x3).item())


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
err(lambda: F.cosine_embedding_loss(x1, x2, y.view(2, 3)))
err(lambda: F.cosine_embedding_loss(x1[0], x2, y))
err(lambda: F.triplet_margin_loss(x1, x2, x3[0]))
err(lambda: F.poisson_nll_loss(x1, x2, reduction='avg'))
err(lambda: F.cosine_similarity(torch.ones(3, dtype=torch.int64), torch.ones(3, dtype=torch.int64), dim=0))
err(lambda: F.cosine_similarity(x1, x2[:, :4]))
