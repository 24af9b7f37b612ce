"""Extracting, formatting and printing stack traces, as CPython 3.11's
traceback module does.

The text is the runtime's own (the one an uncaught exception prints): the
columns of a traceback entry come from the runtime (`tb._cg_position`), so
the `^^^^` and `~~~^^^` lines sit where CPython 3.11 draws them. Frames
taken from a running stack (extract_stack) know their line, not the
expression within it, and print without carets."""
import collections
import collections.abc
import itertools
import linecache
import sys
import textwrap
from contextlib import suppress

__all__ = ['extract_stack', 'extract_tb', 'format_exception',
           'format_exception_only', 'format_list', 'format_stack',
           'format_tb', 'print_exc', 'format_exc', 'print_exception',
           'print_last', 'print_stack', 'print_tb', 'clear_frames',
           'FrameSummary', 'StackSummary', 'TracebackException',
           'walk_stack', 'walk_tb']

_RECURSIVE_CUTOFF = 3  # frames printed before "[Previous line repeated ...]"

_cause_message = ("\nThe above exception was the direct cause "
                  "of the following exception:\n\n")
_context_message = ("\nDuring handling of the above exception, "
                    "another exception occurred:\n\n")


class _Sentinel:
    def __repr__(self):
        return "<implicit>"


_sentinel = _Sentinel()


def _parse_value_tb(exc, value, tb):
    if (value is _sentinel) != (tb is _sentinel):
        raise ValueError("Both or neither of value and tb must be given")
    if value is tb is _sentinel:
        if exc is not None:
            if isinstance(exc, BaseException):
                return exc, exc.__traceback__
            raise TypeError(f'Exception expected for value, '
                            f'{type(exc).__name__} found')
        return None, None
    return value, tb


def _file(file):
    return sys.stderr if file is None else file


# ---- lists of frames --------------------------------------------------------

def print_list(extracted_list, file=None):
    """Prints what extract_tb or extract_stack returned."""
    for item in StackSummary.from_list(extracted_list).format():
        print(item, file=_file(file), end="")


def format_list(extracted_list):
    """The lines print_list would print, one string per frame."""
    return StackSummary.from_list(extracted_list).format()


def print_tb(tb, limit=None, file=None):
    print_list(extract_tb(tb, limit=limit), file=file)


def format_tb(tb, limit=None):
    return extract_tb(tb, limit=limit).format()


def extract_tb(tb, limit=None):
    """The frames of a traceback object as a StackSummary."""
    return StackSummary._extract_from_extended_frame_gen(_walk_tb_with_position(tb), limit=limit)


# ---- exceptions -------------------------------------------------------------

def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):
    """Prints the exception with its traceback (and its causes) as an
    uncaught one is printed."""
    value, tb = _parse_value_tb(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit, compact=True)
    te.print(file=file, chain=chain)


def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, chain=True):
    """The lines print_exception would print, each ending in a newline."""
    value, tb = _parse_value_tb(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit, compact=True)
    return list(te.format(chain=chain))


def format_exception_only(exc, /, value=_sentinel):
    """The last lines of a traceback: 'ValueError: message' (and a
    SyntaxError's place, the exception's notes)."""
    if value is _sentinel:
        value = exc
    te = TracebackException(type(value), value, None, compact=True)
    return list(te.format_exception_only())


def _format_final_exc_line(etype, value):
    valuestr = _safe_string(value, 'exception')
    if value is None or not valuestr:
        return "%s\n" % etype
    return "%s: %s\n" % (etype, valuestr)


def _safe_string(value, what, func=str):
    try:
        return func(value)
    except Exception:
        return f'<{what} {func.__name__}() failed>'


def print_exc(limit=None, file=None, chain=True):
    """print_exception of the exception being handled."""
    print_exception(*sys.exc_info(), limit=limit, file=file, chain=chain)


def format_exc(limit=None, chain=True):
    """print_exc's text as one string."""
    return "".join(format_exception(*sys.exc_info(), limit=limit, chain=chain))


def print_last(limit=None, file=None, chain=True):
    """print_exception of the last uncaught exception (sys.last_value)."""
    if not hasattr(sys, "last_type"):
        raise ValueError("no last exception")
    print_exception(sys.last_type, sys.last_value, sys.last_traceback, limit, file, chain)


# ---- the running stack ------------------------------------------------------

def print_stack(f=None, limit=None, file=None):
    """Prints the calls that led here (or to frame f)."""
    if f is None:
        f = sys._getframe().f_back
    print_list(extract_stack(f, limit=limit), file=file)


def format_stack(f=None, limit=None):
    if f is None:
        f = sys._getframe().f_back
    return format_list(extract_stack(f, limit=limit))


def extract_stack(f=None, limit=None):
    """The calls that led here (or to frame f), outermost first."""
    if f is None:
        f = sys._getframe().f_back
    stack = StackSummary.extract(walk_stack(f), limit=limit)
    stack.reverse()
    return stack


def clear_frames(tb):
    """Clears the locals of every frame of a traceback."""
    while tb is not None:
        try:
            tb.tb_frame.clear()
        except RuntimeError:
            pass
        tb = tb.tb_next


class FrameSummary:
    """One frame of a stack or traceback: filename, lineno, name, line
    (the source line, stripped), locals (reprs, when captured)."""

    __slots__ = ('filename', 'lineno', 'end_lineno', 'colno', 'end_colno',
                 'name', '_line', 'locals', '_anchors')

    def __init__(self, filename, lineno, name, *, lookup_line=True,
                 locals=None, line=None,
                 end_lineno=None, colno=None, end_colno=None):
        self.filename = filename
        self.lineno = lineno
        self.end_lineno = end_lineno
        self.colno = colno
        self.end_colno = end_colno
        self.name = name
        self._line = line
        self._anchors = None
        if lookup_line:
            self.line
        self.locals = {k: _safe_string(v, 'local', func=repr)
                       for k, v in locals.items()} if locals else None

    def __eq__(self, other):
        if isinstance(other, FrameSummary):
            return (self.filename == other.filename and
                    self.lineno == other.lineno and
                    self.name == other.name and
                    self.locals == other.locals)
        if isinstance(other, tuple):
            return (self.filename, self.lineno, self.name, self.line) == other
        return NotImplemented

    def __getitem__(self, pos):
        return (self.filename, self.lineno, self.name, self.line)[pos]

    def __iter__(self):
        return iter([self.filename, self.lineno, self.name, self.line])

    def __repr__(self):
        return "<FrameSummary file {filename}, line {lineno} in {name}>".format(
            filename=self.filename, lineno=self.lineno, name=self.name)

    def __len__(self):
        return 4

    @property
    def _original_line(self):
        self.line
        return self._line

    @property
    def line(self):
        if self._line is None:
            if self.lineno is None:
                return None
            self._line = linecache.getline(self.filename, self.lineno)
        return self._line.strip()


def walk_stack(f):
    """Yields (frame, line) from frame f (the caller's when None) out to
    the outermost."""
    if f is None:
        f = sys._getframe().f_back.f_back.f_back.f_back
    while f is not None:
        yield f, f.f_lineno
        f = f.f_back


def walk_tb(tb):
    """Yields (frame, line) for each entry of a traceback, outermost
    first."""
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


def _walk_tb_with_position(tb):
    while tb is not None:
        yield tb.tb_frame, (tb.tb_lineno, getattr(tb, '_cg_position', None))
        tb = tb.tb_next


def _byte_offset_to_character_offset(text, offset):
    return len(text.encode('utf-8')[:offset].decode('utf-8', errors='replace'))


class StackSummary(list):
    """A list of FrameSummary objects that formats as a traceback."""

    @classmethod
    def extract(klass, frame_gen, *, limit=None, lookup_lines=True, capture_locals=False):
        """Summarizes (frame, lineno) pairs, as walk_stack and walk_tb
        yield them."""
        def extended():
            for f, lineno in frame_gen:
                yield f, (lineno, None)
        return klass._extract_from_extended_frame_gen(
            extended(), limit=limit, lookup_lines=lookup_lines, capture_locals=capture_locals)

    @classmethod
    def _extract_from_extended_frame_gen(klass, frame_gen, *, limit=None,
                                         lookup_lines=True, capture_locals=False):
        if limit is None:
            limit = getattr(sys, 'tracebacklimit', None)
            if limit is not None and limit < 0:
                limit = 0
        if limit is not None:
            if limit >= 0:
                frame_gen = itertools.islice(frame_gen, limit)
            else:
                frame_gen = list(frame_gen)[limit:]
        result = klass()
        fnames = set()
        for f, (lineno, position) in frame_gen:
            co = f.f_code
            filename = co.co_filename
            name = co.co_name
            fnames.add(filename)
            linecache.lazycache(filename, f.f_globals)
            f_locals = f.f_locals if capture_locals else None
            colno = end_colno = None
            line = None
            anchors = None
            if position is not None:
                col, end, left, right, text = position
                if text is not None and col >= 0:
                    line = text
                    colno = col
                    end_colno = end if end >= 0 else None
                    if end >= 0 and left >= 0:
                        anchors = (left, right)
            fs = FrameSummary(filename, lineno, name, lookup_line=False, locals=f_locals,
                              line=line, end_lineno=lineno if colno is not None else None,
                              colno=colno, end_colno=end_colno)
            fs._anchors = anchors
            result.append(fs)
        for filename in fnames:
            linecache.checkcache(filename)
        if lookup_lines:
            for f in result:
                f.line
        return result

    @classmethod
    def from_list(klass, a_list):
        """A StackSummary of FrameSummary objects or 4-tuples."""
        result = StackSummary()
        for frame in a_list:
            if isinstance(frame, FrameSummary):
                result.append(frame)
            else:
                filename, lineno, name, line = frame
                result.append(FrameSummary(filename, lineno, name, line=line))
        return result

    def format_frame_summary(self, frame_summary):
        """The lines of one frame: where, the source line, the carets."""
        row = []
        row.append('  File "{}", line {}, in {}\n'.format(
            frame_summary.filename, frame_summary.lineno, frame_summary.name))
        if frame_summary.line:
            stripped_line = frame_summary.line.strip()
            row.append('    {}\n'.format(stripped_line))
            row.extend(_carets(frame_summary, stripped_line))
        if frame_summary.locals:
            for name, value in sorted(frame_summary.locals.items()):
                row.append('    {name} = {value}\n'.format(name=name, value=value))
        return ''.join(row)

    def format(self):
        """One string per frame (runs of the same frame cut after three,
        as CPython prints recursion)."""
        result = []
        last_file = last_line = last_name = None
        count = 0
        for frame_summary in self:
            formatted = self.format_frame_summary(frame_summary)
            if formatted is None:
                continue
            if (last_file is None or last_file != frame_summary.filename or
                    last_line is None or last_line != frame_summary.lineno or
                    last_name is None or last_name != frame_summary.name):
                if count > _RECURSIVE_CUTOFF:
                    count -= _RECURSIVE_CUTOFF
                    result.append(
                        f'  [Previous line repeated {count} more '
                        f'time{"s" if count > 1 else ""}]\n')
                last_file = frame_summary.filename
                last_line = frame_summary.lineno
                last_name = frame_summary.name
                count = 0
            count += 1
            if count > _RECURSIVE_CUTOFF:
                continue
            result.append(formatted)
        if count > _RECURSIVE_CUTOFF:
            count -= _RECURSIVE_CUTOFF
            result.append(
                f'  [Previous line repeated {count} more '
                f'time{"s" if count > 1 else ""}]\n')
        return result


def _carets(fs, stripped_line):
    """The caret line under a frame's source line, or nothing: the
    runtime's columns are UTF-8 offsets into the original line."""
    if fs.colno is None:
        return []
    original = fs._original_line
    if original is None:
        return []
    # CPython counts the line's newline among the characters stripped
    full = original if original.endswith('\n') else original + '\n'
    line_len = len(full.strip())
    stripped_characters = len(full) - line_len
    start = _byte_offset_to_character_offset(original, fs.colno) + 1
    if fs.end_colno is not None:
        end = _byte_offset_to_character_offset(original, fs.end_colno) + 1
    else:
        end = stripped_characters + line_len
    anchors = fs._anchors
    if anchors is not None:
        segment = original.encode('utf-8')[fs.colno:]
        left = len(segment[:anchors[0]].decode('utf-8', errors='replace'))
        right = len(segment[:anchors[1]].decode('utf-8', errors='replace'))
    if not (end - start < line_len or (anchors is not None and right - left > 0)):
        return []
    row = ['    ', ' ' * (start - stripped_characters)]
    if anchors is not None:
        row.append('~' * left)
        row.append('^' * (right - left))
        row.append('~' * (end - start - right))
    else:
        row.append('^' * (end - start))
    row.append('\n')
    return [''.join(row)]


class _Boxes:
    """Where format() is in the boxes of exception groups: each line
    inside gets the indent of its depth and a margin."""

    def __init__(self):
        self.depth = 0
        self.need_close = False

    def indent(self):
        return '  ' * self.depth

    def emit(self, lines, margin='|'):
        if isinstance(lines, str):
            lines = [lines]
        prefix = self.indent() + margin + ' ' if self.depth else ''
        for text in lines:
            if prefix:
                text = ''.join(prefix + line for line in text.splitlines(True))
            yield text


class TracebackException:
    """An exception made ready for printing: its stack as a StackSummary,
    its type and text, what caused it (__cause__ and __context__ as
    TracebackExceptions) and its notes. format() gives the lines."""

    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None,
                 lookup_lines=True, capture_locals=False, compact=False,
                 max_group_width=15, max_group_depth=10, _seen=None):
        is_recursive_call = _seen is not None
        if _seen is None:
            _seen = set()
        _seen.add(id(exc_value))
        self.stack = StackSummary._extract_from_extended_frame_gen(
            _walk_tb_with_position(exc_traceback),
            limit=limit, lookup_lines=lookup_lines, capture_locals=capture_locals)
        self.exc_type = exc_type
        self._str = _safe_string(exc_value, 'exception')
        self.__notes__ = getattr(exc_value, '__notes__', None)
        if exc_type and issubclass(exc_type, SyntaxError):
            self.filename = exc_value.filename
            lno = exc_value.lineno
            self.lineno = str(lno) if lno is not None else None
            end_lno = getattr(exc_value, 'end_lineno', None)
            self.end_lineno = str(end_lno) if end_lno is not None else None
            self.text = exc_value.text
            self.offset = exc_value.offset
            self.end_offset = getattr(exc_value, 'end_offset', None)
            self.msg = exc_value.msg
        if lookup_lines:
            self._load_lines()
        self.__suppress_context__ = exc_value.__suppress_context__ if exc_value is not None else False
        self.__cause__ = None
        self.__context__ = None
        self.exceptions = None
        self.max_group_width = max_group_width
        self.max_group_depth = max_group_depth
        if not is_recursive_call:
            queue = [(self, exc_value)]
            while queue:
                te, e = queue.pop()
                if e is not None and e.__cause__ is not None and id(e.__cause__) not in _seen:
                    cause = TracebackException(
                        type(e.__cause__), e.__cause__, e.__cause__.__traceback__,
                        limit=limit, lookup_lines=lookup_lines, capture_locals=capture_locals,
                        _seen=_seen)
                else:
                    cause = None
                if compact:
                    need_context = cause is None and e is not None and not e.__suppress_context__
                else:
                    need_context = True
                if (e is not None and e.__context__ is not None and need_context
                        and id(e.__context__) not in _seen):
                    context = TracebackException(
                        type(e.__context__), e.__context__, e.__context__.__traceback__,
                        limit=limit, lookup_lines=lookup_lines, capture_locals=capture_locals,
                        _seen=_seen)
                else:
                    context = None
                if e is not None and isinstance(e, BaseExceptionGroup):
                    te.exceptions = []
                    for sub in e.exceptions:
                        te.exceptions.append(TracebackException(
                            type(sub), sub, sub.__traceback__, limit=limit, lookup_lines=lookup_lines,
                            capture_locals=capture_locals, max_group_width=max_group_width,
                            max_group_depth=max_group_depth, _seen=_seen))
                        queue.append((te.exceptions[-1], sub))
                te.__cause__ = cause
                te.__context__ = context
                if cause:
                    queue.append((te.__cause__, e.__cause__))
                if context:
                    queue.append((te.__context__, e.__context__))

    @classmethod
    def from_exception(cls, exc, *args, **kwargs):
        """A TracebackException of an exception object."""
        return cls(type(exc), exc, exc.__traceback__, *args, **kwargs)

    def _load_lines(self):
        for frame in self.stack:
            frame.line

    def __eq__(self, other):
        if isinstance(other, TracebackException):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __str__(self):
        return self._str

    def format_exception_only(self):
        """The exception's last lines: its type and text, a SyntaxError's
        place, its notes."""
        if self.exc_type is None:
            yield _format_final_exc_line(None, self._str)
            return
        stype = self.exc_type.__qualname__
        smod = self.exc_type.__module__
        if smod not in ("__main__", "builtins"):
            if not isinstance(smod, str):
                smod = "<unknown>"
            stype = smod + '.' + stype
        if not issubclass(self.exc_type, SyntaxError):
            yield _format_final_exc_line(stype, self._str)
        else:
            yield from self._format_syntax_error(stype)
        if isinstance(self.__notes__, collections.abc.Sequence) and not isinstance(self.__notes__, (str, bytes)):
            for note in self.__notes__:
                note = _safe_string(note, 'note')
                yield '{}\n'.format(note)
        elif self.__notes__ is not None:
            yield '{}\n'.format(_safe_string(self.__notes__, '__notes__', func=repr))

    def _format_syntax_error(self, stype):
        filename_suffix = ''
        if self.lineno is not None:
            yield '  File "{}", line {}\n'.format(self.filename or "<string>", self.lineno)
        elif self.filename is not None:
            filename_suffix = ' ({})'.format(self.filename)
        text = self.text
        if text is not None:
            rtext = text.rstrip('\n')
            ltext = rtext.lstrip(' \n\f')
            spaces = len(rtext) - len(ltext)
            yield '    {}\n'.format(ltext)
            if self.offset is not None:
                offset = self.offset
                end_offset = self.end_offset if self.end_offset not in {None, 0} else offset
                if offset == end_offset or end_offset == -1:
                    end_offset = offset + 1
                colno = offset - 1 - spaces
                end_colno = end_offset - 1 - spaces
                if colno >= 0:
                    caretspace = ((c if c.isspace() else ' ') for c in ltext[:colno])
                    yield '    {}{}\n'.format("".join(caretspace), ('^' * (end_colno - colno)))
        msg = self.msg or "<no detail available>"
        yield "{}: {}{}\n".format(stype, msg, filename_suffix)

    def format(self, *, chain=True, _ctx=None):
        """The lines of the printed traceback, causes first."""
        output = []
        exc = self
        if chain:
            while exc:
                if exc.__cause__ is not None:
                    chained_msg = _cause_message
                    chained_exc = exc.__cause__
                elif exc.__context__ is not None and not exc.__suppress_context__:
                    chained_msg = _context_message
                    chained_exc = exc.__context__
                else:
                    chained_msg = None
                    chained_exc = None
                output.append((chained_msg, exc))
                exc = chained_exc
        else:
            output.append((None, exc))
        if _ctx is None:
            _ctx = _Boxes()
        for msg, exc in reversed(output):
            if msg is not None:
                yield from _ctx.emit(msg)
            if exc.exceptions is None:
                if exc.stack:
                    yield from _ctx.emit('Traceback (most recent call last):\n')
                    yield from _ctx.emit(exc.stack.format())
                yield from _ctx.emit(exc.format_exception_only())
            elif _ctx.depth > self.max_group_depth:
                yield from _ctx.emit(f"... (max_group_depth is {self.max_group_depth})\n")
            else:
                yield from exc._format_group(chain, _ctx)

    def _format_group(self, chain, ctx):
        # see Note [Printing exception groups] in lang/runtime/traceback.c
        toplevel = ctx.depth == 0
        if toplevel:
            ctx.depth += 1
        if self.stack:
            yield from ctx.emit('Exception Group Traceback (most recent call last):\n', '+' if toplevel else '|')
            yield from ctx.emit(self.stack.format())
        yield from ctx.emit(self.format_exception_only())
        width = self.max_group_width
        count = len(self.exceptions)
        shown = count if count <= width else width + 1
        ctx.need_close = False
        for i in range(shown):
            last = i == shown - 1
            if last:
                ctx.need_close = True
            cut = i >= width
            title = '...' if cut else str(i + 1)
            yield ctx.indent() + ('+-' if i == 0 else '  ') + f'+---------------- {title} ----------------\n'
            ctx.depth += 1
            if cut:
                more = count - width
                yield from ctx.emit(f"and {more} more exception{'s' if more > 1 else ''}\n")
            else:
                yield from self.exceptions[i].format(chain=chain, _ctx=ctx)
            if last and ctx.need_close:
                yield ctx.indent() + '+------------------------------------\n'
                ctx.need_close = False
            ctx.depth -= 1
        if toplevel:
            ctx.depth = 0

    def print(self, *, file=None, chain=True):
        """Prints format()'s lines to file (sys.stderr)."""
        for line in self.format(chain=chain):
            print(line, file=_file(file), end="")
