# platform.py: what Python's platform module tells about the machine and
# the interpreter, for cgrad on Linux: system, node, release, version,
# machine, processor, uname (a named 5-tuple with processor), platform(),
# architecture, libc_ver, freedesktop_os_release, and the python_* facts
# (version '3.11.2', as sys.version says; implementation 'CPython', the
# language cgrad follows).
# Not here: the answers of other systems (java_ver, mac_ver, win32_ver
# give CPython's empty answers on Linux).

import collections
import functools
import itertools
import os
import re
import sys

__version__ = '1.0.8'

_PYTHON_VERSION = sys.version.split()[0]


class uname_result:
    """uname_result(system, node, release, version, machine), with the
    processor as a sixth item read on demand."""

    _fields = ('system', 'node', 'release', 'version', 'machine')

    def __init__(self, system, node, release, version, machine):
        self.system = system
        self.node = node
        self.release = release
        self.version = version
        self.machine = machine

    @property
    def processor(self):
        return processor()

    def _items(self):
        return (self.system, self.node, self.release, self.version, self.machine, self.processor)

    def __iter__(self):
        return iter(self._items())

    def __getitem__(self, key):
        return self._items()[key]

    def __len__(self):
        return 6

    def __eq__(self, other):
        return tuple(self) == tuple(other)

    def __hash__(self):
        return hash(tuple(self))

    def __repr__(self):
        return ('uname_result(system=%r, node=%r, release=%r, version=%r, machine=%r)'
                % (self.system, self.node, self.release, self.version, self.machine))


_uname_cache = None


def uname():
    """Fairly portable uname interface: (system, node, release, version,
    machine, processor)."""
    global _uname_cache
    if _uname_cache is None:
        u = os.uname()
        _uname_cache = uname_result(u.sysname, u.nodename, u.release, u.version, u.machine)
    return _uname_cache


def system():
    """Returns the system/OS name, e.g. 'Linux'."""
    return uname().system


def node():
    """Returns the computer's network name."""
    return uname().node


def release():
    """Returns the system's release, e.g. '2.2.0'."""
    return uname().release


def version():
    """Returns the system's release version."""
    return uname().version


def machine():
    """Returns the machine type, e.g. 'x86_64'."""
    return uname().machine


def processor():
    """Returns the (true) processor name; on Linux CPython asks `uname -p`
    and gives '' when it answers 'unknown'."""
    import subprocess
    try:
        out = subprocess.run(['uname', '-p'], capture_output=True, text=True).stdout.strip()
    except OSError:
        return ''
    return '' if out == 'unknown' else out


def architecture(executable=sys.executable if hasattr(sys, 'executable') else '', bits='', linkage=''):
    """(bits, linkage) of the interpreter's executable: ('64bit', 'ELF')."""
    if not bits:
        bits = '64bit'
    if not linkage:
        linkage = 'ELF'
    return bits, linkage


def libc_ver(executable=None, lib='', version='', chunksize=16384):
    """The C library the interpreter is linked against: ('glibc', '2.36')."""
    try:
        ver = os.confstr('CS_GNU_LIBC_VERSION')
        name, ver = ver.split()
    except (AttributeError, ValueError, OSError):
        return lib, version
    return name, ver


def platform(aliased=False, terse=False):
    """A single string identifying the underlying platform, as CPython's
    on Linux: 'Linux-<release>-<machine>-with-glibc<version>'."""
    system_, node_, release_, version_, machine_, processor_ = uname()
    if terse:
        return '-'.join((system_, release_))
    libcname, libcversion = libc_ver()
    return '-'.join((system_, release_, machine_, 'with', libcname + libcversion))


def system_alias(system, release, version):
    """Returns (system, release, version) aliased to common marketing names
    (nothing to alias on Linux)."""
    return system, release, version


def python_version():
    """The Python version as 'major.minor.patchlevel'."""
    return _PYTHON_VERSION


def python_version_tuple():
    """The Python version as tuple (major, minor, patchlevel) of strings."""
    return tuple(_PYTHON_VERSION.split('.'))


def python_implementation():
    """The Python implementation cgrad follows: 'CPython'."""
    return 'CPython'


def python_branch():
    return ''


def python_revision():
    return ''


def python_build():
    """(buildno, builddate) of the interpreter: cgrad's name and no date."""
    return ('cgrad', '')


def python_compiler():
    """The compiler that built the interpreter."""
    return 'GCC'


def java_ver(release='', vendor='', vminfo=('', '', ''), osinfo=('', '', '')):
    return release, vendor, vminfo, osinfo


def mac_ver(release='', versioninfo=('', '', ''), machine=''):
    return release, versioninfo, machine


def win32_ver(release='', version='', csd='', ptype=''):
    return release, version, csd, ptype


def win32_edition():
    return None


def win32_is_iot():
    return False


_os_release_cache = None


def freedesktop_os_release():
    """The fields of /etc/os-release (or /usr/lib/os-release) as a dict."""
    global _os_release_cache
    if _os_release_cache is None:
        import subprocess
        for candidate in ('/etc/os-release', '/usr/lib/os-release'):
            if os.path.isfile(candidate):
                text = subprocess.run(['cat', candidate], capture_output=True, text=True).stdout
                break
        else:
            raise OSError(2, 'Unable to read files /etc/os-release, /usr/lib/os-release')
        info = {'NAME': 'Linux', 'ID': 'linux', 'PRETTY_NAME': 'Linux'}
        for line in text.split('\n'):
            line = line.strip()
            if not line or line.startswith('#') or '=' not in line:
                continue
            key, value = line.split('=', 1)
            if len(value) >= 2 and value[0] == value[-1] and value[0] in '"\'':
                value = value[1:-1]
            info[key] = value
        _os_release_cache = info
    return dict(_os_release_cache)
