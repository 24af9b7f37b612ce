# numpy's float sums, means, variances and norms, bit for bit: pairwise sums in blocks of
# 8192 along the fastest axis, elementwise accumulation along others (Note [numpy's summation order]).
import numpy as np
rs = [np.linspace(-1, 1, n) * np.linspace(-1, 1, n) * np.linspace(-1, 1, n) * 1.1 for n in (5, 9, 100, 1000, 8192, 8193, 20000, 100001)]
for x in rs:
    print(repr(x.sum()), repr(x.astype(np.float32).sum()), repr(x.mean()), repr(x.std()), repr(x.var(ddof=1)))
m = np.square(np.linspace(0, 1, 3000).reshape(50, 60)) * 0.3
for ax in (None, 0, 1, (0, 1)):
    print(repr(m.sum(axis=ax))[:200], repr(m.T.sum(axis=ax))[:200], repr(m[::2, 1::3].sum(axis=ax))[:200])
c = np.sqrt(np.linspace(0, 1, 24000).reshape(4, 100, 60))
for ax in ((0, 2), (1, 2), 1, (0, 1), None):
    print(repr(c.sum(axis=ax))[:300], repr(c.transpose(2, 0, 1).mean(axis=ax))[:300])
print(np.sum(np.full(9, -0.0)), np.linalg.norm(np.linspace(0, 1, 10001)), np.linalg.norm(np.arange(12.).reshape(3, 4), 'nuc'))
# rows added into the outputs a block at a time (Note [Outer-axis sums]): row counts around the
# block of 8, widths around the vector's lanes, float32 and float64, strided and transposed inputs
for r, c in ((1, 5), (7, 3), (8, 4), (9, 9), (17, 37), (64, 19)):
    k = np.arange(r * c).reshape(r, c)
    x = ((k * 7919) % 1009 - 504) / 13.0 * np.array([1e-3, 1.0, 1e3, 0.1, 1e2, 1e-2, 10.0])[k % 7]
    for v in (x, x.astype(np.float32), x[:, ::2], x[::-2], x.T.copy().T):
        print(r, c, v.dtype, v.sum(axis=0).tolist(), repr(v.mean(axis=0, keepdims=True)[0, -1]))
y = ((np.arange(3 * 21 * 10).reshape(3, 21, 10) * 4973) % 997 - 498) / 7.0 * 1e3 + 0.1
for ax in (0, 1, (0, 1)):
    print(ax, y.sum(axis=ax).tolist()[-1], y.astype(np.float32).sum(axis=ax).tolist()[-1])
print(np.ones((0, 4)).sum(axis=0), np.ones((5, 0)).sum(axis=0), np.ones((9, 1)).sum(axis=0))
