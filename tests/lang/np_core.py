# numpy's core as numpy 1.24 behaves: printing, dtypes and promotion,
# arithmetic, indexing and views, reductions, shapes, memory shared with
# torch, and numpy's errors. (dtypes the engine lacks yet, int8, uint8,
# int16, float16 and the unsigned ones, are left out, and so are numpy's
# floating-point warnings.)
import numpy as np
import torch

print('--- printing')
for a in [np.array([1.0, 2.5]), np.arange(12).reshape(3, 4), np.zeros((2, 3), dtype=np.float32),
          np.array([True, False, True]), np.linspace(0, 1, 7), np.array([1e-5, 1.0, 3.0]),
          np.array([1e8, 1.0]), np.array([-1.5, 2.25, np.nan, np.inf, -np.inf]), np.array([0.1, 0.2, 0.3]),
          np.array([123456.789, 0.001]), np.array([1, -20, 300]), np.array(5), np.array(2.5),
          np.array([], dtype=np.float64), np.zeros((0, 3)), np.zeros((2, 0), dtype=np.int32),
          np.arange(24).reshape(2, 3, 4), np.arange(2000.0), np.arange(3000).reshape(1000, 3),
          np.array([1 / 3, 2 / 3], dtype=np.float32), np.array([[0.5, -0.25], [1e-3, 7.0]]),
          np.arange(30.0) * 1.1, np.array([-0.0, 0.0]), np.array([np.nan]), np.array([1.5, np.nan]),
          np.array([1000000.0, 2.0]), np.array([True]), np.eye(3), np.full((2, 2), 7),
          np.array([[1, 2], [3, 4]], dtype=np.int32)]:
    print(repr(a))
    print(str(a))
print(np.array([3.14159265358979, 2.0]) * 1e10)
with np.printoptions(precision=3, suppress=True):
    print(np.array([1.23456789, 1e-7, 12345.6789]))
np.set_printoptions(threshold=10, edgeitems=2)
print(np.arange(20))
np.set_printoptions(threshold=1000, edgeitems=3)
with np.printoptions(linewidth=30):
    print(repr(np.arange(20.0)))
print(np.format_float_positional(0.1 + 0.2), np.format_float_scientific(12345.678, precision=3))
print(np.array2string(np.array([1.0, 2.0]), separator=', '))

print('--- scalars and dtypes')
for s in [np.float64(1.5), np.float32(0.1), np.int64(3), np.int32(-7), np.bool_(True), np.float32(1e-8),
          np.float32(16777216.0), np.float64(1e16), np.float32(3.0)]:
    print(repr(s), str(s), type(s).__name__, s.dtype, s.itemsize)
print(isinstance(np.float64(2.0), float), isinstance(np.int64(2), int), np.float64(2.0) + 1.5)
for name in ['float64', 'float32', 'int64', 'int32', 'bool', 'f8', 'i4', '<f4', 'float', 'int']:
    d = np.dtype(name)
    print(name, repr(d), d.name, d.kind, d.char, d.itemsize, d.str, d == name)
print(np.dtype(float), np.dtype(int), np.dtype(bool), np.dtype(np.float32), np.float32 == np.dtype('f4'))
try:
    np.dtype('nonsense')
except TypeError as e:
    print('TypeError', e)

print('--- promotion')
kinds = ['bool', 'int32', 'int64', 'float32', 'float64']
arrays = {k: np.array([1, 2, 1], dtype=k) for k in kinds}
for a in kinds:
    print(a, [str(np.promote_types(a, b)) for b in kinds])
    print(' +', [str((arrays[a] + arrays[b]).dtype) for b in kinds if not (a == 'bool' and b == 'bool')])
    print(' /', [str((arrays[a] / arrays[b]).dtype) for b in kinds])
    print(' scalars', [str((arrays[a] + s).dtype) for s in (True, 1, -1, 2 ** 40, 1.5, 1e300)])
    print(' scalar/', [str((arrays[a] / s).dtype) for s in (True, 2, 1.5)])
print(type(np.float32(1) + 1).__name__, type(np.int32(1) + 1).__name__, type(np.float32(1) + 1.5).__name__,
      type(np.array(1.0, dtype=np.float32) + 1).__name__, (np.array(1, dtype=np.int32) + np.array([1], np.int64)).dtype)
print(np.result_type(np.int32, 1.0), np.result_type(np.array([1], np.int32), 1), np.can_cast(np.int32, np.float64),
      np.can_cast(np.float64, np.int64), np.can_cast(np.int64, np.float32, 'same_kind'))

print('--- arithmetic')
a = np.arange(6).reshape(2, 3)
b = np.array([1.5, -2.0, 0.25])
print(a + b, a - b, a * b, a / b, a // 2, a % 4, a ** 2, -b, abs(b), a / 0.5)
print(a // np.array([1, 2, 3]), a % np.array([1, 2, 3]))
print(np.array([7, -7]) // 2, np.array([7, -7]) % 3, np.array([7.5, -7.5]) // 2, np.array([7.5, -7.5]) % 2)
print(a == 3, a < b, a >= 2, (a > 1) & (a < 5), (a > 1) | (a < 1), ~(a > 2))
print(np.array([True, False]) + np.array([True, True]), np.array([True, False]) * np.array([True, True]))
print(np.sqrt(np.array([4, 9])), np.exp(np.array([0.0, 1.0])), np.log(np.array([1.0, np.e])),
      np.sin(np.array([0.0])), np.square(np.array([3, -4])), np.sign(np.array([-2.5, 0.0, 3.0])))
print(np.maximum(a, 2), np.minimum(b, 0), np.isnan(np.array([1.0, np.nan])), np.isinf(np.array([np.inf, 1.0])),
      np.isfinite(np.array([np.inf, np.nan, 1.0])))
print(np.add(a, 1, out=np.empty((2, 3), dtype=np.float64)), np.add.reduce(a, axis=1), np.add.accumulate(a, 1),
      np.multiply.outer(np.arange(3), np.arange(2)), np.add(a, 10, where=a > 2, out=np.zeros((2, 3), np.int64)))
c = np.ones(3)
c += 2
c *= np.array([1.0, 2.0, 3.0])
print(c)
d = np.arange(3)
d += 1
print(d, d.dtype)
print(np.array([1, 2]) @ np.array([[1, 2], [3, 4]]), np.dot(np.array([1.0, 2.0]), np.array([3.0, 4.0])))
print(2 ** np.arange(4), 1 / np.array([2, 4]), 10 - np.array([1, 2]), 3 * np.array([1.5]))
print(np.float64(3.0) * np.array([1, 2]), np.int64(2) * np.array([1, 2], dtype=np.int32))

print('--- errors')
for f in [lambda: np.ones((2, 3)) + np.ones(4), lambda: np.array([1, 2])[5], lambda: np.ones((2, 2))[0, 3],
          lambda: bool(np.array([1, 2])), lambda: np.arange(6).reshape(4, 2),
          lambda: np.array([True]) - np.array([False]), lambda: -np.array([True]),
          lambda: np.array([2]) ** np.array([-1]), lambda: np.sum(np.ones(3), axis=1),
          lambda: np.concatenate([np.ones((2, 2)), np.ones((3, 3))]), lambda: np.array([[1, 2], [3]]),
          lambda: np.zeros(2).max(axis=0) if False else np.array([]).max(), lambda: np.ones(3)[1.5],
          lambda: np.matmul(np.ones((2, 3)), np.ones((2, 3))), lambda: float(np.ones(2)),
          lambda: np.ones(3).reshape(-1, -1), lambda: np.argmax(np.array([]))]:
    try:
        f()
        print('no error')
    except Exception as e:
        print(type(e).__name__, e)

print('--- indexing and views')
x = np.arange(24).reshape(4, 6)
print(x[1], x[1, 2], x[-1, -1], x[1:3, ::2], x[:, 1], x[..., 0], x[None, 0].shape, x[[0, 2]], x[[0, 1], [2, 3]])
print(x[x % 5 == 0], x[1:, [0, -1]], x[::-1, 0], x[0, ::-2], x[np.array([True, False, True, False])])
v = x[1:3]
v[0, 0] = -1
print(x[1, 0], v.base is x, x[1:3].flags['C_CONTIGUOUS'], x.T.flags.c_contiguous, x.T.strides, x.strides)
w = x.reshape(6, 4)
w[0, 0] = 99
print(x[0, 0], w.base is x, x.ravel()[:3], x.flatten().base is None)
y = x[[0, 1]]
y[0, 0] = 1234
print(x[0, 0])
x[0] = 5
x[:, 1] = np.array([10, 20, 30, 40])
x[x > 30] = 0
print(x)
z = np.zeros(5)
z[1:3] = 7
z[[0, 4]] = 1.5
print(z, z.shape, z.ndim, z.size, z.itemsize, z.nbytes, z.dtype, len(z))
print([float(t) for t in np.array([1.5, 2.5])], list(np.arange(3)), np.array([[1, 2]]).tolist(), x.item(5))
print(np.arange(5)[np.int64(2)], np.arange(5)[np.array(3)], 3 in np.arange(5), np.arange(4).T)

print('--- reductions')
r = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]])
i = np.array([[3, 1, 2], [9, 7, 8]])
print(r.sum(), r.sum(0), r.sum(1), r.sum(axis=(0, 1)), r.sum(1, keepdims=True), i.sum(), i.sum(0).dtype)
print(r.mean(), r.mean(0), i.mean(1), i.mean().dtype, r.std(), r.var(0), i.std(1), r.var(ddof=1))
print(r.max(), r.min(0), i.max(1), i.argmax(), i.argmin(1), np.argmax(r, axis=0), r.prod(), i.prod(1))
print(i.cumsum(), i.cumsum(1), r.cumprod(0), np.ptp(i, 1), (i > 2).all(), (i > 2).any(1), np.count_nonzero(i > 2))
print(np.sum([1, 2, 3]), np.mean([1, 2]), np.max([[1, 5], [3, 2]], axis=0), np.amin(r), np.all([True, 1]))
print(type(r.sum()).__name__, type(i.sum()).__name__, type(i.mean()).__name__, np.sum(np.array([True, True])))

print('--- creation and shapes')
print(np.zeros(3), np.ones((2, 2), dtype=int), np.empty(0), np.full(3, 2.5), np.zeros_like(i), np.ones_like(r),
      np.full_like(i, 7), np.arange(5), np.arange(1, 10, 3), np.arange(0.0, 1.0, 0.25), np.arange(5, 0, -2))
print(np.linspace(0, 10, 5), np.linspace(0, 1, 4, endpoint=False), np.linspace(2, 3, 3, retstep=True),
      np.logspace(0, 2, 3), np.eye(2, 3, k=1), np.identity(2, dtype=int), np.array(range(4)))
print(np.array([[1, 2.5], [3, 4]]), np.array([1, True]), np.array([np.float32(1.5), np.float32(2)]).dtype,
      np.array([np.arange(2), np.arange(2)]), np.asarray([1, 2], dtype=np.float32), np.array(np.arange(3)))
print(np.concatenate([i, i]), np.concatenate([i, i], axis=1), np.stack([b, b]), np.stack([b, b], 1),
      np.vstack([b, b]), np.hstack([b, b]), np.column_stack([b, b]), np.dstack([b, b]).shape)
print(np.expand_dims(b, 0).shape, np.squeeze(np.ones((1, 3, 1))).shape, np.transpose(i), np.swapaxes(i, 0, 1),
      np.moveaxis(np.ones((2, 3, 4)), 0, -1).shape, i.reshape(-1), i.reshape(3, -1), np.ravel(i))
print(np.split(np.arange(6), 3), np.array_split(np.arange(7), 3), np.tile(np.arange(3), 2),
      np.tile(np.arange(2), (2, 2)), np.repeat(np.arange(3), 2), np.repeat(i, [1, 2], axis=0))
print(np.flip(np.arange(4)), np.roll(np.arange(5), 2), np.roll(i, -1, axis=1), np.append([1, 2], [3]),
      np.diff(np.array([1, 4, 9, 16])), np.tril(np.ones((3, 3))), np.triu(np.ones((3, 3)), 1))
print(np.where(i > 2, i, -1), np.where(i > 7), np.clip(r, 2, 5), np.round(np.array([0.5, 1.5, 2.5, -0.5, 1.234]), 1),
      np.around(np.array([2.5, 3.5, -2.5])), np.sort(np.array([3, 1, 2])), np.argsort(np.array([3.0, 1.0, 2.0])),
      np.unique(np.array([3, 1, 3, 2, 1])), np.unique(np.array([2, 1, 2]), return_counts=True))
xs, ys = np.meshgrid(np.arange(3), np.arange(2))
print(xs, ys, np.allclose([1.0, 2.0], [1.0, 2.0 + 1e-9]), np.isclose(np.array([1.0, 2.0]), 1.0),
      np.array_equal(i, i.copy()), np.broadcast_to(np.arange(3), (2, 3)), np.diag(np.array([1, 2])),
      np.trace(np.eye(3)), np.outer([1, 2], [3, 4]), np.take(np.arange(10, 15), [0, 4]))

print('--- torch')
t = torch.arange(6.0).reshape(2, 3)
a = t.numpy()
a[0, 0] = 100
print(t[0, 0].item(), type(a.base).__name__, a.dtype)
n = np.arange(4)
u = torch.from_numpy(n)
u[1] = 42
print(n, u.dtype, torch.tensor(np.array([1.5, 2.5])).dtype, torch.tensor(np.array([1.5], dtype=np.float32)).dtype)
g = torch.as_tensor(n)
g[0] = -1
print(n)
for f in [lambda: torch.ones(2, requires_grad=True).numpy(), lambda: torch.from_numpy([1, 2])]:
    try:
        f()
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
print(torch.ones(2, requires_grad=True).detach().numpy(), torch.from_numpy(np.ones((2, 2), np.float32)) @ torch.ones(2))
print(np.array(torch.tensor([1, 2])), np.asarray(torch.tensor([[1.5]])).dtype)
t = torch.ones(2)
for f in [lambda: t * np.float64(2.0), lambda: t * np.float32(2.0), lambda: np.float32(2.0) * t,
          lambda: t + np.int64(3), lambda: np.int64(3) + t, lambda: t + np.arange(2.0),
          lambda: torch.tensor([np.float32(1.5), np.float32(2)]), lambda: torch.tensor(np.float64(2.5)),
          lambda: torch.zeros(np.int64(3)), lambda: t[np.int64(1)], lambda: torch.full((2,), np.float32(1.5))]:
    r = f()
    print(type(r).__name__, r)
from torch.utils.data import DataLoader
ds = [(np.array([1.0, 2.0]), np.float32(1)), (np.array([3.0, 4.0]), np.float32(0))]
for xb, yb in DataLoader(ds, batch_size=2):
    print(xb, yb)
