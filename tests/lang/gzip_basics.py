# gzip: GzipFile in every mode, text mode, multi-member streams, seeking,
# compress/decompress with a fixed mtime (the bytes are CPython's), a
# file CPython wrote (archive_fixtures/cpython.txt.gz), and the errors.
import gzip
import io
import os
import tempfile

DATA = b"".join(b"%d bottles of beer on the wall\n" % i for i in range(99, 0, -1))

for level in (0, 1, 6, 9):
    c = gzip.compress(DATA, level, mtime=1234)
    print(level, len(c), c[:10], gzip.decompress(c) == DATA)
print(gzip.compress(b"", mtime=0), gzip.decompress(gzip.compress(b"x", mtime=0) * 3))
print(gzip.decompress(gzip.compress(b"padded", mtime=0) + b"\0\0\0\0"))

buf = io.BytesIO()
with gzip.GzipFile(filename="named.txt.gz", mode="wb", fileobj=buf, mtime=42) as g:
    print(g.write(DATA[:100]), g.write(memoryview(DATA[100:])), g.tell(), g.writable(), g.readable(), g.mode)
raw = buf.getvalue()
print(len(raw), raw[:24])
with gzip.GzipFile(fileobj=io.BytesIO(raw)) as g:
    print(g.mtime, g.read(10), g.tell(), g.peek(3)[:3], g.readline(), g.seek(5), g.read(5), g.seek(-1, 1))
    print(g.readable(), g.seekable(), len(g.readlines()), g.read(), g.mode)
    g.rewind()
    print(g.read1(7), sum(1 for _ in g))

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "notes.txt.gz")
    with gzip.open(path, "wt", encoding="utf-8") as f:
        print(f.write("h\u00e9llo\nw\u00f6rld\r\nlast line without newline"))
    with gzip.open(path, "rt", encoding="utf-8") as f:
        print(f.readline(), f.read())
    with gzip.open(path, "rt", encoding="utf-8", newline="") as f:
        print(list(f))
    with gzip.open(path, "ab") as f:
        f.write(b"\nappended member")
    with gzip.open(path) as f:
        print(f.read()[-25:])
    with open(path, "rb") as raw_file, gzip.open(raw_file) as f:
        print(len(f.read()))
    xpath = os.path.join(tmp, "new.gz")
    with gzip.open(xpath, "xb", compresslevel=1) as f:
        f.write(DATA)
    print(gzip.open(xpath).read() == DATA)
    try:
        gzip.open(xpath, "x")
    except FileExistsError as e:
        print("FileExistsError", e.errno)
    with gzip.open(os.path.join(tmp, "seek.gz"), "wb") as f:
        f.write(b"abc")
        print(f.seek(10), f.tell())
    print(gzip.open(os.path.join(tmp, "seek.gz")).read())

# a file CPython wrote
with gzip.open("archive_fixtures/cpython.txt.gz", "rt", encoding="utf-8") as f:
    lines = f.readlines()
    print(len(lines), lines[:2])
with gzip.GzipFile("archive_fixtures/cpython.txt.gz") as g:
    print(g.name, g.read(7), g.mtime)

d = gzip.compress(b"abc", mtime=0)
for bad in (d[:-8] + b"\0\0\0\0\3\0\0\0", d[:-4] + b"\4\0\0\0", d + b"xx", b"xx", d[:-2], b"\x1f\x8b\x07",
            b"\x1f\x8b\x08\x00" + d[4:-9]):
    for reader in (lambda b: gzip.GzipFile(fileobj=io.BytesIO(b)).read(), gzip.decompress):
        try:
            print(reader(bad))
        except Exception as e:
            print(type(e).__name__, e)
errors = [
    lambda: gzip.open("x", "rz"),
    lambda: gzip.open("x", "rb", encoding="utf-8"),
    lambda: gzip.open("x", "wb", newline="\n"),
    lambda: gzip.open(1),
    lambda: gzip.GzipFile(fileobj=io.BytesIO(), mode="wb").read(),
    lambda: gzip.GzipFile(fileobj=io.BytesIO(d)).write(b"x"),
    lambda: gzip.GzipFile(fileobj=io.BytesIO(), mode="z"),
    lambda: gzip.GzipFile(fileobj=io.BytesIO(), mode="rt"),
    lambda: gzip.GzipFile(fileobj=io.BytesIO(), mode="wb").seek(0, 2),
]
for f in errors:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
g = gzip.GzipFile(fileobj=io.BytesIO(d))
g.close()
for f in (g.read, lambda: g.write(b"x"), g.close):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(issubclass(gzip.BadGzipFile, OSError), gzip.READ, gzip.WRITE, gzip.FTEXT, gzip.FHCRC, gzip.FEXTRA, gzip.FNAME,
      gzip.FCOMMENT)
