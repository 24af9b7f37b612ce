# typing: the special forms and aliases print, compare and introspect as
# CPython's; PEP 604 unions (int | None) and PEP 585 aliases (list[int]).
import collections.abc
import types
import typing
from typing import (Annotated, Any, Callable, ClassVar, Concatenate, Dict, Final, ForwardRef, Hashable, List,
                    Literal, Optional, ParamSpec, Pattern, Set, Tuple, Type, TypeVar, Union, Unpack, get_args,
                    get_origin)

print(sorted(n for n in dir(typing) if not n.startswith('_')) == sorted(
    ['ABCMeta', 'AbstractSet', 'Annotated', 'Any', 'AnyStr', 'AsyncContextManager', 'AsyncGenerator', 'AsyncIterable',
     'AsyncIterator', 'Awaitable', 'BinaryIO', 'ByteString', 'CT_co', 'Callable', 'ChainMap', 'ClassVar', 'Collection',
     'Concatenate', 'Container', 'ContextManager', 'Coroutine', 'Counter', 'DefaultDict', 'Deque', 'Dict',
     'EXCLUDED_ATTRIBUTES', 'Final', 'ForwardRef', 'FrozenSet', 'Generator', 'Generic', 'GenericAlias', 'Hashable',
     'IO', 'ItemsView', 'Iterable', 'Iterator', 'KT', 'KeysView', 'List', 'Literal', 'LiteralString', 'Mapping',
     'MappingView', 'Match', 'MethodDescriptorType', 'MethodWrapperType', 'MutableMapping', 'MutableSequence',
     'MutableSet', 'NamedTuple', 'NamedTupleMeta', 'Never', 'NewType', 'NoReturn', 'NotRequired', 'Optional',
     'OrderedDict', 'ParamSpec', 'ParamSpecArgs', 'ParamSpecKwargs', 'Pattern', 'Protocol', 'Required', 'Reversible',
     'Self', 'Sequence', 'Set', 'Sized', 'SupportsAbs', 'SupportsBytes', 'SupportsComplex', 'SupportsFloat',
     'SupportsIndex', 'SupportsInt', 'SupportsRound', 'T', 'TYPE_CHECKING', 'T_co', 'T_contra', 'Text', 'TextIO',
     'Tuple', 'Type', 'TypeAlias', 'TypeGuard', 'TypeVar', 'TypeVarTuple', 'TypedDict', 'Union', 'Unpack', 'VT',
     'VT_co', 'V_co', 'ValuesView', 'WrapperDescriptorType', 'abstractmethod', 'assert_never', 'assert_type', 'cast',
     'clear_overloads', 'collections', 'contextlib', 'dataclass_transform', 'defaultdict', 'final', 'functools',
     'get_args', 'get_origin', 'get_overloads', 'get_type_hints', 'io', 'is_typeddict', 'no_type_check',
     'no_type_check_decorator', 'operator', 'overload', 're', 'reveal_type', 'runtime_checkable', 'stdlib_re', 'sys',
     'types', 'warnings']))

# reprs
print(Union[int, str, None], List[None], Optional[List[int]], Optional[int], Union[None, str])
print(Tuple[()], Tuple[int, ...], Tuple[int, str], Callable[..., int], Callable[[int, str], None], Callable[[], int])
print(Hashable, List, Literal[1, 'a', None], Annotated[int, 'x', 3], ClassVar[int], Final[str], Final, Any)
print(Dict[str, Any], List['int'], Union[int, 'X'], Pattern, Pattern[str], typing.Counter[str], Type[int])
print(typing.Deque[int], typing.DefaultDict[str, int], typing.Iterable[int], typing.Generator[int, None, None])
print(typing.AbstractSet[int], typing.ContextManager[int], typing.Mapping[str, List[int]], typing.Text, typing.AnyStr)
print(Concatenate, Unpack, typing.Never, typing.NoReturn, typing.Self, typing.LiteralString, typing.TypeAlias)
print(typing.Required[int], typing.NotRequired[int], typing.TypeGuard[int], ForwardRef('X'))
T = TypeVar('T')
P = ParamSpec('P')
print(T, TypeVar('T_co', covariant=True), TypeVar('T_contra', contravariant=True), P, P.args, P.kwargs)
print(typing.TypeVarTuple('Ts'), List[T], Dict[str, T][int], Callable[P, int], Callable[Concatenate[int, P], int])
print(TypeVar('N', int, float).__constraints__, TypeVar('B', bound=str).__bound__, T.__name__)

# PEP 604 and 585
print(int | None, int | str | None, list[int], dict[str, list[int]], tuple[()], tuple[int, ...], type[int])
print(isinstance(1, int | str), isinstance(1.0, int | str), issubclass(bool, int | None), None | int, int | int)
print(collections.abc.Sequence | None, list[int] | None, (int | str) == (str | int), Optional[int] == (int | None))
print(list[int]([1, 2]), list[int].__origin__, list[int].__args__, type(int | str) is types.UnionType)
print(Union[int, list[str]], List[int] | None, T | None, Union[int, str] | None)

# equality, flattening
print(Optional[int] == Union[int, None], Union[int, str] == Union[str, int], Union[int, Union[str, int]])
print(Union[int], List[int] == List[int], List[int] == List[str], Literal[1, 2] == Literal[2, 1], Literal[1, Literal[2, 1]])
print(hash(List[int]) == hash(List[int]), hash(Union[int, str]) == hash(Union[str, int]))

# introspection
print(get_origin(List[int]), get_origin(Union[int, str]), get_args(Dict[str, int]), get_origin(Annotated[int, 1]))
print(get_args(Annotated[int, 1]), get_args(Callable[[int], str]), get_args(Callable[..., str]), get_origin(int))
print(get_origin(int | str), get_args(int | str), get_args(list[int]), get_origin(typing.List), get_args(int))
print(get_origin(ClassVar[int]) is ClassVar, get_args(Literal['a', 'b']), get_origin(P.args) is P)

# checks
print(isinstance([], List), isinstance(1, Union[int, str]), issubclass(list, typing.Sequence), isinstance({}, typing.Mapping))


class Money:
    def __round__(self, ndigits=0):
        return self

    def __abs__(self):
        return self


print(isinstance(3, typing.SupportsInt), isinstance('x', typing.SupportsInt), isinstance(Money(), typing.SupportsRound))
print(isinstance(1, typing.SupportsIndex), isinstance(1.0, typing.SupportsIndex), issubclass(Money, typing.SupportsAbs))
errors = [
    lambda: isinstance(1, List[int]), lambda: List[int, str], lambda: List(), lambda: Dict[int],
    lambda: Union[()], lambda: Optional[int, str], lambda: isinstance(1, Any), lambda: Any(),
    lambda: Annotated[int], lambda: Hashable[int], lambda: isinstance([], list[int]), lambda: int | 3,
    lambda: TypeVar('X', int), lambda: TypeVar('X', int, str, bound=int), lambda: print(Callable[int, str], get_args(Callable[int, str])),
    lambda: ClassVar[int, str], lambda: Tuple(), lambda: Literal[1][2],
]
for f in errors:
    try:
        f()
        print('no error')
    except TypeError as e:
        print('TypeError', e)
    except ValueError as e:
        print('ValueError', e)

# helpers
print(typing.cast(int, 'x'), typing.assert_type(3, int), typing.TYPE_CHECKING, typing.Text is str)
try:
    typing.assert_never(3)
except AssertionError as e:
    print('AssertionError', e)
U = typing.NewType('UserId', int)
print(U, U(3), U.__supertype__, U.__name__, int | U)
try:
    class Bad(U):
        pass
except TypeError as e:
    print('TypeError', e)


@typing.final
def fin():
    pass


@typing.no_type_check
def untyped(a: 'nonsense') -> 'more nonsense':
    pass


print(fin.__final__, untyped.__no_type_check__, typing.get_type_hints(untyped))


@typing.dataclass_transform(kw_only_default=True)
def model(cls):
    return cls


print(model.__dataclass_transform__)
print(typing.EXCLUDED_ATTRIBUTES[:3], typing.List[int].__name__, List.__name__, Union.__name__ if hasattr(Union, '__name__') else '-')
