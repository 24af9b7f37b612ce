# numbers: the numeric tower, with the builtin numbers registered, and a class of one's own.
import numbers
from numbers import Number, Complex, Real, Rational, Integral
for v in (1, True, 2.5, "3", None):
    print(repr(v), [c.__name__ for c in (Number, Complex, Real, Rational, Integral) if isinstance(v, c)])
print(issubclass(int, Integral), issubclass(float, Rational), issubclass(bool, Number), issubclass(Integral, Real))
print(sorted(Integral.__abstractmethods__)[:6], len(Real.__abstractmethods__) > 10)
try:
    Number()
    print("Number() made")
except TypeError as e: print(e)
try:
    Real()
except TypeError as e: print(str(e)[:50])
class Meters(Number):
    def __init__(self, v): self.v = v
m = Meters(3)
print(isinstance(m, Number), isinstance(m, Real))
Real.register(Meters)
print(isinstance(m, Real), isinstance(m, Complex), isinstance(m, Integral))
