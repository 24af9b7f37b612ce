# collections.deque as a queue: 1M append then 1M popleft, and 1M
# alternating append/popleft on a short queue (a BFS frontier's pattern).
import time
from collections import deque

n = 1000000
t0 = time.perf_counter()
q = deque()
for i in range(n):
    q.append(i)
total = 0
while q:
    total += q.popleft()
for i in range(n):
    q.append(i)
    if len(q) > 16:
        total += q.popleft()
print(f"seconds {time.perf_counter() - t0:.6f}")
print(total, len(q))
