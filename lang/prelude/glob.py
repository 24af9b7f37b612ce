# glob.py: Unix-style pathname pattern expansion, as Python's glob module:
# glob, iglob (root_dir=, dir_fd=, recursive '**', include_hidden=),
# escape, has_magic, glob0/glob1. Results come in the order the directory
# gives them (os.scandir), not sorted, as CPython's; names starting with
# '.' match only a pattern that starts with '.', unless include_hidden.

import contextlib
import os
import re
import sys
import stat
import fnmatch
import itertools

__all__ = ["glob", "iglob", "escape"]


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    """Return a list of paths matching a pathname pattern."""
    return list(iglob(pathname, root_dir=root_dir, dir_fd=dir_fd, recursive=recursive,
                      include_hidden=include_hidden))


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    """Return an iterator which yields the paths matching a pathname pattern."""
    root_dir = pathname[:0] if root_dir is None else os.fspath(root_dir)
    it = _iglob(pathname, root_dir, dir_fd, recursive, False, include_hidden)
    if not pathname or (recursive and _isrecursive(pathname[:2])):
        # a leading '**' first yields '' for the top directory itself
        try:
            first = next(it)
        except StopIteration:
            return iter(())
        if first:
            it = itertools.chain((first,), it)
    return it


def _iglob(pathname, root_dir, dir_fd, recursive, dironly, include_hidden):
    dirname, basename = os.path.split(pathname)
    if not has_magic(pathname):
        if basename:
            if _lexists(_join(root_dir, pathname), dir_fd):
                yield pathname
        elif _isdir(_join(root_dir, dirname), dir_fd):
            yield pathname
        return
    if not dirname:
        if recursive and _isrecursive(basename):
            yield from _glob2(root_dir, basename, dir_fd, dironly, include_hidden)
        else:
            yield from _glob1(root_dir, basename, dir_fd, dironly, include_hidden)
        return
    if dirname != pathname and has_magic(dirname):
        dirs = _iglob(dirname, root_dir, dir_fd, recursive, True, include_hidden)
    else:
        dirs = [dirname]
    if not has_magic(basename):
        glob_in_dir = _glob0
    elif recursive and _isrecursive(basename):
        glob_in_dir = _glob2
    else:
        glob_in_dir = _glob1
    for dirname in dirs:
        for name in glob_in_dir(_join(root_dir, dirname), basename, dir_fd, dironly, include_hidden):
            yield os.path.join(dirname, name)


def _glob1(dirname, pattern, dir_fd, dironly, include_hidden=False):
    """The names in dirname that match pattern (no separators in it)."""
    names = _listdir(dirname, dir_fd, dironly)
    if not (include_hidden or _ishidden(pattern)):
        names = [x for x in names if not _ishidden(x)]
    return fnmatch.filter(names, pattern)


def _glob0(dirname, basename, dir_fd, dironly, include_hidden=False):
    """basename (no wildcards) if it exists in dirname."""
    if basename:
        if _lexists(_join(dirname, basename), dir_fd):
            return [basename]
    elif _isdir(dirname, dir_fd):
        return [basename]
    return []


def glob0(dirname, pattern):
    return _glob0(dirname, pattern, None, False)


def glob1(dirname, pattern):
    return _glob1(dirname, pattern, None, False)


def _glob2(dirname, pattern, dir_fd, dironly, include_hidden=False):
    """'**': the directory itself ('') and everything below it."""
    yield pattern[:0]
    yield from _rlistdir(dirname, dir_fd, dironly, include_hidden)


def _iterdir(dirname, dir_fd, dironly):
    try:
        if dir_fd is not None:
            fd = os.open(dirname or '.', os.O_RDONLY | os.O_DIRECTORY, dir_fd=dir_fd) if dirname else dir_fd
            try:
                entries = list(os.scandir(fd))
            finally:
                if fd != dir_fd:
                    os.close(fd)
        else:
            with os.scandir(dirname or os.curdir) as it:
                entries = list(it)
        for entry in entries:
            try:
                if not dironly or entry.is_dir():
                    yield entry.name
            except OSError:
                pass
    except OSError:
        return


def _listdir(dirname, dir_fd, dironly):
    return list(_iterdir(dirname, dir_fd, dironly))


def _rlistdir(dirname, dir_fd, dironly, include_hidden=False):
    for x in _listdir(dirname, dir_fd, dironly):
        if include_hidden or not _ishidden(x):
            yield x
            path = _join(dirname, x) if dirname else x
            for y in _rlistdir(path, dir_fd, dironly, include_hidden):
                yield _join(x, y)


def _lexists(pathname, dir_fd):
    if dir_fd is None:
        return os.path.lexists(pathname)
    try:
        os.lstat(pathname, dir_fd=dir_fd)
    except (OSError, ValueError):
        return False
    return True


def _isdir(pathname, dir_fd):
    if dir_fd is None:
        return os.path.isdir(pathname)
    try:
        st = os.stat(pathname, dir_fd=dir_fd)
    except (OSError, ValueError):
        return False
    return stat.S_ISDIR(st.st_mode)


def _join(dirname, basename):
    if not dirname or not basename:
        return dirname or basename
    return os.path.join(dirname, basename)


def has_magic(s):
    return '*' in s or '?' in s or '[' in s


def _ishidden(path):
    return path[0] == '.'


def _isrecursive(pattern):
    return pattern == '**'


def escape(pathname):
    """Escape all special characters (*, ? and [ in brackets)."""
    return ''.join('[' + c + ']' if c in '*?[' else c for c in pathname)


magic_check = None
magic_check_bytes = None
