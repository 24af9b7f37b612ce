# torch/_view_copies.py: the *_copy forms of the view ops (view_copy,
# t_copy, split_copy, ...): the view's values in a tensor of their own,
# under the view's node renamed "<node>_copy" as PyTorch records them
# (torch._view_copy, engine/view_copy.c).
import torch

_copy = torch._view_copy


def _out(r, out):
    return r if out is None else out.copy_(r)


def _pieces(views):
    return tuple(_copy(v) for v in views)


def alias_copy(input, *, out=None):
    """A copy of input, recorded as an alias of it (AliasBackward0_copy)."""
    return _out(_copy(input[...]), out)


def as_strided_copy(input, size, stride, storage_offset=None, *, out=None):
    """A copy of input.as_strided(size, stride, storage_offset)."""
    return _out(_copy(input.as_strided(size, stride, storage_offset)), out)


def detach_copy(input, *, out=None):
    """A copy of input.detach()."""
    return _out(input.detach().clone(), out)


def diagonal_copy(input, offset=0, dim1=0, dim2=1, *, out=None):
    """A copy of input.diagonal(offset, dim1, dim2)."""
    return _out(_copy(input.diagonal(offset, dim1, dim2)), out)


def expand_copy(input, size, *, implicit=False, out=None):
    """A copy of input.expand(size)."""
    return _out(_copy(input.expand(size)), out)


def permute_copy(input, dims, *, out=None):
    """A copy of input.permute(dims)."""
    return _out(_copy(input.permute(dims)), out)


def select_copy(input, dim, index, *, out=None):
    """A copy of input.select(dim, index)."""
    return _out(_copy(input.select(dim, index)), out)


def slice_copy(input, dim=0, start=None, end=None, step=1, *, out=None):
    """A copy of input sliced along dim, start:end:step."""
    if step <= 0:
        raise RuntimeError("slice step must be positive")
    index = (slice(None),) * (dim % input.dim() if input.dim() else 0) + (slice(start, end, step),)
    return _out(_copy(input[index]), out)


def split_copy(input, split_size, dim=0, *, out=None):
    """Copies of the pieces of input.split(split_size, dim)."""
    return _pieces(torch.split(input, split_size, dim))


def split_with_sizes_copy(input, split_sizes, dim=0, *, out=None):
    """Copies of the pieces of input.split_with_sizes(split_sizes, dim)."""
    return _pieces(input.split_with_sizes(split_sizes, dim))


def squeeze_copy(input, dim=None, *, out=None):
    """A copy of input.squeeze(dim)."""
    return _out(_copy(input.squeeze() if dim is None else input.squeeze(dim)), out)


def t_copy(input, *, out=None):
    """A copy of input.t()."""
    return _out(_copy(input.t()), out)


def transpose_copy(input, dim0, dim1, *, out=None):
    """A copy of input.transpose(dim0, dim1)."""
    return _out(_copy(input.transpose(dim0, dim1)), out)


def unbind_copy(input, dim=0, *, out=None):
    """Copies of the slices of input.unbind(dim)."""
    return _pieces(input.unbind(dim))


def unfold_copy(input, dimension, size, step, *, out=None):
    """A copy of input.unfold(dimension, size, step)."""
    return _out(_copy(input.unfold(dimension, size, step)), out)


def unsqueeze_copy(input, dim, *, out=None):
    """A copy of input.unsqueeze(dim)."""
    return _out(_copy(input.unsqueeze(dim)), out)


def view_as_complex_copy(input, *, out=None):
    """A copy of torch.view_as_complex(input)."""
    return _out(_copy(torch.view_as_complex(input)), out)


def view_as_real_copy(input, *, out=None):
    """A copy of torch.view_as_real(input)."""
    return _out(_copy(torch.view_as_real(input)), out)


def view_copy(input, size, *, out=None):
    """A copy of input.view(size) (size a shape or a dtype)."""
    return _out(_copy(input.view(size)), out)
