# numpy: a * b + c over 10M float64 (issue 22's speed list)
import time
import numpy as np
a = np.linspace(0, 1, 10_000_000)
b = np.linspace(1, 2, 10_000_000)
c = np.linspace(2, 3, 10_000_000)
t0 = time.perf_counter()
for _ in range(5):
    r = a * b + c
print(f"seconds {time.perf_counter() - t0:.6f}")
