# torch/_empty_strided.py: empty_strided and Tensor.new_empty_strided, a
# tensor of the given sizes laid out with the given strides over storage
# just large enough (zeros here, uninitialised in PyTorch).
import torch


def empty_strided(size, stride, *, dtype=None, layout=None, device=None, pin_memory=False, requires_grad=False):
    """A tensor of the given size and strides (its values unspecified)."""
    size, stride = tuple(size), tuple(stride)
    if len(size) != len(stride):
        raise RuntimeError("dimensionality of sizes (%d) must match dimensionality of strides (%d)"
                           % (len(size), len(stride)))
    for s in size:
        if s < 0:
            raise RuntimeError("Trying to create tensor with negative dimension %d: %s" % (s, list(size)))
    n = 0 if 0 in size else 1 + sum((s - 1) * st for s, st in zip(size, stride))
    flat = torch.zeros(n, dtype=dtype, device=device)
    t = torch._tensor_view(flat, 0, size, stride)
    return t.requires_grad_() if requires_grad else t


def new_empty_strided(self, size, stride, *, dtype=None, layout=None, device=None, pin_memory=False,
                      requires_grad=False):
    """empty_strided with self's dtype and device unless given."""
    return empty_strided(size, stride, dtype=self.dtype if dtype is None else dtype,
                         device=self.device if device is None else device, requires_grad=requires_grad)
