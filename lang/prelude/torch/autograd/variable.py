# torch/autograd/variable.py: Variable, the wrapper of PyTorch before 0.4.
# Variable(t) is t detached, a torch.Tensor; every tensor counts as an
# instance of Variable.
import warnings

import torch


class VariableMeta(type):
    def __instancecheck__(cls, other):
        return isinstance(other, torch.Tensor)


class Variable(metaclass=VariableMeta):
    def __new__(cls, data=None, requires_grad=False, volatile=False, _grad_fn=None, name=None):
        if volatile:
            warnings.warn("volatile was removed and now has no effect. Use `with torch.no_grad():` instead.",
                          stacklevel=2)
        if data is None:
            data = torch.empty(0)
        elif not isinstance(data, torch.Tensor):
            raise TypeError("Variable data has to be a tensor, but got " + type(data).__name__)
        if requires_grad and not (data.is_floating_point() or data.is_complex()):
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        v = data.detach()
        v.requires_grad = bool(requires_grad)
        return v
