# torch/_tensortype.py: the typed tensor classes of old code,
# torch.FloatTensor, torch.LongTensor, ... and torch.cuda.FloatTensor, ...
# They are not subclasses of torch.Tensor: calling one makes a
# torch.Tensor of its dtype (the legacy constructor), and isinstance asks
# the tensor's dtype and device, as PyTorch's torch.tensortype does.
import torch

_NAMES = [("Float", torch.float32), ("Double", torch.float64), ("Half", torch.float16),
          ("BFloat16", torch.bfloat16), ("Long", torch.int64), ("Int", torch.int32), ("Short", torch.int16),
          ("Char", torch.int8), ("Byte", torch.uint8), ("Bool", torch.bool)]


class tensortype(type):
    def __instancecheck__(cls, other):
        return isinstance(other, torch.Tensor) and other.dtype == cls.dtype and other.is_cuda == cls.is_cuda

    def __call__(cls, *args, **kwargs):
        device = "cuda" if cls.is_cuda else "cpu"
        if cls.is_cuda and not torch.cuda.is_available():
            raise TypeError("type %s.%s not available. Torch not compiled with CUDA enabled."
                            % (cls.__module__, cls.__name__))
        return torch._legacy_new(cls.dtype, device, *args, **kwargs)


tensortype.__module__ = "torch"


def _make(module, is_cuda):
    """The ten classes of a device, by name."""
    return {name + "Tensor": tensortype(name + "Tensor", (), {"dtype": dtype, "is_cuda": is_cuda, "is_sparse": False,
                                                              "layout": torch.strided, "__module__": module})
            for name, dtype in _NAMES}


globals().update(_make("torch", False))
