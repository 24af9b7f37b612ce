# os: the posix calls on a fresh directory of its own: stat and its
# result, mkdir/rmdir/unlink/rename/replace, links, chmod, utime,
# descriptors, scandir's DirEntry, makedirs/removedirs/renames, and the
# errors a user meets (ENOENT, EEXIST, ENOTDIR, EISDIR, ENOTEMPTY).
import os
import stat
import tempfile
import shutil

top = tempfile.mkdtemp(prefix='cgrad-os-')
home = os.getcwd()
os.chdir(top)


def show_error(fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except OSError as e:
        print(type(e).__name__, e.errno, e.strerror, e.filename, e.filename2, '|', e)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)


try:
    print(os.name, os.sep, os.altsep, os.extsep, os.pathsep, repr(os.linesep), os.curdir, os.pardir,
          os.devnull, os.defpath, os.error is OSError, os.path.__name__)
    print(os.SEEK_SET, os.SEEK_CUR, os.SEEK_END, os.O_RDONLY, os.O_WRONLY, os.O_RDWR, os.O_CREAT,
          os.O_EXCL, os.O_TRUNC, os.O_APPEND, os.O_DIRECTORY, os.O_CLOEXEC, os.F_OK, os.R_OK,
          os.W_OK, os.X_OK, os.WNOHANG, os.EX_OK, os.EX_USAGE)
    print(os.getcwd() == top, os.path.samefile(os.getcwd(), top))

    os.mkdir('d')
    fd = os.open('d/f.txt', os.O_CREAT | os.O_WRONLY, 0o644)
    print(type(fd).__name__, os.isatty(fd), os.get_inheritable(fd), os.get_blocking(fd))
    os.ftruncate(fd, 10)
    print(os.lseek(fd, 0, os.SEEK_END), os.fstat(fd).st_size)
    os.close(fd)
    show_error(os.close, fd)

    st = os.stat('d/f.txt')
    print(type(st).__name__, type(st).__module__, len(st), st.st_size, st[stat.ST_SIZE],
          stat.S_ISREG(st.st_mode), stat.S_ISDIR(st.st_mode), stat.S_IMODE(st.st_mode) == 0o644 & ~os.umask(0o022))
    print(isinstance(st.st_mtime, float), isinstance(st[8], int), st.st_mtime_ns // 1000000000 == st[8],
          st.st_nlink, st.st_uid == os.getuid(), st.st_blksize > 0, st.st_blocks >= 0)
    print(repr(st).startswith('os.stat_result(st_mode='), repr(st).endswith(')'), 'st_mtime=' in repr(st))
    print(os.stat_result(range(10))[3], os.stat_result(range(10)).st_nlink)
    show_error(os.stat_result, (1, 2))
    try:
        st.st_size = 3
    except AttributeError as e:
        print('AttributeError', e)
    print(os.access('d/f.txt', os.F_OK), os.access('d/nope', os.F_OK), os.access('d', os.W_OK))

    show_error(os.stat, 'nope')
    show_error(os.stat, None)
    show_error(os.mkdir, 3)
    show_error(os.listdir, 3.0)
    show_error(os.stat, 'a\0b')
    show_error(os.mkdir, 'd')
    show_error(os.rmdir, 'd')
    show_error(os.rmdir, 'd/f.txt')
    show_error(os.unlink, 'd')
    show_error(os.listdir, 'd/f.txt')
    show_error(os.rename, 'missing', 'other')
    show_error(os.mkdir, 'missing/sub')
    show_error(os.open, 'd/f.txt', os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    show_error(os.open, 'd', os.O_WRONLY)
    show_error(os.readlink, 'd/f.txt')
    show_error(os.chdir, 'nope')

    os.rename('d/f.txt', 'd/g.txt')
    os.replace('d/g.txt', 'd/h.txt')
    os.link('d/h.txt', 'd/hard.txt')
    os.symlink('h.txt', 'd/soft.txt')
    print(sorted(os.listdir('d')), os.stat('d/h.txt').st_nlink, os.readlink('d/soft.txt'))
    print(os.path.islink('d/soft.txt'), stat.S_ISLNK(os.lstat('d/soft.txt').st_mode),
          os.stat('d/soft.txt').st_ino == os.stat('d/h.txt').st_ino)
    os.chmod('d/h.txt', 0o600)
    print(oct(stat.S_IMODE(os.stat('d/h.txt').st_mode)), stat.filemode(os.stat('d/h.txt').st_mode),
          stat.filemode(os.stat('d').st_mode)[0])
    os.utime('d/h.txt', (1000000000, 1500000000.25))
    st = os.stat('d/h.txt')
    print(st.st_atime, st.st_mtime, st[8], st.st_mtime_ns)
    os.utime('d/h.txt', ns=(5, 2000000000123456789))
    print(os.stat('d/h.txt').st_mtime_ns)
    os.truncate('d/h.txt', 3)
    print(os.path.getsize('d/h.txt'))

    with os.scandir('d') as it:
        entries = sorted(it, key=lambda e: e.name)
    for e in entries:
        print(repr(e), e.name, e.path, e.is_file(), e.is_dir(), e.is_symlink(), e.is_file(follow_symlinks=False),
              e.inode() == os.lstat(e.path).st_ino, e.stat().st_size, os.fspath(e))
    print(sorted(e.name for e in os.scandir()), [e.path for e in os.scandir('.')])
    os.unlink('d/soft.txt')
    os.remove('d/hard.txt')

    os.makedirs('a/b/c')
    show_error(os.makedirs, 'a/b/c')
    os.makedirs('a/b/c', exist_ok=True)
    show_error(os.makedirs, 'd/h.txt/x')
    show_error(os.makedirs, 'd/h.txt', exist_ok=True)
    os.removedirs('a/b/c')
    print(os.path.exists('a'))
    os.renames('d/h.txt', 'n1/n2/h.txt')
    print(os.path.exists('d'), os.listdir('n1/n2'))

    print(os.fspath('x'), os.fspath(entries[0]) == entries[0].path, os.fsdecode('y'))
    show_error(os.fspath, 3)

    class P:
        def __fspath__(self):
            return 'n1'
    print(os.fspath(P()), os.path.isdir(P()), os.listdir(P()))

    r, w = os.pipe()
    print(os.get_inheritable(r), os.get_inheritable(w))
    os.set_inheritable(r, True)
    print(os.get_inheritable(r))
    os.close(r)
    os.close(w)
    print(os.strerror(2), os.strerror(17))
    print(os.WIFEXITED(0), os.WEXITSTATUS(3 << 8), os.WIFSIGNALED(9), os.WTERMSIG(9),
          os.waitstatus_to_exitcode(3 << 8), os.waitstatus_to_exitcode(9))
    print(os.major(os.makedev(8, 1)), os.minor(os.makedev(8, 1)))
    print(os.getpid() > 0, os.getppid() > 0, os.getuid() >= 0, os.cpu_count() > 0, len(os.getloadavg()),
          os.uname().sysname, type(os.uname()).__name__, len(os.times()), os.times().elapsed > 0)
    print(os.get_exec_path({'PATH': '/x:/y'}), os.get_exec_path({}))
    print(os.sysconf('SC_PAGESIZE') > 0, os.confstr('CS_PATH') is not None, 'SC_CLK_TCK' in os.sysconf_names)
finally:
    os.chdir(home)
    shutil.rmtree(top)
print(os.path.exists(top))
