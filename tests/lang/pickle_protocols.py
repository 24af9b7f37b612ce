# pickle: dumps of every builtin type at protocols 0-5 prints CPython's exact bytes, and loads gives the value back.
import copyreg
import pickle


class Point:
    def __init__(self):
        self.x = 1
        self.y = [1, 'a']

    def __eq__(self, other):
        return type(other) is Point and other.__dict__ == self.__dict__


values = [None, True, False, 0, 1, 255, 256, 65535, 65536, -1, -2**31, 2**31 - 1, 2**31, -2**31 - 1, 2**63,
          -2**63 - 1, 2**100, -2**100, -256, -255, 1.5, -0.0, float('inf'), float('-inf'), 1e300, 1 / 3,
          'abc', 'é€😀', '', 'a\nb\\c\x00\r\x1a', 'x' * 300, b'', b'ab', b'\x00\xff' * 200, bytearray(b'xy'),
          bytearray(), (), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4), [], [1, [2]], {}, {'a': 1, 2: 'b'},
          set(), {1, 2}, frozenset(), frozenset({3}), 1 + 2j, Point(), Point, len, copyreg.pickle, Ellipsis,
          NotImplemented, type(None), type(...), range(1, 5, 2), slice(1, 2), int, ValueError, OSError(2, 'x'),
          [None] * 3, {'nested': {'deep': [(1, 2.5, 'z')]}}]
for proto in range(pickle.HIGHEST_PROTOCOL + 1):
    for v in values:
        data = pickle.dumps(v, proto)
        print(proto, data)
        back = pickle.loads(data)
        if isinstance(v, OSError):
            print('  ', type(back).__name__, back.args)
        elif back != v and v == v:
            print('  MISMATCH', back)
print(pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL, pickle.dumps(7), pickle.dumps(7, -1))
print(pickle.format_version, pickle.compatible_formats)
print(pickle.encode_long(0), pickle.encode_long(255), pickle.encode_long(-256), pickle.encode_long(-129),
      pickle.decode_long(b'\xff\x00'), pickle.decode_long(b'\x80'))
print(pickle.MARK, pickle.STOP, pickle.FRAME, pickle.TRUE, pickle.READONLY_BUFFER, sorted(pickle.__all__)[:5])

# batches of 1000 (APPENDS, SETITEMS, ADDITEMS) and protocol 4's frames
print(pickle.dumps(list(range(2001)), 2)[-30:], pickle.dumps({i: i for i in range(1001)}, 1)[-20:])
print(pickle.dumps(set(range(1001)), 4)[-20:], pickle.dumps(frozenset(range(1001)), 4)[-20:])
big = list(range(3000)) + ['s%d' % i for i in range(3000)] + [{'k': i, 'v': [i]} for i in range(2000)]
for proto in (2, 4, 5):
    data = pickle.dumps(big, proto)
    print(proto, len(data), data[:24], data[-24:], pickle.loads(data) == big)
    starts = [i for i in range(len(data)) if data[i:i + 1] == pickle.FRAME and data[i + 9:i + 10] in (b'M', b']', b'\x8c', b'}', b'K')]
    print('  frames', starts[:8])
data = pickle.dumps([b'x' * 70000, 'y' * 70000, bytearray(b'z' * 66000), 1], 5)
print(len(data), data[:30], data[70040:70070], pickle.loads(data)[3])
shared = 'a shared string'
print(pickle.dumps([shared, shared, (shared,)], 4))
