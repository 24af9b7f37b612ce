# stat.py: Python's stat module: the constants of st_mode and the
# functions that read it (S_ISDIR, S_IMODE, filemode, ...), with the
# values Linux and CPython 3.11 give them.

ST_ATIME = 7
ST_CTIME = 9
ST_DEV = 2
ST_GID = 5
ST_INO = 1
ST_MODE = 0
ST_MTIME = 8
ST_NLINK = 3
ST_SIZE = 6
ST_UID = 4

S_ENFMT = 1024
S_IEXEC = 0o100
S_IFBLK = 0o60000
S_IFCHR = 0o20000
S_IFDIR = 0o40000
S_IFDOOR = 0
S_IFIFO = 0o10000
S_IFLNK = 0o120000
S_IFPORT = 0
S_IFREG = 0o100000
S_IFSOCK = 0o140000
S_IFWHT = 0
S_IREAD = 0o400
S_IRGRP = 0o40
S_IROTH = 4
S_IRUSR = 0o400
S_IRWXG = 0o70
S_IRWXO = 7
S_IRWXU = 0o700
S_ISGID = 0o2000
S_ISUID = 0o4000
S_ISVTX = 0o1000
S_IWGRP = 0o20
S_IWOTH = 2
S_IWRITE = 0o200
S_IWUSR = 0o200
S_IXGRP = 0o10
S_IXOTH = 1
S_IXUSR = 0o100

SF_APPEND = 0o1000000
SF_ARCHIVED = 0o200000
SF_IMMUTABLE = 0o400000
SF_NOUNLINK = 0o4000000
SF_SNAPSHOT = 0o10000000
UF_APPEND = 4
UF_COMPRESSED = 0o40
UF_HIDDEN = 0o100000
UF_IMMUTABLE = 2
UF_NODUMP = 1
UF_NOUNLINK = 0o20
UF_OPAQUE = 0o10

FILE_ATTRIBUTE_ARCHIVE = 32
FILE_ATTRIBUTE_COMPRESSED = 2048
FILE_ATTRIBUTE_DEVICE = 64
FILE_ATTRIBUTE_DIRECTORY = 16
FILE_ATTRIBUTE_ENCRYPTED = 16384
FILE_ATTRIBUTE_HIDDEN = 2
FILE_ATTRIBUTE_INTEGRITY_STREAM = 32768
FILE_ATTRIBUTE_NORMAL = 128
FILE_ATTRIBUTE_NOT_CONTENT_INDEXED = 8192
FILE_ATTRIBUTE_NO_SCRUB_DATA = 131072
FILE_ATTRIBUTE_OFFLINE = 4096
FILE_ATTRIBUTE_READONLY = 1
FILE_ATTRIBUTE_REPARSE_POINT = 1024
FILE_ATTRIBUTE_SPARSE_FILE = 512
FILE_ATTRIBUTE_SYSTEM = 4
FILE_ATTRIBUTE_TEMPORARY = 256
FILE_ATTRIBUTE_VIRTUAL = 65536


def S_IMODE(mode):
    """Return the portion of the file's mode that can be set by os.chmod()."""
    return mode & 0o7777


def S_IFMT(mode):
    """Return the portion of the file's mode that describes the file type."""
    return mode & 0o170000


def S_ISDIR(mode):
    """Return True if mode is from a directory."""
    return S_IFMT(mode) == S_IFDIR


def S_ISCHR(mode):
    """Return True if mode is from a character special device file."""
    return S_IFMT(mode) == S_IFCHR


def S_ISBLK(mode):
    """Return True if mode is from a block special device file."""
    return S_IFMT(mode) == S_IFBLK


def S_ISREG(mode):
    """Return True if mode is from a regular file."""
    return S_IFMT(mode) == S_IFREG


def S_ISFIFO(mode):
    """Return True if mode is from a FIFO (named pipe)."""
    return S_IFMT(mode) == S_IFIFO


def S_ISLNK(mode):
    """Return True if mode is from a symbolic link."""
    return S_IFMT(mode) == S_IFLNK


def S_ISSOCK(mode):
    """Return True if mode is from a socket."""
    return S_IFMT(mode) == S_IFSOCK


def S_ISDOOR(mode):
    """Return True if mode is from a door (never on Linux)."""
    return False


def S_ISPORT(mode):
    """Return True if mode is from an event port (never on Linux)."""
    return False


def S_ISWHT(mode):
    """Return True if mode is from a whiteout (never on Linux)."""
    return False


# filemode's columns: for each, the bits to test in order and their letter
_FILEMODE_COLUMNS = (
    ((S_IFLNK, 'l'), (S_IFSOCK, 's'), (S_IFREG, '-'), (S_IFBLK, 'b'),
     (S_IFDIR, 'd'), (S_IFCHR, 'c'), (S_IFIFO, 'p')),
    ((S_IRUSR, 'r'),),
    ((S_IWUSR, 'w'),),
    ((S_IXUSR | S_ISUID, 's'), (S_ISUID, 'S'), (S_IXUSR, 'x')),
    ((S_IRGRP, 'r'),),
    ((S_IWGRP, 'w'),),
    ((S_IXGRP | S_ISGID, 's'), (S_ISGID, 'S'), (S_IXGRP, 'x')),
    ((S_IROTH, 'r'),),
    ((S_IWOTH, 'w'),),
    ((S_IXOTH | S_ISVTX, 't'), (S_ISVTX, 'T'), (S_IXOTH, 'x')),
)


def filemode(mode):
    """Convert a file's mode to a string of the form '-rwxrwxrwx'."""
    out = []
    for i, column in enumerate(_FILEMODE_COLUMNS):
        for bits, char in column:
            if (i == 0 and S_IFMT(mode) == bits) or (i > 0 and mode & bits == bits):
                out.append(char)
                break
        else:
            out.append('?' if i == 0 else '-')  # no file type bits: CPython's '?'
    return ''.join(out)
