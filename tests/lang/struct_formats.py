# struct: pack/unpack/calcsize of every format char in the four byte orders and native alignment, Struct, pack_into/unpack_from/iter_unpack, and struct.error's messages.
import struct


def attempt(f, *args):
    try:
        print('ok', f(*args))
    except Exception as e:
        print(type(e).__name__, e)


for mode in ('@', '=', '<', '>', '!'):
    for c in 'xcbB?hHiIlLqQnNefdP':
        fmt = mode + c
        try:
            size = struct.calcsize(fmt)
        except struct.error as e:
            print(fmt, 'error', e)
            continue
        if c == 'x':
            print(fmt, size, struct.pack(fmt))
            continue
        v = b'z' if c == 'c' else (1.5 if c in 'efd' else (True if c == '?' else 100))
        data = struct.pack(fmt, v)
        print(fmt, size, data, struct.unpack(fmt, data))
        for bad in (2**70, -2**70, 1.5, 2**31, -1, 2**32, 2**63, 'x', 1e300, -1e300):
            try:
                print('  ', bad, struct.pack(fmt, bad))
            except (struct.error, OverflowError) as e:
                print('  ', bad, type(e).__name__, e)

for fmt in ['@bih', '=bih', 'bq', 'qb', 'c0i', 'i0l', 'xxi', '3x', '10s', '0s', '5p', '0p', '3i2h', 'i 2h',
            '>d?s', '@?d', '@ehf', '<5s3x2H', '@P?n', '']:
    print(fmt, struct.calcsize(fmt))
print(struct.pack('@bih', 1, 2, 3), struct.pack('=bih', 1, 2, 3), struct.pack('>bih', -1, -2, -3))
print(struct.unpack('<3i2h', struct.pack('<3i2h', 1, -2, 3, 4, -5)))
print(struct.pack('3s', b'abcdef'), struct.pack('5s', b'ab'), struct.pack('5p', b'ab'), struct.pack('3p', b'abcdef'))
print(struct.unpack('5p', b'\x09abcd'), struct.unpack('3s', bytearray(b'xyz')), struct.pack('s', bytearray(b'q')))
print(struct.pack('?', []), struct.pack('?', 'x'), struct.unpack('??', b'\x00\x07'))
print(struct.pack('>Q', 2**64 - 1), struct.unpack('>Q', b'\xff' * 8), struct.unpack('<q', b'\xff' * 8))
print(struct.pack('<e', 1.5), struct.pack('<e', 65504.0), struct.unpack('<e', b'\x00\x7c'), struct.pack('<e', 1e-8),
      struct.pack('>e', -0.00006103515625), struct.pack('<e', 5.960464477539063e-08), struct.pack('<e', 0.1),
      struct.unpack('<e', b'\x01\x00'), struct.unpack('>e', b'\xfc\x00'), struct.pack('<e', float('-inf')),
      struct.pack('<e', 2.0009765625), struct.pack('<e', 2.001953125 + 0.0009765625))
print(struct.pack('<f', 0.1), struct.unpack('<f', struct.pack('<f', 0.1)), struct.pack('>d', -2.5))
print(struct.pack('<h', True), struct.pack('<i', 7), struct.pack('<I', 4294967295))


class Idx:
    def __index__(self):
        return 42


print(struct.pack('<i', Idx()), struct.pack('<d', 3), struct.pack('<f', True))
for args in [('c', b'ab'), ('c', 'a'), ('s', 'a'), ('p', 'a'), ('i',), ('i', 1, 2), ('z',), ('3',), ('<n', 1),
             ('2 i', 1, 2), ('i 2i',), ('<P', 1), ('e', 'x'), ('d', None), ('c', 1)]:
    attempt(struct.pack, *args)
attempt(struct.unpack, 'i', b'abc')
attempt(struct.unpack, 'i', b'abcdef')
attempt(struct.unpack_from, 'i', b'abc', 1)
attempt(struct.unpack_from, 'i', b'abcdefgh', -10)
attempt(struct.unpack_from, 'i', b'abcdefgh', 10)
attempt(struct.unpack_from, '<i', b'abcdefgh', 2)
attempt(struct.unpack_from, '<i', b'abcdefgh', -4)
buf = bytearray(10)
for off in (4, -10, -11, 10, 8, -2):
    attempt(struct.pack_into, '<i', buf, off, 0x01020304)
print(buf)
attempt(struct.pack_into, '<i', b'ro', 0, 1)
attempt(struct.pack_into, '<2i', buf, 0, 1)
print(list(struct.iter_unpack('<hb', b'\x01\x00\x02\x03\x00\x04')))
attempt(lambda: list(struct.iter_unpack('i', b'abcde')))
attempt(struct.iter_unpack, '', b'abcde')
attempt(struct.calcsize, 3)
attempt(struct.Struct, 3)
attempt(struct.calcsize, '999999999999999999999i')
s = struct.Struct('<hi')
print(s.format, s.size, s.unpack(s.pack(1, 2)), s.unpack_from(b'\x00' + s.pack(3, 4), 1), list(s.iter_unpack(s.pack(5, 6) * 2)))
b = bytearray(8)
s.pack_into(b, 1, 7, 8)
print(b, struct.Struct(b'>q').format, struct.Struct(b'>q').size)
print(struct.unpack('<2h', memoryview(b'\x01\x00\x02\x00')))
print(struct.error, issubclass(struct.error, Exception), type(s).__name__)
print(struct.pack('<q', -2**63), struct.pack('<Q', 0), struct.unpack('@N', struct.pack('@N', 2**64 - 1)))
