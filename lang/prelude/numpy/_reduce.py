# numpy/_reduce.py: reductions over axes (sum, mean, std, var, min, max,
# argmin, argmax, prod, all, any, cumsum, cumprod, ptp, count_nonzero) with
# numpy's axis/keepdims/dtype rules and errors, as functions and as the
# ndarray methods, and the ufuncs' reduce and accumulate.
#
# Float sums add in numpy's order (Note [numpy's summation order] in
# lang/numpy/umath_module.c), so sums, means, variances and norms carry
# numpy's bits.
import builtins
import torch
import numpy._umath as _umath
from numpy._dtypes import _dtype_of, _engine, _BY_NAME
from numpy._ndarray import ndarray, _wrap, _scalar, _norm_axis
from numpy._exceptions import AxisError


def _arr(a):
    if isinstance(a, ndarray):
        return a
    from numpy._creation import asarray
    return asarray(a)


def _axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (tuple, list)):
        out = tuple(_norm_axis(x, ndim) for x in axis)
        if len(set(out)) != len(out):
            raise ValueError('duplicate value in \'axis\'')
        return out
    return (_norm_axis(axis, ndim),)


def _result(t, a_ndim, axes, keepdims, out):
    if keepdims:
        shape = list(t.shape) if t.ndim == a_ndim else None
        if shape is None:
            t = t.reshape([1 if i in axes else s for i, s in enumerate(_orig_shape(t, a_ndim, axes))])
    if out is not None:
        out._t.copy_(t.to(out._t.dtype).reshape(out._t.shape))
        return out
    if t.ndim == 0:
        return _scalar(t.item(), _from(t))
    return _wrap(t)


def _orig_shape(t, a_ndim, axes):
    it = iter(t.shape)
    return [1 if i in axes else next(it) for i in range(a_ndim)]


def _from(t):
    from numpy._dtypes import _from_engine
    return _from_engine(t.dtype)


def _sum_dtype(d):
    if d.kind in 'bi':
        return _BY_NAME['int64']
    if d.kind == 'u':
        return _BY_NAME['uint64']
    return d


def _fsum(t, axes):
    """t (any dtype the engine has) summed over axes; floats in numpy's
    order."""
    if t.dtype == torch.float64 or t.dtype == torch.float32:
        return _umath.add_reduce(t, axes)
    return t.sum(axes) if axes else t.clone()


def _keep(t, a_ndim, axes, keepdims):
    if keepdims:
        return t.reshape(_orig_shape(t, a_ndim, axes))
    return t


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=0, where=True):
    a = _arr(a)
    axes = _axes(axis, a.ndim)
    d = _sum_dtype(a._dt) if dtype is None else _dtype_of(dtype)
    t = a._t.to(_engine(d))
    if where is not True:
        from numpy._creation import asarray
        t = torch.where(asarray(where)._t, t, torch.zeros_like(t))
    r = _fsum(t, axes)
    if initial is not None and initial != 0:
        r = r + initial
    return _result(_keep(r, a.ndim, axes, keepdims), a.ndim, axes, False, out)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=1, where=True):
    a = _arr(a)
    axes = _axes(axis, a.ndim)
    d = _sum_dtype(a._dt) if dtype is None else _dtype_of(dtype)
    r = a._t.to(_engine(d))
    for ax in sorted(axes, reverse=True):
        r = r.prod(ax)
    if initial is not None and initial != 1:
        r = r * initial
    return _result(_keep(r, a.ndim, axes, keepdims), a.ndim, axes, False, out)


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    a = _arr(a)
    axes = _axes(axis, a.ndim)
    n = 1
    for ax in axes:
        n *= a._t.shape[ax]
    if dtype is not None:
        d = _dtype_of(dtype)
    elif a._dt.kind in 'biu':
        d = _BY_NAME['float64']
    else:
        d = a._dt
    t = a._t.to(_engine(d))
    s = _fsum(t, axes)
    r = s / n if n else s / 0
    return _result(_keep(r.to(_engine(d)), a.ndim, axes, keepdims), a.ndim, axes, False, out)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True):
    a = _arr(a)
    axes = _axes(axis, a.ndim)
    n = 1
    for ax in axes:
        n *= a._t.shape[ax]
    d = _BY_NAME['float64'] if a._dt.kind in 'biu' and dtype is None else _dtype_of(dtype or a._dt)
    t = a._t.to(_engine(d))
    m = _keep(_fsum(t, axes), a.ndim, axes, True) / n
    x = t - m
    x = x * x
    s = _fsum(x, axes)
    div = builtins.max(n - ddof, 0)
    r = s / div
    return _result(_keep(r, a.ndim, axes, keepdims), a.ndim, axes, False, out)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True):
    v = var(a, axis, dtype, None, ddof, keepdims)
    if isinstance(v, ndarray):
        r = _wrap(torch.sqrt(v._t))
        if out is not None:
            out._t.copy_(r._t)
            return out
        return r
    import math
    return type(v)(math.sqrt(v) if v >= 0 else float('nan'))


def _minmax(a, axis, out, keepdims, which, initial=None):
    a = _arr(a)
    axes = _axes(axis, a.ndim)
    t = a._t
    for ax in axes:
        if t.shape[ax] == 0 and initial is None:
            raise ValueError('zero-size array to reduction operation ' + which + ' which has no identity')
    if a.ndim == 0:
        r = t.clone()
    else:
        r = t
        for ax in sorted(axes, reverse=True):
            r = (torch.max(r, ax)[0] if which == 'maximum' else torch.min(r, ax)[0])
    if initial is not None:
        r = torch.maximum(r, torch.tensor(initial, dtype=r.dtype)) if which == 'maximum' else \
            torch.minimum(r, torch.tensor(initial, dtype=r.dtype))
    return _result(_keep(r, a.ndim, axes, keepdims), a.ndim, axes, False, out)


def amax(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    return _minmax(a, axis, out, keepdims, 'maximum', initial)


def amin(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    return _minmax(a, axis, out, keepdims, 'minimum', initial)


max = amax
min = amin


def ptp(a, axis=None, out=None, keepdims=False):
    return amax(a, axis, None, keepdims) - amin(a, axis, None, keepdims)


def _arg(a, axis, out, keepdims, which):
    a = _arr(a)
    t = a._t
    if t.numel() == 0:
        raise ValueError('attempt to get ' + which + ' of an empty sequence')
    if axis is None:
        r = (t.reshape(-1).argmax() if which == 'argmax' else t.reshape(-1).argmin())
        if keepdims:
            r = r.reshape([1] * a.ndim)
    else:
        ax = _norm_axis(axis, builtins.max(a.ndim, 1))
        r = t.argmax(ax, keepdim=keepdims) if which == 'argmax' else t.argmin(ax, keepdim=keepdims)
    if out is not None:
        out._t.copy_(r)
        return out
    if r.ndim == 0:
        return _scalar(r.item(), _BY_NAME['int64'])
    return _wrap(r)


def argmax(a, axis=None, out=None, *, keepdims=False):
    return _arg(a, axis, out, keepdims, 'argmax')


def argmin(a, axis=None, out=None, *, keepdims=False):
    return _arg(a, axis, out, keepdims, 'argmin')


def all(a, axis=None, out=None, keepdims=False, *, where=True):
    a = _arr(a)
    axes = _axes(axis, a.ndim)
    r = a._t.to(torch.bool)
    for ax in sorted(axes, reverse=True):
        r = torch.all(r, ax)
    return _result(_keep(r, a.ndim, axes, keepdims), a.ndim, axes, False, out)


def any(a, axis=None, out=None, keepdims=False, *, where=True):
    a = _arr(a)
    axes = _axes(axis, a.ndim)
    r = a._t.to(torch.bool)
    for ax in sorted(axes, reverse=True):
        r = torch.any(r, ax)
    return _result(_keep(r, a.ndim, axes, keepdims), a.ndim, axes, False, out)


def count_nonzero(a, axis=None, *, keepdims=False):
    a = _arr(a)
    axes = _axes(axis, a.ndim)
    r = (a._t != 0).to(torch.int64)
    r = r.sum(axes) if axes else r
    r = _keep(r, a.ndim, axes, keepdims)
    if r.ndim == 0:
        return builtins.int(r.item())
    return _wrap(r)


def cumsum(a, axis=None, dtype=None, out=None):
    a = _arr(a)
    d = _sum_dtype(a._dt) if dtype is None else _dtype_of(dtype)
    t = a._t.to(_engine(d))
    if axis is None:
        t = t.reshape(-1)
        axis = 0
    ax = _norm_axis(axis, builtins.max(t.ndim, 1))
    r = t.cumsum(ax) if t.ndim else t.reshape(1)
    if out is not None:
        out._t.copy_(r)
        return out
    return _wrap(r)


def cumprod(a, axis=None, dtype=None, out=None):
    a = _arr(a)
    d = _sum_dtype(a._dt) if dtype is None else _dtype_of(dtype)
    t = a._t.to(_engine(d))
    if axis is None:
        t = t.reshape(-1)
        axis = 0
    ax = _norm_axis(axis, builtins.max(t.ndim, 1))
    if t.ndim == 0:
        t = t.reshape(1)
    parts = []
    acc = None
    for i in range(t.shape[ax]):
        x = t.select(ax, i)
        acc = x.clone() if acc is None else acc * x
        parts.append(acc)
    r = torch.stack(parts, ax) if parts else t.clone()
    if out is not None:
        out._t.copy_(r)
        return out
    return _wrap(r)


def _ufunc_reduce(uf, array, axis, dtype, out, keepdims, initial):
    fn = {'sum': sum, 'prod': prod, 'max': amax, 'min': amin, 'all': all, 'any': any}[uf._reduce_fn]
    kwargs = {}
    if dtype is not None and uf._reduce_fn in ('sum', 'prod'):
        kwargs['dtype'] = dtype
    if uf._reduce_fn in ('sum', 'prod', 'max', 'min'):
        a = _arr(array)
        if uf._reduce_fn in ('sum', 'prod') and dtype is None:
            kwargs['dtype'] = a._dt
        return fn(a, axis, out=out, keepdims=keepdims, **kwargs) if initial is None else \
            fn(a, axis, out=out, keepdims=keepdims, initial=initial, **kwargs)
    return fn(array, axis, out=out, keepdims=keepdims)


def _ufunc_accumulate(uf, array, axis, dtype, out):
    a = _arr(array)
    d = a._dt if dtype is None else dtype
    if uf._acc_fn == 'cumsum':
        return cumsum(a, axis, d, out)
    return cumprod(a, axis, d, out)


def _install_methods():
    def method(fn):
        def m(self, *args, **kwargs):
            return fn(self, *args, **kwargs)
        return m
    f32, f64 = _BY_NAME['float32'], _BY_NAME['float64']

    def whole_sum(self, *args, **kwargs):
        # a.sum() of a float array, the common call, straight to numpy's
        # order (Note [numpy's summation order] in lang/numpy/umath_module.c)
        d = self._dt
        if not args and not kwargs and (d is f64 or d is f32):
            t = self._t
            return _scalar(_umath.add_reduce(t, tuple(range(t.ndim))).item(), d)
        return sum(self, *args, **kwargs)
    ndarray.sum = whole_sum

    def whole_mean(self, *args, **kwargs):
        # a.mean() of a float64 array: numpy's sum divided by the count
        t = self._t
        n = t.numel()
        if not args and not kwargs and self._dt is f64 and n:
            return _scalar(_umath.add_reduce(t, tuple(range(t.ndim))).item() / n, f64)
        return mean(self, *args, **kwargs)
    ndarray.mean = whole_mean

    def extreme(fn, pick):
        def m(self, *args, **kwargs):
            # a.max() / a.min() of a non-empty float array (NaN wins, as numpy's)
            d = self._dt
            t = self._t
            if not args and not kwargs and (d is f64 or d is f32) and t.numel():
                return _scalar(pick(t).item(), d)
            return fn(self, *args, **kwargs)
        return m
    ndarray.max = extreme(amax, torch.max)
    ndarray.min = extreme(amin, torch.min)
    for name, fn in [('prod', prod), ('var', var), ('std', std), ('argmax', argmax), ('argmin', argmin),
                     ('all', all), ('any', any),
                     ('cumsum', cumsum), ('cumprod', cumprod), ('ptp', ptp)]:
        setattr(ndarray, name, method(fn))


_install_methods()
