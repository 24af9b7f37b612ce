# torch/special.py: torch.special, the special functions under SciPy's
# names. Those cgrad has are torch's own ops under these names (expit is
# sigmoid: the same node); the rest of PyTorch's list (Bessel functions,
# orthogonal polynomials, gamma-family functions, ...) is not here yet.
import torch

Tensor = torch.Tensor
# the argument descriptions PyTorch's docstrings share, by name
common_args = {
    "input": "input (Tensor): the tensor the function is applied to",
    "generator": "generator (torch.Generator, optional): the source of random numbers",
    "out": "out (Tensor, optional): a tensor the result is written into",
    "memory_format": "memory_format (torch.memory_format, optional): the layout of the result",
}
multi_dim_common = dict(common_args, **{
    "dtype": "dtype (torch.dtype, optional): the dtype the input is cast to before the operation",
    "keepdim": "keepdim (bool): whether the reduced dimensions stay, with size 1",
    "dim": "dim (int or tuple of ints): the dimensions to reduce",
    "keepdim_details": "the result has input's shape with the reduced dimensions of size 1 if keepdim, else without them",
    "opt_dim": "dim (int or tuple of ints, optional): the dimensions to reduce, all if None",
})

__all__ = ["erf", "erfc", "erfinv", "exp2", "expit", "expm1", "log1p", "round", "sinc", "xlogy", "logsumexp",
           "softmax", "log_softmax", "logit", "gammaln", "digamma", "psi", "polygamma", "i0", "i0e", "i1", "i1e",
           "entr", "ndtri", "erfcx", "log_ndtr", "ndtr", "xlog1py", "zeta", "multigammaln", "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "modified_bessel_i0", "modified_bessel_i1", "modified_bessel_k0", "modified_bessel_k1", "scaled_modified_bessel_k0", "scaled_modified_bessel_k1", "spherical_bessel_j0", "airy_ai", "chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w", "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v", "shifted_chebyshev_polynomial_w", "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p"]


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


def entr(input, *, out=None):
    """The elementwise entropy, -x log(x) (0 at 0, -inf below)."""
    r = torch._special_entr(input)
    return r if out is None else out.copy_(r)


def ndtri(input, *, out=None):
    """The inverse of the standard normal distribution function."""
    r = torch._special_ndtri(input)
    return r if out is None else out.copy_(r)


def erfcx(input, *, out=None):
    """The scaled complementary error function, exp(x^2) erfc(x)."""
    r = torch._special_erfcx(input)
    return r if out is None else out.copy_(r)


def log_ndtr(input, *, out=None):
    """The log of the standard normal distribution function."""
    r = torch._special_log_ndtr(input)
    return r if out is None else out.copy_(r)


def ndtr(input, *, out=None):
    """The standard normal distribution function, (1 + erf(x / sqrt(2))) / 2."""
    op = torch._scalar_op  # C++'s `t * number`: MulBackward1, AddBackward1
    r = op(op(torch.erf(op(input, "mul", 0.7071067811865476)), "add", 1), "mul", 0.5)
    return r if out is None else out.copy_(r)


def xlog1py(input, other, *, out=None):
    """input * log1p(other), 0 where input is 0."""
    r = torch._special_xlog1py(input, other)
    return r if out is None else out.copy_(r)


def zeta(input, other, *, out=None):
    """The Hurwitz zeta function of input and other."""
    r = torch._special_zeta(input, other)
    return r if out is None else out.copy_(r)


def bessel_j0(input, *, out=None):
    """The Bessel function of the first kind of order 0."""
    r = torch._special_bessel_j0(input)
    return r if out is None else out.copy_(r)


def bessel_j1(input, *, out=None):
    """The Bessel function of the first kind of order 1."""
    r = torch._special_bessel_j1(input)
    return r if out is None else out.copy_(r)


def bessel_y0(input, *, out=None):
    """The Bessel function of the second kind of order 0."""
    r = torch._special_bessel_y0(input)
    return r if out is None else out.copy_(r)


def bessel_y1(input, *, out=None):
    """The Bessel function of the second kind of order 1."""
    r = torch._special_bessel_y1(input)
    return r if out is None else out.copy_(r)


def modified_bessel_i0(input, *, out=None):
    """The modified Bessel function of the first kind of order 0."""
    r = torch._special_modified_bessel_i0(input)
    return r if out is None else out.copy_(r)


def modified_bessel_i1(input, *, out=None):
    """The modified Bessel function of the first kind of order 1."""
    r = torch._special_modified_bessel_i1(input)
    return r if out is None else out.copy_(r)


def modified_bessel_k0(input, *, out=None):
    """The modified Bessel function of the second kind of order 0."""
    r = torch._special_modified_bessel_k0(input)
    return r if out is None else out.copy_(r)


def modified_bessel_k1(input, *, out=None):
    """The modified Bessel function of the second kind of order 1."""
    r = torch._special_modified_bessel_k1(input)
    return r if out is None else out.copy_(r)


def scaled_modified_bessel_k0(input, *, out=None):
    """exp(x) times the modified Bessel function of the second kind of order 0."""
    r = torch._special_scaled_modified_bessel_k0(input)
    return r if out is None else out.copy_(r)


def scaled_modified_bessel_k1(input, *, out=None):
    """exp(x) times the modified Bessel function of the second kind of order 1."""
    r = torch._special_scaled_modified_bessel_k1(input)
    return r if out is None else out.copy_(r)


def spherical_bessel_j0(input, *, out=None):
    """The spherical Bessel function of the first kind of order 0, sin(x) / x."""
    r = torch._special_spherical_bessel_j0(input)
    return r if out is None else out.copy_(r)


def airy_ai(input, *, out=None):
    """The Airy function Ai."""
    r = torch._special_airy_ai(input)
    return r if out is None else out.copy_(r)


def chebyshev_polynomial_t(input, n, *, out=None):
    """The Chebyshev polynomial of the first kind T_n(input)."""
    r = torch._special_chebyshev_polynomial_t(input, n)
    return r if out is None else out.copy_(r)


def chebyshev_polynomial_u(input, n, *, out=None):
    """The Chebyshev polynomial of the second kind U_n(input)."""
    r = torch._special_chebyshev_polynomial_u(input, n)
    return r if out is None else out.copy_(r)


def chebyshev_polynomial_v(input, n, *, out=None):
    """The Chebyshev polynomial of the third kind V_n(input)."""
    r = torch._special_chebyshev_polynomial_v(input, n)
    return r if out is None else out.copy_(r)


def chebyshev_polynomial_w(input, n, *, out=None):
    """The Chebyshev polynomial of the fourth kind W_n(input)."""
    r = torch._special_chebyshev_polynomial_w(input, n)
    return r if out is None else out.copy_(r)


def shifted_chebyshev_polynomial_t(input, n, *, out=None):
    """T_n(2 input - 1), the shifted Chebyshev polynomial of the first kind."""
    r = torch._special_shifted_chebyshev_polynomial_t(input, n)
    return r if out is None else out.copy_(r)


def shifted_chebyshev_polynomial_u(input, n, *, out=None):
    """U_n(2 input - 1), the shifted Chebyshev polynomial of the second kind."""
    r = torch._special_shifted_chebyshev_polynomial_u(input, n)
    return r if out is None else out.copy_(r)


def shifted_chebyshev_polynomial_v(input, n, *, out=None):
    """V_n(2 input - 1), the shifted Chebyshev polynomial of the third kind."""
    r = torch._special_shifted_chebyshev_polynomial_v(input, n)
    return r if out is None else out.copy_(r)


def shifted_chebyshev_polynomial_w(input, n, *, out=None):
    """W_n(2 input - 1), the shifted Chebyshev polynomial of the fourth kind."""
    r = torch._special_shifted_chebyshev_polynomial_w(input, n)
    return r if out is None else out.copy_(r)


def hermite_polynomial_h(input, n, *, out=None):
    """The physicists' Hermite polynomial H_n(input)."""
    r = torch._special_hermite_polynomial_h(input, n)
    return r if out is None else out.copy_(r)


def hermite_polynomial_he(input, n, *, out=None):
    """The probabilists' Hermite polynomial He_n(input)."""
    r = torch._special_hermite_polynomial_he(input, n)
    return r if out is None else out.copy_(r)


def laguerre_polynomial_l(input, n, *, out=None):
    """The Laguerre polynomial L_n(input)."""
    r = torch._special_laguerre_polynomial_l(input, n)
    return r if out is None else out.copy_(r)


def legendre_polynomial_p(input, n, *, out=None):
    """The Legendre polynomial P_n(input)."""
    r = torch._special_legendre_polynomial_p(input, n)
    return r if out is None else out.copy_(r)


def multigammaln(input, p, *, out=None):
    """The log of the multivariate gamma function of dimension p."""
    r = torch.mvlgamma(input, p)
    return r if out is None else out.copy_(r)
