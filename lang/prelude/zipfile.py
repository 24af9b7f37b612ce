"""zipfile: read and write ZIP archives (PKWARE's APPNOTE): ZipFile,
ZipInfo, ZipExtFile, zipfile.Path and is_zipfile. Members are stored or
deflated (zlib); bzip2 and lzma members raise CPython's "Compression
requires the (missing) ... module", as a CPython built without them does.
Archives, local headers and central directories are laid out as CPython
lays them out, so offsets and sizes agree and archives go both ways."""
import binascii
import contextlib
import importlib
import io
import itertools
import os
import pathlib
import posixpath
import re
import shutil
import stat
import sys
import time
import zlib

try:  # CPython's zipfile imports these; present here once they land
    import struct
except ImportError:
    pass
try:
    import threading
except ImportError:
    pass

crc32 = zlib.crc32
bz2 = None
lzma = None

__all__ = ["BadZipFile", "BadZipfile", "error", "ZIP_STORED", "ZIP_DEFLATED", "ZIP_BZIP2", "ZIP_LZMA",
           "is_zipfile", "ZipInfo", "ZipFile", "PyZipFile", "LargeZipFile", "Path"]


class BadZipFile(Exception):
    pass


class LargeZipFile(Exception):
    """Writing would need ZIP64 records, and the archive was opened with allowZip64=False."""


error = BadZipfile = BadZipFile

ZIP64_LIMIT = (1 << 31) - 1
ZIP_FILECOUNT_LIMIT = (1 << 16) - 1
ZIP_MAX_COMMENT = (1 << 16) - 1

ZIP_STORED = 0
ZIP_DEFLATED = 8
ZIP_BZIP2 = 12
ZIP_LZMA = 14

DEFAULT_VERSION = 20
ZIP64_VERSION = 45
BZIP2_VERSION = 46
LZMA_VERSION = 63
MAX_EXTRACT_VERSION = 63

# The record layouts, as struct formats (little-endian) and signatures.
structEndArchive = b"<4s4H2LH"
stringEndArchive = b"PK\005\006"
sizeEndCentDir = 22
structCentralDir = "<4s4B4HL2L5H2L"
stringCentralDir = b"PK\001\002"
sizeCentralDir = 46
structFileHeader = "<4s2B4HL2L2H"
stringFileHeader = b"PK\003\004"
sizeFileHeader = 30
structEndArchive64Locator = "<4sLQL"
stringEndArchive64Locator = b"PK\x06\x07"
sizeEndCentDir64Locator = 20
structEndArchive64 = "<4sQ2H2L4Q"
stringEndArchive64 = b"PK\x06\x06"
sizeEndCentDir64 = 56

_DD_SIGNATURE = 0x08074b50
_MASK_ENCRYPTED = 1 << 0
_MASK_COMPRESS_OPTION_1 = 1 << 1
_MASK_USE_DATA_DESCRIPTOR = 1 << 3
_MASK_COMPRESSED_PATCH = 1 << 5
_MASK_STRONG_ENCRYPTION = 1 << 6
_MASK_UTF_FILENAME = 1 << 11

compressor_names = {
    0: "store", 1: "shrink", 2: "reduce", 3: "reduce", 4: "reduce", 5: "reduce", 6: "implode", 7: "tokenize",
    8: "deflate", 9: "deflate64", 10: "implode", 12: "bzip2", 14: "lzma", 18: "terse", 19: "lz77", 97: "wavpack",
    98: "ppmd",
}

_SIZES = {"s": 1, "B": 1, "H": 2, "L": 4, "Q": 8}


def _fields(fmt):
    # "<4s2B4H" -> [("s", 4), ("B", 1), ("B", 1), ("H", 1), ...]
    if isinstance(fmt, bytes):
        fmt = fmt.decode("ascii")
    out = []
    count = ""
    for c in fmt[1:]:
        if c.isdigit():
            count += c
            continue
        n = int(count) if count else 1
        count = ""
        if c == "s":
            out.append(("s", n))
        else:
            out.extend((c, 1) for _ in range(n))
    return out


def _calcsize(fmt):
    return sum(_SIZES[c] * n for c, n in _fields(fmt))


def _pack(fmt, *values):
    """struct.pack for the little-endian record layouts above."""
    out = bytearray()
    for (c, n), v in zip(_fields(fmt), values):
        if c == "s":
            out += bytes(v[:n]).ljust(n, b"\0")
        else:
            out += int(v).to_bytes(_SIZES[c], "little")
    return bytes(out)


def _unpack(fmt, data):
    out = []
    pos = 0
    for c, n in _fields(fmt):
        if c == "s":
            out.append(bytes(data[pos:pos + n]))
            pos += n
        else:
            size = _SIZES[c]
            out.append(int.from_bytes(data[pos:pos + size], "little"))
            pos += size
    return tuple(out)


_CP437_HIGH = ("ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌"
               "█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\xa0")


def _decode_name(raw, flags, encoding=None):
    if flags & _MASK_UTF_FILENAME:
        return raw.decode("utf-8")
    if encoding:
        return raw.decode(encoding)
    return "".join(chr(b) if b < 128 else _CP437_HIGH[b - 128] for b in raw)


def _strip_extra(extra, xids):
    # extra less its fields whose header IDs are in xids
    unpacked = []
    modified = False
    i = j = 0
    while i + 4 <= len(extra):
        xid, xlen = _unpack("<HH", extra[i:i + 4])
        k = i + 4 + xlen
        if xid in xids:
            if i != j:
                unpacked.append(extra[j:i])
            j = k
            modified = True
        i = k
    if not modified:
        return extra
    if j != len(extra):
        unpacked.append(extra[j:])
    return b"".join(unpacked)


def _check_zipfile(fp):
    try:
        if _EndRecData(fp):
            return True
    except OSError:
        pass
    return False


def is_zipfile(filename):
    """True when filename (a path or a binary file) ends with a ZIP end-of-archive record."""
    result = False
    try:
        if hasattr(filename, "read"):
            result = _check_zipfile(fp=filename)
        else:
            with open(filename, "rb") as fp:
                result = _check_zipfile(fp)
    except OSError:
        pass
    return result


def _EndRecData64(fpin, offset, endrec):
    """endrec, updated from the ZIP64 end records when the archive has them."""
    try:
        fpin.seek(offset - sizeEndCentDir64Locator, 2)
    except OSError:
        return endrec
    data = fpin.read(sizeEndCentDir64Locator)
    if len(data) != sizeEndCentDir64Locator:
        return endrec
    sig, diskno, reloff, disks = _unpack(structEndArchive64Locator, data)
    if sig != stringEndArchive64Locator:
        return endrec
    if diskno != 0 or disks > 1:
        raise BadZipFile("zipfiles that span multiple disks are not supported")
    fpin.seek(offset - sizeEndCentDir64Locator - sizeEndCentDir64, 2)
    data = fpin.read(sizeEndCentDir64)
    if len(data) != sizeEndCentDir64:
        return endrec
    sig, sz, create_version, read_version, disk_num, disk_dir, dircount, dircount2, dirsize, diroffset = \
        _unpack(structEndArchive64, data)
    if sig != stringEndArchive64:
        return endrec
    endrec[7] = sig
    endrec[1] = disk_num
    endrec[2] = disk_dir
    endrec[3] = dircount
    endrec[4] = dircount2
    endrec[5] = dirsize
    endrec[6] = diroffset
    return endrec


def _EndRecData(fpin):
    """The end-of-central-directory record as a list (plus comment and offset), or None."""
    fpin.seek(0, 2)
    filesize = fpin.tell()
    try:
        fpin.seek(-sizeEndCentDir, 2)
    except OSError:
        return None
    data = fpin.read()
    if len(data) == sizeEndCentDir and data[0:4] == stringEndArchive and data[-2:] == b"\000\000":
        endrec = list(_unpack(structEndArchive, data))
        endrec.append(b"")
        endrec.append(filesize - sizeEndCentDir)
        return _EndRecData64(fpin, -sizeEndCentDir, endrec)
    # a comment follows the record: search the last 64 KiB for it
    start = max(filesize - (1 << 16) - sizeEndCentDir, 0)
    fpin.seek(start, 0)
    data = fpin.read()
    where = data.rfind(stringEndArchive)
    if where >= 0:
        rec = data[where:where + sizeEndCentDir]
        if len(rec) != sizeEndCentDir:
            return None
        endrec = list(_unpack(structEndArchive, rec))
        comment_size = endrec[7]
        comment = data[where + sizeEndCentDir:where + sizeEndCentDir + comment_size]
        endrec.append(comment)
        endrec.append(start + where)
        return _EndRecData64(fpin, start + where - filesize, endrec)
    return None


class ZipInfo(object):
    """One member of an archive: its name, times, sizes, CRC, flags and offsets."""

    __slots__ = ("orig_filename", "filename", "date_time", "compress_type", "_compresslevel", "comment", "extra",
                 "create_system", "create_version", "extract_version", "reserved", "flag_bits", "volume",
                 "internal_attr", "external_attr", "header_offset", "CRC", "compress_size", "file_size",
                 "_raw_time", "_end_offset")

    def __init__(self, filename="NoName", date_time=(1980, 1, 1, 0, 0, 0)):
        self.orig_filename = filename
        null_byte = filename.find(chr(0))
        if null_byte >= 0:
            filename = filename[0:null_byte]
        if os.sep != "/" and os.sep in filename:
            filename = filename.replace(os.sep, "/")
        self.filename = filename
        self.date_time = date_time
        if date_time[0] < 1980:
            raise ValueError("ZIP does not support timestamps before 1980")
        self.compress_type = ZIP_STORED
        self._compresslevel = None
        self.comment = b""
        self.extra = b""
        self.create_system = 0 if os.name == "nt" else 3
        self.create_version = DEFAULT_VERSION
        self.extract_version = DEFAULT_VERSION
        self.reserved = 0
        self.flag_bits = 0
        self.volume = 0
        self.internal_attr = 0
        self.external_attr = 0
        self.compress_size = 0
        self.file_size = 0
        # header_offset and CRC are set when the member is written or read

    def __repr__(self):
        result = ["<%s filename=%r" % (self.__class__.__name__, self.filename)]
        if self.compress_type != ZIP_STORED:
            result.append(" compress_type=%s" % compressor_names.get(self.compress_type, self.compress_type))
        hi = self.external_attr >> 16
        lo = self.external_attr & 0xFFFF
        if hi:
            result.append(" filemode=%r" % stat.filemode(hi))
        if lo:
            result.append(" external_attr=%#x" % lo)
        isdir = self.is_dir()
        if not isdir or self.file_size:
            result.append(" file_size=%r" % self.file_size)
        if ((not isdir or self.compress_size)
                and (self.compress_type != ZIP_STORED or self.file_size != self.compress_size)):
            result.append(" compress_size=%r" % self.compress_size)
        result.append(">")
        return "".join(result)

    def _dos_time(self):
        dt = self.date_time
        dosdate = (dt[0] - 1980) << 9 | dt[1] << 5 | dt[2]
        dostime = dt[3] << 11 | dt[4] << 5 | (dt[5] // 2)
        return dosdate, dostime

    def FileHeader(self, zip64=None):
        """The local file header of this member, as bytes."""
        dosdate, dostime = self._dos_time()
        if self.flag_bits & _MASK_USE_DATA_DESCRIPTOR:
            CRC = compress_size = file_size = 0
        else:
            CRC = self.CRC
            compress_size = self.compress_size
            file_size = self.file_size
        extra = self.extra
        min_version = 0
        if zip64 is None:
            zip64 = file_size > ZIP64_LIMIT or compress_size > ZIP64_LIMIT
        if zip64:
            extra = extra + _pack("<HHQQ", 1, 16, file_size, compress_size)
        if file_size > ZIP64_LIMIT or compress_size > ZIP64_LIMIT:
            if not zip64:
                raise LargeZipFile("Filesize would require ZIP64 extensions")
            file_size = 0xffffffff
            compress_size = 0xffffffff
            min_version = ZIP64_VERSION
        if self.compress_type == ZIP_BZIP2:
            min_version = max(BZIP2_VERSION, min_version)
        elif self.compress_type == ZIP_LZMA:
            min_version = max(LZMA_VERSION, min_version)
        self.extract_version = max(min_version, self.extract_version)
        self.create_version = max(min_version, self.create_version)
        filename, flag_bits = self._encodeFilenameFlags()
        header = _pack(structFileHeader, stringFileHeader, self.extract_version, self.reserved, flag_bits,
                       self.compress_type, dostime, dosdate, CRC, compress_size, file_size, len(filename),
                       len(extra))
        return header + filename + extra

    def _encodeFilenameFlags(self):
        try:
            return self.filename.encode("ascii"), self.flag_bits
        except UnicodeEncodeError:
            return self.filename.encode("utf-8"), self.flag_bits | _MASK_UTF_FILENAME

    def _decodeExtra(self):
        # the ZIP64 field (ID 1) holds the sizes and offset that overflowed
        extra = self.extra
        while len(extra) >= 4:
            tp, ln = _unpack("<HH", extra[:4])
            if ln + 4 > len(extra):
                raise BadZipFile("Corrupt extra field %04x (size=%d)" % (tp, ln))
            if tp == 0x0001:
                data = extra[4:ln + 4]
                try:
                    if self.file_size in (0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF):
                        field = "File size"
                        self.file_size = _unpack("<Q", data[:8])[0]
                        if len(data) < 8:
                            raise ValueError
                        data = data[8:]
                    if self.compress_size == 0xFFFF_FFFF:
                        field = "Compress size"
                        if len(data) < 8:
                            raise ValueError
                        self.compress_size = _unpack("<Q", data[:8])[0]
                        data = data[8:]
                    if self.header_offset == 0xFFFF_FFFF:
                        field = "Header offset"
                        if len(data) < 8:
                            raise ValueError
                        self.header_offset = _unpack("<Q", data[:8])[0]
                except ValueError:
                    raise BadZipFile(f"Corrupt zip64 extra field. {field} not found.") from None
            extra = extra[ln + 4:]

    @classmethod
    def from_file(cls, filename, arcname=None, *, strict_timestamps=True):
        """A ZipInfo for a file or directory on disk, named arcname in the archive."""
        if isinstance(filename, os.PathLike):
            filename = os.fspath(filename)
        st = os.stat(filename)
        isdir = stat.S_ISDIR(st.st_mode)
        mtime = time.localtime(st.st_mtime)
        date_time = mtime[0:6]
        if not strict_timestamps and date_time[0] < 1980:
            date_time = (1980, 1, 1, 0, 0, 0)
        elif not strict_timestamps and date_time[0] > 2107:
            date_time = (2107, 12, 31, 23, 59, 59)
        if arcname is None:
            arcname = filename
        arcname = os.path.normpath(os.path.splitdrive(arcname)[1])
        while arcname[0] in (os.sep, os.altsep):
            arcname = arcname[1:]
        if isdir:
            arcname += "/"
        zinfo = cls(arcname, date_time)
        zinfo.external_attr = (st.st_mode & 0xFFFF) << 16
        if isdir:
            zinfo.file_size = 0
            zinfo.external_attr |= 0x10
        else:
            zinfo.file_size = st.st_size
        return zinfo

    def is_dir(self):
        """True when the member's name ends with '/'."""
        return self.filename[-1] == "/"


def _check_compression(compression):
    if compression in (ZIP_STORED, ZIP_DEFLATED):
        return
    if compression == ZIP_BZIP2:
        raise RuntimeError("Compression requires the (missing) bz2 module")
    if compression == ZIP_LZMA:
        raise RuntimeError("Compression requires the (missing) lzma module")
    raise NotImplementedError("That compression method is not supported")


def _get_compressor(compress_type, compresslevel=None):
    if compress_type == ZIP_DEFLATED:
        if compresslevel is not None:
            return zlib.compressobj(compresslevel, zlib.DEFLATED, -15)
        return zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)
    _check_compression(compress_type)
    return None


def _get_decompressor(compress_type):
    _check_compression(compress_type)
    if compress_type == ZIP_STORED:
        return None
    if compress_type == ZIP_DEFLATED:
        return zlib.decompressobj(-15)
    descr = compressor_names.get(compress_type)
    if descr:
        raise NotImplementedError("compression type %d (%s)" % (compress_type, descr))
    raise NotImplementedError("compression type %d" % (compress_type,))


class _SharedFile:
    """A view of the archive's file at a position of its own."""

    def __init__(self, file, pos, close, writing):
        self._file = file
        self._pos = pos
        self._close = close
        self._writing = writing
        self.seekable = file.seekable

    def tell(self):
        return self._pos

    def seek(self, offset, whence=0):
        if self._writing():
            raise ValueError("Can't reposition in the ZIP file while there is an open writing handle on it. "
                             "Close the writing handle before trying to read.")
        self._file.seek(offset, whence)
        self._pos = self._file.tell()
        return self._pos

    def read(self, n=-1):
        if self._writing():
            raise ValueError("Can't read from the ZIP file while there is an open writing handle on it. "
                             "Close the writing handle before trying to read.")
        self._file.seek(self._pos)
        data = self._file.read(n)
        self._pos = self._file.tell()
        return data

    def close(self):
        if self._file is not None:
            fileobj = self._file
            self._file = None
            self._close(fileobj)


class _Tellable:
    """A write-only stream that counts what it was given (for tell())."""

    def __init__(self, fp):
        self.fp = fp
        self.offset = 0

    def write(self, data):
        n = self.fp.write(data)
        self.offset += n
        return n

    def tell(self):
        return self.offset

    def flush(self):
        self.fp.flush()

    def close(self):
        self.fp.close()


class ZipExtFile(io.BufferedIOBase):
    """A member opened for reading (what ZipFile.open gives): decompresses and checks the CRC at the end."""

    MAX_N = 1 << 31 - 1
    MIN_READ_SIZE = 4096
    MAX_SEEK_READ = 1 << 24

    def __init__(self, fileobj, mode, zipinfo, pwd=None, close_fileobj=False):
        self._fileobj = fileobj
        self._pwd = pwd
        self._close_fileobj = close_fileobj
        self._compress_type = zipinfo.compress_type
        self._compress_left = zipinfo.compress_size
        self._left = zipinfo.file_size
        self._decompressor = _get_decompressor(self._compress_type)
        self._eof = False
        self._readbuffer = b""
        self._offset = 0
        self.newlines = None
        self.mode = mode
        self.name = zipinfo.filename
        self._expected_crc = zipinfo.CRC if hasattr(zipinfo, "CRC") else None
        self._running_crc = crc32(b"")
        self._seekable = False
        try:
            if fileobj.seekable():
                self._orig_compress_start = fileobj.tell()
                self._orig_compress_size = zipinfo.compress_size
                self._orig_file_size = zipinfo.file_size
                self._orig_start_crc = self._running_crc
                self._seekable = True
        except AttributeError:
            pass
        self._closed = False

    def __repr__(self):
        result = ["<%s.%s" % (self.__class__.__module__, self.__class__.__qualname__)]
        if not self.closed:
            result.append(" name=%r mode=%r" % (self.name, self.mode))
            if self._compress_type != ZIP_STORED:
                result.append(" compress_type=%s" % compressor_names.get(self._compress_type, self._compress_type))
        else:
            result.append(" [closed]")
        result.append(">")
        return "".join(result)

    @property
    def closed(self):
        return self._closed

    def readable(self):
        if self._closed:
            raise ValueError("I/O operation on closed file.")
        return True

    def seekable(self):
        if self._closed:
            raise ValueError("I/O operation on closed file.")
        return self._seekable

    def _update_crc(self, newdata):
        if self._expected_crc is None:
            return
        self._running_crc = crc32(newdata, self._running_crc)
        if self._eof and self._running_crc != self._expected_crc:
            raise BadZipFile("Bad CRC-32 for file %r" % self.name)

    def _read_raw(self, n):
        if self._compress_left <= 0:
            return b""
        n = max(n, self.MIN_READ_SIZE)
        n = min(n, self._compress_left)
        data = self._fileobj.read(n)
        self._compress_left -= len(data)
        if not data:
            raise EOFError
        return data

    def _read_chunk(self, n):
        # up to n bytes of member data (n > 0), b'' at the end
        if self._eof or n <= 0:
            return b""
        if self._decompressor is None:
            data = self._read_raw(n)
            data = data[:self._left]
            self._left -= len(data)
            self._eof = self._left <= 0 or self._compress_left <= 0
            self._update_crc(data)
            return data
        d = self._decompressor
        data = d.unconsumed_tail
        if not data:
            data = self._read_raw(n)
        out = d.decompress(data, max(n, self.MIN_READ_SIZE))
        self._eof = d.eof or (self._compress_left <= 0 and not d.unconsumed_tail)
        if self._eof:
            out += d.flush()
        out = out[:self._left]
        self._left -= len(out)
        if self._left <= 0:
            self._eof = True
        self._update_crc(out)
        return out

    def read(self, n=-1):
        if self._closed:
            raise ValueError("read from closed file.")
        if n is None or n < 0:
            buf = self._readbuffer[self._offset:]
            self._readbuffer = b""
            self._offset = 0
            parts = [buf]
            while not self._eof:
                parts.append(self._read_chunk(self.MAX_N))
            return b"".join(parts)
        end = n + self._offset
        if end < len(self._readbuffer):
            buf = self._readbuffer[self._offset:end]
            self._offset = end
            return buf
        buf = self._readbuffer[self._offset:]
        self._readbuffer = b""
        self._offset = 0
        parts = [buf]
        have = len(buf)
        while have < n and not self._eof:
            data = self._read_chunk(n - have)
            if len(data) > n - have:
                self._readbuffer = data
                self._offset = n - have
                data = data[:n - have]
            parts.append(data)
            have += len(data)
        return b"".join(parts)

    def read1(self, n):
        if n is None or n < 0:
            return self.read()
        if self._offset < len(self._readbuffer):
            buf = self._readbuffer[self._offset:self._offset + n]
            self._offset += len(buf)
            return buf
        return self.read(n) if not self._eof else b""

    def peek(self, n=1):
        """Bytes ahead of the position, without moving it."""
        if n > len(self._readbuffer) - self._offset:
            chunk = self.read(n)
            if len(chunk) > self._offset:
                self._readbuffer = chunk + self._readbuffer[self._offset:]
                self._offset = 0
            else:
                self._offset -= len(chunk)
        return self._readbuffer[self._offset: self._offset + 512]

    def readline(self, limit=-1):
        """One line (up to limit bytes), with its newline."""
        parts = []
        size = 0
        while limit is None or limit < 0 or size < limit:
            if self._offset >= len(self._readbuffer):
                self._readbuffer = self._read_chunk(self.MIN_READ_SIZE)
                self._offset = 0
                if not self._readbuffer:
                    break
            buf = self._readbuffer
            i = buf.find(b"\n", self._offset)
            end = len(buf) if i < 0 else i + 1
            if limit is not None and limit >= 0:
                end = min(end, self._offset + limit - size)
            parts.append(buf[self._offset:end])
            size += end - self._offset
            self._offset = end
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

    def readinto(self, b):
        data = self.read(len(b))
        b[:len(data)] = data
        return len(data)

    def tell(self):
        if self._closed:
            raise ValueError("tell on closed file.")
        if not self._seekable:
            raise io.UnsupportedOperation("underlying stream is not seekable")
        return self._orig_file_size - self._left - len(self._readbuffer) + self._offset

    def seek(self, offset, whence=0):
        if self._closed:
            raise ValueError("seek on closed file.")
        if not self._seekable:
            raise io.UnsupportedOperation("underlying stream is not seekable")
        curr_pos = self.tell()
        if whence == 0:
            new_pos = offset
        elif whence == 1:
            new_pos = curr_pos + offset
        elif whence == 2:
            new_pos = self._orig_file_size + offset
        else:
            raise ValueError("whence must be os.SEEK_SET (0), os.SEEK_CUR (1), or os.SEEK_END (2)")
        new_pos = max(0, min(new_pos, self._orig_file_size))
        if new_pos < curr_pos:
            self._fileobj.seek(self._orig_compress_start)
            self._running_crc = self._orig_start_crc
            self._compress_left = self._orig_compress_size
            self._left = self._orig_file_size
            self._readbuffer = b""
            self._offset = 0
            self._decompressor = _get_decompressor(self._compress_type)
            self._eof = False
            curr_pos = 0
        skip = new_pos - curr_pos
        while skip > 0:
            got = len(self.read(min(self.MAX_SEEK_READ, skip)))
            if not got:
                break
            skip -= got
        return self.tell()

    def close(self):
        try:
            if self._close_fileobj and not self._closed:
                self._fileobj.close()
        finally:
            self._closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _ZipWriteFile(io.BufferedIOBase):
    def __init__(self, zf, zinfo, zip64):
        self._zinfo = zinfo
        self._zip64 = zip64
        self._zipfile = zf
        self._compressor = _get_compressor(zinfo.compress_type, zinfo._compresslevel)
        self._file_size = 0
        self._compress_size = 0
        self._crc = 0
        self._closed = False

    @property
    def _fileobj(self):
        return self._zipfile.fp

    @property
    def closed(self):
        return self._closed

    def writable(self):
        return True

    def write(self, data):
        if self._closed:
            raise ValueError("I/O operation on closed file.")
        if isinstance(data, (bytes, bytearray)):
            nbytes = len(data)
        else:
            data = memoryview(data)
            nbytes = data.nbytes
        self._file_size += nbytes
        self._crc = crc32(data, self._crc)
        if self._compressor:
            data = self._compressor.compress(data)
            self._compress_size += len(data)
        self._fileobj.write(data)
        return nbytes

    def close(self):
        if self._closed:
            return
        try:
            self._closed = True
            if self._compressor:
                buf = self._compressor.flush()
                self._compress_size += len(buf)
                self._fileobj.write(buf)
                self._zinfo.compress_size = self._compress_size
            else:
                self._zinfo.compress_size = self._file_size
            self._zinfo.CRC = self._crc
            self._zinfo.file_size = self._file_size
            if not self._zip64:
                if self._file_size > ZIP64_LIMIT:
                    raise RuntimeError("File size too large, try using force_zip64")
                if self._compress_size > ZIP64_LIMIT:
                    raise RuntimeError("Compressed size too large, try using force_zip64")
            if self._zinfo.flag_bits & _MASK_USE_DATA_DESCRIPTOR:
                fmt = "<LLQQ" if self._zip64 else "<LLLL"
                self._fileobj.write(_pack(fmt, _DD_SIGNATURE, self._zinfo.CRC, self._zinfo.compress_size,
                                          self._zinfo.file_size))
                self._zipfile.start_dir = self._fileobj.tell()
            else:
                self._zipfile.start_dir = self._fileobj.tell()
                self._fileobj.seek(self._zinfo.header_offset)
                self._fileobj.write(self._zinfo.FileHeader(self._zip64))
                self._fileobj.seek(self._zipfile.start_dir)
            self._zipfile.filelist.append(self._zinfo)
            self._zipfile.NameToInfo[self._zinfo.filename] = self._zinfo
        finally:
            self._zipfile._writing = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class ZipFile:
    """A ZIP archive, opened to read ('r'), write ('w'), create ('x') or append ('a')."""

    fp = None
    _windows_illegal_name_trans_table = None

    def __init__(self, file, mode="r", compression=ZIP_STORED, allowZip64=True, compresslevel=None, *,
                 strict_timestamps=True, metadata_encoding=None):
        if mode not in ("r", "w", "x", "a"):
            raise ValueError("ZipFile requires mode 'r', 'w', 'x', or 'a'")
        _check_compression(compression)
        self._allowZip64 = allowZip64
        self._didModify = False
        self.debug = 0
        self.NameToInfo = {}
        self.filelist = []
        self.compression = compression
        self.compresslevel = compresslevel
        self.mode = mode
        self.pwd = None
        self._comment = b""
        self._strict_timestamps = strict_timestamps
        self.metadata_encoding = metadata_encoding
        if self.metadata_encoding and mode != "r":
            raise ValueError("metadata_encoding is only supported for reading files")
        if isinstance(file, os.PathLike):
            file = os.fspath(file)
        if isinstance(file, str):
            self._filePassed = 0
            self.filename = file
            modeDict = {"r": "rb", "w": "w+b", "x": "x+b", "a": "r+b", "r+b": "w+b", "w+b": "wb", "x+b": "xb"}
            filemode = modeDict[mode]
            while True:
                try:
                    self.fp = io.open(file, filemode)
                except OSError:
                    if filemode in modeDict:
                        filemode = modeDict[filemode]
                        continue
                    raise
                break
        else:
            self._filePassed = 1
            self.fp = file
            self.filename = getattr(file, "name", None)
        self._fileRefCnt = 1
        self._seekable = True
        self._writing = False
        try:
            if mode == "r":
                self._RealGetContents()
            elif mode in ("w", "x"):
                self._didModify = True
                try:
                    self.start_dir = self.fp.tell()
                except (AttributeError, OSError):
                    self.fp = _Tellable(self.fp)
                    self.start_dir = 0
                    self._seekable = False
                else:
                    try:
                        self.fp.seek(self.start_dir)
                    except (AttributeError, OSError):
                        self._seekable = False
            elif mode == "a":
                try:
                    self._RealGetContents()
                    self.fp.seek(self.start_dir)
                except BadZipFile:
                    self.fp.seek(0, 2)
                    self._didModify = True
                    self.start_dir = self.fp.tell()
        except:
            fp = self.fp
            self.fp = None
            self._fpclose(fp)
            raise

    def __enter__(self):
        return self

    def __exit__(self, type, value, traceback):
        self.close()

    def __repr__(self):
        result = ["<%s.%s" % (self.__class__.__module__, self.__class__.__qualname__)]
        if self.fp is not None:
            if self._filePassed:
                result.append(" file=%r" % self.fp)
            elif self.filename is not None:
                result.append(" filename=%r" % self.filename)
            result.append(" mode=%r" % self.mode)
        else:
            result.append(" [closed]")
        result.append(">")
        return "".join(result)

    def _RealGetContents(self):
        """Reads the central directory into filelist and NameToInfo."""
        fp = self.fp
        try:
            endrec = _EndRecData(fp)
        except OSError:
            raise BadZipFile("File is not a zip file")
        if not endrec:
            raise BadZipFile("File is not a zip file")
        size_cd = endrec[5]
        offset_cd = endrec[6]
        self._comment = endrec[8]
        concat = endrec[9] - size_cd - offset_cd
        if endrec[7] == stringEndArchive64:
            concat -= (sizeEndCentDir64 + sizeEndCentDir64Locator)
        self.start_dir = offset_cd + concat
        if self.start_dir < 0:
            raise BadZipFile("Bad offset for central directory")
        fp.seek(self.start_dir, 0)
        data = fp.read(size_cd)
        pos = 0
        total = 0
        while total < size_cd:
            centdir = data[pos:pos + sizeCentralDir]
            if len(centdir) != sizeCentralDir:
                raise BadZipFile("Truncated central directory")
            centdir = _unpack(structCentralDir, centdir)
            if centdir[0] != stringCentralDir:
                raise BadZipFile("Bad magic number for central directory")
            pos += sizeCentralDir
            n_name, n_extra, n_comment = centdir[12], centdir[13], centdir[14]
            raw_name = data[pos:pos + n_name]
            flags = centdir[5]
            filename = _decode_name(raw_name, flags, self.metadata_encoding)
            x = ZipInfo(filename)
            x.extra = data[pos + n_name:pos + n_name + n_extra]
            x.comment = data[pos + n_name + n_extra:pos + n_name + n_extra + n_comment]
            pos += n_name + n_extra + n_comment
            x.header_offset = centdir[18]
            (x.create_version, x.create_system, x.extract_version, x.reserved, x.flag_bits, x.compress_type, t, d,
             x.CRC, x.compress_size, x.file_size) = centdir[1:12]
            if x.extract_version > MAX_EXTRACT_VERSION:
                raise NotImplementedError("zip file version %.1f" % (x.extract_version / 10))
            x.volume, x.internal_attr, x.external_attr = centdir[15:18]
            x._raw_time = t
            x.date_time = ((d >> 9) + 1980, (d >> 5) & 0xF, d & 0x1F, t >> 11, (t >> 5) & 0x3F, (t & 0x1F) * 2)
            x._decodeExtra()
            x.header_offset = x.header_offset + concat
            self.filelist.append(x)
            self.NameToInfo[x.filename] = x
            total = total + sizeCentralDir + n_name + n_extra + n_comment

    def namelist(self):
        """The members' names, in archive order."""
        return [data.filename for data in self.filelist]

    def infolist(self):
        """The members' ZipInfo objects, in archive order."""
        return self.filelist

    def printdir(self, file=None):
        """Prints name, modification time and size of every member."""
        print("%-46s %19s %12s" % ("File Name", "Modified    ", "Size"), file=file)
        for zinfo in self.filelist:
            date = "%d-%02d-%02d %02d:%02d:%02d" % zinfo.date_time[:6]
            print("%-46s %s %12d" % (zinfo.filename, date, zinfo.file_size), file=file)

    def testzip(self):
        """Reads every member; the name of the first with a bad CRC, or None."""
        chunk_size = 2 ** 20
        for zinfo in self.filelist:
            try:
                with self.open(zinfo.filename, "r") as f:
                    while f.read(chunk_size):
                        pass
            except BadZipFile:
                return zinfo.filename

    def getinfo(self, name):
        """The ZipInfo of member name; KeyError when there is none."""
        info = self.NameToInfo.get(name)
        if info is None:
            raise KeyError("There is no item named %r in the archive" % name)
        return info

    def setpassword(self, pwd):
        """The password used for encrypted members when open() gets none."""
        if pwd and not isinstance(pwd, bytes):
            raise TypeError("pwd: expected bytes, got %s" % type(pwd).__name__)
        self.pwd = pwd if pwd else None

    @property
    def comment(self):
        """The archive's comment (bytes)."""
        return self._comment

    @comment.setter
    def comment(self, comment):
        if not isinstance(comment, bytes):
            raise TypeError("comment: expected bytes, got %s" % type(comment).__name__)
        if len(comment) > ZIP_MAX_COMMENT:
            import warnings
            warnings.warn("Archive comment is too long; truncating to %d bytes" % ZIP_MAX_COMMENT, stacklevel=2)
            comment = comment[:ZIP_MAX_COMMENT]
        self._comment = comment
        self._didModify = True

    def read(self, name, pwd=None):
        """The contents of member name, as bytes."""
        with self.open(name, "r", pwd) as fp:
            return fp.read()

    def open(self, name, mode="r", pwd=None, *, force_zip64=False):
        """Opens member name to read ('r') or to write a new member ('w')."""
        if mode not in {"r", "w"}:
            raise ValueError('open() requires mode "r" or "w"')
        if pwd and (mode == "w"):
            raise ValueError("pwd is only supported for reading files")
        if not self.fp:
            raise ValueError("Attempt to use ZIP archive that was already closed")
        if isinstance(name, ZipInfo):
            zinfo = name
        elif mode == "w":
            zinfo = ZipInfo(name)
            zinfo.date_time = time.localtime(time.time())[:6]
            zinfo.compress_type = self.compression
            zinfo._compresslevel = self.compresslevel
        else:
            zinfo = self.getinfo(name)
        if mode == "w":
            return self._open_to_write(zinfo, force_zip64=force_zip64)
        if self._writing:
            raise ValueError("Can't read from the ZIP file while there is an open writing handle on it. "
                             "Close the writing handle before trying to read.")
        self._fileRefCnt += 1
        zef_file = _SharedFile(self.fp, zinfo.header_offset, self._fpclose, lambda: self._writing)
        try:
            fheader = zef_file.read(sizeFileHeader)
            if len(fheader) != sizeFileHeader:
                raise BadZipFile("Truncated file header")
            fheader = _unpack(structFileHeader, fheader)
            if fheader[0] != stringFileHeader:
                raise BadZipFile("Bad magic number for file header")
            fname = zef_file.read(fheader[10])
            if fheader[11]:
                zef_file.read(fheader[11])
            if zinfo.flag_bits & _MASK_COMPRESSED_PATCH:
                raise NotImplementedError("compressed patched data (flag bit 5)")
            if zinfo.flag_bits & _MASK_STRONG_ENCRYPTION:
                raise NotImplementedError("strong encryption (flag bit 6)")
            fname_str = _decode_name(fname, zinfo.flag_bits, self.metadata_encoding)
            if fname_str != zinfo.orig_filename:
                raise BadZipFile("File name in directory %r and header %r differ." % (zinfo.orig_filename, fname))
            if zinfo.flag_bits & _MASK_ENCRYPTED:
                if not pwd:
                    pwd = self.pwd
                if pwd and not isinstance(pwd, bytes):
                    raise TypeError("pwd: expected bytes, got %s" % type(pwd).__name__)
                if not pwd:
                    raise RuntimeError("File %r is encrypted, password required for extraction" % name)
                raise NotImplementedError("traditional PKWARE decryption is not supported")
            return ZipExtFile(zef_file, mode, zinfo, pwd, True)
        except:
            zef_file.close()
            raise

    def _open_to_write(self, zinfo, force_zip64=False):
        if force_zip64 and not self._allowZip64:
            raise ValueError("force_zip64 is True, but allowZip64 was False when opening the ZIP file.")
        if self._writing:
            raise ValueError("Can't write to the ZIP file while there is another write handle open on it. "
                             "Close the first handle before opening another.")
        zinfo.compress_size = 0
        zinfo.CRC = 0
        zinfo.flag_bits = 0x00
        if zinfo.compress_type == ZIP_LZMA:
            zinfo.flag_bits |= _MASK_COMPRESS_OPTION_1
        if not self._seekable:
            zinfo.flag_bits |= _MASK_USE_DATA_DESCRIPTOR
        if not zinfo.external_attr:
            zinfo.external_attr = 0o600 << 16
        zip64 = self._allowZip64 and (force_zip64 or zinfo.file_size * 1.05 > ZIP64_LIMIT)
        if self._seekable:
            self.fp.seek(self.start_dir)
        zinfo.header_offset = self.fp.tell()
        self._writecheck(zinfo)
        self._didModify = True
        self.fp.write(zinfo.FileHeader(zip64))
        self._writing = True
        return _ZipWriteFile(self, zinfo, zip64)

    def extract(self, member, path=None, pwd=None):
        """Writes member into path (default: the current directory); the path written."""
        if path is None:
            path = os.getcwd()
        else:
            path = os.fspath(path)
        return self._extract_member(member, path, pwd)

    def extractall(self, path=None, members=None, pwd=None):
        """Writes members (default: all) into path (default: the current directory)."""
        if members is None:
            members = self.namelist()
        if path is None:
            path = os.getcwd()
        else:
            path = os.fspath(path)
        for zipinfo in members:
            self._extract_member(zipinfo, path, pwd)

    @classmethod
    def _sanitize_windows_name(cls, arcname, pathsep):
        return arcname

    def _extract_member(self, member, targetpath, pwd):
        if not isinstance(member, ZipInfo):
            member = self.getinfo(member)
        arcname = member.filename.replace("/", os.path.sep)
        if os.path.altsep:
            arcname = arcname.replace(os.path.altsep, os.path.sep)
        arcname = os.path.splitdrive(arcname)[1]
        invalid_path_parts = ("", os.path.curdir, os.path.pardir)
        arcname = os.path.sep.join(x for x in arcname.split(os.path.sep) if x not in invalid_path_parts)
        targetpath = os.path.join(targetpath, arcname)
        targetpath = os.path.normpath(targetpath)
        upperdirs = os.path.dirname(targetpath)
        if upperdirs and not os.path.exists(upperdirs):
            os.makedirs(upperdirs)
        if member.is_dir():
            if not os.path.isdir(targetpath):
                os.mkdir(targetpath)
            return targetpath
        with self.open(member, pwd=pwd) as source, open(targetpath, "wb") as target:
            shutil.copyfileobj(source, target)
        return targetpath

    def _writecheck(self, zinfo):
        """Raises what writing zinfo would run into (mode, closed archive, limits)."""
        if zinfo.filename in self.NameToInfo:
            import warnings
            warnings.warn("Duplicate name: %r" % zinfo.filename, stacklevel=3)
        if self.mode not in ("w", "x", "a"):
            raise ValueError("write() requires mode 'w', 'x', or 'a'")
        if not self.fp:
            raise ValueError("Attempt to write ZIP archive that was already closed")
        _check_compression(zinfo.compress_type)
        if not self._allowZip64:
            requires_zip64 = None
            if len(self.filelist) >= ZIP_FILECOUNT_LIMIT:
                requires_zip64 = "Files count"
            elif zinfo.file_size > ZIP64_LIMIT:
                requires_zip64 = "Filesize"
            elif zinfo.header_offset > ZIP64_LIMIT:
                requires_zip64 = "Zipfile size"
            if requires_zip64:
                raise LargeZipFile(requires_zip64 + " would require ZIP64 extensions")

    def write(self, filename, arcname=None, compress_type=None, compresslevel=None):
        """Adds the file or directory filename, as arcname."""
        if not self.fp:
            raise ValueError("Attempt to write to ZIP archive that was already closed")
        if self._writing:
            raise ValueError("Can't write to ZIP archive while an open writing handle exists")
        zinfo = ZipInfo.from_file(filename, arcname, strict_timestamps=self._strict_timestamps)
        if zinfo.is_dir():
            zinfo.compress_size = 0
            zinfo.CRC = 0
            self.mkdir(zinfo)
        else:
            zinfo.compress_type = compress_type if compress_type is not None else self.compression
            zinfo._compresslevel = compresslevel if compresslevel is not None else self.compresslevel
            with open(filename, "rb") as src, self.open(zinfo, "w") as dest:
                shutil.copyfileobj(src, dest, 1024 * 8)

    def writestr(self, zinfo_or_arcname, data, compress_type=None, compresslevel=None):
        """Adds a member whose contents are data (bytes, or str written as UTF-8)."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not isinstance(zinfo_or_arcname, ZipInfo):
            zinfo = ZipInfo(filename=zinfo_or_arcname, date_time=time.localtime(time.time())[:6])
            zinfo.compress_type = self.compression
            zinfo._compresslevel = self.compresslevel
            if zinfo.filename[-1] == "/":
                zinfo.external_attr = 0o40775 << 16
                zinfo.external_attr |= 0x10
            else:
                zinfo.external_attr = 0o600 << 16
        else:
            zinfo = zinfo_or_arcname
        if not self.fp:
            raise ValueError("Attempt to write to ZIP archive that was already closed")
        if self._writing:
            raise ValueError("Can't write to ZIP archive while an open writing handle exists.")
        if compress_type is not None:
            zinfo.compress_type = compress_type
        if compresslevel is not None:
            zinfo._compresslevel = compresslevel
        zinfo.file_size = len(data)
        with self.open(zinfo, mode="w") as dest:
            dest.write(data)

    def mkdir(self, zinfo_or_directory_name, mode=511):
        """Adds a directory member."""
        if isinstance(zinfo_or_directory_name, ZipInfo):
            zinfo = zinfo_or_directory_name
            if not zinfo.is_dir():
                raise ValueError("The given ZipInfo does not describe a directory")
        elif isinstance(zinfo_or_directory_name, str):
            directory_name = zinfo_or_directory_name
            if not directory_name.endswith("/"):
                directory_name += "/"
            zinfo = ZipInfo(directory_name)
            zinfo.compress_size = 0
            zinfo.CRC = 0
            zinfo.external_attr = ((0o40000 | mode) & 0xFFFF) << 16
            zinfo.file_size = 0
            zinfo.external_attr |= 0x10
        else:
            raise TypeError("Expected type str or ZipInfo")
        if self._writing:
            raise ValueError("Can't write to ZIP archive while an open writing handle exists.")
        self._writecheck(zinfo)
        self._didModify = True
        self.filelist.append(zinfo)
        self.NameToInfo[zinfo.filename] = zinfo
        self.fp.seek(self.start_dir) if self._seekable else None
        zinfo.header_offset = self.fp.tell()
        self.fp.write(zinfo.FileHeader(False))
        self.start_dir = self.fp.tell()

    def __del__(self):
        """Closes the archive if the program did not."""
        try:
            self.close()
        except Exception:
            pass

    def close(self):
        """Writes the central directory when the archive changed, and closes the file."""
        if self.fp is None:
            return
        if self._writing:
            raise ValueError("Can't close the ZIP file while there is an open writing handle on it. "
                             "Close the writing handle before closing the zip.")
        try:
            if self.mode in ("w", "x", "a") and self._didModify:
                if self._seekable:
                    self.fp.seek(self.start_dir)
                self._write_end_record()
        finally:
            fp = self.fp
            self.fp = None
            self._fpclose(fp)

    def _write_end_record(self):
        pos1 = self.fp.tell()
        for zinfo in self.filelist:
            dosdate, dostime = zinfo._dos_time()
            extra = []
            if zinfo.file_size > ZIP64_LIMIT or zinfo.compress_size > ZIP64_LIMIT:
                extra.append(zinfo.file_size)
                extra.append(zinfo.compress_size)
                file_size = 0xffffffff
                compress_size = 0xffffffff
            else:
                file_size = zinfo.file_size
                compress_size = zinfo.compress_size
            if zinfo.header_offset > ZIP64_LIMIT:
                extra.append(zinfo.header_offset)
                header_offset = 0xffffffff
            else:
                header_offset = zinfo.header_offset
            extra_data = zinfo.extra
            min_version = 0
            if extra:
                extra_data = _strip_extra(extra_data, (1,))
                extra_data = _pack("<HH" + "Q" * len(extra), 1, 8 * len(extra), *extra) + extra_data
                min_version = ZIP64_VERSION
            if zinfo.compress_type == ZIP_BZIP2:
                min_version = max(BZIP2_VERSION, min_version)
            elif zinfo.compress_type == ZIP_LZMA:
                min_version = max(LZMA_VERSION, min_version)
            extract_version = max(min_version, zinfo.extract_version)
            create_version = max(min_version, zinfo.create_version)
            filename, flag_bits = zinfo._encodeFilenameFlags()
            centdir = _pack(structCentralDir, stringCentralDir, create_version, zinfo.create_system,
                            extract_version, zinfo.reserved, flag_bits, zinfo.compress_type, dostime, dosdate,
                            zinfo.CRC, compress_size, file_size, len(filename), len(extra_data), len(zinfo.comment),
                            0, zinfo.internal_attr, zinfo.external_attr, header_offset)
            self.fp.write(centdir)
            self.fp.write(filename)
            self.fp.write(extra_data)
            self.fp.write(zinfo.comment)
        pos2 = self.fp.tell()
        centDirCount = len(self.filelist)
        centDirSize = pos2 - pos1
        centDirOffset = self.start_dir
        requires_zip64 = None
        if centDirCount > ZIP_FILECOUNT_LIMIT:
            requires_zip64 = "Files count"
        elif centDirOffset > ZIP64_LIMIT:
            requires_zip64 = "Central directory offset"
        elif centDirSize > ZIP64_LIMIT:
            requires_zip64 = "Central directory size"
        if requires_zip64:
            if not self._allowZip64:
                raise LargeZipFile(requires_zip64 + " would require ZIP64 extensions")
            self.fp.write(_pack(structEndArchive64, stringEndArchive64, 44, 45, 45, 0, 0, centDirCount,
                                centDirCount, centDirSize, centDirOffset))
            self.fp.write(_pack(structEndArchive64Locator, stringEndArchive64Locator, 0, pos2, 1))
            centDirCount = min(centDirCount, 0xFFFF)
            centDirSize = min(centDirSize, 0xFFFFFFFF)
            centDirOffset = min(centDirOffset, 0xFFFFFFFF)
        self.fp.write(_pack(structEndArchive, stringEndArchive, 0, 0, centDirCount, centDirCount, centDirSize,
                            centDirOffset, len(self._comment)))
        self.fp.write(self._comment)
        if self.mode == "a":
            self.fp.truncate()
        self.fp.flush()

    def _fpclose(self, fp):
        assert self._fileRefCnt > 0
        self._fileRefCnt -= 1
        if not self._fileRefCnt and not self._filePassed:
            fp.close()


class PyZipFile(ZipFile):
    """Class to create ZIP archives with Python library files and packages.
    Sources are stored as .py files: this interpreter writes no bytecode."""

    def __init__(self, file, mode="r", compression=ZIP_STORED, allowZip64=True, optimize=-1):
        ZipFile.__init__(self, file, mode=mode, compression=compression, allowZip64=allowZip64)
        self._optimize = optimize

    def writepy(self, pathname, basename="", filterfunc=None):
        """Add all files from "pathname" to the ZIP archive: a package
        directory (with __init__.py) recursively, or the .py files of a
        directory, or one .py file."""
        pathname = os.fspath(pathname)
        if filterfunc and not filterfunc(pathname):
            return
        dir, name = os.path.split(pathname)
        if os.path.isdir(pathname):
            initname = os.path.join(pathname, "__init__.py")
            if os.path.isfile(initname):
                basename = "%s/%s" % (basename, name) if basename else name
                for filename in sorted(os.listdir(pathname)):
                    path = os.path.join(pathname, filename)
                    root, ext = os.path.splitext(filename)
                    if os.path.isdir(path):
                        if os.path.isfile(os.path.join(path, "__init__.py")):
                            self.writepy(path, basename, filterfunc=filterfunc)
                    elif ext == ".py":
                        if filterfunc and not filterfunc(path):
                            continue
                        self.write(path, basename + "/" + filename)
            else:
                for filename in sorted(os.listdir(pathname)):
                    path = os.path.join(pathname, filename)
                    if os.path.splitext(filename)[1] == ".py":
                        if filterfunc and not filterfunc(path):
                            continue
                        self.write(path, (basename + "/" if basename else "") + filename)
        else:
            if pathname[-3:] != ".py":
                raise RuntimeError("Files added with writepy() must end with \".py\"")
            self.write(pathname, (basename + "/" if basename else "") + name)


# ---- zipfile.Path -------------------------------------------------------------

def _parents(path):
    return itertools.islice(_ancestry(path), 1, None)


def _ancestry(path):
    path = path.rstrip(posixpath.sep)
    while path and path != posixpath.sep:
        yield path
        path, tail = posixpath.split(path)


def _difference(minuend, subtrahend):
    return itertools.filterfalse(set(subtrahend).__contains__, minuend)


class CompleteDirs(ZipFile):
    """A ZipFile whose namelist also holds the directories that member names imply."""

    @staticmethod
    def _implied_dirs(names):
        parents = itertools.chain.from_iterable(map(_parents, names))
        as_dirs = (p + posixpath.sep for p in parents)
        return list(dict.fromkeys(_difference(as_dirs, names)))

    def namelist(self):
        names = super(CompleteDirs, self).namelist()
        return names + list(self._implied_dirs(names))

    def _name_set(self):
        return set(self.namelist())

    def resolve_dir(self, name):
        """name with a trailing '/' when that is the directory's entry."""
        names = self._name_set()
        dirname = name + "/"
        dir_match = name not in names and dirname in names
        return dirname if dir_match else name

    def getinfo(self, name):
        """getinfo, which also answers for implied directories."""
        try:
            return super().getinfo(name)
        except KeyError:
            if not name.endswith("/") or name not in self._name_set():
                raise
            return ZipInfo(filename=name)

    @classmethod
    def make(cls, source):
        """source as a CompleteDirs (a ZipFile is converted in place)."""
        if isinstance(source, CompleteDirs):
            return source
        if not isinstance(source, ZipFile):
            return cls(source)
        if "r" not in source.mode:
            cls = CompleteDirs
        source.__class__ = cls
        return source


class FastLookup(CompleteDirs):
    """CompleteDirs that caches its name list and name set."""

    def namelist(self):
        with contextlib.suppress(AttributeError):
            return self.__names
        self.__names = super(FastLookup, self).namelist()
        return self.__names

    def _name_set(self):
        with contextlib.suppress(AttributeError):
            return self.__lookup
        self.__lookup = super(FastLookup, self)._name_set()
        return self.__lookup


class Path:
    """A path inside a ZIP archive, used like pathlib.Path."""

    __repr = "{self.__class__.__name__}({self.root.filename!r}, {self.at!r})"

    def __init__(self, root, at=""):
        self.root = FastLookup.make(root)
        self.at = at

    def open(self, mode="r", *args, pwd=None, **kwargs):
        """Opens this member: text (the default) or binary with 'b' in mode."""
        if self.is_dir():
            raise IsADirectoryError(self)
        zip_mode = mode[0]
        if not self.exists() and zip_mode == "r":
            raise FileNotFoundError(self)
        stream = self.root.open(self.at, zip_mode, pwd=pwd)
        if "b" in mode:
            if args or kwargs:
                raise ValueError("encoding args invalid for binary operation")
            return stream
        import _compression
        encoding = args[0] if args else kwargs.get("encoding")
        errors = args[1] if len(args) > 1 else kwargs.get("errors")
        newline = args[2] if len(args) > 2 else kwargs.get("newline")
        return _compression.TextStream(stream, encoding or "utf-8", errors, newline)

    @property
    def name(self):
        return pathlib.Path(self.at).name or self.filename.name

    @property
    def suffix(self):
        return pathlib.Path(self.at).suffix or self.filename.suffix

    @property
    def suffixes(self):
        return pathlib.Path(self.at).suffixes or self.filename.suffixes

    @property
    def stem(self):
        return pathlib.Path(self.at).stem or self.filename.stem

    @property
    def filename(self):
        return pathlib.Path(self.root.filename).joinpath(self.at)

    def read_text(self, *args, **kwargs):
        with self.open("r", *args, **kwargs) as strm:
            return strm.read()

    def read_bytes(self):
        with self.open("rb") as strm:
            return strm.read()

    def _is_child(self, path):
        return posixpath.dirname(path.at.rstrip("/")) == self.at.rstrip("/")

    def _next(self, at):
        return self.__class__(self.root, at)

    def is_dir(self):
        return not self.at or self.at.endswith("/")

    def is_file(self):
        return self.exists() and not self.is_dir()

    def exists(self):
        return self.at in self.root._name_set()

    def iterdir(self):
        if not self.is_dir():
            raise ValueError("Can't listdir a file")
        subs = map(self._next, self.root.namelist())
        return filter(self._is_child, subs)

    def __str__(self):
        return posixpath.join(self.root.filename, self.at)

    def __repr__(self):
        return self.__repr.format(self=self)

    def joinpath(self, *other):
        next = posixpath.join(self.at, *other)
        return self._next(self.root.resolve_dir(next))

    __truediv__ = joinpath

    @property
    def parent(self):
        if not self.at:
            return self.filename.parent
        parent_at = posixpath.dirname(self.at.rstrip("/"))
        if parent_at:
            parent_at += "/"
        return self._next(parent_at)


def main(args=None):
    """zipfile's command line: -l (list), -e (extract), -c (create), -t (test)."""
    import argparse
    description = "A simple command-line interface for zipfile module."
    parser = argparse.ArgumentParser(description=description)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("-l", "--list", metavar="<zipfile>", help="Show listing of a zipfile")
    group.add_argument("-e", "--extract", nargs=2, metavar=("<zipfile>", "<output_dir>"),
                       help="Extract zipfile into target dir")
    group.add_argument("-c", "--create", nargs="+", metavar=("<name>", "<file>"),
                       help="Create zipfile from sources")
    group.add_argument("-t", "--test", metavar="<zipfile>", help="Test if a zipfile is valid")
    args = parser.parse_args(args)
    if args.test is not None:
        with ZipFile(args.test, "r") as zf:
            badfile = zf.testzip()
        if badfile:
            print("The following enclosed file is corrupted: {!r}".format(badfile))
        print("Done testing")
    elif args.list is not None:
        with ZipFile(args.list, "r") as zf:
            zf.printdir()
    elif args.extract is not None:
        src, curdir = args.extract
        with ZipFile(src, "r") as zf:
            zf.extractall(curdir)
    elif args.create is not None:
        zip_name = args.create.pop(0)
        files = args.create

        def addToZip(zf, path, zippath):
            if os.path.isfile(path):
                zf.write(path, zippath, ZIP_DEFLATED)
            elif os.path.isdir(path):
                if zippath:
                    zf.write(path, zippath)
                for nm in sorted(os.listdir(path)):
                    addToZip(zf, os.path.join(path, nm), os.path.join(zippath, nm))

        with ZipFile(zip_name, "w") as zf:
            for path in files:
                zippath = os.path.basename(path)
                if not zippath:
                    zippath = os.path.basename(os.path.dirname(path))
                if zippath in ("", os.curdir, os.pardir):
                    zippath = ""
                addToZip(zf, path, zippath)
