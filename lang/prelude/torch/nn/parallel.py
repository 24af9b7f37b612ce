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
import torch
from torch.nn.modules.module import Module

__all__ = ['replicate', 'scatter', 'parallel_apply', 'gather', 'data_parallel', 'DataParallel',
           'DistributedDataParallel']

_NO_CUDA = "Torch not compiled with CUDA enabled"


def _device_type():
    return 'cuda' if torch.cuda.is_available() else None


def _all_device_indices():
    return list(range(torch.cuda.device_count())) if torch.cuda.is_available() else None


def _is_namedtuple(obj):
    return isinstance(obj, tuple) and hasattr(obj, "_asdict") and hasattr(obj, "_fields")


def _scatter_tensor(target_gpus, dim, obj):
    if not torch.cuda.is_available():
        raise AttributeError("module 'torch._C' has no attribute '_scatter'")
    return tuple(obj.to(torch.device('cuda', target_gpus[0])) for _ in target_gpus[:1])


def scatter(inputs, target_gpus, dim=0):
    """inputs split into one piece per target device, recursing into
    tuples, lists and dicts; other objects are repeated."""
    def scatter_map(obj):
        if isinstance(obj, torch.Tensor):
            return _scatter_tensor(target_gpus, dim, obj)
        if _is_namedtuple(obj):
            return [type(obj)(*args) for args in zip(*map(scatter_map, obj))]
        if isinstance(obj, tuple) and len(obj) > 0:
            return list(zip(*map(scatter_map, obj)))
        if isinstance(obj, list) and len(obj) > 0:
            return [list(i) for i in zip(*map(scatter_map, obj))]
        if isinstance(obj, dict) and len(obj) > 0:
            return [type(obj)(i) for i in zip(*map(scatter_map, obj.items()))]
        return [obj for _ in target_gpus]
    return scatter_map(inputs)


def scatter_kwargs(inputs, kwargs, target_gpus, dim=0):
    inputs = scatter(inputs, target_gpus, dim) if inputs else []
    kwargs = scatter(kwargs, target_gpus, dim) if kwargs else []
    if len(inputs) < len(kwargs):
        inputs.extend(() for _ in range(len(kwargs) - len(inputs)))
    elif len(kwargs) < len(inputs):
        kwargs.extend({} for _ in range(len(inputs) - len(kwargs)))
    return tuple(inputs), tuple(kwargs)


def gather(outputs, target_device, dim=0):
    """The outputs of the replicas joined along dim on target_device,
    recursing into dicts and sequences."""
    def gather_map(outputs):
        out = outputs[0]
        if isinstance(out, torch.Tensor):
            if any(o.device.type == 'cpu' for o in outputs):
                raise AssertionError('Gather function not implemented for CPU tensors')
            return torch.cat(outputs, dim)
        if out is None:
            return None
        if isinstance(out, dict):
            if not all(len(out) == len(d) for d in outputs):
                raise ValueError('All dicts must have the same number of keys')
            return type(out)((k, gather_map([d[k] for d in outputs])) for k in out)
        if _is_namedtuple(out):
            return type(out)._make(map(gather_map, zip(*outputs)))
        return type(out)(map(gather_map, zip(*outputs)))
    return gather_map(outputs)


def replicate(network, devices, detach=False):
    """A copy of network per device: none without devices; copies need
    CUDA's broadcast."""
    if not devices:
        return []
    if any(t.device.type == 'cpu' for t in network.parameters()) or not torch.cuda.is_available():
        raise AssertionError('Broadcast function not implemented for CPU tensors')
    raise NotImplementedError("replicate: copies of a module over several GPUs are not supported by cgrad")


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


def DistributedDataParallelCPU(*args, **kwargs):
    warnings.warn("torch.nn.parallel.DistributedDataParallelCPU is deprecated, "
                  "please use torch.nn.parallel.DistributedDataParallel instead.")
    return DistributedDataParallel(*args, **kwargs)
