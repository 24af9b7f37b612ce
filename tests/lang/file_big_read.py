# Binary reads larger than the read-ahead buffer: read(n) and read() go
# straight into the result, readinto straight into the caller's buffer;
# positions (tell), mixes of small and big reads, the end of the file, a
# file that grows between reads, and readinto's errors.
import hashlib
import io
import os
import tempfile

d = tempfile.mkdtemp()
path = os.path.join(d, 'data.bin')
payload = bytes(range(256)) * 12289  # 3 MB and a bit, not a multiple of 64 KB
with open(path, 'wb') as f:
    f.write(payload)


def h(b):
    return hashlib.sha256(bytes(b)).hexdigest()[:12]


with open(path, 'rb') as f:
    a = f.read(10)
    b = f.read(1 << 20)
    print(len(a), len(b), f.tell(), h(a + b) == h(payload[:len(a) + len(b)]))
    c = f.read()
    print(len(c), f.tell(), h(a + b + c) == h(payload), f.read(), f.read(5))
with open(path, 'rb') as f:
    f.seek(100)
    x = f.read(len(payload))
    print(len(x), x == payload[100:], f.tell())
with open(path, 'rb') as f:
    buf = bytearray(1 << 21)
    n = f.readinto(buf)
    print(n, buf == bytearray(payload[:1 << 21]), f.tell())
    small = bytearray(7)
    print(f.readinto(small), bytes(small) == payload[(1 << 21):(1 << 21) + 7], f.tell())
    mv = memoryview(bytearray(len(payload)))
    n = f.readinto(mv)
    print(n, bytes(mv[:n]) == payload[(1 << 21) + 7:], f.tell())
    print(f.readinto(bytearray(10)))
    try:
        f.readinto(b'readonly')
    except TypeError as e:
        print('TypeError', e)
with open(path, 'rb', buffering=0) as f:
    print(len(f.read(70000)), len(f.read()), f.tell())
with open(path, 'r+b') as f:
    f.read(5)
    f.write(b'XYZ')
    f.seek(0)
    print(f.read(1 << 20)[:10])
with open(path, 'ab') as g, open(path, 'rb') as f:
    f.read(1 << 20)
    g.write(b'tail')
    g.flush()
    rest = f.read()
    print(len(rest), rest[-4:])
with open(os.path.join(d, 'text.txt'), 'w') as t:
    t.write('abc')
with open(os.path.join(d, 'text.txt')) as t:
    try:
        t.readinto(bytearray(3))
    except (io.UnsupportedOperation, AttributeError) as e:
        print(type(e).__name__)
