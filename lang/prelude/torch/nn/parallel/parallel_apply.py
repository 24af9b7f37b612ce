# torch/nn/parallel/parallel_apply.py: parallel_apply, each replica on its
# inputs (Note [DataParallel without GPUs] in torch/nn/parallel.py).
import torch
from torch.nn.parallel.data_parallel_devices import _NO_CUDA

__all__ = ['parallel_apply']


def parallel_apply(modules, inputs, kwargs_tup=None, devices=None):
    """modules[i](*inputs[i], **kwargs_tup[i]) for each i, on its device."""
    assert len(modules) == len(inputs)
    if kwargs_tup is not None:
        assert len(modules) == len(kwargs_tup)
    else:
        kwargs_tup = ({},) * len(modules)
    if devices is not None:
        assert len(modules) == len(devices)
    if not torch.cuda.is_available() and modules:
        raise AssertionError(_NO_CUDA)
    outputs = []
    for module, input, kwargs in zip(modules, inputs, kwargs_tup):
        if not isinstance(input, (list, tuple)):
            input = (input,)
        outputs.append(module(*input, **kwargs))
    if not modules:
        raise IndexError("list index out of range")
    return outputs
