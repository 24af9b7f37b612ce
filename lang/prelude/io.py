"""The io module: open and files (the C half, _io), and StringIO and
BytesIO, the in-memory streams, written here."""
import _io
import abc
from _io import (DEFAULT_BUFFER_SIZE, SEEK_CUR, SEEK_END, SEEK_SET, BufferedRandom, BufferedReader, BufferedWriter,
                 FileIO, TextIOWrapper, UnsupportedOperation, open)

BlockingIOError = BlockingIOError


class IOBase:
    """The base of the stream classes."""


class RawIOBase(IOBase):
    """The base of raw binary streams."""


class BufferedIOBase(IOBase):
    """The base of buffered binary streams."""


class TextIOBase(IOBase):
    """The base of text streams."""


class BufferedRWPair(BufferedIOBase):
    """A reader and a writer joined into one stream (a pipe's two ends):
    reads go to the reader, writes to the writer."""

    def __init__(self, reader, writer, buffer_size=DEFAULT_BUFFER_SIZE, /):
        if not reader.readable():
            raise UnsupportedOperation('"reader" argument must be readable.')
        if not writer.writable():
            raise UnsupportedOperation('"writer" argument must be writable.')
        if buffer_size <= 0:
            raise ValueError('buffer size must be strictly positive')
        self.reader = reader
        self.writer = writer

    def read(self, size=-1):
        return self.reader.read(-1 if size is None else size)

    def readinto(self, b):
        return self.reader.readinto(b)

    def write(self, b):
        return self.writer.write(b)

    def peek(self, size=0):
        return self.reader.peek(size)

    def read1(self, size=-1):
        return self.reader.read1(size)

    def readinto1(self, b):
        return self.reader.readinto1(b)

    def readable(self):
        return self.reader.readable()

    def writable(self):
        return self.writer.writable()

    def seekable(self):
        return False

    def flush(self):
        return self.writer.flush()

    def close(self):
        try:
            self.writer.close()
        finally:
            self.reader.close()

    def isatty(self):
        return self.reader.isatty() or self.writer.isatty()

    @property
    def closed(self):
        return self.writer.closed

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class IncrementalNewlineDecoder:
    """Turns \r\n and \r into \n (when translate is true) in what a
    decoder (or None: str input) gives, across chunks: a \r at the end of
    one chunk waits for the next. newlines tells which endings were seen."""

    _NEWLINES = (None, '\n', '\r', ('\r', '\n'), '\r\n', ('\n', '\r\n'), ('\r', '\r\n'),
                 ('\r', '\n', '\r\n'))

    def __init__(self, decoder, translate, errors='strict'):
        self.decoder = decoder
        self.translate = translate
        self.errors = errors
        self._seen = 0  # bits: 1 LF, 2 CR, 4 CRLF
        self._pendingcr = False

    def decode(self, input, final=False):
        if self.decoder is None:
            if not isinstance(input, str):
                raise TypeError('decoder should return a string result, not \'%s\'' % type(input).__name__)
            output = input
        else:
            output = self.decoder.decode(input, final=final)
        if self._pendingcr and (output or final):
            output = '\r' + output
            self._pendingcr = False
        if output.endswith('\r') and not final:
            output = output[:-1]
            self._pendingcr = True
        crlf = output.count('\r\n')
        cr = output.count('\r') - crlf
        lf = output.count('\n') - crlf
        self._seen |= (1 if lf else 0) | (2 if cr else 0) | (4 if crlf else 0)
        if self.translate:
            if crlf:
                output = output.replace('\r\n', '\n')
            if cr:
                output = output.replace('\r', '\n')
        return output

    def getstate(self):
        if self.decoder is None:
            buf, flag = b'', 0
        else:
            buf, flag = self.decoder.getstate()
        return buf, (flag << 1) | (1 if self._pendingcr else 0)

    def setstate(self, state):
        buf, flag = state
        self._pendingcr = bool(flag & 1)
        if self.decoder is not None:
            self.decoder.setstate((buf, flag >> 1))

    def reset(self):
        self._seen = 0
        self._pendingcr = False
        if self.decoder is not None:
            self.decoder.reset()

    @property
    def newlines(self):
        return self._NEWLINES[self._seen]


def text_encoding(encoding, stacklevel=2):
    """The encoding to use: encoding itself, or "locale" when it is None."""
    return "locale" if encoding is None else encoding


def open_code(path):
    """Opens path for reading code, as open(path, 'rb')."""
    if not isinstance(path, str):
        raise TypeError("open_code() argument 'path' must be str, not %s" % type(path).__name__)
    return open(path, "rb")


class _InMemory:
    """What StringIO and BytesIO share: lines, iteration, closing and the
    questions a file answers."""

    _closed_message = "I/O operation on closed file."

    def _check(self):
        if self._closed:
            raise ValueError(self._closed_message)

    @property
    def closed(self):
        return self._closed

    def readlines(self, hint=-1):
        lines, total = [], 0
        while True:
            line = self.readline()
            if not line:
                return lines
            lines.append(line)
            total += len(line)
            if hint is not None and 0 < hint <= total:
                return lines

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def __iter__(self):
        self._check()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def close(self):
        self._closed = True

    def flush(self):
        self._check()

    def readable(self):
        self._check()
        return True

    def writable(self):
        self._check()
        return True

    def seekable(self):
        self._check()
        return True

    def isatty(self):
        self._check()
        return False

    def fileno(self):
        raise UnsupportedOperation("fileno")

    def __enter__(self):
        self._check()
        return self

    def __exit__(self, *exc):
        self.close()


class StringIO(_InMemory, TextIOBase):
    """An in-memory text stream: a str that reads and writes like a file.

    Writes at the end collect in a list and are joined when something else
    needs the whole text, so that many small writes stay cheap."""

    __module__ = "_io"
    _closed_message = "I/O operation on closed file"

    def __init__(self, initial_value="", newline="\n"):
        if newline is not None and not isinstance(newline, str):
            raise TypeError("newline must be str or None, not %s" % type(newline).__name__)
        if newline not in (None, "", "\n", "\r", "\r\n"):
            raise ValueError("illegal newline value: %r" % (newline,))
        if initial_value is not None and not isinstance(initial_value, str):
            raise TypeError("initial_value must be str or None, not %s" % type(initial_value).__name__)
        self._newline = newline
        self._text = ""
        self._parts = []
        self._pos = 0
        self._closed = False
        if initial_value:
            self.write(initial_value)
            self._pos = 0

    # -- state --
    def _value(self):
        if self._parts:
            self._text = self._text + "".join(self._parts)
            self._parts = []
        return self._text

    def _translated(self, s):
        nl = self._newline
        if nl is None:
            return s.replace("\r\n", "\n").replace("\r", "\n")
        if nl in ("\r", "\r\n"):
            return s.replace("\n", nl)
        return s

    @property
    def line_buffering(self):
        return False

    @property
    def newlines(self):
        return None

    encoding = None
    errors = None

    # -- writing --
    def write(self, s):
        self._check()
        if not isinstance(s, str):
            raise TypeError("string argument expected, got '%s'" % type(s).__name__)
        n = len(s)
        s = self._translated(s)
        end = len(self._text) + sum(len(p) for p in self._parts) if self._parts else len(self._text)
        if self._pos == end:
            self._parts.append(s)
        else:
            text = self._value()
            if self._pos > len(text):
                text = text + "\0" * (self._pos - len(text))
            self._text = text[:self._pos] + s + text[self._pos + len(s):]
        self._pos += len(s)
        return n

    def truncate(self, size=None):
        self._check()
        if size is None:
            size = self._pos
        elif size < 0:
            raise ValueError("Negative size value %d" % size)
        text = self._value()
        if size < len(text):
            self._text = text[:size]
        return size

    # -- reading --
    def getvalue(self):
        self._check()
        return self._value()

    def read(self, size=-1):
        self._check()
        if size is not None and not isinstance(size, int):
            raise TypeError("argument should be integer or None, not '%s'" % type(size).__name__)
        text = self._value()
        start = min(self._pos, len(text))
        end = len(text) if size is None or size < 0 else min(len(text), start + size)
        self._pos = max(self._pos, end)
        return text[start:end]

    def _line_end(self, text, start):
        nl = self._newline
        if nl == "":
            for i in range(start, len(text)):
                c = text[i]
                if c == "\n":
                    return i + 1
                if c == "\r":
                    return i + 2 if i + 1 < len(text) and text[i + 1] == "\n" else i + 1
            return len(text)
        sep = "\n" if nl is None else nl
        i = text.find(sep, start)
        return len(text) if i < 0 else i + len(sep)

    def readline(self, size=-1):
        self._check()
        if size is not None and not isinstance(size, int):
            raise TypeError("integer argument expected, got '%s'" % type(size).__name__)
        text = self._value()
        start = min(self._pos, len(text))
        end = self._line_end(text, start)
        if size is not None and size >= 0:
            end = min(end, start + size)
        self._pos = max(self._pos, end)
        return text[start:end]

    def tell(self):
        self._check()
        return self._pos

    def seek(self, pos, whence=0):
        self._check()
        if not isinstance(pos, int):
            raise TypeError("an integer is required (got type %s)" % type(pos).__name__)
        if whence not in (0, 1, 2):
            raise ValueError("Invalid whence (%d, should be 0, 1 or 2)" % whence)
        if whence == 0 and pos < 0:
            raise ValueError("Negative seek position %d" % pos)
        if whence != 0 and pos != 0:
            raise OSError("Can't do nonzero cur-relative seeks")
        if whence == 2:
            pos = len(self._value())
        elif whence == 1:
            pos = self._pos
        self._pos = pos
        return pos

    # -- the rest of a file's methods --
    def detach(self):
        raise UnsupportedOperation("detach")

class BytesIO(_InMemory, BufferedIOBase):
    """An in-memory binary stream over a bytearray."""

    __module__ = "_io"

    def __init__(self, initial_bytes=b""):
        self._buf = bytearray(initial_bytes if initial_bytes is not None else b"")
        self._pos = 0
        self._closed = False

    def getvalue(self):
        self._check()
        return bytes(self._buf)

    def getbuffer(self):
        self._check()
        return memoryview(self._buf)

    def write(self, b):
        self._check()
        if isinstance(b, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        data = bytes(b)
        end = self._pos + len(data)
        if self._pos > len(self._buf):
            self._buf.extend(b"\0" * (self._pos - len(self._buf)))
        self._buf[self._pos:end] = data
        self._pos = end
        return len(data)

    def read(self, size=-1):
        self._check()
        start = min(self._pos, len(self._buf))
        end = len(self._buf) if size is None or size < 0 else min(len(self._buf), start + size)
        self._pos = max(self._pos, end)
        return bytes(self._buf[start:end])

    read1 = read

    def readline(self, size=-1):
        self._check()
        start = min(self._pos, len(self._buf))
        i = self._buf.find(b"\n", start)
        end = len(self._buf) if i < 0 else i + 1
        if size is not None and size >= 0:
            end = min(end, start + size)
        self._pos = max(self._pos, end)
        return bytes(self._buf[start:end])

    def readinto(self, b):
        data = self.read(len(b))
        b[:len(data)] = data
        return len(data)

    def tell(self):
        self._check()
        return self._pos

    def seek(self, pos, whence=0):
        self._check()
        if whence == 0:
            if pos < 0:
                raise ValueError("negative seek value %d" % pos)
            self._pos = pos
        elif whence == 1:
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            self._pos = max(0, len(self._buf) + pos)
        else:
            raise ValueError("invalid whence (%d, should be 0, 1 or 2)" % whence)
        return self._pos

    def truncate(self, size=None):
        self._check()
        if size is None:
            size = self._pos
        elif size < 0:
            raise ValueError("negative size value %d" % size)
        del self._buf[size:]
        return size
