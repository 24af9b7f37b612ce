# torch/nn/modules/pixelshuffle.py: PixelShuffle and PixelUnshuffle, as
# PyTorch 1.13 writes them, over F.pixel_shuffle / F.pixel_unshuffle.
import torch.nn.functional as F
from torch.nn.modules.module import Module

__all__ = ['PixelShuffle', 'PixelUnshuffle']


class PixelShuffle(Module):
    __constants__ = ['upscale_factor']

    def __init__(self, upscale_factor):
        super(PixelShuffle, self).__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self):
        return 'upscale_factor={}'.format(self.upscale_factor)


class PixelUnshuffle(Module):
    __constants__ = ['downscale_factor']

    def __init__(self, downscale_factor):
        super(PixelUnshuffle, self).__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return F.pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self):
        return 'downscale_factor={}'.format(self.downscale_factor)
