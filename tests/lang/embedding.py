# F.embedding / torch.embedding / nn.Embedding as PyTorch 1.13: the lookup
# (EmbeddingBackward0), the weight's gradient accumulated in the order of
# the indices (padding_idx rows left at zero, scale_grad_by_freq's fused
# scaling), create_graph (EmbeddingDenseBackwardBackward0), max_norm's
# renormalisation, int32 indices, messages.
import hashlib

import torch
import torch.nn as nn
import torch.nn.functional as F


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    for d in (3, 8, 13):
        w = torch.randn(20, d, dtype=dt, requires_grad=True)
        idx = torch.randint(0, 20, (6, 7))
        idx[0, :3] = 4
        for kw in ({}, {'padding_idx': 4}, {'padding_idx': -16}, {'scale_grad_by_freq': True},
                   {'padding_idx': 4, 'scale_grad_by_freq': True}):
            y = F.embedding(idx, w, **kw)
            g, = torch.autograd.grad((y * y * torch.linspace(-1, 2, y.shape[-1], dtype=dt)).sum(), w, create_graph=True)
            gg, = torch.autograd.grad((g * g).sum(), w)
            print(dt, d, kw, y.grad_fn.name(), dig(y), dig(g), g.grad_fn.name(), dig(gg))
        y = F.embedding(idx.int(), w)
        print('int32', dig(y))
torch.manual_seed(1)
emb = nn.Embedding(10, 4, padding_idx=0, max_norm=1.0)
x = torch.tensor([[0, 2, 2, 9], [1, 2, 3, 0]])
out = emb(x)
out.sum().backward()
print(emb, dig(out), dig(emb.weight), dig(emb.weight.grad), emb.weight.grad[0].tolist())
w = torch.randn(5, 3)
print(dig(F.embedding(torch.tensor([4, 1]), w, max_norm=0.5, norm_type=1.0)), dig(w))
print(dig(torch.embedding(w, torch.tensor([[1, 1]]), -1, False, False)))


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


err(lambda: F.embedding(torch.tensor([1.0]), w))
err(lambda: F.embedding(torch.tensor([5]), w))
err(lambda: F.embedding(torch.tensor([-1]), w))
err(lambda: F.embedding(torch.tensor([1]), w, padding_idx=5))
err(lambda: F.embedding(torch.tensor([1]), w, padding_idx=-6))
err(lambda: F.embedding(torch.tensor([1]), torch.randn(5)))
