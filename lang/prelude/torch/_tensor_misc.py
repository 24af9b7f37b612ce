# torch/_tensor_misc.py: small Tensor methods and torch functions written
# over others: narrow_copy (narrow's values in a tensor of their own) and
# is_inference (cgrad makes no inference tensors: inference_mode only
# turns gradients off).
import torch


def narrow_copy(input, dim, start, length):
    """A copy of input.narrow(dim, start, length), contiguous."""
    if dim >= input.dim():
        raise RuntimeError("Expected dim < static_cast<int64_t>(self_sizes.size()) to be true, but got false.  "
                           "(Could this error message be improved?  If so, please report an enhancement request "
                           "to PyTorch.)")
    with torch.no_grad():
        return input.narrow(dim, start, length).contiguous().clone()


def is_inference(input):
    """Whether input is an inference tensor: never in cgrad."""
    if not isinstance(input, torch.Tensor):
        raise TypeError("is_inference(): argument 'input' (position 1) must be Tensor, not %s" % type(input).__name__)
    return False
