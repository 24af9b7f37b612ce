# numpy/random.py: numpy.random: the legacy API (RandomState and the
# module-level functions over one shared RandomState: np.random.seed, rand,
# randn, randint, choice, shuffle, ...), SeedSequence, the bit generators
# (MT19937, PCG64, PCG64DXSM, Philox, SFC64) and the Generator, drawing
# numpy 1.24's numbers for the same seed: the bit generators and the draws
# are C (numpy._bitgen, numpy._random: Note [numpy's bit generators] in
# lang/numpy/bitgen.h, Note [numpy's distributions] in
# lang/numpy/distributions.c); the arguments, shapes, broadcasting and
# errors are numpy's, here.
import builtins
import operator
import os
import torch
import numpy._bitgen as _bg
import numpy._random as _r
from numpy._ndarray import ndarray, _wrap
from numpy._creation import asarray, array, arange
import numpy._ufunc as _uf

__all__ = ['RandomState', 'seed', 'get_state', 'set_state', 'random_sample', 'random', 'ranf', 'sample', 'rand',
           'randn', 'standard_normal', 'normal', 'uniform', 'randint', 'random_integers', 'choice', 'shuffle',
           'permutation', 'exponential', 'standard_exponential', 'poisson', 'bytes', 'default_rng', 'Generator',
           'PCG64', 'SeedSequence', 'MT19937', 'PCG64DXSM', 'Philox', 'SFC64', 'BitGenerator', 'get_bit_generator',
           'set_bit_generator', 'lognormal', 'laplace', 'logistic', 'gumbel', 'weibull', 'pareto', 'power',
           'standard_cauchy', 'triangular', 'standard_gamma', 'gamma', 'beta', 'chisquare', 'f', 'standard_t', 'wald',
           'geometric', 'binomial', 'negative_binomial', 'rayleigh', 'multinomial', 'dirichlet', 'multivariate_normal',
           'noncentral_chisquare', 'noncentral_f', 'vonmises', 'zipf', 'logseries', 'hypergeometric']


# The distributions of numpy._random's draw, in the order of lang/numpy/distributions.h's enum.
(_LOGNORMAL, _LAPLACE, _LOGISTIC, _GUMBEL, _WEIBULL, _PARETO, _POWER, _CAUCHY, _TRIANGULAR, _STD_GAMMA, _BETA,
 _CHISQUARE, _F, _STD_T, _WALD, _GEOMETRIC, _BINOMIAL, _NEGBIN, _RAYLEIGH, _NONCENTRAL_CHISQ, _NONCENTRAL_F,
 _VONMISES, _ZIPF, _LOGSERIES, _HYPERGEOMETRIC, _POISSON, _NORMAL, _EXPONENTIAL, _UNIFORM, _EXP_INV) = range(30)


def _shape(size):
    if size is None:
        return None
    if isinstance(size, (builtins.int,)) or hasattr(size, '__index__') and not isinstance(size, (tuple, list)):
        return (operator.index(size),)
    return tuple(operator.index(s) for s in size)


def _count(shape):
    n = 1
    for s in shape:
        if s < 0:
            raise ValueError('negative dimensions are not allowed')
        n *= s
    return n


def _doubles(state, size, fill):
    shape = _shape(size)
    if shape is None:
        return builtins.float(fill(state, 1)[0].item())
    return _wrap(fill(state, _count(shape)).reshape(shape))


def _legacy_gauss(state, n):
    return _r.normal(state, True, n)


def _legacy_exponential(state, n):
    return _r.exponential(state, True, n)


def _dist(state, legacy, kind, size, params, checks, integer=False):
    """Draws of distribution kind (the order of lang/numpy/distributions.h)
    with numpy's checks of the parameters, broadcast together and against
    size as numpy's cont/disc do, drawn in C order."""
    vals = [asarray(v).astype('float64') for v in params]
    shape = _shape(size)
    scalar = all(v.ndim == 0 for v in vals)
    for v, check in zip(vals, checks):
        if check:
            _constraint(v, check[0], check[1], scalar)
    vals += [asarray(0.0)] * (3 - len(vals))
    if scalar:
        n = 1 if shape is None else _count(shape)
        t = _r.draw(state, legacy, kind, n, *[builtins.float(v.item()) for v in vals])
        if shape is None:
            return builtins.int(t[0].item()) if integer else builtins.float(t[0].item())
        return _wrap(t.reshape(shape))
    from numpy._funcs import broadcast_shapes, broadcast_to
    if shape is None:
        shape = broadcast_shapes(*[v.shape for v in vals])
    n = _count(shape)
    ps = [builtins.float(v.item()) if v.ndim == 0 else broadcast_to(v, shape)._t.contiguous() for v in vals]
    return _wrap(_r.draw(state, legacy, kind, n, *ps).reshape(shape))


class RandomState:
    """numpy's legacy random generator (MT19937 unless given another bit
    generator)."""

    def __init__(self, seed=None):
        if isinstance(seed, BitGenerator):
            bit_generator = seed
        else:
            bit_generator = MT19937()
            if seed is not None:
                bit_generator._legacy_seeding(seed)
        self._initialize_bit_generator(bit_generator)

    def _initialize_bit_generator(self, bit_generator):
        self._bit_generator = bit_generator
        self._state = bit_generator._s
        self._reset_gauss()

    def _reset_gauss(self):
        words, hu, ui, _, _ = _bg.get(self._state)
        _bg.set(self._state, words, hu, ui, 0, 0.0)

    def __repr__(self):
        return self.__str__() + ' at 0x{:X}'.format(id(self))

    def __str__(self):
        return 'RandomState(%s)' % type(self._bit_generator).__name__

    def seed(self, seed=None):
        if not isinstance(self._bit_generator, MT19937):
            raise TypeError('can only re-seed a MT19937 BitGenerator')
        self._bit_generator._legacy_seeding(seed)
        self._reset_gauss()

    def get_state(self, legacy=True):
        st = self._bit_generator.state
        if st['bit_generator'] != 'MT19937' and legacy:
            import warnings
            warnings.warn('get_state and legacy can only be used with the MT19937 BitGenerator. To silence this '
                          'warning, set `legacy` to False.', RuntimeWarning, stacklevel=2)
            legacy = False
        _, _, _, has_gauss, gauss = _bg.get(self._state)
        st['has_gauss'] = has_gauss
        st['gauss'] = gauss
        if legacy:
            return ('MT19937', st['state']['key'], st['state']['pos'], has_gauss, gauss)
        return st

    def set_state(self, state):
        if isinstance(state, dict):
            if 'bit_generator' not in state or 'state' not in state:
                raise ValueError('state dictionary is not valid.')
            st = state
        else:
            if not isinstance(state, (tuple, list)):
                raise TypeError('state must be a dict or a tuple.')
            if state[0] != 'MT19937':
                raise ValueError('set_state can only be used with legacy MT19937 state instances.')
            st = {'bit_generator': state[0], 'state': {'key': state[1], 'pos': state[2]}}
            if len(state) > 3:
                st['has_gauss'] = state[3]
                st['gauss'] = state[4]
        self._bit_generator.state = st
        words, hu, ui, _, _ = _bg.get(self._state)
        _bg.set(self._state, words, hu, ui, builtins.int(st.get('has_gauss', 0)),
                builtins.float(st.get('gauss', 0.0)))

    # ---- floats ------------------------------------------------------------------
    def random_sample(self, size=None):
        return _doubles(self._state, size, _r.doubles)

    def random(self, size=None):
        return self.random_sample(size)

    def ranf(self, size=None):
        return self.random_sample(size)

    def sample(self, size=None):
        return self.random_sample(size)

    def rand(self, *args):
        return self.random_sample(args if args else None)

    def randn(self, *args):
        return self.standard_normal(args if args else None)

    def standard_normal(self, size=None):
        return _doubles(self._state, size, _legacy_gauss)

    def standard_exponential(self, size=None):
        return _doubles(self._state, size, _legacy_exponential)

    def _scaled(self, fill, size, loc, scale, check_name):
        la = asarray(loc).astype('float64')
        sa = asarray(scale).astype('float64')
        if builtins.bool(asarray(_uf.less(sa, 0)).any()):
            raise ValueError(check_name + ' < 0')
        shape = _shape(size)
        if shape is None and la.ndim == 0 and sa.ndim == 0:
            v = fill(self._state, 1)[0].item()
            return builtins.float(la.item() + sa.item() * v) if fill is _legacy_gauss else \
                builtins.float(sa.item() * v)
        if shape is None:
            from numpy._funcs import broadcast_shapes
            shape = broadcast_shapes(la.shape, sa.shape)
        g = _wrap(fill(self._state, _count(shape)).reshape(shape))
        if fill is _legacy_gauss:
            return _uf.add(la, _uf.multiply(sa, g))
        return _uf.multiply(sa, g)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return self._scaled(_legacy_gauss, size, loc, scale, 'scale')

    def exponential(self, scale=1.0, size=None):
        return self._scaled(_legacy_exponential, size, 0.0, scale, 'scale')

    def uniform(self, low=0.0, high=1.0, size=None):
        lo = asarray(low).astype('float64')
        hi = asarray(high).astype('float64')
        rng = _uf.subtract(hi, lo)
        if not builtins.bool(asarray(_uf.isfinite(rng)).all()):
            raise OverflowError('Range exceeds valid bounds')
        shape = _shape(size)
        if shape is None and lo.ndim == 0 and hi.ndim == 0:
            return builtins.float(lo.item() + builtins.float(rng) * _r.doubles(self._state, 1)[0].item())
        if shape is None:
            from numpy._funcs import broadcast_shapes
            shape = broadcast_shapes(lo.shape, hi.shape)
        u = _wrap(_r.doubles(self._state, _count(shape)).reshape(shape))
        return _uf.add(lo, _uf.multiply(rng, u))

    # ---- integers ------------------------------------------------------------------
    def randint(self, low, high=None, size=None, dtype=int):
        from numpy._dtypes import _dtype_of, _int_range
        d = _dtype_of(dtype)
        if d.kind not in 'iu' or d.itemsize not in (4, 8):
            raise TypeError('cgrad: randint with dtype %s is not supported yet' % d)
        if high is None:
            high = low
            low = 0
        lo, hi = _int_range(d)
        low = operator.index(low) if not isinstance(low, ndarray) else builtins.int(low)
        high = operator.index(high) if not isinstance(high, ndarray) else builtins.int(high)
        if low < lo:
            raise ValueError('low is out of bounds for %s' % d)
        if high > hi + 1:
            raise ValueError('high is out of bounds for %s' % d)
        if low >= high:
            raise ValueError('high <= 0' if low == 0 else 'low >= high')
        rng = high - 1 - low
        shape = _shape(size)
        n = 1 if shape is None else _count(shape)
        t = _r.bounded(self._state, False, n, low, rng)
        if shape is None:
            return builtins.int(t[0].item()) if d is _dtype_of(int) else d.type(t[0].item())
        r = _wrap(t.reshape(shape))
        return r if d.itemsize == 8 else r.astype(d)

    def random_integers(self, low, high=None, size=None):
        import warnings
        if high is None:
            warnings.warn('This function is deprecated. Please call randint(1, {low} + 1) instead'.format(low=low),
                          DeprecationWarning, stacklevel=2)
            high = low
            low = 1
        else:
            warnings.warn('This function is deprecated. Please call randint({low}, {high} + 1) '
                          'instead'.format(low=low, high=high), DeprecationWarning, stacklevel=2)
        return self.randint(low, builtins.int(high) + 1, size=size, dtype='l')

    def poisson(self, lam=1.0, size=None):
        la = asarray(lam).astype('float64')
        if builtins.bool(asarray(_uf.logical_or(_uf.less(la, 0), _uf.isnan(la))).any()):
            raise ValueError('lam < 0 or lam is NaN')
        if builtins.bool(asarray(_uf.greater(la, 9.223372006484771e+18)).any()):
            raise ValueError('lam value too large')
        return self._dist(_POISSON, size, (la,), (), integer=True)

    def bytes(self, length):
        n = (length - 1) // 4 + 1 if length > 0 else 0
        words = _r.words(self._state, n).tolist() if n else []
        return b''.join(w.to_bytes(4, 'little') for w in words)[:length]

    # ---- the other distributions (Note [numpy's legacy draws]) --------------------------
    def _dist(self, kind, size, params, checks, integer=False):
        return _dist(self._state, True, kind, size, params, checks, integer)

    def _check(self, value, test, message):
        v = asarray(value)
        if builtins.bool(asarray(test(v)).any()):
            raise ValueError(message)

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        self._check(sigma, lambda v: _uf.less(v, 0), 'sigma < 0')
        return self._dist(_LOGNORMAL, size, (mean, sigma), ())

    def laplace(self, loc=0.0, scale=1.0, size=None):
        self._check(scale, lambda v: _uf.less(v, 0), 'scale < 0')
        return self._dist(_LAPLACE, size, (loc, scale), ())

    def logistic(self, loc=0.0, scale=1.0, size=None):
        self._check(scale, lambda v: _uf.less(v, 0), 'scale < 0')
        return self._dist(_LOGISTIC, size, (loc, scale), ())

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        self._check(scale, lambda v: _uf.less(v, 0), 'scale < 0')
        return self._dist(_GUMBEL, size, (loc, scale), ())

    def weibull(self, a, size=None):
        self._check(a, lambda v: _uf.less(v, 0), 'a < 0')
        return self._dist(_WEIBULL, size, (a,), ())

    def pareto(self, a, size=None):
        self._check(a, lambda v: _uf.less_equal(v, 0), 'a <= 0')
        return self._dist(_PARETO, size, (a,), ())

    def power(self, a, size=None):
        self._check(a, lambda v: _uf.less_equal(v, 0), 'a <= 0')
        return self._dist(_POWER, size, (a,), ())

    def standard_cauchy(self, size=None):
        return self._dist(_CAUCHY, size, (), ())

    def triangular(self, left, mode, right, size=None):
        self._check(_uf.greater(left, mode), lambda v: v, 'left > mode')
        self._check(_uf.greater(mode, right), lambda v: v, 'mode > right')
        self._check(_uf.equal(left, right), lambda v: v, 'left == right')
        return self._dist(_TRIANGULAR, size, (left, mode, right), ())

    def standard_gamma(self, shape, size=None):
        self._check(shape, lambda v: _uf.less(v, 0), 'shape < 0')
        return self._dist(_STD_GAMMA, size, (shape,), ())

    def gamma(self, shape, scale=1.0, size=None):
        self._check(shape, lambda v: _uf.less(v, 0), 'shape < 0')
        self._check(scale, lambda v: _uf.less(v, 0), 'scale < 0')
        g = self._dist(_STD_GAMMA, size if size is not None else (None if asarray(shape).ndim == 0 and
                                                          asarray(scale).ndim == 0 else asarray(
                                                              _uf.multiply(shape, scale)).shape), (shape,), ())
        return _uf.multiply(scale, g) if isinstance(g, ndarray) else builtins.float(scale) * g

    def beta(self, a, b, size=None):
        self._check(a, lambda v: _uf.less_equal(v, 0), 'a <= 0')
        self._check(b, lambda v: _uf.less_equal(v, 0), 'b <= 0')
        return self._dist(_BETA, size, (a, b), ())

    def chisquare(self, df, size=None):
        self._check(df, lambda v: _uf.less_equal(v, 0), 'df <= 0')
        return self._dist(_CHISQUARE, size, (df,), ())

    def f(self, dfnum, dfden, size=None):
        self._check(dfnum, lambda v: _uf.less_equal(v, 0), 'dfnum <= 0')
        self._check(dfden, lambda v: _uf.less_equal(v, 0), 'dfden <= 0')
        return self._dist(_F, size, (dfnum, dfden), ())

    def standard_t(self, df, size=None):
        self._check(df, lambda v: _uf.less_equal(v, 0), 'df <= 0')
        return self._dist(_STD_T, size, (df,), ())

    def wald(self, mean, scale, size=None):
        self._check(mean, lambda v: _uf.less_equal(v, 0), 'mean <= 0')
        self._check(scale, lambda v: _uf.less_equal(v, 0), 'scale <= 0')
        return self._dist(_WALD, size, (mean, scale), ())

    def geometric(self, p, size=None):
        self._check(p, lambda v: _uf.logical_not(_uf.logical_and(_uf.greater(v, 0), _uf.less_equal(v, 1))),
                    'p <= 0, p > 1 or p contains NaNs')
        return self._dist(_GEOMETRIC, size, (p,), (), integer=True)

    def binomial(self, n, p, size=None):
        self._check(n, lambda v: _uf.less(v, 0), 'n < 0')
        self._check(p, lambda v: _uf.logical_not(_uf.logical_and(_uf.greater_equal(v, 0), _uf.less_equal(v, 1))),
                    'p < 0, p > 1 or p is NaN')
        return self._dist(_BINOMIAL, size, (n, p), (), integer=True)

    def negative_binomial(self, n, p, size=None):
        self._check(n, lambda v: _uf.less_equal(v, 0), 'n <= 0')
        self._check(p, lambda v: _uf.logical_not(_uf.logical_and(_uf.greater(v, 0), _uf.less_equal(v, 1))),
                    'p < 0, p > 1 or p is NaN')
        return self._dist(_NEGBIN, size, (n, p), (), integer=True)

    def rayleigh(self, scale=1.0, size=None):
        self._check(scale, lambda v: _uf.less(v, 0), 'scale < 0')
        return self._dist(_RAYLEIGH, size, (scale,), ())

    def noncentral_chisquare(self, df, nonc, size=None):
        return self._dist(_NONCENTRAL_CHISQ, size, (df, nonc), (('df', 'pos'), ('nonc', 'nonneg')))

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        return self._dist(_NONCENTRAL_F, size, (dfnum, dfden, nonc), (('dfnum', 'pos'), ('dfden', 'pos'), ('nonc', 'nonneg')))

    def vonmises(self, mu, kappa, size=None):
        return self._dist(_VONMISES, size, (mu, kappa), (None, ('kappa', 'nonneg')))

    def zipf(self, a, size=None):
        return self._dist(_ZIPF, size, (a,), (('a', 'gt1'),), integer=True)

    def logseries(self, p, size=None):
        return self._dist(_LOGSERIES, size, (p,), (('p', 'lt01'),), integer=True)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        ints = [asarray(v).astype('int64') for v in (ngood, nbad, nsample)]
        if builtins.bool(asarray(_uf.less(_uf.add(ints[0], ints[1]), ints[2])).any()):
            raise ValueError('ngood + nbad < nsample')
        return self._dist(_HYPERGEOMETRIC, size, ints, (('ngood', 'nonneg'), ('nbad', 'nonneg'), ('nsample', 'ge1')),
                          integer=True)

    def tomaxint(self, size=None):
        shape = _shape(size)
        t = _r.words(self._state, 1 if shape is None else _count(shape), True)
        return builtins.int(t[0].item()) if shape is None else _wrap(t.reshape(shape))

    def multinomial(self, n, pvals, size=None):
        pv = asarray(pvals).astype('float64')
        if pv.ndim != 1:
            raise ValueError('pvals must be a 1-d sequence' if pv.ndim else 'object of too small depth for desired array')
        d = pv.shape[0]
        plist = pv.tolist()
        if _kahan(plist[:-1]) > 1.0 + 1e-12:
            raise ValueError('sum(pvals[:-1]) > 1.0')
        shape = _shape(size)
        count = 1 if shape is None else _count(shape)
        out = []
        for _ in range(count):
            row = [0] * d
            total = 1.0
            dn = builtins.int(n)
            for j in range(d - 1):
                row[j] = builtins.int(_r.draw(self._state, True, _BINOMIAL, 1, builtins.float(dn), plist[j] / total, 0.0)[0].item())
                dn -= row[j]
                if dn <= 0:
                    break
                total -= plist[j]
            if dn > 0:
                row[d - 1] = dn
            out.append(row)
        r = array(out, dtype='int64')
        return r.reshape((d,)) if shape is None else r.reshape(shape + (d,))

    def dirichlet(self, alpha, size=None):
        al = asarray(alpha).astype('float64')
        k = al.shape[0]
        if builtins.bool(asarray(_uf.less_equal(al, 0)).any()):
            raise ValueError('alpha <= 0')
        shape = _shape(size)
        count = 1 if shape is None else _count(shape)
        alist = al.tolist()
        out = []
        for _ in range(count):
            vals = [_r.draw(self._state, True, _STD_GAMMA, 1, a, 0.0, 0.0)[0].item() for a in alist]
            acc = 0.0
            for v in vals:
                acc = acc + v
            inv = 1 / acc
            out.append([v * inv for v in vals])
        r = array(out)
        return r.reshape((k,)) if shape is None else r.reshape(shape + (k,))

    def multivariate_normal(self, mean, cov, size=None, check_valid='warn', tol=1e-8):
        return _multivariate_normal(self, mean, cov, size, check_valid, tol, 'svd', True)

    # ---- permutations ------------------------------------------------------------------
    def permutation(self, x):
        if isinstance(x, (builtins.int,)) or isinstance(x, (ndarray,)) and x.ndim == 0 and x.dtype.kind in 'iu':
            return _wrap(_r.permutation(self._state, builtins.int(x)))
        arr = asarray(x)
        if arr.ndim < 1:
            raise IndexError('x must be an integer or at least 1-dimensional')
        idx = _r.permutation(self._state, arr.shape[0])
        return _wrap(arr._t[idx].clone())

    def shuffle(self, x):
        if isinstance(x, ndarray):
            if x.ndim == 0:
                raise TypeError('len() of unsized object')
            n = x.shape[0]
            if n <= 1:
                return
            idx = _r.permutation(self._state, n)
            x._t.copy_(x._t[idx].clone())
            return
        n = len(x)
        if n <= 1:
            return
        idx = _r.permutation(self._state, n).tolist()
        old = list(x)
        for k, j in enumerate(idx):
            x[k] = old[j]

    def choice(self, a, size=None, replace=True, p=None):
        import math
        if isinstance(a, builtins.int) or isinstance(a, ndarray) and a.ndim == 0 and a.dtype.kind in 'iu':
            pop_size = builtins.int(a)
            if pop_size <= 0 and _count(_shape(size) or ()) != 0:
                raise ValueError('a must be greater than 0 unless no samples are taken')
            arr = None
        else:
            arr = asarray(a)
            if arr.ndim != 1:
                raise ValueError('a must be 1-dimensional')
            pop_size = arr.shape[0]
            if pop_size == 0 and _count(_shape(size) or ()) != 0:
                raise ValueError("'a' cannot be empty unless no samples are taken")
        if p is not None:
            pa = asarray(p).astype('float64')
            if pa.ndim != 1:
                raise ValueError("'p' must be 1-dimensional")
            if pa.size != pop_size:
                raise ValueError("'a' and 'p' must have same size")
            p_sum = _kahan(pa.tolist())
            if p_sum != p_sum:
                raise ValueError('probabilities contain NaN')
            if builtins.bool(asarray(_uf.less(pa, 0)).any()):
                raise ValueError('probabilities are not non-negative')
            if builtins.abs(p_sum - 1.) > math.sqrt(2.220446049250313e-16):
                raise ValueError('probabilities do not sum to 1')
        shape = _shape(size)
        n = 1 if shape is None else _count(shape)
        if replace:
            if p is not None:
                from numpy._reduce import cumsum
                cdf = cumsum(pa)
                cdf = _uf.true_divide(cdf, cdf[-1])
                u = self.random_sample(shape)
                from numpy._more import searchsorted
                idx = searchsorted(cdf, u, side='right')
            else:
                idx = self.randint(0, pop_size, size=shape)
        else:
            if n > pop_size:
                raise ValueError("Cannot take a larger sample than population when 'replace=False'")
            if p is not None:
                if builtins.int(asarray(_uf.greater(pa, 0)).sum()) < n:
                    raise ValueError('Fewer non-zero entries in p than size')
                from numpy._reduce import cumsum
                from numpy._more import searchsorted
                from numpy._funcs import unique
                found = []
                pw = pa.copy()
                while len(found) < n:
                    x = self.rand(n - len(found))
                    if found:
                        pw[array(found, dtype='int64')] = 0
                    cdf = cumsum(pw)
                    cdf = _uf.true_divide(cdf, cdf[-1])
                    new = asarray(searchsorted(cdf, x, side='right'))
                    _, ui = unique(new, return_index=True)
                    ui = sorted(ui.tolist())
                    found.extend(new.tolist()[i] for i in ui)
                idx = array(found, dtype='int64')
                if shape is not None:
                    idx = idx.reshape(shape)
            else:
                idx = self.permutation(pop_size)[:n]
                if shape is not None:
                    idx = idx.reshape(shape)
        if shape is None and isinstance(idx, ndarray):
            idx = idx.item(0)
        if arr is None:
            return idx
        if shape is None:
            return arr[builtins.int(idx)]
        return arr[idx]


# the largest lam the Generator's poisson takes: int64's max less ten of its square roots
_POISSON_LAM_MAX = 9.223372006484771e+18


def _constraint(v, name, cons, scalar):
    """numpy's check of a distribution parameter v (float64): its messages
    say 'is NaN' when every parameter is a scalar, 'contains NaNs' when one
    is an array, as numpy's check_constraint and check_array_constraint do."""
    from numpy._more import signbit
    nan = 'is NaN' if scalar else 'contains NaNs'
    def some(x):
        return builtins.bool(asarray(x).any())

    def every(x):
        return builtins.bool(asarray(x).all())
    if cons == 'nonneg':
        if some(_uf.logical_and(_uf.logical_not(_uf.isnan(v)), signbit(v))):
            raise ValueError(name + ' < 0')
    elif cons == 'pos':
        if some(_uf.less_equal(v, 0)):
            raise ValueError(name + ' <= 0')
    elif cons == 'posnotnan':
        if some(_uf.isnan(v)):
            raise ValueError(name + ' must not be NaN')
        if some(_uf.less_equal(v, 0)):
            raise ValueError(name + ' <= 0')
    elif cons == 'poisson':
        if scalar and not every(_uf.greater_equal(v, 0)):
            raise ValueError('{0} < 0 or {0} is NaN'.format(name))
        if not every(_uf.less_equal(v, _POISSON_LAM_MAX)):
            raise ValueError(name + ' value too large')
        if not every(_uf.greater_equal(v, 0)):
            raise ValueError('{0} < 0 or {0} contains NaNs'.format(name))
    elif cons == 'bounded01':
        if not every(_uf.greater_equal(v, 0)) or not every(_uf.less_equal(v, 1)):
            raise ValueError('{0} < 0, {0} > 1 or {0} {1}'.format(name, nan))
    elif cons == 'gt0le1':
        if not every(_uf.greater(v, 0)) or not every(_uf.less_equal(v, 1)):
            raise ValueError('{0} <= 0, {0} > 1 or {0} contains NaNs'.format(name))
    elif cons == 'lt01':
        if not every(_uf.greater_equal(v, 0)) or not every(_uf.less(v, 1)):
            raise ValueError('{0} < 0, {0} >= 1 or {0} {1}'.format(name, nan))
    elif cons == 'gt1':
        if not every(_uf.greater(v, 1)):
            raise ValueError('{0} <= 1 or {0} {1}'.format(name, nan))
    elif cons == 'ge1':
        if not every(_uf.greater_equal(v, 1)):
            raise ValueError('{0} < 1 or {0} {1}'.format(name, nan))


def _multivariate_normal(rng, mean, cov, size, check_valid, tol, method, legacy):
    """multivariate_normal as numpy's RandomState (legacy: svd, x (sqrt(s) v)
    + mean) and Generator (svd, eigh or cholesky, mean + x factor.T) draw it."""
    from numpy._funcs import allclose, dot, matmul
    import numpy.linalg as la
    if method not in ('eigh', 'svd', 'cholesky'):
        raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
    mean = array(mean)
    cov = array(cov)
    shape = [] if size is None else list(_shape(size))
    if mean.ndim != 1:
        raise ValueError('mean must be 1 dimensional')
    if cov.ndim != 2 or cov.shape[0] != cov.shape[1]:
        raise ValueError('cov must be 2 dimensional and square')
    if mean.shape[0] != cov.shape[0]:
        raise ValueError('mean and cov must have same length')
    final_shape = tuple(shape + [mean.shape[0]])
    x = rng.standard_normal(final_shape).reshape(-1, mean.shape[0])
    cov = cov.astype('float64')
    if method == 'svd':
        u, s, vh = la.svd(cov)
    elif method == 'eigh':
        s, u = la.eigh(cov)
    else:
        factor = la.cholesky(cov)
    if check_valid != 'ignore' and method != 'cholesky':
        if check_valid not in ('warn', 'raise'):
            raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
        if method == 'svd':
            psd = allclose(dot(_uf.multiply(vh.T, s), vh), cov, rtol=tol, atol=tol)
        else:
            psd = not builtins.bool(asarray(_uf.less(s, -tol)).any())
        if not psd:
            if check_valid == 'warn':
                import warnings
                warnings.warn('covariance is not symmetric positive-semidefinite.', RuntimeWarning, stacklevel=3)
            else:
                raise ValueError('covariance is not symmetric positive-semidefinite.')
    if legacy:
        return _uf.add(dot(x, _uf.multiply(_uf.sqrt(s)[:, None], vh)), mean).reshape(final_shape)
    if method == 'eigh':
        factor = _uf.multiply(u, _uf.sqrt(_uf.absolute(s)))
    elif method == 'svd':
        factor = _uf.multiply(u, _uf.sqrt(s))
    return _uf.add(mean, matmul(x, factor.T)).reshape(final_shape)


def _kahan(vals):
    s = 0.0
    c = 0.0
    for v in vals:
        y = v - c
        t = s + y
        c = (t - s) - y
        s = t
    return s




# ---- the new API: SeedSequence, PCG64, Generator, default_rng ----------------------------

_MASK32 = 0xFFFFFFFF
_INIT_A = 0x43b0d7e5
_MULT_A = 0x931e8875
_INIT_B = 0x8b51f9dd
_MULT_B = 0x58f38ded
_MIX_MULT_L = 0xca01f9dd
_MIX_MULT_R = 0x4973f715
_XSHIFT = 16


def _words(x):
    """x (an int or a sequence of them) as numpy's SeedSequence reads it:
    32-bit words, least significant first."""
    if isinstance(x, (builtins.int,)) or isinstance(x, ndarray) and x.ndim == 0:
        v = builtins.int(x)
        if v < 0:
            raise ValueError('expected non-negative integer')
        out = []
        while True:
            out.append(v & _MASK32)
            v >>= 32
            if not v:
                return out
    if isinstance(x, (builtins.float, builtins.str)):
        raise TypeError('SeedSequence expects int or sequence of ints for entropy not %r' % (x,))
    out = []
    for item in (x.tolist() if isinstance(x, ndarray) else x):
        if not isinstance(item, builtins.int):
            raise TypeError('SeedSequence expects int or sequence of ints for entropy not %r' % (x,))
        out.extend(_words(item))
    return out


class SeedSequence:
    """numpy's SeedSequence: entropy mixed into a pool of four words, from
    which generate_state draws any number of words."""

    def __init__(self, entropy=None, *, spawn_key=(), pool_size=4, n_children_spawned=0):
        if pool_size < 4:
            raise ValueError('The size of the entropy pool should be at least 4')
        if entropy is None:
            entropy = builtins.int.from_bytes(os.urandom(16), 'little')
        self.entropy = entropy
        self.spawn_key = tuple(spawn_key)
        self.pool_size = pool_size
        self.n_children_spawned = n_children_spawned
        self._pool = [0] * pool_size
        self._mix(self._assembled())

    def _assembled(self):
        run = _words(self.entropy)
        spawn = _words(list(self.spawn_key)) if self.spawn_key else []
        if spawn and len(run) < self.pool_size:
            run = run + [0] * (self.pool_size - len(run))
        return run + spawn

    def _mix(self, entropy):
        hc = [_INIT_A]

        def hashmix(value):
            value = (value ^ hc[0]) & _MASK32
            hc[0] = (hc[0] * _MULT_A) & _MASK32
            value = (value * hc[0]) & _MASK32
            return value ^ (value >> _XSHIFT)

        def mix(x, y):
            r = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _MASK32
            return r ^ (r >> _XSHIFT)
        pool = self._pool
        n = len(pool)
        for i in range(n):
            pool[i] = hashmix(entropy[i] if i < len(entropy) else 0)
        for i_src in range(n):
            for i_dst in range(n):
                if i_src != i_dst:
                    pool[i_dst] = mix(pool[i_dst], hashmix(pool[i_src]))
        for i_src in range(n, len(entropy)):
            for i_dst in range(n):
                pool[i_dst] = mix(pool[i_dst], hashmix(entropy[i_src]))

    @property
    def pool(self):
        return array(self._pool, dtype='int64')

    @property
    def state(self):
        return {'entropy': self.entropy, 'spawn_key': self.spawn_key, 'pool_size': self.pool_size,
                'n_children_spawned': self.n_children_spawned}

    def _state_words(self, n_words):
        hc = _INIT_B
        out = []
        pool = self._pool
        for i in range(n_words):
            v = pool[i % len(pool)]
            v ^= hc
            hc = (hc * _MULT_B) & _MASK32
            v = (v * hc) & _MASK32
            v ^= v >> _XSHIFT
            out.append(v)
        return out

    def generate_state(self, n_words, dtype='uint32'):
        from numpy._dtypes import _dtype_of
        d = _dtype_of(dtype)
        if d.name == 'uint64' or d.itemsize == 8:
            w = self._state_words(2 * n_words)
            vals = [w[2 * i] | (w[2 * i + 1] << 32) for i in range(n_words)]
            return vals if d._torch is None else array(vals, dtype=d)
        if d.itemsize != 4:
            raise ValueError('only support uint32 or uint64')
        return array(self._state_words(n_words), dtype='uint32')

    def spawn(self, n_children):
        seqs = [SeedSequence(self.entropy, spawn_key=self.spawn_key + (i,), pool_size=self.pool_size)
                for i in range(self.n_children_spawned, self.n_children_spawned + n_children)]
        self.n_children_spawned += n_children
        return seqs

    def __repr__(self):
        return 'SeedSequence(\n    entropy=%r,\n)' % (self.entropy,)


def _u64_words(vals):
    """64-bit ints (a list or a uint64 array) as 32-bit words, high half
    first (Note [numpy's bit generators])."""
    out = []
    for v in (vals.tolist() if isinstance(vals, ndarray) else vals):
        out += [(v >> 32) & _MASK32, v & _MASK32]
    return out


def _words_u64(words):
    return [(words[2 * i] << 32) | words[2 * i + 1] for i in range(len(words) // 2)]


def _int_words(v, bits):
    """v wrapped to bits as 32-bit words, most significant first."""
    v = builtins.int(v) % (1 << bits)
    return [(v >> s) & _MASK32 for s in range(bits - 32, -1, -32)]


class BitGenerator:
    """numpy's base of the bit generators: a SeedSequence and a state in C
    (numpy._bitgen)."""
    _kind = None
    _state_word = 'PRNG'
    _seed_u64 = 0  # seeded in C from this many 64-bit words of SeedSequence

    def __init__(self, seed=None):
        if type(self) is BitGenerator:
            raise NotImplementedError('BitGenerator is a base class and cannot be instantized')
        self._seed_seq = seed if isinstance(seed, SeedSequence) else SeedSequence(seed)
        self._s = _bg.new(self._kind)
        self.lock = None
        if self._seed_u64:
            _bg.seed(self._s, _u64_words(self._seed_seq.generate_state(self._seed_u64, 'uint64')), 0)

    def _state_dict(self, inner, **more):
        """numpy's state dictionary: the kind's own part, then the buffered half-word."""
        _, has_uint32, uinteger, _, _ = self._words()
        return builtins.dict({'bit_generator': type(self).__name__, 'state': inner}, **more,
                             has_uint32=has_uint32, uinteger=uinteger)

    @property
    def seed_seq(self):
        return self._seed_seq

    def _words(self):
        return _bg.get(self._s)

    def _set_words(self, words, has_uint32=0, uinteger=0):
        _, _, _, hg, g = _bg.get(self._s)
        _bg.set(self._s, words, builtins.int(has_uint32), builtins.int(uinteger), hg, g)

    def random_raw(self, size=None, output=True):
        shape = _shape(size)
        n = 1 if shape is None else _count(shape)
        t = _bg.raw(self._s, n)
        if not output:
            return None
        if shape is None:
            v = builtins.int(t[0].item())
            return v + (1 << 64) if v < 0 else v
        return _wrap(t.reshape(shape)).astype('uint64')

    def _check_kind(self, value):
        if not isinstance(value, dict):
            raise TypeError('state must be a dict')
        if value.get('bit_generator', '') != type(self).__name__:
            raise ValueError('state must be for a {0} {1}'.format(type(self).__name__, self._state_word))

    @property
    def state(self):
        raise NotImplementedError('Not implemented in base BitGenerator')

    def __getstate__(self):
        return self.state

    def __setstate__(self, state):
        self.state = state


class MT19937(BitGenerator):
    """numpy's MT19937 bit generator (Note [numpy's legacy draws])."""
    _kind = 'MT19937'

    def __init__(self, seed=None):
        BitGenerator.__init__(self, seed)
        words = self._seed_seq._state_words(624)
        words[0] = 0x80000000
        self._set_words(words + [623])

    def _legacy_seeding(self, seed):
        if seed is None:
            words = SeedSequence()._state_words(624)
            words[0] = 0x80000000
            self._set_words(words + [624])
            return
        if isinstance(seed, ndarray) and seed.ndim == 0:
            seed = seed.item()
        try:
            idx = operator.index(seed)
        except TypeError:
            obj = asarray(seed)
            if obj.size == 0:
                raise ValueError('Seed must be non-empty')
            if obj.dtype.kind not in 'biu':
                raise TypeError("Cannot cast array data from dtype('%s') to dtype('int64') according to the rule "
                                "'safe'" % obj.dtype)
            if obj.ndim != 1:
                raise ValueError('Seed array must be 1-d')
            vals = obj.tolist()
            if any(v > 2 ** 32 - 1 or v < 0 for v in vals):
                raise ValueError('Seed must be between 0 and 2**32 - 1')
            _bg.seed(self._s, [builtins.int(v) for v in vals], 0)
            return
        if idx > 2 ** 32 - 1 or idx < 0:
            raise ValueError('Seed must be between 0 and 2**32 - 1')
        _bg.seed(self._s, [idx], 1)

    @property
    def state(self):
        words = self._words()[0]
        return {'bit_generator': 'MT19937', 'state': {'key': array(words[:624], dtype='uint32'), 'pos': words[624]}}

    @state.setter
    def state(self, value):
        if isinstance(value, tuple):
            if value[0] != 'MT19937' or len(value) not in (3, 5):
                raise ValueError('state is not a legacy MT19937 state')
            value = {'bit_generator': 'MT19937', 'state': {'key': value[1], 'pos': value[2]}}
        self._check_kind(value)
        key = [builtins.int(v) & _MASK32 for v in asarray(value['state']['key']).tolist()]
        if len(key) != 624:
            raise ValueError('state must be 624 longs')
        self._set_words(key + [builtins.int(value['state']['pos'])])


class PCG64(BitGenerator):
    """numpy's default bit generator (Note [numpy's PCG64] in lang/numpy/pcg64.c)."""
    _kind = 'PCG64'
    _state_word = 'RNG'
    _seed_u64 = 4

    @property
    def state(self):
        words = self._words()[0]
        st = (words[0] << 96) | (words[1] << 64) | (words[2] << 32) | words[3]
        inc = (words[4] << 96) | (words[5] << 64) | (words[6] << 32) | words[7]
        return self._state_dict({'state': st, 'inc': inc})

    @state.setter
    def state(self, value):
        self._check_kind(value)
        words = _int_words(value['state']['state'], 128) + _int_words(value['state']['inc'], 128)
        self._set_words(words, value['has_uint32'], value['uinteger'])

    def advance(self, delta):
        _bg.advance(self._s, _int_words(delta, 128))
        return self

    def jumped(self, jumps=1):
        g = type(self)()
        g.state = self.state
        g.advance(0x9e3779b97f4a7c15f39cc0605cedc835 * builtins.int(jumps))
        return g


class PCG64DXSM(PCG64):
    """PCG64 with the DXSM output and the cheap multiplier (Note [numpy's PCG64])."""
    _kind = 'PCG64DXSM'


class SFC64(BitGenerator):
    """numpy's SFC64 bit generator (lang/numpy/sfc64.c)."""
    _kind = 'SFC64'
    _state_word = 'RNG'
    _seed_u64 = 3

    @property
    def state(self):
        return self._state_dict({'state': array(_words_u64(self._words()[0]), dtype='uint64')})

    @state.setter
    def state(self, value):
        self._check_kind(value)
        vals = [builtins.int(v) for v in value['state']['state']]
        self._set_words(_u64_words(vals), value['has_uint32'], value['uinteger'])


class Philox(BitGenerator):
    """numpy's Philox4x64-10 bit generator (Note [numpy's Philox] in lang/numpy/philox.c)."""
    _kind = 'Philox'

    def __init__(self, seed=None, counter=None, key=None):
        if seed is not None and key is not None:
            raise ValueError('seed and key cannot be both used')
        BitGenerator.__init__(self, seed)
        if key is not None:
            keys = _words_u64(_int_words(key, 128))[::-1]
            self._seed_seq = None
        else:
            keys = self._seed_seq.generate_state(2, 'uint64').tolist()
        ctr = _words_u64(_int_words(0 if counter is None else counter, 256))[::-1]
        self._set_words(_u64_words(ctr + keys + [0, 0, 0, 0]) + [4])

    @property
    def state(self):
        words = self._words()[0]
        v = array(_words_u64(words[:20]), dtype='uint64')
        return self._state_dict({'counter': v[:4], 'key': v[4:6]}, buffer=v[6:10], buffer_pos=words[20])

    @state.setter
    def state(self, value):
        self._check_kind(value)
        vals = [builtins.int(v) for v in list(value['state']['counter']) + list(value['state']['key']) +
                list(value['buffer'])]
        self._set_words(_u64_words(vals) + [builtins.int(value['buffer_pos'])], value['has_uint32'],
                        value['uinteger'])

    def advance(self, delta):
        _bg.advance(self._s, _int_words(delta, 256))
        # numpy empties the buffer after moving the counter
        words, _, _, _, _ = self._words()
        self._set_words(words[:12] + [0] * 8 + [4])
        return self

    def jumped(self, jumps=1):
        g = Philox()
        g.state = self.state
        g.advance(builtins.int(jumps) * (1 << 128))
        return g


def _gen_gauss(state, n):
    return _r.normal(state, False, n)


def _gen_exponential(state, n):
    return _r.exponential(state, False, n)


class Generator:
    """numpy's Generator over a bit generator."""

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, BitGenerator):
            raise AttributeError("'%s' object has no attribute 'capsule'" % type(bit_generator).__name__)
        self._bit_generator = bit_generator
        self._s = bit_generator._s

    @property
    def bit_generator(self):
        return self._bit_generator

    def __repr__(self):
        return self.__str__() + ' at 0x{:X}'.format(id(self))

    def __str__(self):
        return 'Generator(%s)' % type(self._bit_generator).__name__

    def _fill(self, fill, size, out, name, dtype, fill32=None):
        """numpy's double_fill/float_fill: size draws, or out filled."""
        from numpy._dtypes import _dtype_of
        d = _dtype_of(dtype)
        if d.name == 'float32' and fill32 is None and name != 'random':
            raise TypeError('cgrad: Generator.%s with dtype float32 is not supported yet' % name)
        if d.name not in ('float64', 'float32'):
            raise TypeError('Unsupported dtype %r for %s' % (d, name))
        if d.name == 'float32':
            fill = fill32
        shape = _shape(size)
        if out is not None:
            if not isinstance(out, ndarray):
                raise TypeError('out must be a numpy array')
            if out.dtype != d:
                raise TypeError('Supplied output array has the wrong type. Expected {0}, got {1}'.format(d, out.dtype))
            if shape is not None and shape != out.shape:
                raise ValueError('size must match out.shape when used together')
            out[...] = _wrap(fill(self._s, out.size).reshape(out.shape))
            return out
        if shape is None:
            return builtins.float(fill(self._s, 1)[0].item())
        return _wrap(fill(self._s, _count(shape)).reshape(shape))

    def random(self, size=None, dtype='float64', out=None):
        return self._fill(_r.doubles, size, out, 'random', dtype, _r.floats)

    def standard_normal(self, size=None, dtype='float64', out=None):
        return self._fill(_gen_gauss, size, out, 'standard_normal', dtype)

    def standard_exponential(self, size=None, dtype='float64', method='zig', out=None):
        if method == 'zig':
            return self._fill(_gen_exponential, size, out, 'standard_exponential', dtype)
        return self._fill(lambda s, n: _r.draw(s, False, _EXP_INV, n, 0.0, 0.0, 0.0), size, out, 'standard_exponential',
                          dtype)

    def normal(self, loc=0.0, scale=1.0, size=None):
        la = asarray(loc).astype('float64')
        sa = asarray(scale).astype('float64')
        if builtins.bool(asarray(_uf.less(sa, 0)).any()):
            raise ValueError('scale < 0')
        shape = _shape(size)
        if shape is None and la.ndim == 0 and sa.ndim == 0:
            return builtins.float(la.item() + sa.item() * _gen_gauss(self._s, 1)[0].item())
        if shape is None:
            from numpy._funcs import broadcast_shapes
            shape = broadcast_shapes(la.shape, sa.shape)
        g = _wrap(_gen_gauss(self._s, _count(shape)).reshape(shape))
        return _uf.add(la, _uf.multiply(sa, g))

    def exponential(self, scale=1.0, size=None):
        sa = asarray(scale).astype('float64')
        if builtins.bool(asarray(_uf.less(sa, 0)).any()):
            raise ValueError('scale < 0')
        shape = _shape(size)
        if shape is None and sa.ndim == 0:
            return builtins.float(sa.item() * _gen_exponential(self._s, 1)[0].item())
        if shape is None:
            shape = sa.shape
        return _uf.multiply(sa, _wrap(_gen_exponential(self._s, _count(shape)).reshape(shape)))

    def uniform(self, low=0.0, high=1.0, size=None):
        lo = asarray(low).astype('float64')
        hi = asarray(high).astype('float64')
        rng = _uf.subtract(hi, lo)
        if not builtins.bool(asarray(_uf.isfinite(rng)).all()):
            raise OverflowError('Range exceeds valid bounds')
        shape = _shape(size)
        if shape is None and lo.ndim == 0 and hi.ndim == 0:
            return builtins.float(lo.item() + builtins.float(rng) * _r.doubles(self._s, 1)[0].item())
        if shape is None:
            from numpy._funcs import broadcast_shapes
            shape = broadcast_shapes(lo.shape, hi.shape)
        u = _wrap(_r.doubles(self._s, _count(shape)).reshape(shape))
        return _uf.add(lo, _uf.multiply(rng, u))

    def integers(self, low, high=None, size=None, dtype='int64', endpoint=False):
        from numpy._dtypes import _dtype_of, _int_range
        d = _dtype_of(dtype)
        if d.kind not in 'iu' or d.itemsize not in (4, 8):
            raise TypeError('cgrad: integers with dtype %s is not supported yet' % d)
        if high is None:
            high = low
            low = 0
        low = builtins.int(low)
        high = builtins.int(high)
        lo, hi = _int_range(d)
        top = high if endpoint else high - 1
        if low < lo:
            raise ValueError('low is out of bounds for %s' % d)
        if top > hi:
            raise ValueError('high is out of bounds for %s' % d)
        if low > top:
            raise ValueError('low > high' if endpoint else 'low >= high')
        shape = _shape(size)
        n = 1 if shape is None else _count(shape)
        t = _r.bounded(self._s, True, n, low, top - low)
        if shape is None:
            return d.type(t[0].item())
        r = _wrap(t.reshape(shape))
        return r if d.itemsize == 8 else r.astype(d)

    def permutation(self, x, axis=0):
        if isinstance(x, builtins.int):
            arr = arange(x)
            self.shuffle(arr)
            return arr
        arr = asarray(x)
        if arr.ndim < 1:
            raise IndexError('x must be an integer or at least 1-dimensional')
        idx = self._perm(arr.shape[axis])
        from numpy._funcs import take
        return take(arr, idx, axis)

    def _perm(self, n):
        return _r.permutation(self._s, n).tolist()

    def shuffle(self, x, axis=0):
        if isinstance(x, ndarray):
            idx = self._perm(x.shape[axis])
            from numpy._funcs import take
            x[...] = take(x, idx, axis)
            return
        idx = self._perm(len(x))
        old = list(x)
        for k, j in enumerate(idx):
            x[k] = old[j]

    # ---- the other distributions (Note [numpy's distributions]) ------------------------------
    def _dist(self, kind, size, params, checks, integer=False):
        return _dist(self._s, False, kind, size, params, checks, integer)

    def standard_gamma(self, shape, size=None, dtype='float64', out=None):
        return self._dist(_STD_GAMMA, size, (shape,), (('shape', 'nonneg'),))

    def gamma(self, shape, scale=1.0, size=None):
        g = self._dist(_STD_GAMMA, size, (shape, scale), (('shape', 'nonneg'), ('scale', 'nonneg')))
        return _uf.multiply(scale, g) if isinstance(g, ndarray) else builtins.float(scale) * g

    def beta(self, a, b, size=None):
        return self._dist(_BETA, size, (a, b), (('a', 'pos'), ('b', 'pos')))

    def chisquare(self, df, size=None):
        return self._dist(_CHISQUARE, size, (df,), (('df', 'pos'),))

    def f(self, dfnum, dfden, size=None):
        return self._dist(_F, size, (dfnum, dfden), (('dfnum', 'pos'), ('dfden', 'pos')))

    def noncentral_chisquare(self, df, nonc, size=None):
        return self._dist(_NONCENTRAL_CHISQ, size, (df, nonc), (('df', 'pos'), ('nonc', 'nonneg')))

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        return self._dist(_NONCENTRAL_F, size, (dfnum, dfden, nonc), (('dfnum', 'pos'), ('dfden', 'pos'), ('nonc', 'nonneg')))

    def standard_cauchy(self, size=None):
        return self._dist(_CAUCHY, size, (), ())

    def standard_t(self, df, size=None):
        return self._dist(_STD_T, size, (df,), (('df', 'pos'),))

    def vonmises(self, mu, kappa, size=None):
        return self._dist(_VONMISES, size, (mu, kappa), (None, ('kappa', 'nonneg')))

    def pareto(self, a, size=None):
        return self._dist(_PARETO, size, (a,), (('a', 'pos'),))

    def weibull(self, a, size=None):
        return self._dist(_WEIBULL, size, (a,), (('a', 'nonneg'),))

    def power(self, a, size=None):
        return self._dist(_POWER, size, (a,), (('a', 'pos'),))

    def laplace(self, loc=0.0, scale=1.0, size=None):
        return self._dist(_LAPLACE, size, (loc, scale), (None, ('scale', 'nonneg')))

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        return self._dist(_GUMBEL, size, (loc, scale), (None, ('scale', 'nonneg')))

    def logistic(self, loc=0.0, scale=1.0, size=None):
        return self._dist(_LOGISTIC, size, (loc, scale), (None, ('scale', 'nonneg')))

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        return self._dist(_LOGNORMAL, size, (mean, sigma), (None, ('sigma', 'nonneg')))

    def rayleigh(self, scale=1.0, size=None):
        return self._dist(_RAYLEIGH, size, (scale,), (('scale', 'nonneg'),))

    def wald(self, mean, scale, size=None):
        return self._dist(_WALD, size, (mean, scale), (('mean', 'pos'), ('scale', 'pos')))

    def triangular(self, left, mode, right, size=None):
        lf, md, rt = (asarray(v).astype('float64') for v in (left, mode, right))
        for bad, msg in ((_uf.greater(lf, md), 'left > mode'), (_uf.greater(md, rt), 'mode > right'),
                         (_uf.equal(lf, rt), 'left == right')):
            if builtins.bool(asarray(bad).any()):
                raise ValueError(msg)
        return self._dist(_TRIANGULAR, size, (lf, md, rt), ())

    def binomial(self, n, p, size=None):
        pa = asarray(p).astype('float64')
        na = asarray(n).astype('int64')
        scalar = pa.ndim == 0 and na.ndim == 0
        _constraint(pa, 'p', 'bounded01', scalar)
        _constraint(na, 'n', 'nonneg', scalar)
        return self._dist(_BINOMIAL, size, (na, pa), (), integer=True)

    def negative_binomial(self, n, p, size=None):
        na = asarray(n).astype('float64')
        pa = asarray(p).astype('float64')
        scalar = na.ndim == 0 and pa.ndim == 0
        _constraint(na, 'n', 'posnotnan', scalar)
        _constraint(pa, 'p', 'gt0le1', scalar)
        max_lam = _uf.multiply(_uf.true_divide(_uf.subtract(1, pa), pa), _uf.add(na, _uf.multiply(10, _uf.sqrt(na))))
        if builtins.bool(asarray(_uf.greater(max_lam, _POISSON_LAM_MAX)).any()):
            raise ValueError('n too large or p too small, see Generator.negative_binomial Notes')
        return self._dist(_NEGBIN, size, (na, pa), (), integer=True)

    def poisson(self, lam=1.0, size=None):
        return self._dist(_POISSON, size, (lam,), (('lam', 'poisson'),), integer=True)

    def zipf(self, a, size=None):
        return self._dist(_ZIPF, size, (a,), (('a', 'gt1'),), integer=True)

    def geometric(self, p, size=None):
        return self._dist(_GEOMETRIC, size, (p,), (('p', 'gt0le1'),), integer=True)

    def logseries(self, p, size=None):
        return self._dist(_LOGSERIES, size, (p,), (('p', 'lt01'),), integer=True)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        ints = [asarray(v).astype('int64') for v in (ngood, nbad, nsample)]
        if builtins.bool(asarray(_uf.greater_equal(ints[0], 10 ** 9)).any()) or \
                builtins.bool(asarray(_uf.greater_equal(ints[1], 10 ** 9)).any()):
            raise ValueError('both ngood and nbad must be less than %d' % 10 ** 9)
        if builtins.bool(asarray(_uf.less(_uf.add(ints[0], ints[1]), ints[2])).any()):
            raise ValueError('ngood + nbad < nsample')
        return self._dist(_HYPERGEOMETRIC, size, ints, (('ngood', 'nonneg'), ('nbad', 'nonneg'), ('nsample', 'nonneg')),
                          integer=True)

    def bytes(self, length):
        n = (length - 1) // 4 + 1 if length > 0 else 0
        words = _r.words(self._s, n).tolist() if n else []
        return b''.join(w.to_bytes(4, 'little') for w in words)[:length]

    def multinomial(self, n, pvals, size=None):
        pv = asarray(pvals).astype('float64')
        d = pv.shape[-1] if pv.ndim >= 1 else 0
        if d == 0:
            raise ValueError('pvals must have at least 1 dimension and the last dimension of pvals must be greater '
                             'than 0.')
        _constraint(pv, 'pvals', 'bounded01', False)
        rows = pv.reshape(-1, d).tolist()
        for row in rows:
            if _kahan(row[:-1]) > 1.0 + 1e-12:
                raise ValueError('sum(pvals%s) > 1.0' % ('[:-1]' if pv.ndim == 1 else '[...,:-1]'))
        na = asarray(n).astype('int64')
        from numpy._funcs import broadcast_shapes, broadcast_to
        if na.ndim == 0 and pv.ndim == 1:
            shape = () if size is None else _shape(size)
            ns = [builtins.int(na.item())] * _count(shape)
            prow = [0] * len(ns)
        else:
            _constraint(na, 'n', 'nonneg', False)
            base = broadcast_shapes(na.shape, pv.shape[:-1])
            if size is not None:
                shape = _shape(size)
                if broadcast_shapes(base, shape) != shape:
                    raise ValueError('Output size %s is not compatible with broadcast dimensions of inputs %s.'
                                     % (shape, broadcast_shapes(base, shape)))
            else:
                shape = base
            ns = broadcast_to(na, shape).ravel().tolist()
            prow = broadcast_to(arange(len(rows)).reshape(pv.shape[:-1]), shape).ravel().tolist()
        out = [self._multinomial_row(k, rows[r]) for k, r in zip(ns, prow)]
        return array(out, dtype='int64').reshape(tuple(shape) + (d,))

    def _multinomial_row(self, n, pv):
        """numpy's random_multinomial: a binomial per category on what is left."""
        row = [0] * len(pv)
        remaining = 1.0
        dn = n
        for j in range(len(pv) - 1):
            row[j] = builtins.int(_r.draw(self._s, False, _BINOMIAL, 1, builtins.float(dn), pv[j] / remaining, 0.0)[0].item())
            dn -= row[j]
            if dn <= 0:
                break
            remaining -= pv[j]
        if dn > 0:
            row[-1] = dn
        return row

    def multivariate_hypergeometric(self, colors, nsample, size=None, method='marginals'):
        int64_max = 2 ** 63 - 1
        if method not in ('count', 'marginals'):
            raise ValueError('method must be "count" or "marginals".')
        try:
            operator.index(nsample)
        except TypeError:
            raise ValueError('nsample must be an integer')
        if nsample < 0:
            raise ValueError('nsample must be nonnegative.')
        col = asarray(colors)
        if col.ndim != 1 or col.size > 0 and col.dtype.kind not in 'iu' or \
                builtins.bool(asarray(_uf.less(col, 0)).any()):
            raise ValueError('colors must be a one-dimensional sequence of nonnegative integers not exceeding %d.'
                             % int64_max)
        cols = [builtins.int(c) for c in col.tolist()]
        total = builtins.sum(cols)
        if total > int64_max:
            raise ValueError('sum(colors) must not exceed the maximum value of a 64 bit signed integer (%d)'
                             % int64_max)
        if method == 'marginals' and total >= 1000000000:
            raise ValueError('When method is "marginals", sum(colors) must be less than 1000000000.')
        if method == 'count' and total > int64_max // 8:
            raise ValueError("When method is 'count', sum(colors) must not exceed %d" % (int64_max // 8))
        if nsample > total:
            raise ValueError('nsample > sum(colors)')
        k = len(cols)
        shape = (k,) if size is None else _shape(size) + (k,)
        count = _count(shape) // k if k else 0
        out = [[0] * k for _ in range(count)]
        if k == 0 or total == 0 or nsample == 0 or count == 0:
            return array(out, dtype='int64').reshape(shape)
        half = nsample > total // 2
        n = total - nsample if half else nsample
        if method == 'count':
            # the first n of a partial Fisher-Yates shuffle of the balls,
            # the shuffle going on from where the last variate left it
            choices = [i for i, c in enumerate(cols) for _ in range(c)]
            for row in out:
                for j in range(n):
                    kk = j + builtins.int(_r.bounded(self._s, False, 1, 0, total - j - 1)[0].item())
                    choices[kk], choices[j] = choices[j], choices[kk]
                for j in range(n):
                    row[choices[j]] += 1
        else:
            # a hypergeometric per color on what is left (numpy's marginals)
            for row in out:
                todo = n
                remaining = total
                for j in range(k - 1):
                    if todo <= 0:
                        break
                    remaining -= cols[j]
                    r = builtins.int(_r.draw(self._s, False, _HYPERGEOMETRIC, 1, builtins.float(cols[j]),
                                             builtins.float(remaining), builtins.float(todo))[0].item())
                    row[j] = r
                    todo -= r
                if todo > 0:
                    row[k - 1] = todo
        if half:
            out = [[c - v for c, v in zip(cols, row)] for row in out]
        return array(out, dtype='int64').reshape(shape)

    def dirichlet(self, alpha, size=None):
        al = asarray(alpha).astype('float64')
        if al.ndim != 1:
            raise ValueError('object too deep for desired array' if al.ndim > 1 else
                             'object of too small depth for desired array')
        k = al.shape[0]
        if builtins.bool(asarray(_uf.less_equal(al, 0)).any()):
            raise ValueError('alpha <= 0')
        shape = (k,) if size is None else _shape(size) + (k,)
        count = _count(shape) // k if k else 0
        alist = al.tolist()
        out = []
        if k > 0 and builtins.max(alist) < 0.1:
            # small alphas: stick breaking by betas, as numpy does to avoid underflow
            csum = [0.0] * k
            acc = 0.0
            for j in range(k - 1, -1, -1):
                acc += alist[j]
                csum[j] = acc
            for _ in range(count):
                row = []
                acc = 1.
                for j in range(k - 1):
                    v = _r.draw(self._s, False, _BETA, 1, alist[j], csum[j + 1], 0.0)[0].item()
                    row.append(acc * v)
                    acc *= (1. - v)
                row.append(acc)
                out.append(row)
        else:
            for _ in range(count):
                vals = _r.draw(self._s, False, _STD_GAMMA, k, al._t.contiguous(), 0.0, 0.0).tolist()
                acc = 0.
                for v in vals:
                    acc = acc + v
                inv = 1. / acc
                out.append([v * inv for v in vals])
        return array(out, dtype='float64').reshape(shape)

    def multivariate_normal(self, mean, cov, size=None, check_valid='warn', tol=1e-8, *, method='svd'):
        return _multivariate_normal(self, mean, cov, size, check_valid, tol, method, False)

    def permuted(self, x, *, axis=None, out=None):
        arr = asarray(x)
        if out is None:
            out = arr.copy()
        else:
            if not isinstance(out, ndarray):
                raise TypeError('out must be a numpy array')
            if out.shape != arr.shape:
                raise ValueError('out must have the same shape as x')
            out[...] = arr
        if axis is None:
            if out.ndim == 0:
                return out
            flat = out.reshape(-1)
            out[...] = flat[_r.permutation(self._s, flat.shape[0]).tolist()].reshape(out.shape)
            return out
        from numpy._funcs import moveaxis
        from numpy._exceptions import AxisError
        if not -out.ndim <= axis < out.ndim:
            raise AxisError(axis, out.ndim)
        ax = axis % out.ndim
        moved = moveaxis(out, ax, -1)
        n = moved.shape[-1]
        rows = moved.reshape(-1, n).copy()
        for i in range(rows.shape[0]):
            rows[i] = rows[i][_r.permutation(self._s, n, 0).tolist()]
        moved[...] = rows.reshape(moved.shape)
        return out

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        import math
        if isinstance(a, builtins.int):
            pop = a
            arr = None
        else:
            arr = asarray(a)
            if arr.ndim == 0:
                raise ValueError('a must be a sequence or an integer, not %s' % type(a))
            pop = arr.shape[axis]
        shape = _shape(size)
        n = 1 if shape is None else _count(shape)
        if pop <= 0 and n != 0:
            raise ValueError('a cannot be empty unless no samples are taken' if arr is not None else
                             'a must be a positive integer unless no samples are taken')
        if p is not None:
            pa = asarray(p).astype('float64')
            if pa.ndim != 1:
                raise ValueError('p must be 1-dimensional')
            if pa.size != pop:
                raise ValueError('a and p must have same size')
            p_sum = _kahan(pa.tolist())
            if p_sum != p_sum:
                raise ValueError('Probabilities contain NaN')
            if builtins.bool(asarray(_uf.less(pa, 0)).any()):
                raise ValueError('Probabilities are not non-negative')
            if builtins.abs(p_sum - 1.) > math.sqrt(2.220446049250313e-16):
                raise ValueError('Probabilities do not sum to 1. See Notes section of docstring for more '
                                 'information.')
        from numpy._reduce import cumsum
        from numpy._more import searchsorted
        if replace:
            if p is not None:
                cdf = cumsum(pa)
                cdf = _uf.true_divide(cdf, cdf[-1])
                idx = searchsorted(cdf, self.random(shape), side='right')
            else:
                idx = self.integers(0, pop, size=shape)
        else:
            if n > pop:
                raise ValueError("Cannot take a larger sample than population when replace is False")
            if p is not None:
                if builtins.int(asarray(_uf.greater(pa, 0)).sum()) < n:
                    raise ValueError('Fewer non-zero entries in p than size')
                from numpy._funcs import unique
                found = []
                pw = pa.copy()
                while len(found) < n:
                    x = self.random((n - len(found),))
                    if found:
                        pw[array(found, dtype='int64')] = 0
                    cdf = cumsum(pw)
                    cdf = _uf.true_divide(cdf, cdf[-1])
                    new = asarray(searchsorted(cdf, x, side='right'))
                    _, ui = unique(new, return_index=True)
                    found.extend(new.tolist()[i] for i in sorted(ui.tolist()))
                idx = array(found, dtype='int64')
            else:
                cutoff = 50 if shuffle else 20
                if pop > 10000 and n > pop // cutoff:
                    # the tail of a partial Fisher-Yates shuffle of arange(pop)
                    perm = _r.permutation(self._s, pop, builtins.max(pop - n, 1), True)
                    idx = _wrap(perm[pop - n:].clone())
                else:
                    # Floyd's algorithm: j from pop - n to pop - 1 draws a value
                    # in [0, j], taking j itself when the value was drawn before
                    seen = set()
                    picks = []
                    for j in range(pop - n, pop):
                        val = builtins.int(_r.bounded(self._s, True, 1, 0, j)[0].item())
                        if val in seen:
                            val = j
                        seen.add(val)
                        picks.append(val)
                    if shuffle and picks:
                        perm = _r.permutation(self._s, len(picks), 1, True).tolist()
                        picks = [picks[k] for k in perm]
                    idx = array(picks, dtype='int64')
            if shape is not None:
                idx = idx.reshape(shape)
        if shape is None and isinstance(idx, ndarray):
            idx = idx.item(0)
        if arr is None:
            return idx
        from numpy._funcs import take
        if shape is None:
            return take(arr, builtins.int(idx), axis)
        return take(arr, idx, axis)


def default_rng(seed=None):
    """A Generator over PCG64, seeded as numpy seeds it."""
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(PCG64(seed))


SeedSequence.__module__ = 'numpy.random'
PCG64.__module__ = 'numpy.random'
Generator.__module__ = 'numpy.random'


_rand = RandomState()
seed = _rand.seed
get_state = _rand.get_state
set_state = _rand.set_state
random_sample = _rand.random_sample
random = _rand.random
ranf = _rand.ranf
sample = _rand.sample
rand = _rand.rand
randn = _rand.randn
standard_normal = _rand.standard_normal
standard_exponential = _rand.standard_exponential
normal = _rand.normal
uniform = _rand.uniform
exponential = _rand.exponential
randint = _rand.randint
random_integers = _rand.random_integers
poisson = _rand.poisson
bytes = _rand.bytes
permutation = _rand.permutation
lognormal = _rand.lognormal
laplace = _rand.laplace
logistic = _rand.logistic
gumbel = _rand.gumbel
weibull = _rand.weibull
pareto = _rand.pareto
power = _rand.power
standard_cauchy = _rand.standard_cauchy
triangular = _rand.triangular
standard_gamma = _rand.standard_gamma
gamma = _rand.gamma
beta = _rand.beta
chisquare = _rand.chisquare
f = _rand.f
standard_t = _rand.standard_t
wald = _rand.wald
geometric = _rand.geometric
binomial = _rand.binomial
negative_binomial = _rand.negative_binomial
rayleigh = _rand.rayleigh
noncentral_chisquare = _rand.noncentral_chisquare
noncentral_f = _rand.noncentral_f
vonmises = _rand.vonmises
zipf = _rand.zipf
logseries = _rand.logseries
hypergeometric = _rand.hypergeometric
multinomial = _rand.multinomial
dirichlet = _rand.dirichlet
multivariate_normal = _rand.multivariate_normal
shuffle = _rand.shuffle
choice = _rand.choice


def get_bit_generator():
    """The bit generator under np.random's functions (the shared RandomState's)."""
    return _rand._bit_generator


def set_bit_generator(bitgen):
    """Puts bitgen under np.random's functions."""
    _rand._initialize_bit_generator(bitgen)


for _cls in (RandomState, BitGenerator, MT19937, PCG64, PCG64DXSM, SFC64, Philox):
    _cls.__module__ = 'numpy.random'


def _submodule(name, names):
    """numpy.random's submodules mtrand and bit_generator, holding the names
    numpy keeps there, importable as numpy.random.<name>."""
    import sys
    import types
    m = types.ModuleType('numpy.random.' + name)
    for n in names:
        setattr(m, n, globals()[n])
    sys.modules['numpy.random.' + name] = m
    return m


mtrand = _submodule('mtrand', ['RandomState', 'seed', 'get_state', 'set_state', 'rand', 'randn', 'randint',
                               'random_sample', 'sample', 'ranf', 'choice', 'shuffle', 'permutation',
                               'get_bit_generator', 'set_bit_generator'])
bit_generator = _submodule('bit_generator', ['BitGenerator', 'SeedSequence'])
