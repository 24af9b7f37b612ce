# Deep recursion inside generator bodies: a recursive function called from
# a generator, data compared and printed deep inside one, and chains of
# generators delegating with `yield from`, as deep as CPython allows, and
# RecursionError past the limit, after which the generators go on.
import sys


def fact(n):
    return 1 if n <= 1 else n * fact(n - 1) % 1000000007


def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)


def nested(n):
    x = []
    for _ in range(n):
        x = [x]
    return x


def body():
    yield fact(900) % 1000000007
    yield depth(950)
    try:
        depth(10**6)
    except RecursionError as e:
        yield type(e).__name__
    yield depth(10)
    yield nested(900) == nested(900)
    yield len(repr(nested(900)))
    yield sum(depth(d) for d in range(0, 900, 100))


for v in body():
    print(v)

genexpr = (depth(k) for k in (10, 500, 980))
print(list(genexpr))


def chain(n):
    if n == 0:
        yield "bottom"
        return 0
    r = yield from chain(n - 1)
    return r + 1


def run_chain(n):
    c = chain(n)
    try:
        first = next(c)
        next(c, None)
        return first
    except RecursionError as e:
        return type(e).__name__


for n in (10, 300, 900, 5000):
    print(n, run_chain(n))


def tower(n):
    if n:
        yield from tower(n - 1)
    yield n


print(sum(tower(800)))

sys.setrecursionlimit(20000)


def deep_inside():
    yield depth(15000)
    yield sum(x for x in tower(5))


print(list(deep_inside()))
sys.setrecursionlimit(1000)
print(depth(100))
