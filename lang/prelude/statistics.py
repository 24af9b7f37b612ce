"""statistics: averages, spread, relations between two variables and the
normal distribution, as CPython 3.11's module, written for cgrad.

Sums are exact: every value is taken as its exact ratio of ints and the
totals are Fractions (Note [Exact sums]), so mean, variance and the rest
give the very floats, Fractions and Decimals CPython gives; the result has
the type of the data (ints and bools give way to floats, Fractions or
Decimals; mixing floats with Decimals is an error)."""

import math
import numbers
import random
import sys

from fractions import Fraction
from decimal import Decimal
from itertools import groupby, repeat
from bisect import bisect_left, bisect_right
from math import hypot, sqrt, fabs, exp, erf, tau, log, fsum
from functools import reduce
from operator import mul
from collections import defaultdict
try:  # where cgrad's collections has them
    from collections import Counter, namedtuple
except ImportError:
    _HAVE_COLLECTIONS = False
else:
    _HAVE_COLLECTIONS = True

__all__ = [
    'NormalDist', 'StatisticsError', 'correlation', 'covariance', 'fmean', 'geometric_mean',
    'harmonic_mean', 'linear_regression', 'mean', 'median', 'median_grouped', 'median_high',
    'median_low', 'mode', 'multimode', 'pstdev', 'pvariance', 'quantiles', 'stdev', 'variance',
]


class StatisticsError(ValueError):
    pass


# ---- exact sums ----
#
# Note [Exact sums]: a value x counts as n/d (x.as_integer_ratio(), or its
# numerator and denominator). Numerators are added per denominator, and
# the partial sums combined as Fractions at the end: no rounding happens
# until the result is converted back to the data's type. An infinity or a
# NaN has no ratio; it is carried as itself under the key None.

def _exact_ratio(x):
    try:
        return x.as_integer_ratio()
    except AttributeError:
        pass
    except (OverflowError, ValueError):
        return (x, None)  # an infinity or a NaN
    try:
        return (x.numerator, x.denominator)
    except AttributeError:
        raise TypeError("can't convert type '%s' to numerator/denominator" % type(x).__name__)


def _coerce(T, S):
    """The type a result of types T and S has."""
    if T is S or S is int or S is bool:
        return T
    if T is int:
        return S
    if issubclass(S, T):
        return S
    if issubclass(T, S) or issubclass(S, int):
        return T
    if issubclass(T, int):
        return S
    if issubclass(T, Fraction) and issubclass(S, float):
        return S
    if issubclass(T, float) and issubclass(S, Fraction):
        return T
    raise TypeError("don't know how to coerce %s and %s" % (T.__name__, S.__name__))


def _sum(data):
    """(result type, exact total, count) of the values in data."""
    count = 0
    types = []  # in order of appearance (CPython's set happens to give it)
    partials = {}
    for typ, values in groupby(data, type):
        if typ not in types:
            types.append(typ)
        for n, d in map(_exact_ratio, values):
            count += 1
            partials[d] = partials.get(d, 0) + n
    if None in partials:
        total = partials[None]
    else:
        total = sum(Fraction(n, d) for d, n in partials.items())
    return reduce(_coerce, types, int), total, count


def _ss(data, c=None):
    """(result type, sum of squared deviations from the mean c (the data's
    own mean when None), that mean, count), all exact."""
    if c is not None:
        T, ssd, count = _sum((d := x - c) * d for x in data)
        return T, ssd, c, count
    count = 0
    types = []
    sx = defaultdict(int)
    sxx = defaultdict(int)
    for typ, values in groupby(data, type):
        if typ not in types:
            types.append(typ)
        for n, d in map(_exact_ratio, values):
            count += 1
            sx[d] += n
            sxx[d] += n * n
    if not count:
        ssd = c = Fraction(0)
    elif None in sx:
        ssd = c = sx[None]
    else:
        total = sum(Fraction(n, d) for d, n in sx.items())
        squares = sum(Fraction(n, d * d) for d, n in sxx.items())
        ssd = (count * squares - total * total) / count
        c = total / count
    return reduce(_coerce, types, int), ssd, c, count


def _convert(value, T):
    """The exact value as a T (an int result that is not whole is a float)."""
    if type(value) is T:
        return value
    if issubclass(T, int) and value.denominator != 1:
        T = float
    try:
        return T(value)
    except TypeError:
        if issubclass(T, Decimal):
            return T(value.numerator) / T(value.denominator)
        raise


def _fail_neg(values, errmsg='negative value'):
    for x in values:
        if x < 0:
            raise StatisticsError(errmsg)
        yield x


def _counts(data):
    """value -> occurrences, in order of first appearance (Counter's)."""
    if _HAVE_COLLECTIONS:
        return Counter(iter(data))
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    return counts


# ---- square roots of exact ratios, correctly rounded ----

def _isqrt_frac_rto(n, m):
    """floor(sqrt(n / m)) with its last bit set when the root is not exact
    (round to odd: a later rounding to fewer bits then rounds correctly)."""
    a = math.isqrt(n // m)
    return a | (a * a * m != n)


_SQRT_BITS = 2 * sys.float_info.mant_dig + 3 if hasattr(sys, 'float_info') else 109


def _float_sqrt_of_frac(n, m):
    """sqrt(n / m) correctly rounded to a float."""
    q = (n.bit_length() - m.bit_length() - _SQRT_BITS) // 2
    if q >= 0:
        return (_isqrt_frac_rto(n, m << 2 * q) << q) / 1
    return _isqrt_frac_rto(n << -2 * q, m) / (1 << -q)


def _decimal_sqrt_of_frac(n, m):
    """sqrt(n / m) correctly rounded to a Decimal in the current context."""
    if n <= 0:
        if not n:
            return Decimal('0.0')
        n, m = -n, -m
    root = (Decimal(n) / Decimal(m)).sqrt()
    nr, dr = root.as_integer_ratio()
    # compare n/m with the squares of the midpoints to the neighbours
    up = root.next_plus()
    nu, du = up.as_integer_ratio()
    if 4 * n * (dr * du) ** 2 > m * (dr * nu + du * nr) ** 2:
        return up
    down = root.next_minus()
    nd, dd = down.as_integer_ratio()
    if 4 * n * (dr * dd) ** 2 < m * (dr * nd + dd * nr) ** 2:
        return down
    return root


# ---- averages ----

def mean(data):
    """The arithmetic mean of data, exact, of the data's type."""
    T, total, n = _sum(data)
    if n < 1:
        raise StatisticsError('mean requires at least one data point')
    return _convert(total / n, T)


def fmean(data, weights=None):
    """The arithmetic mean of data as a float (computed with fsum), weighted
    when weights are given."""
    if not hasattr(data, '__len__'):
        data = list(data)
    count = len(data)
    if weights is None:
        total = fsum(data)
        if not count:
            raise StatisticsError('fmean requires at least one data point')
        return total / count
    if not hasattr(weights, '__len__'):
        weights = list(weights)
    weighted = fsum(map(mul, data, weights))
    if count != len(weights):
        raise StatisticsError('data and weights must be the same length')
    total_weight = fsum(weights)
    if not total_weight:
        raise StatisticsError('sum of weights must be non-zero')
    return weighted / total_weight


def geometric_mean(data):
    """The geometric mean of data (all positive), as a float."""
    try:
        return exp(fmean(map(log, data)))
    except ValueError:
        raise StatisticsError('geometric mean requires a non-empty dataset '
                              'containing positive numbers') from None


def harmonic_mean(data, weights=None):
    """The harmonic mean of data: the reciprocal of the mean of the
    reciprocals, weighted when weights are given. 0 when a value is 0."""
    negative = 'harmonic mean does not support negative values'
    values = list(data) if iter(data) is data else data
    count = len(values)
    if count < 1:
        raise StatisticsError('harmonic_mean requires at least one data point')
    if count == 1 and weights is None:  # the value itself, if it is a number
        only = values[0]
        if not isinstance(only, (numbers.Real, Decimal)):
            raise TypeError('unsupported type')
        if only < 0:
            raise StatisticsError(negative)
        return only
    if weights is None:
        weights, total_weight = repeat(1, count), count
    else:
        weights = list(weights) if iter(weights) is weights else weights
        if len(weights) != count:
            raise StatisticsError('Number of weights does not match data size')
        total_weight = _sum(_fail_neg(weights, negative))[1]
    # sum of weight / value, exactly; a zero value makes the mean 0
    try:
        T, reciprocals, _ = _sum(w / x if w else 0 for w, x in zip(weights, _fail_neg(values, negative)))
    except ZeroDivisionError:
        return 0
    if reciprocals <= 0:
        raise StatisticsError('Weighted sum must be positive')
    return _convert(total_weight / reciprocals, T)


def median(data):
    """The middle value of data; for an even count, the mean of the two
    middle values."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError('no median for empty data')
    if n % 2 == 1:
        return data[n // 2]
    return (data[n // 2 - 1] + data[n // 2]) / 2


def median_low(data):
    """The middle value of data; for an even count, the lower of the two."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError('no median for empty data')
    return data[n // 2] if n % 2 == 1 else data[n // 2 - 1]


def median_high(data):
    """The middle value of data; for an even count, the higher of the two."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError('no median for empty data')
    return data[n // 2]


def median_grouped(data, interval=1.0):
    """The median of data seen as bins of width interval centred on the
    values, by interpolation inside the median's bin."""
    data = sorted(data)
    n = len(data)
    if not n:
        raise StatisticsError('no median for empty data')
    x = data[n // 2]
    below = bisect_left(data, x)          # values in the bins under x's
    upto = bisect_right(data, x, lo=below)
    try:
        interval = float(interval)
        x = float(x)
    except ValueError:
        raise TypeError('Value cannot be converted to a float')
    low = x - interval / 2.0  # the lower edge of the median's bin
    return low + interval * (n / 2 - below) / (upto - below)


def mode(data):
    """The most frequent value of data (the first seen among equals)."""
    counts = _counts(data)
    best = None
    for value, count in counts.items():
        if best is None or count > best[1]:
            best = (value, count)
    if best is None:
        raise StatisticsError('no mode for empty data')
    return best[0]


def multimode(data):
    """Every value that occurs most often in data, in order of first
    appearance; [] for no data."""
    counts = _counts(data)
    if not counts:
        return []
    top = max(counts.values())
    return [value for value, count in counts.items() if count == top]


def quantiles(data, *, n=4, method='exclusive'):
    """The n - 1 cut points that divide data into n groups of equal
    probability, interpolated between data points. method 'exclusive'
    treats data as a sample; 'inclusive' as the whole population, its
    minimum and maximum the 0th and 100th percentiles."""
    if n < 1:
        raise StatisticsError('n must be at least 1')
    data = sorted(data)
    ld = len(data)
    if ld < 2:
        raise StatisticsError('must have at least two data points')
    cuts = []
    if method == 'inclusive':
        m = ld - 1
        for i in range(1, n):
            j, delta = divmod(i * m, n)
            cuts.append((data[j] * (n - delta) + data[j + 1] * delta) / n)
        return cuts
    if method == 'exclusive':
        m = ld + 1
        for i in range(1, n):
            j = min(max(i * m // n, 1), ld - 1)  # the position, kept inside the data
            delta = i * m - j * n                # the fraction past it, times n (exact)
            cuts.append((data[j - 1] * (n - delta) + data[j] * delta) / n)
        return cuts
    raise ValueError('Unknown method: %r' % (method,))


# ---- spread ----

def variance(data, xbar=None):
    """The sample variance of data (n - 1 in the denominator); xbar is
    the mean when already known."""
    T, ss, c, n = _ss(data, xbar)
    if n < 2:
        raise StatisticsError('variance requires at least two data points')
    return _convert(ss / (n - 1), T)


def pvariance(data, mu=None):
    """The population variance of data (n in the denominator); mu is the
    mean when already known."""
    T, ss, c, n = _ss(data, mu)
    if n < 1:
        raise StatisticsError('pvariance requires at least one data point')
    return _convert(ss / n, T)


def _root(T, ms):
    if issubclass(T, Decimal):
        return _decimal_sqrt_of_frac(ms.numerator, ms.denominator)
    return _float_sqrt_of_frac(ms.numerator, ms.denominator)


def stdev(data, xbar=None):
    """The sample standard deviation: the square root of variance(),
    correctly rounded."""
    T, ss, c, n = _ss(data, xbar)
    if n < 2:
        raise StatisticsError('stdev requires at least two data points')
    return _root(T, ss / (n - 1))


def pstdev(data, mu=None):
    """The population standard deviation: the square root of pvariance(),
    correctly rounded."""
    T, ss, c, n = _ss(data, mu)
    if n < 1:
        raise StatisticsError('pstdev requires at least one data point')
    return _root(T, ss / n)


def _mean_stdev(data):
    """(mean, stdev) of data as floats, for NormalDist.from_samples."""
    T, ss, xbar, n = _ss(data)
    if n < 2:
        raise StatisticsError('stdev requires at least two data points')
    ms = ss / (n - 1)
    try:
        return float(xbar), _float_sqrt_of_frac(ms.numerator, ms.denominator)
    except AttributeError:  # an infinity or NaN in the data
        return float(xbar), float(xbar) / float(ss)


# ---- two variables ----

def _pair_check(x, y, what):
    n = len(x)
    if len(y) != n:
        raise StatisticsError('%s requires that both inputs have same number of data points' % what)
    if n < 2:
        raise StatisticsError('%s requires at least two data points' % what)
    return n


def covariance(x, y, /):
    """The sample covariance of x and y (equal lengths, at least two)."""
    n = _pair_check(x, y, 'covariance')
    xbar = fsum(x) / n
    ybar = fsum(y) / n
    return fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y)) / (n - 1)


def correlation(x, y, /):
    """Pearson's correlation coefficient of x and y, between -1 and 1."""
    n = _pair_check(x, y, 'correlation')
    xbar = fsum(x) / n
    ybar = fsum(y) / n
    sxy = fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
    sxx = fsum((d := xi - xbar) * d for xi in x)
    syy = fsum((d := yi - ybar) * d for yi in y)
    try:
        return sxy / sqrt(sxx * syy)
    except ZeroDivisionError:
        raise StatisticsError('at least one of the inputs is constant')


def _make_linear_regression():
    if _HAVE_COLLECTIONS:
        return namedtuple('LinearRegression', ('slope', 'intercept'))

    class LinearRegression(tuple):
        """LinearRegression(slope, intercept)"""
        __slots__ = ()
        _fields = ('slope', 'intercept')

        def __new__(cls, slope, intercept):
            return tuple.__new__(cls, (slope, intercept))

        slope = property(lambda self: self[0])
        intercept = property(lambda self: self[1])

        def __repr__(self):
            return 'LinearRegression(slope=%r, intercept=%r)' % tuple(self)

        def _asdict(self):
            return dict(zip(self._fields, self))

    LinearRegression.__module__ = 'statistics'
    return LinearRegression


LinearRegression = _make_linear_regression()


def linear_regression(x, y, /, *, proportional=False):
    """(slope, intercept) of the least-squares line through the points
    (x, y); with proportional=True the line goes through the origin."""
    n = _pair_check(x, y, 'linear regression')
    if proportional:
        sxy = fsum(xi * yi for xi, yi in zip(x, y))
        sxx = fsum(xi * xi for xi in x)
    else:
        xbar = fsum(x) / n
        ybar = fsum(y) / n
        sxy = fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
        sxx = fsum((d := xi - xbar) * d for xi in x)
    try:
        slope = sxy / sxx
    except ZeroDivisionError:
        raise StatisticsError('x is constant')
    intercept = 0.0 if proportional else ybar - slope * xbar
    return LinearRegression(slope=slope, intercept=intercept)


# ---- the normal distribution ----

# Wichura's algorithm AS 241 (Applied Statistics 37, 1988): rational
# approximations of the normal quantile in three regions, each a ratio of
# two polynomials in r, highest power first (the denominators' constant
# term is 1).
_AS241_CENTRAL = (
    (2.5090809287301226727e+3, 3.3430575583588128105e+4, 6.7265770927008700853e+4,
     4.5921953931549871457e+4, 1.3731693765509461125e+4, 1.9715909503065514427e+3,
     1.3314166789178437745e+2, 3.3871328727963666080e+0),
    (5.2264952788528545610e+3, 2.8729085735721942674e+4, 3.9307895800092710610e+4,
     2.1213794301586595867e+4, 5.3941960214247511077e+3, 6.8718700749205790830e+2,
     4.2313330701600911252e+1, 1.0))
_AS241_NEAR = (
    (7.74545014278341407640e-4, 2.27238449892691845833e-2, 2.41780725177450611770e-1,
     1.27045825245236838258e+0, 3.64784832476320460504e+0, 5.76949722146069140550e+0,
     4.63033784615654529590e+0, 1.42343711074968357734e+0),
    (1.05075007164441684324e-9, 5.47593808499534494600e-4, 1.51986665636164571966e-2,
     1.48103976427480074590e-1, 6.89767334985100004550e-1, 1.67638483018380384940e+0,
     2.05319162663775882187e+0, 1.0))
_AS241_TAIL = (
    (2.01033439929228813265e-7, 2.71155556874348757815e-5, 1.24266094738807843860e-3,
     2.65321895265761230930e-2, 2.96560571828504891230e-1, 1.78482653991729133580e+0,
     5.46378491116411436990e+0, 6.65790464350110377720e+0),
    (2.04426310338993978564e-15, 1.42151175831644588870e-7, 1.84631831751005468180e-5,
     7.86869131145613259100e-4, 1.48753612908506148525e-2, 1.36929880922735805310e-1,
     5.99832206555887937690e-1, 1.0))


def _horner(coefficients, r):
    acc = coefficients[0]
    for c in coefficients[1:]:
        acc = acc * r + c
    return acc


def _normal_dist_inv_cdf(p, mu, sigma):
    q = p - 0.5
    if fabs(q) <= 0.425:
        r = 0.180625 - q * q
        num, den = _AS241_CENTRAL
        x = _horner(num, r) * q / _horner(den, r)
        return mu + (x * sigma)
    r = p if q <= 0.0 else 1.0 - p
    r = sqrt(-log(r))
    if r <= 5.0:
        r = r - 1.6
        num, den = _AS241_NEAR
    else:
        r = r - 5.0
        num, den = _AS241_TAIL
    x = _horner(num, r) / _horner(den, r)
    if q < 0.0:
        x = -x
    return mu + (x * sigma)


_SQRT2 = sqrt(2.0)


class NormalDist:
    """A normal distribution with mean mu and standard deviation sigma."""

    __slots__ = ('_mu', '_sigma')

    def __init__(self, mu=0.0, sigma=1.0):
        """A normal distribution with mean mu and standard deviation sigma >= 0."""
        if sigma < 0.0:
            raise StatisticsError('sigma must be non-negative')
        self._mu = float(mu)
        self._sigma = float(sigma)

    @classmethod
    def from_samples(cls, data):
        """The normal distribution with the mean and sample standard deviation
        of data."""
        return cls(*_mean_stdev(data))

    def samples(self, n, *, seed=None):
        """n random draws (seeded by seed when given)."""
        gauss = random.gauss if seed is None else random.Random(seed).gauss
        mu, sigma = self._mu, self._sigma
        return [gauss(mu, sigma) for i in range(n)]

    def pdf(self, x):
        """The probability density at x."""
        variance = self._sigma * self._sigma
        if not variance:
            raise StatisticsError('pdf() not defined when sigma is zero')
        diff = x - self._mu
        return exp(diff * diff / (-2.0 * variance)) / sqrt(tau * variance)

    def cdf(self, x):
        """The probability of a value at most x."""
        if not self._sigma:
            raise StatisticsError('cdf() not defined when sigma is zero')
        return 0.5 * (1.0 + erf((x - self._mu) / (self._sigma * _SQRT2)))

    def inv_cdf(self, p):
        """The value x with cdf(x) == p, for 0 < p < 1."""
        if p <= 0.0 or p >= 1.0:
            raise StatisticsError('p must be in the range 0.0 < p < 1.0')
        if self._sigma <= 0.0:
            raise StatisticsError('cdf() not defined when sigma at or below zero')
        return _normal_dist_inv_cdf(p, self._mu, self._sigma)

    def quantiles(self, n=4):
        """The n - 1 cut points that divide data into n groups of equal
        probability, interpolated between data points. method 'exclusive'
        treats data as a sample; 'inclusive' as the whole population, its
        minimum and maximum the 0th and 100th percentiles."""
        return [self.inv_cdf(i / n) for i in range(1, n)]

    def overlap(self, other):
        """The area the densities of self and other have in common, from 0 to 1."""
        if not isinstance(other, NormalDist):
            raise TypeError('Expected another NormalDist instance')
        X, Y = self, other
        if (Y._sigma, Y._mu) < (X._sigma, X._mu):  # the same answer either way round
            X, Y = Y, X
        X_var, Y_var = X.variance, Y.variance
        if not X_var or not Y_var:
            raise StatisticsError('overlap() not defined when sigma is zero')
        dv = Y_var - X_var
        dm = fabs(Y._mu - X._mu)
        if not dv:
            return 1.0 - erf(dm / (2.0 * X._sigma * _SQRT2))
        # the two points where the densities cross
        a = X._mu * Y_var - Y._mu * X_var
        b = X._sigma * Y._sigma * sqrt(dm * dm + dv * log(Y_var / X_var))
        x1 = (a + b) / dv
        x2 = (a - b) / dv
        return 1.0 - (fabs(Y.cdf(x1) - X.cdf(x1)) + fabs(Y.cdf(x2) - X.cdf(x2)))

    def zscore(self, x):
        """How many standard deviations x lies above the mean."""
        if not self._sigma:
            raise StatisticsError('zscore() not defined when sigma is zero')
        return (x - self._mu) / self._sigma

    @property
    def mean(self):
        """The mean mu."""
        return self._mu

    @property
    def median(self):
        """The median: the mean."""
        return self._mu

    @property
    def mode(self):
        """The value of highest density: the mean."""
        return self._mu

    @property
    def stdev(self):
        """The standard deviation sigma."""
        return self._sigma

    @property
    def variance(self):
        """sigma squared."""
        return self._sigma * self._sigma

    def __add__(x1, x2):
        """The distribution shifted by a constant, or the sum with an independent
        NormalDist (means add, variances add)."""
        if isinstance(x2, NormalDist):
            return NormalDist(x1._mu + x2._mu, hypot(x1._sigma, x2._sigma))
        return NormalDist(x1._mu + x2, x1._sigma)

    def __sub__(x1, x2):
        """The distribution shifted by -constant, or the difference with an
        independent NormalDist (means subtract, variances add)."""
        if isinstance(x2, NormalDist):
            return NormalDist(x1._mu - x2._mu, hypot(x1._sigma, x2._sigma))
        return NormalDist(x1._mu - x2, x1._sigma)

    def __mul__(x1, x2):
        """The distribution scaled by a constant (sigma by its absolute value)."""
        return NormalDist(x1._mu * x2, x1._sigma * fabs(x2))

    def __truediv__(x1, x2):
        """The distribution divided by a constant (sigma by its absolute value)."""
        return NormalDist(x1._mu / x2, x1._sigma / fabs(x2))

    def __pos__(x1):
        """A copy."""
        return NormalDist(x1._mu, x1._sigma)

    def __neg__(x1):
        """The mirror image: -mu, the same sigma."""
        return NormalDist(-x1._mu, x1._sigma)

    __radd__ = __add__

    def __rsub__(x1, x2):
        """constant - self."""
        return -(x1 - x2)

    __rmul__ = __mul__

    def __eq__(x1, x2):
        """Equal when mu and sigma are."""
        if not isinstance(x2, NormalDist):
            return NotImplemented
        return x1._mu == x2._mu and x1._sigma == x2._sigma

    def __hash__(self):
        """The hash of (mu, sigma)."""
        return hash((self._mu, self._sigma))

    def __repr__(self):
        return '%s(mu=%r, sigma=%r)' % (type(self).__name__, self._mu, self._sigma)

    def __getstate__(self):
        return self._mu, self._sigma

    def __setstate__(self, state):
        self._mu, self._sigma = state
