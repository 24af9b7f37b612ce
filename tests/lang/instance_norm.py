# F.instance_norm / torch.instance_norm and nn.InstanceNorm1d/2d/3d,
# nn.BatchNorm3d and nn.LocalResponseNorm / F.local_response_norm as PyTorch
# 1.13 computes them: outputs, gradients and running statistics to the bit
# (instance norm is batch norm over N * C channels of one sample), the nodes,
# unbatched input, eval mode, reprs and errors.
import hashlib

import torch
import torch.nn as nn
import torch.nn.functional as F


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


def names(t):
    out, todo = [], [t.grad_fn]
    while todo:
        f = todo.pop()
        if f is not None and f.name() not in out:
            out.append(f.name())
            todo.extend(g for g, _ in f.next_functions)
    return sorted(out)


torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    for cls, shape in [(nn.InstanceNorm1d, (4, 3, 10)), (nn.InstanceNorm1d, (3, 10)), (nn.InstanceNorm2d, (2, 3, 5, 6)),
                       (nn.InstanceNorm2d, (3, 5, 6)), (nn.InstanceNorm3d, (2, 3, 4, 3, 5))]:
        for kw in ({}, {'affine': True}, {'track_running_stats': True}, {'affine': True, 'track_running_stats': True,
                                                                         'momentum': 0.3}):
            m = cls(3, dtype=dt, **kw)
            if m.affine:
                with torch.no_grad():
                    m.weight.uniform_(0.5, 1.5)
                    m.bias.uniform_(-0.5, 0.5)
            x = torch.randn(*shape, dtype=dt, requires_grad=True)
            y = m(x)
            (y * torch.linspace(-1, 1, y.numel(), dtype=dt).view(y.shape)).sum().backward()
            stats = (dig(m.running_mean), dig(m.running_var)) if m.track_running_stats else None
            grads = (dig(m.weight.grad), dig(m.bias.grad)) if m.affine else None
            print(cls.__name__, dt, shape, kw, dig(y), dig(x.grad), stats, grads, names(y))
            m.eval()
            print('  eval', dig(m(x)))
    x = torch.randn(2, 4, 3, 3, 2, dtype=dt, requires_grad=True)
    bn = nn.BatchNorm3d(4, dtype=dt)
    y = bn(x)
    y.pow(2).sum().backward()
    print('bn3d', dt, dig(y), dig(x.grad), dig(bn.running_mean), dig(bn.running_var), names(y))
    for size, shape in ((3, (2, 6, 7)), (2, (2, 5, 4)), (4, (1, 8, 3))):
        x = torch.randn(*shape, dtype=dt, requires_grad=True)
        y = nn.LocalResponseNorm(size, alpha=0.01, beta=0.8, k=2.0)(x) if len(shape) == 3 else F.local_response_norm(x, size)
        y.sum().backward()
        print('lrn', dt, size, shape, dig(y), dig(x.grad), names(y))
print(nn.InstanceNorm1d(3), nn.InstanceNorm2d(4, affine=True), nn.InstanceNorm3d(2, track_running_stats=True),
      nn.BatchNorm3d(5), nn.LocalResponseNorm(2))
print(list(nn.InstanceNorm2d(3, affine=True, track_running_stats=True).state_dict().keys()))
m = nn.InstanceNorm1d(3)


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


err(lambda: nn.InstanceNorm1d(3)(torch.randn(2, 3, 1)))
err(lambda: nn.InstanceNorm2d(3)(torch.randn(2, 3)))
err(lambda: nn.BatchNorm3d(3)(torch.randn(2, 3, 4)))
err(lambda: F.instance_norm(torch.randn(2, 3, 4), use_input_stats=False))
err(lambda: F.local_response_norm(torch.randn(2, 3), 2))
err(lambda: nn.InstanceNorm1d(3).load_state_dict({'running_mean': torch.zeros(3)}))
err(lambda: m.load_state_dict({'running_mean': torch.zeros(3), 'running_var': torch.ones(3)}, strict=False))
