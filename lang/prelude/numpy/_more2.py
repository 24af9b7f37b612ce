# numpy/_more2.py: more of numpy's namespace: the math ufuncs the engine
# has no kernel for yet (computed element by element with the C library's
# functions), index tricks (mgrid, ogrid, r_, c_, s_, ix_), einsum and
# tensordot, insert/delete, splitting, take_along_axis, partition, the
# triangle index helpers, windows, trapz, dtype predicates, numpy's
# constants.
import builtins
import math
import torch
from numpy._dtypes import dtype, generic, _dtype_of, _engine, _BY_NAME, promote_types, number, integer, \
    signedinteger, unsignedinteger, inexact, floating, complexfloating, bool_, _SCALAR_TYPES
from numpy._ndarray import ndarray, _wrap, _scalar, _norm_axis, _shape_arg
from numpy._creation import asarray, array, zeros, ones, arange, linspace, empty
import numpy._ufunc as _uf
from numpy._ufunc import ufunc, _to_float, _same, _integral, _no_bool
from numpy._funcs import concatenate, array_split, split, sort, argsort, broadcast_arrays, take, stack
from numpy._reduce import sum as _sum


# ---- math through the C library ----------------------------------------------

def _elementwise(fn, out_float=True):
    def run(*ts):
        t0 = ts[0]
        from numpy._funcs import broadcast_shapes
        shape = broadcast_shapes(*[tuple(t.shape) for t in ts]) if len(ts) > 1 else tuple(t0.shape)
        lists = [t.expand(shape).reshape(-1).tolist() for t in ts]
        vals = [fn(*v) for v in zip(*lists)]
        return torch.tensor(vals, dtype=t0.dtype).reshape(shape) if vals else torch.empty(shape, dtype=t0.dtype)
    return run


def _safe(f):
    def g(*a):
        try:
            return f(*a)
        except (ValueError, ZeroDivisionError):
            return float('nan')
        except OverflowError:
            return float('inf')
    return g


def _f(name, f):
    return ufunc(name, 1, _to_float, _elementwise(_safe(f)), None)


def _acosh(x):
    return math.acosh(x) if x >= 1 else float('nan')


def _atanh(x):
    if x == 1:
        return float('inf')
    if x == -1:
        return float('-inf')
    return math.atanh(x) if -1 < x < 1 else float('nan')


def _log_base(b):
    def f(x):
        if x == 0:
            return float('-inf')
        if x < 0 or x != x:
            return float('nan')
        if x == float('inf'):
            return x
        return math.log2(x) if b == 2 else math.log10(x)
    return f


def _exp_over(f):
    def g(x):
        try:
            return f(x)
        except OverflowError:
            return float('inf')
    return g


arcsin = _f('arcsin', math.asin)
arccos = _f('arccos', math.acos)
arctan = _f('arctan', math.atan)
arcsinh = _f('arcsinh', math.asinh)
arccosh = _f('arccosh', _acosh)
arctanh = _f('arctanh', _atanh)
sinh = _f('sinh', _exp_over(math.sinh))
cosh = _f('cosh', _exp_over(math.cosh))
tan = _f('tan', math.tan)
exp2 = _f('exp2', _exp_over(lambda x: 2.0 ** x))
expm1 = _f('expm1', _exp_over(math.expm1))
log2 = _f('log2', _log_base(2))
log10 = _f('log10', _log_base(10))
cbrt = _f('cbrt', lambda x: math.copysign(builtins.abs(x) ** (1.0 / 3.0), x) if x == x else x)
fabs = _f('fabs', math.fabs)


def _f2(name, f):
    return ufunc(name, 2, _to_float, _elementwise(_safe(f)), None)


arctan2 = _f2('arctan2', math.atan2)
hypot = _f2('hypot', math.hypot)
copysign = _f2('copysign', math.copysign)
fmod = ufunc('fmod', 2, _no_bool, lambda a, b: torch.fmod(a, b) if hasattr(torch, 'fmod') else
             _elementwise(_safe(lambda x, y: math.fmod(x, y) if isinstance(x, builtins.float) else
                                (builtins.int(math.fmod(x, y)) if y else 0)))(a, b), None)
float_power = ufunc('float_power', 2, lambda c, o, n: (_BY_NAME['float64'], None), torch.pow, None)
nextafter = _f2('nextafter', math.nextafter)
heaviside = _f2('heaviside', lambda x, h: (0.0 if x < 0 else 1.0 if x > 0 else h) if x == x else x)


def _logaddexp(x, y):
    if x == y:
        return x + math.log(2.0)
    m = builtins.max(x, y)
    return m + math.log1p(math.exp(-builtins.abs(x - y)))


def _logaddexp2(x, y):
    if x == y:
        return x + 1.0
    m = builtins.max(x, y)
    return m + math.log1p(2.0 ** (-builtins.abs(x - y))) / math.log(2.0)


logaddexp = _f2('logaddexp', _logaddexp)
logaddexp2 = _f2('logaddexp2', _logaddexp2)
ldexp = ufunc('ldexp', 2, lambda c, o, n: (promote_types(o[0].d, _BY_NAME['float16']) if o[0].d.kind != 'f'
                                             else o[0].d, None),
              _elementwise(lambda x, e: math.ldexp(x, builtins.int(e))), None)
spacing = _f('spacing', lambda x: math.ulp(x) if x >= 0 else -math.ulp(x))
sinc = _f('sinc', lambda x: 1.0 if x == 0 else math.sin(math.pi * x) / (math.pi * x))


def _int2(name, f):
    return ufunc(name, 2, _integral, _elementwise(f), None)


gcd = _int2('gcd', math.gcd)
lcm = _int2('lcm', math.lcm)
left_shift = _int2('left_shift', lambda a, b: a << b)
right_shift = _int2('right_shift', lambda a, b: a >> b)


def _bessel_i0(v):
    """The modified Bessel function I0 by its power series."""
    s, term, k = 1.0, 1.0, 1
    while True:
        term *= (v / 2.0) ** 2 / (k * k)
        s += term
        if term < 1e-17 * s:
            return s
        k += 1


def i0(x):
    return _uf.ufunc('i0', 1, _to_float, _elementwise(_bessel_i0), None)(x)


def frexp(x, out=None):
    a = asarray(x).astype(promote_types(asarray(x).dtype, _BY_NAME['float16']))
    vals = [math.frexp(v) for v in a.ravel().tolist()]
    m = array([v[0] for v in vals], dtype=a.dtype).reshape(a.shape)
    e = array([v[1] for v in vals], dtype='int32').reshape(a.shape)
    return (m, e) if a.ndim else (_scalar(m.item(), a.dtype), _scalar(e.item(), _BY_NAME['int32']))


def modf(x, out=None):
    from numpy._more import trunc
    t = trunc(x)
    return _uf.subtract(x, t), t


def divmod(x1, x2, out=None):
    return _uf.floor_divide(x1, x2), _uf.remainder(x1, x2)


def conj(x, out=None):
    return _uf.positive(x)


conjugate = conj


def angle(z, deg=False):
    a = asarray(z)
    r = _uf.multiply(_uf.less(a, 0), math.pi if not deg else 180.0)
    return r.astype('float64') if isinstance(r, ndarray) else r


def real(val):
    return asarray(val) if not isinstance(val, (builtins.int, builtins.float)) else val


def imag(val):
    a = asarray(val)
    return zeros(a.shape, a.dtype) if a.ndim else _scalar(0, a.dtype)


def isreal(x):
    a = asarray(x)
    return ones(a.shape, 'bool') if a.ndim else _scalar(True, _BY_NAME['bool'])


def iscomplex(x):
    a = asarray(x)
    return zeros(a.shape, 'bool') if a.ndim else _scalar(False, _BY_NAME['bool'])


def isrealobj(x):
    return asarray(x).dtype.kind != 'c'


def iscomplexobj(x):
    return asarray(x).dtype.kind == 'c'


def isposinf(x, out=None):
    return _uf.logical_and(_uf.isinf(x), _uf.greater(x, 0))


def isneginf(x, out=None):
    return _uf.logical_and(_uf.isinf(x), _uf.less(x, 0))


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    a = asarray(x)
    if a.dtype.kind != 'f':
        return a.copy() if copy else a
    from numpy._more import finfo
    fi = finfo(a.dtype)
    t = a._t
    big = builtins.float(fi.max) if posinf is None else posinf
    small = builtins.float(fi.min) if neginf is None else neginf
    r = torch.where(t != t, torch.full_like(t, nan), t)
    r = torch.where(r == float('inf'), torch.full_like(t, big), r)
    r = torch.where(r == float('-inf'), torch.full_like(t, small), r)
    if not copy:
        t.copy_(r)
        return a
    res = _wrap(r)
    return _scalar(res.item(), a.dtype) if a.ndim == 0 else res


def real_if_close(a, tol=100):
    return asarray(a)


# ---- index tricks ---------------------------------------------------------------

class _Grid:
    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        keys = key if isinstance(key, tuple) else (key,)
        axes = []
        for k in keys:
            start = 0 if k.start is None else k.start
            step = 1 if k.step is None else k.step
            if isinstance(step, complex):
                axes.append(linspace(start, k.stop, builtins.int(builtins.abs(step))))
            else:
                axes.append(arange(start, k.stop, step))
        if not isinstance(key, tuple):
            return axes[0]
        n = len(axes)
        out = []
        for i, a in enumerate(axes):
            shape = [1] * n
            shape[i] = a.shape[0]
            r = a.reshape(shape)
            if not self.sparse:
                from numpy._funcs import broadcast_to
                r = broadcast_to(r, tuple(x.shape[0] for x in axes)).copy()
            out.append(r)
        if self.sparse:
            return out
        d = out[0].dtype
        for r in out[1:]:
            d = promote_types(d, r.dtype)
        return stack([r.astype(d) for r in out])


mgrid = _Grid(False)
ogrid = _Grid(True)


class _Concat:
    def __init__(self, axis, matrix_cols):
        self.axis = axis
        self.cols = matrix_cols

    def __getitem__(self, key):
        keys = key if isinstance(key, tuple) else (key,)
        axis = self.axis
        parts = []
        for k in keys:
            if isinstance(k, str):
                axis = builtins.int(k.split(',')[0])
                continue
            if isinstance(k, slice):
                step = 1 if k.step is None else k.step
                start = 0 if k.start is None else k.start
                if isinstance(step, complex):
                    parts.append(linspace(start, k.stop, builtins.int(builtins.abs(step))))
                else:
                    parts.append(arange(start, k.stop, step))
            else:
                a = asarray(k)
                parts.append(a.reshape(1) if a.ndim == 0 else a)
        if self.cols:
            parts = [p.reshape(-1, 1) if p.ndim == 1 else p for p in parts]
            return concatenate(parts, -1)
        return concatenate(parts, axis)


r_ = _Concat(0, False)
c_ = _Concat(-1, True)


class _IndexExp:
    def __init__(self, maketuple):
        self.maketuple = maketuple

    def __getitem__(self, item):
        if self.maketuple and not isinstance(item, tuple):
            return (item,)
        return item


s_ = _IndexExp(False)
index_exp = _IndexExp(True)


def ix_(*args):
    out = []
    n = len(args)
    for i, a in enumerate(args):
        a = asarray(a)
        if a.dtype.kind == 'b':
            a = a.nonzero()[0]
        shape = [1] * n
        shape[i] = a.size
        out.append(a.reshape(shape))
    return tuple(out)


def unravel_index(indices, shape, order='C'):
    idx = asarray(indices)
    flat = idx.ravel().tolist()
    total = 1
    for s in shape:
        total *= s
    outs = [[] for _ in shape]
    for v in flat:
        if v < 0 or v >= total:
            raise ValueError('index ' + str(v) + ' is out of bounds for array with size ' + str(total))
        for k in range(len(shape) - 1, -1, -1):
            outs[k].append(v % shape[k])
            v //= shape[k]
    res = tuple(array(o, dtype='int64').reshape(idx.shape) for o in outs)
    if idx.ndim == 0:
        return tuple(_scalar(r.item(), _BY_NAME['int64']) for r in res)
    return res


def ravel_multi_index(multi_index, dims, mode='raise', order='C'):
    arrs = broadcast_arrays(*[asarray(m) for m in multi_index])
    r = zeros(arrs[0].shape, 'int64') if arrs[0].ndim else 0
    for a, d in zip(arrs, dims):
        r = _uf.add(_uf.multiply(r, d), a)
    return r


def diag_indices(n, ndim=2):
    i = arange(n)
    return (i,) * ndim


def diag_indices_from(arr):
    a = asarray(arr)
    return diag_indices(a.shape[0], a.ndim)


def fill_diagonal(a, val, wrap=False):
    n = builtins.min(a.shape)
    vals = asarray(val).ravel().tolist()
    for i in range(n):
        a[(i,) * a.ndim] = vals[i % len(vals)]


def tri(N, M=None, k=0, dtype=float, *, like=None):
    M = N if M is None else M
    t = torch.tensor([[1 if j - i <= k else 0 for j in range(M)] for i in range(N)],
                     dtype=_engine(_dtype_of(dtype))) if N and M else torch.zeros((N, M), dtype=_engine(_dtype_of(dtype)))
    return _wrap(t.reshape(N, M))


def tril_indices(n, k=0, m=None):
    m = n if m is None else m
    r = [(i, j) for i in range(n) for j in range(m) if j - i <= k]
    return array([p[0] for p in r], dtype='int64'), array([p[1] for p in r], dtype='int64')


def triu_indices(n, k=0, m=None):
    m = n if m is None else m
    r = [(i, j) for i in range(n) for j in range(m) if j - i >= k]
    return array([p[0] for p in r], dtype='int64'), array([p[1] for p in r], dtype='int64')


def tril_indices_from(arr, k=0):
    a = asarray(arr)
    return tril_indices(a.shape[-2], k, a.shape[-1])


def triu_indices_from(arr, k=0):
    a = asarray(arr)
    return triu_indices(a.shape[-2], k, a.shape[-1])


# ---- shapes ------------------------------------------------------------------

def hsplit(ary, indices_or_sections):
    a = asarray(ary)
    return split(a, indices_or_sections, 1 if a.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, 2)


def rollaxis(a, axis, start=0):
    a = asarray(a)
    n = a.ndim
    axis = _norm_axis(axis, n)
    if start < 0:
        start += n
    order = list(range(n))
    order.remove(axis)
    order.insert(start if start <= axis else start - 1, axis)
    return a.transpose(order)


def resize(a, new_shape):
    a = asarray(a).ravel()
    shape = _shape_arg(new_shape)
    n = 1
    for s in shape:
        n *= s
    if a.size == 0 or n == 0:
        return zeros(shape, a.dtype)
    reps = -(-n // a.size)
    from numpy._funcs import tile
    return tile(a, reps)[:n].reshape(shape)


def delete(arr, obj, axis=None):
    a = asarray(arr)
    if axis is None:
        a = a.ravel()
        axis = 0
    ax = _norm_axis(axis, a.ndim)
    n = a.shape[ax]
    if isinstance(obj, slice):
        drop = set(range(n)[obj])
    else:
        o = asarray(obj)
        if o.dtype.kind == 'b':
            drop = set(i for i, v in enumerate(o.tolist()) if v)
        else:
            drop = set()
            for v in o.ravel().tolist():
                if v < -n or v >= n:
                    raise IndexError('index ' + str(v) + ' is out of bounds for axis ' + str(ax) + ' with size ' +
                                     str(n))
                drop.add(v % n)
    keep = [i for i in range(n) if i not in drop]
    return take(a, keep, ax)


def insert(arr, obj, values, axis=None):
    a = asarray(arr)
    if axis is None:
        a = a.ravel()
        axis = 0
    ax = _norm_axis(axis, a.ndim)
    n = a.shape[ax]
    pos = list(range(n + 1))[obj] if isinstance(obj, slice) else asarray(obj).ravel().tolist()
    scalar_pos = not isinstance(obj, (slice, list, tuple, ndarray))
    v = asarray(values, dtype=a.dtype)
    if scalar_pos:
        p = pos[0] % (n + 1) if pos[0] < 0 else pos[0]
        if v.ndim < a.ndim:
            shape = list(a.shape)
            shape[ax] = 1
            from numpy._funcs import broadcast_to
            v = broadcast_to(v.reshape(v.shape if v.ndim == a.ndim else (1,) * (a.ndim - v.ndim) + v.shape)
                             if v.ndim else v.reshape((1,) * a.ndim), tuple(shape)) if a.ndim > 1 or v.ndim == 0 \
                else v
            if a.ndim == 1:
                v = v.reshape(-1)
        lo = [slice(None)] * a.ndim
        hi = [slice(None)] * a.ndim
        lo[ax] = slice(0, p)
        hi[ax] = slice(p, None)
        return concatenate([a[tuple(lo)], v, a[tuple(hi)]], ax)
    items = list(a.swapaxes(0, ax)) if a.ndim > 1 else a.tolist()
    vals = v.ravel().tolist() if a.ndim == 1 else None
    order = sorted(range(len(pos)), key=lambda i: pos[i])
    out = []
    k = 0
    for i in range(n + 1):
        while k < len(order) and (pos[order[k]] % (n + 1) if pos[order[k]] < 0 else pos[order[k]]) == i:
            out.append(vals[order[k] % len(vals)] if vals is not None else v)
            k += 1
        if i < n:
            out.append(items[i])
    if a.ndim == 1:
        return array(out, dtype=a.dtype)
    return stack(out).swapaxes(0, ax)


def compress(condition, a, axis=None, out=None):
    a = asarray(a)
    c = asarray(condition).tolist()
    if axis is None:
        a = a.ravel()
        axis = 0
    return take(a, [i for i, v in enumerate(c) if v], axis)


def choose(a, choices, out=None, mode='raise'):
    idx = asarray(a)
    cs = broadcast_arrays(idx, *[asarray(c) for c in choices])
    idx, cs = cs[0], cs[1:]
    r = cs[0].copy()
    for k, c in enumerate(cs):
        r = _uf_where(_uf.equal(idx, k), c, r)
    return r


def _uf_where(c, x, y):
    from numpy._funcs import where
    return where(c, x, y)


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError('list of cases must be same length as list of conditions')
    r = asarray(default)
    for c, v in reversed(list(zip(condlist, choicelist))):
        r = _uf_where(c, v, r)
    return r


def extract(condition, arr):
    a = asarray(arr).ravel()
    c = asarray(condition).ravel()
    return a[c.astype('bool')]


def place(arr, mask, vals):
    m = asarray(mask).ravel().tolist()
    v = asarray(vals).ravel().tolist()
    flat = arr.ravel()
    k = 0
    pos = [i for i, x in enumerate(m) if x]
    for i in pos:
        flat[i] = v[k % len(v)]
        k += 1
    if not arr.flags.c_contiguous:
        arr[...] = flat.reshape(arr.shape)


def put(a, ind, v, mode='raise'):
    idx = asarray(ind).ravel().tolist()
    vals = asarray(v).ravel().tolist()
    n = a.size
    flat = a.reshape(-1)
    for k, i in enumerate(idx):
        if i >= n or i < -n:
            raise IndexError('index ' + str(i) + ' is out of bounds for axis 0 with size ' + str(n))
        flat[i] = vals[k % len(vals)]


def putmask(a, mask, values):
    m = asarray(mask).ravel().tolist()
    vals = asarray(values).ravel().tolist()
    flat = a.reshape(-1)
    for i, x in enumerate(m):
        if x:
            flat[i] = vals[i % len(vals)]


def take_along_axis(arr, indices, axis):
    a = asarray(arr)
    idx = asarray(indices)
    if axis is None:
        return take(a.ravel(), idx)
    ax = _norm_axis(axis, a.ndim)
    shape = broadcast_shape_except(a.shape, idx.shape, ax)
    grids = list(ix_(*[arange(s) for s in shape]))
    key = []
    for d in range(a.ndim):
        key.append(idx if d == ax else grids[d])
    return a[tuple(key)]


def broadcast_shape_except(s1, s2, ax):
    return tuple(builtins.max(x, y) if i != ax else y for i, (x, y) in enumerate(zip(s1, s2)))


def put_along_axis(arr, indices, values, axis):
    idx = asarray(indices)
    ax = _norm_axis(axis, arr.ndim)
    shape = broadcast_shape_except(arr.shape, idx.shape, ax)
    grids = list(ix_(*[arange(s) for s in shape]))
    key = tuple(idx if d == ax else grids[d] for d in range(arr.ndim))
    arr[key] = values


def partition(a, kth, axis=-1, kind='introselect', order=None):
    return sort(a, axis)


def argpartition(a, kth, axis=-1, kind='introselect', order=None):
    return argsort(a, axis)


def msort(a):
    import warnings
    warnings.warn('msort is deprecated, use np.sort(a, axis=0) instead', DeprecationWarning, stacklevel=2)
    return sort(a, 0)


def sort_complex(a):
    return sort(a)


def trim_zeros(filt, trim='fb'):
    a = asarray(filt)
    vals = a.tolist()
    lo, hi = 0, len(vals)
    if 'f' in trim.lower():
        while lo < hi and vals[lo] == 0:
            lo += 1
    if 'b' in trim.lower():
        while hi > lo and vals[hi - 1] == 0:
            hi -= 1
    return a[lo:hi]


def ediff1d(ary, to_end=None, to_begin=None):
    from numpy._funcs import diff
    a = asarray(ary).ravel()
    parts = []
    if to_begin is not None:
        parts.append(asarray(to_begin, a.dtype).ravel())
    parts.append(diff(a))
    if to_end is not None:
        parts.append(asarray(to_end, a.dtype).ravel())
    return concatenate(parts)


def block(arrays):
    def depth(x):
        return 1 + depth(x[0]) if isinstance(x, list) and x else 0

    def rec(x, d, total):
        if not isinstance(x, list):
            a = asarray(x)
            return a.reshape((1,) * (total - a.ndim) + a.shape) if a.ndim < total else a
        parts = [rec(y, d + 1, total) for y in x]
        return concatenate(parts, -(total - d))
    dd = depth(arrays)
    total = builtins.max(dd, builtins.max([asarray(v).ndim for v in _leaves(arrays)] + [0]))
    return rec(arrays, 0, total)


def _leaves(x):
    if isinstance(x, list):
        out = []
        for y in x:
            out += _leaves(y)
        return out
    return [x]


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    if start == 0 or stop == 0:
        raise ValueError('Geometric sequence cannot include zero')
    from numpy._more import _floor_t
    ls = linspace(math.log10(builtins.abs(start)), math.log10(builtins.abs(stop)), num, endpoint)
    r = _uf.power(10.0, ls)
    if num > 0:
        r[0] = builtins.abs(start)
        if endpoint and num > 1:
            r[-1] = builtins.abs(stop)
    if start < 0 and stop < 0:
        r = _uf.negative(r)
    return r if dtype is None else r.astype(dtype)


def tensordot(a, b, axes=2):
    a = asarray(a)
    b = asarray(b)
    if isinstance(axes, builtins.int):
        ax_a = list(range(a.ndim - axes, a.ndim))
        ax_b = list(range(axes))
    else:
        ax_a, ax_b = axes
        ax_a = [ax_a] if isinstance(ax_a, builtins.int) else list(ax_a)
        ax_b = [ax_b] if isinstance(ax_b, builtins.int) else list(ax_b)
    ax_a = [_norm_axis(x, a.ndim) for x in ax_a]
    ax_b = [_norm_axis(x, b.ndim) for x in ax_b]
    for x, y in zip(ax_a, ax_b):
        if a.shape[x] != b.shape[y]:
            raise ValueError('shape-mismatch for sum')
    free_a = [i for i in range(a.ndim) if i not in ax_a]
    free_b = [i for i in range(b.ndim) if i not in ax_b]
    k = 1
    for x in ax_a:
        k *= a.shape[x]
    A = a.transpose(free_a + ax_a).reshape(-1, k)
    B = b.transpose(ax_b + free_b).reshape(k, -1)
    from numpy._funcs import dot
    r = dot(A, B)
    return asarray(r).reshape(tuple(a.shape[i] for i in free_a) + tuple(b.shape[i] for i in free_b))


def einsum(subscripts, *operands, out=None, dtype=None, order='K', casting='safe', optimize=False):
    ops = [asarray(o) for o in operands]
    spec = subscripts.replace(' ', '')
    if '->' in spec:
        ins, outs = spec.split('->')
    else:
        ins = spec
        letters = [c for c in ins.replace(',', '') if c.isalpha()]
        outs = ''.join(sorted(c for c in set(letters) if letters.count(c) == 1))
    terms = ins.split(',')
    if len(terms) != len(ops):
        raise ValueError('more operands provided to einstein sum function than specified in the subscripts '
                         'string' if len(ops) > len(terms) else 'fewer operands provided to einstein sum function '
                         'than specified in the subscripts string')
    letters = []
    for t in terms:
        for c in t:
            if c not in letters:
                letters.append(c)
    size = {}
    for t, o in zip(terms, ops):
        if len(t) != o.ndim:
            raise ValueError("operand has more dimensions than subscripts given in einstein sum, but no '...' "
                             "ellipsis provided to broadcast the extra dimensions.")
        for c, s in zip(t, o.shape):
            if c in size and size[c] != s and s != 1 and size[c] != 1:
                raise ValueError('operands could not be broadcast together with remapped shapes [original->remapped]')
            size[c] = builtins.max(size.get(c, 1), s)
    d = ops[0].dtype
    for o in ops[1:]:
        d = promote_types(d, o.dtype)
    prod = None
    for t, o in zip(terms, ops):
        # repeated letters in one term take the diagonal
        while len(set(t)) != len(t):
            for c in t:
                if t.count(c) > 1:
                    i = t.index(c)
                    j = t.index(c, i + 1)
                    o = o.diagonal(0, i, j)
                    t = t[:i] + t[i + 1:j] + t[j + 1:] + c
                    break
        perm = [t.index(c) for c in letters if c in t]
        o = o.transpose(perm)
        shape = [size[c] if c in t else 1 for c in letters]
        shape = [o.shape[[c for c in letters if c in t].index(c)] if c in t else 1 for c in letters]
        o = o.reshape(shape).astype(d)
        prod = o if prod is None else _uf.multiply(prod, o)
    sum_axes = tuple(i for i, c in enumerate(letters) if c not in outs)
    r = _sum(prod, sum_axes) if sum_axes else prod
    r = asarray(r)
    keep = [c for c in letters if c in outs]
    if keep:
        r = r.transpose([keep.index(c) for c in outs])
    return _scalar(r.item(), r.dtype) if r.ndim == 0 else r


# ---- windows, integration, polynomials -------------------------------------------

def _window(M, f):
    if M < 1:
        return array([], dtype='float64')
    if M == 1:
        return ones(1)
    return array([f(n) for n in range(M)], dtype='float64')


def hanning(M):
    return _window(M, lambda n: 0.5 - 0.5 * math.cos(2.0 * math.pi * n / (M - 1)))


def hamming(M):
    return _window(M, lambda n: 0.54 - 0.46 * math.cos(2.0 * math.pi * n / (M - 1)))


def blackman(M):
    return _window(M, lambda n: 0.42 - 0.5 * math.cos(2.0 * math.pi * n / (M - 1)) +
                   0.08 * math.cos(4.0 * math.pi * n / (M - 1)))


def bartlett(M):
    return _window(M, lambda n: 1 - builtins.abs(2.0 * n / (M - 1) - 1))


def kaiser(M, beta):
    alpha = (M - 1) / 2.0
    return _window(M, lambda n: _bessel_i0(beta * math.sqrt(builtins.max(0.0, 1 - ((n - alpha) / alpha) ** 2))) /
                   _bessel_i0(beta))


def trapz(y, x=None, dx=1.0, axis=-1):
    y = asarray(y)
    ax = _norm_axis(axis, y.ndim)
    n = y.shape[ax]
    lo = [slice(None)] * y.ndim
    hi = [slice(None)] * y.ndim
    lo[ax] = slice(0, n - 1)
    hi[ax] = slice(1, n)
    if x is None:
        d = dx
    else:
        from numpy._funcs import diff
        d = diff(asarray(x))
        if d.ndim == 1 and y.ndim > 1:
            shape = [1] * y.ndim
            shape[ax] = d.shape[0]
            d = d.reshape(shape)
    s = _uf.multiply(d, _uf.add(y[tuple(lo)], y[tuple(hi)]))
    return _uf.true_divide(_sum(s, ax), 2.0)


def vander(x, N=None, increasing=False):
    x = asarray(x)
    n = x.shape[0] if N is None else N
    powers = range(n) if increasing else range(n - 1, -1, -1)
    return stack([_uf.power(x, p) for p in powers], 1) if n else zeros((x.shape[0], 0), x.dtype)


def polyadd(a1, a2):
    a = asarray(a1).tolist()
    b = asarray(a2).tolist()
    n = builtins.max(len(a), len(b))
    a = [0] * (n - len(a)) + a
    b = [0] * (n - len(b)) + b
    return array([x + y for x, y in zip(a, b)])


def polysub(a1, a2):
    return polyadd(a1, _uf.negative(asarray(a2)))


def polymul(a1, a2):
    from numpy._more import convolve
    return convolve(a1, a2)


def polyder(p, m=1):
    c = asarray(p).tolist()
    for _ in range(m):
        n = len(c) - 1
        c = [c[i] * (n - i) for i in range(n)]
    return array(c if c else [0])


def polyint(p, m=1, k=None):
    c = asarray(p).astype('float64').tolist()
    for _ in range(m):
        n = len(c)
        c = [c[i] / (n - i) for i in range(n)] + [0.0]
    return array(c)


class poly1d:
    def __init__(self, c_or_r, r=False, variable=None):
        self.coeffs = asarray(c_or_r)
        self.variable = variable or 'x'

    @property
    def order(self):
        return self.coeffs.size - 1

    @property
    def c(self):
        return self.coeffs

    def __call__(self, val):
        from numpy._more import polyval
        return polyval(self.coeffs, val)

    def deriv(self, m=1):
        return poly1d(polyder(self.coeffs, m))

    def integ(self, m=1, k=0):
        return poly1d(polyint(self.coeffs, m))

    def __repr__(self):
        return 'poly1d(' + repr(self.coeffs)[6:-1] + ')'


# ---- dtype predicates -------------------------------------------------------

def issubdtype(arg1, arg2):
    def as_type(x):
        if isinstance(x, type) and issubclass(x, generic):
            return x
        return _dtype_of(x).type
    t1 = as_type(arg1)
    if isinstance(arg2, type) and issubclass(arg2, generic):
        return issubclass(t1, arg2)
    if arg2 is builtins.float:
        return issubclass(t1, floating)
    if arg2 is builtins.int:
        return issubclass(t1, signedinteger)
    if arg2 is builtins.complex:
        return issubclass(t1, complexfloating)
    if arg2 is builtins.bool:
        return issubclass(t1, bool_)
    return issubclass(t1, as_type(arg2))


def issubsctype(arg1, arg2):
    return issubdtype(arg1, arg2)


def issctype(rep):
    return isinstance(rep, type) and issubclass(rep, generic)


def obj2sctype(rep, default=None):
    try:
        return _dtype_of(getattr(rep, 'dtype', rep)).type
    except TypeError:
        return default


def sctype2char(sctype):
    return _dtype_of(sctype).char


def common_type(*arrays):
    d = _BY_NAME['float16']
    for a in arrays:
        ad = asarray(a).dtype
        d = promote_types(d, ad if ad.kind in 'fc' else _BY_NAME['float64'])
    return d.type


def mintypecode(typechars, typeset='GDFgdf', default='d'):
    for c in typeset[::-1]:
        pass
    chars = [c if isinstance(c, str) else _dtype_of(c).char for c in typechars]
    if not any(c in typeset for c in chars):
        return default
    if 'F' in chars and 'd' in chars:
        return 'D'
    for c in 'GDFgdf':
        if c in chars and c in typeset:
            return c
    return default


def typename(char):
    names = {'S1': 'character', '?': 'bool', 'b': 'signed char', 'B': 'unsigned char', 'h': 'short',
             'H': 'unsigned short', 'i': 'integer', 'I': 'unsigned integer', 'l': 'long integer',
             'L': 'unsigned long integer', 'q': 'long long integer', 'Q': 'unsigned long long integer',
             'f': 'single precision', 'd': 'double precision', 'g': 'long precision',
             'F': 'complex single precision', 'D': 'complex double precision', 'G': 'complex long double precision',
             'S': 'string', 'U': 'unicode', 'V': 'void', 'O': 'object'}
    return names[char]


def base_repr(number, base=2, padding=0):
    digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
    if base > len(digits):
        raise ValueError('Bases greater than 36 not handled in base_repr.')
    if base < 2:
        raise ValueError('Bases less than 2 not handled in base_repr.')
    num = builtins.abs(builtins.int(number))
    res = []
    while num:
        res.append(digits[num % base])
        num //= base
    if padding:
        res.append('0' * padding)
    if number < 0:
        res.append('-')
    return ''.join(reversed(res or '0'))


def binary_repr(num, width=None):
    num = builtins.int(num)
    if num >= 0:
        s = bin(num)[2:]
        return s.zfill(width) if width else s
    if width is None:
        return '-' + bin(-num)[2:]
    return bin((1 << width) + num)[2:].zfill(width)


def asfarray(a, dtype=None):
    d = _BY_NAME['float64'] if dtype is None else _dtype_of(dtype)
    if d.kind != 'f':
        d = _BY_NAME['float64']
    return asarray(a, d)


def asarray_chkfinite(a, dtype=None, order=None):
    r = asarray(a, dtype)
    if r.dtype.kind in 'fc' and not builtins.bool(asarray(_uf.isfinite(r)).all()):
        raise ValueError('array must not contain infs or NaNs')
    return r


def require(a, dtype=None, requirements=None, *, like=None):
    r = asarray(a, dtype)
    return r.copy() if requirements and ('C' in requirements or 'O' in requirements) and \
        not r.flags.c_contiguous else r


def isfortran(a):
    a = asarray(a)
    return a.flags.f_contiguous and not a.flags.c_contiguous


def fromiter(iter, dtype, count=-1, *, like=None):
    vals = []
    for v in iter:
        if count >= 0 and len(vals) >= count:
            break
        vals.append(v)
    if count >= 0 and len(vals) < count:
        raise ValueError('iterator too short: Expected ' + str(count) + ' but iterator had only ' + str(len(vals)) +
                         ' items.')
    return array(vals, dtype=dtype) if vals else array([], dtype=dtype)


def fromstring(string, dtype=float, count=-1, *, sep, like=None):
    if not sep:
        raise ValueError('The binary mode of fromstring is removed, use frombuffer instead')
    d = _dtype_of(dtype)
    parts = [p for p in string.replace('\n', sep).split(sep) if p.strip()] if sep.strip() else string.split()
    vals = [builtins.float(p) if d.kind == 'f' else builtins.int(p) for p in parts]
    if count >= 0:
        vals = vals[:count]
    return array(vals, dtype=d)


def frompyfunc(func, nin, nout, *, identity=None):
    from numpy._more import vectorize
    return vectorize(func)


def piecewise(x, condlist, funclist, *args, **kw):
    x = asarray(x)
    if isinstance(condlist, (ndarray, builtins.bool)) or (isinstance(condlist, list) and condlist and
                                                          not isinstance(condlist[0], (list, ndarray))):
        condlist = [condlist]
    conds = [asarray(c) for c in condlist]
    if len(funclist) == len(conds) + 1:
        other = _uf.logical_not(asarray(builtins.sum(asarray(c).astype('int64') for c in conds)).astype('bool'))
        conds.append(asarray(other))
    y = zeros(x.shape, x.dtype)
    for c, f in zip(conds, funclist):
        if not c.any():
            continue
        if callable(f):
            vals = asarray(f(x[c], *args, **kw))
        else:
            vals = asarray(f)
        y[c] = vals
    return y


def unwrap(p, discont=None, axis=-1, *, period=6.283185307179586):
    a = asarray(p).astype('float64')
    vals = a.tolist()
    half = period / 2 if discont is None else builtins.max(discont, period / 2)
    out = [vals[0]] if vals else []
    for i in range(1, len(vals)):
        d = vals[i] - vals[i - 1]
        dm = ((d + period / 2) % period) - period / 2
        if dm == -period / 2 and d > 0:
            dm = period / 2
        corr = dm - d if builtins.abs(d) >= half else 0.0
        out.append(vals[i] + (out[-1] - vals[i - 1]) + corr)
    return array(out)


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    from numpy._more import histogram
    return histogram(a, bins, range)[1]


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False):
    from numpy._more import percentile
    a = asarray(a)
    if axis is None:
        a = a.ravel()
        a = a[_uf.logical_not(_uf.isnan(a))] if a.dtype.kind == 'f' else a
    return percentile(a, q, axis, method=method, keepdims=keepdims)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False):
    from numpy._more import quantile
    a = asarray(a)
    if axis is None:
        a = a.ravel()
        a = a[_uf.logical_not(_uf.isnan(a))] if a.dtype.kind == 'f' else a
    return quantile(a, q, axis, method=method, keepdims=keepdims)


def nancumprod(a, axis=None, dtype=None, out=None):
    from numpy._more import _nan_free
    from numpy._reduce import cumprod
    return cumprod(_nan_free(a, 1.0), axis, dtype, out)


def product(*args, **kwargs):
    from numpy._reduce import prod
    return prod(*args, **kwargs)


def cumproduct(*args, **kwargs):
    from numpy._reduce import cumprod
    return cumprod(*args, **kwargs)


def alltrue(*args, **kwargs):
    from numpy._reduce import all as _all
    return _all(*args, **kwargs)


def sometrue(*args, **kwargs):
    from numpy._reduce import any as _any
    return _any(*args, **kwargs)


def diagflat(v, k=0):
    from numpy._funcs import diag
    return diag(asarray(v).ravel(), k)


def diagonal(a, offset=0, axis1=0, axis2=1):
    return asarray(a).diagonal(offset, axis1, axis2)


def mask_indices(n, mask_func, k=0):
    m = mask_func(ones((n, n), 'int64'), k)
    return asarray(m).nonzero()


class broadcast:
    def __init__(self, *args):
        self._arrays = broadcast_arrays(*[asarray(a) for a in args])
        self.shape = self._arrays[0].shape if self._arrays else ()
        self.nd = len(self.shape)
        self.ndim = self.nd
        self.numiter = len(self._arrays)
        self.size = 1
        for s in self.shape:
            self.size *= s
        self.index = 0

    def __iter__(self):
        flats = [a.ravel().tolist() for a in self._arrays]
        for i in range(self.size):
            self.index = i + 1
            yield tuple(f[i] for f in flats)

    def reset(self):
        self.index = 0


def show_config():
    print('cgrad numpy: numpy 1.24 over cgrad\'s engine (OpenBLAS)')


def show_runtime():
    show_config()


def info(object=None, maxwidth=76, output=None, toplevel='numpy'):
    import sys
    doc = getattr(object, '__doc__', None) or ''
    print(doc, file=output or sys.stdout)


def who(vardict=None):
    rows = []
    for name, v in (vardict or {}).items():
        if isinstance(v, ndarray):
            rows.append((name, ' x '.join(str(s) for s in v.shape), v.nbytes, v.dtype.name))
    for r in rows:
        print('%s %s %s %s' % r)
    print('\nUpper bound on total bytes  =       %d' % builtins.sum(r[2] for r in rows))


def byte_bounds(a):
    a = asarray(a)
    lo = a._t.data_ptr()
    return lo, lo + a.nbytes


def getbufsize():
    return 8192


def setbufsize(size):
    return 8192


def geterrobj():
    return [8192, 521, None]


def seterrobj(errobj):
    return None


def get_include():
    return '/usr/lib/python3/dist-packages/numpy/core/include'


def get_array_wrap(*args):
    return None


def deprecate(*args, **kwargs):
    if args and callable(args[0]):
        return args[0]
    return lambda f: f


def deprecate_with_doc(msg):
    return lambda f: f


def safe_eval(source):
    import ast
    return ast.literal_eval(source)


def lookfor(what, module=None, import_modules=True, regenerate=False, output=None):
    print('Search results for \'%s\'\n---------------------------' % what)


def source(object, output=None):
    import inspect
    print('In file: ' + inspect.getsourcefile(object) + '\n')
    print(inspect.getsource(object))


def disp(mesg, device=None, linefeed=True):
    import sys
    (device or sys.stdout).write(str(mesg) + ('\n' if linefeed else ''))


def add_newdoc(place, obj, doc, warn_on_python=True):
    return None


def add_docstring(obj, docstring):
    return None


def add_newdoc_ufunc(ufunc, new_docstring):
    return None


def maximum_sctype(t):
    d = _dtype_of(t)
    return {'i': _SCALAR_TYPES['int64'], 'u': _SCALAR_TYPES['uint64'], 'f': _SCALAR_TYPES['float64'],
            'c': _SCALAR_TYPES['complex128'], 'b': _SCALAR_TYPES['bool']}[d.kind]


def find_common_type(array_types, scalar_types):
    d = None
    for t in list(array_types) + list(scalar_types):
        d = _dtype_of(t) if d is None else promote_types(d, t)
    return d


def set_string_function(f, repr=True):
    return None


def kernel_version():
    return (0, 0)


ALLOW_THREADS = 1
BUFSIZE = 8192
CLIP = 0
WRAP = 1
RAISE = 2
MAXDIMS = 32
MAY_SHARE_BOUNDS = 0
MAY_SHARE_EXACT = -1
UFUNC_BUFSIZE_DEFAULT = 8192
UFUNC_PYVALS_NAME = 'UFUNC_PYVALS'
ERR_IGNORE = 0
ERR_WARN = 1
ERR_RAISE = 2
ERR_CALL = 3
ERR_PRINT = 4
ERR_LOG = 5
ERR_DEFAULT = 521
FPE_DIVIDEBYZERO = 1
FPE_OVERFLOW = 2
FPE_UNDERFLOW = 4
FPE_INVALID = 8
SHIFT_DIVIDEBYZERO = 0
SHIFT_OVERFLOW = 3
SHIFT_UNDERFLOW = 6
SHIFT_INVALID = 9
FLOATING_POINT_SUPPORT = 1
tracemalloc_domain = 389047
use_hugepage = 1
typecodes = {'Character': 'c', 'Integer': 'bhilqp', 'UnsignedInteger': 'BHILQP', 'Float': 'efdg',
             'Complex': 'FDG', 'AllInteger': 'bBhHiIlLqQpP', 'AllFloat': 'efdgFDG', 'Datetime': 'Mm',
             'All': '?bhilqpBHILQPefdgFDGSUVOMm'}
ScalarType = (builtins.int, builtins.float, builtins.complex, builtins.bool, bytes, builtins.str, memoryview) + \
    tuple(_SCALAR_TYPES.values())
sctypes = {'int': [_SCALAR_TYPES[n] for n in ('int8', 'int16', 'int32', 'int64')],
           'uint': [_SCALAR_TYPES[n] for n in ('uint8', 'uint16', 'uint32', 'uint64')],
           'float': [_SCALAR_TYPES[n] for n in ('float16', 'float32', 'float64')],
           'complex': [_SCALAR_TYPES[n] for n in ('complex64', 'complex128')],
           'others': [builtins.bool, object, bytes, builtins.str]}
sctypeDict = dict(_SCALAR_TYPES)
sctypeDict.update({'float': _SCALAR_TYPES['float64'], 'int': _SCALAR_TYPES['int64'],
                   'bool': _SCALAR_TYPES['bool'], 'complex': _SCALAR_TYPES['complex128'],
                   'f8': _SCALAR_TYPES['float64'], 'f4': _SCALAR_TYPES['float32'], 'i8': _SCALAR_TYPES['int64'],
                   'i4': _SCALAR_TYPES['int32'], 'd': _SCALAR_TYPES['float64'], 'f': _SCALAR_TYPES['float32']})


def _install_methods():
    from numpy._more import searchsorted as _searchsorted

    def partition_inplace(self, kth, axis=-1, kind='introselect', order=None):
        self._t.copy_(sort(self, axis)._t)

    def itemset(self, *args):
        if not args:
            raise ValueError('itemset must have at least one argument')
        *idx, value = args
        if len(idx) == 1 and not isinstance(idx[0], tuple):
            n = self.size
            i = builtins.int(idx[0])
            if i < -n or i >= n:
                raise IndexError('index ' + str(i) + ' is out of bounds for size ' + str(n))
            self[unravel_index(i % n, self.shape)] = value
        else:
            self[tuple(idx[0]) if len(idx) == 1 else tuple(idx)] = value

    def tostring(self, order='C'):
        import warnings
        warnings.warn('tostring() is deprecated. Use tobytes() instead.', DeprecationWarning, stacklevel=2)
        return self.tobytes(order)

    def byteswap(self, inplace=False):
        import struct
        from numpy._npyio import _code, frombuffer
        d = self.dtype
        raw = self.tobytes()
        n = d.itemsize
        swapped = b''.join(raw[i:i + n][::-1] for i in range(0, len(raw), n))
        r = frombuffer(swapped, d).reshape(self.shape)
        if inplace:
            self._t.copy_(r._t)
            return self
        return r

    def setflags(self, write=None, align=None, uic=None):
        if write is False:
            raise ValueError('cgrad: read-only arrays are not supported')

    class _ctypes:
        def __init__(self, a):
            self._a = a

        @property
        def data(self):
            return self._a._t.data_ptr()

        @property
        def shape(self):
            return self._a.shape

        @property
        def strides(self):
            return self._a.strides

    ndarray.partition = partition_inplace
    ndarray.argpartition = lambda self, kth, axis=-1, kind='introselect', order=None: argsort(self, axis)
    ndarray.choose = lambda self, choices, out=None, mode='raise': choose(self, choices, out, mode)
    ndarray.compress = lambda self, condition, axis=None, out=None: compress(condition, self, axis, out)
    ndarray.put = lambda self, indices, values, mode='raise': put(self, indices, values, mode)
    ndarray.searchsorted = lambda self, v, side='left', sorter=None: _searchsorted(self, v, side, sorter)
    ndarray.itemset = itemset
    ndarray.tostring = tostring
    ndarray.byteswap = byteswap
    ndarray.newbyteorder = lambda self, new_order='S': self.view(self.dtype.newbyteorder(new_order))
    ndarray.setflags = setflags
    ndarray.ctypes = property(lambda self: _ctypes(self))
    ndarray.getfield = lambda self, dtype, offset=0: self.astype(dtype) if offset == 0 else None
    ndarray.setfield = lambda self, val, dtype, offset=0: self.fill(val) if offset == 0 else None


_install_methods()


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """numpy's polyfit: lstsq on the column-scaled Vandermonde matrix."""
    import numpy.linalg as la
    from numpy._more import finfo
    x = asarray(x).astype('float64') if asarray(x).dtype.kind != 'f' else asarray(x) + 0.0
    y = asarray(y).astype('float64') if asarray(y).dtype.kind != 'f' else asarray(y) + 0.0
    order = builtins.int(deg) + 1
    if deg < 0:
        raise ValueError('expected deg >= 0')
    if x.ndim != 1:
        raise TypeError('expected 1D vector for x')
    if x.size == 0:
        raise TypeError('expected non-empty vector for x')
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError('expected 1D or 2D array for y')
    if x.shape[0] != y.shape[0]:
        raise TypeError('expected x and y to have same length')
    if rcond is None:
        rcond = len(x) * builtins.float(finfo(x.dtype).eps)
    lhs = vander(x, order)
    rhs = y
    if w is not None:
        w = asarray(w) + 0.0
        lhs = _uf.multiply(lhs, w[:, None])
        rhs = _uf.multiply(rhs, w) if rhs.ndim == 1 else _uf.multiply(rhs, w[:, None])
    scale = _uf.sqrt(_sum(_uf.multiply(lhs, lhs), axis=0))
    lhs = _uf.true_divide(lhs, scale)
    c, resids, rank, s = la.lstsq(lhs, rhs, rcond)
    c = _uf.true_divide(c.T, scale).T
    if rank != order and not full:
        import warnings
        from numpy._exceptions import RankWarning
        warnings.warn('Polyfit may be poorly conditioned', RankWarning, stacklevel=2)
    if full:
        return c, resids, rank, s, rcond
    return c


def polydiv(u, v):
    u = asarray(u) + 0.0
    v = asarray(v) + 0.0
    w = u[0] + v[0]
    m = len(u) - 1
    n = len(v) - 1
    scale = 1. / v[0]
    q = zeros((builtins.max(m - n + 1, 1),), w.dtype)
    r = u.astype(w.dtype)
    for k in range(0, m - n + 1):
        d = scale * r[k]
        q[k] = d
        r[k:k + n + 1] = _uf.subtract(r[k:k + n + 1], _uf.multiply(d, v))
    # numpy drops leading remainders allclose to 0 (atol 1e-8)
    while builtins.abs(builtins.float(r[0])) <= 1e-8 and r.shape[-1] > 1:
        r = r[1:]
    return q, r


def roots(p):
    import numpy.linalg as la
    p = asarray(p).ravel()
    nz = [i for i, v in enumerate(p.tolist()) if v != 0]
    if not nz:
        return array([])
    trailing = len(p) - nz[-1] - 1
    p = p[nz[0]:nz[-1] + 1]
    N = len(p)
    if N > 1:
        A = diag(ones((N - 2,), p.dtype if p.dtype.kind == 'f' else 'float64'), -1) if N > 2 else \
            zeros((1, 1))
        A[0, :] = _uf.true_divide(-p[1:], p[0])
        r = la.eigvals(A)
    else:
        r = array([])
    return concatenate((r, zeros(trailing, r.dtype)))


def diag(v, k=0):
    from numpy._funcs import diag as _diag
    return _diag(v, k)


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    from numpy._more import histogram
    x = asarray(x).astype('float64')
    y = asarray(y).astype('float64')
    bx = by = bins
    if isinstance(bins, (list, tuple)) and len(bins) == 2:
        bx, by = bins
    rx = ry = None
    if range is not None:
        rx, ry = range
    ex = histogram(x, bx, rx)[1]
    ey = histogram(y, by, ry)[1]
    import bisect
    exl = ex.tolist()
    eyl = ey.tolist()
    H = [[0.0] * (len(eyl) - 1) for _ in builtins.range(len(exl) - 1)]
    wl = asarray(weights).ravel().tolist() if weights is not None else None
    for i, (a, b) in enumerate(zip(x.tolist(), y.tolist())):
        if not (exl[0] <= a <= exl[-1] and eyl[0] <= b <= eyl[-1]):
            continue
        ia = builtins.min(bisect.bisect_right(exl, a) - 1, len(exl) - 2)
        ib = builtins.min(bisect.bisect_right(eyl, b) - 1, len(eyl) - 2)
        H[ia][ib] += wl[i] if wl is not None else 1.0
    Ha = array(H)
    if density:
        dx = _uf.subtract(ex[1:], ex[:-1]).reshape(-1, 1)
        dy = _uf.subtract(ey[1:], ey[:-1]).reshape(1, -1)
        Ha = _uf.true_divide(Ha, _uf.multiply(_uf.multiply(dx, dy), _sum(Ha)))
    return Ha, ex, ey


def fastCopyAndTranspose(a):
    import warnings
    warnings.warn('fastCopyAndTranspose and the underlying C function PyArray_CopyAndTranspose have been '
                  'deprecated.\n\nUse the transpose method followed by a C-order copy instead, e.g. '
                  '``arr.T.copy()``', DeprecationWarning, stacklevel=2)
    return asarray(a).T.copy()
