# decimal: construction (str, int, float, tuple, Decimal), str/repr in
# scientific and engineering notation, format specs, hashing, comparisons
# with int/float/Fraction, contexts (getcontext, setcontext, localcontext,
# the predefined ones), traps raising their signals, and the errors.
import decimal
from decimal import *
from fractions import Fraction
import math

for s in ['0', '-0', '1.50', '-1.5E+3', '1e-7', '123E+5', '0.000001', '0.0000001', '1E+999999999', '  42  ',
          '1_000.000_1', '_1', '1__0', 'N_aN', '+.5', '5.', 'inf', '-Infinity', 'nan', 'NaN123', '-sNaN45', '0E-30', '0E+30',
          '12345678901234567890123456789012345', '-0.00', '1e0', '.1E-2']:
    d = Decimal(s)
    print(repr(s), repr(d), str(d), d.to_eng_string(), d.as_tuple(), d.adjusted())
for bad in ['', 'x', '1.2.3', '1e', 'e5', '--1', 'nan1x', '1 2', '0x10', 'Inf inity']:
    try:
        Decimal(bad)
    except InvalidOperation as e:
        print(repr(bad), type(e).__name__, e.args)
print(Decimal('x', Context(traps=[])), Context(traps=[]).create_decimal('1_0'))
for v in [0, -5, 2**100, True, 0.1, -0.0, 1e300, float('inf'), float('nan'), (0, (1, 2), -1), [1, (0,), 'F'],
          (0, (), 'n'), Decimal('3.5')]:
    print(repr(v), repr(Decimal(v)))
for bad in [(2, (1,), 0), (0, (10,), 0), (0, (1,), 'x'), (0, (1,), 1.5), (0,), None, b'1', [1], 1j]:
    try:
        Decimal(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(Decimal.from_float(0.5), Decimal.from_float(7), repr(Decimal.from_float(-0.1)))
try:
    Decimal.from_float('1')
except TypeError as e:
    print('TypeError', e)

for spec in ['', '.2f', ',', '%', '.3e', '.0e', '10.2f', '<10', '^12', '*>12', '+.1%', '08.2f', ',.2f', 'g',
             '.3g', '.10g', 'E', 'G', '012,.2f', ' ', '+', '.0f', 'z.1f', '.1F', 'e', '015,.3f', '-^15,']:
    print(repr(spec), [format(Decimal(v), spec) for v in ['1234.5678', '-0.000012345', '0', '-0.04', '1E+5',
                                                          '9.9999', 'Infinity', 'NaN', '-1.5']])
print('{:.2f} {:>10} {!r} {:,}'.format(Decimal('3.14159'), Decimal('2.5'), Decimal('1.0'), Decimal('1e6')))
for bad in ['x', '.2q', ',,', '_', '10_.2f', '#.0f', '#g']:
    try:
        format(Decimal(1), bad)
    except ValueError as e:
        print('ValueError', e)

for v in ['0.1', '-2.5', '1E+30', '1E-100', '5', '-5', '0.5', 'Infinity', '-Infinity', '0', '-0', '1.000']:
    d = Decimal(v)
    print(v, hash(d), hash(d) == hash(float(d)) if d == float(d) else '-', hash(d) == hash(Fraction(d)) if d.is_finite() else '-')
try:
    hash(Decimal('sNaN'))
except TypeError as e:
    print('TypeError', e)
print(Decimal('0.5') == Fraction(1, 2), Decimal('0.3') < Fraction(1, 3), Decimal(2) == 2, Decimal('2.0') == 2.0,
      Decimal('0.1') == 0.1, Decimal(1) < 1.5, Decimal('NaN') == Decimal('NaN'), Decimal('NaN') != 1,
      Decimal('-0') == 0, max(Decimal(1), 2, Decimal('1.5')), sorted([Decimal('0.3'), 0.2, Fraction(1, 4), 1]))
print(int(Decimal('-7.9')), float(Decimal('1.1')), complex(Decimal(2)), math.floor(Decimal('-1.5')),
      math.ceil(Decimal('-1.5')), round(Decimal('2.675'), 2), round(Decimal('-2.5')), math.trunc(Decimal('-2.7')),
      bool(Decimal('0.0')), bool(Decimal('NaN')), Decimal('1.5').as_integer_ratio(), Decimal(-8).as_integer_ratio())
for f in [lambda: int(Decimal('NaN')), lambda: int(Decimal('-Inf')), lambda: round(Decimal('NaN')),
          lambda: Decimal('Inf').as_integer_ratio(), lambda: float(Decimal('sNaN')),
          lambda: Decimal('NaN') < 1, lambda: Decimal(1) + 1.5, lambda: 2.5 * Decimal(1),
          lambda: Decimal(1) / 0, lambda: Decimal(0) / 0, lambda: Decimal(1) // 0, lambda: Decimal(5) % 0,
          lambda: Decimal(-1).sqrt(), lambda: Decimal('Inf') - Decimal('Inf'), lambda: Decimal(10) ** 10**9,
          lambda: Decimal(2).quantize(Decimal('1e-30')), lambda: Decimal('sNaN') == 1,
          lambda: Decimal(1) + 'a', lambda: 'a' - Decimal(1), lambda: Decimal(2) ** 0.5, lambda: divmod(1.5, Decimal(1))]:
    try:
        print(f())
    except (ArithmeticError, TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(issubclass(DivisionByZero, ZeroDivisionError), issubclass(FloatOperation, TypeError),
      issubclass(Underflow, Subnormal), issubclass(ConversionSyntax, InvalidOperation),
      [c.__name__ for c in Overflow.__mro__], DivisionUndefined.__mro__[1:3])

c = getcontext()
print(repr(c))
print(c.prec, c.rounding, c.Emin, c.Emax, c.capitals, c.clamp, c.Etiny(), c.Etop())
print(repr(BasicContext))
print(repr(ExtendedContext))
print(repr(DefaultContext))
print(MAX_PREC, MAX_EMAX, MIN_EMIN, MIN_ETINY, HAVE_THREADS, HAVE_CONTEXTVAR)
c.traps[Inexact] = True
try:
    Decimal(1) / 3
except Inexact as e:
    print('Inexact', e.args)
c.traps[Inexact] = False
c.clear_flags()
print(Decimal(2) / 3, [s.__name__ for s in c.flags if c.flags[s]])
with localcontext() as ctx:
    ctx.prec = 5
    ctx.rounding = ROUND_DOWN
    print(Decimal(2) / 3, getcontext().prec)
with localcontext(prec=8, rounding=ROUND_UP, traps=[]) as ctx:
    print(Decimal(2) / 3, Decimal(1) / 0, repr(ctx))
print(getcontext().prec, Decimal(2) / 3)
try:
    localcontext(precision=3)
except TypeError as e:
    print('TypeError', e)
old = getcontext()
setcontext(Context(prec=4, capitals=0))
print(Decimal(1) / 7, Decimal('1e10') * 3, str(Decimal('1E-9')), getcontext() is not old)
setcontext(ExtendedContext)
print(Decimal(1) / 0, Decimal(0) / 0, getcontext() is ExtendedContext, getcontext().prec)
setcontext(old)
for kw in [dict(prec=0), dict(Emin=1), dict(Emax=-1), dict(capitals=2), dict(clamp=5), dict(rounding='UP'),
           dict(prec='3')]:
    try:
        Context(**kw)
    except (ValueError, TypeError) as e:
        print(sorted(kw), type(e).__name__, e)
c2 = Context(prec=3, rounding=ROUND_HALF_UP, flags=[Inexact], traps=[Overflow])
print(repr(c2), repr(c2.copy()))
print(c2.create_decimal('1.2345'), c2.create_decimal(12345), c2.create_decimal_from_float(0.1), c2.add(1, 2),
      c2.multiply(Decimal('1.11'), 3), c2.to_sci_string(Decimal('1E+5')), c2.abs(-2), c2.radix(), c2.power(2, 10))
try:
    c2.add(1.5, 1)
except TypeError as e:
    print('TypeError', e)
try:
    c2.traps['x'] = 1
except KeyError as e:
    print('KeyError', e)
d = Decimal('12.500')
print(d.is_finite(), d.is_zero(), d.is_signed(), d.is_nan(), d.is_normal(), d.is_subnormal(), d.is_canonical(),
      d.canonical(), d.copy_abs(), d.copy_negate(), d.copy_sign(-1), d.real, d.imag, d.conjugate(), d.radix())
try:
    Context(traps={Overflow: True})
except KeyError as e:
    print('KeyError', e)
