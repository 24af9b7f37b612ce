# torch.trapezoid/trapz/cumulative_trapezoid as PyTorch's composites: bits, nodes (MulBackward1/DivBackward1 of C++'s scalar overloads), x as points or dx, errors
import torch
torch.manual_seed(0)
y = torch.randn(4, 7, requires_grad=True)
x = torch.cumsum(torch.rand(7), 0)
def show(r):
    print(tuple(r.shape), [float(v).hex() for v in r.detach().double().flatten()[:5].tolist()], type(r.grad_fn).__name__ if r.grad_fn else None)
show(torch.trapezoid(y)); show(torch.trapezoid(y, dim=0)); show(torch.trapezoid(y, dx=0.5)); show(torch.trapezoid(y, x))
show(torch.trapz(y, x)); show(torch.trapz(y, dx=2.0)); show(torch.trapezoid(y, x.expand(4, 7)))
show(torch.cumulative_trapezoid(y)); show(torch.cumulative_trapezoid(y, x)); show(torch.cumulative_trapezoid(y, dx=0.1, dim=0))
show(torch.trapezoid(torch.arange(6).reshape(2, 3))); show(torch.trapezoid(torch.zeros(3, 0)))
show(torch.trapezoid(y.double(), x.double()))
torch.trapezoid(y, x).sum().backward(); print(y.grad[0])
for f in [lambda: torch.trapezoid(y, torch.rand(5)), lambda: torch.trapezoid(torch.ones(3, dtype=torch.bool)), lambda: torch.trapezoid(y, dim=3)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
