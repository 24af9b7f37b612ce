# Print options, inference mode, backward(inputs=), grad_outputs, and the
# torch.cuda answers on a machine without a GPU
import torch

x = torch.tensor([1.123456, 2.5, 1000.0])
torch.set_printoptions(precision=2)
print(x)
torch.set_printoptions(sci_mode=True)
print(x)
torch.set_printoptions(profile='default')
print(x, torch.arange(2000).shape)
torch.set_printoptions(threshold=5, edgeitems=2)
print(torch.arange(10))
torch.set_printoptions(profile='default')
print(torch.arange(10))

w = torch.ones(2, requires_grad=True)
with torch.inference_mode():
    y = w * 2
print(y.requires_grad, torch.is_grad_enabled())
with torch.inference_mode(False):
    print((w * 2).requires_grad)

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
(a * b).sum().backward(inputs=[a])
print(a.grad, b.grad)
(a * b).sum().backward(inputs=b)
print(a.grad, b.grad)
g = torch.autograd.grad(a * b, a, grad_outputs=torch.tensor([1.0, 0.5]))
print(g)
z = a * b
torch.autograd.backward(z, grad_tensors=torch.ones(2))
print(a.grad, b.grad)

c = torch.tensor(2.0, requires_grad=True)
y = c ** 3
(dy,) = torch.autograd.grad(y, c, create_graph=True)
(d2y,) = torch.autograd.grad(dy, c, retain_graph=True)
print(dy, d2y)
d2y2 = torch.autograd.grad(dy, c)[0]
print(d2y2)

print(torch.cuda.is_available(), torch.cuda.device_count())
print(torch.cuda.manual_seed(0), torch.cuda.manual_seed_all(1), torch.cuda.empty_cache())
print(torch.__version__[:4], torch.get_default_dtype(), torch.float32.is_floating_point)
