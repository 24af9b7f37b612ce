# torch/_utils.py: small helpers PyTorch's Python code takes from torch
# itself and cgrad's torch module (C) does not have yet: typename.
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
