# numpy/_more3.py: the small rest of numpy's namespace: bit packing,
# apply_over_axes, histogramdd, fromfile, the type tables nbytes and cast,
# issubclass_, ModuleDeprecationWarning and the numpy.version facts.
import builtins
import torch
from numpy._dtypes import _dtype_of, _engine, _BY_NAME, _SCALAR_TYPES
from numpy._ndarray import ndarray, _wrap, _norm_axis
from numpy._creation import asarray, array


class ModuleDeprecationWarning(DeprecationWarning):
    """Module deprecation warning: a module is deprecated."""


ModuleDeprecationWarning.__module__ = 'numpy'


def issubclass_(arg1, arg2):
    """issubclass(arg1, arg2), False instead of a TypeError when arg1 is not a class."""
    try:
        return issubclass(arg1, arg2)
    except TypeError:
        return False


class _typedict(dict):
    """A dict keyed by scalar type that also answers for dtypes' types."""

    def __getitem__(self, obj):
        return dict.__getitem__(self, _dtype_of(obj).type)


nbytes = _typedict()
cast = _typedict()
for _t in _SCALAR_TYPES.values():
    try:
        _d = _dtype_of(_t)
    except TypeError:
        continue
    nbytes[_d.type] = _d.itemsize
    cast[_d.type] = (lambda d: lambda x: array(x, copy=False).astype(d))(_d)


def _to_last(t, ax):
    n = t.ndim
    return t.permute([i for i in builtins.range(n) if i != ax] + [ax])


def _from_last(t, ax):
    perm = list(builtins.range(t.ndim - 1))
    perm.insert(ax, t.ndim - 1)
    return t.permute(perm)


def _bits_axis(a, axis):
    if axis is None:
        return a.ravel(), 0
    return a, _norm_axis(axis, a.ndim)


def packbits(a, axis=None, bitorder='big'):
    a = asarray(a)
    if a.dtype.kind not in 'biu':
        raise TypeError('Expected an input array of integer or boolean data type')
    if bitorder not in ('big', 'little'):
        raise ValueError("'order' must be either 'little' or 'big'")
    a, ax = _bits_axis(a, axis)
    t = _to_last((a._t != 0).to(torch.int64), ax) if a.ndim else (a._t != 0).to(torch.int64).reshape(1)
    n = t.shape[-1]
    pad = (-n) % 8
    if pad:
        t = torch.cat([t, torch.zeros(t.shape[:-1] + (pad,), dtype=torch.int64)], -1)
    t = t.reshape(t.shape[:-1] + ((n + pad) // 8, 8))
    weights = [128, 64, 32, 16, 8, 4, 2, 1] if bitorder == 'big' else [1, 2, 4, 8, 16, 32, 64, 128]
    r = (t * torch.tensor(weights)).sum(-1).to(torch.uint8)
    return _wrap(_from_last(r, ax).contiguous() if a.ndim else r)


def unpackbits(a, axis=None, count=None, bitorder='big'):
    a = asarray(a)
    if a.dtype.name != 'uint8':
        raise TypeError('Expected an input array of unsigned byte data type')
    if bitorder not in ('big', 'little'):
        raise ValueError("'order' must be either 'little' or 'big'")
    a, ax = _bits_axis(a, axis)
    t = _to_last(a._t.to(torch.int64), ax) if a.ndim else a._t.to(torch.int64).reshape(1)
    shifts = [7, 6, 5, 4, 3, 2, 1, 0] if bitorder == 'big' else [0, 1, 2, 3, 4, 5, 6, 7]
    bits = torch.stack([(t // (1 << s)) % 2 for s in shifts], -1)
    bits = bits.reshape(t.shape[:-1] + (t.shape[-1] * 8,))
    if count is not None:
        n = bits.shape[-1]
        if count < 0:
            count = builtins.max(n + count, 0)
        if count <= n:
            bits = bits[..., :count]
        else:
            bits = torch.cat([bits, torch.zeros(bits.shape[:-1] + (count - n,), dtype=torch.int64)], -1)
    return _wrap(_from_last(bits.to(torch.uint8), ax).contiguous())


def apply_over_axes(func, a, axes):
    val = asarray(a)
    n = val.ndim
    if not isinstance(axes, (list, tuple)):
        axes = (axes,)
    for axis in axes:
        if axis < 0:
            axis = n + axis
        res = func(val, axis)
        res = asarray(res)
        if res.ndim == val.ndim:
            val = res
        else:
            from numpy._funcs import expand_dims
            res = expand_dims(res, axis)
            if res.ndim == val.ndim:
                val = res
            else:
                raise ValueError('function is not returning an array of the correct shape')
    return val


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    from numpy._more import histogram
    s = asarray(sample)
    if s.ndim == 1:
        s = s.reshape(-1, 1)
    n, d = s.shape
    if isinstance(bins, builtins.int):
        bins = [bins] * d
    edges = []
    for i in builtins.range(d):
        col = s[:, i]
        b = bins[i]
        r = None if range is None else range[i]
        if isinstance(b, builtins.int):
            edges.append(histogram(col, b, r)[1])
        else:
            edges.append(asarray(b).astype('float64'))
    counts = [len(e) - 1 for e in edges]
    hist = torch.zeros(tuple(counts), dtype=torch.float64)
    w = None if weights is None else asarray(weights).astype('float64').tolist()
    rows = s.astype('float64').tolist()
    ed = [e.tolist() for e in edges]
    for k, row in enumerate(rows):
        idx = []
        for i, v in enumerate(row):
            e = ed[i]
            if v < e[0] or v > e[-1]:
                break
            j = _bin_of(e, v)
            idx.append(j)
        else:
            hist[tuple(idx)] += 1.0 if w is None else w[k]
    if density:
        total = hist.sum()
        for i, e in enumerate(edges):
            shape = [1] * d
            shape[i] = counts[i]
            widths = torch.tensor([e.tolist()[j + 1] - e.tolist()[j] for j in builtins.range(counts[i])],
                                  dtype=torch.float64).reshape(shape)
            hist = hist / widths
        hist = hist / total
    return _wrap(hist), edges


def _bin_of(e, v):
    """numpy's bin: the last edge's value falls in the last bin."""
    if v == e[-1]:
        return len(e) - 2
    lo, hi = 0, len(e) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if e[mid] <= v:
            lo = mid
        else:
            hi = mid
    return lo


def fromfile(file, dtype=float, count=-1, sep='', offset=0, *, like=None):
    from numpy._npyio import frombuffer
    if hasattr(file, 'read'):
        if offset:
            file.seek(offset, 1)
        data = file.read()
    else:
        import os
        f = open(os.fspath(file), 'rb')
        f.seek(offset)
        data = f.read()
        f.close()
    if sep:
        text = data.decode() if isinstance(data, bytes) else data
        parts = [p for p in text.replace('\n', sep).split(sep) if p.strip()]
        if count >= 0:
            parts = parts[:count]
        d = _dtype_of(dtype)
        vals = [float(p) if d.kind == 'f' else int(p) for p in parts]
        return array(vals, dtype=d)
    d = _dtype_of(dtype)
    if count >= 0:
        data = data[:count * d.itemsize]
    else:
        data = data[:len(data) - len(data) % d.itemsize]
    return frombuffer(data, dtype=d)
