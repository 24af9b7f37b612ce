# torch/_set_ops.py: the counting and searching functions over a tensor's
# values: unique, unique_consecutive, bincount, isin, argwhere (searchsorted
# and bucketize are engine/bins.c), built on sort, cumsum and comparisons. unique sorts
# whatever sorted= says (PyTorch's unsorted order comes from a hash set);
# NaNs are each their own value, placed last.
import torch


def _run_starts(sorted_):
    """True where a run of equal values starts (every NaN starts one)"""
    n = sorted_.size(0)
    starts = torch.ones(n, dtype=torch.bool, device=sorted_.device)
    if n > 1:
        starts[1:] = sorted_[1:] != sorted_[:-1]
    return starts


def _counts(starts, n):
    pos = torch.nonzero(starts).flatten()
    ends = torch.cat([pos[1:], torch.tensor([n], device=pos.device)])
    return ends - pos


def _unique_flat(input, return_inverse, return_counts):
    flat = input.flatten()
    values, perm = torch.sort(flat, stable=True)
    starts = _run_starts(values)
    out = values[starts]
    result = [out]
    if return_inverse:
        group = torch.cumsum(starts.to(torch.int64), 0) - 1
        inverse = torch.empty_like(group)
        inverse[perm] = group
        result.append(inverse.view(input.shape))
    if return_counts:
        result.append(_counts(starts, values.size(0)))
    return result


def _unique_dim(input, dim, return_inverse, return_counts):
    n = input.dim()
    if not -n <= dim < n:
        raise IndexError("Dimension out of range (expected to be in range of [%d, %d], but got %d)" % (-n, n - 1, dim))
    moved = input.movedim(dim, 0)
    rows = moved.reshape(moved.size(0), -1).tolist()
    order = sorted(range(len(rows)), key=lambda i: rows[i])
    keep, groups, counts = [], [0] * len(rows), []
    for i in order:
        if not keep or rows[keep[-1]] != rows[i]:
            keep.append(i)
            counts.append(0)
        groups[i] = len(keep) - 1
        counts[-1] += 1
    index = torch.tensor(keep, dtype=torch.int64, device=input.device)
    result = [moved.index_select(0, index).movedim(0, dim)]
    if return_inverse:
        result.append(torch.tensor(groups, dtype=torch.int64, device=input.device))
    if return_counts:
        result.append(torch.tensor(counts, dtype=torch.int64, device=input.device))
    return result


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """The unique elements of input (or its unique slices along dim), with
    where each element went and how many times each occurs."""
    with torch.no_grad():
        if dim is None:
            result = _unique_flat(input, return_inverse, return_counts)
        else:
            result = _unique_dim(input, dim, return_inverse, return_counts)
    return result[0] if len(result) == 1 else tuple(result)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """The first element of each run of equal consecutive elements."""
    with torch.no_grad():
        if dim is not None:
            moved = input.movedim(dim, 0)
            flat = moved.reshape(moved.size(0), -1)
            starts = torch.ones(flat.size(0), dtype=torch.bool, device=input.device)
            if flat.size(0) > 1:
                starts[1:] = (flat[1:] != flat[:-1]).any(1)
            out = moved[starts].movedim(0, dim)
            inv_shape = (flat.size(0),)
        else:
            flat = input.flatten()
            starts = _run_starts(flat)
            out = flat[starts]
            inv_shape = input.shape
        result = [out]
        if return_inverse:
            result.append((torch.cumsum(starts.to(torch.int64), 0) - 1).view(inv_shape))
        if return_counts:
            result.append(_counts(starts, starts.size(0)))
    return result[0] if len(result) == 1 else tuple(result)


def bincount(input, weights=None, minlength=0):
    """How many times each non-negative int occurs in input (or the sum of
    its weights)."""
    if input.dim() != 1 or (input.numel() and not input.dtype.is_floating_point and bool((input < 0).any())):
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if input.dtype.is_floating_point or input.dtype.is_complex or input.dtype == torch.bool:
        raise RuntimeError('"bincount_cpu" not implemented for \'%s\'' % _legacy(input.dtype))
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    n = max(int(input.max()) + 1 if input.numel() else 0, minlength)
    if weights is None:
        out = torch.zeros(n, dtype=torch.int64, device=input.device)
        return out.index_add_(0, input.long(), torch.ones_like(input, dtype=torch.int64))
    if weights.dim() != 1 or weights.size(0) != input.size(0):
        raise RuntimeError("weights should be 1-d and have the same length as input")
    dt = weights.dtype if weights.dtype in (torch.float32, torch.float64) else torch.float64
    out = torch.zeros(n, dtype=dt, device=input.device)
    return out.index_add_(0, input.long(), weights.to(dt))


def _legacy(dt):
    return {torch.float32: "Float", torch.float64: "Double", torch.float16: "Half", torch.bfloat16: "BFloat16",
            torch.bool: "Bool", torch.complex64: "ComplexFloat", torch.complex128: "ComplexDouble"}.get(dt, str(dt))


def isin(elements, test_elements, *, assume_unique=False, invert=False):
    """Whether each element of elements is among test_elements."""
    e = elements if isinstance(elements, torch.Tensor) else torch.tensor(elements)
    t = test_elements if isinstance(test_elements, torch.Tensor) else torch.tensor(test_elements)
    with torch.no_grad():
        hit = (e.unsqueeze(-1) == t.flatten()).any(-1) if t.numel() else torch.zeros_like(e, dtype=torch.bool)
    return hit.logical_not() if invert else hit


def argwhere(input):
    """The indices of input's non-zero elements, one row each."""
    return torch.nonzero(input)
