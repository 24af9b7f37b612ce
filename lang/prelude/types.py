# types.py: names for the types of the interpreter's own objects, and the
# helpers that make classes the way a class statement does
# (new_class, prepare_class, resolve_bases). Written for cgrad.
import sys


def _f():
    pass


FunctionType = type(_f)
LambdaType = type(lambda: None)


class _C:
    def _m(self):
        pass


MethodType = type(_C()._m)
BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)
ModuleType = type(sys)


def _g():
    yield 1


GeneratorType = type(_g())
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)


def _cell():
    x = 1

    def inner():
        return x
    return inner


try:
    CellType = type(_cell().__closure__[0])
except (AttributeError, TypeError):
    CellType = type(_cell())
try:
    CodeType = type(_f.__code__)
except AttributeError:
    CodeType = FunctionType
try:
    raise TypeError
except TypeError as _e:
    TracebackType = type(_e.__traceback__)
    try:
        FrameType = type(_e.__traceback__.tb_frame)
    except AttributeError:
        FrameType = TracebackType
    del _e


async def _c():
    pass


_c = _c()
CoroutineType = type(_c)
_c.close()


async def _ag():
    yield


AsyncGeneratorType = type(_ag())
del _c, _ag

# The descriptor kinds of methods written in C: cgrad has one kind of
# builtin method, so they all name it.
WrapperDescriptorType = type(object.__init__)
MethodWrapperType = type(object().__init__)
MethodDescriptorType = type(str.join)
ClassMethodDescriptorType = type(dict.__dict__["fromkeys"])
GetSetDescriptorType = property
MemberDescriptorType = property
try:
    GenericAlias = type(list[int])
except TypeError:
    GenericAlias = type
try:
    UnionType = type(int | str)
except TypeError:
    UnionType = type


class SimpleNamespace:
    """An object whose attributes are the keyword arguments it was made
    with; its repr lists them."""

    def __init__(self, *args, **kwargs):
        if args:
            raise TypeError("no positional arguments expected")
        self.__dict__.update(kwargs)

    def __repr__(self):
        if getattr(self, "_SimpleNamespace__busy", False):
            return "%s(...)" % ("namespace" if type(self) is SimpleNamespace else type(self).__name__)
        self.__dict__["_SimpleNamespace__busy"] = True
        try:
            items = ("%s=%r" % (k, v) for k, v in self.__dict__.items() if k != "_SimpleNamespace__busy")
            name = "namespace" if type(self) is SimpleNamespace else type(self).__name__
            return "%s(%s)" % (name, ", ".join(items))
        finally:
            del self.__dict__["_SimpleNamespace__busy"]

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    __hash__ = None


class MappingProxyType:
    """A read-only view of a mapping: reads go to it, writes are refused."""

    def __init__(self, mapping):
        if not hasattr(mapping, "keys") or not hasattr(mapping, "__getitem__"):
            raise TypeError("mappingproxy() argument must be a mapping, not %s" % type(mapping).__name__)
        self._mapping = mapping

    def __getitem__(self, key):
        return self._mapping[key]

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __eq__(self, other):
        return self._mapping == other

    def __or__(self, other):
        return dict(self._mapping) | other

    def __ror__(self, other):
        return other | dict(self._mapping)

    def __reversed__(self):
        return reversed(list(self._mapping))

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return self._mapping.copy()

    def __repr__(self):
        return "mappingproxy(%r)" % (self._mapping,)

    def __str__(self):
        return str(self._mapping)

    def __setitem__(self, key, value):
        raise TypeError("'mappingproxy' object does not support item assignment")

    def __delitem__(self, key):
        raise TypeError("'mappingproxy' object does not support item deletion")


def resolve_bases(bases):
    """bases with each non-class that has __mro_entries__ replaced by what
    it answers (PEP 560)."""
    new_bases = list(bases)
    changed = False
    shift = 0
    for i, base in enumerate(bases):
        if isinstance(base, type):
            continue
        if not hasattr(base, "__mro_entries__"):
            continue
        new_base = base.__mro_entries__(bases)
        changed = True
        if not isinstance(new_base, tuple):
            raise TypeError("__mro_entries__ must return a tuple")
        new_bases[i + shift:i + shift + 1] = new_base
        shift += len(new_base) - 1
    if not changed:
        return bases
    return tuple(new_bases)


def _calculate_meta(meta, bases):
    winner = meta
    for base in bases:
        base_meta = type(base)
        if issubclass(winner, base_meta):
            continue
        if issubclass(base_meta, winner):
            winner = base_meta
            continue
        raise TypeError("metaclass conflict: the metaclass of a derived class must be a (non-strict) "
                        "subclass of the metaclasses of all its bases")
    return winner


def prepare_class(name, bases=(), kwds=None):
    """The first steps of a class statement: (metaclass, namespace,
    keywords left for the metaclass)."""
    kwds = {} if kwds is None else dict(kwds)
    if "metaclass" in kwds:
        meta = kwds.pop("metaclass")
    else:
        meta = type(bases[0]) if bases else type
    if isinstance(meta, type):
        meta = _calculate_meta(meta, bases)
    if hasattr(meta, "__prepare__"):
        ns = meta.__prepare__(name, bases, **kwds)
    else:
        ns = {}
    return meta, ns, kwds


def new_class(name, bases=(), kwds=None, exec_body=None):
    """Makes a class as a class statement would: exec_body(ns) fills the
    namespace."""
    resolved = resolve_bases(bases)
    meta, ns, kwds = prepare_class(name, resolved, kwds)
    if exec_body is not None:
        exec_body(ns)
    if resolved is not bases:
        ns["__orig_bases__"] = bases
    return meta(name, resolved, ns, **kwds)


class _GeneratorWrapper:
    """What a generator function made by types.coroutine returns: the
    generator, awaitable (its __await__ is the generator itself)."""

    def __init__(self, gen):
        self.__wrapped = gen
        self.__name__ = getattr(gen, '__name__', None)
        self.__qualname__ = getattr(gen, '__qualname__', None)

    def send(self, val):
        return self.__wrapped.send(val)

    def throw(self, tp, *rest):
        return self.__wrapped.throw(tp, *rest)

    def close(self):
        return self.__wrapped.close()

    @property
    def gi_code(self):
        return self.__wrapped.gi_code

    @property
    def gi_frame(self):
        return self.__wrapped.gi_frame

    @property
    def gi_running(self):
        return self.__wrapped.gi_running

    @property
    def gi_yieldfrom(self):
        return self.__wrapped.gi_yieldfrom

    cr_code = gi_code
    cr_frame = gi_frame
    cr_running = gi_running
    cr_await = gi_yieldfrom

    def __next__(self):
        return next(self.__wrapped)

    def __iter__(self):
        return self.__wrapped

    __await__ = __iter__


def coroutine(func):
    """Makes a generator function usable with `await`: its generators
    become awaitable."""
    if not callable(func):
        raise TypeError("types.coroutine() expects a callable")
    import functools
    import inspect
    if inspect.iscoroutinefunction(func):
        return func

    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        coro = func(*args, **kwargs)
        if type(coro).__name__ == 'coroutine' or isinstance(coro, GeneratorType) or not hasattr(coro, '__next__'):
            return _GeneratorWrapper(coro) if isinstance(coro, GeneratorType) else coro
        return _GeneratorWrapper(coro)

    return wrapped


class DynamicClassAttribute:
    """An attribute that reads through the instance, and through the
    class's __getattr__ when read from the class (a property written in
    Python, since cgrad's property cannot be subclassed)."""

    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        self.fget = fget
        self.fset = fset
        self.fdel = fdel
        self.__doc__ = doc or getattr(fget, "__doc__", None)
        self.__isabstractmethod__ = bool(getattr(fget, "__isabstractmethod__", False))

    def __get__(self, instance, ownerclass=None):
        if instance is None:
            if self.__isabstractmethod__:
                return self
            raise AttributeError()
        if self.fget is None:
            raise AttributeError("unreadable attribute")
        return self.fget(instance)

    def __set__(self, instance, value):
        if self.fset is None:
            raise AttributeError("can't set attribute")
        self.fset(instance, value)

    def __delete__(self, instance):
        if self.fdel is None:
            raise AttributeError("can't delete attribute")
        self.fdel(instance)

    def getter(self, fget):
        return type(self)(fget, self.fset, self.fdel, self.__doc__)

    def setter(self, fset):
        return type(self)(self.fget, fset, self.fdel, self.__doc__)

    def deleter(self, fdel):
        return type(self)(self.fget, self.fset, fdel, self.__doc__)


del sys, _f, _C, _g, _cell
