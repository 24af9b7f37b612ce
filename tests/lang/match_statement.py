# The match statement (PEP 634): every kind of pattern, guards, binding
# rules, and the run-time errors, against CPython 3.11.
import collections.abc


def describe(x):
    match x:
        case None:
            return "none"
        case True:
            return "true"
        case False:
            return "false"
        case 0 | 0.0:
            return "zero"
        case -1:
            return "minus one"
        case 1 + 2j:
            return "complex"
        case "hello" | b"bytes":
            return "greeting or bytes"
        case int(n) if n > 100:
            return f"big int {n}"
        case int() | float() as num:
            return f"number {num!r}"
        case str(s):
            return f"str {s!r}"
        case []:
            return "empty sequence"
        case [one]:
            return f"one item {one!r}"
        case [first, *middle, last]:
            return f"first {first!r} middle {middle!r} last {last!r}"
        case {"type": "point", "x": px, "y": py}:
            return f"point {px},{py}"
        case {"type": kind, **rest}:
            return f"kind {kind} rest {sorted(rest.items())}"
        case {}:
            return "a mapping"
        case _:
            return "something else: " + type(x).__name__


for v in [None, True, False, 0, 0.0, -1, 1 + 2j, "hello", b"bytes", 1000, 7, 2.5, "abc", [], (), [5], (5,),
          [1, 2, 3, 4], range(3), {"type": "point", "x": 1, "y": 2}, {"type": "box", "w": 3, "a": 1},
          {"other": 1}, {1, 2}, object()]:
    print(repr(v) if not isinstance(v, object) or type(v) is not object else "object()", "->", describe(v))


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x, self.y = x, y


class Point3(Point):
    __match_args__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


def where(p):
    match p:
        case Point3(0, 0, 0):
            return "origin3"
        case Point(0, 0):
            return "origin"
        case Point(x=0, y=yy):
            return f"on the y axis at {yy}"
        case Point(xx, 0):
            return f"on the x axis at {xx}"
        case Point3(z=zz) if zz < 0:
            return f"below, z={zz}"
        case Point(a, b):
            return f"at {a},{b}"
        case _:
            return "not a point"


for p in [Point(0, 0), Point(0, 5), Point(3, 0), Point(1, 2), Point3(0, 0, 0), Point3(1, 1, -1), Point3(1, 1, 1), 5]:
    print(where(p))

# sequences: tuples, lists, nested, star captures, strings are not sequences
for v in [(1, 2), [1, [2, 3]], (1, (2, 3), 4), "ab", b"ab", bytearray(b"ab"), [1, 2, 3, 4, 5]]:
    match v:
        case (a, b) if isinstance(b, int):
            print("pair", a, b)
        case [a, [b, c]]:
            print("nested", a, b, c)
        case (x, (y, z), w):
            print("nested tuple", x, y, z, w)
        case [_, _, *_]:
            print("at least two, starts", v[0])
        case _:
            print("other", v)

# a match subject may be a tuple written without parentheses
a, b = 1, "x"
match a, b:
    case 1, "x":
        print("tuple subject")
match *[1, 2], 3:
    case [1, 2, 3]:
        print("starred subject")

# captures bind only when the whole pattern matched; a failed guard keeps them
match [1, 2]:
    case [p1, 3]:
        print("no")
    case [q1, q2] if q1 > 5:
        print("no")
    case _:
        print("p1 bound:", "p1" in dir(), "q1 bound:", "q1" in dir(), q1, q2)

# value patterns through attributes
import enum


class Color(enum.Enum):
    RED = 1
    GREEN = 2


class Consts:
    LIMIT = 10


for c in [Color.RED, Color.GREEN, 10, 11]:
    match c:
        case Color.RED:
            print("red")
        case Color.GREEN:
            print("green")
        case Consts.LIMIT:
            print("limit")
        case other:
            print("other", other)

# builtins that match themselves with one positional sub-pattern
for v in [3, 3.5, "s", b"b", [1], (1,), {1: 2}, {1}, frozenset({2}), True, bytearray(b"x")]:
    match v:
        case bool(x):
            print("bool", x)
        case int(x):
            print("int", x)
        case float(x) | str(x) | bytes(x):
            print("float/str/bytes", x)
        case list(x) | tuple(x):
            print("list/tuple", x)
        case dict(x) | set(x) | frozenset(x) | bytearray(x):
            print("dict/set/frozenset/bytearray", x)


# mapping patterns use get(); any Mapping counts
class M(collections.abc.Mapping):
    def __init__(self, d):
        self.d = d

    def __getitem__(self, k):
        return self.d[k]

    def __iter__(self):
        return iter(self.d)

    def __len__(self):
        return len(self.d)


match M({"a": 1, "b": 2}):
    case {"a": 1, **rest}:
        print("custom mapping, rest", rest)


class S(collections.abc.Sequence):
    def __getitem__(self, i):
        return [10, 20, 30][i]

    def __len__(self):
        return 3


match S():
    case [10, *others]:
        print("custom sequence, others", others)
match S():
    case [first, *_, last]:
        print("by index", first, last)

# or-patterns with captures, as-patterns, nested
for v in [[1, "a"], ("b", 2), [3, 3]]:
    match v:
        case [int(n), str(s)] | [str(s), int(n)]:
            print("n and s", n, s)
        case [x, y] as whole if x == y:
            print("same", whole)

# the statement's value of fall-through: no case matches, nothing happens
match 42:
    case 1:
        print("never")
print("after no match")

# match and case stay usable as names
match = [1, 2]
case = 3
print(match, case, match[0])
match.append(case)
print(match)


# run-time errors, as CPython's
class NoArgs:
    pass


class BadArgs:
    __match_args__ = ["x"]


class NotStr:
    __match_args__ = (1,)


class HasX:
    __match_args__ = ("x",)
    x = 1


tests = [
    ("match 5:\n case NoArgs(1): pass", {"NoArgs": NoArgs}),
    ("match NoArgs():\n case NoArgs(1): pass", {"NoArgs": NoArgs}),
    ("match BadArgs():\n case BadArgs(1): pass", {"BadArgs": BadArgs}),
    ("match NotStr():\n case NotStr(1): pass", {"NotStr": NotStr}),
    ("match HasX():\n case HasX(1, x=1): pass", {"HasX": HasX}),
    ("match 1:\n case int(1, 2): pass", {}),
    ("match 1:\n case f(): pass", {"f": len}),
    ("match {'a': 1}:\n case {k1: 1, k2: 2}: pass", {}),
    ("match {'a': 1, 'b': 2}:\n case {C.a: 1, C.b: 2}: pass", {"C": type("C", (), {"a": "a", "b": "a"})}),
    ("match HasX():\n case HasX(y=1): print('no y')\n case _: print('fallthrough')", {"HasX": HasX}),
]
for src, ns in tests:
    try:
        exec(src, ns)
    except Exception as e:
        print(type(e).__name__ + ":", e)

# compile-time errors
for src in ["match x:\n case a: pass\n case 1: pass", "match x:\n case [a, *b, *c]: pass",
            "match x:\n case a | b: pass", "match x:\n case [a, a]: pass", "match x:\n case {1: a, 1: b}: pass",
            "match x:\n case P(a=1, a=2): pass", "match x:\n case 1 as _: pass", "match x:\n case 1+1: pass",
            "match x:\n case [a] | (b,): pass", "match x:\n case _: pass\n case 1: pass"]:
    try:
        compile(src, "<m>", "exec")
    except SyntaxError as e:
        print("SyntaxError:", e.msg, e.lineno, e.offset)
