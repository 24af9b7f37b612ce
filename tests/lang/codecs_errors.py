# str.encode / bytes.decode: the codecs, their spellings, the error handlers and CPython's exceptions


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


s = 'héllo wörld €𝄞'
for enc in ('utf-8', 'utf8', 'UTF-8', 'utf_8', 'U8', 'utf-16', 'utf-16-le', 'utf-16-be', 'UTF16', 'utf-32', 'utf-32-le', 'utf_32_be'):
    b = s.encode(enc)
    print(enc, b, b.decode(enc) == s)
print('abc'.encode(), 'abc'.encode('ascii'), 'é'.encode('latin-1'), 'é'.encode('latin1'), 'é'.encode('iso-8859-1'), 'é'.encode('L1'))
print(b'\xe9'.decode('latin-1'), b'abc'.decode('us-ascii'), b'\xff\xfeA\x00'.decode('utf-16'), b'\xfe\xff\x00A'.decode('utf-16'), b'A\x00'.decode('utf-16'))
print(b'\xff\xfe\x00\x00A\x00\x00\x00'.decode('utf-32'), b'\x00\x00\xfe\xff\x00\x00\x00A'.decode('utf-32'))
print(str(b'abc', 'ascii') if False else 'skip', 'x'.encode(encoding='utf-8', errors='strict'))

# encoding errors
t = 'aé€\udcff𝄞z'
for errors in ('ignore', 'replace', 'backslashreplace', 'xmlcharrefreplace'):
    print(errors, t.encode('ascii', errors), t.encode('latin-1', errors))
print('a\udcffb'.encode('utf-8', 'surrogateescape'), 'a\udcffb'.encode('ascii', 'surrogateescape'), 'a\ud800b'.encode('utf-8', 'surrogatepass'))
print('a\ud800'.encode('utf-8', 'backslashreplace'), 'a\ud800'.encode('utf-16-le', 'replace'))
show(lambda: 'aéé'.encode('ascii'))
show(lambda: 'a€b'.encode('latin-1'))
show(lambda: 'a\ud800b'.encode('utf-8'))
show(lambda: '\ud800'.encode('utf-16'))
show(lambda: '\ud800'.encode('utf-32'))
show(lambda: 'é\udc80'.encode('ascii', 'surrogateescape'))
show(lambda: 'é'.encode('ascii', 'nosuch'))
show(lambda: 'e'.encode('ascii', 'nosuch'))
show(lambda: 'x'.encode('foo'))
show(lambda: 'x'.encode(5))
show(lambda: 'x'.encode('utf-8', 5))

# decoding errors
d = b'a\xffb\xe2\x82c\xf0\x9f'
for errors in ('ignore', 'replace', 'backslashreplace', 'surrogateescape'):
    print(errors, repr(d.decode('utf-8', errors)), repr(b'a\xffb'.decode('ascii', errors)))
print(repr(b'a\xed\xa0\x80b'.decode('utf-8', 'surrogatepass')), repr(b'\x00\xd8A\x00'.decode('utf-16-le', 'replace')))
for bad in (b'\xff', b'\xe2\x28\xa1', b'\xf0\x9f\x98', b'\xe2\x82\x28', b'\xed\xa0\x80', b'\xc0\x80', b'ab\x80', b'\xf5\x80\x80\x80'):
    show(lambda: bad.decode())
show(lambda: b'\xff'.decode('ascii'))
show(lambda: b'a'.decode('utf-16'))
show(lambda: b'\x00\xd8a\x00'.decode('utf-16-le'))
show(lambda: b'\x00\xdc'.decode('utf-16'))
show(lambda: b'\x00\xd8'.decode('utf-16-be'))
show(lambda: b'\x00\xd8'.decode('utf-16-le'))
show(lambda: b'abc'.decode('utf-32'))
show(lambda: b'\x00\x00\x11\x00'.decode('utf-32'))
show(lambda: b'\x00\xd8\x00\x00'.decode('utf-32-le'))
show(lambda: b'\xff'.decode('ascii', 'xmlcharrefreplace'))
show(lambda: b'\xff'.decode('utf-8', 'nosuch'))
show(lambda: b'x'.decode('foo'))
show(lambda: bytearray(b'\xff').decode())

# the exception objects
try:
    b'ab\xff'.decode('utf-8')
except UnicodeDecodeError as e:
    print(type(e).__name__, e.encoding, e.object, e.start, e.end, e.reason, isinstance(e, ValueError), isinstance(e, UnicodeError))
try:
    'ab€'.encode('ascii')
except UnicodeEncodeError as e:
    print(type(e).__name__, e.encoding, e.object, e.start, e.end, e.reason)
e = UnicodeDecodeError('ascii', b'\x80\x81', 0, 2, 'bad')
print(e, e.object, e.args)
e = UnicodeDecodeError('utf-8', bytearray(b'\x80'), 0, 1, 'bad')
print(e, type(e.object).__name__)
show(lambda: UnicodeDecodeError('utf-8', 'str', 0, 1, 'bad'))
