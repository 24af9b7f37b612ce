# Multiple inheritance: C3 order, lookups along it, super() in every form, and CPython's errors.
class O: pass
class A(O):
    def who(self): return "A"
    def chain(self): return ["A"] + super().chain()
class B(O):
    def who(self): return "B"
    def chain(self): return ["B"] + super().chain()
    def only_b(self): return "only in B"
class C(A, B):
    def chain(self): return ["C"] + super().chain()
class Base(O):
    def chain(self): return ["Base"]
class D(C, Base): pass
print([k.__name__ for k in D.__mro__])
print([k.__name__ for k in D.mro()])
print(D.__bases__ == (C, Base), D.__base__ is C, C.__bases__ == (A, B))
print(D().who(), D().only_b())
print(D().chain())
print(isinstance(D(), B), issubclass(D, A), issubclass(A, B), issubclass(D, (int, (str, Base))))

# the diamond of cooperative __init__ with keyword arguments
class Shape:
    def __init__(self, **kw):
        self.log = ["Shape"]
        super().__init__(**kw)
class Colored(Shape):
    def __init__(self, color, **kw):
        super().__init__(**kw)
        self.color = color
        self.log.append("Colored")
class Named(Shape):
    def __init__(self, name, **kw):
        super().__init__(**kw)
        self.name = name
        self.log.append("Named")
class Thing(Colored, Named):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.log.append("Thing")
t = Thing(color="red", name="box")
print(t.color, t.name, t.log)
print([k.__name__ for k in Thing.__mro__])

# super in classmethods, staticmethods (explicit form) and properties
class P:
    @classmethod
    def make(cls): return ("P.make", cls.__name__)
    @property
    def value(self): return 10
    @staticmethod
    def helper(x): return x + 1
class Q(P):
    @classmethod
    def make(cls): return ("Q.make",) + super().make()
    @property
    def value(self): return super().value * 2
    @staticmethod
    def helper(x): return super(Q, Q).helper(x) * 10
print(Q.make(), Q().value, Q.helper(1), Q().helper(2))
print(super(Q, Q()).value, super(C, D()).who())
s = super(C, D())
print(s.chain())
try:
    super(Q, 3)
except TypeError as e: print(e)

# attribute lookup follows the MRO for class attributes and special methods
class M1:
    x = 1
    def __len__(self): return 7
    def __repr__(self): return "M1-repr"
class M2:
    x = 2
    y = 2
    def __eq__(self, o): return True
    __hash__ = object.__hash__
class MM(M1, M2): pass
m = MM()
print(MM.x, MM.y, len(m), repr(m), m == 5)

# errors
class X: pass
class Y(X): pass
try:
    class Z(X, Y): pass
except TypeError as e: print(e)
try:
    class W(X, X): pass
except TypeError as e: print(e)
try:
    class L(int, str): pass
except TypeError as e: print(e)
try:
    class E(ValueError, KeyError): pass
    print([k.__name__ for k in E.__mro__])
    print(isinstance(E(), KeyError), issubclass(E, LookupError))
except TypeError as e: print(e)
class F1: pass
class F2: pass
class G1(F1, F2): pass
class G2(F2, F1): pass
try:
    class H(G1, G2): pass
except TypeError as e: print(e)

# __bases__ assignment remakes the order
class R1:
    def f(self): return "R1"
class R2:
    def f(self): return "R2"
class S1(R1): pass
S1.__bases__ = (R2,)
print(S1().f(), [k.__name__ for k in S1.__mro__])
S1.__bases__ = (R1, R2)
print(S1().f(), [k.__name__ for k in S1.__mro__])

# type(name, bases, ns)
T = type("T", (A, B), {"z": 3, "who": lambda self: "T"})
print(T.__name__, [k.__name__ for k in T.__mro__], T().who(), T().only_b(), T.z, T.__module__)
print(type(T()) is T, type(3), type("x"))
try:
    type("T", (1,), {})
except TypeError as e: print(e)
try:
    type(1, (), {})
except TypeError as e: print(e)
try:
    type("a", 2)
except TypeError as e: print(e)
