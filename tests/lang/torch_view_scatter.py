# select_scatter, slice_scatter, diagonal_scatter: values, layouts, grads (SelectScatterBackward0 ...), gradcheck and gradgradcheck, errors
import torch
torch.manual_seed(0)
x=torch.randn(3,4,requires_grad=True, dtype=torch.float64); s=torch.randn(4,requires_grad=True, dtype=torch.float64)
for f in [lambda: torch.select_scatter(x,s,0,1), lambda: torch.select_scatter(x,torch.ones(3),0,1), lambda: torch.select_scatter(x,s,0,5), lambda: torch.slice_scatter(x, torch.ones(3,2, dtype=torch.float64), 1, 0, 4, 2), lambda: torch.slice_scatter(x, torch.ones(3,3), 1, 0, 4, 2), lambda: torch.diagonal_scatter(x, torch.ones(3)), lambda: torch.diagonal_scatter(x, torch.ones(2)), lambda: torch.select_scatter(x, s.float(), 0, 0), lambda: x.select_scatter(s, 1, 0), lambda: x.diagonal_scatter(torch.zeros(2), 1, 1, 0)]:
    try: r=f(); print(r.grad_fn.name(), r.dtype, r.stride(), r.sum().item()); print(r)
    except Exception as e: print(type(e).__name__, e)
r = torch.select_scatter(x, s, 0, 1); (r * torch.arange(12.).view(3,4)).sum().backward(); print(x.grad, s.grad)
print(torch.autograd.gradcheck(lambda a, b: torch.slice_scatter(a, b, 1, 1, 4, 2), (x, torch.randn(3, 2, dtype=torch.float64, requires_grad=True))))
print(torch.autograd.gradgradcheck(lambda a, b: torch.diagonal_scatter(a, b, 1) ** 2, (x, torch.randn(3, dtype=torch.float64, requires_grad=True))))
