# Classes derived from int, float, str, tuple, list, dict, set, frozenset: the value they carry, the base's methods, overrides, __new__ of immutable bases, conversions.
class I(int):
    def double(self): return self * 2
i = I(5)
print(i, repr(i), i + 1, type(i + 1) is int, type(i) is I, isinstance(i, int), i.double(), i == 5, hash(i) == hash(5))
print(int(i), float(i), [10, 20, 30, 40, 50, 60][i], range(i)[-1], i.bit_length(), -i, abs(I(-3)), 7 - i, i < 6, sorted([I(3), 1, I(2)]))
class F(float): pass
f = F(2.5)
print(f, f * 2, type(f * 2) is float, f.is_integer(), float(f), round(f), str(f), f'{f:.2f}')

class S(str):
    def shout(self): return self.upper() + "!"
s = S("hello")
print(s, repr(s), s.shout(), s + " world", type(s + "x") is str, len(s), s[1:3], "ell" in s, s == "hello", s.split("l"))
print({s: 1}["hello"], {"hello": 2}[s], str(s), type(str(s)).__name__, f"<{s}>")

class P(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))
    @property
    def x(self): return self[0]
    @property
    def y(self): return self[1]
    def __repr__(self): return f"P(x={self.x}, y={self.y})"
p = P(1, 2)
print(p, p.x, p.y, len(p), p + (3,), list(p), p == (1, 2), type(p).__name__, p.count(1), tuple(p))
a, b = p
print(a, b, hash(p) == hash((1, 2)))

class L(list):
    def total(self): return sum(self)
l = L([3, 1, 2])
l.append(5)
l.sort()
print(l, l.total(), len(l), type(l).__name__, l[0], l[-1], isinstance(l, list), l == [1, 2, 3, 5])
l += [7]
print(l, type(l).__name__)
l2 = L()
print(l2, len(l2))
class Stack(list):
    def __init__(self, name):
        super().__init__()
        self.name = name
    def push(self, x): self.append(x)
st = Stack("s")
st.push(1); st.push(2)
print(st, st.name, st.pop(), st)

class D(dict):
    def __missing__(self, key):
        return key * 2
d = D(a=1)
print(d["a"], d["zz"], d, len(d), "a" in d, list(d.keys()), type(d).__name__)
class Counter(dict):
    def __getitem__(self, k):
        return super().__getitem__(k) if k in self else 0
c = Counter()
c["x"] = 3
print(c["x"], c["y"], c, dict(c), c.get("x"))
class Attr(dict):
    def __getattr__(self, k):
        try: return self[k]
        except KeyError: raise AttributeError(k)
    def __setattr__(self, k, v): self[k] = v
at = Attr(p=1)
at.q = 2
print(at.p, at.q, at)

class St(set): pass
ss = St([1, 2, 2, 3])
ss.add(4)
print(sorted(ss), len(ss), 2 in ss, type(ss | {9}).__name__)
class FS(frozenset): pass
fs = FS([1, 2])
print(sorted(fs), hash(fs) == hash(frozenset([1, 2])), type(fs).__name__)

class E(ValueError):
    def __init__(self, code):
        super().__init__(f"code {code}")
        self.code = code
try:
    raise E(4)
except ValueError as e:
    print(e, e.code, type(e).__name__, e.args)
try:
    class Bad(int, str): pass
except TypeError as e: print(e)
try:
    class B2(bool): pass
except TypeError as e: print(e)
