/* posix_fd.c: the posix functions over file descriptors: open, close,
 * dup, lseek, pipe, fsync, ftruncate, fstat, isatty, the inheritable and
 * blocking flags, lockf, fallocate/fadvise, as CPython 3.11's os on Linux.
 * Descriptors cgrad opens are not inherited by children (O_CLOEXEC), as
 * PEP 446 has it.
 *
 * Not here: read/write and the other calls that take or give bytes (no
 * bytes type yet). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <pty.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <utmp.h>
#include <unistd.h>

#include "runtime/containers.h"
#include "runtime/gil.h"
#include "runtime/lang_internal.h"
#include "stdlib/posix.h"

CG_POSIX_INT_FUNC(close, "close(fd)", 1, { return cg_posix_none_or_error(close((int)v[0])); })
CG_POSIX_INT_FUNC(closerange, "closerange(fd_low, fd_high, /)", 2, {
    for (int64_t fd = v[0]; fd < v[1]; fd++)
        close((int)fd);
    return CG_NONE;
})
CG_POSIX_INT_FUNC(dup, "dup(fd, /)", 1, { return cg_posix_int_or_error(fcntl((int)v[0], F_DUPFD_CLOEXEC, 0)); })
CG_POSIX_INT_FUNC(lseek, "lseek(fd, position, whence, /)", 3,
                  { return cg_posix_int_or_error(lseek((int)v[0], v[1], (int)v[2])); })
CG_POSIX_INT_FUNC(fsync, "fsync(fd)", 1, { return cg_posix_none_or_error(fsync((int)v[0])); })
CG_POSIX_INT_FUNC(fdatasync, "fdatasync(fd)", 1, { return cg_posix_none_or_error(fdatasync((int)v[0])); })
CG_POSIX_INT_FUNC(ftruncate, "ftruncate(fd, length, /)", 2,
                  { return cg_posix_none_or_error(ftruncate((int)v[0], v[1])); })
CG_POSIX_INT_FUNC(fchdir, "fchdir(fd)", 1, { return cg_posix_none_or_error(fchdir((int)v[0])); })
CG_POSIX_INT_FUNC(fchmod, "fchmod(fd, mode)", 2, { return cg_posix_none_or_error(fchmod((int)v[0], (mode_t)v[1])); })
CG_POSIX_INT_FUNC(fchown, "fchown(fd, uid, gid)", 3,
                  { return cg_posix_none_or_error(fchown((int)v[0], (uid_t)v[1], (gid_t)v[2])); })
CG_POSIX_INT_FUNC(isatty, "isatty(fd, /)", 1, { return cg_bool(isatty((int)v[0])); })
CG_POSIX_INT_FUNC(lockf, "lockf(fd, command, length, /)", 3,
                  { return cg_posix_none_or_error(lockf((int)v[0], (int)v[1], v[2])); })
CG_POSIX_INT_FUNC(posix_fallocate, "posix_fallocate(fd, offset, len, /)", 3, {
    int e = posix_fallocate((int)v[0], v[1], v[2]);
    return e ? cg_posix_error(e, NULL, NULL) : CG_NONE;
})
CG_POSIX_INT_FUNC(posix_fadvise, "posix_fadvise(fd, offset, len, advice, /)", 4, {
    int e = posix_fadvise((int)v[0], v[1], v[2], (int)v[3]);
    return e ? cg_posix_error(e, NULL, NULL) : CG_NONE;
})
CG_POSIX_INT_FUNC(get_inheritable, "get_inheritable(fd, /)", 1, {
    int flags = fcntl((int)v[0], F_GETFD);
    return flags < 0 ? cg_posix_error(errno, NULL, NULL) : cg_bool(!(flags & FD_CLOEXEC));
})
CG_POSIX_INT_FUNC(get_blocking, "get_blocking(fd, /)", 1, {
    int flags = fcntl((int)v[0], F_GETFL);
    return flags < 0 ? cg_posix_error(errno, NULL, NULL) : cg_bool(!(flags & O_NONBLOCK));
})
CG_POSIX_INT_FUNC(ttyname, "ttyname(fd, /)", 1, {
    char buf[256];
    int e = ttyname_r((int)v[0], buf, sizeof buf);
    return e ? cg_posix_error(e, NULL, NULL) : cg_str_from_c(buf);
})
CG_POSIX_INT_FUNC(device_encoding, "device_encoding(fd)", 1,
                  { return isatty((int)v[0]) ? cg_str_from_c("UTF-8") : CG_NONE; })
CG_POSIX_INT_FUNC(fstat, "fstat(fd)", 1, {
    struct stat st;
    return fstat((int)v[0], &st) < 0 ? cg_posix_error(errno, NULL, NULL) : cg_stat_result_of(&st);
})

static int set_fd_flag(int fd, int get, int set, int flag, bool on) {
    int flags = fcntl(fd, get);
    if (flags < 0)
        return -1;
    return fcntl(fd, set, on ? flags | flag : flags & ~flag);
}

CG_POSIX_INT_FUNC(set_inheritable, "set_inheritable(fd, inheritable, /)", 2,
                  { return cg_posix_none_or_error(set_fd_flag((int)v[0], F_GETFD, F_SETFD, FD_CLOEXEC, !v[1])); })
CG_POSIX_INT_FUNC(set_blocking, "set_blocking(fd, blocking, /)", 2,
                  { return cg_posix_none_or_error(set_fd_flag((int)v[0], F_GETFL, F_SETFL, O_NONBLOCK, !v[1])); })

static cg_value posix_dup2(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"dup2", NULL, "dup2(fd, fd2, inheritable=True)", NULL};
    cg_value x[3];
    int fd, fd2, inh;
    if (cg_args_bind(&def, a, x, 3) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (cg_posix_int(x[0], &fd) == 0 && cg_posix_int(x[1], &fd2) == 0 && (inh = cg_truth(x[2])) >= 0)
        r = cg_posix_int_or_error(inh ? dup2(fd, fd2) : dup3(fd, fd2, O_CLOEXEC));
    cg_args_release(&def, x, 3);
    return r;
}

static cg_value fd_pair(int fds[2]) {
    cg_value r = cg_tuple_pack(2, cg_int(fds[0]), cg_int(fds[1]));
    return r;
}

static cg_value posix_pipe(cg_value self, const cg_args *a) {
    int fds[2];
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "pipe() takes no arguments (%d given)", a->npos + a->nkw);
    return pipe2(fds, O_CLOEXEC) < 0 ? cg_posix_error(errno, NULL, NULL) : fd_pair(fds);
}

CG_POSIX_INT_FUNC(pipe2, "pipe2(flags, /)", 1, {
    int fds[2];
    return pipe2(fds, (int)v[0]) < 0 ? cg_posix_error(errno, NULL, NULL) : fd_pair(fds);
})

/* ---- Linux's own descriptor calls ---------------------------------------------- */

CG_POSIX_INT_FUNC(eventfd, "eventfd(initval, flags=524288)", 2,
                  { return cg_posix_int_or_error(eventfd((unsigned)v[0], (int)v[1])); })
CG_POSIX_INT_FUNC(eventfd_read, "eventfd_read(fd)", 1, {
    eventfd_t value;
    return eventfd_read((int)v[0], &value) < 0 ? cg_posix_error(errno, NULL, NULL) : cg_int((int64_t)value);
})
CG_POSIX_INT_FUNC(eventfd_write, "eventfd_write(fd, value)", 2,
                  { return cg_posix_none_or_error(eventfd_write((int)v[0], (eventfd_t)v[1])); })
CG_POSIX_INT_FUNC(pidfd_open, "pidfd_open(pid, flags=0)", 2,
                  { return cg_posix_int_or_error(syscall(SYS_pidfd_open, (pid_t)v[0], (unsigned)v[1])); })
CG_POSIX_INT_FUNC(login_tty, "login_tty(fd, /)", 1, { return cg_posix_none_or_error(login_tty((int)v[0])); })
CG_POSIX_INT_FUNC(sendfile, "sendfile(out_fd, in_fd, offset, count)", 4, {
    off_t off = (off_t)v[2];
    return cg_posix_int_or_error(sendfile((int)v[0], (int)v[1], &off, (size_t)v[3]));
})
/* copy_file_range and splice: offsets of None read from (and move) the
 * descriptors' own positions */
static int offset_arg(cg_value v, loff_t *off, loff_t **ptr) {
    int64_t i;
    *ptr = NULL;
    if (cg_is_none(v))
        return 0;
    if (cg_index_value(v, &i) < 0)
        return -1;
    *off = i;
    *ptr = off;
    return 0;
}

static cg_value range_copy(const cg_args *a, bool is_splice) {
    static const cg_method_def dcopy = {"copy_file_range", NULL,
                                        "copy_file_range(src, dst, count, offset_src=None, offset_dst=None)", NULL};
    static const cg_method_def dsplice = {"splice", NULL,
                                          "splice(src, dst, count, offset_src=None, offset_dst=None, flags=0)", NULL};
    const cg_method_def *def = is_splice ? &dsplice : &dcopy;
    int n = is_splice ? 6 : 5, src, dst, flags = 0;
    int64_t count;
    loff_t o1, o2, *p1, *p2;
    cg_value x[6];
    if (cg_args_bind(def, a, x, n) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (cg_posix_int(x[0], &src) == 0 && cg_posix_int(x[1], &dst) == 0 && cg_index_value(x[2], &count) == 0
        && offset_arg(x[3], &o1, &p1) == 0 && offset_arg(x[4], &o2, &p2) == 0
        && (!is_splice || cg_posix_int(x[5], &flags) == 0)) {
        if (count < 0)
            r = cg_raise(&cg_exc_ValueError, "count must be non-negative");
        else
            r = cg_posix_int_or_error(is_splice ? splice(src, p1, dst, p2, (size_t)count, (unsigned)flags)
                                                : copy_file_range(src, p1, dst, p2, (size_t)count, 0));
    }
    cg_args_release(def, x, n);
    return r;
}

static cg_value posix_copy_file_range(cg_value self, const cg_args *a) { return range_copy(a, false); }
static cg_value posix_splice(cg_value self, const cg_args *a) { return range_copy(a, true); }

static cg_value posix_memfd_create(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"memfd_create", NULL, "memfd_create(name, flags=1)", NULL};
    cg_value x[2];
    int flags;
    if (cg_args_bind(&def, a, x, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR, name = cg_fspath(x[0]);
    if (!cg_is_err(name)) {
        if (cg_posix_int(x[1], &flags) == 0)
            r = cg_posix_int_or_error(memfd_create(cg_str_cstr(name), (unsigned)flags));
        cg_decref(name);
    }
    cg_args_release(&def, x, 2);
    return r;
}

static cg_value posix_openpty(cg_value self, const cg_args *a) {
    int fds[2];
    (void)a;
    if (openpty(&fds[0], &fds[1], NULL, NULL, NULL) < 0)
        return cg_posix_error(errno, NULL, NULL);
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return fd_pair(fds);
}

static cg_value posix_forkpty(cg_value self, const cg_args *a) {
    int fd = -1;
    (void)a;
    pid_t pid = forkpty(&fd, NULL, NULL, NULL);
    if (pid < 0)
        return cg_posix_error(errno, NULL, NULL);
    return cg_tuple_pack(2, cg_int(pid), cg_int(fd));
}

/* open(path, flags, mode=0o777, *, dir_fd=None): O_CLOEXEC always, as
 * CPython's (PEP 446). */
static cg_value posix_open(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"open", NULL, "open(path, flags, mode=511, *, dir_fd=None)", NULL};
    cg_value x[4];
    cg_path p;
    int flags, mode, dfd = AT_FDCWD;
    if (cg_args_bind(&def, a, x, 4) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (cg_posix_int(x[1], &flags) == 0 && cg_posix_int(x[2], &mode) == 0
        && (cg_is_none(x[3]) || cg_posix_int(x[3], &dfd) == 0) && cg_path_arg("open", "path", x[0], 0, &p) == 0) {
        int fd = openat(dfd, p.s, flags | O_CLOEXEC, (mode_t)mode);
        r = fd < 0 ? cg_posix_error(errno, &p, NULL) : cg_int(fd);
        cg_path_release(&p);
    }
    cg_args_release(&def, x, 4);
    return r;
}

/* ---- text over descriptors, for os.popen and subprocess ------------------------ */

/* _read_all(fd): everything up to end of file as str (UTF-8, bad bytes
 * as U+FFFD). The stand-in for os.read until bytes exist. */
cg_value cg_posix_decode(const char *s, size_t n);
cg_value cg_posix_decode(const char *s, size_t n) {
    cg_strbuf b = {0};
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        bool ok = len > 0 && i + (size_t)len <= n;
        for (int k = 1; ok && k < len; k++)
            ok = ((unsigned char)s[i + k] >> 6) == 2;
        if (ok && len > 1) {
            int64_t j = (int64_t)i;
            uint32_t cp = cg_cp_next(s, (int64_t)n, &j);
            ok = (len == 2 && cp >= 0x80) || (len == 3 && cp >= 0x800 && (cp < 0xd800 || cp > 0xdfff))
                 || (len == 4 && cp >= 0x10000 && cp <= 0x10ffff);
        }
        if (ok) {
            cg_strbuf_append(&b, s + i, (size_t)len);
            i += (size_t)len;
        } else {
            cg_strbuf_puts(&b, "\xef\xbf\xbd");
            i++;
        }
    }
    return cg_str_from_strbuf(&b);
}

static cg_value posix_read_all(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"_read_all", NULL, "_read_all(fd, /)", NULL};
    int64_t v[1];
    if (cg_posix_int_args(&def, a, v, 1) < 0)
        return CG_ERR;
    cg_strbuf b = {0};
    char buf[65536];
    for (;;) {
        bool unlocked = cg_gil_unlock(); /* a pipe may wait long: other threads run meanwhile */
        ssize_t n = read((int)v[0], buf, sizeof buf);
        cg_gil_relock(unlocked);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            cg_strbuf_free(&b);
            return cg_posix_error(errno, NULL, NULL);
        }
        if (n == 0)
            break;
        cg_strbuf_append(&b, buf, (size_t)n);
    }
    cg_value r = cg_posix_decode(b.data ? b.data : "", b.len);
    cg_strbuf_free(&b);
    return r;
}

/* _write_str(fd, s): writes all of s's UTF-8; the count of bytes. */
static cg_value posix_write_str(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"_write_str", NULL, "_write_str(fd, s, /)", NULL};
    cg_value x[2];
    int fd;
    if (cg_args_bind(&def, a, x, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (cg_posix_int(x[0], &fd) == 0) {
        if (!cg_is_str(x[1])) {
            r = cg_raise(&cg_exc_TypeError, "_write_str() argument 2 must be str, not %s", cg_type_name(x[1]));
        } else {
            cg_str *s = cg_as_str(x[1]);
            int64_t done = 0;
            while (done < s->len) {
                bool unlocked = cg_gil_unlock(); /* s is immutable and held by the call */
                ssize_t n = write(fd, s->s + done, (size_t)(s->len - done));
                cg_gil_relock(unlocked);
                if (n < 0 && errno == EINTR)
                    continue;
                if (n < 0)
                    break;
                done += n;
            }
            r = done < s->len ? cg_posix_error(errno, NULL, NULL) : cg_int(done);
        }
    }
    cg_args_release(&def, x, 2);
    return r;
}

const cg_method_def cg_posix_fd_methods[] = {
    {"open", posix_open, NULL, "Open a file for low level IO.  Returns a file descriptor (integer)."},
    {"close", posix_close, NULL, "Close a file descriptor."},
    {"closerange", posix_closerange, NULL, "Closes all file descriptors in [fd_low, fd_high), ignoring errors."},
    {"dup", posix_dup, NULL, "Return a duplicate of a file descriptor."},
    {"dup2", posix_dup2, NULL, "Duplicate file descriptor."},
    {"lseek", posix_lseek, NULL, "Set the position of a file descriptor.  Return the new position."},
    {"fsync", posix_fsync, NULL, "Force write of fd to disk."},
    {"fdatasync", posix_fdatasync, NULL, "Force write of fd to disk without forcing update of metadata."},
    {"ftruncate", posix_ftruncate, NULL, "Truncate a file, specified by file descriptor, to a specific length."},
    {"fchdir", posix_fchdir, NULL, "Change to the directory of the given file descriptor."},
    {"fchmod", posix_fchmod, NULL, "Change the access permissions of the file given by file descriptor fd."},
    {"fchown", posix_fchown, NULL, "Change the owner and group id of the file specified by file descriptor."},
    {"fstat", posix_fstat, NULL, "Perform a stat system call on the given file descriptor."},
    {"isatty", posix_isatty, NULL, "Return True if the fd is connected to a terminal."},
    {"ttyname", posix_ttyname, NULL, "Return the name of the terminal device connected to 'fd'."},
    {"device_encoding", posix_device_encoding, NULL,
     "Return a string describing the encoding of a terminal's file descriptor."},
    {"lockf", posix_lockf, NULL, "Apply, test or remove a POSIX lock on an open file descriptor."},
    {"posix_fallocate", posix_posix_fallocate, NULL,
     "Ensure a file has allocated at least a particular number of bytes on disk."},
    {"posix_fadvise", posix_posix_fadvise, NULL, "Announce an intention to access data in a specific pattern."},
    {"get_inheritable", posix_get_inheritable, NULL, "Get the close-on-exe flag of the specified file descriptor."},
    {"set_inheritable", posix_set_inheritable, NULL, "Set the inheritable flag of the specified file descriptor."},
    {"get_blocking", posix_get_blocking, NULL, "Get the blocking mode of the file descriptor."},
    {"set_blocking", posix_set_blocking, NULL, "Set the blocking mode of the specified file descriptor."},
    {"pipe", posix_pipe, NULL, "Create a pipe."},
    {"eventfd", posix_eventfd, NULL, "Creates and returns an event notification file descriptor."},
    {"eventfd_read", posix_eventfd_read, NULL, "Read eventfd value"},
    {"eventfd_write", posix_eventfd_write, NULL, "Write eventfd value."},
    {"pidfd_open", posix_pidfd_open, NULL, "Return a file descriptor referring to the process *pid*."},
    {"login_tty", posix_login_tty, NULL, "Prepare the tty of which fd is a file descriptor for a new login session."},
    {"sendfile", posix_sendfile, NULL, "Copy count bytes from file descriptor in_fd to file descriptor out_fd."},
    {"copy_file_range", posix_copy_file_range, NULL, "Copy count bytes from one file descriptor to another."},
    {"splice", posix_splice, NULL, "Transfer count bytes from one pipe to a descriptor or vice versa."},
    {"memfd_create", posix_memfd_create, NULL, "Create an anonymous file and return a descriptor for it."},
    {"openpty", posix_openpty, NULL, "Open a pseudo-terminal."},
    {"forkpty", posix_forkpty, NULL, "Fork a new process with a new pseudo-terminal as controlling tty."},
    {"pipe2", posix_pipe2, NULL, "Create a pipe with flags set atomically."},
    {"_read_all", posix_read_all, NULL, "Read a descriptor to its end, as str."},
    {"_write_str", posix_write_str, NULL, "Write a str's UTF-8 to a descriptor."},
    {NULL},
};
