# tempfile.py: temporary files and directories, as Python's tempfile
# module for cgrad: gettempdir (TMPDIR, TEMP, TMP, then /tmp, /var/tmp,
# /usr/tmp, the working directory: the first one a file can be made in),
# gettempprefix, mkstemp, mkdtemp, mktemp, TemporaryDirectory (a context
# manager, cleaned up on exit, on cleanup() or when it is collected), and
# NamedTemporaryFile/TemporaryFile/SpooledTemporaryFile over the builtin
# open(). Names are 8 characters from [a-z0-9_], as CPython's.
# Not here: the bytes forms (gettempdirb, gettempprefixb, bytes
# arguments) until a bytes type exists; SpooledTemporaryFile keeps its
# data in a real file from the start instead of in memory.

import os
import shutil
import random as _random

__all__ = ["NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile", "TemporaryDirectory",
           "mkstemp", "mkdtemp", "mktemp", "TMP_MAX", "gettempprefix", "tempdir", "gettempdir"]

TMP_MAX = os.TMP_MAX
template = "tmp"
tempdir = None

_text_openflags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_bin_openflags = _text_openflags


class _RandomNameSequence:
    """An endless supply of 8-character names from [a-z0-9_]."""

    characters = "abcdefghijklmnopqrstuvwxyz0123456789_"

    def __init__(self):
        self._rng = _random.Random()

    def __iter__(self):
        return self

    def __next__(self):
        choose = self._rng.choice
        return ''.join(choose(self.characters) for _ in range(8))


_name_sequence = None


def _get_candidate_names():
    global _name_sequence
    if _name_sequence is None:
        _name_sequence = _RandomNameSequence()
    return _name_sequence


def _candidate_tempdir_list():
    dirlist = []
    for envname in 'TMPDIR', 'TEMP', 'TMP':
        dirname = os.getenv(envname)
        if dirname:
            dirlist.append(dirname)
    dirlist.extend(['/tmp', '/var/tmp', '/usr/tmp'])
    try:
        dirlist.append(os.getcwd())
    except (AttributeError, OSError):
        dirlist.append(os.curdir)
    return dirlist


def _get_default_tempdir():
    """The first directory of the candidates where a file can be made."""
    namer = _get_candidate_names()
    for dir in _candidate_tempdir_list():
        if dir != os.curdir:
            dir = os.path.abspath(dir)
        for seq in range(100):
            name = next(namer)
            filename = os.path.join(dir, name)
            try:
                fd = os.open(filename, _bin_openflags, 0o600)
                os.close(fd)
                os.unlink(filename)
                return dir
            except FileExistsError:
                pass
            except PermissionError:
                if os.path.isdir(dir) and os.access(dir, os.W_OK):
                    continue
                break
            except OSError:
                break
    raise FileNotFoundError(2, "No usable temporary directory found in %s" % _candidate_tempdir_list())


def gettempprefix():
    """The default prefix for temporary directories as string."""
    return template


def gettempdir():
    """Returns tempfile.tempdir as str."""
    global tempdir
    if tempdir is None:
        tempdir = _get_default_tempdir()
    return tempdir


def _fsencode(name):
    """A path as the bytes the file system sees (UTF-8, undecodable bytes
    kept as they were)."""
    try:
        return name.encode('utf-8', 'surrogateescape')
    except LookupError:
        return name.encode('utf-8')


def gettempprefixb():
    """The default prefix for temporary directories as bytes."""
    return _fsencode(gettempprefix())


def gettempdirb():
    """Returns tempfile.tempdir as bytes."""
    return _fsencode(gettempdir())


def _sanitize_params(prefix, suffix, dir):
    if suffix is None:
        suffix = ""
    if prefix is None:
        prefix = template
    if dir is None:
        dir = gettempdir()
    return prefix, suffix, dir


def _mkstemp_inner(dir, pre, suf, flags):
    names = _get_candidate_names()
    for seq in range(TMP_MAX):
        name = next(names)
        file = os.path.join(dir, pre + name + suf)
        try:
            fd = os.open(file, flags, 0o600)
        except FileExistsError:
            continue
        except PermissionError:
            if os.path.isdir(dir) and os.access(dir, os.W_OK):
                continue
            raise
        return fd, os.path.abspath(file)
    raise FileExistsError(17, "No usable temporary file name found")


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    """User-callable function to create and return a unique temporary file:
    (an OS-level handle open for reading and writing, its absolute path)."""
    prefix, suffix, dir = _sanitize_params(prefix, suffix, dir)
    return _mkstemp_inner(dir, prefix, suffix, _text_openflags if text else _bin_openflags)


def mkdtemp(suffix=None, prefix=None, dir=None):
    """User-callable function to create and return a unique temporary
    directory, readable, writable and searchable only by its creator."""
    prefix, suffix, dir = _sanitize_params(prefix, suffix, dir)
    names = _get_candidate_names()
    for seq in range(TMP_MAX):
        name = next(names)
        file = os.path.join(dir, prefix + name + suffix)
        try:
            os.mkdir(file, 0o700)
        except FileExistsError:
            continue
        except PermissionError:
            if os.path.isdir(dir) and os.access(dir, os.W_OK):
                continue
            raise
        return file
    raise FileExistsError(17, "No usable temporary directory name found")


def mktemp(suffix="", prefix=template, dir=None):
    """User-callable function to return a unique temporary file name (the
    file is not created; unsafe, as CPython warns)."""
    if dir is None:
        dir = gettempdir()
    names = _get_candidate_names()
    for seq in range(TMP_MAX):
        name = next(names)
        file = os.path.join(dir, prefix + name + suffix)
        if not os.path.lexists(file):
            return file
    raise FileExistsError(17, "No usable temporary filename found")


class _TemporaryFileWrapper:
    """A file object with a name, removed when closed if delete is true."""

    def __init__(self, file, name, delete=True):
        self.file = file
        self.name = name
        self.delete = delete
        self._closed = False

    def __getattr__(self, name):
        return getattr(self.__dict__['file'], name)

    def __enter__(self):
        self.file.__enter__()
        return self

    def __exit__(self, exc, value, tb):
        result = self.file.__exit__(exc, value, tb)
        self.close()
        return result

    def close(self):
        if not self._closed:
            self._closed = True
            try:
                self.file.close()
            finally:
                if self.delete:
                    try:
                        os.unlink(self.name)
                    except FileNotFoundError:
                        pass

    def __iter__(self):
        return iter(self.file)


def NamedTemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None,
                       prefix=None, dir=None, delete=True, *, errors=None):
    """Create and return a temporary file with a visible name (.name),
    deleted when it is closed if delete is true."""
    prefix, suffix, dir = _sanitize_params(prefix, suffix, dir)
    fd, name = _mkstemp_inner(dir, prefix, suffix, _bin_openflags)
    try:
        file = open(fd, mode, buffering=buffering, newline=newline, encoding=encoding,
                    errors=errors)
        return _TemporaryFileWrapper(file, name, delete)
    except BaseException:
        os.unlink(name)
        os.close(fd)
        raise


def TemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None,
                  prefix=None, dir=None, *, errors=None):
    """Create and return a temporary file with no name in the file system."""
    prefix, suffix, dir = _sanitize_params(prefix, suffix, dir)
    fd, name = _mkstemp_inner(dir, prefix, suffix, _bin_openflags)
    try:
        os.unlink(name)
        return open(fd, mode, buffering=buffering, newline=newline, encoding=encoding,
                    errors=errors)
    except BaseException:
        os.close(fd)
        raise


class SpooledTemporaryFile:
    """A temporary file (CPython keeps it in memory until max_size; here
    it is a TemporaryFile from the start)."""

    def __init__(self, max_size=0, mode='w+b', buffering=-1, encoding=None, newline=None,
                 suffix=None, prefix=None, dir=None, *, errors=None):
        self._file = TemporaryFile(mode, buffering, encoding, newline, suffix, prefix, dir,
                                   errors=errors)
        self._max_size = max_size
        self._rolled = True

    def rollover(self):
        pass

    def __getattr__(self, name):
        return getattr(self.__dict__['_file'], name)

    def __enter__(self):
        return self

    def __exit__(self, exc, value, tb):
        self._file.close()

    def __iter__(self):
        return iter(self._file)


class TemporaryDirectory:
    """Create and return a temporary directory; as a context manager it
    gives its name and removes it with everything in it on exit."""

    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False):
        self.name = mkdtemp(suffix, prefix, dir)
        self._ignore_cleanup_errors = ignore_cleanup_errors
        self._done = False

    def _rmtree(self):
        def onerror(func, path, exc_info):
            if issubclass(exc_info[0], PermissionError):
                try:
                    if path != self.name:
                        os.chmod(os.path.dirname(path), 0o700)
                    os.chmod(path, 0o700)
                    if os.path.isdir(path) and not os.path.islink(path):
                        shutil.rmtree(path, onerror=onerror)
                    else:
                        os.unlink(path)
                    return
                except FileNotFoundError:
                    return
            elif issubclass(exc_info[0], FileNotFoundError):
                return
            if not self._ignore_cleanup_errors:
                raise exc_info[1]
        shutil.rmtree(self.name, onerror=onerror)

    def __repr__(self):
        return "<{} {!r}>".format(self.__class__.__name__, self.name)

    def __enter__(self):
        return self.name

    def __exit__(self, exc, value, tb):
        self.cleanup()

    def cleanup(self):
        if not self._done:
            self._done = True
            self._rmtree()

    def __del__(self):
        if not self._done:
            self._done = True
            try:
                self._rmtree()
            except OSError:
                pass
