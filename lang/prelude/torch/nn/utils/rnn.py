# torch/nn/utils/rnn.py: PackedSequence and the helpers that make and undo
# it (pack_padded_sequence, pad_packed_sequence, pad_sequence,
# pack_sequence, unpad_sequence, unpack_sequence, invert_permutation), as
# PyTorch 1.13 has them. Packing is the engine's _pack_padded_sequence
# (PackPaddedSequenceBackward0); padding and pad_sequence are ATen's
# composites of copies, in the same op order.
from collections import namedtuple
import torch

__all__ = ['PackedSequence', 'invert_permutation', 'pack_padded_sequence', 'pad_packed_sequence', 'pad_sequence',
           'unpad_sequence', 'pack_sequence', 'unpack_sequence']

PackedSequence_ = namedtuple('PackedSequence_', ['data', 'batch_sizes', 'sorted_indices', 'unsorted_indices'])


def _bind(optional, fn):
    return None if optional is None else fn(optional)


class PackedSequence(PackedSequence_):
    """Holds the data and list of batch_sizes of a packed sequence."""

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        return super(PackedSequence, cls).__new__(
            cls, *_packed_sequence_init_args(data, batch_sizes, sorted_indices, unsorted_indices))

    def to(self, *args, **kwargs):
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        kwargs = {k: v for k, v in kwargs.items() if k != 'device' and k != 'dtype'}
        sorted_indices = _bind(self.sorted_indices, lambda t: t.to(data.device, **kwargs))
        unsorted_indices = _bind(self.unsorted_indices, lambda t: t.to(data.device, **kwargs))
        return type(self)(data, self.batch_sizes, sorted_indices, unsorted_indices)

    def cuda(self, *args, **kwargs):
        return self.to(*args, device='cuda', **kwargs)

    def cpu(self, *args, **kwargs):
        return self.to(*args, device='cpu', **kwargs)

    def double(self):
        return self.to(dtype=torch.double)

    def float(self):
        return self.to(dtype=torch.float)

    def half(self):
        return self.to(dtype=torch.half)

    def long(self):
        return self.to(dtype=torch.long)

    def int(self):
        return self.to(dtype=torch.int)

    @property
    def is_cuda(self):
        return self.data.is_cuda

    def is_pinned(self):
        return False


def _packed_sequence_init_args(data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
    if unsorted_indices is None:
        unsorted_indices = invert_permutation(sorted_indices)
    if batch_sizes is not None:
        if batch_sizes.device.type != 'cpu':
            raise ValueError(
                "batch_sizes should always be on CPU. "
                "Instances of PackedSequence should never be created manually. "
                "They should be instantiated by functions like pack_sequence "
                "and pack_padded_sequences in nn.utils.rnn. "
                "https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence")
        return data, batch_sizes, sorted_indices, unsorted_indices
    assert isinstance(data, (list, tuple)) and len(data) == 2
    return data[0], data[1], sorted_indices, unsorted_indices


def invert_permutation(permutation):
    if permutation is None:
        return None
    output = torch.empty_like(permutation)
    output.scatter_(0, permutation, torch.arange(0, permutation.numel(), device=permutation.device))
    return output


def _check_long(t, name):
    if t.dtype != torch.int64:
        raise RuntimeError("Expected argument #2 '{}' to be a tensor of type Long".format(name))


def _sort_descending(lengths):
    """torch.sort(lengths, descending=True): ties keep their order, as
    PyTorch's CPU sort (a stable one)."""
    values = lengths.tolist()
    order = sorted(range(len(values)), key=lambda i: -values[i])
    return (torch.tensor([values[i] for i in order], dtype=torch.int64),
            torch.tensor(order, dtype=torch.int64))


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    """Packs a Tensor containing padded sequences of variable length."""
    lengths = torch.as_tensor(lengths, dtype=torch.int64)
    if enforce_sorted:
        sorted_indices = None
    else:
        lengths, sorted_indices = _sort_descending(lengths)
        sorted_indices = sorted_indices.to(input.device)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    data, batch_sizes = torch._pack_padded_sequence(input, lengths, batch_first)
    return PackedSequence(data, batch_sizes, sorted_indices, None)


def _pad_packed(data, batch_sizes, batch_first, padding_value, total_length):
    """ATen's _pad_packed_sequence: (padded, lengths)."""
    _check_long(batch_sizes, 'batch_sizes')
    sizes = [int(b) for b in batch_sizes.tolist()]
    max_batch, real_len = sizes[0], len(sizes)
    out_len = max(real_len, total_length)
    output = torch.full([out_len, max_batch] + list(data.shape[1:]), padding_value, dtype=data.dtype,
                        device=data.device)
    lengths = [0] * max_batch
    at, offset, prev, prev_i = max_batch - 1, 0, max_batch, 0
    for i in range(real_len + 1):
        b = sizes[i] if i != real_len else 0
        if b != prev:
            n = prev * (i - prev_i)
            piece = data[offset:offset + n].view([i - prev_i, prev] + list(data.shape[1:]))
            output[prev_i:i, :prev].copy_(piece)
            offset += n
            prev_i = i
        for _ in range(prev - b):
            lengths[at] = i
            at -= 1
        prev = b
    if batch_first:
        output = output.transpose(0, 1)
    return output, torch.tensor(lengths, dtype=torch.int64)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    """Pads a packed batch of variable length sequences."""
    max_seq_length = sequence.batch_sizes.size(0)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError("Expected total_length to be at least the length "
                             "of the longest sequence in input, but got "
                             "total_length={} and max sequence length being {}".format(total_length, max_seq_length))
        max_seq_length = total_length
    padded, lengths = _pad_packed(sequence.data, sequence.batch_sizes, batch_first, padding_value, max_seq_length)
    unsorted = sequence.unsorted_indices
    if unsorted is not None:
        return padded.index_select(0 if batch_first else 1, unsorted), lengths[unsorted.cpu()]
    return padded, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0):
    """Pad a list of variable length Tensors with padding_value."""
    if isinstance(sequences, torch.Tensor):
        sequences = sequences.unbind(0)
    else:
        try:
            sequences = tuple(sequences)
        except TypeError:
            raise RuntimeError('pad_sequence: Expected iterable for input sequences, but got arg of type: '
                               f'{type(sequences)}')
    if len(sequences) == 0:
        raise RuntimeError("received an empty list of sequences")
    first = sequences[0]
    max_len = max(s.size(0) for s in sequences)
    trailing = list(first.shape[1:])
    dims = [len(sequences), max_len] + trailing if batch_first else [max_len, len(sequences)] + trailing
    out = torch.full(dims, padding_value, dtype=first.dtype, device=first.device)
    for i, seq in enumerate(sequences):
        n = seq.size(0)
        if batch_first:
            out.select(0, i).narrow(0, 0, n).copy_(seq)
        else:
            out.narrow(0, 0, n).select(1, i).copy_(seq)
    return out


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    """Unpad padded Tensor into a list of variable length Tensors."""
    out = []
    if not batch_first:
        padded_sequences.transpose_(0, 1)
    idx = torch.arange(padded_sequences.shape[1])
    for seq, length in zip(padded_sequences, lengths):
        out.append(seq[idx < length])
    return out


def pack_sequence(sequences, enforce_sorted=True):
    """Packs a list of variable length Tensors."""
    lengths = torch.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    """Unpacks PackedSequence into a list of variable length Tensors."""
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
