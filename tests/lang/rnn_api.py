# The recurrent modules' surface as PyTorch 1.13's: reprs, parameter names,
# order and shapes (state_dict keys), _flat_weights, _flat_weights_names,
# all_weights, flatten_parameters(), seeded initialisation, the warnings
# and the errors of the constructors and of forward (input and h0/c0
# shapes), and checkpoints both ways: the state_dicts PyTorch saved
# (torch_fixtures/rnn_state.pt, made by make_rnn_fixture.py) load and run,
# and what cgrad saves is PyTorch's file byte for byte.
import hashlib
import io
import warnings

import torch
import torch.nn as nn


def digest(t):
    flat = t.detach().flatten().tolist()
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {flat[0]!r}"


models = [nn.RNN(3, 4), nn.RNN(3, 4, 2, nonlinearity='relu', bias=False, batch_first=True, dropout=0.5),
          nn.LSTM(3, 4, num_layers=2, bidirectional=True, proj_size=2), nn.LSTM(3, 4, bias=False, proj_size=1),
          nn.GRU(3, 4, num_layers=3, dropout=0.25, bidirectional=True), nn.RNNCell(3, 4, nonlinearity='relu'),
          nn.RNNCell(3, 4, bias=False), nn.LSTMCell(3, 4), nn.GRUCell(3, 4, bias=False),
          nn.Sequential(nn.LSTM(2, 3, batch_first=True), nn.GRUCell(3, 3))]
for m in models:
    print(m)
    print([(k, tuple(v.shape)) for k, v in m.state_dict().items()])
for m in models[:5]:
    print(m._flat_weights_names)
    print([tuple(w.shape) for w in m._flat_weights], [[tuple(w.shape) for w in ws] for ws in m.all_weights])
    print(m.flatten_parameters(), m.mode, m.dropout, m.proj_size)
print(isinstance(models[2], nn.RNNBase), isinstance(models[7], nn.RNNCellBase), models[0].nonlinearity)

# seeded initialisation, in PyTorch's parameter order
torch.manual_seed(4)
for m in [nn.LSTM(3, 4, num_layers=2, bidirectional=True, proj_size=3), nn.GRU(3, 5, bias=False),
          nn.RNN(2, 6), nn.LSTMCell(3, 4), nn.GRUCell(2, 3), nn.RNNCell(2, 3)]:
    print([(n, digest(p)) for n, p in m.named_parameters()])
m = nn.LSTM(3, 4)
m.reset_parameters()
print(digest(m.weight_hh_l0))
# replacing a weight keeps _flat_weights current
m.weight_ih_l0 = nn.Parameter(torch.zeros(16, 3))
print(m._flat_weights[0].sum().item(), m.double()._flat_weights[0].dtype)

# warnings
for kw in [{'dropout': 0.5}, {'dropout': 0.5, 'num_layers': 2}, {'dropout': 1}]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        nn.LSTM(3, 4, **kw)
    print(kw, [str(w.message) for w in caught], [w.category.__name__ for w in caught])

# errors
tries = [
    lambda: nn.LSTM(3, 4, dropout=1.5),
    lambda: nn.LSTM(3, 4, dropout=True),
    lambda: nn.LSTM(3, 4, proj_size=-1),
    lambda: nn.LSTM(3, 4, proj_size=4),
    lambda: nn.GRU(3, 4, proj_size=2),
    lambda: nn.RNN(3, 4, proj_size=2),
    lambda: nn.RNN(3, 4, nonlinearity='gelu'),
    lambda: nn.RNN(3, 4)(torch.randn(5, 2, 2, 3)),
    lambda: nn.RNN(3, 4)(torch.randn(5, 2, 4)),
    lambda: nn.RNN(3, 4)(torch.randn(5, 2, 3), torch.randn(1, 3, 4)),
    lambda: nn.RNN(3, 4)(torch.randn(5, 2, 3), torch.randn(2, 4)),
    lambda: nn.GRU(3, 4)(torch.randn(5, 3), torch.randn(1, 1, 4)),
    lambda: nn.GRU(3, 4, bidirectional=True)(torch.randn(5, 2, 3), torch.randn(1, 2, 4)),
    lambda: nn.LSTM(3, 4)(torch.randn(5, 2, 3), (torch.randn(1, 2, 4), torch.randn(2, 4))),
    lambda: nn.LSTM(3, 4)(torch.randn(5, 3), (torch.randn(1, 1, 4), torch.randn(1, 4))),
    lambda: nn.LSTM(3, 4)(torch.randn(5, 2, 3), (torch.randn(1, 3, 4), torch.randn(1, 2, 4))),
    lambda: nn.LSTM(3, 4, proj_size=2)(torch.randn(5, 2, 3), (torch.randn(1, 2, 4), torch.randn(1, 2, 4))),
    lambda: nn.LSTM(3, 4)(torch.randn(5, 2, 3), (torch.randn(1, 2, 4), torch.randn(1, 2, 3))),
    lambda: nn.LSTM(3, 4, batch_first=True)(torch.randn(0, 2, 3)),
]
for f in tries:
    try:
        f()
        print('no error')
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)

# checkpoints PyTorch saved
state = torch.load('torch_fixtures/rnn_state.pt')
lstm = nn.LSTM(3, 5, num_layers=2, bidirectional=True, proj_size=2)
gru = nn.GRU(3, 4, bias=False, batch_first=True)
cell = nn.LSTMCell(3, 4)
print(lstm.load_state_dict(state['lstm']), gru.load_state_dict(state['gru']), cell.load_state_dict(state['cell']))
torch.manual_seed(1)
x = torch.randn(4, 2, 3)
out, (h, c) = lstm(x)
print(digest(out), digest(h), digest(c))
out, h = gru(x)
print(digest(out), digest(h))
print([digest(v) for v in cell(x[0])])
try:
    nn.LSTM(3, 5, num_layers=2, bidirectional=True).load_state_dict(state['lstm'])
except RuntimeError as e:
    print(str(e).splitlines()[0])

# what cgrad saves is what PyTorch saves
for m in [lstm, gru, cell]:
    buf = io.BytesIO()
    torch.save(m.state_dict(), buf)
    data = buf.getvalue()
    print(len(data), hashlib.sha256(data).hexdigest()[:16])
    back = type(m)(3, 4) if m is cell else None
    if back is not None:
        print(back.load_state_dict(torch.load(io.BytesIO(data))), torch.equal(back.weight_ih, m.weight_ih))
