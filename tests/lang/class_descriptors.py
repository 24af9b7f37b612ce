# Descriptors written in Python: __get__, __set__, __delete__, __set_name__.
class D:
    def __init__(self, f): self.f = f
    def __set_name__(self, owner, name): print("set_name", name)
    def __get__(self, obj, owner=None):
        if obj is None: return self
        v = self.f(obj); obj.__dict__[self.f.__name__] = v; return v
class A:
    @D
    def x(self):
        print("computing"); return 42
a = A()
print(a.x, a.x)
print(A.x.f.__name__)
class Typed:
    def __set_name__(self, owner, name):
        self.name = '_' + name
    def __get__(self, obj, owner=None):
        if obj is None: return self
        return getattr(obj, self.name, 0)
    def __set__(self, obj, value):
        if not isinstance(value, int): raise TypeError(f"{self.name[1:]} must be int")
        setattr(obj, self.name, value)
    def __delete__(self, obj):
        print("deleting"); delattr(obj, self.name)
class P:
    n = Typed()
p = P()
print(p.n); p.n = 5; print(p.n, p._n)
p.__dict__['n'] = 99
print(p.n)
try: p.n = "x"
except TypeError as e: print(e)
del p.n
print(p.n, type(P.n).__name__)
class RO:
    def __get__(self, obj, owner=None): return 1
    def __delete__(self, obj): pass
class Q:
    r = RO()
q = Q()
try:
    q.r = 3
except AttributeError as e: print("AttributeError", e)
class Adder:
    def __set_name__(self, owner, name):
        for i in range(20):
            setattr(owner, f"extra{i}", i)
        print("named", name)
class K:
    a = Adder()
    b = Adder()
print(K.extra19)
