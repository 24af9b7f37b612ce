# random: seeding from ints of any size, str, bytes and bytearray (both
# versions), floats; state round trips; randbytes; SystemRandom; the
# module's constants. Every number must be CPython's for the same seed.
import random

for s in [0, 1, -5, 2**32 - 1, 2**32, 2**64, 2**100, -2**100, 3**200, 'abc', '', 'héllo',
          b'abc', b'', bytearray(b'xyz'), 3.5, -1.25, True, False]:
    random.seed(s)
    print(repr(s)[:30], random.random(), random.getrandbits(100), random.randrange(10**30))

for s in ['abc', b'abc', '', 'héllo']:
    random.seed(s, version=1)
    print('v1', repr(s), random.random())

for bad in [[1], {}, (1, 2), None.__class__]:
    try:
        random.seed(bad)
    except TypeError as e:
        print('TypeError', e)
try:
    random.seed(bytearray(b'a'), version=1)
except TypeError as e:
    print('TypeError', e)

r = random.Random(2**80 + 7)
state = r.getstate()
print(type(state).__name__, len(state), state[0], len(state[1]), state[1][:4], state[1][-1], state[2])
first = [r.random() for _ in range(3)]
r.setstate(state)
print(first == [r.random() for _ in range(3)])
r.gauss(0, 1)
print(r.getstate()[2])

r = random.Random('seed text')
print(r.randbytes(0), r.randbytes(1), r.randbytes(5), r.randbytes(8), r.randbytes(13))
print(r.getrandbits(1), r.getrandbits(31), r.getrandbits(32), r.getrandbits(33), r.getrandbits(64), r.getrandbits(65))
print(r.getrandbits(257))
for bad in [-1, 2.0, '3']:
    try:
        r.randbytes(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

print(r.randrange(2**70, 2**71), r.randrange(-2**90, 2**90, 3**20), r.randint(-2**65, 2**65))
print(r.choices(range(10), cum_weights=[1, 1, 2, 3, 5, 8, 13, 21, 34, 55], k=6))
print(r.choices('abc', weights=[0.5, 2, 7.5], k=5))
print(r.sample(['x', 'y', 'z'], counts=[4, 1, 2], k=5))

sr = random.SystemRandom(42)
print(isinstance(sr, random.Random), issubclass(random.SystemRandom, random.Random))
print(sr.seed(3), 0 <= sr.random() < 1, len(sr.randbytes(7)), sr.getrandbits(0), sr.getrandbits(200) < 2**200)
print(sorted(sr.sample(range(5), 5)), sr.randrange(3) in (0, 1, 2), type(sr.gauss()).__name__)
for f in [sr.getstate, lambda: sr.setstate(None)]:
    try:
        f()
    except NotImplementedError as e:
        print('NotImplementedError', e)
try:
    sr.randbytes(-1)
except ValueError as e:
    print('ValueError', e)

print(random.NV_MAGICCONST, random.TWOPI, random.LOG4, random.SG_MAGICCONST, random.BPF, random.RECIP_BPF)
