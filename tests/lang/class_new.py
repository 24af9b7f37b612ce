# __new__: object.__new__(cls) makes a bare instance; a class's own __new__ decides what C() is.
class A:
    def __init__(self): self.a = 1
b = A.__new__(A)
print(type(b).__name__, b.__dict__)
c = object.__new__(A)
print(type(c).__name__, vars(c))
class S:
    _inst = None
    def __new__(cls, *args):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst
    def __init__(self, x):
        self.x = x
s1 = S(1); s2 = S(2)
print(s1 is s2, s1.x)
class P:
    def __new__(cls, v):
        return v * 2
print(P(21))
class B: pass
try:
    B(1)
except TypeError as e: print(e)
try:
    object.__new__(B, 1)
except TypeError as e: print(e)
try:
    object.__new__(3)
except TypeError as e: print(e)
print(A.__new__ is object.__new__)
class E(Exception): pass
e = E.__new__(E)
print(type(e).__name__, e.args)
import torch
t = torch.Tensor.__new__(torch.Tensor)
print(t)
S._inst = None  # cgrad has no cycle collector yet: S and its instance refer to each other
