# Gradients through the float math of activations to the last bit, as
# PyTorch 1.13 computes them on these machines: `torch.__config__.show()`
# reports "CPU capability usage: AVX2", so the forward functions take
# SLEEF's vector math for some elements and libm's for others (Note
# [PyTorch's vector and scalar paths] in engine/ops_unary.c); on a machine
# where PyTorch chose another capability these digests differ. Each line is
# hash() of the values, exact for floats. gelu(approximate='none') of
# contiguous float32 is left out: PyTorch computes it with oneDNN. The
# gradient of gelu's tanh form is not printed: PyTorch's gelu_backward
# kernel is one fused expression, which cgrad's derivative (engine ops) is
# not yet.
import torch
import torch.nn.functional as F


def digest(t):
    return hash(tuple(t.flatten().tolist()))


# the op, the scale of its N(0, 1) input, whether its gradient is exact
OPS = [
    ('exp', torch.exp, 3.0, True),
    ('tanh', torch.tanh, 2.0, True),
    ('sigmoid', torch.sigmoid, 4.0, True),
    ('sin', torch.sin, 4.0, True),
    ('cos', torch.cos, 4.0, True),
    ('erf', torch.erf, 1.5, True),
    ('gelu_tanh', lambda x: F.gelu(x, approximate='tanh'), 3.0, False),
    ('log', lambda x: torch.log(x.abs() + 0.1), 3.0, True),
]

for threads in (1, 2):
    torch.set_num_threads(threads)
    for dt in (torch.float32, torch.float64):
        torch.manual_seed(0)
        for n in (7, 16, 33, 2001, 40000):
            for name, fn, scale, grad_exact in OPS:
                x = (torch.randn(n, dtype=dt) * scale).requires_grad_()
                g = torch.randn(n, dtype=dt)
                y = fn(x)
                y.backward(g)
                print(threads, str(dt)[6:], n, name, digest(y), digest(x.grad) if grad_exact else '')

# a chain of them, broadcast over a batch, with a loss and its gradients
torch.set_num_threads(1)
torch.manual_seed(0)
w = torch.randn(37, requires_grad=True)
b = torch.randn(37, requires_grad=True)
x = torch.randn(100, 37)
p = torch.sigmoid(torch.tanh(torch.sin(x * w) + torch.exp(b * 0.5)))
loss = -torch.log(p).sum()
loss.backward()
print('chain', digest(p), loss.item(), digest(w.grad), digest(b.grad))
