# Unbounded ints: factorial, modular power, a big power and its decimal
# text (GMP underneath in cgrad).
import math
import sys
import time

sys.set_int_max_str_digits(0)  # str() of 2**100000 has 30103 digits
t0 = time.perf_counter()
for _ in range(20):
    f = math.factorial(5000)
    p = pow(3, 10 ** 5, 10 ** 9 + 7)
    b = 2 ** 100000
    s = str(b)
print(f"seconds {time.perf_counter() - t0:.6f}")
print(f % (10 ** 9 + 7), p, len(s), s[:20])
