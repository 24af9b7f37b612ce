# numpy/_creation.py: making arrays: array/asarray from Python data, other
# arrays and tensors (numpy's dtype discovery: bool < int64 < float64 <
# complex128 over the nested data), and zeros/ones/empty/full and their
# _like forms, arange, linspace, logspace, eye, identity.
import builtins
import math
import torch
from numpy._fast import filled as _cfilled, from_nested as _cnested, creator as _ccreator
from numpy._dtypes import dtype, generic, _dtype_of, _engine, _from_engine, _BY_NAME, _scalar_default, \
    promote_types
from numpy._ndarray import ndarray, _wrap, _shape_arg, _cast

_SCALARS = (builtins.bool, builtins.int, builtins.float, builtins.complex)


def _discover(obj, depth, shape, state):
    """Walks nested lists/tuples: fills shape (the first element's sizes)
    and state = [dtype or None, ragged depth or -1]."""
    if isinstance(obj, (list, tuple)):
        n = len(obj)
        if len(shape) == depth:
            shape.append(n)
        elif shape[depth] != n or len(shape) < depth:
            if state[1] < 0 or depth < state[1]:
                state[1] = depth
            return
        for x in obj:
            _discover(x, depth + 1, shape, state)
        return
    if len(shape) > depth:
        if state[1] < 0 or depth < state[1]:
            state[1] = depth
        return
    if isinstance(obj, generic):
        d = obj.dtype
    elif isinstance(obj, _SCALARS):
        d = _scalar_default(obj)
    elif obj is None:
        raise TypeError('cgrad: numpy arrays of objects (None) are not supported')
    elif isinstance(obj, builtins.str):
        raise TypeError('cgrad: numpy arrays of strings are not supported')
    else:
        raise TypeError('cgrad: numpy arrays of ' + type(obj).__name__ + ' objects are not supported')
    state[0] = d if state[0] is None else promote_types(state[0], d)


def _plain(obj):
    """obj with arrays and tensors inside lists turned into lists."""
    if isinstance(obj, (list, tuple)):
        return [_plain(x) for x in obj]
    if isinstance(obj, ndarray):
        return obj.tolist()
    if isinstance(obj, torch.Tensor):
        return obj.tolist()
    if isinstance(obj, generic):
        return obj
    return obj


def _has_arrays(obj):
    for x in obj:
        if isinstance(x, (ndarray, torch.Tensor)):
            return True
        if isinstance(x, (list, tuple)) and x and _has_arrays(x):
            return True
    return False


def _from_nested(obj, d):
    if _has_arrays(obj):
        dts = []
        _collect_dtypes(obj, dts)
        obj = _plain(obj)
        if d is None and dts:
            shape = []
            state = [None, -1]
            _discover(obj, 0, shape, state)
            r = dts[0]
            for x in dts[1:]:
                r = promote_types(r, x)
            d = r
    shape = []
    state = [None, -1]
    _discover(obj, 0, shape, state)
    if state[1] >= 0:
        at = state[1]
        raise ValueError('setting an array element with a sequence. The requested array has an inhomogeneous '
                         'shape after ' + str(at) + ' dimensions. The detected shape was ' +
                         _shape_text(tuple(shape[:at])) + ' + inhomogeneous part.')
    if d is None:
        d = state[0] if state[0] is not None else _BY_NAME['float64']
    e = _engine(d)
    plain = _scalars_plain(obj)
    if d.name == 'uint64' and _all_ints(plain):  # ints past 2^63 go in as their int64 bits
        return _wrap(torch.tensor(_as_int64_bits(plain), dtype=torch.int64).to(e))
    if d.kind in 'iu' and state[0] is not None and state[0].kind == 'f':
        return _wrap(torch.tensor(obj, dtype=torch.float64).to(e))
    if len(shape) > 0 and 0 in shape:
        return _wrap(torch.empty(tuple(shape), dtype=e))
    return _wrap(torch.tensor(plain, dtype=e))


def _all_ints(obj):
    if isinstance(obj, list):
        return all(_all_ints(x) for x in obj)
    return isinstance(obj, builtins.int) and not isinstance(obj, builtins.bool)


def _as_int64_bits(obj):
    if isinstance(obj, list):
        return [_as_int64_bits(x) for x in obj]
    if isinstance(obj, builtins.int) and obj >= 1 << 63:
        return obj - (1 << 64)
    return obj


def _collect_dtypes(obj, out):
    for x in obj:
        if isinstance(x, ndarray):
            out.append(x._dt)
        elif isinstance(x, torch.Tensor):
            out.append(_from_engine(x.dtype))
        elif isinstance(x, (list, tuple)):
            _collect_dtypes(x, out)


def _scalars_plain(obj):
    """numpy scalars inside obj as Python values (torch.tensor takes those)."""
    if isinstance(obj, (list, tuple)):
        if obj and not isinstance(obj[0], (list, tuple, generic)) and not any(isinstance(x, generic) for x in obj):
            return obj
        return [_scalars_plain(x) for x in obj]
    if isinstance(obj, generic):
        return obj.item()
    return obj


def _shape_text(shape):
    if len(shape) == 1:
        return '(' + str(shape[0]) + ',)'
    return '(' + ', '.join(str(s) for s in shape) + ')'


def array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0, like=None):
    d = None if dtype is None else _dtype_of(dtype)
    if isinstance(object, ndarray):
        if d is None or d is object._dt:
            r = object.copy() if copy else object
        else:
            r = object.astype(d)
    elif isinstance(object, torch.Tensor):
        t = object.detach()
        if t.device.type != 'cpu':
            raise TypeError("can't convert " + t.device.type + ':' + str(t.device.index) + ' device type tensor to '
                            'numpy. Use Tensor.cpu() to copy the tensor to host memory first.')
        r = _wrap(t.clone() if copy else t, None if copy else object)
        if d is not None and d is not r._dt:
            r = r.astype(d)
    elif isinstance(object, generic):
        r = _wrap(torch.tensor(object.item(), dtype=_engine(d or object.dtype)))
    elif isinstance(object, _SCALARS):
        dd = d or _scalar_default(object)
        v = object
        if dd.kind in 'iu' and isinstance(v, builtins.float):
            v = builtins.int(v)
        r = _wrap(torch.tensor(v, dtype=_engine(dd)))
    elif isinstance(object, (list, tuple)):
        r = _cnested(object) if d is None else None  # Note [ndarray fast paths]
        if r is None:
            r = _from_nested(object, d)
    elif hasattr(object, '__array__'):
        r = object.__array__()
        if d is not None:
            r = r.astype(d)
    elif isinstance(object, range):
        r = _from_nested(list(object), d)
    else:
        raise TypeError('cgrad: numpy arrays of ' + type(object).__name__ + ' objects are not supported')
    while r.ndim < ndmin:
        r = r.reshape((1,) + r.shape)
    return r


array = _ccreator('array', array)  # Note [ndarray operators in C]


def asarray(a, dtype=None, order=None, *, like=None):
    if isinstance(a, ndarray) and (dtype is None or _dtype_of(dtype) is a._dt):
        return a
    if isinstance(a, torch.Tensor):
        return array(a, dtype, copy=False)
    return array(a, dtype, copy=False)


def asanyarray(a, dtype=None, order=None, *, like=None):
    return asarray(a, dtype)


def ascontiguousarray(a, dtype=None, *, like=None):
    r = asarray(a, dtype)
    if r.ndim == 0:
        r = r.reshape(1)
    if r._t.is_contiguous():
        return r
    return _wrap(r._t.contiguous())


def asfortranarray(a, dtype=None, *, like=None):
    return asarray(a, dtype)


def copy(a, order='K', subok=False):
    return array(a, copy=True)


def _filled(shape, d, fill):
    if d._torch is not None:
        r = _cfilled(shape, d._torch, fill)  # Note [ndarray fast paths]
        if r is not None:
            return r
    if type(shape) is builtins.int and shape >= 0 and d._torch is not None:
        t = d._torch
        return _wrap(torch.zeros(shape, dtype=t) if fill == 0 and fill is not None else
                     torch.empty(shape, dtype=t) if fill is None else torch.full((shape,), fill, dtype=t))
    shape = _shape_arg(shape)
    for s in shape:
        if s < 0:
            raise ValueError('negative dimensions are not allowed')
    e = _engine(d)
    if fill is None:
        return _wrap(torch.empty(shape, dtype=e))
    return _wrap(torch.full(shape, fill, dtype=e))


def zeros(shape, dtype=float, order='C', *, like=None):
    return _filled(shape, _dtype_of(dtype), 0)


def ones(shape, dtype=None, order='C', *, like=None):
    return _filled(shape, _dtype_of(dtype), 1)


def empty(shape, dtype=float, order='C', *, like=None):
    return _filled(shape, _dtype_of(dtype), 0)


# the common calls of these three in C, the functions above behind them
# (Note [ndarray operators in C])
zeros, ones, empty = _ccreator('zeros', zeros), _ccreator('ones', ones), _ccreator('empty', empty)


def _fill_for(d, value):
    if isinstance(value, (ndarray, generic)):
        value = value.item()
    if d.kind == 'b':
        return builtins.bool(value)
    if d.kind in 'iu':
        return builtins.int(value)
    return value


def full(shape, fill_value, dtype=None, order='C', *, like=None):
    if dtype is None:
        d = asarray(fill_value)._dt
    else:
        d = _dtype_of(dtype)
    if isinstance(fill_value, (ndarray, list, tuple)) and asarray(fill_value).ndim > 0:
        v = asarray(fill_value, d)
        shape = _shape_arg(shape)
        return _wrap(v._t.expand(shape).clone())
    return _filled(shape, d, _fill_for(d, fill_value))


def _like(a, dtype, shape):
    a = asarray(a)
    d = a._dt if dtype is None else _dtype_of(dtype)
    return d, a.shape if shape is None else shape


def zeros_like(a, dtype=None, order='K', subok=True, shape=None):
    d, s = _like(a, dtype, shape)
    return _filled(s, d, 0)


def ones_like(a, dtype=None, order='K', subok=True, shape=None):
    d, s = _like(a, dtype, shape)
    return _filled(s, d, 1)


def empty_like(prototype, dtype=None, order='K', subok=True, shape=None):
    d, s = _like(prototype, dtype, shape)
    return _filled(s, d, 0)


def full_like(a, fill_value, dtype=None, order='K', subok=True, shape=None):
    d, s = _like(a, dtype, shape)
    return _filled(s, d, _fill_for(d, fill_value))


def arange(start=None, stop=None, step=None, dtype=None, *, like=None):
    if dtype is None and step is None and type(start) is builtins.int and \
            (stop is None or type(stop) is builtins.int) and -(1 << 62) < start < (1 << 62) and \
            (stop is None or -(1 << 62) < stop < (1 << 62)):  # np.arange(n), np.arange(a, b): int64
        lo, hi = (0, start) if stop is None else (start, stop)
        return _wrap(torch.arange(lo, builtins.max(lo, hi), dtype=torch.int64))
    if start is None and stop is None:
        raise TypeError("arange() missing required argument 'start' (pos 1)")
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    if step == 0:
        raise ZeroDivisionError('division by zero')
    vals = [start, stop, step]
    d = _BY_NAME['int64']
    for v in vals:
        d = promote_types(d, asarray(v)._dt)
    if dtype is not None:
        d = _dtype_of(dtype)
    n = math.ceil((stop - start) / step)
    if n <= 0:
        return _wrap(torch.empty(0, dtype=_engine(d)))
    if d.kind in 'iub' and all(isinstance(v, builtins.int) for v in vals):
        return _wrap(torch.arange(start, start + n * step, step, dtype=_engine(d)))
    # numpy fills start + i * delta, delta being (start + step) - start
    delta = (start + step) - start
    t = torch.arange(n, dtype=torch.float64) * delta + start
    return _wrap(t.to(_engine(d)) if d.kind != 'f' else t.to(_engine(d)))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    num = _index_num(num)
    if num < 0:
        raise ValueError('Number of samples, ' + str(num) + ', must be non-negative.')
    div = (num - 1) if endpoint else num
    d = _BY_NAME['float64'] if dtype is None else _dtype_of(dtype)
    delta = builtins.float(stop) - builtins.float(start)
    y = torch.arange(num, dtype=torch.float64)
    step = delta / div if div > 0 else float('nan')
    if div > 0:
        if step == 0:
            y = y / div * delta
        else:
            y = y * step
    else:
        y = y * delta
    y = y + builtins.float(start)
    if endpoint and num > 1:
        y[-1] = builtins.float(stop)
    r = _wrap(y)
    if d is not r._dt:
        r = _wrap(_cast(y, d))
    if retstep:
        return r, step
    return r


def _index_num(num):
    if isinstance(num, builtins.float):
        raise TypeError("'float' object cannot be interpreted as an integer")
    return builtins.int(num)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    y = linspace(start, stop, num, endpoint)
    r = _wrap(torch.pow(torch.tensor(builtins.float(base), dtype=torch.float64), y._t))
    return r if dtype is None else r.astype(dtype)


def eye(N, M=None, k=0, dtype=float, order='C', *, like=None):
    M = N if M is None else M
    d = _dtype_of(dtype)
    t = torch.zeros((N, M), dtype=_engine(d))
    for i in range(max(0, -k), min(N, M - k)):
        t[i, i + k] = 1
    return _wrap(t)


def identity(n, dtype=None, *, like=None):
    return eye(n, dtype=dtype)
