# F.embedding_bag / nn.EmbeddingBag as PyTorch 1.13 on the CPU: each bag
# accumulated in the order of its indices (caffe2's fma lookup for float32
# per-sample weights, ATen's plain loop with a padding_idx, OpenBLAS's axpy
# on float64), the mean's division, the max's first winner; the weight's
# gradient in sorted-index order with OpenBLAS's axpy (scale_grad_by_freq
# with 1.13's count), the per-sample weights' gradient by OpenBLAS's dot;
# 2-d input, include_last_offset, empty bags, padding_idx, max_norm, int32
# indices, the module's init, repr and from_pretrained, the errors.
import hashlib

import torch
import torch.nn as nn
import torch.nn.functional as F


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


def attempt(f):
    try:
        r = f()
        print("ok", tuple(r.shape))
    except Exception as e:
        print(type(e).__name__, str(e))


torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    for d in (1, 5, 8, 19):
        w0 = torch.randn(12, d, dtype=dt) * 3
        idx = torch.randint(0, 12, (40,))
        offs = torch.tensor([0, 3, 3, 10, 22, 39])
        for mode in ('sum', 'mean', 'max'):
            for pad in (None, 4, -2):
                for psw in ((False, True) if mode == 'sum' else (False,)):
                    for freq in ((False, True) if mode != 'max' else (False,)):
                        w = w0.clone().requires_grad_()
                        p = torch.randn(40, dtype=dt, requires_grad=True) if psw else None
                        y = F.embedding_bag(idx, w, offs, mode=mode, padding_idx=pad, per_sample_weights=p,
                                            scale_grad_by_freq=freq)
                        g = torch.randn_like(y)
                        y.backward(g)
                        print(dt, d, mode, pad, psw, freq, y.grad_fn.name(), dig(y), dig(w.grad),
                              dig(p.grad) if psw else '-')
        # non-contiguous weight, 2-d input, include_last_offset, an expanded gradient
        wt = (torch.randn(d, 12, dtype=dt)).t().requires_grad_()
        i2 = torch.randint(0, 12, (6, 4))
        p2 = torch.randn(6, 4, dtype=dt, requires_grad=True)
        for mode in ('sum', 'mean', 'max'):
            y = F.embedding_bag(i2, wt, mode=mode, per_sample_weights=p2 if mode == 'sum' else None)
            y.sum().backward()
            print(mode, dig(y), dig(wt.grad), dig(p2.grad) if mode == 'sum' else '-')
            wt.grad = None
            y = F.embedding_bag(idx, wt, torch.tensor([0, 5, 17, 40]), mode=mode, include_last_offset=True)
            print(mode, 'last', tuple(y.shape), dig(y))

for threads in (1, 2):
    torch.set_num_threads(threads)
    w = torch.randn(300, 16, requires_grad=True)
    idx = torch.randint(0, 300, (3000,), dtype=torch.int32)
    offs = torch.arange(0, 3000, 7, dtype=torch.int32)
    for mode in ('sum', 'mean', 'max'):
        y = F.embedding_bag(idx, w, offs, mode=mode)
        y.backward(torch.randn_like(y))
        print(threads, mode, dig(y), dig(w.grad))
        w.grad = None

# the module: init from the generator, repr, padding row, max_norm, from_pretrained
torch.manual_seed(1)
m = nn.EmbeddingBag(10, 3, mode='sum', padding_idx=2)
print(m, dig(m.weight))
print(nn.EmbeddingBag(5, 2, max_norm=1.0, norm_type=1.5, scale_grad_by_freq=True, mode='max'))
print(nn.EmbeddingBag(5, 2, padding_idx=-1).padding_idx)
x = torch.tensor([[1, 2, 3], [2, 2, 9]])
print(dig(m(x)), m(x).grad_fn.name())
mn = nn.EmbeddingBag(10, 3, max_norm=0.5)
y = mn(torch.tensor([1, 4, 4, 7]), torch.tensor([0, 2]))
print(dig(y), dig(mn.weight), mn.weight.norm(dim=1))
pre = nn.EmbeddingBag.from_pretrained(torch.arange(12.).reshape(4, 3), mode='max')
print(pre, pre.weight.requires_grad, pre(torch.tensor([[0, 3], [1, 2]])))
pre = nn.EmbeddingBag.from_pretrained(torch.arange(12.).reshape(4, 3), freeze=False, padding_idx=1)
print(pre, pre.weight.requires_grad)
print(F.embedding_bag(torch.tensor([1, 2, 3]), torch.ones(4, 2, dtype=torch.float64), torch.tensor([0, 1])).dtype)

# torch.embedding_bag's four results
w = torch.randn(10, 3)
for mode in (0, 1, 2):
    r = torch.embedding_bag(w, torch.tensor([1, 2, 3]), torch.tensor([0, 1, 3]), False, mode, False, None, False, None)
    print(mode, [tuple(t.shape) for t in r], r[1].tolist(), r[2].tolist(), r[3].tolist())

# errors
w = torch.randn(10, 3)
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w, torch.tensor([1, 2])))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w, torch.tensor([0, 5])))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 30]), w, torch.tensor([0, 2])))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 30]), w, torch.tensor([0, 2]), padding_idx=1))
attempt(lambda: F.embedding_bag(torch.tensor([1, -2, 3]), w.double(), torch.tensor([0, 2])))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w, torch.tensor([0, 2]), padding_idx=11))
attempt(lambda: F.embedding_bag(torch.tensor([1., 2, 3]), w, torch.tensor([0, 2])))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w, torch.tensor([0., 2])))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w, torch.tensor([0, 2]), mode='foo'))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w, torch.tensor([0, 2]), mode='max',
                                per_sample_weights=torch.ones(3)))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w, torch.tensor([0, 2]), mode='max', scale_grad_by_freq=True))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w, torch.tensor([0, 2]), mode='sum',
                                per_sample_weights=torch.ones(3).double()))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w, torch.tensor([0, 2]), per_sample_weights=torch.ones(2)))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w, torch.tensor([], dtype=torch.long),
                                include_last_offset=True))
attempt(lambda: F.embedding_bag(torch.tensor([[1, 2, 3]]), w, torch.tensor([0])))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w, torch.tensor([[0]])))
attempt(lambda: F.embedding_bag(torch.tensor([[[1]]]), w))
attempt(lambda: F.embedding_bag(torch.tensor([1, 2, 3]), w, torch.tensor([0, 1], dtype=torch.int32)))
