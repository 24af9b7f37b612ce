# torch.quantile/nanquantile and the methods: PyTorch's composite (bits, every interpolation, dims, keepdim, q tensors, NaN, nodes), errors
import torch
torch.manual_seed(0)
def show(r):
    print(tuple(r.shape), [float(v).hex() for v in r.detach().double().flatten()[:8].tolist()], type(r.grad_fn).__name__ if r.grad_fn else None)
x = torch.randn(4, 7, requires_grad=True)
qs = torch.tensor([0.0, 0.25, 0.5, 0.9, 1.0])
for interp in ["linear", "lower", "higher", "midpoint", "nearest"]:
    show(torch.quantile(x, 0.3, interpolation=interp)); show(torch.quantile(x, qs, dim=1, interpolation=interp))
    show(torch.quantile(x, qs, dim=0, keepdim=True, interpolation=interp)); show(x.quantile(0.75, 1, True, interpolation=interp))
y = x.detach().clone()
y[y > 1] = float('nan')
show(torch.quantile(y, 0.5, 1)); show(torch.nanquantile(y, 0.5, 1)); show(torch.nanquantile(y, qs)); show(y.nanquantile(qs, 0))
show(torch.nanquantile(torch.full((3,), float('nan')), 0.5)); show(torch.quantile(torch.tensor(3.), 0.5)); show(torch.quantile(x.double(), qs.double(), 1))
torch.quantile(x, qs, dim=1).sum().backward(); print(x.grad)
for f in [lambda: torch.quantile(torch.tensor([]), 0.5), lambda: torch.quantile(x, torch.ones(2, 2) / 2), lambda: torch.quantile(torch.arange(4), 0.5),
          lambda: torch.quantile(x, torch.tensor([0.5], dtype=torch.float64)), lambda: torch.quantile(x, 1.5), lambda: torch.quantile(x, 0.5, interpolation="foo"),
          lambda: torch.quantile(x, 0.5, dim=3)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
