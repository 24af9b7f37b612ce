# numpy/_ufunc.py: numpy's universal functions (np.add, np.sqrt, ...) and
# the operators of arrays and scalars, which call them.
#
# Note [numpy's loop types]
# ~~~~~~~~~~~~~~~~~~~~~~~~~
# A ufunc picks the dtype it computes in from its operands as numpy 1.24
# does: result_type with value-based casting of Python scalars and 0-d
# operands (numpy/_dtypes.py), then the ufunc's own rule: arithmetic keeps
# it; true division of integers is float64; float functions (sqrt, exp)
# take the smallest float type the input casts to safely (int8 -> float16,
# int32 -> float64); comparisons compute in it and give bool. The operands
# are cast to that dtype and the engine's op runs on them, so the result
# is numpy's dtype whatever the engine's own promotion would have said.
# When every operand is 0-d the result is a numpy scalar.
import builtins
import torch
import numpy._fperr as _fperr
from numpy._umath import nonfinite as _nonfinite
from numpy._dtypes import dtype, generic, _dtype_of, _engine, _BY_NAME, _scalar_default, _result_dtype, \
    promote_types, can_cast, _int_range
from numpy._ndarray import ndarray, _wrap, _scalar, _shape_str


from numpy._fast import unop as _unop
# set while an operator of numpy scalars runs (numpy's scalar math)
_scalar_math = [False]
_UNARY_CODES = {'sqrt': 0, 'exp': 1, 'log': 2, 'log1p': 3, 'sin': 4, 'cos': 5, 'tanh': 6, 'negative': 7,
                'absolute': 8}
_BINARY_CODES = {'add': 0, 'subtract': 1, 'multiply': 2, 'divide': 3, 'equal': 4, 'not_equal': 5, 'less': 6,
                 'less_equal': 7, 'greater': 8, 'greater_equal': 9}


class _Operand:
    __slots__ = ('t', 'd', 'value', 'dims')

    def __init__(self, t, d, value, dims):
        self.t = t
        self.d = d
        self.value = value
        self.dims = dims


def _operand(x):
    if isinstance(x, ndarray):
        t = x._t
        return _Operand(t, x._dt, None, t.ndim > 0)
    if isinstance(x, generic):
        d = x.dtype
        return _Operand(None, d, x.item(), False)
    if isinstance(x, (builtins.bool, builtins.int, builtins.float, builtins.complex)):
        return _Operand(None, _scalar_default(x), x, False)
    from numpy._creation import asarray
    return _operand(asarray(x))


def _common_dtype(ops):
    arrays = [o.d for o in ops if o.dims]
    scalars = []
    for o in ops:
        if not o.dims:
            v = o.value
            if v is None and arrays and o.t is not None:
                v = o.t.item()
            scalars.append((o.d, v))
    return _result_dtype(arrays, scalars)


def _tensor(o, d):
    e = _engine(d)
    if o.t is None:
        v = o.value
        if d.kind in 'iu' and isinstance(v, builtins.float):
            v = builtins.int(v)
        if type(v) is builtins.int and not -(1 << 63) <= v < (1 << 63):
            if d.kind == 'f':
                v = builtins.float(v)
            elif d.name == 'uint64' and v < (1 << 64):  # its int64 bits
                return torch.tensor(v - (1 << 64), dtype=torch.int64).to(e)
        return torch.tensor(v, dtype=e)
    if o.t.dtype != e:
        return o.t.to(e)
    return o.t


def _broadcast_error(ops):
    shapes = ' '.join(_shape_str(tuple(o.t.shape)) if o.t is not None else '()' for o in ops)
    return ValueError('operands could not be broadcast together with shapes ' + shapes + ' ')


def _finish(r, ops, out, uf, where=True):
    if out is not None:
        target = out[0] if isinstance(out, tuple) else out
        if not isinstance(target, ndarray):
            raise TypeError('return arrays must be of ArrayType')
        rd = _from_t(r)
        if not can_cast(rd, target._dt, 'same_kind'):
            raise TypeError("Cannot cast ufunc '" + uf + "' output from " + repr(rd) + ' to ' +
                            repr(target._dt) + " with casting rule 'same_kind'")
        src = r.to(target._t.dtype)
        if where is not True:
            src = torch.where(_where_mask(where), src, target._t)
        target._t.copy_(src.expand(target._t.shape) if src.shape != target._t.shape else src)
        return target
    if any(o.dims for o in ops):
        return _wrap(r)
    return _scalar(r.item(), _from_t(r))


def _where_mask(where):
    from numpy._creation import asarray
    w = asarray(where)
    return w._t.to(torch.bool)


def _from_t(t):
    from numpy._dtypes import _from_engine
    return _from_engine(t.dtype)


class ufunc:
    """A numpy universal function: elementwise over broadcast operands, with
    out=, where=, dtype= and (for binary ones) reduce, accumulate, outer."""
    __slots__ = ('__name__', 'nin', 'nout', '_rule', '_fn', 'identity', '_reduce_fn', '_acc_fn', '_scalar_ok',
                 '_ucode', '_bcode')

    def __init__(self, name, nin, rule, fn, identity=None, reduce_fn=None, acc_fn=None):
        self.__name__ = name
        self.nin = nin
        self.nout = 1
        self._rule = rule
        self._fn = fn
        self.identity = identity
        self._reduce_fn = reduce_fn
        self._acc_fn = acc_fn
        # numpy._fast's number of this function, where it has one (Note
        # [ndarray fast paths])
        self._ucode = _UNARY_CODES.get(name, -1)
        self._bcode = _BINARY_CODES.get(name, -1)
        # the engine's own arithmetic and comparisons take a Python number
        # as it is; the fast path hands one only to those
        self._scalar_ok = fn in (torch.add, torch.sub, torch.mul, torch.div, torch.eq, torch.ne, torch.lt, torch.le,
                                 torch.gt, torch.ge)

    @property
    def nargs(self):
        return self.nin + self.nout

    @property
    def ntypes(self):
        return len(self.types)

    @property
    def types(self):
        return []

    @property
    def signature(self):
        return None

    def __repr__(self):
        return "<ufunc '" + self.__name__ + "'>"

    def _fast(self, a, b):
        """The common case of a binary ufunc without keywords: two arrays of
        one dtype, or an array and a Python number that leaves its dtype
        as it is (numpy's value-based rule, in short); None otherwise."""
        if type(a) is not ndarray:
            return None
        d = a._dt
        x = a._t
        if not x.ndim:
            return None
        tb = type(b)
        if tb is ndarray:
            if b._dt is not d or not b._t.ndim:
                return None
            y = b._t
        elif tb is builtins.float or tb is builtins.int:
            if not self._scalar_ok or not _keeps(d, b):
                return None
            y = b
        else:
            return None
        loop, result = self._rule(d, None, self.__name__)
        if loop is not d:
            return None
        try:
            r = self._fn(x, y)
        except (RuntimeError, TypeError):
            return None  # the general path raises numpy's error, or takes a scalar this one cannot
        if result is not None and r.dtype != torch.bool:
            return None
        if r.dtype.is_floating_point and _nonfinite(r):
            _fperr.check(r, (x, y), self.__name__)
        return _wrap(r)

    def __call__(self, *args, out=None, where=True, dtype=None, casting='same_kind', order='K', subok=True):
        if self._ucode >= 0 and len(args) == 1 and out is None and where is True and dtype is None:
            r = _unop(self._ucode, args[0])
            if r is not None:
                return r
        if out is None and where is True and dtype is None and self.nin == 2 and len(args) == 2:
            r = self._fast(args[0], args[1])
            if r is not None:
                return r
        if len(args) == self.nin + 1 and out is None:
            out = args[-1]
            args = args[:-1]
        if len(args) != self.nin:
            raise TypeError(self.__name__ + '() takes from ' + str(self.nin) + ' to ' + str(self.nin + 1) +
                            ' positional arguments but ' + str(len(args)) + ' were given')
        ops = [_operand(a) for a in args]
        common = _common_dtype(ops) if dtype is None else _dtype_of(dtype)
        loop, result = self._rule(common, ops, self.__name__)
        ts = [_tensor(o, loop) for o in ops]
        try:
            r = self._fn(*ts)
        except RuntimeError as e:
            msg = str(e)
            if 'must match the size' in msg or 'broadcast' in msg:
                raise _broadcast_error(ops) from None
            raise
        if result is not None and r.dtype != _engine(result):
            r = r.to(_engine(result))
        if r.dtype.is_floating_point:  # numpy's scalar math words its warnings "in scalar add"
            _fperr.check(r, ts, ('scalar ' if _scalar_math[0] else '') + self.__name__)
        if where is not True and out is None:
            r = torch.where(_where_mask(where), r, torch.zeros_like(r))
        return _finish(r, ops, out, self.__name__, where)

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=None, where=True):
        if self._reduce_fn is None:
            raise ValueError('reduce only supported for binary functions')
        from numpy._reduce import _ufunc_reduce
        return _ufunc_reduce(self, array, axis, dtype, out, keepdims, initial)

    def accumulate(self, array, axis=0, dtype=None, out=None):
        if self._acc_fn is None:
            raise ValueError('accumulate only supported for binary functions')
        from numpy._reduce import _ufunc_accumulate
        return _ufunc_accumulate(self, array, axis, dtype, out)

    def outer(self, A, B, **kwargs):
        from numpy._creation import asarray
        a = asarray(A)
        b = asarray(B)
        return self(a.reshape(a.shape + (1,) * b.ndim), b, **kwargs)


def _keeps(d, v):
    """Whether Python number v meeting an array of dtype d leaves the
    result in d (numpy 1.24's value-based casting, in its common cases)."""
    k = d.kind
    if type(v) is builtins.int:  # the int's smallest type, (u)int8 or (u)int16, promoted with d
        if k == 'f':
            return d.itemsize == 8 or (-32768 <= v <= 65535 if d.itemsize == 4 else -128 <= v <= 255)
        if k == 'i' or k == 'u':
            lo, hi = _int_range(d)
            return lo <= v <= hi
        return False
    if k == 'f':  # numpy's min_scalar_type of a float: half within 65000, float within 3.4e38
        if d.itemsize == 8 or v != v or v in (float('inf'), float('-inf')):
            return True
        return -65000.0 < v < 65000.0 if d.itemsize == 2 else -3.4e38 < v < 3.4e38
    return False


# ---- loop rules ----------------------------------------------------------

def _same(common, ops, name):
    return common, None


def _arith(common, ops, name):
    if common.kind == 'b' and name in ('subtract',):
        raise TypeError('numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` '
                        'operator, or the logical_xor function instead.')
    return common, None


def _no_bool(common, ops, name):
    if common.kind == 'b':
        if name == 'negative':
            raise TypeError('The numpy boolean negative, the `-` operator, is not supported, use the `~` operator '
                            'or the logical_not function instead.')
        common = _BY_NAME['int8']
    return common, None


def _to_float(common, ops, name):
    if common.kind in 'fc':
        return common, None
    d = promote_types(common, _BY_NAME['float16'])
    return d, None


def _true_div(common, ops, name):
    if common.kind in 'fc':
        return common, None
    return _BY_NAME['float64'], None


def _compare(common, ops, name):
    return common, _BY_NAME['bool']


def _logical(common, ops, name):
    return _BY_NAME['bool'], None


def _integral(common, ops, name):
    if common.kind not in 'biu':
        raise TypeError("ufunc '" + name + "' not supported for the input types, and the inputs could not be "
                        "safely coerced to any supported types according to the casting rule ''safe''")
    return common, None


def _int_div(fn, name):
    def run(a, b):
        if a.dtype.is_floating_point:
            return fn(a, b)
        zero = b == 0
        if builtins.bool(zero.any()):
            _fperr.report('divide', name)
        r = fn(a, torch.where(zero, torch.ones_like(b), b))
        return torch.where(zero, torch.zeros_like(r), r)
    return run


def _power(a, b):
    if not a.dtype.is_floating_point and a.dtype != torch.bool and builtins.bool((b < 0).any()):
        raise ValueError('Integers to negative integer powers are not allowed.')
    return torch.pow(a, b)


def _float_fn(name):
    f = getattr(torch, name)
    return f


def _isnan(t):
    return t != t


def _isinf(t):
    if not t.dtype.is_floating_point:
        return torch.zeros_like(t, dtype=torch.bool)
    return t.abs() == float('inf')


def _isfinite(t):
    if not t.dtype.is_floating_point:
        return torch.ones_like(t, dtype=torch.bool)
    return (t - t) == 0


def _sign(t):
    return torch.sign(t)


def _square(t):
    return t * t


def _abs(t):
    return t if t.dtype == torch.bool else torch.abs(t)


def _positive(t):
    return t.clone()


def _reciprocal(t):
    if t.dtype.is_floating_point:
        return torch.reciprocal(t)
    # integer reciprocal: 1/x truncated, as numpy's integer loop
    return torch.where(t.abs() == 1, t, torch.zeros_like(t))


def _invert(t):
    return torch.logical_not(t) if t.dtype == torch.bool else torch.bitwise_not(t)


def _maximum(a, b):
    return torch.maximum(a, b)


def _minimum(a, b):
    return torch.minimum(a, b)


def _ldexp_free(name):
    return None


add = ufunc('add', 2, _arith, torch.add, 0, 'sum', 'cumsum')
subtract = ufunc('subtract', 2, _arith, torch.sub, None)
multiply = ufunc('multiply', 2, _arith, torch.mul, 1, 'prod', 'cumprod')
true_divide = ufunc('divide', 2, _true_div, torch.div, None)
divide = true_divide
floor_divide = ufunc('floor_divide', 2, _no_bool, _int_div(torch.floor_divide, 'floor_divide'), None)
remainder = ufunc('remainder', 2, _no_bool, _int_div(torch.remainder, 'remainder'), None)
mod = remainder
power = ufunc('power', 2, _no_bool, _power, None)
maximum = ufunc('maximum', 2, _same, _maximum, None, 'max')
minimum = ufunc('minimum', 2, _same, _minimum, None, 'min')
equal = ufunc('equal', 2, _compare, torch.eq, None)
not_equal = ufunc('not_equal', 2, _compare, torch.ne, None)
less = ufunc('less', 2, _compare, torch.lt, None)
less_equal = ufunc('less_equal', 2, _compare, torch.le, None)
greater = ufunc('greater', 2, _compare, torch.gt, None)
greater_equal = ufunc('greater_equal', 2, _compare, torch.ge, None)
logical_and = ufunc('logical_and', 2, _logical, torch.logical_and, True, 'all')
logical_or = ufunc('logical_or', 2, _logical, torch.logical_or, False, 'any')
logical_xor = ufunc('logical_xor', 2, _logical, torch.logical_xor, False)
logical_not = ufunc('logical_not', 1, _logical, torch.logical_not, None)
bitwise_and = ufunc('bitwise_and', 2, _integral, torch.bitwise_and, -1)
bitwise_or = ufunc('bitwise_or', 2, _integral, torch.bitwise_or, 0)
bitwise_xor = ufunc('bitwise_xor', 2, _integral, torch.bitwise_xor, 0)
invert = ufunc('invert', 1, _integral, _invert, None)
bitwise_not = invert
negative = ufunc('negative', 1, _no_bool, torch.neg, None)
positive = ufunc('positive', 1, _same, _positive, None)
absolute = ufunc('absolute', 1, _same, _abs, None)
abs = absolute
sign = ufunc('sign', 1, _no_bool, _sign, None)
square = ufunc('square', 1, _no_bool, _square, None)
reciprocal = ufunc('reciprocal', 1, _no_bool, _reciprocal, None)
isnan = ufunc('isnan', 1, _compare, _isnan, None)
isinf = ufunc('isinf', 1, _compare, _isinf, None)
isfinite = ufunc('isfinite', 1, _compare, _isfinite, None)
sqrt = ufunc('sqrt', 1, _to_float, torch.sqrt, None)
exp = ufunc('exp', 1, _to_float, torch.exp, None)
log = ufunc('log', 1, _to_float, torch.log, None)
log1p = ufunc('log1p', 1, _to_float, torch.log1p, None)
sin = ufunc('sin', 1, _to_float, torch.sin, None)
cos = ufunc('cos', 1, _to_float, torch.cos, None)
tanh = ufunc('tanh', 1, _to_float, torch.tanh, None)


def _install_operators():
    from numpy._fast import register
    from numpy._dtypes import _BY_ENGINE
    register(ndarray, list(_BY_ENGINE.items()), _scalar)

    def binop(uf):
        def op(self, other):
            r = uf._fast(self, other)
            if r is not None:
                return r
            if not isinstance(other, (ndarray, generic, builtins.int, builtins.float, builtins.bool,
                                      builtins.complex, list, tuple)) or isinstance(other, torch.Tensor):
                return NotImplemented
            return uf(self, other)
        return op

    def rbinop(uf):
        def op(self, other):
            if not isinstance(other, (ndarray, generic, builtins.int, builtins.float, builtins.bool,
                                      builtins.complex, list, tuple)) or isinstance(other, torch.Tensor):
                return NotImplemented
            return uf(other, self)
        return op

    def ibinop(uf):
        def op(self, other):
            uf(self, other, out=self)
            return self
        return op

    # Note [numpy scalar fast path]: float64 and int64 scalars (what sums,
    # means and indexing of default arrays give) meeting a Python int or
    # float or one another compute in Python's own arithmetic, which is
    # numpy's for them: float64 is C's double; int64 is exact while the
    # result stays in int64's range; an int meets a float as numpy converts
    # it, while both stay under 2^53. Whatever else (a zero divisor, a
    # result past the range, a non-finite float that numpy may warn about)
    # takes the ufunc.
    import operator
    f64, i64, b1 = _BY_NAME['float64'], _BY_NAME['int64'], _BY_NAME['bool']
    f64t, i64t = f64.type, i64.type
    exact = 1 << 53

    def scalar_value(x):
        t = type(x)
        if t is builtins.float:
            return x, False
        if t is builtins.int:
            return x, True
        if t is f64t:
            return builtins.float(x), False
        if t is i64t:
            return x._v, True
        return None, False

    def scalar_fast(a, b, pyop, kind):
        x, xi = scalar_value(a)
        y, yi = scalar_value(b)
        if x is None or y is None:
            return None
        ints = xi and yi
        if not ints and ((xi and not -exact < x < exact) or (yi and not -exact < y < exact)):
            return None
        if ints and kind == 'div' and not (-exact < x < exact and -exact < y < exact):
            return None
        try:
            r = pyop(x, y)
        except ZeroDivisionError:
            return None
        if kind == 'cmp':
            return _scalar(r, b1)
        if type(r) is builtins.int:
            return _scalar(r, i64) if -(1 << 63) <= r < (1 << 63) else None
        if type(r) is builtins.float and r - r == 0:
            return builtins.float.__new__(f64t, r)
        return None

    def scalar_math(general):
        def op(self, other):
            _scalar_math[0] = not isinstance(other, ndarray)
            try:
                return general(self, other)
            finally:
                _scalar_math[0] = False
        return op

    def sbinop(uf, pyop, kind):
        general = scalar_math(binop(uf))

        def op(self, other):
            r = scalar_fast(self, other, pyop, kind)
            return general(self, other) if r is None else r
        return op

    def srbinop(uf, pyop, kind):
        general = scalar_math(rbinop(uf))

        def op(self, other):
            r = scalar_fast(other, self, pyop, kind)
            return general(self, other) if r is None else r
        return op

    table = [('add', add), ('sub', subtract), ('mul', multiply), ('truediv', true_divide),
             ('floordiv', floor_divide), ('mod', remainder), ('pow', power), ('and', bitwise_and),
             ('or', bitwise_or), ('xor', bitwise_xor)]
    fast_ops = {'add': (operator.add, 'arith'), 'sub': (operator.sub, 'arith'), 'mul': (operator.mul, 'arith'),
                'truediv': (operator.truediv, 'div')}
    compares = [('eq', equal, operator.eq), ('ne', not_equal, operator.ne), ('lt', less, operator.lt),
                ('le', less_equal, operator.le), ('gt', greater, operator.gt), ('ge', greater_equal, operator.ge)]
    for name, uf in table:
        if name in fast_ops:
            pyop, kind = fast_ops[name]
            setattr(generic, '__' + name + '__', sbinop(uf, pyop, kind))
            setattr(generic, '__r' + name + '__', srbinop(uf, pyop, kind))
    for name, uf, pyop in compares:
        setattr(generic, '__' + name + '__', sbinop(uf, pyop, 'cmp'))
    for cls in (ndarray, generic):
        for name, uf in table:
            if cls is ndarray:
                setattr(cls, '__' + name + '__', binop(uf))
                setattr(cls, '__r' + name + '__', rbinop(uf))
            elif name not in fast_ops:
                setattr(cls, '__' + name + '__', scalar_math(binop(uf)))
                setattr(cls, '__r' + name + '__', scalar_math(rbinop(uf)))
        if cls is ndarray:
            for name, uf, pyop in compares:
                setattr(cls, '__' + name + '__', binop(uf))
        setattr(cls, '__neg__', lambda self: negative(self))
        setattr(cls, '__pos__', lambda self: positive(self))
        setattr(cls, '__abs__', lambda self: absolute(self))
        setattr(cls, '__invert__', lambda self: invert(self))
    for name, uf in table:
        setattr(ndarray, '__i' + name + '__', ibinop(uf))
    ndarray.__divmod__ = lambda self, other: (floor_divide(self, other), remainder(self, other))


_install_operators()
ufunc.__module__ = 'numpy'
