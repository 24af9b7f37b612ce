# The activations' dtypes on the CPU as PyTorch 1.13 has them: bfloat16
# computed in float32 and rounded, float16 refused with its kernel's name.
import torch
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(6)
for n, f in [('elu', F.elu), ('silu', F.silu), ('mish', F.mish), ('softplus', F.softplus), ('hardswish', F.hardswish), ('hardsigmoid', F.hardsigmoid), ('logsigmoid', F.logsigmoid), ('hardtanh', F.hardtanh), ('softshrink', F.softshrink), ('hardshrink', F.hardshrink), ('thr', lambda t: F.threshold(t, 0.1, 2.)), ('glu', F.glu), ('rrelu', F.rrelu), ('rrelu_t', lambda t: F.rrelu(t, training=True)), ('prelu', lambda t: F.prelu(t, torch.ones(1, dtype=t.dtype)))]:
    for dt in [torch.half, torch.bfloat16]:
        try:
            print(n, dt, f(x.to(dt)))
        except Exception as e:
            print(n, dt, type(e).__name__, e)
torch.manual_seed(0)
x = torch.randn(5).bfloat16()
for f in [lambda t: F.elu(t.half()), F.elu, F.silu, F.softplus, F.hardswish, F.hardsigmoid, F.logsigmoid, F.hardtanh, F.softshrink, F.hardshrink, lambda t: F.threshold(t, 0.1, 2.), lambda t: F.glu(t[:4]), F.rrelu, F.selu, F.celu, F.relu6]:
    try:
        print(f(x))
    except Exception as e:
        print(type(e).__name__, e)
print(torch.selu(torch.tensor([1.0, -1.0])), torch.celu_(torch.tensor([1.0, -1.0]), 2.0))
print([n for n in dir(torch.Tensor) if n in ('hardshrink', 'prelu')])
print(torch.rrelu.__doc__ is not None)
print(F.softplus(torch.tensor([1.0, 30.0]), beta=2, threshold=10))
print(F.hardtanh(torch.tensor([-3, 0, 3]), -2, 2), F.threshold(torch.tensor([-3, 0, 3]), 0, 7))

# bfloat16 silu: every operation rounds to bfloat16 (Note [bfloat16 silu])
x = (torch.randn(1000) * 3).bfloat16()
def digest(t):
    return f"{hash(tuple(t.float().flatten().tolist())) & 0xffffffffffff:012x}"
xg = x.clone().requires_grad_()
y = F.silu(xg)
y.backward(torch.randn(1000).bfloat16())
print(digest(y), digest(xg.grad), y.grad_fn.name())
t = x.clone(); F.silu(t, inplace=True); print(digest(t))
l = x.clone().requires_grad_()
m = l * 1
F.silu(m, inplace=True).backward(torch.ones_like(m)); print(digest(m), digest(l.grad))
try:
    F.silu(x.clone().requires_grad_(), inplace=True)
except RuntimeError as e:
    print(e)

# bfloat16 rrelu in training: bounds and draws rounded to bfloat16
torch.manual_seed(3)
x = (torch.randn(1000) * 2).bfloat16().requires_grad_()
y = F.rrelu(x, 0.1, 0.3, training=True)
y.backward(torch.ones_like(y))
print(digest(y), digest(x.grad), digest(torch.rand(2)))
