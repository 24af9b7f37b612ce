# cmath: every public name, on ordinary values, branch cuts, infinities, and CPython's errors
import cmath


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


print(cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.nan, cmath.infj, cmath.nanj)
names = ['sqrt', 'exp', 'log', 'log10', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan',
         'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh']
for name in names:
    f = getattr(cmath, name)
    out = []
    for z in (0.5, -2, 3, 2j, 1 + 2j, -3 - 0.5j, 0.25 - 4j, 1e-320 + 1e-320j, 1e300 - 1e300j, 800 + 1j):
        try:
            out.append(f(z))
        except (ValueError, OverflowError) as e:
            out.append(type(e).__name__)
    print(name, out)
print(cmath.sqrt(-1), cmath.sqrt(-4 + 0j), cmath.sqrt(complex(-4, -0.0)), cmath.sqrt(0), cmath.sqrt(4), cmath.exp(0), cmath.log(1))
print(cmath.log(8, 2), cmath.log(1j, 1j), cmath.log(-1), cmath.log(100, 10 + 0j), cmath.log10(-100))
print(cmath.phase(-1), cmath.phase(complex(-1, -0.0)), cmath.phase(1j), cmath.phase(0), cmath.phase(3 + 4j))
print(cmath.polar(1j), cmath.polar(-2), cmath.polar(3 + 4j), cmath.rect(2, 0), cmath.rect(1, cmath.pi / 2), cmath.rect(2, 1.5))
print(cmath.isfinite(1 + 1j), cmath.isfinite(complex(cmath.inf, 0)), cmath.isinf(cmath.infj), cmath.isinf(1), cmath.isnan(cmath.nanj), cmath.isnan(1j))
print(cmath.isclose(1, 1 + 1e-10j), cmath.isclose(1, 1.1), cmath.isclose(1, 1.1, rel_tol=0.2), cmath.isclose(0, 1e-10j, abs_tol=1e-9), cmath.isclose(cmath.inf, cmath.inf))
inf = float('inf')
print(cmath.exp(complex(-inf, 0)), cmath.sqrt(complex(inf, -1)), cmath.log(complex(inf, 1)), cmath.atan(complex(0, inf)), cmath.tanh(complex(inf, 1)))
show(lambda: cmath.log(0))
show(lambda: cmath.log10(0))
show(lambda: cmath.atanh(1))
show(lambda: cmath.atanh(-1))
show(lambda: cmath.exp(1000))
show(lambda: cmath.sinh(1000))
show(lambda: cmath.cosh(1000j + 1000))
show(lambda: cmath.cos(inf))
show(lambda: cmath.sin(complex(inf, 0)))
show(lambda: cmath.log(1, 1))
show(lambda: cmath.log(2, 0))
show(lambda: cmath.sqrt())
show(lambda: cmath.sqrt(1, 2))
show(lambda: cmath.sqrt("a"))
show(lambda: cmath.sqrt(x=1))
show(lambda: cmath.log())
show(lambda: cmath.log(1, 2, 3))
show(lambda: cmath.phase())
show(lambda: cmath.isclose(1))
show(lambda: cmath.isclose(1, 1, rel_tol=-1))
show(lambda: cmath.rect(1, inf))
show(lambda: cmath.polar(1e308 + 1e308j))
show(lambda: cmath.acos(2))
show(lambda: cmath.asin(2))
show(lambda: cmath.tan(1e300j))
