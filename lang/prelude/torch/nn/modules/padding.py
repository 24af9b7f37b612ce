# torch/nn/modules/padding.py: the padding layers, as PyTorch 1.13 writes
# them: each is F.pad with its mode, and the same reprs.
import torch.nn.functional as F
from torch.nn.modules.module import Module
from torch.nn.modules.utils import _ntuple, _pair, _quadruple

__all__ = ['ConstantPad1d', 'ConstantPad2d', 'ConstantPad3d', 'ReflectionPad1d', 'ReflectionPad2d',
           'ReflectionPad3d', 'ReplicationPad1d', 'ReplicationPad2d', 'ReplicationPad3d', 'ZeroPad2d']

_sextuple = _ntuple(6)


class _ConstantPadNd(Module):
    __constants__ = ['padding', 'value']

    def __init__(self, value):
        super(_ConstantPadNd, self).__init__()
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, 'constant', self.value)

    def extra_repr(self):
        return 'padding={}, value={}'.format(self.padding, self.value)


class ConstantPad1d(_ConstantPadNd):
    def __init__(self, padding, value):
        super(ConstantPad1d, self).__init__(value)
        self.padding = _pair(padding)


class ConstantPad2d(_ConstantPadNd):
    def __init__(self, padding, value):
        super(ConstantPad2d, self).__init__(value)
        self.padding = _quadruple(padding)


class ConstantPad3d(_ConstantPadNd):
    def __init__(self, padding, value):
        super(ConstantPad3d, self).__init__(value)
        self.padding = _sextuple(padding)


class ZeroPad2d(ConstantPad2d):
    def __init__(self, padding):
        super(ZeroPad2d, self).__init__(padding, 0.)

    def extra_repr(self):
        return '{}'.format(self.padding)


class _ModePadNd(Module):
    """F.pad in the subclass's mode, 'reflect' or 'replicate'."""
    __constants__ = ['padding']
    mode = None

    def forward(self, input):
        return F.pad(input, self.padding, self.mode)

    def extra_repr(self):
        return '{}'.format(self.padding)


class ReflectionPad1d(_ModePadNd):
    mode = 'reflect'

    def __init__(self, padding):
        super(ReflectionPad1d, self).__init__()
        self.padding = _pair(padding)


class ReflectionPad2d(_ModePadNd):
    mode = 'reflect'

    def __init__(self, padding):
        super(ReflectionPad2d, self).__init__()
        self.padding = _quadruple(padding)


class ReflectionPad3d(_ModePadNd):
    mode = 'reflect'

    def __init__(self, padding):
        super(ReflectionPad3d, self).__init__()
        self.padding = _sextuple(padding)


class ReplicationPad1d(_ModePadNd):
    mode = 'replicate'

    def __init__(self, padding):
        super(ReplicationPad1d, self).__init__()
        self.padding = _pair(padding)


class ReplicationPad2d(_ModePadNd):
    mode = 'replicate'

    def __init__(self, padding):
        super(ReplicationPad2d, self).__init__()
        self.padding = _quadruple(padding)


class ReplicationPad3d(_ModePadNd):
    mode = 'replicate'

    def __init__(self, padding):
        super(ReplicationPad3d, self).__init__()
        self.padding = _sextuple(padding)
