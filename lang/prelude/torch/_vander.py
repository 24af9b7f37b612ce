# torch/_vander.py: torch.vander, PyTorch's composite: ones, x copied into
# columns 1.., a cumprod of them copied back, flipped unless increasing
# (its nodes: FlipBackward0 over CopySlices and CumprodBackward0).
import torch


def vander(x, N=None, increasing=False):
    """The Vandermonde matrix of x: columns x^0 ... x^(N-1) (reversed
    unless increasing)."""
    if x.dim() != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    n = x.size(0) if N is None else N
    if n < 0:
        raise RuntimeError("N must be non-negative.")
    # integer x gives int64, as cumprod promotes the integers
    result = torch.empty(x.size(0), n, dtype=torch.promote_types(x.dtype, torch.int64), device=x.device)
    if n > 0:
        result.fill_(1)
        if n > 1:
            result.narrow(1, 1, n - 1).copy_(x.unsqueeze(1))
            result.narrow(1, 1, n - 1).copy_(torch.cumprod(result.narrow(1, 1, n - 1), 1))
    return result if increasing else torch.flip(result, [1])
