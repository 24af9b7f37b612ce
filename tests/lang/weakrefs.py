# Weak references: ref with callbacks (also for objects freed by the cycle
# collector), hash and equality, proxies, WeakMethod, the weak containers,
# finalize, and which objects can be weakly referenced.
import gc
import weakref

class A:
    def __init__(self, n):
        self.n = n
    def method(self):
        return self.n

log = []
a = A(1)
r = weakref.ref(a, lambda wr: log.append("cb " + str(wr() is None)))
print(r() is a, weakref.getweakrefcount(a), r.__callback__ is not None)
print(weakref.ref(a) is weakref.ref(a), weakref.getweakrefcount(a))
del a
print(r(), log)
for bad in ([], {}, 1, "s", (1,)):
    try:
        weakref.ref(bad)
    except TypeError as e:
        print("TypeError:", e)
try:
    weakref.ref(ValueError())
except TypeError as e:
    print("TypeError:", e)

# a weak reference to an object in a garbage cycle: cleared, callback run
b = A(2)
b.me = b
rb = weakref.ref(b, lambda wr: log.append("cycle cb"))
del b
gc.collect()
print(rb(), log[-1])

# a callback that runs a collection while its object is being freed
calls = []
def collecting_callback(wr):
    calls.append(gc.collect() >= 0)
for i in range(100):
    c = A(i)
    rc = weakref.ref(c, collecting_callback)
    del c
print(len(calls), all(calls))

# hash and equality
c = A(3)
r1, r2 = weakref.ref(c), weakref.ref(c, lambda wr: None)
print(r1 == r2, hash(r1) == hash(c), r1 is not r2)
h = hash(r1)
del c
print(r1 == r2, hash(r1) == h)
d = A(4)
rd = weakref.ref(d)
del d
try:
    hash(rd)
except TypeError as e:
    print("TypeError:", e)

# proxies
e = A(5)
p = weakref.proxy(e)
print(p.n, p.method())
del e
try:
    p.n
except ReferenceError as err:
    print("ReferenceError:", err)

# WeakMethod
f = A(6)
wm = weakref.WeakMethod(f.method)
print(wm()())
del f
print(wm())

# the weak containers
wvd = weakref.WeakValueDictionary()
keep = A(7)
wvd["keep"] = keep
wvd["gone"] = A(8)
gc.collect()
print(sorted(wvd.keys()), len(wvd), "gone" in wvd, wvd.get("keep").n)
wkd = weakref.WeakKeyDictionary()
k1, k2 = A(9), A(10)
wkd[k1] = "one"
wkd[k2] = "two"
del k2
print(len(wkd), wkd[k1], k1 in wkd)
ws = weakref.WeakSet()
s1, s2 = A(11), A(12)
ws.add(s1)
ws.add(s2)
del s2
print(len(ws), s1 in ws, [x.n for x in ws])

# finalize
g = A(13)
fin = weakref.finalize(g, log.append, "finalized")
print(fin.alive)
del g
print(fin.alive, log[-1])
fin2 = weakref.finalize(A(14), log.append, "called")
print(fin2(), fin2.alive)

# functions, classes, sets, generators, tensors
import torch
def fn():
    pass
class K:
    pass
def gen():
    yield 1
t = torch.ones(2)
for obj in (fn, K, {1, 2}, frozenset(), gen(), t, A(15).method):
    print(type(obj).__name__, weakref.ref(obj)() is obj or type(obj).__name__ == "method")
