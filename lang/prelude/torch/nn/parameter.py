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
# __torch_function__ refuses every op but a few (_allowed_methods), and
# whose `shape` raises. The language's built-in torch functions do not
# dispatch to __torch_function__, so the refusal is made here instead, on
# the Tensor methods and operators: each becomes one that raises PyTorch's
# ValueError, naming the function as PyTorch's message does (a C method,
# a slot wrapper, or a Tensor method PyTorch writes in Python). torch.*
# and F.* functions given an uninitialized tensor are not refused. `shape`
# is refused by __getattribute__: the Tensor's own attributes are read
# before a subclass's properties here.
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


# The operators and the function PyTorch's message names for each: a C
# method of _TensorBase by name, or ('slot', name), or ('function', name)
# for one PyTorch writes in Python (its qualified name).
_OPERATORS = {
    '__add__': 'add', '__radd__': 'add', '__sub__': 'sub', '__rsub__': ('function', 'Tensor.__rsub__'),
    '__mul__': 'mul', '__rmul__': 'mul', '__truediv__': 'div', '__rtruediv__': ('function', 'Tensor.__rdiv__'),
    '__matmul__': 'matmul', '__rmatmul__': ('function', 'Tensor.__rmatmul__'),
    '__pow__': ('function', '_TensorBase.pow'), '__rpow__': ('function', 'Tensor.__rpow__'),
    '__floordiv__': ('function', 'Tensor.__floordiv__'), '__rfloordiv__': ('function', 'Tensor.__rfloordiv__'),
    '__mod__': 'remainder', '__rmod__': ('function', 'Tensor.__rmod__'), '__neg__': 'neg', '__abs__': 'abs',
    '__getitem__': ('slot', '__getitem__'), '__setitem__': ('slot', '__setitem__'), '__bool__': '__bool__',
    '__float__': '__float__', '__int__': '__int__', '__index__': '__index__', '__iter__': 'dim',
    '__len__': ('function', 'Tensor.__len__'), '__contains__': ('function', 'Tensor.__contains__'),
    '__reversed__': ('function', 'Tensor.__reversed__'), '__array__': ('function', 'Tensor.__array__'),
    '__lt__': 'lt', '__le__': 'le', '__gt__': 'gt', '__ge__': 'ge', '__eq__': 'eq', '__ne__': 'ne',
    '__iadd__': 'add_', '__isub__': 'sub_', '__imul__': 'mul_', '__itruediv__': 'div_',
    '__and__': '__and__', '__or__': '__or__', '__xor__': '__xor__', '__invert__': '__invert__',
}
# Tensor methods PyTorch 1.13 writes in Python (torch/_tensor.py)
_PYTHON_METHODS = {'backward', 'eig', 'is_shared', 'istft', 'lstsq', 'lu', 'norm', 'refine_names',
                   'register_hook', 'reinforce', 'rename', 'rename_', 'resize', 'resize_as', 'solve', 'split',
                   'stft', 'storage', 'storage_type', 'to_sparse_coo', 'unflatten', 'unique', 'unique_consecutive',
                   'align_to'}
_ALLOWED = {'size', 'copy_', 'is_floating_point', 'half', 'float', 'double', 'char', 'short', 'int', 'long',
            'cuda', 'cpu', 'to', 'get_device'}


def _refusal(name, shown):
    """A method that raises PyTorch's ValueError for `shown`, the function
    PyTorch's __torch_function__ would have been given."""
    def refuse(self, *args, **kwargs):
        if isinstance(shown, tuple):
            kind, qualname = shown
            if kind == 'slot':
                func = "<slot wrapper '{}' of 'torch._C._TensorBase' objects>".format(qualname)
            else:
                func = "<function {} at {:#x}>".format(qualname, id(refuse))
        else:
            func = "<method '{}' of 'torch._C._TensorBase' objects>".format(shown)
        raise ValueError(
            'Attempted to use an uninitialized parameter in {}. '
            'This error happens when you are using a `LazyModule` or '
            'explicitly manipulating `torch.nn.parameter.{}` '
            'objects. When using LazyModules Call `forward` with a dummy batch '
            'to initialize the parameters before calling torch functions'.format(func, type(self).__name__))
    refuse.__name__ = name
    return refuse


def _refuse_tensor_methods(cls):
    """Note [Uninitialized tensors]: installed after the class statement,
    so that a class-level __eq__ does not take __hash__ away."""
    for name, shown in _OPERATORS.items():
        setattr(cls, name, _refusal(name, shown))
    for name in dir(torch.Tensor):
        if name.startswith('_') or name in _ALLOWED or name in cls.__dict__:
            continue
        if callable(getattr(torch.Tensor, name, None)):
            shown = ('function', 'Tensor.' + name) if name in _PYTHON_METHODS else name
            setattr(cls, name, _refusal(name, shown))


_refuse_tensor_methods(UninitializedTensorMixin)


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
