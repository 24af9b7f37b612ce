# torch/nn/_functional.py: the functions of torch.nn.functional written in
# the cell language (the module itself is C, lang/torch/torch_functional.c;
# its __getattr__ finds these, torch_prelude_names.c): PyTorch 1.13's
# composites, op for op, so that values, autograd nodes and errors are its.
import torch

__all__ = ['one_hot', 'normalize', 'softsign', 'tanhshrink']


def one_hot(tensor, num_classes=-1):
    """An int64 tensor one longer in its last dim: 1 at each value's
    class, 0 elsewhere; num_classes=-1 takes the largest value plus one."""
    if not isinstance(tensor, torch.Tensor):
        raise TypeError("one_hot(): argument 'input' (position 1) must be Tensor, not {}".format(
            type(tensor).__name__))
    if tensor.dtype != torch.int64:
        raise RuntimeError("one_hot is only applicable to index tensor.")
    shape = list(tensor.shape)
    if tensor.numel() == 0:
        if num_classes <= 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        return torch.empty(shape + [num_classes], dtype=tensor.dtype, device=tensor.device)
    if tensor.device.type != 'cuda' and tensor.min().item() < 0:
        raise RuntimeError("Class values must be non-negative.")
    if num_classes == -1:
        num_classes = tensor.max().item() + 1
    elif tensor.device.type != 'cuda' and not num_classes > tensor.max().item():
        raise RuntimeError("Class values must be smaller than num_classes.")
    elif tensor.device.type == 'cuda' and num_classes < 1:
        raise RuntimeError("num_classes should be positive")
    out = torch.zeros(shape + [num_classes], dtype=tensor.dtype, device=tensor.device)
    return out.scatter_(-1, tensor.unsqueeze(-1), 1)


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    """input divided by its p-norm over dim, the norm at least eps."""
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    if out is None:
        return input / denom
    return torch.div(input, denom, out=out)


def softsign(input):
    """input / (1 + |input|)"""
    return input / (input.abs() + 1)


def tanhshrink(input):
    """input - tanh(input)"""
    return input - input.tanh()
