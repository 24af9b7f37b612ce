# Convolution, pooling and batch norm as a notebook uses them: the layers'
# repr, a seeded CNN trained for a few steps (values, gradients, running
# statistics), the functional forms with their options, the autograd node
# names, double backward through a convolution, and the errors PyTorch
# raises for bad shapes and arguments.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

print(nn.Conv2d(3, 16, 3, padding=1))
print(nn.Conv2d(4, 8, (3, 5), stride=(2, 1), padding=2, dilation=2, groups=2, bias=False))
print(nn.Conv2d(3, 6, 3, padding='same'))
print(nn.Conv1d(3, 4, 5, stride=2))
print(nn.MaxPool2d(2), nn.MaxPool2d(3, stride=2, padding=1, ceil_mode=True), nn.MaxPool1d(4))
print(nn.AvgPool2d(2), nn.AvgPool2d(3, 2, 1, divisor_override=4), nn.AvgPool1d(3))
print(nn.AdaptiveAvgPool2d((1, 1)), nn.AdaptiveAvgPool2d(5), nn.AdaptiveAvgPool1d(7))
print(nn.BatchNorm2d(16), nn.BatchNorm1d(8, momentum=None, affine=False))
print(nn.Unfold(3, padding=1), nn.Fold((4, 5), 2))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(6)
        self.conv2 = nn.Conv2d(6, 8, 3, groups=2)
        self.pool = nn.MaxPool2d(2)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, 3)

    def forward(self, x):
        x = self.pool(F.relu(self.bn1(self.conv1(x))))
        x = F.relu(self.conv2(x))
        return self.fc(torch.flatten(self.gap(x), 1))


net = Net()
print(net)
print(sum(p.numel() for p in net.parameters()), [k for k in net.state_dict()])
x = torch.randn(8, 1, 12, 12)
y = torch.tensor([0, 1, 2, 0, 1, 2, 0, 1])
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
for step in range(4):
    opt.zero_grad()
    loss = F.cross_entropy(net(x), y)
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.5f}")
print(net.conv1.weight.grad[0, 0])
print(net.bn1.running_mean, net.bn1.running_var, net.bn1.num_batches_tracked)
net.eval()
with torch.no_grad():
    print(net(x[:2]))

# functional forms, node names, shapes; a batch of float32 images goes
# through oneDNN's kernels in both (tests/lang/bits_conv), so sums print whole.
x = torch.randn(2, 3, 7, 6, requires_grad=True)
w = torch.randn(4, 3, 3, 2, requires_grad=True)
for kw in [{}, {"stride": 2}, {"padding": 1}, {"dilation": 2}, {"padding": "valid"}, {"padding": (1, 0), "stride": (1, 2)}]:
    out = F.conv2d(x, w, **kw)
    print(kw, tuple(out.shape), out.grad_fn.name(), out.sum().item())
print(F.conv2d(x, w, padding="same", dilation=(1, 2)).shape)
print(F.conv2d(x[0], w).grad_fn.name(), F.conv2d(x[0], w).shape)
x1 = torch.randn(2, 4, 9, requires_grad=True)
print(F.conv1d(x1, torch.randn(6, 2, 3), groups=2, padding=1).shape)
p, i = F.max_pool2d(x, 2, return_indices=True)
print(p.grad_fn.name(), i[0, 0], i.dtype)
print(F.max_pool2d(x, (3, 2), stride=1, dilation=(2, 1), ceil_mode=True).shape)
print(F.max_pool1d(x1, 2).grad_fn.name(), F.max_pool1d(x1, 3, stride=2, return_indices=True)[1][0, 0])
print(F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)[0, 0])
print(F.avg_pool1d(x1, 2).grad_fn.name(), F.avg_pool2d(x, 2, divisor_override=3)[0, 0])
print(F.adaptive_avg_pool2d(x, (4, 3)).grad_fn.name(), F.adaptive_avg_pool2d(x, 1).grad_fn.name())
print(F.adaptive_avg_pool2d(x, (None, 2)).shape, F.adaptive_avg_pool1d(x1, 4).grad_fn.name())
cols = F.unfold(x, (2, 3), padding=1, stride=2)
print(cols.shape, cols.grad_fn.name())
back = F.fold(cols, (7, 6), (2, 3), padding=1, stride=2)
print(back.grad_fn.name(), torch.allclose(back, x * F.fold(F.unfold(torch.ones_like(x), (2, 3), padding=1, stride=2), (7, 6), (2, 3), padding=1, stride=2)))

# gradients of each, summed with weights
torch.manual_seed(1)
for name, f in [("conv2d", lambda t: F.conv2d(t, w, stride=2, padding=1)),
                ("max_pool2d", lambda t: F.max_pool2d(t, 3, 2, 1)),
                ("avg_pool2d", lambda t: F.avg_pool2d(t, 3, 2, 1, ceil_mode=True)),
                ("adaptive", lambda t: F.adaptive_avg_pool2d(t, (3, 4))),
                ("batch_norm", lambda t: F.batch_norm(t, None, None, training=True)),
                ("unfold", lambda t: F.unfold(t, 2, dilation=2))]:
    x.grad = None
    out = f(x)
    (out * torch.randn(out.shape)).sum().backward()
    print(name, x.grad[1, 2])

# double backward: the gradient of a gradient norm through conv2d and
# max_pool2d (cgrad's derivative is built of engine ops: g's node is not
# PyTorch's ConvolutionBackwardBackward0, and float32 sums of this size
# round differently in the last digits, so 4 significant ones are shown)
x.grad = None
w.grad = None
g, = torch.autograd.grad(F.max_pool2d(F.conv2d(x, w), 2).pow(2).sum(), x, create_graph=True)
g.pow(2).sum().backward()
print(g.requires_grad, [f"{v:.4g}" for v in w.grad[0, 0].flatten().tolist()])

# batch norm in training and evaluation
bn = nn.BatchNorm1d(3)
b = torch.randn(5, 3) * 2 + 1
print(bn(b), bn.running_mean, bn.running_var)
bn.eval()
print(bn(b))
bn2 = nn.BatchNorm2d(2, momentum=None)
for _ in range(3):
    bn2(torch.randn(4, 2, 3, 3))
print(bn2.running_mean, bn2.num_batches_tracked)
print(F.batch_norm(b, torch.zeros(3), torch.ones(3), torch.ones(3) * 2, torch.ones(3), training=True).grad_fn)

# errors
for bad in [
    lambda: F.conv2d(torch.randn(2, 3, 5, 5), torch.randn(4, 2, 3, 3)),
    lambda: F.conv2d(torch.randn(5, 5), torch.randn(4, 3, 3, 3)),
    lambda: F.conv2d(torch.randn(2, 3, 5, 5), torch.randn(4, 3, 7, 7)),
    lambda: F.conv2d(torch.randn(2, 3, 5, 5), torch.randn(4, 3, 3, 3), torch.randn(3)),
    lambda: F.conv2d(torch.randn(2, 3, 5, 5), torch.randn(4, 3, 3, 3), stride=0),
    lambda: F.conv2d(torch.randn(2, 3, 5, 5), torch.randn(4, 3, 3, 3), padding=-1),
    lambda: F.conv2d(torch.randn(2, 3, 5, 5), torch.randn(4, 3, 3, 3), groups=2),
    lambda: F.conv2d(torch.randn(2, 3, 5, 5), torch.randn(4, 3, 3, 3).double()),
    lambda: F.conv2d(torch.randn(2, 3, 5, 5), torch.randn(4, 3, 3, 3), stride=(1, 1, 1)),
    lambda: F.conv2d(torch.randn(2, 3, 5, 5), torch.randn(4, 3, 3, 3), padding="same", stride=2),
    lambda: F.conv2d(torch.randn(2, 3, 5, 5), torch.randn(4, 3, 3, 3), padding="full"),
    lambda: F.conv1d(torch.randn(2, 3, 5, 5), torch.randn(4, 3, 3)),
    lambda: F.max_pool2d(torch.randn(1, 3, 2, 2), 3),
    lambda: F.max_pool2d(torch.randn(1, 3, 6, 6), 2, padding=2),
    lambda: F.max_pool2d(torch.randn(6, 6), 2),
    lambda: F.max_pool2d(torch.randn(1, 3, 6, 6).long(), 2),
    lambda: F.max_pool2d(torch.randn(1, 3, 6, 6), (1, 2, 3)),
    lambda: F.max_pool1d(torch.randn(6), 2),
    lambda: F.avg_pool2d(torch.randn(1, 3, 6, 6), 2, divisor_override=0),
    lambda: F.avg_pool1d(torch.randn(6), 2),
    lambda: F.adaptive_avg_pool2d(torch.randn(5, 5), 2),
    lambda: F.unfold(torch.randn(1, 3, 5, 5), 6),
    lambda: F.unfold(torch.randn(1, 3, 5, 5), 2, stride=0),
    lambda: F.fold(torch.randn(1, 12, 15), (5, 5), 2),
    lambda: F.fold(torch.randn(1, 13, 16), (5, 5), 2),
    lambda: F.batch_norm(torch.randn(1, 3), None, None, training=True),
    lambda: F.batch_norm(torch.randn(4, 3), torch.zeros(4), torch.ones(3)),
    lambda: F.batch_norm(torch.randn(4, 3), None, None),
    lambda: nn.BatchNorm2d(3)(torch.randn(3, 5, 5)),
    lambda: nn.BatchNorm1d(3)(torch.randn(3)),
    lambda: nn.Conv2d(3, 4, 3, groups=2),
    lambda: nn.Conv2d(3, 6, 3, padding="same", stride=2),
    lambda: nn.Conv2d(3, 4, 3)(torch.randn(5, 5)),
]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
