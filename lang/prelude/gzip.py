"""gzip: read and write gzip files (RFC 1952) over zlib: GzipFile, open,
compress and decompress. Headers, trailers and compressed bytes are
CPython's, so files go both ways."""
import builtins
import errno
import io
import os
import sys
import time
import zlib

import _compression

try:  # CPython's gzip imports struct; present here once struct lands
    import struct
except ImportError:
    pass

__all__ = ["BadGzipFile", "GzipFile", "open", "compress", "decompress"]

FTEXT, FHCRC, FEXTRA, FNAME, FCOMMENT = 1, 2, 4, 8, 16

READ, WRITE = 1, 2

_COMPRESS_LEVEL_FAST = 1
_COMPRESS_LEVEL_TRADEOFF = 6
_COMPRESS_LEVEL_BEST = 9

READ_BUFFER_SIZE = 128 * 1024


def open(filename, mode="rb", compresslevel=_COMPRESS_LEVEL_BEST, encoding=None, errors=None, newline=None):
    """Opens a gzip file by name or over a file object; binary by default,
    text with 't' in mode."""
    gz_mode = _compression.text_mode_args(mode, encoding, errors, newline)
    if isinstance(filename, (str, bytes, os.PathLike)):
        binary_file = GzipFile(filename, gz_mode, compresslevel)
    elif hasattr(filename, "read") or hasattr(filename, "write"):
        binary_file = GzipFile(None, gz_mode, compresslevel, filename)
    else:
        raise TypeError("filename must be a str or bytes object, or a file")
    if "t" in mode:
        return _compression.TextStream(binary_file, encoding, errors, newline)
    return binary_file


def write32u(output, value):
    # four little-endian bytes of the low 32 bits
    output.write((value & 0xffffffff).to_bytes(4, "little"))


class BadGzipFile(OSError):
    """The data is not a valid gzip stream."""


def _xfl(compresslevel):
    if compresslevel == _COMPRESS_LEVEL_BEST:
        return b"\002"
    if compresslevel == _COMPRESS_LEVEL_FAST:
        return b"\004"
    return b"\000"


class _Member:
    """Reads the members of a gzip stream one after the other: headers,
    deflate data and trailers, checking CRC and length."""

    def __init__(self, fp):
        self._fp = fp
        self._buf = b""       # read from fp, not yet used
        self._new_member = True
        self._decomp = None
        self._crc = 0
        self._size = 0
        self._eof = False
        self._last_mtime = None

    def _read_exact(self, n):
        while len(self._buf) < n:
            data = self._fp.read(max(n - len(self._buf), READ_BUFFER_SIZE))
            if not data:
                raise EOFError("Compressed file ended before the end-of-stream marker was reached")
            self._buf += data
        out, self._buf = self._buf[:n], self._buf[n:]
        return out

    def _more(self):
        if self._buf:
            data, self._buf = self._buf, b""
            return data
        return self._fp.read(READ_BUFFER_SIZE)

    def _read_header(self):
        # False at a clean end of the stream
        if not self._buf:
            self._buf = self._fp.read(READ_BUFFER_SIZE)
        if not self._buf:
            return False
        magic = self._buf[:2]
        if len(magic) < 2:
            more = self._fp.read(1)
            self._buf += more
            magic = self._buf[:2]
        if magic != b"\037\213":
            raise BadGzipFile("Not a gzipped file (%r)" % magic)
        self._buf = self._buf[2:]
        method, flag = self._read_exact(2)
        self._last_mtime = int.from_bytes(self._read_exact(4), "little")
        self._read_exact(2)  # extra flags, OS
        if method != 8:
            raise BadGzipFile("Unknown compression method")
        if flag & FEXTRA:
            n = int.from_bytes(self._read_exact(2), "little")
            self._read_exact(n)
        for bit in (FNAME, FCOMMENT):
            if flag & bit:
                while self._read_exact(1) not in (b"\000", b""):
                    pass
        if flag & FHCRC:
            self._read_exact(2)
        return True

    def read(self, size):
        """Up to size bytes (size > 0) of data; b'' at the end."""
        while not self._eof:
            if self._new_member:
                if not self._read_header():
                    self._eof = True
                    return b""
                self._new_member = False
                self._decomp = zlib.decompressobj(-zlib.MAX_WBITS)
                self._crc = 0
                self._size = 0
            tail = self._decomp.unconsumed_tail
            data = tail if tail else self._more()
            out = self._decomp.decompress(data, size)
            if self._decomp.unused_data:
                self._buf = self._decomp.unused_data + self._buf
            if self._decomp.eof:
                self._update(out)
                self._read_trailer()
                self._new_member = True
                if out:
                    return out
                continue
            if not data and not out:
                raise EOFError("Compressed file ended before the end-of-stream marker was reached")
            if out:
                self._update(out)
                return out
        return b""

    def _update(self, out):
        self._crc = zlib.crc32(out, self._crc)
        self._size += len(out)

    def _read_trailer(self):
        crc32 = int.from_bytes(self._read_exact(4), "little")
        isize = int.from_bytes(self._read_exact(4), "little")
        if crc32 != self._crc:
            raise BadGzipFile("CRC check failed %s != %s" % (hex(crc32), hex(self._crc)))
        if isize != (self._size & 0xffffffff):
            raise BadGzipFile("Incorrect length of data produced")
        # zero bytes may follow a member: skip them
        while True:
            if not self._buf:
                self._buf = self._fp.read(READ_BUFFER_SIZE)
                if not self._buf:
                    break
            stripped = self._buf.lstrip(b"\0")
            if stripped:
                self._buf = stripped
                break
            self._buf = b""


class GzipFile(io.BufferedIOBase):
    """A gzip file: reads (every member in turn) or writes one member, as a
    binary stream."""

    myfileobj = None

    def __init__(self, filename=None, mode=None, compresslevel=_COMPRESS_LEVEL_BEST, fileobj=None, mtime=None):
        if mode and ("t" in mode or "U" in mode):
            raise ValueError("Invalid mode: {!r}".format(mode))
        if mode and "b" not in mode:
            mode += "b"
        if fileobj is None:
            fileobj = self.myfileobj = builtins.open(filename, mode or "rb")
        if filename is None:
            filename = getattr(fileobj, "name", "")
            if not isinstance(filename, (str, bytes)):
                filename = ""
        else:
            filename = os.fspath(filename)
        origmode = mode
        if mode is None:
            mode = getattr(fileobj, "mode", "rb")
        if mode.startswith("r"):
            self.mode = READ
            self._reader = _Member(fileobj)
            self._pos = 0
            self._readbuf = b""
            self.name = filename
        elif mode.startswith(("w", "a", "x")):
            if origmode is None:
                import warnings
                warnings.warn("GzipFile was opened for writing, but this will change in future Python releases.  "
                              "Specify the mode argument for opening it for writing.", FutureWarning, 2)
            self.mode = WRITE
            self._init_write(filename)
            self.compress = zlib.compressobj(compresslevel, zlib.DEFLATED, -zlib.MAX_WBITS, zlib.DEF_MEM_LEVEL, 0)
            self._write_mtime = mtime
        else:
            raise ValueError("Invalid mode: {!r}".format(mode))
        self.fileobj = fileobj
        if self.mode == WRITE:
            self._write_gzip_header(compresslevel)

    @property
    def filename(self):
        import warnings
        warnings.warn("use the name attribute", DeprecationWarning, 2)
        if self.mode == WRITE and self.name[-3:] != ".gz":
            return self.name + ".gz"
        return self.name

    @property
    def mtime(self):
        """The mtime of the member last read (None when writing)."""
        return self._reader._last_mtime if self.mode == READ else None

    def __repr__(self):
        s = repr(self.fileobj)
        return "<gzip " + s[1:-1] + " " + hex(id(self)) + ">"

    def _init_write(self, filename):
        self.name = filename
        self.crc = zlib.crc32(b"")
        self.size = 0
        self.writebuf = []
        self.bufsize = 0
        self.offset = 0

    def _write_gzip_header(self, compresslevel):
        self.fileobj.write(b"\037\213")
        self.fileobj.write(b"\010")
        try:
            fname = os.path.basename(self.name)
            if not isinstance(fname, bytes):
                fname = fname.encode("latin-1")
            if fname.endswith(b".gz"):
                fname = fname[:-3]
        except UnicodeEncodeError:
            fname = b""
        flags = FNAME if fname else 0
        self.fileobj.write(bytes([flags]))
        mtime = self._write_mtime
        if mtime is None:
            mtime = time.time()
        write32u(self.fileobj, int(mtime))
        self.fileobj.write(_xfl(compresslevel))
        self.fileobj.write(b"\377")
        if fname:
            self.fileobj.write(fname + b"\000")

    def _check_not_closed(self):
        if self.closed:
            raise ValueError("I/O operation on closed file")

    def write(self, data):
        self._check_not_closed()
        if self.mode != WRITE:
            raise OSError(errno.EBADF, "write() on read-only GzipFile object")
        if self.fileobj is None:
            raise ValueError("write() on closed GzipFile object")
        if isinstance(data, (bytes, bytearray)):
            length = len(data)
        else:
            data = memoryview(data)
            length = data.nbytes
        if length > 0:
            self.fileobj.write(self.compress.compress(data))
            self.size += length
            self.crc = zlib.crc32(data, self.crc)
            self.offset += length
        return length

    def _check_read(self, what="read"):
        self._check_not_closed()
        if self.mode != READ:
            raise OSError(errno.EBADF, what + "() on write-only GzipFile object")

    def _fill(self, n):
        # at least n bytes in _readbuf unless the data ends first
        while len(self._readbuf) < n:
            chunk = self._reader.read(max(n - len(self._readbuf), io.DEFAULT_BUFFER_SIZE))
            if not chunk:
                return False
            self._readbuf += chunk
        return True

    def read(self, size=-1):
        self._check_read()
        if size is None or size < 0:
            parts = [self._readbuf]
            self._readbuf = b""
            while True:
                chunk = self._reader.read(READ_BUFFER_SIZE)
                if not chunk:
                    break
                parts.append(chunk)
            data = b"".join(parts)
        else:
            self._fill(size)
            data, self._readbuf = self._readbuf[:size], self._readbuf[size:]
        self._pos += len(data)
        return data

    def read1(self, size=-1):
        self._check_read("read1")
        if size is None or size < 0:
            size = io.DEFAULT_BUFFER_SIZE
        if not self._readbuf:
            self._fill(1)
        data, self._readbuf = self._readbuf[:size], self._readbuf[size:]
        self._pos += len(data)
        return data

    def readinto(self, b):
        data = self.read(len(b))
        b[:len(data)] = data
        return len(data)

    def peek(self, n):
        self._check_read("peek")
        self._fill(max(n, 1))
        return self._readbuf

    @property
    def closed(self):
        return self.fileobj is None

    def close(self):
        fileobj = self.fileobj
        if fileobj is None:
            return
        self.fileobj = None
        try:
            if self.mode == WRITE:
                fileobj.write(self.compress.flush())
                write32u(fileobj, self.crc)
                write32u(fileobj, self.size)
        finally:
            myfileobj = self.myfileobj
            if myfileobj:
                self.myfileobj = None
                myfileobj.close()

    def flush(self, zlib_mode=zlib.Z_SYNC_FLUSH):
        self._check_not_closed()
        if self.mode == WRITE:
            self.fileobj.write(self.compress.flush(zlib_mode))
            self.fileobj.flush()

    def fileno(self):
        """The file descriptor of the file underneath."""
        return self.fileobj.fileno()

    def rewind(self):
        """Starts reading again from the first byte."""
        if self.mode != READ:
            raise OSError("Can't rewind in write mode")
        self.fileobj.seek(0)
        self._reader = _Member(self.fileobj)
        self._readbuf = b""
        self._pos = 0

    def readable(self):
        return self.mode == READ

    def writable(self):
        return self.mode == WRITE

    def seekable(self):
        return True

    def tell(self):
        self._check_not_closed()
        return self.offset if self.mode == WRITE else self._pos

    def seek(self, offset, whence=io.SEEK_SET):
        if self.mode == WRITE:
            if whence != io.SEEK_SET:
                if whence == io.SEEK_CUR:
                    offset = self.offset + offset
                else:
                    raise ValueError("Seek from end not supported")
            if offset < self.offset:
                raise OSError("Negative seek in write mode")
            count = offset - self.offset
            chunk = b"\0" * 1024
            for i in range(count // 1024):
                self.write(chunk)
            self.write(b"\0" * (count % 1024))
            return self.offset
        self._check_read("seek")
        if whence == io.SEEK_CUR:
            offset = self._pos + offset
        elif whence == io.SEEK_END:
            raise ValueError("Seek from end not supported")
        elif whence != io.SEEK_SET:
            raise ValueError("Invalid value for whence: %s" % (whence,))
        if offset < self._pos:
            self.rewind()
        while self._pos < offset:
            if not self.read(min(io.DEFAULT_BUFFER_SIZE, offset - self._pos)):
                break
        return self._pos

    def readline(self, size=-1):
        self._check_read("readline")
        if size is None:
            size = -1
        while True:
            i = self._readbuf.find(b"\n")
            if i >= 0 or (0 <= size <= len(self._readbuf)):
                break
            if not self._fill(len(self._readbuf) + io.DEFAULT_BUFFER_SIZE) and not self._readbuf.count(b"\n"):
                i = -1
                break
        end = len(self._readbuf) if i < 0 else i + 1
        if size >= 0:
            end = min(end, size)
        line, self._readbuf = self._readbuf[:end], self._readbuf[end:]
        self._pos += len(line)
        return line

    def readlines(self, hint=-1):
        lines = []
        total = 0
        for line in self:
            lines.append(line)
            total += len(line)
            if 0 < hint <= total:
                break
        return lines

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def __iter__(self):
        self._check_not_closed()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __enter__(self):
        self._check_not_closed()
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass


def _simple_header(compresslevel, mtime):
    return (b"\037\213\010\000" + (int(mtime) & 0xffffffff).to_bytes(4, "little") + _xfl(compresslevel)
            + b"\377")


def compress(data, compresslevel=_COMPRESS_LEVEL_BEST, *, mtime=None):
    """data as gzip bytes."""
    if mtime == 0:  # zlib writes this header itself: mtime 0, OS 3
        return zlib.compress(data, level=compresslevel, wbits=31)
    if mtime is None:
        mtime = time.time()
    data = bytes(memoryview(data))
    trailer = zlib.crc32(data).to_bytes(4, "little") + (len(data) & 0xffffffff).to_bytes(4, "little")
    return _simple_header(compresslevel, mtime) + zlib.compress(data, level=compresslevel, wbits=-15) + trailer


def decompress(data):
    """The data of every member of gzip bytes."""
    reader = _Member(io.BytesIO(bytes(memoryview(data))))
    parts = []
    while True:
        try:
            chunk = reader.read(READ_BUFFER_SIZE)
        except BadGzipFile as e:
            if str(e).startswith("CRC check failed"):
                raise BadGzipFile("CRC check failed") from None
            raise
        if not chunk:
            break
        parts.append(chunk)
    return b"".join(parts)


def main():
    """gzip's command line: compress or decompress files (-d), or stdin."""
    from argparse import ArgumentParser
    parser = ArgumentParser(description="A simple command line interface for the gzip module: act like gzip, "
                            "but do not delete the input file.")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--fast", action="store_true", help="compress faster")
    group.add_argument("--best", action="store_true", help="compress better")
    group.add_argument("-d", "--decompress", action="store_true", help="act like gunzip instead of gzip")
    parser.add_argument("args", nargs="*", default=["-"], metavar="file")
    args = parser.parse_args()
    compresslevel = _COMPRESS_LEVEL_TRADEOFF
    if args.fast:
        compresslevel = _COMPRESS_LEVEL_FAST
    elif args.best:
        compresslevel = _COMPRESS_LEVEL_BEST
    for arg in args.args:
        if args.decompress:
            if arg == "-":
                f = GzipFile(filename="", mode="rb", fileobj=sys.stdin.buffer)
                g = sys.stdout.buffer
            else:
                if arg[-3:] != ".gz":
                    sys.exit(f"filename doesn't end in .gz: {arg!r}")
                f = open(arg, "rb")
                g = builtins.open(arg[:-3], "wb")
        else:
            if arg == "-":
                f = sys.stdin.buffer
                g = GzipFile(filename="", mode="wb", fileobj=sys.stdout.buffer, compresslevel=compresslevel)
            else:
                f = builtins.open(arg, "rb")
                g = open(arg + ".gz", "wb")
        while True:
            chunk = f.read(READ_BUFFER_SIZE)
            if not chunk:
                break
            g.write(chunk)
        if g is not sys.stdout.buffer:
            g.close()
        if f is not sys.stdin.buffer:
            f.close()
