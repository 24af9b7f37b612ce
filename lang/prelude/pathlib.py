# pathlib.py: object-oriented filesystem paths, as Python's pathlib for
# cgrad on POSIX: PurePath/PurePosixPath (parsing, parts, name, stem,
# suffix(es), parent(s), with_name/with_stem/with_suffix, joinpath and /,
# relative_to, is_relative_to, match, as_posix, as_uri, comparisons and
# hashing) and Path/PosixPath (stat, exists, is_dir/is_file/..., iterdir,
# glob/rglob, mkdir, touch, unlink, rmdir, rename, replace, symlink_to,
# resolve, absolute, cwd, home, expanduser, samefile, readlink, and
# open/read_text/write_text/read_bytes/write_bytes over the builtin open).
# The classes stand in one line of single inheritance (PurePath >
# PurePosixPath > Path > PosixPath): the language has no multiple
# inheritance yet; isinstance answers as CPython's for these four.
# Not here: PureWindowsPath's parsing (WindowsPath refuses to be made, as
# it does on CPython under Linux), owner() and group().

import fnmatch
import functools
import io
import os
import posix
import posixpath
import re
import sys
import warnings
from collections.abc import Sequence
from errno import EBADF, ELOOP, ENOENT, ENOTDIR
from operator import attrgetter
from stat import S_ISBLK, S_ISCHR, S_ISDIR, S_ISFIFO, S_ISLNK, S_ISREG, S_ISSOCK

__all__ = ["PurePath", "PurePosixPath", "PureWindowsPath", "Path", "PosixPath", "WindowsPath"]


def _parse_parts(args):
    """(root, [parts]) of the joined arguments: a later absolute argument
    starts over; '' and '.' parts vanish; '//' (exactly two) is its own
    root, as POSIX allows."""
    root = ''
    parts = []
    for a in args:
        if isinstance(a, PurePath):
            a_root, a_parts = a._root, a._tail
        else:
            a = os.fspath(a)
            if not isinstance(a, str):
                raise TypeError("argument should be a str object or an os.PathLike object "
                                "returning str, not %r" % type(a))
            if a.startswith('/'):
                a_root = '//' if a.startswith('//') and not a.startswith('///') else '/'
            else:
                a_root = ''
            a_parts = [x for x in a.split('/') if x and x != '.']
        if a_root:
            root = a_root
            parts = list(a_parts)
        else:
            parts.extend(a_parts)
    return root, parts


class _PathParents:
    """The logical ancestors of a path: a sequence (len, index, slices,
    negative indexes)."""

    def __init__(self, path):
        self._path = path
        self._n = len(path._tail)

    def __len__(self):
        return self._n

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return tuple(self[i] for i in range(*idx.indices(self._n)))
        if idx >= self._n or idx < -self._n:
            raise IndexError(idx)
        if idx < 0:
            idx += self._n
        p = self._path
        return p._make(p._root, p._tail[:self._n - idx - 1])

    def __iter__(self):
        for i in range(self._n):
            yield self[i]

    def __repr__(self):
        return "<{}.parents>".format(type(self._path).__name__)


class PurePath:
    """Base class for manipulating paths without I/O."""

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        return cls._from_parts(args)

    def __init__(self, *args):
        pass

    @classmethod
    def _from_parts(cls, args):
        self = object.__new__(cls)
        self._root, self._tail = _parse_parts(args)
        self._str = None
        return self

    def _make(self, root, tail):
        p = object.__new__(type(self))
        p._root = root
        p._tail = list(tail)
        p._str = None
        return p

    def __reduce__(self):
        return (self.__class__, tuple(self.parts))

    def __str__(self):
        if self._str is None:
            self._str = (self._root + '/'.join(self._tail)) or '.'
        return self._str

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        """Return the string representation of the path with forward (/)
        slashes."""
        return str(self)

    def __bytes__(self):
        return os.fsencode(self)

    def __repr__(self):
        return "{}({!r})".format(self.__class__.__name__, self.as_posix())

    def as_uri(self):
        """Return the path as a 'file' URI."""
        if not self.is_absolute():
            raise ValueError("relative path can't be expressed as a file URI")
        safe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-~/"
        out = []
        for c in str(self):
            if c in safe:
                out.append(c)
            else:
                for byte in [ord(c)] if ord(c) < 128 else _utf8(c):
                    out.append('%%%02X' % byte)
        return 'file://' + ''.join(out)

    @property
    def _cparts(self):
        return ([self._root] if self._root else []) + self._tail

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts == other._cparts

    def __hash__(self):
        return hash(tuple(self._cparts))

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts < other._cparts

    def __le__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts <= other._cparts

    def __gt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts > other._cparts

    def __ge__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts >= other._cparts

    @property
    def drive(self):
        """The drive prefix (letter or UNC path), if any: '' on POSIX."""
        return ''

    @property
    def root(self):
        """The root of the path, if any."""
        return self._root

    @property
    def anchor(self):
        """The concatenation of the drive and root, or ''."""
        return self._root

    @property
    def name(self):
        """The final path component, if any."""
        return self._tail[-1] if self._tail else ''

    @property
    def suffix(self):
        """The final component's last suffix, if any (with its dot)."""
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[i:]
        return ''

    @property
    def suffixes(self):
        """A list of the final component's suffixes, if any."""
        name = self.name
        if name.endswith('.'):
            return []
        name = name.lstrip('.')
        return ['.' + suffix for suffix in name.split('.')[1:]]

    @property
    def stem(self):
        """The final path component, minus its last suffix."""
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    def with_name(self, name):
        """Return a new path with the file name changed."""
        if not self.name:
            raise ValueError("%r has an empty name" % (self,))
        root, parts = _parse_parts((name,))
        if not name or name[-1] == '/' or root or len(parts) != 1 or parts[0] != name:
            raise ValueError("Invalid name %r" % (name,))
        return self._make(self._root, self._tail[:-1] + [name])

    def with_stem(self, stem):
        """Return a new path with the stem changed."""
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        """Return a new path with the file suffix changed.  If the path
        has no suffix, add given suffix.  If the given suffix is an empty
        string, remove the suffix from the path."""
        if '/' in suffix:
            raise ValueError("Invalid suffix %r" % (suffix,))
        if suffix and not suffix.startswith('.') or suffix == '.':
            raise ValueError("Invalid suffix %r" % (suffix))
        name = self.name
        if not name:
            raise ValueError("%r has an empty name" % (self,))
        old_suffix = self.suffix
        if not old_suffix:
            name = name + suffix
        else:
            name = name[:-len(old_suffix)] + suffix
        return self._make(self._root, self._tail[:-1] + [name])

    def relative_to(self, *other):
        """Return the relative path to another path identified by the
        passed arguments."""
        if not other:
            raise TypeError("need at least one argument")
        to = type(self)(*other)
        n = len(to._cparts)
        if self._root != to._root or self._cparts[:n] != to._cparts:
            formatted = to._root + '/'.join(to._tail)  # '' stays '', not '.
            raise ValueError("{!r} is not in the subpath of {!r} OR one path is relative and the "
                             "other is absolute.".format(str(self), formatted))
        return self._make('', self._cparts[n:])

    def is_relative_to(self, *other):
        """Return True if the path is relative to another path or False."""
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    @property
    def parts(self):
        """An object providing sequence-like access to the components in
        the filesystem path."""
        return tuple(self._cparts)

    def joinpath(self, *args):
        """Combine this path with one or several arguments."""
        return type(self)(self, *args)

    def __truediv__(self, key):
        try:
            return type(self)(self, key)
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return type(self)(key, self)
        except TypeError:
            return NotImplemented

    @property
    def parent(self):
        """The logical parent of the path."""
        if not self._tail:
            return self
        return self._make(self._root, self._tail[:-1])

    @property
    def parents(self):
        """A sequence of this path's logical parents."""
        return _PathParents(self)

    def is_absolute(self):
        """True if the path is absolute (has both a root and, if
        applicable, a drive)."""
        return bool(self._root)

    def is_reserved(self):
        """Return True if the path contains one of the special names
        reserved by the system, if any."""
        return False

    def match(self, path_pattern):
        """Return True if this path matches the given pattern."""
        pat = type(self)(path_pattern)
        if not pat._cparts:
            raise ValueError("empty pattern")
        pat_parts = pat._cparts
        parts = self._cparts
        if pat._root:
            if len(pat_parts) != len(parts):
                return False
        elif len(pat_parts) > len(parts):
            return False
        for part, pattern in zip(reversed(parts), reversed(pat_parts)):
            if not fnmatch.fnmatchcase(part, pattern):
                return False
        return True


def _utf8(c):
    """The UTF-8 bytes of one character, as ints (no bytes type yet)."""
    cp = ord(c)
    if cp < 0x800:
        return [0xC0 | (cp >> 6), 0x80 | (cp & 0x3F)]
    if cp < 0x10000:
        return [0xE0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3F), 0x80 | (cp & 0x3F)]
    return [0xF0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3F), 0x80 | ((cp >> 6) & 0x3F),
            0x80 | (cp & 0x3F)]


class PurePosixPath(PurePath):
    """PurePath subclass for non-Windows systems."""


class PureWindowsPath(PurePath):
    """PurePath subclass for Windows systems (its parsing is not here)."""

    def __new__(cls, *args):
        raise NotImplementedError("cgrad's pathlib does not parse Windows paths")


# ---- concrete paths --------------------------------------------------------------

def _ignore_error(exception):
    return getattr(exception, 'errno', None) in (ENOENT, ENOTDIR, EBADF, ELOOP)


class Path(PurePosixPath):
    """PurePath subclass that can make system calls."""

    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return cls._from_parts(args)

    def __enter__(self):
        warnings.warn("pathlib.Path.__enter__() is deprecated and scheduled for removal in "
                      "Python 3.13; Path objects as a context manager is a no-op",
                      DeprecationWarning, stacklevel=2)
        return self

    def __exit__(self, t, v, tb):
        pass

    def _child(self, name):
        return self._make(self._root, self._tail + [name])

    @classmethod
    def cwd(cls):
        """Return a new path pointing to the current working directory."""
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        """Return a new path pointing to the user's home directory (as
        returned by os.path.expanduser('~'))."""
        return cls("~").expanduser()

    def samefile(self, other_path):
        """Return whether other_path is the same or not as this file."""
        st = self.stat()
        try:
            other_st = other_path.stat()
        except AttributeError:
            other_st = type(self)(other_path).stat()
        return os.path.samestat(st, other_st)

    def iterdir(self):
        """Yield path objects of the directory contents."""
        for name in os.listdir(self):
            yield self._child(name)

    def _scandir(self):
        return os.scandir(self)

    def glob(self, pattern):
        """Iterate over this subtree and yield all existing files (of any
        kind, including directories) matching the given relative pattern."""
        if not pattern:
            raise ValueError("Unacceptable pattern: {!r}".format(pattern))
        pat = PurePosixPath(pattern)
        if pat._root:
            raise NotImplementedError("Non-relative patterns are unsupported")
        parts = list(pat._tail)
        if pattern[-1] == '/':
            parts.append('')
        yield from _select(self, parts)

    def rglob(self, pattern):
        """Recursively yield all existing files (of any kind, including
        directories) matching the given relative pattern, anywhere in this
        subtree."""
        pat = PurePosixPath(pattern)
        if pat._root:
            raise NotImplementedError("Non-relative patterns are unsupported")
        parts = ['**'] + list(pat._tail)
        if pattern and pattern[-1] == '/':
            parts.append('')
        yield from _select(self, parts)

    def absolute(self):
        """Return an absolute version of this path by prepending the
        current working directory (no normalization)."""
        if self.is_absolute():
            return self
        return type(self)(os.getcwd(), self)

    def resolve(self, strict=False):
        """Make the path absolute, resolving all symlinks on the way and
        also normalizing it."""
        def check_eloop(e):
            winerror = getattr(e, 'winerror', 0)
            if e.errno == ELOOP or winerror == 1921:
                raise RuntimeError("Symlink loop from %r" % e.filename)
        try:
            s = os.path.realpath(self, strict=strict)
        except OSError as e:
            check_eloop(e)
            raise
        p = type(self)(s)
        if not strict:
            try:
                p.stat()
            except OSError as e:
                check_eloop(e)
        return p

    def stat(self, *, follow_symlinks=True):
        """Return the result of the stat() system call on this path, like
        os.stat() does."""
        return os.stat(self, follow_symlinks=follow_symlinks)

    def owner(self):
        """Return the login name of the file owner."""
        return _name_of(self.stat().st_uid, '/etc/passwd')

    def group(self):
        """Return the group name of the file gid."""
        return _name_of(self.stat().st_gid, '/etc/group')

    def open(self, mode='r', buffering=-1, encoding=None, errors=None, newline=None):
        """Open the file pointed by this path and return a file object, as
        the built-in open() function does."""
        return open(self, mode, buffering, encoding, errors, newline)

    def read_bytes(self):
        """Open the file in bytes mode, read it, and close the file."""
        with self.open(mode='rb') as f:
            return f.read()

    def read_text(self, encoding=None, errors=None):
        """Open the file in text mode, read it, and close the file."""
        with self.open(mode='r', encoding=encoding, errors=errors) as f:
            return f.read()

    def write_bytes(self, data):
        """Open the file in bytes mode, write to it, and close the file."""
        with self.open(mode='wb') as f:
            return f.write(data)

    def write_text(self, data, encoding=None, errors=None, newline=None):
        """Open the file in text mode, write to it, and close the file."""
        if not isinstance(data, str):
            raise TypeError('data must be str, not %s' % data.__class__.__name__)
        with self.open(mode='w', encoding=encoding, errors=errors, newline=newline) as f:
            return f.write(data)

    def readlink(self):
        """Return the path to which the symbolic link points."""
        return type(self)(os.readlink(self))

    def touch(self, mode=0o666, exist_ok=True):
        """Create this file with the given access mode, if it doesn't exist."""
        if exist_ok:
            try:
                os.utime(self, None)
            except OSError:
                pass
            else:
                return
        flags = os.O_CREAT | os.O_WRONLY
        if not exist_ok:
            flags |= os.O_EXCL
        fd = os.open(self, flags, mode)
        os.close(fd)

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        """Create a new directory at this given path."""
        try:
            os.mkdir(self, mode)
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def chmod(self, mode, *, follow_symlinks=True):
        """Change the permissions of the path, like os.chmod()."""
        os.chmod(self, mode, follow_symlinks=follow_symlinks)

    def lchmod(self, mode):
        """Like chmod(), except if the path points to a symlink, the
        symlink's permissions are changed, rather than its target's."""
        self.chmod(mode, follow_symlinks=False)

    def unlink(self, missing_ok=False):
        """Remove this file or link.  If the path is a directory, use
        rmdir() instead."""
        try:
            os.unlink(self)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rmdir(self):
        """Remove this directory.  The directory must be empty."""
        os.rmdir(self)

    def lstat(self):
        """Like stat(), except if the path points to a symlink, the
        symlink's status information is returned, rather than its
        target's."""
        return self.stat(follow_symlinks=False)

    def rename(self, target):
        """Rename this path to the target path; returns the new Path."""
        os.rename(self, target)
        return type(self)(target)

    def replace(self, target):
        """Rename this path to the target path, overwriting if that path
        exists; returns the new Path."""
        os.replace(self, target)
        return type(self)(target)

    def symlink_to(self, target, target_is_directory=False):
        """Make this path a symlink pointing to the target path."""
        os.symlink(target, self, target_is_directory)

    def hardlink_to(self, target):
        """Make this path a hard link pointing to the same file as target."""
        os.link(target, self)

    def link_to(self, target):
        """Make the target path a hard link pointing to this path
        (deprecated in 3.10)."""
        warnings.warn("pathlib.Path.link_to() is deprecated and is scheduled to be removed "
                      "in Python 3.12. Use pathlib.Path.hardlink_to() instead.",
                      DeprecationWarning, stacklevel=2)
        os.link(self, target)

    def exists(self):
        """Whether this path exists."""
        try:
            self.stat()
        except OSError as e:
            if not _ignore_error(e):
                raise
            return False
        except ValueError:
            return False
        return True

    def _mode_is(self, test, follow=True):
        try:
            return test(self.stat(follow_symlinks=follow).st_mode)
        except OSError as e:
            if not _ignore_error(e):
                raise
            return False
        except ValueError:
            return False

    def is_dir(self):
        """Whether this path is a directory."""
        return self._mode_is(S_ISDIR)

    def is_file(self):
        """Whether this path is a regular file (also True for symlinks
        pointing to regular files)."""
        return self._mode_is(S_ISREG)

    def is_mount(self):
        """Check if this path is a POSIX mount point"""
        return os.path.ismount(self)

    def is_symlink(self):
        """Whether this path is a symbolic link."""
        return self._mode_is(S_ISLNK, False)

    def is_block_device(self):
        """Whether this path is a block device."""
        return self._mode_is(S_ISBLK)

    def is_char_device(self):
        """Whether this path is a character device."""
        return self._mode_is(S_ISCHR)

    def is_fifo(self):
        """Whether this path is a FIFO."""
        return self._mode_is(S_ISFIFO)

    def is_socket(self):
        """Whether this path is a socket."""
        return self._mode_is(S_ISSOCK)

    def expanduser(self):
        """Return a new path with expanded ~ and ~user constructs (as
        returned by os.path.expanduser)"""
        if self._tail and self._tail[0][:1] == '~' and not self._root:
            homedir = os.path.expanduser(self._tail[0])
            if homedir[:1] == "~":
                raise RuntimeError("Could not determine home directory.")
            return type(self)(homedir, *self._tail[1:])
        return self


class PosixPath(Path):
    """Path subclass for non-Windows systems."""


class WindowsPath(Path):
    """Path subclass for Windows systems (not this one)."""

    def __new__(cls, *args, **kwargs):
        raise NotImplementedError("cannot instantiate %r on your system" % (cls.__name__,))


def _name_of(num, table):
    fd = os.open(table, os.O_RDONLY)
    try:
        text = posix._read_all(fd)
    finally:
        os.close(fd)
    for line in text.split('\n'):
        fields = line.split(':')
        if len(fields) > 2 and fields[2] == str(num):
            return fields[0]
    raise KeyError('getpwuid(): uid not found: %d' % num)


# ---- glob: one selector per pattern part -----------------------------------------

def _entries(path):
    try:
        with path._scandir() as it:
            return list(it)
    except PermissionError:
        return []
    except OSError as e:
        if _ignore_error(e):
            return []
        raise


def _select(path, parts):
    """The paths under path matching parts (relative pattern parts; '**'
    any number of directories; a last '' for a trailing slash: directories
    only)."""
    if not parts:
        yield path
        return
    part, rest = parts[0], parts[1:]
    if part == '':
        if path.is_dir():
            yield path
        return
    if part == '**':
        seen = set()
        for d in _walk_dirs(path):
            for p in _select(d, rest):
                if p not in seen:
                    seen.add(p)
                    yield p
        return
    if '**' in part:
        raise ValueError("Invalid pattern: '**' can only be an entire path component")
    if not any(c in part for c in '*?['):
        child = path._child(part)
        if rest:
            if child.is_dir():
                yield from _select(child, rest)
        elif child.exists() or child.is_symlink():
            yield child
        return
    for entry in _entries(path):
        if rest:
            try:
                if not entry.is_dir():
                    continue
            except OSError as e:
                if not _ignore_error(e):
                    raise
                continue
        if fnmatch.fnmatchcase(entry.name, part):
            yield from _select(path._child(entry.name), rest)


def _walk_dirs(path):
    """path and every directory below it, top-down, not into symlinks."""
    yield path
    for entry in _entries(path):
        try:
            is_dir = entry.is_dir() and not entry.is_symlink()
        except OSError as e:
            if not _ignore_error(e):
                raise
            is_dir = False
        if is_dir:
            yield from _walk_dirs(path._child(entry.name))
