# dataclasses: every parameter of @dataclass and field(), KW_ONLY, InitVar,
# ClassVar, __post_init__, inheritance, make_dataclass, replace, asdict and
# astuple, and CPython's error messages.
import dataclasses
from dataclasses import (KW_ONLY, MISSING, Field, FrozenInstanceError, InitVar, asdict, astuple, dataclass, field,
                         fields, is_dataclass, make_dataclass, replace)
from typing import ClassVar, List, Optional


@dataclass
class Point:
    x: int
    y: int = 0
    tags: List[str] = field(default_factory=list)


p = Point(1)
print(p, Point(1, 2, ['a']), p == Point(1), p == (1, 0), Point.__doc__, Point.__match_args__)
print([f.name for f in fields(Point)], fields(p)[2].default_factory is list, Point.y, hasattr(Point, 'tags'))
print(Point.__hash__, Point.__dataclass_params__.eq, is_dataclass(Point), is_dataclass(p), is_dataclass(3))
print(Point.__init__.__qualname__, Point.__init__.__annotations__)
for bad in [lambda: Point(), lambda: Point(1, 2, [], 4), lambda: Point(1, z=3), lambda: Point(1, x=2)]:
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)


@dataclass(order=True, frozen=True)
class Version:
    major: int
    minor: int = 0
    label: str = field(default='', compare=False, repr=False)


v = Version(1, 2, 'x')
print(v, v < Version(1, 3), v >= Version(1, 2, 'y'), sorted([Version(2), Version(1, 5), Version(1)]), hash(v) == hash((1, 2)))
for bad in [lambda: setattr(v, 'major', 3), lambda: delattr(v, 'minor'), lambda: setattr(v, 'other', 1)]:
    try:
        bad()
    except FrozenInstanceError as e:
        print('FrozenInstanceError', e, isinstance(e, AttributeError))


@dataclass(unsafe_hash=True)
class Key:
    a: int
    b: int = field(hash=False)


print(hash(Key(1, 2)) == hash((1,)), Key(1, 2) == Key(1, 2))


@dataclass(eq=False)
class Ident:
    a: int


print(Ident(1) == Ident(1), '__hash__' in Ident.__dict__)


@dataclass
class Options:
    name: str
    _: KW_ONLY
    verbose: bool = False
    level: int = 1
    scale: InitVar[float] = 1.0
    limit: ClassVar[int] = 10

    def __post_init__(self, scale):
        self.level = self.level * scale


o = Options('n', verbose=True, level=2, scale=3.0)
print(o, Options.__doc__, Options.__match_args__, Options.limit, [f.name for f in fields(o)])
print(Options.__dataclass_fields__['scale']._field_type, Options.__dataclass_fields__['limit']._field_type)
try:
    Options('n', True)
except TypeError as e:
    print('TypeError', e)


@dataclass(kw_only=True)
class AllKw:
    a: int
    b: int = field(default=2, kw_only=False)


print(AllKw(5, a=1), AllKw.__doc__)


@dataclass
class Base:
    x: int
    y: str = 'b'


@dataclass
class Child(Base):
    z: float = 1.5
    x: int = 10


class Outer:
    @dataclass
    class Inner:
        a: int


try:
    Outer.Inner()
except TypeError as e:
    print('TypeError', e)
print(Child(), Child(1, 'c', 2.0), [f.name for f in fields(Child)], Child.__doc__)


@dataclass
class Custom:
    a: int

    def __repr__(self):
        return 'custom!'

    def __eq__(self, other):
        return True


print(Custom(1), Custom(1) == 5, Custom.__hash__)


@dataclass
class Tree:
    value: int
    children: list = field(default_factory=list)


t = Tree(1, [Tree(2), Tree(3, [Tree(4)])])
print(asdict(t), astuple(t), asdict(t, dict_factory=lambda kv: sorted(kv)))
print(replace(t, value=9).value, replace(Point(1, 2), y=5))
t2 = Tree(0); t2.children.append(t2); print(repr(t2))

C = make_dataclass('C', ['x', ('y', int), ('z', int, field(default=3))], namespace={'total': lambda self: self.x + self.y + self.z})
print(C(1, 2), C(1, 2).total(), C.__doc__, C.__module__, [f.type for f in fields(C)])
F = make_dataclass('F', [('a', int)], frozen=True, bases=(Base,) if False else ())
print(F(1), hash(F(1)) == hash((1,)))


@dataclass(slots=True)
class Slotted:
    a: int
    b: int = 2


s = Slotted(1)
print(s, Slotted.__slots__, hasattr(s, '__dict__'))
try:
    s.c = 3
except AttributeError as e:
    print('AttributeError')

print(repr(InitVar[int]), InitVar[List[int]].type, isinstance(fields(Point)[0], Field), dataclasses.MISSING is MISSING)
f0 = fields(Point)[0]
print(f0.name, f0.type, f0.init, f0.repr, f0.hash, f0.compare, f0.metadata, f0.kw_only, field(metadata={'u': 1}).metadata['u'])

errors = []


def attempt(make):
    try:
        make()
        print('no error')
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)


def mutable_default():
    @dataclass
    class M:
        x: list = []


def mutable_dict():
    @dataclass
    class M:
        x: dict = {}


def order_of_defaults():
    @dataclass
    class M:
        x: int = 0
        y: int


def no_annotation():
    @dataclass
    class M:
        x = field(default=1)


def both_defaults():
    field(default=1, default_factory=list)


def order_without_eq():
    @dataclass(order=True, eq=False)
    class M:
        x: int


def overwrite_lt():
    @dataclass(order=True)
    class M:
        x: int

        def __lt__(self, other):
            return True


def frozen_from_plain():
    @dataclass(frozen=True)
    class M(Base):
        q: int = 0


def two_kw_only():
    @dataclass
    class M:
        a: int
        _: KW_ONLY
        b: int = 0
        __: KW_ONLY


def classvar_factory():
    @dataclass
    class M:
        x: ClassVar[list] = field(default_factory=list)


for make in [mutable_default, mutable_dict, order_of_defaults, no_annotation, both_defaults, order_without_eq,
             overwrite_lt, frozen_from_plain, two_kw_only, classvar_factory,
             lambda: fields(3), lambda: asdict(Point), lambda: replace(o, scale=1.0, name='m'),
             lambda: replace(Options('n'), name='m'), lambda: make_dataclass('X', ['a', 'a']),
             lambda: make_dataclass('X', ['class']), lambda: make_dataclass('X', ['1a'])]:
    attempt(make)

match Options('m', level=5):
    case Options(name, verbose=False, level=lvl):
        print('matched', name, lvl)
match Version(2, 1):
    case Version(2, minor):
        print('version 2 minor', minor)
