# decimal: 1500 operations on random operands (seeded: the random module draws
# CPython's numbers) in random contexts, and 1200 random format specs, each
# with its flags or its error, against CPython's C module.
import random
from decimal import *

R = random.Random(11)
SIGS = [InvalidOperation, FloatOperation, DivisionByZero, Overflow, Underflow, Subnormal, Inexact, Rounded,
        Clamped]


def rnd():
    if R.random() < 0.05:
        return R.choice(['Infinity', '-Infinity', 'NaN', '-0', '0E+5', 'sNaN'])
    digits = ''.join(R.choice('0123456789') for _ in range(R.randint(1, 12))).lstrip('0') or '0'
    return ('-' if R.random() < 0.3 else '') + digits + 'E' + str(R.randint(-15, 10))


ops2 = ['add', 'subtract', 'multiply', 'divide', 'divide_int', 'remainder', 'remainder_near', 'power',
        'quantize', 'compare', 'max', 'min', 'max_mag', 'min_mag', 'next_toward', 'compare_total', 'scaleb']
ops1 = ['sqrt', 'exp', 'ln', 'log10', 'logb', 'next_plus', 'next_minus', 'normalize', 'to_integral_exact',
        'plus', 'minus', 'abs', 'to_eng_string', 'to_sci_string', 'number_class']
for i in range(1500):
    prec = R.choice([1, 2, 5, 9, 16, 28])
    emax = R.choice([9, 99, 999999])
    c = Context(prec=prec, rounding=R.choice(['ROUND_HALF_EVEN', 'ROUND_HALF_UP', 'ROUND_HALF_DOWN', 'ROUND_UP',
                                              'ROUND_DOWN', 'ROUND_CEILING', 'ROUND_FLOOR', 'ROUND_05UP']),
                Emax=emax, Emin=-emax, clamp=R.choice([0, 0, 1]), traps=[])
    a, b = Decimal(rnd()), Decimal(rnd())
    if R.random() < 0.5:
        op = R.choice(ops2)
        if op == 'power' and b.is_finite() and abs(b) > 50:
            b = Decimal(R.randint(-5, 20))
        f = lambda: getattr(c, op)(a, b)
    else:
        op = R.choice(ops1)
        f = lambda: getattr(c, op)(a)
    try:
        r = f()
    except Exception as e:
        r = type(e).__name__
    print(i, op, prec, c.rounding, emax, c.clamp, a, b, r, ''.join(s.__name__[:3] for s in SIGS if c.flags[s]))

# format specs in random contexts
R = random.Random(3)


def rnd2():
    digits = ''.join(R.choice('0123456789') for _ in range(R.randint(1, 10))).lstrip('0') or '0'
    return ('-' if R.random() < 0.3 else '') + digits + 'E' + str(R.randint(-12, 8))


for i in range(1200):
    d = Decimal(rnd2())
    spec = ''
    if R.random() < 0.3:
        spec += R.choice(['', '*', '0', 'x']) + R.choice('<>=^')
    spec += R.choice(['', '', '+', '-', ' '])
    if R.random() < 0.2:
        spec += 'z'
    if R.random() < 0.2 and '=' not in spec and '<' not in spec:
        spec += '0'
    if R.random() < 0.5:
        spec += str(R.randint(1, 20))
    if R.random() < 0.3:
        spec += ','
    if R.random() < 0.6:
        spec += '.' + str(R.randint(0, 8))
    spec += R.choice(['', 'e', 'E', 'f', 'F', 'g', 'G', '%', 'n'])
    rounding = R.choice(['ROUND_HALF_EVEN', 'ROUND_DOWN', 'ROUND_HALF_UP', 'ROUND_CEILING'])
    with localcontext(rounding=rounding, capitals=R.choice([0, 1])):
        try:
            r = format(d, spec)
        except Exception as e:
            r = type(e).__name__ + str(e)
        print(i, d, repr(spec), repr(r), d.to_eng_string(), float(d), int(d) if abs(d.adjusted()) < 30 else '-',
              hash(d))

# powers, exp, ln, log10 and sqrt: libmpdec's integral powers round in a
# wider context first, the others are correctly rounded
R = random.Random(5)
for i in range(800):
    prec = R.choice([1, 2, 5, 9, 16, 28])
    emax = R.choice([9, 99, 999999])
    c = Context(prec=prec, rounding=R.choice(['ROUND_HALF_EVEN', 'ROUND_HALF_UP', 'ROUND_DOWN', 'ROUND_UP',
                                              'ROUND_CEILING', 'ROUND_FLOOR', 'ROUND_05UP']),
                Emax=emax, Emin=-emax, clamp=R.choice([0, 0, 1]), traps=[])
    a, b = Decimal(rnd()), Decimal(rnd())
    op = R.choice(['power', 'power', 'power', 'exp', 'ln', 'log10', 'sqrt'])
    if op == 'power':
        if b.is_finite() and abs(b) > 50:
            b = Decimal(R.randint(-5, 20))
        f = lambda: c.power(a, b)
    else:
        f = lambda: getattr(c, op)(a)
    try:
        r = f()
    except Exception as e:
        r = type(e).__name__
    print(i, op, prec, c.rounding, emax, c.clamp, a, b, r, ''.join(s.__name__[:3] for s in SIGS if c.flags[s]))
