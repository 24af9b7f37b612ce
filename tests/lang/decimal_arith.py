# decimal: + - * / // % divmod fma and compare over operands of every kind
# (zeros with exponents, subnormals, carries, infinities, NaNs), in every
# rounding mode at several precisions, with the flags each sets. Traps are
# off so that every condition shows as a flag and a result.
from decimal import *

OPS = ['0', '-0', '0E+3', '0.000', '1', '-1', '7', '-7', '2.5', '-2.5', '0.1', '123.456', '-9.99',
       '99999', '1E+5', '1.00E-3', '12345678901234567890', '-0.3333333333', '5E-10', '9.5',
       '1E+999', '1E-999', 'Infinity', '-Infinity', 'NaN', 'sNaN', '-NaN7']
NAMES = [s.__name__ for s in (InvalidOperation, FloatOperation, DivisionByZero, Overflow, Underflow,
                              Subnormal, Inexact, Rounded, Clamped)]
SIGS = [InvalidOperation, FloatOperation, DivisionByZero, Overflow, Underflow, Subnormal, Inexact,
        Rounded, Clamped]


def flags(c):
    return ''.join(n[0:3] for n, s in zip(NAMES, SIGS) if c.flags[s])


def run(c, name, f):
    c.clear_flags()
    try:
        r = f()
    except Exception as e:
        r = type(e).__name__
    return '%s=%s[%s]' % (name, r, flags(c))


for prec, emax in [(3, 99), (9, 999), (28, 999999)]:
    for rounding in [ROUND_HALF_EVEN, ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_UP, ROUND_DOWN,
                     ROUND_CEILING, ROUND_FLOOR, ROUND_05UP]:
        c = Context(prec=prec, rounding=rounding, Emax=emax, Emin=-emax, traps=[])
        print('--', prec, rounding)
        for i, a in enumerate(OPS):
            x = Decimal(a)
            for b in OPS[i % 5::5]:
                y = Decimal(b)
                print(a, b, run(c, '+', lambda: c.add(x, y)), run(c, '-', lambda: c.subtract(x, y)),
                      run(c, '*', lambda: c.multiply(x, y)), run(c, '/', lambda: c.divide(x, y)),
                      run(c, '//', lambda: c.divide_int(x, y)), run(c, '%', lambda: c.remainder(x, y)),
                      run(c, 'rn', lambda: c.remainder_near(x, y)), run(c, 'cmp', lambda: c.compare(x, y)),
                      run(c, 'fma', lambda: c.fma(x, y, Decimal('-1.5'))), run(c, 'plus', lambda: c.plus(x)),
                      run(c, 'minus', lambda: c.minus(x)))
