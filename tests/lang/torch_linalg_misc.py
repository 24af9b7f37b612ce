# torch.linalg.matrix_power (the composite: its nodes per n), diagonal, vecdot; torch.matrix_power / Tensor.matrix_power.
import torch
L = torch.linalg
torch.manual_seed(0)
a = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
b = torch.randn(2, 3, 3)
for k in [0, 1, 2, 3, 4, 5, 6, 7, -1, -2, -5]:
    y = L.matrix_power(a, k)
    fns = []
    n = y.grad_fn
    while n is not None and n.name() != 'torch::autograd::AccumulateGrad':
        fns.append(type(n).__name__)
        n = n.next_functions[0][0]
    g, = torch.autograd.grad(y.sum(), a)
    print(k, fns, y.round(decimals=4), g.round(decimals=4))
    print(L.matrix_power(b, k).round(decimals=3), L.matrix_power(b, k).stride())
print(L.matrix_power(torch.arange(4).reshape(2, 2), 3), L.matrix_power(b.mT, 0).stride())
print(L.diagonal(b), L.diagonal(b, offset=1), L.diagonal(b, dim1=0, dim2=2), L.diagonal(a).grad_fn.name())
v = L.vecdot(a, a)
print(v.round(decimals=4), v.grad_fn.name(), v.grad_fn.next_functions[0][0].name(), L.vecdot(b, b, dim=0))
for f in [lambda: L.matrix_power(torch.ones(2, 3), 2), lambda: L.matrix_power(torch.ones(3), 2),
          lambda: L.matrix_power(torch.ones(2, 2, dtype=torch.int64), -1), lambda: L.vecdot(torch.ones(3), torch.ones(3, dtype=torch.int64)),
          lambda: L.matrix_power(torch.ones(2, 2), 2.0), lambda: L.vecdot(torch.arange(3), torch.arange(3))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(torch.matrix_power(b, 3).round(decimals=3), b.matrix_power(-1).round(decimals=3))
