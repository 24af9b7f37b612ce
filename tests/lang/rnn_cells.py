# nn.RNNCell (tanh, relu), nn.LSTMCell, nn.GRUCell and the torch.* functions
# behind them and the layers (torch.rnn_tanh_cell, torch.lstm, ...) as
# PyTorch 1.13 computes them: values and gradients bit for bit, grad_fn
# graphs, unbatched input, no bias, float32 and float64, and the errors
# for inconsistent sizes.
import torch
import torch.nn as nn


def digest(t):
    flat = t.detach().flatten().tolist()
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {flat[0]!r}"


def graph(fn, depth=0, limit=5):
    if fn is None or depth > limit:
        return
    print('  ' * depth + fn.name())
    for f, _ in fn.next_functions:
        graph(f, depth + 1, limit)


for cls, kw in [(nn.RNNCell, {}), (nn.RNNCell, {'nonlinearity': 'relu'}), (nn.LSTMCell, {}), (nn.GRUCell, {}),
                (nn.GRUCell, {'bias': False}), (nn.LSTMCell, {'bias': False})]:
    for dtype in (torch.float32, torch.float64):
        torch.manual_seed(3)
        cell = cls(4, 5, **kw).to(dtype)
        print(cell, dtype, [n for n, _ in cell.named_parameters()])
        x = torch.randn(6, 3, 4, dtype=dtype, requires_grad=True)
        h = None
        outs = []
        for t in range(6):
            h = cell(x[t], h)
            outs.append(h[0] if isinstance(h, tuple) else h)
        loss = torch.stack(outs).pow(2).sum()
        loss.backward()
        print(' out', digest(torch.stack(outs)))
        print(' x.grad', digest(x.grad))
        for n, p in cell.named_parameters():
            print(' grad', n, digest(p.grad))
        u = cell(x[0, 0].detach())
        print(' unbatched', [tuple(v.shape) for v in (u if isinstance(u, tuple) else (u,))],
              [digest(v) for v in (u if isinstance(u, tuple) else (u,))])
    graph(outs[1].grad_fn)

# the functions, called directly
torch.manual_seed(5)
x = torch.randn(3, 4, dtype=torch.float64)
h = torch.randn(3, 5, dtype=torch.float64)
c = torch.randn(3, 5, dtype=torch.float64)
w = {g: (torch.randn(g * 5, 4, dtype=torch.float64), torch.randn(g * 5, 5, dtype=torch.float64),
         torch.randn(g * 5, dtype=torch.float64), torch.randn(g * 5, dtype=torch.float64)) for g in (1, 3, 4)}
print(digest(torch.rnn_tanh_cell(x, h, *w[1])), digest(torch.rnn_relu_cell(x, h, *w[1])))
print(digest(torch.gru_cell(x, h, *w[3])), digest(torch.gru_cell(x, h, w[3][0], w[3][1])))
print([digest(v) for v in torch.lstm_cell(x, (h, c), *w[4])])
seq = torch.randn(5, 3, 4, dtype=torch.float64)
out, hn = torch.rnn_tanh(seq, h.unsqueeze(0), list(w[1]), True, 1, 0.0, False, False, False)
print(digest(out), digest(hn))
out, hn = torch.rnn_relu(seq, h.unsqueeze(0), list(w[1]), True, 1, 0.0, False, False, False)
print(digest(out), digest(hn))
out, hn = torch.gru(seq.transpose(0, 1), h.unsqueeze(0), list(w[3]), True, 1, 0.0, False, False, True)
print(digest(out), digest(hn), tuple(out.shape))
out, hn, cn = torch.lstm(seq, (h.unsqueeze(0), c.unsqueeze(0)), list(w[4]), True, 1, 0.0, False, False, False)
print(digest(out), digest(hn), digest(cn))
out, hn, cn = torch.lstm(seq, (h.unsqueeze(0), c.unsqueeze(0)), [w[4][0], w[4][1]], False, 1, 0.0, False, False,
                         False)
print(digest(out), digest(hn), digest(cn))

# errors
cell = nn.LSTMCell(4, 5)
tries = [
    lambda: nn.RNNCell(4, 5)(torch.randn(3, 3)),
    lambda: nn.GRUCell(4, 5)(torch.randn(3, 4), torch.randn(2, 5)),
    lambda: nn.GRUCell(4, 5)(torch.randn(3, 4), torch.randn(3, 6)),
    lambda: cell(torch.randn(3, 4), (torch.randn(3, 5), torch.randn(2, 5))),
    lambda: cell(torch.randn(3, 4), (torch.randn(3, 5), torch.randn(3, 7))),
    lambda: cell(torch.randn(2, 3, 4)),
    lambda: nn.RNNCell(4, 5, nonlinearity='gelu')(torch.randn(3, 4)),
    lambda: torch.lstm_cell(x, (h,), *w[4]),
    lambda: torch.lstm(seq, (h.unsqueeze(0),), list(w[4]), True, 1, 0.0, False, False, False),
    lambda: torch.lstm(seq, (h.unsqueeze(0), c.unsqueeze(0)), list(w[4])[:3], True, 1, 0.0, False, False, False),
    lambda: torch.rnn_tanh(seq[:0], h.unsqueeze(0), list(w[1]), True, 1, 0.0, False, False, False),
]
for f in tries:
    try:
        f()
        print('no error')
    except (RuntimeError, AssertionError, ValueError) as e:
        print(type(e).__name__, e)

# the ops the cells are made of: unsafe_chunk / unsafe_split (pieces that
# may be changed in place) and transpose_ (TransposeBackward1)
torch.manual_seed(8)
x = torch.randn(2, 4, requires_grad=True)
print([tuple(t.shape) for t in torch.unsafe_chunk(x, 2, 1)], torch.unsafe_split(x, 3, 1)[1].grad_fn.name())
a, b = (x * 1).unsafe_chunk(2, 1)
a.mul_(2)
b.sigmoid_()
print(a.grad_fn.name(), b.grad_fn.name())
(a.sum() + b.sum()).backward()
print(digest(x.grad))
y = x * 3
print(y.transpose_(0, 1).shape, y.is_contiguous(), y.grad_fn.name())
y.pow(2).sum().backward()
print(digest(x.grad))
for f in [lambda: x.transpose_(0, 1), lambda: torch.unsafe_chunk(x, 0), lambda: x.unsafe_split(-1)]:
    try:
        f()
        print('no error')
    except RuntimeError as e:
        print(type(e).__name__, e)
