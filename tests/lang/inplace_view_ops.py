# In-place view ops: t_, squeeze_ (all, one dim), unsqueeze_, swapaxes_/swapdims_, transpose_: geometry, versions, nodes (TBackward1, SqueezeBackward2/3, UnsqueezeBackward1, TransposeBackward1), gradients
import torch
def f(op):
    x = torch.arange(6.0).reshape(2, 1, 3).requires_grad_() * 1
    r = op(x)
    print(type(r.grad_fn).__name__, r.shape, r.stride(), r is x, x.shape, x._version)
    (r * torch.arange(float(r.numel())).reshape(r.shape)).sum().backward()
f(lambda x: x.squeeze_()); f(lambda x: x.squeeze_(1)); f(lambda x: x.squeeze_(0)); f(lambda x: x.unsqueeze_(0)); f(lambda x: x.unsqueeze_(-1))
f(lambda x: x.squeeze_(1).t_()); f(lambda x: x.swapaxes_(0, 2)); f(lambda x: x.swapdims_(0, 1)); f(lambda x: x.transpose_(0, 1))
a = torch.arange(6.0).reshape(2, 3).requires_grad_()
b = a * 1
b.t_().mul_(torch.arange(6.0).reshape(3, 2))
b.sum().backward()
print(a.grad)
x = torch.ones(2, 3, 4)
try:
    x.t_()
except RuntimeError as e:
    print("RuntimeError", e)
print(torch.ones(3).t_().shape, torch.ones(2, 1).squeeze_(0).shape)
y = torch.zeros(2, 3)
y.unsqueeze_(1).squeeze_()
print(y.shape, y.is_contiguous())
