# numpy/_scalars.py: the behaviour of numpy's scalar types (np.float64(1.5),
# np.int8(3), np.bool_(True)): construction, numpy's printing of scalars
# (1.24 prints np.float64(1.5) as 1.5), conversion, and arithmetic through
# the ufuncs as 0-d operands (numpy/_ufunc.py installs the operators).
import builtins
import struct
import torch
from numpy._dtypes import generic, _SCALAR_TYPES, _BY_NAME, _int_range, _engine


def _wrap_int(v, d):
    lo, hi = _int_range(d)
    span = hi - lo + 1
    return (v - lo) % span + lo


def _to_float32(v):
    try:
        return struct.unpack('<f', struct.pack('<f', v))[0]
    except OverflowError:  # past the largest finite value: rounds to infinity
        return float('inf') if v > 0 else float('-inf')


def _to_float16(v):
    try:
        return struct.unpack('<e', struct.pack('<e', v))[0]
    except OverflowError:  # past the largest finite value: rounds to infinity
        return float('inf') if v > 0 else float('-inf')


def _coerce(value, d):
    """value (a Python number or string) as the Python value a scalar of
    dtype d holds."""
    if hasattr(value, '_t') and hasattr(value, 'item'):
        value = value.item()
    elif isinstance(value, generic):
        value = value.item()
    k = d.kind
    if k == 'b':
        return builtins.bool(value)
    if k in 'iu':
        if isinstance(value, builtins.str):
            value = builtins.int(value)
        if isinstance(value, builtins.float):
            if value != value:
                raise ValueError('cannot convert float NaN to integer')
            value = builtins.int(value)
        value = builtins.int(value)
        lo, hi = _int_range(d)
        if value < lo or value > hi:
            if isinstance(value, builtins.int):
                raise OverflowError('Python integer ' + str(value) + ' out of bounds for ' + d.name)
        return value
    if k == 'f':
        v = builtins.float(value)
        if d.itemsize == 4:
            try:
                return _to_float32(v)
            except OverflowError:
                return float('inf') if v > 0 else float('-inf')
        if d.itemsize == 2:
            try:
                return _to_float16(v)
            except OverflowError:
                return float('inf') if v > 0 else float('-inf')
        return v
    return builtins.complex(value)


def _make_new(d):
    def __new__(cls, value=0, *args, **kwargs):
        if isinstance(value, (list, tuple)) or hasattr(value, '_t') and getattr(value, 'ndim', 0) > 0:
            from numpy._creation import array
            return array(value, dtype=d)
        v = _coerce(value, d)
        if cls.__mro__[-2] in (builtins.float, builtins.complex):
            return cls.__mro__[-2].__new__(cls, v)
        self = object.__new__(cls)
        self._v = v
        return self
    return __new__


def _float32_repr(v):
    """The shortest digits that read back as the same float32, in Python's
    repr layout (numpy prints float32 scalars so)."""
    if v != v:
        return 'nan'
    if v in (float('inf'), float('-inf')):
        return 'inf' if v > 0 else '-inf'
    if v == 0:
        return '-0.0' if struct.pack('<f', v)[3] & 0x80 else '0.0'
    for p in range(1, 10):
        s = '%.*e' % (p - 1, v)
        if _to_float32(builtins.float(s)) == v:
            return repr(builtins.float(s))
    return repr(v)


def _float16_repr(v):
    if v != v or v in (float('inf'), float('-inf')) or v == 0:
        return _float32_repr(v)
    for p in range(1, 6):
        s = '%.*e' % (p - 1, v)
        if _to_float16(builtins.float(s)) == v:
            return repr(builtins.float(s))
    return repr(v)


def _scalar_repr(self):
    d = self.dtype
    v = self.item()
    if d.kind == 'f' and d.itemsize == 4:
        return _float32_repr(v)
    if d.kind == 'f' and d.itemsize == 2:
        return _float16_repr(v)
    if d.kind == 'f':
        return builtins.float.__repr__(builtins.float(v))
    return repr(v)


def _item(self, *args):
    base = self.__class__.__mro__[-2]
    if base is builtins.float:
        return builtins.float.__float__(self)
    if base is builtins.complex:
        return builtins.complex.__complex__(self)
    return self._v


def _install():
    for name, cls in _SCALAR_TYPES.items():
        d = _BY_NAME[name]
        cls.__new__ = _make_new(d)
    generic.item = _item
    generic.__repr__ = _scalar_repr
    generic.__str__ = _scalar_repr
    generic.dtype = property(lambda self: self.__class__._np_dtype)
    generic.shape = property(lambda self: ())
    generic.ndim = property(lambda self: 0)
    generic.size = property(lambda self: 1)
    generic.itemsize = property(lambda self: self.__class__._np_dtype.itemsize)
    generic.nbytes = property(lambda self: self.__class__._np_dtype.itemsize)
    generic.strides = property(lambda self: ())
    generic.T = property(lambda self: self)
    generic.real = property(lambda self: self)
    generic.base = property(lambda self: None)
    generic.__float__ = lambda self: builtins.float(self.item())
    generic.__int__ = lambda self: builtins.int(self.item())
    generic.__bool__ = lambda self: builtins.bool(self.item())
    generic.__index__ = _index
    generic.__hash__ = lambda self: hash(self.item())
    generic.__format__ = lambda self, spec: format(self.item(), spec)
    generic.tolist = _item
    generic.astype = lambda self, dtype, **kw: _astype(self, dtype)
    generic.__array__ = lambda self, dtype=None: _as0d(self, dtype)
    generic.__round__ = lambda self, ndigits=None: round(self.item(), ndigits) if ndigits is not None \
        else round(self.item())
    generic.is_integer = lambda self: builtins.float(self.item()).is_integer()


def _index(self):
    if self.dtype.kind not in 'iub':
        raise TypeError("'numpy." + self.dtype.name + "' object cannot be interpreted as an integer")
    return builtins.int(self.item())


def _astype(self, dtype):
    from numpy._dtypes import _dtype_of
    d = _dtype_of(dtype)
    v = self.item()
    if d.kind in 'iu' and isinstance(v, builtins.float):
        v = builtins.int(v)
        return d.type(_wrap_int(v, d))
    if d.kind in 'iu':
        return d.type(_wrap_int(builtins.int(v), d))
    return d.type(v)


def _as0d(self, dtype=None):
    from numpy._creation import array
    return array(self, dtype=dtype)


_install()


def _borrow_array_methods():
    """numpy's scalars answer the array methods (x.all(), x.round(2),
    x.reshape(1)) as a 0-d array would; called once the array methods
    exist."""
    from numpy._ndarray import ndarray

    def borrow(name):
        def method(self, *args, **kwargs):
            r = getattr(_as0d(self), name)(*args, **kwargs)
            if isinstance(r, ndarray) and r.ndim == 0:
                return r.dtype.type(r.item())
            return r
        method.__name__ = name
        return method
    for name in ('all', 'any', 'sum', 'prod', 'mean', 'std', 'var', 'max', 'min', 'argmax', 'argmin', 'cumsum',
                 'cumprod', 'ptp', 'reshape', 'ravel', 'flatten', 'squeeze', 'transpose', 'swapaxes', 'copy',
                 'round', 'clip', 'tobytes', 'view', 'conj', 'conjugate', 'nonzero', 'repeat', 'take',
                 'diagonal', 'trace', 'dot', 'searchsorted', 'sort', 'argsort'):
        if hasattr(ndarray, name) and name not in generic.__dict__:
            setattr(generic, name, borrow(name))
