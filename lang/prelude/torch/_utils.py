# torch/_utils.py: small helpers PyTorch's Python code takes from torch
# itself and cgrad's torch module (C) does not have yet: typename, and the
# rebuild functions that checkpoints name (torch.save pickles tensors as calls
# of _rebuild_tensor_v2 and _rebuild_parameter).
# Not a public module: torch.nn and torch.optim import from it.
import torch


def typename(o):
    """torch.typename: 'torch.FloatTensor' for a tensor, the qualified class
    name otherwise (PyTorch's error messages print it)."""
    if isinstance(o, torch.Tensor):
        return o.type()
    module = ''
    if hasattr(o, '__module__') and o.__module__ != 'builtins' and o.__module__ is not None:
        module = o.__module__ + '.'
    if hasattr(o, '__qualname__'):
        class_name = o.__qualname__
    elif hasattr(o, '__name__'):
        class_name = o.__name__
    else:
        class_name = type(o).__name__
    return module + class_name


def _rebuild_tensor(storage, storage_offset, size, stride):
    """A tensor over a loaded storage (checkpoints name this function)."""
    return torch._tensor_view(storage._flat, storage_offset, tuple(size), tuple(stride))


def _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks):
    """A tensor over a loaded storage, as torch.save pickles tensors."""
    t = _rebuild_tensor(storage, storage_offset, size, stride)
    t.requires_grad = requires_grad
    return t


def _rebuild_parameter(data, requires_grad, backward_hooks):
    """An nn.Parameter over loaded data, as torch.save pickles parameters."""
    return torch.nn.Parameter(data, requires_grad)
