# torch/_instance_norm.py: torch.instance_norm, PyTorch 1.13's composite:
# batch normalization of the input seen as one sample of N * C channels
# (weight, bias and running statistics repeated N times), the running
# statistics then averaged back over the samples.
import torch

__all__ = ['instance_norm']


def _repeated(t, n):
    return None if t is None else t.repeat(n)


def instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, cudnn_enabled):
    """Normalizes each channel of each sample by its own statistics."""
    if not use_input_stats and (running_mean is None or running_var is None):
        raise RuntimeError("Expected running_mean and running_var to be defined when use_input_stats is false")
    b, c = input.shape[0], input.shape[1]
    shape = [1, b * c] + list(input.shape[2:])
    mean_ = _repeated(running_mean, b)
    var_ = _repeated(running_var, b)
    out = torch.nn.functional.batch_norm(input.contiguous().view(shape), mean_, var_, _repeated(weight, b),
                                         _repeated(bias, b), use_input_stats, momentum, eps)
    with torch.no_grad():
        if running_mean is not None:
            running_mean.copy_(mean_.view(b, c).mean(0, False))
        if running_var is not None:
            running_var.copy_(var_.view(b, c).mean(0, False))
    return out.view(input.shape)
