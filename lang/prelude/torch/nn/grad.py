# torch/nn/grad.py: the gradients of a convolution with respect to its
# input and to its weight, given the gradient of its output (torch.nn.grad,
# also torch.nn.functional.grad), as PyTorch 1.13 offers them. PyTorch
# calls aten's convolution_backward with one output wanted; here the
# convolution is run over a stand-in for the other operand and its
# derivative taken with autograd.grad, which runs the same backward kernels
# (oneDNN's backward-data or backward-weights, or the im2col products), so
# the values are PyTorch's. The results carry no graph.
import torch
import torch.nn.functional as F
from torch.nn.modules.utils import _single, _pair, _triple

__all__ = ['conv1d_input', 'conv1d_weight', 'conv2d_input', 'conv2d_weight', 'conv3d_input', 'conv3d_weight']


def _input_grad(conv, ntuple, input_size, weight, grad_output, stride, padding, dilation, groups):
    x = torch.zeros(tuple(input_size), dtype=grad_output.dtype, device=grad_output.device, requires_grad=True)
    with torch.enable_grad():
        out = conv(x, weight.detach(), None, ntuple(stride), ntuple(padding), ntuple(dilation), groups)
        return torch.autograd.grad(out, x, grad_output.detach())[0]


def _weight_grad(conv, ntuple, input, weight_size, grad_output, stride, padding, dilation, groups):
    w = torch.zeros(tuple(weight_size), dtype=grad_output.dtype, device=grad_output.device, requires_grad=True)
    with torch.enable_grad():
        out = conv(input.detach(), w, None, ntuple(stride), ntuple(padding), ntuple(dilation), groups)
        return torch.autograd.grad(out, w, grad_output.detach())[0]


def conv1d_input(input_size, weight, grad_output, stride=1, padding=0, dilation=1, groups=1):
    """The gradient of conv1d with respect to an input of input_size."""
    return _input_grad(F.conv1d, _single, input_size, weight, grad_output, stride, padding, dilation, groups)


def conv1d_weight(input, weight_size, grad_output, stride=1, padding=0, dilation=1, groups=1):
    """The gradient of conv1d with respect to a weight of weight_size."""
    return _weight_grad(F.conv1d, _single, input, weight_size, grad_output, stride, padding, dilation, groups)


def conv2d_input(input_size, weight, grad_output, stride=1, padding=0, dilation=1, groups=1):
    """The gradient of conv2d with respect to an input of input_size."""
    return _input_grad(F.conv2d, _pair, input_size, weight, grad_output, stride, padding, dilation, groups)


def conv2d_weight(input, weight_size, grad_output, stride=1, padding=0, dilation=1, groups=1):
    """The gradient of conv2d with respect to a weight of weight_size."""
    return _weight_grad(F.conv2d, _pair, input, weight_size, grad_output, stride, padding, dilation, groups)


def conv3d_input(input_size, weight, grad_output, stride=1, padding=0, dilation=1, groups=1):
    """The gradient of conv3d with respect to an input of input_size."""
    return _input_grad(F.conv3d, _triple, input_size, weight, grad_output, stride, padding, dilation, groups)


def conv3d_weight(input, weight_size, grad_output, stride=1, padding=0, dilation=1, groups=1):
    """The gradient of conv3d with respect to a weight of weight_size."""
    return _weight_grad(F.conv3d, _triple, input, weight_size, grad_output, stride, padding, dilation, groups)
