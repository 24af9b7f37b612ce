# numpy: np.zeros(3) + 1 in a loop of 100k (small arrays: the interpreter-to-C cost)
import time
import numpy as np
t0 = time.perf_counter()
for _ in range(100_000):
    r = np.zeros(3) + 1
print(f"seconds {time.perf_counter() - t0:.6f}")
