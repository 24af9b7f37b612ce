# torch/_integration.py: trapezoid (trapz) and cumulative_trapezoid, the
# trapezoid rule along a dim as PyTorch's composites compute it.
import torch

_op = torch._scalar_op  # C++'s `t * number`: MulBackward1, DivBackward1


def _wrap(dim, n):
    if not -max(n, 1) <= dim < max(n, 1):
        raise IndexError("Dimension out of range (expected to be in range of [%d, %d], but got %d)"
                         % (-max(n, 1), max(n, 1) - 1, dim))
    return dim % max(n, 1)


def _x_aligned(name, y, x, dim):
    """x viewed so that its differences broadcast against y's"""
    if x.dim() == 1:
        if x.size(0) != y.size(dim):
            raise RuntimeError("%s: There must be one `x` value for each sample point" % name)
        shape = [1] * y.dim()
        shape[dim] = x.size(0)
        return x.view(shape)
    if x.dim() < y.dim():
        return x.view([1] * (y.dim() - x.dim()) + list(x.shape))
    return x


def _zeros_except(y, dim):
    shape = list(y.shape)
    del shape[dim]
    return torch.zeros(shape, dtype=y.dtype, device=y.device)


def trapezoid(y, x=None, *, dx=None, dim=-1):
    """The integral of y along dim by the trapezoid rule, over the points x
    (or a spacing dx, 1 by default)."""
    dim = _wrap(dim, y.dim())
    if y.size(dim) == 0:
        return _zeros_except(y, dim)
    if x is not None and dx is not None:
        raise RuntimeError("trapezoid() received an invalid combination of arguments: x and dx both given")
    if x is None:
        if y.dtype == torch.bool:
            raise RuntimeError("trapezoid: received a bool input for `y`, but bool is not supported")
        dx = 1 if dx is None else dx
        return _op(y.sum(dim) - _op(y.select(dim, 0) + y.select(dim, -1), "mul", 0.5), "mul", dx)
    if y.dtype == torch.bool or x.dtype == torch.bool:
        raise RuntimeError("trapezoid: received a bool input for `x` or `y`, but bool is not supported")
    xv = _x_aligned("trapezoid", y, x, dim)
    d = xv.narrow(dim, 1, xv.size(dim) - 1) - xv.narrow(dim, 0, xv.size(dim) - 1)
    left = y.narrow(dim, 0, y.size(dim) - 1)
    right = y.narrow(dim, 1, y.size(dim) - 1)
    return _op(((left + right) * d).sum(dim), "div", 2.)


def trapz(y, x=None, *, dx=None, dim=-1):
    """An alias of trapezoid."""
    return trapezoid(y, x, dx=dx, dim=dim)


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    """The running integral of y along dim by the trapezoid rule."""
    dim = _wrap(dim, y.dim())
    left = y.narrow(dim, 0, max(y.size(dim) - 1, 0))
    right = y.narrow(dim, 1, max(y.size(dim) - 1, 0)) if y.size(dim) else left
    if x is None:
        if y.dtype == torch.bool:
            raise RuntimeError("cumulative_trapezoid: received a bool input for `y`, but bool is not supported")
        dx = 1 if dx is None else dx
        return _op(left + right, "mul", dx / 2.).cumsum(dim)
    if y.dtype == torch.bool or x.dtype == torch.bool:
        raise RuntimeError("cumulative_trapezoid: received a bool input for `x` or `y`, but bool is not supported")
    xv = _x_aligned("cumulative_trapezoid", y, x, dim)
    d = xv.narrow(dim, 1, xv.size(dim) - 1) - xv.narrow(dim, 0, xv.size(dim) - 1)
    return _op(((left + right) * d).cumsum(dim), "div", 2.)
