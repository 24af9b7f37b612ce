# torch/nn/parallel/scatter_gather.py: scatter, scatter_kwargs and gather
# of torch.nn.parallel (Note [DataParallel without GPUs] in
# torch/nn/parallel.py): the recursion into tuples, lists, dicts and named
# tuples as PyTorch 1.13's; tensors fail on the CPU as there.
import warnings
import torch

__all__ = ['scatter', 'scatter_kwargs', 'gather']


def is_namedtuple(obj):
    warnings.warn("is_namedtuple is deprecated, please use the python checks instead")
    return _is_namedtuple(obj)


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
