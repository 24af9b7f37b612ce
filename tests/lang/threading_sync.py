# threading: RLock, Condition, Semaphore, BoundedSemaphore, Event, Barrier, Timer across real threads
import threading
import time

# RLock: its owner takes it again
r = threading.RLock()
with r:
    with r:
        print("nested", r._is_owned())
try:
    r.release()
except RuntimeError as e:
    print("RuntimeError:", e)


def other():
    print("other got it:", r.acquire(timeout=0.01))


with r:
    t = threading.Thread(target=other)
    t.start()
    t.join()

# Condition: a producer and a consumer
cond = threading.Condition()
items = []
taken = []


def consumer():
    for _ in range(5):
        with cond:
            cond.wait_for(lambda: items)
            taken.append(items.pop(0))


t = threading.Thread(target=consumer)
t.start()
for i in range(5):
    with cond:
        items.append(i)
        cond.notify()
    time.sleep(0.001)
t.join()
print(taken)
with cond:
    print(cond.wait(0.01), cond.wait_for(lambda: 42, 0))
for f in (cond.wait, cond.notify):
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError:", e)

# Semaphore: at most two inside at once
sem = threading.Semaphore(2)
inside = [0]
peak = [0]
guard = threading.Lock()


def limited():
    with sem:
        with guard:
            inside[0] += 1
            peak[0] = max(peak[0], inside[0])
        time.sleep(0.005)
        with guard:
            inside[0] -= 1


ts = [threading.Thread(target=limited) for _ in range(6)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print("peak", peak[0] <= 2, inside[0])
s = threading.Semaphore(0)
print(s.acquire(False), s.acquire(timeout=0.01))
s.release(3)
print([s.acquire(False) for _ in range(4)])
for bad in [lambda: threading.Semaphore(-1), lambda: s.release(0), lambda: s.acquire(False, 1)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
b = threading.BoundedSemaphore(1)
b.acquire()
b.release()
try:
    b.release()
except ValueError as e:
    print("ValueError:", e)

# Event
ev = threading.Event()
print(ev.is_set(), ev.wait(0.01))
res = []


def wait_for_it():
    res.append(ev.wait(5))


ts = [threading.Thread(target=wait_for_it) for _ in range(3)]
for t in ts:
    t.start()
ev.set()
for t in ts:
    t.join()
print(res, ev.is_set())
ev.clear()
print(ev.is_set())

# Barrier: three parties, the action runs once per round
rounds = []
bar = threading.Barrier(3, action=lambda: rounds.append("tripped"))
indices = []


def party():
    for _ in range(2):
        i = bar.wait()
        with guard:
            indices.append(i)


ts = [threading.Thread(target=party) for _ in range(3)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(rounds, sorted(indices), bar.parties, bar.n_waiting, bar.broken)
b2 = threading.Barrier(2, timeout=0.01)
try:
    b2.wait()
except threading.BrokenBarrierError:
    print("broken", b2.broken)
b2.reset()
print(b2.broken)
b2.abort()
try:
    b2.wait()
except threading.BrokenBarrierError as e:
    print("BrokenBarrierError", repr(e), isinstance(e, RuntimeError))
try:
    threading.Barrier(0)
except ValueError as e:
    print("ValueError:", e)

# Timer: runs after its interval, or not at all once cancelled
fired = []
tm = threading.Timer(0.01, fired.append, args=["fired"])
tm.start()
tm.join()
tc = threading.Timer(10, fired.append, args=["never"])
tc.start()
tc.cancel()
tc.join()
print(fired, tm.name.startswith("Thread-"))
