# pickle.dumps then pickle.loads of a list of 1M mixed small ints, floats
# and short strs (protocol 4, the default). The time is the two together;
# the list is built before the clock starts.
import pickle
import time

data = []
for i in range(1000000):
    k = i % 3
    data.append(i % 1000 if k == 0 else (i * 0.5 if k == 1 else "s%d" % (i % 5000)))

t0 = time.perf_counter()
blob = pickle.dumps(data)
back = pickle.loads(blob)
print(f"seconds {time.perf_counter() - t0:.6f}")
print(len(blob), len(back), back[-1], back == data)
