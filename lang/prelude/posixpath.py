# posixpath.py: os.path on POSIX systems, written for cgrad after CPython
# 3.11's documented results, edge cases included ('' and '.', a leading
# '//', trailing slashes): the pure string functions (join, split,
# normpath, relpath, commonpath, ...) and the ones that ask the file
# system (exists, isdir, getsize, realpath, ismount, ...).
# Not here: bytes paths (no bytes type yet), so the "Can't mix strings
# and bytes" TypeErrors never arise.

# posix, not os: os imports this module, and a module cannot import
# the one that is importing it (posix has the same fspath, stat, environ)
import posix as os
import sys
import stat
import genericpath
from genericpath import *

curdir = '.'
pardir = '..'
extsep = '.'
sep = '/'
pathsep = ':'
defpath = '/bin:/usr/bin'
altsep = None
devnull = '/dev/null'
supports_unicode_filenames = False


def _check_str(funcname, *args):
    for arg in args:
        if not isinstance(arg, str):
            raise TypeError(f'{funcname}() argument must be str, bytes, or '
                            f'os.PathLike object, not {arg.__class__.__name__!r}') from None


def normcase(s):
    """Normalize case of pathname.  Has no effect under Posix"""
    return os.fspath(s)


def isabs(s):
    """Test whether a path is absolute"""
    s = os.fspath(s)
    return s.startswith('/')


def join(a, *p):
    """Join two or more pathname components, inserting '/' as needed.
    If any component is an absolute path, all previous path components
    will be discarded.  An empty last part will result in a path that
    ends with a separator."""
    a = os.fspath(a)
    path = a
    for b in p:
        b = os.fspath(b)
        if not isinstance(b, str) or not isinstance(a, str):
            _check_str('join', a, *p)
        if b.startswith('/'):
            path = b
        elif not path or path.endswith('/'):
            path += b
        else:
            path += '/' + b
    return path


def split(p):
    """Split a pathname.  Returns tuple "(head, tail)" where "tail" is
    everything after the final slash.  Either part may be empty."""
    p = os.fspath(p)
    i = p.rfind('/') + 1
    head, tail = p[:i], p[i:]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head, tail


def splitext(p):
    """Split the extension from a pathname.

    Extension is everything from the last dot to the end, ignoring
    leading dots.  Returns "(root, ext)"; ext may be empty."""
    p = os.fspath(p)
    return genericpath._splitext(p, '/', None, '.')


def splitdrive(p):
    """Split a pathname into drive and path. On Posix, drive is always
    empty."""
    p = os.fspath(p)
    return p[:0], p


def basename(p):
    """Returns the final component of a pathname"""
    p = os.fspath(p)
    i = p.rfind('/') + 1
    return p[i:]


def dirname(p):
    """Returns the directory component of a pathname"""
    p = os.fspath(p)
    i = p.rfind('/') + 1
    head = p[:i]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head


def islink(path):
    """Test whether a path is a symbolic link"""
    try:
        st = os.lstat(path)
    except (OSError, ValueError, AttributeError):
        return False
    return stat.S_ISLNK(st.st_mode)


def lexists(path):
    """Test whether a path exists.  Returns True for broken symbolic links"""
    try:
        os.lstat(path)
    except (OSError, ValueError):
        return False
    return True


def ismount(path):
    """Test whether a path is a mount point"""
    try:
        s1 = os.lstat(path)
    except (OSError, ValueError):
        return False
    else:
        if stat.S_ISLNK(s1.st_mode):
            return False
    path = os.fspath(path)
    parent = realpath(join(path, '..'))
    try:
        s2 = os.lstat(parent)
    except (OSError, ValueError):
        return False
    if s1.st_dev != s2.st_dev:
        return True
    if s1.st_ino == s2.st_ino:
        return True
    return False


def expanduser(path):
    """Expand ~ and ~user constructions.  If user or $HOME is unknown,
    do nothing."""
    path = os.fspath(path)
    if not path.startswith('~'):
        return path
    i = path.find('/', 1)
    if i < 0:
        i = len(path)
    if i == 1:
        if 'HOME' not in os.environ:
            userhome = _home_of_uid(os.getuid())
            if userhome is None:
                return path
        else:
            userhome = os.environ['HOME']
    else:
        userhome = _home_of_name(path[1:i])
        if userhome is None:
            return path
    userhome = userhome.rstrip('/')
    return (userhome + path[i:]) or '/'


def _passwd_entries():
    try:
        with open('/etc/passwd') as f:
            text = f.read()
    except (OSError, NameError):
        return []
    return [line.split(':') for line in text.split('\n') if line.count(':') >= 6]


def _home_of_uid(uid):
    for fields in _passwd_entries():
        if fields[2] == str(uid):
            return fields[5]
    return None


def _home_of_name(name):
    for fields in _passwd_entries():
        if fields[0] == name:
            return fields[5]
    return None


def _var_name_end(path, i):
    while i < len(path) and (path[i].isalnum() and path[i].isascii() or path[i] == '_'):
        i += 1
    return i


def expandvars(path):
    """Expand shell variables of form $var and ${var}.  Unknown variables
    are left unchanged."""
    path = os.fspath(path)
    if '$' not in path:
        return path
    out = []
    i = 0
    n = len(path)
    while i < n:
        c = path[i]
        if c != '$':
            out.append(c)
            i += 1
            continue
        if i + 1 < n and path[i + 1] == '{':
            close = path.find('}', i + 2)
            name = path[i + 2:close] if close >= 0 else ''
            if close < 0 or not name or _var_name_end(name, 0) != len(name):
                # CPython's pattern ${[^}]*}: any text up to the brace
                if close >= 0 and name and name in os.environ:
                    out.append(os.environ[name])
                    i = close + 1
                    continue
                out.append(c)
                i += 1
                continue
            if name in os.environ:
                out.append(os.environ[name])
            else:
                out.append(path[i:close + 1])
            i = close + 1
            continue
        end = _var_name_end(path, i + 1)
        name = path[i + 1:end]
        if name and name in os.environ:
            out.append(os.environ[name])
        else:
            out.append(path[i:end] if name else c)
        i = end if name else i + 1
    return ''.join(out)


def normpath(path):
    """Normalize path, eliminating double slashes, etc."""
    path = os.fspath(path)
    if path == '':
        return '.'
    initial_slashes = 2 if path.startswith('//') and not path.startswith('///') else (
        1 if path.startswith('/') else 0)
    new_comps = []
    for comp in path.split('/'):
        if comp in ('', '.'):
            continue
        if (comp != '..' or (not initial_slashes and not new_comps) or
                (new_comps and new_comps[-1] == '..')):
            new_comps.append(comp)
        elif new_comps:
            new_comps.pop()
    path = '/'.join(new_comps)
    if initial_slashes:
        path = '/' * initial_slashes + path
    return path or '.'


def abspath(path):
    """Return an absolute path."""
    path = os.fspath(path)
    if not isabs(path):
        path = join(os.getcwd(), path)
    return normpath(path)


def realpath(filename, *, strict=False):
    """Return the canonical path of the specified filename, eliminating any
    symbolic links encountered in the path."""
    filename = os.fspath(filename)
    path, ok = _joinrealpath(filename[:0], filename, strict, {})
    return abspath(path)


def _joinrealpath(path, rest, strict, seen):
    if isabs(rest):
        rest = rest[1:]
        path = sep
    while rest:
        name, _, rest = rest.partition(sep)
        if not name or name == curdir:
            continue
        if name == pardir:
            if path:
                path, name = split(path)
                if name == pardir:
                    path = join(path, pardir, pardir)
            else:
                path = pardir
            continue
        newpath = join(path, name)
        try:
            st = os.lstat(newpath)
        except OSError:
            if strict:
                raise
            is_link = False
        else:
            is_link = stat.S_ISLNK(st.st_mode)
        if not is_link:
            path = newpath
            continue
        if newpath in seen:
            path = seen[newpath]
            if path is not None:
                continue
            if strict:
                os.stat(newpath)
            else:
                return join(newpath, rest), False
        seen[newpath] = None
        path, ok = _joinrealpath(path, os.readlink(newpath), strict, seen)
        if not ok:
            return join(path, rest), False
        seen[newpath] = path
    return path, True


def relpath(path, start=None):
    """Return a relative version of a path"""
    if not path:
        raise ValueError("no path specified")
    path = os.fspath(path)
    if start is None:
        start = curdir
    else:
        start = os.fspath(start)
    start_list = [x for x in abspath(start).split(sep) if x]
    path_list = [x for x in abspath(path).split(sep) if x]
    i = len(commonprefix([start_list, path_list]))
    rel_list = [pardir] * (len(start_list) - i) + path_list[i:]
    if not rel_list:
        return curdir
    return join(*rel_list)


def commonpath(paths):
    """Given a sequence of path names, returns the longest common sub-path."""
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    paths = tuple(map(os.fspath, paths))
    split_paths = [path.split(sep) for path in paths]
    try:
        isabs_, = set(p[:1] == sep for p in paths)
    except ValueError:
        raise ValueError("Can't mix absolute and relative paths") from None
    split_paths = [[c for c in s if c and c != curdir] for s in split_paths]
    s1 = min(split_paths)
    s2 = max(split_paths)
    common = s1
    for i, c in enumerate(s1):
        if c != s2[i]:
            common = s1[:i]
            break
    prefix = sep if isabs_ else sep[:0]
    return prefix + sep.join(common)
