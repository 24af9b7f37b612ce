# functools: partial, reduce, wraps, lru_cache, cache, cached_property, total_ordering, cmp_to_key.
import functools
from functools import partial, reduce, wraps, lru_cache, cache, cached_property, total_ordering, cmp_to_key

def power(base, exp=2, *, mod=None):
    "power doc"
    r = base ** exp
    return r % mod if mod else r
sq = partial(power, exp=2)
cube = partial(power, exp=3)
print(sq(5), cube(2), cube(2, mod=5), partial(partial(power, 3), mod=7)(exp=4))
p = partial(power, 2, mod=3)
print(p.func is power, p.args, p.keywords, repr(p).startswith("functools.partial(<function power at"), repr(p).endswith(", 2, mod=3)"))
print(reduce(lambda a, b: a * b, [1, 2, 3, 4]), reduce(lambda a, b: a + b, [], 10), reduce(max, range(5), -1))
try:
    reduce(lambda a, b: a, [])
except TypeError as e:
    print("TypeError:", e)

def logged(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        print("calling", fn.__name__)
        return fn(*args, **kwargs)
    return wrapper

@logged
def add(a, b):
    "Add two numbers."
    return a + b
print(add(1, 2), add.__name__, add.__doc__, add.__wrapped__(3, 4), add.__qualname__)

calls = []
@lru_cache(maxsize=2)
def f(x):
    calls.append(x)
    return x * 10
print(f(1), f(2), f(1), f(3), f(2), calls)
print(f.cache_info(), f.cache_info().hits, tuple(f.cache_info()))
f.cache_clear()
print(f.cache_info())

@lru_cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(60), fib.cache_info())

@cache
def fact(n):
    return 1 if n == 0 else n * fact(n - 1)
print(fact(20), fact.cache_info())

@lru_cache(maxsize=None, typed=True)
def kind(x):
    return type(x).__name__
print(kind(1), kind(1.0), kind(1), kind.cache_info().currsize, kind.cache_parameters())

class Circle:
    def __init__(self, r):
        self.r = r
    @cached_property
    def area(self):
        print("computing area")
        return 3 * self.r ** 2
c = Circle(2)
print(c.area, c.area, 'area' in vars(c), type(Circle.area).__name__)
del c.area
print(c.area)

@total_ordering
class Version:
    def __init__(self, *parts):
        self.parts = parts
    def __eq__(self, other):
        return self.parts == other.parts
    def __lt__(self, other):
        return self.parts < other.parts
a, b = Version(1, 2), Version(1, 3)
print(a < b, a > b, a <= b, a >= b, a <= Version(1, 2), sorted([b, a])[0].parts)
try:
    total_ordering(type("X", (), {}) if False else Circle)
except ValueError as e:
    print("ValueError:", e)

def by_len_then_alpha(x, y):
    return (len(x) - len(y)) or ((x > y) - (x < y))
print(sorted(["ccc", "a", "bb", "aa", "b"], key=cmp_to_key(by_len_then_alpha)))
print(functools.WRAPPER_ASSIGNMENTS)

class Model:
    def __init__(self, k):
        self.k = k
    @lru_cache(maxsize=None)
    def scaled(self, x):
        print("scaling", x)
        return self.k * x
m = Model(3)
print(m.scaled(2), m.scaled(2), Model.scaled.cache_info().hits)
Model.scaled.cache_clear()  # cgrad has no cycle collector yet: the cache holds m, m its class, the class the cache
