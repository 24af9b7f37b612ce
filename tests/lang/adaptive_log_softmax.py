# nn.AdaptiveLogSoftmaxWithLoss as PyTorch 1.13: seeded parameters, the
# output log probabilities, the loss and gradients to the bit, log_prob and
# predict, unbatched input, errors; nn.factory_kwargs.
import hashlib

import torch
import torch.nn as nn


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


for dt in (torch.float32, torch.float64):
    torch.manual_seed(0)
    m = nn.AdaptiveLogSoftmaxWithLoss(16, 20, [4, 10, 15], div_value=2.0, head_bias=True, dtype=dt)
    print(m)
    x = torch.randn(12, 16, dtype=dt, requires_grad=True)
    y = torch.tensor([0, 3, 4, 9, 10, 14, 15, 19, 2, 11, 5, 18])
    out, loss = m(x, y)
    loss.backward()
    print(dig(out), loss.item(), dig(x.grad), [dig(p.grad) for p in m.parameters()])
    print(dig(m.log_prob(x)), m.predict(x).tolist())
    o1, l1 = m(x[0], y[0])
    print(tuple(o1.shape), l1.item())
print(nn.factory_kwargs({'device': 'cpu', 'dtype': torch.float64}), nn.factory_kwargs(None),
      nn.factory_kwargs({'factory_kwargs': {'dtype': torch.float16}, 'device': 'cpu'}))


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


err(lambda: nn.AdaptiveLogSoftmaxWithLoss(8, 10, [5, 3]))
err(lambda: m(x, torch.tensor([0, 25] + [1] * 10)))
err(lambda: m(x, y[:3]))
err(lambda: nn.factory_kwargs({'dtype': torch.float64, 'factory_kwargs': {'dtype': torch.float32}}))
err(lambda: nn.factory_kwargs({'foo': 1}))
