# open() in binary mode: BufferedReader/Writer/Random and FileIO with
# bytes-like writes, reads, lines, seeks from every origin, and the errors
import os, tempfile
d = tempfile.mkdtemp()
p = os.path.join(d, "data.bin")
with open(p, "wb") as f:
    print(type(f).__name__, f.mode, repr(f).replace(d, "D"))
    print(f.write(b"hello\nworld\n"), f.write(bytearray(b"\x00\xff")), f.write(memoryview(b"xyz")))
    print(f.tell())
with open(p, "rb") as f:
    print(f.read(3), f.readline(), f.tell(), f.readlines(), f.read(), f.read(2))
    f.seek(-3, 2)
    print(f.read(), f.seek(1), f.seek(2, 1), f.read(1))
with open(p, "rb") as f:
    print([line for line in f])
with open(p, "r+b") as f:
    f.write(b"J")
    f.seek(0)
    print(type(f).__name__, f.mode, f.read(5))
with open(p, "ab") as f:
    f.write(b"tail")
print(open(p, "rb").read())
f = open(p, "rb", buffering=0)
print(type(f).__name__, repr(f).replace(d, "D"), f.read(2), f.closefd)
f.close()
for bad in [lambda: open(p, "rb", encoding="utf-8"), lambda: open(p, "wb").write("text"), lambda: open(p, "rb").write(b"x"),
            lambda: open(p, "rt", buffering=0)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
with open(p, "w+b") as f:
    print(f.mode, f.read(), f.write(b"abc"), f.seek(0), f.read())
import shutil
shutil.rmtree(d)
