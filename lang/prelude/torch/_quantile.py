# torch/_quantile.py: quantile and nanquantile, PyTorch's composite: sort
# along the dim, ranks from q, gather below (and above) and lerp between,
# the result reshaped in place, so that the graph shows PyTorch's nodes
# (SortBackward0, GatherBackward0, LerpBackward1, SqueezeBackward3).
import torch

_MODES = ("linear", "lower", "higher", "midpoint", "nearest")


def _checks(input, q):
    if input.numel() == 0:
        raise RuntimeError("quantile() input tensor must be non-empty")
    if q.dim() > 1:
        raise RuntimeError("quantile() q must be a scalar or 1D tensor")
    if input.dtype not in (torch.float32, torch.float64):
        raise RuntimeError("quantile() input tensor must be either float or double dtype")
    if q.dtype != input.dtype:
        raise RuntimeError("quantile() q tensor must be same dtype as the input tensor")
    if q.device != input.device:
        raise RuntimeError("quantile() q tensor must be on the same device as the input tensor")


def _compute(input, q, dim, keepdim, interpolation, ignore_nan):
    if not isinstance(q, torch.Tensor):
        if not 0 <= q <= 1:
            raise RuntimeError("quantile() q must be in the range [0, 1] but got %s" % q)
        q = torch.scalar_tensor(q, dtype=input.dtype, device=input.device)
    _checks(input, q)
    if interpolation not in _MODES:
        raise RuntimeError("quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, but "
                           "got " + str(interpolation))
    wrapped = 0 if dim is None else dim % max(input.dim(), 1) if -max(input.dim(), 1) <= dim < max(input.dim(), 1) \
        else None
    if wrapped is None:
        n = max(input.dim(), 1)
        raise IndexError("Dimension out of range (expected to be in range of [%d, %d], but got %d)" % (-n, n - 1, dim))
    if dim is not None and input.dim() > 0:
        out_shape = list(input.shape)
        if keepdim:
            out_shape[wrapped] = 1
        else:
            del out_shape[wrapped]
    else:
        out_shape = [1] * input.dim() if keepdim else []
    if q.dim() > 0:
        out_shape.insert(0, q.numel())
    if not bool(torch.logical_and(q.ge(0), q.le(1)).all()):
        raise RuntimeError("quantile() q values must be in the range [0, 1]")
    if dim is None:
        sorted_ = input.flatten().sort()[0]
    elif wrapped == input.dim() - 1:
        sorted_ = input.sort()[0]
    else:
        sorted_ = input.unsqueeze(-1).transpose(wrapped, -1).sort()[0]
    if q.dim() == 0:
        out_shape.insert(0, q.numel())
    in_shape = out_shape[1:] + [0] if len(out_shape) > 0 else [0]
    in_shape = in_shape[:len(out_shape)]
    in_shape[-1] = sorted_.size(-1)
    sorted_ = sorted_.view(in_shape)
    if sorted_.size(-1) > 2 ** 24:
        raise RuntimeError("quantile() input tensor is too large")
    if ignore_nan:
        ranks = torch._scalar_op(q, "mul", 1) * (sorted_.isnan().logical_not_().sum(-1, True) - 1)
        ranks.masked_fill_(ranks < 0, 0)
    else:
        last = sorted_.size(-1) - 1
        a, b = torch.broadcast_tensors(torch._scalar_op(q, "mul", last), sorted_.isnan().any(-1, True))
        ranks = torch.masked_fill(a, b, last)
    if interpolation == "lower":
        ranks = ranks.floor()
    elif interpolation == "higher":
        ranks = ranks.ceil()
    elif interpolation == "nearest":
        ranks = ranks.round()
    below = ranks.to(torch.long)
    values = sorted_.gather(-1, below)
    if interpolation in ("linear", "midpoint"):
        weights = torch.full_like(ranks, 0.5) if interpolation == "midpoint" else ranks - below
        above = ranks.ceil().to(torch.long)
        values.lerp_(sorted_.gather(-1, above), weights)
    if q.dim() == 0:
        values.squeeze_(-1)
    else:
        values.unsqueeze_(0).transpose_(0, -1).squeeze_(-1)
    return values


def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    """The q-th quantiles of input's elements (along dim), interpolating
    between data points as interpolation says."""
    r = _compute(input, q, dim, keepdim, interpolation, False)
    return r if out is None else out.copy_(r)


def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    """quantile, leaving NaN values out."""
    r = _compute(input, q, dim, keepdim, interpolation, True)
    return r if out is None else out.copy_(r)
