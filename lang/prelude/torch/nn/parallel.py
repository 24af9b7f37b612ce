# torch/nn/parallel.py: the torch.nn.parallel package as PyTorch 1.13 has
# it: DataParallel, data_parallel, replicate, scatter, gather,
# parallel_apply and DistributedDataParallel.
#
# Note [DataParallel without GPUs]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# On a machine without CUDA, PyTorch's DataParallel only wraps the module:
# device_ids is [], forward calls the module, state_dict keys gain
# "module.". The free functions then fail where their CUDA calls would
# run, with the errors PyTorch gives on such a machine (some name
# torch._C's missing CUDA bindings): those are kept, since they are what
# a user of a CPU-only PyTorch sees. With one GPU, DataParallel moves the
# module to it and the inputs with it, as PyTorch does for one device;
# replicas over several GPUs are not made here (only the first is used).
import warnings
from torch.nn.parallel.parallel_apply import parallel_apply
from torch.nn.parallel.replicate import replicate
from torch.nn.parallel.data_parallel import DataParallel, data_parallel
from torch.nn.parallel.scatter_gather import scatter, gather
from torch.nn.parallel.distributed import DistributedDataParallel

__all__ = ['replicate', 'scatter', 'parallel_apply', 'gather', 'data_parallel', 'DataParallel',
           'DistributedDataParallel']


def DistributedDataParallelCPU(*args, **kwargs):
    warnings.warn("torch.nn.parallel.DistributedDataParallelCPU is deprecated, "
                  "please use torch.nn.parallel.DistributedDataParallel instead.")
    return DistributedDataParallel(*args, **kwargs)
