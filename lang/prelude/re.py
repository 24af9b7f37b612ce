# re: regular expressions as CPython 3.11's re module reads and runs them.
#
# The pattern is read by Python's rules and run by PCRE2 (_re, in C:
# lang/stdlib/re_translate.c and re_code.c, Note [Python patterns over
# PCRE2]); this file holds the API around the compiled code: Pattern,
# Match, the module's functions and their cache, sub's templates and
# split. Patterns are str only until bytes exist.
import _re
import functools

__all__ = ["match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer", "compile", "purge",
           "template", "escape", "error", "Pattern", "Match", "A", "I", "L", "M", "S", "X", "U", "ASCII",
           "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL", "VERBOSE", "UNICODE", "NOFLAG", "RegexFlag"]

__version__ = "2.2.1"


class RegexFlag:
    """The flags' names and values (in CPython an IntFlag; here the flags
    themselves are plain ints)."""
    NOFLAG = 0
    TEMPLATE = T = 1
    IGNORECASE = I = 2
    LOCALE = L = 4
    MULTILINE = M = 8
    DOTALL = S = 16
    UNICODE = U = 32
    VERBOSE = X = 64
    DEBUG = 128
    ASCII = A = 256


NOFLAG = 0
TEMPLATE = T = 1
IGNORECASE = I = 2
LOCALE = L = 4
MULTILINE = M = 8
DOTALL = S = 16
UNICODE = U = 32
VERBOSE = X = 64
DEBUG = 128
ASCII = A = 256

_FLAG_NAMES = [(T, "TEMPLATE"), (I, "IGNORECASE"), (L, "LOCALE"), (M, "MULTILINE"), (S, "DOTALL"),
               (U, "UNICODE"), (X, "VERBOSE"), (DEBUG, "DEBUG"), (A, "ASCII")]


class error(Exception):
    """A pattern that is not a regular expression: msg, the pattern, the
    index pos where reading stopped (or None), and its lineno and colno."""

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            msg = "%s at position %d" % (msg, pos)
            self.lineno = pattern.count("\n", 0, pos) + 1
            self.colno = pos - pattern.rfind("\n", 0, pos)
            if "\n" in pattern:
                msg = "%s (line %d, column %d)" % (msg, self.lineno, self.colno)
        else:
            self.lineno = self.colno = None
        Exception.__init__(self, msg)


class _GroupIndex:
    """Pattern.groupindex: a read-only view of {name: group number}."""

    def __init__(self, d):
        self._d = d

    def __getitem__(self, key):
        return self._d[key]

    def __len__(self):
        return len(self._d)

    def __iter__(self):
        return iter(self._d)

    def __contains__(self, key):
        return key in self._d

    def __eq__(self, other):
        return self._d == (other._d if isinstance(other, _GroupIndex) else other)

    def get(self, key, default=None):
        return self._d.get(key, default)

    def keys(self):
        return self._d.keys()

    def values(self):
        return self._d.values()

    def items(self):
        return self._d.items()

    def copy(self):
        return dict(self._d)

    def __repr__(self):
        return repr(self._d)


_MAXSIZE = 9223372036854775807


def _future_warning(msg):
    import warnings
    # stacklevel 5: past this function, Pattern.__init__, _compile and
    # re.compile (or re.search, ...), at their caller, as CPython's
    warnings.warn(msg, FutureWarning, stacklevel=5)


class Pattern:
    """A compiled regular expression (re.compile's result)."""

    def __init__(self, pattern, flags):
        self._code = _re.compile(pattern, flags, error, _future_warning)
        self.pattern = pattern
        self.flags, self.groups, names = self._code.info()
        self._names = names
        self._groupindex = {n: i + 1 for i, n in enumerate(names) if n is not None}

    @property
    def groupindex(self):
        return _GroupIndex(self._groupindex)

    def __repr__(self):
        text = repr(self.pattern)
        if len(text) > 200:
            text = text[:200]
        flags = self.flags
        if flags & (L | U | A) == U:
            flags &= ~U
        if not flags:
            return "re.compile(%s)" % text
        names = []
        for bit, name in _FLAG_NAMES:
            if flags & bit:
                names.append("re." + name)
                flags &= ~bit
        if flags:
            names.append(hex(flags))
        return "re.compile(%s, %s)" % (text, "|".join(names))

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return self.pattern == other.pattern and self.flags == other.flags

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def _search(self, string, pos, endpos, mode):
        spans = self._code.search(string, pos, endpos, mode)
        if spans is None:
            return None
        return Match(self, string, pos, endpos, spans)

    def match(self, string, pos=0, endpos=_MAXSIZE):
        """A Match if the pattern matches at string[pos], else None."""
        return self._search(string, pos, endpos, 1)

    def fullmatch(self, string, pos=0, endpos=_MAXSIZE):
        """A Match if the pattern matches all of string[pos:endpos]."""
        return self._search(string, pos, endpos, 2)

    def search(self, string, pos=0, endpos=_MAXSIZE):
        """The first Match anywhere in string[pos:endpos], or None."""
        return self._search(string, pos, endpos, 0)

    def findall(self, string, pos=0, endpos=_MAXSIZE):
        """Every non-overlapping match: the matched strs, or with one group
        that group's, or with several the tuples of all groups."""
        return self._code.findall(string, pos, endpos)

    def _iter(self, string, pos, endpos):
        mode = 0
        while True:
            spans = self._code.search(string, pos, endpos, mode)
            if spans is None:
                return
            yield Match(self, string, pos, endpos, spans)
            pos = spans[1]
            mode = 3 if spans[0] == spans[1] else 0

    def finditer(self, string, pos=0, endpos=_MAXSIZE):
        """An iterator of the Match of every non-overlapping match."""
        if not isinstance(string, str):
            raise TypeError("expected string or bytes-like object, got '%s'" % type(string).__name__)
        return self._iter(string, pos, endpos)

    def scanner(self, string, pos=0, endpos=_MAXSIZE):
        return _PatternScanner(self, string, pos, endpos)

    def _subx(self, repl, string, count):
        if not isinstance(string, str):
            raise TypeError("expected string or bytes-like object, got '%s'" % type(string).__name__)
        pieces = None
        if not callable(repl):
            if not isinstance(repl, str):
                raise TypeError("decoding to str: need a bytes-like object, %s found" % type(repl).__name__)
            pieces = _template(self, repl) if "\\" in repl else [repl]
        out = []
        last = 0
        all_spans = self._code.spans(string, 0, _MAXSIZE, count)
        for spans in all_spans:
            start = spans[0]
            if last < start:
                out.append(string[last:start])
            if pieces is None:
                piece = repl(Match(self, string, 0, _MAXSIZE, spans))
                if piece is not None:  # as CPython: None adds nothing; "".join checks the rest
                    out.append(piece)
            else:
                for p in pieces:
                    if p.__class__ is str:
                        out.append(p)
                    elif spans[2 * p] >= 0:
                        out.append(string[spans[2 * p]:spans[2 * p + 1]])
            last = spans[1]
        if last < len(string):
            out.append(string[last:])
        return "".join(out), len(all_spans)

    def sub(self, repl, string, count=0):
        """string with the leftmost non-overlapping matches replaced by
        repl: a template (\\1, \\g<name>) or a function of the Match."""
        return self._subx(repl, string, count)[0]

    def subn(self, repl, string, count=0):
        """(sub's result, the number of replacements)."""
        return self._subx(repl, string, count)

    def split(self, string, maxsplit=0):
        """string cut at the matches, with the groups' texts between the
        pieces; at most maxsplit cuts when it is not 0."""
        if not isinstance(string, str):
            raise TypeError("expected string or bytes-like object, got '%s'" % type(string).__name__)
        out = []
        last = 0
        for spans in self._code.spans(string, 0, _MAXSIZE, maxsplit):
            out.append(string[last:spans[0]])
            for g in range(1, self.groups + 1):
                out.append(string[spans[2 * g]:spans[2 * g + 1]] if spans[2 * g] >= 0 else None)
            last = spans[1]
        out.append(string[last:])
        return out


class Match:
    """The result of a successful match: the spans of the pattern's groups
    in string."""

    def __init__(self, pattern, string, pos, endpos, spans):
        self.re = pattern
        self.string = string
        n = len(string)
        self.pos = min(max(pos, 0), n)
        self.endpos = min(max(endpos, 0), n)
        self._spans = spans

    @property
    def lastindex(self):
        # the group that closed last: the latest end; of groups ending
        # together, the one that encloses the others
        spans = self._spans
        last, best = None, None
        for g in range(1, self.re.groups + 1):
            s, e = spans[2 * g], spans[2 * g + 1]
            if s >= 0 and (best is None or e > best[1] or (e == best[1] and s < best[0])):
                last, best = g, (s, e)
        return last

    @property
    def lastgroup(self):
        if self.lastindex is None:
            return None
        return self.re._names[self.lastindex - 1]

    @property
    def regs(self):
        return tuple((self._spans[2 * g], self._spans[2 * g + 1]) for g in range(self.re.groups + 1))

    def _index(self, g):
        if isinstance(g, str):
            i = self.re._groupindex.get(g)
            if i is not None:
                return i
        elif isinstance(g, int) and 0 <= g <= self.re.groups:
            return g
        raise IndexError("no such group")

    def _group(self, g, default=None):
        i = self._index(g)
        s, e = self._spans[2 * i], self._spans[2 * i + 1]
        if s < 0:
            return default
        return self.string[s:e]

    def group(self, *groups):
        """The text of one group (0: the whole match), or a tuple of
        several; None for a group that took no part."""
        if not groups:
            return self._group(0)
        if len(groups) == 1:
            return self._group(groups[0])
        return tuple(self._group(g) for g in groups)

    def __getitem__(self, g):
        return self._group(g)

    def groups(self, default=None):
        """The texts of groups 1 and up; default for those that took no
        part."""
        return tuple(self._group(g, default) for g in range(1, self.re.groups + 1))

    def groupdict(self, default=None):
        """{name: text} of the named groups."""
        return {name: self._group(i, default) for name, i in self.re._groupindex.items()}

    def start(self, group=0):
        return self._spans[2 * self._index(group)]

    def end(self, group=0):
        return self._spans[2 * self._index(group) + 1]

    def span(self, group=0):
        i = self._index(group)
        return self._spans[2 * i], self._spans[2 * i + 1]

    def expand(self, template):
        """template with its group references (\\1, \\g<name>) filled in
        from this match."""
        return _expand(self, _template(self.re, template))

    def __repr__(self):
        return "<re.Match object; span=(%d, %d), match=%s>" % (self._spans[0], self._spans[1], repr(self.group(0))[:50])

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class _PatternScanner:
    def __init__(self, pattern, string, pos, endpos):
        self.pattern = pattern
        self._string, self._pos, self._endpos = string, pos, endpos
        self._mode = 0

    def _next(self, mode):
        if self._pos is None:
            return None
        spans = self.pattern._code.search(self._string, self._pos, self._endpos, mode | (self._mode if mode == 0 else 0))
        if spans is None:
            self._pos = None
            return None
        m = Match(self.pattern, self._string, self._pos, self._endpos, spans)
        self._pos = spans[1]
        self._mode = 3 if spans[0] == spans[1] else 0
        return m

    def match(self):
        return self._next(1)

    def search(self):
        return self._next(0)


# ---- templates (sub, subn, expand) ------------------------------------------------

_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}
_OCT = "01234567"


def _template(pattern, repl):
    """repl read as a template: a list of strs and group numbers."""
    pieces = []
    lit = []
    i, n = 0, len(repl)
    while i < n:
        c = repl[i]
        if c != "\\":
            lit.append(c)
            i += 1
            continue
        start = i
        i += 1
        if i >= n:
            raise error("bad escape (end of pattern)", repl, start)
        c = repl[i]
        i += 1
        g = None
        if c == "g":
            if i >= n or repl[i] != "<":
                raise error("missing <", repl, i)
            close = repl.find(">", i + 1)
            if close < 0 and i + 1 >= n:
                raise error("missing group name", repl, i + 1)
            if close < 0:
                raise error("missing >, unterminated name", repl, i + 1)
            name = repl[i + 1:close]
            if not name:
                raise error("missing group name", repl, i + 1)
            if name.isdecimal() and name.isascii():
                g = int(name)
                if g > pattern.groups:
                    raise error("invalid group reference %d" % g, repl, i + 1)
            elif name.isidentifier():
                g = pattern._groupindex.get(name)
                if g is None:
                    raise IndexError("unknown group name '%s'" % name)
            else:
                raise error("bad character in group name '%s'" % name, repl, i + 1)
            i = close + 1
        elif c == "0":
            v = 0
            k = 0
            while k < 2 and i < n and repl[i] in _OCT:
                v = v * 8 + int(repl[i])
                i += 1
                k += 1
            lit.append(chr(v))
        elif c in "0123456789":
            if i < n and repl[i] in "0123456789":
                if c in _OCT and repl[i] in _OCT and i + 1 < n and repl[i + 1] in _OCT:
                    v = int(repl[i - 1:i + 2], 8)
                    if v > 0o377:
                        raise error("octal escape value \\%s outside of range 0-0o377" % repl[i - 1:i + 2], repl,
                                    start)
                    lit.append(chr(v))
                    i += 2
                    continue
                g = int(repl[i - 1:i + 1])
                i += 1
            else:
                g = int(c)
            if g > pattern.groups:
                raise error("invalid group reference %d" % g, repl, start + 1)
        elif c in _ESCAPES:
            lit.append(_ESCAPES[c])
        elif c.isascii() and c.isalpha():
            raise error("bad escape \\%s" % c, repl, start)
        else:
            lit.append("\\" + c)
        if g is not None:
            if lit:
                pieces.append("".join(lit))
                lit = []
            pieces.append(g)
    if lit:
        pieces.append("".join(lit))
    return pieces


def _expand(m, pieces):
    out = []
    for p in pieces:
        if isinstance(p, str):
            out.append(p)
        else:
            t = m._group(p)
            if t is not None:
                out.append(t)
    return "".join(out)


# ---- the module's functions and their cache -------------------------------------------

_cache = {}
_MAXCACHE = 512


def _compile(pattern, flags):
    key = (type(pattern), pattern, flags)
    try:
        return _cache[key]
    except (KeyError, TypeError):
        pass
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if not isinstance(pattern, str):
        raise TypeError("first argument must be string or compiled pattern")
    p = Pattern(pattern, flags)
    if not (flags & DEBUG):
        if len(_cache) >= _MAXCACHE:
            try:
                del _cache[next(iter(_cache))]
            except (StopIteration, RuntimeError, KeyError):
                pass
        _cache[key] = p
    return p


def compile(pattern, flags=0):
    """The Pattern of a regular expression (cached)."""
    return _compile(pattern, flags)


def match(pattern, string, flags=0):
    """A Match if the pattern matches at the start of string, else None."""
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    """A Match if the pattern matches all of string, else None."""
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    """The first Match of the pattern anywhere in string, or None."""
    return _compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    """string with the pattern's matches replaced by repl (a template or a
    function of the Match)."""
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    """(sub's result, the number of replacements)."""
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    """string cut at the pattern's matches (groups kept between pieces)."""
    return _compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    """Every non-overlapping match, as strs or tuples of groups."""
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    """An iterator of the Match of every non-overlapping match."""
    return _compile(pattern, flags).finditer(string)


def purge():
    """Empties the cache of compiled patterns."""
    _cache.clear()


def template(pattern, flags=0):
    """compile() with the TEMPLATE flag (deprecated in 3.11)."""
    import warnings
    warnings.warn("The re.template() function is deprecated as it is an undocumented function without an "
                  "obvious purpose. Use re.compile() instead.", DeprecationWarning, stacklevel=2)
    return _compile(pattern, flags | T)


_SPECIAL = frozenset("()[]{}?*+-|^$\\.&~# \t\n\r\v\f")


def escape(pattern):
    """pattern with every character that regular expressions treat
    specially escaped by a backslash."""
    if not isinstance(pattern, str):
        raise TypeError("escape() argument must be str")
    return "".join("\\" + c if c in _SPECIAL else c for c in pattern)


class Scanner:
    """A lexicon of (pattern, action) pairs run over a string: scan()
    returns the actions' results and the text left unmatched."""

    def __init__(self, lexicon, flags=0):
        self.lexicon = lexicon
        self._patterns = [(compile(p, flags), action) for p, action in lexicon]

    def scan(self, string):
        result = []
        i, n = 0, len(string)
        while i < n:
            for p, action in self._patterns:
                m = p.match(string, i)
                if m is not None:
                    break
            else:
                break
            if m.end() == i:
                break
            self.match = m
            if callable(action):
                action = action(self, m.group())
            if action is not None:
                result.append(action)
            i = m.end()
        return result, string[i:]
