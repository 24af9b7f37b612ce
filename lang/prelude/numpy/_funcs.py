# numpy/_funcs.py: numpy's functions over shapes and arrays that are not
# ufuncs or reductions: reshape/transpose/concatenate/stack and friends,
# where, clip, round, dot/matmul, comparisons of whole arrays, sorting.
import builtins
import math
import torch
from numpy._dtypes import _dtype_of, _engine, _BY_NAME, promote_types, _result_dtype
from numpy._ndarray import ndarray, _wrap, _scalar, _norm_axis, _shape_arg, _shape_str, _cast
from numpy._creation import asarray, array
from numpy._exceptions import AxisError
import numpy._ufunc as _uf


def shape(a):
    return asarray(a).shape


def ndim(a):
    return asarray(a).ndim


def size(a, axis=None):
    a = asarray(a)
    return a.size if axis is None else a.shape[axis]


def reshape(a, newshape, order='C'):
    return asarray(a).reshape(newshape)


def ravel(a, order='C'):
    return asarray(a).ravel()


def transpose(a, axes=None):
    return asarray(a).transpose(axes) if axes is not None else asarray(a).transpose()


def swapaxes(a, axis1, axis2):
    return asarray(a).swapaxes(axis1, axis2)


def moveaxis(a, source, destination):
    a = asarray(a)
    n = a.ndim
    src = [_norm_axis(s, n) for s in (source if isinstance(source, (list, tuple)) else [source])]
    dst = [_norm_axis(s, n) for s in (destination if isinstance(destination, (list, tuple)) else [destination])]
    if len(src) != len(dst):
        raise ValueError('`source` and `destination` arguments must have the same number of elements')
    order = [i for i in range(n) if i not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return a.transpose(order)


def squeeze(a, axis=None):
    return asarray(a).squeeze(axis)


def expand_dims(a, axis):
    a = asarray(a)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    n = a.ndim + len(axes)
    axes = sorted(_norm_axis(x, n) for x in axes)
    shape = list(a.shape)
    for x in axes:
        shape.insert(x, 1)
    return a.reshape(shape)


def atleast_1d(*arys):
    res = [asarray(a) if asarray(a).ndim >= 1 else asarray(a).reshape(1) for a in arys]
    return res[0] if len(res) == 1 else res


def atleast_2d(*arys):
    res = []
    for a in arys:
        a = asarray(a)
        if a.ndim == 0:
            a = a.reshape(1, 1)
        elif a.ndim == 1:
            a = a.reshape(1, -1)
        res.append(a)
    return res[0] if len(res) == 1 else res


def atleast_3d(*arys):
    res = []
    for a in arys:
        a = asarray(a)
        if a.ndim == 0:
            a = a.reshape(1, 1, 1)
        elif a.ndim == 1:
            a = a.reshape(1, -1, 1)
        elif a.ndim == 2:
            a = a.reshape(a.shape + (1,))
        res.append(a)
    return res[0] if len(res) == 1 else res


def _common(arrays):
    ds = [a.dtype for a in arrays]
    d = ds[0]
    for x in ds[1:]:
        d = promote_types(d, x)
    return d


def concatenate(arrays, axis=0, out=None, dtype=None, casting='same_kind'):
    arrs = [asarray(a) for a in arrays]
    if not arrs:
        raise ValueError('need at least one array to concatenate')
    d = _common(arrs) if dtype is None else _dtype_of(dtype)
    if axis is None:
        arrs = [a.ravel() for a in arrs]
        axis = 0
    if arrs[0].ndim == 0:
        raise ValueError('zero-dimensional arrays cannot be concatenated')
    n = arrs[0].ndim
    ax = _norm_axis(axis, n)
    for i, a in enumerate(arrs[1:], 1):
        if a.ndim != n:
            raise ValueError('all the input arrays must have same number of dimensions, but the array at index 0 '
                             'has ' + str(n) + ' dimension(s) and the array at index ' + str(i) + ' has ' +
                             str(a.ndim) + ' dimension(s)')
        for k in range(n):
            if k != ax and a.shape[k] != arrs[0].shape[k]:
                raise ValueError('all the input array dimensions except for the concatenation axis must match '
                                 'exactly, but along dimension ' + str(k) + ', the array at index 0 has size ' +
                                 str(arrs[0].shape[k]) + ' and the array at index ' + str(i) + ' has size ' +
                                 str(a.shape[k]))
    e = _engine(d)
    r = _wrap(torch.cat([a._t.to(e) for a in arrs], ax))
    if out is not None:
        out._t.copy_(r._t)
        return out
    return r


def stack(arrays, axis=0, out=None, *, dtype=None, casting='same_kind'):
    arrs = [asarray(a) for a in arrays]
    if not arrs:
        raise ValueError('need at least one array to stack')
    s = arrs[0].shape
    for a in arrs[1:]:
        if a.shape != s:
            raise ValueError('all input arrays must have the same shape')
    ax = _norm_axis(axis, arrs[0].ndim + 1)
    return concatenate([expand_dims(a, ax) for a in arrs], ax, out, dtype)


def vstack(tup, *, dtype=None, casting='same_kind'):
    return concatenate([atleast_2d(a) for a in tup], 0, dtype=dtype)


row_stack = vstack


def hstack(tup, *, dtype=None, casting='same_kind'):
    arrs = [atleast_1d(a) for a in tup]
    return concatenate(arrs, 0 if arrs and arrs[0].ndim == 1 else 1, dtype=dtype)


def dstack(tup):
    return concatenate([atleast_3d(a) for a in tup], 2)


def column_stack(tup):
    arrs = []
    for a in tup:
        a = asarray(a)
        if a.ndim < 2:
            a = a.reshape(-1, 1)
        arrs.append(a)
    return concatenate(arrs, 1)


def array_split(ary, indices_or_sections, axis=0):
    a = asarray(ary)
    n = a.shape[axis]
    if isinstance(indices_or_sections, (list, tuple, ndarray)):
        bounds = [0] + list(indices_or_sections) + [n]
    else:
        k = builtins.int(indices_or_sections)
        if k <= 0:
            raise ValueError('number sections must be larger than 0.')
        each, extra = divmod(n, k)
        sizes = [0] + extra * [each + 1] + (k - extra) * [each]
        bounds = []
        acc = 0
        for s in sizes:
            acc += s
            bounds.append(acc)
    out = []
    for i in range(len(bounds) - 1):
        idx = [slice(None)] * a.ndim
        idx[axis] = slice(bounds[i], bounds[i + 1])
        out.append(a[tuple(idx)])
    return out


def split(ary, indices_or_sections, axis=0):
    if not isinstance(indices_or_sections, (list, tuple, ndarray)):
        n = asarray(ary).shape[axis]
        if n % indices_or_sections:
            raise ValueError('array split does not result in an equal division')
    return array_split(ary, indices_or_sections, axis)


def where(condition, x=None, y=None):
    c = asarray(condition)
    if x is None and y is None:
        return c.nonzero()
    if x is None or y is None:
        raise ValueError('either both or neither of x and y should be given')
    ox = _uf._operand(x)
    oy = _uf._operand(y)
    d = _uf._common_dtype([ox, oy])
    r = torch.where(c._t.to(torch.bool), _uf._tensor(ox, d), _uf._tensor(oy, d))
    return _wrap(r)


def clip(a, a_min, a_max, out=None, **kwargs):
    if a_min is None and a_max is None:
        raise ValueError('One of max or min must be given')
    r = a
    if a_min is not None:
        r = _uf.maximum(r, a_min)
    if a_max is not None:
        r = _uf.minimum(r, a_max)
    if out is not None:
        out._t.copy_(asarray(r)._t.to(out._t.dtype))
        return out
    return r


def around(a, decimals=0, out=None):
    a = asarray(a)
    t = a._t
    if a.dtype.kind in 'biu':
        if decimals >= 0:
            return a.copy()
        m = 10 ** (-decimals)
        return _wrap(torch.floor_divide(t + m // 2, m) * m)
    # round half to even at the scaled value, as numpy's rint
    scale = 10.0 ** decimals
    y = t * scale if decimals >= 0 else t / (10.0 ** -decimals)
    f = y - torch.remainder(y, 1.0)
    diff = y - f
    up = (diff > 0.5) | ((diff == 0.5) & (torch.remainder(f, 2.0) != 0))
    r = torch.where(up, f + 1, f)
    r = torch.where(y == y, r, y)
    r = torch.where(torch.abs(y) == float('inf'), y, r)
    r = torch.where(r == 0, y * 0.0, r)  # a zero keeps the sign of what was rounded
    r = r / scale if decimals >= 0 else r * (10.0 ** -decimals)
    res = _wrap(r.to(t.dtype))
    if a.ndim == 0:
        return _scalar(res._t.item(), a.dtype)
    return res


round_ = around


def dot(a, b, out=None):
    a = asarray(a)
    b = asarray(b)
    d = promote_types(a.dtype, b.dtype)
    e = _engine(d)
    ta = a._t.to(e)
    tb = b._t.to(e)
    if a.ndim == 0 or b.ndim == 0:
        return _uf.multiply(a, b)
    if b.ndim == 1 and a.shape[-1] != b.shape[0] or b.ndim >= 2 and a.shape[-1] != b.shape[-2]:
        raise ValueError('shapes ' + _shape_str(a.shape) + ' and ' + _shape_str(b.shape) +
                         ' not aligned: ' + str(a.shape[-1]) + ' (dim ' + str(a.ndim - 1) + ') != ' +
                         str(b.shape[0] if b.ndim == 1 else b.shape[-2]) + ' (dim ' +
                         str(0 if b.ndim == 1 else b.ndim - 2) + ')')
    if a.ndim <= 2 and b.ndim <= 2:
        r = torch.matmul(ta, tb)
    else:
        r = torch.tensordot(ta, tb, ([a.ndim - 1], [b.ndim - 2 if b.ndim > 1 else 0]))
    if r.ndim == 0:
        return _scalar(r.item(), d)
    return _wrap(r)


def matmul(a, b, out=None, **kwargs):
    a = asarray(a)
    b = asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("matmul: Input operand " + ('0' if a.ndim == 0 else '1') + " does not have enough "
                         "dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)")
    d = promote_types(a.dtype, b.dtype)
    e = _engine(d)
    ka = a.shape[-1]
    kb = b.shape[0] if b.ndim == 1 else b.shape[-2]
    if ka != kb:
        raise ValueError('matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature '
                         '(n?,k),(k,m?)->(n?,m?) (size ' + str(kb) + ' is different from ' + str(ka) + ')')
    r = torch.matmul(a._t.to(e), b._t.to(e))
    if r.ndim == 0:
        return _scalar(r.item(), d)
    res = _wrap(r)
    if out is not None:
        out._t.copy_(r)
        return out
    return res


def vdot(a, b):
    return dot(asarray(a).ravel(), asarray(b).ravel())


def inner(a, b):
    a = asarray(a)
    b = asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return _uf.multiply(a, b)
    return dot(a, b.swapaxes(-1, -2) if b.ndim > 1 else b)


def outer(a, b, out=None):
    a = asarray(a).ravel()
    b = asarray(b).ravel()
    return _uf.multiply(a.reshape(-1, 1), b.reshape(1, -1))


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    a = asarray(a)
    b = asarray(b)
    d = promote_types(promote_types(a.dtype, b.dtype), _BY_NAME['float64'])
    x = a._t.to(_engine(d))
    y = b._t.to(_engine(d))
    r = torch.abs(x - y) <= atol + rtol * torch.abs(y)
    r = r | (x == y)
    if equal_nan:
        r = r | ((x != x) & (y != y))
    if r.ndim == 0:
        return _scalar(r.item(), _BY_NAME['bool'])
    return _wrap(r)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    r = isclose(a, b, rtol, atol, equal_nan)
    return builtins.bool(asarray(r).all())


def array_equal(a1, a2, equal_nan=False):
    try:
        a = asarray(a1)
        b = asarray(a2)
    except Exception:
        return False
    if a.shape != b.shape:
        return False
    eq = _uf.equal(a, b)
    if equal_nan:
        eq = _uf.logical_or(eq, _uf.logical_and(_uf.isnan(a), _uf.isnan(b)))
    return builtins.bool(asarray(eq).all())


def array_equiv(a1, a2):
    try:
        return builtins.bool(asarray(_uf.equal(a1, a2)).all())
    except ValueError:
        return False


def _lanes_2d(a, axis):
    """a's lanes along axis as a contiguous [lanes, n] copy, and a function
    putting a result of that layout back in a's shape."""
    if axis is None:
        a = a.ravel()
        axis = 0
    if a.ndim == 0:
        raise AxisError(axis, 0)
    ax = _norm_axis(axis, a.ndim)
    t = a._t.transpose(ax, -1) if ax != a.ndim - 1 else a._t
    shape = tuple(t.shape)
    flat = t.reshape(-1, shape[-1] if shape else 1).clone() if t.numel() else t.reshape(-1, builtins.max(shape[-1], 1))

    def back(r):
        r = r.reshape(shape)
        return (r.transpose(ax, -1) if ax != a.ndim - 1 else r).contiguous()
    return flat.contiguous(), back


def sort(a, axis=-1, kind=None, order=None):
    import numpy._umath as _umath
    a = asarray(a)
    flat, back = _lanes_2d(a, axis)
    if flat.numel():
        _umath.sort(flat, False)
    return _wrap(back(flat))


def argsort(a, axis=-1, kind=None, order=None):
    # positions in a stable order (ties keep their order): numpy's default
    # quicksort may order ties otherwise
    import numpy._umath as _umath
    a = asarray(a)
    flat, back = _lanes_2d(a, axis)
    r = _umath.sort(flat, True) if flat.numel() else torch.zeros(flat.shape, dtype=torch.int64)
    return _wrap(back(r))


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True):
    import numpy._umath as _umath
    if axis is not None:
        raise TypeError('cgrad: unique with axis is not supported yet')
    a = asarray(ar).ravel()
    n = a.size
    t = a._t.reshape(1, -1).contiguous()
    perm = _umath.sort(t, True).reshape(-1) if n else torch.zeros(0, dtype=torch.int64)
    s = a._t[perm] if n else a._t
    if n:
        flag = torch.ones(n, dtype=torch.bool)
        same = s[1:] == s[:-1]
        if equal_nan and s.dtype.is_floating_point:
            same = same | ((s[1:] != s[1:]) & (s[:-1] != s[:-1]))
        flag[1:] = ~same
    else:
        flag = torch.zeros(0, dtype=torch.bool)
    res = _wrap(s[flag])
    extra = []
    if return_index:
        extra.append(_wrap(perm[flag]))
    if return_inverse:
        group = flag.to(torch.int64).cumsum(0) - 1 if n else torch.zeros(0, dtype=torch.int64)
        inv = torch.zeros(n, dtype=torch.int64)
        if n:
            inv[perm] = group
        extra.append(_wrap(inv))
    if return_counts:
        starts = torch.nonzero(flag).reshape(-1).tolist() if n else []
        ends = starts[1:] + [n]
        extra.append(array([e - b for b, e in zip(starts, ends)], dtype='int64') if starts else
                     array([], dtype='int64'))
    return (res,) + tuple(extra) if extra else res


def argwhere(a):
    a = asarray(a)
    if a.ndim == 0:
        a = a.reshape(1)
        return _wrap(torch.nonzero(a._t))[:, :0]
    return _wrap(torch.nonzero(a._t))


def flatnonzero(a):
    return asarray(a).ravel().nonzero()[0]


def nonzero(a):
    return asarray(a).nonzero()


def diag(v, k=0):
    v = asarray(v)
    if v.ndim == 1:
        n = v.shape[0] + builtins.abs(k)
        r = torch.zeros((n, n), dtype=v._t.dtype)
        for i in range(v.shape[0]):
            if k >= 0:
                r[i, i + k] = v._t[i]
            else:
                r[i - k, i] = v._t[i]
        return _wrap(r)
    if v.ndim == 2:
        return v.diagonal(k)
    raise ValueError('Input must be 1- or 2-d.')


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    from numpy._reduce import sum as _sum
    return _sum(asarray(a).diagonal(offset, axis1, axis2), -1, dtype)


def copyto(dst, src, casting='same_kind', where=True):
    s = asarray(src)
    v = s._t.to(dst._t.dtype)
    if where is not True:
        v = torch.where(asarray(where)._t, v, dst._t)
    dst._t.copy_(v.expand(dst._t.shape) if tuple(v.shape) != dst.shape else v)


def result_type(*arrays_and_dtypes):
    from numpy._dtypes import dtype as _dtype, _scalar_default, generic
    arrays = []
    scalars = []
    for x in arrays_and_dtypes:
        if isinstance(x, (_dtype, type, str)):
            arrays.append(_dtype_of(x))
        elif isinstance(x, ndarray):
            if x.ndim:
                arrays.append(x.dtype)
            else:
                scalars.append((x.dtype, x.item()))
        elif isinstance(x, generic):
            scalars.append((x.dtype, x.item()))
        else:
            scalars.append((_scalar_default(x), x))
    return _result_dtype(arrays, scalars)


def broadcast_shapes(*args):
    shapes = [tuple(s) if isinstance(s, (tuple, list)) else (s,) for s in args]
    n = builtins.max([len(s) for s in shapes] + [0])
    out = []
    for i in range(n):
        size = 1
        for s in shapes:
            k = len(s) - n + i
            if k < 0:
                continue
            if s[k] != 1:
                if size != 1 and size != s[k]:
                    raise ValueError('shape mismatch: objects cannot be broadcast to a single shape.  Mismatch '
                                     'is between arg 0 with shape ' + str(shapes[0]) + ' and arg 1 with shape ' +
                                     str(shapes[1]) + '.')
                size = s[k]
        out.append(size)
    return tuple(out)


def broadcast_to(array, shape, subok=False):
    a = asarray(array)
    shape = _shape_arg(shape)
    try:
        return _wrap(a._t.expand(shape), a)
    except RuntimeError:
        raise ValueError('operands could not be broadcast together with remapped shapes [original->remapped]: ' +
                         _shape_str(a.shape) + "  and requested shape " + _shape_str(shape)) from None


def broadcast_arrays(*args, subok=False):
    arrs = [asarray(a) for a in args]
    shape = broadcast_shapes(*[a.shape for a in arrs])
    return [broadcast_to(a, shape) for a in arrs]


def tile(A, reps):
    a = asarray(A)
    reps = tuple(reps) if isinstance(reps, (tuple, list)) else (reps,)
    n = builtins.max(a.ndim, len(reps))
    a = a.reshape((1,) * (n - a.ndim) + a.shape)
    reps = (1,) * (n - len(reps)) + reps
    return _wrap(a._t.repeat(*reps))


def repeat(a, repeats, axis=None):
    a = asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    ax = _norm_axis(axis, a.ndim)
    n = a.shape[ax]
    reps = list(repeats) if isinstance(repeats, (list, tuple, ndarray)) else [repeats] * n
    if len(reps) != n:
        raise ValueError('operands could not be broadcast together with shape (' + str(n) + ',) (' +
                         str(len(reps)) + ',)')
    idx = []
    for i, r in enumerate(reps):
        idx += [i] * builtins.int(r)
    return _wrap(a._t.index_select(ax, torch.tensor(idx, dtype=torch.int64)))


def flip(m, axis=None):
    a = asarray(m)
    axes = range(a.ndim) if axis is None else (axis if isinstance(axis, (tuple, list)) else (axis,))
    idx = [slice(None)] * a.ndim
    for ax in axes:
        idx[_norm_axis(ax, a.ndim)] = slice(None, None, -1)
    return a[tuple(idx)]


def fliplr(m):
    return flip(m, 1)


def flipud(m):
    return flip(m, 0)


def roll(a, shift, axis=None):
    a = asarray(a)
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a.shape)
    ax = _norm_axis(axis, a.ndim)
    n = a.shape[ax]
    if n == 0:
        return a.copy()
    s = shift % n
    idx = torch.tensor([(i - s) % n for i in range(n)], dtype=torch.int64)
    return _wrap(a._t.index_select(ax, idx))


def append(arr, values, axis=None):
    a = asarray(arr)
    v = asarray(values)
    if axis is None:
        return concatenate([a.ravel(), v.ravel()])
    return concatenate([a, v], axis)


def diff(a, n=1, axis=-1, prepend=None, append=None):
    a = asarray(a)
    ax = _norm_axis(axis, a.ndim)
    for _ in range(n):
        m = a.shape[ax]
        lo = [slice(None)] * a.ndim
        hi = [slice(None)] * a.ndim
        lo[ax] = slice(0, m - 1)
        hi[ax] = slice(1, m)
        a = _uf.subtract(a[tuple(hi)], a[tuple(lo)]) if a.dtype.kind != 'b' else \
            _uf.not_equal(a[tuple(hi)], a[tuple(lo)])
    return a


def tril(m, k=0):
    a = asarray(m)
    rows, cols = a.shape[-2], a.shape[-1]
    mask = torch.tensor([[j - i <= k for j in range(cols)] for i in range(rows)], dtype=torch.bool)
    return _wrap(torch.where(mask, a._t, torch.zeros_like(a._t)))


def triu(m, k=0):
    a = asarray(m)
    rows, cols = a.shape[-2], a.shape[-1]
    mask = torch.tensor([[j - i >= k for j in range(cols)] for i in range(rows)], dtype=torch.bool)
    return _wrap(torch.where(mask, a._t, torch.zeros_like(a._t)))


def meshgrid(*xi, copy=True, sparse=False, indexing='xy'):
    arrs = [asarray(x).ravel() for x in xi]
    n = len(arrs)
    shapes = [a.shape[0] for a in arrs]
    if indexing == 'xy' and n >= 2:
        shapes[0], shapes[1] = shapes[1], shapes[0]
    out = []
    for i, a in enumerate(arrs):
        shape = [1] * n
        pos = i
        if indexing == 'xy' and n >= 2 and i < 2:
            pos = 1 - i
        shape[pos] = a.shape[0]
        r = a.reshape(shape)
        if not sparse:
            r = broadcast_to(r, tuple(shapes)).copy()
        out.append(r)
    return out


def take(a, indices, axis=None, out=None, mode='raise'):
    a = asarray(a)
    idx = asarray(indices)
    if axis is None:
        a = a.ravel()
        axis = 0
    ax = _norm_axis(axis, a.ndim)
    n = a.shape[ax]
    flat = idx._t.reshape(-1)
    if flat.numel():
        lo = builtins.int(flat.min().item())
        hi = builtins.int(flat.max().item())
        if hi >= n or lo < -n:
            bad = hi if hi >= n else lo
            raise IndexError('index ' + str(bad) + ' is out of bounds for axis ' + str(ax) + ' with size ' + str(n))
    pos = torch.where(flat < 0, flat + n, flat)
    r = a._t.index_select(ax, pos)
    shape = a.shape[:ax] + idx.shape + a.shape[ax + 1:]
    res = r.reshape(shape)
    if res.ndim == 0:
        return _scalar(res.item(), a.dtype)
    return _wrap(res)


def _install_methods():
    def sort_inplace(self, axis=-1, kind=None, order=None):
        self._t.copy_(sort(self, axis, kind)._t)

    ndarray.__matmul__ = lambda self, other: matmul(self, other)
    ndarray.__rmatmul__ = lambda self, other: matmul(other, self)
    ndarray.dot = lambda self, b, out=None: dot(self, b, out)
    ndarray.clip = lambda self, min=None, max=None, out=None, **kw: clip(self, min, max, out)
    ndarray.round = lambda self, decimals=0, out=None: around(self, decimals, out)
    ndarray.sort = sort_inplace
    ndarray.argsort = lambda self, axis=-1, kind=None, order=None: argsort(self, axis, kind)
    ndarray.repeat = lambda self, repeats, axis=None: repeat(self, repeats, axis)
    ndarray.take = lambda self, indices, axis=None, out=None, mode='raise': take(self, indices, axis, out, mode)
    ndarray.trace = lambda self, offset=0, axis1=0, axis2=1, dtype=None, out=None: \
        trace(self, offset, axis1, axis2, dtype, out)
    ndarray.conj = lambda self: self.copy()
    ndarray.conjugate = lambda self: self.copy()


_install_methods()
