# torch/nn/parallel/data_parallel.py: DataParallel and data_parallel
# (Note [DataParallel without GPUs] in torch/nn/parallel.py).
import torch
from torch.nn.modules.module import Module
from torch.nn.parallel.data_parallel_devices import _device_type, _all_device_indices
from torch.nn.parallel.scatter_gather import scatter_kwargs

__all__ = ['DataParallel', 'data_parallel']


class DataParallel(Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super(DataParallel, self).__init__()
        device_type = _device_type()
        if device_type is None:  # Note [DataParallel without GPUs]
            self.module = module
            self.device_ids = []
            return
        if device_ids is None:
            device_ids = _all_device_indices()
        if output_device is None:
            output_device = device_ids[0]
        self.dim = dim
        self.module = module
        self.device_ids = [torch.device(x).index if not isinstance(x, int) else x for x in device_ids]
        self.output_device = output_device if isinstance(output_device, int) else torch.device(output_device).index
        self.src_device_obj = torch.device(device_type, self.device_ids[0])
        if len(self.device_ids) == 1:
            self.module.to(self.src_device_obj)

    def forward(self, *inputs, **kwargs):
        if not self.device_ids:
            return self.module(*inputs, **kwargs)
        for t in list(self.module.parameters()) + list(self.module.buffers()):
            if t.device != self.src_device_obj:
                raise RuntimeError("module must have its parameters and buffers "
                                   "on device {} (device_ids[0]) but found one of "
                                   "them on device: {}".format(self.src_device_obj, t.device))
        inputs, kwargs = scatter_kwargs(inputs, kwargs, self.device_ids, dim=self.dim)
        if not inputs and not kwargs:
            inputs, kwargs = ((),), ({},)
        return self.module(*inputs[0], **kwargs[0])


def data_parallel(module, inputs, device_ids=None, output_device=None, dim=0, module_kwargs=None):
    if not isinstance(inputs, tuple):
        inputs = (inputs,) if inputs is not None else ()
    device_type = _device_type()
    if device_ids is None:
        device_ids = _all_device_indices()
    if output_device is None:
        output_device = device_ids[0]
    device_ids = list(device_ids)
    if device_type is None:
        device_ids[0]
        raise TypeError("Device(): argument 'type' (position 1) must be str, not NoneType")
    src_device_obj = torch.device(device_type, device_ids[0])
    for t in list(module.parameters()) + list(module.buffers()):
        if t.device != src_device_obj:
            raise RuntimeError("module must have its parameters and buffers "
                               "on device {} (device_ids[0]) but found one of "
                               "them on device: {}".format(src_device_obj, t.device))
    inputs, module_kwargs = scatter_kwargs(inputs, module_kwargs, device_ids, dim)
    if not inputs and not module_kwargs:
        inputs, module_kwargs = ((),), ({},)
    return module(*inputs[0], **module_kwargs[0])
