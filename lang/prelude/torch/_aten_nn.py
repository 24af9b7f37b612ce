# torch/_aten_nn.py: the layer functions torch has at its top level with
# ATen's signatures (torch.batch_norm(input, weight, bias, running_mean,
# ...), reductions as ints, stride=[] for "the kernel size"), over the
# torch.nn.functional functions that compute them.
import torch
import torch.nn.functional as F

_REDUCTIONS = {0: "none", 1: "mean", 2: "sum"}
_INTERPOLATIONS = {0: "bilinear", 1: "nearest", 2: "bicubic"}
_PADDINGS = {0: "zeros", 1: "border", 2: "reflection"}


def _stride(stride):
    return None if stride is None or (isinstance(stride, (list, tuple)) and len(stride) == 0) else stride


def _reduction(reduction):
    if reduction not in _REDUCTIONS:
        raise ValueError("%d is not a valid value for reduction" % reduction)
    return _REDUCTIONS[reduction]


def batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled):
    return F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05, cudnn_enable=True):
    return F.layer_norm(input, normalized_shape, weight, bias, eps)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True):
    return F.group_norm(input, num_groups, weight, bias, eps)


def dropout(input, p, train):
    return F.dropout(input, p, train)


def dropout_(input, p, train):
    return F.dropout(input, p, train, inplace=True)


def max_pool1d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return F.max_pool1d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode)


def max_pool1d_with_indices(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return F.max_pool1d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode, return_indices=True)


def max_pool2d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return F.max_pool2d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode)


def max_pool3d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return F.max_pool3d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode)


def avg_pool1d(input, kernel_size, stride=(), padding=0, ceil_mode=False, count_include_pad=True):
    return F.avg_pool1d(input, kernel_size, _stride(stride), padding, ceil_mode, count_include_pad)


def adaptive_avg_pool1d(input, output_size):
    return F.adaptive_avg_pool1d(input, output_size)


def adaptive_max_pool1d(input, output_size):
    return F.adaptive_max_pool1d(input, output_size, return_indices=True)


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction=0):
    # as kl_div: 1.13's binding reads its default reduction as 0
    return F.binary_cross_entropy_with_logits(input, target, weight, reduction=_reduction(reduction),
                                              pos_weight=pos_weight)


def kl_div(input, target, reduction=0, *, log_target=False):
    """ATen's kl_div: the pointwise divergence, reduced; PyTorch 1.13's
    binding reads its default reduction, Mean, as 0 (none)."""
    if log_target:
        out = torch.exp(target) * (target - input)
    else:
        out = torch.xlogy(target, target) - target * input
    r = _reduction(reduction)
    return out if r == "none" else out.mean() if r == "mean" else out.sum()


def constant_pad_nd(input, pad, value=0):
    return F.pad(input, pad, "constant", value)


def convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    n = weight.dim() - 2
    if n not in (1, 2, 3):
        raise RuntimeError("convolution: expected a weight of 3, 4 or 5 dims, got %d" % weight.dim())
    if transposed:
        conv = (F.conv_transpose1d, F.conv_transpose2d, F.conv_transpose3d)[n - 1]
        return conv(input, weight, bias, stride, padding, output_padding, groups, dilation)
    conv = (F.conv1d, F.conv2d, F.conv3d)[n - 1]
    return conv(input, weight, bias, stride, padding, dilation, groups)


def grid_sampler_2d(input, grid, interpolation_mode, padding_mode, align_corners):
    return F.grid_sample(input, grid, _INTERPOLATIONS[interpolation_mode], _PADDINGS[padding_mode], align_corners)


def grid_sampler_3d(input, grid, interpolation_mode, padding_mode, align_corners):
    return F.grid_sample(input, grid, _INTERPOLATIONS[interpolation_mode], _PADDINGS[padding_mode], align_corners)


def embedding_renorm_(input, indices, max_norm, norm_type):
    from torch.nn._functional import _embedding_renorm_
    with torch.no_grad():
        _embedding_renorm_(input, indices, max_norm, norm_type)
    return input
