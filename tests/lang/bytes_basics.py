# bytes: literals, constructors, repr, indexing, slicing, operators, errors


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


# literals: prefixes, quotes, escapes, concatenation
print(b'abc', B"abc", rb'\n\x41', Rb'\d', bR'x\\y', br"\t")
print(b'''tri
ple''', b"""q'"q""")
print(b'\x00\x7f\x80\xff', b'\101\102\7', b'\a\b\f\v\t\n\r\\\'\"')
print(b'\u1234 \N{x} \q')
print(b'con' b"cat" rb'\enation')
print(b"it's", b'say "hi"', b'both \' and "', b'')

# constructors
show(lambda: bytes())
show(lambda: bytes(4))
show(lambda: bytes([0, 1, 127, 128, 255]))
show(lambda: bytes(range(65, 70)))
show(lambda: bytes((x for x in [104, 105])))
show(lambda: bytes('héllo', 'utf-8'))
show(lambda: bytes('abc', encoding='ascii'))
show(lambda: bytes('é', 'ascii', 'replace'))
show(lambda: bytes(b'copy'))
show(lambda: bytes(bytearray(b'from ba')))
show(lambda: bytes(memoryview(b'from mv')))
show(lambda: bytes([256]))
show(lambda: bytes([-1]))
show(lambda: bytes(['a']))
show(lambda: bytes('abc'))
show(lambda: bytes(1, 'utf-8'))
show(lambda: bytes(1.5))
show(lambda: bytes(None))
show(lambda: bytes(-1))
show(lambda: bytes('x', 'nope'))
show(lambda: bytes.fromhex('de ad BE EF'))
show(lambda: bytes.fromhex(''))
show(lambda: bytes.fromhex('abc'))
show(lambda: bytes.fromhex('zz'))
show(lambda: bytes.fromhex(b'ab'))


class WithBytes:
    def __bytes__(self):
        return b'from __bytes__'


show(lambda: bytes(WithBytes()))

# type, isinstance, str, print
x = b'hello'
print(type(x), type(x) is bytes, isinstance(x, bytes), isinstance(x, bytearray))
print(str(x), repr(x), f'{x}', f'{x!r}', '%s' % x, '{}'.format(x))

# indexing, slicing, iteration
print(x[0], x[-1], x[1:3], x[::-1], x[::2], x[10:], list(x), [c for c in b'ab'])
show(lambda: x[5])
show(lambda: x[-6])
show(lambda: x['a'])
print(len(x), len(b''), bool(b''), bool(b'\x00'))

# in
print(104 in x, 0 in x, b'ell' in x, b'' in x, b'xyz' in x, bytearray(b'lo') in x)
show(lambda: 'h' in x)
show(lambda: 300 in x)

# + * and their errors
print(b'ab' + b'cd', b'ab' + bytearray(b'cd'), b'ab' * 3, 2 * b'xy', b'ab' * 0, b'ab' * -1)
show(lambda: b'ab' + 'cd')
show(lambda: 'ab' + b'cd')
show(lambda: b'ab' + 1)
show(lambda: b'ab' * 1.5)
show(lambda: b'ab' - b'a')

# comparisons and hashing
print(b'a' < b'b', b'ab' < b'a', b'abc' == b'abc', b'abc' == bytearray(b'abc'), b'a' == 'a', b'a' != 'a')
print(b'a' <= b'a', b'b' > b'ab', b'' < b'\x00', sorted([b'b', b'a', b'ab']))
show(lambda: b'a' < 'a')
print(hash(b'') == 0, hash(b'abc') == hash(b'abc'), {b'k': 1}[b'k'], len({b'a', b'a', b'b'}))
d = {}
d[b'x'] = 1
d[bytes([120])] = 2
print(d)

# % formatting
print(b'%s=%d' % (b'x', 5), b'%5s|%-5s|' % (b'ab', b'cd'), b'%.1s' % b'xyz')
print(b'%r %a' % ('é', 'x'), b'%c%c' % (65, b'B'), b'%x %X %o %05d %+d %e %g %.2f' % (255, 255, 8, 42, 3, 1.5, 0.1, 3.14159))
print(b'%(a)s-%(b)d' % {b'a': b'A', b'b': 2}, b'100%%' % (), b'%b' % bytearray(b'q'), b'%*d|' % (5, 1))
show(lambda: b'%s' % 'str')
show(lambda: b'%c' % 256)
show(lambda: b'%c' % 'a')
show(lambda: b'%d %d' % (1,))
show(lambda: b'%d' % (1, 2))
show(lambda: b'%d' % 'x')
