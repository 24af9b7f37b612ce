# repr of floats is the shortest text that reads back as the same float,
# nearest to it when several are as short; json.dumps writes and json.loads
# reads the same text. Many floats across the ranges where the digits are
# found in integer arithmetic and at its edges (1e-5, 2**53, 2**64),
# powers of two and their neighbours, checked by digest, a few shown.
import hashlib
import json
import math
import struct


def from_bits(b):
    return struct.unpack("<d", struct.pack("<Q", b))[0]


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


values = []
for i in range(20000):
    values.append(i * 0.37 + 0.001)
    values.append(i / 7)
    values.append(-(i % 13) * 1.5)
for e in range(-330, 310):
    for m in (1, 2, 3, 5, 7, 9.999999999999999, 1.2345678901234567):
        values.append(m * 10.0 ** e if -300 < e < 300 else float(f"{m}e{e}"))
for edge in (1e-5, 2.0 ** 53, 2.0 ** 64, 1e16, 1e17, 1e22, 1e23, 2.0 ** 63, 1e-4, 0.1, 1 / 3):
    b = bits(edge)
    values.extend(from_bits(b + d) for d in range(-40, 41))
for p in range(-80, 80):
    b = bits(2.0 ** p)
    values.extend(from_bits(b + d) for d in (-2, -1, 0, 1, 2))
step = 0x7FEFFFFFFFFFFFFF // 30011
values.extend(from_bits(k * step) for k in range(1, 30011))

values = [v for v in values if math.isfinite(v)]
text = ",".join(repr(v) for v in values)
print(len(values), hashlib.sha256(text.encode()).hexdigest())
print(repr(values[3]), repr(values[-1]), values[100:106])
dumped = json.dumps(values)
print(dumped == "[" + ", ".join(repr(v) for v in values) + "]")
back = json.loads(dumped)
print(back == values, all(bits(a) == bits(b) for a, b in zip(back, values)))
print(str(2.0 ** 53 + 2), str(1e-5), str(9007199254740993.0), f"{2.0 ** 64!r}", str(-0.0), str(1e300 * 10))
