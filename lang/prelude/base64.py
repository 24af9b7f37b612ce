"""base64: Base16, Base32, Base64 (RFC 3548), Base85 and Ascii85 data
encodings, over binascii's C loops for base64 and hex."""
import binascii
import re

try:  # CPython's base64 imports struct; present here once struct lands
    import struct
except ImportError:
    pass

__all__ = ["encode", "decode", "encodebytes", "decodebytes", "b64encode", "b64decode", "b32encode", "b32decode",
           "b32hexencode", "b32hexdecode", "b16encode", "b16decode", "b85encode", "b85decode", "a85encode",
           "a85decode", "standard_b64encode", "standard_b64decode", "urlsafe_b64encode", "urlsafe_b64decode"]

bytes_types = (bytes, bytearray)

MAXLINESIZE = 76
MAXBINSIZE = (MAXLINESIZE // 4) * 3


def _bytes_from_decode_data(s):
    if isinstance(s, str):
        try:
            return s.encode("ascii")
        except UnicodeEncodeError:
            raise ValueError("string argument should contain only ASCII characters")
    if isinstance(s, bytes_types):
        return s
    try:
        return memoryview(s).tobytes()
    except TypeError:
        raise TypeError("argument should be a bytes-like object or ASCII string, not %r"
                        % s.__class__.__name__) from None


def _input_bytes(s):
    # what the encoders accept: any bytes-like object, as bytes
    if isinstance(s, bytes):
        return s
    try:
        return memoryview(s).tobytes()
    except TypeError:
        raise TypeError("a bytes-like object is required, not '%s'" % type(s).__name__) from None


# ---- Base64 ----------------------------------------------------------------

def b64encode(s, altchars=None):
    """s in Base64 (altchars: two bytes for '+' and '/')."""
    encoded = binascii.b2a_base64(s, newline=False)
    if altchars is not None:
        assert len(altchars) == 2, repr(altchars)
        return encoded.translate(bytes.maketrans(b"+/", altchars))
    return encoded


def b64decode(s, altchars=None, validate=False):
    """The bytes of Base64 text s; validate refuses anything but the alphabet."""
    s = _bytes_from_decode_data(s)
    if altchars is not None:
        altchars = _bytes_from_decode_data(altchars)
        assert len(altchars) == 2, repr(altchars)
        s = s.translate(bytes.maketrans(altchars, b"+/"))
    return binascii.a2b_base64(s, strict_mode=validate)


def standard_b64encode(s):
    """s in standard Base64."""
    return b64encode(s)


def standard_b64decode(s):
    """The bytes of standard Base64 text s."""
    return b64decode(s)


_urlsafe_encode = bytes.maketrans(b"+/", b"-_")
_urlsafe_decode = bytes.maketrans(b"-_", b"+/")


def urlsafe_b64encode(s):
    """s in URL-safe Base64 ('-' and '_')."""
    return b64encode(s).translate(_urlsafe_encode)


def urlsafe_b64decode(s):
    """The bytes of URL-safe Base64 text s."""
    s = _bytes_from_decode_data(s)
    s = s.translate(_urlsafe_decode)
    return b64decode(s)


# ---- Base32 ----------------------------------------------------------------

_B32 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_B32HEX = b"0123456789ABCDEFGHIJKLMNOPQRSTUV"
_B32_PADS = {0: 0, 1: 6, 2: 4, 3: 3, 4: 1}  # leftover bytes -> '=' count


def _b32encode(alphabet, s):
    s = _input_bytes(s)
    left = len(s) % 5
    padded = s + b"\0" * (-len(s) % 5)
    out = bytearray()
    for i in range(0, len(padded), 5):
        acc = int.from_bytes(padded[i:i + 5], "big")
        out += bytes(alphabet[acc >> shift & 31] for shift in range(35, -1, -5))
    pads = _B32_PADS[left]
    if pads:
        out[-pads:] = b"=" * pads
    return bytes(out)


def _b32decode(alphabet, s, casefold=False, map01=None):
    s = _bytes_from_decode_data(s)
    if len(s) % 8:
        raise binascii.Error("Incorrect padding")
    if map01 is not None:
        map01 = _bytes_from_decode_data(map01)
        assert len(map01) == 1, repr(map01)
        s = s.translate(bytes.maketrans(b"01", b"O" + map01))
    if casefold:
        s = s.upper()
    full = len(s)
    s = s.rstrip(b"=")
    pads = full - len(s)
    values = {c: i for i, c in enumerate(alphabet)}
    out = bytearray()
    acc = 0
    for i in range(0, len(s), 8):
        acc = 0
        for c in s[i:i + 8]:
            v = values.get(c)
            if v is None:
                raise binascii.Error("Non-base32 digit found")
            acc = acc << 5 | v
        out += acc.to_bytes(5, "big")
    if full % 8 or pads not in (0, 1, 3, 4, 6):
        raise binascii.Error("Incorrect padding")
    if pads and out:
        acc <<= 5 * pads
        keep = (43 - 5 * pads) // 8
        out[-5:] = acc.to_bytes(5, "big")[:keep]
    return bytes(out)


def b32encode(s):
    """s in Base32."""
    return _b32encode(_B32, s)


def b32decode(s, casefold=False, map01=None):
    """The bytes of Base32 text s (casefold: lower case too; map01: what '1' reads as)."""
    return _b32decode(_B32, s, casefold, map01)


def b32hexencode(s):
    """s in Base32 with the extended hex alphabet."""
    return _b32encode(_B32HEX, s)


def b32hexdecode(s, casefold=False):
    """The bytes of base32hex text s."""
    return _b32decode(_B32HEX, s, casefold)


# ---- Base16 ----------------------------------------------------------------

def b16encode(s):
    """s in Base16 (upper-case hex)."""
    return binascii.hexlify(s).upper()


_B16_ALPHABET = frozenset(b"0123456789ABCDEF")


def b16decode(s, casefold=False):
    """The bytes of Base16 text s."""
    s = _bytes_from_decode_data(s)
    if casefold:
        s = s.upper()
    if any(c not in _B16_ALPHABET for c in s):
        raise binascii.Error("Non-base16 digit found")
    return binascii.unhexlify(s)


# ---- Ascii85 and Base85 ------------------------------------------------------

_A85 = bytes(range(33, 118))
_B85 = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"


def _85encode(b, alphabet, pad=False, foldnuls=False, foldspaces=False):
    b = _input_bytes(b)
    padding = -len(b) % 4
    data = b + b"\0" * padding
    chunks = []
    for i in range(0, len(data), 4):
        word = int.from_bytes(data[i:i + 4], "big")
        if foldnuls and word == 0:
            chunks.append(b"z")
        elif foldspaces and word == 0x20202020:
            chunks.append(b"y")
        else:
            digits = bytearray(5)
            for k in range(4, -1, -1):
                word, digits[k] = divmod(word, 85)
            chunks.append(bytes(alphabet[d] for d in digits))
    if padding and not pad:
        if chunks[-1] == b"z":
            chunks[-1] = alphabet[0:1] * 5
        chunks[-1] = chunks[-1][:-padding]
    return b"".join(chunks)


def a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False):
    """b in Ascii85 ('z' for zero words; 'y' for spaces with foldspaces; lines of
    wrapcol; Adobe's <~ ~> with adobe)."""
    result = _85encode(b, _A85, pad, True, foldspaces)
    if adobe:
        result = b"<~" + result
    if wrapcol:
        wrapcol = max(2 if adobe else 1, wrapcol)
        lines = [result[i:i + wrapcol] for i in range(0, len(result), wrapcol)]
        if adobe and len(lines[-1]) + 2 > wrapcol:
            lines.append(b"")
        result = b"\n".join(lines)
    if adobe:
        result += b"~>"
    return result


def a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b" \t\n\r\v"):
    """The bytes of Ascii85 text b."""
    b = _bytes_from_decode_data(b)
    if adobe:
        if not b.endswith(b"~>"):
            raise ValueError("Ascii85 encoded byte sequences must end with {!r}".format(b"~>"))
        b = b[2:-2] if b.startswith(b"<~") else b[:-2]
    out = bytearray()
    group = []
    for x in b + b"uuuu":
        if 33 <= x <= 117:
            group.append(x - 33)
            if len(group) == 5:
                acc = 0
                for d in group:
                    acc = acc * 85 + d
                if acc > 0xFFFFFFFF:
                    raise ValueError("Ascii85 overflow")
                out += acc.to_bytes(4, "big")
                group = []
        elif x == 0x7A:  # z
            if group:
                raise ValueError("z inside Ascii85 5-tuple")
            out += b"\0\0\0\0"
        elif foldspaces and x == 0x79:  # y
            if group:
                raise ValueError("y inside Ascii85 5-tuple")
            out += b"    "
        elif x in ignorechars:
            continue
        else:
            raise ValueError("Non-Ascii85 digit found: " + chr(x))
    padding = 4 - len(group)
    if padding:
        del out[len(out) - padding:]
    return bytes(out)


def b85encode(b, pad=False):
    """b in Base85 (git's alphabet)."""
    return _85encode(b, _B85, pad)


_B85_VALUES = {c: i for i, c in enumerate(_B85)}


def b85decode(b):
    """The bytes of Base85 text b."""
    b = _bytes_from_decode_data(b)
    padding = -len(b) % 5
    b = b + b"~" * padding
    out = bytearray()
    for i in range(0, len(b), 5):
        acc = 0
        for j, c in enumerate(b[i:i + 5]):
            v = _B85_VALUES.get(c)
            if v is None:
                raise ValueError("bad base85 character at position %d" % (i + j))
            acc = acc * 85 + v
        if acc > 0xFFFFFFFF:
            raise ValueError("base85 overflow in hunk starting at byte %d" % i)
        out += acc.to_bytes(4, "big")
    if padding:
        del out[len(out) - padding:]
    return bytes(out)


# ---- MIME-style line-wrapped Base64 --------------------------------------------

def encode(input, output):
    """Writes input's bytes to output as Base64 lines of 76 characters."""
    while True:
        s = input.read(MAXBINSIZE)
        if not s:
            break
        while len(s) < MAXBINSIZE:
            ns = input.read(MAXBINSIZE - len(s))
            if not ns:
                break
            s += ns
        output.write(binascii.b2a_base64(s))


def decode(input, output):
    """Writes the bytes of input's Base64 lines to output."""
    while True:
        line = input.readline()
        if not line:
            break
        output.write(binascii.a2b_base64(line))


def _input_type_check(s):
    try:
        m = memoryview(s)
    except TypeError as err:
        raise TypeError("expected bytes-like object, not %s" % s.__class__.__name__) from err
    if m.format not in ("c", "b", "B"):
        raise TypeError("expected single byte elements, not %r from %s" % (m.format, s.__class__.__name__))
    if m.ndim != 1:
        raise TypeError("expected 1-D data, not %d-D data from %s" % (m.ndim, s.__class__.__name__))


def encodebytes(s):
    """s as Base64 lines of 76 characters."""
    _input_type_check(s)
    s = _input_bytes(s)
    return b"".join(binascii.b2a_base64(s[i:i + MAXBINSIZE]) for i in range(0, len(s), MAXBINSIZE))


def decodebytes(s):
    """The bytes of Base64 lines."""
    _input_type_check(s)
    return binascii.a2b_base64(s)


def main():
    """base64's command line: -e (encode, the default), -d, -t."""
    import sys
    args = sys.argv[1:]
    func = encode
    if args and args[0] in ("-e", "-d", "-u", "-t"):
        opt = args.pop(0)
        if opt in ("-d", "-u"):
            func = decode
        elif opt == "-t":
            test()
            return
    if args and args[0] != "-":
        with open(args[0], "rb") as f:
            func(f, sys.stdout.buffer)
    else:
        func(sys.stdin.buffer, sys.stdout.buffer)


def test():
    s0 = b"Aladdin:open sesame"
    print(repr(s0))
    s1 = encodebytes(s0)
    print(repr(s1))
    s2 = decodebytes(s1)
    print(repr(s2))
    assert s0 == s2
