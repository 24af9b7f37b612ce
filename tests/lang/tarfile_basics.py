# tarfile: TarInfo headers in the three formats (the bytes are CPython's),
# archives written and read back plain, gzipped and as streams, add with a
# filter, extract/extractall, append and exclusive modes, an archive CPython
# wrote (archive_fixtures/cpython.tar.gz), and the errors.
import io
import os
import tarfile
import tempfile
t = tarfile.TarInfo("a.txt"); t.size = 3; t.mtime = 1700000000; t.uname = "u"; t.gname = "g"
for fmt in (tarfile.USTAR_FORMAT, tarfile.GNU_FORMAT, tarfile.PAX_FORMAT):
    print(fmt, t.tobuf(fmt).hex()[:40], tarfile.TarInfo.frombuf(t.tobuf(fmt), "utf-8", "strict").name, len(t.tobuf(fmt)))
long = tarfile.TarInfo("d/" * 60 + "f"); print(len(long.tobuf(tarfile.GNU_FORMAT)), len(long.tobuf(tarfile.PAX_FORMAT)), len(long.tobuf(tarfile.USTAR_FORMAT)))
u = tarfile.TarInfo("héllo.txt"); u.mtime = 1.5; print(u.tobuf().hex())
b = io.BytesIO()
with tarfile.open(fileobj=b, mode="w") as tf:
    tf.addfile(t, io.BytesIO(b"abc"))
    d = tarfile.TarInfo("dir"); d.type = tarfile.DIRTYPE; d.mode = 0o755; tf.addfile(d)
    s = tarfile.TarInfo("dir/link"); s.type = tarfile.SYMTYPE; s.linkname = "../a.txt"; tf.addfile(s)
    tf.addfile(long, io.BytesIO(b""))
    tf.addfile(u, io.BytesIO(b""))
data = b.getvalue(); print(len(data))
with tarfile.open(fileobj=io.BytesIO(data)) as tf:
    print(tf.getnames())
    for m in tf.getmembers():
        print(m.name, m.size, m.mtime, oct(m.mode), m.type, m.isfile(), m.isdir(), m.issym(), m.linkname, m.uname, m.gname, m.offset, m.offset_data, m.pax_headers)
    print(tf.extractfile("a.txt").read(), tf.extractfile("dir"), tf.extractfile("dir/link").read())
    f = tf.extractfile("a.txt"); print(f.read(1), f.tell(), f.seek(0), f.readline(), f.name)
    tf.list(verbose=False)
    try: tf.getmember("nope")
    except KeyError as e: print("KeyError", e)
for mode in ("w:gz", "w|gz", "w|"):
    b = io.BytesIO()
    with tarfile.open(fileobj=b, mode=mode) as tf:
        tf.addfile(t, io.BytesIO(b"abc"))
    raw = b.getvalue()
    for rmode in ("r", "r:*", "r|*", "r:gz" if "gz" in mode else "r:"):
        with tarfile.open(fileobj=io.BytesIO(raw), mode=rmode) as tf:
            print(mode, rmode, [(m.name, tf.extractfile(m).read()) for m in tf])
print(tarfile.is_tarfile(io.BytesIO(data)), tarfile.is_tarfile(io.BytesIO(b"x" * 600)))
with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, "src"); os.makedirs(os.path.join(src, "sub"))
    with open(os.path.join(src, "one.txt"), "w") as f: f.write("one\n")
    with open(os.path.join(src, "sub", "two.txt"), "w") as f: f.write("two\n")
    tp = os.path.join(tmp, "x.tar.gz")
    with tarfile.open(tp, "w:gz") as tf:
        tf.add(src, arcname="src")
        tf.add(src, arcname="filtered", filter=lambda ti: None if ti.name.endswith("two.txt") else ti)
    with tarfile.open(tp) as tf:
        print(tf.getnames())
        tf.extractall(os.path.join(tmp, "out"))
        tf.extract("src/one.txt", os.path.join(tmp, "one"))
    print(sorted(os.listdir(os.path.join(tmp, "out", "src"))), open(os.path.join(tmp, "out", "src", "sub", "two.txt")).read())
    ap = os.path.join(tmp, "a.tar")
    with tarfile.open(ap, "w") as tf: tf.addfile(t, io.BytesIO(b"abc"))
    with tarfile.open(ap, "a") as tf: tf.add(os.path.join(src, "one.txt"), "one.txt")
    with tarfile.open(ap) as tf: print(tf.getnames(), tf.extractfile("one.txt").read())
    try: tarfile.open(ap, "x")
    except FileExistsError as e: print("FileExistsError")
for f in (lambda: tarfile.open(fileobj=io.BytesIO(b"x" * 600)), lambda: tarfile.open(fileobj=io.BytesIO(b""), mode="r:"), lambda: tarfile.open(fileobj=io.BytesIO(data), mode="r:gz"), lambda: tarfile.open(fileobj=io.BytesIO(), mode="q"), lambda: tarfile.open(fileobj=io.BytesIO(), mode="w:zz"), lambda: tarfile.open(), lambda: tarfile.open(fileobj=io.BytesIO(data[:700]), mode="r:").getmembers(), lambda: tarfile.TarInfo.frombuf(b"x" * 512, "utf-8", "strict"), lambda: tarfile.TarInfo.frombuf(b"x" * 5, "utf-8", "strict"), lambda: tarfile.TarInfo("x").tobuf(7), lambda: tarfile.itn(-1, 8, tarfile.USTAR_FORMAT), lambda: tarfile.open(fileobj=io.BytesIO(data), mode="w|").extractfile("x"), lambda: tarfile.open(fileobj=io.BytesIO(data), mode="a|")):
    try: print(f())
    except Exception as e: print(type(e).__name__, str(e).splitlines()[0])
print(tarfile.itn(-5, 8, tarfile.GNU_FORMAT), tarfile.nti(tarfile.itn(-5, 8, tarfile.GNU_FORMAT)), tarfile.nti(tarfile.itn(8**12, 12, tarfile.GNU_FORMAT)), tarfile.calc_chksums(t.tobuf()))

# an archive CPython wrote
with tarfile.open("archive_fixtures/cpython.tar.gz") as tf:
    for m in tf:
        print(m.name, m.size, m.mtime, oct(m.mode), m.type, m.uid, m.gid, m.uname, m.gname, m.linkname, m.offset)
    print(tf.extractfile("top/readme.txt").read().decode("utf-8").splitlines()[1], tf.extractfile("top/link").read(19))
    tf.list(verbose=False)
    with tempfile.TemporaryDirectory() as tmp:
        tf.extractall(tmp)
        print(sorted(os.listdir(os.path.join(tmp, "top"))), os.readlink(os.path.join(tmp, "top", "link")),
              oct(os.stat(os.path.join(tmp, "top", "sub")).st_mode & 0o777),
              os.stat(os.path.join(tmp, "top", "readme.txt")).st_mtime)
with open("archive_fixtures/cpython.tar.gz", "rb") as raw, tarfile.open(fileobj=raw, mode="r|gz") as tf:
    print([(m.name, len(tf.extractfile(m).read()) if m.isfile() else None) for m in tf])
print(tarfile.is_tarfile("archive_fixtures/cpython.tar.gz"), tarfile.is_tarfile("archive_fixtures/cpython.zip"))
print(tarfile.BLOCKSIZE, tarfile.RECORDSIZE, tarfile.GNU_MAGIC, tarfile.POSIX_MAGIC, tarfile.DEFAULT_FORMAT,
      tarfile.ENCODING, tarfile.REGTYPE, tarfile.SYMTYPE, tarfile.PAX_FIELDS, sorted(tarfile.PAX_NAME_FIELDS),
      tarfile.nts(b"abc\0def", "ascii", "strict"), tarfile.stn("ab", 4, "ascii", "strict"), tarfile.itn(8, 4),
      tarfile.nti(b"0000010\0"), issubclass(tarfile.ReadError, tarfile.TarError),
      issubclass(tarfile.EOFHeaderError, tarfile.HeaderError))
