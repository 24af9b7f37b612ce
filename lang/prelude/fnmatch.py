# fnmatch.py: Unix shell-style wildcards (*, ?, [seq], [!seq]) as Python's
# fnmatch module: fnmatch, fnmatchcase, filter, translate.
# cgrad has no re module yet, so patterns are matched by a small matcher of
# their own (compiled once into tokens and cached); translate() still
# writes the regular expression CPython 3.11 writes for the pattern.

import os
import posixpath

__all__ = ["filter", "fnmatch", "fnmatchcase", "translate"]

_cache = {}
_CACHE_MAX = 32768


def fnmatch(name, pat):
    """Test whether FILENAME matches PATTERN (after os.path.normcase)."""
    name = os.path.normcase(name)
    pat = os.path.normcase(pat)
    return fnmatchcase(name, pat)


def filter(names, pat):
    """Construct a list from those elements of the iterable NAMES that match PAT."""
    tokens = _compile(os.path.normcase(pat))
    return [name for name in names if _match(tokens, os.path.normcase(name))]


def fnmatchcase(name, pat):
    """Test whether FILENAME matches PATTERN, including case."""
    return _match(_compile(pat), name)


# ---- the pattern as tokens ------------------------------------------------------
# A token is '*', '?', a one-character literal str of length 1 wrapped in a
# tuple ('c',), or a set (negate, [(lo, hi), ...]).

def _parse_set(pat, i, n):
    """The set starting after '[' at i: (token, next index), or None when
    the bracket is not closed (then '[' is a literal)."""
    j = i
    if j < n and pat[j] == '!':
        j += 1
    if j < n and pat[j] == ']':
        j += 1
    while j < n and pat[j] != ']':
        j += 1
    if j >= n:
        return None
    body = pat[i:j]
    negate = body.startswith('!')
    if negate:
        body = body[1:]
    ranges = []
    k = 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == '-':
            lo, hi = body[k], body[k + 2]
            if lo <= hi:
                ranges.append((lo, hi))
            k += 3
        else:
            ranges.append((body[k], body[k]))
            k += 1
    return (negate, ranges), j + 1


def _tokens(pat):
    out = []
    i, n = 0, len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            if not out or out[-1] != '*':
                out.append('*')
        elif c == '?':
            out.append('?')
        elif c == '[':
            parsed = _parse_set(pat, i, n)
            if parsed is None:
                out.append(('[',))
            else:
                token, i = parsed
                out.append(token)
        else:
            out.append((c,))
    return out


def _compile(pat):
    tokens = _cache.get(pat)
    if tokens is None:
        if not isinstance(pat, str):
            raise TypeError("expected str pattern, not %s" % type(pat).__name__)
        tokens = _tokens(pat)
        if len(_cache) >= _CACHE_MAX:
            _cache.clear()
        _cache[pat] = tokens
    return tokens


def _one(token, c):
    if token == '?':
        return True
    if len(token) == 1:
        return token[0] == c
    negate, ranges = token
    inside = False
    for lo, hi in ranges:
        if lo <= c <= hi:
            inside = True
            break
    return inside != negate


def _match(tokens, name):
    """Wildcard matching with one backtrack point (the last '*'), which is
    exact when every other token matches one character."""
    ti = ni = 0
    star_ti = star_ni = -1
    nt, nn = len(tokens), len(name)
    while ni < nn:
        if ti < nt and tokens[ti] == '*':
            star_ti, star_ni = ti, ni
            ti += 1
        elif ti < nt and _one(tokens[ti], name[ni]):
            ti += 1
            ni += 1
        elif star_ti >= 0:
            star_ni += 1
            ni = star_ni
            ti = star_ti + 1
        else:
            return False
    while ti < nt and tokens[ti] == '*':
        ti += 1
    return ti == nt


# ---- translate -----------------------------------------------------------------

_SPECIAL = set('()[]{}?*+-|^$\\.&~# \t\n\r\v\f')


def _escape(s):
    return ''.join('\\' + c if c in _SPECIAL else c for c in s)


def _set_regex(token):
    negate, ranges = token
    if not ranges:
        return '.' if negate else '(?!)'
    parts = []
    for lo, hi in ranges:
        if lo == hi:
            parts.append('\\' + lo if lo in '\\-' else lo)
        else:
            parts.append(('\\\\' if lo == '\\' else lo) + '-' + ('\\\\' if hi == '\\' else hi))
    # &, ~ and | are escaped too: a regular expression may one day read
    # them as set operations (CPython escapes them)
    body = ''.join('\\' + c if c in '&~|' else c for c in ''.join(parts))
    if negate:
        body = '^' + body
    elif body[0] in '^[':
        body = '\\' + body
    return '[' + body + ']'


def translate(pat):
    """Translate a shell PATTERN to a regular expression (CPython 3.11's
    form: stars between fixed parts as atomic groups)."""
    pieces = []
    for token in _tokens(pat):
        if token == '*':
            pieces.append(None)
        elif token == '?':
            pieces.append('.')
        elif len(token) == 1:
            pieces.append(_escape(token[0]))
        else:
            pieces.append(_set_regex(token))
    # STAR fixed STAR fixed ...: the interior ones atomic, the last greedy
    out = []
    i, n = 0, len(pieces)
    while i < n and pieces[i] is not None:
        out.append(pieces[i])
        i += 1
    while i < n:
        i += 1
        fixed = []
        while i < n and pieces[i] is not None:
            fixed.append(pieces[i])
            i += 1
        fixed = ''.join(fixed)
        if i == n:
            out.append('.*' + fixed)
        else:
            out.append('(?>.*?' + fixed + ')')
    return '(?s:' + ''.join(out) + ')\\Z'
