# collections.abc: the abstract base classes of containers, written for
# cgrad over abc.ABCMeta. The one-method ABCs (Hashable, Iterable, Sized,
# ...) recognise any class that defines their method; the builtin types
# are registered where CPython has them.
from abc import ABCMeta, abstractmethod
import sys

__all__ = ["Awaitable", "Coroutine", "AsyncIterable", "AsyncIterator", "AsyncGenerator",
           "Hashable", "Iterable", "Iterator", "Generator", "Reversible", "Sized", "Container",
           "Callable", "Collection", "Set", "MutableSet", "Mapping", "MutableMapping",
           "MappingView", "KeysView", "ItemsView", "ValuesView", "Sequence", "MutableSequence",
           "ByteString"]


def _check_methods(C, *methods):
    """True when C's classes define each method (None for one: not
    this ABC); NotImplemented otherwise. A type written in C keeps its
    special methods in slots, not in its dict: hasattr finds those (but
    __call__, which every class has through type)."""
    mro = C.__mro__
    for method in methods:
        for B in mro:
            if method in B.__dict__:
                if B.__dict__[method] is None:
                    return NotImplemented
                break
        else:
            if method == "__call__" or not hasattr(C, method):
                return NotImplemented
    return True


def _subclasshook(name, *methods):
    """The __subclasshook__ of the one-trick ABC name: a class whose MRO
    defines each of methods is its virtual subclass (_check_methods). A
    subclass of the ABC that does not restate the hook leaves the decision
    to ABCMeta, as CPython's hooks do by testing `cls is ABC`."""
    def __subclasshook__(cls, C):
        if cls.__dict__.get("__subclasshook__") is hook:
            return _check_methods(C, *methods)
        return NotImplemented

    __subclasshook__.__qualname__ = name + ".__subclasshook__"
    hook = classmethod(__subclasshook__)
    return hook


class Hashable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __hash__(self):
        return 0

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Hashable:
            for B in C.__mro__:
                if "__hash__" in B.__dict__:
                    return NotImplemented if B.__dict__["__hash__"] is None else True
            return True if getattr(C, "__hash__", None) is not None else NotImplemented
        return NotImplemented


class Awaitable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __await__(self):
        yield

    __subclasshook__ = _subclasshook("Awaitable", "__await__")


class Coroutine(Awaitable):
    __slots__ = ()

    @abstractmethod
    def send(self, value):
        raise StopIteration

    @abstractmethod
    def throw(self, typ, val=None, tb=None):
        raise typ if val is None else val

    def close(self):
        pass

    __subclasshook__ = _subclasshook("Coroutine", "__await__", "send", "throw", "close")


class AsyncIterable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __aiter__(self):
        return AsyncIterator()

    __subclasshook__ = _subclasshook("AsyncIterable", "__aiter__")


class AsyncIterator(AsyncIterable):
    __slots__ = ()

    @abstractmethod
    def __anext__(self):
        raise StopAsyncIteration

    def __aiter__(self):
        return self

    __subclasshook__ = _subclasshook("AsyncIterator", "__anext__", "__aiter__")


class AsyncGenerator(AsyncIterator):
    __slots__ = ()

    @abstractmethod
    def asend(self, value):
        raise StopAsyncIteration

    @abstractmethod
    def athrow(self, typ, val=None, tb=None):
        raise typ if val is None else val

    __subclasshook__ = _subclasshook("AsyncGenerator", "__aiter__", "__anext__", "asend", "athrow", "aclose")


class Iterable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __iter__(self):
        while False:
            yield None

    __subclasshook__ = _subclasshook("Iterable", "__iter__")


class Iterator(Iterable):
    __slots__ = ()

    @abstractmethod
    def __next__(self):
        raise StopIteration

    def __iter__(self):
        return self

    __subclasshook__ = _subclasshook("Iterator", "__iter__", "__next__")


class Reversible(Iterable):
    __slots__ = ()

    @abstractmethod
    def __reversed__(self):
        while False:
            yield None

    __subclasshook__ = _subclasshook("Reversible", "__reversed__", "__iter__")


class Generator(Iterator):
    __slots__ = ()

    def __next__(self):
        return self.send(None)

    @abstractmethod
    def send(self, value):
        raise StopIteration

    @abstractmethod
    def throw(self, typ, val=None, tb=None):
        raise typ if val is None else val

    def close(self):
        try:
            self.throw(GeneratorExit)
        except (GeneratorExit, StopIteration):
            pass
        else:
            raise RuntimeError("generator ignored GeneratorExit")

    __subclasshook__ = _subclasshook("Generator", "__iter__", "__next__", "send", "throw", "close")


class Sized(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __len__(self):
        return 0

    __subclasshook__ = _subclasshook("Sized", "__len__")


class Container(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __contains__(self, x):
        return False

    __subclasshook__ = _subclasshook("Container", "__contains__")


class Collection(Sized, Iterable, Container):
    __slots__ = ()

    __subclasshook__ = _subclasshook("Collection", "__len__", "__iter__", "__contains__")


class Callable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __call__(self, *args, **kwds):
        return False

    __subclasshook__ = _subclasshook("Callable", "__call__")


def _within(a, b):
    """a <= b for Sets: every element of a is in b."""
    if len(a) > len(b):
        return False
    for elem in a:
        if elem not in b:
            return False
    return True


def _as_set(s, other):
    """other as a Set for s - other, s ^ other (made by s._from_iterable
    from any iterable); NotImplemented for what is not iterable."""
    if isinstance(other, Set):
        return other
    if not isinstance(other, Iterable):
        return NotImplemented
    return s._from_iterable(other)


class Set(Collection):
    """A finite, iterable container without duplicates: the comparisons
    and the &, |, -, ^ of sets, from __contains__, __iter__ and __len__."""
    __slots__ = ()

    def __le__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return _within(self, other)

    def __lt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) < len(other) and self.__le__(other)

    def __gt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) > len(other) and self.__ge__(other)

    def __ge__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return _within(other, self)

    def __eq__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) == len(other) and self.__le__(other)

    @classmethod
    def _from_iterable(cls, it):
        return cls(it)

    def __and__(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        return self._from_iterable(value for value in other if value in self)

    __rand__ = __and__

    def isdisjoint(self, other):
        for value in other:
            if value in self:
                return False
        return True

    def __or__(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        chain = [e for s in (self, other) for e in s]
        return self._from_iterable(chain)

    __ror__ = __or__

    def __sub__(self, other):
        other = _as_set(self, other)
        if other is NotImplemented:
            return other
        return self._from_iterable(value for value in self if value not in other)

    def __rsub__(self, other):
        other = _as_set(self, other)
        if other is NotImplemented:
            return other
        return self._from_iterable(value for value in other if value not in self)

    def __xor__(self, other):
        other = _as_set(self, other)
        if other is NotImplemented:
            return other
        return (self - other) | (other - self)

    __rxor__ = __xor__

    def _hash(self):
        h = 1927868237 * (len(self) + 1)
        for x in self:
            hx = hash(x)
            h ^= (hx ^ (hx << 16) ^ 89869747) * 3644798167
        h = h * 69069 + 907133923
        return h


class MutableSet(Set):
    """A Set that add() and discard() change; remove, pop, clear and the
    in-place operators follow."""
    __slots__ = ()

    @abstractmethod
    def add(self, value):
        raise NotImplementedError

    @abstractmethod
    def discard(self, value):
        raise NotImplementedError

    def remove(self, value):
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def pop(self):
        it = iter(self)
        try:
            value = next(it)
        except StopIteration:
            raise KeyError from None
        self.discard(value)
        return value

    def clear(self):
        try:
            while True:
                self.pop()
        except KeyError:
            pass

    def __ior__(self, it):
        for value in it:
            self.add(value)
        return self

    def __iand__(self, it):
        for value in (self - it):
            self.discard(value)
        return self

    def __ixor__(self, it):
        if it is self:
            self.clear()
        else:
            if not isinstance(it, Set):
                it = self._from_iterable(it)
            for value in it:
                if value in self:
                    self.discard(value)
                else:
                    self.add(value)
        return self

    def __isub__(self, it):
        if it is self:
            self.clear()
        else:
            for value in it:
                self.discard(value)
        return self


class Mapping(Collection):
    """A read-only mapping: get, keys, items, values, ==, `in`, from
    __getitem__, __iter__ and __len__."""
    __slots__ = ()

    @abstractmethod
    def __getitem__(self, key):
        raise KeyError

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        else:
            return True

    def keys(self):
        return KeysView(self)

    def items(self):
        return ItemsView(self)

    def values(self):
        return ValuesView(self)

    def __eq__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())

    __reversed__ = None


class MappingView(Sized):
    __slots__ = ("_mapping",)

    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)

    def __repr__(self):
        return "{0.__class__.__name__}({0._mapping!r})".format(self)


class KeysView(MappingView, Set):
    __slots__ = ()

    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        yield from self._mapping


class ItemsView(MappingView, Set):
    __slots__ = ()

    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, item):
        key, value = item
        try:
            v = self._mapping[key]
        except KeyError:
            return False
        else:
            return v is value or v == value

    def __iter__(self):
        for key in self._mapping:
            yield (key, self._mapping[key])


class ValuesView(MappingView, Collection):
    __slots__ = ()

    def __contains__(self, value):
        for key in self._mapping:
            v = self._mapping[key]
            if v is value or v == value:
                return True
        return False

    def __iter__(self):
        for key in self._mapping:
            yield self._mapping[key]


class MutableMapping(Mapping):
    """A Mapping that __setitem__ and __delitem__ change; pop, popitem,
    clear, update and setdefault follow."""
    __slots__ = ()

    @abstractmethod
    def __setitem__(self, key, value):
        raise KeyError

    @abstractmethod
    def __delitem__(self, key):
        raise KeyError

    __marker = object()

    def pop(self, key, default=__marker):
        try:
            value = self[key]
        except KeyError:
            if default is self.__marker:
                raise
            return default
        else:
            del self[key]
            return value

    def popitem(self):
        try:
            key = next(iter(self))
        except StopIteration:
            raise KeyError from None
        value = self[key]
        del self[key]
        return key, value

    def clear(self):
        try:
            while True:
                self.popitem()
        except KeyError:
            pass

    def update(self, other=(), /, **kwds):
        if isinstance(other, Mapping):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, "keys"):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


class Sequence(Reversible, Collection):
    """A read-only sequence: `in`, iteration, reversed, index and count,
    from __getitem__ and __len__."""
    __slots__ = ()

    @abstractmethod
    def __getitem__(self, index):
        raise IndexError

    def __iter__(self):
        i = 0
        try:
            while True:
                v = self[i]
                yield v
                i += 1
        except IndexError:
            return

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        for i in reversed(range(len(self))):
            yield self[i]

    def index(self, value, start=0, stop=None):
        if start is not None and start < 0:
            start = max(len(self) + start, 0)
        if stop is not None and stop < 0:
            stop += len(self)
        i = start
        while stop is None or i < stop:
            try:
                v = self[i]
            except IndexError:
                break
            if v is value or v == value:
                return i
            i += 1
        raise ValueError

    def count(self, value):
        return sum(1 for v in self if v is value or v == value)


class ByteString(Sequence):
    """bytes and bytearray (deprecated)."""
    __slots__ = ()


class MutableSequence(Sequence):
    """A Sequence that __setitem__, __delitem__ and insert change; append,
    extend, pop, remove, reverse, clear and += follow."""
    __slots__ = ()

    @abstractmethod
    def __setitem__(self, index, value):
        raise IndexError

    @abstractmethod
    def __delitem__(self, index):
        raise IndexError

    @abstractmethod
    def insert(self, index, value):
        raise IndexError

    def append(self, value):
        self.insert(len(self), value)

    def clear(self):
        try:
            while True:
                self.pop()
        except IndexError:
            pass

    def reverse(self):
        n = len(self)
        for i in range(n // 2):
            self[i], self[n - i - 1] = self[n - i - 1], self[i]

    def extend(self, values):
        if values is self:
            values = list(values)
        for v in values:
            self.append(v)

    def pop(self, index=-1):
        v = self[index]
        del self[index]
        return v

    def remove(self, value):
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


def _register_builtins():
    def _gen():
        yield
    generator = type(_gen())
    for t in (list, tuple, str, range, dict, set, frozenset):
        Iterable.register(t)
    for t in (type(iter([])), type(iter(())), type(iter("")), type(iter(range(0))), type(iter({})),
              type(iter(set())), type(iter({}.values())), type(iter({}.items())), type(zip()),
              type(map(len, ())), type(filter(None, ())), type(enumerate(())), type(reversed([])),
              generator):
        Iterator.register(t)
    Generator.register(generator)
    for t in (list, tuple, str, range, dict, set, frozenset, type({}.keys()), type({}.values()),
              type({}.items())):
        Sized.register(t)
        Container.register(t)
        Iterable.register(t)
    for t in (list, tuple, str, range, dict, type({}.keys()), type({}.values()), type({}.items())):
        Reversible.register(t)
    for t in (type(len), type(lambda: 0), type([].append), type):
        Callable.register(t)
    Sequence.register(tuple)
    Sequence.register(str)
    Sequence.register(range)
    MutableSequence.register(list)
    Set.register(frozenset)
    MutableSet.register(set)
    MutableMapping.register(dict)
    KeysView.register(type({}.keys()))
    ValuesView.register(type({}.values()))
    ItemsView.register(type({}.items()))
    try:
        ByteString.register(bytes)
        Sequence.register(bytes)
    except NameError:  # a build without bytes
        pass
    for t in (int, float, str, tuple, frozenset, range, type(None), bool, type):
        Hashable.register(t)


_register_builtins()
del _register_builtins, sys, ABCMeta, abstractmethod
