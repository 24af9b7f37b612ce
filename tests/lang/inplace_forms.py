# The in-place forms of existing ops as torch functions and Tensor methods
# against PyTorch 1.13: values, identity of the result, node names and
# gradients, dtype errors, leaf errors.
import torch


def run(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)


torch.manual_seed(0)
base = torch.randn(7, dtype=torch.float64) * 0.8 + 0.1
UNARY = ("abs_ cos_ cosh_ sin_ sinh_ exp_ erf_ log_ log1p_ neg_ negative_ reciprocal_ rsqrt_ sqrt_ square_ "
         "tanh_").split()
for name in UNARY:
    x = base.abs() + 0.2 if name in ("log_", "rsqrt_", "sqrt_", "log1p_") else base.clone()
    z = x.clone()
    r = getattr(z, name)()
    print(name, r is z, z.tolist())
    z = x.clone()
    r = getattr(torch, name)(z)
    print("torch." + name, r is z, z.tolist())
    w = x.clone().requires_grad_()
    y = w * 1
    getattr(y, name)()
    y.sum().backward()
    print(name, y.grad_fn.name(), w.grad.tolist())
for name in ("sign_", "absolute_"):
    z = base.clone()
    print(name, getattr(z, name)() is z, z.tolist())
    w = base.clone().requires_grad_()
    y = w * 1
    getattr(y, name)()
    y.sum().backward()
    print(name, y.grad_fn.name(), w.grad.tolist())
z = torch.tensor([-3, 0, 5])
print(z.sign_(), z.abs_(), z.neg_(), z.square_(), z.clamp_(-4, 2), z.clip_(min=0), z.clamp_min_(1), z.clamp_max_(1))
for name, arg in (("clamp_min_", -0.2), ("clamp_max_", 0.3)):
    for f in (getattr(torch, name), lambda t, a, name=name: getattr(t, name)(a)):
        z = base.clone()
        print(name, f(z, arg) is z, z.tolist())
    w = base.clone().requires_grad_()
    y = w * 1
    getattr(y, name)(arg)
    y.sum().backward()
    print(name, y.grad_fn.name(), w.grad.tolist())
print(torch.clamp_(base.clone(), -0.1, 0.1), torch.clip_(base.clone(), max=0.0))
a = base.clone()
b = torch.tensor([0.5, 2.0, -1.0, 4.0, 3.0, -2.0, 1.5], dtype=torch.float64)
print(a.multiply_(b), a.divide_(b), a.divide_(b, rounding_mode="floor"), a.subtract_(b, alpha=2), a.true_divide_(b))
print(a.multiply_(2), a.subtract_(1), a.divide_(4))
for name in ("multiply_", "divide_", "subtract_", "true_divide_"):
    w = base.clone().requires_grad_()
    y = w * 1
    getattr(y, name)(b)
    y.sum().backward()
    print(name, y.grad_fn.name(), w.grad.tolist())
i = torch.tensor([1, 2, 3])
for name in ("cos_", "sin_", "exp_", "log1p_", "rsqrt_", "sqrt_", "reciprocal_", "erf_", "tanh_"):
    run(name + " int", lambda: getattr(i.clone(), name)())
run("true_divide_ int", lambda: i.clone().true_divide_(i))
run("sign_ bool", lambda: torch.tensor([True, False]).sign_())
run("neg_ bool", lambda: torch.tensor([True]).neg_())
run("sign_ complex", lambda: torch.tensor([1j]).sign_())
run("leaf", lambda: torch.ones(2, requires_grad=True).cos_())
