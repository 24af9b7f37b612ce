# torch.amax / torch.amin: dims, keepdim, NaN, empty inputs' errors,
# integer and bool dtypes, and the gradient shared by ties (AmaxBackward0 /
# AminBackward0), against PyTorch 1.13.
import torch
x = torch.tensor([[1., 3., 3.], [2., float('nan'), 0.]], requires_grad=True)
def t(f):
    try: r = f(); print("ok", r, r.grad_fn.__class__.__name__ if r.grad_fn else None)
    except Exception as e: print(type(e).__name__, e)
t(lambda: x.amax()); t(lambda: x.amax(0)); t(lambda: x.amax(1, keepdim=True)); t(lambda: torch.amax(x, (0, 1))); t(lambda: torch.amin(x, dim=-1))
t(lambda: x.amax(dim=())); t(lambda: torch.empty(0, 3).amax()); t(lambda: torch.empty(0, 3).amax(1)); t(lambda: torch.empty(0, 3).amax(0)); t(lambda: x.amax((0, 0)))
t(lambda: x.amax(2)); t(lambda: torch.tensor([True, False]).amax()); t(lambda: torch.tensor(5).amin()); t(lambda: torch.tensor([1, 5, 2]).amax(0))
y = torch.tensor([[1., 3., 3.], [2., 5., 0.]], requires_grad=True)
y.amax(1).sum().backward(); print(y.grad)
y.grad = None; y.amin().backward(); print(y.grad)
z = torch.tensor([[1., 3., 3.], [3., 0., 3.]], requires_grad=True)
z.amax().backward(); print(z.grad)
