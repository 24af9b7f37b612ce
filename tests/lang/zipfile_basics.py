# zipfile: archives written here and read back (stored and deflated members,
# streams both ways, append, extract), an archive CPython wrote
# (archive_fixtures/cpython.zip), ZipInfo, zipfile.Path, and the errors for
# corrupt archives and wrong modes.
import io
import os
import tempfile
import zipfile
import zlib
b = io.BytesIO()
with zipfile.ZipFile(b, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr(zipfile.ZipInfo("a.txt", (2020, 1, 2, 3, 4, 6)), b"hello " * 50)
    zi = zipfile.ZipInfo("dir/b.bin", (2021, 5, 6, 7, 8, 10)); zi.compress_type = zipfile.ZIP_STORED
    z.writestr(zi, bytes(range(256)))
    z.writestr(zipfile.ZipInfo("dir/", (2021, 5, 6, 7, 8, 10)), b"")
    with z.open(zipfile.ZipInfo("s.txt", (2022, 1, 1, 0, 0, 0)), "w") as f:
        f.write(b"streamed\nlines\n")
    z.comment = b"my comment"
data = b.getvalue()
print(len(data), zipfile.is_zipfile(io.BytesIO(data)), zipfile.is_zipfile(io.BytesIO(b"nope")))
with zipfile.ZipFile(io.BytesIO(data)) as z:
    print(z.namelist(), z.comment)
    for i in z.infolist():
        print(repr(i), i.CRC, i.compress_size, i.header_offset, i.date_time, i.is_dir(), i.flag_bits, i.create_system, i.extract_version)
    print(z.read("a.txt")[:12], len(z.read("dir/b.bin")), z.testzip())
    with z.open("s.txt") as f:
        print(f.readline(), f.read(), f.tell(), f.seek(2), f.read(3))
    z.printdir()
    p = zipfile.Path(z)
    print([x.name for x in p.iterdir()], (p / "dir").is_dir(), (p / "a.txt").read_text()[:5], (p / "dir/b.bin").name, repr(p / "dir"))
    try: z.getinfo("zz")
    except KeyError as e: print("KeyError", e)
    try: z.open("a.txt", "q")
    except ValueError as e: print("ValueError", e)
with tempfile.TemporaryDirectory() as t:
    zp = os.path.join(t, "x.zip")
    src = os.path.join(t, "src.txt")
    with open(src, "w") as f: f.write("file content\n")
    with zipfile.ZipFile(zp, "w") as z:
        z.write(src, "src.txt")
        z.writestr("n.txt", "text")
    with zipfile.ZipFile(zp, "a") as z:
        z.writestr("m.txt", b"appended", zipfile.ZIP_DEFLATED)
    with zipfile.ZipFile(zp) as z:
        print(z.namelist(), z.read("m.txt"))
        out = z.extract("src.txt", os.path.join(t, "out"))
        print(os.path.relpath(out, t), open(out).read())
        z.extractall(os.path.join(t, "all"))
        print(sorted(os.listdir(os.path.join(t, "all"))))
    bad = bytearray(open(zp, "rb").read()); bad[40] ^= 0xFF
for f in (lambda: zipfile.ZipFile(io.BytesIO(b"not a zip")), lambda: zipfile.ZipFile(io.BytesIO(), "q"), lambda: zipfile.ZipFile(io.BytesIO(), "w", 99), lambda: zipfile.ZipInfo("x", (1979,1,1,0,0,0))):
    try: f()
    except Exception as e: print(type(e).__name__, e)
c = bytearray(data); i = c.find(b"hello"); 
d = bytearray(data); d[60] ^= 1
with zipfile.ZipFile(io.BytesIO(bytes(d))) as z:
    try: print(z.testzip()); z.read("a.txt")
    except Exception as e: print(type(e).__name__, e)
e = bytearray(data); e[data.find(b"dir/b.bin") + 20] ^= 1
with zipfile.ZipFile(io.BytesIO(bytes(e))) as z:
    try: print(z.read("dir/b.bin")[:3])
    except Exception as ex: print(type(ex).__name__, ex)

# an archive CPython wrote
with zipfile.ZipFile("archive_fixtures/cpython.zip") as z:
    print(z.namelist(), z.comment, z.testzip())
    for i in z.infolist():
        print(repr(i), i.CRC, i.compress_size, i.header_offset, i.date_time, i.flag_bits)
    print(z.read("readme.txt").decode("utf-8").splitlines()[:2], len(z.read("data/numbers.bin")))
    print(z.read("caf\u00e9.txt"), z.getinfo("data/").is_dir())
    p = zipfile.Path(z, "data/")
    print(p.is_dir(), [c.name for c in p.iterdir()], p.parent, (zipfile.Path(z) / "readme.txt").read_text()[:19])
print(zipfile.is_zipfile("archive_fixtures/cpython.zip"), zipfile.is_zipfile("archive_fixtures/cpython.txt.gz"))

# what this writes, byte for byte as CPython's (fixed times)
b = io.BytesIO()
with zipfile.ZipFile(b, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    z.writestr(zipfile.ZipInfo("readme.txt", (2021, 3, 4, 5, 6, 8)), "same bytes\n" * 10)
    z.mkdir("d")
    z.writestr(zipfile.ZipInfo("d/\u00fcml\u00e4ut.txt", (2021, 3, 4, 5, 6, 8)), b"", zipfile.ZIP_STORED)
print(len(b.getvalue()), zlib.crc32(b.getvalue()))

# an unseekable output: data descriptors
class Unseekable(io.RawIOBase):
    def __init__(self):
        self.data = bytearray()

    def writable(self):
        return True

    def flush(self):
        pass

    def write(self, b):
        self.data += b
        return len(b)

u = Unseekable()
with zipfile.ZipFile(u, "w", zipfile.ZIP_DEFLATED) as z:
    with z.open(zipfile.ZipInfo("s.txt", (2022, 1, 1, 0, 0, 0)), "w") as f:
        f.write(b"streamed " * 20)
print(len(u.data), zlib.crc32(bytes(u.data)))
with zipfile.ZipFile(io.BytesIO(bytes(u.data))) as z:
    print(z.infolist()[0].flag_bits, z.read("s.txt")[:18])

b = io.BytesIO()
z = zipfile.ZipFile(b, "w")
w = z.open("open.txt", "w")
for f in (lambda: z.writestr("x", b"y"), lambda: z.open("other", "w"), lambda: z.close(), lambda: z.read("open.txt")):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
w.write(b"ok")
w.close()
z.close()
for f in (lambda: z.writestr("x", b"y"), lambda: z.open("open.txt"), lambda: setattr(z, "comment", "text")):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
with zipfile.ZipFile(io.BytesIO(b.getvalue())) as z:
    for f in (lambda: z.writestr("x", b"y"), lambda: z.open("open.txt", "r", pwd=b"pw").read(),
              lambda: z.open("open.txt", "w", pwd=b"pw"), lambda: z.setpassword("pw")):
        try:
            print(f())
        except Exception as e:
            print(type(e).__name__, e)
print(zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA, zipfile.ZIP64_LIMIT,
      zipfile.ZIP_FILECOUNT_LIMIT, zipfile.ZIP_MAX_COMMENT, zipfile.sizeCentralDir, zipfile.sizeEndCentDir,
      zipfile.sizeFileHeader, zipfile.stringEndArchive, zipfile.structCentralDir, zipfile.BadZipfile is zipfile.BadZipFile,
      zipfile.error is zipfile.BadZipFile, zipfile.compressor_names[8])
