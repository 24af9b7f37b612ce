# train_parity.py: the ops behind a small convolutional net and five Adam
# steps of it on `cuda`. gpu-check.sh runs it with cgrad and with the
# machine's PyTorch on the same GPU and compares the text: each op's largest
# value and gradient to 4 decimals, the losses to 5. (Exact sums are not
# compared: the two libraries' CUDA reductions add in different orders.)
import torch
import torch.nn as nn
import torch.nn.functional as F

dev = 'cuda'
torch.manual_seed(0)
x = torch.randn(8, 3, 16, 16).to(dev).requires_grad_()
ops = [('softmax', lambda x: F.softmax(x, 1)), ('log_softmax', lambda x: F.log_softmax(x, -1)),
       ('avg_pool2d', lambda x: F.avg_pool2d(x, 3, 2, 1)), ('adaptive_avg_pool2d', lambda x: F.adaptive_avg_pool2d(x, 5)),
       ('layer_norm', lambda x: F.layer_norm(x, (16, 16))), ('group_norm', lambda x: F.group_norm(x, 3)),
       ('batch_norm', lambda x: F.batch_norm(x, None, None, training=True)), ('gelu', F.gelu),
       ('logsumexp', lambda x: x.logsumexp(2)), ('norm', lambda x: x.norm(dim=1)),
       ('cumsum', lambda x: x.cumsum(3)), ('prod', lambda x: (x * 0.1 + 1).prod(2)),
       ('pow', lambda x: x ** 3), ('max_pool2d', lambda x: F.max_pool2d(x, 2))]
for name, f in ops:
    y = f(x)
    g, = torch.autograd.grad((y * y).sum(), x)
    print(name, tuple(y.shape), '%.4f %.4f' % (y.abs().max().item(), g.abs().max().item()))
torch.manual_seed(1)
model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.GroupNorm(2, 8), nn.ReLU(), nn.AvgPool2d(2),
                      nn.Flatten(), nn.LayerNorm(8 * 64), nn.Linear(8 * 64, 10)).to(dev)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
xb = torch.randn(32, 3, 16, 16).to(dev)
yb = torch.randint(0, 10, (32,)).to(dev)
for i in range(5):
    opt.zero_grad()
    loss = F.cross_entropy(model(xb), yb, label_smoothing=0.1)
    loss.backward()
    opt.step()
    print('step', i, '%.5f' % loss.item())
