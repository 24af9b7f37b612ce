# torch/_triangle_indices.py: tril_indices and triu_indices, the (row, col)
# coordinates of a matrix's lower or upper triangle in row-major order, as
# a 2 x N tensor.
import torch

_INDEX_DTYPES = (torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8)


def _indices(name, row, col, offset, dtype, device, lower):
    if row < 0:
        raise RuntimeError("row must be non-negative, got%d" % row)
    if col < 0:
        raise RuntimeError("col must be non-negative, got%d" % col)
    if dtype not in _INDEX_DTYPES:
        raise RuntimeError('"%s" not implemented for \'%s\'' % (name, _type_name(dtype)))
    r = torch.arange(row, device=device).unsqueeze(1)
    c = torch.arange(col, device=device).unsqueeze(0)
    inside = (c - r <= offset) if lower else (c - r >= offset)
    return inside.nonzero().t().to(dtype).contiguous()


def _type_name(dtype):
    return {torch.float32: "Float", torch.float64: "Double", torch.float16: "Half", torch.bfloat16: "BFloat16",
            torch.bool: "Bool", torch.complex64: "ComplexFloat", torch.complex128: "ComplexDouble"}.get(dtype, str(dtype))


def tril_indices(row, col, offset=0, *, dtype=torch.long, device=None, layout=None, pin_memory=False):
    """The indices of the lower triangle of a row x col matrix (offset
    counts diagonals above the main one)."""
    return _indices("tril_indices", row, col, offset, dtype, device, True)


def triu_indices(row, col, offset=0, *, dtype=torch.long, device=None, layout=None, pin_memory=False):
    """The indices of the upper triangle of a row x col matrix."""
    return _indices("triu_indices", row, col, offset, dtype, device, False)
