# type.__subclasses__() (weakly held, dead classes drop out) and memoryview contiguity attributes,
# as CPython 3.11.
import gc
class A: pass
class B(A): pass
class C(A): pass
class D(B, C): pass
print(A.__subclasses__(), B.__subclasses__(), C.__subclasses__(), D.__subclasses__(), type.__subclasses__(A))
def make():
    class Temp(A): pass
    return Temp
t = make()
print([c.__name__ for c in A.__subclasses__()])
del t
gc.collect()
print([c.__name__ for c in A.__subclasses__()])
for i in range(100):
    type("X%d" % i, (A,), {})
gc.collect()
print(len(A.__subclasses__()))
E = type("E", (A,), {})
print(E in A.__subclasses__(), object.__subclasses__ is not None)
m = memoryview(b"abcd")
print(m.contiguous, m.c_contiguous, m.f_contiguous, m.suboffsets)
m2 = memoryview(bytearray(b"abcdef")).cast("B", (2, 3))
print(m2.c_contiguous, m2.f_contiguous, m2.contiguous, m2.shape, m2.strides)
