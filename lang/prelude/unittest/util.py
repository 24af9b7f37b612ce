"""unittest.util: the reprs and list comparisons the assertion messages are
made of, with CPython 3.11's lengths and wording."""

_MAX_LENGTH = 80
_PLACEHOLDER_LEN = 12
_MIN_BEGIN_LEN = 5
_MIN_END_LEN = 5
_MIN_COMMON_LEN = 5
_MIN_DIFF_LEN = _MAX_LENGTH - (_MIN_BEGIN_LEN + _PLACEHOLDER_LEN + _MIN_COMMON_LEN +
                               _PLACEHOLDER_LEN + _MIN_END_LEN)


def _shorten(s, prefixlen, suffixlen):
    skip = len(s) - prefixlen - suffixlen
    if skip > _PLACEHOLDER_LEN:
        s = '%s[%d chars]%s' % (s[:prefixlen], skip, s[len(s) - suffixlen:])
    return s


def _common_shorten_repr(*args):
    """The reprs of args, their long common beginning elided so the difference shows."""
    args = tuple(map(safe_repr, args))
    maxlen = max(map(len, args))
    if maxlen <= _MAX_LENGTH:
        return args
    prefix = _common_prefix(args)
    prefixlen = len(prefix)
    common_len = _MAX_LENGTH - (maxlen - prefixlen + _MIN_BEGIN_LEN + _PLACEHOLDER_LEN)
    if common_len > _MIN_COMMON_LEN:
        prefix = _shorten(prefix, _MIN_BEGIN_LEN, common_len)
        return tuple(prefix + s[prefixlen:] for s in args)
    prefix = _shorten(prefix, _MIN_BEGIN_LEN, _MIN_COMMON_LEN)
    return tuple(prefix + _shorten(s[prefixlen:], _MIN_DIFF_LEN, _MIN_END_LEN) for s in args)


def _common_prefix(strings):
    first = min(strings)
    last = max(strings)
    for i, c in enumerate(first):
        if c != last[i]:
            return first[:i]
    return first


def safe_repr(obj, short=False):
    """repr(obj), or object's repr when the class's raises; cut at 80 characters if short."""
    try:
        result = repr(obj)
    except Exception:
        result = object.__repr__(obj)
    if not short or len(result) < _MAX_LENGTH:
        return result
    return result[:_MAX_LENGTH] + ' [truncated]...'


def strclass(cls):
    """A class's module-qualified name: __main__.MyTest."""
    return "%s.%s" % (cls.__module__, cls.__qualname__)


def sorted_list_difference(expected, actual):
    """(missing, unexpected) between two sorted lists, each without repeats."""
    i = j = 0
    missing = []
    unexpected = []
    while True:
        try:
            e = expected[i]
            a = actual[j]
            if e < a:
                missing.append(e)
                i += 1
                while expected[i] == e:
                    i += 1
            elif e > a:
                unexpected.append(a)
                j += 1
                while actual[j] == a:
                    j += 1
            else:
                i += 1
                try:
                    while expected[i] == e:
                        i += 1
                finally:
                    j += 1
                    while actual[j] == a:
                        j += 1
        except IndexError:
            missing.extend(expected[i:])
            unexpected.extend(actual[j:])
            break
    return missing, unexpected


def unorderable_list_difference(expected, actual):
    """(missing, unexpected) for lists whose items cannot be sorted; consumes expected and actual."""
    missing = []
    while expected:
        item = expected.pop()
        try:
            actual.remove(item)
        except ValueError:
            missing.append(item)
    return missing, actual


def three_way_cmp(x, y):
    """-1, 0 or 1 as x < y, x == y, x > y."""
    return (x > y) - (x < y)


class _Mismatch(tuple):
    """(actual count, expected count, value): one line of assertCountEqual's message."""

    def __new__(cls, actual, expected, value):
        return tuple.__new__(cls, (actual, expected, value))

    actual = property(lambda self: self[0])
    expected = property(lambda self: self[1])
    value = property(lambda self: self[2])

    def __repr__(self):
        return "Mismatch(actual=%r, expected=%r, value=%r)" % tuple(self)


def _count_diff_all_purpose(actual, expected):
    """The elements whose counts differ, for unhashable ones too (quadratic)."""
    s, t = list(actual), list(expected)
    m, n = len(s), len(t)
    NULL = object()
    result = []
    for i, elem in enumerate(s):
        if elem is NULL:
            continue
        cnt_s = cnt_t = 0
        for j in range(i, m):
            if s[j] == elem:
                cnt_s += 1
                s[j] = NULL
        for j, other_elem in enumerate(t):
            if other_elem == elem:
                cnt_t += 1
                t[j] = NULL
        if cnt_s != cnt_t:
            result.append(_Mismatch(cnt_s, cnt_t, elem))
    for i, elem in enumerate(t):
        if elem is NULL:
            continue
        cnt_t = 0
        for j in range(i, n):
            if t[j] == elem:
                cnt_t += 1
                t[j] = NULL
        result.append(_Mismatch(0, cnt_t, elem))
    return result


def _ordered_count(iterable):
    counts = {}
    for elem in iterable:
        counts[elem] = counts.get(elem, 0) + 1
    return counts


def _count_diff_hashable(actual, expected):
    """The elements whose counts differ, for hashable ones."""
    s, t = _ordered_count(actual), _ordered_count(expected)
    result = []
    for elem, cnt_s in s.items():
        cnt_t = t.get(elem, 0)
        if cnt_s != cnt_t:
            result.append(_Mismatch(cnt_s, cnt_t, elem))
    for elem, cnt_t in t.items():
        if elem not in s:
            result.append(_Mismatch(0, cnt_t, elem))
    return result
