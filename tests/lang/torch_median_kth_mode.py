# kthvalue, median/nanmedian (with and without dim), mode: PyTorch's values and indices among ties (quickselect, nth_element, std::sort), NaN, dtypes, grads (KthvalueBackward0, MedianBackward0/1, NanmedianBackward0/1, ModeBackward0), errors
import torch
torch.manual_seed(0)
def show(r):
    if isinstance(r, tuple):
        print(type(r).__name__, [(tuple(t.shape), t.dtype, t.flatten()[:30].tolist()) for t in r])
    else:
        print(tuple(r.shape), r.dtype, r.flatten()[:30].tolist())
nan = float('nan')
print(torch.tensor([1., 1., 1.]).median(0), torch.tensor([3., 1., 2., 4.]).median(), torch.tensor([1., nan, 2., nan]).median(0), torch.tensor([1., nan, 2.]).nanmedian(0))
print(torch.tensor([nan] * 3).nanmedian(0), torch.tensor([nan] * 3).nanmedian(), torch.tensor([], dtype=torch.float).median(), torch.tensor([1., nan]).median())
print(torch.tensor([2, 1, 2, 1, 3]).mode(), torch.tensor([2, 1, 2, 1, 3]).kthvalue(2), torch.tensor([5, 3]).median(), torch.tensor(7.).median(0), torch.tensor(7.).kthvalue(1))
for n in [2, 3, 7, 16, 17, 40, 100]:
    x = torch.randint(0, 4, (5, n))
    for k in sorted({1, (n + 1) // 2, n}):
        show(torch.kthvalue(x, k)); show(torch.kthvalue(x.float(), k, 0 if n == 5 else 1, True))
    show(x.median(1)); show(x.float().nanmedian(1)); show(x.mode(1)); show(x.t().mode(0)); show(x.median()); show(x.mode(0, True))
y = torch.randn(6, 9)
y[y > 1] = nan
show(y.median(1)); show(y.nanmedian(1)); show(y.median(0, True)); show(y.nanmedian()); show(y.median()); show(y.kthvalue(3, 1)); show(y.mode(1))
for dt in [torch.float64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.float16, torch.bfloat16]:
    z = torch.randint(0, 5, (3, 11)).to(dt)
    for f in [lambda: z.median(1), lambda: z.kthvalue(4), lambda: z.mode(), lambda: z.median(), lambda: z.topk(2), lambda: z.sort(), lambda: z.bool().topk(1), lambda: z.bool().median(1)]:
        try:
            show(f())
        except RuntimeError as e:
            print("RuntimeError", e)
show(torch.tensor([True, False, True]).mode())
x = torch.tensor([1., 2., 2., 3.], requires_grad=True)
x.median().backward(); print(x.grad)
x.grad = None
x.nanmedian().backward(); print(x.grad)
w = torch.randn(4, 5, requires_grad=True)
for f in [lambda: w.median(1), lambda: w.nanmedian(0, True), lambda: w.kthvalue(2, 1), lambda: w.mode(0)]:
    r = f()
    print(type(r.values.grad_fn).__name__)
    w.grad = None
    (r.values * torch.arange(float(r.values.numel())).reshape(r.values.shape)).sum().backward()
    print(w.grad)
print(type(w.median().grad_fn).__name__, type(w.nanmedian().grad_fn).__name__)
for f in [lambda: torch.tensor([]).median(0), lambda: torch.tensor([1, 2]).kthvalue(3), lambda: torch.tensor([1, 2]).kthvalue(0),
          lambda: torch.tensor([1j]).median(), lambda: torch.tensor([True, False]).median(), lambda: torch.ones(2, 0).mode(1),
          lambda: torch.ones(2).median(1)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
