# weakref: ref with callbacks, proxy, WeakValueDictionary,
# WeakKeyDictionary, WeakSet, WeakMethod and finalize, as CPython runs them
# (objects die when their last reference goes).
import gc
import weakref


class Obj:
    def __init__(self, name):
        self.name = name

    def method(self):
        return 'method of ' + self.name

    def __repr__(self):
        return 'Obj(%r)' % self.name


died = []
a = Obj('a')
r = weakref.ref(a, lambda ref: died.append('a died'))
print(r() is a, weakref.getweakrefcount(a), r == weakref.ref(a), callable(r), type(r) is weakref.ReferenceType)
del a
gc.collect()
print(r(), died)

b = Obj('b')
p = weakref.proxy(b)
print(p.name, p.method(), isinstance(p, weakref.ProxyTypes) or type(p).__name__)
del b
gc.collect()
try:
    p.name
except ReferenceError as e:
    print('ReferenceError', e)

values = weakref.WeakValueDictionary()
keep = Obj('kept')
values['k'] = keep
values['t'] = Obj('temporary')
gc.collect()
print(sorted(values.keys()), values.get('t'), 'k' in values, len(values), values['k'])
try:
    values['t']
except KeyError as e:
    print('KeyError', e)

keys = weakref.WeakKeyDictionary()
k1, k2 = Obj('k1'), Obj('k2')
keys[k1] = 1
keys[k2] = 2
del k2
gc.collect()
print(list(keys.items()), len(keys), k1 in keys, keys.get(k1))

s = weakref.WeakSet()
x, y = Obj('x'), Obj('y')
s.add(x)
s.add(y)
print(len(s), x in s)
del y
gc.collect()
print(len(s), list(s), Obj('z') in s)


class Counter:
    def __init__(self):
        self.n = 0

    def bump(self):
        self.n += 1
        return self.n


c = Counter()
wm = weakref.WeakMethod(c.bump)
print(wm()(), wm()(), wm() == c.bump)
del c
gc.collect()
print(wm())

events = []
target = Obj('target')
fin = weakref.finalize(target, events.append, 'finalized')
print(fin.alive, fin.peek()[0] is target)
del target
gc.collect()
print(events, fin.alive)
f2 = weakref.finalize(Counter(), events.append, 'never')
gc.collect()
other = Obj('other')
f3 = weakref.finalize(other, events.append, 'called early')
print(f3(), f3(), events, f3.alive, f3.detach())
try:
    weakref.ref(1)
except TypeError as e:
    print('TypeError', e)
