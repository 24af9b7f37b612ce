# dataclasses: fields from annotations, field(), the generated methods, frozen and order, asdict/astuple/replace.
from dataclasses import dataclass, field, fields, asdict, astuple, replace, is_dataclass, FrozenInstanceError
import dataclasses

@dataclass
class Config:
    lr: float = 1e-2
    epochs: int = 3
    hidden: int = 16
    layers: list = field(default_factory=lambda: [16, 16])
    name: str = field(default="run", repr=False)

cfg = Config(lr=0.05)
print(cfg, cfg.name, Config.lr, Config.name)
print(cfg == Config(0.05), cfg == Config(0.1), cfg != Config(0.05))
print(asdict(cfg), astuple(cfg))
print(replace(cfg, epochs=10))
print([f.name for f in fields(Config)], is_dataclass(cfg), is_dataclass(Config), is_dataclass(3))
c2 = Config(); c2.layers.append(1)
print(Config().layers, c2.layers)

@dataclass
class Point:
    x: int
    y: int = 0
    def __post_init__(self):
        self.norm = abs(self.x) + abs(self.y)
p = Point(3, -4)
print(p, p.norm, Point(1))
for bad in [lambda: Point(), lambda: Point(1, 2, 3), lambda: Point(1, z=2), lambda: Point(1, x=2)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
try:
    hash(p)
except TypeError as e:
    print("TypeError:", e)

@dataclass(frozen=True, order=True)
class Version:
    major: int
    minor: int = 0
v = Version(1, 2)
print(v, v < Version(1, 3), sorted([Version(2), Version(1, 5)]), hash(v) == hash(Version(1, 2)))
try:
    v.major = 3
except FrozenInstanceError as e:
    print("FrozenInstanceError:", e, isinstance(e, AttributeError))

@dataclass
class Child(Point):
    z: int = 5
print(Child(1, 2), Child(1, z=9).norm)

@dataclass
class Nested:
    p: Point
    tags: dict = field(default_factory=dict)
print(asdict(Nested(Point(1, 2), {"a": [1]})))
try:
    @dataclass
    class Bad:
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError:", e)
try:
    @dataclass
    class Bad2:
        a: list = []
except ValueError as e:
    print("ValueError:", e)
try:
    fields(3)
except TypeError as e:
    print("TypeError:", e)
@dataclass(repr=False, eq=False)
class Plain:
    a: int
print(Plain(1) == Plain(1), hash(Plain(1)) != 0)
print(Point.__match_args__, Config.__init__.__name__)
