"""Writes the archives the archive tests read, with CPython (run it with
/usr/bin/python3 from this folder): every time and owner is fixed, so
the files are the same on every run."""
import gzip
import io
import tarfile
import zipfile

TEXT = "CPython wrote this.\nSecond line, with a non-ASCII letter: \u00e9\n" * 20

with open("cpython.txt.gz", "wb") as raw:
    with gzip.GzipFile("cpython.txt.gz", "wb", 9, raw, mtime=1600000000) as f:
        f.write(TEXT.encode("utf-8"))

with zipfile.ZipFile("cpython.zip", "w") as z:
    z.writestr(zipfile.ZipInfo("readme.txt", (2021, 3, 4, 5, 6, 8)), TEXT)
    info = zipfile.ZipInfo("data/numbers.bin", (2022, 7, 8, 9, 10, 12))
    info.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(info, bytes(range(256)) * 8)
    z.writestr(zipfile.ZipInfo("data/", (2022, 7, 8, 9, 10, 12)), b"")
    z.writestr(zipfile.ZipInfo("caf\u00e9.txt", (2023, 1, 1, 0, 0, 0)), "unicode name\n")
    z.comment = b"made by CPython"

with gzip.GzipFile("cpython.tar.gz", "wb", 9, mtime=1600000000) as gz, tarfile.open(fileobj=gz, mode="w") as t:
    for name, data in (("top/readme.txt", TEXT.encode("utf-8")), ("top/sub/empty.txt", b"")):
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mtime = 1600000000
        info.uname, info.gname = "alice", "staff"
        info.uid, info.gid = 1000, 50
        t.addfile(info, io.BytesIO(data))
    d = tarfile.TarInfo("top/sub")
    d.type = tarfile.DIRTYPE
    d.mode = 0o755
    d.mtime = 1600000000
    t.addfile(d)
    link = tarfile.TarInfo("top/link")
    link.type = tarfile.SYMTYPE
    link.linkname = "readme.txt"
    t.addfile(link)
