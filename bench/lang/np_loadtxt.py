# numpy: np.loadtxt of a ~50 MB CSV (written first, not timed)
import os
import tempfile
import time
import numpy as np
path = os.path.join(tempfile.gettempdir(), 'cgrad_np_loadtxt_bench.csv')
if not os.path.exists(path) or os.path.getsize(path) < 40_000_000:
    row = ','.join('%.6f' % (i * 0.001) for i in range(10))
    with open(path, 'w') as f:
        for i in range(600_000):
            f.write(row + '\n')
t0 = time.perf_counter()
r = np.loadtxt(path, delimiter=',')
print(f"seconds {time.perf_counter() - t0:.6f}")
