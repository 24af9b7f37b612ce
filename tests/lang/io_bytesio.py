# io.BytesIO: reads, writes past the end, truncate, readinto, getbuffer
import io
b = io.BytesIO(b"ab\ncd\n")
print(b.read(1), b.readline(), list(b), b.tell(), b.getvalue())
b.seek(1)
b.write(b"XYZW")
print(b.getvalue(), b.tell(), b.seek(0, 2), b.seek(-2, 1))
b.seek(10)
b.write(b"!")
print(b.getvalue(), b.truncate(4), b.getvalue())
ba = bytearray(3)
b.seek(0)
print(b.readinto(ba), ba)
with io.BytesIO() as w:
    w.write(bytearray(b"12"))
    w.writelines([b"3", memoryview(b"4")])
    print(w.getvalue(), bytes(w.getbuffer()))
for bad in [lambda: io.BytesIO().write("s"), lambda: w.read(), lambda: io.BytesIO().seek(-1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
print([n for n in ["BytesIO", "FileIO", "BufferedReader", "BufferedWriter", "BufferedRandom"] if hasattr(io, n)])
