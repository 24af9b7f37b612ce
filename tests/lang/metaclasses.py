# Metaclasses: class A(metaclass=M), inheritance of the metaclass, __prepare__, __new__/__init__/__call__, class keywords, __init_subclass__, __set_name__, __class_getitem__, hooks of isinstance.
class Meta(type):
    def __new__(mcs, name, bases, ns, **kw):
        ns["made_by"] = mcs.__name__
        cls = super().__new__(mcs, name, bases, ns)
        cls.kw = kw
        return cls
    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)
        cls.inited = True
    def describe(cls):
        return "class " + cls.__name__
    @property
    def upper_name(cls):
        return cls.__name__.upper()

class A(metaclass=Meta, flag=1):
    pass
class B(A):
    pass
print(type(A).__name__, type(B).__name__, A.made_by, A.kw, B.kw, A.inited)
print(A.describe(), B.upper_name, isinstance(A, Meta), isinstance(A, type))
print(repr(A) == "<class '__main__.A'>", A().__class__.__name__)
try:
    A().describe()
except AttributeError as e: print(e)

# __call__ decides what A() is
class Singleton(type):
    _instances = {}
    def __call__(cls, *args, **kw):
        if cls not in cls._instances:
            cls._instances[cls] = super().__call__(*args, **kw)
        return cls._instances[cls]
class Conf(metaclass=Singleton):
    def __init__(self, v=0): self.v = v
c1 = Conf(5); c2 = Conf(6)
print(c1 is c2, c1.v)

# __prepare__: the namespace the body runs in
class Recording(dict):
    def __init__(self):
        super().__init__()
        self.order = []
    def __setitem__(self, k, v):
        self.order.append(k)
        super().__setitem__(k, v)
class RecMeta(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kw):
        return Recording()
    def __new__(mcs, name, bases, ns, **kw):
        cls = super().__new__(mcs, name, bases, dict(ns))
        cls.order = [k for k in ns.order if not k.startswith("__")]
        return cls
class R(metaclass=RecMeta):
    b = 1
    a = 2
    def m(self): pass
print(R.order, type(R.__dict__["b"]).__name__)

# conflicts
class M1(type): pass
class M2(type): pass
class X1(metaclass=M1): pass
class X2(metaclass=M2): pass
try:
    class Y(X1, X2): pass
except TypeError as e: print(e)
class M3(M1): pass
class Z(X1, metaclass=M3): pass
print(type(Z).__name__)
class Z2(Z, X1): pass
print(type(Z2).__name__)

# type(name, bases, ns) with a metaclass base
W = type("W", (X1,), {})
print(type(W).__name__)
W2 = M1("W2", (), {"q": 1})
print(type(W2).__name__, W2.q)

# __init_subclass__ and class keywords
class Plugin:
    registry = []
    def __init_subclass__(cls, /, name=None, **kw):
        super().__init_subclass__(**kw)
        cls.plugin_name = name or cls.__name__.lower()
        Plugin.registry.append(cls.plugin_name)
class Csv(Plugin, name="csv"): pass
class Json(Plugin): pass
print(Plugin.registry, Csv.plugin_name)
try:
    class Bad(Plugin, color="red"): pass
except TypeError as e: print(e)
try:
    class Bad2(color="red"): pass
except TypeError as e: print(e)

# __set_name__
class Field:
    def __set_name__(self, owner, name):
        self.owner = owner.__name__
        self.name = name
class Rec:
    x = Field()
    y = Field()
print(Rec.x.owner, Rec.x.name, Rec.y.name)

# __class_getitem__ (an implicit classmethod)
class Box:
    def __class_getitem__(cls, item):
        return f"{cls.__name__}[{item.__name__}]"
print(Box[int])

# __instancecheck__ / __subclasscheck__
class Duck(type):
    def __instancecheck__(cls, obj):
        return hasattr(obj, "quack")
    def __subclasscheck__(cls, sub):
        return hasattr(sub, "quack")
class Quacker(metaclass=Duck): pass
class Mallard:
    def quack(self): pass
print(isinstance(Mallard(), Quacker), isinstance(3, Quacker), issubclass(Mallard, Quacker), issubclass(int, Quacker))
print(isinstance(Mallard(), (int, (str, Quacker))), isinstance(3, (int, Quacker)))
try:
    issubclass(3, Quacker)
except TypeError as e: print(e)
try:
    isinstance(3, 4)
except TypeError as e: print(e)

# __qualname__, __module__, __doc__
class Outer:
    "outer doc"
    class Inner:
        pass
print(Outer.__qualname__, Outer.Inner.__qualname__, Outer.Inner.__name__, Outer.__module__, Outer.__doc__, Outer.Inner.__doc__)
print("__qualname__" in Outer.__dict__)
