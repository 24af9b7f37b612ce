# copyreg.py: the registry pickle and copy consult, as CPython 3.11's
# copyreg: dispatch_table (reduction functions by type), constructor(),
# the helpers reductions name (_reconstructor, __newobj__, __newobj_ex__),
# _slotnames, and the extension-code registry.
#
# Note [object.__reduce_ex__ in copyreg]
# The runtime's object.__reduce_ex__, __reduce__ and __getstate__ call
# _object_reduce_ex, _object_reduce and _object_getstate here (Note
# [object.__reduce_ex__] in runtime/class.c), as CPython's call copyreg:
# _reduce_object gives what CPython's object.__reduce_ex__(protocol)
# gives for an instance whose class does not define its own: for protocol 2 and up the
# __newobj__ form with the state, list items and dict items, below it the
# _reconstructor form; and the reductions of the builtin types that have
# them in CPython (set, frozenset, bytearray, slice, range, ...).
# Not here: the pickling itself (pickle.py and _pickle).


import sys as _sys

__all__ = ["pickle", "constructor",
           "add_extension", "remove_extension", "clear_extension_cache"]

dispatch_table = {}


def pickle(ob_type, pickle_function, constructor_ob=None):
    if not callable(pickle_function):
        raise TypeError("reduction functions must be callable")
    dispatch_table[ob_type] = pickle_function
    if constructor_ob is not None:
        constructor(constructor_ob)


def constructor(object):
    if not callable(object):
        raise TypeError("constructors must be callable")


def pickle_complex(c):
    return complex, (c.real, c.imag)


pickle(complex, pickle_complex, complex)


def pickle_union(obj):
    import functools
    import operator
    return functools.reduce, (operator.or_, obj.__args__)


def _reconstructor(cls, base, state):
    if base is object:
        obj = object.__new__(cls)
    else:
        obj = base.__new__(cls, state)
        if base.__init__ != object.__init__:
            base.__init__(obj, state)
    return obj


_HEAPTYPE = 1 << 9


def _is_builtin_type(t):
    return t.__module__ == 'builtins'


def _reduce_ex(self, proto):
    assert proto < 2
    cls = self.__class__
    for base in cls.__mro__:
        if _is_builtin_type(base):
            break
    else:
        base = object
    if base is object:
        state = None
    else:
        if base is cls:
            raise TypeError(f"cannot pickle {cls.__name__!r} object")
        state = base(self)
    args = (cls, base, state)
    if _overrides(cls, '__getstate__'):
        dict = self.__getstate__()
    else:
        if getattr(cls, "__slots__", None):
            raise TypeError("a class that defines __slots__ without "
                            "defining __getstate__ cannot be pickled")
        dict = getattr(self, '__dict__', None)
    if dict:
        return _reconstructor, args, dict
    return _reconstructor, args


def __newobj__(cls, *args):
    return cls.__new__(cls, *args)


def __newobj_ex__(cls, args, kwargs):
    return cls.__new__(cls, *args, **kwargs)


def _slotnames(cls):
    names = cls.__dict__.get("__slotnames__")
    if names is not None:
        return names
    names = []
    if not hasattr(cls, "__slots__"):
        pass
    else:
        for c in cls.__mro__:
            if "__slots__" in c.__dict__:
                slots = c.__dict__['__slots__']
                if isinstance(slots, str):
                    slots = (slots,)
                for name in slots:
                    if name in ("__dict__", "__weakref__"):
                        continue
                    elif name.startswith('__') and not name.endswith('__'):
                        stripped = c.__name__.lstrip('_')
                        if stripped:
                            names.append('_%s%s' % (stripped, name))
                        else:
                            names.append(name)
                    else:
                        names.append(name)
    try:
        cls.__slotnames__ = names
    except Exception:
        pass
    return names


# ---- object.__reduce_ex__ (Note [object.__reduce_ex__ in copyreg]) ----

def _overrides(cls, name):
    """Whether a class before object in cls's MRO defines name."""
    for k in cls.__mro__:
        if name in k.__dict__:
            return k is not object
    return False


def _default_state(obj, cls, required):
    if _overrides(cls, '__getstate__'):
        return obj.__getstate__()
    if required and _is_builtin_type(cls) and cls is not object:
        raise TypeError(f"cannot pickle {cls.__name__!r} object")
    return _object_getstate(obj)


def _object_getstate(obj):
    """object.__getstate__(): the instance dict (None when empty), with
    the __slots__ values as a second dict when there are some."""
    state = getattr(obj, '__dict__', None)
    if not state:
        state = None
    names = _slotnames(type(obj))
    if names:
        if state:
            # the runtime may keep slot values in the instance dict
            state = {k: v for k, v in state.items() if k not in names} or None
        slots = {}
        for name in names:
            try:
                slots[name] = getattr(obj, name)
            except AttributeError:
                pass
        if slots:
            state = (state, slots)
    return state


def _newargs(obj, cls):
    getnewargs_ex = getattr(cls, '__getnewargs_ex__', None)
    if getnewargs_ex is not None:
        r = getnewargs_ex(obj)
        if not isinstance(r, tuple):
            raise TypeError("__getnewargs_ex__ should return a tuple, "
                            f"not '{type(r).__name__}'")
        if len(r) != 2:
            raise ValueError("__getnewargs_ex__ should return a tuple of "
                             f"length 2, not {len(r)}")
        args, kwargs = r
        if not isinstance(args, tuple):
            raise TypeError("first item of the tuple returned by "
                            "__getnewargs_ex__ must be a tuple, "
                            f"not '{type(args).__name__}'")
        if not isinstance(kwargs, dict):
            raise TypeError("second item of the tuple returned by "
                            "__getnewargs_ex__ must be a dict, "
                            f"not '{type(kwargs).__name__}'")
        return args, kwargs
    getnewargs = getattr(cls, '__getnewargs__', None)
    if getnewargs is not None:
        args = getnewargs(obj)
        if not isinstance(args, tuple):
            raise TypeError("__getnewargs__ should return a tuple, "
                            f"not '{type(args).__name__}'")
        return args, None
    return None, None


def _reduce_newobj(obj, cls):
    args, kwargs = _newargs(obj, cls)
    hasargs = args is not None
    if args is None:
        args = ()
    if not kwargs:
        func, newargs = __newobj__, (cls,) + args
    else:
        func, newargs = __newobj_ex__, (cls, args, kwargs)
    required = not (hasargs or isinstance(obj, (list, dict)))
    state = _default_state(obj, cls, required)
    listitems = iter(obj) if isinstance(obj, list) else None
    dictitems = iter(obj.items()) if isinstance(obj, dict) else None
    return func, newargs, state, listitems, dictitems


def _state_or_none(obj):
    d = getattr(obj, '__dict__', None)
    return dict(d) if d else None


class _Owner:
    def _method(self):
        pass


_MethodType = type(_Owner()._method)


def _reduce_builtin(obj, cls, proto):
    """The reduction of a builtin type's instance that CPython's type
    gives; None for a type without one of its own."""
    if cls is set or cls is frozenset:
        return cls, (list(obj),), None
    if cls is bytearray:
        if proto < 3:
            return cls, (bytes(obj).decode('latin-1'), 'latin-1'), None
        return cls, (bytes(obj),), None
    if cls is slice:
        return cls, (obj.start, obj.stop, obj.step)
    if cls is range:
        return cls, (obj.start, obj.stop, obj.step)
    if cls is type(len):
        owner = getattr(obj, '__self__', None)
        if owner is None or type(owner) is type(_sys):
            return obj.__name__
        return getattr, (owner, obj.__name__)
    if cls is _MethodType:  # a bound method: its name looked up on its object
        return getattr, (obj.__self__, obj.__func__.__name__)
    if obj is ... or obj is NotImplemented:
        return 'Ellipsis' if obj is ... else 'NotImplemented'
    if isinstance(obj, BaseException):
        d = dict(getattr(obj, '__dict__', None) or {})
        if isinstance(obj, OSError):
            # the runtime keeps OSError's fields in the instance dict;
            # CPython's args give them back
            for name in ('errno', 'strerror', 'filename', 'filename2'):
                d.pop(name, None)
        return (cls, obj.args, d) if d else (cls, obj.args)
    if isinstance(obj, (set, frozenset)) and cls.__module__ != 'builtins':
        return cls, (list(obj),), _state_or_none(obj)
    return None


def _reduce_object(obj, proto):
    """CPython's object.__reduce_ex__(proto) for obj (Note
    [object.__reduce_ex__ in copyreg])."""
    cls = type(obj)
    r = _reduce_builtin(obj, cls, proto)
    if r is not None:
        return r
    torch = _sys.modules.get('torch')
    if torch is not None and isinstance(obj, torch.Tensor):
        # PyTorch's Tensor.__reduce_ex__: rebuilt over its storage
        import torch.serialization
        return torch.serialization._reduce_for_pickle(obj)
    if _is_builtin_type(cls) and cls not in (object, list, dict):
        raise TypeError(f"cannot pickle {cls.__name__!r} object")
    if proto >= 2:
        return _reduce_newobj(obj, cls)
    return _reduce_ex(obj, proto)


def _object_reduce_ex(obj, proto):
    """object.__reduce_ex__(proto): a class's own __reduce__ where it has
    one, else object's reduction."""
    if _overrides(type(obj), '__reduce__'):
        return obj.__reduce__()
    return _reduce_object(obj, proto)


def _object_reduce(obj):
    """object.__reduce__()"""
    return _reduce_object(obj, 0)


def _reduce(obj, proto):
    """obj's reduction as pickle and copy take it: __reduce_ex__(proto),
    else __reduce__(). A bound method's own reduction first: its
    attribute lookups reach its function's."""
    if type(obj) is _MethodType:
        return getattr, (obj.__self__, obj.__func__.__name__)
    reduce_ex = getattr(obj, '__reduce_ex__', None)
    if reduce_ex is not None:
        return reduce_ex(proto)
    reduce = getattr(obj, '__reduce__', None)
    if reduce is not None:
        return reduce()
    return _reduce_object(obj, proto)


# ---- the extension registry -------------------------------------------

_extension_registry = {}                # key -> code
_inverted_registry = {}                 # code -> key
_extension_cache = {}                   # code -> object


def add_extension(module, name, code):
    code = int(code)
    if not 1 <= code <= 0x7fffffff:
        raise ValueError("code out of range")
    key = (module, name)
    if (_extension_registry.get(key) == code and
            _inverted_registry.get(code) == key):
        return
    if key in _extension_registry:
        raise ValueError("key %s is already registered with code %s" %
                         (key, _extension_registry[key]))
    if code in _inverted_registry:
        raise ValueError("code %s is already in use for key %s" %
                         (code, _inverted_registry[code]))
    _extension_registry[key] = code
    _inverted_registry[code] = key


def remove_extension(module, name, code):
    key = (module, name)
    if (_extension_registry.get(key) != code or
            _inverted_registry.get(code) != key):
        raise ValueError("key %s is not registered with code %s" %
                         (key, code))
    del _extension_registry[key]
    del _inverted_registry[code]
    if code in _extension_cache:
        del _extension_cache[code]


def clear_extension_cache():
    _extension_cache.clear()
