# torch/_dropout.py: torch.feature_dropout, alpha_dropout and
# feature_alpha_dropout (and their in-place forms), the ATen composites
# behind F.dropout1d/2d/3d, F.alpha_dropout and F.feature_alpha_dropout,
# op for op as PyTorch 1.13's _dropout_impl: a noise tensor drawn by
# bernoulli_(1 - p) (one draw per channel for the feature forms), scaled,
# and multiplied in (alpha dropout adds an affine shift that keeps the
# SELU mean and variance), so that seeded draws are PyTorch's.
import math

import torch

__all__ = ['feature_dropout', 'feature_dropout_', 'alpha_dropout', 'alpha_dropout_', 'feature_alpha_dropout',
           'feature_alpha_dropout_']

_SELU_ALPHA = 1.7580993408473766


def _noise(input, feature):
    if not feature:
        return torch.empty_like(input, memory_format=torch.contiguous_format)
    if input.dim() < 2:
        raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
    return input.new_empty(list(input.shape[:2]) + [1] * (input.dim() - 2))


def _dropout_impl(input, p, train, feature, alpha, inplace):
    if not 0 <= p <= 1:
        raise RuntimeError("dropout probability has to be between 0 and 1, but got {}".format(p))
    if p == 0 or not train or input.numel() == 0:
        return input
    if p == 1:
        zero = torch.zeros((), dtype=input.dtype, device=input.device)
        return input.mul_(zero) if inplace else input.mul(zero)
    noise = _noise(input, feature)
    noise.bernoulli_(1 - p)
    shift = None
    if alpha:
        a = 1. / math.sqrt((_SELU_ALPHA * _SELU_ALPHA * p + 1) * (1 - p))
        shift = noise.add(-1).mul_(_SELU_ALPHA * a).add_(_SELU_ALPHA * a * p)
        noise.mul_(a)
    else:
        noise.div_(1 - p)
    out = input.mul_(noise) if inplace else input.mul(noise)
    return out if shift is None else out.add_(shift)


def feature_dropout(input, p, train):
    """Zeroes whole channels (dim 1) with probability p, scaling the rest by 1 / (1 - p)."""
    return _dropout_impl(input, p, train, True, False, False)


def feature_dropout_(input, p, train):
    """feature_dropout in place."""
    return _dropout_impl(input, p, train, True, False, True)


def alpha_dropout(input, p, train):
    """Dropout that keeps a SELU network's mean and variance."""
    return _dropout_impl(input, p, train, False, True, False)


def alpha_dropout_(input, p, train):
    """alpha_dropout in place."""
    return _dropout_impl(input, p, train, False, True, True)


def feature_alpha_dropout(input, p, train):
    """alpha_dropout of whole channels."""
    return _dropout_impl(input, p, train, True, True, False)


def feature_alpha_dropout_(input, p, train):
    """feature_alpha_dropout in place."""
    return _dropout_impl(input, p, train, True, True, True)
