# typing.py: Python's typing module, written for cgrad after the behaviour
# of CPython 3.11's: special forms (Any, Union, Optional, Literal, ...),
# the generic aliases of the builtin and collections.abc types (List[int]
# prints typing.List[int]), TypeVar/ParamSpec/TypeVarTuple, Generic and
# Protocol (runtime_checkable isinstance checks), NamedTuple and TypedDict
# (class syntax and functional), get_type_hints/get_origin/get_args,
# overload registries, NewType, and the small helpers (cast, assert_type,
# assert_never, reveal_type, dataclass_transform, final, no_type_check).
# Annotations are never checked at run time, as in Python.
# Not here: substitution of a ParamSpec by a Concatenate (an alias with
# a ParamSpec parameter takes a list of types or ...), and the caching of
# aliases CPython does (equal aliases are equal, not identical).
import collections
import collections.abc
import contextlib
import functools
import io
import operator
import re
import re as stdlib_re
import sys
import types
import warnings
from abc import ABCMeta, abstractmethod
from collections import defaultdict
from types import GenericAlias, MethodDescriptorType, MethodWrapperType, WrapperDescriptorType

EXCLUDED_ATTRIBUTES = ['__parameters__', '__orig_bases__', '__orig_class__', '_is_protocol',
                       '_is_runtime_protocol', '__abstractmethods__', '__annotations__', '__dict__',
                       '__doc__', '__init__', '__module__', '__new__', '__slots__', '__subclasshook__',
                       '__weakref__', '__class_getitem__', '_MutableMapping__marker']

TYPE_CHECKING = False


def _caller_module(depth=2):
    try:
        return sys._getframe(depth).f_globals.get('__name__', '__main__')
    except (AttributeError, ValueError):
        return '__main__'


def _type_repr(obj):
    """How a type prints inside an alias: int, typing.List[int], ..."""
    if isinstance(obj, type) and not isinstance(obj, GenericAlias):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return f'{obj.__module__}.{obj.__qualname__}'
    if obj is ...:
        return '...'
    if isinstance(obj, types.FunctionType):
        return obj.__name__
    return repr(obj)


def _type_convert(arg):
    """None means NoneType and a str a forward reference, in an alias."""
    if arg is None:
        return type(None)
    if isinstance(arg, str):
        return ForwardRef(arg)
    return arg


def _type_check(arg, msg):
    arg = _type_convert(arg)
    if isinstance(arg, _SpecialForm) and arg in (ClassVar, Final, Generic, Protocol):
        raise TypeError(f'{arg} is not valid as type argument')
    if isinstance(arg, _GenericAlias) and arg.__origin__ in (ClassVar, Final):
        raise TypeError(f'{arg} is not valid as type argument')
    if arg is Generic or arg is Protocol:
        raise TypeError(f'Plain {arg} is not valid as type argument')
    if isinstance(arg, (type, TypeVar, ForwardRef, ParamSpec, types.UnionType, _BaseAlias, _SpecialForm,
                        NewType)) or callable(arg) or arg is ...:
        return arg
    raise TypeError(f'{msg} Got {arg!r:.100}.')


def _collect_parameters(args):
    """The type variables of args, in first-seen order."""
    params = []
    for t in args:
        if isinstance(t, (TypeVar, ParamSpec, TypeVarTuple)):
            if t not in params:
                params.append(t)
        elif isinstance(t, (list, tuple)):
            for p in _collect_parameters(t):
                if p not in params:
                    params.append(p)
        else:
            for p in getattr(t, '__parameters__', ()) or ():
                if isinstance(p, (TypeVar, ParamSpec, TypeVarTuple)) and p not in params:
                    params.append(p)
    return tuple(params)


def _substitute(arg, subst):
    if isinstance(arg, (TypeVar, ParamSpec, TypeVarTuple)):
        return subst.get(arg, arg)
    if isinstance(arg, list):
        return [_substitute(a, subst) for a in arg]
    params = getattr(arg, '__parameters__', None)
    if params and isinstance(arg, (_BaseAlias, GenericAlias, types.UnionType)):
        return arg[tuple(subst.get(p, p) for p in params)]
    return arg


def _flatten_union(params):
    out = []
    for p in params:
        if isinstance(p, _UnionGenericAlias) or isinstance(p, types.UnionType):
            out.extend(p.__args__)
        else:
            out.append(p)
    unique = []
    for p in out:
        if p not in unique:
            unique.append(p)
    return tuple(unique)


# ---- special forms ---------------------------------------------------------------

class _Final:
    """Classes here that user code cannot subclass."""
    __slots__ = ()

    def __init_subclass__(cls, /, *args, _root=False, **kwds):
        if not _root and '_root' not in cls.__dict__:
            raise TypeError('Cannot subclass special typing classes')


class _SpecialForm(_Final, _root=True):
    """Any, Union, Optional, ClassVar, ...: a name that prints as
    typing.NAME and that subscripting (where it can be) turns into an
    alias."""

    def __init__(self, getitem, name=None):
        self._getitem = getitem
        self._name = name or getitem.__name__
        self.__doc__ = getitem.__doc__

    def __getattr__(self, item):
        if item in ('__name__', '__qualname__'):
            return self._name
        raise AttributeError(item)

    def __mro_entries__(self, bases):
        raise TypeError(f'Cannot subclass {self!r}')

    def __repr__(self):
        return 'typing.' + self._name

    def __reduce__(self):
        return self._name

    def __call__(self, *args, **kwds):
        if self._name == 'Any':
            raise TypeError('Any cannot be instantiated')
        raise TypeError(f'Cannot instantiate {self!r}')

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError(f'{self} cannot be used with isinstance()')

    def __subclasscheck__(self, cls):
        raise TypeError(f'{self} cannot be used with issubclass()')

    def __getitem__(self, parameters):
        return self._getitem(self, parameters)

    def __eq__(self, other):
        return self is other

    def __hash__(self):
        return hash(self._name)


def _plain_form(name, doc):
    def getitem(self, parameters):
        raise TypeError(f'{self} is not subscriptable')
    getitem.__doc__ = doc
    return _SpecialForm(getitem, name)


Any = _plain_form('Any', 'Special type indicating an unconstrained type.')

NoReturn = _plain_form('NoReturn', 'Special type indicating functions that never return.')
Never = _plain_form('Never', 'The bottom type, a type that has no members.')
Self = _plain_form('Self', 'Used to spell the type of "self" in classes.')
LiteralString = _plain_form('LiteralString', 'Represents an arbitrary literal string.')
TypeAlias = _plain_form('TypeAlias', 'Special marker indicating that an assignment should be recognized as a type alias.')


def _one_arg_form(name, doc):
    def getitem(self, parameters):
        item = _type_check(parameters, f'{self} accepts only single type.')
        return _GenericAlias(self, (item,))
    getitem.__doc__ = doc
    return _SpecialForm(getitem, name)


ClassVar = _one_arg_form('ClassVar', 'Special type construct to mark class variables.')
Final = _one_arg_form('Final', 'Special typing construct to indicate final names to type checkers.')
Required = _one_arg_form('Required', 'A special typing construct to mark a key of a total=False TypedDict as required.')
NotRequired = _one_arg_form('NotRequired', 'A special typing construct to mark a key of a TypedDict as potentially missing.')
TypeGuard = _one_arg_form('TypeGuard', 'Special typing form used to annotate the return type of a user-defined type guard function.')


def _union_getitem(self, parameters):
    if parameters == ():
        raise TypeError('Cannot take a Union of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    parameters = tuple(_type_check(p, 'Union[arg, ...]: each arg must be a type.') for p in parameters)
    parameters = _flatten_union(parameters)
    if len(parameters) == 1:
        return parameters[0]
    return _UnionGenericAlias(self, parameters)


_union_getitem.__doc__ = 'Union type; Union[X, Y] means either X or Y.'
Union = _SpecialForm(_union_getitem, 'Union')


def _optional_getitem(self, parameters):
    arg = _type_check(parameters, f'{self} requires a single type.')
    return Union[arg, type(None)]


_optional_getitem.__doc__ = 'Optional type: Optional[X] is equivalent to Union[X, None].'
Optional = _SpecialForm(_optional_getitem, 'Optional')


def _literal_getitem(self, parameters):
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    flat = []
    for p in parameters:
        if isinstance(p, _LiteralGenericAlias):
            flat.extend(p.__args__)
        else:
            flat.append(p)
    unique = []
    for p in flat:
        if not any(p == q and type(p) is type(q) for q in unique):
            unique.append(p)
    return _LiteralGenericAlias(self, tuple(unique))


_literal_getitem.__doc__ = 'Special typing form to define literal types (a.k.a. value types).'
Literal = _SpecialForm(_literal_getitem, 'Literal')


def _concatenate_getitem(self, parameters):
    if parameters == ():
        raise TypeError('Cannot take a Concatenate of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    if not (parameters[-1] is ... or isinstance(parameters[-1], ParamSpec)):
        raise TypeError('The last parameter to Concatenate should be a ParamSpec variable or ellipsis.')
    msg = 'Concatenate[arg, ...]: each arg must be a type.'
    parameters = (*(_type_check(p, msg) for p in parameters[:-1]), parameters[-1])
    return _GenericAlias(self, parameters)


_concatenate_getitem.__doc__ = 'Used in conjunction with ParamSpec and Callable to represent a higher order function.'
Concatenate = _SpecialForm(_concatenate_getitem, 'Concatenate')


def _unpack_getitem(self, parameters):
    item = _type_check(parameters, f'{self} accepts only single type.')
    return _UnpackGenericAlias(self, (item,))


_unpack_getitem.__doc__ = 'Type unpack operator.'
Unpack = _SpecialForm(_unpack_getitem, 'Unpack')


# ---- aliases ----------------------------------------------------------------

class _BaseAlias(_Final, _root=True):
    """What the generic aliases share: calling makes an instance of the
    origin; class and instance checks are refused."""

    def __init__(self, origin, inst=True, name=None):
        self._inst = inst
        self._name = name
        self.__origin__ = origin

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(f'Type {self._name} cannot be instantiated; '
                            f'use {self.__origin__.__name__}() instead')
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except (AttributeError, TypeError):
            pass
        return result

    def __mro_entries__(self, bases):
        res = []
        if self.__origin__ not in bases:
            res.append(self.__origin__)
        i = bases.index(self)
        for b in bases[i + 1:]:
            if isinstance(b, _BaseAlias) or (isinstance(b, type) and issubclass(b, Generic)):
                break
        else:
            if not (isinstance(self.__origin__, type) and issubclass(self.__origin__, Generic)):
                res.append(Generic)
        return tuple(res)

    def __getattr__(self, attr):
        if attr in ('__name__', '__qualname__'):
            return self._name or self.__origin__.__name__
        if '__origin__' in self.__dict__ and not (attr.startswith('__') and attr.endswith('__')):
            return getattr(self.__origin__, attr)
        raise AttributeError(attr)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]


class _GenericAlias(_BaseAlias, _root=True):
    """List[int], C[T], ClassVar[int]: an origin with its arguments."""

    def __init__(self, origin, args, *, inst=True, name=None):
        super().__init__(origin, inst=inst, name=name)
        if not isinstance(args, tuple):
            args = (args,)
        self.__args__ = tuple(... if a is _TypingEllipsis else a for a in args)
        self.__parameters__ = _collect_parameters(args)
        if not name:
            self.__module__ = getattr(origin, '__module__', 'typing')

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __getitem__(self, args):
        if self.__origin__ in (Generic, Protocol):
            raise TypeError(f'Cannot subscript already-subscripted {self}')
        if not self.__parameters__:
            raise TypeError(f'{self} is not a generic class')
        if not isinstance(args, tuple):
            args = (args,)
        args = tuple(_type_convert(a) for a in args)
        params = self.__parameters__
        if len(args) != len(params):
            raise TypeError(f"Too {'many' if len(args) > len(params) else 'few'} arguments for {self};"
                            f" actual {len(args)}, expected {len(params)}")
        subst = dict(zip(params, args))
        new_args = tuple(_substitute(a, subst) for a in self.__args__)
        return self.copy_with(new_args)

    def copy_with(self, args):
        return self.__class__(self.__origin__, args, name=self._name, inst=self._inst)

    def __mro_entries__(self, bases):
        if self._name:
            return super().__mro_entries__(bases)
        if self.__origin__ is Generic:
            if Protocol in bases:
                return ()
            i = bases.index(self)
            for b in bases[i + 1:]:
                if isinstance(b, _BaseAlias) and b is not self:
                    return ()
        return (self.__origin__,)

    def __repr__(self):
        if self._name:
            name = 'typing.' + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__:
            args = ', '.join(_type_repr(a) for a in self.__args__)
        else:
            args = '()'
        return f'{name}[{args}]'

    def __reduce__(self):
        if self._name:
            origin = globals()[self._name]
        else:
            origin = self.__origin__
        args = self.__args__[0] if len(self.__args__) == 1 else self.__args__
        return operator.getitem, (origin, args)

    def __iter__(self):
        yield Unpack[self]


class _SpecialGenericAlias(_BaseAlias, _root=True):
    """typing.List, typing.Dict, ...: the bare alias of a builtin or
    collections.abc class, subscriptable with nparams arguments."""

    def __init__(self, origin, nparams, *, inst=True, name=None):
        if name is None:
            name = origin.__name__
        super().__init__(origin, inst=inst, name=name)
        self._nparams = nparams
        self.__module__ = 'typing'

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        msg = 'Parameters to generic types must be types.'
        params = tuple(_type_check(p, msg) for p in params)
        if self._nparams == 0:
            raise TypeError(f'{self} is not a generic class')
        if len(params) != self._nparams:
            raise TypeError(f"Too {'many' if len(params) > self._nparams else 'few'} arguments for {self};"
                            f" actual {len(params)}, expected {self._nparams}")
        return self.copy_with(params)

    def copy_with(self, params):
        return _GenericAlias(self.__origin__, params, name=self._name, inst=self._inst)

    def __repr__(self):
        return 'typing.' + self._name

    def __subclasscheck__(self, cls):
        if isinstance(cls, _SpecialGenericAlias):
            return issubclass(cls.__origin__, self.__origin__)
        if not isinstance(cls, _GenericAlias):
            return issubclass(cls, self.__origin__)
        return super().__subclasscheck__(cls)

    def __instancecheck__(self, obj):
        return isinstance(obj, self.__origin__)

    def __eq__(self, other):
        if not isinstance(other, _SpecialGenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self._name == other._name

    def __hash__(self):
        return hash((self.__origin__, self._name))

    def __reduce__(self):
        return self._name


class _CallableGenericAlias(_GenericAlias, _root=True):
    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and (args[0] is ... or isinstance(args[0], (ParamSpec, _GenericAlias))
                               and (args[0] is ... or isinstance(args[0], ParamSpec)
                                    or args[0].__origin__ is Concatenate)):
            return f'typing.Callable[{_type_repr(args[0])}, {_type_repr(args[1])}]'
        params = ', '.join(_type_repr(a) for a in args[:-1])
        return f'typing.Callable[[{params}], {_type_repr(args[-1])}]'

    def copy_with(self, params):
        return _CallableGenericAlias(self.__origin__, params, name=self._name, inst=self._inst)


class _CallableType(_SpecialGenericAlias, _root=True):
    def copy_with(self, params):
        return _CallableGenericAlias(self.__origin__, params, name=self._name, inst=self._inst)

    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError('Callable must be used as Callable[[arg, ...], result].')
        args, result = params
        if isinstance(args, list):
            params = (*(_type_convert(a) for a in args), _type_convert(result))
        else:
            # ..., a ParamSpec, a Concatenate; a lone type is taken as [type], as 3.11 does
            params = (_type_convert(args), _type_convert(result))
        return self.copy_with(params)


class _TupleType(_SpecialGenericAlias, _root=True):
    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if len(params) >= 2 and params[-1] is ...:
            msg = 'Tuple[t, ...]: t must be a type.'
            params = tuple(_type_check(p, msg) for p in params[:-1])
            return self.copy_with((*params, _TypingEllipsis))
        msg = 'Tuple[t0, t1, ...]: each t must be a type.'
        params = tuple(_type_check(p, msg) for p in params)
        return self.copy_with(params)


class _TypingEllipsis:
    """The ... of Tuple[int, ...] while an alias is made."""


class _UnionGenericAlias(_GenericAlias, _root=True):
    def copy_with(self, params):
        return Union[params]

    def __eq__(self, other):
        if not isinstance(other, (_UnionGenericAlias, types.UnionType)):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __repr__(self):
        args = self.__args__
        if len(args) == 2:
            if args[0] is type(None):
                return f'typing.Optional[{_type_repr(args[1])}]'
            if args[1] is type(None):
                return f'typing.Optional[{_type_repr(args[0])}]'
        return super().__repr__()

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        for arg in self.__args__:
            if isinstance(arg, _BaseAlias) and not isinstance(arg, _SpecialGenericAlias):
                raise TypeError('Subscripted generics cannot be used with class and instance checks')
        for arg in self.__args__:
            if issubclass(cls, arg):
                return True
        return False

    def __reduce__(self):
        return operator.getitem, (Union, tuple(self.__args__))


class _LiteralGenericAlias(_GenericAlias, _root=True):
    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        return set((type(a), a) for a in self.__args__) == set((type(a), a) for a in other.__args__)

    def __hash__(self):
        return hash(frozenset((type(a), a) for a in self.__args__))

    def __repr__(self):
        return 'typing.Literal[' + ', '.join(repr(a) for a in self.__args__) + ']'


class _UnpackGenericAlias(_GenericAlias, _root=True):
    def __repr__(self):
        return '*' + repr(self.__args__[0])


class _AnnotatedAlias(_GenericAlias, _root=True):
    """Annotated[T, x, ...]: T with its metadata."""

    def __init__(self, origin, metadata):
        if isinstance(origin, _AnnotatedAlias):
            metadata = origin.__metadata__ + metadata
            origin = origin.__origin__
        super().__init__(origin, (origin,))
        self.__metadata__ = metadata

    def copy_with(self, params):
        return _AnnotatedAlias(params[0], self.__metadata__)

    def __repr__(self):
        return 'typing.Annotated[{}, {}]'.format(_type_repr(self.__origin__),
                                                 ', '.join(repr(a) for a in self.__metadata__))

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__metadata__ == other.__metadata__

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __getattr__(self, attr):
        if attr in ('__name__', '__qualname__'):
            return 'Annotated'
        return super().__getattr__(attr)


class Annotated:
    """Add context specific metadata to a type: Annotated[T, x]."""
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise TypeError('Type Annotated cannot be instantiated.')

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError('Annotated[...] should be used with at least two arguments '
                            '(a type and an annotation).')
        origin = _type_check(params[0], 'Annotated[t, ...]: t must be a type.')
        return _AnnotatedAlias(origin, tuple(params[1:]))

    def __init_subclass__(cls, *args, **kwargs):
        raise TypeError(f'Cannot subclass {cls.__module__}.Annotated')


# ---- type variables -------------------------------------------------------------

class _TypeVarLike:
    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]

    def __repr__(self):
        if self.__covariant__:
            prefix = '+'
        elif self.__contravariant__:
            prefix = '-'
        else:
            prefix = '~'
        return prefix + self.__name__

    def __reduce__(self):
        return self.__name__

    def __mro_entries__(self, bases):
        raise TypeError(f'Cannot subclass an instance of {type(self).__name__}')


class TypeVar(_TypeVarLike, _Final, _root=True):
    """Type variable: T = TypeVar('T'), with constraints or a bound."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        if covariant and contravariant:
            raise ValueError('Bivariant types are not supported.')
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        if constraints and bound is not None:
            raise TypeError('Constraints cannot be combined with bound=...')
        if constraints and len(constraints) == 1:
            raise TypeError('A single constraint is not allowed')
        msg = 'TypeVar(name, constraint, ...): constraints must be types.'
        self.__constraints__ = tuple(_type_check(t, msg) for t in constraints)
        self.__bound__ = _type_check(bound, 'Bound must be a type.') if bound is not None else None
        module = _caller_module()
        if module != 'typing':
            self.__module__ = module


class TypeVarTuple(_Final, _root=True):
    """Type variable tuple: Ts = TypeVarTuple('Ts'), unpacked as *Ts."""

    def __init__(self, name):
        self.__name__ = name
        module = _caller_module()
        if module != 'typing':
            self.__module__ = module

    def __iter__(self):
        yield Unpack[self]

    def __repr__(self):
        return self.__name__

    def __reduce__(self):
        return self.__name__

    def __mro_entries__(self, bases):
        raise TypeError('Cannot subclass an instance of TypeVarTuple')


class ParamSpecArgs(_Final, _root=True):
    """P.args of a ParamSpec P."""

    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return f'{self.__origin__.__name__}.args'

    def __eq__(self, other):
        if not isinstance(other, ParamSpecArgs):
            return NotImplemented
        return self.__origin__ == other.__origin__

    def __hash__(self):
        return hash((ParamSpecArgs, id(self.__origin__)))


class ParamSpecKwargs(_Final, _root=True):
    """P.kwargs of a ParamSpec P."""

    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return f'{self.__origin__.__name__}.kwargs'

    def __eq__(self, other):
        if not isinstance(other, ParamSpecKwargs):
            return NotImplemented
        return self.__origin__ == other.__origin__

    def __hash__(self):
        return hash((ParamSpecKwargs, id(self.__origin__)))


class ParamSpec(_TypeVarLike, _Final, _root=True):
    """Parameter specification variable: P = ParamSpec('P')."""

    @property
    def args(self):
        return ParamSpecArgs(self)

    @property
    def kwargs(self):
        return ParamSpecKwargs(self)

    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        self.__bound__ = _type_check(bound, 'Bound must be a type.') if bound is not None else None
        module = _caller_module()
        if module != 'typing':
            self.__module__ = module


# ---- Generic and Protocol ----------------------------------------------------------

class Generic:
    """Abstract base class for generic types: class C(Generic[T]) makes C
    subscriptable, C[int] an alias that makes C instances."""
    __slots__ = ()
    _is_protocol = False

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        params = tuple(_type_convert(p) for p in params)
        if cls in (Generic, Protocol):
            if not params:
                raise TypeError(f'Parameter list to {cls.__qualname__}[...] cannot be empty')
            if not all(isinstance(p, (TypeVar, ParamSpec, TypeVarTuple))
                       or (isinstance(p, _UnpackGenericAlias)) for p in params):
                raise TypeError(f'Parameters to {cls.__name__}[...] must all be type variables '
                                f'or parameter specification variables.')
            if len(set(params)) != len(params):
                raise TypeError(f'Parameters to {cls.__name__}[...] must all be unique')
        else:
            expected = getattr(cls, '__parameters__', ())
            if not expected:
                raise TypeError(f'{cls} is not a generic class')
            if len(params) != len(expected) and not any(isinstance(p, TypeVarTuple) for p in expected):
                raise TypeError(f"Too {'many' if len(params) > len(expected) else 'few'} arguments for {cls};"
                                f" actual {len(params)}, expected {len(expected)}")
        return _GenericAlias(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        tvars = []
        orig_bases = cls.__dict__.get('__orig_bases__', ())
        if Generic in cls.__bases__ and cls.__name__ != 'Protocol' and '__orig_bases__' not in cls.__dict__:
            raise TypeError('Cannot inherit from plain Generic')
        gvars = None
        for base in orig_bases:
            if isinstance(base, _GenericAlias) and base.__origin__ in (Generic, Protocol):
                if gvars is not None:
                    raise TypeError('Cannot inherit from Generic[...] multiple types.')
                gvars = base.__parameters__
        tvars = list(_collect_parameters(orig_bases))
        if gvars is not None:
            missing = [t for t in tvars if t not in gvars]
            if missing:
                s_vars = ', '.join(str(t) for t in missing)
                s_args = ', '.join(str(g) for g in gvars)
                raise TypeError(f'Some type variables ({s_vars}) are not listed in Generic[{s_args}]')
            tvars = list(gvars)
        cls.__parameters__ = tuple(tvars)


def _protocol_attrs(cls):
    attrs = set()
    for base in cls.__mro__[:-1]:
        if base.__name__ in ('Protocol', 'Generic'):
            continue
        annotations = base.__dict__.get('__annotations__', {})
        for attr in list(base.__dict__) + list(annotations):
            if not attr.startswith('_abc_') and attr not in EXCLUDED_ATTRIBUTES and attr not in (
                    '_is_protocol', '_is_runtime_protocol', '__qualname__', '__parameters__'):
                attrs.add(attr)
    return attrs


class _ProtocolMeta(ABCMeta):
    """isinstance against a runtime_checkable protocol checks that the
    object has every member of the protocol."""

    def __instancecheck__(cls, instance):
        if not getattr(cls, '_is_protocol', False):
            return super().__instancecheck__(instance)
        if not getattr(cls, '_is_runtime_protocol', False):
            raise TypeError('Instance and class checks can only be used with @runtime_checkable protocols')
        if cls in type(instance).__mro__:
            return True
        for attr in _protocol_attrs(cls):
            if not hasattr(instance, attr):
                return False
            if callable(getattr(cls, attr, None)) and getattr(instance, attr) is None:
                return False
        return True

    def __subclasscheck__(cls, other):
        if not getattr(cls, '_is_protocol', False):
            return super().__subclasscheck__(other)
        if not getattr(cls, '_is_runtime_protocol', False):
            raise TypeError('Instance and class checks can only be used with @runtime_checkable protocols')
        if not isinstance(other, type):
            raise TypeError('issubclass() arg 1 must be a class')
        members = _protocol_attrs(cls)
        if any(not callable(getattr(cls, attr, None)) for attr in members):
            raise TypeError("Protocols with non-method members don't support issubclass()")
        for attr in members:
            for base in other.__mro__:
                if attr in base.__dict__:
                    if base.__dict__[attr] is None:
                        return False
                    break
            else:
                return False
        return True


class Protocol(Generic, metaclass=_ProtocolMeta):
    """Base class for protocol classes (structural subtyping); with
    @runtime_checkable, isinstance checks for the members."""
    __slots__ = ()
    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if not cls.__dict__.get('_is_protocol', False):
            cls._is_protocol = any(b is Protocol for b in cls.__bases__)
        if '__init__' in cls.__dict__ and cls._is_protocol:
            pass
        elif cls._is_protocol:
            cls.__init__ = _no_init



def _no_init(self, *args, **kwargs):
    if type(self)._is_protocol:
        raise TypeError('Protocols cannot be instantiated')


def runtime_checkable(cls):
    """Mark a protocol class as a runtime protocol, for isinstance."""
    if not (isinstance(cls, type) and issubclass(cls, Generic)) or not getattr(cls, '_is_protocol', False):
        raise TypeError('@runtime_checkable can be only applied to protocol classes,'
                        ' got %r' % cls)
    cls._is_runtime_protocol = True
    return cls


# ---- ForwardRef, NewType ------------------------------------------------------------------

class ForwardRef(_Final, _root=True):
    """A type written as a string, evaluated by get_type_hints."""

    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError(f'Forward reference must be a string -- got {arg!r}')
        try:
            compile(arg, '<string>', 'eval')
        except SyntaxError:
            raise SyntaxError(f'Forward reference must be an expression -- got {arg!r}')
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None
        self.__forward_is_argument__ = is_argument
        self.__forward_is_class__ = is_class
        self.__forward_module__ = module

    def _evaluate(self, globalns, localns, recursive_guard=frozenset()):
        if self.__forward_arg__ in recursive_guard:
            return self
        if not self.__forward_evaluated__ or localns is not globalns:
            if globalns is None and localns is None:
                globalns = localns = {}
            elif globalns is None:
                globalns = localns
            elif localns is None:
                localns = globalns
            if self.__forward_module__ is not None:
                globalns = getattr(sys.modules.get(self.__forward_module__, None), '__dict__', globalns)
            value = _type_check(eval(self.__forward_arg__, globalns, localns),
                                'Forward references must evaluate to types.')
            self.__forward_value__ = _eval_type(value, globalns, localns,
                                                recursive_guard | {self.__forward_arg__})
            self.__forward_evaluated__ = True
        return self.__forward_value__

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return self.__forward_arg__ == other.__forward_arg__ and self.__forward_module__ == other.__forward_module__

    def __hash__(self):
        return hash((self.__forward_arg__, self.__forward_module__))

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __repr__(self):
        module = '' if self.__forward_module__ is None else f', module={self.__forward_module__!r}'
        return f'ForwardRef({self.__forward_arg__!r}{module})'


class NewType:
    """NewType('UserId', int): a callable that returns its argument, a
    distinct type for type checkers."""

    def __call__(self, x):
        return x

    def __init__(self, name, tp):
        self.__qualname__ = name
        if '.' in name:
            name = name.rpartition('.')[-1]
        self.__name__ = name
        self.__supertype__ = tp
        module = _caller_module()
        if module != 'typing':
            self.__module__ = module

    def __mro_entries__(self, bases):
        superclass_name = self.__name__

        class Dummy:
            def __init_subclass__(cls):
                subclass_name = cls.__name__
                raise TypeError(f'Cannot subclass an instance of NewType. Perhaps you were looking for: '
                                f'`{subclass_name} = NewType({subclass_name!r}, {superclass_name})`')
        return (Dummy,)

    def __repr__(self):
        return f'{self.__module__}.{self.__qualname__}'

    def __reduce__(self):
        return self.__qualname__

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


# ---- the aliases of the builtin and abc classes ----------------------------------------

T = TypeVar('T')
KT = TypeVar('KT')
VT = TypeVar('VT')
T_co = TypeVar('T_co', covariant=True)
V_co = TypeVar('V_co', covariant=True)
VT_co = TypeVar('VT_co', covariant=True)
T_contra = TypeVar('T_contra', contravariant=True)
CT_co = TypeVar('CT_co', covariant=True, bound=type)
AnyStr = TypeVar('AnyStr', bytes, str)
for _tv in (T, KT, VT, T_co, V_co, VT_co, T_contra, CT_co, AnyStr):
    _tv.__module__ = 'typing'
Text = str

_abc = collections.abc
Hashable = _SpecialGenericAlias(_abc.Hashable, 0)
Awaitable = _SpecialGenericAlias(_abc.Awaitable, 1)
Coroutine = _SpecialGenericAlias(_abc.Coroutine, 3)
AsyncIterable = _SpecialGenericAlias(_abc.AsyncIterable, 1)
AsyncIterator = _SpecialGenericAlias(_abc.AsyncIterator, 1)
Iterable = _SpecialGenericAlias(_abc.Iterable, 1)
Iterator = _SpecialGenericAlias(_abc.Iterator, 1)
Reversible = _SpecialGenericAlias(_abc.Reversible, 1)
Sized = _SpecialGenericAlias(_abc.Sized, 0)
Container = _SpecialGenericAlias(_abc.Container, 1)
Collection = _SpecialGenericAlias(_abc.Collection, 1)
Callable = _CallableType(_abc.Callable, 2)
AbstractSet = _SpecialGenericAlias(_abc.Set, 1, name='AbstractSet')
MutableSet = _SpecialGenericAlias(_abc.MutableSet, 1)
Mapping = _SpecialGenericAlias(_abc.Mapping, 2)
MutableMapping = _SpecialGenericAlias(_abc.MutableMapping, 2)
Sequence = _SpecialGenericAlias(_abc.Sequence, 1)
MutableSequence = _SpecialGenericAlias(_abc.MutableSequence, 1)
ByteString = _SpecialGenericAlias(_abc.ByteString, 0)
Tuple = _TupleType(tuple, -1, inst=False, name='Tuple')
List = _SpecialGenericAlias(list, 1, inst=False, name='List')
Deque = _SpecialGenericAlias(collections.deque, 1, name='Deque')
Set = _SpecialGenericAlias(set, 1, inst=False, name='Set')
FrozenSet = _SpecialGenericAlias(frozenset, 1, inst=False, name='FrozenSet')
MappingView = _SpecialGenericAlias(_abc.MappingView, 1)
KeysView = _SpecialGenericAlias(_abc.KeysView, 1)
ItemsView = _SpecialGenericAlias(_abc.ItemsView, 2)
ValuesView = _SpecialGenericAlias(_abc.ValuesView, 1)
ContextManager = _SpecialGenericAlias(contextlib.AbstractContextManager, 1, name='ContextManager')
AsyncContextManager = _SpecialGenericAlias(contextlib.AbstractAsyncContextManager, 1, name='AsyncContextManager')
Dict = _SpecialGenericAlias(dict, 2, inst=False, name='Dict')
DefaultDict = _SpecialGenericAlias(collections.defaultdict, 2, name='DefaultDict')
OrderedDict = _SpecialGenericAlias(collections.OrderedDict, 2)
Counter = _SpecialGenericAlias(collections.Counter, 1)
ChainMap = _SpecialGenericAlias(collections.ChainMap, 2)
Generator = _SpecialGenericAlias(_abc.Generator, 3)
AsyncGenerator = _SpecialGenericAlias(_abc.AsyncGenerator, 2)
Type = _SpecialGenericAlias(type, 1, name='Type')
Pattern = _SpecialGenericAlias(stdlib_re.Pattern, 1)
Match = _SpecialGenericAlias(stdlib_re.Match, 1)

@runtime_checkable
class SupportsInt(Protocol):
    """An ABC with one abstract method __int__."""
    __slots__ = ()

    @abstractmethod
    def __int__(self):
        pass


@runtime_checkable
class SupportsFloat(Protocol):
    """An ABC with one abstract method __float__."""
    __slots__ = ()

    @abstractmethod
    def __float__(self):
        pass


@runtime_checkable
class SupportsComplex(Protocol):
    """An ABC with one abstract method __complex__."""
    __slots__ = ()

    @abstractmethod
    def __complex__(self):
        pass


@runtime_checkable
class SupportsBytes(Protocol):
    """An ABC with one abstract method __bytes__."""
    __slots__ = ()

    @abstractmethod
    def __bytes__(self):
        pass


@runtime_checkable
class SupportsIndex(Protocol):
    """An ABC with one abstract method __index__."""
    __slots__ = ()

    @abstractmethod
    def __index__(self):
        pass


@runtime_checkable
class SupportsAbs(Protocol[T_co]):
    """An ABC with one abstract method __abs__ that is covariant in its return type."""
    __slots__ = ()

    @abstractmethod
    def __abs__(self):
        pass


@runtime_checkable
class SupportsRound(Protocol[T_co]):
    """An ABC with one abstract method __round__ that is covariant in its return type."""
    __slots__ = ()

    @abstractmethod
    def __round__(self, ndigits=0):
        pass



# ---- IO ------------------------------------------------------------------------------

class IO(Generic[AnyStr]):
    """Generic base class for TextIO and BinaryIO: the methods of a file."""
    __slots__ = ()

    @property
    @abstractmethod
    def mode(self):
        pass

    @property
    @abstractmethod
    def name(self):
        pass

    @abstractmethod
    def close(self):
        pass

    @property
    @abstractmethod
    def closed(self):
        pass

    @abstractmethod
    def fileno(self):
        pass

    @abstractmethod
    def flush(self):
        pass

    @abstractmethod
    def isatty(self):
        pass

    @abstractmethod
    def read(self, n=-1):
        pass

    @abstractmethod
    def readable(self):
        pass

    @abstractmethod
    def readline(self, limit=-1):
        pass

    @abstractmethod
    def readlines(self, hint=-1):
        pass

    @abstractmethod
    def seek(self, offset, whence=0):
        pass

    @abstractmethod
    def seekable(self):
        pass

    @abstractmethod
    def tell(self):
        pass

    @abstractmethod
    def truncate(self, size=None):
        pass

    @abstractmethod
    def writable(self):
        pass

    @abstractmethod
    def write(self, s):
        pass

    @abstractmethod
    def writelines(self, lines):
        pass

    @abstractmethod
    def __enter__(self):
        pass

    @abstractmethod
    def __exit__(self, type, value, traceback):
        pass


class BinaryIO(IO[bytes]):
    """Typed version of the return of open() in binary mode."""
    __slots__ = ()

    @abstractmethod
    def write(self, s):
        pass

    @abstractmethod
    def __enter__(self):
        pass


class TextIO(IO[str]):
    """Typed version of the return of open() in text mode."""
    __slots__ = ()

    @property
    @abstractmethod
    def buffer(self):
        pass

    @property
    @abstractmethod
    def encoding(self):
        pass

    @property
    @abstractmethod
    def errors(self):
        pass

    @property
    @abstractmethod
    def line_buffering(self):
        pass

    @property
    @abstractmethod
    def newlines(self):
        pass

    @abstractmethod
    def __enter__(self):
        pass


# ---- NamedTuple and TypedDict ---------------------------------------------------------

_prohibited_namedtuple = frozenset({'__new__', '__init__', '__slots__', '__getnewargs__', '_fields',
                                    '_field_defaults', '_make', '_replace', '_asdict', '_source'})
_special_namedtuple = frozenset({'__module__', '__name__', '__annotations__', '__qualname__', '__orig_bases__'})


def _make_nmtuple(name, types_, module, defaults=()):
    fields = [n for n, t in types_]
    annotations = {n: _type_check(t, f'field {n} annotation must be a type') for n, t in types_}
    nm_tpl = collections.namedtuple(name, fields, defaults=defaults, module=module)
    nm_tpl.__annotations__ = nm_tpl.__new__.__annotations__ = annotations
    return nm_tpl


class NamedTupleMeta(type):
    """The metaclass of `class P(NamedTuple)`: makes a collections.namedtuple
    of the annotated fields, with the class's methods."""

    def __new__(cls, typename, bases, ns):
        for base in bases:
            if base is not _NamedTuple and base is not Generic:
                raise TypeError('can only inherit from a NamedTuple type and Generic')
        types_ = ns.get('__annotations__', {})
        default_names = []
        for field_name in types_:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError(f"Non-default namedtuple field {field_name} cannot follow default field"
                                f"{'s' if len(default_names) > 1 else ''} {', '.join(default_names)}")
        nm_tpl = _make_nmtuple(typename, types_.items(), defaults=[ns[n] for n in default_names],
                               module=ns.get('__module__', '__main__'))
        for key in ns:
            if key in _prohibited_namedtuple:
                raise AttributeError('Cannot overwrite NamedTuple attribute ' + key)
            elif key not in _special_namedtuple and key not in nm_tpl._fields:
                setattr(nm_tpl, key, ns[key])
        return nm_tpl


def NamedTuple(typename, fields=None, /, **kwargs):
    """Typed version of namedtuple: class P(NamedTuple) with annotated
    fields, or NamedTuple('P', [('x', int), ('y', int)])."""
    if fields is None:
        fields = kwargs.items()
    elif kwargs:
        raise TypeError('Either list of fields or keywords can be provided to NamedTuple, not both')
    return _make_nmtuple(typename, fields, module=_caller_module())


_NamedTuple = type.__new__(NamedTupleMeta, 'NamedTuple', (), {})


def _namedtuple_mro_entries(bases):
    return (_NamedTuple,)


NamedTuple.__mro_entries__ = _namedtuple_mro_entries


class _TypedDictMeta(type):
    """The metaclass of `class M(TypedDict)`: a dict subclass whose calls
    make plain dicts, with the keys' types and which are required."""

    def __new__(cls, name, bases, ns, total=True):
        for base in bases:
            if type(base) is not _TypedDictMeta and base is not Generic:
                raise TypeError('cannot inherit from both a TypedDict type and a non-TypedDict base class')
        tp_dict = type.__new__(_TypedDictMeta, name, (dict,), ns)
        annotations = {}
        own = ns.get('__annotations__', {})
        msg = 'TypedDict(\'Name\', {f0: t0, f1: t1, ...}); each t must be a type'
        own = {n: _type_check(tp, msg) for n, tp in own.items()}
        required, optional = set(), set()
        for base in bases:
            annotations.update(base.__dict__.get('__annotations__', {}))
            required.update(base.__dict__.get('__required_keys__', ()))
            optional.update(base.__dict__.get('__optional_keys__', ()))
        annotations.update(own)
        for key, tp in own.items():
            origin = get_origin(tp)
            if origin is Annotated:
                origin = get_origin(tp.__origin__)
            if origin is Required:
                is_required = True
            elif origin is NotRequired:
                is_required = False
            else:
                is_required = total
            (required if is_required else optional).add(key)
        tp_dict.__annotations__ = annotations
        tp_dict.__required_keys__ = frozenset(required)
        tp_dict.__optional_keys__ = frozenset(optional)
        if not hasattr(tp_dict, '__total__'):
            tp_dict.__total__ = total
        return tp_dict

    def __call__(cls, *args, **kwargs):
        return dict(*args, **kwargs)

    def __subclasscheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')

    __instancecheck__ = __subclasscheck__


def TypedDict(typename, fields=None, /, *, total=True, **kwargs):
    """A simple typed namespace: at run time a plain dict."""
    if fields is None:
        fields = kwargs
    elif kwargs:
        raise TypeError('TypedDict takes either a dict or keyword arguments, but not both')
    ns = {'__annotations__': dict(fields), '__module__': _caller_module()}
    return _TypedDictMeta(typename, (), ns, total=total)


_TypedDict = type.__new__(_TypedDictMeta, 'TypedDict', (), {})


def _typeddict_mro_entries(bases):
    return (_TypedDict,)


TypedDict.__mro_entries__ = _typeddict_mro_entries


def is_typeddict(tp):
    """Check if an annotation is a TypedDict class."""
    return isinstance(tp, _TypedDictMeta) and tp is not _TypedDict


# ---- introspection -------------------------------------------------------------------

def _eval_type(t, globalns, localns, recursive_guard=frozenset()):
    if isinstance(t, ForwardRef):
        return t._evaluate(globalns, localns, recursive_guard)
    if isinstance(t, str):
        return ForwardRef(t)._evaluate(globalns, localns, recursive_guard)
    if isinstance(t, (_GenericAlias, GenericAlias, types.UnionType)):
        args = getattr(t, '__args__', ())
        new_args = tuple(_eval_type(a, globalns, localns, recursive_guard) if not isinstance(a, list)
                         else [_eval_type(x, globalns, localns, recursive_guard) for x in a] for a in args)
        if new_args == args:
            return t
        if isinstance(t, _AnnotatedAlias):
            return _AnnotatedAlias(new_args[0], t.__metadata__)
        if isinstance(t, GenericAlias):
            return GenericAlias(t.__origin__, new_args)
        if isinstance(t, types.UnionType):
            return functools.reduce(operator.or_, new_args)
        if isinstance(t, _CallableGenericAlias) and isinstance(new_args[0], list):
            return t.copy_with((*new_args[0], new_args[1]))
        return t.copy_with(new_args)
    return t


def _strip_annotations(t):
    if isinstance(t, _AnnotatedAlias):
        return _strip_annotations(t.__origin__)
    if isinstance(t, _GenericAlias) and get_origin(t) in (Required, NotRequired):
        return _strip_annotations(t.__args__[0])
    if isinstance(t, _GenericAlias):
        stripped = tuple(_strip_annotations(a) for a in t.__args__)
        return t if stripped == t.__args__ else t.copy_with(stripped)
    return t


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """Return type hints for an object: its __annotations__ with forward
    references evaluated and None as NoneType; for a class, those of its
    bases too (the most derived class last wins)."""
    if getattr(obj, '__no_type_check__', None):
        return {}
    if isinstance(obj, type):
        hints = {}
        for base in reversed(obj.__mro__):
            if globalns is None:
                module = sys.modules.get(base.__module__, None)
                base_globals = getattr(module, '__dict__', {})
            else:
                base_globals = globalns
            ann = base.__dict__.get('__annotations__', {})
            base_locals = dict(vars(base)) if localns is None else localns
            if localns is None and globalns is None:
                base_globals, base_locals = base_locals, base_globals
            for name, value in ann.items():
                if value is None:
                    value = type(None)
                if isinstance(value, str):
                    value = ForwardRef(value, is_argument=False, is_class=True)
                hints[name] = _eval_type(value, base_globals, base_locals)
        return hints if include_extras else {k: _strip_annotations(t) for k, t in hints.items()}
    if globalns is None:
        if isinstance(obj, types.ModuleType):
            globalns = obj.__dict__
        else:
            nsobj = obj
            while hasattr(nsobj, '__wrapped__'):
                nsobj = nsobj.__wrapped__
            globalns = getattr(nsobj, '__globals__', None)
            if globalns is None:
                module = sys.modules.get(getattr(nsobj, '__module__', None), None)
                globalns = getattr(module, '__dict__', {})
        if localns is None:
            localns = globalns
    elif localns is None:
        localns = globalns
    hints = getattr(obj, '__annotations__', None)
    if hints is None:
        if isinstance(obj, (types.ModuleType, types.FunctionType, types.MethodType)) or callable(obj):
            return {}
        raise TypeError(f'{obj!r} is not a module, class, method, or function.')
    hints = dict(hints)
    for name, value in hints.items():
        if value is None:
            value = type(None)
        if isinstance(value, str):
            value = ForwardRef(value, is_argument=not isinstance(obj, types.ModuleType), is_class=False)
        hints[name] = _eval_type(value, globalns, localns)
    return hints if include_extras else {k: _strip_annotations(t) for k, t in hints.items()}


def get_origin(tp):
    """The unsubscripted version of a type: list for List[int], Union for
    Union[int, str], Annotated for Annotated[int, x]; None otherwise."""
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_BaseAlias, GenericAlias, ParamSpecArgs, ParamSpecKwargs)):
        return tp.__origin__
    if tp is Generic:
        return Generic
    if isinstance(tp, types.UnionType):
        return types.UnionType
    return None


def get_args(tp):
    """The arguments of a subscripted type: (int, str) for
    Union[int, str]; ([int], str) for Callable[[int], str]."""
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, (_GenericAlias, GenericAlias)):
        res = tp.__args__
        if _is_callable_alias(tp) and res and res[0] is not ... and not isinstance(res[0], ParamSpec):
            res = (list(res[:-1]), res[-1])
        return res
    if isinstance(tp, types.UnionType):
        return tp.__args__
    return ()


def _is_callable_alias(tp):
    return tp.__origin__ is collections.abc.Callable


# ---- decorators and helpers ------------------------------------------------------------

def cast(typ, val):
    """Cast a value to a type. This returns the value unchanged."""
    return val


def assert_type(val, typ, /):
    """Ask a static type checker to confirm that the value is of the given type."""
    return val


def assert_never(arg, /):
    """Statically assert that a line of code is unreachable."""
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + '...'
    raise AssertionError(f'Expected code to be unreachable, but got: {value}')


def reveal_type(obj, /):
    """Reveal the inferred type of a variable: at run time, print its type."""
    print(f'Runtime type is {type(obj).__name__!r}', file=sys.stderr)
    return obj


_overload_registry = defaultdict(functools.partial(defaultdict, dict))


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        'You should not call an overloaded function. '
        'A series of @overload-decorated functions '
        'outside a stub module should always be followed '
        'by an implementation that is not @overload-ed.')


def _overload_key(func):
    f = getattr(func, '__func__', func)
    return getattr(f, '__module__', None), getattr(f, '__qualname__', None)


def overload(func):
    """Decorator for overloaded functions/methods; the definitions are
    kept for get_overloads, and calling one raises NotImplementedError."""
    module, qualname = _overload_key(func)
    if module is not None and qualname is not None:
        registry = _overload_registry[module][qualname]
        registry[len(registry)] = func
    return _overload_dummy


def get_overloads(func):
    """Return all defined overloads for *func* as a sequence."""
    module, qualname = _overload_key(func)
    if module not in _overload_registry:
        return []
    by_name = _overload_registry[module]
    if qualname not in by_name:
        return []
    return list(by_name[qualname].values())


def clear_overloads():
    """Clear all overloads in the registry."""
    _overload_registry.clear()


def final(f):
    """Decorator to indicate final methods and final classes; sets __final__."""
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    """Decorator to indicate that annotations are not type hints."""
    if isinstance(arg, type):
        for key in dir(arg):
            obj = getattr(arg, key)
            if (not hasattr(obj, '__qualname__') or obj.__qualname__ != f'{arg.__qualname__}.{obj.__name__}'
                    or getattr(obj, '__module__', None) != arg.__module__):
                continue
            if isinstance(obj, types.FunctionType):
                obj.__no_type_check__ = True
            if isinstance(obj, type):
                no_type_check(obj)
    try:
        arg.__no_type_check__ = True
    except TypeError:
        pass
    return arg


def no_type_check_decorator(decorator):
    """Decorator to give another decorator the @no_type_check effect."""
    @functools.wraps(decorator)
    def wrapped_decorator(*args, **kwds):
        func = decorator(*args, **kwds)
        func = no_type_check(func)
        return func
    return wrapped_decorator


def dataclass_transform(*, eq_default=True, order_default=False, kw_only_default=False,
                        field_specifiers=(), **kwargs):
    """Decorator that marks an object as providing dataclass-like behaviour."""
    def decorator(cls_or_fn):
        cls_or_fn.__dataclass_transform__ = {
            'eq_default': eq_default,
            'order_default': order_default,
            'kw_only_default': kw_only_default,
            'field_specifiers': field_specifiers,
            'kwargs': kwargs,
        }
        return cls_or_fn
    return decorator


del _tv
