# Generators resumed from C stack depths other than the one that started
# them: from deep recursion, from inside other generators, by send, throw
# and close, with exceptions and tracebacks crossing the yields.


def accumulate():
    total = 0
    try:
        while True:
            try:
                x = yield total
            except ValueError as e:
                print("caught", e)
                x = 0
            total += x
    finally:
        print("accumulate closed at", total)


def at_depth(d, f, *args):
    if d == 0:
        return f(*args)
    return at_depth(d - 1, f, *args)


g = accumulate()
print(at_depth(300, next, g))
for d in [0, 7, 120, 800, 3, 0, 500]:
    print(d, at_depth(d, g.send, d))
print(at_depth(40, g.throw, ValueError("thrown deep")))
print(g.send(1))
at_depth(600, g.close)


# resumed from inside other generators, each started at another depth
def relay(source, depth):
    for _ in range(3):
        yield at_depth(depth, next, source)


def numbers():
    n = 0
    while True:
        yield n
        n += 1


src = numbers()
relays = [at_depth(d, relay, src, d) for d in (0, 50, 400)]
out = []
for r in relays:
    out.append(at_depth(200, next, r))
for r in reversed(relays):
    out.extend(at_depth(10, list, r))
print(out)


# a generator started deep, suspended, resumed shallow, then failing
def fails_later():
    yield "first"
    yield "second"
    raise KeyError("late")


f = fails_later()
print(at_depth(700, next, f))
print(next(f))
try:
    next(f)
except KeyError as e:
    print("KeyError", e)


# finally blocks run when a suspended generator is dropped deep
def holder(tag):
    try:
        yield tag
    finally:
        print("released", tag)


def drop_at(d):
    h = holder(d)
    next(h)
    keep.append(h)


keep = []
for d in (0, 250, 900):
    at_depth(d, drop_at, d)
keep.pop()
at_depth(100, keep.pop)
at_depth(10, keep.pop)


# yield from delegating while resumed from different depths
def inner():
    got = yield "in-1"
    yield "in-2 got %s" % got
    return "inner done"


def outer():
    r = yield from inner()
    yield r


o = outer()
print(at_depth(5, next, o))
print(at_depth(600, o.send, "sent"))
print(at_depth(60, next, o))


# an uncaught error's traceback goes through the generator
def broken():
    yield 1
    1 / 0


b = broken()
next(b)
at_depth(2, next, b)
