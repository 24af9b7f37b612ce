# torch/special.py: torch.special, the special functions under SciPy's
# names. Those cgrad has are torch's own ops under these names (expit is
# sigmoid: the same node); the rest of PyTorch's list (Bessel functions,
# orthogonal polynomials, gamma-family functions, ...) is not here yet.
import torch

__all__ = ["erf", "erfc", "erfinv", "exp2", "expit", "expm1", "log1p", "round", "sinc", "xlogy", "logsumexp",
           "softmax", "log_softmax", "logit", "gammaln", "digamma", "psi", "polygamma", "i0", "i0e", "i1", "i1e"]


def erf(input, *, out=None):
    """The error function."""
    return torch.erf(input, out=out) if out is not None else torch.erf(input)


def erfc(input, *, out=None):
    """The complementary error function, 1 - erf(x)."""
    return torch.erfc(input) if out is None else out.copy_(torch.erfc(input))


def erfinv(input, *, out=None):
    """The inverse of the error function."""
    return torch.erfinv(input) if out is None else out.copy_(torch.erfinv(input))


def exp2(input, *, out=None):
    """2 to the power of each element."""
    return torch.exp2(input) if out is None else out.copy_(torch.exp2(input))


def expit(input, *, out=None):
    """The logistic sigmoid, 1 / (1 + exp(-x))."""
    return torch.sigmoid(input) if out is None else out.copy_(torch.sigmoid(input))


def expm1(input, *, out=None):
    """exp(x) - 1, accurate near zero."""
    return torch.expm1(input) if out is None else out.copy_(torch.expm1(input))


def log1p(input, *, out=None):
    """log(1 + x), accurate near zero."""
    return torch.log1p(input) if out is None else out.copy_(torch.log1p(input))


def round(input, *, decimals=0, out=None):
    """Rounds to the given number of decimals (ATen's round.decimals, so
    RoundBackward1 even for 0)."""
    r = torch.round(input, decimals=decimals)
    return r if out is None else out.copy_(r)


def sinc(input, *, out=None):
    """The normalized sinc function, sin(pi x) / (pi x)."""
    return torch.sinc(input) if out is None else out.copy_(torch.sinc(input))


def xlogy(input, other, *, out=None):
    """input * log(other), 0 where input is 0."""
    if not isinstance(input, torch.Tensor):  # a number times log(other)
        input = torch.full(other.shape, input, dtype=torch.result_type(input, other), device=other.device)
    r = torch.xlogy(input, other)
    return r if out is None else out.copy_(r)


def logsumexp(input, dim, keepdim=False, *, out=None):
    """log(sum(exp(input))) over dim, computed stably."""
    r = torch.logsumexp(input, dim, keepdim)
    return r if out is None else out.copy_(r)


def softmax(input, dim, *, dtype=None):
    """The softmax of input along dim."""
    return torch.softmax(input, dim, dtype=dtype)


def log_softmax(input, dim, *, dtype=None):
    """The log of the softmax of input along dim."""
    return torch.log_softmax(input, dim, dtype=dtype)


def logit(input, eps=None, *, out=None):
    """log(p / (1 - p)), p clamped to [eps, 1 - eps] when eps is given."""
    r = torch.logit(input, eps)
    return r if out is None else out.copy_(r)


def gammaln(input, *, out=None):
    """The log of the absolute value of the gamma function."""
    r = torch.lgamma(input)
    return r if out is None else out.copy_(r)


def digamma(input, *, out=None):
    """The derivative of the log of the gamma function."""
    r = torch.digamma(input)
    return r if out is None else out.copy_(r)


psi = digamma


def polygamma(n, input, *, out=None):
    """The n-th derivative of the digamma function."""
    r = torch.polygamma(n, input)
    return r if out is None else out.copy_(r)


def i0(input, *, out=None):
    """The modified Bessel function of the first kind of order 0."""
    r = torch.i0(input)
    return r if out is None else out.copy_(r)


def i0e(input, *, out=None):
    """exp(-|x|) times i0(x), the exponentially scaled i0."""
    r = torch._special_i0e(input)
    return r if out is None else out.copy_(r)


def i1(input, *, out=None):
    """The modified Bessel function of the first kind of order 1."""
    r = torch._special_i1(input)
    return r if out is None else out.copy_(r)


def i1e(input, *, out=None):
    """exp(-|x|) times i1(x), the exponentially scaled i1."""
    r = torch._special_i1e(input)
    return r if out is None else out.copy_(r)
