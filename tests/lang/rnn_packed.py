# torch.nn.utils.rnn as PyTorch 1.13 has it: pack_padded_sequence (sorted,
# and unsorted with enforce_sorted=False), pad_packed_sequence
# (batch_first, padding_value, total_length), pad_sequence, pack_sequence,
# unpad_sequence, unpack_sequence, PackedSequence's fields; RNN, LSTM
# (with proj_size) and GRU over packed input (1-2 layers, bidirectional)
# with their outputs, final states and gradients bit for bit; the errors.
import torch
import torch.nn as nn
from torch.nn.utils.rnn import (PackedSequence, pack_padded_sequence, pad_packed_sequence, pad_sequence,
                                pack_sequence, unpad_sequence, unpack_sequence, invert_permutation)


def digest(t):
    flat = t.detach().flatten().tolist()
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {flat[0]!r}"


torch.manual_seed(11)
seqs = [torch.randn(n, 3) for n in (2, 5, 3, 5, 1)]
padded = pad_sequence(seqs)
print(tuple(padded.shape), digest(padded))
print(tuple(pad_sequence(seqs, batch_first=True, padding_value=-1.5).shape),
      digest(pad_sequence(seqs, batch_first=True, padding_value=-1.5)))
lengths = [2, 5, 3, 5, 1]
p = pack_padded_sequence(padded, lengths, enforce_sorted=False)
print(type(p).__name__, isinstance(p, tuple), tuple(p.data.shape), p.batch_sizes, p.sorted_indices,
      p.unsorted_indices)
print(digest(p.data))
back, lens = pad_packed_sequence(p)
print(torch.equal(back, padded), lens)
back, lens = pad_packed_sequence(p, batch_first=True, padding_value=9.0, total_length=7)
print(tuple(back.shape), digest(back), lens)
ps = pack_sequence(sorted(seqs, key=len, reverse=True))
print(ps.batch_sizes, ps.sorted_indices, ps.unsorted_indices, digest(ps.data))
ps2 = pack_sequence(seqs, enforce_sorted=False)
print([tuple(s.shape) for s in unpack_sequence(ps2)], all(torch.equal(a, b) for a, b in zip(unpack_sequence(ps2), seqs)))
print([torch.equal(a, b) for a, b in zip(unpad_sequence(pad_sequence(seqs), torch.tensor(lengths)), seqs)])
print(invert_permutation(torch.tensor([2, 0, 1])))
pb = pack_padded_sequence(pad_sequence(seqs, batch_first=True), torch.tensor(lengths), batch_first=True,
                          enforce_sorted=False)
print(torch.equal(pb.data, p.data), pb.batch_sizes)
print(PackedSequence(p.data, p.batch_sizes).sorted_indices, p.to(torch.float64).data.dtype)

# gradients through packing and padding
x = pad_sequence(seqs).requires_grad_()
q = pack_padded_sequence(x, lengths, enforce_sorted=False)
out, _ = pad_packed_sequence(q, batch_first=True)
print(q.data.grad_fn.name(), [f.name() for f, _ in q.data.grad_fn.next_functions], out.grad_fn.name())
qb = pack_padded_sequence(x.transpose(0, 1), [5, 5, 3, 2, 1], batch_first=True)
print(qb.data.grad_fn.name(), digest(qb.data), torch._pack_padded_sequence(x, torch.tensor([5, 4, 3, 2, 1]), False)[1])
(out * torch.arange(out.numel()).view(out.shape)).sum().backward()
print(digest(x.grad))

# the layers over packed input
for cls, kw in [(nn.LSTM, {}), (nn.LSTM, {'num_layers': 2, 'bidirectional': True}),
                (nn.LSTM, {'proj_size': 2, 'bidirectional': True}), (nn.GRU, {'num_layers': 2}),
                (nn.GRU, {'bidirectional': True}), (nn.RNN, {'nonlinearity': 'relu', 'bidirectional': True}),
                (nn.RNN, {'num_layers': 2})]:
    for dtype in (torch.float32, torch.float64):
        torch.manual_seed(2)
        m = cls(3, 4, **kw).to(dtype)
        x = pad_sequence([s.to(dtype) for s in seqs]).requires_grad_()
        packed = pack_padded_sequence(x, lengths, enforce_sorted=False)
        d = (2 if kw.get('bidirectional') else 1) * kw.get('num_layers', 1)
        h0 = torch.randn(d, 5, kw.get('proj_size', 0) or 4, dtype=dtype, requires_grad=True)
        hx = (h0, torch.randn(d, 5, 4, dtype=dtype)) if cls is nn.LSTM else h0
        out, h = m(packed, hx)
        print(cls.__name__, kw, dtype, type(out).__name__, tuple(out.data.shape), digest(out.data),
              out.data.grad_fn.name())
        hs = list(h) if isinstance(h, tuple) else [h]
        print(' h', [digest(v) for v in hs], [v.grad_fn.name() for v in hs])
        padded_out, lens = pad_packed_sequence(out, batch_first=True)
        loss = padded_out.pow(2).sum() + sum(v.sum() for v in hs)
        loss.backward()
        print(' grads', digest(x.grad), digest(h0.grad), [digest(p.grad) for p in m.parameters()])
        # the same sorted batch, packed with enforce_sorted
        order = sorted(range(5), key=lambda i: -lengths[i])
        xs = x.detach()[:, order]
        out2, _ = m(pack_padded_sequence(xs, [lengths[i] for i in order]),
                    tuple(v.detach()[:, order] for v in hx) if cls is nn.LSTM else hx.detach()[:, order])
        print(' sorted', digest(out2.data))

# errors
tries = [
    lambda: pack_padded_sequence(padded, lengths),
    lambda: pack_padded_sequence(padded, [5, 5, 3, 2]),
    lambda: pack_padded_sequence(padded, [5, 5, 3, 2, 0]),
    lambda: pad_packed_sequence(p, total_length=3),
    lambda: pad_sequence([]),
    lambda: nn.GRU(3, 4)(PackedSequence(torch.randn(16, 3, 1), p.batch_sizes)),
]
for f in tries:
    try:
        f()
        print('no error')
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)

# PackedSequence's repr, and dropout between layers over packed data
torch.manual_seed(3)
p = pack_sequence([torch.randn(3, 2), torch.randn(1, 2), torch.randn(2, 2)], enforce_sorted=False)
print(p)
m = nn.LSTM(2, 3, num_layers=3, dropout=0.5, bidirectional=True)
out, (h, c) = m(p)
print(digest(out.data), digest(h), digest(c), repr(torch.rand(1).item()))
m = nn.GRU(2, 3, num_layers=2, dropout=0.3)
out, h = m(p)
print(digest(out.data), digest(h), repr(torch.rand(1).item()))
