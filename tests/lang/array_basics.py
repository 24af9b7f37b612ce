# array against CPython: every typecode, the sequence operations, methods,
# arithmetic and comparisons, repr, and the errors of bad typecodes and items.
from array import array, typecodes, ArrayType
print(typecodes, ArrayType is array, array)
a = array('i', [1, 2, 3])
print(a, len(a), a[0], a[-1], a[1:], a[::-1], a.typecode, a.itemsize, list(a), 2 in a, 5 in a)
a.append(4); a.extend([5, 6]); a.insert(0, 0); a.insert(-1, 99)
print(a, a.pop(), a.pop(0), a.index(99), a.count(2))
a.remove(99); a.reverse(); print(a, a.tolist(), a.tobytes())
b = array('d', [1.5, 2]); print(b, b * 2, 2 * b, b + b, b == array('d', [1.5, 2.0]), array('i', [1, 2]) == array('d', [1.0, 2.0]))
print(array('u', 'héllo'), array('u', 'abc').tounicode(), array('B', b'\x01\x02'), array('b'), repr(array('f', [0.1])))
print(array('Q', [2**64 - 1]), array('q', [-2**63]), array('L', [2**63]), bytes(array('h', [1, -1])))
c = array('i', range(10)); c[2:5] = array('i', [7]); del c[::3]; print(c)
c *= 2; c += array('i', [1]); print(c, c < array('i', [1, 99]), c > array('i'))
m = memoryview(array('B', [1, 2, 3])); print(m.tobytes(), len(m))
x = array('H', [1, 2]); x.byteswap(); print(x)
for args in [('i', [2**31]), ('B', [-1]), ('b', [128]), ('I', [-1]), ('Q', [2**64]), ('q', [2**63]), ('f', ['x']), ('u', [1]),
             ('x',), (1,), ('ii',), ('i', 'abc'), ('i', [1.5])]:
    try:
        print(array(*args))
    except Exception as e:
        print(type(e).__name__, e)
for f in [lambda: array('i') + [1], lambda: array('i') + array('d'), lambda: array('i').pop(), lambda: array('i', [1])[5],
          lambda: array('i', [1]).remove(3), lambda: array('i', [1]).index(3), lambda: array('i').frombytes(b'abc'),
          lambda: array('i').tounicode(), lambda: array('i').fromunicode('x'), lambda: array('i').fromlist((1,)),
          lambda: array('i').extend(array('d')), lambda: array('i', [1]).__setitem__(slice(0, 1), [1]),
          lambda: hash(array('i'))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
