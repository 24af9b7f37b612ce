# shutil.py: high-level file operations, as Python's shutil module for
# cgrad: copyfile (in the kernel, through os.copy_file_range), copymode,
# copystat, copy, copy2, copyfileobj, copytree (ignore, dirs_exist_ok,
# symlinks), rmtree (ignore_errors, onerror), move, which, disk_usage,
# chown, get_terminal_size, ignore_patterns, and the archive-format
# registry.
# Not here: the zip and tar formats (make_archive and unpack_archive know
# only the formats registered at run time until zipfile/tarfile exist),
# extended attributes in copystat.

import os
import sys
import stat
import fnmatch
import posix

__all__ = ["copyfileobj", "copyfile", "copymode", "copystat", "copy", "copy2",
           "copytree", "move", "rmtree", "Error", "SpecialFileError",
           "ExecError", "make_archive", "get_archive_formats",
           "register_archive_format", "unregister_archive_format",
           "get_unpack_formats", "register_unpack_format",
           "unregister_unpack_format", "unpack_archive",
           "ignore_patterns", "chown", "which", "get_terminal_size",
           "SameFileError", "disk_usage"]

COPY_BUFSIZE = 64 * 1024


class Error(OSError):
    pass


class SameFileError(Error):
    """Raised when source and destination are the same file."""


class SpecialFileError(OSError):
    """Raised when trying to do a kind of operation (e.g. copying) which is
    not supported on a special file (e.g. a named pipe)"""


class ExecError(OSError):
    """Raised when a command could not be executed"""


class ReadError(OSError):
    """Raised when an archive cannot be read"""


class RegistryError(Exception):
    """Raised when a registry operation with the archiving
    and unpacking registries fails"""


def copyfileobj(fsrc, fdst, length=0):
    """copy data from file-like object fsrc to file-like object fdst"""
    if not length:
        length = COPY_BUFSIZE
    while True:
        buf = fsrc.read(length)
        if not buf:
            break
        fdst.write(buf)


def _samefile(src, dst):
    if isinstance(src, os.DirEntry):
        try:
            return os.path.samestat(src.stat(), os.stat(dst))
        except OSError:
            return False
    try:
        return os.path.samefile(src, dst)
    except OSError:
        return False


def _stat(fn):
    return fn.stat() if isinstance(fn, os.DirEntry) else os.stat(fn)


def _islink(fn):
    return fn.is_symlink() if isinstance(fn, os.DirEntry) else os.path.islink(fn)


def _copy_fd(src_fd, dst_fd):
    """Every byte from src_fd to dst_fd, in the kernel: copy_file_range,
    or sendfile where the file systems refuse it."""
    try:
        while os.copy_file_range(src_fd, dst_fd, 1 << 30):
            pass
        return
    except OSError as e:
        if e.errno not in (18, 22, 38, 95):  # EXDEV, EINVAL, ENOSYS, EOPNOTSUPP
            raise
    offset = os.lseek(src_fd, 0, os.SEEK_CUR)
    while True:
        sent = os.sendfile(dst_fd, src_fd, offset, 1 << 30)
        if not sent:
            break
        offset += sent


def copyfile(src, dst, *, follow_symlinks=True):
    """Copy data from src to dst in the most efficient way possible.

    If follow_symlinks is not set and src is a symbolic link, a new
    symlink will be created instead of copying the file it points to."""
    if _samefile(src, dst):
        raise SameFileError("{!r} and {!r} are the same file".format(src, dst))
    for i, fn in enumerate([src, dst]):
        try:
            st = _stat(fn)
        except OSError:
            pass
        else:
            if stat.S_ISFIFO(st.st_mode):
                fn = fn.path if isinstance(fn, os.DirEntry) else fn
                raise SpecialFileError("`%s` is a named pipe" % fn)
    if not follow_symlinks and _islink(src):
        os.symlink(os.readlink(src), dst)
        return dst
    src_fd = os.open(src, os.O_RDONLY)
    try:
        try:
            dst_fd = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        except IsADirectoryError as e:
            if not os.path.exists(dst):
                raise FileNotFoundError(f'Directory does not exist: {dst}') from e
            raise
        try:
            _copy_fd(src_fd, dst_fd)
        finally:
            os.close(dst_fd)
    finally:
        os.close(src_fd)
    return dst


def copymode(src, dst, *, follow_symlinks=True):
    """Copy mode bits from src to dst."""
    if not follow_symlinks and _islink(src) and os.path.islink(dst):
        return
    st = _stat(src) if follow_symlinks else os.lstat(src)
    os.chmod(dst, stat.S_IMODE(st.st_mode))


def copystat(src, dst, *, follow_symlinks=True):
    """Copy file metadata: permission bits, last access time, last
    modification time (not extended attributes)."""
    follow = follow_symlinks or not (_islink(src) and os.path.islink(dst))
    if isinstance(src, os.DirEntry):
        st = src.stat(follow_symlinks=follow)
    else:
        st = os.stat(src, follow_symlinks=follow)
    mode = stat.S_IMODE(st.st_mode)
    os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns), follow_symlinks=follow)
    if follow:
        os.chmod(dst, mode)


def copy(src, dst, *, follow_symlinks=True):
    """Copy data and mode bits ("cp src dst"). Return the file's destination."""
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copymode(src, dst, follow_symlinks=follow_symlinks)
    return dst


def copy2(src, dst, *, follow_symlinks=True):
    """Copy data and metadata. Return the file's destination."""
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copystat(src, dst, follow_symlinks=follow_symlinks)
    return dst


def ignore_patterns(*patterns):
    """Function that can be used as copytree() ignore parameter."""
    def _ignore_patterns(path, names):
        ignored_names = []
        for pattern in patterns:
            ignored_names.extend(fnmatch.filter(names, pattern))
        return set(ignored_names)
    return _ignore_patterns


def _copytree(entries, src, dst, symlinks, ignore, copy_function, ignore_dangling_symlinks,
              dirs_exist_ok=False):
    if ignore is not None:
        ignored_names = ignore(os.fspath(src), [x.name for x in entries])
    else:
        ignored_names = set()
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    errors = []
    for srcentry in entries:
        if srcentry.name in ignored_names:
            continue
        srcname = os.path.join(src, srcentry.name)
        dstname = os.path.join(dst, srcentry.name)
        try:
            is_symlink = srcentry.is_symlink()
            if is_symlink:
                linkto = os.readlink(srcname)
                if symlinks:
                    os.symlink(linkto, dstname)
                    copystat(srcentry, dstname, follow_symlinks=not symlinks)
                else:
                    if not os.path.exists(linkto) and ignore_dangling_symlinks:
                        continue
                    if srcentry.is_dir():
                        copytree(srcname, dstname, symlinks, ignore, copy_function,
                                 ignore_dangling_symlinks, dirs_exist_ok)
                    else:
                        copy_function(srcname, dstname)
            elif srcentry.is_dir():
                copytree(srcname, dstname, symlinks, ignore, copy_function,
                         ignore_dangling_symlinks, dirs_exist_ok)
            else:
                copy_function(srcname, dstname)
        except Error as err:
            errors.extend(err.args[0])
        except OSError as why:
            errors.append((srcname, dstname, str(why)))
    try:
        copystat(src, dst)
    except OSError as why:
        if getattr(why, 'winerror', None) is None:
            errors.append((src, dst, str(why)))
    if errors:
        raise Error(errors)
    return dst


def copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2,
             ignore_dangling_symlinks=False, dirs_exist_ok=False):
    """Recursively copy a directory tree and return the destination directory."""
    with os.scandir(src) as itr:
        entries = list(itr)
    return _copytree(entries=entries, src=src, dst=dst, symlinks=symlinks,
                     ignore=ignore, copy_function=copy_function,
                     ignore_dangling_symlinks=ignore_dangling_symlinks,
                     dirs_exist_ok=dirs_exist_ok)


def _exc_info(e):
    return type(e), e, e.__traceback__


def _rmtree_walk(path, onerror):
    try:
        with os.scandir(path) as scandir_it:
            entries = list(scandir_it)
    except OSError as e:
        onerror(os.scandir, path, _exc_info(e))
        entries = []
    for entry in entries:
        fullname = entry.path
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError:
            is_dir = False
        if is_dir:
            try:
                if entry.is_symlink():
                    raise OSError("Cannot call rmtree on a symbolic link")
            except OSError as e:
                onerror(os.path.islink, fullname, _exc_info(e))
                continue
            _rmtree_walk(fullname, onerror)
        else:
            try:
                os.unlink(fullname)
            except OSError as e:
                onerror(os.unlink, fullname, _exc_info(e))
    try:
        os.rmdir(path)
    except OSError as e:
        onerror(os.rmdir, path, _exc_info(e))


def rmtree(path, ignore_errors=False, onerror=None, *, dir_fd=None):
    """Recursively delete a directory tree.

    If ignore_errors is set, errors are ignored; otherwise, if onerror is
    set, it is called to handle the error with arguments (func, path,
    exc_info) where func is the function that failed; otherwise the error
    is raised."""
    if ignore_errors:
        def onerror(*args):
            pass
    elif onerror is None:
        def onerror(*args):
            raise args[2][1]
    if dir_fd is not None:
        raise NotImplementedError("dir_fd unavailable on this platform")
    try:
        st = os.lstat(path)
    except Exception as e:
        onerror(os.lstat, path, _exc_info(e))
        return
    try:
        if stat.S_ISLNK(st.st_mode):
            raise OSError("Cannot call rmtree on a symbolic link")
    except OSError as e:
        onerror(os.path.islink, path, _exc_info(e))
        return
    _rmtree_walk(path, onerror)


rmtree.avoids_symlink_attacks = False


def _basename(path):
    path = os.fspath(path)
    sep = os.path.sep + (os.path.altsep or '')
    return os.path.basename(path.rstrip(sep))


def _destinsrc(src, dst):
    src = os.path.abspath(src)
    dst = os.path.abspath(dst)
    if not src.endswith(os.path.sep):
        src += os.path.sep
    if not dst.endswith(os.path.sep):
        dst += os.path.sep
    return dst.startswith(src)


def move(src, dst, copy_function=copy2):
    """Recursively move a file or directory to another location (like
    the Unix "mv" command). Return the file or directory's destination."""
    real_dst = dst
    if os.path.isdir(dst):
        if _samefile(src, dst):
            os.rename(src, dst)
            return
        real_dst = os.path.join(dst, _basename(src))
        if os.path.exists(real_dst):
            raise Error("Destination path '%s' already exists" % real_dst)
    try:
        os.rename(src, real_dst)
    except OSError:
        if os.path.islink(src):
            linkto = os.readlink(src)
            os.symlink(linkto, real_dst)
            os.unlink(src)
        elif os.path.isdir(src):
            if _destinsrc(src, dst):
                raise Error("Cannot move a directory '%s' into itself '%s'." % (src, dst))
            copytree(src, real_dst, copy_function=copy_function, symlinks=True)
            rmtree(src)
        else:
            copy_function(src, real_dst)
            os.unlink(src)
    return real_dst


class _DiskUsage:
    """usage(total, used, free): what disk_usage returns, a named triple."""

    def __init__(self, total, used, free):
        self.total = total
        self.used = used
        self.free = free

    def __iter__(self):
        return iter((self.total, self.used, self.free))

    def __len__(self):
        return 3

    def __getitem__(self, i):
        return (self.total, self.used, self.free)[i]

    def __eq__(self, other):
        return tuple(self) == tuple(other)

    def __repr__(self):
        return 'usage(total=%r, used=%r, free=%r)' % (self.total, self.used, self.free)


def disk_usage(path):
    """Return disk usage statistics about the given path: total, used and
    free space in bytes."""
    st = os.statvfs(path)
    free = st.f_bavail * st.f_frsize
    total = st.f_blocks * st.f_frsize
    used = (st.f_blocks - st.f_bfree) * st.f_frsize
    return _DiskUsage(total, used, free)


def _id_of(name, path_file):
    try:
        fd = os.open(path_file, os.O_RDONLY)
        try:
            text = posix._read_all(fd)
        finally:
            os.close(fd)
    except OSError:
        return None
    for line in text.split('\n'):
        parts = line.split(':')
        if len(parts) > 2 and parts[0] == name:
            return int(parts[2])
    return None


def chown(path, user=None, group=None):
    """Change owner user and group of the given path (names or ids)."""
    if user is None and group is None:
        raise ValueError("user and/or group must be set")
    _user = user
    _group = group
    if user is None:
        _user = -1
    elif isinstance(user, str):
        _user = _id_of(user, '/etc/passwd')
        if _user is None:
            raise LookupError("no such user: {!r}".format(user))
    if group is None:
        _group = -1
    elif not isinstance(group, int):
        _group = _id_of(group, '/etc/group')
        if _group is None:
            raise LookupError("no such group: {!r}".format(group))
    os.chown(path, _user, _group)


def get_terminal_size(fallback=(80, 24)):
    """Get the size of the terminal window: $COLUMNS and $LINES first,
    then the terminal of standard output, then fallback."""
    try:
        columns = int(os.environ['COLUMNS'])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ['LINES'])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(1)
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size(fallback)
        if columns <= 0:
            columns = size.columns or fallback[0]
        if lines <= 0:
            lines = size.lines or fallback[1]
    return os.terminal_size((columns, lines))


def _access_check(fn, mode):
    return (os.path.exists(fn) and os.access(fn, mode) and not os.path.isdir(fn))


def which(cmd, mode=os.F_OK | os.X_OK, path=None):
    """Given a command, mode, and a PATH string, return the path which
    conforms to the given mode on the PATH, or None if there is no such
    file."""
    if os.path.dirname(cmd):
        if _access_check(cmd, mode):
            return cmd
        return None
    if path is None:
        path = os.environ.get("PATH", None)
        if path is None:
            try:
                path = os.confstr("CS_PATH")
            except (AttributeError, ValueError):
                path = os.defpath
    if not path:
        return None
    path = os.fsdecode(path)
    path = path.split(os.pathsep)
    files = [cmd]
    seen = set()
    for dir in path:
        normdir = os.path.normcase(dir)
        if normdir not in seen:
            seen.add(normdir)
            for thefile in files:
                name = os.path.join(dir, thefile)
                if _access_check(name, mode):
                    return name
    return None


# ---- archive formats: a registry, empty until zipfile/tarfile exist -----------

_ARCHIVE_FORMATS = {}
_UNPACK_FORMATS = {}


def get_archive_formats():
    """Returns a list of supported formats for archiving and unarchiving."""
    formats = [(name, registry[2]) for name, registry in _ARCHIVE_FORMATS.items()]
    formats.sort()
    return formats


def register_archive_format(name, function, extra_args=None, description=''):
    """Registers an archive format."""
    if extra_args is None:
        extra_args = []
    if not callable(function):
        raise TypeError('The %s object is not callable' % function)
    if not isinstance(extra_args, (tuple, list)):
        raise TypeError('extra_args needs to be a sequence')
    for element in extra_args:
        if not isinstance(element, (tuple, list)) or len(element) != 2:
            raise TypeError('extra_args elements are : (arg_name, value)')
    _ARCHIVE_FORMATS[name] = (function, extra_args, description)


def unregister_archive_format(name):
    del _ARCHIVE_FORMATS[name]


def make_archive(base_name, format, root_dir=None, base_dir=None, verbose=0, dry_run=0,
                 owner=None, group=None, logger=None):
    """Create an archive file (eg. zip or tar) with a registered format."""
    try:
        format_info = _ARCHIVE_FORMATS[format]
    except KeyError:
        raise ValueError("unknown archive format '%s'" % format) from None
    save_cwd = None
    if root_dir is not None:
        save_cwd = os.getcwd()
        base_name = os.path.abspath(os.fspath(base_name))
        if not dry_run:
            os.chdir(root_dir)
    if base_dir is None:
        base_dir = os.curdir
    kwargs = {'dry_run': dry_run, 'logger': logger}
    func = format_info[0]
    for arg, val in format_info[1]:
        kwargs[arg] = val
    if format != 'zip':
        kwargs['owner'] = owner
        kwargs['group'] = group
    try:
        filename = func(base_name, base_dir, **kwargs)
    finally:
        if save_cwd is not None:
            os.chdir(save_cwd)
    return filename


def get_unpack_formats():
    """Returns a list of supported formats for unpacking."""
    formats = [(name, info[0], info[3]) for name, info in _UNPACK_FORMATS.items()]
    formats.sort()
    return formats


def register_unpack_format(name, extensions, function, extra_args=None, description=''):
    """Registers an unpack format."""
    if extra_args is None:
        extra_args = []
    existing_extensions = {}
    for fmt, info in _UNPACK_FORMATS.items():
        for ext in info[0]:
            existing_extensions[ext] = fmt
    for extension in extensions:
        if extension in existing_extensions:
            msg = '%s is already registered for "%s"'
            raise RegistryError(msg % (extension, existing_extensions[extension]))
    if not callable(function):
        raise TypeError('The registered function must be a callable')
    _UNPACK_FORMATS[name] = extensions, function, extra_args, description


def unregister_unpack_format(name):
    """Removes the pack format from the registry."""
    del _UNPACK_FORMATS[name]


def unpack_archive(filename, extract_dir=None, format=None):
    """Unpack an archive with a registered format."""
    if extract_dir is None:
        extract_dir = os.getcwd()
    extract_dir = os.fspath(extract_dir)
    filename = os.fspath(filename)
    if format is not None:
        try:
            format_info = _UNPACK_FORMATS[format]
        except KeyError:
            raise ValueError("Unknown unpack format '{0}'".format(format)) from None
        func = format_info[1]
        func(filename, extract_dir, **dict(format_info[2]))
        return
    for name, info in _UNPACK_FORMATS.items():
        for extension in info[0]:
            if filename.endswith(extension):
                info[1](filename, extract_dir, **dict(info[2]))
                return
    raise ReadError("Unknown archive format '{0}'".format(filename))
