"""CSV parsing and writing, as Python's csv module.

The per-character work (the reader's state machine, the writer's quoting)
is _csv's, in C (lang/stdlib/csv_module.c); this module holds the reader
and writer objects around it, dialects, their registry, DictReader,
DictWriter and Sniffer.
"""

import re
from io import StringIO

import _csv
from _csv import QUOTE_ALL, QUOTE_MINIMAL, QUOTE_NONE, QUOTE_NONNUMERIC, __version__, field_size_limit

__all__ = ["QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE", "Error", "Dialect", "__doc__",
           "excel", "excel_tab", "field_size_limit", "reader", "writer", "register_dialect", "get_dialect",
           "list_dialects", "Sniffer", "unregister_dialect", "__version__", "DictReader", "DictWriter",
           "unix_dialect"]


class Error(Exception):
    __module__ = "_csv"

_PARAMS = ("delimiter", "doublequote", "escapechar", "lineterminator", "quotechar", "quoting",
           "skipinitialspace", "strict")
_MISSING = object()


def _char(name, value, default, none_ok):
    # a dialect character: a 1-character str (or None where allowed)
    if value is _MISSING:
        return default
    if value is None and none_ok:
        return None
    if not isinstance(value, str):
        kind = "string or None" if none_ok else "string"
        raise TypeError('"%s" must be %s, not %s' % (name, kind, type(value).__name__))
    if len(value) != 1:
        raise TypeError('"%s" must be a 1-character string' % name)
    return value


class _Dialect:
    """A validated, read-only set of CSV formatting parameters."""

    def __new__(cls, dialect=None, **fmtparams):
        for key in fmtparams:
            if key not in _PARAMS:
                raise TypeError("'%s' is an invalid keyword argument for this function" % key)
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        if isinstance(dialect, _Dialect) and not fmtparams:
            return dialect

        def given(name):
            if name in fmtparams:
                return fmtparams[name]
            if dialect is not None:
                return getattr(dialect, name, _MISSING)
            return _MISSING

        self = object.__new__(cls)
        d = {}
        d["delimiter"] = _char("delimiter", given("delimiter"), ",", False)
        v = given("doublequote")
        d["doublequote"] = True if v is _MISSING else bool(v)
        d["escapechar"] = _char("escapechar", given("escapechar"), None, True)
        v = given("lineterminator")
        if v is _MISSING:
            v = "\r\n"
        elif v is not None and not isinstance(v, str):
            raise TypeError('"lineterminator" must be a string')
        d["lineterminator"] = v
        quotechar = given("quotechar")
        d["quotechar"] = _char("quotechar", quotechar, '"', True)
        quoting = given("quoting")
        if quoting is _MISSING:
            d["quoting"] = QUOTE_MINIMAL
        elif type(quoting) is not int:
            raise TypeError('"quoting" must be an integer')
        else:
            d["quoting"] = quoting
        v = given("skipinitialspace")
        d["skipinitialspace"] = False if v is _MISSING else bool(v)
        v = given("strict")
        d["strict"] = False if v is _MISSING else bool(v)
        if d["quoting"] not in (QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE):
            raise TypeError('bad "quoting" value')
        if quotechar is None and quoting is _MISSING:
            d["quoting"] = QUOTE_NONE
        if d["quoting"] != QUOTE_NONE and d["quotechar"] is None:
            raise TypeError("quotechar must be set if quoting enabled")
        if d["lineterminator"] is None:
            raise TypeError("lineterminator must be set")
        object.__setattr__(self, "_d", d)
        object.__setattr__(self, "_params", (d["delimiter"], d["quotechar"], d["escapechar"], d["doublequote"],
                                             d["skipinitialspace"], d["strict"], d["quoting"],
                                             d["lineterminator"], Error))
        return self

    def __getattr__(self, name):
        d = object.__getattribute__(self, "_d")
        if name in d:
            return d[name]
        raise AttributeError("'_csv.Dialect' object has no attribute '%s'" % name)

    def __setattr__(self, name, value):
        if name in _PARAMS:
            raise AttributeError("attribute '%s' of '_csv.Dialect' objects is not writable" % name)
        raise AttributeError("'_csv.Dialect' object has no attribute '%s'" % name)

    def __reduce_ex__(self, protocol):
        raise TypeError("cannot pickle '_csv.Dialect' object")


_Dialect.__name__ = "Dialect"
_Dialect.__qualname__ = "Dialect"
_Dialect.__module__ = "_csv"


class _writer:
    """CSV writer: writes records to a file-like object as delimited lines."""

    def __init__(self, fileobj, dialect, fmtparams):
        write = getattr(fileobj, "write", None)
        if write is None or not callable(write):
            raise TypeError('argument 1 must have a "write" method')
        self._write = write
        self.dialect = _Dialect(dialect, **fmtparams)
        self._params = self.dialect._params

    def writerow(self, row):
        return self._write(_csv.join_row(self._params, row))

    def writerows(self, rows):
        for row in rows:
            self._write(_csv.join_row(self._params, row))


_writer.__name__ = "writer"
_writer.__qualname__ = "writer"
_writer.__module__ = "_csv"


def reader(*args, **fmtparams):
    """csv_reader = reader(iterable [, dialect='excel'] [optional keyword args])"""
    if not args:
        raise TypeError(" expected at least 1 argument, got 0")
    if len(args) > 2:
        raise TypeError("expected at most 2 arguments, got %d" % len(args))
    dialect = fmtparams.pop("dialect", args[1] if len(args) > 1 else None)
    it = iter(args[0])
    dialect = _Dialect(dialect, **fmtparams)
    return _csv.make_reader(it, dialect, dialect._params)  # Note [The csv reader type] in csv_module.c


def writer(*args, **fmtparams):
    """csv_writer = csv.writer(fileobj [, dialect='excel'] [optional keyword args])"""
    if not args:
        raise TypeError(" expected at least 1 argument, got 0")
    if len(args) > 2:
        raise TypeError("expected at most 2 arguments, got %d" % len(args))
    dialect = fmtparams.pop("dialect", args[1] if len(args) > 1 else None)
    return _writer(args[0], dialect, fmtparams)


_dialects = {}


def register_dialect(name, dialect=None, **fmtparams):
    """Create a mapping from a string name to a dialect class."""
    if not isinstance(name, str):
        raise TypeError("dialect name must be a string")
    _dialects[name] = _Dialect(dialect, **fmtparams)


def unregister_dialect(name):
    """Delete the name/dialect mapping associated with a string name."""
    if name not in _dialects:
        raise Error("unknown dialect")
    del _dialects[name]


def get_dialect(name):
    """Return the dialect instance associated with name."""
    try:
        return _dialects[name]
    except (KeyError, TypeError):
        raise Error("unknown dialect") from None


def list_dialects():
    """Return a list of all known dialect names."""
    return list(_dialects)


class Dialect:
    """Describe a CSV dialect: subclass it and set the class attributes."""
    _name = ""
    _valid = False
    delimiter = None
    quotechar = None
    escapechar = None
    doublequote = None
    skipinitialspace = None
    lineterminator = None
    quoting = None

    def __init__(self):
        if self.__class__ is not Dialect:
            self._valid = True
        self._validate()

    def _validate(self):
        try:
            _Dialect(self)
        except TypeError as e:
            raise Error(str(e)) from None


class excel(Dialect):
    """The properties of an Excel-generated CSV file."""
    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\r\n"
    quoting = QUOTE_MINIMAL


register_dialect("excel", excel)


class excel_tab(excel):
    """The properties of an Excel-generated TAB-delimited file."""
    delimiter = "\t"


register_dialect("excel-tab", excel_tab)


class unix_dialect(Dialect):
    """The properties of a CSV file made on UNIX, with '\\n' line ends."""
    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\n"
    quoting = QUOTE_ALL


register_dialect("unix", unix_dialect)


class DictReader:
    """Reads each record as a dict keyed by the field names."""

    def __init__(self, f, fieldnames=None, restkey=None, restval=None, dialect="excel", *args, **kwds):
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            # the names come from the first record when not given
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num
        while row == []:
            row = next(self.reader)
        names = self.fieldnames
        d = dict(zip(names, row))
        if len(names) < len(row):
            d[self.restkey] = row[len(names):]
        else:
            for key in names[len(row):]:
                d[key] = self.restval
        return d


class DictWriter:
    """Writes dicts as records, their values in the order of fieldnames."""

    def __init__(self, f, fieldnames, restval="", extrasaction="raise", dialect="excel", *args, **kwds):
        self.fieldnames = fieldnames
        self.restval = restval
        if extrasaction.lower() not in ("raise", "ignore"):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        return self.writerow(dict(zip(self.fieldnames, self.fieldnames)))

    def _values(self, rowdict):
        if self.extrasaction == "raise":
            extra = [k for k in rowdict if k not in self.fieldnames]
            if extra:
                raise ValueError("dict contains fields not in fieldnames: " + ", ".join(repr(k) for k in extra))
        return [rowdict.get(key, self.restval) for key in self.fieldnames]

    def writerow(self, rowdict):
        return self.writer.writerow(self._values(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(self._values(r) for r in rowdicts)


class Sniffer:
    """Guesses the dialect of a CSV sample, and whether it has a header."""

    def __init__(self):
        self.preferred = [",", "\t", ";", " ", ":"]

    def sniff(self, sample, delimiters=None):
        """Returns a Dialect subclass for the sample."""
        quotechar, doublequote, delimiter, skipinitialspace = self._quote_and_delimiter(sample, delimiters)
        if not delimiter:
            delimiter, skipinitialspace = self._delimiter_by_counts(sample, delimiters)
        if not delimiter:
            raise Error("Could not determine delimiter")

        class dialect(Dialect):
            _name = "sniffed"
            lineterminator = "\r\n"
            quoting = QUOTE_MINIMAL

        dialect.doublequote = doublequote
        dialect.delimiter = delimiter
        dialect.quotechar = quotechar or '"'
        dialect.skipinitialspace = skipinitialspace
        return dialect

    def _quote_and_delimiter(self, data, delimiters):
        # Quoted fields tell both: the character around them is the quote,
        # the one beside them the delimiter. Tried from the most telling
        # shape (a quoted field between two delimiters) to the least.
        q = "(?P<quote>[\"'])"
        d = "(?P<delim>[^\\w\\n\"'])"
        shapes = [d + "(?P<space> ?)" + q + ".*?(?P=quote)(?P=delim)",
                  "(?:^|\\n)" + q + ".*?(?P=quote)" + d + "(?P<space> ?)",
                  d + "(?P<space> ?)" + q + ".*?(?P=quote)(?:$|\\n)",
                  "(?:^|\\n)" + q + ".*?(?P=quote)(?:$|\\n)"]
        found = []
        for shape in shapes:
            pattern = re.compile(shape, re.DOTALL | re.MULTILINE)
            found = list(pattern.finditer(data))
            if found:
                break
        if not found:
            return ("", False, None, 0)
        quotes, delims, spaces = {}, {}, 0
        for m in found:
            groups = m.groupdict()
            if groups["quote"]:
                quotes[groups["quote"]] = quotes.get(groups["quote"], 0) + 1
            if "delim" not in groups:
                continue
            key = groups["delim"]
            if key and (delimiters is None or key in delimiters):
                delims[key] = delims.get(key, 0) + 1
            if groups.get("space"):
                spaces += 1
        quotechar = max(quotes, key=quotes.get)
        if delims:
            delim = max(delims, key=delims.get)
            skip = delims[delim] == spaces
            if delim == "\n":
                delim = ""
        else:
            delim, skip = "", 0
        # a doubled quote inside a field means doublequote
        de = re.escape(delim)
        doubled = re.compile("((%s)|^)\\W*%s[^%s\\n]*%s[^%s\\n]*%s\\W*((%s)|$)"
                             % (de, quotechar, de, quotechar, de, quotechar, de), re.MULTILINE)
        return (quotechar, bool(doubled.search(data)), delim, skip)

    def _delimiter_by_counts(self, data, delimiters):
        # The delimiter occurs as often on every line: among the characters
        # whose count per line is the same on the most lines, the
        # preferred ones first, then the most consistent.
        lines = [line for line in data.split("\n") if line]
        if not lines:
            return ("", 0)
        candidates = {}
        for ch in set(data):
            if ch == "\n" or ch.isalnum() or ord(ch) >= 127 or ch in "\"'":
                continue
            if delimiters is not None and ch not in delimiters:
                continue
            counts = {}
            for line in lines:
                n = line.count(ch)
                counts[n] = counts.get(n, 0) + 1
            mode, agree = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
            if mode > 0 and agree / len(lines) >= 0.9:
                candidates[ch] = agree
        if not candidates:
            return ("", 0)
        best = None
        for ch in self.preferred:
            if ch in candidates:
                best = ch
                break
        if best is None:
            best = max(sorted(candidates), key=lambda c: candidates[c])
        first = lines[0]
        skip = first.count(best) == first.count(best + " ")
        return (best, skip)

    def has_header(self, sample):
        """Guesses whether the sample's first row is a header: a header's
        cells differ in type (or length) from the columns below them."""
        rows = reader(StringIO(sample), self.sniff(sample))
        header = next(rows)
        kinds = {i: None for i in range(len(header))}
        for checked, row in enumerate(rows):
            if checked > 20:
                break
            if len(row) != len(header):
                continue
            for col in list(kinds):
                try:
                    complex(row[col])
                    kind = complex
                except (ValueError, OverflowError):
                    kind = len(row[col])
                if kind != kinds[col]:
                    if kinds[col] is None:
                        kinds[col] = kind
                    else:
                        del kinds[col]
        votes = 0
        for col, kind in kinds.items():
            if kind is None:
                votes += 1  # no row to compare it with
            elif type(kind) is int:
                votes += 1 if len(header[col]) != kind else -1
            else:
                try:
                    kind(header[col])
                    votes -= 1
                except (ValueError, TypeError):
                    votes += 1
        return votes > 0
