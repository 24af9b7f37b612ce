# torch/nn/parameter.py: nn.Parameter, a Tensor subclass that modules
# register when it is assigned as an attribute.
# Parameter(data) aliases data's storage as a new leaf (what PyTorch's
# Tensor._make_subclass does: the language makes a Tensor subclass
# instance that way, see lang/torch/torch_creation.c), then sets requires_grad.
# Ops on a Parameter give plain Tensors, as PyTorch's disabled
# __torch_function__ does. Not here: UninitializedParameter and the lazy
# modules.
import torch


class Parameter(torch.Tensor):
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


def is_lazy(param):
    return False
