# torch.nn.utils' fusion helpers: an eval-mode batch norm folded into the
# convolution (plain and transposed) or linear layer before it; the fused
# layers' weights and outputs against PyTorch 1.13's, bit for bit.
import torch
import torch.nn as nn
from torch.nn.utils import fuse_conv_bn_eval, fuse_conv_bn_weights
from torch.nn.utils.fusion import fuse_linear_bn_eval, fuse_linear_bn_weights


def digest(t):
    return [float(v) for v in t.detach().reshape(-1)[:6]], float(t.detach().double().sum())


torch.manual_seed(0)
for dtype in [torch.float32, torch.float64]:
    conv = nn.Conv2d(3, 4, 3).to(dtype)
    bn = nn.BatchNorm2d(4).to(dtype)
    x = torch.randn(2, 3, 6, 6, dtype=dtype)
    bn.train()
    for _ in range(3):
        bn(conv(x))  # running statistics away from their start
    conv.eval(), bn.eval()
    fused = fuse_conv_bn_eval(conv, bn)
    print(type(fused).__name__, fused is conv, digest(fused.weight), digest(fused.bias))
    print(digest(fused(x)), digest(bn(conv(x))), type(fused.weight).__name__, fused.weight.requires_grad)

    convt = nn.ConvTranspose2d(3, 4, 3, bias=False).to(dtype)
    bnt = nn.BatchNorm2d(4, affine=False).to(dtype)
    bnt.train()
    bnt(convt(x))
    convt.eval(), bnt.eval()
    fused_t = fuse_conv_bn_eval(convt, bnt, transpose=True)
    print(digest(fused_t.weight), digest(fused_t.bias), digest(fused_t(x)))

    lin = nn.Linear(5, 3).to(dtype)
    bn1 = nn.BatchNorm1d(3).to(dtype)
    z = torch.randn(8, 5, dtype=dtype)
    bn1.train()
    bn1(lin(z))
    lin.eval(), bn1.eval()
    fl = fuse_linear_bn_eval(lin, bn1)
    print(digest(fl.weight), digest(fl.bias), digest(fl(z)))
    w, b = fuse_conv_bn_weights(conv.weight, None, bn.running_mean, bn.running_var, 1e-3, None, None)
    print(digest(w), digest(b))
    w, b = fuse_linear_bn_weights(lin.weight, None, bn1.running_mean, bn1.running_var, bn1.eps, bn1.weight, bn1.bias)
    print(digest(w), digest(b))

try:
    fuse_conv_bn_eval(nn.Conv2d(1, 1, 1), nn.BatchNorm2d(1))
except AssertionError as e:
    print("AssertionError", e)

# the deprecated clip_grad_norm warns where it is called
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    p = torch.nn.Parameter(torch.ones(3))
    p.grad = torch.full((3,), 2.0)
    print(torch.nn.utils.clip_grad_norm([p], 1.0), p.grad)
for w in caught:
    print(w.category.__name__, w.filename.split("/")[-1], w.lineno, w.message)
