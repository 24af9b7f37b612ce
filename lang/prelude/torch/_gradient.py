# torch/_gradient.py: torch.gradient, PyTorch's composite: central
# differences inside, one-sided ones (first or second order) at the
# edges, joined by cat along each dim; uniform spacing (numbers) or
# coordinates (1-d tensors), as PyTorch computes them.
import torch


def _div(t, h):
    """t / h, by a number as PyTorch's div.Scalar (DivBackward1)"""
    return t / h if isinstance(h, torch.Tensor) else torch._scalar_op(t, "div", h)


def _edges_first(x, d, h0, h1):
    prepend = _div(x.narrow(d, 1, 1) - x.narrow(d, 0, 1), h0)
    append = _div(x.narrow(d, -1, 1) - x.narrow(d, -2, 1), h1)
    return prepend, append


def _uniform(x, d, h, edge_order):
    n = x.shape[d]
    center = _div(x.narrow(d, 2, n - 2) - x.narrow(d, 0, n - 2), h)
    if edge_order == 1:
        prepend, append = _edges_first(x, d, h, h)
    else:
        prepend = _div(-1.5 * x.narrow(d, 0, 1) + 2 * x.narrow(d, 1, 1) - 0.5 * x.narrow(d, 2, 1), h)
        append = _div(0.5 * x.narrow(d, -3, 1) - 2 * x.narrow(d, -2, 1) + 1.5 * x.narrow(d, -1, 1), h)
    return torch.cat([prepend, _div(center, 2), append], d)


def _coordinates(x, d, coords, edge_order):
    if coords.dim() != 1:
        raise RuntimeError("torch.gradient expected each element of spacing to have one dimension, but got an "
                           "element with %d dimensions!" % coords.dim())
    n = x.shape[d]
    shape = [1] * x.dim()
    shape[d] = -1
    dx = coords.diff(1, 0)
    dx1, dx2 = dx[:-1], dx[1:]
    a = (-dx2 / (dx1 * (dx1 + dx2))).reshape(shape)
    b = ((dx2 - dx1) / (dx1 * dx2)).reshape(shape)
    c = (dx1 / (dx2 * (dx1 + dx2))).reshape(shape)
    center = a * x.narrow(d, 0, n - 2) + b * x.narrow(d, 1, n - 2) + c * x.narrow(d, 2, n - 2)
    if edge_order == 1:
        prepend, append = _edges_first(x, d, dx[0], dx[-1])
    else:
        a = -(2.0 * dx[0] + dx[1]) / (dx[0] * (dx[0] + dx[1]))
        b = (dx[0] + dx[1]) / (dx[0] * dx[1])
        c = (-dx[0]) / (dx[1] * (dx[0] + dx[1]))
        prepend = a * x.narrow(d, 0, 1) + b * x.narrow(d, 1, 1) + c * x.narrow(d, 2, 1)
        a = dx[-1] / (dx[-2] * (dx[-1] + dx[-2]))
        b = -(dx[-1] + dx[-2]) / (dx[-1] * dx[-2])
        c = (2 * dx[-1] + dx[-2]) / (dx[-1] * (dx[-1] + dx[-2]))
        append = a * x.narrow(d, -3, 1) + b * x.narrow(d, -2, 1) + c * x.narrow(d, -1, 1)
    return torch.cat([prepend, center, append], d)


def gradient(input, *, spacing=1, dim=None, edge_order=1):
    """The gradient of a sampled function along each dim (or the dims
    given), as a tuple of tensors of input's shape."""
    if edge_order not in (1, 2):
        raise RuntimeError("torch.gradient only supports edge_order=1 and edge_order=2.")
    dims = list(range(input.dim())) if dim is None else ([dim] if isinstance(dim, int) else list(dim))
    dims = [d % input.dim() if input.dim() else d for d in dims]
    for d in dims:
        if input.shape[d] < edge_order + 1:
            raise RuntimeError("torch.gradient expected each dimension size to be at least edge_order+1")
    if isinstance(spacing, (list, tuple)):
        spacings = list(spacing)
        if dim is None and len(spacings) == 1 and len(dims) > 1:
            spacings += [0] * (len(dims) - 1)  # as PyTorch 1.13: the other dims divide by 0
        if len(spacings) != len(dims):
            if dim is None:
                raise RuntimeError("torch.gradient expected spacing to be unspecified, a scalar or a list of length "
                                   "%d but got a list of length %d" % (input.dim(), len(spacings)))
            raise RuntimeError("torch.gradient expected spacing to be unspecified, a scalar or it's spacing and dim "
                               "arguments to have the same length, but got a spacing argument of length %d and a dim "
                               "argument of length %d." % (len(spacings), len(dims)))
    else:
        spacings = [spacing] * len(dims)
    out = []
    for d, h in zip(dims, spacings):
        if isinstance(h, torch.Tensor) and h.dim() > 0:
            out.append(_coordinates(input, d, h, edge_order))
        else:
            out.append(_uniform(input, d, h.item() if isinstance(h, torch.Tensor) else h, edge_order))
    return tuple(out)
