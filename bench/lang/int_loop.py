# The interpreter's own speed: a plain integer loop at module level.
import time

t0 = time.perf_counter()
s = 0
for i in range(1000000):
    s += i
print(f"seconds {time.perf_counter() - t0:.6f}")
print(s)
