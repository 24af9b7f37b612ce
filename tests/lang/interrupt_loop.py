# interrupt-after: 1.0
import sys
print("start", flush=True)
n = 0
while True:
    n += 1
