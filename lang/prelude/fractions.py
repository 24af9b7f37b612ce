"""fractions: exact rational numbers, as CPython 3.11's module.

A Fraction holds an int numerator and a positive int denominator in
lowest terms. Arithmetic with ints and Fractions stays exact; with floats
and complex numbers it goes through float(self) (or complex(self)) as in
CPython. Hashes agree with int, float and Decimal hashes of equal values
(Note [Hash of a rational] below).

Written for cgrad; the algorithms are the textbook ones (Euclid's gcd,
continued fractions for limit_denominator)."""

from decimal import Decimal
import math
import numbers
import operator
import re
import sys

__all__ = ['Fraction']

# Note [Hash of a rational]: CPython hashes every number x = n/d as
# n * d**-1 modulo the prime P = 2**61 - 1, with the sign of x; a value
# whose d has no inverse modulo P hashes like infinity (314159). int and
# float hashes are that same rule, so equal values hash equal.
_HASH_MODULUS = 2305843009213693951
_HASH_INF = 314159

# sign, then digits (possibly none before a point), then either /denominator
# or an optional fraction and exponent; underscores only between digits.
_LITERAL = re.compile(r"""
    \s*
    (?P<sign>[-+]?)
    (?=\d|\.\d)
    (?P<num>\d*|\d+(?:_\d+)*)
    (?:
        /(?P<denom>\d+(?:_\d+)*)
      |
        (?:\.(?P<decimal>\d*|\d+(?:_\d+)*))?
        (?:[eE](?P<exp>[-+]?\d+(?:_\d+)*))?
    )
    \s*
""", re.VERBOSE)


def _parse(text):
    """(numerator, denominator) of a Fraction literal, not yet reduced."""
    m = _LITERAL.fullmatch(text)
    if m is None:
        raise ValueError('Invalid literal for Fraction: %r' % text)
    num = int(m.group('num') or '0')
    denom = m.group('denom')
    if denom:
        den = int(denom)
    else:
        den = 1
        frac = m.group('decimal')
        if frac:
            frac = frac.replace('_', '')
            scale = 10 ** len(frac)
            num = num * scale + int(frac)
            den *= scale
        exp = m.group('exp')
        if exp:
            exp = int(exp)
            if exp >= 0:
                num *= 10 ** exp
            else:
                den *= 10 ** -exp
    if m.group('sign') == '-':
        num = -num
    return num, den


def _arith(exact, inexact, name):
    """The forward and reflected methods of one operator: exact for two
    rationals, inexact (the operator module's function) once a float or
    complex is involved, NotImplemented for anything else."""

    def forward(a, b):
        if isinstance(b, (int, Fraction)):
            return exact(a, b)
        if isinstance(b, float):
            return inexact(float(a), b)
        if isinstance(b, complex):
            return inexact(complex(a), b)
        return NotImplemented

    def reverse(b, a):
        if isinstance(a, numbers.Rational):
            return exact(Fraction(a), b)
        if isinstance(a, numbers.Real):
            return inexact(float(a), float(b))
        if isinstance(a, numbers.Complex):
            return inexact(complex(a), complex(b))
        return NotImplemented

    forward.__name__ = '__' + name + '__'
    forward.__qualname__ = 'Fraction.__' + name + '__'
    reverse.__name__ = '__r' + name + '__'
    reverse.__qualname__ = 'Fraction.__r' + name + '__'
    return forward, reverse


class Fraction(numbers.Rational):
    """A rational number: an int numerator over a positive int denominator,
    kept in lowest terms.
    
    Fraction(n, d) takes two Rationals (ints, Fractions); Fraction(x) takes
    a Rational, a float or a Decimal (exactly), or a string such as '3/4',
    '-1.5', '2e-3' or ' 7 '. Fraction() is 0."""

    __slots__ = ('_numerator', '_denominator')

    def __new__(cls, numerator=0, denominator=None, *, _normalize=True):
        self = super(Fraction, cls).__new__(cls)
        if denominator is None:
            if type(numerator) is int:
                self._numerator = numerator
                self._denominator = 1
                return self
            if isinstance(numerator, numbers.Rational):
                self._numerator = numerator.numerator
                self._denominator = numerator.denominator
                return self
            if isinstance(numerator, (float, Decimal)):
                self._numerator, self._denominator = numerator.as_integer_ratio()
                return self
            if isinstance(numerator, str):
                numerator, denominator = _parse(numerator)
            else:
                raise TypeError('argument should be a string or a Rational instance')
        elif type(numerator) is int is type(denominator):
            pass
        elif isinstance(numerator, numbers.Rational) and isinstance(denominator, numbers.Rational):
            numerator, denominator = (numerator.numerator * denominator.denominator,
                                      denominator.numerator * numerator.denominator)
        else:
            raise TypeError('both arguments should be Rational instances')
        if denominator == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % numerator)
        if _normalize:
            g = math.gcd(numerator, denominator)
            if denominator < 0:
                g = -g
            numerator //= g
            denominator //= g
        self._numerator = numerator
        self._denominator = denominator
        return self

    @classmethod
    def from_float(cls, f):
        """The float f (or an int) as a Fraction, exactly: from_float(0.1) is
        not Fraction(1, 10)."""
        if isinstance(f, numbers.Integral):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError('%s.from_float() only takes floats, not %r (%s)'
                            % (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        """The finite Decimal dec (or an int) as a Fraction, exactly."""
        if isinstance(dec, numbers.Integral):
            dec = Decimal(int(dec))
        elif not isinstance(dec, Decimal):
            raise TypeError('%s.from_decimal() only takes Decimals, not %r (%s)'
                            % (cls.__name__, dec, type(dec).__name__))
        return cls(*dec.as_integer_ratio())

    def as_integer_ratio(self):
        """(numerator, denominator), the denominator positive."""
        return (self._numerator, self._denominator)

    def limit_denominator(self, max_denominator=1000000):
        """The Fraction nearest to self whose denominator is at most
        max_denominator (self itself when its denominator is small enough)."""
        if max_denominator < 1:
            raise ValueError('max_denominator should be at least 1')
        if self._denominator <= max_denominator:
            return Fraction(self)
        # Walk the continued fraction of self: h/k are successive
        # convergents; stop before a denominator passes the limit.
        h_prev, k_prev, h, k = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            q = n // d
            k_next = k_prev + q * k
            if k_next > max_denominator:
                break
            h_prev, k_prev, h, k = h, k, h_prev + q * h, k_next
            n, d = d, n - q * d
        # The best approximation is the last convergent or the largest
        # semiconvergent under the limit; the convergent wins ties.
        t = (max_denominator - k_prev) // k
        semi = Fraction(h_prev + t * h, k_prev + t * k)
        conv = Fraction(h, k)
        if abs(conv - self) <= abs(semi - self):
            return conv
        return semi

    @property
    def numerator(a):
        return a._numerator

    @property
    def denominator(a):
        return a._denominator

    def __repr__(self):
        """repr(self)"""
        return '%s(%s, %s)' % (self.__class__.__name__, self._numerator, self._denominator)

    def __str__(self):
        """str(self)"""
        if self._denominator == 1:
            return str(self._numerator)
        return '%s/%s' % (self._numerator, self._denominator)

    # ---- exact arithmetic on two rationals ----

    def _add(a, b):
        """a + b"""
        return Fraction(a.numerator * b.denominator + b.numerator * a.denominator,
                        a.denominator * b.denominator)

    def _sub(a, b):
        """a - b"""
        return Fraction(a.numerator * b.denominator - b.numerator * a.denominator,
                        a.denominator * b.denominator)

    def _mul(a, b):
        """a * b"""
        return Fraction(a.numerator * b.numerator, a.denominator * b.denominator)

    def _div(a, b):
        """a / b"""
        n1, d1 = a.numerator, a.denominator
        n2, d2 = b.numerator, b.denominator
        # cancel common factors first: the message of a division by zero
        # names the reduced numerator, as CPython's does
        g = math.gcd(n1, n2)
        if g > 1:
            n1 //= g
            n2 //= g
        g = math.gcd(d1, d2)
        if g > 1:
            d1 //= g
            d2 //= g
        n, d = n1 * d2, n2 * d1
        if d < 0:
            n, d = -n, -d
        return Fraction(n, d, _normalize=False)

    def _floordiv(a, b):
        """a // b"""
        return (a.numerator * b.denominator) // (a.denominator * b.numerator)

    def _divmod(a, b):
        """(a // b, a % b)"""
        da, db = a.denominator, b.denominator
        q, r = divmod(a.numerator * db, da * b.numerator)
        return q, Fraction(r, da * db)

    def _mod(a, b):
        """a % b"""
        da, db = a.denominator, b.denominator
        return Fraction((a.numerator * db) % (b.numerator * da), da * db)

    __add__, __radd__ = _arith(_add, operator.add, 'add')
    __sub__, __rsub__ = _arith(_sub, operator.sub, 'sub')
    __mul__, __rmul__ = _arith(_mul, operator.mul, 'mul')
    __truediv__, __rtruediv__ = _arith(_div, operator.truediv, 'truediv')
    __floordiv__, __rfloordiv__ = _arith(_floordiv, operator.floordiv, 'floordiv')
    __divmod__, __rdivmod__ = _arith(_divmod, divmod, 'divmod')
    __mod__, __rmod__ = _arith(_mod, operator.mod, 'mod')

    def __pow__(a, b):
        """a ** b: a Fraction for an integral b, a float (or complex)
        otherwise."""
        if isinstance(b, numbers.Rational):
            if b.denominator == 1:
                p = b.numerator
                if p >= 0:
                    return Fraction(a._numerator ** p, a._denominator ** p, _normalize=False)
                if a._numerator >= 0:
                    return Fraction(a._denominator ** -p, a._numerator ** -p, _normalize=False)
                return Fraction((-a._denominator) ** -p, (-a._numerator) ** -p, _normalize=False)
            return float(a) ** float(b)
        return float(a) ** b

    def __rpow__(b, a):
        """a ** b"""
        if b._denominator == 1 and b._numerator >= 0:
            return a ** b._numerator
        if isinstance(a, numbers.Rational):
            return Fraction(a.numerator, a.denominator) ** b
        if b._denominator == 1:
            return a ** b._numerator
        return a ** float(b)

    def __pos__(a):
        """+a, a Fraction even for a subclass."""
        return Fraction(a._numerator, a._denominator, _normalize=False)

    def __neg__(a):
        """-a"""
        return Fraction(-a._numerator, a._denominator, _normalize=False)

    def __abs__(a):
        """abs(a)"""
        return Fraction(abs(a._numerator), a._denominator, _normalize=False)

    def __int__(a, _index=operator.index):
        """int(a)"""
        if a._numerator < 0:
            return _index(-(-a._numerator // a._denominator))
        return _index(a._numerator // a._denominator)

    def __trunc__(a):
        """math.trunc(a)"""
        if a._numerator < 0:
            return -(-a._numerator // a._denominator)
        return a._numerator // a._denominator

    def __floor__(a):
        """math.floor(a)"""
        return a.numerator // a.denominator

    def __ceil__(a):
        """math.ceil(a)"""
        return -(-a.numerator // a.denominator)

    def __round__(self, ndigits=None):
        """round(self) to the nearest int, or to ndigits digits as a Fraction;
        halves go to the even neighbour."""
        if ndigits is None:
            q, r = divmod(self.numerator, self.denominator)
            twice = 2 * r
            if twice < self.denominator or (twice == self.denominator and q % 2 == 0):
                return q
            return q + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        return Fraction(round(self / shift) * shift)

    def __hash__(self):
        """hash(self)"""
        # see Note [Hash of a rational]
        try:
            inverse = pow(self._denominator, -1, _HASH_MODULUS)
        except ValueError:
            h = _HASH_INF
        else:
            h = hash(hash(abs(self._numerator)) * inverse)
        if self._numerator < 0:
            h = -h
        return -2 if h == -1 else h

    def __eq__(a, b):
        """a == b"""
        if type(b) is int:
            return a._numerator == b and a._denominator == 1
        if isinstance(b, numbers.Rational):
            return a._numerator == b.numerator and a._denominator == b.denominator
        if isinstance(b, numbers.Complex) and b.imag == 0:
            b = b.real
        if isinstance(b, float):
            if math.isnan(b) or math.isinf(b):
                return 0.0 == b
            return a == a.from_float(b)
        return NotImplemented

    def _richcmp(self, other, op):
        """Compare with a rational exactly, with a finite float through its
        exact value; nan and infinities compare as 0.0 does."""
        if isinstance(other, numbers.Rational):
            return op(self._numerator * other.denominator, self._denominator * other.numerator)
        if isinstance(other, float):
            if math.isnan(other) or math.isinf(other):
                return op(0.0, other)
            return op(self, self.from_float(other))
        return NotImplemented

    def __lt__(a, b):
        """a < b"""
        return a._richcmp(b, operator.lt)

    def __gt__(a, b):
        """a > b"""
        return a._richcmp(b, operator.gt)

    def __le__(a, b):
        """a <= b"""
        return a._richcmp(b, operator.le)

    def __ge__(a, b):
        """a >= b"""
        return a._richcmp(b, operator.ge)

    def __bool__(a):
        """a != 0"""
        return bool(a._numerator)

    def __reduce__(self):
        return (self.__class__, (self._numerator, self._denominator))

    def __copy__(self):
        if type(self) == Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)

    def __deepcopy__(self, memo):
        if type(self) == Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)
