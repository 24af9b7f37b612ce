# torch.autograd.gradcheck/gradgradcheck against finite differences, and anomaly mode (detect_anomaly, set_detect_anomaly, torch.set_anomaly_enabled): a backward stops at the node whose gradient holds a NaN.
import torch
import warnings
from torch.autograd import gradcheck, gradgradcheck
torch.manual_seed(0)
x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
w = torch.randn(4, 2, dtype=torch.float64, requires_grad=True)
print(gradcheck(lambda a, b: torch.tanh(a @ b), (x, w)))
print(gradcheck(torch.sigmoid, x), gradgradcheck(lambda a: (a * a).sum(1), (x,)))
print(gradgradcheck(lambda a, b: torch.tanh(a @ b), (x, w)))

class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2
    @staticmethod
    def backward(ctx, g):
        return g * 3
try:
    gradcheck(Bad.apply, (torch.randn(2, dtype=torch.float64, requires_grad=True),))
except Exception as e:
    print(type(e).__name__, type(e).__mro__[1].__name__, e)
print(gradcheck(Bad.apply, (torch.randn(2, dtype=torch.float64, requires_grad=True),), raise_exception=False))
try:
    gradcheck(torch.sin, (torch.randn(2, dtype=torch.float64),))
except ValueError as e:
    print("ValueError", e)
with warnings.catch_warnings(record=True) as c:
    warnings.simplefilter("always")
    r = gradcheck(torch.sin, (torch.randn(2, requires_grad=True),), eps=1e-3, atol=1e-2)
    print(r, [str(i.message) for i in c])

print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
a = torch.tensor([0.0, 1.0], requires_grad=True)
with warnings.catch_warnings(record=True) as c:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        print(torch.is_anomaly_enabled())
        y = (a / a).sum()
        try:
            y.backward()
        except RuntimeError as e:
            print("RuntimeError", e)
    print([str(i.message) for i in c][:1])
print(torch.is_anomaly_enabled())
torch.autograd.set_detect_anomaly(True)
print(torch.is_anomaly_enabled())
with torch.autograd.set_detect_anomaly(False):
    print(torch.is_anomaly_enabled())
    (a / a).sum().backward()
    print(a.grad)
print(torch.is_anomaly_enabled())
torch.set_anomaly_enabled(False)
b = torch.tensor([0.0, 1.0], requires_grad=True)
with torch.autograd.set_detect_anomaly(True, check_nan=False):
    print(torch.is_anomaly_check_nan_enabled())
    torch.sqrt(b).sum().backward()
    print(b.grad)
