# numpy: a.sum(axis=0) of a 4096 x 4096 float64 array
import time
import numpy as np
a = np.linspace(0, 1, 4096 * 4096).reshape(4096, 4096)
t0 = time.perf_counter()
for _ in range(3):
    r = a.sum(axis=0)
print(f"seconds {time.perf_counter() - t0:.6f}")
