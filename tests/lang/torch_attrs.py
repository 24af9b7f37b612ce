# Tensor attributes and the small types: shape/Size, dtype, device, T, data
import torch


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
print(x.shape, x.size(), x.size(1), x.size(-1), x.dim(), x.ndim, x.numel())
print(type(x.shape), type(x.shape).__name__, isinstance(x.shape, tuple))
print(x.shape[0], x.shape[-1], x.shape[1:], list(x.shape), len(x.shape))
print(x.shape == (2, 3), x.shape + (4,), (1,) + x.shape, x.shape.numel())
rows, cols = x.shape
print(rows, cols)
print(torch.Size([2, 3]), torch.Size([]), torch.Size((4,)), str(torch.Size([1])))
show(lambda: torch.Size([1.5]))
print(x.dtype, x.device, x.is_leaf, x.requires_grad, x.grad, x.grad_fn)
print(x.T)
print(x.t().shape, x.T.is_contiguous(), x.is_contiguous(), x.stride(), x.stride(0))
print(x.data, x.data.requires_grad, x.storage_offset(), x[1].storage_offset())
print(x.element_size(), x.long().element_size(), x.type(), x.long().type())
print(x.is_floating_point(), x.long().is_floating_point(), x.is_cuda)
show(lambda: x.size(5))
show(lambda: x.foo)

print(torch.float32, torch.float, torch.float64, torch.double)
print(torch.int64, torch.long, torch.int32, torch.int, torch.bool)
print(torch.float is torch.float32, torch.float32 == torch.float64, type(torch.float32))
print(torch.float64.is_floating_point, torch.int64.is_floating_point, torch.int64.is_signed, torch.bool.is_signed)
print(str(torch.float32), repr(torch.int32), f"{torch.bool}")
print(torch.get_default_dtype(), torch.is_tensor(x), torch.is_tensor(3), torch.numel(x))

d = torch.device('cuda:0')
print(d, repr(d), d.type, d.index)
print(torch.device('cpu'), repr(torch.device('cpu')), torch.device('cpu').index)
print(repr(torch.device('cuda', 1)), repr(torch.device('cpu', 0)))
print(torch.device('cpu') == torch.device('cpu'), x.device == torch.device('cpu'), x.device.type)
show(lambda: torch.device('cuda:x'))
show(lambda: torch.device('xyz'))
print(torch.cuda.is_available(), torch.cuda.device_count())

y = torch.ones(3)
y.requires_grad = True
print(y.requires_grad, y.is_leaf)
z = y * 2
print(z.is_leaf, z.requires_grad, z.grad_fn.name())
show(lambda: setattr(z, 'requires_grad', False))
show(lambda: setattr(torch.ones(2, dtype=torch.long), 'requires_grad', True))
show(lambda: torch.ones(2, dtype=torch.long).requires_grad_())
print(torch.ones(2).requires_grad_())
show(lambda: setattr(y, 'grad', torch.ones(2)))
show(lambda: setattr(y, 'grad', torch.ones(3, dtype=torch.float64)))
y.grad = torch.full((3,), 0.5)
print(y.grad, y.grad is y.grad)
del y.grad
print(y.grad)
w = torch.zeros(2)
w.data = torch.ones(2)
print(w)
big = torch.ones(2000, requires_grad=True)
src = torch.zeros(5)
big.data = src
src[0] = 7
print(big, big.requires_grad, big.is_leaf)
small = torch.ones(3)
small.data = torch.arange(2.0)
print(small, small.shape, small.dtype)
small.data = torch.tensor([True, False])
print(small, small.dtype)
