# typing.py: the names of Python's typing module that annotations in
# notebooks use, so that `from typing import Optional, List` works and
# `List[int]` is a value an annotation can hold. They do nothing at run
# time, as in Python, where annotations are not checked.
# Not the real thing: no NamedTuple, TypedDict, Protocol or get_type_hints;
# reprs follow CPython's for the common forms (typing.List[int],
# typing.Optional[int]); Union flattening is not done.


class _Form:
    """A special form or generic alias: subscripting it gives an alias
    that prints as CPython's does."""

    def __init__(self, name, args=None, origin=None):
        self._name = name
        self.__args__ = args
        self.__origin__ = origin

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if self._name == 'Optional':
            return _Form('Optional', (params[0], type(None)), self)
        return _Form(self._name, params, self)

    def __call__(self, *args, **kwargs):
        builtin = _BUILTIN_OF.get(self._name)
        hint = f"; use {builtin}() instead" if builtin else ""
        raise TypeError(f"Type {self._name} cannot be instantiated{hint}")

    def __repr__(self):
        if self.__args__ is None:
            return 'typing.' + self._name
        if self._name == 'Optional':
            return f'typing.Optional[{_type_repr(self.__args__[0])}]'
        if self._name == 'Callable' and len(self.__args__) == 2 and isinstance(self.__args__[0], list):
            params = ', '.join(_type_repr(a) for a in self.__args__[0])
            return f'typing.Callable[[{params}], {_type_repr(self.__args__[1])}]'
        return f"typing.{self._name}[{', '.join(_type_repr(a) for a in self.__args__)}]"

    def __eq__(self, other):
        return isinstance(other, _Form) and (self._name, self.__args__) == (other._name, other.__args__)

    def __hash__(self):
        return hash(self._name)


_BUILTIN_OF = {'List': 'list', 'Dict': 'dict', 'Tuple': 'tuple', 'Set': 'set', 'FrozenSet': 'frozenset',
               'Type': 'type'}


def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return f'{obj.__module__}.{obj.__qualname__}'
    if obj is ...:
        return '...'
    if obj is type(None) or obj is None:
        return 'None'
    return repr(obj)


Any = _Form('Any')
Union = _Form('Union')
Optional = _Form('Optional')
Callable = _Form('Callable')
ClassVar = _Form('ClassVar')
Final = _Form('Final')
Literal = _Form('Literal')
Annotated = _Form('Annotated')
NoReturn = _Form('NoReturn')
List = _Form('List')
Dict = _Form('Dict')
Tuple = _Form('Tuple')
Set = _Form('Set')
FrozenSet = _Form('FrozenSet')
Type = _Form('Type')
Iterable = _Form('Iterable')
Iterator = _Form('Iterator')
Generator = _Form('Generator')
Sequence = _Form('Sequence')
Mapping = _Form('Mapping')
MutableMapping = _Form('MutableMapping')
MutableSequence = _Form('MutableSequence')
DefaultDict = _Form('DefaultDict')
OrderedDict = _Form('OrderedDict')
Deque = _Form('Deque')
Hashable = _Form('Hashable')
Sized = _Form('Sized')
SupportsInt = _Form('SupportsInt')
SupportsFloat = _Form('SupportsFloat')
TYPE_CHECKING = False


class TypeVar:
    """Type variable."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__constraints__ = constraints
        self.__bound__ = bound
        self.__covariant__ = covariant
        self.__contravariant__ = contravariant

    def __repr__(self):
        prefix = '+' if self.__covariant__ else '-' if self.__contravariant__ else '~'
        return prefix + self.__name__


class Generic:
    """Abstract base class for generic types: class C(Generic[T]) works,
    and C[int] is C."""

    def __class_getitem__(cls, params):
        return cls


def cast(typ, val):
    """Cast a value to a type. This returns the value unchanged."""
    return val


def overload(func):
    """Decorator for overloaded functions; the last definition is the one called."""
    return func


def no_type_check(arg):
    """Decorator to indicate that annotations are not type hints."""
    return arg


def final(f):
    """Decorator to indicate final methods and final classes."""
    return f


def NewType(name, tp):
    """NewType creates simple unique types with almost zero runtime overhead."""
    def new_type(x):
        return x
    new_type.__name__ = name
    new_type.__supertype__ = tp
    return new_type
