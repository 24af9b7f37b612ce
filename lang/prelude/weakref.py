# weakref: references that do not keep their object alive.
#
# ref, getweakrefcount and getweakrefs are _weakref's (runtime/weakref.c);
# this module builds the rest on them: proxies, WeakMethod, the weak
# dictionaries and set, and finalize, with the behaviour CPython 3.11
# documents for them.
import itertools
import sys
from _weakref import ref, ReferenceType, getweakrefcount, getweakrefs

__all__ = ["ref", "proxy", "getweakrefcount", "getweakrefs", "WeakKeyDictionary", "ReferenceType", "ProxyType",
           "CallableProxyType", "ProxyTypes", "WeakValueDictionary", "WeakSet", "WeakMethod", "finalize"]


class ProxyType:
    """A proxy for an object through a weak reference: attribute access and
    operators reach the object while it lives, ReferenceError after."""

    def __init__(self, obj, callback=None):
        if callback is None:
            object.__setattr__(self, "_ProxyType__ref", ref(obj))
        else:
            object.__setattr__(self, "_ProxyType__ref", ref(obj, lambda r: callback(self)))

    def _target(self):
        obj = object.__getattribute__(self, "_ProxyType__ref")()
        if obj is None:
            raise ReferenceError("weakly-referenced object no longer exists")
        return obj

    def __getattr__(self, name):
        return getattr(ProxyType._target(self), name)

    def __setattr__(self, name, value):
        setattr(ProxyType._target(self), name, value)

    def __delattr__(self, name):
        delattr(ProxyType._target(self), name)

    def __repr__(self):
        obj = object.__getattribute__(self, "_ProxyType__ref")()
        return "<weakproxy at %s; to '%s' at %s>" % (hex(id(self)), type(obj).__name__, hex(id(obj)))

    def __str__(self):
        return str(ProxyType._target(self))

    def __bool__(self):
        return bool(ProxyType._target(self))

    def __len__(self):
        return len(ProxyType._target(self))

    def __iter__(self):
        return iter(ProxyType._target(self))

    def __contains__(self, item):
        return item in ProxyType._target(self)

    def __getitem__(self, key):
        return ProxyType._target(self)[key]

    def __setitem__(self, key, value):
        ProxyType._target(self)[key] = value

    def __eq__(self, other):
        return ProxyType._target(self) == other

    def __ne__(self, other):
        return ProxyType._target(self) != other

    def __add__(self, other):
        return ProxyType._target(self) + other

    def __sub__(self, other):
        return ProxyType._target(self) - other

    def __mul__(self, other):
        return ProxyType._target(self) * other

    def __hash__(self):
        raise TypeError("unhashable type: 'weakproxy'")


class CallableProxyType(ProxyType):
    """A proxy for a callable object."""

    def __call__(self, *args, **kwargs):
        return ProxyType._target(self)(*args, **kwargs)


ProxyTypes = (ProxyType, CallableProxyType)


def proxy(obj, callback=None):
    """Create a proxy object that weakly references 'object'."""
    ref(obj)  # the same TypeError for objects that cannot be referenced
    if callable(obj):
        return CallableProxyType(obj, callback)
    return ProxyType(obj, callback)


class WeakMethod:
    """A weak reference to a bound method: it lives as long as both the
    object and the function do, and is called to rebuild the method."""

    def __init__(self, meth, callback=None):
        try:
            obj = meth.__self__
            func = meth.__func__
        except AttributeError:
            raise TypeError("argument should be a bound method, not {}".format(type(meth))) from None
        self_ref = ref(self)

        def died(r):
            me = self_ref()
            if me is not None and me._alive:
                me._alive = False
                if me._callback is not None:
                    me._callback(me)

        self._obj_ref = ref(obj, died)
        self._func_ref = ref(func, died)
        self._callback = callback
        self._alive = True

    def __call__(self):
        obj = self._obj_ref()
        func = self._func_ref()
        if obj is None or func is None:
            return None
        return func.__get__(obj, type(obj))

    def __eq__(self, other):
        if isinstance(other, WeakMethod):
            if not self._alive or not other._alive:
                return self is other
            return self._obj_ref == other._obj_ref and self._func_ref == other._func_ref
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash((self._obj_ref, self._func_ref))


class WeakValueDictionary:
    """Mapping class that references values weakly: an entry goes away when
    its value dies."""

    def __init__(self, other=(), **kwargs):
        self._data = {}
        self.update(other, **kwargs)

    def __getitem__(self, key):
        o = self._data[key].wr()
        if o is None:
            raise KeyError(key)
        return o

    def __setitem__(self, key, value):
        me = ref(self)

        def died(wr):
            d = me()
            if d is not None:
                d._drop(key, wr)

        self._data[key] = _KeyedRef(ref(value, died), key)

    def _drop(self, key, wr):
        kr = self._data.get(key)
        if kr is not None and kr.wr is wr:
            del self._data[key]

    def __delitem__(self, key):
        del self._data[key]

    def __contains__(self, key):
        kr = self._data.get(key)
        return kr is not None and kr.wr() is not None

    def __len__(self):
        return sum(1 for kr in list(self._data.values()) if kr.wr() is not None)

    def __iter__(self):
        return iter(self.keys())

    def __repr__(self):
        return "<%s at %s>" % (type(self).__name__, hex(id(self)))

    def get(self, key, default=None):
        kr = self._data.get(key)
        if kr is None:
            return default
        o = kr.wr()
        return default if o is None else o

    def keys(self):
        return [k for k, kr in list(self._data.items()) if kr.wr() is not None]

    def values(self):
        return [o for o in (kr.wr() for kr in list(self._data.values())) if o is not None]

    def items(self):
        out = []
        for k, kr in list(self._data.items()):
            o = kr.wr()
            if o is not None:
                out.append((k, o))
        return out

    def valuerefs(self):
        return [kr.wr for kr in list(self._data.values())]

    def pop(self, key, *default):
        try:
            o = self._data.pop(key).wr()
        except KeyError:
            if default:
                return default[0]
            raise
        if o is None:
            if default:
                return default[0]
            raise KeyError(key)
        return o

    def setdefault(self, key, default=None):
        o = self.get(key)
        if o is None:
            self[key] = default
            return default
        return o

    def update(self, other=(), **kwargs):
        if hasattr(other, "items"):
            other = other.items()
        for k, v in other:
            self[k] = v
        for k, v in kwargs.items():
            self[k] = v

    def clear(self):
        self._data.clear()

    def copy(self):
        return WeakValueDictionary(self.items())


class _KeyedRef:
    def __init__(self, wr, key):
        self.wr = wr
        self.key = key


KeyedRef = _KeyedRef


class WeakKeyDictionary:
    """Mapping class that references keys weakly: an entry goes away when
    its key dies."""

    def __init__(self, dict=None):
        self._data = {}
        self_ref = ref(self)

        def remove(k):
            me = self_ref()
            if me is not None:
                me._data.pop(k, None)

        self._remove = remove
        if dict is not None:
            self.update(dict)

    def __setitem__(self, key, value):
        self._data[ref(key, self._remove)] = value

    def __getitem__(self, key):
        return self._data[ref(key)]

    def __delitem__(self, key):
        del self._data[ref(key)]

    def __contains__(self, key):
        try:
            wr = ref(key)
        except TypeError:
            return False
        return wr in self._data

    def __len__(self):
        return sum(1 for wr in list(self._data) if wr() is not None)

    def __iter__(self):
        return iter(self.keys())

    def __repr__(self):
        return "<%s at %s>" % (type(self).__name__, hex(id(self)))

    def get(self, key, default=None):
        return self._data.get(ref(key), default)

    def keys(self):
        return [k for k in (wr() for wr in list(self._data)) if k is not None]

    def values(self):
        return [v for wr, v in list(self._data.items()) if wr() is not None]

    def items(self):
        out = []
        for wr, v in list(self._data.items()):
            k = wr()
            if k is not None:
                out.append((k, v))
        return out

    def keyrefs(self):
        return list(self._data)

    def pop(self, key, *default):
        return self._data.pop(ref(key), *default)

    def setdefault(self, key, default=None):
        return self._data.setdefault(ref(key, self._remove), default)

    def update(self, dict=None, **kwargs):
        if dict is not None:
            if hasattr(dict, "items"):
                dict = dict.items()
            for k, v in dict:
                self[k] = v
        if kwargs:
            self.update(kwargs)

    def clear(self):
        self._data.clear()

    def copy(self):
        return WeakKeyDictionary(self.items())


class WeakSet:
    """A set whose elements are referenced weakly."""

    def __init__(self, data=None):
        self.data = set()
        self_ref = ref(self)

        def remove(item):
            me = self_ref()
            if me is not None:
                me.data.discard(item)

        self._remove = remove
        if data is not None:
            self.update(data)

    def __iter__(self):
        for wr in list(self.data):
            item = wr()
            if item is not None:
                yield item

    def __len__(self):
        return sum(1 for wr in list(self.data) if wr() is not None)

    def __contains__(self, item):
        try:
            wr = ref(item)
        except TypeError:
            return False
        return wr in self.data

    def __repr__(self):
        return "{}({!r})".format(type(self).__name__, set(self))

    def add(self, item):
        self.data.add(ref(item, self._remove))

    def discard(self, item):
        self.data.discard(ref(item))

    def remove(self, item):
        self.data.remove(ref(item))

    def pop(self):
        while True:
            wr = self.data.pop()
            item = wr()
            if item is not None:
                return item

    def clear(self):
        self.data.clear()

    def update(self, other):
        for item in other:
            self.add(item)

    def copy(self):
        return WeakSet(self)


class finalize:
    """finalize(obj, func, *args, **kwargs): calls func(*args, **kwargs) once,
    when obj dies, when called, or at exit if atexit is true."""

    _registry = {}

    def __init__(self, obj, func, *args, **kwargs):
        self._key = object()
        info = (func, args, kwargs)
        finalize._registry[self._key] = info
        key = self._key
        self._ref = ref(obj, lambda wr: finalize._run(key))
        self.atexit = True

    @staticmethod
    def _run(key):
        info = finalize._registry.pop(key, None)
        if info is not None:
            func, args, kwargs = info
            return func(*args, **kwargs)

    def __call__(self, _=None):
        return finalize._run(self._key)

    def detach(self):
        obj = self._ref()
        info = finalize._registry.pop(self._key, None)
        if obj is not None and info is not None:
            return (obj, info[0], info[1], info[2])

    def peek(self):
        obj = self._ref()
        info = finalize._registry.get(self._key)
        if obj is not None and info is not None:
            return (obj, info[0], info[1], info[2])

    @property
    def alive(self):
        return self._key in finalize._registry

    def __repr__(self):
        obj = self._ref()
        if obj is None:
            return "<finalize object at %s; dead>" % hex(id(self))
        return "<finalize object at %s; for %r at %s>" % (hex(id(self)), type(obj).__name__, hex(id(obj)))
