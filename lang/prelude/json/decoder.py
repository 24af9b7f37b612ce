# json.decoder: JSONDecoder and JSONDecodeError.
#
# The reading itself is _json.decode, in C (lang/stdlib/json_scanner.c),
# which raises JSONDecodeError with CPython's messages and positions.
import _json

__all__ = ["JSONDecoder", "JSONDecodeError"]

NaN = float("nan")
PosInf = float("inf")
NegInf = float("-inf")


class JSONDecodeError(ValueError):
    """A document that is not JSON: msg, the document doc, the index pos
    where reading stopped, and its lineno and colno (from 1)."""

    def __init__(self, msg, doc, pos):
        lineno = doc.count("\n", 0, pos) + 1
        colno = pos - doc.rfind("\n", 0, pos)
        ValueError.__init__(self, "%s: line %d column %d (char %d)" % (msg, lineno, colno, pos))
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

    def __reduce__(self):
        return self.__class__, (self.msg, self.doc, self.pos)


def scanstring(s, end, strict=True):
    """(text, index past the closing quote) of the JSON string whose
    characters start at s[end]."""
    return _json.scanstring(s, end, strict, JSONDecodeError)


class JSONDecoder(object):
    """Reads JSON text into Python values: objects into dicts (or what
    object_hook / object_pairs_hook make of them), arrays into lists,
    numbers into int and float (or parse_int / parse_float of their text),
    NaN and Infinity through parse_constant. strict=False lets control
    characters into strings."""

    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, strict=True,
                 object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _CONSTANTS.__getitem__
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook
        self.memo = {}

    def _hooks(self):
        # None tells the scanner to use its own fast path
        pf = None if self.parse_float is float else self.parse_float
        pi = None if self.parse_int is int else self.parse_int
        pc = None if self.parse_constant == _CONSTANTS.__getitem__ else self.parse_constant
        return (self.strict, self.object_hook, self.object_pairs_hook, pf, pi, pc, JSONDecodeError)

    def decode(self, s, _w=None):
        """The Python value of the JSON document s."""
        if type(self).raw_decode is JSONDecoder.raw_decode:
            return _json.decode(s, 0, True, *self._hooks())
        ws = len(s) - len(s.lstrip(" \t\n\r"))
        obj, end = self.raw_decode(s, idx=ws)
        end = len(s) - len(s[end:].lstrip(" \t\n\r"))
        if end != len(s):
            raise JSONDecodeError("Extra data", s, end)
        return obj

    def raw_decode(self, s, idx=0):
        """(value, end) for the JSON value starting at s[idx]; text may
        follow it."""
        return _json.decode(s, idx, False, *self._hooks())


_CONSTANTS = {"-Infinity": NegInf, "Infinity": PosInf, "NaN": NaN}
