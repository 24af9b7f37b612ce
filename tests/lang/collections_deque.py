# collections.deque: both ends, maxlen, rotate, indexing, insert/remove,
# comparisons, arithmetic, copying, iteration guards and error messages.
import copy
from collections import deque

d = deque([1, 2, 3], maxlen=5)
print(d, len(d), d.maxlen, deque().maxlen)
d.append(4); d.appendleft(0); d.append(5)
print(d)
d.rotate(2); print(d)
d.rotate(-3); print(d)
d.rotate(); print(d)
d.rotate(12); print(d)
print(d.popleft(), d.pop(), d)
d.extendleft('ab'); print(d)
d.extend(range(3)); print(d)

q = deque(range(10))
q.insert(3, 'x'); q.insert(-1, 'y'); q.insert(100, 'z'); q.insert(-100, 'w')
print(q, q.index('x'), q.index(5, 2, 9), q.count(5))
q.remove('x'); del q[0]; q[0] = 99; del q[-1]
print(q, q[-1], q[2], 5 in q, 'x' in q)
q.reverse(); print(q)
c = q.copy(); c.clear(); print(c, q == c, bool(c), bool(q))

print(deque([1, 2]) == deque([1, 2]), deque([1, 2]) < deque([1, 3]), deque() == [], deque([1]) != deque([2]))
print(deque([1]) + deque([2]), deque([1, 2]) * 2, 2 * deque('ab'), list(reversed(deque([1, 2, 3]))))
e = deque([1, 2, 3]); e *= 2; e += [7]; print(e)
print(deque([1, 2, 3], 4) * 3)
print(deque('abc', maxlen=2), deque(maxlen=0), deque([], 3))
m = deque(maxlen=0); m.append(1); m.appendleft(2); print(m)
b = deque([1, 2, 3], maxlen=3); b.appendleft(0); print(b); b.append(9); print(b)
b.extend(b); print(b)

# a queue in a loop
queue = deque()
for i in range(10000):
    queue.append(i)
total = 0
while queue:
    total += queue.popleft()
print(total)
stack = deque()
for i in range(100):
    stack.appendleft(i)
print(sum(stack.popleft() for _ in range(50)), len(stack))

# copies and pickling support
r = deque([1, [2]], maxlen=4)
print(copy.copy(r), r.__reduce__()[:3], list(r.__reduce__()[3]), type(r).__name__)
cls, args, state, items = r.__reduce__()
s = cls(*args); s.extend(items); s[1].append(3); print(r, s, s == r, s is r)

# recursion in repr
x = deque(); x.append(x); print(x)

errors = [
    lambda: deque().pop(), lambda: deque().popleft(), lambda: deque([1])[5],
    lambda: deque([1]).remove(3), lambda: deque([1]).index(3), lambda: deque([1])['a'],
    lambda: deque([1], maxlen=1).insert(0, 2), lambda: deque([], -1), 
    lambda: deque([1]) + [2], lambda: deque([1])[1:2],
]
for f in errors:
    try:
        f()
    except Exception as exc:
        print(type(exc).__name__, exc)
it = deque([1, 2, 3])
try:
    for v in it:
        it.append(v)
except RuntimeError as exc:
    print('RuntimeError', exc)

# subclasses: deque's methods on the instance, __init__ through super(),
# repr and copy name the subclass
class Window(deque):
    def __init__(self, items, size):
        super().__init__(items, maxlen=size)
        self.size = size

    def push(self, x):
        self.append(x)
        return sum(self) / len(self)


w = Window([1, 2], 3)
print([w.push(x) for x in (3, 4, 5)], w, w.maxlen, w.size, len(w), w[0], 4 in w, isinstance(w, deque))
w += [9]
print(type(w).__name__, w, type(w.copy()).__name__, w.copy() == w)


class Plain(deque):
    pass


p = Plain('abc')
p.rotate(1)
print(p, list(reversed(p)), p == deque('cab'), bool(Plain()), Plain('xy').copy())
