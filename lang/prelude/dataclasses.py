# dataclasses.py: Python's @dataclass, written for cgrad after CPython
# 3.11's behaviour: fields from the annotations of the class and of its
# dataclass bases (ClassVar left out, InitVar passed to __post_init__,
# KW_ONLY and kw_only= for keyword-only fields), field() with every
# option, the generated __init__ (its real signature, exec'd as CPython
# does, so errors and inspect agree), __repr__, __eq__, order, hashing as
# CPython's table decides, frozen instances, match_args, slots; and
# fields, asdict, astuple, replace, is_dataclass, make_dataclass.
# Not here: weakref_slot adds '__weakref__' to __slots__ only where the
# language keeps it; __doc__ is written from the fields, not by inspect.
import abc
import builtins
import copy
import functools
import itertools
import keyword
import re
import sys
import types
from types import FunctionType, GenericAlias

try:
    import inspect
except ImportError:
    pass

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar', 'KW_ONLY', 'MISSING',
           'fields', 'asdict', 'astuple', 'make_dataclass', 'replace', 'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return '<factory>'


_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()

_EMPTY_METADATA = types.MappingProxyType({})


class _FIELD_BASE:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE('_FIELD')
_FIELD_CLASSVAR = _FIELD_BASE('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FIELD_BASE('_FIELD_INITVAR')

_FIELDS = '__dataclass_fields__'
_PARAMS = '__dataclass_params__'
_POST_INIT_NAME = '__post_init__'


class InitVar:
    """A pseudo-field: an __init__ parameter passed to __post_init__."""
    __slots__ = ('type',)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type) and not isinstance(self.type, GenericAlias):
            type_name = self.type.__name__
        else:
            type_name = repr(self.type)
        return f'dataclasses.InitVar[{type_name}]'

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    """One field of a dataclass, as fields() lists them."""
    __slots__ = ('name', 'type', 'default', 'default_factory', 'repr', 'hash', 'init', 'compare',
                 'metadata', 'kw_only', '_field_type')

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = _EMPTY_METADATA if metadata is None else types.MappingProxyType(metadata)
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ('Field('
                f'name={self.name!r},'
                f'type={self.type!r},'
                f'default={self.default!r},'
                f'default_factory={self.default_factory!r},'
                f'init={self.init!r},'
                f'repr={self.repr!r},'
                f'hash={self.hash!r},'
                f'compare={self.compare!r},'
                f'metadata={self.metadata!r},'
                f'kw_only={self.kw_only!r},'
                f'_field_type={self._field_type}'
                ')')

    def __set_name__(self, owner, name):
        func = getattr(type(self.default), '__set_name__', None)
        if func:
            func(self.default, owner, name)

    __class_getitem__ = classmethod(GenericAlias)


class _DataclassParams:
    __slots__ = ('init', 'repr', 'eq', 'order', 'unsafe_hash', 'frozen')

    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ('_DataclassParams('
                f'init={self.init!r},'
                f'repr={self.repr!r},'
                f'eq={self.eq!r},'
                f'order={self.order!r},'
                f'unsafe_hash={self.unsafe_hash!r},'
                f'frozen={self.frozen!r}'
                ')')


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    """Return an object to identify dataclass fields."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


# ---- collecting the fields ------------------------------------------------------------

def _is_classvar(a_type):
    typing = sys.modules.get('typing')
    if typing is None:
        return False
    return a_type is typing.ClassVar or (type(a_type) is typing._GenericAlias
                                          and a_type.__origin__ is typing.ClassVar)


_MODULE_IDENTIFIER_RE = re.compile(r'^(?:\s*(\w+)\s*\.)?\s*(\w+)')


def _is_type(annotation, cls, a_module, a_type, is_type_predicate):
    """Is a string annotation ('ClassVar[int]', 'typing.ClassVar') the
    given typing object, seen from cls's module?"""
    match = _MODULE_IDENTIFIER_RE.match(annotation)
    if match:
        ns = None
        module_name = match.group(1)
        if not module_name:
            ns = getattr(sys.modules.get(cls.__module__), '__dict__', None)
        else:
            module = getattr(sys.modules.get(cls.__module__), '__dict__', {}).get(module_name)
            if module and getattr(module, '__dict__', {}).get(match.group(2)) is a_type:
                ns = None
                return True
        if ns and is_type_predicate(ns.get(match.group(2)), a_module):
            return True
    return False


def _is_initvar(a_type, dataclasses):
    return a_type is dataclasses.InitVar or type(a_type) is dataclasses.InitVar


def _is_kw_only(a_type, dataclasses):
    return a_type is dataclasses.KW_ONLY


def _get_field(cls, a_name, a_type, default_kw_only):
    default = getattr(cls, a_name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = a_name
    f.type = a_type
    f._field_type = _FIELD
    typing = sys.modules.get('typing')
    if typing:
        if (_is_classvar(a_type) or (isinstance(f.type, str)
                                     and _is_type(f.type, cls, typing, typing.ClassVar,
                                                  lambda t, m: t is m.ClassVar or _is_classvar(t)))):
            f._field_type = _FIELD_CLASSVAR
    if f._field_type is _FIELD:
        dataclasses = sys.modules[__name__]
        if (_is_initvar(a_type, dataclasses) or (isinstance(f.type, str)
                                                   and _is_type(f.type, cls, dataclasses, dataclasses.InitVar,
                                                                _is_initvar))):
            f._field_type = _FIELD_INITVAR
    if f._field_type in (_FIELD_CLASSVAR, _FIELD_INITVAR):
        if f.default_factory is not MISSING:
            raise TypeError(f'field {f.name} cannot have a default factory')
    if f._field_type in (_FIELD, _FIELD_INITVAR):
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    else:
        if f.kw_only is not MISSING:
            raise TypeError(f'field {f.name} is a ClassVar but specifies kw_only')
    if f._field_type is _FIELD and f.default.__class__.__hash__ is None:
        raise ValueError(f'mutable default {type(f.default)} for field {f.name} is not allowed: use default_factory')
    return f


def _fields_in_init_order(fields):
    return (tuple(f for f in fields if f.init and not f.kw_only),
            tuple(f for f in fields if f.init and f.kw_only))


# ---- the generated methods ------------------------------------------------------------

def _create_fn(name, args, body, *, cls_qualname, globals_, locals_, return_type=MISSING):
    """A function made from source, as CPython's dataclasses writes them.
    It is defined inside class statements that spell the dataclass's
    __qualname__ (a nested class keeps its outer names), so that its
    errors say C.__init__(); its globals are the names it uses."""
    ns = dict(locals_)
    ns['__builtins__'] = builtins
    return_annotation = ''
    if return_type is not MISSING:
        ns['__dataclass_return_type__'] = return_type
        return_annotation = '->__dataclass_return_type__'
    parts = [p for p in cls_qualname.split('.') if p.isidentifier()] or ['C']
    lines = []
    for depth, part in enumerate(parts):
        lines.append(' ' * depth + f'class {part}:')
    indent = ' ' * len(parts)
    lines.append(f'{indent}def {name}({",".join(args)}){return_annotation}:')
    lines.extend(f'{indent} {b}' for b in body)
    exec('\n'.join(lines) + '\n', ns)
    holder = ns[parts[0]]
    for part in parts[1:]:
        holder = holder.__dict__[part]
    fn = holder.__dict__[name]
    if isinstance(fn, (staticmethod, classmethod)):
        fn = fn.__func__
    return fn


def _field_assign(frozen, name, value, self_name):
    if frozen:
        return f'__dataclass_builtins_object__.__setattr__({self_name},{name!r},{value})'
    return f'{self_name}.{name}={value}'


def _field_init(f, frozen, globals_, self_name, slots):
    default_name = f'__dataclass_dflt_{f.name}__'
    if f.default_factory is not MISSING:
        if f.init:
            globals_[default_name] = f.default_factory
            value = (f'{default_name}() '
                     f'if {f.name} is __dataclass_HAS_DEFAULT_FACTORY__ '
                     f'else {f.name}')
        else:
            globals_[default_name] = f.default_factory
            value = f'{default_name}()'
    else:
        if f.init:
            if f.default is MISSING:
                value = f.name
            else:
                globals_[default_name] = f.default
                value = f.name
        else:
            if slots and f.default is not MISSING:
                globals_[default_name] = f.default
                value = default_name
            else:
                return None
    if f._field_type is _FIELD_INITVAR:
        return None
    return _field_assign(frozen, f.name, value, self_name)


def _init_param(f):
    if f.default is MISSING and f.default_factory is MISSING:
        default = ''
    elif f.default is not MISSING:
        default = f'=__dataclass_dflt_{f.name}__'
    else:
        default = '=__dataclass_HAS_DEFAULT_FACTORY__'
    return f'{f.name}:__dataclass_type_{f.name}__{default}'


def _init_fn(fields, std_fields, kw_only_fields, frozen, has_post_init, self_name, globals_, slots, cls_name):
    seen_default = False
    for f in std_fields:
        if f.init:
            if not (f.default is MISSING and f.default_factory is MISSING):
                seen_default = True
            elif seen_default:
                raise TypeError(f'non-default argument {f.name!r} follows default argument')
    locals_ = {f'__dataclass_type_{f.name}__': f.type for f in fields}
    locals_.update({
        '__dataclass_HAS_DEFAULT_FACTORY__': _HAS_DEFAULT_FACTORY,
        '__dataclass_builtins_object__': object,
    })
    body_lines = []
    for f in fields:
        line = _field_init(f, frozen, locals_, self_name, slots)
        if line:
            body_lines.append(line)
    if has_post_init:
        params_str = ','.join(f.name for f in fields if f._field_type is _FIELD_INITVAR)
        body_lines.append(f'{self_name}.{_POST_INIT_NAME}({params_str})')
    if not body_lines:
        body_lines = ['pass']
    _init_params = [_init_param(f) for f in std_fields]
    if kw_only_fields:
        _init_params += ['*']
        _init_params += [_init_param(f) for f in kw_only_fields]
    return _create_fn('__init__', [self_name] + _init_params, body_lines, cls_qualname=cls_name,
                      locals_=locals_, globals_=globals_, return_type=None)


def _repr_fn(fields):
    shown = [f.name for f in fields]
    running = set()

    def __repr__(self):
        key = (id(self), builtins.id(type(self)))
        if key in running:
            return '...'
        running.add(key)
        try:
            parts = ', '.join(f'{name}={getattr(self, name)!r}' for name in shown)
            return f'{self.__class__.__qualname__}({parts})'
        finally:
            running.discard(key)
    return __repr__


def _tuple_of(obj, names):
    return tuple(getattr(obj, n) for n in names)


def _cmp_fn(name, op, names):
    def cmp(self, other):
        if other.__class__ is self.__class__:
            return op(_tuple_of(self, names), _tuple_of(other, names))
        return NotImplemented
    cmp.__name__ = name
    return cmp


def _hash_fn(names):
    def __hash__(self):
        return hash(_tuple_of(self, names))
    return __hash__


def _frozen_get_del_attr(cls, fields):
    names = frozenset(f.name for f in fields)

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f'cannot assign to field {name!r}')
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f'cannot delete field {name!r}')
        super(cls, self).__delattr__(name)
    return __setattr__, __delattr__


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    try:
        value.__qualname__ = f'{cls.__qualname__}.{value.__name__}'
    except (AttributeError, TypeError):
        pass
    setattr(cls, name, value)
    return False


def _hash_action(cls, fields, unsafe_hash, eq, frozen, has_explicit_hash):
    names = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
    if unsafe_hash:
        if has_explicit_hash:
            raise TypeError(f'Cannot overwrite attribute __hash__ in class {cls.__name__}')
        return _hash_fn(names)
    if eq and frozen:
        return None if has_explicit_hash else _hash_fn(names)
    if eq:
        return MISSING if has_explicit_hash else None
    return MISSING


def _formatannotation(annotation):
    """An annotation as a signature shows it: int, List[int], 'str'."""
    if isinstance(annotation, GenericAlias) or getattr(annotation, '__module__', None) == 'typing':
        return repr(annotation).replace('typing.', '')
    if isinstance(annotation, type):
        if annotation.__module__ == 'builtins':
            return annotation.__qualname__
        return annotation.__module__ + '.' + annotation.__qualname__
    return repr(annotation)


def _signature_text(cls, std_fields, kw_only_fields):
    def param(f):
        text = f.name + ': ' + _formatannotation(f.type)
        if f.default is not MISSING:
            text += ' = ' + repr(f.default)
        elif f.default_factory is not MISSING:
            text += ' = <factory>'
        return text
    parts = [param(f) for f in std_fields]
    if kw_only_fields:
        parts.append('*')
        parts += [param(f) for f in kw_only_fields]
    return cls.__name__ + '(' + ', '.join(parts) + ')'


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots, weakref_slot):
    fields = {}
    if cls.__module__ in sys.modules:
        globals_ = sys.modules[cls.__module__].__dict__
    else:
        globals_ = {}
    setattr(cls, _PARAMS, _DataclassParams(init, repr, eq, order, unsafe_hash, frozen))

    any_frozen_base = False
    has_dataclass_bases = False
    for b in cls.__mro__[-1:0:-1]:
        base_fields = getattr(b, _FIELDS, None)
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                fields[f.name] = f
            if getattr(b, _PARAMS).frozen:
                any_frozen_base = True

    cls_annotations = cls.__dict__.get('__annotations__', {})
    cls_fields = []
    kw_only_seen = False
    dataclasses = sys.modules[__name__]
    for name, type_ in cls_annotations.items():
        if (_is_kw_only(type_, dataclasses) or (isinstance(type_, str) and _is_type(
                type_, cls, dataclasses, dataclasses.KW_ONLY, _is_kw_only))):
            if kw_only_seen:
                raise TypeError(f'{name!r} is KW_ONLY, but KW_ONLY has already been specified')
            kw_only_seen = True
            kw_only = True
        else:
            cls_fields.append(_get_field(cls, name, type_, kw_only))

    for f in cls_fields:
        fields[f.name] = f
        if isinstance(getattr(cls, f.name, None), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)

    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in cls_annotations:
            raise TypeError(f'{name!r} is a field but has no type annotation')

    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if not any_frozen_base and frozen:
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')

    setattr(cls, _FIELDS, fields)

    class_hash = cls.__dict__.get('__hash__', MISSING)
    has_explicit_hash = not (class_hash is MISSING or (class_hash is None and '__eq__' in cls.__dict__))

    if order and not eq:
        raise ValueError('eq must be true if order is true')

    all_init_fields = [f for f in fields.values() if f._field_type in (_FIELD, _FIELD_INITVAR)]
    std_init_fields, kw_only_init_fields = _fields_in_init_order(all_init_fields)

    if init:
        has_post_init = hasattr(cls, _POST_INIT_NAME)
        _set_new_attribute(cls, '__init__',
                           _init_fn(all_init_fields, std_init_fields, kw_only_init_fields, frozen,
                                    has_post_init, '__dataclass_self__' if 'self' in fields else 'self',
                                    globals_, slots, cls.__qualname__))

    field_list = [f for f in fields.values() if f._field_type is _FIELD]

    if repr:
        _set_new_attribute(cls, '__repr__', _repr_fn([f for f in field_list if f.repr]))

    compared = [f.name for f in field_list if f.compare]
    if eq:
        _set_new_attribute(cls, '__eq__', _cmp_fn('__eq__', lambda a, b: a == b, compared))

    if order:
        for name, op in [('__lt__', lambda a, b: a < b), ('__le__', lambda a, b: a <= b),
                         ('__gt__', lambda a, b: a > b), ('__ge__', lambda a, b: a >= b)]:
            if _set_new_attribute(cls, name, _cmp_fn(name, op, compared)):
                raise TypeError(f'Cannot overwrite attribute {name} in class {cls.__name__}. '
                                f'Consider using functools.total_ordering')

    if frozen:
        for fn in _frozen_get_del_attr(cls, field_list):
            if _set_new_attribute(cls, fn.__name__, fn):
                raise TypeError(f'Cannot overwrite attribute {fn.__name__} in class {cls.__name__}')

    hash_fn = _hash_action(cls, field_list, unsafe_hash, eq, frozen, has_explicit_hash)
    if hash_fn is not MISSING:
        cls.__hash__ = hash_fn

    if not getattr(cls, '__doc__', None):
        try:
            cls.__doc__ = _signature_text(cls, std_init_fields, kw_only_init_fields)
        except (TypeError, ValueError):
            cls.__doc__ = ''

    if match_args:
        _set_new_attribute(cls, '__match_args__', tuple(f.name for f in std_init_fields))

    if weakref_slot and not slots:
        raise TypeError('weakref_slot is True but slots is False')
    if slots:
        cls = _add_slots(cls, frozen, weakref_slot)

    abc_update = getattr(abc, 'update_abstractmethods', None)
    if abc_update is not None:
        abc_update(cls)
    return cls


def _add_slots(cls, is_frozen, weakref_slot):
    cls_dict = dict(cls.__dict__)
    field_names = tuple(f.name for f in fields(cls))
    inherited_slots = set(itertools.chain.from_iterable(
        getattr(c, '__slots__', ()) if not isinstance(getattr(c, '__slots__', ()), str) else (c.__slots__,)
        for c in cls.__mro__[1:-1]))
    cls_dict['__slots__'] = tuple(itertools.filterfalse(
        inherited_slots.__contains__,
        itertools.chain(field_names, ('__weakref__',) if weakref_slot else ())))
    for field_name in field_names:
        cls_dict.pop(field_name, None)
    cls_dict.pop('__dict__', None)
    cls_dict.pop('__weakref__', None)
    qualname = getattr(cls, '__qualname__', None)
    cls = type(cls)(cls.__name__, cls.__bases__, cls_dict)
    if qualname is not None:
        cls.__qualname__ = qualname
    if is_frozen:
        if '__getstate__' not in cls_dict:
            cls.__getstate__ = lambda self: [getattr(self, f.name) for f in fields(self)]
        if '__setstate__' not in cls_dict:
            def _setstate(self, state):
                for f, value in zip(fields(self), state):
                    object.__setattr__(self, f.name, value)
            cls.__setstate__ = _setstate
    return cls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True,
              kw_only=False, slots=False, weakref_slot=False):
    """Add dunder methods based on the fields defined in the class.

    Examines PEP 526 __annotations__ to determine fields.
    """

    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots,
                              weakref_slot)

    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    """Return a tuple describing the fields of this dataclass."""
    try:
        fs = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(f for f in fs.values() if f._field_type is _FIELD)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def is_dataclass(obj):
    """Returns True if obj is a dataclass or an instance of a dataclass."""
    cls = obj if isinstance(obj, type) and not isinstance(obj, GenericAlias) else type(obj)
    return hasattr(cls, _FIELDS)


def asdict(obj, *, dict_factory=dict):
    """Return the fields of a dataclass instance as a new dictionary mapping
    field names to field values, recursing into dataclasses, lists, tuples
    and dicts."""
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name), dict_factory)) for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory)) for k, v in obj.items())
    return copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    """Return the fields of a dataclass instance as a new tuple of field
    values, recursing as asdict does."""
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory) for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory)) for k, v in obj.items())
    return copy.deepcopy(obj)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True, eq=True, order=False,
                   unsafe_hash=False, frozen=False, match_args=True, kw_only=False, slots=False,
                   weakref_slot=False):
    """Return a new dynamically created dataclass: fields is a list of
    names, (name, type) or (name, type, Field)."""
    if namespace is None:
        namespace = {}
    seen = set()
    annotations = {}
    defaults = {}
    for item in fields:
        if isinstance(item, str):
            name = item
            tp = 'typing.Any'
        elif len(item) == 2:
            name, tp, = item
        elif len(item) == 3:
            name, tp, spec = item
            defaults[name] = spec
        else:
            raise TypeError(f'Invalid field: {item!r}')
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError(f'Field names must be valid identifiers: {name!r}')
        if keyword.iskeyword(name):
            raise TypeError(f'Field names must not be keywords: {name!r}')
        if name in seen:
            raise TypeError(f'Field name duplicated: {name!r}')
        seen.add(name)
        annotations[name] = tp

    def exec_body_callback(ns):
        ns.update(namespace)
        ns.update(defaults)
        ns['__annotations__'] = annotations

    cls = types.new_class(cls_name, bases, {}, exec_body_callback)
    if '__module__' not in namespace:
        cls.__module__ = 'types'
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash, frozen=frozen,
                     match_args=match_args, kw_only=kw_only, slots=slots, weakref_slot=weakref_slot)


def replace(obj, /, **changes):
    """Return a new object replacing specified fields with new values."""
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in getattr(obj, _FIELDS).values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError(f'field {f.name} is declared with '
                                 'init=False, it cannot be specified with '
                                 'replace()')
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError(f"InitVar {f.name!r} must be specified with replace()")
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
