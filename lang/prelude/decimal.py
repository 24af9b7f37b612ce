"""decimal: decimal floating point as CPython 3.11's module (the General
Decimal Arithmetic Specification that libmpdec implements), written for
cgrad.

A Decimal is a sign, an int coefficient (cgrad's ints are GMP integers, so
coefficients of any length are exact) and an int exponent; or an infinity,
a quiet NaN or a signalling NaN (with an int payload). Every operation
works on the exact operands and rounds once, in _round_result, to the
context's precision and exponent limits: results are correctly rounded
for + - * / sqrt quantize and the integer operations; exp, ln, log10 and
non-integral powers are computed with guard digits, widened until the
rounding is certain (Note [Rounding by guard digits]).

Conditions go to the context in one batch per operation (_signal): every
flag is set, and the first trapped signal, in libmpdec's order, is raised
with the list of the trapped conditions, as CPython's C module does.

Not here: the C module's 'decimal.Decimal' in TypeError messages of mixed
arithmetic (cgrad says 'Decimal'); locale-aware 'n' formatting (as the C
locale)."""

import math as _math
import numbers as _numbers
import sys as _sys

__all__ = [
    'Decimal', 'Context', 'DecimalTuple', 'DefaultContext', 'BasicContext', 'ExtendedContext',
    'DecimalException', 'Clamped', 'InvalidOperation', 'DivisionByZero', 'Inexact', 'Rounded',
    'Subnormal', 'Overflow', 'Underflow', 'FloatOperation', 'DivisionImpossible', 'InvalidContext',
    'ConversionSyntax', 'DivisionUndefined', 'ROUND_DOWN', 'ROUND_HALF_UP', 'ROUND_HALF_EVEN',
    'ROUND_CEILING', 'ROUND_FLOOR', 'ROUND_UP', 'ROUND_HALF_DOWN', 'ROUND_05UP', 'setcontext',
    'getcontext', 'localcontext', 'MAX_PREC', 'MAX_EMAX', 'MIN_EMIN', 'MIN_ETINY', 'HAVE_THREADS',
    'HAVE_CONTEXTVAR']

__version__ = '1.70'
__libmpdec_version__ = '2.5.1'

ROUND_DOWN = 'ROUND_DOWN'
ROUND_HALF_UP = 'ROUND_HALF_UP'
ROUND_HALF_EVEN = 'ROUND_HALF_EVEN'
ROUND_CEILING = 'ROUND_CEILING'
ROUND_FLOOR = 'ROUND_FLOOR'
ROUND_UP = 'ROUND_UP'
ROUND_HALF_DOWN = 'ROUND_HALF_DOWN'
ROUND_05UP = 'ROUND_05UP'
_ROUNDINGS = (ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_DOWN,
              ROUND_HALF_EVEN, ROUND_05UP)

MAX_PREC = 999999999999999999
MAX_EMAX = 999999999999999999
MIN_EMIN = -999999999999999999
MIN_ETINY = MIN_EMIN - (MAX_PREC - 1)
HAVE_THREADS = True
HAVE_CONTEXTVAR = True


# ---- signals and conditions ----

def _signal_class(name, *bases):
    """A signal or condition of the module: a plain exception class, as the
    C module makes them."""
    return type(name, bases, {'__module__': 'decimal'})


DecimalException = _signal_class('DecimalException', ArithmeticError)
Clamped = _signal_class('Clamped', DecimalException)
InvalidOperation = _signal_class('InvalidOperation', DecimalException)
ConversionSyntax = _signal_class('ConversionSyntax', InvalidOperation)
DivisionByZero = _signal_class('DivisionByZero', DecimalException, ZeroDivisionError)
DivisionImpossible = _signal_class('DivisionImpossible', InvalidOperation)
DivisionUndefined = _signal_class('DivisionUndefined', InvalidOperation, ZeroDivisionError)
Inexact = _signal_class('Inexact', DecimalException)
InvalidContext = _signal_class('InvalidContext', InvalidOperation)
Rounded = _signal_class('Rounded', DecimalException)
Subnormal = _signal_class('Subnormal', DecimalException)
Overflow = _signal_class('Overflow', Inexact, Rounded)
Underflow = _signal_class('Underflow', Inexact, Rounded, Subnormal)
FloatOperation = _signal_class('FloatOperation', DecimalException, TypeError)

# libmpdec's order: the first trapped signal of an operation is raised
_SIGNALS = [InvalidOperation, FloatOperation, DivisionByZero, Overflow, Underflow, Subnormal, Inexact,
            Rounded, Clamped]
# the order of libmpdec's status bits, which Context's repr follows
_REPR_ORDER = [Clamped, InvalidOperation, DivisionByZero, Inexact, FloatOperation, Overflow, Rounded, Subnormal,
               Underflow]
_CONDITION_SIGNAL = {ConversionSyntax: InvalidOperation, DivisionImpossible: InvalidOperation,
                     DivisionUndefined: InvalidOperation, InvalidContext: InvalidOperation}


class SignalDict(dict):
    """A context's flags or traps: one bool per signal; no other key."""
    __module__ = 'decimal'

    def __init__(self, on=()):
        dict.__init__(self)
        for s in _SIGNALS:
            dict.__setitem__(self, s, s in on)

    def __getitem__(self, key):
        if key not in _SIGNALS:
            raise KeyError('invalid signal dict')
        return dict.__getitem__(self, key)

    def __setitem__(self, key, value):
        if key not in _SIGNALS:
            raise KeyError('valid values for signals are:\n'
                           '  [InvalidOperation, FloatOperation, DivisionByZero,\n'
                           '   Overflow, Underflow, Subnormal, Inexact, Rounded,\n'
                           '   Clamped]')
        dict.__setitem__(self, key, bool(value))

    def __delitem__(self, key):
        raise ValueError('signal keys cannot be deleted')

    def __repr__(self):
        return '{' + ', '.join('<class %r>:%s' % ('decimal.' + s.__name__, dict.__getitem__(self, s))
                               for s in _SIGNALS).replace("'", '') + '}'

    def copy(self):
        return SignalDict([s for s in _SIGNALS if dict.__getitem__(self, s)])


def _make_decimal_tuple():
    # collections.namedtuple where cgrad's collections has it; until then a
    # tuple class with the same fields, repr and _fields.
    try:
        from collections import namedtuple
    except ImportError:
        namedtuple = None
    if namedtuple is not None:
        return namedtuple('DecimalTuple', 'sign digits exponent', module='decimal')

    class DecimalTuple(tuple):
        """DecimalTuple(sign, digits, exponent)"""
        __slots__ = ()
        _fields = ('sign', 'digits', 'exponent')

        def __new__(cls, sign, digits, exponent):
            return tuple.__new__(cls, (sign, digits, exponent))

        sign = property(lambda self: self[0])
        digits = property(lambda self: self[1])
        exponent = property(lambda self: self[2])

        def __repr__(self):
            return 'DecimalTuple(sign=%r, digits=%r, exponent=%r)' % tuple(self)

        def _asdict(self):
            return dict(zip(self._fields, self))

        def __getnewargs__(self):
            return tuple(self)

    DecimalTuple.__module__ = 'decimal'
    return DecimalTuple


DecimalTuple = _make_decimal_tuple()


_POW10 = {}  # prec -> 10**prec, for _round_result's quick check


def _digits(n):
    """The number of decimal digits of an int n >= 0 (1 for 0)."""
    return len(str(n))


# ---- rounding of coefficients ----

def _drop_digits(sign, c, k, rounding):
    """c with its last k > 0 digits dropped, rounded by the rounding mode
    for a number of the given sign; and whether anything nonzero went."""
    q, r = divmod(c, 10 ** k)
    if r == 0:
        return q, False
    if rounding == ROUND_DOWN:
        up = False
    elif rounding == ROUND_UP:
        up = True
    elif rounding == ROUND_CEILING:
        up = sign == 0
    elif rounding == ROUND_FLOOR:
        up = sign == 1
    elif rounding == ROUND_05UP:
        up = q % 5 == 0
    else:
        half = 5 * 10 ** (k - 1)
        if r != half:
            up = r > half
        elif rounding == ROUND_HALF_UP:
            up = True
        elif rounding == ROUND_HALF_DOWN:
            up = False
        else:
            up = q % 2 == 1
    return (q + 1 if up else q), True


# ---- contexts ----

class Context(object):
    """The context of arithmetic: precision, rounding, exponent limits,
    and which signals are flagged and trapped."""
    __module__ = 'decimal'

    def __init__(self, prec=None, rounding=None, Emin=None, Emax=None, capitals=None, clamp=None,
                 flags=None, traps=None, _ignored_flags=None):
        base = DefaultContext if '_default_ready' in globals() else None
        self.prec = prec if prec is not None else (base.prec if base else 28)
        self.rounding = rounding if rounding is not None else (base.rounding if base else ROUND_HALF_EVEN)
        self.Emin = Emin if Emin is not None else (base.Emin if base else -999999)
        self.Emax = Emax if Emax is not None else (base.Emax if base else 999999)
        self.capitals = capitals if capitals is not None else (base.capitals if base else 1)
        self.clamp = clamp if clamp is not None else (base.clamp if base else 0)
        if traps is None:
            traps = base.traps.copy() if base else [InvalidOperation, DivisionByZero, Overflow]
        if flags is None:
            flags = []
        object.__setattr__(self, 'traps', self._signal_dict(traps))
        object.__setattr__(self, 'flags', self._signal_dict(flags))

    @staticmethod
    def _signal_dict(v):
        if isinstance(v, dict):
            if len(v) != len(_SIGNALS):
                raise KeyError('invalid signal dict')
            d = SignalDict()
            for k, on in v.items():
                if k not in _SIGNALS:
                    raise KeyError('invalid signal dict')
                d[k] = on
            return d
        v = list(v)
        for s in v:
            if s not in _SIGNALS:
                raise TypeError('argument must be a signal dict')
        return SignalDict(v)

    def __setattr__(self, name, value):
        if name == 'prec':
            value = _as_ssize(value)
            if not 1 <= value <= MAX_PREC:
                raise ValueError('valid range for prec is [1, MAX_PREC]')
        elif name == 'Emin':
            value = _as_ssize(value)
            if not MIN_EMIN <= value <= 0:
                raise ValueError('valid range for Emin is [MIN_EMIN, 0]')
        elif name == 'Emax':
            value = _as_ssize(value)
            if not 0 <= value <= MAX_EMAX:
                raise ValueError('valid range for Emax is [0, MAX_EMAX]')
        elif name == 'capitals':
            value = _as_ssize(value)
            if value not in (0, 1):
                raise ValueError('valid values for capitals are 0 or 1')
        elif name == 'clamp':
            value = _as_ssize(value)
            if value not in (0, 1):
                raise ValueError('valid values for clamp are 0 or 1')
        elif name == 'rounding':
            if value not in _ROUNDINGS:
                raise TypeError('valid values for rounding are:\n'
                                '  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n'
                                '   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n'
                                '   ROUND_05UP]')
        elif name in ('flags', 'traps'):
            value = self._signal_dict(value)
        else:
            raise AttributeError("'decimal.Context' object has no attribute '%s'" % name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        raise AttributeError('context attributes cannot be deleted')

    def __repr__(self):
        on = lambda d: ', '.join(s.__name__ for s in _REPR_ORDER if dict.__getitem__(d, s))
        return ('Context(prec=%d, rounding=%s, Emin=%d, Emax=%d, capitals=%d, clamp=%d, flags=[%s], traps=[%s])'
                % (self.prec, self.rounding, self.Emin, self.Emax, self.capitals, self.clamp,
                   on(self.flags), on(self.traps)))

    def __reduce__(self):
        flags = [s for s in _SIGNALS if self.flags[s]]
        traps = [s for s in _SIGNALS if self.traps[s]]
        return (self.__class__, (self.prec, self.rounding, self.Emin, self.Emax, self.capitals, self.clamp,
                                 flags, traps))

    def copy(self):
        """A copy of the context, flags and traps included."""
        return Context(self.prec, self.rounding, self.Emin, self.Emax, self.capitals, self.clamp,
                       self.flags.copy(), self.traps.copy())

    __copy__ = copy

    def clear_flags(self):
        """Set every flag to False."""
        for s in _SIGNALS:
            dict.__setitem__(self.flags, s, False)

    def clear_traps(self):
        """Set every trap to False."""
        for s in _SIGNALS:
            dict.__setitem__(self.traps, s, False)

    def Etiny(self):
        """Emin - prec + 1: the smallest exponent of a subnormal result."""
        return self.Emin - self.prec + 1

    def Etop(self):
        """Emax - prec + 1: the largest exponent of a result."""
        return self.Emax - self.prec + 1

    def radix(self):
        """Decimal(10)."""
        return Decimal(10)

    def _signal(self, conditions):
        """Set the flags of conditions (signals or InvalidOperation's
        conditions) and raise the first trapped one, as libmpdec does."""
        signals = []
        for c in conditions:
            s = _CONDITION_SIGNAL.get(c, c)
            dict.__setitem__(self.flags, s, True)
            if dict.__getitem__(self.traps, s) and s not in signals:
                signals.append(s)
        if signals:
            signals.sort(key=_SIGNALS.index)
            listed = [c for c in conditions if _CONDITION_SIGNAL.get(c, c) in signals]
            if signals[0] is InvalidOperation:
                listed = [c for c in conditions if _CONDITION_SIGNAL.get(c, c) is InvalidOperation]
            listed.sort(key=lambda c: _SIGNALS.index(_CONDITION_SIGNAL.get(c, c)))
            raise signals[0](listed)

    def _invalid(self, condition=InvalidOperation):
        """A NaN, after signalling InvalidOperation (for a condition)."""
        self._signal([condition])
        return _NAN

    # ---- creation ----

    def create_decimal(self, num='0'):
        """num as a Decimal rounded to this context (strings must not have
        surrounding spaces or underscores)."""
        if isinstance(num, str) and (num != num.strip() or '_' in num):
            return self._invalid(ConversionSyntax)  # stricter than Decimal()
        d = Decimal(num, context=self)
        if d._exp == 'n' or d._exp == 'N':
            limit = self.prec - self.clamp
            if _digits(d._int) > limit:
                return self._invalid(ConversionSyntax)
        return d._round_result(self)

    def create_decimal_from_float(self, f):
        """The float f as a Decimal rounded to this context."""
        return Decimal.from_float(f)._round_result(self)

    # ---- the operations, each the Decimal method of its name ----

    def abs(self, a):
        """abs(a) in this context."""
        return _convert(a, True).__abs__(context=self)

    def add(self, a, b):
        """a + b in this context."""
        return _convert(a, True)._add(_convert(b, True), self)

    def subtract(self, a, b):
        """a - b in this context."""
        return _convert(a, True)._sub(_convert(b, True), self)

    def multiply(self, a, b):
        """a * b in this context."""
        return _convert(a, True)._mul(_convert(b, True), self)

    def divide(self, a, b):
        """a / b in this context."""
        return _convert(a, True)._truediv(_convert(b, True), self)

    def divide_int(self, a, b):
        """a // b (truncated toward zero) in this context."""
        return _convert(a, True)._divmod(_convert(b, True), self, 'q')

    def remainder(self, a, b):
        """a % b, with the sign of a, in this context."""
        return _convert(a, True)._divmod(_convert(b, True), self, 'r')

    def divmod(self, a, b):
        """(a // b, a % b) in this context."""
        return _convert(a, True)._divmod(_convert(b, True), self)

    def power(self, a, b, modulo=None):
        """a ** b, or a ** b % modulo for three integers, in this context."""
        return _convert(a, True).__pow__(_convert(b, True), modulo, context=self)

    def minus(self, a):
        """-a in this context."""
        return _convert(a, True).__neg__(context=self)

    def plus(self, a):
        """+a in this context (a rounded to it)."""
        return _convert(a, True).__pos__(context=self)

    def copy_decimal(self, a):
        """a as a Decimal, unchanged."""
        return Decimal(_convert(a, True))

    def is_subnormal(self, a):
        """Whether a is nonzero, finite and below Emin."""
        return _convert(a, True).is_subnormal(context=self)

    def is_normal(self, a):
        """Whether a is nonzero, finite and at least Emin."""
        return _convert(a, True).is_normal(context=self)

    def to_sci_string(self, a):
        """a as text in scientific notation."""
        return _convert(a, True).__str__(context=self)

    def to_eng_string(self, a):
        """a as text in engineering notation."""
        return _convert(a, True).to_eng_string(context=self)

    def to_integral(self, a):
        """a rounded to an integer by this context's rounding."""
        return _convert(a, True).to_integral_value(context=self)

    def _unary(name, doc):
        def method(self, a):
            return getattr(_convert(a, True), name)(context=self)
        method.__name__ = name
        method.__doc__ = doc
        return method

    def _binary(name, doc):
        def method(self, a, b):
            return getattr(_convert(a, True), name)(b, context=self)
        method.__name__ = name
        method.__doc__ = doc
        return method

    def _plain(name, doc):
        def method(self, a):
            return getattr(_convert(a, True), name)()
        method.__name__ = name
        method.__doc__ = doc
        return method

    canonical = _plain('canonical', 'a itself (every Decimal is canonical).')
    copy_abs = _plain('copy_abs', 'a with a positive sign.')
    copy_negate = _plain('copy_negate', 'a with the other sign.')
    is_canonical = _plain('is_canonical', 'True: every Decimal is canonical.')
    is_finite = _plain('is_finite', 'Whether a is finite.')
    is_infinite = _plain('is_infinite', 'Whether a is an infinity.')
    is_nan = _plain('is_nan', 'Whether a is a NaN.')
    is_qnan = _plain('is_qnan', 'Whether a is a quiet NaN.')
    is_signed = _plain('is_signed', 'Whether a has a negative sign.')
    is_snan = _plain('is_snan', 'Whether a is a signalling NaN.')
    is_zero = _plain('is_zero', 'Whether a is a zero.')
    exp = _unary('exp', 'e ** a in this context.')
    ln = _unary('ln', 'ln(a) in this context.')
    log10 = _unary('log10', 'log10(a) in this context.')
    logb = _unary('logb', 'a.logb() in this context.')
    logical_invert = _unary('logical_invert', 'a.logical_invert() in this context.')
    next_minus = _unary('next_minus', 'The next number below a.')
    next_plus = _unary('next_plus', 'The next number above a.')
    normalize = _unary('normalize', 'a.normalize() in this context.')
    number_class = _unary('number_class', 'a.number_class() in this context.')
    sqrt = _unary('sqrt', 'sqrt(a) in this context.')
    to_integral_exact = _unary('to_integral_exact', 'a.to_integral_exact() in this context.')
    to_integral_value = _unary('to_integral_value', 'a.to_integral_value() in this context.')
    compare = _binary('compare', 'a.compare(b) in this context.')
    compare_signal = _binary('compare_signal', 'a.compare_signal(b) in this context.')
    logical_and = _binary('logical_and', 'a.logical_and(b) in this context.')
    logical_or = _binary('logical_or', 'a.logical_or(b) in this context.')
    logical_xor = _binary('logical_xor', 'a.logical_xor(b) in this context.')
    max = _binary('max', 'a.max(b) in this context.')
    max_mag = _binary('max_mag', 'a.max_mag(b) in this context.')
    min = _binary('min', 'a.min(b) in this context.')
    min_mag = _binary('min_mag', 'a.min_mag(b) in this context.')
    next_toward = _binary('next_toward', 'a.next_toward(b) in this context.')
    quantize = _binary('quantize', 'a.quantize(b) in this context.')
    remainder_near = _binary('remainder_near', 'a.remainder_near(b) in this context.')
    rotate = _binary('rotate', 'a.rotate(b) in this context.')
    scaleb = _binary('scaleb', 'a.scaleb(b) in this context.')
    shift = _binary('shift', 'a.shift(b) in this context.')
    del _unary, _binary, _plain

    def compare_total(self, a, b):
        """a.compare_total(b)."""
        return _convert(a, True).compare_total(b)

    def compare_total_mag(self, a, b):
        """a.compare_total_mag(b)."""
        return _convert(a, True).compare_total_mag(b)

    def copy_sign(self, a, b):
        """a with the sign of b."""
        return _convert(a, True).copy_sign(b)

    def same_quantum(self, a, b):
        """Whether a and b have the same exponent."""
        return _convert(a, True).same_quantum(b)

    def fma(self, a, b, c):
        """a * b + c, rounded once, in this context."""
        return _convert(a, True).fma(b, c, context=self)


def _as_ssize(v):
    if not isinstance(v, int):
        raise TypeError('an integer is required')
    if not -2 ** 63 <= v < 2 ** 63:
        raise OverflowError('Python int too large to convert to C ssize_t')
    return v


# ---- the current context ----

_current = None


def getcontext():
    """The current thread's context (a copy of DefaultContext at first)."""
    global _current
    if _current is None:
        _current = DefaultContext.copy()
    return _current


def setcontext(context):
    """Make context the current one (a predefined context is copied first)."""
    global _current
    if not isinstance(context, Context):
        raise TypeError('argument must be a context')
    if context is DefaultContext or context is BasicContext or context is ExtendedContext:
        context = context.copy()
        context.clear_flags()
    _current = context


class ContextManager(object):
    """What localcontext() gives: sets a copy of the context on entry and
    the previous one back on exit."""
    __module__ = 'decimal'

    def __init__(self, ctx):
        self.new_context = ctx.copy()

    def __enter__(self):
        self.saved_context = getcontext()
        setcontext(self.new_context)
        return self.new_context

    def __exit__(self, t, v, tb):
        setcontext(self.saved_context)


def localcontext(ctx=None, **kwargs):
    """A context manager: inside the with block the current context is a
    copy of ctx (or of the current one) with the keyword arguments set."""
    if ctx is None:
        ctx = getcontext()
    manager = ContextManager(ctx)
    for key, value in kwargs.items():
        if key not in ('prec', 'rounding', 'Emin', 'Emax', 'capitals', 'clamp', 'flags', 'traps'):
            raise TypeError("'%s' is an invalid keyword argument for this function" % key)
        setattr(manager.new_context, key, value)
    return manager


def _ctx(context):
    if context is None:
        return getcontext()
    if not isinstance(context, Context):
        raise TypeError('optional argument must be a context')
    return context


# ---- conversion of operands ----

def _convert(v, strict=False):
    """v as a Decimal: a Decimal or an int; NotImplemented for others (a
    TypeError when strict, as the Context methods raise)."""
    if isinstance(v, Decimal):
        return v
    if isinstance(v, int):
        return Decimal(v)
    if strict:
        raise TypeError('conversion from %s to Decimal is not supported' % type(v).__name__)
    return NotImplemented


# builtin types whose own operators never take a Decimal: a mixed operation
# fails, and the message names the C module's type as 'decimal.Decimal'
_FOREIGN = (float, complex, str, bytes, bytearray, list, tuple, dict, set, frozenset, type(None))


def _operand(self, other, symbol, reflected=False):
    """other as a Decimal for a binary operator, or NotImplemented."""
    if isinstance(other, Decimal):
        return other
    if isinstance(other, int):
        return Decimal(other)
    if type(other) in _FOREIGN and not (symbol == '*' and isinstance(other, (str, bytes, bytearray, list, tuple))):
        names = (type(other).__name__, 'decimal.Decimal') if reflected else ('decimal.Decimal', type(other).__name__)
        if symbol == '**':
            raise TypeError("unsupported operand type(s) for ** or pow(): '%s' and '%s'" % names)
        raise TypeError("unsupported operand type(s) for %s: '%s' and '%s'" % ((symbol,) + names))
    return NotImplemented


def _binary_operators(name, symbol, method, *extra, doc=None):
    """Decimal's __NAME__ and __rNAME__ for one operator: each takes the
    other operand as a Decimal (_operand) and calls method(left, right,
    context, *extra)."""
    def forward(self, other, context=None):
        other = _operand(self, other, symbol)
        if other is NotImplemented:
            return other
        return method(self, other, _ctx(context), *extra)

    def reflected(self, other, context=None):
        other = _operand(self, other, symbol, True)
        if other is NotImplemented:
            return other
        return method(other, self, _ctx(context), *extra)

    for f, dunder in ((forward, '__%s__'), (reflected, '__r%s__')):
        f.__name__ = dunder % name
        f.__qualname__ = 'Decimal.' + f.__name__
    forward.__doc__ = doc
    return forward, reflected


def _convert_cmp(v, context, equality):
    """An operand of a comparison: also rationals exactly, and floats
    (FloatOperation is signalled; for <, <= ... it is trapped when asked)."""
    if isinstance(v, (Decimal, int)):
        return _convert(v)
    if isinstance(v, float):
        context._signal_float(equality)
        return Decimal.from_float(v)
    if isinstance(v, complex) and equality and v.imag == 0:
        context._signal_float(equality)
        return Decimal.from_float(v.real)
    if isinstance(v, _numbers.Rational):
        return v
    return NotImplemented


def _context_signal_float(self, equality):
    dict.__setitem__(self.flags, FloatOperation, True)
    if not equality and dict.__getitem__(self.traps, FloatOperation):
        raise FloatOperation([FloatOperation])


Context._signal_float = _context_signal_float


# ---- Decimal ----

def _parse_decimal(s):
    """(sign, coefficient, exponent) of a numeric string (exponent 'n', 'N'
    or 'F' for the specials); None when it is not one. Digits are any
    Unicode decimal digits, as int() takes them."""
    s = s.strip().replace('_', '')  # the C module drops every underscore
    sign = 0
    if s[:1] in ('+', '-'):
        sign = 1 if s[0] == '-' else 0
        s = s[1:]
    low = s.lower()
    if low in ('inf', 'infinity'):
        return sign, 0, 'F'
    for prefix, kind in (('snan', 'N'), ('nan', 'n')):
        if low.startswith(prefix):
            payload = s[len(prefix):]
            if payload == '':
                return sign, 0, kind
            if not payload.isdecimal():
                return None
            return sign, int(payload), kind
    mant, exp = low, 0
    cut = low.find('e')
    if cut >= 0:
        mant, e = low[:cut], low[cut + 1:]
        body = e[1:] if e[:1] in ('+', '-') else e
        if not body.isdecimal():
            return None
        exp = int(e)
    intpart, dot, frac = mant.partition('.')
    digits = intpart + frac
    if not digits.isdecimal():  # also the empty string
        return None
    return sign, int(digits), exp - len(frac)


class Decimal(object):
    """A decimal floating-point number: Decimal(value='0', context=None) from
    an int, a str, a float (exactly), a (sign, digits, exponent) tuple or
    another Decimal. The value is taken as it is, never rounded; context
    only decides whether a malformed string raises."""
    __module__ = 'decimal'
    __slots__ = ('_sign', '_int', '_exp')

    def __new__(cls, value='0', context=None):
        self = object.__new__(cls)
        if isinstance(value, str):
            parsed = _parse_decimal(value)
            if parsed is None:
                _ctx(context)._signal([ConversionSyntax])
                parsed = (0, 0, 'n')
            self._sign, self._int, self._exp = parsed
            return self
        if isinstance(value, int):
            value = int(value)
            self._sign = 1 if value < 0 else 0
            self._int = -value if value < 0 else value
            self._exp = 0
            return self
        if isinstance(value, Decimal):
            self._sign, self._int, self._exp = value._sign, value._int, value._exp
            return self
        if isinstance(value, float):
            ctx = _ctx(context)
            dict.__setitem__(ctx.flags, FloatOperation, True)
            if dict.__getitem__(ctx.traps, FloatOperation):
                raise FloatOperation([FloatOperation])
            d = cls.from_float(value)
            self._sign, self._int, self._exp = d._sign, d._int, d._exp
            return self
        if isinstance(value, (list, tuple)):
            self._sign, self._int, self._exp = _from_tuple(value)
            return self
        raise TypeError('conversion from %s to Decimal is not supported' % type(value).__name__)

    @classmethod
    def from_float(cls, f):
        """The float f (or an int) as a Decimal, exactly: from_float(0.1) has
        fifty-five digits."""
        if isinstance(f, int):
            d = Decimal(f)
        elif isinstance(f, float):
            if f != f:
                d = _dec(0, 0, 'n')
            elif f in (float('inf'), float('-inf')):
                d = _dec(1 if f < 0 else 0, 0, 'F')
            else:
                sign = 1 if _math.copysign(1.0, f) < 0 else 0
                n, den = abs(f).as_integer_ratio()
                k = den.bit_length() - 1  # den is 2**k: n / 2**k = n * 5**k / 10**k
                d = _dec(sign, n * 5 ** k, -k)
        else:
            raise TypeError('argument must be int or float')
        return d if cls is Decimal else cls(d)

    # ---- predicates and parts ----

    def _is_special(self):
        return isinstance(self._exp, str)

    def is_nan(self):
        """Whether self is a NaN, quiet or signalling."""
        return self._exp == 'n' or self._exp == 'N'

    def is_qnan(self):
        """Whether self is a quiet NaN."""
        return self._exp == 'n'

    def is_snan(self):
        """Whether self is a signalling NaN."""
        return self._exp == 'N'

    def is_infinite(self):
        """Whether self is an infinity."""
        return self._exp == 'F'

    def is_finite(self):
        """Whether self is neither an infinity nor a NaN."""
        return not isinstance(self._exp, str)

    def is_zero(self):
        """Whether self is a zero of either sign."""
        return not isinstance(self._exp, str) and self._int == 0

    def is_signed(self):
        """Whether self's sign is negative (also -0 and -NaN)."""
        return self._sign == 1

    def is_canonical(self):
        """True: every Decimal is canonical."""
        return True

    def canonical(self):
        """self (every Decimal is canonical)."""
        return self

    def is_normal(self, context=None):
        """Whether self is nonzero, finite and its adjusted exponent at least Emin."""
        if not self.is_finite() or self._int == 0:
            return False
        return _ctx(context).Emin <= self.adjusted()

    def is_subnormal(self, context=None):
        """Whether self is nonzero, finite and its adjusted exponent below Emin."""
        if not self.is_finite() or self._int == 0:
            return False
        return self.adjusted() < _ctx(context).Emin

    def adjusted(self):
        """The exponent of self's first digit: exponent + digits - 1."""
        if isinstance(self._exp, str):
            return 0
        return self._exp + _digits(self._int) - 1

    def radix(self):
        """Decimal(10)."""
        return Decimal(10)

    def as_tuple(self):
        """DecimalTuple(sign, digits, exponent)."""
        if self._exp == 'F':
            digits = (0,)
        elif self.is_nan() and self._int == 0:
            digits = ()
        else:
            digits = tuple(int(ch) for ch in str(self._int))
        return DecimalTuple(self._sign, digits, self._exp)

    def as_integer_ratio(self):
        """(n, d) in lowest terms with n / d == self exactly, d > 0."""
        if self.is_nan():
            raise ValueError('cannot convert NaN to integer ratio')
        if self._exp == 'F':
            raise OverflowError('cannot convert Infinity to integer ratio')
        n, e = self._int, self._exp
        if e >= 0:
            n, d = n * 10 ** e, 1
        else:
            d = 10 ** -e
            g = _math.gcd(n, d)
            n, d = n // g, d // g
        return (-n if self._sign else n), d

    @property
    def real(self):
        return self

    @property
    def imag(self):
        return Decimal(0)

    def conjugate(self):
        return self

    # ---- the exact-to-rounded step ----

    def _round_result(self, context):
        """self rounded to the context: precision, exponent range, clamping
        (the spec's 'finalize'); conditions signalled."""
        sign, c, e = self._sign, self._int, self._exp
        if type(e) is int and c and context.Emin <= e <= context.Emax - context.prec + 1:
            p = context.prec
            limit = _POW10.get(p)
            if limit is None:
                limit = _POW10[p] = 10 ** p
            if c < limit:  # prec digits at most, normal, no clamping: as it is
                return self
        if e == 'F' or e == 'N':
            return self
        if e == 'n':
            limit = context.prec - context.clamp
            if _digits(c) > limit:
                c = int(str(c)[-limit:])
                return _dec(sign, c, 'n')
            return self
        conds = []
        etiny, etop = context.Emin - context.prec + 1, context.Emax - context.prec + 1
        if c == 0:
            top = etop if context.clamp else context.Emax
            ne = min(max(e, etiny), top)
            if ne != e:
                context._signal([Clamped])
            return _dec(sign, 0, ne) if ne != e else self
        nd = _digits(c)
        low = nd + e - context.prec  # the least exponent that keeps prec digits
        if low > etop:
            return _overflow(sign, context)
        subnormal = nd + e - 1 < context.Emin
        if subnormal:
            low = etiny if etiny > low else low
        if e < low:
            c, inexact = _drop_digits(sign, c, low - e, context.rounding)
            e = low
            if _digits(c) > context.prec:  # a carry: 999 -> 1000
                c //= 10
                e += 1
                if e > etop:
                    return _overflow(sign, context)
            if subnormal:
                if inexact:
                    conds.append(Underflow)
                conds.append(Subnormal)
                if inexact:
                    conds.append(Inexact)
                conds.append(Rounded)
                if c == 0:
                    conds.append(Clamped)
            else:
                if inexact:
                    conds.append(Inexact)
                conds.append(Rounded)
            result = _dec(sign, c, e)
        else:
            if subnormal:
                conds.append(Subnormal)
            result = self
        if context.clamp and result._exp > etop:  # fold down: pad with zeros
            result = _dec(sign, result._int * 10 ** (result._exp - etop), etop)
            conds.append(Clamped)
        if conds:
            context._signal(conds)
        return result

    # ---- NaN propagation ----

    def _nan_operands(self, other, context, third=None):
        """The NaN result when an operand is a NaN (sNaN first, then qNaN,
        left to right), after signalling InvalidOperation for an sNaN; None
        when no operand is a NaN."""
        if type(self._exp) is int and (other is None or type(other._exp) is int) and \
                (third is None or type(third._exp) is int):
            return None  # the common case: finite operands
        ops = [self, other] if third is None else [self, other, third]
        for d in ops:
            if d is not None and d._exp == 'N':
                context._signal([InvalidOperation])
                return _dec(d._sign, d._int, 'n')._round_result(context)
        for d in ops:
            if d is not None and d._exp == 'n':
                return d._round_result(context)
        return None

    # ---- unary ----

    def __neg__(self, context=None):
        """-self"""
        return self._signed(_ctx(context), 1)

    def __pos__(self, context=None):
        """+self"""
        return self._signed(_ctx(context), 0)

    def _signed(self, context, flip):
        """-self (flip 1, as 0 - self) or +self (flip 0, as 0 + self),
        rounded to context."""
        nan = self._nan_operands(None, context)
        if nan is not None:
            return nan
        if not self.is_finite():
            return _dec(1 - self._sign, 0, 'F') if flip else self
        sign = self._sign ^ flip
        if self._int == 0:  # a zero sum is negative only when rounding to floor
            sign = 1 if (context.rounding == ROUND_FLOOR and sign) else 0
        return _dec(sign, self._int, self._exp)._round_result(context)

    def __abs__(self, round=True, context=None):
        """abs(self)"""
        if not round:
            return self.copy_abs()
        context = _ctx(context)
        nan = self._nan_operands(None, context)
        if nan is not None:
            return nan
        if self._sign:
            return self.__neg__(context=context)
        return self.__pos__(context=context)

    def copy_abs(self):
        """self with a positive sign; no rounding, no flags."""
        return _dec(0, self._int, self._exp)

    def copy_negate(self):
        """self with the other sign; no rounding, no flags."""
        return _dec(1 - self._sign, self._int, self._exp)

    def copy_sign(self, other, context=None):
        """self with the sign of other; no rounding, no flags."""
        other = _convert(other, True)
        return _dec(other._sign, self._int, self._exp)

    # ---- addition ----

    def _add(self, other, context):
        nan = self._nan_operands(other, context)
        if nan is not None:
            return nan
        if self._exp == 'F' or other._exp == 'F':
            if self._exp == 'F' and other._exp == 'F' and self._sign != other._sign:
                return context._invalid()
            return self if self._exp == 'F' else other
        floor_zero = 1 if context.rounding == ROUND_FLOOR else 0
        e = min(self._exp, other._exp)
        if self._int == 0 and other._int == 0:
            sign = min(self._sign, other._sign)
            if self._sign != other._sign:
                sign = floor_zero
            return _dec(sign, 0, e)._round_result(context)
        if self._int == 0 or other._int == 0:
            # x + 0: x, its exponent lowered toward the zero's when that
            # keeps the digits within prec
            x, z = (other, self) if self._int == 0 else (self, other)
            e = max(z._exp, x._exp - context.prec - 1) if z._exp < x._exp else x._exp
            if e < x._exp:
                x = _dec(x._sign, x._int * 10 ** (x._exp - e), e)
            return x._round_result(context)
        a, b = self, other
        if a._exp < b._exp:
            a, b = b, a
        # a has the larger exponent. A b wholly below a's rounding digit
        # stands in as a single digit there: the rounding sees the same
        # sticky bit (the spec's note on the result being unchanged).
        adigits = _digits(a._int)
        floor_e = a._exp + min(-1, adigits - context.prec - 2)
        if _digits(b._int) + b._exp - 1 < floor_e:
            b = _dec(b._sign, 1, floor_e)
        e = b._exp
        ca = a._int * 10 ** (a._exp - e)
        cb = b._int
        va = -ca if a._sign else ca
        vb = -cb if b._sign else cb
        total = va + vb
        if total == 0:
            return _dec(floor_zero, 0, e)._round_result(context)
        return _dec(1 if total < 0 else 0, abs(total), e)._round_result(context)

    __add__, __radd__ = _binary_operators('add', '+', _add, doc='self + other')

    def _sub(self, other, context):
        if other.is_nan():  # a NaN operand keeps its sign
            return self._add(other, context)
        return self._add(other.copy_negate(), context)

    __sub__, __rsub__ = _binary_operators('sub', '-', _sub, doc='self - other')

    # ---- multiplication and division ----

    def _mul(self, other, context):
        nan = self._nan_operands(other, context)
        if nan is not None:
            return nan
        sign = self._sign ^ other._sign
        if self._exp == 'F' or other._exp == 'F':
            if (self.is_finite() and self._int == 0) or (other.is_finite() and other._int == 0):
                return context._invalid()
            return _dec(sign, 0, 'F')
        return _dec(sign, self._int * other._int, self._exp + other._exp)._round_result(context)

    __mul__, __rmul__ = _binary_operators('mul', '*', _mul, doc='self * other')

    def _truediv(self, other, context):
        nan = self._nan_operands(other, context)
        if nan is not None:
            return nan
        sign = self._sign ^ other._sign
        if self._exp == 'F':
            if other._exp == 'F':
                return context._invalid()
            return _dec(sign, 0, 'F')
        if other._exp == 'F':
            context._signal([Clamped])
            return _dec(sign, 0, context.Emin - context.prec + 1)
        if other._int == 0:
            if self._int == 0:
                return context._invalid(DivisionUndefined)
            context._signal([DivisionByZero])
            return _dec(sign, 0, 'F')
        ideal = self._exp - other._exp
        if self._int == 0:
            return _dec(sign, 0, ideal)._round_result(context)
        shift = _digits(other._int) - _digits(self._int) + context.prec + 1
        e = ideal - shift
        if shift >= 0:
            q, r = divmod(self._int * 10 ** shift, other._int)
        else:
            q, r = divmod(self._int, other._int * 10 ** -shift)
        if r:
            if q % 5 == 0:  # a sticky digit: the quotient is not exact
                q += 1
        else:
            while e < ideal and q % 10 == 0:
                q //= 10
                e += 1
        return _dec(sign, q, e)._round_result(context)

    __truediv__, __rtruediv__ = _binary_operators('truediv', '/', _truediv, doc='self / other')

    def _divmod(self, other, context, want='qr'):
        """self // other ('q'), self % other ('r') or both ('qr') with the
        truncating integer division of the spec; the remainder has the
        dividend's sign. Only what is asked for signals its conditions."""
        result = self._divmod_pair(other, context, want)
        return result if want == 'qr' else result[0 if want == 'q' else 1]

    def _divmod_pair(self, other, context, want):
        nan = self._nan_operands(other, context)
        if nan is not None:
            return nan, nan
        sign = self._sign ^ other._sign
        if self._exp == 'F':
            if other._exp == 'F' or 'r' in want:
                nan = context._invalid()
                return (nan if other._exp == 'F' else _dec(sign, 0, 'F')), nan
            return _dec(sign, 0, 'F'), None
        if other._exp == 'F':
            rem = self._round_result(context) if 'r' in want else None
            return _dec(sign, 0, 0), rem
        if other._int == 0:
            if self._int == 0:
                nan = context._invalid(DivisionUndefined)
                return nan, nan
            if want == 'r':
                return None, context._invalid()
            context._signal([DivisionByZero] + ([InvalidOperation] if want == 'qr' else []))
            return _dec(sign, 0, 'F'), _NAN
        if self._int and self.adjusted() - other.adjusted() > context.prec:
            # the quotient has more than prec digits: no need to build it
            nan = context._invalid(DivisionImpossible)
            return nan, nan
        e = min(self._exp, other._exp)
        a = self._int * 10 ** (self._exp - e)
        b = other._int * 10 ** (other._exp - e)
        q, r = divmod(a, b)
        if _digits(q) > context.prec and q:
            nan = context._invalid(DivisionImpossible)
            return nan, nan
        quotient = _dec(sign, q, 0)._round_result(context) if 'q' in want else None
        rem = _dec(self._sign, r, e)._round_result(context) if 'r' in want else None
        return quotient, rem

    __floordiv__, __rfloordiv__ = _binary_operators('floordiv', '//', _divmod, 'q', doc='self // other')

    __mod__, __rmod__ = _binary_operators('mod', '%', _divmod, 'r', doc='self % other')

    __divmod__, __rdivmod__ = _binary_operators('divmod', 'divmod()', _divmod, doc='divmod(self, other)')

    def remainder_near(self, other, context=None):
        """self - n * other for the integer n nearest to self / other (the even
        one on a tie): a remainder of the smallest magnitude."""
        context = _ctx(context)
        other = _convert(other, True)
        nan = self._nan_operands(other, context)
        if nan is not None:
            return nan
        if self._exp == 'F':
            return context._invalid()
        if other._exp == 'F':
            return self._round_result(context)
        if other._int == 0:
            return context._invalid(DivisionUndefined if self._int == 0 else InvalidOperation)
        if self._int and self.adjusted() - other.adjusted() > context.prec:
            return context._invalid(DivisionImpossible)
        e = min(self._exp, other._exp)
        a = self._int * 10 ** (self._exp - e)
        b = other._int * 10 ** (other._exp - e)
        q, r = divmod(a, b)
        if 2 * r > b or (2 * r == b and q % 2 == 1):
            r -= b
            q += 1
        if _digits(q) > context.prec:
            return context._invalid(DivisionImpossible)
        sign = self._sign
        if r < 0:
            sign, r = 1 - sign, -r
        return _dec(sign, r, e)._round_result(context)

    def fma(self, other, third, context=None):
        """Fused multiply-add: self * other + third, rounded only once."""
        context = _ctx(context)
        other = _convert(other, True)
        third = _convert(third, True)
        if self._exp == 'N' or other._exp == 'N' or self._exp == 'n' or other._exp == 'n':
            return self._nan_operands(other, context, third)
        if self._exp == 'F' or other._exp == 'F':
            product = self._mul(other, context)
            if product.is_nan():
                return product
        else:
            product = _dec(self._sign ^ other._sign, self._int * other._int, self._exp + other._exp)
        return product._add(third, context)

    # ---- powers ----

    def __pow__(self, other, modulo=None, context=None):
        """self ** other [% modulo]"""
        other = _operand(self, other, '**')
        if other is NotImplemented:
            return other
        context = _ctx(context)
        if modulo is not None:
            return self._powmod(other, _convert(modulo, True), context)
        return _power(self, other, context)

    def __rpow__(self, other, modulo=None, context=None):
        other = _operand(self, other, '**', True)
        if other is NotImplemented:
            return other
        return other.__pow__(self, modulo, context=context)

    def _powmod(self, other, modulo, context):
        nan = self._nan_operands(other, context, modulo)
        if nan is not None:
            return nan
        if not (self._is_integer() and other._is_integer() and modulo._is_integer()):
            return context._invalid()
        if other._sign:
            return context._invalid()
        m = modulo._to_int()
        if m == 0:
            return context._invalid()
        if _digits(abs(m)) > context.prec:
            return context._invalid()
        if self._int == 0 and other._int == 0:
            return context._invalid()
        base = self._to_int()
        r = pow(abs(base), other._to_int(), abs(m))
        sign = self._sign if other._to_int() % 2 == 1 else 0
        return _dec(sign, r, 0)

    def _is_integer(self):
        if not self.is_finite():
            return False
        if self._exp >= 0 or self._int == 0:
            return True
        return self._int % 10 ** -self._exp == 0

    def _to_int(self):
        """The value of a finite integral Decimal as an int."""
        v = self._int * 10 ** self._exp if self._exp >= 0 else self._int // 10 ** -self._exp
        return -v if self._sign else v

    # ---- comparison ----

    def _cmp(self, other):
        """-1, 0, 1 comparing two non-NaN Decimals numerically."""
        if self._exp == 'F' or other._exp == 'F':
            a = 0 if self._exp != 'F' else (-1 if self._sign else 1)
            b = 0 if other._exp != 'F' else (-1 if other._sign else 1)
            if a != b:
                return -1 if a < b else 1
            if a != 0:
                return 0
            return -1 if other._sign == 0 else 1
        if self._int == 0:
            if other._int == 0:
                return 0
            return 1 if other._sign else -1
        if other._int == 0:
            return -1 if self._sign else 1
        if self._sign != other._sign:
            return -1 if self._sign else 1
        e = min(self._exp, other._exp)
        adj_a, adj_b = self.adjusted(), other.adjusted()
        if adj_a != adj_b:
            r = 1 if adj_a > adj_b else -1
        else:
            a = self._int * 10 ** (self._exp - e)
            b = other._int * 10 ** (other._exp - e)
            r = (a > b) - (a < b)
        return -r if self._sign else r

    def _compare_rational(self, q):
        """-1, 0, 1 comparing a non-NaN self with a Rational exactly."""
        if self._exp == 'F':
            return -1 if self._sign else 1
        n, d = self.as_integer_ratio()
        a, b = n * q.denominator, q.numerator * d
        return (a > b) - (a < b)

    def __eq__(self, other, context=None):
        context = _ctx(context)
        other = _convert_cmp(other, context, True)
        if other is NotImplemented:
            return other
        if self._exp == 'N' or (isinstance(other, Decimal) and other._exp == 'N'):
            context._signal([InvalidOperation])
            return False
        if self.is_nan() or (isinstance(other, Decimal) and other.is_nan()):
            return False
        if not isinstance(other, Decimal):
            return self._compare_rational(other) == 0
        return self._cmp(other) == 0

    def _order(self, other, context):
        """-1, 0, 1 for <, <=, >, >=; None (NotImplemented) for others; a NaN
        signals InvalidOperation and compares False."""
        other = _convert_cmp(other, context, False)
        if other is NotImplemented:
            return None
        if self.is_nan() or (isinstance(other, Decimal) and other.is_nan()):
            context._signal([InvalidOperation])
            return 'nan'
        if not isinstance(other, Decimal):
            return self._compare_rational(other)
        return self._cmp(other)

    def __lt__(self, other, context=None):
        r = self._order(other, _ctx(context))
        return NotImplemented if r is None else (r != 'nan' and r < 0)

    def __le__(self, other, context=None):
        r = self._order(other, _ctx(context))
        return NotImplemented if r is None else (r != 'nan' and r <= 0)

    def __gt__(self, other, context=None):
        r = self._order(other, _ctx(context))
        return NotImplemented if r is None else (r != 'nan' and r > 0)

    def __ge__(self, other, context=None):
        r = self._order(other, _ctx(context))
        return NotImplemented if r is None else (r != 'nan' and r >= 0)

    def compare(self, other, context=None):
        """Decimal(-1), Decimal(0) or Decimal(1) as self is below, equal to or
        above other; a NaN when either is one."""
        context = _ctx(context)
        other = _convert(other, True)
        nan = self._nan_operands(other, context)
        if nan is not None:
            return nan
        return Decimal(self._cmp(other))

    def compare_signal(self, other, context=None):
        """compare(), but any NaN signals InvalidOperation."""
        context = _ctx(context)
        other = _convert(other, True)
        if self.is_nan() or other.is_nan():
            context._signal([InvalidOperation])
            for d in (self, other):
                if d._exp == 'N':
                    return _dec(d._sign, d._int, 'n')._round_result(context)
            for d in (self, other):
                if d._exp == 'n':
                    return d._round_result(context)
        return Decimal(self._cmp(other))

    def _total_key(self):
        """The rank of self's kind in the total order, sign ignored:
        finite < infinite < sNaN < NaN."""
        return {'F': 2, 'N': 3, 'n': 4}.get(self._exp, 1) if isinstance(self._exp, str) else 1

    def compare_total(self, other, context=None):
        """-1, 0 or 1 by the total order of representations: by value, then
        exponent, with NaNs above infinities and -0 below 0."""
        other = _convert(other, True)
        if self._sign != other._sign:  # every negative is below every positive
            return Decimal(-1 if self._sign else 1)
        r = self._total_mag(other)
        return Decimal(-r if self._sign else r)

    def _total_mag(self, other):
        ka, kb = self._total_key(), other._total_key()
        if ka != kb:
            return -1 if ka < kb else 1
        if ka in (3, 4):
            return (self._int > other._int) - (self._int < other._int)
        if ka == 2:
            return 0
        r = _dec(0, self._int, self._exp)._cmp(_dec(0, other._int, other._exp))
        if r:
            return r
        return (self._exp > other._exp) - (self._exp < other._exp)

    def compare_total_mag(self, other, context=None):
        """compare_total() of the absolute values."""
        other = _convert(other, True)
        return Decimal(self._total_mag(other))

    def same_quantum(self, other, context=None):
        """Whether self and other have the same exponent (or are both NaN, or
        both infinite)."""
        other = _convert(other, True)
        if self._is_special() or other._is_special():
            return (self.is_nan() and other.is_nan()) or (self._exp == 'F' and other._exp == 'F')
        return self._exp == other._exp

    def _minmax(self, other, context, pick_max, mag):
        other = _convert(other, True)
        if self.is_nan() or other.is_nan():
            # a quiet NaN gives way to a number; otherwise NaN propagation
            if self._exp != 'N' and other._exp != 'N':
                if not self.is_nan():
                    return self._round_result(context)
                if not other.is_nan():
                    return other._round_result(context)
            return self._nan_operands(other, context)
        a, b = (self.copy_abs(), other.copy_abs()) if mag else (self, other)
        r = a._cmp(b)
        if r == 0 and mag:
            r = self._cmp(other)
        if r == 0:
            # equal values: the total order decides (exponent and sign)
            r = self.compare_total(other)._to_int()
        chosen = self if r == 0 or (r > 0) == pick_max else other
        return chosen._round_result(context)

    def max(self, other, context=None):
        """The larger of self and other; a number wins over a quiet NaN."""
        return self._minmax(other, _ctx(context), True, False)

    def min(self, other, context=None):
        """The smaller of self and other; a number wins over a quiet NaN."""
        return self._minmax(other, _ctx(context), False, False)

    def max_mag(self, other, context=None):
        """The one of self and other with the larger absolute value."""
        return self._minmax(other, _ctx(context), True, True)

    def min_mag(self, other, context=None):
        """The one of self and other with the smaller absolute value."""
        return self._minmax(other, _ctx(context), False, True)

    # ---- conversions ----

    def __bool__(self):
        return self._is_special() or self._int != 0

    def __hash__(self):
        # see Note [Hash of a rational] in fractions.py: c * 10**e modulo
        # 2**61 - 1, the inverse of 10 for negative exponents
        if self._exp == 'N':
            raise TypeError('Cannot hash a signaling NaN value')
        if self._exp == 'n':
            return object.__hash__(self)
        if self._exp == 'F':
            return -314159 if self._sign else 314159
        P = 2305843009213693951
        if self._exp >= 0:
            h = self._int * pow(10, self._exp, P) % P
        else:
            h = self._int * pow(2075258708292324556, -self._exp, P) % P
        h = -h if self._sign else h
        return -2 if h == -1 else h

    def __float__(self):
        """float(self)"""
        if self.is_nan():
            if self._exp == 'N':
                raise ValueError('cannot convert signaling NaN to float')
            return float('-nan') if self._sign else float('nan')
        if self._exp == 'F':
            return float('-inf') if self._sign else float('inf')
        if self._int == 0:
            return -0.0 if self._sign else 0.0
        return float(str(self))

    def __int__(self):
        """int(self)"""
        if self.is_nan():
            raise ValueError('cannot convert NaN to integer')
        if self._exp == 'F':
            raise OverflowError('cannot convert Infinity to integer')
        v = self._int * 10 ** self._exp if self._exp >= 0 else self._int // 10 ** -self._exp
        return -v if self._sign else v

    __trunc__ = __int__

    def __complex__(self):
        return complex(float(self))

    def __floor__(self):
        """math.floor(self)"""
        return self._int_rounded(ROUND_FLOOR)

    def __ceil__(self):
        """math.ceil(self)"""
        return self._int_rounded(ROUND_CEILING)

    def _int_rounded(self, rounding):
        if self.is_nan():
            raise ValueError('cannot convert NaN to integer')
        if self._exp == 'F':
            raise OverflowError('cannot convert Infinity to integer')
        return int(self._rescale(0, rounding))

    def __round__(self, n=None):
        """round(self, n)"""
        if n is not None:
            if not isinstance(n, int):
                raise TypeError('optional arg must be an integer')
            return self.quantize(_dec(0, 1, -n))
        if self.is_nan():
            raise ValueError('cannot convert NaN to integer')
        if self._exp == 'F':
            raise OverflowError('cannot convert Infinity to integer')
        return int(self._rescale(0, ROUND_HALF_EVEN))

    def __reduce__(self):
        return (self.__class__, (str(self),))

    def __copy__(self):
        if type(self) is Decimal:
            return self
        return self.__class__(str(self))

    def __deepcopy__(self, memo):
        if type(self) is Decimal:
            return self
        return self.__class__(str(self))

    # ---- exponents ----

    def _rescale(self, e, rounding):
        """self with exponent e exactly: digits dropped by rounding or zeros
        added (no context, no signals)."""
        if self._is_special():
            return self
        if self._int == 0:
            return _dec(self._sign, 0, e)
        if e <= self._exp:
            return _dec(self._sign, self._int * 10 ** (self._exp - e), e)
        c, _ = _drop_digits(self._sign, self._int, e - self._exp, rounding)
        return _dec(self._sign, c, e)

    def quantize(self, exp, rounding=None, context=None):
        """self with the exponent of exp, rounded by rounding (or the
        context's); InvalidOperation when the result would not fit the
        context's precision."""
        context = _ctx(context)
        exp = _convert(exp, True)
        if rounding is None:
            rounding = context.rounding
        elif rounding not in _ROUNDINGS:
            raise TypeError('valid values for rounding are:\n'
                            '  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n'
                            '   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n'
                            '   ROUND_05UP]')
        nan = self._nan_operands(exp, context)
        if nan is not None:
            return nan
        if self._exp == 'F' or exp._exp == 'F':
            if self._exp == 'F' and exp._exp == 'F':
                return self
            return context._invalid()
        if not (context.Emin - context.prec + 1 <= exp._exp <= context.Emax):
            return context._invalid()
        if self._int == 0:
            return _dec(self._sign, 0, exp._exp)._round_result(context)
        if self.adjusted() > context.Emax or self.adjusted() - exp._exp + 1 > context.prec:
            return context._invalid()
        result = self._rescale(exp._exp, rounding)
        if result._int and (result.adjusted() > context.Emax or _digits(result._int) > context.prec):
            return context._invalid()
        conds = []
        if result._int and result.adjusted() < context.Emin:
            conds.append(Subnormal)
        if result._exp > self._exp:
            if result._int * 10 ** (result._exp - self._exp) != self._int:
                conds.append(Inexact)
            conds.append(Rounded)
        etop = context.Emax - context.prec + 1
        if context.clamp and result._exp > etop:  # fold down, as every result
            result = _dec(result._sign, result._int * 10 ** (result._exp - etop), etop)
            conds.append(Clamped)
        if conds:
            conds.sort(key=_SIGNALS.index)
            context._signal(conds)
        return result

    def to_integral_exact(self, rounding=None, context=None):
        """self rounded to an integer, signalling Inexact and Rounded when
        digits go."""
        context = _ctx(context)
        nan = self._nan_operands(None, context)
        if nan is not None:
            return nan
        if self._exp == 'F' or self._exp >= 0:
            return self
        if self._int == 0:
            return _dec(self._sign, 0, 0)
        result = self._rescale(0, rounding or context.rounding)
        conds = []
        if result._int * 10 ** -self._exp != self._int:
            conds.append(Inexact)
        conds.append(Rounded)
        context._signal(conds)
        return result

    def to_integral_value(self, rounding=None, context=None):
        """self rounded to an integer, quietly."""
        context = _ctx(context)
        nan = self._nan_operands(None, context)
        if nan is not None:
            return nan
        if self._exp == 'F' or self._exp >= 0:
            return self
        return self._rescale(0, rounding or context.rounding)

    to_integral = to_integral_value

    def normalize(self, context=None):
        """self rounded to the context with trailing zeros removed (a zero
        becomes 0 or -0)."""
        context = _ctx(context)
        nan = self._nan_operands(None, context)
        if nan is not None:
            return nan
        d = self._round_result(context)
        if d._exp == 'F':
            return d
        if d._int == 0:
            return _dec(d._sign, 0, 0)
        c, e = d._int, d._exp
        top = context.Emax - context.prec + 1 if context.clamp else context.Emax
        while c % 10 == 0 and e < top:
            c //= 10
            e += 1
        return _dec(d._sign, c, e)

    def scaleb(self, other, context=None):
        """self times 10 ** other, for an integral other."""
        context = _ctx(context)
        other = _convert(other, True)
        nan = self._nan_operands(other, context)
        if nan is not None:
            return nan
        if other._exp != 0 or other._exp == 'F':
            return context._invalid()
        n = other._to_int()
        limit = 2 * (context.Emax + context.prec)
        if not -limit <= n <= limit:
            return context._invalid()
        if self._exp == 'F':
            return self
        return _dec(self._sign, self._int, self._exp + n)._round_result(context)

    def logb(self, context=None):
        """The adjusted exponent of self as a Decimal."""
        context = _ctx(context)
        nan = self._nan_operands(None, context)
        if nan is not None:
            return nan
        if self._exp == 'F':
            return _dec(0, 0, 'F')
        if self._int == 0:
            context._signal([DivisionByZero])
            return _dec(1, 0, 'F')
        return Decimal(self.adjusted())._round_result(context)

    def next_plus(self, context=None):
        """The next number above self in the context."""
        return self._next(_ctx(context), 0)

    def next_minus(self, context=None):
        """The next number below self in the context."""
        return self._next(_ctx(context), 1)

    def _next(self, context, down):
        nan = self._nan_operands(None, context)
        if nan is not None:
            return nan
        if self._exp == 'F':
            if self._sign == down:
                return self
            return _dec(self._sign, 10 ** context.prec - 1, context.Emax - context.prec + 1)
        probe = _scratch(context, ROUND_FLOOR if down else ROUND_CEILING, fresh=False)
        d = self._round_result(probe)
        if d != self or d._cmp(self) != 0:
            return d
        tiny = _dec(1 if down else 0, 1, context.Emin - context.prec)
        return d._add(tiny, probe)

    def next_toward(self, other, context=None):
        """The next number from self in the direction of other."""
        context = _ctx(context)
        other = _convert(other, True)
        nan = self._nan_operands(other, context)
        if nan is not None:
            return nan
        r = self._cmp(other)
        if r == 0:
            return self.copy_sign(other)
        d = self._next(context, 1 if r > 0 else 0)
        conds = []
        if d._exp == 'F':
            conds = [Overflow, Inexact, Rounded]
        elif d.adjusted() < context.Emin:
            conds = [Underflow, Subnormal, Inexact, Rounded]
            if d._int == 0:
                conds.append(Clamped)
        if conds:
            context._signal(conds)
        return d

    def number_class(self, context=None):
        """The class of self as a str: 'sNaN', 'NaN', '-Infinity', '-Normal',
        '-Subnormal', '-Zero', '+Zero', '+Subnormal', '+Normal' or '+Infinity'."""
        if self._exp == 'N':
            return 'sNaN'
        if self._exp == 'n':
            return 'NaN'
        sign = '-' if self._sign else '+'
        if self._exp == 'F':
            return sign + 'Infinity'
        if self._int == 0:
            return sign + 'Zero'
        if self.is_subnormal(context):
            return sign + 'Subnormal'
        return sign + 'Normal'

    # ---- digit-wise operations ----

    def _logical_digits(self, context):
        if self._is_special() or self._sign or self._exp != 0 or any(ch not in '01' for ch in str(self._int)):
            return None
        return str(self._int).rjust(context.prec, '0')[-context.prec:]

    def _logical(self, other, context, op):
        other = _convert(other, True)
        a, b = self._logical_digits(context), other._logical_digits(context)
        if a is None or b is None:
            return context._invalid()
        digits = ''.join(str(op(int(x), int(y))) for x, y in zip(a, b))
        return _dec(0, int(digits), 0)

    def logical_and(self, other, context=None):
        """Digit-wise and of two Decimals made of 0s and 1s."""
        return self._logical(other, _ctx(context), lambda x, y: x & y)

    def logical_or(self, other, context=None):
        """Digit-wise or of two Decimals made of 0s and 1s."""
        return self._logical(other, _ctx(context), lambda x, y: x | y)

    def logical_xor(self, other, context=None):
        """Digit-wise xor of two Decimals made of 0s and 1s."""
        return self._logical(other, _ctx(context), lambda x, y: x ^ y)

    def logical_invert(self, context=None):
        """Digit-wise not of a Decimal made of 0s and 1s, over prec digits."""
        context = _ctx(context)
        return self._logical(_dec(0, int('1' * context.prec), 0), context, lambda x, y: x ^ y)

    def _shift_amount(self, other, context):
        """(result, None) where rotate and shift are done at once (a NaN, a
        bad amount, an infinite self); else (None, the amount)."""
        other = _convert(other, True)
        nan = self._nan_operands(other, context)
        if nan is not None:
            return nan, None
        if other._exp != 0 or not -context.prec <= other._to_int() <= context.prec:
            return context._invalid(), None
        if self._exp == 'F':
            return self, None
        return None, other._to_int()

    def rotate(self, other, context=None):
        """self's coefficient (as prec digits) rotated left by other digits
        (right when negative)."""
        context = _ctx(context)
        done, n = self._shift_amount(other, context)
        if done is not None:
            return done
        digits = str(self._int).rjust(context.prec, '0')[-context.prec:]
        n %= context.prec
        digits = digits[n:] + digits[:n]
        return _dec(self._sign, int(digits), self._exp)

    def shift(self, other, context=None):
        """self's coefficient (as prec digits) shifted left by other digits
        (right when negative)."""
        context = _ctx(context)
        done, n = self._shift_amount(other, context)
        if done is not None:
            return done
        c = self._int % 10 ** context.prec
        c = c * 10 ** n if n >= 0 else c // 10 ** -n
        return _dec(self._sign, c % 10 ** context.prec, self._exp)

    # ---- square root, exp and logarithms ----

    def sqrt(self, context=None):
        """The square root of self, correctly rounded half even."""
        context = _ctx(context)
        nan = self._nan_operands(None, context)
        if nan is not None:
            return nan
        if self._int == 0 and self.is_finite():
            return _dec(self._sign, 0, self._exp // 2)._round_result(context)
        if self._sign:
            return context._invalid()
        if self._exp == 'F':
            return self
        prec = context.prec
        c, e = self._int, self._exp
        # scale c by an even power so the root has prec + 1 digits
        shift = 2 * (prec + 1) - _digits(c)
        if (e - shift) % 2:
            shift += 1
        c2 = c * 10 ** shift if shift >= 0 else c // 10 ** -shift
        exact = shift >= 0 or c % 10 ** -shift == 0
        root = _math.isqrt(c2)
        exact = exact and root * root == c2
        re = (e - shift) // 2
        if not exact:
            if root % 5 == 0:
                root += 1
        else:
            ideal = e // 2
            while re < ideal and root % 10 == 0:
                root //= 10
                re += 1
        return _round_in_scratch(_dec(0, root, re), _scratch(context, ROUND_HALF_EVEN, fresh=False), context)

    def exp(self, context=None):
        """e ** self, correctly rounded half even."""
        context = _ctx(context)
        nan = self._nan_operands(None, context)
        if nan is not None:
            return nan
        if self._exp == 'F':
            return _dec(0, 0, 0) if self._sign else self
        if self._int == 0:
            return _dec(0, 1, 0)
        # far too large or small: the result over- or underflows (rounded
        # half even, as every exp result)
        adj = self.adjusted()
        huge = adj > len(str(context.Emax)) + 2 or (adj >= 1 and abs(float(self)) > (context.Emax + 1) * 2.302585093 + 2)
        if huge or (self._sign and adj >= 1 and float(self) < (context.Emin - context.prec - 2) * 2.302585093):
            work = _scratch(context, ROUND_HALF_EVEN)
            if self._sign == 0:
                result = _overflow(0, work)
                _merge_flags(context, work)
                return result
            return _round_in_scratch(_dec(0, 1, context.Emin - context.prec - 1), work, context)
        if adj < -context.prec - 2:
            # exp(x) = 1 + x + ...: 1 with a sticky digit on x's side
            p = context.prec
            d = _dec(0, 10 ** (p + 1) + (-1 if self._sign else 1), -(p + 1))
            return _round_in_scratch(d, _scratch(context, ROUND_HALF_EVEN), context)
        return _correctly_rounded(lambda g: _exp_scaled(self, g), context)

    def _log_special(self, context):
        """ln's and log10's result for a NaN, zero, negative or infinite
        self; None for the others."""
        nan = self._nan_operands(None, context)
        if nan is not None:
            return nan
        if self._int == 0 and self.is_finite():
            return _dec(1, 0, 'F')
        if self._sign:
            return context._invalid()
        if self._exp == 'F':
            return self
        return None

    def ln(self, context=None):
        """The natural logarithm of self, correctly rounded half even."""
        context = _ctx(context)
        special = self._log_special(context)
        if special is not None:
            return special
        if self._int == 1 and self._exp == 0:
            return _dec(0, 0, 0)
        return _correctly_rounded(lambda g: _ln_scaled(self, g), context)

    def log10(self, context=None):
        """The base-10 logarithm of self, correctly rounded half even."""
        context = _ctx(context)
        special = self._log_special(context)
        if special is not None:
            return special
        s = str(self._int)
        if s[0] == '1' and s[1:] == '0' * (len(s) - 1):  # an exact power of ten
            return Decimal(self._exp + len(s) - 1)._round_result(context)
        return _correctly_rounded(lambda g: _log10_scaled(self, g), context)

    # ---- text ----

    def __str__(self, eng=False, context=None):
        """self in scientific notation (the spec's to-scientific-string)."""
        sign = '-' if self._sign else ''
        if self._exp == 'F':
            return sign + 'Infinity'
        if self._exp == 'n' or self._exp == 'N':
            return sign + ('NaN' if self._exp == 'n' else 'sNaN') + (str(self._int) if self._int else '')
        digits = str(self._int)
        left = self._exp + len(digits)  # digits left of the point in plain notation
        if self._exp <= 0 and left > -6:
            point = left
        elif not eng:
            point = 1
        elif self._int == 0:
            point = (left + 1) % 3 - 1
        else:
            point = (left - 1) % 3 + 1
        if point <= 0:
            text = '0.' + '0' * -point + digits
        elif point >= len(digits):
            text = digits + '0' * (point - len(digits))
        else:
            text = digits[:point] + '.' + digits[point:]
        if left != point:
            if context is None:
                context = getcontext()
            text += ('E' if context.capitals else 'e') + '%+d' % (left - point)
        return sign + text

    def to_eng_string(self, context=None):
        """self in engineering notation: exponents are multiples of three."""
        return self.__str__(eng=True, context=context)

    def __repr__(self):
        """Decimal('...')."""
        return "Decimal('%s')" % str(self)

    def __format__(self, spec, _localeconv=None):
        return _format(self, spec)


def _dec(sign, c, e):
    d = object.__new__(Decimal)
    d._sign, d._int, d._exp = sign, c, e
    return d


_NAN = _dec(0, 0, 'n')


def _from_tuple(t):
    if len(t) != 3:
        raise ValueError('argument must be a sequence of length 3')
    sign, digits, exp = t
    if not (isinstance(sign, int) and sign in (0, 1)):
        raise ValueError('sign must be an integer with the value 0 or 1')
    if isinstance(exp, str):
        if exp not in ('F', 'n', 'N'):
            raise ValueError("string argument in the third position must be 'F', 'n' or 'N'")
    elif not isinstance(exp, int):
        raise ValueError('exponent must be an integer')
    if not isinstance(digits, (list, tuple)):
        raise ValueError('coefficient must be a tuple of digits')
    for d in digits:
        if not (isinstance(d, int) and 0 <= d <= 9):
            raise ValueError('coefficient must be a tuple of digits')
    c = int(''.join(str(d) for d in digits)) if digits else 0
    if exp == 'F':
        c = 0
    return sign, c, exp


def _overflow(sign, context):
    """The result of an overflow: infinity or the largest finite number,
    by the rounding mode; Overflow, Inexact, Rounded signalled."""
    r = context.rounding
    if r in (ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_HALF_DOWN, ROUND_UP) or \
            (r == ROUND_CEILING and sign == 0) or (r == ROUND_FLOOR and sign == 1):
        result = _dec(sign, 0, 'F')
    else:
        result = _dec(sign, 10 ** context.prec - 1, context.Emax - context.prec + 1)
    context._signal([Overflow, Inexact, Rounded])
    return result


def _merge_flags(context, work):
    """Signal on context what a scratch copy of it flagged."""
    raised = [s for s in _SIGNALS if dict.__getitem__(work.flags, s)]
    if raised:
        context._signal(raised)


def _scratch(context, rounding, fresh=True):
    """A copy of context to work in: it rounds by rounding, traps nothing
    and (fresh) starts with no flags; _merge_flags brings them back."""
    work = context.copy()
    work.rounding = rounding
    work.clear_traps()
    if fresh:
        work.clear_flags()
    return work


def _round_in_scratch(d, work, context):
    """d rounded in work (a _scratch copy of context), whose flags are then
    signalled on context."""
    result = d._round_result(work)
    _merge_flags(context, work)
    return result


# Note [Rounding by guard digits]: exp, ln and log10 are transcendental:
# their exact value is never a short decimal (save the cases handled before),
# so it is never exactly halfway between two results. f(g) gives an int A
# and an exponent E with |A * 10**E - value| < 10**E (one unit, A having
# about g more digits than the precision); when A - 2 and A + 2 round to the
# same prec digits, so does the value. Otherwise more guard digits are asked
# for (past 400, A is rounded as it is: only an exact power such as
# 4 ** 0.5 in a directed rounding comes that far).

def _correctly_rounded(f, context, rounding=ROUND_HALF_EVEN):
    """The value f approximates, rounded to context's precision by the
    rounding mode (exp, ln and log10 always round half even, power by the
    context's mode); Inexact and Rounded always signalled."""
    g = 3
    p = context.prec
    while True:
        a, e = f(p + g)
        sign = 1 if a < 0 else 0
        a = abs(a)
        scratch = _scratch(context, rounding, fresh=False)
        # two units either side: the approximations promise one
        r1 = _dec(sign, a - 2, e)._round_result(scratch)
        r2 = _dec(sign, a + 2, e)._round_result(scratch.copy())
        if (r1._int == r2._int and r1._exp == r2._exp) or g > 400:
            work = _scratch(context, rounding)
            result = _dec(sign, a, e)._round_result(work)
            raised = [s for s in _SIGNALS if dict.__getitem__(work.flags, s)]
            for s in (Inexact, Rounded):
                if s not in raised:
                    raised.append(s)
            raised.sort(key=_SIGNALS.index)
            context._signal(raised)
            return result
        g *= 2


def _tdiv(a, b):
    """a / b truncated toward zero (b > 0): series terms of either sign
    shrink to 0, where floor division would stop at -1."""
    return a // b if a >= 0 else -((-a) // b)


def _fixed(d, q):
    """d (finite) as an int scaled by 10**q, truncated toward zero."""
    v = d._int * 10 ** (d._exp + q) if d._exp + q >= 0 else d._int // 10 ** -(d._exp + q)
    return -v if d._sign else v


def _exp_fixed(x, q):
    """exp(x / 10**q) * 10**q, for |x| / 10**q <= about 1, as an int within
    a few units."""
    M = 10 ** q
    # halve the argument until it is below 2**-k small, then square back
    k = 0
    while abs(x) > M // 1024:
        x = x // 2 if x >= 0 else -((-x) // 2)
        k += 1
    total = M
    term = M
    i = 1
    while term:
        term = _tdiv(term * x, M * i)
        total += term
        i += 1
    for _ in range(k):
        total = total * total // M
    return total


def _exp_scaled(d, p):
    """exp(d) as (A, E) within one unit of 10**E, A with about p digits."""
    # exp(d) = 10**n * exp(d - n ln 10): n chosen to leave r in [0, ln 10)
    approx = float(d) if abs(d.adjusted()) < 300 else (1e300 if not d._sign else -1e300)
    n = int(_math.floor(approx / 2.302585092994046))
    guard = len(str(abs(n))) + 6
    q = p + guard
    while True:
        ln10 = _ln10_fixed(q + 2) // 100
        r = _fixed(d, q) - n * ln10
        if r < 0:
            n -= 1
            continue
        if r >= ln10:
            n += 1
            continue
        break
    q2 = q + (len(str(abs(n))) if n else 0)
    ln10 = _ln10_fixed(q2 + 2) // 100
    r = _fixed(d, q2) - n * ln10
    v = _exp_fixed(r, q2)
    # v * 10**(n - q2) is exp(d), a few thousand units off at most (the
    # squarings double the error): the guard digits dropped leave < 1 unit
    drop = q2 - p
    return v // 10 ** drop, n - q2 + drop


_LN10_CACHE = [0, 0]


def _ln10_fixed(q):
    """ln(10) * 10**q truncated (to within a unit)."""
    if _LN10_CACHE[0] >= q:
        return _LN10_CACHE[1] // 10 ** (_LN10_CACHE[0] - q)
    w = q + 10
    v = _ln_fixed_small(10 ** w * 10 // 8, w) + 3 * _ln2_fixed(w)  # ln 10 = ln(10/8) + 3 ln 2
    _LN10_CACHE[0], _LN10_CACHE[1] = w, v
    return v // 10 ** (w - q)


def _ln2_fixed(q):
    """ln(2) * 10**q: -ln(1/2) = 2 atanh(1/3)."""
    M = 10 ** q
    return _atanh_inv(3, M) * 2


def _atanh_inv(n, M):
    """atanh(1/n) * M for an int n > 1."""
    total = 0
    power = M // n
    k = 1
    n2 = n * n
    while power:
        total += power // k
        power //= n2
        k += 2
    return total


def _ln_fixed_small(y, q):
    """ln(y / 10**q) * 10**q for y / 10**q in about [0.5, 2]: 2 atanh((y-M)/(y+M))."""
    M = 10 ** q
    num, den = y - M, y + M
    # atanh(z) = z + z**3/3 + ...  with z = num/den
    z = _tdiv(num * M, den)
    z2 = z * z // M
    total = 0
    term = z
    k = 1
    while term:
        total += _tdiv(term, k)
        term = _tdiv(term * z2, M)
        k += 2
    return 2 * total


def _ln_scaled(d, p):
    """ln(d) for a positive finite d as (A, E) within a unit of 10**E."""
    # d = m * 10**a with m in [1, 10): ln d = ln m + a ln 10, and
    # m = 2**j * y with y in [0.75, 1.5]
    digits = str(d._int)
    a = d._exp + len(digits) - 1
    extra = len(str(abs(a))) + 4
    q = p + extra
    # where ln(d) is tiny (d near 1) more digits are needed: as many as
    # |d - 1| has leading zeros
    q += _zeros_after_one(d)
    M = 10 ** q
    m = d._int * M // 10 ** (len(digits) - 1)  # d's digits as [1, 10), truncated
    j = 0
    while m > M * 3 // 2:
        m = m // 2
        j += 1
    v = _ln_fixed_small(m, q) + j * _ln2_fixed(q) + a * _ln10_fixed(q)
    drop = extra - 1  # keep one guard digit beyond p + the zeros
    return v // 10 ** drop, drop - q


def _zeros_after_one(self):
    """How many more digits ln needs near 1: the zeros of |self - 1|."""
    if self._exp >= 0:
        return 0
    one = 10 ** -self._exp
    diff = abs(self._int - one)
    if diff == 0:
        return 0
    return max(0, _digits(one) - _digits(diff))




def _log10_scaled(d, p):
    a, e = _ln_scaled(d, p + 3)
    q = -e
    ln10 = _ln10_fixed(q)
    v = a * 10 ** q // ln10
    return v // 10, e + 1


# ---- power ----

def _power(x, y, context):
    nan = x._nan_operands(y, context)
    if nan is not None:
        return nan
    if x.is_finite() and x._int == 0:
        if y.is_finite() and y._int == 0:
            return context._invalid()
        sign = x._sign if (y._is_integer() and y._to_int() % 2 == 1) else 0
        if y._sign:
            return _dec(sign, 0, 'F')
        return _dec(sign, 0, 0)
    if x._sign and not y._is_integer():
        return context._invalid()
    odd = y._is_integer() and y.is_finite() and y._to_int() % 2 == 1
    sign = x._sign if odd else 0
    if x._exp == 'F':
        if y.is_finite() and y._int == 0:
            return _dec(0, 1, 0)
        return _dec(sign, 0, 0) if y._sign else _dec(sign, 0, 'F')
    if y._exp == 'F':
        cmp = x.copy_abs()._cmp(_dec(0, 1, 0))
        if cmp == 0:
            return _one_inexact(context)
        big = (cmp > 0) != bool(y._sign)
        return _dec(0, 0, 'F') if big else _dec(0, 0, 0)
    if y._int == 0:
        return _dec(0, 1, 0)  # as it is, even where clamping would pad it
    xa = x.copy_abs()
    integral = y._is_integer()
    if not (xa._int == 1 and xa._exp == 0):
        # a power far past the exponent limits is settled by its size alone
        # (Note [Power bounds])
        size = _log10_size(xa) * float(y)
        huge = size > context.Emax + 5 or size < context.Emin - context.prec - 5
        if huge and (not integral or abs(y.adjusted()) > 18):
            return _power_out_of_range(size > 0, sign, context)
    if integral and xa._int == 1 and xa._exp == 0:
        return _dec(sign, 1, 0)  # 1 ** n and (-1) ** n: exact, however large n is
    if integral and abs(y.adjusted()) > 18 and xa._cmp(_dec(0, 1, 0)) == 0:
        # 1.000 ** n for a huge n: every squaring rounds to the wider context
        context._signal([Rounded])
        return _dec(sign, 10 ** (context.prec - 1), 1 - context.prec)
    if integral:
        return _int_power(xa, y, sign, context)
    # inexact in general: exp(y * ln |x|) with guard digits
    if x._sign == 0 and x._int == 1 and x._exp == 0:
        return _one_inexact(context)

    def approx(g):
        work = Context(prec=g + 5, rounding=ROUND_HALF_EVEN, Emin=MIN_EMIN, Emax=MAX_EMAX, traps=[])
        lnx = _ln_exact_work(xa, g + 5 + len(str(abs(y.adjusted()))) + 2)
        t = y._mul(lnx, work)
        a, e = _exp_scaled(t, g)
        return (-a if sign else a), e
    # libmpdec treats every non-integral power as inexact, even 4 ** 0.5:
    # the result has full precision and Inexact, Rounded are signalled
    return _correctly_rounded(approx, context, context.rounding)


def _log10_size(x):
    """log10(x) for a finite positive x, as a float (good to a few digits:
    only used to tell a power past the exponent limits)."""
    digits = str(x._int)
    lead = float(digits[:17]) / 10 ** (min(len(digits), 17) - 1)
    return x.adjusted() + _math.log10(lead)


# Note [Power bounds]: libmpdec settles some powers without computing them,
# when the size of the result, y * log10(x), is certainly past the exponent
# limits: the result is then 1E+huge or 1E-(Etiny+1) rounded by the context
# (so ROUND_UP gives the smallest subnormal where binary powering would have
# underflowed to zero). We do the same where the powering cannot be done (an
# integral y past 64 bits) or the series would spell out y * ln x (any other
# y); libmpdec's own test is finer, and for a small integral y whose power
# lies some dozens of orders below Etiny it sometimes settles the power
# where we compute it (a zero where it gives the smallest subnormal).

def _power_out_of_range(overflow, sign, context):
    """The result of a power past the exponent limits (Note [Power
    bounds]): 1E+huge or 1E-tiny rounded by the context."""
    if overflow:
        return _dec(sign, 1, 2 * MAX_EMAX)._round_result(context)
    return _dec(sign, 1, context.Emin - context.prec - 1)._round_result(context)


def _int_power(x, y, sign, context):
    """x ** y for a finite positive x and an integral y, as libmpdec computes
    it: left-to-right binary powering in a wider half-even context (1 / x
    first for a negative y), every product rounded there, then the result
    rounded to the context. Exact powers come out exact; others may differ
    from the correctly rounded value in the last digit, as the C module's
    do, and a power far below the subnormal range is a zero."""
    n = y._to_int()
    work = Context(prec=context.prec + _digits(y._int) + y._exp + 2, rounding=ROUND_HALF_EVEN,
                   Emin=context.Emin, Emax=context.Emax, clamp=0, traps=[])
    base = x
    if n < 0:
        work.prec += 1
        base = _dec(0, 1, 0)._truediv(x, work)
        n = -n
    result = base
    for bit in bin(n)[3:]:
        result = result._mul(result, work)
        if bit == '1':
            result = result._mul(base, work)
        if result._exp == 'F' or (result._int == 0 and dict.__getitem__(work.flags, Clamped)):
            break
    if result._exp == 'F':  # an overflow: the context's rounding decides its result
        result = _dec(sign, 1, 2 * MAX_EMAX)
    else:
        result = _dec(sign, result._int, result._exp)
    _merge_flags(context, work)
    return result._round_result(context)


def _ln_exact_work(d, p):
    a, e = _ln_scaled(d, p)
    return _dec(1 if a < 0 else 0, abs(a), e)


def _one_inexact(context):
    p = context.prec
    context._signal([Inexact, Rounded])
    return _dec(0, 10 ** (p - 1), 1 - p)




# ---- formatting ----

def _parse_spec(spec):
    import re
    # the C module's grammar: no '#' and no '_' separator
    m = re.fullmatch(r'(?:(.)?([<>=^]))?([-+ ])?(z)?(0)?(\d+)?(,)?(?:\.(\d+))?([eEfFgGn%])?', spec, re.DOTALL)
    if m is None:
        raise ValueError('invalid format string')
    fill, align, sign, z, zero, width, sep, prec, kind = m.groups()
    if (zero and align) or (sep and kind == 'n'):  # the C module refuses both
        raise ValueError('invalid format string')
    alt = False
    if zero and fill is None and align is None:
        fill, align = '0', '='
    return {'fill': fill if fill is not None else ' ', 'align': align or '>', 'sign': sign or '-',
            'z': bool(z), 'alt': bool(alt), 'zero': bool(zero), 'width': int(width) if width else 0,
            'sep': sep or '', 'prec': int(prec) if prec is not None else None, 'type': kind}


def _format(d, spec_text):
    if not isinstance(spec_text, str):
        raise TypeError('format arg must be str')
    spec = _parse_spec(spec_text)
    context = getcontext()
    kind = spec['type']
    sign = d._sign
    if d._exp == 'F' or d.is_nan():
        body = str(d.copy_abs())
        if kind == '%':
            body += '%'
        if spec['zero'] and spec['fill'] == '0' and spec['align'] == '=':
            spec['fill'], spec['align'] = ' ', '>'  # no zero padding for specials
        return _align(sign, body, spec, numeric=False)
    if kind is None:
        kind = 'G' if context.capitals else 'g'
        plain_repr = spec['prec'] is None
    else:
        plain_repr = False
    prec = spec['prec']
    rounding = context.rounding
    if kind == '%':
        d = _dec(d._sign, d._int, d._exp + 2)
    if prec is not None:
        if kind in 'eE':
            d = _round_digits(d, prec + 1, rounding)
        elif kind in 'fF%':
            d = d._rescale(-prec, rounding)
        elif kind in 'gGn':
            if prec == 0:
                prec = 1
            if _digits(d._int) > prec:
                d = _round_digits(d, prec, rounding)
    if d._int == 0 and d._exp > 0 and kind in 'fF%':
        d = d._rescale(0, rounding)
    if d._int == 0 and spec['z'] and sign:
        sign = 0
    digits = str(d._int)
    left = d._exp + len(digits)
    if kind in 'eE':
        point = 1 - prec if (d._int == 0 and prec is not None) else 1
    elif kind in 'fF%':
        point = left
    elif plain_repr:
        if d._exp <= 0 and left > -6:
            point = left
        else:
            point = 1
    else:
        if d._exp <= 0 and left > -6:
            point = left
        else:
            point = 1
    if point < 0:
        intpart, frac = '0', '0' * -point + digits
    elif point > len(digits):
        intpart, frac = digits + '0' * (point - len(digits)), ''
    else:
        intpart, frac = digits[:point] or '0', digits[point:]
    exp = left - point
    echar = {'e': 'e', 'E': 'E', 'g': 'e', 'G': 'E', 'n': 'e'}.get(kind, 'e')
    if kind in 'eE' or (kind in 'gGn' and exp != 0) or (plain_repr and exp != 0):
        tail = echar + '%+d' % exp
    else:
        tail = ''
    if kind == '%':
        tail = '%'
    point_text = '.' if frac or spec['alt'] else ''
    if spec['sep']:
        intpart = _group(intpart, spec['sep'], spec, len(point_text + frac + tail), sign)
    return _align(sign, intpart + point_text + frac + tail, spec, numeric=True)


def _round_digits(d, n, rounding):
    """d rounded to n significant digits (a carry keeps n digits)."""
    nd = _digits(d._int)
    if nd < n and d._int:  # pad: '.3e' shows 4 digits
        return _dec(d._sign, d._int * 10 ** (n - nd), d._exp - (n - nd))
    if nd <= n:
        return d
    c, _ = _drop_digits(d._sign, d._int, nd - n, rounding)
    e = d._exp + nd - n
    if _digits(c) > n:
        c //= 10
        e += 1
    return _dec(d._sign, c, e)


def _group(intpart, sep, spec, rest, sign):
    """intpart with sep between groups of three digits. Zero padding
    ('0' flag) widens it with zeros so the whole field fills its width; a
    group never starts with a separator."""
    width = spec['width']
    if spec['zero'] and spec['fill'] == '0' and spec['align'] == '=':
        signlen = 1 if (sign or spec['sign'] in '+ ') else 0
        minimum = width - rest - signlen
    else:
        minimum = 0
    groups = []
    digits = intpart
    while True:
        n = min(max(len(digits), minimum, 1), 3)
        groups.append('0' * (n - len(digits)) + digits[-n:])
        digits = digits[:-n]
        minimum -= n
        if not digits and minimum <= 0:
            break
        minimum -= len(sep)
    return sep.join(reversed(groups))


def _align(sign, body, spec, numeric):
    if sign:
        s = '-'
    elif spec['sign'] == '+':
        s = '+'
    elif spec['sign'] == ' ':
        s = ' '
    else:
        s = ''
    width, fill, align = spec['width'], spec['fill'], spec['align']
    pad = width - len(s) - len(body)
    if pad <= 0:
        return s + body
    if align == '<':
        return s + body + fill * pad
    if align == '>':
        return fill * pad + s + body
    if align == '=':
        return s + fill * pad + body
    half = pad // 2
    return fill * half + s + body + fill * (pad - half)


# ---- the predefined contexts ----

DefaultContext = Context(prec=28, rounding=ROUND_HALF_EVEN, Emin=-999999, Emax=999999, capitals=1, clamp=0,
                         traps=[DivisionByZero, Overflow, InvalidOperation])
_default_ready = True
BasicContext = Context(prec=9, rounding=ROUND_HALF_UP,
                       traps=[DivisionByZero, Overflow, InvalidOperation, Clamped, Underflow], flags=[])
ExtendedContext = Context(prec=9, rounding=ROUND_HALF_EVEN, traps=[], flags=[])
