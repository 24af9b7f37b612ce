# interrupt-after: 1.0
# Ctrl-C during time.sleep stops it at once with KeyboardInterrupt.
import time
print("sleeping", flush=True)
time.sleep(30)
print("not reached")
