# numpy.random's Generator: SeedSequence, PCG64 and default_rng draw numpy 1.24's numbers
# (random, integers, permutation exactly; normal and exponential to the last bit but one:
# Note [numpy's ziggurat] in lang/numpy/ziggurat.c).
import numpy as np
ss = np.random.SeedSequence(0); print(ss.generate_state(4, np.uint64).tolist() if hasattr(ss.generate_state(4, np.uint64), 'tolist') else ss.generate_state(4, np.uint64), ss.pool.tolist())
g = np.random.default_rng(0); print(g.bit_generator.state)
print(g.random(3), g.integers(10, size=5), g.integers(0, 2**40, 2), g.standard_normal(3))
print(np.random.default_rng(12345).normal(size=2), np.random.default_rng([1,2]).random(), np.random.default_rng(2**100).random())
g = np.random.default_rng(42)
x = g.standard_normal(200000)
print(round(float(x.sum()), 6), x[:5], x.min(), x.max())
e = g.exponential(2.0, 100000)
print(round(float(e.sum()), 6), e[:3], round(float(e.max()), 9))
print(g.integers(5, 10, size=6), g.integers(0, 5, endpoint=True, size=4), g.uniform(1, 2, 3), g.permutation(8), g.choice(5, 4), g.choice([10, 20, 30], 2))
print(g.integers(2**62, size=3), g.integers(3), g.random())
g = np.random.default_rng(9)
print(g.choice(10, 4, replace=False), g.choice(10, 3, replace=False, shuffle=False), g.choice(5, 3, p=[0.1, 0.2, 0.3, 0.2, 0.2]),
      g.choice(6, 3, replace=False, p=[0.1, 0.1, 0.2, 0.2, 0.2, 0.2]), g.choice(20000, 5, replace=False), g.choice(20000, 1000, replace=False)[:5],
      g.choice([1.5, 2.5, 3.5]), g.choice(np.arange(12).reshape(4, 3), 2), g.choice(100, (2, 2), replace=False))
# random(dtype=float32), out=, standard_exponential(method='inv') and the dtype/out errors
g = np.random.default_rng(12)
print(g.random(4, dtype=np.float32), g.random(dtype=np.float32), g.random(3, dtype='float32').dtype)
o = np.empty((2, 3))
r = g.random(out=o)
print(r is o, o)
o = np.empty(3)
print(g.standard_normal(out=o), g.standard_exponential(3, method='inv'), g.standard_exponential(method='inv'))
for f in [lambda: g.random(3, dtype=np.int32), lambda: g.random(size=4, out=np.empty(3)), lambda: g.random(out=np.empty(3, dtype=np.float32)),
          lambda: g.standard_normal(2, dtype=np.int64)]:
    try: f(); print('ok')
    except Exception as e: print(type(e).__name__, e)
