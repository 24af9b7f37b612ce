# threading: real threads joined, names, idents, is_alive, locks shared, run overrides, excepthook, local
import threading
import time
import _thread

out = []
lock = threading.Lock()


def work(n):
    for i in range(3):
        with lock:
            out.append((n, i))
        time.sleep(0.001)


ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
print([t.name for t in ts])
print([t.is_alive() for t in ts], [t.ident for t in ts])
for t in ts:
    t.start()
for t in ts:
    t.join()
print(sorted(out))
print([t.is_alive() for t in ts], all(isinstance(t.ident, int) for t in ts), len({t.ident for t in ts}) >= 1)
print(threading.active_count(), threading.current_thread().name, threading.current_thread() is threading.main_thread())
print(threading.main_thread().name, threading.main_thread().daemon)

# pure Python work in several threads at once (the lock is handed over)
res = []


def spin(n):
    s = 0
    for i in range(n):
        s += i
    with lock:
        res.append(s)


ts = [threading.Thread(target=spin, args=(100000,)) for k in range(3)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(res)

# names: Thread-N (target), explicit names, kwargs
t = threading.Thread(target=print, args=("hello", "from"), kwargs={"sep": "-"}, name="printer")
t.start()
t.join()
print(t.name, repr(t).startswith("<Thread(printer, stopped "))
t = threading.Thread()
print(t.name, repr(t))
t.name = "renamed"
print(t.name, t.daemon, t.ident, t.native_id)


class Sub(threading.Thread):
    def __init__(self, k):
        super().__init__(name=f"sub-{k}")
        self.k = k
        self.result = None

    def run(self):
        self.result = self.k * 10
        self.me = threading.current_thread() is self


subs = [Sub(k) for k in range(3)]
for s in subs:
    s.start()
for s in subs:
    s.join()
print([(s.name, s.result, s.me) for s in subs])

# errors
t = threading.Thread(target=lambda: None)
try:
    t.join()
except RuntimeError as e:
    print("RuntimeError:", e)
t.start()
try:
    t.start()
except RuntimeError as e:
    print("RuntimeError:", e)
t.join()
try:
    threading.current_thread().join()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    t.daemon = True
except RuntimeError as e:
    print("RuntimeError:", e)
l = threading.Lock()
try:
    l.release()
except RuntimeError as e:
    print("RuntimeError:", e)
print(threading.ThreadError is RuntimeError, threading.Lock is _thread.allocate_lock)

# the lock's own interface
print(l.acquire(), l.locked(), l.acquire(False), l.acquire(timeout=0.01))
l.release()
print(l.locked(), repr(l).startswith("<unlocked _thread.lock object at 0x"))
for bad in [dict(blocking=False, timeout=1), dict(timeout=-5)]:
    try:
        l.acquire(**bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    l.acquire(timeout=1e20)
except OverflowError as e:
    print("OverflowError:", e)

# exceptions leaving a thread go to threading.excepthook
seen = []


def hook(args):
    seen.append((args.exc_type.__name__, str(args.exc_value), args.thread.name))


threading.excepthook = hook


def bad():
    raise ValueError("boom")


t = threading.Thread(target=bad, name="bad-one")
t.start()
t.join()
print(seen)
threading.excepthook = threading.__excepthook__
t = threading.Thread(target=lambda: _thread.exit())
t.start()
t.join()

# _thread directly
done = threading.Event()
box = []


def raw(a, b=0):
    box.append(a + b)
    done.set()


ident = _thread.start_new_thread(raw, (1,), {"b": 2})
done.wait()
print(box, isinstance(ident, int), type(_thread.get_ident()).__name__, type(threading.get_native_id()).__name__)
for args in [(1, ()), (print, [1]), (print, (), [])]:
    try:
        _thread.start_new_thread(*args)
    except TypeError as e:
        print("TypeError:", e)
print(_thread.stack_size(), threading.TIMEOUT_MAX == _thread.TIMEOUT_MAX)
try:
    threading.stack_size(100)
except ValueError as e:
    print("ValueError:", e)

# local: each thread sees its own attributes
data = threading.local()
data.x = "main"
got = []


def show(v):
    got.append(hasattr(data, "x"))
    data.x = v
    got.append(data.x)


ts = [threading.Thread(target=show, args=(f"t{k}",)) for k in range(2)]
for t in ts:
    t.start()
    t.join()
print(got, data.x)


class MyLocal(threading.local):
    def __init__(self, n):
        self.n = n
        self.seen = []


ml = MyLocal(7)
ml.n = 8


def use():
    ml.seen.append(ml.n)
    got.append(ml.seen)


t = threading.Thread(target=use)
t.start()
t.join()
print(got[-1], ml.n, ml.seen)
print(threading.enumerate() == [threading.main_thread()])
