# torch.sort/argsort/msort/topk: PyTorch's orders among equal values (std::sort's introsort, stable_sort, partial_sort, nth_element), NaN placement, dtypes, dims, grads (SortBackward0, TopkBackward0), return types, errors
import torch
torch.manual_seed(0)
def show(r):
    if isinstance(r, tuple):
        print(type(r).__name__, [(tuple(t.shape), t.dtype, t.flatten()[:40].tolist()) for t in r])
    else:
        print(tuple(r.shape), r.dtype, r.flatten()[:40].tolist())
x = torch.randint(0, 3, (40,)).float()
show(torch.sort(x)); show(torch.sort(x, stable=True)); show(torch.sort(x, descending=True)); show(torch.sort(x, descending=True, stable=True))
show(torch.argsort(x)); show(torch.argsort(x, stable=True)); show(torch.argsort(x, 0, True))
for n in [5, 16, 17, 33, 100, 1000]:
    y = torch.randint(0, 5, (n,))
    print(n, torch.sort(y).indices.tolist() == torch.sort(y).indices.tolist(), torch.sort(y).indices.sum().item(), torch.sort(y).indices[:20].tolist(), torch.sort(y, descending=True).indices[:20].tolist())
y = torch.tensor([2., float('nan'), 1., float('nan'), -0., 0., 1., float('inf'), -float('inf')])
show(torch.sort(y)); show(torch.sort(y, descending=True)); show(torch.topk(y, 3)); show(torch.topk(y, 3, largest=False))
m = torch.randint(0, 4, (6, 7))
show(m.sort(0)); show(m.sort(1, True)); show(m.t().sort(0)); show(torch.msort(m)); show(m.argsort(dim=0))
for dt in [torch.float64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool, torch.float16, torch.bfloat16]:
    show(torch.sort(torch.randint(0, 3, (20,)).to(dt)))
show(torch.sort(torch.tensor(3.))); show(torch.sort(torch.zeros(0))); show(torch.sort(torch.zeros(2, 0), 1))
z = torch.randn(1000)
for k in [1, 5, 15, 16, 17, 100, 999, 1000]:
    show(torch.topk(z, k)); show(torch.topk(z.round(), k)); show(torch.topk(torch.randint(0, 4, (1000,)), k, largest=False))
show(torch.topk(torch.randint(0, 4, (300,)), 20, sorted=False)); show(torch.topk(torch.randint(0, 4, (3000,)), 20, sorted=False))
show(torch.topk(m, 3, dim=0)); show(torch.topk(m.float(), 2, 1, False, True))
w = torch.randn(4, 6, requires_grad=True)
v, i = w.sort(1)
print(type(v.grad_fn).__name__, i.requires_grad)
(v * torch.arange(6.)).sum().backward(); print(w.grad)
w.grad = None
t = w.topk(2, 0)
print(type(t.values.grad_fn).__name__)
t.values.sum().backward(); print(w.grad)
print(torch.sort(x[:5]))
print(torch.topk(x[:5], 2))
for f in [lambda: torch.topk(x, 41), lambda: torch.topk(x, -1), lambda: torch.sort(x, 1), lambda: torch.sort(torch.tensor([1j])),
          lambda: torch.sort(x, stable=None)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
