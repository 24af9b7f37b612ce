"""Lines of source files, read once and kept, for traceback, inspect and
warnings.

cache maps a filename to (size, mtime, lines, fullname) as CPython's does;
an entry whose mtime is None was not read from disk (a cell's source, a
lazily loaded module's) and checkcache leaves it alone. A notebook cell's
lines ("<cell 3>") come from the source the runtime kept when it ran."""
import functools
import os
import sys

__all__ = ["getline", "clearcache", "checkcache", "lazycache"]

cache = {}


def clearcache():
    """Forget every file's lines."""
    cache.clear()


def getline(filename, lineno, module_globals=None):
    """Line `lineno` (from 1) of the file, with its newline; '' when there
    is none."""
    lines = getlines(filename, module_globals)
    if 1 <= lineno <= len(lines):
        return lines[lineno - 1]
    return ''


def getlines(filename, module_globals=None):
    """Every line of the file, read now or from the cache; [] when it
    cannot be read."""
    if filename in cache:
        entry = cache[filename]
        if len(entry) != 1:
            return cache[filename][2]
    try:
        return updatecache(filename, module_globals)
    except MemoryError:
        clearcache()
        return []


def checkcache(filename=None):
    """Drops the entries of files that changed on disk (all files, or
    the one named)."""
    if filename is None:
        filenames = list(cache.keys())
    elif filename in cache:
        filenames = [filename]
    else:
        return
    for name in filenames:
        entry = cache[name]
        if len(entry) == 1:
            continue
        size, mtime, lines, fullname = entry
        if mtime is None:
            continue
        try:
            st = os.stat(fullname)
        except OSError:
            cache.pop(name, None)
            continue
        if size != st.st_size or mtime != st.st_mtime:
            cache.pop(name, None)


def _split(text):
    lines = text.splitlines(True)
    if lines and not lines[-1].endswith('\n'):
        lines[-1] += '\n'
    return lines


def updatecache(filename, module_globals=None):
    """Reads the file again and caches its lines; [] when it cannot."""
    if filename in cache:
        if len(cache[filename]) != 1:
            cache.pop(filename, None)
    if not filename or (filename.startswith('<') and filename.endswith('>')):
        text = sys._cell_sources.get(filename)
        if text is None:
            if lazycache(filename, module_globals):
                return _load_lazy(filename)
            return []
        lines = _split(text)
        cache[filename] = (len(text), None, lines, filename)
        return lines
    fullname = filename
    try:
        st = os.stat(fullname)
    except OSError:
        basename = filename
        if lazycache(filename, module_globals):
            lines = _load_lazy(filename)
            if lines:
                return lines
        if os.path.isabs(filename):
            return []
        for dirname in sys.path:
            try:
                fullname = os.path.join(dirname or os.curdir, basename)
            except (TypeError, AttributeError):
                continue
            try:
                st = os.stat(fullname)
                break
            except OSError:
                pass
        else:
            return []
    try:
        with open(fullname, 'rb') as fp:
            data = fp.read()
    except OSError:
        return []
    try:
        text = data.decode('utf-8')
    except UnicodeDecodeError:
        text = data.decode('latin-1')
    lines = _split(text)
    cache[filename] = (st.st_size, st.st_mtime, lines, fullname)
    return lines


def _load_lazy(filename):
    entry = cache.get(filename)
    if entry is None or len(entry) != 1:
        return []
    try:
        data = entry[0]()
    except (ImportError, OSError):
        data = None
    if data is None:
        cache.pop(filename, None)
        return []
    lines = _split(data)
    cache[filename] = (len(data), None, lines, filename)
    return lines


def lazycache(filename, module_globals):
    """Notes a loader's get_source for a module's file, to read its lines
    when asked; True when it did (or the lines are already known)."""
    if filename in cache:
        return len(cache[filename]) == 1
    if not filename or (filename.startswith('<') and filename.endswith('>')):
        return False
    if module_globals and '__name__' in module_globals:
        name = module_globals['__name__']
        loader = module_globals.get('__loader__')
        spec = module_globals.get('__spec__')
        if loader is None and spec is not None:
            loader = getattr(spec, 'loader', None)
        get_source = getattr(loader, 'get_source', None)
        if name and get_source:
            cache[filename] = (functools.partial(get_source, name),)
            return True
    return False
