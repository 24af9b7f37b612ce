# numpy/_dtypes.py: numpy's dtypes and scalar types, and its type promotion
# (numpy 1.24): promote_types, can_cast, result_type with the value-based
# casting of Python scalars and 0-d arrays that 1.24 still applies.
#
# A dtype names the engine dtype that holds its arrays (`_torch`); numpy
# dtypes the engine does not have yet have none, and an array of one is
# refused with a TypeError that says so.
import builtins
import torch

# name, char, kind, itemsize, number, engine dtype name
_TABLE = [
    ('bool', '?', 'b', 1, 0, 'bool'),
    ('int8', 'b', 'i', 1, 1, 'int8'),
    ('uint8', 'B', 'u', 1, 2, 'uint8'),
    ('int16', 'h', 'i', 2, 3, 'int16'),
    ('uint16', 'H', 'u', 2, 4, 'uint16'),
    ('int32', 'i', 'i', 4, 5, 'int32'),
    ('uint32', 'I', 'u', 4, 6, 'uint32'),
    ('int64', 'l', 'i', 8, 7, 'int64'),
    ('uint64', 'L', 'u', 8, 8, 'uint64'),
    ('float16', 'e', 'f', 2, 23, 'float16'),
    ('float32', 'f', 'f', 4, 11, 'float32'),
    ('float64', 'd', 'f', 8, 12, 'float64'),
    ('complex64', 'F', 'c', 8, 14, 'complex64'),
    ('complex128', 'D', 'c', 16, 15, 'complex128'),
]
# The order in which promotion looks for the smallest common type.
_ORDER = [row[0] for row in _TABLE]


class dtype:
    """A numpy data type: dtype('float64'), np.dtype(float), np.dtype('f4')."""
    __slots__ = ('name', 'char', 'kind', 'itemsize', 'num', 'type', '_torch', '_rank')

    def __new__(cls, obj, align=False, copy=False):
        return _dtype_of(obj)

    @property
    def str(self):
        order = '|' if self.itemsize == 1 else '<'
        return order + self.kind + builtins.str(self.itemsize)

    @property
    def byteorder(self):
        return '|' if self.itemsize == 1 else '='

    @property
    def alignment(self):
        return self.itemsize if self.kind != 'c' else self.itemsize // 2

    @property
    def descr(self):
        return [('', self.str)]

    @property
    def shape(self):
        return ()

    @property
    def ndim(self):
        return 0

    @property
    def names(self):
        return None

    @property
    def fields(self):
        return None

    @property
    def subdtype(self):
        return None

    @property
    def base(self):
        return self

    @property
    def isbuiltin(self):
        return 1

    @property
    def isnative(self):
        return True

    @property
    def hasobject(self):
        return False

    @property
    def flags(self):
        return 0

    @property
    def metadata(self):
        return None

    def newbyteorder(self, new_order='S'):
        if self.itemsize == 1 or new_order in ('=', '<', 'L', 'little', 'native', 'N', '|', 'I'):
            return self
        raise TypeError('cgrad: big-endian dtypes are not supported')

    def __repr__(self):
        return "dtype('" + self.name + "')"

    def __str__(self):
        return self.name

    def __eq__(self, other):
        if isinstance(other, dtype):
            return other is self
        try:
            return _dtype_of(other) is self
        except (TypeError, ValueError):
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(('numpy.dtype', self.name))

    def __reduce__(self):
        return (dtype, (self.str[1:],))

    def __lt__(self, other):
        other = _dtype_of(other)
        return self is not other and can_cast(self, other)

    def __le__(self, other):
        return can_cast(self, _dtype_of(other))

    def __gt__(self, other):
        other = _dtype_of(other)
        return self is not other and can_cast(other, self)

    def __ge__(self, other):
        return can_cast(_dtype_of(other), self)


_BY_NAME = {}
for _rank, (_name, _char, _kind, _size, _num, _tname) in enumerate(_TABLE):
    _d = object.__new__(dtype)
    _d.name = _name
    _d.char = _char
    _d.kind = _kind
    _d.itemsize = _size
    _d.num = _num
    _d.type = None
    _d._torch = getattr(torch, _tname, None) if _tname else None
    _d._rank = _rank
    _BY_NAME[_name] = _d

_ALIASES = {
    'b1': 'bool', 'bool_': 'bool', 'bool8': 'bool', '?': 'bool',
    'i1': 'int8', 'byte': 'int8', 'b': 'int8',
    'u1': 'uint8', 'ubyte': 'uint8', 'B': 'uint8',
    'i2': 'int16', 'short': 'int16', 'h': 'int16',
    'u2': 'uint16', 'ushort': 'uint16', 'H': 'uint16',
    'i4': 'int32', 'intc': 'int32', 'i': 'int32',
    'u4': 'uint32', 'uintc': 'uint32', 'I': 'uint32',
    'i8': 'int64', 'int': 'int64', 'int_': 'int64', 'long': 'int64', 'longlong': 'int64', 'intp': 'int64',
    'l': 'int64', 'q': 'int64', 'p': 'int64',
    'u8': 'uint64', 'uint': 'uint64', 'ulonglong': 'uint64', 'uintp': 'uint64', 'L': 'uint64', 'Q': 'uint64',
    'P': 'uint64',
    'f2': 'float16', 'half': 'float16', 'e': 'float16',
    'f4': 'float32', 'single': 'float32', 'f': 'float32',
    'f8': 'float64', 'float': 'float64', 'double': 'float64', 'float_': 'float64', 'd': 'float64',
    'c8': 'complex64', 'csingle': 'complex64', 'singlecomplex': 'complex64', 'F': 'complex64',
    'c16': 'complex128', 'complex': 'complex128', 'cdouble': 'complex128', 'complex_': 'complex128',
    'cfloat': 'complex128', 'D': 'complex128',
}


def _dtype_from_string(s):
    key = s
    if len(s) > 1 and s[0] in '<>=|':
        if s[0] == '>' and s[1:] not in ('b1', 'i1', 'u1'):
            raise TypeError('cgrad: big-endian dtypes are not supported')
        key = s[1:]
    if key in _BY_NAME:
        return _BY_NAME[key]
    if key in _ALIASES:
        return _BY_NAME[_ALIASES[key]]
    raise TypeError("data type '" + s + "' not understood" if s.isidentifier() or True else s)


def _dtype_of(obj):
    """The dtype that obj names (np.dtype(obj)), or a TypeError as numpy's."""
    if obj is builtins.float:  # np.zeros(n)'s default, asked first
        return _BY_NAME['float64']
    if isinstance(obj, dtype):
        return obj
    if obj is None:
        return _BY_NAME['float64']
    if isinstance(obj, type):
        d = getattr(obj, '_np_dtype', None)
        if d is not None and isinstance(d, dtype):
            return d
        if obj is builtins.float:
            return _BY_NAME['float64']
        if obj is builtins.int:
            return _BY_NAME['int64']
        if obj is builtins.bool:
            return _BY_NAME['bool']
        if obj is builtins.complex:
            return _BY_NAME['complex128']
        if obj is object or obj is builtins.str or obj is bytes:
            raise TypeError('cgrad: numpy arrays of ' + obj.__name__ + ' objects are not supported')
        raise TypeError('Cannot interpret ' + repr(obj) + ' as a data type')
    if isinstance(obj, builtins.str):
        return _dtype_from_string(obj)
    if isinstance(obj, torch.dtype):
        for d in _BY_NAME.values():
            if d._torch == obj:
                return d
        raise TypeError('Cannot interpret ' + repr(obj) + ' as a data type')
    d = getattr(obj, 'dtype', None)
    if isinstance(d, dtype):
        return d
    raise TypeError("Cannot interpret '" + repr(obj) + "' as a data type")


def _engine(d):
    """The engine (torch) dtype of numpy dtype d, or a TypeError."""
    t = d._torch
    if t is None:
        raise TypeError('cgrad: numpy dtype ' + d.name + ' is not supported yet')
    return t


_BY_ENGINE = {d._torch: d for d in _BY_NAME.values() if d._torch is not None}


def _from_engine(tdtype):
    d = _BY_ENGINE.get(tdtype)
    if d is None:
        raise TypeError('cgrad: torch dtype ' + repr(tdtype) + ' has no numpy dtype')
    return d


# ---- promotion ----------------------------------------------------------

def _int_range(d):
    bits = 8 * d.itemsize
    if d.kind == 'u':
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


_MANTISSA = {'float16': 11, 'float32': 24, 'float64': 53, 'complex64': 24, 'complex128': 53}


def _safe(a, b):
    """numpy's 'safe' cast from dtype a to dtype b."""
    if a is b or a.kind == 'b':
        return True
    if b.kind == 'b':
        return False
    if a.kind in 'iu':
        if b.kind in 'iu':
            lo_a, hi_a = _int_range(a)
            lo_b, hi_b = _int_range(b)
            return lo_b <= lo_a and hi_a <= hi_b
        # an integer goes to a float that holds its every value, and
        # 64-bit integers to float64 (numpy's rule)
        if a.itemsize == 8:
            return _MANTISSA[b.name] == 53
        return _MANTISSA[b.name] > 8 * a.itemsize - (1 if a.kind == 'i' else 0)
    if a.kind == 'f':
        if b.kind == 'f':
            return b.itemsize >= a.itemsize
        if b.kind == 'c':
            return b.itemsize >= 2 * a.itemsize
        return False
    if a.kind == 'c':
        return b.kind == 'c' and b.itemsize >= a.itemsize
    return False


_PROMOTED = {}


def promote_types(type1, type2):
    """The smallest dtype to which both type1 and type2 cast safely."""
    a = type1 if type(type1) is dtype else _dtype_of(type1)
    b = type2 if type(type2) is dtype else _dtype_of(type2)
    if a is b:
        return a
    key = (a._rank, b._rank)
    hit = _PROMOTED.get(key)
    if hit is not None:
        return hit
    _PROMOTED[key] = r = _promote(a, b)
    return r


def _promote(a, b):
    for name in _ORDER:
        d = _BY_NAME[name]
        if _safe(a, d) and _safe(b, d):
            return d
    raise TypeError('invalid type promotion')


def can_cast(from_, to, casting='safe'):
    if casting not in ('no', 'equiv', 'safe', 'same_kind', 'unsafe'):
        raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'")
    to = _dtype_of(to)
    if isinstance(from_, (builtins.int, builtins.float, builtins.complex)) and not isinstance(from_, generic):
        raise TypeError("can_cast() does not support Python ints, floats, and complex because the result "
                        "used to depend on the value.\nThis change was part of adopting NEP 50, we may "
                        "explicitly allow them again in the future.")
    a = _dtype_of(from_)
    if casting == 'unsafe':
        return True
    if casting in ('no', 'equiv'):
        return a is to
    if _safe(a, to):
        return True
    if casting == 'same_kind':
        order = 'biufc'
        ka, kb = a.kind, to.kind
        if ka == 'u' and kb == 'i':
            return True
        return order.index(ka) <= order.index(kb) and not (ka == 'i' and kb == 'u')
    return False


_CATEGORY = {'b': 0, 'u': 1, 'i': 1, 'f': 2, 'c': 3}


def min_scalar_type(a):
    """numpy's smallest dtype holding the value a."""
    if isinstance(a, (builtins.bool, bool_)):
        return _BY_NAME['bool']
    if isinstance(a, builtins.int) and not isinstance(a, generic):
        return _min_int_type(a)
    if isinstance(a, builtins.float) and not isinstance(a, generic):
        return _min_float_type(a)
    if isinstance(a, builtins.complex):
        return _BY_NAME['complex64'] if _fits_float(a.real, 'float32') and _fits_float(a.imag, 'float32') \
            else _BY_NAME['complex128']
    d = _dtype_of(getattr(a, 'dtype', a))
    return d


def _min_int_type(v):
    if v >= 0:
        for name in ('uint8', 'uint16', 'uint32', 'uint64'):
            if v <= _int_range(_BY_NAME[name])[1]:
                return _BY_NAME[name]
        return _BY_NAME['float64']
    for name in ('int8', 'int16', 'int32', 'int64'):
        if v >= _int_range(_BY_NAME[name])[0]:
            return _BY_NAME[name]
    return _BY_NAME['float64']


_FLOAT_MAX = {'float16': 65504.0, 'float32': 3.4028234663852886e+38}


def _fits_float(v, name):
    return not (v == v) or v in (float('inf'), float('-inf')) or abs(v) <= _FLOAT_MAX[name]


def _min_float_type(v):
    if _fits_float(v, 'float16'):
        return _BY_NAME['float16']
    if _fits_float(v, 'float32'):
        return _BY_NAME['float32']
    return _BY_NAME['float64']


def _scalar_default(v):
    """The dtype numpy gives a Python scalar on its own."""
    if isinstance(v, builtins.bool):
        return _BY_NAME['bool']
    if isinstance(v, builtins.int):
        if -(1 << 63) <= v < (1 << 63):
            return _BY_NAME['int64']
        if 0 <= v < (1 << 64):
            return _BY_NAME['uint64']
        raise OverflowError('Python int too large to convert to C long')
    if isinstance(v, builtins.float):
        return _BY_NAME['float64']
    if isinstance(v, builtins.complex):
        return _BY_NAME['complex128']
    raise TypeError('not a scalar')


def _signed_min(v):
    """The smallest signed type holding a non-negative int v (numpy's small
    unsigned rule: a positive Python int meeting signed arrays)."""
    for name in ('int8', 'int16', 'int32', 'int64'):
        if v <= _int_range(_BY_NAME[name])[1]:
            return _BY_NAME[name]
    return _BY_NAME['uint64']


def _result_dtype(arrays, scalars):
    """numpy 1.24's result_type. arrays: dtypes of operands with a dimension;
    scalars: (dtype, value or None) of 0-d operands and Python scalars. A
    scalar's value decides its type when it is of a category no higher than
    the arrays' (value-based casting)."""
    if not arrays:
        ds = [d for d, v in scalars]
        r = ds[0]
        for d in ds[1:]:
            r = promote_types(r, d)
        return r
    r = arrays[0]
    for d in arrays[1:]:
        r = promote_types(r, d)
    top_array = _CATEGORY[r.kind]
    top_scalar = max(_CATEGORY[d.kind] for d, v in scalars) if scalars else -1
    if top_scalar > top_array:
        for d, v in scalars:
            r = promote_types(r, d)
        return r
    for d, v in scalars:
        r = promote_types(r, _value_type(d, v, r))
    return r


def _value_type(d, v, other):
    """The type a scalar of dtype d and value v counts as beside dtype other."""
    if v is None:
        return d
    if d.kind in 'iu':
        v = builtins.int(v)
        if v >= 0 and other.kind == 'i':
            return _signed_min(v)
        if v >= 0 and other.kind == 'f':
            return _min_int_type(v)
        return _min_int_type(v)
    if d.kind == 'f':
        return _min_float_type(builtins.float(v))
    if d.kind == 'c':
        return min_scalar_type(builtins.complex(v))
    return d


# ---- scalar types -------------------------------------------------------

class generic:
    """Base class of numpy's scalar types."""
    __slots__ = ()


class number(generic):
    __slots__ = ()


class integer(number):
    __slots__ = ()


class signedinteger(integer):
    __slots__ = ()


class unsignedinteger(integer):
    __slots__ = ()


class inexact(number):
    __slots__ = ()


class floating(inexact):
    __slots__ = ()


class complexfloating(inexact):
    __slots__ = ()


class flexible(generic):
    __slots__ = ()


class character(flexible):
    __slots__ = ()


class bool_(generic):
    __slots__ = ('_v',)


class int8(signedinteger):
    __slots__ = ('_v',)


class uint8(unsignedinteger):
    __slots__ = ('_v',)


class int16(signedinteger):
    __slots__ = ('_v',)


class uint16(unsignedinteger):
    __slots__ = ('_v',)


class int32(signedinteger):
    __slots__ = ('_v',)


class uint32(unsignedinteger):
    __slots__ = ('_v',)


class int64(signedinteger):
    __slots__ = ('_v',)


class uint64(unsignedinteger):
    __slots__ = ('_v',)


class float16(floating):
    __slots__ = ('_v',)


class float32(floating):
    __slots__ = ('_v',)


class float64(floating, builtins.float):
    __slots__ = ()


class complex64(complexfloating):
    __slots__ = ('_v',)


class complex128(complexfloating, builtins.complex):
    __slots__ = ()


_SCALAR_TYPES = {'bool': bool_, 'int8': int8, 'uint8': uint8, 'int16': int16, 'uint16': uint16,
                 'int32': int32, 'uint32': uint32, 'int64': int64, 'uint64': uint64, 'float16': float16,
                 'float32': float32, 'float64': float64, 'complex64': complex64, 'complex128': complex128}
for _name, _cls in _SCALAR_TYPES.items():
    _cls._np_dtype = _BY_NAME[_name]
    _BY_NAME[_name].type = _cls
    _cls.__module__ = 'numpy'
for _cls in (generic, number, integer, signedinteger, unsignedinteger, inexact, floating, complexfloating,
             flexible, character):
    _cls.__module__ = 'numpy'
