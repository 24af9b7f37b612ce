# torch/_lu.py: the deprecated torch.lu / Tensor.lu (torch._lu_with_info:
# linalg.lu_factor_ex) and torch.lu_solve (linalg.lu_solve with its
# arguments reversed), each warning once as PyTorch's TORCH_WARN_ONCE.
import warnings

import torch

_warned = set()


def _warn_once(key, msg):
    if key not in _warned:
        _warned.add(key)
        warnings.warn(msg, stacklevel=3)


_LU_DEPRECATED = ("torch.lu is deprecated in favor of torch.linalg.lu_factor / torch.linalg.lu_factor_ex and will "
               "be removed in a future PyTorch release.\nLU, pivots = torch.lu(A, compute_pivots)\nshould be replaced "
               "with\nLU, pivots = torch.linalg.lu_factor(A, compute_pivots)\nand\nLU, pivots, info = torch.lu(A, "
               "compute_pivots, get_infos=True)\nshould be replaced with\nLU, pivots, info = "
               "torch.linalg.lu_factor_ex(A, compute_pivots) (Triggered internally at  "
               "./aten/src/ATen/native/BatchLinearAlgebra.cpp:1915.)")


def lu(A, pivot=True, get_infos=False, out=None):
    """Computes the LU factorization of a matrix or batches of matrices A."""
    _warn_once("lu", _LU_DEPRECATED)
    r = torch._lu_with_info(A, pivot=pivot, check_errors=(not get_infos))
    if get_infos:
        return r
    return r[0], r[1]


def lu_solve(b, LU_data, LU_pivots, *, out=None):
    """Returns the LU solve of the linear system Ax = b using the partially pivoted LU factorization of A from
    lu_factor()."""
    _warn_once("lu_solve", "torch.lu_solve is deprecated in favor of torch.linalg.lu_solveand will be removed in a "
               "future PyTorch release.\nNote that torch.linalg.lu_solve has its arguments reversed.\nX = "
               "torch.lu_solve(B, LU, pivots)\nshould be replaced with\nX = torch.linalg.lu_solve(LU, pivots, B) "
               "(Triggered internally at  ./aten/src/ATen/native/BatchLinearAlgebra.cpp:2072.)")
    r = torch.linalg.lu_solve(LU_data, LU_pivots, b)
    return r if out is None else out.copy_(r)
