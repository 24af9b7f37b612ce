# torch/nn/parallel/data_parallel_devices.py: which devices DataParallel
# and the free functions of torch.nn.parallel see (PyTorch's
# torch/_utils.py device helpers): none without CUDA.
import torch

_NO_CUDA = "Torch not compiled with CUDA enabled"


def _device_type():
    return 'cuda' if torch.cuda.is_available() else None


def _all_device_indices():
    return list(range(torch.cuda.device_count())) if torch.cuda.is_available() else None
