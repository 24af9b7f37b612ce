# torch.autograd.functional: jacobian, hessian, vjp, jvp, vhp, hvp (values, tuples of inputs and outputs, strict=, errors)
import torch
from torch.autograd.functional import jacobian, hessian, vjp, jvp, hvp, vhp
import torch.autograd.functional as AF
torch.manual_seed(0)
x = torch.randn(3, dtype=torch.float64)
y = torch.randn(2, 3, dtype=torch.float64)
f = lambda a: torch.tanh(a) * a.sum()
g = lambda a, b: (a * b).sum(0).exp()
print(jacobian(f, x))
print(jacobian(g, (x, y)))
print(jacobian(lambda a: (a.sin(), a.cos().sum()), x))
print(hessian(lambda a: (a ** 3).sum(), x))
print(hessian(lambda a, b: (a * b * b).sum(), (x, y[0])))
print(vjp(f, x, torch.ones(3, dtype=torch.float64)))
print(jvp(f, x, torch.ones(3, dtype=torch.float64)))
print(vhp(lambda a: (a ** 3).sum(), x, torch.ones(3, dtype=torch.float64)))
print(hvp(lambda a: (a ** 3).sum(), x, torch.ones(3, dtype=torch.float64)))
print(jacobian(lambda a: a * 2, x, create_graph=True).requires_grad)
print(jacobian(lambda a, b: a * 2, (x, y[0])))
try:
    jacobian(lambda a, b: a * 2, (x, y[0]), strict=True)
except RuntimeError as e:
    print("RuntimeError", e)
try:
    vjp(f, x)
except RuntimeError as e:
    print("RuntimeError", e)
try:
    jacobian(f, [1.0])
except TypeError as e:
    print("TypeError", e)
try:
    hessian(f, x)
except RuntimeError as e:
    print("RuntimeError", e)
