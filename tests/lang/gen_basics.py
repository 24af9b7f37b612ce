# Generator functions: next/send/close/throw, yield from, return values,
# PEP 479, lambdas, a traceback through a generator frame.
def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"
print(list(count(5)))
g = count(2)
print(repr(g).startswith("<generator object count at 0x"))
print(next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", repr(e.value))
def echo():
    x = yield "ready"
    while True:
        x = yield x * 2
e = echo()
print(next(e), e.send(3), e.send(10))
e.close()
def deleg():
    r = yield from count(3)
    print("sub returned", r)
    yield from [10, 20]
print(list(deleg()))
def fin():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")
f = fin()
print(next(f))
del f
print("after del")
def batches(xs, n):
    for i in range(0, len(xs), n):
        yield xs[i:i + n]
for b in batches(list(range(7)), 3):
    print(b)
print(sum(x * x for x in count(4)))
def thrower():
    try:
        yield 1
    except ValueError as ex:
        print("caught", ex)
        yield 2
t = thrower()
next(t)
print(t.throw(ValueError("boom")))
def bad():
    yield 1
    raise StopIteration
try:
    list(bad())
except RuntimeError as ex:
    print("RuntimeError:", ex)
def rec(n):
    if n:
        yield n
        yield from rec(n - 1)
print(list(rec(50)))
gl = lambda: (yield 5)
print(list(gl()))
print(type(count(1)).__name__, count(1).__name__, count(1).__qualname__)
def tb():
    yield 1
    1 / 0
for v in tb():
    print(v)
