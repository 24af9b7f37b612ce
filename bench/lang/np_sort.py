# numpy: np.sort of 10M float64
import time
import numpy as np
a = np.sin(np.arange(10_000_000) * 0.618)
t0 = time.perf_counter()
r = np.sort(a)
print(f"seconds {time.perf_counter() - t0:.6f}")
