"""codecs: the codec registry and its helpers, as CPython 3.11's module:
lookup/register/encode/decode, CodecInfo, the incremental and stream
classes, open and EncodedFile, the BOM constants and the error handlers.

The codecs built in: utf-8, utf-8-sig, utf-16 and utf-32 (with -le/-be),
ascii, latin-1, cp1252, unicode_escape, raw_unicode_escape, and the
bytes-to-bytes hex and base64 and the str-to-str rot13. The text ones
also serve str.encode, bytes.decode and open() (Note [Codecs beyond C] in
_codecs)."""

import builtins
import sys

from _codecs import (register, unregister, lookup, encode, decode, register_error, lookup_error,
                     strict_errors, ignore_errors, replace_errors, backslashreplace_errors,
                     xmlcharrefreplace_errors, namereplace_errors, utf_8_encode, utf_8_decode, ascii_encode,
                     ascii_decode, latin_1_encode, latin_1_decode, utf_16_encode, utf_16_decode,
                     utf_16_ex_decode, utf_16_le_encode, utf_16_le_decode, utf_16_be_encode, utf_16_be_decode,
                     utf_32_encode, utf_32_decode, utf_32_ex_decode, utf_32_le_encode, utf_32_le_decode,
                     utf_32_be_encode, utf_32_be_decode, unicode_escape_encode, unicode_escape_decode,
                     raw_unicode_escape_encode, raw_unicode_escape_decode, escape_encode, escape_decode,
                     readbuffer_encode, charmap_build, charmap_decode, charmap_encode)
import _codecs

__all__ = ["register", "lookup", "open", "EncodedFile", "BOM", "BOM_BE", "BOM_LE", "BOM32_BE", "BOM32_LE",
           "BOM64_BE", "BOM64_LE", "BOM_UTF8", "BOM_UTF16", "BOM_UTF16_LE", "BOM_UTF16_BE", "BOM_UTF32",
           "BOM_UTF32_LE", "BOM_UTF32_BE", "CodecInfo", "Codec", "IncrementalEncoder", "IncrementalDecoder",
           "StreamReader", "StreamWriter", "StreamReaderWriter", "StreamRecoder", "getencoder", "getdecoder",
           "getincrementalencoder", "getincrementaldecoder", "getreader", "getwriter", "encode", "decode",
           "iterencode", "iterdecode", "strict_errors", "ignore_errors", "replace_errors",
           "xmlcharrefreplace_errors", "backslashreplace_errors", "namereplace_errors", "register_error",
           "lookup_error"]

BOM_UTF8 = b'\xef\xbb\xbf'
BOM_LE = BOM_UTF16_LE = b'\xff\xfe'
BOM_BE = BOM_UTF16_BE = b'\xfe\xff'
BOM_UTF32_LE = b'\xff\xfe\x00\x00'
BOM_UTF32_BE = b'\x00\x00\xfe\xff'
if getattr(sys, 'byteorder', 'little') == 'little':
    BOM = BOM_UTF16 = BOM_UTF16_LE
    BOM_UTF32 = BOM_UTF32_LE
else:
    BOM = BOM_UTF16 = BOM_UTF16_BE
    BOM_UTF32 = BOM_UTF32_BE
BOM32_LE = BOM_UTF16_LE
BOM32_BE = BOM_UTF16_BE
BOM64_LE = BOM_UTF32_LE
BOM64_BE = BOM_UTF32_BE


class CodecInfo(tuple):
    """A codec's functions and classes: (encode, decode, streamreader,
    streamwriter) as a tuple, all of them by name."""
    _is_text_encoding = True

    def __new__(cls, encode, decode, streamreader=None, streamwriter=None, incrementalencoder=None,
                incrementaldecoder=None, name=None, *, _is_text_encoding=None):
        self = tuple.__new__(cls, (encode, decode, streamreader, streamwriter))
        self.name = name
        self.encode = encode
        self.decode = decode
        self.incrementalencoder = incrementalencoder
        self.incrementaldecoder = incrementaldecoder
        self.streamwriter = streamwriter
        self.streamreader = streamreader
        if _is_text_encoding is not None:
            self._is_text_encoding = _is_text_encoding
        return self

    def __repr__(self):
        return "<%s.%s object for encoding %s at %#x>" % (self.__class__.__module__, self.__class__.__qualname__,
                                                           self.name, id(self))


class Codec:
    """The stateless encoder and decoder a codec defines."""

    def encode(self, input, errors='strict'):
        raise NotImplementedError

    def decode(self, input, errors='strict'):
        raise NotImplementedError


class IncrementalEncoder(object):
    """Encodes its input piece by piece, keeping state between calls."""

    def __init__(self, errors='strict'):
        self.errors = errors
        self.buffer = ""

    def encode(self, input, final=False):
        raise NotImplementedError

    def reset(self):
        pass

    def getstate(self):
        return 0

    def setstate(self, state):
        pass


class BufferedIncrementalEncoder(IncrementalEncoder):
    """An IncrementalEncoder keeping the input _buffer_encode could not
    take yet."""

    def __init__(self, errors='strict'):
        IncrementalEncoder.__init__(self, errors)
        self.buffer = ""

    def _buffer_encode(self, input, errors, final):
        raise NotImplementedError

    def encode(self, input, final=False):
        data = self.buffer + input
        result, consumed = self._buffer_encode(data, self.errors, final)
        self.buffer = data[consumed:]
        return result

    def reset(self):
        IncrementalEncoder.reset(self)
        self.buffer = ""

    def getstate(self):
        return self.buffer or 0

    def setstate(self, state):
        self.buffer = state or ""


class IncrementalDecoder(object):
    """Decodes its input piece by piece, keeping state between calls."""

    def __init__(self, errors='strict'):
        self.errors = errors

    def decode(self, input, final=False):
        raise NotImplementedError

    def reset(self):
        pass

    def getstate(self):
        return (b"", 0)

    def setstate(self, state):
        pass


class BufferedIncrementalDecoder(IncrementalDecoder):
    """An IncrementalDecoder keeping the bytes _buffer_decode could not
    take yet (a character cut between two pieces)."""

    def __init__(self, errors='strict'):
        IncrementalDecoder.__init__(self, errors)
        self.buffer = b""

    def _buffer_decode(self, input, errors, final):
        raise NotImplementedError

    def decode(self, input, final=False):
        data = self.buffer + input
        result, consumed = self._buffer_decode(data, self.errors, final)
        self.buffer = data[consumed:]
        return result

    def reset(self):
        IncrementalDecoder.reset(self)
        self.buffer = b""

    def getstate(self):
        return (self.buffer, 0)

    def setstate(self, state):
        self.buffer = state[0]


class StreamWriter(Codec):
    """Writes encoded data to a stream."""

    def __init__(self, stream, errors='strict'):
        self.stream = stream
        self.errors = errors

    def write(self, object):
        data, consumed = self.encode(object, self.errors)
        self.stream.write(data)

    def writelines(self, list):
        self.write(''.join(list))

    def reset(self):
        pass

    def seek(self, offset, whence=0):
        self.stream.seek(offset, whence)
        if whence == 0 and offset == 0:
            self.reset()

    def __getattr__(self, name, getattr=getattr):
        return getattr(self.stream, name)

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.stream.close()


class StreamReader(Codec):
    """Reads and decodes data from a stream."""

    charbuffertype = str

    def __init__(self, stream, errors='strict'):
        self.stream = stream
        self.errors = errors
        self.bytebuffer = b""
        self._empty_charbuffer = self.charbuffertype()
        self.charbuffer = self._empty_charbuffer
        self.linebuffer = None

    def decode(self, input, errors='strict'):
        raise NotImplementedError

    def _fill(self, size):
        """Decodes one more read of size bytes (all for size < 0); whether
        there was anything to read."""
        newdata = self.stream.read() if size < 0 else self.stream.read(size)
        data = self.bytebuffer + newdata
        if not data:
            return False
        newchars, used = self.decode(data, self.errors)
        self.bytebuffer = data[used:]
        self.charbuffer += newchars
        return bool(newdata)

    def read(self, size=-1, chars=-1, firstline=False):
        """Up to chars characters (all with -1), reading size bytes at a
        time."""
        if chars < 0:
            chars = size
        while not (chars >= 0 and len(self.charbuffer) >= chars):
            if not self._fill(size):
                break
        if chars < 0:
            result, self.charbuffer = self.charbuffer, self._empty_charbuffer
        else:
            result, self.charbuffer = self.charbuffer[:chars], self.charbuffer[chars:]
        return result

    def readline(self, size=None, keepends=True):
        """One line, its end kept unless keepends is false."""
        while True:
            lines = self.charbuffer.splitlines(True)
            if len(lines) > 1 or (lines and lines[0].splitlines()[0] != lines[0]
                                  and not lines[0].endswith('\r')):
                line = lines[0]
                break
            if size is not None and len(self.charbuffer) >= size:
                line = self.charbuffer[:size]
                break
            if not self._fill(size or 72):
                line = self.charbuffer
                break
        self.charbuffer = self.charbuffer[len(line):]
        if not keepends and line:
            line = line.splitlines()[0]
        return line

    def readlines(self, sizehint=None, keepends=True):
        return self.read().splitlines(keepends)

    def reset(self):
        self.bytebuffer = b""
        self.charbuffer = self._empty_charbuffer
        self.linebuffer = None

    def seek(self, offset, whence=0):
        self.stream.seek(offset, whence)
        self.reset()

    def __next__(self):
        line = self.readline()
        if line:
            return line
        raise StopIteration

    def __iter__(self):
        return self

    def __getattr__(self, name, getattr=getattr):
        return getattr(self.stream, name)

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.stream.close()


class StreamReaderWriter:
    """A stream read through a StreamReader and written through a
    StreamWriter (what codecs.open gives)."""

    encoding = 'unknown'

    def __init__(self, stream, Reader, Writer, errors='strict'):
        self.stream = stream
        self.reader = Reader(stream, errors)
        self.writer = Writer(stream, errors)
        self.errors = errors

    def read(self, size=-1):
        return self.reader.read(size)

    def readline(self, size=None):
        return self.reader.readline(size)

    def readlines(self, sizehint=None):
        return self.reader.readlines(sizehint)

    def __next__(self):
        return next(self.reader)

    def __iter__(self):
        return self

    def write(self, data):
        return self.writer.write(data)

    def writelines(self, list):
        return self.writer.writelines(list)

    def reset(self):
        self.reader.reset()
        self.writer.reset()

    def seek(self, offset, whence=0):
        self.stream.seek(offset, whence)
        self.reader.reset()
        if whence == 0 and offset == 0:
            self.writer.reset()

    def __getattr__(self, name, getattr=getattr):
        return getattr(self.stream, name)

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.stream.close()


class StreamRecoder:
    """Data read and written in one encoding while the stream holds
    another (what EncodedFile gives)."""

    data_encoding = 'unknown'
    file_encoding = 'unknown'

    def __init__(self, stream, encode, decode, Reader, Writer, errors='strict'):
        self.stream = stream
        self.encode = encode
        self.decode = decode
        self.reader = Reader(stream, errors)
        self.writer = Writer(stream, errors)
        self.errors = errors

    def read(self, size=-1):
        data = self.reader.read(size)
        data, bytesencoded = self.encode(data, self.errors)
        return data

    def readline(self, size=None):
        data = self.reader.readline() if size is None else self.reader.readline(size)
        data, bytesencoded = self.encode(data, self.errors)
        return data

    def readlines(self, sizehint=None):
        data = self.reader.read()
        data, bytesencoded = self.encode(data, self.errors)
        return data.splitlines(keepends=True)

    def __next__(self):
        data = next(self.reader)
        data, bytesencoded = self.encode(data, self.errors)
        return data

    def __iter__(self):
        return self

    def write(self, data):
        data, bytesdecoded = self.decode(data, self.errors)
        return self.writer.write(data)

    def writelines(self, list):
        data = b''.join(list)
        data, bytesdecoded = self.decode(data, self.errors)
        return self.writer.write(data)

    def reset(self):
        self.reader.reset()
        self.writer.reset()

    def seek(self, offset, whence=0):
        self.reader.seek(offset, whence)
        self.writer.seek(offset, whence)

    def __getattr__(self, name, getattr=getattr):
        return getattr(self.stream, name)

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.stream.close()


def open(filename, mode='r', encoding=None, errors='strict', buffering=-1):
    """A file opened in binary mode and wrapped in the codec's reader and
    writer (the file itself without an encoding)."""
    if encoding is not None and 'b' not in mode:
        mode = mode + 'b'
    file = builtins.open(filename, mode, buffering)
    if encoding is None:
        return file
    try:
        info = lookup(encoding)
        srw = StreamReaderWriter(file, info.streamreader, info.streamwriter, errors)
        srw.encoding = encoding
        return srw
    except:
        file.close()
        raise


def EncodedFile(file, data_encoding, file_encoding=None, errors='strict'):
    """file read and written as data_encoding while it holds file_encoding."""
    if file_encoding is None:
        file_encoding = data_encoding
    data_info = lookup(data_encoding)
    file_info = lookup(file_encoding)
    sr = StreamRecoder(file, data_info.encode, data_info.decode, file_info.streamreader,
                       file_info.streamwriter, errors)
    sr.data_encoding = data_encoding
    sr.file_encoding = file_encoding
    return sr


def getencoder(encoding):
    return lookup(encoding).encode


def getdecoder(encoding):
    return lookup(encoding).decode


def getincrementalencoder(encoding):
    encoder = lookup(encoding).incrementalencoder
    if encoder is None:
        raise LookupError(encoding)
    return encoder


def getincrementaldecoder(encoding):
    decoder = lookup(encoding).incrementaldecoder
    if decoder is None:
        raise LookupError(encoding)
    return decoder


def getreader(encoding):
    return lookup(encoding).streamreader


def getwriter(encoding):
    return lookup(encoding).streamwriter


def iterencode(iterator, encoding, errors='strict', **kwargs):
    """Encodes each str of iterator incrementally, yielding the bytes."""
    encoder = getincrementalencoder(encoding)(errors, **kwargs)
    for input in iterator:
        output = encoder.encode(input)
        if output:
            yield output
    output = encoder.encode("", True)
    if output:
        yield output


def iterdecode(iterator, encoding, errors='strict', **kwargs):
    """Decodes each bytes of iterator incrementally, yielding the str."""
    decoder = getincrementaldecoder(encoding)(errors, **kwargs)
    for input in iterator:
        output = decoder.decode(input)
        if output:
            yield output
    output = decoder.decode(b"", True)
    if output:
        yield output


def make_identity_dict(rng):
    """{i: i for i in rng}."""
    return {i: i for i in rng}


def make_encoding_map(decoding_map):
    """The inverse of decoding_map; a target reached twice maps to None."""
    m = {}
    for k, v in decoding_map.items():
        if v not in m:
            m[v] = k
        else:
            m[v] = None
    return m


# ---- the built-in codecs ------------------------------------------------------------

def _make_codec(name, encode, decode, text=True, incremental_encoder=None, incremental_decoder=None,
                reader=None, writer=None):
    """A CodecInfo whose classes wrap encode(input, errors) and
    decode(input, errors, final) -> (output, consumed)."""
    def whole_encode(input, errors='strict'):
        return encode(input, errors)

    def whole_decode(input, errors='strict'):
        return decode(input, errors, True)

    if incremental_encoder is None:
        class incremental_encoder(IncrementalEncoder):
            def encode(self, input, final=False):
                return encode(input, self.errors)[0]
    if incremental_decoder is None:
        class incremental_decoder(BufferedIncrementalDecoder):
            def _buffer_decode(self, input, errors, final):
                return decode(input, errors, final)
    if writer is None:
        class writer(StreamWriter):
            def encode(self, input, errors='strict'):
                return encode(input, errors)
    if reader is None:
        class reader(StreamReader):
            def decode(self, input, errors='strict'):
                return decode(input, errors, False)
    for cls, kind in ((incremental_encoder, 'IncrementalEncoder'), (incremental_decoder, 'IncrementalDecoder'),
                      (writer, 'StreamWriter'), (reader, 'StreamReader')):
        cls.__name__ = cls.__qualname__ = kind
    return CodecInfo(whole_encode, whole_decode, reader, writer, incremental_encoder, incremental_decoder,
                     name, _is_text_encoding=text)


def _bom_codec(name, bom, encode_native, ex_decode):
    """utf-16/utf-32 (and utf-8-sig): a BOM first, then the native order;
    decoding takes the order of the BOM it finds."""
    class Encoder(IncrementalEncoder):
        def __init__(self, errors='strict'):
            IncrementalEncoder.__init__(self, errors)
            self.started = False

        def encode(self, input, final=False):
            out = encode_native(input, self.errors)[0]
            if not self.started:
                self.started = True
                out = bom + out
            return out

        def reset(self):
            self.started = False

        def getstate(self):
            return 0 if self.started else 2

        def setstate(self, state):
            self.started = state != 2

    class Decoder(BufferedIncrementalDecoder):
        def __init__(self, errors='strict'):
            BufferedIncrementalDecoder.__init__(self, errors)
            self.order = 0

        def _buffer_decode(self, input, errors, final):
            text, used, order = ex_decode(input, errors, self.order, final)
            if order:
                self.order = order
            return text, used

        def reset(self):
            BufferedIncrementalDecoder.reset(self)
            self.order = 0

    class Writer(StreamWriter):
        def __init__(self, stream, errors='strict'):
            StreamWriter.__init__(self, stream, errors)
            self.started = False

        def encode(self, input, errors='strict'):
            out, n = encode_native(input, errors)
            if not self.started:
                self.started = True
                out = bom + out
            return out, n

        def reset(self):
            self.started = False

    class Reader(StreamReader):
        order = 0

        def decode(self, input, errors='strict'):
            text, used, order = ex_decode(input, errors, self.order, False)
            if order:
                self.order = order
            return text, used

    def whole_encode(input, errors='strict'):
        out, n = encode_native(input, errors)
        return bom + out, n

    def whole_decode(input, errors='strict', final=True):
        text, used, order = ex_decode(input, errors, 0, final)
        return text, used

    return _make_codec(name, whole_encode, whole_decode, True, Encoder, Decoder, Reader, Writer)


def _utf_8_sig_ex_decode(data, errors=None, order=0, final=False):
    data = bytes(data)
    if order == 0:
        if len(data) < 3 and BOM_UTF8.startswith(data) and not final:
            return '', 0, 0
        if data[:3] == BOM_UTF8:
            text, used = utf_8_decode(data[3:], errors, final)
            return text, used + 3, 1
        text, used = utf_8_decode(data, errors, final)
        return text, used, 1
    return utf_8_decode(data, errors, final) + (order,)


def _native(le, be):
    return le if BOM_UTF16 == BOM_UTF16_LE else be


_CP1252_HIGH = ('\u20ac\ufffe\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffe\u017d\ufffe'
                '\ufffe\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffe\u017e\u0178')
_CP1252_TABLE = ''.join(map(chr, range(0x80))) + _CP1252_HIGH + ''.join(map(chr, range(0xA0, 0x100)))
_CP1252_MAP = charmap_build(_CP1252_TABLE)


def _rot13(input, errors='strict'):
    out = []
    for c in input:
        if 'a' <= c <= 'z':
            c = chr((ord(c) - 97 + 13) % 26 + 97)
        elif 'A' <= c <= 'Z':
            c = chr((ord(c) - 65 + 13) % 26 + 65)
        out.append(c)
    return ''.join(out), len(input)


class _BinasciiError(ValueError):
    """binascii.Error until a binascii module is there to give it."""


_BinasciiError.__name__ = _BinasciiError.__qualname__ = 'Error'
_BinasciiError.__module__ = 'binascii'


def _binascii_error(msg):
    try:
        import binascii
        return binascii.Error(msg)
    except (ImportError, AttributeError):
        return _BinasciiError(msg)


def _hex_encode(input, errors='strict'):
    data = _codecs._bytes_of(input, 'hex_encode')
    return data.hex().encode('ascii'), len(data)


def _ascii_bytes(input, fname):
    """What binascii takes: a bytes-like object or an ASCII str."""
    if isinstance(input, str):
        try:
            return input.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters') from None
    return _codecs._bytes_of(input, fname)


def _hex_decode(input, errors='strict', final=True):
    data = _ascii_bytes(input, 'hex_decode')
    if len(data) % 2:
        raise _binascii_error('Odd-length string')
    if any(c not in b'0123456789abcdefABCDEF' for c in data):
        raise _binascii_error('Non-hexadecimal digit found')
    return bytes.fromhex(data.decode('ascii')), len(data)


_B64 = b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
_B64_VALUE = {c: i for i, c in enumerate(_B64)}


def _base64_encode(input, errors='strict'):
    data = _codecs._bytes_of(input, 'base64_encode')
    out = bytearray()
    for start in range(0, len(data), 57):  # 76 characters a line, as encodebytes
        chunk = data[start:start + 57]
        for i in range(0, len(chunk), 3):
            group = chunk[i:i + 3]
            n = int.from_bytes(group + b'\0' * (3 - len(group)), 'big')
            quad = bytes(_B64[(n >> s) & 63] for s in (18, 12, 6, 0))
            out += quad[:len(group) + 1] + b'=' * (3 - len(group))
        out += b'\n'
    return bytes(out), len(data)


def _base64_decode(input, errors='strict', final=True):
    data = _ascii_bytes(input, 'base64_decode')
    values = []
    pad = 0
    for c in data:
        if c == ord('='):
            if len(values) % 4 >= 2:
                pad += 1
                if (len(values) + pad) % 4 == 0:
                    break
            continue
        if pad:
            pad = 0
        v = _B64_VALUE.get(c)
        if v is not None:
            values.append(v)
    if len(values) % 4 == 1:
        raise _binascii_error('Invalid base64-encoded string: number of data characters (%d) cannot be 1 more '
                              'than a multiple of 4' % len(values))
    if len(values) % 4 and (len(values) + pad) % 4:
        raise _binascii_error('Incorrect padding')
    out = bytearray()
    for i in range(0, len(values), 4):
        group = values[i:i + 4]
        n = 0
        for v in group + [0] * (4 - len(group)):
            n = n << 6 | v
        out += n.to_bytes(3, 'big')[:len(group) - 1 if len(group) < 4 else 3]
    return bytes(out), len(data)


def _str_codec(name, fn):
    def decode(input, errors='strict', final=True):
        return fn(input, errors)
    return _make_codec(name, fn, decode, text=False)


def _bytes_codec(name, enc, dec):
    return _make_codec(name, enc, dec, text=False)


def _c_pair(enc, dec):
    return (lambda input, errors='strict': enc(input, errors)), dec


_BUILTIN = {}


def _define(name, aliases, info_maker):
    for alias in (name,) + tuple(aliases):
        _BUILTIN[_codecs._normalize(alias)] = (name, info_maker)


_define('utf-8', ('utf8', 'u8', 'utf', 'utf8_ucs2', 'utf8_ucs4', 'cp65001'),
        lambda: _make_codec('utf-8', utf_8_encode, utf_8_decode))
_define('ascii', ('646', 'us', 'us_ascii', 'ansi_x3.4_1968', 'ansi_x3_4_1968', 'ansi_x3.4_1986', 'cp367', 'csascii',
                  'ibm367', 'iso646_us', 'iso_646.irv_1991', 'iso_ir_6'),
        lambda: _make_codec('ascii', ascii_encode, ascii_decode))
_define('iso8859-1', ('latin_1', 'latin-1', 'latin1', 'latin', 'l1', '8859', 'cp819', 'iso8859', 'iso8859_1',
                      'iso_8859_1', 'iso_8859_1_1987', 'iso_ir_100', 'csisolatin1', 'ibm819'),
        lambda: _make_codec('iso8859-1', latin_1_encode, latin_1_decode))
_define('utf-16-le', ('utf_16le', 'unicodelittleunmarked'),
        lambda: _make_codec('utf-16-le', utf_16_le_encode, utf_16_le_decode))
_define('utf-16-be', ('utf_16be', 'unicodebigunmarked'),
        lambda: _make_codec('utf-16-be', utf_16_be_encode, utf_16_be_decode))
_define('utf-32-le', ('utf_32le',), lambda: _make_codec('utf-32-le', utf_32_le_encode, utf_32_le_decode))
_define('utf-32-be', ('utf_32be',), lambda: _make_codec('utf-32-be', utf_32_be_encode, utf_32_be_decode))
_define('utf-16', ('u16', 'utf16'),
        lambda: _bom_codec('utf-16', BOM_UTF16, _native(utf_16_le_encode, utf_16_be_encode), utf_16_ex_decode))
_define('utf-32', ('u32', 'utf32'),
        lambda: _bom_codec('utf-32', BOM_UTF32, _native(utf_32_le_encode, utf_32_be_encode), utf_32_ex_decode))
_define('utf-8-sig', ('utf_8_sig',), lambda: _bom_codec('utf-8-sig', BOM_UTF8, utf_8_encode, _utf_8_sig_ex_decode))
_define('cp1252', ('windows_1252', '1252'),
        lambda: _make_codec('cp1252', lambda s, errors='strict': charmap_encode(s, errors, _CP1252_MAP),
                            lambda b, errors='strict', final=True: charmap_decode(b, errors, _CP1252_TABLE)))
_define('unicode-escape', ('unicode_escape',),
        lambda: _make_codec('unicode-escape', unicode_escape_encode, unicode_escape_decode))
_define('raw-unicode-escape', ('raw_unicode_escape',),
        lambda: _make_codec('raw-unicode-escape', raw_unicode_escape_encode, raw_unicode_escape_decode))
_define('hex', ('hex_codec',), lambda: _bytes_codec('hex', _hex_encode, _hex_decode))
_define('base64', ('base64_codec', 'base_64'), lambda: _bytes_codec('base64', _base64_encode, _base64_decode))
_define('rot-13', ('rot13',), lambda: _str_codec('rot-13', _rot13))


def _search_builtin(name):
    entry = _BUILTIN.get(name)
    return entry[1]() if entry is not None else None


register(_search_builtin)
