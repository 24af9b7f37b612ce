# numpy's small-array fast paths (Note [ndarray fast paths] in
# lang/numpy/fastops.c) at the edges of the cases they take: every dtype,
# Python numbers at the limits of value-based casting, results with
# infinities or NaN (numpy's warnings), shapes that cannot view, 0-d
# arrays, nested lists of every kind, and the errors of the general path.
import warnings
import numpy as np

warnings.simplefilter("always")


def rounded(r):
    """numpy computes float32 exp and log with SVML's vector functions on
    AVX-512 machines, which differ from the engine's in the last bit"""
    return repr(np.round(r.astype(np.float64), 5)) + " " + r.dtype.name


dts = [np.bool_, np.uint8, np.int8, np.int16, np.int32, np.int64, np.float16, np.float32, np.float64]
for dt in dts:
    a = np.array([0, 1, 2, 3], dtype=dt)
    b = np.array([3, 2, 1, 0], dtype=dt)
    rows = []
    for name, f in [("+", lambda: a + b), ("-", lambda: a - b), ("*", lambda: a * b), ("/", lambda: a / b),
                    ("==", lambda: a == b), ("<", lambda: a < b), (">=", lambda: a >= b), ("+1", lambda: a + 1),
                    ("*2.5", lambda: a * 2.5), ("-300", lambda: a - 300), ("+70000", lambda: a + 70000),
                    ("+1e40", lambda: a + 1e40), ("neg", lambda: -a), ("abs", lambda: abs(a)),
                    ("sqrt", lambda: np.sqrt(a)), ("exp", lambda: rounded(np.exp(a))),
                    ("log", lambda: rounded(np.log(a)))]:
        try:
            r = f()
            rows.append(name + " " + repr(r))
        except Exception as e:
            rows.append(name + " " + type(e).__name__ + ": " + str(e))
    print(np.dtype(dt).name)
    print("\n".join(rows))
x = np.array([1.0, -1.0, 0.0])
print(x / 0, np.sqrt(x), np.log(x), x * np.inf, np.array([1e308]) * 10)
print(np.array([1.5, 2.5], dtype=np.float32) + 2 ** 40, np.array([1, 2], dtype=np.int8) + 127, np.array([1, 2], dtype=np.uint8) - 1)
print(np.zeros(3) + np.zeros((2, 1)), np.ones((2, 3)) * np.arange(3.0))
try:
    np.ones(3) + np.ones(4)
except ValueError as e:
    print("ValueError", e)
print(repr(np.zeros(3)), repr(np.ones((2, 2), dtype=int)), repr(np.empty(0)), repr(np.zeros(())), repr(np.full(2, 7.5)))
for bad in [-1, (2, -1), 2.5, (2, 2.0)]:
    try:
        np.zeros(bad)
    except Exception as e:
        print(type(e).__name__, e)
for obj in [[1.0, 2.0], [1, 2], [True, False], [True, 2], [1, 2.5], [], [[]], [[1, 2], [3, 4]], ([1, 2], (3, 4)),
            [2**62, -2**63], [float("nan"), float("inf")], [-0.0], ((1,),), [[[]]]]:
    a = np.array(obj)
    print(repr(a), a.dtype, a.shape)
try:
    np.array([[1], [2, 3]])
except ValueError as e:
    print("ValueError", e)
a = np.arange(12.)
for s in [(3, 4), (-1, 6), 12, (2, -1, 3), (12,), (5, -1), (3, 5), (-1, -1), (2, -2)]:
    try:
        r = a.reshape(s)
        print(repr(r), r.base is a, r.flags.owndata)
    except Exception as e:
        print(type(e).__name__, e)
b = a.reshape(3, 4)
c = b.reshape(4, 3)
print(c.base is a, b.T.reshape(12), b.T.reshape(12).base is None)
z = np.array(5.0).reshape(1, 1)
print(repr(z), z.base is not None, repr(np.zeros((2, 0)).reshape(0, 5)))
c[0, 0] = 100
print(a[0])
m = np.arange(12.0).reshape(3, 4)
for key in [0, -1, 2, (1, 2), (-1, -1), slice(1, None), slice(None, None, 2), (slice(0, 2), 1), (1, slice(1, 3)),
            (slice(None), slice(None, None, -1)), slice(None, None, -1), (0, 0, 0), 3, (0, 4), True, None, Ellipsis,
            (Ellipsis, 1), [0, 2], np.array([True, False, True])]:
    try:
        r = m[key]
        # a negative step copies here where numpy views (docs/numpy.md), so
        # only the values are compared for it
        negative = any(isinstance(k, slice) and (k.step or 1) < 0 for k in (key if isinstance(key, tuple) else (key,)))
        print(repr(key), repr(r), type(r).__name__, "-" if negative else getattr(r, "base", None) is not None)
    except Exception as e:
        print(repr(key), type(e).__name__, e)
s = m[1:, ::2]
s[0, 0] = -1.0
print(m[1, 0], repr(m.T), m.T.base is m.base, repr(np.float32(2.5) * np.ones(2, np.float32)))
v = np.array([1, 2, 3, 4])
for i, x in enumerate(v):
    if i + 1 < len(v):
        v[i + 1] += x
print(v, [type(x).__name__ for x in np.array([1.5, 2.5])], list(np.ones((2, 2))))
print(np.array([1.0, float("nan")]).max(), np.array([3.0, -1.0]).min(), np.array([0.1, 0.2, 0.3]).mean(),
      np.array([1, 2], np.float32).max(), np.arange(5), np.arange(2, -3), np.arange(-3, 3), np.arange(3, dtype=np.int8))
# numpy scalars with Python numbers and one another (Note [numpy scalar
# fast path]); warnings off here: the values are the point
with np.errstate(all="ignore"):
    f, i, j = np.float64(2.5), np.int64(7), np.int64(-3)
    vals = [f, i, j, 2, -2, 0, 0.5, 0.0, True, 2 ** 60, 2 ** 62, 1e308, float("inf"), float("nan"), np.float32(1.5), np.int8(3)]
    for a in [f, i, j, np.int64(2 ** 62), np.float64(1e308), np.float64(-0.0)]:
        for b in vals:
            row = []
            for name, fn in [("+", lambda x, y: x + y), ("-", lambda x, y: x - y), ("*", lambda x, y: x * y),
                             ("/", lambda x, y: x / y), ("r+", lambda x, y: y + x), ("r/", lambda x, y: y / x),
                             ("<", lambda x, y: x < y), ("==", lambda x, y: x == y), ("r>=", lambda x, y: y >= x)]:
                try:
                    r = fn(a, b)
                    row.append(name + "=" + repr(r) + ":" + type(r).__name__)
                except Exception as e:
                    row.append(name + "!" + type(e).__name__)
            print(repr(a), repr(b), " ".join(row))
