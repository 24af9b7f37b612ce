# copy: copy and deepcopy through __reduce_ex__ like CPython: slots, builtin subclasses, __getnewargs__, __reduce__, bound methods, memo, and the errors.
import copy, collections
class A:
    def __init__(self): self.l = [1, 2]; self.t = (self.l,)
a = A()
b = copy.copy(a); c = copy.deepcopy(a)
print(b.l is a.l, c.l is a.l, c.t[0] is c.l)
class Sl:
    __slots__ = ('x', 'y')
s = Sl(); s.x = [1]
s2 = copy.deepcopy(s); print(s2.x, s2.x is s.x, hasattr(s2, 'y'))
s3 = copy.copy(s); print(s3.x is s.x)
class ML(list): pass
m = ML([1, [2]]); m.tag = 'x'
m2 = copy.deepcopy(m); print(type(m2).__name__, m2, m2.tag, m2[1] is m[1])
od = collections.OrderedDict(a=1, b=[2])
od2 = copy.deepcopy(od); print(od2, od2['b'] is od['b'])
dd = collections.defaultdict(list, {'a': [1]})
dd2 = copy.deepcopy(dd); print(dd2, dd2['a'] is dd['a'])
print(copy.deepcopy({1, 2}), copy.copy(frozenset({3})), copy.deepcopy(1+2j), copy.deepcopy(range(3)))
class R:
    def __init__(self, v): self.v = v
    def __reduce__(self): return (R, (self.v * 2,))
print(copy.copy(R(2)).v, copy.deepcopy(R(3)).v)
class NA:
    def __new__(cls, v): o = object.__new__(cls); o.v = v; return o
    def __getnewargs__(self): return (self.v,)
print(copy.deepcopy(NA(5)).v)
def gen(): yield 1
try: copy.deepcopy(gen())
except TypeError as e: print('TypeError', e)
print(copy.Error, copy.error is copy.Error, copy.dispatch_table is __import__('copyreg').dispatch_table)
class M:
    def f(self): return 1
m = M(); bm = copy.deepcopy(m.f); print(bm.__self__ is m, bm())
x = [1]; memo = {}
y = copy.deepcopy([x, x], memo); print(y[0] is y[1], id(x) in memo)
print(copy.copy(len) is len, copy.deepcopy(A) is A)
import pickle
print(copy.deepcopy(bytearray(b'ab')), copy.copy(slice(1, 2)))
