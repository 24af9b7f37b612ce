# The in-place forms of the unary and arithmetic ops (sin_ ... rsqrt_, sign_, square_, absolute_/negative_, multiply_/divide_/true_divide_/subtract_) as methods and the torch functions PyTorch has: values, nodes, gradients
import torch
torch.manual_seed(0)
for name in ["sin_", "cos_", "sinh_", "cosh_", "erf_", "log1p_", "rsqrt_", "sign_", "square_", "absolute_", "negative_", "abs_", "neg_", "exp_", "log_", "sqrt_", "tanh_", "reciprocal_"]:
    x = torch.rand(5) + 0.5
    a = x.clone()
    r = getattr(a, name)()
    print(name, r is a, a.tolist())
    if hasattr(torch, name):
        b = x.clone()
        print(" torch", getattr(torch, name)(b) is b, torch.equal(a, b))
    w = (torch.rand(3) + 0.5).requires_grad_()
    y = w * 1
    getattr(y, name)()
    print(" node", type(y.grad_fn).__name__)
    y.sum().backward()
    print(" grad", w.grad.tolist())
x = torch.tensor([1., 2., 3.])
print(x.multiply_(2), x.divide_(4), x.divide_(2, rounding_mode="floor"), x.true_divide_(3), x.subtract_(1, alpha=2))
c = torch.tensor([-2., 0.5, 3.])
print(torch.clamp_(c.clone(), -1, 1), torch.clip_(c.clone(), 0), torch.sign_(c.clone()) if hasattr(torch, "sign_") else "no torch.sign_")
i = torch.tensor([-2, 3])
print(i.sign_(), i.square_(), i.absolute_(), i.negative_())
try:
    torch.tensor([1j]).sign_()
except RuntimeError as e:
    print("RuntimeError", e)
