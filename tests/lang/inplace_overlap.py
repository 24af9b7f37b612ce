# Writes into tensors whose elements share memory (expanded ones) are
# refused as PyTorch refuses them; fill_, zero_, index_fill_ and
# masked_fill_ write them, as PyTorch's do. Convolutions with an empty
# kernel are refused (issue 19, item 8).
import torch
import torch.nn.functional as F

ops = {
    'add_': lambda t: t.add_(1), 'mul_': lambda t: t.mul_(torch.ones(3)), 'sub_': lambda t: t.sub_(1),
    'div_': lambda t: t.div_(2), 'pow_': lambda t: t.pow_(2), 'neg_': lambda t: t.neg_(),
    'exp_': lambda t: t.exp_(), 'sigmoid_': lambda t: t.sigmoid_(), 'relu_': lambda t: t.relu_(),
    'clamp_': lambda t: t.clamp_(0, 1), 'copy_': lambda t: t.copy_(torch.ones(3, 3)),
    'normal_': lambda t: t.normal_(), 'uniform_': lambda t: t.uniform_(),
    'scatter_': lambda t: t.scatter_(0, torch.zeros(1, 3, dtype=torch.long), 1.),
    'fill_': lambda t: t.fill_(1), 'zero_': lambda t: t.zero_(),
}
for name, f in ops.items():
    t = torch.zeros(3).expand(3, 3)
    try:
        f(t)
        print(name, 'ok', t.tolist())
    except RuntimeError as e:
        print(name, type(e).__name__, e)
t = torch.zeros(3).expand(3, 3)
try:
    t += 1
except RuntimeError as e:
    print('+=', e)
base = torch.zeros(2, 3)
v = base.unsqueeze(1).expand(2, 4, 3)
try:
    v.mul_(2)
except RuntimeError as e:
    print('unsqueeze-expand', e)
ok = torch.zeros(3, 1).expand(3, 1)  # size-1 dims with stride 0 overlap nothing
print(ok.add_(1).tolist())

x = torch.randn(1, 3, 5, 5)
for w in [torch.randn(4, 3, 0, 0), torch.randn(4, 3, 0, 2), torch.randn(4, 3, 2, 0)]:
    try:
        F.conv2d(x, w)
    except RuntimeError as e:
        print('conv2d', e)
try:
    F.conv1d(torch.randn(1, 3, 5), torch.randn(4, 3, 0))
except RuntimeError as e:
    print('conv1d', e)
