# torch/nn/parallel/distributed.py: DistributedDataParallel's checks of
# its module and arguments; there is no torch.distributed here.
from torch.nn.modules.module import Module

__all__ = ['DistributedDataParallel']


class DistributedDataParallel(Module):
    """Its checks of the module and arguments, as PyTorch's; there is no
    torch.distributed here, so the default process group is never
    initialized and construction ends in PyTorch's error for that."""
    def __init__(self, module, device_ids=None, output_device=None, dim=0, broadcast_buffers=True,
                 process_group=None, bucket_cap_mb=25, find_unused_parameters=False, check_reduction=False,
                 gradient_as_bucket_view=False, static_graph=False):
        super().__init__()
        params = list(module.parameters())
        if not any(p.requires_grad for p in params):
            raise RuntimeError("DistributedDataParallel is not needed when a module "
                               "doesn't have any parameter that requires a gradient.")
        if device_ids is not None and len(device_ids) > 1:
            raise ValueError("device_ids can only be None or contain a single element.")
        devices = {p.device for p in params}
        device_types = {p.device.type for p in params}
        if len(device_types) != 1:
            raise ValueError("DistributedDataParallel's input module must be on "
                             "the same type of devices, but input module parameters locate in {}."
                             .format(device_types))
        if device_ids is None or len(device_ids) == 0 or 'cpu' in device_types or len(devices) > 1:
            if device_ids or output_device:
                raise ValueError("DistributedDataParallel device_ids and output_device arguments "
                                 "only work with single-device/multiple-device GPU modules or CPU modules, "
                                 "but got device_ids {}, output_device {}, and module parameters {}."
                                 .format(device_ids, output_device, devices))
        if process_group is None:
            raise RuntimeError("Default process group has not been initialized, "
                               "please make sure to call init_process_group.")
        raise NotImplementedError("DistributedDataParallel: torch.distributed is not supported by cgrad")
