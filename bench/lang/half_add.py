# float16 and bfloat16 elementwise: a + b over 16M elements, 5 times each
# (issue 24's speed list: float16 add of 16M)
import time
import torch
torch.manual_seed(0)
h = [torch.randn(16 * 1024 * 1024).half() for _ in range(2)]
b = [torch.randn(16 * 1024 * 1024).bfloat16() for _ in range(2)]
t0 = time.perf_counter()
for _ in range(5):
    r = h[0] + h[1]
    s = b[0] + b[1]
print(f"seconds {time.perf_counter() - t0:.6f}")
