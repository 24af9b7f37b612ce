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
