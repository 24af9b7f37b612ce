# torch/nn/modules/_functions.py: CrossMapLRN2d's autograd Function (node
# CrossMapLRN2dBackward), the legacy Lua Torch layer as PyTorch 1.13 keeps
# it: a running sum of squares across channels, op for op in its order
# (including its window, which drops a channel at the low end: `c >
# pre_pad`), so that its values are PyTorch's. Not the other Functions of
# that file (SyncBatchNorm, BackwardHookFunction).
import torch
from torch.autograd import Function


class CrossMapLRN2d(Function):

    @staticmethod
    def forward(ctx, input, size, alpha=1e-4, beta=0.75, k=1):
        ctx.size = size
        ctx.alpha = alpha
        ctx.beta = beta
        ctx.k = k
        assert input.dim() == 4
        channels = input.size(1)
        square = torch.pow(input, 2)
        scale = torch.empty_like(input)
        pre_pad = int((size - 1) / 2 + 1)
        pre_pad_crop = channels if pre_pad > channels else pre_pad
        first = scale.select(1, 0)
        first.zero_()
        for c in range(pre_pad_crop):
            first.add_(square.select(1, c))
        # each channel's sum from the previous one's: add the next square,
        # drop the one that left the window
        for c in range(1, channels):
            current = scale.select(1, c)
            current.copy_(scale.select(1, c - 1))
            if c < channels - pre_pad + 1:
                current.add_(square.select(1, c + pre_pad - 1), alpha=1)
            if c > pre_pad:
                current.add_(square.select(1, c - pre_pad), alpha=-1)
        scale.mul_(alpha / size).add_(k)
        ctx.scale = scale
        output = torch.pow(scale, -beta)
        output.mul_(input)
        ctx.save_for_backward(input, output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, output = ctx.saved_tensors
        batch_size, channels, height, width = input.shape
        size = ctx.size
        padded = input.new_zeros((channels + size - 1, height, width))
        cache_ratio = 2 * ctx.alpha * ctx.beta / size
        inverse_pre_pad = int(size - (size - 1) / 2)
        grad_input = torch.pow(ctx.scale, -ctx.beta).mul_(grad_output)
        center = padded.narrow(0, inverse_pre_pad, channels)
        for n in range(batch_size):
            center.copy_(torch.mul(grad_output[n], output[n]))
            center.div_(ctx.scale[n])
            accum = torch.sum(padded.narrow(0, 0, size - 1), 0, keepdim=False)
            for c in range(channels):
                accum.add_(padded[c + size - 1])
                grad_input[n][c].addcmul_(input[n][c], accum, value=-cache_ratio)
                accum.add_(padded[c], alpha=-1)
        return grad_input, None, None, None, None
