# staticmethod, classmethod and property as CPython 3.11 has them: keyword arguments and doc,
# getter/setter/deleter copies, __set_name__ in the errors, abstract properties, subclasses.
import abc
class C:
    def getx(self): return self._x
    def setx(self, v): self._x = v
    def delx(self): del self._x
    x = property(getx, setx, delx, "the x")
    y = property(fget=getx, doc="why")
    @property
    def z(self):
        "z doc"
        return 3
    @z.setter
    def z(self, v): print("set z", v)
    @z.deleter
    def z(self): print("del z")
    @staticmethod
    def sm(a): return a
    @classmethod
    def cm(cls, a): return cls.__name__, a
c = C(); c.x = 5; print(c.x, C.x.__doc__, C.y.__doc__, C.z.__doc__); del c.x; print(hasattr(c, "_x"))
c.z = 1; del c.z; print(c.z)
p = C.__dict__["z"]
print(p.fget.__name__, p.fset.__name__, p.fdel.__name__, type(p).__name__)
print(C.__dict__["sm"].__func__(1), C.__dict__["cm"].__func__(C, 2), C.sm(3), C().cm(4))
print(isinstance(C.__dict__["sm"], staticmethod), C.__dict__["sm"].__wrapped__ is C.__dict__["sm"].__func__)
class Base(abc.ABC):
    @property
    @abc.abstractmethod
    def name(self): ...
    @staticmethod
    @abc.abstractmethod
    def smeth(): ...
print(Base.__abstractmethods__ == frozenset({"name", "smeth"}))
try:
    Base()
except TypeError as e:
    print(e)
class Cached(property):
    pass
class D:
    @Cached
    def v(self): return 10
print(D().v, type(D.__dict__["v"]).__name__)
q = property()
try:
    D.q = q
    D().q
except AttributeError as e:
    print(e)
try:
    c.y = 1
except AttributeError as e:
    print(e)
print(staticmethod(len)("abc"), callable(staticmethod(len)))
class Logged(property):
    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        super().__init__(fget, fset, fdel, doc)
        self.calls = 0
class E:
    @Logged
    def a(self):
        "a doc"
        return 7
    @a.setter
    def a(self, v):
        print("setting a", v)
e = E()
print(e.a, type(E.__dict__["a"]).__name__, E.__dict__["a"].__doc__, E.__dict__["a"].calls)
e.a = 3
print(repr(staticmethod(len)), repr(classmethod(len)))
print(C.sm.__name__, C.__dict__["sm"].__name__, C.__dict__["cm"].__qualname__)
for bad in [lambda: property(1, 2, 3, 4, 5), lambda: staticmethod(), lambda: classmethod(len, x=1), lambda: C.z.getter()]:
    try:
        bad()
    except TypeError as e:
        print(type(e).__name__, e)
