# torch/_tensor_lu.py: Tensor.lu, the deprecated method: torch.lu's
# factorisation returned as a plain tuple, as PyTorch's Tensor.lu does.
import torch
from torch._lu import _warn_once, _LU_DEPRECATED


def lu(self, pivot=True, get_infos=False):
    """See torch.lu()"""
    _warn_once("lu", _LU_DEPRECATED)
    LU, pivots, infos = torch._lu_with_info(self, pivot=pivot, check_errors=(not get_infos))
    if get_infos:
        return LU, pivots, infos
    return LU, pivots
