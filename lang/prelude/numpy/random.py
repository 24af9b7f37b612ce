# numpy/random.py: numpy.random's legacy API, RandomState and the
# module-level functions over one shared RandomState (np.random.seed,
# rand, randn, randint, choice, shuffle, ...), drawing numpy 1.24's numbers
# for the same seed: the generator and the draws are C (numpy._mt19937,
# Note [numpy's legacy draws] in lang/numpy/mt19937.c); the arguments,
# shapes, broadcasting and errors are numpy's, here.
import builtins
import operator
import os
import torch
import numpy._mt19937 as _mt
from numpy._ndarray import ndarray, _wrap
from numpy._creation import asarray, array, arange
import numpy._ufunc as _uf

__all__ = ['RandomState', 'seed', 'get_state', 'set_state', 'random_sample', 'random', 'ranf', 'sample', 'rand',
           'randn', 'standard_normal', 'normal', 'uniform', 'randint', 'random_integers', 'choice', 'shuffle',
           'permutation', 'exponential', 'standard_exponential', 'poisson', 'bytes']


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


class RandomState:
    """numpy's legacy random generator (MT19937)."""

    def __init__(self, seed=None):
        self._state = _mt.new()
        self.seed(seed)

    def __repr__(self):
        return 'RandomState(MT19937)'

    def seed(self, seed=None):
        if seed is None:
            words = [builtins.int.from_bytes(os.urandom(4), 'little') for _ in range(624)]
            _mt.seed(self._state, words)
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
            _mt.seed(self._state, [builtins.int(v) for v in vals])
            return
        if idx > 2 ** 32 - 1 or idx < 0:
            raise ValueError('Seed must be between 0 and 2**32 - 1')
        _mt.seed(self._state, idx)

    def get_state(self, legacy=True):
        keys, pos, has_gauss, gauss = _mt.get(self._state)
        key = array(keys, dtype='int64')
        if legacy:
            return ('MT19937', key, pos, has_gauss, gauss)
        return {'bit_generator': 'MT19937', 'state': {'key': key, 'pos': pos}, 'has_gauss': has_gauss,
                'gauss': gauss}

    def set_state(self, state):
        if isinstance(state, dict):
            if 'bit_generator' not in state or 'state' not in state:
                raise ValueError('state dictionary is not valid.')
            keys = state['state']['key']
            pos = state['state']['pos']
            has_gauss = state.get('has_gauss', 0)
            gauss = state.get('gauss', 0.0)
        else:
            if not isinstance(state, (tuple, list)):
                raise TypeError('state must be a dict or a tuple.')
            if state[0] != 'MT19937':
                raise ValueError('set_state can only be used with legacy MT19937 state instances.')
            keys, pos = state[1], state[2]
            has_gauss, gauss = (state[3], state[4]) if len(state) > 3 else (0, 0.0)
        keys = [builtins.int(v) for v in asarray(keys).tolist()]
        _mt.set(self._state, keys, builtins.int(pos), builtins.int(has_gauss), builtins.float(gauss))

    # ---- floats ------------------------------------------------------------------
    def random_sample(self, size=None):
        return _doubles(self._state, size, _mt.doubles)

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
        return _doubles(self._state, size, _mt.gauss)

    def standard_exponential(self, size=None):
        return _doubles(self._state, size, _mt.exponential)

    def _scaled(self, fill, size, loc, scale, check_name):
        la = asarray(loc).astype('float64')
        sa = asarray(scale).astype('float64')
        if builtins.bool(asarray(_uf.less(sa, 0)).any()):
            raise ValueError(check_name + ' < 0')
        shape = _shape(size)
        if shape is None and la.ndim == 0 and sa.ndim == 0:
            v = fill(self._state, 1)[0].item()
            return builtins.float(la.item() + sa.item() * v) if fill is _mt.gauss else \
                builtins.float(sa.item() * v)
        if shape is None:
            from numpy._funcs import broadcast_shapes
            shape = broadcast_shapes(la.shape, sa.shape)
        g = _wrap(fill(self._state, _count(shape)).reshape(shape))
        if fill is _mt.gauss:
            return _uf.add(la, _uf.multiply(sa, g))
        return _uf.multiply(sa, g)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return self._scaled(_mt.gauss, size, loc, scale, 'scale')

    def exponential(self, scale=1.0, size=None):
        return self._scaled(_mt.exponential, size, 0.0, scale, 'scale')

    def uniform(self, low=0.0, high=1.0, size=None):
        lo = asarray(low).astype('float64')
        hi = asarray(high).astype('float64')
        rng = _uf.subtract(hi, lo)
        if not builtins.bool(asarray(_uf.isfinite(rng)).all()):
            raise OverflowError('Range exceeds valid bounds')
        shape = _shape(size)
        if shape is None and lo.ndim == 0 and hi.ndim == 0:
            return builtins.float(lo.item() + builtins.float(rng) * _mt.doubles(self._state, 1)[0].item())
        if shape is None:
            from numpy._funcs import broadcast_shapes
            shape = broadcast_shapes(lo.shape, hi.shape)
        u = _wrap(_mt.doubles(self._state, _count(shape)).reshape(shape))
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
        t = _mt.bounded(self._state, low, rng, n)
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
        shape = _shape(size)
        if la.ndim == 0:
            n = 1 if shape is None else _count(shape)
            t = _mt.poisson(self._state, builtins.float(la.item()), n)
            return builtins.int(t[0].item()) if shape is None else _wrap(t.reshape(shape))
        if shape is None:
            shape = la.shape
        from numpy._funcs import broadcast_to
        lams = broadcast_to(la, shape).ravel().tolist()
        vals = [_mt.poisson(self._state, v, 1)[0].item() for v in lams]
        return array(vals, dtype='int64').reshape(shape)

    def bytes(self, length):
        n = (length - 1) // 4 + 1 if length > 0 else 0
        words = _mt.words(self._state, n).tolist() if n else []
        return b''.join(w.to_bytes(4, 'little') for w in words)[:length]

    # ---- permutations ------------------------------------------------------------------
    def permutation(self, x):
        if isinstance(x, (builtins.int,)) or isinstance(x, (ndarray,)) and x.ndim == 0 and x.dtype.kind in 'iu':
            return _wrap(_mt.permutation(self._state, builtins.int(x)))
        arr = asarray(x)
        if arr.ndim < 1:
            raise IndexError('x must be an integer or at least 1-dimensional')
        idx = _mt.permutation(self._state, arr.shape[0])
        return _wrap(arr._t[idx].clone())

    def shuffle(self, x):
        if isinstance(x, ndarray):
            if x.ndim == 0:
                raise TypeError('len() of unsized object')
            n = x.shape[0]
            if n <= 1:
                return
            idx = _mt.permutation(self._state, n)
            x._t.copy_(x._t[idx].clone())
            return
        n = len(x)
        if n <= 1:
            return
        idx = _mt.permutation(self._state, n).tolist()
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


def _kahan(vals):
    s = 0.0
    c = 0.0
    for v in vals:
        y = v - c
        t = s + y
        c = (t - s) - y
        s = t
    return s


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
shuffle = _rand.shuffle
choice = _rand.choice
RandomState.__module__ = 'numpy.random'
