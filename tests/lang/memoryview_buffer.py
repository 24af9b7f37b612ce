# memoryview over bytes and bytearray: items, views that see writes, casts, release and `with`


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


m = memoryview(b'abcdef')
print(type(m).__name__, len(m), m[0], m[-1], m[1:4].tobytes(), m[::2].tolist(), m.tolist())
print(m.readonly, m.nbytes, m.itemsize, m.format, m.ndim, m.shape, m.strides, m.obj, m.contiguous)
print(m.tobytes(), m.hex(), m.hex(':'), m[1:3].hex(), bytes(m[::2]), list(m[1:3]))
print(m == b'abcdef', m != b'abcdef', m == b'abc', m[:3] == memoryview(b'abc'), m == bytearray(b'abcdef'))
show(lambda: m < m)
show(lambda: m[6])
show(lambda: m['a'])
show(lambda: m.__setitem__(0, 1))
print(hash(m) == hash(b'abcdef'))

ba = bytearray(b'hello world')
v = memoryview(ba)
w = v[6:]
ba[6] = ord('W')
print(w.tobytes(), v.readonly, len(w), w[0])
v[0] = ord('H')
v[1:3] = b'EL'
print(ba)
show(lambda: v.__setitem__(0, 256))
show(lambda: v.__setitem__(0, 'x'))
show(lambda: v.__setitem__(slice(0, 2), b'abc'))
show(lambda: hash(v))
r = v.toreadonly()
print(r.readonly)
show(lambda: r.__setitem__(0, 1))

# casts
c = memoryview(bytearray(b'\x01\x00\x00\x00\x02\x00\x00\x00'))
i = c.cast('i')
print(i.format, i.itemsize, len(i), i.tolist(), i.shape, i.nbytes, i[1])
i[0] = -5
print(c.tolist(), i.cast('B').tolist()[:4])
print(c.cast('h').tolist(), c.cast('b').tolist(), c.cast('c')[0], c.cast('q').tolist(), c.cast('d').itemsize)
print(c.cast('B', [2, 4]).tolist(), c.cast('i', (2,)).shape, c.cast('h', [2, 2]).strides, c.cast('?').tolist()[:2])
print(memoryview(b'\x00\x00\x80\x3f').cast('f').tolist(), memoryview(bytes(8)).cast('d')[0], memoryview(b'\xff').cast('b')[0])
show(lambda: c.cast('x'))
show(lambda: c.cast('i', [3]))
show(lambda: c.cast('h').cast('i'))
show(lambda: memoryview(b'abc').cast('i'))
show(lambda: c.cast('h', [2, 2])[0])
show(lambda: c.cast('i').__setitem__(0, 2 ** 40))
show(lambda: c.cast('B').__setitem__(0, 1.5))
show(lambda: memoryview('text'))
show(lambda: memoryview(5))

# release and `with`
x = memoryview(b'xyz')
x.release()
x.release()
show(lambda: x[0])
show(lambda: len(x))
show(lambda: x.tobytes())
with memoryview(bytearray(b'q')) as y:
    print(y[0], y.obj)
show(lambda: y.tolist())
print(bytes(memoryview(b'copy')), bytearray(memoryview(b'ba')), b'-'.join([memoryview(b'a'), memoryview(b'b')]))
