# ndarray's operators and np.zeros / ones / empty entered in C (Note [ndarray operators in
# C] in lang/numpy/fast_methods.c): called as operators, as methods, through the class, on
# subclasses, with every way of giving the dtype, and the errors of the general path behind.
import numpy as np

a = np.array([1.0, 2.0, 3.0])
b = np.array([3, 2, 1])
print(a.__add__(1), a.__sub__(b), a.__mul__(a), a.__truediv__(2), a.__lt__(2), a.__ge__(b))
print(np.ndarray.__add__(a, a), np.ndarray.__eq__(a, 2.0), type(a).__ne__(b, 2))
print(1 + a, 2 * b, 1 - a, 6 / a, 2 < a)
print(a + [1, 2, 3], a + (1,), b + True, b * 2.5, b / b, a == a[::-1], a[::2] + a[1:])
print(np.array(2.0) + 1, np.array([]) + 1, np.zeros((2, 0)) * 3, a + np.float32(1), b + np.int8(1))
print(b + 2**40, (b + 2**70).dtype if False else 0, np.array([1, 2], dtype=np.int8) + 300)


class Sub(np.ndarray):
    pass


s = a.view(Sub)
print(s + 1, s < 2, s * s)
for f in [lambda: a + [1, 2], lambda: a.__add__(), lambda: a.__add__(1, 2), lambda: a.__lt__(x=1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

print(np.zeros, np.ones.__name__, np.empty.__name__)
for z in [np.zeros(3), np.zeros((2, 3)), np.zeros(()), np.zeros([2, 2]), np.zeros(2, float), np.zeros(2, int),
          np.zeros(2, np.float32), np.zeros(2, dtype=np.dtype('int16')), np.zeros(2, dtype=None), np.zeros(2, 'f2'),
          np.zeros(shape=2), np.zeros(2, order='F'), np.ones(3), np.ones((2, 2), np.int8), np.ones(2, dtype=bool),
          np.ones(0), np.empty(2).shape, np.empty((2, 1), np.uint8).dtype, np.zeros(np.int64(2))]:
    print(repr(z))
for f in [lambda: np.zeros(-1), lambda: np.zeros((2, -1)), lambda: np.zeros('x'), lambda: np.zeros(2.0),
          lambda: np.zeros(3, foo=1), lambda: np.ones(2, dtype='xyz'), lambda: np.empty((2, None))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
