# Channel dropout (F.dropout1d/2d/3d, nn.Dropout1d/2d/3d), alpha dropout and
# feature alpha dropout as PyTorch 1.13 draws them: seeded outputs and
# gradients to the bit (the same noise draws), in-place forms, evaluation
# mode, p = 0 and 1, the nodes, PyTorch's warnings and errors, reprs.
import hashlib
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


for dt in (torch.float32, torch.float64):
    for name, f, shape in [('dropout1d', F.dropout1d, (4, 6, 5)), ('dropout1d unbatched', F.dropout1d, (6, 5)),
                           ('dropout2d', F.dropout2d, (3, 8, 4, 4)), ('dropout3d', F.dropout3d, (2, 5, 3, 2, 2)),
                           ('dropout3d unbatched', F.dropout3d, (5, 3, 2, 2)),
                           ('alpha', lambda x, p: F.alpha_dropout(x, p, training=True), (7, 9)),
                           ('feature alpha', lambda x, p: F.feature_alpha_dropout(x, p, training=True), (3, 6, 4))]:
        for p in (0.2, 0.5, 0.0, 1.0):
            torch.manual_seed(11)
            x = torch.randn(*shape, dtype=dt, requires_grad=True)
            y = f(x, p)
            y.sum().backward()
            print(name, dt, p, tuple(y.shape), dig(y), dig(x.grad), None if y.grad_fn is None else y.grad_fn.name())
torch.manual_seed(3)
x = torch.randn(4, 6, 3)
print(dig(F.dropout1d(x, 0.5, training=False)), dig(F.alpha_dropout(x, 0.5)), dig(F.feature_alpha_dropout(x, 0.5)))
y = x.clone()
torch.manual_seed(4)
r = F.dropout1d(y, 0.4, inplace=True)
print('inplace', r is y, dig(y))
y = x.clone()
torch.manual_seed(4)
r = F.alpha_dropout(y, 0.4, training=True, inplace=True)
print('inplace alpha', r is y, dig(y))
y = x[0].clone()
torch.manual_seed(4)
r = F.dropout1d(y, 0.4, inplace=True)
print('inplace unbatched', r is y, tuple(r.shape), dig(y))
torch.manual_seed(5)
m = nn.Sequential(nn.Dropout1d(0.3), nn.Dropout2d(0.2), nn.Dropout3d(), nn.AlphaDropout(0.1), nn.FeatureAlphaDropout(0.4))
print(m)
x = torch.randn(2, 3, 4, 5, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    y = nn.Dropout2d(0.5)(x)
    z = nn.Dropout2d(0.5)(x[0])
    w = F.dropout2d(torch.randn(4, 5), 0.5)
    v = F.dropout3d(torch.randn(2, 3, 4), 0.5)
    print([str(c.message)[:60] for c in caught])
print(dig(y), dig(z), dig(w), dig(v))
m.eval()
ones = torch.ones(2, 3, 4, 5)
print([torch.equal(m[i](ones), ones) for i in (1, 3, 4)], torch.equal(m[0](ones[0]), ones[0]))
torch.manual_seed(6)
print(dig(torch.feature_dropout(torch.randn(3, 4, 2), 0.5, True)), dig(torch.alpha_dropout(torch.randn(3, 4), 0.3, True)),
      dig(torch.feature_alpha_dropout(torch.randn(3, 4, 2), 0.3, True)))


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


err(lambda: F.dropout1d(torch.randn(2, 3, 4, 5)))
err(lambda: F.dropout1d(x, 1.5))
err(lambda: nn.Dropout2d(-0.1))
err(lambda: torch.feature_dropout(torch.randn(3), 0.5, True))
err(lambda: torch.alpha_dropout(torch.randn(3), 1.5, True))
