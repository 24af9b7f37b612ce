# Enumerations with a data type mixed in: IntEnum, StrEnum, IntFlag and
# user mixins (float, str, a class with __new__): members are instances
# of the data type, compute and hash as it does, and print as CPython 3.11.
import enum
import json


class Color(enum.IntEnum):
    RED = 1
    GREEN = 2
    BLUE = 3


print(isinstance(Color.RED, int), Color.RED + 1, Color.GREEN * 2, -Color.BLUE, Color.RED < Color.BLUE, Color.RED == 1)
print([10, 20, 30, 40][Color.GREEN], int(Color.BLUE), float(Color.RED), hash(Color.RED) == hash(1), Color(2))
print(str(Color.RED), repr(Color.RED), f"{Color.GREEN}", "%d" % Color.BLUE, format(Color.RED, "03d"), f"{Color.RED!r}")
print(sorted([Color.BLUE, Color.RED]), max(Color), sum(Color), {Color.RED: "r"}[1], json.dumps(Color.GREEN))
print(Color.RED.bit_length(), Color.GREEN.to_bytes(1, "big"), Color.RED.real, type(Color.RED + 0).__name__)


class Method(enum.StrEnum):
    GET = enum.auto()
    POST = "post"


print(isinstance(Method.GET, str), Method.GET, repr(Method.GET), Method.GET.upper(), Method.POST == "post", f"{Method.POST}")
print(Method("get"), Method.GET + "!", "g" in Method.GET, len(Method.POST), Method.GET.value, json.dumps(Method.POST))


class Shape(str, enum.Enum):
    CIRCLE = "circle"
    SQUARE = "square"


print(Shape.CIRCLE == "circle", str(Shape.CIRCLE), f"{Shape.SQUARE}", repr(Shape.CIRCLE), Shape.CIRCLE.upper(), Shape("square"))


class Perm(enum.IntFlag):
    R = 4
    W = 2
    X = 1


rw = Perm.R | Perm.W
print(rw, repr(rw), int(rw), rw & 4, Perm.R in rw, Perm.X in rw, isinstance(rw, int), rw + 1, Perm(7), Perm(0), ~Perm.R)
print(list(rw), len(rw), bool(Perm(0)), Perm.R | 8, format(rw, "b"))


class Half(float, enum.Enum):
    HALF = 0.5
    QUARTER = 0.25


print(Half.HALF * 2, isinstance(Half.QUARTER, float), repr(Half.HALF), Half(0.25))


class Planet(enum.Enum):
    EARTH = (5.97e24, 6.37e6)
    MARS = (6.42e23, 3.39e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)


print(Planet.EARTH.value, round(Planet.MARS.gravity, 3), Planet.EARTH.mass)


class Coord(bytes, enum.Enum):
    def __new__(cls, value, label):
        obj = bytes.__new__(cls, [value])
        obj._value_ = value
        obj.label = label
        return obj

    PX = (0, "P.X")
    PY = (1, "P.Y")


print(Coord.PY.label, Coord(1), Coord.PX.value, isinstance(Coord.PX, bytes), bytes(Coord.PY))

for bad in [lambda: Color(7), lambda: Method(5), lambda: Perm("x")]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
