# Generators at the edges: recursion inside and across generators, a
# generator resuming itself, ignoring GeneratorExit, throw before start,
# closing a delegation chain, open except blocks across a yield, closing
# at exit.
import sys
def deep(n):
    return 0 if n == 0 else 1 + deep(n - 1)
def g():
    yield deep(500)
    try:
        deep(100000)
    except RecursionError as e:
        yield "recursion: " + str(e)
print(list(g()))
def rec(n):
    if n:
        yield from rec(n - 1)
    else:
        yield "bottom"
print(list(rec(400)))
try:
    list(rec(5000))
except RecursionError as e:
    print("RecursionError", e)
def selfish():
    yield next(me)
me = selfish()
try:
    next(me)
except ValueError as e:
    print("ValueError:", e)
def stubborn():
    try:
        yield 1
    finally:
        yield 2
s = stubborn()
next(s)
try:
    s.close()
except RuntimeError as e:
    print("RuntimeError:", e)
def started():
    yield 1
x = started()
try:
    x.send(5)
except TypeError as e:
    print("TypeError:", e)
print(x.throw is not None)
try:
    x.throw(KeyError("k"))
except KeyError as e:
    print("KeyError", e)
print(list(x))
def inner():
    try:
        yield 1
        yield 2
    except GeneratorExit:
        print("inner closed")
        raise
def outer():
    try:
        yield from inner()
    finally:
        print("outer finally")
o = outer()
print(next(o))
o.close()
print(dict(zip("abc", started())), sorted(started()), max(rec(2)), "-".join(str(i) for i in started()))
print(list(enumerate(rec(1))), any(started()), tuple(map(str, started())))
def ctx():
    try:
        raise ValueError("handled")
    except ValueError:
        yield 1
        raise
c = ctx()
next(c)
try:
    next(c)
except ValueError as e:
    print("re-raised", e)
class It:
    def __init__(self):
        self.n = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.n += 1
        if self.n > 3:
            raise StopIteration
        return self.n
def via():
    r = yield from It()
    yield r
print(list(via()))
def keeps():
    try:
        yield 1
    finally:
        print("closed at exit")
k = keeps()
next(k)
print("end")
