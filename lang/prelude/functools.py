# functools.py: Python's functools, written for cgrad after CPython 3.11's
# behaviour: partial and partialmethod, reduce, wraps and update_wrapper,
# lru_cache and cache, cached_property, total_ordering, cmp_to_key,
# singledispatch and singledispatchmethod, recursive_repr.
# Not the real thing: RLock is _thread's where that module has one, else a
# function that makes threading's.
from abc import get_cache_token
from collections import namedtuple
from types import GenericAlias

try:
    from _thread import RLock
except ImportError:
    def RLock(*args, **kwargs):
        """A reentrant lock: threading's, looked up when first made
        (threading imports this module)."""
        import threading
        return threading.RLock(*args, **kwargs)

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES', 'total_ordering',
           'cache', 'cmp_to_key', 'lru_cache', 'reduce', 'partial', 'partialmethod',
           'singledispatch', 'singledispatchmethod', 'cached_property']

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__')
WRAPPER_UPDATES = ('__dict__',)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Update a wrapper function to look like the wrapped function."""
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
    # set last, so that a __wrapped__ copied from wrapped's __dict__ is replaced
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Decorator factory to apply update_wrapper() to a wrapper function."""
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


_initial_missing = object()


def reduce(function, sequence, initial=_initial_missing):
    """reduce(function, iterable[, initial]) -> value

    Apply a function of two arguments cumulatively to the items of a sequence
    or iterable, from left to right, so as to reduce the iterable to a single
    value.  For example, reduce(lambda x, y: x+y, [1, 2, 3, 4, 5]) calculates
    ((((1+2)+3)+4)+5).  If initial is present, it is placed before the items
    of the iterable in the calculation, and serves as a default when the
    iterable is empty.
    """
    it = iter(sequence)
    if initial is _initial_missing:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError("reduce() of empty iterable with no initial value") from None
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


class partial:
    """New function with partial application of the given arguments
    and keywords.
    """

    def __init__(self, func, *args, **keywords):
        if not callable(func):
            raise TypeError("the first argument must be callable")
        if isinstance(func, partial):
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend(f"{k}={v!r}" for (k, v) in self.keywords.items())
        return f"functools.partial({', '.join(parts)})"


_CacheInfo = namedtuple('CacheInfo', ['hits', 'misses', 'maxsize', 'currsize'])


def _make_key(args, kwds, typed):
    key = args
    if kwds:
        key += (_kwd_mark,)
        for item in kwds.items():
            key += item
    if typed:
        key += tuple(type(v) for v in args)
        if kwds:
            key += tuple(type(v) for v in kwds.values())
    elif len(key) == 1 and type(key[0]) in {int, str}:
        return key[0]
    return key


_kwd_mark = (object(),)


class _LruCacheWrapper:
    """What lru_cache returns: calls user_function once per distinct
    arguments, keeping the maxsize most recently used results."""

    def __init__(self, user_function, maxsize, typed):
        self.__wrapped__ = user_function
        self._maxsize = maxsize
        self._typed = typed
        self._cache = {}
        self._hits = self._misses = 0
        update_wrapper(self, user_function)

    def __call__(self, *args, **kwds):
        key = _make_key(args, kwds, self._typed)
        cache = self._cache
        if key in cache:
            self._hits += 1
            result = cache.pop(key)
            cache[key] = result  # most recently used last
            return result
        self._misses += 1
        result = self.__wrapped__(*args, **kwds)
        if self._maxsize != 0:
            if key in cache:  # filled by a recursive call meanwhile
                cache.pop(key)
            elif self._maxsize is not None and len(cache) >= self._maxsize:
                del cache[next(iter(cache))]
            cache[key] = result
        return result

    def cache_info(self):
        """Report cache statistics"""
        return _CacheInfo(self._hits, self._misses, self._maxsize, len(self._cache))

    def cache_clear(self):
        """Clear the cache and cache statistics"""
        self._cache.clear()
        self._hits = self._misses = 0

    def cache_parameters(self):
        return {'maxsize': self._maxsize, 'typed': self._typed}

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return partial(self, obj)

    def __repr__(self):
        return "<functools._lru_cache_wrapper object at {}>".format(hex(id(self)))


def lru_cache(maxsize=128, typed=False):
    """Least-recently-used cache decorator.

    If *maxsize* is set to None, the LRU features are disabled and the cache
    can grow without bound.

    If *typed* is True, arguments of different types will be cached separately.
    For example, f(3.0) and f(3) will be treated as distinct calls with
    distinct results.

    View the cache statistics named tuple (hits, misses, maxsize, currsize)
    with f.cache_info().  Clear the cache and statistics with f.cache_clear().
    Access the underlying function with f.__wrapped__.
    """
    if isinstance(maxsize, int) and not isinstance(maxsize, bool):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        # The user_function was passed in directly via the maxsize argument
        return _LruCacheWrapper(maxsize, 128, typed)
    elif maxsize is not None:
        raise TypeError('Expected first argument to be an integer, a callable, or None')

    def decorating_function(user_function):
        return _LruCacheWrapper(user_function, maxsize, typed)

    return decorating_function


def cache(user_function):
    'Simple lightweight unbounded cache.  Sometimes called "memoize".'
    return lru_cache(maxsize=None)(user_function)


class cached_property:
    """A property computed once per instance, then kept in its __dict__."""

    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError(
                "Cannot assign the same cached_property to two different names "
                f"({self.attrname!r} and {name!r})."
            )

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError(
                "Cannot use cached_property instance without calling __set_name__ on it.")
        cache = instance.__dict__
        if self.attrname in cache:
            return cache[self.attrname]
        val = self.func(instance)
        cache[self.attrname] = val
        return val


_CONVERT = {
    '__lt__': [('__gt__', lambda self, other: not (self < other or self == other)),
               ('__le__', lambda self, other: self < other or self == other),
               ('__ge__', lambda self, other: not self < other)],
    '__le__': [('__ge__', lambda self, other: not self <= other or self == other),
               ('__lt__', lambda self, other: self <= other and not self == other),
               ('__gt__', lambda self, other: not self <= other)],
    '__gt__': [('__lt__', lambda self, other: not (self > other or self == other)),
               ('__ge__', lambda self, other: self > other or self == other),
               ('__le__', lambda self, other: not self > other)],
    '__ge__': [('__le__', lambda self, other: (not self >= other) or self == other),
               ('__gt__', lambda self, other: self >= other and not self == other),
               ('__lt__', lambda self, other: not self >= other)],
}


def total_ordering(cls):
    """Class decorator that fills in missing ordering methods"""
    roots = {op for op in _CONVERT if op in cls.__dict__}
    if not roots:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = max(roots)  # prefer __lt__ to __le__ to __gt__ to __ge__
    for opname, opfunc in _CONVERT[root]:
        if opname not in roots:
            opfunc.__name__ = opname
            setattr(cls, opname, opfunc)
    return cls


def cmp_to_key(mycmp):
    """Convert a cmp= function into a key= function"""

    class K:
        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None

    return K


# ---- partialmethod ------------------------------------------------------------

class partialmethod:
    """Method descriptor with partial application of the given arguments
    and keywords: a partial that binds like the function it wraps."""

    def __init__(self, func, /, *args, **keywords):
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError('{!r} is not callable or a descriptor'.format(func))
        if isinstance(func, partialmethod):
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self.func = func
        self.args = args
        self.keywords = keywords

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend('{}={!r}'.format(k, v) for k, v in self.keywords.items())
        return '{}.{}({})'.format(type(self).__module__, type(self).__qualname__, ', '.join(parts))

    def _unbound(self):
        pm = self

        def _method(cls_or_self, /, *args, **keywords):
            return pm.func(cls_or_self, *pm.args, *args, **{**pm.keywords, **keywords})
        _method.__isabstractmethod__ = self.__isabstractmethod__
        _method._partialmethod = self
        return _method

    def __get__(self, obj, cls=None):
        get = getattr(self.func, '__get__', None)
        if get is not None:
            bound = get(obj, cls)
            if bound is not self.func:
                result = partial(bound, *self.args, **self.keywords)
                try:
                    result.__self__ = bound.__self__
                except AttributeError:
                    pass
                return result
        return self._unbound().__get__(obj, cls)

    @property
    def __isabstractmethod__(self):
        return getattr(self.func, '__isabstractmethod__', False)

    __class_getitem__ = classmethod(GenericAlias)


# ---- recursive_repr -----------------------------------------------------------

def recursive_repr(fillvalue='...'):
    """Decorator to make a repr function return fillvalue for a recursive call"""

    def decorating_function(user_function):
        running = set()

        def wrapper(self):
            key = id(self)
            if key in running:
                return fillvalue
            running.add(key)
            try:
                return user_function(self)
            finally:
                running.discard(key)

        for attr in ('__module__', '__doc__', '__name__', '__qualname__'):
            try:
                setattr(wrapper, attr, getattr(user_function, attr))
            except AttributeError:
                pass
        return wrapper

    return decorating_function


# ---- singledispatch -------------------------------------------------------------

def _is_union(cls):
    import typing
    return typing.get_origin(cls) in (typing.Union, _union_type())


def _union_type():
    try:
        import types
        return types.UnionType
    except AttributeError:
        return None


def _is_valid_dispatch_type(cls):
    if isinstance(cls, type):
        return True
    if _is_union(cls):
        import typing
        return all(isinstance(arg, type) for arg in typing.get_args(cls))
    return False


def _find_impl(cls, registry):
    """The implementation for cls: the first class of its MRO with one;
    a registered ABC counts where cls is its subclass, at the place of the
    most derived class of the MRO that is a subclass of it too."""
    mro = getattr(cls, '__mro__', (cls, object))
    candidates = []
    for t in registry:
        if t in mro:
            candidates.append((mro.index(t), t))
        elif isinstance(t, type) and issubclass(cls, t):
            # an ABC (or a virtual base): ranks with the last MRO class still its subclass
            rank = max(i for i, base in enumerate(mro) if issubclass(base, t)) if t is not object else len(mro)
            candidates.append((rank + 0.5, t))
    if not candidates:
        return None
    candidates.sort(key=lambda c: c[0])
    best = candidates[0]
    for other in candidates[1:]:
        if other[0] == best[0] and not issubclass(best[1], other[1]) and not issubclass(other[1], best[1]):
            raise RuntimeError('Ambiguous dispatch: {} or {}'.format(best[1], other[1]))
    return registry[best[1]]


def singledispatch(func):
    """Single-dispatch generic function decorator: the implementation is
    chosen by the type of the first argument, over its MRO."""
    import types
    registry = {}
    cache = {}
    token = [None]

    def dispatch(cls):
        if token[0] is not None and token[0] != get_cache_token():
            cache.clear()
            token[0] = get_cache_token()
        try:
            return cache[cls]
        except KeyError:
            pass
        except TypeError:
            return _find_impl(cls, registry)
        impl = _find_impl(cls, registry)
        cache[cls] = impl
        return impl

    def register(cls, func=None):
        if _is_valid_dispatch_type(cls):
            if func is None:
                return lambda f: register(cls, f)
        else:
            if func is not None:
                raise TypeError(
                    f"Invalid first argument to `register()`. {cls!r} is not a class or union type.")
            ann = getattr(cls, '__annotations__', {})
            if not ann:
                raise TypeError(
                    f"Invalid first argument to `register()`: {cls!r}. "
                    f"Use either `@register(some_class)` or plain `@register` "
                    f"on an annotated function.")
            func = cls
            from typing import get_type_hints
            argname, cls = next(iter(get_type_hints(func).items()))
            if not _is_valid_dispatch_type(cls):
                if _is_union(cls):
                    raise TypeError(f"Invalid annotation for {argname!r}. {cls!r} not all arguments are classes.")
                raise TypeError(f"Invalid annotation for {argname!r}. {cls!r} is not a class.")
        if _is_union(cls):
            import typing
            for arg in typing.get_args(cls):
                registry[arg] = func
        else:
            registry[cls] = func
        if token[0] is None and hasattr(cls, '__abstractmethods__'):
            token[0] = get_cache_token()
        cache.clear()
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(f'{funcname} requires at least 1 positional argument')
        return dispatch(args[0].__class__)(*args, **kw)

    funcname = getattr(func, '__name__', 'singledispatch function')
    registry[object] = func
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = types.MappingProxyType(registry)
    wrapper._clear_cache = cache.clear
    update_wrapper(wrapper, func)
    return wrapper


class singledispatchmethod:
    """Single-dispatch generic method descriptor: dispatches on the type
    of the first argument after self (or cls)."""

    def __init__(self, func):
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError(f'{func!r} is not callable or a descriptor')
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        return self.dispatcher.register(cls, func=method)

    def __get__(self, obj, cls=None):
        def _method(*args, **kwargs):
            method = self.dispatcher.dispatch(args[0].__class__)
            return method.__get__(obj, cls)(*args, **kwargs)

        _method.__isabstractmethod__ = self.__isabstractmethod__
        _method.register = self.register
        update_wrapper(_method, self.func)
        return _method

    @property
    def __isabstractmethod__(self):
        return getattr(self.func, '__isabstractmethod__', False)
