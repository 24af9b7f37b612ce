# torch/nn/parameter.py: nn.Parameter, a Tensor subclass that modules
# register when it is assigned as an attribute.
# Parameter(data) aliases data's storage as a new leaf (what PyTorch's
# Tensor._make_subclass does: the language makes a Tensor subclass
# instance that way, see lang/torch/torch_creation.c), then sets requires_grad.
# Ops on a Parameter give plain Tensors, as PyTorch's disabled
# __torch_function__ does.
# UninitializedParameter and UninitializedBuffer hold no data until a lazy
# module (torch/nn/modules/lazy.py) materializes them, and then become a
# Parameter or a plain Tensor by changing class, as in PyTorch.
import torch
from torch.overrides import _disabled_torch_function_impl


class Parameter(torch.Tensor):
    __torch_function__ = _disabled_torch_function_impl

    def __init__(self, data=None, requires_grad=True):
        if requires_grad and not self.is_floating_point():
            # _make_subclass's message, not requires_grad_'s
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        self.requires_grad_(requires_grad)

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        else:
            result = type(self)(self.data.clone(), self.requires_grad)
            memo[id(self)] = result
            return result

    def __repr__(self):
        return 'Parameter containing:\n' + super().__repr__()


# Note [Uninitialized tensors]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# PyTorch keeps an uninitialized parameter as an empty tensor whose
# __torch_function__ refuses every op but a few, and whose `shape` raises.
# The language does not dispatch torch functions to __torch_function__, so
# the op refusal is not reproduced; `shape` is refused by __getattribute__,
# since the Tensor's own attributes are read before a subclass's
# properties here.
_SHAPE_MESSAGE = ("Can't access the shape of an uninitialized parameter or buffer. "
                  "This error usually happens in `load_state_dict` when trying to load "
                  "an uninitialized parameter into an initialized one. "
                  "Call `forward` to initialize the parameters before accessing their attributes.")


class UninitializedTensorMixin:
    _allowed_methods = [torch.Tensor.__hash__, torch.Tensor.size, torch.Tensor.copy_,
                        torch.Tensor.is_floating_point, torch.Tensor.half, torch.Tensor.float,
                        torch.Tensor.double, torch.Tensor.char, torch.Tensor.short, torch.Tensor.int,
                        torch.Tensor.long, torch.Tensor.cuda, torch.Tensor.cpu, torch.Tensor.to,
                        torch.Tensor.get_device]

    def materialize(self, shape, device=None, dtype=None):
        if device is None:
            device = self.data.device
        if dtype is None:
            dtype = self.data.dtype
        self.data = torch.empty(shape, device=device, dtype=dtype)
        self.__class__ = self.cls_to_become

    def __getattribute__(self, name):
        if name == 'shape':
            raise RuntimeError(_SHAPE_MESSAGE)
        return super().__getattribute__(name)

    def share_memory_(self):
        raise RuntimeError("Can't share memory on an uninitialized parameter or buffer. "
                           "Call `forward` to initialize the parameters before calling "
                           "`module.share_memory()`.")

    def __repr__(self):
        return f'<{self.__class__.__name__}>'

    def __reduce_ex__(self, proto):
        return (self.__class__, (self.requires_grad,))

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if func in cls._allowed_methods or func.__class__.__name__ == 'method-wrapper':
            if kwargs is None:
                kwargs = {}
            return func(*args, **kwargs)
        raise ValueError(
            'Attempted to use an uninitialized parameter in {}. '
            'This error happens when you are using a `LazyModule` or '
            'explicitly manipulating `torch.nn.parameter.{}` '
            'objects. When using LazyModules Call `forward` with a dummy batch '
            'to initialize the parameters before calling torch functions'.format(func, cls.__name__))


def is_lazy(param):
    return isinstance(param, UninitializedTensorMixin)


class UninitializedParameter(UninitializedTensorMixin, Parameter):
    cls_to_become = Parameter

    def __new__(cls, requires_grad=True, device=None, dtype=None):
        data = torch.empty(0, device=device, dtype=dtype)
        return torch.Tensor._make_subclass(cls, data, requires_grad)

    def __init__(self, requires_grad=True, device=None, dtype=None):
        pass  # not Parameter's: there is no data to check

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        result = type(self)(self.requires_grad, self.data.device, self.data.dtype)
        memo[id(self)] = result
        return result


class UninitializedBuffer(UninitializedTensorMixin, torch.Tensor):
    cls_to_become = torch.Tensor

    def __new__(cls, requires_grad=False, device=None, dtype=None):
        data = torch.empty(0, device=device, dtype=dtype)
        return torch.Tensor._make_subclass(cls, data, requires_grad)
