# numpy: np.random.randn(10**7) after a seed
import time
import numpy as np
np.random.seed(0)
t0 = time.perf_counter()
r = np.random.randn(10 ** 7)
print(f"seconds {time.perf_counter() - t0:.6f}")
