# torch/_combinations.py: torch.combinations, PyTorch's composite: the
# input's r-fold meshgrid, each grid masked_select-ed by the index
# combinations (strictly increasing indices, or non-decreasing with
# replacement), stacked along dim 1.
import torch


def combinations(input, r=2, with_replacement=False):
    """The length-r combinations of the elements of a 1-d tensor, as rows."""
    if input.dim() != 1:
        raise RuntimeError("Expect a 1D vector, but got shape %s" % list(input.shape))
    if r < 0:
        raise RuntimeError("Expect a non-negative number, but got %d" % r)
    if r == 0:
        return torch.empty(0, dtype=input.dtype, device=input.device)
    grids = torch.meshgrid(*([input] * r), indexing="ij")
    with torch.no_grad():
        index = torch.arange(input.numel(), device=input.device)
        igrids = torch.meshgrid(*([index] * r), indexing="ij")
        mask = torch.ones(igrids[0].shape, dtype=torch.bool, device=input.device)
        for a, b in zip(igrids[:-1], igrids[1:]):
            mask = mask & ((a <= b) if with_replacement else (a < b))
    return torch.stack([g.masked_select(mask) for g in grids], 1)
