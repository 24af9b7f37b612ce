# numpy: per-operation cost on a 3-element float64 array (microseconds a call)
import time
import numpy as np

a = np.zeros(3) + 1.5
b = np.ones(3)
m = np.ones((3, 3))
N = 50_000
cases = [
    ('a + 1', lambda: a + 1),
    ('a * b', lambda: a * b),
    ('a < b', lambda: a < b),
    ('-a', lambda: -a),
    ('np.add(a, b)', lambda: np.add(a, b)),
    ('np.sqrt(a)', lambda: np.sqrt(a)),
    ('a.sum()', lambda: a.sum()),
    ('a[1]', lambda: a[1]),
    ('m[1]', lambda: m[1]),
    ('a[1:]', lambda: a[1:]),
    ('a[1] = 2.0', lambda: a.__setitem__(1, 2.0)),
    ('np.zeros(3)', lambda: np.zeros(3)),
    ('np.array([1.0, 2.0, 3.0])', lambda: np.array([1.0, 2.0, 3.0])),
    ('a.shape', lambda: a.shape),
    ('len(a)', lambda: len(a)),
    ('a.reshape(3, 1)', lambda: a.reshape(3, 1)),
    ('a.copy()', lambda: a.copy()),
    ('np.zeros(3) + 1', lambda: np.zeros(3) + 1),
]
base_t0 = time.perf_counter()
f = lambda: None
for _ in range(N):
    f()
base = (time.perf_counter() - base_t0) / N
for name, fn in cases:
    t0 = time.perf_counter()
    for _ in range(N):
        fn()
    dt = (time.perf_counter() - t0) / N - base
    print(f"{name:28s} {dt * 1e6:7.3f} us")
