# array against CPython: each typecode's range and type errors, item
# round trips, slices with steps, files, buffers and copies.
import copy
import os
import tempfile
from array import array

bounds = {'b': (-128, 127), 'B': (0, 255), 'h': (-2**15, 2**15 - 1), 'H': (0, 2**16 - 1), 'i': (-2**31, 2**31 - 1),
          'I': (0, 2**32 - 1), 'l': (-2**63, 2**63 - 1), 'L': (0, 2**64 - 1), 'q': (-2**63, 2**63 - 1),
          'Q': (0, 2**64 - 1)}
for code, (lo, hi) in bounds.items():
    a = array(code, [lo, hi, 0])
    print(code, a.itemsize, a, a.tolist() == [lo, hi, 0], array(code, a.tobytes()) == a)
    for v in (lo - 1, hi + 1, 2**64, -2**64, 2**100, 1.0, 'a', None, True):
        try:
            array(code, [v])
            print(' ', code, 'ok', v)
        except (OverflowError, TypeError) as e:
            print(' ', code, type(e).__name__, e)
for code in 'fd':
    a = array(code, [1, 2.5, -0.0, float('inf'), 1e-300])
    print(code, a, a.itemsize)
    for v in ('a', None, 10**400, [1]):
        try:
            array(code, [v])
        except (OverflowError, TypeError) as e:
            print(' ', code, type(e).__name__, e)
u = array('u', 'añ€😀')
print(u, u.itemsize, len(u), u.tounicode(), u[3], list(u))
for v in ('ab', 1, b'a'):
    try:
        u.append(v)
    except TypeError as e:
        print('TypeError', e)

a = array('i', range(20))
print(a[::2], a[1::3], a[-3:], a[15:5:-2], a[100:], a[5:5])
a[::5] = array('i', [-1, -2, -3, -4])
print(a)
for value in (array('i', [1]), [1, 2], array('d', [1.0])):
    try:
        a[::5] = value
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
del a[::4]
del a[-2:]
a[0:0] = array('i', [7, 8])
a[len(a):] = a
print(a, len(a))
print(a.index(8), a.index(8, 2), a.count(8))
try:
    a.index(8, 2, 3)
except ValueError as e:
    print('ValueError', e)
it = iter(array('h', [3, 1, 2]))
print(next(it), list(it), sorted(array('h', [3, 1, 2])), sum(array('d', [0.5] * 4)), max(array('B', b'hello')))

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, 'data.bin')
    with open(path, 'wb') as f:
        array('i', [1, 2, 3, 4]).tofile(f)
    b = array('i')
    with open(path, 'rb') as f:
        b.fromfile(f, 2)
        print(b)
        try:
            b.fromfile(f, 5)
        except EOFError as e:
            print('EOFError', e, b)
    print(os.path.getsize(path))

b = array('d', [1.0, 2.0])
m = memoryview(b)
try:
    b.append(3.0)
except BufferError as e:
    print('BufferError', e)
m.release()
b.append(3.0)
print(b, bytes(array('B', [65, 66])), bytearray(array('B', [67])), b'%s' % array('B', b'xy') if False else '')
c = copy.copy(b)
d = copy.deepcopy(b)
c.append(9)
print(b, c, d, c is not b, type(d).__name__)
print(b.__reduce_ex__(2)[1], array('u', 'hi').__reduce_ex__(2)[1])
e = array('i', [1, 2])
e.frombytes(bytes(array('i', [3])))
e.fromlist([4, 5])
try:
    e.fromlist([6, 'x'])
except TypeError as exc:
    print('TypeError', exc, e)
print(e, e.buffer_info()[1], isinstance(e.buffer_info()[0], int))
x = array('b', [1, 2, 3])
print(x * 0, x * -1, x[::-1] + x, array('b') == array('B'), array('b', [1]) != array('B', [1]), array('i', [1]) < array('i', [1, 0]))
