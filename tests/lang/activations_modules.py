# The activation modules of torch.nn as PyTorch 1.13 prints and builds them:
# reprs (extra_repr with and without inplace), PReLU's Parameter and its
# initial value, Softmax2d over the channel dim and its assertion.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
m = nn.Sequential(nn.ELU(), nn.ELU(0.5, True), nn.SELU(), nn.SELU(True), nn.CELU(2.0), nn.SiLU(), nn.Mish(True), nn.Hardtanh(-2, 3.5),
    nn.ReLU6(), nn.ReLU6(True), nn.Hardsigmoid(), nn.Hardswish(True), nn.Softplus(), nn.Softplus(2, 10.0), nn.Softshrink(), nn.Hardshrink(1.5),
    nn.LogSigmoid(), nn.PReLU(), nn.PReLU(3, 0.1), nn.RReLU(), nn.RReLU(0.2, 0.4, True), nn.Threshold(0.1, 20), nn.Threshold(0.5, -1.0, True), nn.GLU(), nn.GLU(1), nn.Softmax2d(), nn.Softsign(), nn.Tanhshrink(), nn.LeakyReLU(0.2, True))
print(m)
p = nn.PReLU(3)
print(list(p.named_parameters()), p.weight.dtype)
print(nn.PReLU(2, dtype=torch.float64).weight)
x = torch.randn(2, 3, 4, 4)
print(nn.Softmax2d()(x).sum(1)[0, 0])
try:
    nn.Softmax2d()(torch.randn(3, 4))
except AssertionError as e:
    print("AssertionError", e)
y = nn.PReLU(3)(x)
print(y.grad_fn.name(), y.shape)
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    h = nn.Hardtanh(min_value=-2.0, max_value=3.0)
print(h, [str(w.message) for w in caught])
r = nn.RReLU(0.1, 0.3)
torch.manual_seed(1)
x = torch.randn(4, 6)
print(r.training, r(x)[0], r.eval()(x)[0])
for m in [nn.ELU(0.5), nn.CELU(0.5), nn.SELU(), nn.SiLU(), nn.Mish(), nn.Hardsigmoid(), nn.Hardswish(), nn.Softplus(2, 1),
          nn.Softshrink(0.2), nn.Hardshrink(0.2), nn.LogSigmoid(), nn.Threshold(0.0, -5.0), nn.GLU(0), nn.Softsign(),
          nn.Tanhshrink(), nn.ReLU6(), nn.Hardtanh(-0.5, 0.5)]:
    y = m(x)
    print(type(m).__name__, y.shape, y[0, :3].tolist())
p = nn.PReLU(6, init=0.5)
print(p(x)[:, 0].tolist(), p.weight.requires_grad, type(p.weight).__name__)
