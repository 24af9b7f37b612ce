# list, tuple, dict, set, range and slice behaviour and errors
a = list(range(10))
a[2:5] = ["x", "y"]
a[::3] = [0, 0, 0]
del a[1::4]
print(a, a[::-2], a[-3:], a[100:], a[:-100])
b = [3, 1, 2]
b += (9,)
b *= 2
print(b, b.count(1), b.index(2), b.index(2, 3), [1, 2] < [1, 2, 0], [2] > [1, 9], [[1]] == [[1]])
b.sort(key=lambda v: -v)
print(b, sorted(b, reverse=True), list(reversed(b)))
words = ["bb", "a", "ccc", "dd", "e"]
print(sorted(words, key=len), sorted(words, key=len, reverse=True), max(words, key=len), min(words))
c = [1]
c.append(c)
print(c, [c, c])
c.pop()  # cgrad counts references: a cycle left behind would never be freed
for f in [lambda: [].pop(), lambda: [1].pop(5), lambda: [1].remove(2), lambda: [1].index(2),
          lambda: [1][1], lambda: [1][str(1)], lambda: (1,)[2], lambda: (1,).index(5),
          lambda: [1, "a"].sort(), lambda: [1, 2][::0], lambda: [1] + (2,), lambda: (1,) + [2]]:
    try:
        print(f())
    except (IndexError, ValueError, TypeError) as e:
        print(type(e).__name__, e)
t = (1, 2, 3, 2)
print(t, t[1:], t[::-1], t * 2, t + (4,), t.count(2), t.index(3), (1,), (), hash((1, 2)) == hash((1, 2)))
d = {"b": 1, "a": 2}
d["c"] = 3
d.update({"a": 20}, z=26)
d.update([("q", 0)])
print(d, list(d), d.keys(), d.values(), d.items(), len(d), "a" in d, 20 in d.values())
print(d.pop("q"), d.pop("missing", None), d.setdefault("b", 99), d.setdefault("n"), d.get("zz", "dflt"))
print(d.popitem(), d, {1: 2} | {3: 4}, dict.fromkeys([1, 2], "v"), dict(zip("ab", [1, 2])))
print({True: "t", 1: "one", 1.0: "float"}, {(1, 2): "tuple key"}[(1, 2)], list(reversed(d)))
for f in [lambda: {}["k"], lambda: {}[(1, 2)], lambda: {}[[1]], lambda: {}.popitem(), lambda: dict([1]),
          lambda: dict([(1, 2, 3)]), lambda: {1: 2} < {1: 2}, lambda: {}.pop("x")]:
    try:
        print(f())
    except (KeyError, TypeError, ValueError) as e:
        print(type(e).__name__, e)
e = {"k": 1}
try:
    for k in e:
        e["new"] = 2
except RuntimeError as err:
    print("RuntimeError", err)
s = {5, 3, 1}
s.add(4)
s.discard(5)
s |= {10, 20}
print(s, len(s), 3 in s, s & {1, 3, 99}, s - {1}, s ^ {1, 100}, {1, 2} <= {1, 2, 3}, {1} < {1})
print(s.union([7], (8,)), s.intersection(range(5)), s.difference([3]), s.issubset(range(100)),
      s.isdisjoint([0]), frozenset([2, 1]), frozenset() == set(), set(), sorted(s))
print({-1, -2, 5, 100, 33}, {10, 3, 8, 17, 9, 1000}, set(range(20, 0, -2)), {0.5, 1.5, 2})
for f in [lambda: {1}.remove(2), lambda: set().pop(), lambda: {[1]}, lambda: {1} | [2], lambda: hash({1})]:
    try:
        print(f())
    except (KeyError, TypeError) as e:
        print(type(e).__name__, e)
r = range(1, 20, 3)
print(r, list(r), len(r), r[2], r[-1], r[1:4], r[::-1], 7 in r, 8 in r, r.index(10), r.count(4))
print(range(5) == range(0, 5), range(0) == range(3, 3), list(range(10, 0, -3)), range(-5), bool(range(0)))
sl = slice(1, None, 2)
print(sl, sl.start, sl.stop, sl.step, sl.indices(10), slice(None, None, -1).indices(5), "abcdef"[sl])
for f in [lambda: range(1, 2, 0), lambda: range(1.5), lambda: range(3)[5], lambda: slice(1, 2, 0).indices(3)]:
    try:
        print(f())
    except (ValueError, TypeError, IndexError) as e:
        print(type(e).__name__, e)
print(list(enumerate("abc", 10)), list(zip([1, 2, 3], "ab")), list(map(pow, [2, 3], [3, 2])),
      list(filter(lambda v: v % 2, range(6))), list(filter(None, [0, "", "x", 1])))
it = iter([1, 2])
print(next(it), next(it), next(it, "done"), list(iter("xy")), list(reversed((1, 2, 3))))
base = {"a": 1}
print({**base, "b": 2}, {**base, **{"a": 3}}, {**dict.fromkeys("xy")})
for other in [1, [("k", "v")]]:
    try:
        print({**other})
    except TypeError as e:
        print(type(e).__name__, e)
