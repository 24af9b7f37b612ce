# enum: members, lookups, aliases, auto, Flag arithmetic, IntEnum/StrEnum values, the functional API, and the errors.
from enum import Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique, EnumMeta, EnumType
class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1
print(repr(Color.RED), str(Color.RED), format(Color.RED), f'{Color.RED}', Color.CRIMSON, list(Color), len(Color))
print(Color.__members__)
print(Color(1), Color['GREEN'], Color.RED.name, Color.RED.value, Color.RED in Color, hash(Color.RED) == hash('RED'))
print(Color.CRIMSON is Color.RED, Color(1) is Color.RED, isinstance(Color.RED, Color), type(Color.RED) is Color)
print(list(reversed(Color)), Color._member_names_, list(Color.__members__))
for f in [lambda: Color(4), lambda: Color['X'], lambda: setattr(Color, 'RED', 3), lambda: unique(Color),
          lambda: delattr(Color, 'RED'), lambda: Color.RED < Color.GREEN]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
print(Color, repr(Color), type(Color).__name__, Color.RED == 1, Color.RED == Color.RED, EnumMeta is EnumType)
try:
    class More(Color):
        X = 2
except TypeError as e: print(e)
d = {Color.RED: "r", Color.GREEN: "g"}
print(d[Color.CRIMSON], sorted(c.name for c in Color))

@unique
class Ok(Enum):
    A = 1
    B = 2
print(list(Ok))

class A(Enum):
    X = auto()
    Y = auto()
    Z = 10
    W = auto()
print(list(A), A.X.value, A.W.value)

class Planet(Enum):
    EARTH = (5.97e24, 6.37e6)
    MARS = (6.42e23, 3.39e6)
    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius
    @property
    def g(self): return self.mass / self.radius ** 2
    def describe(self): return f"{self.name} has g={self.g:.2f}"
print(Planet.EARTH.mass, Planet.EARTH.value, round(Planet.EARTH.g, 2), Planet.MARS.describe())

class Shape(Enum):
    SQ = 1
    CIRCLE = 2
    @classmethod
    def _missing_(cls, v): return cls.SQ
print(Shape(9), Shape(2))

class Ordinal(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.title()
    NORTH = auto()
    SOUTH = auto()
print(list(Ordinal))

# Flag and IntFlag
class F(Flag):
    A = auto()
    B = auto()
    C = auto()
print(repr(F.A | F.B), str(F.A | F.B), repr(F(0)), bool(F(0)), list(F), F.A in (F.A | F.B), repr(~F.A), F(7))
print(list(F.A | F.C), len(F.A | F.C), F.B & F.A, repr((F.A | F.B) & F.B), (F.A | F.B) ^ F.B)
class G(Flag):
    X = 1
    Y = 2
    XY = 3
print(list(G), G.XY, repr(G.XY), G(3) is G.XY, len(G), list(G.__members__))
class P(IntFlag):
    R = 4
    W = 2
    X = 1
print(repr(P.R | P.W), str(P.R | P.W), list(P.R | P.W), P(0), repr(P(0)), ~P.R, repr(~P.R), P.R | 8)
print(P.R == 4, P.R + 1, int(P.W), format(P.X, '>4'))

# IntEnum / StrEnum
class N(IntEnum):
    ONE = 1
    TWO = 2
print(repr(N.ONE), str(N.ONE), N.ONE + 1, type(N.ONE + 1), N.TWO > N.ONE, f'{N.ONE}', N(2), N.ONE == 1)
print(sorted([N.TWO, N.ONE]), [10, 20, 30][N.TWO], N.TWO * 3, hash(N.ONE) == hash(1))
class S(StrEnum):
    A = auto()
    B = 'bee'
print(repr(S.A), str(S.A), S.A == 'a', S.B.upper(), f'{S.B}', S('bee'))
try:
    class BadS(StrEnum):
        A = 1
except TypeError as e: print(e)

# the functional API
E = Enum('E', 'a b c')
print(list(E), repr(E.a), E(2))
E2 = Enum('E2', [('x', 5), ('y', 6)])
print(list(E2), E2.x.value)
E3 = Enum('E3', {'p': 'pp', 'q': 'qq'})
print(list(E3))
E4 = IntEnum('E4', 'u v')
print(list(E4), E4.v + 1)
