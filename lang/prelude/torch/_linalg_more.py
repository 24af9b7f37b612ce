# torch/_linalg_more.py: torch.linalg's composites tensorinv, tensorsolve
# and vander, in PyTorch 1.13's order of operations (their graphs are
# their parts'), and the module attributes torch.linalg shows: Tensor,
# torch, sys and common_notes (the notes its docs share).
import sys

import torch
from torch import Tensor

common_notes = {
    "experimental_warning": "This function is \"experimental\" and it may change in a future PyTorch release.",
    "sync_note": "When inputs are on a CUDA device, this function synchronizes that device with the CPU.",
    "sync_note_ex": "When the inputs are on a CUDA device, this function synchronizes only when check_errors=True.",
    "sync_note_has_ex": "When inputs are on a CUDA device, this function synchronizes that device with the CPU. "
                        "For a version of this function that does not synchronize, see {}.",
}


def _prod(sizes):
    p = 1
    for s in sizes:
        p *= s
    return p


def tensorinv(A, ind=2, *, out=None):
    """Computes the multiplicative inverse of torch.tensordot()."""
    if ind <= 0:
        raise RuntimeError("Expected a strictly positive integer for 'ind', but got %d" % ind)
    end, start = list(A.shape[ind:]), list(A.shape[:ind])
    p_end, p_start = _prod(end), _prod(start)
    if p_end != p_start:
        raise RuntimeError("Expected self to satisfy the requirement prod(self.shape[ind:]) == prod(self.shape[:ind]), "
                           "but got %d != %d" % (p_end, p_start))
    inv, info = torch.linalg.inv_ex(A.reshape(p_start, p_end))
    if info.item() > 0:
        raise torch.linalg.LinAlgError("inv: The diagonal element %d is zero, the inversion could not be completed "
                                       "because the input matrix is singular." % info.item())
    r = inv.reshape(end + start)
    return r if out is None else out.copy_(r)


def tensorsolve(A, B, dims=None, *, out=None):
    """Computes the solution X to the system torch.tensordot(A, X) = B."""
    if dims is not None:
        dims = list(dims)
        n = A.dim()
        A = torch.movedim(A, dims, list(range(n - len(dims), n)))
    shape = list(A.shape[B.dim():])
    p_res, p_other = _prod(shape), _prod(B.shape)
    if p_res != p_other:
        raise RuntimeError("Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == "
                           "prod(self.shape[:other.ndim]), but got %d != %d" % (p_res, p_other))
    r = torch.linalg.solve(A.reshape(p_res, p_res), B.flatten()).reshape(shape)
    return r if out is None else out.copy_(r)


_vander_names = {torch.float16: "Half", torch.bfloat16: "BFloat16", torch.bool: "Bool"}


def vander(x, *, N=None):
    """Generates a Vandermonde matrix."""
    if x.dtype in _vander_names:
        raise RuntimeError("linalg.vander supports floating point, complex, and integer tensors, but got "
                           + _vander_names[x.dtype])
    x_ = x.unsqueeze(-1) if x.dim() == 0 else x
    shape = list(x_.shape)
    n = shape[-1] if N is None else N
    if n <= 1:
        raise RuntimeError("N must be greater than 1.")
    result = torch.cumprod(x_.unsqueeze(-1).expand(shape + [n - 1]), -1)
    ones = result.new_ones(shape + [1])
    return torch.cat([ones, result], -1)
