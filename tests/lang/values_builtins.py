# the builtin functions
print(len([1, 2]), len("héllo"), len({1: 2}), len(range(10)), len(()), len({1, 2, 3}))
print(abs(-5), abs(3.5), round(3.14159, 2), round(7.5), divmod(20, 6), pow(2, 8), pow(2, 8, 10))
print(min(4, 2, 8), min([4, 2, 8]), max("hello"), max([1, 5], [2]), min([], default=0), max((), default=None))
print(sum([1, 2, 3]), sum([1, 2], 10), sum([[1], [2]], []), sum(range(101)), sum([0.5, 0.25]))
print(sorted([3, 1, 2]), sorted("cba"), sorted([3, 1, 2], reverse=True), sorted(["B", "a"], key=str.lower))
print(list(reversed([1, 2, 3])), list(enumerate(["a", "b"])), list(zip([1, 2], [3, 4], [5, 6])))
print(any([0, 0, 1]), any([]), all([1, 1]), all([1, 0]), all([]), any(x > 3 for x in range(5)))
print(isinstance(1, int), isinstance(True, int), isinstance(1.0, (int, str)), isinstance("s", (int, (str,))))
print(issubclass(bool, int), issubclass(int, (str, float)), type(1), type("s"), type([]), type(None))
print(hasattr("s", "upper"), hasattr(1, "nope"), getattr("s", "upper")(), getattr(1, "nope", "default"))
print(repr("q"), repr([1, "a"]), format(3.14159, ".2f"), format(42), format("x", ">3"), str(3.0))
print(hex(255), oct(64), bin(10), hex(-1), chr(97), ord("b"), callable(len), callable(42), callable(str))
print(int("12"), float("2.5"), bool(""), bool("x"), list("ab"), tuple([1]), dict(a=1), set([1, 1, 2]))
print(next(iter([7])), next(iter([]), "empty"), list(iter((1, 2))), list(map(str.upper, ["a", "b"])))
print(list(filter(str.isdigit, ["1", "a", "2"])), dict(enumerate("ab")), hash("x") == hash("x"))
class P:
    def __init__(self):
        self.v = 1
p = P()
setattr(p, "w", 2)
print(getattr(p, "w"), hasattr(p, "v"), vars(p))
delattr(p, "v")
print(hasattr(p, "v"), "w" in dir(p))
for f in [lambda: len(5), lambda: abs("x"), lambda: max([]), lambda: min(), lambda: sum(["a"], ""),
          lambda: sorted([1, "a"]), lambda: isinstance(1, 1), lambda: getattr(1, "x"), lambda: getattr(1, 2),
          lambda: next(iter([])), lambda: iter(5), lambda: next([1]), lambda: round("x"), lambda: divmod("a", 1),
          lambda: pow(2, 3, 0), lambda: pow(2.0, 3, 5), lambda: chr(1114112), lambda: hash([1]),
          lambda: max(1, 2, default=0), lambda: reversed(5), lambda: zip(1), lambda: min(1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print("a", "b", sep="-", end="!\n")
print("no newline", end="")
print()
print(*[1, 2, 3], sep=", ")
import sys
print("to stdout", file=sys.stdout)
try:
    print(1, sep=2)
except TypeError as e:
    print(e)
