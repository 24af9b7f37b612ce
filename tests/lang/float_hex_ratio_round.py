# float.hex/fromhex, as_integer_ratio, and the rounding protocol (__round__, __trunc__, __floor__,
# __ceil__, __abs__) of float, int and their subclasses, as CPython 3.11.
import math
for x in [0.0, -0.0, 1.0, 3.0, 0.1, -2.5, 1e300, 5e-324, 2.2250738585072014e-308, 1/3, float("inf"), float("-inf"), float("nan"), 123456.789]:
    print(x.hex(), float.fromhex(x.hex()) == x or x != x, end=" ")
    try:
        print(x.as_integer_ratio(), end=" ")
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e, end=" ")
    try:
        print(round(x), x.__round__(), math.floor(x), math.ceil(x), math.trunc(x), x.__trunc__(), end=" ")
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e, end=" ")
    print(x.__round__(1), x.conjugate(), abs(x), x.__abs__())
for s in ["0x1.8p1", "1.8p1", " -0x1p-1074 ", "0x.8", "0x1p+1024", "inf", "-Infinity", "nan", "0x1.fffffffffffff8p1023", "1e", "0x", "", "0x1_0", "1.0", "0x1p-1080"]:
    try:
        print(repr(s), float.fromhex(s))
    except (ValueError, OverflowError) as e:
        print(repr(s), type(e).__name__, e)
class F(float): pass
class I(int): pass
print(abs(I(-5)), round(F(2.5)), round(F(2.567), 2), F(2.5).__round__(), I(7).__round__(-1), I(-3).__abs__(), F(-1.5).hex(), F(0.5).as_integer_ratio())
print((5).__round__(), (15).__round__(-1), (25).__round__(-1), (-7).__abs__(), True.__abs__(), (10**30).__round__(-29), (-10**30).__abs__())
print((2**70 + 0.0).as_integer_ratio(), (0.5).as_integer_ratio(), (-0.75).as_integer_ratio())
print((5).__neg__(), (5).__pos__(), (5).__invert__(), (2.5).__neg__(), (2.5).__pos__(), True.__neg__(), (2**70).__neg__(), (1+2j).__neg__())
print(int.__neg__(3), float.__neg__(1.5), hasattr(float, "__invert__"), hasattr(int, "__invert__"))
class I(int):
    def __neg__(self):
        return "custom"
print(-I(3), int.__neg__(I(3)), I(3).__pos__(), super(I, I(4)).__neg__())
