# json: JSON text to Python values and back, as CPython 3.11's json
# module writes and reads it, byte for byte.
#
# The encoder and the scanner are C (lang/stdlib/json_encoder.c,
# json_scanner.c, Note [JSON in C, not Jansson]); this file and
# json/encoder.py, json/decoder.py hold the API around them.
from json.decoder import JSONDecoder, JSONDecodeError
from json.encoder import JSONEncoder
import json.decoder as decoder
import json.encoder as encoder
import json.scanner as scanner

__version__ = "2.0.9"
__all__ = ["dump", "dumps", "load", "loads", "JSONDecoder", "JSONDecodeError", "JSONEncoder"]

_default_encoder = JSONEncoder()
_default_decoder = JSONDecoder()


def _encoder(skipkeys, ensure_ascii, check_circular, allow_nan, cls, indent, separators, default, sort_keys, kw):
    if (not skipkeys and ensure_ascii and check_circular and allow_nan and cls is None and indent is None
            and separators is None and default is None and not sort_keys and not kw):
        return _default_encoder
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular, allow_nan=allow_nan,
               indent=indent, separators=separators, default=default, sort_keys=sort_keys, **kw)


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
         separators=None, default=None, sort_keys=False, **kw):
    """Writes obj as JSON to fp, anything with a write(str) method; the
    options are dumps()'s."""
    enc = _encoder(skipkeys, ensure_ascii, check_circular, allow_nan, cls, indent, separators, default, sort_keys, kw)
    for chunk in enc.iterencode(obj):
        fp.write(chunk)


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
          separators=None, default=None, sort_keys=False, **kw):
    """obj as a JSON str. indent (a count of spaces or a str) puts each
    member on its own line; separators is (item, key); sort_keys orders
    object members; default(o) stands for values JSON cannot hold;
    ensure_ascii escapes non-ASCII characters; allow_nan writes NaN and
    Infinity (ValueError otherwise); skipkeys drops keys that are not str,
    int, float, bool or None; cls a JSONEncoder subclass."""
    enc = _encoder(skipkeys, ensure_ascii, check_circular, allow_nan, cls, indent, separators, default, sort_keys, kw)
    return enc.encode(obj)


def detect_encoding(b):
    """The encoding of JSON bytes b: utf-8, utf-16 or utf-32 (with their
    byte orders), from a BOM or the pattern of zero bytes."""
    h = [c for c in b[:4]]
    if h in ([0xFF, 0xFE, 0, 0], [0, 0, 0xFE, 0xFF]):
        return "utf-32"
    if h[:2] in ([0xFF, 0xFE], [0xFE, 0xFF]):
        return "utf-16"
    if h[:3] == [0xEF, 0xBB, 0xBF]:
        return "utf-8-sig"
    if len(h) >= 4:
        if not h[0]:
            return "utf-16-be" if h[1] else "utf-32-be"
        if not h[1]:
            return "utf-16-le" if h[2] or h[3] else "utf-32-le"
    elif len(h) == 2:
        if not h[0]:
            return "utf-16-be"
        if not h[1]:
            return "utf-16-le"
    return "utf-8"


def load(fp, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
         object_pairs_hook=None, **kw):
    """The value of the JSON document fp.read() returns; the options are
    loads()'s."""
    return loads(fp.read(), cls=cls, object_hook=object_hook, parse_float=parse_float, parse_int=parse_int,
                 parse_constant=parse_constant, object_pairs_hook=object_pairs_hook, **kw)


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
          object_pairs_hook=None, **kw):
    """The Python value of the JSON document s (a str). object_hook(dict)
    or object_pairs_hook(list of pairs) builds each object; parse_float,
    parse_int and parse_constant get the text of numbers and of NaN,
    Infinity, -Infinity; cls a JSONDecoder subclass. JSONDecodeError when s
    is not JSON."""
    if isinstance(s, str):
        if s.startswith("\ufeff"):
            raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
    else:
        # bytes and bytearray by name, so that this reads before they exist
        if type(s).__name__ not in ("bytes", "bytearray"):
            raise TypeError(f"the JSON object must be str, bytes or bytearray, not {s.__class__.__name__}")
        s = s.decode(detect_encoding(s), "surrogatepass")
    if (cls is None and object_hook is None and parse_int is None and parse_float is None and parse_constant is None
            and object_pairs_hook is None and not kw):
        return _default_decoder.decode(s)
    if cls is None:
        cls = JSONDecoder
    if object_hook is not None:
        kw["object_hook"] = object_hook
    if object_pairs_hook is not None:
        kw["object_pairs_hook"] = object_pairs_hook
    if parse_float is not None:
        kw["parse_float"] = parse_float
    if parse_int is not None:
        kw["parse_int"] = parse_int
    if parse_constant is not None:
        kw["parse_constant"] = parse_constant
    return cls(**kw).decode(s)
