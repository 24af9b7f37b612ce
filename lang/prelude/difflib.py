"""difflib: comparing sequences, as CPython 3.11's module: SequenceMatcher
(longest matching blocks, junk and popular elements, opcodes and ratios),
Differ and ndiff, unified and context diffs, restore, get_close_matches,
diff_bytes and HtmlDiff's side-by-side tables, with the same results.

The matcher finds the longest block of b that appears in a, not counting
junk, then recurses on the pieces left and right of it (Ratcliff and
Obershelp's "gestalt" matching); each element of b is indexed once."""

import re
from heapq import nlargest as _nlargest
from types import GenericAlias

__all__ = ['get_close_matches', 'ndiff', 'restore', 'SequenceMatcher', 'Differ', 'IS_CHARACTER_JUNK',
           'IS_LINE_JUNK', 'context_diff', 'unified_diff', 'diff_bytes', 'HtmlDiff', 'Match']


def _make_match_class():
    try:
        from collections import namedtuple
        return namedtuple('Match', 'a b size')
    except ImportError:
        pass

    class Match(tuple):
        """Match(a, b, size): a[a:a+size] == b[b:b+size]."""
        __slots__ = ()
        _fields = ('a', 'b', 'size')

        def __new__(cls, a, b, size):
            return tuple.__new__(cls, (a, b, size))

        @classmethod
        def _make(cls, iterable):
            return cls(*iterable)

        a = property(lambda self: tuple.__getitem__(self, 0))
        b = property(lambda self: tuple.__getitem__(self, 1))
        size = property(lambda self: tuple.__getitem__(self, 2))

        def __repr__(self):
            return 'Match(a=%r, b=%r, size=%r)' % tuple(self)

        def _asdict(self):
            return dict(zip(self._fields, self))

        def __eq__(self, other):
            return tuple(self) == (tuple(other) if isinstance(other, tuple) else other)

        def __lt__(self, other):
            return tuple(self) < tuple(other)

        def __hash__(self):
            return hash(tuple(self))
    return Match


Match = _make_match_class()


def _calculate_ratio(matches, length):
    return 2.0 * matches / length if length else 1.0


class SequenceMatcher:
    """Compares two sequences of hashable elements: matching blocks,
    opcodes that turn a into b, and similarity ratios."""

    def __init__(self, isjunk=None, a='', b='', autojunk=True):
        self.isjunk = isjunk
        self.a = self.b = None
        self.autojunk = autojunk
        self.set_seqs(a, b)

    def set_seqs(self, a, b):
        self.set_seq1(a)
        self.set_seq2(b)

    def set_seq1(self, a):
        if a is self.a:
            return
        self.a = a
        self.matching_blocks = self.opcodes = None

    def set_seq2(self, b):
        if b is self.b:
            return
        self.b = b
        self.matching_blocks = self.opcodes = None
        self.fullbcount = None
        self.__chain_b()

    def __chain_b(self):
        # where each element of b occurs, less junk and (for long b) the
        # elements on more than 1% of its positions
        b = self.b
        self.b2j = b2j = {}
        for i, elt in enumerate(b):
            b2j.setdefault(elt, []).append(i)
        self.bjunk = junk = set()
        if self.isjunk:
            for elt in b2j.keys():
                if self.isjunk(elt):
                    junk.add(elt)
            for elt in junk:
                del b2j[elt]
        self.bpopular = popular = set()
        n = len(b)
        if self.autojunk and n >= 200:
            ntest = n // 100 + 1
            for elt, idxs in b2j.items():
                if len(idxs) > ntest:
                    popular.add(elt)
            for elt in popular:
                del b2j[elt]

    def find_longest_match(self, alo=0, ahi=None, blo=0, bhi=None):
        """The longest block a[i:i+k] == b[j:j+k] in the ranges, earliest in
        a then in b among the longest, grown by equal junk at both ends."""
        a, b, b2j, isbjunk = self.a, self.b, self.b2j, self.bjunk.__contains__
        if ahi is None:
            ahi = len(a)
        if bhi is None:
            bhi = len(b)
        besti, bestj, bestsize = alo, blo, 0
        # run[j]: length of the match ending at a[i-1] and b[j]
        run = {}
        for i in range(alo, ahi):
            newrun = {}
            for j in b2j.get(a[i], ()):
                if j < blo:
                    continue
                if j >= bhi:
                    break
                k = newrun[j] = run.get(j - 1, 0) + 1
                if k > bestsize:
                    besti, bestj, bestsize = i - k + 1, j - k + 1, k
            run = newrun
        # grow by equal non-junk (popular) elements, then by equal junk
        for junk_pass in (False, True):
            while (besti > alo and bestj > blo and isbjunk(b[bestj - 1]) == junk_pass
                   and a[besti - 1] == b[bestj - 1]):
                besti, bestj, bestsize = besti - 1, bestj - 1, bestsize + 1
            while (besti + bestsize < ahi and bestj + bestsize < bhi
                   and isbjunk(b[bestj + bestsize]) == junk_pass and a[besti + bestsize] == b[bestj + bestsize]):
                bestsize += 1
        return Match(besti, bestj, bestsize)

    def get_matching_blocks(self):
        """Triples (i, j, n) with a[i:i+n] == b[j:j+n], increasing, adjacent
        ones merged, ending with (len(a), len(b), 0)."""
        if self.matching_blocks is not None:
            return self.matching_blocks
        la, lb = len(self.a), len(self.b)
        todo = [(0, la, 0, lb)]
        found = []
        while todo:
            alo, ahi, blo, bhi = todo.pop()
            i, j, k = x = self.find_longest_match(alo, ahi, blo, bhi)
            if k:
                found.append((i, j, k))
                if alo < i and blo < j:
                    todo.append((alo, i, blo, j))
                if i + k < ahi and j + k < bhi:
                    todo.append((i + k, ahi, j + k, bhi))
        found.sort()
        merged = []
        i1 = j1 = k1 = 0
        for i2, j2, k2 in found:
            if i1 + k1 == i2 and j1 + k1 == j2:
                k1 += k2
            else:
                if k1:
                    merged.append((i1, j1, k1))
                i1, j1, k1 = i2, j2, k2
        if k1:
            merged.append((i1, j1, k1))
        merged.append((la, lb, 0))
        self.matching_blocks = list(map(Match._make, merged))
        return self.matching_blocks

    def get_opcodes(self):
        """(tag, i1, i2, j1, j2) steps turning a into b: 'replace',
        'delete', 'insert' or 'equal'."""
        if self.opcodes is not None:
            return self.opcodes
        i = j = 0
        self.opcodes = answer = []
        for ai, bj, size in self.get_matching_blocks():
            tag = ''
            if i < ai and j < bj:
                tag = 'replace'
            elif i < ai:
                tag = 'delete'
            elif j < bj:
                tag = 'insert'
            if tag:
                answer.append((tag, i, ai, j, bj))
            i, j = ai + size, bj + size
            if size:
                answer.append(('equal', ai, i, bj, j))
        return answer

    def get_grouped_opcodes(self, n=3):
        """The opcodes in groups around changes, with at most n lines of
        unchanged context on each side (what unified_diff prints)."""
        codes = self.get_opcodes()
        if not codes:
            codes = [("equal", 0, 1, 0, 1)]
        codes = list(codes)
        if codes[0][0] == 'equal':
            tag, i1, i2, j1, j2 = codes[0]
            codes[0] = tag, max(i1, i2 - n), i2, max(j1, j2 - n), j2
        if codes[-1][0] == 'equal':
            tag, i1, i2, j1, j2 = codes[-1]
            codes[-1] = tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)
        group = []
        for tag, i1, i2, j1, j2 in codes:
            if tag == 'equal' and i2 - i1 > 2 * n:
                group.append((tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)))
                yield group
                group = []
                i1, j1 = max(i1, i2 - n), max(j1, j2 - n)
            group.append((tag, i1, i2, j1, j2))
        if group and not (len(group) == 1 and group[0][0] == 'equal'):
            yield group

    def ratio(self):
        """2.0 * matched elements / total elements, in [0, 1]."""
        matches = sum(m[-1] for m in self.get_matching_blocks())
        return _calculate_ratio(matches, len(self.a) + len(self.b))

    def quick_ratio(self):
        """An upper bound on ratio() from the element counts alone."""
        if self.fullbcount is None:
            self.fullbcount = counts = {}
            for elt in self.b:
                counts[elt] = counts.get(elt, 0) + 1
        counts = self.fullbcount
        left = {}
        matches = 0
        for elt in self.a:
            n = left[elt] if elt in left else counts.get(elt, 0)
            left[elt] = n - 1
            if n > 0:
                matches += 1
        return _calculate_ratio(matches, len(self.a) + len(self.b))

    def real_quick_ratio(self):
        """An upper bound on ratio() from the lengths alone."""
        la, lb = len(self.a), len(self.b)
        return _calculate_ratio(min(la, lb), la + lb)

    __class_getitem__ = classmethod(GenericAlias)


def get_close_matches(word, possibilities, n=3, cutoff=0.6):
    """The best (at most n) of possibilities whose ratio against word is at
    least cutoff, best first."""
    if not n > 0:
        raise ValueError("n must be > 0: %r" % (n,))
    if not 0.0 <= cutoff <= 1.0:
        raise ValueError("cutoff must be in [0.0, 1.0]: %r" % (cutoff,))
    result = []
    s = SequenceMatcher()
    s.set_seq2(word)
    for x in possibilities:
        s.set_seq1(x)
        if s.real_quick_ratio() >= cutoff and s.quick_ratio() >= cutoff and s.ratio() >= cutoff:
            result.append((s.ratio(), x))
    return [x for score, x in _nlargest(n, result)]


def _keep_original_ws(s, tags):
    """tags, with the whitespace of s kept under unchanged positions."""
    return ''.join(c if t == ' ' and c.isspace() else t for c, t in zip(s, tags))


class Differ:
    """Human-readable deltas of sequences of lines: '- ', '+ ', '  ' and
    '? ' guide lines under lines that differ a little."""

    def __init__(self, linejunk=None, charjunk=None):
        self.linejunk = linejunk
        self.charjunk = charjunk

    def compare(self, a, b):
        cruncher = SequenceMatcher(self.linejunk, a, b)
        for tag, alo, ahi, blo, bhi in cruncher.get_opcodes():
            if tag == 'replace':
                g = self._fancy_replace(a, alo, ahi, b, blo, bhi)
            elif tag == 'delete':
                g = self._dump('-', a, alo, ahi)
            elif tag == 'insert':
                g = self._dump('+', b, blo, bhi)
            elif tag == 'equal':
                g = self._dump(' ', a, alo, ahi)
            else:
                raise ValueError('unknown tag %r' % (tag,))
            yield from g

    def _dump(self, tag, x, lo, hi):
        for i in range(lo, hi):
            yield '%s %s' % (tag, x[i])

    def _plain_replace(self, a, alo, ahi, b, blo, bhi):
        # the shorter block first
        if bhi - blo < ahi - alo:
            yield from self._dump('+', b, blo, bhi)
            yield from self._dump('-', a, alo, ahi)
        else:
            yield from self._dump('-', a, alo, ahi)
            yield from self._dump('+', b, blo, bhi)

    def _fancy_replace(self, a, alo, ahi, b, blo, bhi):
        # sync on the most similar pair of lines (ratio over 0.75), else on
        # the first identical pair, else replace the block outright
        best_ratio, cutoff = 0.74, 0.75
        cruncher = SequenceMatcher(self.charjunk)
        eqi = eqj = None
        for j in range(blo, bhi):
            bj = b[j]
            cruncher.set_seq2(bj)
            for i in range(alo, ahi):
                ai = a[i]
                if ai == bj:
                    if eqi is None:
                        eqi, eqj = i, j
                    continue
                cruncher.set_seq1(ai)
                if (cruncher.real_quick_ratio() > best_ratio and cruncher.quick_ratio() > best_ratio
                        and cruncher.ratio() > best_ratio):
                    best_ratio, best_i, best_j = cruncher.ratio(), i, j
        if best_ratio < cutoff:
            if eqi is None:
                yield from self._plain_replace(a, alo, ahi, b, blo, bhi)
                return
            best_i, best_j, best_ratio = eqi, eqj, 1.0
        else:
            eqi = None
        yield from self._fancy_helper(a, alo, best_i, b, blo, best_j)
        aelt, belt = a[best_i], b[best_j]
        if eqi is None:
            atags = btags = ""
            cruncher.set_seqs(aelt, belt)
            for tag, ai1, ai2, bj1, bj2 in cruncher.get_opcodes():
                la, lb = ai2 - ai1, bj2 - bj1
                if tag == 'replace':
                    atags += '^' * la
                    btags += '^' * lb
                elif tag == 'delete':
                    atags += '-' * la
                elif tag == 'insert':
                    btags += '+' * lb
                elif tag == 'equal':
                    atags += ' ' * la
                    btags += ' ' * lb
                else:
                    raise ValueError('unknown tag %r' % (tag,))
            yield from self._qformat(aelt, belt, atags, btags)
        else:
            yield '  ' + aelt
        yield from self._fancy_helper(a, best_i + 1, ahi, b, best_j + 1, bhi)

    def _fancy_helper(self, a, alo, ahi, b, blo, bhi):
        if alo < ahi:
            if blo < bhi:
                yield from self._fancy_replace(a, alo, ahi, b, blo, bhi)
            else:
                yield from self._dump('-', a, alo, ahi)
        elif blo < bhi:
            yield from self._dump('+', b, blo, bhi)

    def _qformat(self, aline, bline, atags, btags):
        atags = _keep_original_ws(aline, atags).rstrip()
        btags = _keep_original_ws(bline, btags).rstrip()
        yield "- " + aline
        if atags:
            yield f"? {atags}\n"
        yield "+ " + bline
        if btags:
            yield f"? {btags}\n"


def IS_LINE_JUNK(line, pat=re.compile(r"\s*(?:#\s*)?$").match):
    """True for a blank line or one holding only '#'."""
    return pat(line) is not None


def IS_CHARACTER_JUNK(ch, ws=" \t"):
    """True for a space or a tab."""
    return ch in ws


def _format_range_unified(start, stop):
    beginning, length = start + 1, stop - start
    if length == 1:
        return '{}'.format(beginning)
    if not length:
        beginning -= 1
    return '{},{}'.format(beginning, length)


def _file_header(first, second, name1, name2, date1, date2, lineterm):
    d1 = '\t{}'.format(date1) if date1 else ''
    d2 = '\t{}'.format(date2) if date2 else ''
    return ['{} {}{}{}'.format(first, name1, d1, lineterm), '{} {}{}{}'.format(second, name2, d2, lineterm)]


def unified_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    """The lines of a unified diff from a to b with n lines of context."""
    _check_types(a, b, fromfile, tofile, fromfiledate, tofiledate, lineterm)
    started = False
    for group in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if not started:
            started = True
            yield from _file_header('---', '+++', fromfile, tofile, fromfiledate, tofiledate, lineterm)
        first, last = group[0], group[-1]
        yield '@@ -{} +{} @@{}'.format(_format_range_unified(first[1], last[2]),
                                       _format_range_unified(first[3], last[4]), lineterm)
        for tag, i1, i2, j1, j2 in group:
            if tag == 'equal':
                for line in a[i1:i2]:
                    yield ' ' + line
                continue
            if tag in ('replace', 'delete'):
                for line in a[i1:i2]:
                    yield '-' + line
            if tag in ('replace', 'insert'):
                for line in b[j1:j2]:
                    yield '+' + line


def _format_range_context(start, stop):
    beginning, length = start + 1, stop - start
    if not length:
        beginning -= 1
    if length <= 1:
        return '{}'.format(beginning)
    return '{},{}'.format(beginning, beginning + length - 1)


def context_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    """The lines of a context diff from a to b with n lines of context."""
    _check_types(a, b, fromfile, tofile, fromfiledate, tofiledate, lineterm)
    prefix = {'insert': '+ ', 'delete': '- ', 'replace': '! ', 'equal': '  '}
    started = False
    for group in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if not started:
            started = True
            yield from _file_header('***', '---', fromfile, tofile, fromfiledate, tofiledate, lineterm)
        first, last = group[0], group[-1]
        yield '***************' + lineterm
        yield '*** {} ****{}'.format(_format_range_context(first[1], last[2]), lineterm)
        if any(g[0] in ('replace', 'delete') for g in group):
            for tag, i1, i2, _, _ in group:
                if tag != 'insert':
                    for line in a[i1:i2]:
                        yield prefix[tag] + line
        yield '--- {} ----{}'.format(_format_range_context(first[3], last[4]), lineterm)
        if any(g[0] in ('replace', 'insert') for g in group):
            for tag, _, _, j1, j2 in group:
                if tag != 'delete':
                    for line in b[j1:j2]:
                        yield prefix[tag] + line


def _check_types(a, b, *args):
    if a and not isinstance(a[0], str):
        raise TypeError('lines to compare must be str, not %s (%r)' % (type(a[0]).__name__, a[0]))
    if b and not isinstance(b[0], str):
        raise TypeError('lines to compare must be str, not %s (%r)' % (type(b[0]).__name__, b[0]))
    for arg in args:
        if not isinstance(arg, str):
            raise TypeError('all arguments must be str, not: %r' % (arg,))


def diff_bytes(dfunc, a, b, fromfile=b'', tofile=b'', fromfiledate=b'', tofiledate=b'', n=3, lineterm=b'\n'):
    """dfunc (unified_diff or context_diff) over bytes: the lines go
    through str as ASCII with surrogateescape, and come back as bytes."""
    def decode(s):
        try:
            return s.decode('ascii', 'surrogateescape')
        except AttributeError as err:
            raise TypeError('all arguments must be bytes, not %s (%r)' % (type(s).__name__, s)) from err
    a = list(map(decode, a))
    b = list(map(decode, b))
    args = [decode(x) for x in (fromfile, tofile, fromfiledate, tofiledate)]
    for line in dfunc(a, b, *args, n, decode(lineterm)):
        yield line.encode('ascii', 'surrogateescape')


def ndiff(a, b, linejunk=None, charjunk=IS_CHARACTER_JUNK):
    """Differ(linejunk, charjunk).compare(a, b)."""
    return Differ(linejunk, charjunk).compare(a, b)


def restore(delta, which):
    """Sequence 1 or 2 of an ndiff/compare delta."""
    try:
        tag = {1: "- ", 2: "+ "}[int(which)]
    except KeyError:
        raise ValueError('unknown delta choice (must be 1 or 2): %r' % which) from None
    for line in delta:
        if line[:2] in ("  ", tag):
            yield line[2:]



# ---- side by side (HtmlDiff) ---------------------------------------------

def _mdiff(fromlines, tolines, context=None, linejunk=None, charjunk=IS_CHARACTER_JUNK):
    """(from, to, changed) line pairs for a side-by-side view: each side a
    (line number, text) with changes marked by '\0' + one of '+-^' ...
    '\1', or None when the side has no line there; with context, only
    the changes with `context` lines around them, groups split by
    (None, None, None)."""
    change_re = re.compile(r'(\++|\-+|\^+)')
    delta = ndiff(fromlines, tolines, linejunk, charjunk)
    counts = [0, 0]

    def make_line(lines, key, side):
        counts[side] += 1
        if key is None:
            return counts[side], lines.pop(0)[2:]
        if key == '?':
            text, markers = lines.pop(0), lines.pop(0)
            spans = [(m.group(1)[0], m.span()) for m in change_re.finditer(markers)]
            for k, (begin, end) in reversed(spans):
                text = text[:begin] + '\0' + k + text[begin:end] + '\1' + text[end:]
            return counts[side], text[2:]
        text = lines.pop(0)[2:] or ' '
        return counts[side], '\0' + key + text + '\1'

    def line_triples():
        # one step per look at the next four delta lines' first characters
        lines = []
        pending = 0  # from-side lines (< 0) or to-side lines (> 0) awaiting a partner
        to_fill = 0
        while True:
            while len(lines) < 4:
                lines.append(next(delta, 'X'))
            s = ''.join(line[0] for line in lines)
            if s.startswith('X'):
                to_fill = pending
            elif s.startswith('-?+?'):
                yield make_line(lines, '?', 0), make_line(lines, '?', 1), True
                continue
            elif s.startswith('--++'):
                pending -= 1
                yield make_line(lines, '-', 0), None, True
                continue
            elif s.startswith(('--?+', '--+', '- ')):
                from_line, to_line = make_line(lines, '-', 0), None
                to_fill, pending = pending - 1, 0
            elif s.startswith('-+?'):
                yield make_line(lines, None, 0), make_line(lines, '?', 1), True
                continue
            elif s.startswith('-?+'):
                yield make_line(lines, '?', 0), make_line(lines, None, 1), True
                continue
            elif s.startswith('-'):
                pending -= 1
                yield make_line(lines, '-', 0), None, True
                continue
            elif s.startswith('+--'):
                pending += 1
                yield None, make_line(lines, '+', 1), True
                continue
            elif s.startswith(('+ ', '+-')):
                from_line, to_line = None, make_line(lines, '+', 1)
                to_fill, pending = pending + 1, 0
            elif s.startswith('+'):
                pending += 1
                yield None, make_line(lines, '+', 1), True
                continue
            elif s.startswith(' '):
                yield make_line(lines[:], None, 0), make_line(lines, None, 1), False
                continue
            while to_fill < 0:
                to_fill += 1
                yield None, ('', '\n'), True
            while to_fill > 0:
                to_fill -= 1
                yield ('', '\n'), None, True
            if s.startswith('X'):
                return
            yield from_line, to_line, True

    def pairs():
        triples = line_triples()
        froms, tos = [], []
        while True:
            while not froms or not tos:
                try:
                    from_line, to_line, changed = next(triples)
                except StopIteration:
                    return
                if from_line is not None:
                    froms.append((from_line, changed))
                if to_line is not None:
                    tos.append((to_line, changed))
            from_line, from_changed = froms.pop(0)
            to_line, to_changed = tos.pop(0)
            yield from_line, to_line, from_changed or to_changed

    it = pairs()
    if context is None:
        yield from it
        return
    context += 1
    while True:
        # a ring of the last `context` pairs, until a change shows up
        index, ring = 0, [None] * context
        changed = False
        while changed is False:
            try:
                from_line, to_line, changed = next(it)
            except StopIteration:
                return
            ring[index % context] = (from_line, to_line, changed)
            index += 1
        if index > context:
            yield None, None, None
            count = context
        else:
            count = index
            index = 0
        while count:
            yield ring[index % context]
            index += 1
            count -= 1
        count = context - 1
        try:
            while count:
                from_line, to_line, changed = next(it)
                count = context - 1 if changed else count - 1
                yield from_line, to_line, changed
        except StopIteration:
            return


_FILE_TEMPLATE = """
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"
          "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">

<html>

<head>
    <meta http-equiv="Content-Type"
          content="text/html; charset=%(charset)s" />
    <title></title>
    <style type="text/css">%(styles)s
    </style>
</head>

<body>
    %(table)s%(legend)s
</body>

</html>"""

_STYLES = """
        table.diff {font-family:Courier; border:medium;}
        .diff_header {background-color:#e0e0e0}
        td.diff_header {text-align:right}
        .diff_next {background-color:#c0c0c0}
        .diff_add {background-color:#aaffaa}
        .diff_chg {background-color:#ffff77}
        .diff_sub {background-color:#ffaaaa}"""

_TABLE_TEMPLATE = """
    <table class="diff" id="difflib_chg_%(prefix)s_top"
           cellspacing="0" cellpadding="0" rules="groups" >
        <colgroup></colgroup> <colgroup></colgroup> <colgroup></colgroup>
        <colgroup></colgroup> <colgroup></colgroup> <colgroup></colgroup>
        %(header_row)s
        <tbody>
%(data_rows)s        </tbody>
    </table>"""

_LEGEND = """
    <table class="diff" summary="Legends">
        <tr> <th colspan="2"> Legends </th> </tr>
        <tr> <td> <table border="" summary="Colors">
                      <tr><th> Colors </th> </tr>
                      <tr><td class="diff_add">&nbsp;Added&nbsp;</td></tr>
                      <tr><td class="diff_chg">Changed</td> </tr>
                      <tr><td class="diff_sub">Deleted</td> </tr>
                  </table></td>
             <td> <table border="" summary="Links">
                      <tr><th colspan="2"> Links </th> </tr>
                      <tr><td>(f)irst change</td> </tr>
                      <tr><td>(n)ext change</td> </tr>
                      <tr><td>(t)op</td> </tr>
                  </table></td> </tr>
    </table>"""


class HtmlDiff(object):
    """Side-by-side HTML tables of two sequences of lines, changes
    highlighted within lines, with links from change to change."""

    _file_template = _FILE_TEMPLATE
    _styles = _STYLES
    _table_template = _TABLE_TEMPLATE
    _legend = _LEGEND
    _default_prefix = 0

    def __init__(self, tabsize=8, wrapcolumn=None, linejunk=None, charjunk=IS_CHARACTER_JUNK):
        self._tabsize = tabsize
        self._wrapcolumn = wrapcolumn
        self._linejunk = linejunk
        self._charjunk = charjunk

    def make_file(self, fromlines, tolines, fromdesc='', todesc='', context=False, numlines=5, *,
                  charset='utf-8'):
        """A whole HTML page holding make_table's table and a legend."""
        page = self._file_template % dict(
            styles=self._styles, legend=self._legend, charset=charset,
            table=self.make_table(fromlines, tolines, fromdesc, todesc, context=context, numlines=numlines))
        return page.encode(charset, 'xmlcharrefreplace').decode(charset)

    def _tab_newline_replace(self, fromlines, tolines):
        def expand(line):
            # tabs become spaces shown as tabs (later &nbsp;), real spaces stay
            line = line.replace(' ', '\0').expandtabs(self._tabsize).replace(' ', '\t')
            return line.replace('\0', ' ').rstrip('\n')
        return [expand(line) for line in fromlines], [expand(line) for line in tolines]

    def _split_line(self, data_list, line_num, text):
        if not line_num:
            data_list.append((line_num, text))
            return
        size, limit = len(text), self._wrapcolumn
        if size <= limit or size - text.count('\0') * 3 <= limit:
            data_list.append((line_num, text))
            return
        # find where `limit` visible characters end, and the mark open there
        i = n = 0
        mark = ''
        while n < limit and i < size:
            if text[i] == '\0':
                mark = text[i + 1]
                i += 2
            elif text[i] == '\1':
                mark = ''
                i += 1
            else:
                i += 1
                n += 1
        line1, line2 = text[:i], text[i:]
        if mark:
            line1 += '\1'
            line2 = '\0' + mark + line2
        data_list.append((line_num, line1))
        self._split_line(data_list, '>', line2)

    def _line_wrapper(self, diffs):
        for fromdata, todata, flag in diffs:
            if flag is None:
                yield fromdata, todata, flag
                continue
            (fromline, fromtext), (toline, totext) = fromdata, todata
            fromlist, tolist = [], []
            self._split_line(fromlist, fromline, fromtext)
            self._split_line(tolist, toline, totext)
            while fromlist or tolist:
                fromdata = fromlist.pop(0) if fromlist else ('', ' ')
                todata = tolist.pop(0) if tolist else ('', ' ')
                yield fromdata, todata, flag

    def _collect_lines(self, diffs):
        fromlist, tolist, flaglist = [], [], []
        for fromdata, todata, flag in diffs:
            if fromdata is None or todata is None:
                fromlist.append(None)
                tolist.append(None)
            else:
                fromlist.append(self._format_line(0, flag, *fromdata))
                tolist.append(self._format_line(1, flag, *todata))
            flaglist.append(flag)
        return fromlist, tolist, flaglist

    def _format_line(self, side, flag, linenum, text):
        if isinstance(linenum, int):
            linenum = '%d' % linenum
            anchor = ' id="%s%s"' % (self._prefix[side], linenum)
        else:
            anchor = ''
        text = text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
        text = text.replace(' ', '&nbsp;').rstrip()
        return '<td class="diff_header"%s>%s</td><td nowrap="nowrap">%s</td>' % (anchor, linenum, text)

    def _make_prefix(self):
        n = HtmlDiff._default_prefix
        HtmlDiff._default_prefix += 1
        self._prefix = ["from%d_" % n, "to%d_" % n]

    def _convert_flags(self, fromlist, tolist, flaglist, context, numlines):
        toprefix = self._prefix[1]
        next_id = [''] * len(flaglist)
        next_href = [''] * len(flaglist)
        num_chg, in_change, last = 0, False, 0
        for i, flag in enumerate(flaglist):
            if flag:
                if not in_change:
                    in_change = True
                    last = i
                    next_id[max(0, i - numlines)] = ' id="difflib_chg_%s_%d"' % (toprefix, num_chg)
                    num_chg += 1
                    next_href[last] = '<a href="#difflib_chg_%s_%d">n</a>' % (toprefix, num_chg)
            else:
                in_change = False
        if not flaglist:
            flaglist, next_id, next_href, last = [False], [''], [''], 0
            if context:
                fromlist = tolist = ['<td></td><td>&nbsp;No Differences Found&nbsp;</td>']
            else:
                fromlist = tolist = ['<td></td><td>&nbsp;Empty File&nbsp;</td>']
        if not flaglist[0]:
            next_href[0] = '<a href="#difflib_chg_%s_0">f</a>' % toprefix
        next_href[last] = '<a href="#difflib_chg_%s_top">t</a>' % toprefix
        return fromlist, tolist, flaglist, next_href, next_id

    def make_table(self, fromlines, tolines, fromdesc='', todesc='', context=False, numlines=5):
        """The HTML table (no page around it) of the side-by-side diff;
        with context, only changes and numlines lines around them."""
        self._make_prefix()
        fromlines, tolines = self._tab_newline_replace(fromlines, tolines)
        diffs = _mdiff(fromlines, tolines, numlines if context else None, linejunk=self._linejunk,
                       charjunk=self._charjunk)
        if self._wrapcolumn:
            diffs = self._line_wrapper(diffs)
        fromlist, tolist, flaglist = self._collect_lines(diffs)
        fromlist, tolist, flaglist, next_href, next_id = self._convert_flags(fromlist, tolist, flaglist, context,
                                                                             numlines)
        rows = []
        row = ('            <tr><td class="diff_next"%s>%s</td>%s'
               '<td class="diff_next">%s</td>%s</tr>\n')
        for i, flag in enumerate(flaglist):
            if flag is None:
                if i > 0:  # the separator before the first group is not shown
                    rows.append('        </tbody>        \n        <tbody>\n')
            else:
                rows.append(row % (next_id[i], next_href[i], fromlist[i], next_href[i], tolist[i]))
        if fromdesc or todesc:
            header_row = '<thead><tr>%s%s%s%s</tr></thead>' % (
                '<th class="diff_next"><br /></th>',
                '<th colspan="2" class="diff_header">%s</th>' % fromdesc,
                '<th class="diff_next"><br /></th>',
                '<th colspan="2" class="diff_header">%s</th>' % todesc)
        else:
            header_row = ''
        table = self._table_template % dict(data_rows=''.join(rows), header_row=header_row,
                                            prefix=self._prefix[1])
        return (table.replace('\0+', '<span class="diff_add">').replace('\0-', '<span class="diff_sub">')
                .replace('\0^', '<span class="diff_chg">').replace('\1', '</span>').replace('\t', '&nbsp;'))
