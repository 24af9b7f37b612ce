# numpy: a @ b of 1024 x 1024 float64
import time
import numpy as np
a = np.linspace(0, 1, 1024 * 1024).reshape(1024, 1024)
b = np.linspace(1, 2, 1024 * 1024).reshape(1024, 1024)
t0 = time.perf_counter()
for _ in range(5):
    r = a @ b
print(f"seconds {time.perf_counter() - t0:.6f}")
