/* posix_consts.c: the integer constants of the posix module (O_*, W*,
 * EX_*, SEEK_*, ...), each from the C headers of the machine it is built
 * on, as CPython's all_ins: a name the headers lack is left out, as
 * there.
 *
 * Not here: the functions (posix_*.c). */
#include <dlfcn.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <sysexits.h>
#include <unistd.h>
#include <linux/limits.h>
#include <linux/memfd.h>
#include <linux/sched.h>

#include "runtime/lang_internal.h"
#include "stdlib/posix.h"

/* glibc spells the synchronous-write flag O_SYNC only */
#if !defined(O_FSYNC) && defined(O_SYNC)
#define O_FSYNC O_SYNC
#endif

#define C(name) \
    { #name, (int64_t)(name) }
static const struct {
    const char *name;
    int64_t value;
} CONSTANTS[] = {
#ifdef CLD_CONTINUED
    C(CLD_CONTINUED),
#endif
#ifdef CLD_DUMPED
    C(CLD_DUMPED),
#endif
#ifdef CLD_EXITED
    C(CLD_EXITED),
#endif
#ifdef CLD_KILLED
    C(CLD_KILLED),
#endif
#ifdef CLD_STOPPED
    C(CLD_STOPPED),
#endif
#ifdef CLD_TRAPPED
    C(CLD_TRAPPED),
#endif
#ifdef EFD_CLOEXEC
    C(EFD_CLOEXEC),
#endif
#ifdef EFD_NONBLOCK
    C(EFD_NONBLOCK),
#endif
#ifdef EFD_SEMAPHORE
    C(EFD_SEMAPHORE),
#endif
#ifdef EX_CANTCREAT
    C(EX_CANTCREAT),
#endif
#ifdef EX_CONFIG
    C(EX_CONFIG),
#endif
#ifdef EX_DATAERR
    C(EX_DATAERR),
#endif
#ifdef EX_IOERR
    C(EX_IOERR),
#endif
#ifdef EX_NOHOST
    C(EX_NOHOST),
#endif
#ifdef EX_NOINPUT
    C(EX_NOINPUT),
#endif
#ifdef EX_NOPERM
    C(EX_NOPERM),
#endif
#ifdef EX_NOUSER
    C(EX_NOUSER),
#endif
#ifdef EX_OK
    C(EX_OK),
#endif
#ifdef EX_OSERR
    C(EX_OSERR),
#endif
#ifdef EX_OSFILE
    C(EX_OSFILE),
#endif
#ifdef EX_PROTOCOL
    C(EX_PROTOCOL),
#endif
#ifdef EX_SOFTWARE
    C(EX_SOFTWARE),
#endif
#ifdef EX_TEMPFAIL
    C(EX_TEMPFAIL),
#endif
#ifdef EX_UNAVAILABLE
    C(EX_UNAVAILABLE),
#endif
#ifdef EX_USAGE
    C(EX_USAGE),
#endif
#ifdef F_LOCK
    C(F_LOCK),
#endif
#ifdef F_OK
    C(F_OK),
#endif
#ifdef F_TEST
    C(F_TEST),
#endif
#ifdef F_TLOCK
    C(F_TLOCK),
#endif
#ifdef F_ULOCK
    C(F_ULOCK),
#endif
#ifdef GRND_NONBLOCK
    C(GRND_NONBLOCK),
#endif
#ifdef GRND_RANDOM
    C(GRND_RANDOM),
#endif
#ifdef MFD_ALLOW_SEALING
    C(MFD_ALLOW_SEALING),
#endif
#ifdef MFD_CLOEXEC
    C(MFD_CLOEXEC),
#endif
#ifdef MFD_HUGETLB
    C(MFD_HUGETLB),
#endif
#ifdef MFD_HUGE_16GB
    C(MFD_HUGE_16GB),
#endif
#ifdef MFD_HUGE_16MB
    C(MFD_HUGE_16MB),
#endif
#ifdef MFD_HUGE_1GB
    C(MFD_HUGE_1GB),
#endif
#ifdef MFD_HUGE_1MB
    C(MFD_HUGE_1MB),
#endif
#ifdef MFD_HUGE_256MB
    C(MFD_HUGE_256MB),
#endif
#ifdef MFD_HUGE_2GB
    C(MFD_HUGE_2GB),
#endif
#ifdef MFD_HUGE_2MB
    C(MFD_HUGE_2MB),
#endif
#ifdef MFD_HUGE_32MB
    C(MFD_HUGE_32MB),
#endif
#ifdef MFD_HUGE_512KB
    C(MFD_HUGE_512KB),
#endif
#ifdef MFD_HUGE_512MB
    C(MFD_HUGE_512MB),
#endif
#ifdef MFD_HUGE_64KB
    C(MFD_HUGE_64KB),
#endif
#ifdef MFD_HUGE_8MB
    C(MFD_HUGE_8MB),
#endif
#ifdef MFD_HUGE_MASK
    C(MFD_HUGE_MASK),
#endif
#ifdef MFD_HUGE_SHIFT
    C(MFD_HUGE_SHIFT),
#endif
#ifdef NGROUPS_MAX
    C(NGROUPS_MAX),
#endif
#ifdef O_ACCMODE
    C(O_ACCMODE),
#endif
#ifdef O_APPEND
    C(O_APPEND),
#endif
#ifdef O_ASYNC
    C(O_ASYNC),
#endif
#ifdef O_CLOEXEC
    C(O_CLOEXEC),
#endif
#ifdef O_CREAT
    C(O_CREAT),
#endif
#ifdef O_DIRECT
    C(O_DIRECT),
#endif
#ifdef O_DIRECTORY
    C(O_DIRECTORY),
#endif
#ifdef O_DSYNC
    C(O_DSYNC),
#endif
#ifdef O_EXCL
    C(O_EXCL),
#endif
#ifdef O_FSYNC
    C(O_FSYNC),
#endif
#ifdef O_LARGEFILE
    C(O_LARGEFILE),
#endif
#ifdef O_NDELAY
    C(O_NDELAY),
#endif
#ifdef O_NOATIME
    C(O_NOATIME),
#endif
#ifdef O_NOCTTY
    C(O_NOCTTY),
#endif
#ifdef O_NOFOLLOW
    C(O_NOFOLLOW),
#endif
#ifdef O_NONBLOCK
    C(O_NONBLOCK),
#endif
#ifdef O_PATH
    C(O_PATH),
#endif
#ifdef O_RDONLY
    C(O_RDONLY),
#endif
#ifdef O_RDWR
    C(O_RDWR),
#endif
#ifdef O_RSYNC
    C(O_RSYNC),
#endif
#ifdef O_SYNC
    C(O_SYNC),
#endif
#ifdef O_TMPFILE
    C(O_TMPFILE),
#endif
#ifdef O_TRUNC
    C(O_TRUNC),
#endif
#ifdef O_WRONLY
    C(O_WRONLY),
#endif
#ifdef POSIX_FADV_DONTNEED
    C(POSIX_FADV_DONTNEED),
#endif
#ifdef POSIX_FADV_NOREUSE
    C(POSIX_FADV_NOREUSE),
#endif
#ifdef POSIX_FADV_NORMAL
    C(POSIX_FADV_NORMAL),
#endif
#ifdef POSIX_FADV_RANDOM
    C(POSIX_FADV_RANDOM),
#endif
#ifdef POSIX_FADV_SEQUENTIAL
    C(POSIX_FADV_SEQUENTIAL),
#endif
#ifdef POSIX_FADV_WILLNEED
    C(POSIX_FADV_WILLNEED),
#endif
#ifdef PRIO_PGRP
    C(PRIO_PGRP),
#endif
#ifdef PRIO_PROCESS
    C(PRIO_PROCESS),
#endif
#ifdef PRIO_USER
    C(PRIO_USER),
#endif
#ifdef RTLD_DEEPBIND
    C(RTLD_DEEPBIND),
#endif
#ifdef RTLD_GLOBAL
    C(RTLD_GLOBAL),
#endif
#ifdef RTLD_LAZY
    C(RTLD_LAZY),
#endif
#ifdef RTLD_LOCAL
    C(RTLD_LOCAL),
#endif
#ifdef RTLD_NODELETE
    C(RTLD_NODELETE),
#endif
#ifdef RTLD_NOLOAD
    C(RTLD_NOLOAD),
#endif
#ifdef RTLD_NOW
    C(RTLD_NOW),
#endif
#ifdef RWF_APPEND
    C(RWF_APPEND),
#endif
#ifdef RWF_DSYNC
    C(RWF_DSYNC),
#endif
#ifdef RWF_HIPRI
    C(RWF_HIPRI),
#endif
#ifdef RWF_NOWAIT
    C(RWF_NOWAIT),
#endif
#ifdef RWF_SYNC
    C(RWF_SYNC),
#endif
#ifdef R_OK
    C(R_OK),
#endif
#ifdef SCHED_BATCH
    C(SCHED_BATCH),
#endif
#ifdef SCHED_FIFO
    C(SCHED_FIFO),
#endif
#ifdef SCHED_IDLE
    C(SCHED_IDLE),
#endif
#ifdef SCHED_OTHER
    C(SCHED_OTHER),
#endif
#ifdef SCHED_RESET_ON_FORK
    C(SCHED_RESET_ON_FORK),
#endif
#ifdef SCHED_RR
    C(SCHED_RR),
#endif
#ifdef SEEK_CUR
    C(SEEK_CUR),
#endif
#ifdef SEEK_DATA
    C(SEEK_DATA),
#endif
#ifdef SEEK_END
    C(SEEK_END),
#endif
#ifdef SEEK_HOLE
    C(SEEK_HOLE),
#endif
#ifdef SEEK_SET
    C(SEEK_SET),
#endif
#ifdef SPLICE_F_MORE
    C(SPLICE_F_MORE),
#endif
#ifdef SPLICE_F_MOVE
    C(SPLICE_F_MOVE),
#endif
#ifdef SPLICE_F_NONBLOCK
    C(SPLICE_F_NONBLOCK),
#endif
#ifdef ST_APPEND
    C(ST_APPEND),
#endif
#ifdef ST_MANDLOCK
    C(ST_MANDLOCK),
#endif
#ifdef ST_NOATIME
    C(ST_NOATIME),
#endif
#ifdef ST_NODEV
    C(ST_NODEV),
#endif
#ifdef ST_NODIRATIME
    C(ST_NODIRATIME),
#endif
#ifdef ST_NOEXEC
    C(ST_NOEXEC),
#endif
#ifdef ST_NOSUID
    C(ST_NOSUID),
#endif
#ifdef ST_RDONLY
    C(ST_RDONLY),
#endif
#ifdef ST_RELATIME
    C(ST_RELATIME),
#endif
#ifdef ST_SYNCHRONOUS
    C(ST_SYNCHRONOUS),
#endif
#ifdef ST_WRITE
    C(ST_WRITE),
#endif
#ifdef TMP_MAX
    C(TMP_MAX),
#endif
#ifdef WCONTINUED
    C(WCONTINUED),
#endif
#ifdef WEXITED
    C(WEXITED),
#endif
#ifdef WNOHANG
    C(WNOHANG),
#endif
#ifdef WNOWAIT
    C(WNOWAIT),
#endif
#ifdef WSTOPPED
    C(WSTOPPED),
#endif
#ifdef WUNTRACED
    C(WUNTRACED),
#endif
#ifdef W_OK
    C(W_OK),
#endif
#ifdef XATTR_CREATE
    C(XATTR_CREATE),
#endif
#ifdef XATTR_REPLACE
    C(XATTR_REPLACE),
#endif
#ifdef XATTR_SIZE_MAX
    C(XATTR_SIZE_MAX),
#endif
#ifdef X_OK
    C(X_OK),
#endif
    /* waitid's idtype_t: an enum in glibc, not macros */
    C(P_ALL),
    C(P_PID),
    C(P_PGID),
    {"P_PIDFD", 3}, /* the kernel's value (linux/wait.h), glibc's enum lacks it before 2.36 */
    /* the spawn*() modes, CPython's own */
    {"P_WAIT", 0},
    {"P_NOWAIT", 1},
    {"P_NOWAITO", 1},
    /* CPython's own codes for os.posix_spawn's file actions */
    {"POSIX_SPAWN_OPEN", 0},
    {"POSIX_SPAWN_CLOSE", 1},
    {"POSIX_SPAWN_DUP2", 2},
};

int cg_posix_add_constants(cg_value module) {
    for (size_t i = 0; i < sizeof CONSTANTS / sizeof CONSTANTS[0]; i++)
        if (cg_module_add(module, CONSTANTS[i].name, cg_int(CONSTANTS[i].value)) < 0)
            return -1;
    return 0;
}
