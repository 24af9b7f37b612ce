# torch/nn.py: the torch.nn package (`import torch.nn as nn`): Module,
# Parameter, the layers, containers and losses, and the init, functional
# and modules submodules, as PyTorch's torch/nn/__init__.py gathers them.
import torch.nn.functional as functional
import torch.nn.init as init
import torch.nn.grad as grad
import torch.nn.parameter as parameter
import torch.nn.modules as modules
import torch.nn.utils as utils
import torch.nn.parallel as parallel
import torch.nn.common_types as common_types
from torch.nn.parameter import Parameter, UninitializedParameter, UninitializedBuffer
from torch.nn.modules import *
from torch.nn.parallel import DataParallel


def factory_kwargs(kwargs):
    """The device/dtype/memory_format keyword arguments among kwargs (and
    those of its `factory_kwargs` entry) as one dict for a factory
    function; PyTorch's TypeError for any other key or one given twice."""
    if kwargs is None:
        return {}
    simple_keys = {"device", "dtype", "memory_format"}
    expected_keys = simple_keys | {"factory_kwargs"}
    if not kwargs.keys() <= expected_keys:
        raise TypeError(f"unexpected kwargs {kwargs.keys() - expected_keys}")
    r = dict(kwargs.get("factory_kwargs", {}))
    for k in simple_keys:
        if k in kwargs:
            if k in r:
                raise TypeError(f"{k} specified twice, in **kwargs and in factory_kwargs")
            r[k] = kwargs[k]
    return r
