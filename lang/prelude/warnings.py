"""warnings: Python's warning filters and output, for the warnings a cell
raises and for PyTorch's (lang/torch/torch_warn.c hands those to _warn_at).

As Python 3.11's module: the same filters list and default filters, the
same actions, a registry per module that forgets what it has shown when
the filters change, catch_warnings (record=True too), showwarning and
formatwarning as replaceable hooks. Filters keep their patterns as
strings; _warnings.match reads them (POSIX extended syntax, with \\d)."""
import sys

import _warnings

__all__ = ["warn", "warn_explicit", "showwarning", "formatwarning", "filterwarnings", "simplefilter",
           "resetwarnings", "catch_warnings"]

_ACTIONS = ("error", "ignore", "always", "default", "module", "once")

filters = []
defaultaction = "default"
onceregistry = {}
_filters_version = 1
_registries = {}   # module name -> that module's __warningregistry__
# (filename, lineno) -> the source line: what linecache gives Python's
# formatting, for the lines warnings were raised from.
_lines = {}


def _filters_mutated():
    global _filters_version
    _filters_version += 1


class WarningMessage(object):
    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, line : %r}"
                % (self.message, self._category_name, self.filename, self.lineno, self.line))


def _formatwarnmsg_impl(msg):
    text = "%s:%s: %s: %s\n" % (msg.filename, msg.lineno, msg.category.__name__, msg.message)
    line = msg.line if msg.line is not None else _lines.get((msg.filename, msg.lineno))
    if line:
        line = line.strip()
        if line:
            text += "  %s\n" % line
    if msg.source is not None:  # where the object was made needs tracemalloc, which is not here
        text += "%s: Enable tracemalloc to get the object allocation traceback\n" % msg.category.__name__
    return text


def formatwarning(message, category, filename, lineno, line=None):
    """Function to format a warning the standard way."""
    return _formatwarnmsg_impl(WarningMessage(message, category, filename, lineno, None, line))


_formatwarning_orig = formatwarning


def _formatwarnmsg(msg):
    if formatwarning is not _formatwarning_orig:
        return formatwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.line)
    return _formatwarnmsg_impl(msg)


def _showwarnmsg_impl(msg):
    file = msg.file if msg.file is not None else sys.stderr
    try:
        file.write(_formatwarnmsg(msg))
    except OSError:
        pass


def showwarning(message, category, filename, lineno, file=None, line=None):
    """Hook to write a warning to a file; replace if you like."""
    _showwarnmsg_impl(WarningMessage(message, category, filename, lineno, file, line))


_showwarning_orig = showwarning


def _showwarnmsg(msg):
    if showwarning is not _showwarning_orig:
        if not callable(showwarning):
            raise TypeError("warnings.showwarning() must be set to a function or method")
        showwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)
        return
    _showwarnmsg_impl(msg)


def _add_filter(item, append):
    # A filter added again moves to the front (or stays, when appended).
    if not append:
        if item in filters:
            filters.remove(item)
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _filters_mutated()


def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    """Insert an entry into the list of warnings filters (at the front).

    'action' -- one of "error", "ignore", "always", "default", "module",
                or "once"
    'message' -- a regex that the warning message must match
    'category' -- a class that the warning must be a subclass of
    'module' -- a regex that the module name must match
    'lineno' -- an integer line number, 0 matches all warnings
    'append' -- if true, append to the list of filters
    """
    assert action in _ACTIONS, "invalid action: %r" % (action,)
    assert isinstance(message, str), "message must be a string"
    assert isinstance(category, type), "category must be a class"
    assert issubclass(category, Warning), "category must be a Warning subclass"
    assert isinstance(module, str), "module must be a string"
    assert isinstance(lineno, int) and lineno >= 0, "lineno must be an int >= 0"
    for pattern in (message, module):
        if pattern:
            _warnings.match(pattern, "")   # a bad pattern fails here, as re.compile
    _add_filter((action, message or None, category, module or None, lineno), append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    """Insert a simple entry into the list of warnings filters (at the front).

    A simple filter matches all modules and messages.
    'action' -- one of "error", "ignore", "always", "default", "module",
                or "once"
    'category' -- a class that the warning must be a subclass of
    'lineno' -- an integer line number, 0 matches all warnings
    'append' -- if true, append to the list of filters
    """
    assert action in _ACTIONS, "invalid action: %r" % (action,)
    assert isinstance(lineno, int) and lineno >= 0, "lineno must be an int >= 0"
    _add_filter((action, None, category, None, lineno), append)


def resetwarnings():
    """Clear the list of warning filters, so that no filters are active."""
    filters[:] = []
    _filters_mutated()


def _action_for(text, category, module, lineno):
    for item in filters:
        action, msg, cat, mod, ln = item
        if ((msg is None or _warnings.match(msg, text)) and issubclass(category, cat)
                and (mod is None or _warnings.match(mod, module)) and (ln == 0 or lineno == ln)):
            return action, item
    return defaultaction, None


def _warn_at(message, category, filename, lineno, module, line, registry=None, source=None):
    """warn_explicit with the source line of the place, when known: what
    warn and PyTorch's own warnings call."""
    lineno = int(lineno)
    if module is None:
        module = filename or "<unknown>"
        if module[-3:].lower() == ".py":
            module = module[:-3]
    if registry is None:
        registry = _registries.setdefault(module, {})
    if registry.get("version", 0) != _filters_version:
        registry.clear()
        registry["version"] = _filters_version
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    if registry.get(key):
        return
    action, item = _action_for(text, category, module, lineno)
    if action == "ignore":
        return
    if action == "error":
        raise message
    if action == "once":
        registry[key] = 1
        if onceregistry.get((text, category)):
            return
        onceregistry[(text, category)] = 1
    elif action == "module":
        registry[key] = 1
        if registry.get((text, category, 0)):
            return
        registry[(text, category, 0)] = 1
    elif action == "default":
        registry[key] = 1
    elif action != "always":
        raise RuntimeError("Unrecognized action (%r) in warnings.filters:\n %s" % (action, item))
    if line is not None:
        _lines[(filename, lineno)] = line
    _showwarnmsg(WarningMessage(message, category, filename, lineno, source=source))


def warn(message, category=None, stacklevel=1, source=None):
    """Issue a warning, or maybe ignore it or raise an exception."""
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '{:s}'".format(type(category).__name__))
    where = _warnings.caller(stacklevel)
    if where is None:
        filename, lineno, module, line = "sys", 1, "sys", None
    else:
        filename, lineno, module, line = where
    _warn_at(message, category, filename, lineno, module, line, source=source)


def warn_explicit(message, category, filename, lineno, module=None, registry=None, module_globals=None,
                  source=None):
    """Low-level interface to warnings functionality."""
    _warn_at(message, category, filename, lineno, module, None, registry)


class catch_warnings(object):
    """A context manager that copies and restores the warnings filter upon
    exiting the context.

    The 'record' argument specifies whether warnings should be captured by a
    custom implementation of warnings.showwarning() and be appended to a list
    returned by the context manager. Otherwise None is returned by the context
    manager. The objects appended to the list are arguments whose attributes
    mirror the arguments to showwarning().

    If the 'action' argument is not None, the remaining arguments are passed
    to warnings.simplefilter() as if it were called immediately on entering the
    context.
    """

    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0, append=False):
        self._record = record
        self._entered = False
        self._filter = None if action is None else (action, category, lineno, append)

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, "record=True" if self._record else "")

    def __enter__(self):
        global filters, showwarning, _showwarnmsg_impl
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % self)
        self._entered = True
        self._filters = filters
        filters = filters[:]
        _filters_mutated()
        self._showwarning = showwarning
        self._showwarnmsg_impl = _showwarnmsg_impl
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []
            _showwarnmsg_impl = log.append
            showwarning = _showwarning_orig
            return log
        return None

    def __exit__(self, *exc_info):
        global filters, showwarning, _showwarnmsg_impl
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        filters = self._filters
        _filters_mutated()
        showwarning = self._showwarning
        _showwarnmsg_impl = self._showwarnmsg_impl


filterwarnings("default", category=DeprecationWarning, module="__main__", append=1)
simplefilter("ignore", category=DeprecationWarning, append=1)
simplefilter("ignore", category=PendingDeprecationWarning, append=1)
simplefilter("ignore", category=ImportWarning, append=1)
simplefilter("ignore", category=ResourceWarning, append=1)
