# list[int] and int | None at run time: types.GenericAlias and types.UnionType, their reprs,
# attributes, equality, calls, substitution and isinstance rules, as CPython 3.11.
print(int | str, type(int | None), (int | str).__args__, isinstance(1, int | str), isinstance("s", int | None), int | None == None | int)
import types
print(types.GenericAlias, types.UnionType, int | int, int | str | int, (int | str) | (float | int))
print(list[int], dict[str, list[int]], tuple[int, ...], tuple[()], type(list[int]), list[int]([1, 2]), list[int] == list[int], list[int] == list[str])
print(list[int].__origin__, list[int].__args__, dict[str, int].__name__, hash(list[int]) == hash(list[int]), list[int] | None, type[int])
def f(x: int | None = None, y: list[int] = []) -> dict[str, int]: return x
print(f(3))
try:
    isinstance([], list[int])
except TypeError as e:
    print(e)
try:
    isinstance(1, int | list[int])
except TypeError as e:
    print(e)
try:
    object[int]
except TypeError as e:
    print(e)
try:
    list[int][str]
except TypeError as e:
    print(e)
try:
    int | 3
except TypeError as e:
    print(e)
class C: pass
print(C | None, issubclass(bool, int | str), types.GenericAlias(list, (int,)), {int | str: 1}[str | int])
import enum, abc
class E(enum.Enum):
    A = 1
class M(abc.ABC): pass
print(E | None, M | int, isinstance(E.A, E | None), None | E)
import typing
print(typing.Optional[int], typing.List[int])
T = typing.TypeVar("T")
alias = dict[str, list[T]]
print(alias.__parameters__, alias[int], list[T][float])
try:
    alias[int, str]
except TypeError as e:
    print(e)
