"""binascii: conversions between binary data and ASCII. The per-byte
loops (base64, hex, crc32, crc_hqx) are C, in _binascii; quoted-printable
and uuencode, used rarely and on short texts, are written here."""
from _binascii import (Error, Incomplete, a2b_base64, a2b_hex, b2a_base64, b2a_hex, crc32, crc_hqx, hexlify,
                       unhexlify)


def _ascii_bytes(data):
    # what the a2b_ functions accept: bytes-like or an ASCII str
    if isinstance(data, str):
        try:
            return data.encode("ascii")
        except UnicodeEncodeError:
            raise ValueError("string argument should contain only ASCII characters") from None
    try:
        return bytes(memoryview(data))
    except TypeError:
        raise TypeError("argument should be bytes, buffer or ASCII string, not '%s'"
                        % type(data).__name__) from None


def _byteslike(data):
    try:
        return bytes(memoryview(data))
    except TypeError:
        raise TypeError("a bytes-like object is required, not '%s'" % type(data).__name__) from None


def b2a_uu(data, /, *, backtick=False):
    """Uuencode line of data."""
    data = _byteslike(data)
    if len(data) > 45:
        raise Error("At most 45 bytes at once")

    def char(v):
        return 0x60 if backtick and v == 0 else 0x20 + v

    out = bytearray([char(len(data))])
    padded = data + b"\0" * (-len(data) % 3)
    for i in range(0, len(padded), 3):
        w = padded[i] << 16 | padded[i + 1] << 8 | padded[i + 2]
        out += bytes(char(w >> s & 0x3F) for s in (18, 12, 6, 0))
    out += b"\n"
    return bytes(out)


def a2b_uu(data, /):
    """Decode a line of uuencoded data."""
    data = _ascii_bytes(data)
    if not data:
        return b"\0" * 32
    data = data.rstrip(b" \t\r\n")
    if not data:
        return b""
    n = (data[0] - 0x20) & 0x3F
    bits = 0
    nbits = 0
    out = bytearray()
    for c in data[1:]:
        if len(out) >= n:
            break
        if c < 0x20 or c > 0x60:
            raise Error("Illegal char")
        bits = bits << 6 | ((c - 0x20) & 0x3F)
        nbits += 6
        if nbits >= 8:
            nbits -= 8
            out.append(bits >> nbits & 0xFF)
    rest = data[1 + (n * 4 + 2) // 3:]
    for c in rest:
        if c not in (0x20, 0x60, 0x0A, 0x0D):
            raise Error("Trailing garbage")
    out += b"\0" * (n - len(out))
    return bytes(out[:n])


_HEX = b"0123456789ABCDEF"


def b2a_qp(data, quotetabs=False, istext=True, header=False):
    """Encode a string using quoted-printable encoding."""
    data = _byteslike(data)
    out = bytearray()
    line = 0

    def emit(chunk):
        nonlocal line
        if line + len(chunk) > 75:
            out.extend(b"=\n")
            line = 0
        out.extend(chunk)
        line += len(chunk)

    i = 0
    n = len(data)
    while i < n:
        c = data[i]
        if istext and (c == 0x0A or (c == 0x0D and i + 1 < n and data[i + 1] == 0x0A)):
            if out and out[-1] in (0x20, 0x09):
                last = out.pop()
                out.extend(b"=" + _HEX[last >> 4:(last >> 4) + 1] + _HEX[last & 15:(last & 15) + 1])
            out.extend(b"\r\n" if c == 0x0D else b"\n")
            line = 0
            i += 2 if c == 0x0D else 1
            continue
        at_end = i + 1 == n or (istext and data[i + 1] in (0x0A, 0x0D))
        if header and c == 0x20:
            emit(b"_")
        elif (c == 0x3D or c > 126 or (c < 32 and c not in (0x09, 0x20) and not (c in (0x0A, 0x0D) and not istext))
                or (c == 0x2E and line == 0 and at_end)
                or (c in (0x09, 0x20) and (quotetabs or at_end))
                or (header and c == 0x5F)
                or (not istext and c in (0x0A, 0x0D))):
            emit(b"=" + _HEX[c >> 4:(c >> 4) + 1] + _HEX[c & 15:(c & 15) + 1])
        else:
            emit(bytes([c]))
        i += 1
    return bytes(out)


def a2b_qp(data, header=False):
    """Decode a string of qp-encoded data."""
    data = _ascii_bytes(data)
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        c = data[i]
        if c == 0x3D:
            if i + 1 >= n:
                break
            if data[i + 1] in (0x0A, 0x0D):  # soft line break
                i += 2 if data[i + 1] == 0x0A or i + 2 >= n or data[i + 2] != 0x0A else 3
                continue
            if data[i + 1] == 0x3D:
                out.append(0x3D)
                i += 2
                continue
            pair = data[i + 1:i + 3]
            try:
                out.append(int(pair.decode("ascii"), 16) if len(pair) == 2 else int("x"))
                i += 3
            except ValueError:
                out.append(0x3D)
                i += 1
            continue
        if header and c == 0x5F:
            out.append(0x20)
        else:
            out.append(c)
        i += 1
    return bytes(out)
