"""tarfile: read and write tar archives (ustar, GNU and pax formats),
plain or gzip-compressed, as files or as streams ('r|gz', 'w|'). The
headers written are byte for byte CPython 3.11's, so archives go both
ways. bz2 and xz compression raise CompressionError ("bz2 module is not
available"), as a CPython built without those modules does."""
version = "0.9.0"

from builtins import open as bltn_open
import copy
import io
import os
import re
import shutil
import stat
import sys
import time

try:  # CPython's tarfile imports struct; present here once it lands
    import struct
except ImportError:
    pass
try:
    import pwd
except ImportError:
    pwd = None
try:
    import grp
except ImportError:
    grp = None

symlink_exception = (AttributeError, NotImplementedError, OSError)

__all__ = ["TarFile", "TarInfo", "is_tarfile", "TarError", "ReadError", "CompressionError", "StreamError",
           "ExtractError", "HeaderError", "ENCODING", "USTAR_FORMAT", "GNU_FORMAT", "PAX_FORMAT", "DEFAULT_FORMAT",
           "open"]

NUL = b"\0"
BLOCKSIZE = 512
RECORDSIZE = BLOCKSIZE * 20
GNU_MAGIC = b"ustar  \0"
POSIX_MAGIC = b"ustar\x0000"

LENGTH_NAME = 100
LENGTH_LINK = 100
LENGTH_PREFIX = 155

REGTYPE = b"0"
AREGTYPE = b"\0"
LNKTYPE = b"1"
SYMTYPE = b"2"
CHRTYPE = b"3"
BLKTYPE = b"4"
DIRTYPE = b"5"
FIFOTYPE = b"6"
CONTTYPE = b"7"

GNUTYPE_LONGNAME = b"L"
GNUTYPE_LONGLINK = b"K"
GNUTYPE_SPARSE = b"S"

XHDTYPE = b"x"
XGLTYPE = b"g"
SOLARIS_XHDTYPE = b"X"

USTAR_FORMAT = 0
GNU_FORMAT = 1
PAX_FORMAT = 2
DEFAULT_FORMAT = PAX_FORMAT

SUPPORTED_TYPES = (REGTYPE, AREGTYPE, LNKTYPE, SYMTYPE, DIRTYPE, FIFOTYPE, CONTTYPE, CHRTYPE, BLKTYPE,
                   GNUTYPE_LONGNAME, GNUTYPE_LONGLINK, GNUTYPE_SPARSE)
REGULAR_TYPES = (REGTYPE, AREGTYPE, CONTTYPE, GNUTYPE_SPARSE)
GNU_TYPES = (GNUTYPE_LONGNAME, GNUTYPE_LONGLINK, GNUTYPE_SPARSE)
PAX_FIELDS = ("path", "linkpath", "size", "mtime", "uid", "gid", "uname", "gname")
PAX_NAME_FIELDS = {"path", "linkpath", "uname", "gname"}
PAX_NUMBER_FIELDS = {"atime": float, "ctime": float, "mtime": float, "uid": int, "gid": int, "size": int}

ENCODING = "utf-8"


# ---- fields of a header -------------------------------------------------------

def stn(s, length, encoding, errors):
    """s encoded, cut or NUL-padded to length bytes."""
    if s is None:
        raise ValueError("metadata cannot contain None")
    s = s.encode(encoding, errors)
    return s[:length] + (length - len(s)) * NUL


def nts(s, encoding, errors):
    """The text before the first NUL of s."""
    p = s.find(b"\0")
    if p != -1:
        s = s[:p]
    return s.decode(encoding, errors)


def nti(s):
    """The number in a header field: octal text, or GNU's base-256 form."""
    if s[0] in (0o200, 0o377):
        # base-256: the first byte's high bit marks it, 0o377 a negative
        n = 0
        for b in s[1:]:
            n = n << 8 | b
        if s[0] == 0o377:
            n = -(256 ** (len(s) - 1) - n)
        return n
    try:
        text = nts(s, "ascii", "strict")
        return int(text.strip() or "0", 8)
    except ValueError:
        raise InvalidHeaderError("invalid header")


def itn(n, digits=8, format=DEFAULT_FORMAT):
    """n as a header field of digits bytes: octal, or base-256 in the GNU format."""
    original = n
    n = int(n)
    if 0 <= n < 8 ** (digits - 1):
        return bytes("%0*o" % (digits - 1, n), "ascii") + NUL
    if format == GNU_FORMAT and -256 ** (digits - 1) <= n < 256 ** (digits - 1):
        lead = 0o200 if n >= 0 else 0o377
        if n < 0:
            n = 256 ** digits + n
        field = bytearray([lead])   # CPython gives this form as a bytearray
        for shift in range((digits - 2) * 8, -8, -8):
            field.append(n >> shift & 0o377)
        return field
    raise ValueError("overflow in number field")


def calc_chksums(buf):
    """The header's checksums, unsigned and signed: the sum of its bytes
    with the checksum field (148:156) counted as eight spaces."""
    rest = bytes(buf[:148]) + bytes(buf[156:512])
    unsigned = 256 + sum(rest)
    signed = 256 + sum(b - 256 if b > 127 else b for b in rest)
    return unsigned, signed


def copyfileobj(src, dst, length=None, exception=OSError, bufsize=None):
    """Copies length bytes (all when None) from src to dst; exception when src ends early."""
    bufsize = bufsize or 16 * 1024
    if length == 0:
        return
    if length is None:
        shutil.copyfileobj(src, dst, bufsize)
        return
    left = length
    while left > 0:
        want = min(bufsize, left)
        buf = src.read(want)
        if len(buf) < want:
            raise exception("unexpected end of data")
        dst.write(buf)
        left -= want


def _safe_print(s):
    print(s, end=" ")


# ---- exceptions ---------------------------------------------------------------

class TarError(Exception):
    """The base of tarfile's exceptions."""


class ExtractError(TarError):
    """Extracting a member failed (permissions, times, links)."""


class ReadError(TarError):
    """The data is not a tar archive this module can read."""


class CompressionError(TarError):
    """The compression asked for is unknown or not available."""


class StreamError(TarError):
    """What a '|' stream cannot do (seek back, links as files)."""


class HeaderError(TarError):
    """The base of the errors in a member's header."""


class EmptyHeaderError(HeaderError):
    """A header block with no bytes."""


class TruncatedHeaderError(HeaderError):
    """A header block shorter than 512 bytes."""


class EOFHeaderError(HeaderError):
    """A block of zeros: the end of the archive."""


class InvalidHeaderError(HeaderError):
    """A header whose numbers or checksum are wrong."""


class SubsequentHeaderError(HeaderError):
    """A long-name or pax header not followed by a valid header."""


# ---- streams ----------------------------------------------------------------------

class _LowLevelFile:
    """A file opened by name for _Stream (no buffering of its own)."""

    def __init__(self, name, mode):
        self.fd = bltn_open(name, {"r": "rb", "w": "wb"}[mode])

    def close(self):
        self.fd.close()

    def read(self, size):
        return self.fd.read(size)

    def write(self, s):
        self.fd.write(s)


class _Stream:
    """A tar archive as a stream of blocks, read or written once in order
    (the '|' modes), gzip-compressed or not; no seeking backwards."""

    def __init__(self, name, mode, comptype, fileobj, bufsize, compresslevel=9):
        self._extfileobj = True
        if fileobj is None:
            fileobj = _LowLevelFile(name, mode)
            self._extfileobj = False
        if comptype == "*":
            fileobj = _StreamProxy(fileobj)
            comptype = fileobj.getcomptype()
        self.name = name or ""
        self.mode = mode
        self.comptype = comptype
        self.fileobj = fileobj
        self.bufsize = bufsize
        self.buf = b""
        self.pos = 0
        self.closed = False
        try:
            if comptype == "gz":
                import zlib
                self.zlib = zlib
                self.crc = zlib.crc32(b"")
                if mode == "r":
                    self._init_read_gz()
                    self.exception = zlib.error
                else:
                    self._init_write_gz(compresslevel)
            elif comptype == "bz2":
                raise CompressionError("bz2 module is not available")
            elif comptype == "xz":
                raise CompressionError("lzma module is not available")
            elif comptype != "tar":
                raise CompressionError("unknown compression type %r" % comptype)
        except:
            if not self._extfileobj:
                self.fileobj.close()
            self.closed = True
            raise

    def __del__(self):
        if hasattr(self, "closed") and not self.closed:
            self.close()

    def _init_write_gz(self, compresslevel):
        self.cmp = self.zlib.compressobj(compresslevel, self.zlib.DEFLATED, -self.zlib.MAX_WBITS,
                                         self.zlib.DEF_MEM_LEVEL, 0)
        timestamp = int(time.time()).to_bytes(4, "little")
        self._write_raw(b"\037\213\010\010" + timestamp + b"\002\377")
        if self.name.endswith(".gz"):
            self.name = self.name[:-3]
        self.name = os.path.basename(self.name)
        self._write_raw(self.name.encode("iso-8859-1", "replace") + NUL)

    def write(self, s):
        if self.comptype == "gz":
            self.crc = self.zlib.crc32(s, self.crc)
        self.pos += len(s)
        if self.comptype != "tar":
            s = self.cmp.compress(s)
        self._write_raw(s)

    def _write_raw(self, s):
        self.buf += s
        while len(self.buf) > self.bufsize:
            self.fileobj.write(self.buf[:self.bufsize])
            self.buf = self.buf[self.bufsize:]

    def close(self):
        if self.closed:
            return
        self.closed = True
        try:
            if self.mode == "w" and self.comptype != "tar":
                self.buf += self.cmp.flush()
            if self.mode == "w" and self.buf:
                self.fileobj.write(self.buf)
                self.buf = b""
                if self.comptype == "gz":
                    self.fileobj.write((self.crc & 0xffffffff).to_bytes(4, "little"))
                    self.fileobj.write((self.pos & 0xffffffff).to_bytes(4, "little"))
        finally:
            if not self._extfileobj:
                self.fileobj.close()

    def _init_read_gz(self):
        self.cmp = self.zlib.decompressobj(-self.zlib.MAX_WBITS)
        self.dbuf = b""
        if self._read_raw(2) != b"\037\213":
            raise ReadError("not a gzip file")
        if self._read_raw(1) != b"\010":
            raise CompressionError("unsupported compression method")
        flag = self._read_raw(1)[0]
        self._read_raw(6)
        if flag & 4:
            xlen = int.from_bytes(self._read_raw(2), "little")
            self.read(xlen)
        if flag & 8:
            while True:
                s = self._read_raw(1)
                if not s or s == NUL:
                    break
        if flag & 16:
            while True:
                s = self._read_raw(1)
                if not s or s == NUL:
                    break
        if flag & 2:
            self._read_raw(2)

    def tell(self):
        return self.pos

    def seek(self, pos=0):
        if pos - self.pos >= 0:
            blocks, remainder = divmod(pos - self.pos, self.bufsize)
            for i in range(blocks):
                self.read(self.bufsize)
            self.read(remainder)
        else:
            raise StreamError("seeking backwards is not allowed")
        return self.pos

    def read(self, size):
        assert size is not None
        buf = self._read(size)
        self.pos += len(buf)
        return buf

    def _read(self, size):
        if self.comptype == "tar":
            return self._read_raw(size)
        c = len(self.dbuf)
        t = [self.dbuf]
        while c < size:
            if self.buf:
                buf = self.buf
                self.buf = b""
            else:
                buf = self.fileobj.read(self.bufsize)
                if not buf:
                    break
            try:
                buf = self.cmp.decompress(buf)
            except self.exception as e:
                raise ReadError("invalid compressed data") from e
            t.append(buf)
            c += len(buf)
        t = b"".join(t)
        self.dbuf = t[size:]
        return t[:size]

    def _read_raw(self, size):
        c = len(self.buf)
        t = [self.buf]
        while c < size:
            buf = self.fileobj.read(self.bufsize)
            if not buf:
                break
            t.append(buf)
            c += len(buf)
        t = b"".join(t)
        self.buf = t[size:]
        return t[:size]


class _StreamProxy:
    """Looks at the first block of a stream to tell its compression."""

    def __init__(self, fileobj):
        self.fileobj = fileobj
        self.buf = self.fileobj.read(BLOCKSIZE)

    def read(self, size):
        self.read = self.fileobj.read
        return self.buf

    def getcomptype(self):
        if self.buf.startswith(b"\x1f\x8b\x08"):
            return "gz"
        elif self.buf[0:3] == b"BZh" and self.buf[4:10] == b"1AY&SY":
            return "bz2"
        elif self.buf.startswith((b"\x5d\x00\x00\x80", b"\xfd7zXZ")):
            return "xz"
        else:
            return "tar"

    def close(self):
        self.fileobj.close()


class _FileInFile:
    """A window of a file: size bytes from offset, as a raw stream."""

    def __init__(self, fileobj, offset, size, name):
        self.fileobj = fileobj
        self.offset = offset
        self.size = size
        self.position = 0
        self.name = name
        self.closed = False

    def seekable(self):
        return self.fileobj.seekable() if hasattr(self.fileobj, "seekable") else True

    def tell(self):
        return self.position

    def seek(self, position, whence=io.SEEK_SET):
        if whence == io.SEEK_SET:
            self.position = min(max(position, 0), self.size)
        elif whence == io.SEEK_CUR:
            self.position = max(min(self.position + position, self.size), 0) if position >= 0 else \
                max(self.position + position, 0)
        elif whence == io.SEEK_END:
            self.position = max(min(self.size + position, self.size), 0)
        else:
            raise ValueError("Invalid argument")
        return self.position

    def read(self, size=None):
        if size is None or size < 0:
            size = self.size - self.position
        else:
            size = min(size, self.size - self.position)
        if size <= 0:
            return b""
        self.fileobj.seek(self.offset + self.position)
        b = self.fileobj.read(size)
        if len(b) != size:
            raise ReadError("unexpected end of data")
        self.position += size
        return b

    def close(self):
        self.closed = True


class ExFileObject(io.BufferedIOBase):
    """The file object extractfile() returns: a member's data, read-only."""

    def __init__(self, tarfile, tarinfo):
        self.raw = _FileInFile(tarfile.fileobj, tarinfo.offset_data, tarinfo.size, tarinfo.name)
        self.name = getattr(tarfile.fileobj, "name", None)  # the archive's, as CPython's
        self.mode = "rb"
        self._buf = b""

    @property
    def closed(self):
        return self.raw.closed

    def _check(self):
        if self.raw.closed:
            raise ValueError("I/O operation on closed file.")

    def readable(self):
        self._check()
        return True

    def writable(self):
        return False

    def seekable(self):
        self._check()
        return self.raw.seekable()

    def read(self, size=-1):
        self._check()
        if size is None or size < 0:
            data = self._buf + self.raw.read()
            self._buf = b""
            return data
        if len(self._buf) >= size:
            data, self._buf = self._buf[:size], self._buf[size:]
            return data
        data = self._buf + self.raw.read(size - len(self._buf))
        self._buf = b""
        return data

    read1 = read

    def readinto(self, b):
        data = self.read(len(b))
        b[:len(data)] = data
        return len(data)

    def peek(self, size=1):
        self._check()
        if not self._buf:
            self._buf = self.raw.read(max(size, io.DEFAULT_BUFFER_SIZE))
        return self._buf

    def readline(self, size=-1):
        self._check()
        parts = []
        total = 0
        while size is None or size < 0 or total < size:
            if not self._buf:
                self._buf = self.raw.read(io.DEFAULT_BUFFER_SIZE)
                if not self._buf:
                    break
            i = self._buf.find(b"\n")
            end = len(self._buf) if i < 0 else i + 1
            if size is not None and size >= 0:
                end = min(end, size - total)
            parts.append(self._buf[:end])
            total += end
            self._buf = self._buf[end:]
            if i >= 0 and end == i + 1:
                break
        return b"".join(parts)

    def readlines(self, hint=-1):
        return list(self)

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def tell(self):
        self._check()
        return self.raw.tell() - len(self._buf)

    def seek(self, pos, whence=io.SEEK_SET):
        self._check()
        if whence == io.SEEK_CUR:
            pos, whence = self.tell() + pos, io.SEEK_SET
        self._buf = b""
        return self.raw.seek(pos, whence)

    def close(self):
        self.raw.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# ---- TarInfo --------------------------------------------------------------------

class TarInfo(object):
    """One member of a tar archive: the fields of its header."""

    __slots__ = ("name", "mode", "uid", "gid", "size", "mtime", "chksum", "type", "linkname", "uname", "gname",
                 "devmajor", "devminor", "offset", "offset_data", "pax_headers", "sparse", "tarfile", "_sparse_structs",
                 "_link_target")

    def __init__(self, name=""):
        self.name = name
        self.mode = 0o644
        self.uid = 0
        self.gid = 0
        self.size = 0
        self.mtime = 0
        self.chksum = 0
        self.type = REGTYPE
        self.linkname = ""
        self.uname = ""
        self.gname = ""
        self.devmajor = 0
        self.devminor = 0
        self.offset = 0
        self.offset_data = 0
        self.sparse = None
        self.pax_headers = {}
        self.tarfile = None

    @property
    def path(self):
        """The member's name, under its pax name."""
        return self.name

    @path.setter
    def path(self, name):
        self.name = name

    @property
    def linkpath(self):
        """The link target, under its pax name."""
        return self.linkname

    @linkpath.setter
    def linkpath(self, linkname):
        self.linkname = linkname

    def __repr__(self):
        return "<%s %r at %#x>" % (self.__class__.__name__, self.name, id(self))

    def get_info(self):
        """The header fields as a dict."""
        info = {
            "name": self.name,
            "mode": self.mode & 0o7777,
            "uid": self.uid,
            "gid": self.gid,
            "size": self.size,
            "mtime": self.mtime,
            "chksum": self.chksum,
            "type": self.type,
            "linkname": self.linkname,
            "uname": self.uname,
            "gname": self.gname,
            "devmajor": self.devmajor,
            "devminor": self.devminor,
        }
        if info["type"] == DIRTYPE and not info["name"].endswith("/"):
            info["name"] += "/"
        return info

    def tobuf(self, format=DEFAULT_FORMAT, encoding=ENCODING, errors="surrogateescape"):
        """The member's header blocks in format (USTAR, GNU or PAX)."""
        info = self.get_info()
        for name, value in info.items():
            if value is None:
                raise ValueError("%s may not be None" % name)
        if format == USTAR_FORMAT:
            return self.create_ustar_header(info, encoding, errors)
        elif format == GNU_FORMAT:
            return self.create_gnu_header(info, encoding, errors)
        elif format == PAX_FORMAT:
            return self.create_pax_header(info, encoding)
        else:
            raise ValueError("invalid format")

    def create_ustar_header(self, info, encoding, errors):
        """A ustar header (a long name split into prefix and name)."""
        info["magic"] = POSIX_MAGIC
        if len(info["linkname"].encode(encoding, errors)) > LENGTH_LINK:
            raise ValueError("linkname is too long")
        if len(info["name"].encode(encoding, errors)) > LENGTH_NAME:
            info["prefix"], info["name"] = self._posix_split_name(info["name"], encoding, errors)
        return self._create_header(info, USTAR_FORMAT, encoding, errors)

    def create_gnu_header(self, info, encoding, errors):
        """A GNU header, after long-name and long-link blocks when needed."""
        info["magic"] = GNU_MAGIC
        buf = b""
        if len(info["linkname"].encode(encoding, errors)) > LENGTH_LINK:
            buf += self._create_gnu_long_header(info["linkname"], GNUTYPE_LONGLINK, encoding, errors)
        if len(info["name"].encode(encoding, errors)) > LENGTH_NAME:
            buf += self._create_gnu_long_header(info["name"], GNUTYPE_LONGNAME, encoding, errors)
        return buf + self._create_header(info, GNU_FORMAT, encoding, errors)

    def create_pax_header(self, info, encoding):
        """A ustar header after a pax extended header for what ustar cannot hold."""
        info["magic"] = POSIX_MAGIC
        pax_headers = self.pax_headers.copy()
        # names that are not ASCII or too long go in the extended header
        for name, hname, length in (("name", "path", LENGTH_NAME), ("linkname", "linkpath", LENGTH_LINK),
                                    ("uname", "uname", 32), ("gname", "gname", 32)):
            if hname in pax_headers:
                continue
            try:
                info[name].encode("ascii", "strict")
            except UnicodeEncodeError:
                pax_headers[hname] = info[name]
                continue
            if len(info[name]) > length:
                pax_headers[hname] = info[name]
        # so do numbers too big for their field, and floats
        for name, digits in (("uid", 8), ("gid", 8), ("size", 12), ("mtime", 12)):
            val = info[name]
            is_float = isinstance(val, float)
            whole = round(val) if is_float else val
            needs_pax = False
            if not 0 <= whole < 8 ** (digits - 1):
                info[name] = 0          # it does not fit: the pax value alone
                needs_pax = True
            elif is_float:
                info[name] = whole      # rounded here, exact in the pax header
                needs_pax = True
            if needs_pax and name not in pax_headers:
                pax_headers[name] = str(val)
        if pax_headers:
            buf = self._create_pax_generic_header(pax_headers, XHDTYPE, encoding)
        else:
            buf = b""
        return buf + self._create_header(info, USTAR_FORMAT, "ascii", "replace")

    @classmethod
    def create_pax_global_header(cls, pax_headers):
        """A pax global header holding pax_headers."""
        return cls._create_pax_generic_header(pax_headers, XGLTYPE, "utf-8")

    def _posix_split_name(self, name, encoding, errors):
        # a prefix (at most 155 bytes) and a name (at most 100) split at a '/'
        components = name.split("/")
        for i in range(1, len(components)):
            prefix = "/".join(components[:i])
            rest = "/".join(components[i:])
            if (len(prefix.encode(encoding, errors)) <= LENGTH_PREFIX
                    and len(rest.encode(encoding, errors)) <= LENGTH_NAME):
                return prefix, rest
        raise ValueError("name is too long")

    @staticmethod
    def _create_header(info, format, encoding, errors):
        # One 512-byte header block: the fields in their places, then the
        # checksum written over its eight spaces.
        has_device_fields = info.get("type") in (CHRTYPE, BLKTYPE)
        if has_device_fields:
            devmajor = itn(info.get("devmajor", 0), 8, format)
            devminor = itn(info.get("devminor", 0), 8, format)
        else:
            devmajor = stn("", 8, encoding, errors)
            devminor = stn("", 8, encoding, errors)
        filetype = info.get("type", REGTYPE)
        if filetype is None:
            raise ValueError("TarInfo.type must not be None")
        parts = [
            stn(info.get("name", ""), 100, encoding, errors),
            itn(info.get("mode", 0) & 0o7777, 8, format),
            itn(info.get("uid", 0), 8, format),
            itn(info.get("gid", 0), 8, format),
            itn(info.get("size", 0), 12, format),
            itn(info.get("mtime", 0), 12, format),
            b"        ",
            filetype,
            stn(info.get("linkname", ""), 100, encoding, errors),
            info.get("magic", POSIX_MAGIC),
            stn(info.get("uname", ""), 32, encoding, errors),
            stn(info.get("gname", ""), 32, encoding, errors),
            devmajor,
            devminor,
            stn(info.get("prefix", ""), 155, encoding, errors),
        ]
        buf = b"".join(parts)
        buf = buf[:BLOCKSIZE].ljust(BLOCKSIZE, NUL)
        chksum = calc_chksums(buf)[0]
        return buf[:148] + bytes("%06o\0" % chksum, "ascii") + buf[155:]

    @staticmethod
    def _create_payload(payload):
        remainder = len(payload) % BLOCKSIZE
        if remainder > 0:
            payload += (BLOCKSIZE - remainder) * NUL
        return payload

    @classmethod
    def _create_gnu_long_header(cls, name, type, encoding, errors):
        name = name.encode(encoding, errors) + NUL
        info = {"name": "././@LongLink", "type": type, "size": len(name), "magic": GNU_MAGIC}
        return cls._create_header(info, USTAR_FORMAT, encoding, errors) + cls._create_payload(name)

    @classmethod
    def _create_pax_generic_header(cls, pax_headers, type, encoding):
        # Values that are not UTF-8 are written raw, under hdrcharset=BINARY.
        binary = False
        for keyword, value in pax_headers.items():
            try:
                value.encode("utf-8", "strict")
            except UnicodeEncodeError:
                binary = True
                break
        records = b""
        if binary:
            records += b"21 hdrcharset=BINARY\n"
        for keyword, value in pax_headers.items():
            keyword = keyword.encode("utf-8")
            value = value.encode(encoding, "surrogateescape") if binary else value.encode("utf-8")
            # a record counts its own length's digits: find the fixed point
            body = len(keyword) + len(value) + 3
            n = p = 0
            while True:
                n = body + len(str(p))
                if n == p:
                    break
                p = n
            records += bytes(str(p), "ascii") + b" " + keyword + b"=" + value + b"\n"
        info = {"name": "././@PaxHeader", "type": type, "size": len(records), "magic": POSIX_MAGIC}
        return cls._create_header(info, USTAR_FORMAT, "ascii", "replace") + cls._create_payload(records)

    @classmethod
    def frombuf(cls, buf, encoding, errors):
        """The TarInfo of one 512-byte header block; HeaderError subclasses when it is not one."""
        if len(buf) == 0:
            raise EmptyHeaderError("empty header")
        if len(buf) != BLOCKSIZE:
            raise TruncatedHeaderError("truncated header")
        if buf.count(NUL) == BLOCKSIZE:
            raise EOFHeaderError("end of file header")
        chksum = nti(buf[148:156])
        if chksum not in calc_chksums(buf):
            raise InvalidHeaderError("bad checksum")
        obj = cls()
        obj.name = nts(buf[0:100], encoding, errors)
        obj.mode = nti(buf[100:108])
        obj.uid = nti(buf[108:116])
        obj.gid = nti(buf[116:124])
        obj.size = nti(buf[124:136])
        obj.mtime = nti(buf[136:148])
        obj.chksum = chksum
        obj.type = buf[156:157]
        obj.linkname = nts(buf[157:257], encoding, errors)
        obj.uname = nts(buf[265:297], encoding, errors)
        obj.gname = nts(buf[297:329], encoding, errors)
        obj.devmajor = nti(buf[329:337])
        obj.devminor = nti(buf[337:345])
        prefix = nts(buf[345:500], encoding, errors)
        if obj.type == AREGTYPE and obj.name.endswith("/"):
            obj.type = DIRTYPE
        if obj.type == GNUTYPE_SPARSE:
            pos = 386
            structs = []
            for i in range(4):
                try:
                    offset = nti(buf[pos:pos + 12])
                    numbytes = nti(buf[pos + 12:pos + 24])
                except ValueError:
                    break
                structs.append((offset, numbytes))
                pos += 24
            isextended = bool(buf[482])
            origsize = nti(buf[483:495])
            obj._sparse_structs = (structs, isextended, origsize)
        if obj.isdir():
            obj.name = obj.name.rstrip("/")
        if prefix and obj.type not in GNU_TYPES:
            obj.name = prefix + "/" + obj.name
        return obj

    @classmethod
    def fromtarfile(cls, tarfile):
        """The next member of tarfile, with its extended headers applied."""
        buf = tarfile.fileobj.read(BLOCKSIZE)
        obj = cls.frombuf(buf, tarfile.encoding, tarfile.errors)
        obj.offset = tarfile.fileobj.tell() - BLOCKSIZE
        return obj._proc_member(tarfile)

    def _proc_member(self, tarfile):
        if self.type in (GNUTYPE_LONGNAME, GNUTYPE_LONGLINK):
            return self._proc_gnulong(tarfile)
        elif self.type == GNUTYPE_SPARSE:
            return self._proc_sparse(tarfile)
        elif self.type in (XHDTYPE, XGLTYPE, SOLARIS_XHDTYPE):
            return self._proc_pax(tarfile)
        else:
            return self._proc_builtin(tarfile)

    def _proc_builtin(self, tarfile):
        self.offset_data = tarfile.fileobj.tell()
        offset = self.offset_data
        if self.isreg() or self.type not in SUPPORTED_TYPES:
            offset += self._block(self.size)
        tarfile.offset = offset
        self._apply_pax_info(tarfile.pax_headers, tarfile.encoding, tarfile.errors)
        if self.isdir():
            self.name = self.name.rstrip("/")
        return self

    def _proc_gnulong(self, tarfile):
        buf = tarfile.fileobj.read(self._block(self.size))
        try:
            next = self.fromtarfile(tarfile)
        except HeaderError as e:
            raise SubsequentHeaderError(str(e)) from None
        next.offset = self.offset
        if self.type == GNUTYPE_LONGNAME:
            next.name = nts(buf, tarfile.encoding, tarfile.errors)
        elif self.type == GNUTYPE_LONGLINK:
            next.linkname = nts(buf, tarfile.encoding, tarfile.errors)
        if next.isdir():
            next.name = next.name.removesuffix("/")
        return next

    def _proc_sparse(self, tarfile):
        structs, isextended, origsize = self._sparse_structs
        del self._sparse_structs
        while isextended:
            buf = tarfile.fileobj.read(BLOCKSIZE)
            pos = 0
            for i in range(21):
                try:
                    offset = nti(buf[pos:pos + 12])
                    numbytes = nti(buf[pos + 12:pos + 24])
                except ValueError:
                    break
                if offset and numbytes:
                    structs.append((offset, numbytes))
                pos += 24
            isextended = bool(buf[504])
        self.sparse = structs
        self.offset_data = tarfile.fileobj.tell()
        tarfile.offset = self.offset_data + self._block(self.size)
        self.size = origsize
        return self

    @staticmethod
    def _pax_records(buf):
        # "LEN KEYWORD=VALUE\n" records, as (keyword, value) bytes pairs
        pos = 0
        while pos < len(buf) and buf[pos] != 0:
            space = buf.find(b" ", pos)
            if space < 0 or not buf[pos:space].isdigit():
                raise InvalidHeaderError("invalid header")
            length = int(buf[pos:space].decode("ascii"))
            eq = buf.find(b"=", space)
            if length < 1 or eq < 0 or eq >= pos + length or buf[pos + length - 1:pos + length] != b"\n":
                raise InvalidHeaderError("invalid header")
            yield buf[space + 1:eq], buf[eq + 1:pos + length - 1]
            pos += length

    def _proc_pax(self, tarfile):
        buf = tarfile.fileobj.read(self._block(self.size))
        if self.type == XGLTYPE:
            pax_headers = tarfile.pax_headers
        else:
            pax_headers = tarfile.pax_headers.copy()
        records = list(self._pax_records(buf))
        encoding = None
        for keyword, value in records:
            if keyword == b"hdrcharset":
                encoding = tarfile.encoding if value == b"BINARY" else "utf-8"
        for keyword, value in records:
            keyword = keyword.decode("utf-8", "strict")
            if keyword in PAX_NAME_FIELDS:
                value = self._decode_pax_field(value, encoding, tarfile.encoding, tarfile.errors)
            else:
                value = self._decode_pax_field(value, "utf-8", "utf-8", tarfile.errors)
            pax_headers[keyword] = value
        try:
            next = self.fromtarfile(tarfile)
        except HeaderError as e:
            raise SubsequentHeaderError(str(e)) from None
        if "GNU.sparse.map" in pax_headers or "GNU.sparse.size" in pax_headers:
            self._proc_gnusparse_01(next, pax_headers)
        if self.type in (XHDTYPE, SOLARIS_XHDTYPE):
            next._apply_pax_info(pax_headers, tarfile.encoding, tarfile.errors)
            next.offset = self.offset
            if "size" in pax_headers:
                offset = next.offset_data
                if next.isreg() or next.type not in SUPPORTED_TYPES:
                    offset += next._block(next.size)
                tarfile.offset = offset
        return next

    def _proc_gnusparse_01(self, next, pax_headers):
        if "GNU.sparse.map" in pax_headers:
            numbers = [int(x) for x in pax_headers["GNU.sparse.map"].split(",")]
            next.sparse = list(zip(numbers[::2], numbers[1::2]))

    def _apply_pax_info(self, pax_headers, encoding, errors):
        for keyword, value in pax_headers.items():
            if keyword == "GNU.sparse.name":
                self.path = value
            elif keyword == "GNU.sparse.size":
                self.size = int(value)
            elif keyword == "GNU.sparse.realsize":
                self.size = int(value)
            elif keyword in PAX_FIELDS:
                if keyword in PAX_NUMBER_FIELDS:
                    try:
                        value = PAX_NUMBER_FIELDS[keyword](value)
                    except ValueError:
                        value = 0
                if keyword == "path":
                    value = value.rstrip("/")
                setattr(self, keyword, value)
        self.pax_headers = pax_headers.copy()

    def _decode_pax_field(self, value, encoding, fallback_encoding, fallback_errors):
        try:
            return value.decode(encoding or "utf-8", "strict")
        except UnicodeDecodeError:
            return value.decode(fallback_encoding, fallback_errors)

    def _block(self, count):
        """count rounded up to whole blocks."""
        blocks, remainder = divmod(count, BLOCKSIZE)
        if remainder:
            blocks += 1
        return blocks * BLOCKSIZE

    def isreg(self):
        "True for a regular file."
        return self.type in REGULAR_TYPES

    def isfile(self):
        "True for a regular file (isreg)."
        return self.isreg()

    def isdir(self):
        "True for a directory."
        return self.type == DIRTYPE

    def issym(self):
        "True for a symbolic link."
        return self.type == SYMTYPE

    def islnk(self):
        "True for a hard link."
        return self.type == LNKTYPE

    def ischr(self):
        "True for a character device."
        return self.type == CHRTYPE

    def isblk(self):
        "True for a block device."
        return self.type == BLKTYPE

    def isfifo(self):
        "True for a FIFO."
        return self.type == FIFOTYPE

    def issparse(self):
        return self.sparse is not None

    def isdev(self):
        "True for a character or block device or a FIFO."
        return self.type in (CHRTYPE, BLKTYPE, FIFOTYPE)


# ---- TarFile ----------------------------------------------------------------------

def _name_of_id(path, ident):
    # the name of a uid or gid in /etc/passwd or /etc/group (pwd and grp
    # are not modules here)
    try:
        with bltn_open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                fields = line.split(":")
                if len(fields) > 2 and fields[2] == str(ident):
                    return fields[0]
    except OSError:
        pass
    return None


def _copy_info(tarinfo):
    # a shallow copy of a TarInfo (or subclass): its slots, set or not
    other = tarinfo.__class__.__new__(tarinfo.__class__)
    for klass in type(tarinfo).__mro__:
        for slot in getattr(klass, "__slots__", ()):
            if hasattr(tarinfo, slot):
                setattr(other, slot, getattr(tarinfo, slot))
    return other


class TarFile(object):
    """A tar archive opened to read, write, create or append."""

    debug = 0
    dereference = False
    ignore_zeros = False
    errorlevel = 1
    format = DEFAULT_FORMAT
    encoding = ENCODING
    errors = None
    tarinfo = TarInfo
    fileobject = ExFileObject

    def __init__(self, name=None, mode="r", fileobj=None, format=None, tarinfo=None, dereference=None,
                 ignore_zeros=None, encoding=None, errors="surrogateescape", pax_headers=None, debug=None,
                 errorlevel=None, copybufsize=None):
        modes = {"r": "rb", "a": "r+b", "w": "wb", "x": "xb"}
        if mode not in modes:
            raise ValueError("mode must be 'r', 'a', 'w' or 'x'")
        self.mode = mode
        self._mode = modes[mode]
        if not fileobj:
            if self.mode == "a" and not os.path.exists(name):
                self.mode = "w"
                self._mode = "wb"
            fileobj = bltn_open(name, self._mode)
            self._extfileobj = False
        else:
            if name is None and hasattr(fileobj, "name") and isinstance(fileobj.name, (str, bytes)):
                name = fileobj.name
            if hasattr(fileobj, "mode"):
                self._mode = fileobj.mode
            self._extfileobj = True
        self.name = os.path.abspath(name) if name else None
        self.fileobj = fileobj
        if format is not None:
            self.format = format
        if tarinfo is not None:
            self.tarinfo = tarinfo
        if dereference is not None:
            self.dereference = dereference
        if ignore_zeros is not None:
            self.ignore_zeros = ignore_zeros
        if encoding is not None:
            self.encoding = encoding
        self.errors = errors
        if pax_headers is not None and self.format == PAX_FORMAT:
            self.pax_headers = pax_headers
        else:
            self.pax_headers = {}
        if debug is not None:
            self.debug = debug
        if errorlevel is not None:
            self.errorlevel = errorlevel
        self.copybufsize = copybufsize
        self.closed = False
        self.members = []
        self._loaded = False
        self.offset = self.fileobj.tell()
        self.inodes = {}
        try:
            if self.mode == "r":
                self.firstmember = None
                self.firstmember = self.next()
            if self.mode == "a":
                # find the end: the first block after the last member
                while True:
                    self.fileobj.seek(self.offset)
                    try:
                        tarinfo = self.tarinfo.fromtarfile(self)
                        self.members.append(tarinfo)
                    except EOFHeaderError:
                        self.fileobj.seek(self.offset)
                        break
                    except HeaderError as e:
                        raise ReadError(str(e)) from None
            if self.mode in ("a", "w", "x"):
                self._loaded = True
                if self.pax_headers:
                    buf = self.tarinfo.create_pax_global_header(self.pax_headers.copy())
                    self.fileobj.write(buf)
                    self.offset += len(buf)
        except:
            if not self._extfileobj:
                self.fileobj.close()
            self.closed = True
            raise

    @classmethod
    def open(cls, name=None, mode="r", fileobj=None, bufsize=RECORDSIZE, **kwargs):
        """Opens a tar archive; mode is 'r', 'w', 'x' or 'a', with ':' and a compression
        ('', 'gz', '*' to detect on reading) or '|' and one for a stream of blocks
        ('r|gz', 'w|'). bz2 and xz raise CompressionError here."""
        if not name and not fileobj:
            raise ValueError("nothing to open")
        if mode in ("r", "r:*"):
            def not_compressed(comptype):
                return cls.OPEN_METH[comptype] == "taropen"
            error_msgs = []
            for comptype in sorted(cls.OPEN_METH, key=not_compressed):
                func = getattr(cls, cls.OPEN_METH[comptype])
                if fileobj is not None:
                    saved_pos = fileobj.tell()
                try:
                    return func(name, "r", fileobj, **kwargs)
                except (ReadError, CompressionError) as e:
                    error_msgs.append(f"- method {comptype}: {e!r}")
                    if fileobj is not None:
                        fileobj.seek(saved_pos)
                    continue
            error_msgs_summary = "\n".join(error_msgs)
            raise ReadError(f"file could not be opened successfully:\n{error_msgs_summary}")
        elif ":" in mode:
            filemode, comptype = mode.split(":", 1)
            filemode = filemode or "r"
            comptype = comptype or "tar"
            if comptype in cls.OPEN_METH:
                func = getattr(cls, cls.OPEN_METH[comptype])
            else:
                raise CompressionError("unknown compression type %r" % comptype)
            return func(name, filemode, fileobj, **kwargs)
        elif "|" in mode:
            filemode, comptype = mode.split("|", 1)
            filemode = filemode or "r"
            comptype = comptype or "tar"
            if filemode not in ("r", "w"):
                raise ValueError("mode must be 'r' or 'w'")
            compresslevel = kwargs.pop("compresslevel", 9)
            stream = _Stream(name, filemode, comptype, fileobj, bufsize, compresslevel)
            try:
                t = cls(name, filemode, stream, **kwargs)
            except:
                stream.close()
                raise
            t._extfileobj = False
            return t
        elif mode in ("a", "w", "x"):
            return cls.taropen(name, mode, fileobj, **kwargs)
        raise ValueError("undiscernible mode")

    @classmethod
    def taropen(cls, name, mode="r", fileobj=None, **kwargs):
        """An uncompressed archive."""
        if mode not in ("r", "a", "w", "x"):
            raise ValueError("mode must be 'r', 'a', 'w' or 'x'")
        return cls(name, mode, fileobj, **kwargs)

    @classmethod
    def gzopen(cls, name, mode="r", fileobj=None, compresslevel=9, **kwargs):
        """A gzip-compressed archive (not in append mode)."""
        if mode not in ("r", "w", "x"):
            raise ValueError("mode must be 'r', 'w' or 'x'")
        try:
            from gzip import GzipFile
        except ImportError:
            raise CompressionError("gzip module is not available") from None
        try:
            fileobj = GzipFile(name, mode + "b", compresslevel, fileobj)
        except OSError as e:
            if fileobj is not None and mode == "r":
                raise ReadError("not a gzip file") from e
            raise
        try:
            t = cls.taropen(name, mode, fileobj, **kwargs)
        except OSError as e:
            fileobj.close()
            if mode == "r":
                raise ReadError("not a gzip file") from e
            raise
        except:
            fileobj.close()
            raise
        t._extfileobj = False
        return t

    @classmethod
    def bz2open(cls, name, mode="r", fileobj=None, compresslevel=9, **kwargs):
        """bzip2: not available here (CompressionError)."""
        if mode not in ("r", "w", "x"):
            raise ValueError("mode must be 'r', 'w' or 'x'")
        raise CompressionError("bz2 module is not available")

    @classmethod
    def xzopen(cls, name, mode="r", fileobj=None, preset=None, **kwargs):
        """xz: not available here (CompressionError)."""
        if mode not in ("r", "w", "x"):
            raise ValueError("mode must be 'r', 'w' or 'x'")
        raise CompressionError("lzma module is not available")

    OPEN_METH = {
        "tar": "taropen",
        "gz": "gzopen",
        "bz2": "bz2open",
        "xz": "xzopen",
    }

    def close(self):
        """Closes the archive, after the end-of-archive blocks when writing."""
        if self.closed:
            return
        self.closed = True
        try:
            if self.mode in ("a", "w", "x"):
                self.fileobj.write(NUL * (BLOCKSIZE * 2))
                self.offset += (BLOCKSIZE * 2)
                remainder = self.offset % RECORDSIZE
                if remainder > 0:
                    self.fileobj.write(NUL * (RECORDSIZE - remainder))
        finally:
            if not self._extfileobj:
                self.fileobj.close()

    def getmember(self, name):
        """The last member named name; KeyError when there is none."""
        tarinfo = self._getmember(name.rstrip("/"))
        if tarinfo is None:
            raise KeyError("filename %r not found" % name)
        return tarinfo

    def getmembers(self):
        """Every member's TarInfo, reading the whole archive first."""
        self._check()
        if not self._loaded:
            self._load()
        return self.members

    def getnames(self):
        """Every member's name."""
        return [tarinfo.name for tarinfo in self.getmembers()]

    def gettarinfo(self, name=None, arcname=None, fileobj=None):
        """A TarInfo for the file name (or the open file fileobj), as arcname."""
        self._check("awx")
        if fileobj is not None:
            name = fileobj.name
        if arcname is None:
            arcname = name
        drv, arcname = os.path.splitdrive(arcname)
        arcname = arcname.replace(os.sep, "/")
        arcname = arcname.lstrip("/")
        tarinfo = self.tarinfo()
        tarinfo.tarfile = self
        if fileobj is None:
            statres = os.stat(name) if self.dereference else os.lstat(name)
        else:
            statres = os.fstat(fileobj.fileno())
        linkname = ""
        stmd = statres.st_mode
        if stat.S_ISREG(stmd):
            inode = (statres.st_ino, statres.st_dev)
            if (not self.dereference and statres.st_nlink > 1 and inode in self.inodes
                    and arcname != self.inodes[inode]):
                type = LNKTYPE
                linkname = self.inodes[inode]
            else:
                type = REGTYPE
                if inode[0]:
                    self.inodes[inode] = arcname
        elif stat.S_ISDIR(stmd):
            type = DIRTYPE
        elif stat.S_ISFIFO(stmd):
            type = FIFOTYPE
        elif stat.S_ISLNK(stmd):
            type = SYMTYPE
            linkname = os.readlink(name)
        elif stat.S_ISCHR(stmd):
            type = CHRTYPE
        elif stat.S_ISBLK(stmd):
            type = BLKTYPE
        else:
            return None
        tarinfo.name = arcname
        tarinfo.mode = stmd
        tarinfo.uid = statres.st_uid
        tarinfo.gid = statres.st_gid
        tarinfo.size = statres.st_size if type == REGTYPE else 0
        tarinfo.mtime = statres.st_mtime
        tarinfo.type = type
        tarinfo.linkname = linkname
        if pwd:
            try:
                tarinfo.uname = pwd.getpwuid(tarinfo.uid)[0]
            except KeyError:
                pass
        else:
            tarinfo.uname = _name_of_id("/etc/passwd", tarinfo.uid) or ""
        if grp:
            try:
                tarinfo.gname = grp.getgrgid(tarinfo.gid)[0]
            except KeyError:
                pass
        else:
            tarinfo.gname = _name_of_id("/etc/group", tarinfo.gid) or ""
        if type in (CHRTYPE, BLKTYPE):
            if hasattr(os, "major") and hasattr(os, "minor"):
                tarinfo.devmajor = os.major(statres.st_rdev)
                tarinfo.devminor = os.minor(statres.st_rdev)
        return tarinfo

    def list(self, verbose=True, *, members=None):
        """Prints the members, with mode, owner, size and time when verbose."""
        self._check()
        if members is None:
            members = self
        for tarinfo in members:
            if verbose:
                if tarinfo.mode is None:
                    _safe_print("??????????")
                else:
                    _safe_print(stat.filemode(tarinfo.mode))
                _safe_print("%s/%s" % (tarinfo.uname or tarinfo.uid, tarinfo.gname or tarinfo.gid))
                if tarinfo.ischr() or tarinfo.isblk():
                    _safe_print("%10s" % ("%d,%d" % (tarinfo.devmajor, tarinfo.devminor)))
                else:
                    _safe_print("%10d" % tarinfo.size)
                if tarinfo.mtime is None:
                    _safe_print("????-??-?? ??:??:??")
                else:
                    _safe_print("%d-%02d-%02d %02d:%02d:%02d" % time.localtime(tarinfo.mtime)[:6])
            _safe_print(tarinfo.name + ("/" if tarinfo.isdir() else ""))
            if verbose:
                if tarinfo.issym():
                    _safe_print("-> " + tarinfo.linkname)
                if tarinfo.islnk():
                    _safe_print("link to " + tarinfo.linkname)
            print()

    def add(self, name, arcname=None, recursive=True, *, filter=None):
        """Adds the file name as arcname (directories with their contents when
        recursive); filter(tarinfo) may change a member or drop it (None)."""
        self._check("awx")
        if arcname is None:
            arcname = name
        if self.name is not None and os.path.abspath(name) == self.name:
            self._dbg(2, "tarfile: Skipped %r" % name)
            return
        self._dbg(1, name)
        tarinfo = self.gettarinfo(name, arcname)
        if tarinfo is None:
            self._dbg(1, "tarfile: Unsupported type %r" % name)
            return
        if filter is not None:
            tarinfo = filter(tarinfo)
            if tarinfo is None:
                self._dbg(2, "tarfile: Excluded %r" % name)
                return
        if tarinfo.isreg():
            with bltn_open(name, "rb") as f:
                self.addfile(tarinfo, f)
        elif tarinfo.isdir():
            self.addfile(tarinfo)
            if recursive:
                for f in sorted(os.listdir(name)):
                    self.add(os.path.join(name, f), os.path.join(arcname, f), recursive, filter=filter)
        else:
            self.addfile(tarinfo)

    def addfile(self, tarinfo, fileobj=None):
        """Adds a member: tarinfo's header, then tarinfo.size bytes of fileobj."""
        self._check("awx")
        tarinfo = _copy_info(tarinfo)
        buf = tarinfo.tobuf(self.format, self.encoding, self.errors)
        self.fileobj.write(buf)
        self.offset += len(buf)
        if fileobj is not None:
            copyfileobj(fileobj, self.fileobj, tarinfo.size, bufsize=self.copybufsize)
            blocks, remainder = divmod(tarinfo.size, BLOCKSIZE)
            if remainder > 0:
                self.fileobj.write(NUL * (BLOCKSIZE - remainder))
                blocks += 1
            self.offset += blocks * BLOCKSIZE
        self.members.append(tarinfo)

    def extractall(self, path=".", members=None, *, numeric_owner=False):
        """Writes members (default: all) under path, directories' modes and times last."""
        directories = []
        if members is None:
            members = self
        for tarinfo in members:
            if tarinfo.isdir():
                # writable while its members are written; its mode comes last
                directories.append(tarinfo)
                tarinfo = _copy_info(tarinfo)
                tarinfo.mode = 0o700
            self.extract(tarinfo, path, set_attrs=not tarinfo.isdir(), numeric_owner=numeric_owner)
        directories.sort(key=lambda a: a.name)
        directories.reverse()
        for tarinfo in directories:
            dirpath = os.path.join(path, tarinfo.name)
            try:
                self.chown(tarinfo, dirpath, numeric_owner=numeric_owner)
                self.utime(tarinfo, dirpath)
                self.chmod(tarinfo, dirpath)
            except ExtractError as e:
                if self.errorlevel > 1:
                    raise
                self._dbg(1, "tarfile: %s" % e)

    def extract(self, member, path="", set_attrs=True, *, numeric_owner=False):
        """Writes one member under path."""
        self._check("r")
        if isinstance(member, str):
            tarinfo = self.getmember(member)
        else:
            tarinfo = member
        if tarinfo.islnk():
            tarinfo._link_target = os.path.join(path, tarinfo.linkname)
        try:
            self._extract_member(tarinfo, os.path.join(path, tarinfo.name), set_attrs=set_attrs,
                                 numeric_owner=numeric_owner)
        except OSError as e:
            if self.errorlevel > 0:
                raise
            if e.filename is None:
                self._dbg(1, "tarfile: %s" % e.strerror)
            else:
                self._dbg(1, "tarfile: %s %r" % (e.strerror, e.filename))
        except ExtractError as e:
            if self.errorlevel > 1:
                raise
            self._dbg(1, "tarfile: %s" % e)

    def extractfile(self, member):
        """A binary file reading member's data (None for a directory and the like)."""
        self._check("r")
        if isinstance(member, str):
            tarinfo = self.getmember(member)
        else:
            tarinfo = member
        if tarinfo.isreg() or tarinfo.type not in SUPPORTED_TYPES:
            return self.fileobject(self, tarinfo)
        elif tarinfo.islnk() or tarinfo.issym():
            if isinstance(self.fileobj, _Stream):
                raise StreamError("cannot extract (sym)link as file object")
            return self.extractfile(self._find_link_target(tarinfo))
        return None

    def _extract_member(self, tarinfo, targetpath, set_attrs=True, numeric_owner=False):
        targetpath = targetpath.rstrip("/")
        targetpath = targetpath.replace("/", os.sep)
        upperdirs = os.path.dirname(targetpath)
        if upperdirs and not os.path.exists(upperdirs):
            os.makedirs(upperdirs)
        if tarinfo.islnk() or tarinfo.issym():
            self._dbg(1, "%s -> %s" % (tarinfo.name, tarinfo.linkname))
        else:
            self._dbg(1, tarinfo.name)
        if tarinfo.isreg():
            self.makefile(tarinfo, targetpath)
        elif tarinfo.isdir():
            self.makedir(tarinfo, targetpath)
        elif tarinfo.isfifo():
            self.makefifo(tarinfo, targetpath)
        elif tarinfo.ischr() or tarinfo.isblk():
            self.makedev(tarinfo, targetpath)
        elif tarinfo.islnk() or tarinfo.issym():
            self.makelink(tarinfo, targetpath)
        elif tarinfo.type not in SUPPORTED_TYPES:
            self.makeunknown(tarinfo, targetpath)
        else:
            self.makefile(tarinfo, targetpath)
        if set_attrs:
            self.chown(tarinfo, targetpath, numeric_owner)
            if not tarinfo.issym():
                self.chmod(tarinfo, targetpath)
                self.utime(tarinfo, targetpath)

    def makedir(self, tarinfo, targetpath):
        """Creates the directory targetpath."""
        try:
            os.mkdir(targetpath, 0o700)
        except FileExistsError:
            pass

    def makefile(self, tarinfo, targetpath):
        """Writes the member's data to targetpath."""
        source = self.fileobj
        source.seek(tarinfo.offset_data)
        bufsize = self.copybufsize
        with bltn_open(targetpath, "wb") as target:
            if tarinfo.sparse is not None:
                for offset, size in tarinfo.sparse:
                    target.seek(offset)
                    copyfileobj(source, target, size, ReadError, bufsize)
                target.seek(tarinfo.size)
                target.truncate()
            else:
                copyfileobj(source, target, tarinfo.size, ReadError, bufsize)

    def makeunknown(self, tarinfo, targetpath):
        """Writes a member of unknown type as a regular file."""
        self.makefile(tarinfo, targetpath)
        self._dbg(1, "tarfile: Unknown file type %r, extracted as regular file." % tarinfo.type)

    def makefifo(self, tarinfo, targetpath):
        """Creates a FIFO at targetpath."""
        if hasattr(os, "mkfifo"):
            os.mkfifo(targetpath)
        else:
            raise ExtractError("fifo not supported by system")

    def makedev(self, tarinfo, targetpath):
        """Creates a device node at targetpath."""
        if not hasattr(os, "mknod") or not hasattr(os, "makedev"):
            raise ExtractError("special devices not supported by system")
        mode = tarinfo.mode
        if tarinfo.isblk():
            mode |= stat.S_IFBLK
        else:
            mode |= stat.S_IFCHR
        os.mknod(targetpath, mode, os.makedev(tarinfo.devmajor, tarinfo.devminor))

    def makelink(self, tarinfo, targetpath):
        """Creates the link targetpath, or copies its target from the archive
        when links cannot be made."""
        try:
            if tarinfo.issym():
                if os.path.lexists(targetpath):
                    os.unlink(targetpath)
                os.symlink(tarinfo.linkname, targetpath)
            else:
                if os.path.exists(tarinfo._link_target):
                    os.link(tarinfo._link_target, targetpath)
                else:
                    self._extract_member(self._find_link_target(tarinfo), targetpath)
        except symlink_exception:
            try:
                self._extract_member(self._find_link_target(tarinfo), targetpath)
            except KeyError:
                raise ExtractError("unable to resolve link inside archive") from None

    def chown(self, tarinfo, targetpath, numeric_owner):
        """Gives targetpath the member's owner (as root only)."""
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            g = tarinfo.gid
            u = tarinfo.uid
            if not numeric_owner:
                try:
                    if grp and tarinfo.gname:
                        g = grp.getgrnam(tarinfo.gname)[2]
                except KeyError:
                    pass
                try:
                    if pwd and tarinfo.uname:
                        u = pwd.getpwnam(tarinfo.uname)[2]
                except KeyError:
                    pass
            try:
                if tarinfo.issym() and hasattr(os, "lchown"):
                    os.lchown(targetpath, u, g)
                else:
                    os.chown(targetpath, u, g)
            except OSError as e:
                raise ExtractError("could not change owner") from e

    def chmod(self, tarinfo, targetpath):
        """Gives targetpath the member's mode."""
        if tarinfo.mode is None:
            return
        try:
            os.chmod(targetpath, tarinfo.mode)
        except OSError as e:
            raise ExtractError("could not change mode") from e

    def utime(self, tarinfo, targetpath):
        """Gives targetpath the member's modification time."""
        mtime = tarinfo.mtime
        if mtime is None:
            return
        if not hasattr(os, "utime"):
            return
        try:
            os.utime(targetpath, (mtime, mtime))
        except OSError as e:
            raise ExtractError("could not change modification time") from e

    def next(self):
        """The next member, or None at the end (reading mode)."""
        self._check("ra")
        if self.firstmember is not None:
            m = self.firstmember
            self.firstmember = None
            return m
        if self.offset != self.fileobj.tell():
            if self.offset == 0:
                return None
            self.fileobj.seek(self.offset - 1)
            if not self.fileobj.read(1):
                raise ReadError("unexpected end of data")
        tarinfo = None
        while True:
            try:
                tarinfo = self.tarinfo.fromtarfile(self)
            except EOFHeaderError as e:
                if self.ignore_zeros:
                    self._dbg(2, "0x%X: %s" % (self.offset, e))
                    self.offset += BLOCKSIZE
                    continue
            except InvalidHeaderError as e:
                if self.ignore_zeros:
                    self._dbg(2, "0x%X: %s" % (self.offset, e))
                    self.offset += BLOCKSIZE
                    continue
                elif self.offset == 0:
                    raise ReadError(str(e)) from None
            except EmptyHeaderError:
                if self.offset == 0:
                    raise ReadError("empty file") from None
            except TruncatedHeaderError as e:
                if self.offset == 0:
                    raise ReadError(str(e)) from None
            except SubsequentHeaderError as e:
                raise ReadError(str(e)) from None
            except Exception as e:
                import zlib
                if isinstance(e, zlib.error):
                    raise ReadError(f"zlib error: {e}") from None
                raise
            break
        if tarinfo is not None:
            self.members.append(tarinfo)
        else:
            self._loaded = True
        return tarinfo

    def _getmember(self, name, tarinfo=None, normalize=False):
        members = self.getmembers()
        skipping = False
        if tarinfo is not None:
            try:
                index = members.index(tarinfo)
            except ValueError:
                skipping = True
            else:
                members = members[:index]
        if normalize:
            name = os.path.normpath(name)
        for member in reversed(members):
            if skipping:
                if tarinfo.offset == member.offset:
                    skipping = False
                continue
            member_name = os.path.normpath(member.name) if normalize else member.name
            if name == member_name:
                return member
        if skipping:
            raise ValueError(tarinfo)

    def _load(self):
        while self.next() is not None:
            pass
        self._loaded = True

    def _check(self, mode=None):
        if self.closed:
            raise OSError("%s is closed" % self.__class__.__name__)
        if mode is not None and self.mode not in mode:
            raise OSError("bad operation for mode %r" % self.mode)

    def _find_link_target(self, tarinfo):
        if tarinfo.issym():
            linkname = "/".join(filter(None, (os.path.dirname(tarinfo.name), tarinfo.linkname)))
            limit = None
        else:
            linkname = tarinfo.linkname
            limit = tarinfo
        member = self._getmember(linkname, tarinfo=limit, normalize=True)
        if member is None:
            raise KeyError("linkname %r not found" % linkname)
        return member

    def __iter__(self):
        if self._loaded:
            yield from self.members
            return
        index = 0
        if self.firstmember is not None:
            tarinfo = self.next()
            index += 1
            yield tarinfo
        while True:
            if index < len(self.members):
                tarinfo = self.members[index]
            elif not self._loaded:
                tarinfo = self.next()
                if not tarinfo:
                    self._loaded = True
                    return
            else:
                return
            index += 1
            yield tarinfo

    def _dbg(self, level, msg):
        if level <= self.debug:
            print(msg, file=sys.stderr)

    def __enter__(self):
        self._check()
        return self

    def __exit__(self, type, value, traceback):
        if type is None:
            self.close()
        else:
            # an exception inside the block: no end-of-archive blocks
            if not self._extfileobj:
                self.fileobj.close()
            self.closed = True


def is_tarfile(name):
    """True when name (a path or a binary file) opens as a tar archive here."""
    try:
        if hasattr(name, "read"):
            pos = name.tell()
            t = open(fileobj=name)
            name.seek(pos)
        else:
            t = open(name)
        t.close()
        return True
    except TarError:
        return False


open = TarFile.open


def main():
    """tarfile's command line: -l (list), -e (extract), -c (create), -t (test)."""
    import argparse
    description = "A simple command-line interface for tarfile module."
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("-v", "--verbose", action="store_true", default=False, help="Verbose output")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("-l", "--list", metavar="<tarfile>", help="Show listing of a tarfile")
    group.add_argument("-e", "--extract", nargs="+", metavar=("<tarfile>", "<output_dir>"),
                       help="Extract tarfile into target dir")
    group.add_argument("-c", "--create", nargs="+", metavar=("<name>", "<file>"),
                       help="Create tarfile from sources")
    group.add_argument("-t", "--test", metavar="<tarfile>", help="Test if a tarfile is valid")
    args = parser.parse_args()
    if args.test is not None:
        src = args.test
        if is_tarfile(src):
            with open(src, "r") as tar:
                tar.getmembers()
                print(tar.getmembers(), file=sys.stderr)
            if args.verbose:
                print("{!r} is a tar archive.".format(src))
        else:
            parser.exit(1, "{!r} is not a tar archive.\n".format(src))
    elif args.list is not None:
        src = args.list
        if is_tarfile(src):
            with TarFile.open(src, "r:*") as tf:
                tf.list(verbose=args.verbose)
        else:
            parser.exit(1, "{!r} is not a tar archive.\n".format(src))
    elif args.extract is not None:
        if len(args.extract) == 1:
            src = args.extract[0]
            curdir = os.curdir
        elif len(args.extract) == 2:
            src, curdir = args.extract
        else:
            parser.exit(1, parser.format_help())
        if is_tarfile(src):
            with TarFile.open(src, "r:*") as tf:
                tf.extractall(path=curdir)
            if args.verbose:
                if curdir == ".":
                    msg = "{!r} file is extracted.".format(src)
                else:
                    msg = "{!r} file is extracted into {!r} directory.".format(src, curdir)
                print(msg)
        else:
            parser.exit(1, "{!r} is not a tar archive.\n".format(src))
    elif args.create is not None:
        tar_name = args.create.pop(0)
        _, ext = os.path.splitext(tar_name)
        compressions = {".gz": "gz", ".tgz": "gz", ".xz": "xz", ".txz": "xz", ".bz2": "bz2", ".tbz": "bz2",
                        ".tbz2": "bz2", ".tb2": "bz2"}
        tar_mode = "w:" + compressions[ext] if ext in compressions else "w"
        tar_files = args.create
        with TarFile.open(tar_name, tar_mode) as tf:
            for file_name in tar_files:
                tf.add(file_name)
        if args.verbose:
            print("{!r} file created.".format(tar_name))
