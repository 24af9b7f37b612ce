# Tensor.unfold(dimension, size, step): sliding windows as a view (UnfoldBackward0), overlapping and strided windows, 0-d and empty cases, gradients (the overlapping sum in PyTorch's order), errors
import torch
torch.manual_seed(0)
x = torch.arange(7.)
print(x.unfold(0, 3, 2), torch.tensor(5.).unfold(0, 1, 1), x.unfold(0, 0, 1).shape)
for a in [(0, 8, 1), (0, 3, 0), (1, 2, 1), (-1, 7, 7)]:
    try:
        print(x.unfold(*a))
    except Exception as e:
        print(type(e).__name__, e)
y = torch.randn(4, 5, requires_grad=True)
z = y.unfold(1, 3, 1)
print(type(z.grad_fn).__name__, z.shape, z.stride(), z._base is y)
(z * torch.randn(z.shape)).sum().backward()
print(y.grad)
img = torch.randn(2, 3, 8, 8, dtype=torch.float64, requires_grad=True)
p = img.unfold(2, 3, 2).unfold(3, 3, 2)
print(p.shape, p.stride(), type(p.grad_fn).__name__)
w = torch.randn(p.shape, dtype=torch.float64)
(p * w).sum().backward()
print(img.grad.sum().item(), img.grad[0, 0, :3])
g = torch.randn(3, 10, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda t: t.unfold(1, 4, 3), (g,)), torch.autograd.gradgradcheck(lambda t: t.unfold(1, 4, 3) ** 2, (g,)))
q = torch.randn(5, 6).t().unfold(0, 2, 2)
print(q.shape, q.stride(), q.is_contiguous())
