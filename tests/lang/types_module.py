# types: SimpleNamespace, the type names, MappingProxyType, new_class/prepare_class/resolve_bases.
import types
ns = types.SimpleNamespace(a=1, b="x")
ns.c = [1]
print(ns, ns.a, ns == types.SimpleNamespace(a=1, b="x", c=[1]), vars(ns))
print(types.SimpleNamespace(), types.SimpleNamespace(z=3))
try:
    types.SimpleNamespace({"k": 2})
except TypeError as e: print(e)
def f(): pass
class C:
    def m(self): pass
def g(): yield 1
print(isinstance(f, types.FunctionType), isinstance(lambda: 0, types.LambdaType), isinstance(C().m, types.MethodType))
print(isinstance(len, types.BuiltinFunctionType), isinstance([].append, types.BuiltinMethodType), isinstance(types, types.ModuleType))
print(isinstance(g(), types.GeneratorType), types.NoneType is type(None), isinstance(None, types.NoneType), type(NotImplemented) is types.NotImplementedType, type(...) is types.EllipsisType)
mp = types.MappingProxyType({"a": 1, "b": 2})
print(mp, mp["a"], len(mp), list(mp), "b" in mp, mp.get("z", 0), sorted(mp.items()))
try:
    mp["c"] = 3
except TypeError as e: print(e)

class Meta(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kw):
        d = {"prepared": True}
        return d
    def __new__(mcs, name, bases, ns, **kw):
        cls = super().__new__(mcs, name, bases, ns)
        cls.kw = kw
        return cls
def body(ns):
    ns["x"] = 10
    ns["hello"] = lambda self: "hi"
K = types.new_class("K", (C,), {"metaclass": Meta, "flag": 1}, body)
print(K.__name__, type(K).__name__, K.x, K().hello(), K.prepared, K.kw, K.__mro__[1] is C)
meta, ns2, kw = types.prepare_class("Z", (), {"metaclass": Meta, "q": 2})
print(meta.__name__, ns2, kw)
meta, ns3, kw = types.prepare_class("Z")
print(meta, ns3, kw)
P = types.new_class("P")
print(P, P.__mro__, types.resolve_bases((int, C)) == (int, C))
class Alias:
    def __mro_entries__(self, bases): return (C,)
print(types.resolve_bases((Alias(),)) == (C,))
