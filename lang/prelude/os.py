# os.py: Python's os module on Linux, written for cgrad after CPython
# 3.11's documented behaviour: the system calls come from the posix module
# (lang/stdlib/posix_*.c); here is what CPython writes in Python on top of
# them: environ (a mapping whose writes reach the process environment),
# getenv/putenv, walk, fwalk, makedirs/removedirs/renames, fspath and
# PathLike, fsdecode, get_exec_path, popen, the exec*/spawn* families,
# and the path-name constants.
# Not here: what needs bytes (os.read/write and the vectored and xattr
# calls, urandom, fsencode, getcwdb, environb, getenvb), until a bytes
# type exists.

import sys
import posix
from posix import *
from posix import _exit
import posixpath as path
import stat as st
import abc

# `import os.path` finds it here, as CPython's os puts it
sys.modules['os.path'] = path

name = 'posix'
linesep = '\n'
sep = '/'
altsep = None
extsep = '.'
pathsep = ':'
curdir = '.'
pardir = '..'
defpath = '/bin:/usr/bin'
devnull = '/dev/null'
error = OSError
supports_bytes_environ = True
SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2

_have_functions = ['HAVE_FACCESSAT', 'HAVE_FCHDIR', 'HAVE_FCHMOD', 'HAVE_FCHMODAT', 'HAVE_FCHOWN',
                   'HAVE_FCHOWNAT', 'HAVE_FDOPENDIR', 'HAVE_FPATHCONF', 'HAVE_FSTATAT', 'HAVE_FSTATVFS',
                   'HAVE_FTRUNCATE', 'HAVE_FUTIMENS', 'HAVE_LINKAT', 'HAVE_LSTAT', 'HAVE_MKDIRAT',
                   'HAVE_MKFIFOAT', 'HAVE_MKNODAT', 'HAVE_OPENAT', 'HAVE_READLINKAT', 'HAVE_RENAMEAT',
                   'HAVE_SYMLINKAT', 'HAVE_UNLINKAT', 'HAVE_UTIMENSAT']

supports_dir_fd = {access, chmod, chown, link, mkdir, mkfifo, mknod, open, readlink, rename,
                   rmdir, stat, symlink, unlink, utime}
supports_effective_ids = {access}
supports_fd = {chdir, chmod, chown, listdir, pathconf, scandir, stat, statvfs, truncate, utime}
supports_follow_symlinks = {access, chmod, chown, link, stat, utime}


# ---- paths as objects ----------------------------------------------------------

class PathLike(abc.ABC):
    """Abstract base class for implementing the file system path protocol."""

    @abc.abstractmethod
    def __fspath__(self):
        """Return the file system path representation of the object."""
        raise NotImplementedError

    @classmethod
    def __subclasshook__(cls, subclass):
        if cls is PathLike:
            return hasattr(subclass, '__fspath__')
        return NotImplemented


def fspath(path):
    """Return the file system path representation of the object."""
    if isinstance(path, str):
        return path
    path_type = type(path)
    try:
        path_repr = path_type.__fspath__(path)
    except AttributeError:
        if hasattr(path_type, '__fspath__'):
            raise
        raise TypeError("expected str, bytes or os.PathLike object, not " + path_type.__name__)
    if isinstance(path_repr, str):
        return path_repr
    raise TypeError("expected {}.__fspath__() to return str or bytes, not {}".format(
        path_type.__name__, type(path_repr).__name__))


def fsdecode(filename):
    """Decode filename (an os.PathLike, bytes, or str) from the filesystem encoding."""
    return fspath(filename)


# ---- the environment ---------------------------------------------------------------

class _Environ:
    """os.environ: a mapping of the process environment; setting or
    deleting a key calls putenv/unsetenv, so that getenv and child
    processes see it."""

    def __init__(self, data):
        self._data = data

    def _check(self, value, what):
        if not isinstance(value, str):
            raise TypeError("str expected, not %s" % type(value).__name__)
        return value

    def __getitem__(self, key):
        try:
            return self._data[self._check(key, 'key')]
        except KeyError:
            raise KeyError(key) from None

    def __setitem__(self, key, value):
        self._check(key, 'key')
        self._check(value, 'value')
        putenv(key, value)
        self._data[key] = value

    def __delitem__(self, key):
        self._check(key, 'key')
        unsetenv(key)
        try:
            del self._data[key]
        except KeyError:
            raise KeyError(key) from None

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data

    def __repr__(self):
        return 'environ({{{}}})'.format(', '.join(
            '{!r}: {!r}'.format(k, v) for k, v in self._data.items()))

    def __eq__(self, other):
        if isinstance(other, _Environ):
            other = other._data
        return self._data == other

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def copy(self):
        return dict(self._data)

    def setdefault(self, key, value):
        if key not in self:
            self[key] = value
        return self[key]

    _marker = object()

    def pop(self, key, default=_marker):
        if key in self._data:
            value = self._data[key]
            del self[key]
            return value
        if default is _Environ._marker:
            raise KeyError(key)
        return default

    def popitem(self):
        for key in self._data:
            return key, self.pop(key)
        raise KeyError

    def clear(self):
        for key in list(self._data):
            del self[key]

    def update(self, other=(), **kwds):
        if hasattr(other, 'keys'):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def __or__(self, other):
        new = dict(self._data)
        new.update(other)
        return new

    def __ror__(self, other):
        new = dict(other)
        new.update(self._data)
        return new

    def __ior__(self, other):
        self.update(other)
        return self


environ = _Environ(posix.environ)


def getenv(key, default=None):
    """Get an environment variable, return None if it doesn't exist."""
    return environ.get(key, default)


def get_exec_path(env=None):
    """Returns the sequence of directories that will be searched for the
    named executable (similar to a shell) when launching a process."""
    if env is None:
        env = environ
    path_list = env.get('PATH')
    if path_list is None:
        path_list = defpath
    return path_list.split(pathsep)


# ---- directories ---------------------------------------------------------------

def makedirs(name, mode=0o777, exist_ok=False):
    """makedirs(name [, mode=0o777][, exist_ok=False])

    Super-mkdir; create a leaf directory and all intermediate ones."""
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass
        cdir = curdir
        if tail == cdir:
            return
    try:
        mkdir(name, mode)
    except OSError:
        if not exist_ok or not path.isdir(name):
            raise


def removedirs(name):
    """removedirs(name)

    Super-rmdir; remove a leaf directory and all empty intermediate ones."""
    rmdir(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = path.split(head)


def renames(old, new):
    """renames(old, new)

    Super-rename; create directories as necessary and delete any left empty."""
    head, tail = path.split(new)
    if head and tail and not path.exists(head):
        makedirs(head)
    rename(old, new)
    head, tail = path.split(old)
    if head and tail:
        try:
            removedirs(head)
        except OSError:
            pass


def walk(top, topdown=True, onerror=None, followlinks=False):
    """Directory tree generator: yields (dirpath, dirnames, filenames)."""
    top = fspath(top)
    dirs = []
    nondirs = []
    walk_dirs = []
    try:
        scandir_it = scandir(top)
    except OSError as error:
        if onerror is not None:
            onerror(error)
        return
    with scandir_it:
        while True:
            try:
                try:
                    entry = next(scandir_it)
                except StopIteration:
                    break
            except OSError as error:
                if onerror is not None:
                    onerror(error)
                return
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                dirs.append(entry.name)
            else:
                nondirs.append(entry.name)
            if not topdown and is_dir:
                if followlinks:
                    walk_into = True
                else:
                    try:
                        is_symlink = entry.is_symlink()
                    except OSError:
                        is_symlink = False
                    walk_into = not is_symlink
                if walk_into:
                    walk_dirs.append(entry.path)
    if topdown:
        yield top, dirs, nondirs
        for dirname in dirs:
            new_path = path.join(top, dirname)
            if followlinks or not path.islink(new_path):
                yield from walk(new_path, topdown, onerror, followlinks)
    else:
        for new_path in walk_dirs:
            yield from walk(new_path, topdown, onerror, followlinks)
        yield top, dirs, nondirs


def fwalk(top='.', topdown=True, onerror=None, *, follow_symlinks=False, dir_fd=None):
    """Directory tree generator like walk(), yielding (dirpath, dirnames,
    filenames, dirfd) with dirfd a descriptor of dirpath."""
    for dirpath, dirnames, filenames in walk(top, topdown, onerror, follow_symlinks):
        fd = posix.open(dirpath, O_RDONLY | O_DIRECTORY)
        try:
            yield dirpath, dirnames, filenames, fd
        finally:
            close(fd)


# ---- processes -----------------------------------------------------------------

def _execvpe(file, args, env=None):
    if env is not None:
        exec_func = execve
        argrest = (args, env)
    else:
        exec_func = execv
        argrest = (args,)
        env = environ
    if path.dirname(file):
        exec_func(file, *argrest)
        return
    saved_exc = None
    for dir in get_exec_path(env):
        fullname = path.join(dir, file)
        try:
            exec_func(fullname, *argrest)
        except (FileNotFoundError, NotADirectoryError) as e:
            last_exc = e
        except OSError as e:
            last_exc = e
            if saved_exc is None:
                saved_exc = e
    if saved_exc is not None:
        raise saved_exc
    raise last_exc


def execl(file, *args):
    """execl(file, *args): execute the executable file with argument list args."""
    execv(file, args)


def execle(file, *args):
    """execle(file, *args, env): as execl, with the environment last."""
    env = args[-1]
    execve(file, args[:-1], env)


def execlp(file, *args):
    """execlp(file, *args): as execl, searching PATH for file."""
    execvp(file, args)


def execlpe(file, *args):
    """execlpe(file, *args, env): as execlp, with the environment last."""
    env = args[-1]
    execvpe(file, args[:-1], env)


def execvp(file, args):
    """execvp(file, args): execute file with args, searching PATH."""
    _execvpe(file, args)


def execvpe(file, args, env):
    """execvpe(file, args, env): as execvp, with the environment env."""
    _execvpe(file, args, env)


P_WAIT = 0
P_NOWAIT = P_NOWAITO = 1


def _spawnvef(mode, file, args, env, search):
    import subprocess
    p = subprocess.Popen(list(args), executable=file, env=env, _search=search)
    if mode == P_NOWAIT:
        return p.pid
    return p.wait()


def spawnv(mode, file, args):
    """spawnv(mode, file, args) -> integer: run file as a new process."""
    return _spawnvef(mode, file, args, None, False)


def spawnve(mode, file, args, env):
    """spawnve(mode, file, args, env) -> integer: as spawnv with env."""
    return _spawnvef(mode, file, args, env, False)


def spawnvp(mode, file, args):
    """spawnvp(mode, file, args) -> integer: as spawnv, searching PATH."""
    return _spawnvef(mode, file, args, None, True)


def spawnvpe(mode, file, args, env):
    """spawnvpe(mode, file, args, env) -> integer: as spawnvp with env."""
    return _spawnvef(mode, file, args, env, True)


def spawnl(mode, file, *args):
    """spawnl(mode, file, *args) -> integer"""
    return spawnv(mode, file, args)


def spawnle(mode, file, *args):
    """spawnle(mode, file, *args, env) -> integer"""
    return spawnve(mode, file, args[:-1], args[-1])


def spawnlp(mode, file, *args):
    """spawnlp(mode, file, *args) -> integer"""
    return spawnvp(mode, file, args)


def spawnlpe(mode, file, *args):
    """spawnlpe(mode, file, *args, env) -> integer"""
    return spawnvpe(mode, file, args[:-1], args[-1])


class _wrap_close:
    """What popen returns: the pipe to or from the shell; close() gives the
    exit status as CPython's (None for 0, else the wait status)."""

    def __init__(self, stream, proc):
        self._stream = stream
        self._proc = proc

    def close(self):
        self._stream.close()
        returncode = self._proc.wait()
        if returncode == 0:
            return None
        return returncode << 8

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()

    def __getattr__(self, name):
        return getattr(self._stream, name)

    def __iter__(self):
        return iter(self._stream)


def popen(cmd, mode="r", buffering=-1):
    """Open a pipe to or from command cmd through /bin/sh."""
    if not isinstance(cmd, str):
        raise TypeError("invalid cmd type (%s, expected string)" % type(cmd))
    if mode not in ("r", "w"):
        raise ValueError("invalid mode %r" % mode)
    if buffering == 0 or buffering is None:
        raise ValueError("popen() does not support unbuffered streams")
    import subprocess
    if mode == "r":
        proc = subprocess.Popen(cmd, shell=True, text=True, stdout=subprocess.PIPE)
        return _wrap_close(proc.stdout, proc)
    proc = subprocess.Popen(cmd, shell=True, text=True, stdin=subprocess.PIPE)
    return _wrap_close(proc.stdin, proc)


def fdopen(fd, mode="r", buffering=-1, encoding=None, *args, **kwargs):
    """Open a file object on descriptor fd (the builtin open)."""
    if not isinstance(fd, int):
        raise TypeError("invalid fd type (%s, expected integer)" % type(fd))
    return open(fd, mode, buffering, encoding, *args, **kwargs)


def register_at_fork(*, before=None, after_in_child=None, after_in_parent=None):
    """Register callables to be called when forking a new process."""
    for name, fn in (('before', before), ('after_in_child', after_in_child),
                     ('after_in_parent', after_in_parent)):
        if fn is not None and not callable(fn):
            raise TypeError("'%s' must be callable, not %s" % (name, type(fn).__name__))
    if before is None and after_in_child is None and after_in_parent is None:
        raise TypeError("At least one argument is required.")
