# The math module: constants, float functions (exact reprs), integer
# functions, special values and the errors Python raises.
import math

print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan)
for f in [math.sqrt, math.exp, math.log, math.log2, math.log10, math.log1p, math.expm1,
          math.sin, math.cos, math.tan, math.atan, math.sinh, math.cosh, math.tanh,
          math.erf, math.erfc, math.gamma, math.lgamma, math.fabs, math.degrees, math.radians]:
    print(f.__name__, [f(x) for x in [0.5, 1, 2.5, 10]])
print(math.asin(0.5), math.acos(-0.25), math.atan2(1, -2), math.atan2(-0.0, -1))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.5), math.floor(7), type(math.floor(2.0)).__name__)
print(math.log(1024, 2), math.log(100, 10), math.log(2.5, 0.5), math.pow(2, 0.5), math.pow(-8, 3))
print(math.hypot(3, 4), math.hypot(1, 2, 3), math.hypot(), math.dist((0, 0), (3, 4)))
print(math.fmod(-7.5, 2), math.remainder(7, 2), math.copysign(3, -0.0), math.ldexp(0.75, 4))
print(math.frexp(10.0), math.modf(-3.25), math.isqrt(99), math.cbrt(27), math.exp2(10))
print(math.isnan(math.nan), math.isinf(-math.inf), math.isfinite(1e308), math.isfinite(math.inf))
print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1), math.isclose(1.0, 1.1, rel_tol=0.2),
      math.isclose(0.0, 1e-10, abs_tol=1e-9))
print(math.factorial(0), math.factorial(20), math.gcd(12, 18, 27), math.gcd(), math.lcm(4, 6, 10))
print(math.comb(10, 3), math.comb(60, 30), math.comb(5, 7), math.perm(10, 3), math.perm(5))
print(math.prod([1, 2, 3, 4]), math.prod([2.5, 2]), math.prod([], start=7), math.prod(range(1, 11)))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.fsum([1e100, 1.0, -1e100, 1e-100]))
print(math.gamma(0.5) ** 2, math.lgamma(100), math.gamma(-1.5), math.nextafter(1, 2), math.ulp(1.0))
print(math.exp(-1000), math.sqrt(True), math.floor(True))


class Half:
    def __float__(self):
        return 0.5


class Rounds:
    def __floor__(self):
        return "floored"

    def __ceil__(self):
        return "ceiled"

    def __trunc__(self):
        return "truncated"


class Three:
    def __index__(self):
        return 3


print(math.sqrt(Half()), math.exp(Half()), math.floor(Half()), math.isclose(Half(), 0.5))
print(math.floor(Rounds()), math.ceil(Rounds()), math.trunc(Rounds()))
print(math.factorial(Three()), math.gcd(Three(), 6), math.comb(Three(), 2))

errors = [
    ('math.sqrt(-1)', lambda: math.sqrt(-1)),
    ('math.log(0)', lambda: math.log(0)),
    ('math.log(-2.5)', lambda: math.log(-2.5)),
    ('math.log(10, 1)', lambda: math.log(10, 1)),
    ('math.exp(1000)', lambda: math.exp(1000)),
    ('math.acos(2)', lambda: math.acos(2)),
    ('math.pow(0, -1)', lambda: math.pow(0, -1)),
    ('math.pow(10, 400)', lambda: math.pow(10, 400)),
    ('math.fmod(1, 0)', lambda: math.fmod(1, 0)),
    ('math.gamma(0)', lambda: math.gamma(0)),
    ('math.lgamma(-2)', lambda: math.lgamma(-2)),
    ('math.factorial(-1)', lambda: math.factorial(-1)),
    ('math.factorial(2.0)', lambda: math.factorial(2.0)),
    ('math.floor(math.inf)', lambda: math.floor(math.inf)),
    ('math.ceil(math.nan)', lambda: math.ceil(math.nan)),
    ("math.trunc('x')", lambda: math.trunc('x')),
    ("math.sqrt('x')", lambda: math.sqrt('x')),
    ('math.sqrt(None)', lambda: math.sqrt(None)),
    ('math.sqrt()', lambda: math.sqrt()),
    ('math.sqrt(1, 2)', lambda: math.sqrt(1, 2)),
    ('math.sqrt(x=1)', lambda: math.sqrt(x=1)),
    ('math.atan2(1)', lambda: math.atan2(1)),
    ('math.log()', lambda: math.log()),
    ('math.isclose(1)', lambda: math.isclose(1)),
    ('math.isclose(1, 2, 3)', lambda: math.isclose(1, 2, 3)),
    ('math.isclose(1, 2, rel_tol=-1)', lambda: math.isclose(1, 2, rel_tol=-1)),
    ('math.prod()', lambda: math.prod()),
    ('math.prod([1], foo=2)', lambda: math.prod([1], foo=2)),
    ('math.comb(-1, 2)', lambda: math.comb(-1, 2)),
    ('math.perm(5, -1)', lambda: math.perm(5, -1)),
    ('math.fsum([1e308, 1e308])', lambda: math.fsum([1e308, 1e308])),
    ('math.fsum([math.inf, -math.inf])', lambda: math.fsum([math.inf, -math.inf])),
    ('math.fsum(5)', lambda: math.fsum(5)),
    ('math.isqrt(-1)', lambda: math.isqrt(-1)),
    ('math.ldexp(1.0, 2.0)', lambda: math.ldexp(1.0, 2.0)),
    ('math.dist([1], [1, 2])', lambda: math.dist([1], [1, 2])),
    ('math.nope', lambda: math.nope),
]
for text, f in errors:
    try:
        print(text, "->", f())
    except Exception as e:
        print(text, "->", type(e).__name__ + ":", e)
