# F.pixel_shuffle / F.pixel_unshuffle (PixelShuffleBackward0 and
# PixelUnshuffleBackward0, each the other's derivative), channel_shuffle and
# their modules, as PyTorch 1.13: values, gradients (also create_graph),
# batch dims, non-contiguous input, integer dtypes, messages, reprs.
# channel_shuffle's node is left out: PyTorch 1.13 cannot differentiate it
# (NotImplemented); cgrad differentiates it through its views and copy.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 8, 3, 3, requires_grad=True)
for f in (lambda t: F.pixel_shuffle(t, 2), lambda t: F.pixel_unshuffle(torch.cat([t, t], 2).transpose(2, 3), 3),
          lambda t: torch.pixel_shuffle(t.view(16, 3, 3), 2), lambda t: F.pixel_shuffle(t.view(2, 2, 2, 2, 3, 3), 1),
          lambda t: nn.PixelUnshuffle(1)(t)):
    y = f(x)
    w = torch.arange(y.numel(), dtype=y.dtype).view(y.shape)
    g, = torch.autograd.grad((y * w).sum(), x, create_graph=True)
    print(tuple(y.shape), y.grad_fn.name(), y.flatten()[:6].tolist(), g.flatten()[:6].tolist(), g.grad_fn)
    print(torch.equal(F.pixel_unshuffle(F.pixel_shuffle(x, 2), 2), x))
ints = torch.arange(2 * 4 * 2 * 2).view(2, 4, 2, 2)
print(F.pixel_shuffle(ints, 2).tolist())
print(F.pixel_unshuffle(ints, 2).tolist())
print(F.channel_shuffle(ints, 2).tolist(), F.native_channel_shuffle(ints, 4).tolist())
print(torch.channel_shuffle(x, 4).flatten()[:8].tolist())
m = nn.Sequential(nn.Conv2d(3, 12, 1), nn.PixelShuffle(2), nn.PixelUnshuffle(2), nn.ChannelShuffle(3))
print(m)
print(tuple(m(torch.randn(1, 3, 4, 4)).shape))


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


err(lambda: F.pixel_shuffle(x, 3))
err(lambda: F.pixel_shuffle(torch.randn(3, 8), 2))
err(lambda: F.pixel_shuffle(x, 0))
err(lambda: F.pixel_unshuffle(x, 2))
err(lambda: F.pixel_unshuffle(x[:, :, :2], 2))
err(lambda: F.pixel_unshuffle(x, -1))
err(lambda: F.channel_shuffle(x, 3))
err(lambda: F.channel_shuffle(x, 0))
err(lambda: F.channel_shuffle(torch.randn(2, 8), 2))
