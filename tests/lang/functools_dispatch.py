# functools: singledispatch and singledispatchmethod (by type, by
# annotation, over the MRO and ABCs), partialmethod, recursive_repr,
# lru_cache's CacheInfo, RLock, and the error messages.
import collections.abc
import functools
from functools import partial, partialmethod, singledispatch, singledispatchmethod


@singledispatch
def describe(x):
    return 'object ' + repr(x)


@describe.register
def _(x: int):
    return 'int %d' % x


@describe.register(list)
@describe.register(tuple)
def _(x):
    return 'sequence of %d' % len(x)


@describe.register
def _(x: collections.abc.Mapping):
    return 'mapping with %s' % sorted(x)


def describe_float(x):
    return 'float %.1f' % x


describe.register(float, describe_float)


class MyInt(int):
    pass


class MyList(list):
    pass


for v in [1, True, MyInt(5), 2.5, [1, 2], MyList([3]), (1,), {'b': 1, 'a': 2}, 'text', None]:
    print(describe(v))
print(describe.dispatch(bool).__name__, describe.dispatch(str) is describe.__wrapped__, describe.__name__)
print(sorted(t.__name__ for t in describe.registry), describe.registry[float] is describe_float)

for bad in [lambda: describe(), lambda: describe.register(3)]:
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)
try:
    @describe.register
    def _(x):
        pass
except TypeError as e:
    print('TypeError', str(e).split(':')[0])


@singledispatch
def union_fn(x):
    return 'other'


@union_fn.register
def _(x: int | str):
    return 'int or str'


print(union_fn(1), union_fn('a'), union_fn(1.0))


class Formatter:
    def __init__(self, prefix):
        self.prefix = prefix

    @singledispatchmethod
    def fmt(self, arg):
        return self.prefix + 'thing'

    @fmt.register
    def _(self, arg: int):
        return self.prefix + 'int %d' % arg

    @fmt.register(str)
    def _(self, arg):
        return self.prefix + 'str ' + arg

    @singledispatchmethod
    @classmethod
    def make(cls, arg):
        return 'default make'

    @make.register(int)
    @classmethod
    def _(cls, arg):
        return 'make int for ' + cls.__name__


f = Formatter('> ')
print(f.fmt(3), f.fmt('x'), f.fmt(2.0), Formatter.make(1), Formatter.make('a'), f.fmt.__name__)


# partialmethod
class Cell:
    def __init__(self):
        self._alive = False

    def set_state(self, state, note=''):
        self._alive = state
        return note

    set_alive = partialmethod(set_state, True, note='on')
    set_dead = partialmethod(set_state, False)

    @classmethod
    def build(cls, a, b):
        return (cls.__name__, a, b)

    build_one = partialmethod(build, 1)


c = Cell()
print(c.set_alive(), c._alive, c.set_dead(note='off'), c._alive, Cell.build_one(2), c.build_one(3))
print(repr(Cell.__dict__['set_dead']).startswith('functools.partialmethod(<function Cell.set_state at'))
print(type(c.set_alive).__name__, c.set_alive.args, c.set_alive.keywords)


# recursive_repr
class Node:
    def __init__(self):
        self.children = []

    @functools.recursive_repr()
    def __repr__(self):
        return 'Node(%r)' % self.children


class Box:
    def __init__(self):
        self.items = [self]

    @functools.recursive_repr('<loop>')
    def __repr__(self):
        return 'Box(%r)' % self.items


n = Node(); n.children.append(n); n.children.append(Node())
print(n, Box(), Node.__repr__.__name__, Node.__repr__.__qualname__)


# lru_cache's CacheInfo is a namedtuple
@functools.lru_cache(maxsize=2)
def square(x):
    return x * x


for x in [1, 2, 1, 3, 1]:
    square(x)
info = square.cache_info()
print(info, info.hits, info._fields, tuple(info), info == (2, 3, 2, 2), type(info).__name__)
print(partial(max, 3), partial(partial(max, 1), 2, key=abs).args)

lock = functools.RLock()
with lock:
    with lock:
        print('reentered')
print(lock.acquire(), lock.release())
print(functools.get_cache_token() == functools.get_cache_token())
print(sorted(n for n in dir(functools) if not n.startswith('_')))
