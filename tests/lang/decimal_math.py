# decimal: sqrt, exp, ln, log10, power, quantize, to_integral*, normalize,
# scaleb, logb, next_*, max/min, compare_total, the digit-wise operations,
# in several precisions and rounding modes, with their flags.
from decimal import *

SIGS = [InvalidOperation, FloatOperation, DivisionByZero, Overflow, Underflow, Subnormal, Inexact,
        Rounded, Clamped]


def run(c, f):
    c.clear_flags()
    try:
        r = f()
    except Exception as e:
        r = type(e).__name__
    return '%s[%s]' % (r, ''.join(s.__name__[:3] for s in SIGS if c.flags[s]))


VALUES = ['0', '-0', '1', '2', '0.5', '10', '100', '1E+10', '2.25', '0.0001', '123.456', '-4', '1E-20',
          '9.99999', '1.0000001', '0.99999', '7E+5', 'Infinity', '-Infinity', 'NaN', 'sNaN']
for prec in [5, 16, 28, 40]:
    c = Context(prec=prec, traps=[])
    print('-- prec', prec)
    for v in VALUES:
        x = Decimal(v)
        print(v, 'sqrt', run(c, lambda: c.sqrt(x)), 'exp', run(c, lambda: c.exp(x)), 'ln', run(c, lambda: c.ln(x)),
              'log10', run(c, lambda: c.log10(x)), 'logb', run(c, lambda: c.logb(x)),
              'next+', run(c, lambda: c.next_plus(x)), 'next-', run(c, lambda: c.next_minus(x)),
              'norm', run(c, lambda: c.normalize(x)), 'class', c.number_class(x))

c = Context(prec=12, traps=[])
for a in ['2', '-2', '0.5', '10', '1.1', '0', '-0', 'Infinity', '1']:
    for b in ['0', '1', '2', '-1', '-2', '3', '0.5', '-0.5', '2.5', '100', 'Infinity', '-Infinity']:
        print('pow', a, b, run(c, lambda: c.power(Decimal(a), Decimal(b))))
print(run(c, lambda: c.power(Decimal(3), Decimal(100), Decimal(7))), run(c, lambda: c.power(Decimal(-3), 5, 13)),
      run(c, lambda: c.power(Decimal('2.5'), 2, 3)))

for rounding in [ROUND_HALF_EVEN, ROUND_HALF_UP, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR, ROUND_05UP]:
    c = Context(prec=9, rounding=rounding, traps=[])
    for v in ['1.2345', '-1.2355', '2.5', '-0.5', '123456789.5', '0.0049', '1E+3', '-15.05']:
        x = Decimal(v)
        print(rounding, v, run(c, lambda: x.quantize(Decimal('0.01'), context=c)),
              run(c, lambda: x.quantize(Decimal('1E+1'), context=c)),
              run(c, lambda: x.quantize(Decimal('1E-10'), context=c)),
              run(c, lambda: x.to_integral_exact(context=c)), run(c, lambda: x.to_integral_value(context=c)),
              run(c, lambda: x.to_integral(rounding=ROUND_UP, context=c)),
              round(x), round(x, 1), round(x, -1))

c = Context(prec=9, traps=[])
pairs = [('1', '2'), ('2', '1'), ('1.0', '1'), ('-1', '-1.0'), ('0', '-0'), ('NaN', '1'), ('1', 'NaN'),
         ('sNaN', '1'), ('-Infinity', '5'), ('3', '-3'), ('NaN1', 'NaN2'), ('-NaN', 'NaN')]
for a, b in pairs:
    x, y = Decimal(a), Decimal(b)
    print(a, b, run(c, lambda: c.max(x, y)), run(c, lambda: c.min(x, y)), run(c, lambda: c.max_mag(x, y)),
          run(c, lambda: c.min_mag(x, y)), run(c, lambda: c.compare_total(x, y)),
          run(c, lambda: c.compare_total_mag(x, y)), run(c, lambda: c.compare_signal(x, y)),
          run(c, lambda: c.next_toward(x, y)), x.same_quantum(y), run(c, lambda: c.copy_sign(x, y)))
for a, b in [('1', '2'), ('1.5', '3'), ('-7', '-2'), ('1E+5', '-3'), ('Infinity', '2'), ('1', '1.5')]:
    x, y = Decimal(a), Decimal(b)
    print('scaleb', a, b, run(c, lambda: c.scaleb(x, y)), 'shift', run(c, lambda: c.shift(Decimal('123456789'), y)),
          'rotate', run(c, lambda: c.rotate(Decimal('123456789'), y)))
print(run(c, lambda: c.logical_and(Decimal('1100'), Decimal('1010'))), run(c, lambda: c.logical_or(Decimal('1100'), Decimal('1010'))),
      run(c, lambda: c.logical_xor(Decimal('1100'), Decimal('1010'))), run(c, lambda: c.logical_invert(Decimal('101'))),
      run(c, lambda: c.logical_and(Decimal('12'), Decimal('1'))))

# operands a million orders of magnitude apart: no digits are spelled out
c = Context(traps=[])
for x, y in [('1e999999', '1e-999999'), ('1e999999', '7'), ('123', '1e-999999'), ('1e-999999', '1e999999'),
             ('5', '3e-999990')]:
    a, b = Decimal(x), Decimal(y)
    print(x, y, run(c, lambda: c.remainder(a, b)), run(c, lambda: c.divide_int(a, b)),
          run(c, lambda: c.remainder_near(a, b)), run(c, lambda: c.add(a, b)), run(c, lambda: c.compare(a, b)),
          run(c, lambda: c.divide(a, b)), run(c, lambda: c.multiply(a, b)), run(c, lambda: c.subtract(b, a)))

# powers far past the exponent limits, and powers of one
for rounding in [ROUND_HALF_EVEN, ROUND_UP, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR]:
    c = Context(prec=9, rounding=rounding, traps=[])
    for x, y in [('2', '1e999999'), ('2', '-1e999999'), ('0.5', '1e30'), ('-3', '1e25'), ('-3', '10000000000000000000000001'),
                 ('1.0000001', '1e40'), ('2', '1.5e999999'), ('0.1', '2.5e20'), ('1', '1e999999'), ('1.000', '1e30'),
                 ('-1', '1e20'), ('10', '99999999999999999999')]:
        print(rounding, x, y, run(c, lambda: c.power(Decimal(x), Decimal(y))))
