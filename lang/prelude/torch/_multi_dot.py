# torch/_multi_dot.py: torch.linalg.multi_dot and the deprecated
# torch.chain_matmul: a chain of matrix products in the order that costs
# the fewest multiplications (PyTorch's: the cheaper bracketing of three,
# the classic dynamic programme beyond), first and last 1-d operands as a
# row and a column, the result viewed to its shape.
import warnings

import torch


def _dims(t):
    return "%dD" % t.dim()


def _chain_order(ts):
    n = len(ts)
    p = [ts[0].size(0)] + [t.size(1) for t in ts]
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = None
            for k in range(i, j):
                q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if cost[i][j] is None or q < cost[i][j]:
                    cost[i][j], split[i][j] = q, k
    return split


def _chain(ts, split, i, j):
    if i == j:
        return ts[i]
    k = split[i][j]
    return torch.mm(_chain(ts, split, i, k), _chain(ts, split, k + 1, j))


def multi_dot(tensors, *, out=None):
    """The product of a chain of matrices (the first and last may be
    vectors), bracketed to cost the fewest multiplications."""
    n = len(tensors)
    if n < 2:
        raise RuntimeError("multi_dot(): expected at least 2 tensors but got %d" % n)
    first, last = tensors[0], tensors[-1]
    shape = []
    if first.dim() == 1:
        first = first.unsqueeze(0)
    elif first.dim() == 2:
        shape.append(first.size(0))
    else:
        raise RuntimeError("multi_dot(): the first tensor must be 1D or 2D but got " + _dims(first))
    if last.dim() == 1:
        last = last.unsqueeze(-1)
    elif last.dim() == 2:
        shape.append(last.size(1))
    else:
        raise RuntimeError("multi_dot(): the last tensor must be 1D or 2D but got " + _dims(last))
    ts = [first] + list(tensors[1:-1]) + [last]
    for i in range(1, n - 1):
        if ts[i].dim() != 2:
            raise RuntimeError("multi_dot(): tensor %d must be 2D but got %s" % (i, _dims(ts[i])))
    for i in range(1, n):
        if ts[i].dtype != ts[0].dtype:
            raise RuntimeError("multi_dot(): all tensors must have be the same dtype but tensor 0 is %s and tensor "
                               "%d %s" % (_cpp(ts[0].dtype), i, _cpp(ts[i].dtype)))
        if ts[i - 1].size(-1) != ts[i].size(0):
            raise RuntimeError("multi_dot(): tensors %d and %d with shapes %s and %s cannot be multiplied"
                               % (i - 1, i, list(tensors[i - 1].shape), list(tensors[i].shape)))
    if n == 2:
        r = torch.mm(ts[0], ts[1])
    elif n == 3:
        a, b, c, d = ts[0].size(0), ts[1].size(0), ts[2].size(0), ts[2].size(1)
        if a * c * (b + d) > b * d * (a + c):
            r = torch.mm(ts[0], torch.mm(ts[1], ts[2]))
        else:
            r = torch.mm(torch.mm(ts[0], ts[1]), ts[2])
    else:
        r = _chain(ts, _chain_order(ts), 0, n - 1)
    r = r.view(shape)
    return r if out is None else out.copy_(r)


def _cpp(dt):
    return {torch.float32: "float", torch.float64: "double", torch.float16: "c10::Half", torch.int64: "long int",
            torch.int32: "int"}.get(dt, str(dt))


_warned = False


def chain_matmul(*matrices, out=None):
    """The product of the matrices (deprecated: torch.linalg.multi_dot);
    the deprecation warned once, as PyTorch's TORCH_WARN_ONCE."""
    global _warned
    if not _warned:
        _warned = True
        warnings.warn("torch.chain_matmul is deprecated and will be removed in a future PyTorch release. Use "
                      "torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather than "
                      "multiple parameters. (Triggered internally at  ./aten/src/ATen/native/LinearAlgebra.cpp:967.)",
                      stacklevel=2)
    if len(matrices) == 1:
        r = matrices[0].clone()
        return r if out is None else out.copy_(r)
    return multi_dot(list(matrices), out=out)
