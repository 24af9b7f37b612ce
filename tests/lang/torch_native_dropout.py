# torch.native_dropout on the CPU: the mask, the values, the graph and the
# gradient for each train setting, as PyTorch 1.13 gives them.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.ones(2, 3, requires_grad=True)
out, mask = torch.native_dropout(x, 0.5, True)
print(out, mask, mask.dtype, type(out.grad_fn).__name__)

# F.dropout draws the same mask from the same state, recorded as a product
torch.manual_seed(0)
print(F.dropout(x, 0.5))

# train=False: the values as they are and an all-true mask
print(torch.native_dropout(x, 0.5, False))
# p=1 and p=0 still draw
print(torch.native_dropout(x, 1.0, True))
print(torch.native_dropout(x, 0.0, True))
print(torch.native_dropout(x, 0.3, True))

for p, train in [(0.5, True), (0.5, None), (1.0, True), (0.5, False), (0.25, True)]:
    torch.manual_seed(3)
    x.grad = None
    out, mask = torch.native_dropout(x, p, train)
    (out * torch.arange(6.).view(2, 3)).sum().backward()
    print(p, train, mask.tolist(), x.grad)

# a transposed input: values by position, the mask drawn in row-major order
torch.manual_seed(1)
w = torch.arange(12.).view(3, 4).t()
out, mask = torch.native_dropout(w, 0.5, True)
print(out, mask, out.shape)

# double precision and an empty input
torch.manual_seed(2)
print(torch.native_dropout(torch.ones(5, dtype=torch.float64), 0.4, True))
print(torch.native_dropout(torch.ones(0), 0.5, True))

# second derivative: the gradient is linear in grad
torch.manual_seed(4)
y = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
out, mask = torch.native_dropout(y * y, 0.5, True)
(g,) = torch.autograd.grad(out.sum(), y, create_graph=True)
print(mask, g, type(g.grad_fn).__name__)
g.sum().backward()
print(y.grad)

for bad in [lambda: torch.native_dropout(x, 1.5, True),
            lambda: torch.native_dropout(x.detach().long(), 0.5, True),
            lambda: torch.native_dropout(x, "a", True),
            lambda: torch.native_dropout(x, 0.5, "yes")]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
