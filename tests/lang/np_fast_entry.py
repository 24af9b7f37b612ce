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

print(np.zeros, np.ones.__name__, np.empty.__name__, np.zeros.__module__, np.empty.__module__, np.array.__module__)
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

# indexing, len, shape, - and abs, ufunc calls
for dt in [np.float64, np.float32, np.int64, np.int8, np.uint8, np.bool_, np.float16]:
    x = np.array([[1, 0, 3], [4, 5, 6]], dtype=dt)
    v = x[1, 2]
    print(dt.__name__, repr(v), type(v).__name__, repr(x[0]), repr(x[-1, -3]), len(x), x.shape, x[0].shape,
          repr(-x[0]) if dt is not np.bool_ else '', repr(abs(x[1])), repr(np.negative(x[0])) if dt is not np.bool_ else '')
    for val in [7, 2.5, True, -0.0, 64.0, float('nan'), float('inf'), 100]:
        y = x.copy()
        try:
            y[1, 0] = val
            y[0] = val
            print(' ', val, repr(y))
        except Exception as e:
            print(' ', val, type(e).__name__, e)
z = np.zeros((2, 3))
w = z[::2, 1:]
w[0, 1] = 9.0
z.T[2, 1] = 4.0
print(z, w, z.base is None, w.base is z)
for f in [lambda: z[2, 0], lambda: z.__setitem__((0, 5), 1.0),
          lambda: len(np.array(1.0)), lambda: np.array(1.0)[0],
          lambda: z.__getitem__(), lambda: z.__len__(1), lambda: np.zeros(2).__setitem__(0)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
e = np.array(5.0)
e[()] = 3.0
print(e, e.shape, np.zeros((0, 2)).shape, len(np.zeros((0, 2))), np.zeros(3)[1:].shape)
print(np.add(a, b), np.add(a, 2), np.add(2, a), np.multiply(b, b), np.divide(b, 2), np.less(a, b), np.sqrt(a),
      np.sqrt(b), np.negative(b), np.absolute(-a), np.exp(np.zeros(2)), np.add(a, b, out=np.empty(3)),
      np.add(a, b, dtype=np.float32), np.subtract(b, 1), np.add([1, 2], [3, 4]), np.add(1, 2), np.sqrt(4.0))
with np.errstate(divide='ignore', invalid='ignore'):
    print(np.divide(a, 0), np.sqrt(-a), a / 0)
try:
    np.add(a)
except Exception as e:
    print(type(e).__name__, e)

# a.sum() and np.array(nested) in C
for x in [np.linspace(0, 1, 1001), np.linspace(0, 1, 1001).astype(np.float32), np.zeros(0), np.array(2.5),
          np.arange(12.0).reshape(3, 4)[:, ::2], np.array([1, 2, 3]), np.array([True, False]), np.float64(1.5)]:
    s = x.sum()
    print(repr(s), type(s).__name__, repr(x.sum(0)) if x.ndim else '', repr(x.sum(keepdims=True)))
for obj in [[1.0, 2.0, 3.0], [1, 2], [True, False], [], [[1, 2], [3, 4]], (1, 2.5), 3.0, [1, 2.5, True]]:
    try:
        r = np.array(obj)
        print(repr(r), r.dtype)
    except Exception as e:
        print(type(e).__name__, e)
print(np.array, repr(np.array([1, 2], dtype=np.float32)), repr(np.array([1.5], ndmin=2)), np.array(np.ones(2)))

# the small kernels (Note [Small array kernels]): int64 wrapping, float32 rounding of a Python
# float, NaN and signed zeros in comparisons, same-shape arrays only, and past the size limit
big = np.array([2**62, -2**63, 2**63 - 1])
print(big + 2**62, big - 1, big * 3, big * -1, big == -2**63, big >= 0)
f = np.array([0.1, -0.0, float('nan'), 1e38], dtype=np.float32)
print((f + 0.1).tolist(), (f * 3.3).tolist(), (f - 1e-8).tolist(), (f / 7.0).tolist(), f == -0.0, f != f, f < 1,
      (f + 70000).dtype, (f * 2).dtype)
g = np.array([0.1, 0.2, 0.3])
print(repr(g + 0.7), repr(g * g), repr(g / 3), repr(g - 1e-17), g == 0.1 * 3, repr(g + 2**53 + 1), repr(g + g[::-1]))
print(repr(g.reshape(3, 1) + g), repr(np.arange(5000.0)[-3:] * 0.1), repr((np.arange(5000.0) * 0.1)[-3:]))
print(repr(np.arange(6.0).reshape(2, 3).T + 1), repr(np.ones((2, 3)) * np.ones((2, 3))), repr(np.array([1.5]) / 0.0 if False else 0))

# reshape and copy in C
v = np.arange(6.0)
for r in [v.reshape(2, 3), v.reshape((3, 2)), v.reshape(-1, 2), v.reshape(6), v.reshape([2, 3]), v.reshape(2, 3, order='C'),
          v[::2].reshape(3, 1), np.array(7.0).reshape(1, 1), v.reshape(2, -1).T.reshape(6)]:
    print(repr(r), r.base is v, r.flags['C_CONTIGUOUS'])
for f in [lambda: v.reshape(4, 2), lambda: v.reshape(-1, -1), lambda: v.reshape(2.0, 3), lambda: v.reshape(7)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
c = v.copy()
c[0] = 9.0
print(repr(c), v[0], c.base, repr(v[::2].copy()), repr(v.reshape(2, 3).T.copy()), repr(np.array(2.5).copy()),
      repr(v.copy(order='F')), repr(np.zeros(0).copy()), np.arange(4).copy().dtype)
