# fractions.Fraction: construction from ints, strings, floats, pairs and
# rationals; exact arithmetic and mixing with int, float and complex;
# comparisons, hashing equal to int/float hashes, rounding, limit_denominator,
# and the errors, against CPython 3.11.
from fractions import Fraction as F
import fractions
import math

print(F(), F(3), F(-6, 4), F(6, -4), F(0, -5), F(2**70, 6), F(F(1, 3), F(2, 5)))
for s in ['3/4', ' -2 ', '1.5e-3', '1.', '.5', '1_000/3', '3.14_15', '+.5E+2', '-0', '  7/21  ', '10e3', '2E-2']:
    print(repr(s), repr(F(s)), str(F(s)))
for s in ['1 / 2', '1e', 'x', '1/-2', '', '0x10', 'inf', 'nan', '1.5/2', '1__0', '_1', '1/2/3', '- 1']:
    try:
        F(s)
    except ValueError as e:
        print('ValueError', e)
for f in [0.5, -0.1, 1e100, 5e-324, 0.0, -0.0, 3.0]:
    print(f, repr(F(f)), F.from_float(f) == f)
for bad in [(1, 0), ('1/0',), (0, 0)]:
    try:
        F(*bad)
    except ZeroDivisionError as e:
        print('ZeroDivisionError', e)
for bad in [(1.5, 2), ([1],), (1, 'x'), (None,)]:
    try:
        F(*bad)
    except TypeError as e:
        print('TypeError', e)
for bad in [float('nan'), float('inf'), float('-inf')]:
    try:
        F(bad)
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
try:
    F.from_float('1.5')
except TypeError as e:
    print('TypeError', e)
print(F.from_float(3), type(F.from_float(3)).__name__)

a, b = F(3, 4), F(-5, 6)
print(a + b, a - b, a * b, a / b, a // b, a % b, divmod(a, b), a ** 2, b ** -3, a ** 0, (-a) ** -1)
print(a + 1, 1 + a, a - 2, 2 - a, a * 3, 3 * a, a / 3, 3 / a, 7 // a, a // 2, 7 % a, divmod(7, a), 2 ** a)
print(a + 0.5, 0.5 + a, a * 1.5, a / 0.25, a // 0.3, a % 0.5, a ** 0.5, 2.0 ** a, a ** F(1, 2))
print(a + 1j, 1j * a, a / 2j, (2 + 1j) - a)
print(-a, +a, abs(b), int(b), int(F(7, 2)), float(a), complex(a), bool(F(0)), bool(a))
print(math.trunc(b), math.floor(b), math.ceil(b), math.trunc(F(7, 2)), math.floor(F(7, 2)), math.ceil(F(7, 2)))
for x in [F(1, 2), F(3, 2), F(5, 2), F(-1, 2), F(-3, 2), F(7, 3), F(-7, 3)]:
    print(x, round(x), round(x, 1), round(x, 2), round(F(12345, 7), -2), type(round(x)).__name__)
for x, y in [(a, 0), (F(0), 0), (-a, 0)]:
    try:
        x / y
    except ZeroDivisionError as e:
        print('ZeroDivisionError', e)
for f in [lambda: F(0) ** -1, lambda: a // 0, lambda: a % 0, lambda: divmod(a, F(0))]:
    try:
        f()
    except ZeroDivisionError as e:
        print('ZeroDivisionError', e)
for f in [lambda: a + 'x', lambda: 'x' * a, lambda: a < 'x', lambda: [1] - a]:
    try:
        f()
    except TypeError as e:
        print('TypeError', e)

print(a == F(6, 8), a == 0.75, a == 0.7500001, F(2) == 2, F(2, 1) == 2.0, a == 'x', F(1, 2) == 0.5 + 0j)
print(a < b, a > b, a <= 0.75, a >= 1, b < -0.8, F(1, 3) < 1 / 3, F(1, 3) > 1 / 3, a < float('inf'), a > float('nan'))
print(sorted([F(1, 2), 0.3, 1, F(-1, 3), 0]), max(F(5, 3), 1.6), min(F(5, 3), 2))
for x in [F(1), F(-1), F(7), F(1, 2), F(-1, 2), F(1, 3), F(2**100, 3), F(1, 2**61 - 1), F(-1, 2**61 - 1), F(10**30, 7)]:
    print(x, hash(x))
print(hash(F(1, 2)) == hash(0.5), hash(F(2**70)) == hash(2**70), hash(F(-3, 8)) == hash(-0.375), hash(F(1, 10)) == hash(0.1))
print(len({F(1, 2), 0.5, F(2, 4), 1, F(1)}))

pi = F('3.141592653589793')
for m in [1, 2, 7, 10, 100, 1000, 10**6]:
    print(m, pi.limit_denominator(m))
print(F(4321, 8765).limit_denominator(10000), F(1, 3).limit_denominator(2), F(-7, 19).limit_denominator(3))
try:
    pi.limit_denominator(0)
except ValueError as e:
    print('ValueError', e)
print(a.as_integer_ratio(), a.numerator, a.denominator, a.real, a.imag, a.conjugate(), F(5).as_integer_ratio())
print(repr(a), str(a), '%s' % b, format(a), f'{a!r:>20}', a.__reduce__()[1])

class G(F):
    pass
g = G(3, 9)
print(repr(g), type(g + 1).__name__, type(+g).__name__, repr(G.from_float(0.25)), repr(G('2/4')))
import copy
print(copy.copy(a) is a, copy.deepcopy(a) is a, copy.copy(g) is g, copy.copy(g) == g)
print(sum([F(1, n) for n in range(1, 11)]), math.prod([F(n, n + 1) for n in range(1, 6)]))
print(isinstance(a, fractions.numbers.Rational), isinstance(a, fractions.numbers.Real), F.__name__, F.__module__)
try:
    format(a, '.2f')
except TypeError as e:
    print('TypeError', e)
from decimal import Decimal
print(repr(F(Decimal('1.25'))), repr(F.from_decimal(Decimal('-0.5'))), repr(F.from_decimal(3)), F(Decimal('1e3')))
print(F(1, 3) == Decimal('0.5'), F(1, 2) == Decimal('0.5'), F(1, 2) < Decimal('0.6'), hash(F(1, 4)) == hash(Decimal('0.25')))
for bad in [lambda: F(Decimal('NaN')), lambda: F(Decimal('-Infinity')), lambda: F.from_decimal(0.5)]:
    try:
        bad()
    except (ValueError, OverflowError, TypeError) as e:
        print(type(e).__name__, e)
