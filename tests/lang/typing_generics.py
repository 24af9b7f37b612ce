# typing: Generic classes, Protocols, NamedTuple, TypedDict, get_type_hints
# and overloads, as CPython 3.11 runs them.
from typing import (Dict, Generic, List, NamedTuple, Optional, Protocol, TypedDict, TypeVar, get_overloads,
                    get_type_hints, overload, runtime_checkable, Annotated, ClassVar, is_typeddict, Required,
                    NotRequired, IO, TextIO, BinaryIO)
import typing

T = TypeVar('T')
K = TypeVar('K')
V = TypeVar('V')


class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item

    def get(self) -> T:
        return self.item


class Pair(Generic[K, V]):
    pass


class IntBox(Box[int]):
    pass


print(Box[int], Box.__parameters__, Box.__orig_bases__, Box.__mro__, Box[int](3).__orig_class__, Box[str]('a').get())
print(Pair[str, int], Pair.__parameters__, IntBox.__parameters__, IntBox.__orig_bases__, IntBox.__mro__, IntBox(4).item)
print(Pair[str, T][int], typing.get_args(Pair[str, List[T]][float]), Box[int] == Box[int], Box[int] == Box[str])


class Stack(List[T]):
    pass


print(Stack.__mro__, Stack.__parameters__, Stack([1, 2]))
for bad in [lambda: Box[int, str], lambda: Generic[int], lambda: Pair[int], lambda: Generic[T, T]]:
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)
try:
    class Wrong(Generic[T], Dict[K, V]):
        pass
except TypeError as e:
    print('TypeError', e)


# Protocols
@runtime_checkable
class Closable(Protocol):
    def close(self) -> None:
        ...


@runtime_checkable
class Named(Protocol):
    name: str


class File:
    def close(self):
        pass


class Person:
    def __init__(self):
        self.name = 'ann'


class NotProto(Protocol):
    def run(self):
        ...


print(isinstance(File(), Closable), isinstance(1, Closable), issubclass(File, Closable), issubclass(int, Closable))
print(isinstance(Person(), Named), isinstance(File(), Named))
for bad in [lambda: isinstance(1, NotProto), lambda: issubclass(Person, Named), lambda: NotProto(),
            lambda: runtime_checkable(File)]:
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)


class Impl(NotProto):
    def run(self):
        return 'ran'


print(Impl().run())
try:
    isinstance(Impl(), NotProto)
except TypeError as e:
    print('TypeError', e)


# NamedTuple
class Point(NamedTuple):
    x: int
    y: str = 'a'

    def hello(self):
        return 'hi ' + str(self.x)


print(Point(1), Point(1, 'b').hello(), Point._fields, Point.__annotations__, Point._field_defaults, isinstance(Point(1), tuple))
Q = NamedTuple('Q', [('a', int), ('b', List[int])])
print(Q(5, [1]), Q.__annotations__, Q._fields, Point(2)._replace(y='z'), Point._make([3, 'c']))
try:
    class Bad(NamedTuple):
        x: int = 0
        y: int
except TypeError as e:
    print('TypeError', e)


# TypedDict
class Movie(TypedDict):
    name: str
    year: int


class PartialMovie(Movie, total=False):
    rating: float


m = Movie(name='Blade Runner', year=1982)
print(m, type(m), Movie.__required_keys__ == {'name', 'year'}, sorted(PartialMovie.__optional_keys__), PartialMovie.__total__)
print(PartialMovie.__annotations__, is_typeddict(Movie), is_typeddict(dict))
Alt = TypedDict('Alt', {'a': int, 'b': NotRequired[str]})
print(Alt(a=1), sorted(Alt.__required_keys__), sorted(Alt.__optional_keys__), Alt.__annotations__)
try:
    isinstance({}, Movie)
except TypeError as e:
    print('TypeError', e)


# get_type_hints
def f(a: int, b: 'List[int]' = None, *args: str, c: Annotated[int, 'meta'] = 1, **kw: float) -> Optional[str]:
    pass


print(get_type_hints(f))
print(get_type_hints(f, include_extras=True)['c'])


class Base:
    x: int
    tag: ClassVar[str] = 't'


class Derived(Base):
    y: 'str'
    z: 'Optional[Derived]' = None


print(get_type_hints(Derived), get_type_hints(Box.get), get_type_hints(len) if False else '-')
print(Derived.__annotations__, f.__annotations__['b'])


# overload
@overload
def g(x: int) -> int:
    ...


@overload
def g(x: str) -> str:
    ...


def g(x):
    return x


print(len(get_overloads(g)), [fn.__annotations__ for fn in get_overloads(g)], g(5))
typing.clear_overloads()
print(get_overloads(g))
try:
    @overload
    def h(x: int) -> int:
        ...
    h(1)
except NotImplementedError as e:
    print('NotImplementedError', e)
print(IO, TextIO, BinaryIO, IO[str], TextIO.__mro__[1:3])
