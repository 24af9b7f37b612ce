# json.encoder: JSONEncoder.
#
# The writing itself is _json.encode, in C (lang/stdlib/json_encoder.c),
# given the encoder's options and its default method.
import _json

__all__ = ["JSONEncoder"]

encode_basestring = _json.encode_basestring
encode_basestring_ascii = _json.encode_basestring_ascii
c_encode_basestring = _json.encode_basestring
c_encode_basestring_ascii = _json.encode_basestring_ascii
c_make_encoder = None
INFINITY = float("inf")


def py_encode_basestring(s):
    return _json.encode_basestring(s)


def py_encode_basestring_ascii(s):
    return _json.encode_basestring_ascii(s)


class JSONEncoder(object):
    """Writes Python values as JSON: dicts as objects, lists and tuples as
    arrays, str, int, float, True, False and None as themselves; anything
    else through default(), which a subclass overrides (or a default=
    function replaces) to return something JSON can hold."""

    item_separator = ", "
    key_separator = ": "

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ","
        if default is not None:
            self.default = default

    def default(self, o):
        """What to write for o, which JSON cannot hold; this one raises
        TypeError."""
        raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")

    def encode(self, o):
        """The JSON text of o, as one str."""
        if isinstance(o, str):
            return _json.encode_basestring_ascii(o) if self.ensure_ascii else _json.encode_basestring(o)
        return self._encode(o, self.indent is not None)

    def _encode(self, o, float_detail):
        indent = self.indent
        if indent is not None and not isinstance(indent, str):
            indent = " " * indent
        return _json.encode(o, self.skipkeys, self.ensure_ascii, self.check_circular, self.allow_nan,
                            self.sort_keys, indent, self.key_separator, self.item_separator, self.default,
                            float_detail)

    def iterencode(self, o, _one_shot=False):
        """The JSON text of o in pieces, for writing as it comes."""
        return iter([self._encode(o, self.indent is not None or not _one_shot)])
