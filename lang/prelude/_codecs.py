"""_codecs: the codec registry, the error handlers and the per-codec
functions under the codecs module, as CPython's _codecs has them.

Note [Codecs beyond C]: str.encode and bytes.decode run utf-8, ascii,
latin-1, utf-16 and utf-32 with the built-in handlers in C
(runtime/codecs.c). Any other encoding or handler comes here through
_text_encode/_text_decode: the registry finds the codec, and the functions
below drive the C codecs strictly, sending each error to the handler that
lookup_error gives (which is how handlers registered by programs run)."""

import sys as _sys

# ---- the registry -------------------------------------------------------------

_search_functions = []
_cache = {}
_error_handlers = {}


def _normalize(encoding):
    """Lower case; each run of characters other than letters, digits and
    '.' becomes one '_' (none at the start)."""
    out = []
    gap = False
    for c in encoding:
        if c.isalnum() or c == '.':
            if gap and out:
                out.append('_')
            if c.isascii():
                out.append(c.lower())
            gap = False
        else:
            gap = True
    return ''.join(out)


def register(search_function):
    """Adds a function from a normalised encoding name to a CodecInfo (or
    None)."""
    if not callable(search_function):
        raise TypeError('argument must be callable')
    _search_functions.append(search_function)


def unregister(search_function):
    """Removes a search function and empties the lookup cache."""
    try:
        _search_functions.remove(search_function)
    except ValueError:
        pass
    _cache.clear()


def lookup(encoding):
    """The CodecInfo of an encoding; LookupError when no search function
    knows it."""
    if not isinstance(encoding, str):
        raise TypeError('lookup() argument must be str, not %s' % type(encoding).__name__)
    key = _normalize(encoding)
    info = _cache.get(key)
    if info is not None:
        return info
    if not _search_functions:
        import codecs  # registers the built-in codecs
    for search in list(_search_functions):
        info = search(key)
        if info is not None:
            if not isinstance(info, tuple) or len(info) != 4:
                raise TypeError('codec search functions must return 4-tuples')
            _cache[key] = info
            return info
    raise LookupError('unknown encoding: %s' % encoding)


def _forget(encoding):
    _cache.pop(_normalize(encoding), None)


def encode(obj, encoding='utf-8', errors='strict'):
    """obj encoded by the codec of encoding (any codec, not only text)."""
    return _run(obj, encoding, errors, 0)


def decode(obj, encoding='utf-8', errors='strict'):
    """obj decoded by the codec of encoding (any codec, not only text)."""
    return _run(obj, encoding, errors, 1)


def _run(obj, encoding, errors, which):
    if not isinstance(encoding, str):
        raise TypeError("%s() argument 'encoding' must be str, not %s"
                        % ('decode' if which else 'encode', type(encoding).__name__))
    codec = lookup(encoding)[which]
    try:
        result = codec(obj, errors)
    except Exception as exc:
        wrapped = _with_codec_name(exc, 'decoding' if which else 'encoding', encoding)
        if wrapped is None:
            raise
        raise wrapped from exc
    if not isinstance(result, tuple) or len(result) != 2:
        raise TypeError('%s must return a tuple (object, integer)' % ('decoder' if which else 'encoder'))
    return result[0]


def _with_codec_name(exc, operation, encoding):
    """CPython's rewording of a plain exception from a codec: the same type
    with "<operation> with '<encoding>' codec failed (Type: message)"; None
    for exceptions it cannot remake (their own constructor, attributes or
    several arguments, as UnicodeError's)."""
    for klass in type(exc).__mro__:
        if klass.__module__ != 'builtins' and ('__init__' in klass.__dict__ or '__new__' in klass.__dict__):
            return None
    if len(exc.args) > 1 or getattr(exc, '__dict__', None):
        return None
    try:
        return type(exc)("%s with %r codec failed (%s: %s)" % (operation, encoding, type(exc).__name__, exc))
    except Exception:
        return None


def _text_encode(text, encoding, errors):
    """str.encode for what C does not run (Note [Codecs beyond C])."""
    info = lookup(encoding)
    if not getattr(info, '_is_text_encoding', True):
        raise LookupError("'%s' is not a text encoding; use codecs.encode() to handle arbitrary codecs" % encoding)
    result = info.encode(text, errors)[0]
    if not isinstance(result, bytes):
        raise TypeError("'%s' encoder returned '%s' instead of 'bytes'; use codecs.encode() to encode to "
                        "arbitrary types" % (encoding, type(result).__name__))
    return result


def _text_decode(data, encoding, errors):
    """bytes.decode for what C does not run."""
    info = lookup(encoding)
    if not getattr(info, '_is_text_encoding', True):
        raise LookupError("'%s' is not a text encoding; use codecs.decode() to handle arbitrary codecs" % encoding)
    result = info.decode(data, errors)[0]
    if not isinstance(result, str):
        raise TypeError("'%s' decoder returned '%s' instead of 'str'; use codecs.decode() to decode to "
                        "arbitrary types" % (encoding, type(result).__name__))
    return result


def _text_file_codec(encoding, errors):
    """open()'s (encoder, decoder) for an encoding C does not run (Note
    [Text files beyond C] in runtime/text_codec.h)."""
    info = lookup(encoding)
    if not getattr(info, '_is_text_encoding', True):
        raise LookupError("'%s' is not a text encoding; use codecs.open() to handle arbitrary codecs" % encoding)
    return info.incrementalencoder(errors), info.incrementaldecoder(errors)


def _encoded_length(encoding, text):
    """The bytes text takes in encoding, without a BOM (a text file's
    tell())."""
    info = lookup(encoding)
    data = info.encode(text)[0]
    bom = {'utf-16': 2, 'utf-32': 4, 'utf-8-sig': 3}.get(info.name, 0)
    return len(data) - bom


# ---- error handlers ---------------------------------------------------------------

def register_error(name, handler):
    """Makes handler (exception -> (replacement, resume position)) the
    error handler called `name`."""
    if not callable(handler):
        raise TypeError('handler must be callable')
    _error_handlers[name] = handler


def lookup_error(name):
    """The error handler registered under name."""
    try:
        return _error_handlers[name]
    except KeyError:
        raise LookupError("unknown error handler name '%s'" % name) from None


_UNICODE_ERRORS = (UnicodeEncodeError, UnicodeDecodeError, UnicodeTranslateError)


def _wrong_kind(exc):
    if not isinstance(exc, BaseException):
        return TypeError("codec must pass exception instance")
    return TypeError("don't know how to handle %s in error callback" % type(exc).__name__)


def strict_errors(exc):
    """Raises the exception."""
    if isinstance(exc, BaseException):
        raise exc
    raise TypeError("codec must pass exception instance")


def ignore_errors(exc):
    """Leaves the bad part out."""
    if isinstance(exc, _UNICODE_ERRORS):
        return '', exc.end
    raise _wrong_kind(exc)


def replace_errors(exc):
    """'?' for each character that cannot be encoded, U+FFFD for bytes that
    cannot be decoded."""
    if isinstance(exc, UnicodeEncodeError):
        return '?' * (exc.end - exc.start), exc.end
    if isinstance(exc, UnicodeDecodeError):
        return '\ufffd', exc.end
    if isinstance(exc, UnicodeTranslateError):
        return '\ufffd' * (exc.end - exc.start), exc.end
    raise _wrong_kind(exc)


def _escape(c):
    n = ord(c)
    return '\\x%02x' % n if n < 0x100 else '\\u%04x' % n if n < 0x10000 else '\\U%08x' % n


def backslashreplace_errors(exc):
    """Python backslash escapes of the bad characters or bytes."""
    if isinstance(exc, UnicodeDecodeError):
        return ''.join('\\x%02x' % b for b in exc.object[exc.start:exc.end]), exc.end
    if isinstance(exc, (UnicodeEncodeError, UnicodeTranslateError)):
        return ''.join(_escape(c) for c in exc.object[exc.start:exc.end]), exc.end
    raise _wrong_kind(exc)


def xmlcharrefreplace_errors(exc):
    """&#N; for each character that cannot be encoded."""
    if isinstance(exc, UnicodeEncodeError):
        return ''.join('&#%d;' % ord(c) for c in exc.object[exc.start:exc.end]), exc.end
    raise _wrong_kind(exc)


def namereplace_errors(exc):
    """\\N{NAME} for each character that cannot be encoded (a backslash
    escape where the character database has no name)."""
    if not isinstance(exc, UnicodeEncodeError):
        raise _wrong_kind(exc)
    try:
        import unicodedata
        name_of = unicodedata.name
    except ImportError:
        name_of = None
    out = []
    for c in exc.object[exc.start:exc.end]:
        try:
            out.append('\\N{%s}' % name_of(c))
        except (TypeError, ValueError):
            out.append(_escape(c))
    return ''.join(out), exc.end


def _surrogateescape(exc):
    if isinstance(exc, UnicodeDecodeError):
        bad = exc.object[exc.start:exc.end]
        if all(b >= 128 for b in bad):
            return ''.join(chr(0xDC00 + b) for b in bad), exc.end
        raise exc
    if isinstance(exc, UnicodeEncodeError):
        out = bytearray()
        for c in exc.object[exc.start:exc.end]:
            if not 0xDC80 <= ord(c) <= 0xDCFF:
                raise exc
            out.append(ord(c) - 0xDC00)
        return bytes(out), exc.end
    raise _wrong_kind(exc)


def _unit_form(encoding):
    """(unit size, byte order) of a utf-16/32 codec name; (1, None) for
    utf-8; None for others."""
    e = encoding.lower().replace('_', '-')
    if e in ('utf-8', 'utf8'):
        return 1, None
    for size in (16, 32):
        if e.startswith('utf-%d' % size):
            order = 'big' if e.endswith('be') else 'little'
            return size // 8, order
    return None


def _surrogatepass(exc):
    form = _unit_form(exc.encoding)
    if form is None:
        raise exc
    size, order = form
    if isinstance(exc, UnicodeEncodeError):
        out = bytearray()
        for c in exc.object[exc.start:exc.end]:
            n = ord(c)
            if not 0xD800 <= n <= 0xDFFF:
                raise exc
            if size == 1:
                out += bytes((0xE0 | (n >> 12), 0x80 | ((n >> 6) & 0x3F), 0x80 | (n & 0x3F)))
            else:
                out += n.to_bytes(size, order)
        return bytes(out), exc.end
    if isinstance(exc, UnicodeDecodeError):
        data, start = exc.object, exc.start
        if size == 1:
            b = data[start:start + 3]
            if len(b) == 3 and b[0] & 0xF0 == 0xE0 and b[1] & 0xC0 == 0x80 and b[2] & 0xC0 == 0x80:
                n = ((b[0] & 0x0F) << 12) | ((b[1] & 0x3F) << 6) | (b[2] & 0x3F)
                if 0xD800 <= n <= 0xDFFF:
                    return chr(n), start + 3
        else:
            b = data[start:start + size]
            if len(b) == size:
                n = int.from_bytes(b, order)
                if 0xD800 <= n <= 0xDFFF:
                    return chr(n), start + size
        raise exc
    raise _wrong_kind(exc)


for _name, _handler in (('strict', strict_errors), ('ignore', ignore_errors), ('replace', replace_errors),
                        ('backslashreplace', backslashreplace_errors),
                        ('xmlcharrefreplace', xmlcharrefreplace_errors), ('namereplace', namereplace_errors),
                        ('surrogateescape', _surrogateescape), ('surrogatepass', _surrogatepass)):
    _error_handlers[_name] = _handler
del _name, _handler

# the handlers C runs itself, by encoding and decoding
_C_ENCODE_HANDLERS = frozenset(('strict', 'ignore', 'replace', 'backslashreplace', 'surrogateescape',
                                'surrogatepass', 'xmlcharrefreplace'))
_C_DECODE_HANDLERS = frozenset(('strict', 'ignore', 'replace', 'backslashreplace', 'surrogateescape',
                                'surrogatepass'))


# ---- driving C's codecs with any handler -----------------------------------------

def _bytes_of(data, fname):
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    try:
        return bytes(memoryview(data))
    except TypeError:
        raise TypeError("a bytes-like object is required, not '%s'" % type(data).__name__) from None


def _check_str(s, fname):
    if not isinstance(s, str):
        raise TypeError('%s() argument 1 must be str, not %s' % (fname, type(s).__name__))


def _resume(newpos, n):
    if newpos < 0:
        newpos += n
    if not 0 <= newpos <= n:
        raise IndexError('position %d from error handler out of bounds' % newpos)
    return newpos


def _encode_with(s, piece, name, errors):
    """piece(str) -> bytes (strict) over s, errors sent to the handler."""
    if errors is None:
        errors = 'strict'
    out = []
    pos, n = 0, len(s)
    while pos < n:
        try:
            out.append(piece(s[pos:]))
            break
        except UnicodeEncodeError as e:
            start, end = pos + e.start, pos + e.end
            out.append(piece(s[pos:start]))
            exc = UnicodeEncodeError(name, s, start, end, e.reason)
            rep, newpos = lookup_error(errors)(exc)
            if isinstance(rep, str):
                try:
                    rep = piece(rep)
                except UnicodeEncodeError:
                    raise exc from None
            out.append(bytes(rep))
            pos = _resume(newpos, n)
    return b''.join(out)


_TRUNCATED = ('unexpected end of data', 'truncated data')


def _decode_with(data, piece, name, errors, final):
    """piece(bytes) -> str (strict) over data; (text, bytes consumed)."""
    if errors is None:
        errors = 'strict'
    out = []
    pos, n = 0, len(data)
    while pos < n:
        try:
            out.append(piece(data[pos:]))
            pos = n
            break
        except UnicodeDecodeError as e:
            start, end = pos + e.start, pos + e.end
            out.append(piece(data[pos:start]))
            if not final and end == n and e.reason in _TRUNCATED:
                pos = start
                break
            exc = UnicodeDecodeError(name, data, start, end, e.reason)
            rep, newpos = lookup_error(errors)(exc)
            out.append(rep)
            pos = _resume(newpos, n)
    return ''.join(out), pos


def _c_encoder(cname, fname):
    def encode(s, errors=None):
        _check_str(s, fname)
        if errors is None or errors in _C_ENCODE_HANDLERS and errors in _BUILTIN_NAMES_UNCHANGED():
            return s.encode(cname, errors or 'strict'), len(s)
        return _encode_with(s, lambda t: t.encode(cname), cname, errors), len(s)
    encode.__name__ = fname
    return encode


def _c_decoder(cname, fname):
    def decode(data, errors=None, final=False):
        data = _bytes_of(data, fname)
        if final and (errors is None or errors in _C_DECODE_HANDLERS and errors in _BUILTIN_NAMES_UNCHANGED()):
            return data.decode(cname, errors or 'strict'), len(data)
        return _decode_with(data, lambda b: b.decode(cname), cname, errors, final)
    decode.__name__ = fname
    return decode


_BUILTIN_HANDLERS = dict(_error_handlers)


def _BUILTIN_NAMES_UNCHANGED():
    """The handler names whose built-in handler is still the registered
    one (only those may go to C)."""
    return {k for k, v in _BUILTIN_HANDLERS.items() if _error_handlers.get(k) is v}


utf_8_encode = _c_encoder('utf-8', 'utf_8_encode')
utf_8_decode = _c_decoder('utf-8', 'utf_8_decode')
ascii_encode = _c_encoder('ascii', 'ascii_encode')
ascii_decode = _c_decoder('ascii', 'ascii_decode')
latin_1_encode = _c_encoder('latin-1', 'latin_1_encode')
latin_1_decode = _c_decoder('latin-1', 'latin_1_decode')
utf_16_le_encode = _c_encoder('utf-16-le', 'utf_16_le_encode')
utf_16_le_decode = _c_decoder('utf-16-le', 'utf_16_le_decode')
utf_16_be_encode = _c_encoder('utf-16-be', 'utf_16_be_encode')
utf_16_be_decode = _c_decoder('utf-16-be', 'utf_16_be_decode')
utf_32_le_encode = _c_encoder('utf-32-le', 'utf_32_le_encode')
utf_32_le_decode = _c_decoder('utf-32-le', 'utf_32_le_decode')
utf_32_be_encode = _c_encoder('utf-32-be', 'utf_32_be_encode')
utf_32_be_decode = _c_decoder('utf-32-be', 'utf_32_be_decode')

_NATIVE = getattr(_sys, 'byteorder', 'little')


def _wide(size):
    le = {2: (utf_16_le_encode, utf_16_le_decode), 4: (utf_32_le_encode, utf_32_le_decode)}[size]
    be = {2: (utf_16_be_encode, utf_16_be_decode), 4: (utf_32_be_encode, utf_32_be_decode)}[size]
    return le, be


def _bom_encode(size, fname):
    def encode(s, errors=None, byteorder=0):
        _check_str(s, fname)
        le, be = _wide(size)
        if byteorder == 0:
            bom = (b'\xff\xfe' if _NATIVE == 'little' else b'\xfe\xff') + b'\x00' * (size - 2)
            if size == 4 and _NATIVE != 'little':
                bom = b'\x00\x00\xfe\xff'
            body = (le if _NATIVE == 'little' else be)[0](s, errors)[0]
            return bom + body, len(s)
        return (le if byteorder < 0 else be)[0](s, errors)
    encode.__name__ = fname
    return encode


def _bom_ex_decode(size, fname):
    def ex_decode(data, errors=None, byteorder=0, final=False):
        data = _bytes_of(data, fname)
        le, be = _wide(size)
        boms = {2: (b'\xff\xfe', b'\xfe\xff'), 4: (b'\xff\xfe\x00\x00', b'\x00\x00\xfe\xff')}[size]
        skip = 0
        if byteorder == 0:
            if data[:size] == boms[0]:
                byteorder, skip = -1, size
            elif data[:size] == boms[1]:
                byteorder, skip = 1, size
            elif len(data) < size and not final:
                return '', 0, 0
        order = byteorder if byteorder else (-1 if _NATIVE == 'little' else 1)
        text, used = (le if order < 0 else be)[1](data[skip:], errors, final)
        return text, used + skip, byteorder
    ex_decode.__name__ = fname
    return ex_decode


utf_16_encode = _bom_encode(2, 'utf_16_encode')
utf_32_encode = _bom_encode(4, 'utf_32_encode')
utf_16_ex_decode = _bom_ex_decode(2, 'utf_16_ex_decode')
utf_32_ex_decode = _bom_ex_decode(4, 'utf_32_ex_decode')


def utf_16_decode(data, errors=None, final=False):
    text, used, order = utf_16_ex_decode(data, errors, 0, final)
    return text, used


def utf_32_decode(data, errors=None, final=False):
    text, used, order = utf_32_ex_decode(data, errors, 0, final)
    return text, used


# ---- escapes ----------------------------------------------------------------------

def unicode_escape_encode(s, errors=None):
    """s with backslash escapes for everything but printable ASCII."""
    _check_str(s, 'unicode_escape_encode')
    out = []
    for c in s:
        n = ord(c)
        if c == '\\':
            out.append('\\\\')
        elif c == '\t':
            out.append('\\t')
        elif c == '\n':
            out.append('\\n')
        elif c == '\r':
            out.append('\\r')
        elif 32 <= n < 127:
            out.append(c)
        else:
            out.append(_escape(c))
    return ''.join(out).encode('ascii'), len(s)


def raw_unicode_escape_encode(s, errors=None):
    """Latin-1, with \\uXXXX and \\UXXXXXXXX for the characters past it."""
    _check_str(s, 'raw_unicode_escape_encode')
    out = bytearray()
    for c in s:
        n = ord(c)
        if n < 0x100:
            out.append(n)
        else:
            out += ('\\u%04x' % n if n < 0x10000 else '\\U%08x' % n).encode('ascii')
    return bytes(out), len(s)


_SIMPLE_ESCAPES = {ord('\\'): '\\', ord("'"): "'", ord('"'): '"', ord('a'): '\a', ord('b'): '\b',
                   ord('f'): '\f', ord('n'): '\n', ord('r'): '\r', ord('t'): '\t', ord('v'): '\v'}
_HEX = b'0123456789abcdefABCDEF'


def _hex_run(data, i, count):
    digits = data[i:i + count]
    if len(digits) < count or any(d not in _HEX for d in digits):
        j = i
        while j < len(data) and j < i + count and data[j] in _HEX:
            j += 1
        return None, j
    return int(digits.decode("ascii"), 16), i + count


def _escape_decode_text(data, name, errors, final, raw):
    """The escape decoders: backslash escapes of Python string literals
    (raw: only \\u and \\U), everything else as latin-1."""
    out = []
    i, n = 0, len(data)
    while i < n:
        b = data[i]
        if b != 0x5C:
            out.append(chr(b))
            i += 1
            continue
        if raw:
            # \u and \U count only after an odd run of backslashes
            j = i
            while j < n and data[j] == 0x5C:
                j += 1
            run = j - i
            if run % 2 == 0 or j >= n or data[j] not in (ord('u'), ord('U')):
                out.append('\\' * run)
                i = j
                continue
            out.append('\\' * (run - 1))
            i = j - 1
        start = i
        if i + 1 >= n:
            if not final:
                break
            rep, i = _decode_error(data, name, start, n, '\\ at end of string', errors)
            out.append(rep)
            continue
        c = data[i + 1]
        i += 2
        if not raw and c in _SIMPLE_ESCAPES:
            out.append(_SIMPLE_ESCAPES[c])
        elif not raw and c == ord('\n'):
            pass
        elif not raw and 0x30 <= c <= 0x37:
            value = c - 0x30
            for _ in range(2):
                if i < n and 0x30 <= data[i] <= 0x37:
                    value = value * 8 + data[i] - 0x30
                    i += 1
            out.append(chr(value))
        elif c in (ord('x'), ord('u'), ord('U')) and not (raw and c == ord('x')):
            count = {ord('x'): 2, ord('u'): 4, ord('U'): 8}[c]
            value, j = _hex_run(data, i, count)
            if value is None:
                if not final and j == n:
                    i = start
                    break
                msg = 'truncated \\%sXX escape' % chr(c) if c == ord('x') else \
                    'truncated \\uXXXX escape' if c == ord('u') else 'truncated \\UXXXXXXXX escape'
                rep, i = _decode_error(data, name, start, j, msg, errors)
                out.append(rep)
                continue
            if value > 0x10FFFF:
                rep, i = _decode_error(data, name, start, j, 'illegal Unicode character', errors)
                out.append(rep)
                continue
            out.append(chr(value))
            i = j
        elif not raw and c == ord('N'):
            reason = 'malformed \\N character escape'
            if i >= n and not final:
                i = start
                break
            if i < n and data[i] == ord('{'):
                close = data.find(b'}', i + 1)
                if close < 0:
                    if not final:
                        i = start
                        break
                    i = n
                elif close == i + 1:
                    i += 1
                else:
                    char = _lookup_name(data[i + 1:close])
                    i = close + 1
                    if char is not None:
                        out.append(char)
                        continue
                    reason = 'unknown Unicode character name'
            rep, i = _decode_error(data, name, start, min(n, i), reason, errors)
            out.append(rep)
        else:
            out.append('\\' + chr(c))
    return ''.join(out), i if i <= n else n


def _lookup_name(name):
    """The character a \\N{name} escape names, or None."""
    import unicodedata
    try:
        return unicodedata.lookup(name.decode('latin-1'))
    except KeyError:
        return None


def _decode_error(data, name, start, end, reason, errors):
    exc = UnicodeDecodeError(name, data, start, end, reason)
    rep, newpos = lookup_error(errors or 'strict')(exc)
    return rep, _resume(newpos, len(data))


def unicode_escape_decode(data, errors=None, final=True):
    data = data.encode('latin-1') if isinstance(data, str) else _bytes_of(data, 'unicode_escape_decode')
    return _escape_decode_text(data, 'unicodeescape', errors, final, False)


def raw_unicode_escape_decode(data, errors=None, final=True):
    data = data.encode('latin-1') if isinstance(data, str) else _bytes_of(data, 'raw_unicode_escape_decode')
    return _escape_decode_text(data, 'rawunicodeescape', errors, final, True)


def escape_encode(data, errors=None):
    """bytes with the escapes of a bytes literal's repr, quotes left alone."""
    if not isinstance(data, bytes):
        raise TypeError("argument 1 must be bytes, not %s" % type(data).__name__)
    text = repr(data)[2:-1]
    if repr(data)[1] == '"':
        text = text.replace("'", "\\'")
    return text.encode('ascii'), len(data)


def escape_decode(data, errors=None):
    """The bytes a bytes literal's escapes stand for."""
    data = data.encode('latin-1') if isinstance(data, str) else _bytes_of(data, 'escape_decode')
    out = bytearray()
    i, n = 0, len(data)
    while i < n:
        b = data[i]
        if b != 0x5C:
            out.append(b)
            i += 1
            continue
        if i + 1 >= n:
            raise ValueError('Trailing \\ in string')
        c = data[i + 1]
        i += 2
        if c in _SIMPLE_ESCAPES:
            out.append(ord(_SIMPLE_ESCAPES[c]))
        elif c == ord('\n'):
            pass
        elif 0x30 <= c <= 0x37:
            value = c - 0x30
            for _ in range(2):
                if i < n and 0x30 <= data[i] <= 0x37:
                    value = value * 8 + data[i] - 0x30
                    i += 1
            out.append(value & 0xFF)
        elif c == ord('x'):
            value, j = _hex_run(data, i, 2)
            if value is None:
                raise ValueError('invalid \\x escape at position %d' % (i - 2))
            out.append(value)
            i = j
        else:
            out += bytes((0x5C, c))
    return bytes(out), n


def readbuffer_encode(data, errors=None):
    """The bytes of a str (utf-8) or of a buffer, with its length."""
    if isinstance(data, str):
        data = data.encode('utf-8')
    data = _bytes_of(data, 'readbuffer_encode')
    return data, len(data)


# ---- charmaps ---------------------------------------------------------------------

def charmap_build(decoding_table):
    """The encoding map (character code -> byte) of a 256-character
    decoding table."""
    return {ord(c): i for i, c in enumerate(decoding_table) if c != '\ufffe'}


def charmap_decode(data, errors=None, mapping=None):
    """Bytes through a decoding table (str) or map (int -> int, str or
    None); latin-1 without one."""
    data = _bytes_of(data, 'charmap_decode')
    if mapping is None:
        return latin_1_decode(data, errors, True)
    out = []
    i, n = 0, len(data)
    while i < n:
        b = data[i]
        try:
            c = mapping[b]
        except (LookupError, TypeError):
            c = None
        if isinstance(c, int):
            c = chr(c)
        if c is None or c == '\ufffe':
            rep, i = _decode_error(data, 'charmap', i, i + 1, 'character maps to <undefined>', errors)
            out.append(rep)
            continue
        out.append(c)
        i += 1
    return ''.join(out), n


def charmap_encode(s, errors=None, mapping=None):
    """A str through an encoding map (character code -> int, bytes or
    None); latin-1 without one."""
    _check_str(s, 'charmap_encode')
    if mapping is None:
        return latin_1_encode(s, errors)

    def code(c):
        try:
            return mapping[ord(c)]
        except (LookupError, TypeError):
            return None

    def piece(t):
        out = bytearray()
        for k, c in enumerate(t):
            v = code(c)
            if v is None:
                end = k + 1  # the run of characters the map lacks is one error
                while end < len(t) and code(t[end]) is None:
                    end += 1
                raise UnicodeEncodeError('charmap', t, k, end, 'character maps to <undefined>')
            if isinstance(v, int):
                out.append(v)
            else:
                out += v
        return bytes(out)
    return _encode_with(s, piece, 'charmap', errors), len(s)
