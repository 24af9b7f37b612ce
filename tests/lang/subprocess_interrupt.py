# interrupt-after: 0.5
# Ctrl-C while subprocess waits for a child: KeyboardInterrupt reaches the
# program, and run() kills the child before passing it on.
import subprocess
import time

start = time.monotonic()
try:
    subprocess.run(['sleep', '30'])
except KeyboardInterrupt:
    print('interrupted', time.monotonic() - start < 20)
p = subprocess.run(['sh', '-c', 'exit 3'])
print(p.returncode)
