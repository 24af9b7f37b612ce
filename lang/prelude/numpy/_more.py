# numpy/_more.py: the rest of numpy's everyday functions, composed from the
# core: rounding ufuncs, finfo/iinfo, statistics (median, percentile,
# quantile, average, cov, corrcoef, histogram, the nan* forms), searching
# and counting (searchsorted, digitize, bincount, isin and the set
# functions), interp, polynomials, cross, kron, convolve, gradient, pad,
# rot90, fromfunction, indices, errstate, vectorize, apply_along_axis.
import builtins
import math
import torch
from numpy._dtypes import dtype, generic, _dtype_of, _engine, _BY_NAME, promote_types, _int_range
from numpy._ndarray import ndarray, _wrap, _scalar, _norm_axis, _shape_arg
from numpy._creation import asarray, array, zeros, arange, empty
import numpy._ufunc as _uf
from numpy._ufunc import ufunc, _to_float, _same
from numpy._reduce import sum as _sum, mean as _mean
from numpy._funcs import sort, concatenate, unique


# ---- rounding: exact, through the integer part -----------------------------

def _trunc_t(t):
    if not t.dtype.is_floating_point:
        return t
    big = t.abs() >= 4503599627370496.0  # 2**52: already an integer (or inf/nan)
    safe = torch.where(big | (t != t), torch.zeros_like(t), t)
    r = safe.to(torch.int64).to(t.dtype)
    r = torch.where(big | (t != t), t, r)
    return torch.where(r == 0, t * 0.0, r)  # keeps the sign of zero


def _floor_t(t):
    r = _trunc_t(t)
    if not t.dtype.is_floating_point:
        return r
    r = torch.where(r > t, r - 1, r)
    return torch.where(r == 0, t * 0.0, r)


def _ceil_t(t):
    r = _trunc_t(t)
    if not t.dtype.is_floating_point:
        return r
    r = torch.where(r < t, r + 1, r)
    return torch.where(r == 0, t * 0.0, r)


def _rint_t(t):
    if not t.dtype.is_floating_point:
        return t
    f = _floor_t(t)
    d = t - f
    odd = _trunc_t(f * 0.5) * 2 != f
    up = (d > 0.5) | ((d == 0.5) & odd)
    r = torch.where(up, f + 1, f)
    return torch.where(r == 0, t * 0.0, r)


floor = ufunc('floor', 1, _to_float, _floor_t, None)
ceil = ufunc('ceil', 1, _to_float, _ceil_t, None)
trunc = ufunc('trunc', 1, _to_float, _trunc_t, None)
rint = ufunc('rint', 1, _to_float, _rint_t, None)
fix = trunc


def _deg(t):
    return t * (180.0 / math.pi)


def _rad(t):
    return t * (math.pi / 180.0)


rad2deg = ufunc('rad2deg', 1, _to_float, _deg, None)
deg2rad = ufunc('deg2rad', 1, _to_float, _rad, None)
degrees = ufunc('degrees', 1, _to_float, _deg, None)
radians = ufunc('radians', 1, _to_float, _rad, None)


def _fmax(a, b):
    return torch.where(b != b, a, torch.where(a != a, b, torch.maximum(a, b)))


def _fmin(a, b):
    return torch.where(b != b, a, torch.where(a != a, b, torch.minimum(a, b)))


fmax = ufunc('fmax', 2, _same, _fmax, None)
fmin = ufunc('fmin', 2, _same, _fmin, None)


def _signbit(t):
    if not t.dtype.is_floating_point:
        return t < 0
    return (t < 0) | ((t == 0) & ((1.0 / torch.where(t == 0, t, torch.ones_like(t))) < 0))


def _bool_loop(common, ops, name):
    return common, _BY_NAME['bool']


signbit = ufunc('signbit', 1, _bool_loop, _signbit, None)


# ---- machine limits ------------------------------------------------------------

class finfo:
    """Machine limits of a float dtype, as numpy reports them."""
    _cache = {}

    def __new__(cls, dtype):
        d = _dtype_of(dtype.dtype if isinstance(dtype, (ndarray, generic)) else
                      (float if dtype in (builtins.float, None) else dtype))
        if d.kind == 'c':
            d = _BY_NAME['float32' if d.itemsize == 8 else 'float64']
        if d.kind != 'f':
            raise ValueError('data type ' + repr(d.type) + ' not inexact')
        if d.name in cls._cache:
            return cls._cache[d.name]
        self = object.__new__(cls)
        self._fill(d)
        cls._cache[d.name] = self
        return self

    def _fill(self, d):
        params = {'float16': (10, 5, -14, 16, 3, 2 ** -10, 65504.0, 2 ** -14, 2 ** -24),
                  'float32': (23, 8, -126, 128, 6, 2 ** -23, 3.4028234663852886e+38, 2 ** -126, 2 ** -149),
                  'float64': (52, 11, -1022, 1024, 15, 2 ** -52, 1.7976931348623157e+308, 2 ** -1022, 2 ** -1074)}
        nmant, nexp, minexp, maxexp, precision, eps, mx, tiny, sub = params[d.name]
        t = d.type
        self.dtype = d
        self.bits = 8 * d.itemsize
        self.nmant = nmant
        self.nexp = nexp
        self.minexp = minexp
        self.maxexp = maxexp
        self.machep = -nmant
        self.negep = -nmant - 1
        self.iexp = nexp
        self.precision = precision
        self.eps = t(eps)
        self.epsneg = t(eps / 2)
        self.max = t(mx)
        self.min = t(-mx)
        self.resolution = t(10.0 ** -precision)
        self.tiny = t(tiny)
        self.smallest_normal = t(tiny)
        self.smallest_subnormal = t(sub)

    def __repr__(self):
        return '%s(resolution=%s, min=%s, max=%s, dtype=%s)' % (type(self).__name__, self.resolution, self.min,
                                                                 self.max, self.dtype)

    def __str__(self):
        from numpy._print import format_float_scientific as ffs

        def s(v):
            return ffs(v, precision=self.precision + 1, unique=False) if self.dtype.name != 'float16' else \
                ffs(v, precision=4, unique=False)
        return ('Machine parameters for %s\n' % self.dtype +
                '---------------------------------------------------------------\n'
                'precision = %3s   resolution = %s\n' % (self.precision, s(self.resolution)) +
                'machep = %6s   eps =        %s\n' % (self.machep, s(self.eps)) +
                'negep =  %6s   epsneg =     %s\n' % (self.negep, s(self.epsneg)) +
                'minexp = %6s   tiny =       %s\n' % (self.minexp, s(self.tiny)) +
                'maxexp = %6s   max =        %s\n' % (self.maxexp, s(self.max)) +
                'nexp =   %6s   min =        -max\n' % self.nexp +
                'smallest_normal = %s   smallest_subnormal = %s\n' % (s(self.smallest_normal),
                                                                      s(self.smallest_subnormal)) +
                '---------------------------------------------------------------\n')


class iinfo:
    """Machine limits of an integer dtype."""

    def __init__(self, int_type):
        d = _dtype_of(int_type.dtype if isinstance(int_type, (ndarray, generic)) else int_type)
        if d.kind not in 'iu':
            raise ValueError('Invalid integer data type %r.' % d.kind)
        self.dtype = d
        self.kind = d.kind
        self.bits = 8 * d.itemsize
        self.min, self.max = _int_range(d)

    def __repr__(self):
        return '%s(min=%s, max=%s, dtype=%s)' % (type(self).__name__, self.min, self.max, self.dtype)

    def __str__(self):
        return ('Machine parameters for %s\n' % self.dtype +
                '---------------------------------------------------------------\n'
                'min = %s\nmax = %s\n' % (self.min, self.max) +
                '---------------------------------------------------------------\n')


# ---- statistics ------------------------------------------------------------------

def _lanes(a, axis):
    """Python lists of a's values along axis (each sorted is up to the
    caller), and the shape of what remains."""
    if axis is None:
        return [a.ravel().tolist()], ()
    ax = _norm_axis(axis, a.ndim)
    t = a._t.transpose(ax, -1) if a.ndim > 1 else a._t
    rest = tuple(t.shape[:-1])
    return t.reshape(-1, t.shape[-1]).tolist() if t.numel() else [[] for _ in range(_prod(rest))], rest


def _prod(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _quantile_of(sorted_vals, q, method):
    n = len(sorted_vals)
    if n == 0:
        return float('nan')
    if sorted_vals[-1] != sorted_vals[-1]:
        return float('nan')
    pos = q * (n - 1)
    if method == 'linear':
        lo = math.floor(pos)
        hi = builtins.min(lo + 1, n - 1)
        g = pos - lo
        a = sorted_vals[lo]
        b = sorted_vals[hi]
        # numpy's _lerp: a + (b - a) * g, taken from the other end past 0.5
        d = b - a
        r = a + d * g
        if g >= 0.5:
            r = b - d * (1 - g)
        return r
    if method == 'lower':
        return sorted_vals[math.floor(pos)]
    if method == 'higher':
        return sorted_vals[math.ceil(pos)]
    if method == 'nearest':
        return sorted_vals[builtins.round(pos)]
    if method == 'midpoint':
        return (sorted_vals[math.floor(pos)] + sorted_vals[math.ceil(pos)]) / 2
    raise ValueError("'" + str(method) + "' is not a valid method. Use one of: ('inverted_cdf', "
                     "'averaged_inverted_cdf', 'closest_observation', 'interpolated_inverted_cdf', 'hazen', "
                     "'weibull', 'linear', 'median_unbiased', 'normal_unbiased', 'lower', 'higher', 'midpoint', "
                     "'nearest')")


def quantile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False, *,
             interpolation=None):
    a = asarray(a)
    qa = asarray(q)
    qs = qa.ravel().tolist()
    for v in qs:
        if not (0 <= v <= 1):
            raise ValueError('Quantiles must be in the range [0, 1]')
    if interpolation is not None:
        method = interpolation
    lanes, rest = _lanes(sort(a, axis) if a.ndim else a, axis)
    res = []
    for qv in qs:
        res.append([_quantile_of(l, qv, method) for l in lanes])
    d = a.dtype if a.dtype.kind == 'f' else _BY_NAME['float64']
    if method in ('lower', 'higher', 'nearest') and a.dtype.kind in 'iu':
        d = a.dtype
    r = array(res, dtype=d).reshape(qa.shape + rest)
    if keepdims and axis is not None:
        ax = _norm_axis(axis, a.ndim)
        r = r.reshape(qa.shape + tuple(1 if i == ax else s for i, s in enumerate(a.shape)))
    if r.ndim == 0:
        return _scalar(r.item(), d)
    return r


def percentile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False, *,
               interpolation=None):
    qa = asarray(q)
    if not builtins.bool(((qa >= 0) & (qa <= 100)).all()):
        raise ValueError('Percentiles must be in the range [0, 100]')
    return quantile(a, _uf.true_divide(qa, 100), axis, out, overwrite_input, method, keepdims,
                    interpolation=interpolation)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    a = asarray(a)
    lanes, rest = _lanes(sort(a, axis) if a.ndim else a, axis)
    vals = []
    for s in lanes:
        n = len(s)
        if n == 0:
            vals.append(float('nan'))
        elif s[-1] != s[-1]:
            vals.append(float('nan'))
        elif n % 2:
            vals.append(s[n // 2])
        else:
            vals.append((s[n // 2 - 1] + s[n // 2]) / 2 if a.dtype.kind == 'f' else
                        (s[n // 2 - 1] + s[n // 2]) / 2)
    d = a.dtype if a.dtype.kind == 'f' else _BY_NAME['float64']
    r = array(vals, dtype=d).reshape(rest)
    if keepdims and axis is not None:
        r = r.reshape(tuple(1 if i == _norm_axis(axis, a.ndim) else s for i, s in enumerate(a.shape)))
    if r.ndim == 0:
        return _scalar(r.item(), d)
    return r


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    a = asarray(a)
    if weights is None:
        avg = _mean(a, axis, keepdims=keepdims)
        if returned:
            n = a.size if axis is None else a.shape[axis]
            return avg, _scalar(builtins.float(n), _BY_NAME['float64']) if axis is None else \
                _uf.multiply(_uf.add(avg, 0) * 0, 1) + n
        return avg
    w = asarray(weights)
    if w.shape != a.shape:
        if axis is None:
            raise TypeError('Axis must be specified when shapes of a and weights differ.')
        shape = [1] * a.ndim
        shape[_norm_axis(axis, a.ndim)] = w.shape[0]
        w = w.reshape(shape)
    scl = _sum(w * _uf.multiply(1.0, 1) if w.dtype.kind in 'biu' else w, axis)
    if builtins.bool(asarray(_uf.equal(scl, 0.0)).any()):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    avg = _uf.true_divide(_sum(_uf.multiply(a, w), axis), scl)
    if returned:
        return avg, scl
    return avg


def _nan_free(a, fill):
    a = asarray(a)
    if a.dtype.kind != 'f':
        return a
    return _wrap(torch.where(a._t != a._t, torch.full_like(a._t, fill), a._t))


def nansum(a, axis=None, dtype=None, out=None, keepdims=False):
    return _sum(_nan_free(a, 0.0), axis, dtype, out, keepdims)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False):
    from numpy._reduce import prod
    return prod(_nan_free(a, 1.0), axis, dtype, out, keepdims)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False):
    a = asarray(a)
    if a.dtype.kind != 'f':
        return _mean(a, axis, dtype, out, keepdims)
    cnt = _sum(_uf.logical_not(_uf.isnan(a)), axis, keepdims=keepdims)
    tot = _sum(_nan_free(a, 0.0), axis, dtype, None, keepdims)
    return _uf.true_divide(tot, cnt)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    a = asarray(a)
    m = nanmean(a, axis, keepdims=True)
    x = _nan_free(_uf.subtract(a, m), 0.0)
    cnt = _sum(_uf.logical_not(_uf.isnan(a)), axis, keepdims=keepdims)
    return _uf.true_divide(_sum(_uf.multiply(x, x), axis, keepdims=keepdims), _uf.subtract(cnt, ddof))


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return _uf.sqrt(nanvar(a, axis, dtype, out, ddof, keepdims))


def nanmax(a, axis=None, out=None, keepdims=False):
    from numpy._reduce import amax
    return amax(_nan_free(a, float('-inf')), axis, out, keepdims)


def nanmin(a, axis=None, out=None, keepdims=False):
    from numpy._reduce import amin
    return amin(_nan_free(a, float('inf')), axis, out, keepdims)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    from numpy._reduce import argmax
    return argmax(_nan_free(a, float('-inf')), axis, out, keepdims=keepdims)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    from numpy._reduce import argmin
    return argmin(_nan_free(a, float('inf')), axis, out, keepdims=keepdims)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    a = asarray(a)
    lanes, rest = _lanes(a, axis)
    vals = []
    for l in lanes:
        s = sorted(v for v in l if v == v)
        n = len(s)
        vals.append(float('nan') if n == 0 else s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2)
    d = a.dtype if a.dtype.kind == 'f' else _BY_NAME['float64']
    r = array(vals, dtype=d).reshape(rest)
    return _scalar(r.item(), d) if r.ndim == 0 else r


def nancumsum(a, axis=None, dtype=None, out=None):
    from numpy._reduce import cumsum
    return cumsum(_nan_free(a, 0.0), axis, dtype, out)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None):
    X = asarray(m)
    if X.ndim > 2:
        raise ValueError('m has more than 2 dimensions')
    d = promote_types(X.dtype, _BY_NAME['float64'])
    X = array(X, ndmin=2, dtype=d)
    if not rowvar and X.shape[0] != 1:
        X = X.T
    if y is not None:
        Y = array(asarray(y), ndmin=2, dtype=d)
        if not rowvar and Y.shape[0] != 1:
            Y = Y.T
        X = concatenate((X, Y), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = X.shape[1]
    avg = _mean(X, axis=1)
    X = _uf.subtract(X, avg.reshape(-1, 1))
    fact = n - ddof
    from numpy._funcs import dot
    c = _uf.true_divide(dot(X, X.T), fact)
    return c.squeeze() if c.size == 1 else c


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    c = cov(x, y, rowvar)
    c = asarray(c)
    if c.ndim == 0:
        return _uf.true_divide(c, c)
    from numpy._funcs import clip, diag
    d = diag(c)
    sd = _uf.sqrt(d)
    c = _uf.true_divide(c, sd.reshape(-1, 1))
    c = _uf.true_divide(c, sd.reshape(1, -1))
    return clip(c, -1, 1)


def histogram(a, bins=10, range=None, density=None, weights=None):
    a = asarray(a).ravel()
    vals = a.astype('float64').tolist()
    if isinstance(bins, builtins.int):
        if range is None:
            lo = builtins.min(vals) if vals else 0.0
            hi = builtins.max(vals) if vals else 1.0
        else:
            lo, hi = builtins.float(range[0]), builtins.float(range[1])
            if lo > hi:
                raise ValueError('max must be larger than min in range parameter.')
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5
        from numpy._creation import linspace
        edges = linspace(lo, hi, bins + 1)
    else:
        edges = asarray(bins)
    e = edges.astype('float64').tolist()
    nb = len(e) - 1
    w = asarray(weights).ravel().tolist() if weights is not None else None
    counts = [0.0 if w is not None else 0] * nb
    import bisect
    for i, v in enumerate(vals):
        if v < e[0] or v > e[-1] or v != v:
            continue
        k = bisect.bisect_right(e, v) - 1
        if k == nb:
            k = nb - 1
        counts[k] += w[i] if w is not None else 1
    hist = array(counts, dtype='float64' if w is not None else 'int64')
    if density:
        widths = [e[i + 1] - e[i] for i in builtins.range(nb)]
        total = builtins.sum(counts)
        hist = array([c / total / widths[i] for i, c in enumerate(counts)])
    return hist, edges


def bincount(x, weights=None, minlength=0):
    x = asarray(x)
    if x.ndim != 1:
        raise ValueError('object too deep for desired array')
    vals = x.tolist()
    if any(v < 0 for v in vals):
        raise ValueError("'list' argument must have no negative elements")
    n = builtins.max(builtins.max(vals) + 1 if vals else 0, minlength)
    if weights is None:
        out = [0] * n
        for v in vals:
            out[v] += 1
        return array(out, dtype='int64')
    w = asarray(weights).astype('float64').tolist()
    out = [0.0] * n
    for v, wv in zip(vals, w):
        out[v] += wv
    return array(out)


def searchsorted(a, v, side='left', sorter=None):
    import bisect
    a = asarray(a)
    vals = a.tolist()
    if sorter is not None:
        vals = [vals[i] for i in asarray(sorter).tolist()]
    find = bisect.bisect_left if side == 'left' else bisect.bisect_right
    va = asarray(v)
    res = [find(vals, x) for x in va.ravel().tolist()]
    if va.ndim == 0:
        return _scalar(res[0], _BY_NAME['int64'])
    return array(res, dtype='int64').reshape(va.shape)


def digitize(x, bins, right=False):
    b = asarray(bins).tolist()
    inc = len(b) < 2 or b[-1] >= b[0]
    if inc:
        return searchsorted(b, x, side='left' if right else 'right')
    rb = list(reversed(b))
    r = searchsorted(rb, x, side='right' if right else 'left')
    return _uf.subtract(len(b), r)


def isin(element, test_elements, assume_unique=False, invert=False):
    e = asarray(element)
    s = set(asarray(test_elements).ravel().tolist())
    r = array([(v in s) != invert for v in e.ravel().tolist()], dtype='bool').reshape(e.shape)
    return r


def in1d(ar1, ar2, assume_unique=False, invert=False):
    return isin(asarray(ar1).ravel(), ar2, assume_unique, invert)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    s2 = set(asarray(ar2).ravel().tolist())
    a = asarray(ar1)
    d = promote_types(a.dtype, asarray(ar2).dtype)
    return array(sorted(set(v for v in a.ravel().tolist() if v in s2)), dtype=d)


def union1d(ar1, ar2):
    return unique(concatenate((asarray(ar1).ravel(), asarray(ar2).ravel())))


def setdiff1d(ar1, ar2, assume_unique=False):
    s2 = set(asarray(ar2).ravel().tolist())
    a = asarray(ar1)
    return array(sorted(set(v for v in a.ravel().tolist() if v not in s2)), dtype=a.dtype)


def setxor1d(ar1, ar2, assume_unique=False):
    s1 = set(asarray(ar1).ravel().tolist())
    s2 = set(asarray(ar2).ravel().tolist())
    d = promote_types(asarray(ar1).dtype, asarray(ar2).dtype)
    return array(sorted(s1 ^ s2), dtype=d)


def interp(x, xp, fp, left=None, right=None, period=None):
    import bisect
    xa = asarray(x)
    xs = asarray(xp).astype('float64').tolist()
    fs = asarray(fp).astype('float64').tolist()
    if len(xs) != len(fs):
        raise ValueError('fp and xp are not of the same length.')
    if not xs:
        raise ValueError('array of sample points is empty')
    lo = fs[0] if left is None else left
    hi = fs[-1] if right is None else right
    out = []
    for v in xa.astype('float64').ravel().tolist():
        if v != v:
            out.append(v)
        elif v < xs[0]:
            out.append(lo)
        elif v > xs[-1]:
            out.append(hi)
        elif v == xs[-1]:
            out.append(fs[-1])
        else:
            j = bisect.bisect_right(xs, v) - 1
            slope = (fs[j + 1] - fs[j]) / (xs[j + 1] - xs[j])
            out.append(slope * (v - xs[j]) + fs[j])
    r = array(out).reshape(xa.shape)
    return _scalar(r.item(), _BY_NAME['float64']) if r.ndim == 0 else r


def polyval(p, x):
    p = asarray(p)
    x = asarray(x)
    y = zeros(x.shape, dtype=promote_types(p.dtype, x.dtype)) if x.ndim else _scalar(0, promote_types(p.dtype, x.dtype))
    for c in p.tolist():
        y = _uf.add(_uf.multiply(y, x), c)
    return y


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    a = asarray(a)
    b = asarray(b)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError('incompatible dimensions for cross product\n(dimension must be 2 or 3)')
    a0, a1 = a[..., 0], a[..., 1]
    b0, b1 = b[..., 0], b[..., 1]
    a2 = a[..., 2] if a.shape[-1] == 3 else 0
    b2 = b[..., 2] if b.shape[-1] == 3 else 0
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return _uf.subtract(_uf.multiply(a0, b1), _uf.multiply(a1, b0))
    from numpy._funcs import stack
    c0 = _uf.subtract(_uf.multiply(a1, b2), _uf.multiply(a2, b1))
    c1 = _uf.subtract(_uf.multiply(a2, b0), _uf.multiply(a0, b2))
    c2 = _uf.subtract(_uf.multiply(a0, b1), _uf.multiply(a1, b0))
    return stack([asarray(c0), asarray(c1), asarray(c2)], -1)


def kron(a, b):
    a = asarray(a)
    b = asarray(b)
    nd = builtins.max(a.ndim, b.ndim)
    a = a.reshape((1,) * (nd - a.ndim) + a.shape)
    b = b.reshape((1,) * (nd - b.ndim) + b.shape)
    ra = []
    for s in a.shape:
        ra += [s, 1]
    rb = []
    for s in b.shape:
        rb += [1, s]
    r = _uf.multiply(a.reshape(ra), b.reshape(rb))
    return r.reshape(tuple(x * y for x, y in zip(a.shape, b.shape)))


def convolve(a, v, mode='full'):
    a = asarray(a).ravel()
    v = asarray(v).ravel()
    if a.size == 0 or v.size == 0:
        raise ValueError('v cannot be empty' if v.size == 0 else 'a cannot be empty')
    if v.size > a.size:
        a, v = v, a
    av = a.tolist()
    vv = v.tolist()
    n, m = len(av), len(vv)
    full = [0] * (n + m - 1)
    for i in range(n + m - 1):
        s = 0
        for j in range(builtins.max(0, i - n + 1), builtins.min(i + 1, m)):
            s += av[i - j] * vv[j]
        full[i] = s
    if mode == 'full':
        out = full
    elif mode == 'same':
        start = (m - 1) // 2
        out = full[start:start + n]
    elif mode == 'valid':
        out = full[m - 1:n]
    else:
        raise ValueError("mode must be one of 'valid', 'same', or 'full'")
    return array(out, dtype=promote_types(a.dtype, v.dtype))


def correlate(a, v, mode='valid'):
    v = asarray(v).ravel()
    return convolve(a, v[::-1], mode)


def gradient(f, *varargs, axis=None, edge_order=1):
    f = asarray(f)
    if f.ndim != 1 or axis not in (None, 0, -1) or varargs and not isinstance(varargs[0], (builtins.int, builtins.float)):
        if f.ndim == 1:
            pass
        else:
            return _gradient_nd(f, varargs, edge_order)
    h = builtins.float(varargs[0]) if varargs else 1.0
    y = f.astype('float64').tolist() if f.dtype.kind != 'f' else f.tolist()
    n = len(y)
    if n < edge_order + 1:
        raise ValueError('Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) '
                         'elements are required.')
    out = [0.0] * n
    for i in range(1, n - 1):
        out[i] = (y[i + 1] - y[i - 1]) / (2.0 * h)
    if edge_order == 1:
        out[0] = (y[1] - y[0]) / h
        out[-1] = (y[-1] - y[-2]) / h
    else:
        out[0] = -(3.0 * y[0] - 4.0 * y[1] + y[2]) / (2.0 * h)
        out[-1] = (3.0 * y[-1] - 4.0 * y[-2] + y[-3]) / (2.0 * h)
    return array(out, dtype=f.dtype if f.dtype.kind == 'f' else 'float64')


def _gradient_nd(f, varargs, edge_order):
    outs = []
    for ax in range(f.ndim):
        g = f.swapaxes(ax, -1)
        lanes = g.reshape(-1, g.shape[-1])
        rows = [gradient(lanes[i], *varargs[ax:ax + 1], edge_order=edge_order) for i in range(lanes.shape[0])]
        from numpy._funcs import stack
        r = stack(rows).reshape(g.shape).swapaxes(ax, -1)
        outs.append(r)
    return outs


def pad(array_, pad_width, mode='constant', **kwargs):
    a = asarray(array_)
    pw = asarray(pad_width).tolist()
    if isinstance(pw, builtins.int):
        pw = [[pw, pw]] * a.ndim
    elif len(pw) and isinstance(pw[0], builtins.int):
        pw = [pw if len(pw) == 2 else [pw[0], pw[0]]] * a.ndim
    elif len(pw) == 1:
        pw = pw * a.ndim
    r = a
    for ax in range(a.ndim):
        before, after = pw[ax]
        n = r.shape[ax]
        parts = []
        if mode == 'constant':
            cv = kwargs.get('constant_values', 0)
            shape_b = list(r.shape)
            shape_b[ax] = before
            shape_a = list(r.shape)
            shape_a[ax] = after
            from numpy._creation import full
            parts = [full(shape_b, cv, dtype=r.dtype), r, full(shape_a, cv, dtype=r.dtype)]
        else:
            if mode == 'edge':
                idx = [0] * before + list(range(n)) + [n - 1] * after
            elif mode == 'wrap':
                idx = [(i - before) % n for i in range(before + n + after)]
            elif mode == 'reflect':
                period = 2 * n - 2 if n > 1 else 1
                idx = []
                for i in range(-before, n + after):
                    k = i % period if period else 0
                    idx.append(k if k < n else period - k)
            elif mode == 'symmetric':
                period = 2 * n
                idx = []
                for i in range(-before, n + after):
                    k = i % period
                    idx.append(k if k < n else period - 1 - k)
            else:
                raise ValueError("mode '" + str(mode) + "' is not supported")
            from numpy._funcs import take
            parts = [take(r, idx, axis=ax)]
        r = concatenate(parts, ax)
    return r


def rot90(m, k=1, axes=(0, 1)):
    from numpy._funcs import flip
    m = asarray(m)
    k %= 4
    if k == 0:
        return m[:]
    if k == 2:
        return flip(flip(m, axes[0]), axes[1])
    perm = list(range(m.ndim))
    perm[axes[0]], perm[axes[1]] = perm[axes[1]], perm[axes[0]]
    if k == 1:
        return flip(m, axes[1]).transpose(perm)
    return flip(m.transpose(perm), axes[1])


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    return function(*indices(shape, dtype=dtype), **kwargs)


def indices(dimensions, dtype=int, sparse=False):
    dims = tuple(dimensions)
    out = []
    for i, n in enumerate(dims):
        shape = [1] * len(dims)
        shape[i] = n
        r = arange(n, dtype=dtype).reshape(shape)
        if not sparse:
            from numpy._funcs import broadcast_to
            r = broadcast_to(r, dims).copy()
        out.append(r)
    if sparse:
        return tuple(out)
    from numpy._funcs import stack
    return stack(out) if out else array([], dtype=dtype)


def isscalar(element):
    return isinstance(element, (generic, builtins.int, builtins.float, builtins.complex, builtins.bool,
                                builtins.str, bytes))


def iterable(y):
    try:
        iter(y)
    except TypeError:
        return False
    return True


def shares_memory(a, b, max_work=None):
    a = asarray(a)
    b = asarray(b)
    return a._t.untyped_storage_ptr() == b._t.untyped_storage_ptr() if hasattr(a._t, 'untyped_storage_ptr') \
        else a._t.data_ptr() == b._t.data_ptr() or (a._base is not None and (a._base is b or a._base is b._base))


may_share_memory = shares_memory

from numpy._fperr import seterr, geterr, errstate, seterrcall, geterrcall


class ndindex:
    def __init__(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], tuple):
            shape = shape[0]
        self.shape = shape

    def __iter__(self):
        import itertools
        return itertools.product(*(range(s) for s in self.shape))


def ndenumerate(arr):
    a = asarray(arr)
    for idx in ndindex(a.shape):
        yield idx, a[idx]


class vectorize:
    def __init__(self, pyfunc, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        self.pyfunc = pyfunc
        self.otypes = otypes

    def __call__(self, *args, **kwargs):
        from numpy._funcs import broadcast_arrays
        arrs = broadcast_arrays(*[asarray(a) for a in args])
        shape = arrs[0].shape
        flat = [a.ravel().tolist() for a in arrs]
        res = [self.pyfunc(*vals, **kwargs) for vals in zip(*flat)]
        d = self.otypes[0] if self.otypes else None
        r = array(res, dtype=d) if res else array([], dtype=d or 'float64')
        r = r.reshape(shape)
        return _scalar(r.item(), r.dtype) if r.ndim == 0 else r


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    a = asarray(arr)
    ax = _norm_axis(axis, a.ndim)
    moved = a.swapaxes(ax, -1)
    lanes = moved.reshape(-1, moved.shape[-1])
    res = [asarray(func1d(lanes[i], *args, **kwargs)) for i in range(lanes.shape[0])]
    from numpy._funcs import stack
    out = stack(res)
    rest = moved.shape[:-1]
    if out.ndim == 1:
        return out.reshape(rest)
    return out.reshape(rest + out.shape[1:]).swapaxes(ax, -1) if out.shape[1:] else out.reshape(rest)


def lexsort(keys, axis=-1):
    ks = [asarray(k).tolist() for k in keys]
    n = len(ks[0])
    order = sorted(range(n), key=lambda i: tuple(k[i] for k in reversed(ks)))
    return array(order, dtype='int64')


def count_true(a):
    return builtins.int(_sum(asarray(a).astype('bool')))
