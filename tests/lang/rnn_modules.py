# nn.RNN (tanh, relu), nn.LSTM and nn.GRU as PyTorch 1.13 runs them on the
# CPU, bit for bit: seeded initialisation, outputs and final states, and the
# gradients of the input, h0/c0 and every parameter, over 1-2 layers,
# bidirectional, batch_first, proj_size, no bias, given h0/c0, unbatched
# input, float32 and float64, at one and two threads.
import torch
import torch.nn as nn


def digest(t):
    flat = t.detach().flatten().tolist()
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {flat[0]!r}"


def states(h):
    return [h] if isinstance(h, torch.Tensor) else list(h)


def run(cls, dtype, threads, given_h0, unbatched, **kw):
    torch.set_num_threads(threads)
    torch.manual_seed(7)
    m = cls(5, 6, **kw).to(dtype)
    for n, p in m.named_parameters():
        print(' init', n, tuple(p.shape), digest(p))
    shape = (4, 3, 5) if not kw.get('batch_first') else (3, 4, 5)
    if unbatched:
        shape = (4, 5)
    x = torch.randn(*shape, dtype=dtype, requires_grad=True)
    hx = None
    if given_h0:
        d = (2 if kw.get('bidirectional') else 1) * kw.get('num_layers', 1)
        hsize = kw.get('proj_size', 0) or 6
        lead = (d,) if unbatched else (d, 3)
        h0 = torch.randn(*lead, hsize, dtype=dtype, requires_grad=True)
        hx = (h0, torch.randn(*lead, 6, dtype=dtype, requires_grad=True)) if cls is nn.LSTM else h0
    out, h = m(x, hx)
    print(' out', tuple(out.shape), digest(out), out.grad_fn.name())
    for s in states(h):
        print(' h', tuple(s.shape), digest(s), s.grad_fn.name())
    loss = (out * out).sum() + sum((s * 1.5).sum() for s in states(h))
    loss.backward()
    print(' x.grad', digest(x.grad))
    if given_h0:
        for s in states(hx):
            print(' h0.grad', digest(s.grad))
    for n, p in m.named_parameters():
        print(' grad', n, digest(p.grad))


configs = [
    {},
    {'num_layers': 2},
    {'bidirectional': True},
    {'num_layers': 2, 'bidirectional': True, 'batch_first': True},
    {'bias': False},
    {'num_layers': 2, 'bias': False, 'bidirectional': True},
]
for cls, extra in [(nn.LSTM, {}), (nn.GRU, {}), (nn.RNN, {}), (nn.RNN, {'nonlinearity': 'relu'})]:
    for i, cfg in enumerate(configs):
        kw = dict(cfg, **extra)
        for dtype in (torch.float32, torch.float64):
            threads = 2 if i % 2 else 1
            print(cls.__name__, kw, dtype, threads)
            run(cls, dtype, threads, i >= 2, False, **kw)
    print(cls.__name__, 'unbatched')
    run(cls, torch.float32, 1, True, True, **dict(extra, num_layers=2))
    run(cls, torch.float64, 1, False, True, **dict(extra, bidirectional=True, batch_first=True))

for cfg in [{'proj_size': 3}, {'proj_size': 2, 'num_layers': 2, 'bidirectional': True},
            {'proj_size': 4, 'bias': False, 'batch_first': True}]:
    for dtype in (torch.float32, torch.float64):
        print('LSTM', cfg, dtype)
        run(nn.LSTM, dtype, 1, True, False, **cfg)
print('LSTM proj unbatched')
run(nn.LSTM, torch.float32, 2, True, True, proj_size=3, num_layers=2)
