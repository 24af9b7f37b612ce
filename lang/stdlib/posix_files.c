/* posix_files.c: the posix functions over paths: stat and its result,
 * access, chdir/getcwd, mkdir/rmdir, unlink/remove, rename/replace, link,
 * symlink, readlink, chmod, chown, utime, truncate, mkfifo, mknod, listdir,
 * statvfs, pathconf, as CPython 3.11's os on Linux. Each takes dir_fd= and
 * follow_symlinks= where CPython does, through the *at system calls.
 *
 * Not here: descriptors (posix_fd.c), scandir (posix_scandir.c). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <unistd.h>

#include "runtime/containers.h"
#include "runtime/lang_internal.h"
#include "stdlib/posix.h"

/* ---- stat_result -------------------------------------------------------- */

static const char *const stat_names[] = {
    "st_mode",     "st_ino",      "st_dev",     "st_nlink",  "st_uid",   "st_gid",   "st_size",
    NULL,          NULL,          NULL,         "st_atime",  "st_mtime", "st_ctime", "st_atime_ns",
    "st_mtime_ns", "st_ctime_ns", "st_blksize", "st_blocks", "st_rdev",
};
/* The three integer times are items 7..9 and print as st_atime=...; the
 * attributes st_atime.. are the float ones (CPython's layout). */
static const char *const stat_repr_names[] = {"st_mode", "st_ino",  "st_dev",   "st_nlink", "st_uid",
                                              "st_gid",  "st_size", "st_atime", "st_mtime", "st_ctime"};
cg_structseq_type cg_stat_result_type =
    CG_STRUCTSEQ_TYPE("os", "stat_result", "os.stat_result", stat_names, 10, 19, stat_repr_names);

static double ts_float(struct timespec ts) { return (double)ts.tv_sec + ts.tv_nsec * 1e-9; }
static int64_t ts_ns(struct timespec ts) { return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec; }

cg_value cg_stat_result_of(const struct stat *st) {
    cg_value v[19] = {
        cg_int(st->st_mode),
        cg_int((int64_t)st->st_ino),
        cg_int((int64_t)st->st_dev),
        cg_int((int64_t)st->st_nlink),
        cg_int(st->st_uid),
        cg_int(st->st_gid),
        cg_int(st->st_size),
        cg_int(st->st_atim.tv_sec),
        cg_int(st->st_mtim.tv_sec),
        cg_int(st->st_ctim.tv_sec),
        cg_float(ts_float(st->st_atim)),
        cg_float(ts_float(st->st_mtim)),
        cg_float(ts_float(st->st_ctim)),
        cg_int(ts_ns(st->st_atim)),
        cg_int(ts_ns(st->st_mtim)),
        cg_int(ts_ns(st->st_ctim)),
        cg_int(st->st_blksize),
        cg_int(st->st_blocks),
        cg_int((int64_t)st->st_rdev),
    };
    return cg_structseq_new(&cg_stat_result_type, v);
}

/* ---- shared argument readers ------------------------------------------------ */

/* dir_fd=None is AT_FDCWD */
static int dir_fd_arg(cg_value v, int *out) {
    if (cg_is_none(v)) {
        *out = AT_FDCWD;
        return 0;
    }
    return cg_posix_int(v, out);
}

static int mode_arg(cg_value v, int *out) { return cg_posix_int(v, out); }

/* These two end a function whose bound arguments are x[] under the
 * signature defp. A def is never copied: argparse caches the parsed
 * signature by the def's address. */
#define PATH_OR_FAIL(fn, argname, v, flags, p)                     \
    do {                                                           \
        if (cg_path_arg(fn, argname, v, flags, p) < 0) {           \
            cg_args_release(defp, x, (int)(sizeof x / sizeof *x)); \
            return CG_ERR;                                         \
        }                                                          \
    } while (0)

#define DONE(result)                                           \
    do {                                                       \
        cg_args_release(defp, x, (int)(sizeof x / sizeof *x)); \
        return (result);                                       \
    } while (0)

/* ---- stat, lstat, access ---------------------------------------------------- */

static cg_value do_stat(const char *name, const cg_method_def *pdef, const cg_args *a, bool lstat_) {
    const cg_method_def *defp = pdef;
    cg_value x[3];
    cg_path p;
    int dfd, follow;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (dir_fd_arg(x[1], &dfd) < 0 || (follow = cg_truth(x[2])) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL(name, "path", x[0], lstat_ ? 0 : CG_PATH_FD, &p);
    struct stat st;
    int rc = p.is_fd ? fstat(p.fd, &st) : fstatat(dfd, p.s, &st, follow && !lstat_ ? 0 : AT_SYMLINK_NOFOLLOW);
    cg_value r = rc < 0 ? cg_posix_error(errno, &p, NULL) : cg_stat_result_of(&st);
    cg_path_release(&p);
    DONE(r);
}

static const cg_method_def stat_def = {"stat", NULL, "stat(path, *, dir_fd=None, follow_symlinks=True)", NULL};
static const cg_method_def lstat_def = {"lstat", NULL, "lstat(path, *, dir_fd=None, follow_symlinks=True)", NULL};

static cg_value posix_stat(cg_value self, const cg_args *a) { return do_stat("stat", &stat_def, a, false); }
static cg_value posix_lstat(cg_value self, const cg_args *a) { return do_stat("lstat", &lstat_def, a, true); }

static cg_value posix_access(cg_value self, const cg_args *a) {
    static const cg_method_def def = {
        "access", NULL, "access(path, mode, *, dir_fd=None, effective_ids=False, follow_symlinks=True)", NULL};
    const cg_method_def *defp = &def;
    cg_value x[5];
    cg_path p;
    int mode, dfd, follow, eff;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (mode_arg(x[1], &mode) < 0 || dir_fd_arg(x[2], &dfd) < 0 || (eff = cg_truth(x[3])) < 0
        || (follow = cg_truth(x[4])) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL("access", "path", x[0], 0, &p);
    int flags = (follow ? 0 : AT_SYMLINK_NOFOLLOW) | (eff ? AT_EACCESS : 0);
    int rc = faccessat(dfd, p.s, mode, flags);
    cg_path_release(&p);
    DONE(cg_bool(rc == 0));
}

/* ---- the working directory -------------------------------------------------- */

static cg_value posix_getcwd(cg_value self, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "getcwd() takes no arguments (%d given)", a->npos + a->nkw);
    char *buf = getcwd(NULL, 0);
    if (!buf)
        return cg_posix_error(errno, NULL, NULL);
    cg_value r = cg_str_from_c(buf);
    free(buf);
    return r;
}

static cg_value posix_chdir(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"chdir", NULL, "chdir(path)", NULL};
    const cg_method_def *defp = &def;
    cg_value x[1];
    cg_path p;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    PATH_OR_FAIL("chdir", "path", x[0], CG_PATH_FD, &p);
    int rc = p.is_fd ? fchdir(p.fd) : chdir(p.s);
    cg_value r = rc < 0 ? cg_posix_error(errno, &p, NULL) : CG_NONE;
    cg_path_release(&p);
    DONE(r);
}

static cg_value posix_chroot(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"chroot", NULL, "chroot(path)", NULL};
    const cg_method_def *defp = &def;
    cg_value x[1];
    cg_path p;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    PATH_OR_FAIL("chroot", "path", x[0], 0, &p);
    cg_value r = chroot(p.s) < 0 ? cg_posix_error(errno, &p, NULL) : CG_NONE;
    cg_path_release(&p);
    DONE(r);
}

/* ---- making and removing ------------------------------------------------------ */

/* mkdir and mkfifo (defp): path, mode, dir_fd, made by make (mkdirat,
 * mkfifoat). */
static cg_value make_at(const cg_method_def *defp, const cg_args *a, int (*make)(int, const char *, mode_t)) {
    cg_value x[3];
    cg_path p;
    int mode, dfd;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (mode_arg(x[1], &mode) < 0 || dir_fd_arg(x[2], &dfd) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL(defp->name, "path", x[0], 0, &p);
    cg_value r = make(dfd, p.s, (mode_t)mode) < 0 ? cg_posix_error(errno, &p, NULL) : CG_NONE;
    cg_path_release(&p);
    DONE(r);
}

static cg_value posix_mkdir(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"mkdir", NULL, "mkdir(path, mode=511, *, dir_fd=None)", NULL};
    return make_at(&def, a, mkdirat);
}

static cg_value posix_mkfifo(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"mkfifo", NULL, "mkfifo(path, mode=438, *, dir_fd=None)", NULL};
    return make_at(&def, a, mkfifoat);
}

static cg_value posix_mknod(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"mknod", NULL, "mknod(path, mode=384, device=0, *, dir_fd=None)", NULL};
    const cg_method_def *defp = &def;
    cg_value x[4];
    cg_path p;
    int mode, dfd;
    int64_t dev;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (mode_arg(x[1], &mode) < 0 || cg_index_value(x[2], &dev) < 0 || dir_fd_arg(x[3], &dfd) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL("mknod", "path", x[0], 0, &p);
    cg_value r = mknodat(dfd, p.s, (mode_t)mode, (dev_t)dev) < 0 ? cg_posix_error(errno, &p, NULL) : CG_NONE;
    cg_path_release(&p);
    DONE(r);
}

/* rmdir, unlink and remove: one path, dir_fd, an *at call with flags */
static cg_value remove_common(const cg_method_def *pdef, const cg_args *a, int at_flags) {
    const cg_method_def *defp = pdef;
    cg_value x[2];
    cg_path p;
    int dfd;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (dir_fd_arg(x[1], &dfd) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL(defp->name, "path", x[0], 0, &p);
    cg_value r = unlinkat(dfd, p.s, at_flags) < 0 ? cg_posix_error(errno, &p, NULL) : CG_NONE;
    cg_path_release(&p);
    DONE(r);
}

static cg_value posix_rmdir(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"rmdir", NULL, "rmdir(path, *, dir_fd=None)", NULL};
    return remove_common(&def, a, AT_REMOVEDIR);
}
static cg_value posix_unlink(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"unlink", NULL, "unlink(path, *, dir_fd=None)", NULL};
    return remove_common(&def, a, 0);
}
static cg_value posix_remove(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"remove", NULL, "remove(path, *, dir_fd=None)", NULL};
    return remove_common(&def, a, 0);
}

/* rename, replace, link: two paths, each with its own dir_fd */
static cg_value two_paths(const cg_method_def *pdef, const cg_args *a, int kind) {
    const cg_method_def *defp = pdef;
    cg_value x[4];
    cg_path p, q;
    int d1, d2;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (dir_fd_arg(x[2], &d1) < 0 || dir_fd_arg(x[3], &d2) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL(defp->name, "src", x[0], 0, &p);
    if (cg_path_arg(defp->name, "dst", x[1], 0, &q) < 0) {
        cg_path_release(&p);
        DONE(CG_ERR);
    }
    int rc = kind == 0 ? renameat(d1, p.s, d2, q.s) : linkat(d1, p.s, d2, q.s, 0);
    cg_value r = rc < 0 ? cg_posix_error(errno, &p, &q) : CG_NONE;
    cg_path_release(&p);
    cg_path_release(&q);
    DONE(r);
}

static cg_value posix_rename(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"rename", NULL, "rename(src, dst, *, src_dir_fd=None, dst_dir_fd=None)", NULL};
    return two_paths(&def, a, 0);
}
static cg_value posix_replace(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"replace", NULL, "replace(src, dst, *, src_dir_fd=None, dst_dir_fd=None)", NULL};
    return two_paths(&def, a, 0);
}
static cg_value posix_link(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"link", NULL, "link(src, dst, *, src_dir_fd=None, dst_dir_fd=None)", NULL};
    return two_paths(&def, a, 1);
}

static cg_value posix_symlink(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"symlink", NULL, "symlink(src, dst, target_is_directory=False, *, dir_fd=None)",
                                      NULL};
    const cg_method_def *defp = &def;
    cg_value x[4];
    cg_path p, q;
    int dfd;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (dir_fd_arg(x[3], &dfd) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL("symlink", "src", x[0], 0, &p);
    if (cg_path_arg("symlink", "dst", x[1], 0, &q) < 0) {
        cg_path_release(&p);
        DONE(CG_ERR);
    }
    cg_value r = symlinkat(p.s, dfd, q.s) < 0 ? cg_posix_error(errno, &p, &q) : CG_NONE;
    cg_path_release(&p);
    cg_path_release(&q);
    DONE(r);
}

static cg_value posix_readlink(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"readlink", NULL, "readlink(path, *, dir_fd=None)", NULL};
    const cg_method_def *defp = &def;
    cg_value x[2];
    cg_path p;
    int dfd;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (dir_fd_arg(x[1], &dfd) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL("readlink", "path", x[0], 0, &p);
    char buf[PATH_MAX + 1];
    ssize_t n = readlinkat(dfd, p.s, buf, sizeof buf - 1);
    cg_value r = n < 0 ? cg_posix_error(errno, &p, NULL) : cg_str_new(buf, (size_t)n);
    cg_path_release(&p);
    DONE(r);
}

/* ---- changing what a file is -------------------------------------------------- */

static cg_value posix_chmod(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"chmod", NULL, "chmod(path, mode, *, dir_fd=None, follow_symlinks=True)", NULL};
    const cg_method_def *defp = &def;
    cg_value x[4];
    cg_path p;
    int mode, dfd, follow;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (mode_arg(x[1], &mode) < 0 || dir_fd_arg(x[2], &dfd) < 0 || (follow = cg_truth(x[3])) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL("chmod", "path", x[0], CG_PATH_FD, &p);
    int rc = p.is_fd ? fchmod(p.fd, (mode_t)mode) : fchmodat(dfd, p.s, (mode_t)mode, follow ? 0 : AT_SYMLINK_NOFOLLOW);
    cg_value r = rc < 0 ? cg_posix_error(errno, &p, NULL) : CG_NONE;
    cg_path_release(&p);
    DONE(r);
}

static cg_value chown_common(const cg_method_def *pdef, const cg_args *a, bool nofollow) {
    const cg_method_def *defp = pdef;
    cg_value x[5];
    cg_path p;
    int uid, gid, dfd, follow;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (cg_posix_int(x[1], &uid) < 0 || cg_posix_int(x[2], &gid) < 0 || dir_fd_arg(x[3], &dfd) < 0
        || (follow = cg_truth(x[4])) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL(defp->name, "path", x[0], nofollow ? 0 : CG_PATH_FD, &p);
    int rc = p.is_fd ? fchown(p.fd, (uid_t)uid, (gid_t)gid)
                     : fchownat(dfd, p.s, (uid_t)uid, (gid_t)gid, follow && !nofollow ? 0 : AT_SYMLINK_NOFOLLOW);
    cg_value r = rc < 0 ? cg_posix_error(errno, &p, NULL) : CG_NONE;
    cg_path_release(&p);
    DONE(r);
}

static cg_value posix_chown(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"chown", NULL, "chown(path, uid, gid, *, dir_fd=None, follow_symlinks=True)",
                                      NULL};
    return chown_common(&def, a, false);
}
static cg_value posix_lchown(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"lchown", NULL, "lchown(path, uid, gid, dir_fd=None, follow_symlinks=True)",
                                      NULL};
    return chown_common(&def, a, true);
}

/* utime(path, times=None, *, ns=..., dir_fd=None, follow_symlinks=True) */
static int times_arg(cg_value times, cg_value ns, struct timespec ts[2]) {
    if (!cg_is_none(times) && !cg_is_none(ns))
        return cg_raise_int(&cg_exc_ValueError, "utime: you may specify either 'times' or 'ns' but not both");
    cg_value t = cg_is_none(times) ? ns : times;
    if (cg_is_none(t)) {
        ts[0].tv_nsec = ts[1].tv_nsec = UTIME_NOW;
        ts[0].tv_sec = ts[1].tv_sec = 0;
        return 0;
    }
    if (!cg_is_tuple(t) || cg_as_tuple(t)->len != 2)
        return cg_raise_int(&cg_exc_TypeError, cg_is_none(times)
                                                   ? "utime: 'ns' must be a tuple of two ints"
                                                   : "utime: 'times' must be either a tuple of two ints or None");
    for (int i = 0; i < 2; i++) {
        cg_value v = cg_as_tuple(t)->items[i];
        if (!cg_is_none(ns)) {
            int64_t n;
            if (cg_index_value(v, &n) < 0)
                return -1;
            ts[i].tv_sec = n / 1000000000;
            ts[i].tv_nsec = n % 1000000000;
            if (ts[i].tv_nsec < 0) {
                ts[i].tv_nsec += 1000000000;
                ts[i].tv_sec--;
            }
            continue;
        }
        double d;
        if (cg_float_value(v, &d) < 0)
            return -1;
        double sec = d >= 0 ? (double)(int64_t)d : -(double)(int64_t)(-d);
        double frac = d - sec;
        if (frac < 0) {
            frac += 1.0;
            sec -= 1.0;
        }
        ts[i].tv_sec = (time_t)sec;
        ts[i].tv_nsec = (long)(frac * 1e9 + 0.5);
        if (ts[i].tv_nsec >= 1000000000) {
            ts[i].tv_sec++;
            ts[i].tv_nsec -= 1000000000;
        }
    }
    return 0;
}

static cg_value posix_utime(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"utime", NULL,
                                      "utime(path, times=None, *, ns=None, dir_fd=None, follow_symlinks=True)", NULL};
    const cg_method_def *defp = &def;
    cg_value x[5];
    cg_path p;
    int dfd, follow;
    struct timespec ts[2];
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (times_arg(x[1], x[2], ts) < 0 || dir_fd_arg(x[3], &dfd) < 0 || (follow = cg_truth(x[4])) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL("utime", "path", x[0], CG_PATH_FD, &p);
    int rc = p.is_fd ? futimens(p.fd, ts) : utimensat(dfd, p.s, ts, follow ? 0 : AT_SYMLINK_NOFOLLOW);
    cg_value r = rc < 0 ? cg_posix_error(errno, &p, NULL) : CG_NONE;
    cg_path_release(&p);
    DONE(r);
}

static cg_value posix_truncate(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"truncate", NULL, "truncate(path, length)", NULL};
    const cg_method_def *defp = &def;
    cg_value x[2];
    cg_path p;
    int64_t len;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (cg_index_value(x[1], &len) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL("truncate", "path", x[0], CG_PATH_FD, &p);
    int rc = p.is_fd ? ftruncate(p.fd, len) : truncate(p.s, len);
    cg_value r = rc < 0 ? cg_posix_error(errno, &p, NULL) : CG_NONE;
    cg_path_release(&p);
    DONE(r);
}

/* ---- listdir ---------------------------------------------------------------- */

/* The names in a directory, without . and .., in the order readdir gives
 * (CPython's: not sorted). */
static cg_value list_names(DIR *d) {
    cg_value list = cg_list_new(0);
    if (cg_is_err(list))
        return list;
    struct dirent *e;
    errno = 0;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (cg_list_append_steal(list, cg_str_from_c(e->d_name)) < 0) {
            cg_decref(list);
            return CG_ERR;
        }
    }
    return list;
}

static cg_value posix_listdir(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"listdir", NULL, "listdir(path=None)", NULL};
    const cg_method_def *defp = &def;
    cg_value x[1];
    cg_path p;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    PATH_OR_FAIL("listdir", "path", x[0], CG_PATH_FD | CG_PATH_NONE, &p);
    DIR *d;
    if (p.is_fd) {
        int fd = dup(p.fd);
        d = fd < 0 ? NULL : fdopendir(fd);
        if (d)
            rewinddir(d);
    } else {
        d = opendir(p.s);
    }
    cg_value r = d ? list_names(d) : cg_posix_error(errno, &p, NULL);
    if (d)
        closedir(d);
    cg_path_release(&p);
    DONE(r);
}

/* ---- statvfs, pathconf ----------------------------------------------------- */

static const char *const statvfs_names[] = {"f_bsize", "f_frsize", "f_blocks", "f_bfree",   "f_bavail", "f_files",
                                            "f_ffree", "f_favail", "f_flag",   "f_namemax", "f_fsid"};
static cg_structseq_type statvfs_type =
    CG_STRUCTSEQ_TYPE("os", "statvfs_result", "os.statvfs_result", statvfs_names, 10, 11, NULL);

static cg_value statvfs_of(const struct statvfs *s) {
    cg_value v[11] = {cg_int((int64_t)s->f_bsize),   cg_int((int64_t)s->f_frsize), cg_int((int64_t)s->f_blocks),
                      cg_int((int64_t)s->f_bfree),   cg_int((int64_t)s->f_bavail), cg_int((int64_t)s->f_files),
                      cg_int((int64_t)s->f_ffree),   cg_int((int64_t)s->f_favail), cg_int((int64_t)s->f_flag),
                      cg_int((int64_t)s->f_namemax), cg_int((int64_t)s->f_fsid)};
    return cg_structseq_new(&statvfs_type, v);
}

static cg_value posix_statvfs(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"statvfs", NULL, "statvfs(path)", NULL};
    const cg_method_def *defp = &def;
    cg_value x[1];
    cg_path p;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    PATH_OR_FAIL("statvfs", "path", x[0], CG_PATH_FD, &p);
    struct statvfs s;
    int rc = p.is_fd ? fstatvfs(p.fd, &s) : statvfs(p.s, &s);
    cg_value r = rc < 0 ? cg_posix_error(errno, &p, NULL) : statvfs_of(&s);
    cg_path_release(&p);
    DONE(r);
}

static cg_value posix_fstatvfs(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"fstatvfs", NULL, "fstatvfs(fd, /)", NULL};
    const cg_method_def *defp = &def;
    cg_value x[1];
    int fd;
    struct statvfs s;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (cg_posix_int(x[0], &fd) < 0)
        DONE(CG_ERR);
    DONE(fstatvfs(fd, &s) < 0 ? cg_posix_error(errno, NULL, NULL) : statvfs_of(&s));
}

/* pathconf names: the ones Linux has, as CPython's pathconf_names */
static const struct {
    const char *name;
    int value;
} PATHCONF[] = {
    {"PC_ASYNC_IO", _PC_ASYNC_IO},
    {"PC_CHOWN_RESTRICTED", _PC_CHOWN_RESTRICTED},
    {"PC_FILESIZEBITS", _PC_FILESIZEBITS},
    {"PC_LINK_MAX", _PC_LINK_MAX},
    {"PC_MAX_CANON", _PC_MAX_CANON},
    {"PC_MAX_INPUT", _PC_MAX_INPUT},
    {"PC_NAME_MAX", _PC_NAME_MAX},
    {"PC_NO_TRUNC", _PC_NO_TRUNC},
    {"PC_PATH_MAX", _PC_PATH_MAX},
    {"PC_PIPE_BUF", _PC_PIPE_BUF},
    {"PC_PRIO_IO", _PC_PRIO_IO},
    {"PC_SOCK_MAXBUF", _PC_SOCK_MAXBUF},
    {"PC_SYNC_IO", _PC_SYNC_IO},
    {"PC_VDISABLE", _PC_VDISABLE},
    {"PC_ALLOC_SIZE_MIN", _PC_ALLOC_SIZE_MIN},
    {"PC_REC_INCR_XFER_SIZE", _PC_REC_INCR_XFER_SIZE},
    {"PC_REC_MAX_XFER_SIZE", _PC_REC_MAX_XFER_SIZE},
    {"PC_REC_MIN_XFER_SIZE", _PC_REC_MIN_XFER_SIZE},
    {"PC_REC_XFER_ALIGN", _PC_REC_XFER_ALIGN},
    {"PC_SYMLINK_MAX", _PC_SYMLINK_MAX},
    {"PC_2_SYMLINKS", _PC_2_SYMLINKS},
};

static int pathconf_name(cg_value v, int *out) {
    if (cg_is_str(v)) {
        for (size_t i = 0; i < sizeof PATHCONF / sizeof PATHCONF[0]; i++)
            if (!strcmp(PATHCONF[i].name, cg_str_cstr(v))) {
                *out = PATHCONF[i].value;
                return 0;
            }
        return cg_raise_int(&cg_exc_ValueError, "unrecognized configuration name");
    }
    if (v.tag != CG_V_INT)
        return cg_raise_int(&cg_exc_TypeError, "configuration names must be strings or integers");
    return cg_posix_int(v, out);
}

cg_value cg_posix_pathconf_names(void);
cg_value cg_posix_pathconf_names(void) {
    cg_value d = cg_dict_new();
    for (size_t i = 0; !cg_is_err(d) && i < sizeof PATHCONF / sizeof PATHCONF[0]; i++)
        if (cg_dict_set_str(cg_as_dict(d), PATHCONF[i].name, cg_int(PATHCONF[i].value)) < 0) {
            cg_decref(d);
            return CG_ERR;
        }
    return d;
}

/* pathconf and fpathconf (defp): a path or an fd, and a name; only
 * pathconf's errors name the file. */
static cg_value pathconf_of(const cg_method_def *defp, const cg_args *a, bool by_path) {
    cg_value x[2];
    cg_path p;
    int name;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (pathconf_name(x[1], &name) < 0)
        DONE(CG_ERR);
    PATH_OR_FAIL(defp->name, by_path ? "path" : "fd", x[0], CG_PATH_FD, &p);
    errno = 0;
    long v = p.is_fd ? fpathconf(p.fd, name) : pathconf(p.s, name);
    cg_value r = v == -1 && errno ? cg_posix_error(errno, by_path ? &p : NULL, NULL) : cg_int(v);
    cg_path_release(&p);
    DONE(r);
}

static cg_value posix_pathconf(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"pathconf", NULL, "pathconf(path, name)", NULL};
    return pathconf_of(&def, a, true);
}

static cg_value posix_fpathconf(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"fpathconf", NULL, "fpathconf(fd, name, /)", NULL};
    return pathconf_of(&def, a, false);
}

/* ---- device numbers ------------------------------------------------------------ */

/* major and minor (defp) of a device number. */
static cg_value device_part(const cg_method_def *defp, const cg_args *a, bool want_major) {
    cg_value x[1];
    int64_t d;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (cg_index_value(x[0], &d) < 0)
        DONE(CG_ERR);
    DONE(cg_int(want_major ? major((dev_t)d) : minor((dev_t)d)));
}

static cg_value posix_major(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"major", NULL, "major(device, /)", NULL};
    return device_part(&def, a, true);
}

static cg_value posix_minor(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"minor", NULL, "minor(device, /)", NULL};
    return device_part(&def, a, false);
}

static cg_value posix_makedev(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"makedev", NULL, "makedev(major, minor, /)", NULL};
    const cg_method_def *defp = &def;
    cg_value x[2];
    int64_t ma, mi;
    if (CG_POSIX_BIND(defp, a, x) < 0)
        return CG_ERR;
    if (cg_index_value(x[0], &ma) < 0 || cg_index_value(x[1], &mi) < 0)
        DONE(CG_ERR);
    DONE(cg_int((int64_t)makedev((unsigned)ma, (unsigned)mi)));
}

static cg_value posix_sync(cg_value self, const cg_args *a) {
    (void)a;
    sync();
    return CG_NONE;
}

int cg_posix_files_init(cg_value module);
int cg_posix_files_init(cg_value module) {
    cg_structseq_type_init(&cg_stat_result_type);
    cg_structseq_type_init(&statvfs_type);
    cg_value names = cg_posix_pathconf_names();
    if (cg_is_err(names))
        return -1;
    int rc = cg_module_add(module, "pathconf_names", names);
    cg_decref(names);
    if (rc < 0 || cg_module_add(module, "stat_result", cg_obj_value(&cg_stat_result_type)) < 0
        || cg_module_add(module, "statvfs_result", cg_obj_value(&statvfs_type)) < 0)
        return -1;
    return 0;
}

const cg_method_def cg_posix_file_methods[] = {
    {"stat", posix_stat, NULL, "Perform a stat system call on the given path."},
    {"lstat", posix_lstat, NULL, "Perform a stat system call on the given path, without following symbolic links."},
    {"access", posix_access, NULL, "Use the real uid/gid to test for access to a path."},
    {"getcwd", posix_getcwd, NULL, "Return a unicode string representing the current working directory."},
    {"chdir", posix_chdir, NULL, "Change the current working directory to the specified path."},
    {"chroot", posix_chroot, NULL, "Change root directory to path."},
    {"mkdir", posix_mkdir, NULL, "Create a directory."},
    {"mkfifo", posix_mkfifo, NULL, "Create a \"fifo\" (a POSIX named pipe)."},
    {"mknod", posix_mknod, NULL, "Create a node in the file system."},
    {"rmdir", posix_rmdir, NULL, "Remove a directory."},
    {"unlink", posix_unlink, NULL, "Remove a file (same as remove())."},
    {"remove", posix_remove, NULL, "Remove a file (same as unlink())."},
    {"rename", posix_rename, NULL, "Rename a file or directory."},
    {"replace", posix_replace, NULL, "Rename a file or directory, overwriting the destination."},
    {"link", posix_link, NULL, "Create a hard link to a file."},
    {"symlink", posix_symlink, NULL, "Create a symbolic link pointing to src named dst."},
    {"readlink", posix_readlink, NULL, "Return a string representing the path to which the symbolic link points."},
    {"chmod", posix_chmod, NULL, "Change the access permissions of a file."},
    {"chown", posix_chown, NULL, "Change the owner and group id of path to the numeric uid and gid."},
    {"lchown", posix_lchown, NULL, "Change the owner and group id of path to the numeric uid and gid."},
    {"utime", posix_utime, NULL, "Set the access and modified time of path."},
    {"truncate", posix_truncate, NULL, "Truncate a file, specified by path, to a specific length."},
    {"listdir", posix_listdir, NULL, "Return a list containing the names of the files in the directory."},
    {"statvfs", posix_statvfs, NULL, "Perform a statvfs system call on the given path."},
    {"fstatvfs", posix_fstatvfs, NULL, "Perform an fstatvfs system call on the given fd."},
    {"pathconf", posix_pathconf, NULL, "Return the configuration limit name for the file or directory path."},
    {"fpathconf", posix_fpathconf, NULL, "Return the configuration limit name for the file descriptor fd."},
    {"major", posix_major, NULL, "Extracts a device major number from a raw device number."},
    {"minor", posix_minor, NULL, "Extracts a device minor number from a raw device number."},
    {"makedev", posix_makedev, NULL, "Composes a raw device number from the major and minor device numbers."},
    {"sync", posix_sync, NULL, "Force write of everything to disk."},
    {NULL},
};
