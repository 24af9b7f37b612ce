# torch/nn/parallel/replicate.py: replicate, a copy of a module per device
# (Note [DataParallel without GPUs] in torch/nn/parallel.py).
import torch

__all__ = ['replicate']


def replicate(network, devices, detach=False):
    """A copy of network per device: none without devices; copies need
    CUDA's broadcast."""
    if not devices:
        return []
    if any(t.device.type == 'cpu' for t in network.parameters()) or not torch.cuda.is_available():
        raise AssertionError('Broadcast function not implemented for CPU tensors')
    raise NotImplementedError("replicate: copies of a module over several GPUs are not supported by cgrad")
