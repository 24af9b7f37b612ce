# masked_select, masked_scatter(_), take, put(_), argwhere, isin,
# block_diag, fill_diagonal_, aminmax, var_mean/std_mean: values, printed
# text, broadcasting, non-contiguous, empty and 0-d inputs, gradients and
# node names, PyTorch's errors.
import torch


def show(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, type(e).__name__, e)
        return
    print(label, r)


def grads(label, f, *ins):
    ins = [t.detach().clone().requires_grad_(True) for t in ins]
    try:
        y = f(*ins)
        outs = y if isinstance(y, tuple) else (y,)
        print(label, [type(o.grad_fn).__name__ for o in outs])
        s = sum((o * torch.arange(1., o.numel() + 1).reshape(o.shape)).sum() for o in outs)
        s.backward()
    except Exception as e:
        print(label, type(e).__name__, e)
        return
    for t in ins:
        print("  grad", t.grad)


torch.manual_seed(0)
x = torch.randn(3, 4)
m = x > 0
xt = torch.randn(4, 3).t()
show("masked_select", lambda: torch.masked_select(x, m))
show("masked_select method", lambda: x.masked_select(m))
show("masked_select broadcast mask", lambda: x.masked_select(torch.tensor([True, False, True, True])))
show("masked_select broadcast self", lambda: torch.tensor([1., 2, 3, 4]).masked_select(m))
show("masked_select nc", lambda: xt.masked_select(xt > 0))
show("masked_select uint8", lambda: x.masked_select(m.to(torch.uint8)))
show("masked_select 0-d", lambda: torch.tensor(3.).masked_select(torch.tensor(True)))
show("masked_select empty", lambda: torch.ones(0, 3).masked_select(torch.ones(0, 3, dtype=torch.bool)))
show("masked_select int", lambda: torch.arange(6).reshape(2, 3).masked_select(torch.tensor([[True], [False]])))
show("masked_select long mask", lambda: x.masked_select(torch.ones(3, 4, dtype=torch.long)))
show("masked_select bad shape", lambda: x.masked_select(torch.tensor([True, False])))
grads("masked_select grad", lambda a: a.masked_select(m), x)
grads("masked_select grad broadcast", lambda a: a.masked_select(m), torch.randn(4))

src = torch.arange(1., 13).reshape(3, 4)
show("masked_scatter", lambda: x.masked_scatter(m, src))
show("masked_scatter fn", lambda: torch.masked_scatter(x, m, src))
show("masked_scatter broadcast", lambda: torch.zeros(4).masked_scatter(m, src))
show("masked_scatter nc", lambda: xt.masked_scatter(xt > 0, src))
show("masked_scatter long mask", lambda: torch.zeros(4).masked_scatter(torch.tensor([1, 0, 1, 0]), src))
show("masked_scatter short source", lambda: torch.zeros(4).masked_scatter(torch.tensor([True, True, False, True]), torch.ones(2)))
show("masked_scatter dtype", lambda: torch.zeros(4).masked_scatter(torch.tensor([True, True, False, True]), torch.ones(5, dtype=torch.float64)))
y = x.clone()
show("masked_scatter_", lambda: y.masked_scatter_(m, src))
show("masked_scatter_ after", lambda: y)
show("masked_scatter_ nc", lambda: xt.clone().t().masked_scatter_(torch.tensor([True, False, True]), src))
grads("masked_scatter grad", lambda a, b: a.masked_scatter(m, b), x, torch.randn(13))
grads("masked_scatter grad broadcast", lambda a, b: a.masked_scatter(m, b), torch.randn(4), torch.randn(3, 4))
grads("masked_scatter_ grad", lambda a, b: (a * 1).masked_scatter_(m, b), x, torch.randn(2, 6))

show("take", lambda: torch.take(x, torch.tensor([[0, 5], [-1, 11]])))
show("take method nc", lambda: xt.take(torch.tensor([0, 1, 2, -3])))
show("take 0-d", lambda: torch.tensor(7.).take(torch.tensor(0)))
show("take empty index", lambda: x.take(torch.tensor([], dtype=torch.long)))
show("take out of range", lambda: x.take(torch.tensor([12])))
show("take negative out of range", lambda: x.take(torch.tensor([-13])))
show("take int32 index", lambda: x.take(torch.tensor([1], dtype=torch.int32)))
show("take from empty", lambda: torch.ones(0).take(torch.tensor([0])))
grads("take grad", lambda a: a.take(torch.tensor([[0, 5], [5, -1]])), x)

show("put", lambda: x.put(torch.tensor([0, -1]), torch.tensor([10., 20.])))
show("put fn", lambda: torch.put(x, torch.tensor([0, 0]), torch.tensor([10., 20.]), accumulate=True))
show("put nc", lambda: xt.put(torch.tensor([1, 2]), torch.tensor([10., 20.])))
y = xt.clone().t()
show("put_ nc", lambda: y.t().put_(torch.tensor([[1], [2]]), torch.tensor([10., 20.]), True))
show("put_ nc after", lambda: y)
show("put_ int", lambda: torch.arange(5).put_(torch.tensor([4]), torch.tensor([9])))
show("put out of range", lambda: x.put(torch.tensor([12]), torch.tensor([1.])))
show("put dtype", lambda: x.put(torch.tensor([1]), torch.tensor([1.], dtype=torch.float64)))
show("put numel", lambda: x.put(torch.tensor([1, 2]), torch.tensor([1.])))
show("put int32", lambda: x.put(torch.tensor([1], dtype=torch.int32), torch.tensor([1.])))
show("put empty", lambda: torch.ones(0).put(torch.tensor([0]), torch.tensor([1.])))
grads("put grad", lambda a, b: a.put(torch.tensor([1, 3]), b), x, torch.randn(2))
grads("put grad accumulate", lambda a, b: a.put(torch.tensor([1, 1, 3]), b, accumulate=True), x, torch.randn(3))
grads("put_ grad", lambda a, b: (a * 2).put_(torch.tensor([[0], [4]]), b), x, torch.randn(2))

show("argwhere", lambda: torch.argwhere(torch.tensor([[0, 1, 0], [2, 0, 3]])))
show("argwhere method", lambda: xt.argwhere())
show("argwhere 0-d", lambda: torch.argwhere(torch.tensor(3)))
show("argwhere 0-d zero", lambda: torch.tensor(0.).argwhere())
show("argwhere empty", lambda: torch.ones(2, 0, 3).argwhere())
show("argwhere nan", lambda: torch.tensor([0., float('nan'), 1]).argwhere())

show("isin", lambda: torch.isin(torch.tensor([[1, 2], [3, 4]]), torch.tensor([2, 3])))
show("isin invert", lambda: torch.isin(torch.tensor([1, 2, 3]), torch.tensor([2]), invert=True))
show("isin float test", lambda: torch.isin(torch.tensor([1, 2]), torch.tensor([1., 2.5])))
show("isin scalar test", lambda: torch.isin(torch.tensor([1, 2]), 2))
show("isin scalar elements", lambda: torch.isin(2, torch.tensor([1, 2])))
show("isin nan", lambda: torch.isin(torch.tensor([1., float('nan')]), torch.tensor([float('nan'), 1])))
show("isin assume_unique", lambda: torch.isin(torch.tensor([3, 1, 2]), torch.tensor([1, 2]), assume_unique=True))
show("isin empty", lambda: torch.isin(torch.tensor([1, 2]), torch.tensor([], dtype=torch.long)))
show("isin elements=", lambda: torch.isin(elements=torch.tensor([1, 2]), test_elements=torch.tensor([2])))

show("block_diag", lambda: torch.block_diag(torch.tensor(3), torch.tensor([1, 2]), torch.ones(2, 1, dtype=torch.float64)))
show("block_diag 2", lambda: torch.block_diag(torch.ones(2, 2), xt))
show("block_diag none", lambda: torch.block_diag())
show("block_diag empty", lambda: torch.block_diag(torch.tensor([]), torch.ones(0, 2), torch.tensor([5.])))
show("block_diag ints", lambda: torch.block_diag(torch.tensor([[1, 2]]), torch.tensor([[True]])))
show("block_diag 3-d", lambda: torch.block_diag(torch.ones(2), torch.ones(2, 2, 2)))
grads("block_diag grad", lambda a, b, c: torch.block_diag(a, b, c), x, torch.randn(2), torch.tensor(1.))

show("fill_diagonal_", lambda: torch.ones(3, 4).fill_diagonal_(2))
show("fill_diagonal_ tall", lambda: torch.ones(7, 3).fill_diagonal_(2))
show("fill_diagonal_ wrap", lambda: torch.ones(7, 3).fill_diagonal_(2, wrap=True))
show("fill_diagonal_ wrap 8", lambda: torch.zeros(8, 3).fill_diagonal_(5, True))
show("fill_diagonal_ wrap wide", lambda: torch.zeros(3, 5).fill_diagonal_(5, wrap=True))
show("fill_diagonal_ cube", lambda: torch.zeros(3, 3, 3).fill_diagonal_(1.5))
show("fill_diagonal_ nc", lambda: torch.zeros(4, 3).t().fill_diagonal_(1))
show("fill_diagonal_ int", lambda: torch.zeros(2, 2, dtype=torch.long).fill_diagonal_(7))
show("fill_diagonal_ 1-d", lambda: torch.ones(3).fill_diagonal_(2))
show("fill_diagonal_ unequal", lambda: torch.ones(3, 4, 5).fill_diagonal_(2))
show("fill_diagonal_ leaf", lambda: torch.ones(3, 3, requires_grad=True).fill_diagonal_(2))
grads("fill_diagonal_ grad", lambda a: (a * 1).fill_diagonal_(0), x)

show("aminmax", lambda: torch.aminmax(x))
show("aminmax dim", lambda: torch.aminmax(x, dim=1))
show("aminmax method keepdim", lambda: xt.aminmax(dim=0, keepdim=True))
show("aminmax keepdim all", lambda: x.aminmax(keepdim=True))
show("aminmax int", lambda: torch.tensor([[3, 1], [2, 5]]).aminmax(dim=-1))
show("aminmax nan", lambda: torch.tensor([1., float('nan'), 0.]).aminmax())
show("aminmax 0-d", lambda: torch.aminmax(torch.tensor(3.), dim=0))
show("aminmax empty", lambda: torch.aminmax(torch.tensor([])))
show("aminmax empty dim", lambda: torch.aminmax(torch.ones(2, 0), dim=1))
show("aminmax empty other dim", lambda: torch.aminmax(torch.ones(2, 0), dim=0))
show("aminmax fields", lambda: (torch.aminmax(x).min, torch.aminmax(x).max))
a = torch.randn(3, requires_grad=True)
show("aminmax grad_fn", lambda: torch.aminmax(a))
show("aminmax backward", lambda: torch.aminmax(a).min.backward())

v = torch.randn(5, 6, dtype=torch.float64)
for fn in (torch.var_mean, torch.std_mean):
    show(fn.__name__, lambda: fn(x))
    show(fn.__name__ + " dim", lambda: fn(x, 1))
    show(fn.__name__ + " dims keepdim", lambda: fn(v, (0, 1), keepdim=True))
    show(fn.__name__ + " unbiased False", lambda: fn(v, 0, False))
    show(fn.__name__ + " unbiased positional", lambda: fn(v, False))
    show(fn.__name__ + " correction", lambda: fn(v, dim=1, correction=2))
    show(fn.__name__ + " nc", lambda: fn(xt, -1))
    show(fn.__name__ + " one", lambda: fn(torch.tensor([1.])))
    show(fn.__name__ + " 0-d", lambda: fn(torch.tensor(2.)))
    show(fn.__name__ + " empty", lambda: fn(torch.ones(0, 3), 0))
    show(fn.__name__ + " int", lambda: fn(torch.tensor([1, 2])))
    show(fn.__name__ + " bad dim", lambda: fn(x, 2))
    vs = [fn(v, d)[0] for d in (0, 1)] + [fn(v, d)[1] for d in (0, 1)]
    print(fn.__name__, "bits", [t.tolist() for t in vs] == [t.tolist() for t in
          [(v.std if fn is torch.std_mean else v.var)(d) for d in (0, 1)] + [v.mean(d) for d in (0, 1)]])
    grads(fn.__name__ + " grad", lambda a: fn(a, 1), x)
    grads(fn.__name__ + " grad all", lambda a: fn(a, unbiased=False), x)
    grads(fn.__name__ + " grad only first", lambda a: fn(a, 0)[0], x)
    grads(fn.__name__ + " grad only second", lambda a: fn(a, 0, keepdim=True)[1], x)
