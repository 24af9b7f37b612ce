# torch/_correlation.py: cov and corrcoef, PyTorch's composites: weighted
# means, a centred product by mm, and corrcoef's normalisation and clip.
import warnings

import torch

_op = torch._scalar_op  # C++'s `t op number`


def _cpp_dtype(dt):
    return {torch.float32: "Float", torch.float64: "Double", torch.float16: "Half", torch.bfloat16: "BFloat16",
            torch.int64: "Long", torch.int32: "Int", torch.bool: "Bool"}.get(dt, str(dt))


def cov(input, *, correction=1, fweights=None, aweights=None):
    """The covariance of the variables in input's rows, each column an
    observation, with frequency and observation weights."""
    if input.dim() > 2:
        raise RuntimeError("cov(): expected input to have two or fewer dimensions but got an input with %d dimensions"
                           % input.dim())
    if input.dtype == torch.bool:
        raise RuntimeError("cov(): bool dtype is not supported for input")
    x = input.view(1, -1) if input.dim() < 2 else input
    n = x.size(1)
    w = None
    if fweights is not None:
        w = fweights
        if w.dim() > 1:
            raise RuntimeError("cov(): expected fweights to have one or fewer dimensions but got fweights with %d "
                               "dimensions" % w.dim())
        if w.is_floating_point() or w.is_complex():
            raise RuntimeError("cov(): expected fweights to have integral dtype but got fweights with %s dtype"
                               % _cpp_dtype(w.dtype))
        if w.numel() != n:
            raise RuntimeError("cov(): expected fweights to have the same numel as there are observations in the "
                               "input but got %d != %d" % (w.numel(), n))
        if n and not bool(w.min().ge(0)):
            raise RuntimeError("cov(): fweights cannot be negative")
    if aweights is not None:
        aw = aweights
        if aw.dim() > 1:
            raise RuntimeError("cov(): expected aweights to have one or fewer dimensions but got aweights with %d "
                               "dimensions" % aw.dim())
        if not aw.is_floating_point():
            raise RuntimeError("cov(): expected aweights to have floating point dtype but got aweights with %s dtype"
                               % _cpp_dtype(aw.dtype))
        if aw.numel() != n:
            raise RuntimeError("cov(): expected aweights to have the same numel as there are observations in the "
                               "input but got %d != %d" % (aw.numel(), n))
        if n and not bool(aw.min().ge(0)):
            raise RuntimeError("cov(): aweights cannot be negative")
        w = aw if w is None else w * aw
    w_sum = w.sum() if w is not None else torch.scalar_tensor(n, dtype=torch.int64, device=x.device)
    if w is not None and not bool(w_sum.ne(0)):
        raise RuntimeError("cov(): weights sum to zero, can't be normalized")
    avg = (x * w if w is not None else x).sum(1) / w_sum
    if w is None:
        norm = torch.scalar_tensor(n - correction, dtype=torch.int64, device=x.device)
    elif correction == 0:
        norm = w_sum
    elif aweights is None:
        norm = _op(w_sum, "sub", correction)
    else:
        norm = w_sum - _op((w * aweights).sum(), "mul", correction) / w_sum
    if bool(norm.le(0)):
        warnings.warn("cov(): degrees of freedom is <= 0 (Triggered internally at  "
                      "./aten/src/ATen/native/Correlation.cpp:100.)")
        norm = torch.zeros_like(norm)
    x = x - avg.unsqueeze(1)
    c = torch.mm(x, (x * w if w is not None else x).t().conj())
    return torch.true_divide(c, norm).squeeze()


def corrcoef(input):
    """Pearson's correlation coefficients of the variables in input's rows."""
    if input.dim() > 2:
        raise RuntimeError("corrcoef(): expected input to have two or fewer dimensions but got an input with %d "
                           "dimensions" % input.dim())
    c = cov(input)
    if c.dim() == 0:
        return c / c
    d = c.diagonal()
    stddev = torch.sqrt(d.real if d.is_complex() else d)
    c = c / stddev.view(-1, 1)
    c = c / stddev.view(1, -1)
    if c.is_complex():
        return torch.complex(c.real.clip(-1, 1), c.imag.clip(-1, 1))
    return c.clip(-1, 1)
