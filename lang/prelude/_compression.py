"""What gzip, zipfile and tarfile share: the text layer over a binary
stream of theirs (io.TextIOWrapper here wraps only real files), and the
streams' common checks.

TextStream decodes what the binary stream gives with an incremental
decoder and applies Python's newline rules (universal newlines when
newline is None); on writing, it encodes and translates '\\n'."""
import io

BUFFER_SIZE = io.DEFAULT_BUFFER_SIZE


class _Decoder:
    """Decodes bytes that arrive in pieces: a UTF-8 sequence cut by a
    piece's end waits for the next (codecs' incremental decoders are not
    here yet; the single-byte encodings need no wait)."""

    def __init__(self, encoding, errors):
        self.encoding = encoding
        self.errors = errors
        norm = encoding.lower().replace("_", "-")
        self._utf8 = norm in ("utf-8", "utf8", "u8", "utf-8-sig")
        self._tail = b""

    def decode(self, data, final=False):
        data = self._tail + data
        self._tail = b""
        if self._utf8 and not final:
            cut = len(data)
            for back in range(1, min(4, len(data)) + 1):
                c = data[-back]
                if c & 0xC0 == 0x80:
                    continue
                need = 2 if c & 0xE0 == 0xC0 else 3 if c & 0xF0 == 0xE0 else 4 if c & 0xF8 == 0xF0 else 1
                if need > back:
                    cut = len(data) - back
                break
            data, self._tail = data[:cut], data[cut:]
        return data.decode(self.encoding, self.errors)


class TextStream(io.TextIOBase):
    """A text stream over a binary one (read or write, not both)."""

    def __init__(self, buffer, encoding=None, errors=None, newline=None):
        if newline not in (None, "", "\n", "\r", "\r\n"):
            raise ValueError("illegal newline value: %r" % (newline,))
        self.buffer = buffer
        self.encoding = encoding or "utf-8"
        self.errors = errors or "strict"
        self._newline = newline
        self._decoder = _Decoder(self.encoding, self.errors)
        self._pending = ""   # decoded, not yet returned
        self._eof = False
        self._pending_cr = False

    @property
    def name(self):
        return getattr(self.buffer, "name", None)

    @property
    def closed(self):
        return self.buffer.closed

    @property
    def mode(self):
        return getattr(self.buffer, "mode", None)

    def readable(self):
        return self.buffer.readable()

    def writable(self):
        return self.buffer.writable()

    def seekable(self):
        return False

    def _translate(self, text):
        if self._newline is not None:
            return text
        if self._pending_cr:
            text = "\r" + text
            self._pending_cr = False
        if text.endswith("\r") and not self._eof:
            text = text[:-1]
            self._pending_cr = True
        return text.replace("\r\n", "\n").replace("\r", "\n")

    def _fill(self, size=BUFFER_SIZE):
        # decodes one more chunk into _pending; False at the end
        if self._eof:
            return False
        data = self.buffer.read(size)
        if not data:
            self._eof = True
            text = self._decoder.decode(b"", True)
        else:
            text = self._decoder.decode(data)
        self._pending += self._translate(text)
        return True

    def read(self, size=-1):
        self._check_closed()
        if size is None or size < 0:
            while self._fill():
                pass
            text, self._pending = self._pending, ""
            return text
        while len(self._pending) < size and self._fill():
            pass
        text, self._pending = self._pending[:size], self._pending[size:]
        return text

    def _line_end(self):
        # the end of the first line in _pending, or -1
        if self._newline is None or self._newline == "\n":
            i = self._pending.find("\n")
            return -1 if i < 0 else i + 1
        if self._newline == "":
            for i, c in enumerate(self._pending):
                if c == "\n":
                    return i + 1
                if c == "\r":
                    if i + 1 < len(self._pending):
                        return i + 2 if self._pending[i + 1] == "\n" else i + 1
                    if self._eof:
                        return i + 1
                    return -1
            return -1
        i = self._pending.find(self._newline)
        return -1 if i < 0 else i + len(self._newline)

    def readline(self, size=-1):
        self._check_closed()
        while True:
            end = self._line_end()
            if end >= 0 or not self._fill():
                break
        if end < 0:
            end = len(self._pending)
        if size is not None and size >= 0:
            end = min(end, size)
        line, self._pending = self._pending[:end], self._pending[end:]
        return line

    def readlines(self, hint=-1):
        return list(self)

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def write(self, s):
        self._check_closed()
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not %s" % type(s).__name__)
        text = s
        if self._newline not in (None, "", "\n"):
            text = text.replace("\n", self._newline)
        self.buffer.write(text.encode(self.encoding, self.errors))
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        self.buffer.flush()

    def close(self):
        if not self.buffer.closed:
            self.buffer.close()

    def fileno(self):
        return self.buffer.fileno()

    def _check_closed(self):
        if self.buffer.closed:
            raise ValueError("I/O operation on closed file.")

    def __enter__(self):
        self._check_closed()
        return self

    def __exit__(self, *exc):
        self.close()


def text_mode_args(mode, encoding, errors, newline):
    """Checks open()'s text arguments against a binary mode (CPython's
    messages); the binary mode to open with."""
    if "t" in mode:
        if "b" in mode:
            raise ValueError("Invalid mode: %r" % (mode,))
    else:
        if encoding is not None:
            raise ValueError("Argument 'encoding' not supported in binary mode")
        if errors is not None:
            raise ValueError("Argument 'errors' not supported in binary mode")
        if newline is not None:
            raise ValueError("Argument 'newline' not supported in binary mode")
    return mode.replace("t", "")
