# queue: Queue/LifoQueue/PriorityQueue/SimpleQueue, put/get with block and timeout, task_done/join, handoffs between threads
import queue, threading
q = queue.Queue()
results = []
def worker():
    while True:
        item = q.get()
        if item is None:
            q.task_done()
            break
        results.append(item * item)
        q.task_done()
ts = [threading.Thread(target=worker) for _ in range(3)]
for t in ts: t.start()
for i in range(20): q.put(i)
q.join()
for _ in ts: q.put(None)
for t in ts: t.join()
print(sorted(results))
print(q.qsize(), q.empty(), q.full())
b = queue.Queue(maxsize=2)
b.put(1); b.put(2)
print(b.full())
try: b.put(3, block=False)
except queue.Full: print("Full")
try: b.put(3, timeout=0.01)
except queue.Full: print("Full timeout")
e = queue.Queue()
try: e.get_nowait()
except queue.Empty: print("Empty")
try: e.get(timeout=-1)
except ValueError as x: print(x)
try: e.task_done()
except ValueError as x: print(x)
lq = queue.LifoQueue(); [lq.put(i) for i in range(3)]; print([lq.get() for _ in range(3)])
pq = queue.PriorityQueue(); [pq.put(i) for i in (5, 1, 3)]; print([pq.get() for _ in range(3)])
sq = queue.SimpleQueue(); sq.put('a'); sq.put_nowait('b'); print(sq.qsize(), sq.get(), sq.get_nowait(), sq.empty())
try: sq.get(timeout=0.01)
except queue.Empty: print("SQ Empty")

# handoff between two threads: ping pong
a, bq = queue.Queue(), queue.Queue()
def pong():
    for _ in range(5):
        v = a.get(); bq.put(v + 1)
t = threading.Thread(target=pong); t.start()
v = 0
for _ in range(5):
    a.put(v); v = bq.get() * 2
t.join(); print(v)
