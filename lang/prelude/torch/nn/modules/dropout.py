# torch/nn/modules/dropout.py: Dropout, as PyTorch 1.13 writes it (active
# in training mode only, through F.dropout).
# Not here: Dropout1d/2d/3d, AlphaDropout.
import torch.nn.functional as F
from torch.nn.modules.module import Module

__all__ = ['Dropout']


class _DropoutNd(Module):
    __constants__ = ['p', 'inplace']

    def __init__(self, p=0.5, inplace=False):
        super(_DropoutNd, self).__init__()
        if p < 0 or p > 1:
            raise ValueError("dropout probability has to be between 0 and 1, "
                             "but got {}".format(p))
        self.p = p
        self.inplace = inplace

    def extra_repr(self):
        return 'p={}, inplace={}'.format(self.p, self.inplace)


class Dropout(_DropoutNd):
    def forward(self, input):
        return F.dropout(input, self.p, self.training, self.inplace)
