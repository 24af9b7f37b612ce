# dataclasses.py: Python's @dataclass, after CPython 3.11's
# Lib/dataclasses.py: fields from the class's annotations (and its
# dataclass bases'), field() with default and default_factory, the
# generated __init__ (with __post_init__), __repr__, __eq__, the order
# methods, frozen instances and __hash__; fields, asdict, astuple,
# replace, is_dataclass.
# Not the real thing: CPython writes __init__'s source and execs it; here
# one generic __init__ binds the arguments to the fields, with Python's
# error messages. InitVar, ClassVar, KW_ONLY and slots are not here.
import copy


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    def __repr__(self):
        return 'MISSING'


MISSING = _MISSING_TYPE()


class Field:
    """One field of a dataclass, as fields() lists them."""

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only

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
                '_field_type=_FIELD)')


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    """Return an object to identify dataclass fields."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _own_fields(cls, kw_only):
    fields = []
    for name, type_ in cls.__dict__.get('__annotations__', {}).items():
        default = cls.__dict__.get(name, MISSING)
        f = default if isinstance(default, Field) else field(default=default)
        f.name = name
        f.type = type_
        if f.kw_only is MISSING:
            f.kw_only = kw_only
        if isinstance(f.default, (list, dict, set)):
            raise ValueError(f'mutable default {type(f.default)} for field '
                             f'{f.name} is not allowed: use default_factory')
        # the class attribute is the default itself, or nothing
        if isinstance(default, Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        fields.append(f)
    return fields


def _all_fields(cls, kw_only):
    fields = {}
    base = cls.__base__
    if base is not None and hasattr(base, '__dataclass_fields__'):
        fields.update(base.__dataclass_fields__)
    for f in _own_fields(cls, kw_only):
        fields[f.name] = f
    return fields


def _check_defaults(fields):
    seen_default = False
    for f in fields:
        if not f.init or f.kw_only:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f'non-default argument {f.name!r} follows default argument')


def _init_for(cls_name, fields, frozen):
    positional = [f for f in fields if f.init and not f.kw_only]
    keyword_only = [f for f in fields if f.init and f.kw_only]
    params = positional + keyword_only
    names = [f.name for f in params]

    def __init__(self, *args, **kwargs):
        if len(args) > len(positional):
            takes = len(positional) + 1
            least = 1 + len([f for f in positional if f.default is MISSING and f.default_factory is MISSING])
            if least < takes:
                takes = f'from {least} to {takes}'
            raise TypeError(f'{cls_name}.__init__() takes {takes} positional arguments '
                            f'but {len(args) + 1} were given')
        values = {}
        for f, value in zip(positional, args):
            values[f.name] = value
        for name, value in kwargs.items():
            if name not in names:
                raise TypeError(f"{cls_name}.__init__() got an unexpected keyword argument '{name}'")
            if name in values:
                raise TypeError(f"{cls_name}.__init__() got multiple values for argument '{name}'")
            values[name] = value
        missing = [f.name for f in positional if f.name not in values and
                   f.default is MISSING and f.default_factory is MISSING]
        if missing:
            _raise_missing(cls_name, missing, 'positional')
        missing = [f.name for f in keyword_only if f.name not in values and
                   f.default is MISSING and f.default_factory is MISSING]
        if missing:
            _raise_missing(cls_name, missing, 'keyword-only')
        for f in fields:
            if f.name in values:
                value = values[f.name]
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            elif f.default is not MISSING:
                value = f.default
            else:
                continue  # init=False without a default: left unset
            if frozen:
                object.__setattr__(self, f.name, value)
            else:
                setattr(self, f.name, value)
        post_init = getattr(self, '__post_init__', None)
        if post_init is not None:
            post_init()

    return __init__


def _raise_missing(cls_name, missing, kind):
    quoted = [repr(m) for m in missing]
    if len(quoted) == 1:
        listed = quoted[0]
    elif len(quoted) == 2:
        listed = quoted[0] + ' and ' + quoted[1]
    else:
        listed = ', '.join(quoted[:-1]) + ', and ' + quoted[-1]
    plural = 's' if len(missing) > 1 else ''
    raise TypeError(f'{cls_name}.__init__() missing {len(missing)} required {kind} argument{plural}: {listed}')


def _values(obj, fields):
    return tuple(getattr(obj, f.name) for f in fields)


def _process_class(cls, init, repr_, eq, order, unsafe_hash, frozen, kw_only):
    all_fields = _all_fields(cls, kw_only)
    fields = list(all_fields.values())
    _check_defaults(fields)
    cls.__dataclass_fields__ = all_fields
    own = cls.__dict__
    if init:
        cls.__init__ = _init_for(cls.__name__, fields, frozen)
    if repr_ and '__repr__' not in own:
        shown = [f for f in fields if f.repr]

        def __repr__(self):
            parts = ', '.join(f'{f.name}={getattr(self, f.name)!r}' for f in shown)
            return f'{type(self).__qualname__}({parts})'
        cls.__repr__ = __repr__
    compared = [f for f in fields if f.compare]
    if eq and '__eq__' not in own:
        def __eq__(self, other):
            if other.__class__ is self.__class__:
                return _values(self, compared) == _values(other, compared)
            return NotImplemented
        cls.__eq__ = __eq__
    if order:
        _add_order(cls, compared)
    if frozen:
        def __setattr__(self, name, value):
            # type(self) is cls, asked without keeping cls in a closure
            # (a cycle the language cannot collect yet)
            if type(self).__dict__.get('__dataclass_fields__') is all_fields or name in all_fields:
                raise FrozenInstanceError(f'cannot assign to field {name!r}')
            object.__setattr__(self, name, value)

        def __delattr__(self, name):
            raise FrozenInstanceError(f'cannot delete field {name!r}')
        cls.__setattr__ = __setattr__
        cls.__delattr__ = __delattr__
    hashed = [f for f in fields if (f.compare if f.hash is None else f.hash)]
    if unsafe_hash or (eq and frozen):
        cls.__hash__ = lambda self: hash(_values(self, hashed))
    elif eq and '__hash__' not in own:
        cls.__hash__ = None
    cls.__match_args__ = tuple(f.name for f in fields if f.init and not f.kw_only)
    return cls


def _add_order(cls, compared):
    def check(self, other, op):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return op(_values(self, compared), _values(other, compared))
    for name, op in [('__lt__', lambda a, b: a < b), ('__le__', lambda a, b: a <= b),
                     ('__gt__', lambda a, b: a > b), ('__ge__', lambda a, b: a >= b)]:
        if name in cls.__dict__:
            raise TypeError(f'Cannot overwrite attribute {name} in class {cls.__name__}. '
                            f'Consider using functools.total_ordering')
        setattr(cls, name, (lambda op: lambda self, other: check(self, other, op))(op))


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True,
              kw_only=False, slots=False, weakref_slot=False):
    """Add dunder methods based on the fields defined in the class.

    Examines PEP 526 __annotations__ to determine fields.
    """
    if order and not eq:
        raise ValueError('eq must be true if order is true')

    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, kw_only)

    if cls is None:
        return wrap
    return wrap(cls)


def is_dataclass(obj):
    """Returns True if obj is a dataclass or an instance of a
    dataclass."""
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, '__dataclass_fields__')


def fields(class_or_instance):
    """Return a tuple describing the fields of this dataclass."""
    try:
        fs = class_or_instance.__dataclass_fields__
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(fs.values())


def _is_dataclass_instance(obj):
    return hasattr(type(obj), '__dataclass_fields__')


def asdict(obj, *, dict_factory=dict):
    """Return the fields of a dataclass instance as a new dictionary mapping
    field names to field values, recursing into dataclasses, lists, tuples
    and dicts."""
    if not _is_dataclass_instance(obj):
        raise TypeError("asdict() should be called on dataclass instances")
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
        raise TypeError("astuple() should be called on dataclass instances")
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory) for f in fields(obj)])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory)) for k, v in obj.items())
    return copy.deepcopy(obj)


def replace(obj, /, **changes):
    """Return a new object replacing specified fields with new values."""
    if not _is_dataclass_instance(obj):
        raise TypeError("replace() should be called on dataclass instances")
    for f in fields(obj):
        if not f.init:
            if f.name in changes:
                raise ValueError(f'field {f.name} is declared with '
                                 'init=False, it cannot be specified with '
                                 'replace()')
            continue
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
