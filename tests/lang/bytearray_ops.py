# bytearray: mutation, in-place operators, repr, hashing, and resizing while a view is exported


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


b = bytearray(b'hello')
print(b, repr(b), str(b), type(b), len(b), b[0], b[1:3], b[::-1], isinstance(b, bytearray))
print(bytearray(), bytearray(3), bytearray([1, 2]), bytearray('é', 'utf-8'), bytearray(b'x') == b'x')
show(lambda: bytearray([256]))
show(lambda: bytearray(1.0))
show(lambda: bytearray('abc'))
show(lambda: hash(bytearray(b'a')))
b[0] = 72
print(b)
b[1:3] = b'EY'
print(b)
b[1:3] = b'abcd'
print(b)
b[0:0] = [1, 2]
print(b)
b[::2] = bytes(len(b[::2]))
print(b)
del b[0]
print(b)
del b[1:3]
print(b)
del b[::2]
print(b)
show(lambda: b.__setitem__(0, 256))
show(lambda: b.__setitem__(0, 'a'))
show(lambda: b.__setitem__(50, 1))
show(lambda: b.__setitem__(slice(0, 2), 5))
show(lambda: b.__setitem__(slice(None, None, 2), b'xyz123456'))
show(lambda: b.__delitem__(50))
show(lambda: b.__getitem__(50))
show(lambda: b.__getitem__('x'))

c = bytearray(b'abc')
c.append(100)
c.extend(b'ef')
c.extend([103, 104])
c.extend(bytearray(b'i'))
c.insert(0, 65)
c.insert(-1, 66)
c.insert(100, 67)
print(c)
print(c.pop(), c.pop(0), c.pop(-2), c)
c.remove(98)
print(c)
c.reverse()
print(c)
d = c.copy()
d[0] = 120
print(c, d, d is c)
c.clear()
print(c, len(c))
show(lambda: c.pop())
show(lambda: bytearray(b'a').pop(5))
show(lambda: bytearray(b'a').remove(9))
show(lambda: bytearray(b'a').append(300))
show(lambda: bytearray(b'a').append('x'))
show(lambda: bytearray(b'a').extend(1))
show(lambda: bytearray(b'a').extend('ab'))
show(lambda: bytearray(b'a').extend([1, 'a']))

e = bytearray(b'ab')
f = e
e += b'cd'
e += bytearray(b'e')
e += e[:]
print(e, f is e)
e *= 2
print(e, f is e)
show(lambda: bytearray(b'a') + 'b')
print(bytearray(b'ab') + b'c', b'c' + bytearray(b'ab'), bytearray(b'ab') * 2, bytearray(b'%d') % 5)
print(bytearray(b'a') < bytearray(b'b'), bytearray(b'a') == bytearray(b'a'), bytearray(b'abc') in [b'abc'])
print(list(bytearray(b'xyz')), 121 in bytearray(b'xyz'), b'yz' in bytearray(b'xyz'))

g = bytearray(b'abc')
m = memoryview(g)
show(lambda: g.append(1))
show(lambda: g.extend(b'x'))
show(lambda: g.pop())
show(lambda: g.__delitem__(0))
show(lambda: g.__setitem__(slice(0, 1), b'xy'))
show(lambda: g.clear())
g[0] = 65
g[0:2] = b'XY'
print(g, m.tobytes())
m.release()
g.append(100)
print(g)
with memoryview(g) as m2:
    show(lambda: g.extend(b'!'))
g.extend(b'!')
print(g)
