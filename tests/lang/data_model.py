# The data model: __slots__ and its errors, __getattribute__ with object's fallback, __getattr__, object.__delattr__, __init__ returning a value, __format__/__index__/__round__/__reversed__/__dir__, __eq__ without __hash__, context managers, operators with reflection and in-place forms.
class P:
    __slots__ = ("x", "y")
    def __init__(self): self.x = 1
p = P()
try: p.z = 3
except AttributeError as e: print(e)
try: print(p.y)
except AttributeError as e: print(e)
print(hasattr(p, "__dict__"))
try:
    class Q:
        __slots__ = ("a",)
        a = 1
except ValueError as e: print(e)
class G:
    def __getattribute__(self, n):
        if n == "magic": return 42
        return object.__getattribute__(self, n)
    def __getattr__(self, n): return "fallback " + n
g = G(); g.real = 1
print(g.magic, g.real, g.other)
class D:
    def __delattr__(self, n): print("del", n); object.__delattr__(self, n)
d = D(); d.a = 1; del d.a
class N:
    def __init__(self): return 3
try: N()
except TypeError as e: print(e)
class F:
    def __format__(self, spec): return "F" + spec
    def __index__(self): return 2
    def __round__(self, n=None): return "r"
    def __reversed__(self): return iter([3, 2])
    def __dir__(self): return ["b", "a"]
f = F()
print(f"{f:xy}", [0, 1, 2][f], round(f), list(reversed(f)), dir(f), bin(f), hex(f))
class E:
    def __eq__(self, o): return True
try: hash(E())
except TypeError as e: print(e)
class W:
    def __enter__(self): print("enter"); return self
    def __exit__(self, *a): print("exit", a[0].__name__ if a[0] else None); return True
with W(): raise ValueError
class V:
    def __init__(self, v): self.v = v
    def __add__(self, o): return V(self.v + (o.v if isinstance(o, V) else o))
    def __radd__(self, o): return V(o + self.v)
    def __iadd__(self, o): self.v += 100; return self
    def __lt__(self, o): return self.v < o.v
    def __neg__(self): return V(-self.v)
    def __abs__(self): return abs(self.v)
    def __bool__(self): return self.v != 0
    def __len__(self): return 5
print((V(1) + 2).v, (2 + V(1)).v, sum([V(1), V(2)], V(0)).v, V(1) < V(2), V(3) > V(2), (-V(3)).v, abs(V(-4)), bool(V(0)))
a = V(1); a += 1; print(a.v)
print(sorted([V(3), V(1)])[0].v, max(V(1), V(5)).v)
