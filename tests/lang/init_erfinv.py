# erfinv (PyTorch's CPU calc_erfinv: bits over (-1, 1), the edges, NaN, its
# gradient and in-place form) and the initialisers built on draws that
# complete torch.nn.init: trunc_normal_, dirac_ (groups), sparse_, and the
# deprecated un-suffixed names with their warnings.
import torch
torch.manual_seed(0)
for dt in [torch.float32, torch.float64]:
    x = torch.rand(100000, dtype=dt) * 2 - 1
    y = torch.erfinv(x)
    print(dt, hash(tuple(y.tolist())) & 0xffffffff, repr(y[0].item()))
    e = torch.tensor([-1.0, 1.0, 1.5, -2.0, 0.0, -0.0, 0.7, -0.7, 0.70001, 1e-30, 0.9999999, float('nan')], dtype=dt)
    print(e.erfinv().tolist())
    z = x[:10].clone().requires_grad_()
    z.erfinv().sum().backward()
    print([repr(v) for v in z.grad.tolist()[:4]])
    w = x[:5].clone(); w.erfinv_(); print(torch.equal(w, y[:5]))
print(torch.erfinv(torch.tensor([0, 1, -1])), torch.erfinv(x[:3].view(3, 1).t()))
g = x[:4].clone().requires_grad_()
(gx,) = torch.autograd.grad(g.erfinv().sum(), g, create_graph=True)
print(type(gx.grad_fn).__name__, gx.sum().item())
import torch.nn.init as init
torch.manual_seed(0)
import warnings
for args in [(), (0.5, 2.0), (0., 1., -1., 1.), (1., 0.5, -0.5, 3.), (0., 1., 3., 4.)]:
    t = torch.empty(4, 5)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        r = init.trunc_normal_(t, *args)
    print([str(w.message) for w in caught])
    print(r is t, [repr(v) for v in t.flatten()[:5].tolist()], t.min().item() >= (args[2] if len(args) > 2 else -2))
w = torch.empty(6, 3, 3, 3)
init.dirac_(w)
print(w.sum().item(), w[1, 1, 1, 1].item(), w[4].sum().item())
init.dirac_(w, groups=2)
print(w.nonzero().tolist())
print(init.dirac_(torch.empty(2, 2, 3)).tolist())
s = torch.empty(6, 4)
init.sparse_(s, 0.5)
print((s == 0).sum(0).tolist(), [repr(v) for v in s.flatten()[:6].tolist()])
for bad in [lambda: init.dirac_(torch.empty(2, 2)), lambda: init.dirac_(torch.empty(3, 2, 3), groups=2), lambda: init.sparse_(torch.empty(3), 0.1)]:
    try:
        bad()
    except ValueError as e:
        print('ValueError', e)
u = torch.empty(3)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    init.uniform(u)
    init.normal(u, 0, 2)
    init.xavier_uniform(torch.empty(2, 3))
print([str(w.message) for w in caught])
print(init.uniform.__name__, [repr(v) for v in u.tolist()])
print(torch.nn.init.Tensor is torch.Tensor)
