# torch/nn/utils/fusion.py: folding an eval-mode batch norm into the
# convolution or linear layer before it, as PyTorch 1.13's helpers do it
# (the same ops in the same order, so the fused weights have its bits).
import copy

import torch

__all__ = ['fuse_conv_bn_eval', 'fuse_conv_bn_weights', 'fuse_linear_bn_eval', 'fuse_linear_bn_weights']


def fuse_conv_bn_eval(conv, bn, transpose=False):
    assert (not (conv.training or bn.training)), "Fusion only for eval!"
    fused = copy.deepcopy(conv)
    fused.weight, fused.bias = fuse_conv_bn_weights(fused.weight, fused.bias, bn.running_mean, bn.running_var,
                                                    bn.eps, bn.weight, bn.bias, transpose)
    return fused


def fuse_conv_bn_weights(conv_w, conv_b, bn_rm, bn_rv, bn_eps, bn_w, bn_b, transpose=False):
    """The convolution's weight and bias with the batch norm's affine
    transform of its running statistics folded in, as Parameters."""
    conv_b = torch.zeros_like(bn_rm) if conv_b is None else conv_b
    bn_w = torch.ones_like(bn_rm) if bn_w is None else bn_w
    bn_b = torch.zeros_like(bn_rm) if bn_b is None else bn_b
    inv_std = torch.rsqrt(bn_rv + bn_eps)
    # the channel dim of the weight: out for a convolution, in for a transposed one
    shape = ([1, -1] if transpose else [-1, 1]) + [1] * (len(conv_w.shape) - 2)
    w = conv_w * (bn_w * inv_std).reshape(shape)
    b = (conv_b - bn_rm) * inv_std * bn_w + bn_b
    return torch.nn.Parameter(w), torch.nn.Parameter(b)


def fuse_linear_bn_eval(linear, bn):
    assert (not (linear.training or bn.training)), "Fusion only for eval!"
    fused = copy.deepcopy(linear)
    fused.weight, fused.bias = fuse_linear_bn_weights(fused.weight, fused.bias, bn.running_mean, bn.running_var,
                                                      bn.eps, bn.weight, bn.bias)
    return fused


def fuse_linear_bn_weights(linear_w, linear_b, bn_rm, bn_rv, bn_eps, bn_w, bn_b):
    linear_b = torch.zeros_like(bn_rm) if linear_b is None else linear_b
    scale = bn_w * torch.rsqrt(bn_rv + bn_eps)
    return torch.nn.Parameter(linear_w * scale.unsqueeze(-1)), torch.nn.Parameter((linear_b - bn_rm) * scale + bn_b)
