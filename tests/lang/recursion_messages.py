# Which RecursionError message a runaway recursion ends with: CPython
# counts frames and its C guards (a call with no fast path, getting a repr
# or a str, a comparison) in one counter, and the guard that passes the
# limit names the message. Each case starts at three depths (nest adds a
# frame each), which moves the limit to each level of the cycle. Each runs
# 20 times and the last message is shown: CPython's specialising
# interpreter counts a few levels more until a call site has warmed up.

def show(name, f):
    for extra in range(3):
        for i in range(20):
            try:
                nest(extra, f)
                last = "no error"
            except RecursionError as e:
                last = type(e).__name__ + " " + str(e)
        print(name, extra, last)

def nest(k, f):
    return nest(k - 1, f) if k else f()

class ReprCall:
    def __repr__(self):
        return repr(self)

class ReprF:
    def __repr__(self):
        return f'{self!r}'

class StrCall:
    def __str__(self):
        return str(self)

class StrF:
    def __str__(self):
        return f'{self}'

class FormatCall:
    def __format__(self, spec):
        return format(self, spec)

class Eq:
    def __eq__(self, other):
        return self == other

class Lt:
    def __lt__(self, other):
        return self < other

class Hash:
    def __hash__(self):
        return hash(self)

class Len:
    def __len__(self):
        return len(self)

class Bool:
    def __bool__(self):
        return bool(self)

class GetAttr:
    def __getattr__(self, name):
        return self.missing

class Call:
    def __call__(self):
        return self()

class Iter:
    def __iter__(self):
        return iter(self)

class GetItem:
    def __getitem__(self, i):
        return self[i]

class Add:
    def __add__(self, o):
        return self + o

def rec(n):
    return rec(n + 1)

def rec_eq(n):
    return rec_eq(n + 1) == 1

def rec_method(self):
    return self.m()

class M:
    m = rec_method

show("repr()", lambda: repr(ReprCall()))
show("f'{!r}'", lambda: repr(ReprF()))
show("str()", lambda: str(StrCall()))
show("f'{}'", lambda: str(StrF()))
show("format()", lambda: format(FormatCall(), ''))
show("==", lambda: Eq() == 1)
show("<", lambda: Lt() < 1)
show("hash()", lambda: hash(Hash()))
show("len()", lambda: len(Len()))
show("bool()", lambda: bool(Bool()))
show("getattr", lambda: GetAttr().x)
show("call", lambda: Call()())
show("iter", lambda: iter(Iter()))
show("getitem", lambda: GetItem()[0])
show("add", lambda: Add() + 1)
show("function", lambda: rec(0))
show("function ==", lambda: rec_eq(0))
show("method", lambda: M().m())
show("print", lambda: print(StrCall()))
show("list repr", lambda: repr([ReprCall()]))
show("in list", lambda: Eq() in [1])


# How deep a plain recursion gets: the module's frame is a level, and a
# class call takes one besides __init__'s frame.
deepest = 0


def down(n):
    global deepest
    deepest = n
    down(n + 1)


class Down:
    def __init__(self, n):
        global deepest
        deepest = n
        Down(n + 1)


for start in (down, Down):
    try:
        start(1)
    except RecursionError as e:
        print(start.__name__, deepest, e)
