# torch/nn/modules/normalization.py: LayerNorm, as PyTorch 1.13 writes it.
# cgrad's functional module has no layer_norm yet, so forward composes it
# from mean, var and rsqrt: values agree with PyTorch's fused kernel to
# float rounding, not bit for bit, and the output's node is AddBackward0
# (MulBackward0 without affine), not NativeLayerNormBackward0.
# Not here: GroupNorm, LocalResponseNorm.
import torch
import torch.nn.init as init
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module

__all__ = ['LayerNorm']


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    n = len(normalized_shape)
    if tuple(input.shape[input.dim() - n:]) != tuple(normalized_shape) or input.dim() < n:
        shape = '[' + ', '.join(str(s) for s in normalized_shape) + ']'
        expected = '[*, ' + ', '.join(str(s) for s in normalized_shape) + ']'
        got = '[' + ', '.join(str(s) for s in input.shape) + ']'
        raise RuntimeError('Given normalized_shape={}, expected input with shape {}, but got input of size{}'
                           .format(shape, expected, got))
    dims = tuple(range(-n, 0))
    mean = input.mean(dims, keepdim=True)
    var = input.var(dims, unbiased=False, keepdim=True)
    out = (input - mean) * torch.rsqrt(var + eps)
    if weight is not None:
        out = out * weight
    if bias is not None:
        out = out + bias
    return out


class LayerNorm(Module):
    __constants__ = ['normalized_shape', 'eps', 'elementwise_affine']

    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, device=None, dtype=None):
        factory_kwargs = {'device': device, 'dtype': dtype}
        super(LayerNorm, self).__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if self.elementwise_affine:
            self.weight = Parameter(torch.empty(self.normalized_shape, **factory_kwargs))
            self.bias = Parameter(torch.empty(self.normalized_shape, **factory_kwargs))
        else:
            self.register_parameter('weight', None)
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        if self.elementwise_affine:
            init.ones_(self.weight)
            init.zeros_(self.bias)

    def forward(self, input):
        return layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return '{}, eps={}, elementwise_affine={}'.format(
            self.normalized_shape, self.eps, self.elementwise_affine)
