/* posix_process.c: the posix functions about processes and the system:
 * ids (getpid, getuid, setuid, ...), kill, wait/waitpid and the W* status
 * readers, fork, _exit, execv/execve, system, nice and priorities,
 * uname, times, cpu_count, getloadavg, umask, strerror, putenv/unsetenv,
 * get_terminal_size, sched_*, sysconf/confstr, as CPython 3.11's os on
 * Linux.
 *
 * Not here: subprocess's spawning (posix_spawn.c). */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runtime/containers.h"
#include "runtime/gil.h"
#include "runtime/host.h"
#include "runtime/lang_internal.h"
#include "stdlib/posix.h"

#define NOARG_FUNC(name, expr)                                                                              \
    static cg_value posix_##name(cg_value self, const cg_args *a) {                                         \
        (void)self;                                                                                         \
        if (a->npos || a->nkw)                                                                              \
            return cg_raise(&cg_exc_TypeError, #name "() takes no arguments (%d given)", a->npos + a->nkw); \
        return expr;                                                                                        \
    }

/* ---- ids ---------------------------------------------------------------------- */

NOARG_FUNC(getpid, cg_int(getpid()))
NOARG_FUNC(getppid, cg_int(getppid()))
NOARG_FUNC(getuid, cg_int(getuid()))
NOARG_FUNC(geteuid, cg_int(geteuid()))
NOARG_FUNC(getgid, cg_int(getgid()))
NOARG_FUNC(getegid, cg_int(getegid()))
NOARG_FUNC(getpgrp, cg_int(getpgrp()))
NOARG_FUNC(setpgrp, cg_posix_none_or_error(setpgid(0, 0)))
NOARG_FUNC(setsid, cg_posix_none_or_error(setsid()))
NOARG_FUNC(sched_yield, (sched_yield(), CG_NONE))
NOARG_FUNC(abort, (abort(), CG_NONE))
NOARG_FUNC(ctermid, cg_str_from_c(ctermid(NULL)))
CG_POSIX_INT_FUNC(getpgid, "getpgid(pid)", 1, { return cg_posix_int_or_error(getpgid((pid_t)v[0])); })
CG_POSIX_INT_FUNC(getsid, "getsid(pid, /)", 1, { return cg_posix_int_or_error(getsid((pid_t)v[0])); })
CG_POSIX_INT_FUNC(setpgid, "setpgid(pid, pgrp, /)", 2,
                  { return cg_posix_none_or_error(setpgid((pid_t)v[0], (pid_t)v[1])); })
CG_POSIX_INT_FUNC(setuid, "setuid(uid, /)", 1, { return cg_posix_none_or_error(setuid((uid_t)v[0])); })
CG_POSIX_INT_FUNC(seteuid, "seteuid(euid, /)", 1, { return cg_posix_none_or_error(seteuid((uid_t)v[0])); })
CG_POSIX_INT_FUNC(setgid, "setgid(gid, /)", 1, { return cg_posix_none_or_error(setgid((gid_t)v[0])); })
CG_POSIX_INT_FUNC(setegid, "setegid(egid, /)", 1, { return cg_posix_none_or_error(setegid((gid_t)v[0])); })
CG_POSIX_INT_FUNC(setreuid, "setreuid(ruid, euid, /)", 2,
                  { return cg_posix_none_or_error(setreuid((uid_t)v[0], (uid_t)v[1])); })
CG_POSIX_INT_FUNC(setregid, "setregid(rgid, egid, /)", 2,
                  { return cg_posix_none_or_error(setregid((gid_t)v[0], (gid_t)v[1])); })
CG_POSIX_INT_FUNC(setresuid, "setresuid(ruid, euid, suid, /)", 3,
                  { return cg_posix_none_or_error(setresuid((uid_t)v[0], (uid_t)v[1], (uid_t)v[2])); })
CG_POSIX_INT_FUNC(setresgid, "setresgid(rgid, egid, sgid, /)", 3,
                  { return cg_posix_none_or_error(setresgid((gid_t)v[0], (gid_t)v[1], (gid_t)v[2])); })
CG_POSIX_INT_FUNC(tcgetpgrp, "tcgetpgrp(fd, /)", 1, { return cg_posix_int_or_error(tcgetpgrp((int)v[0])); })
CG_POSIX_INT_FUNC(tcsetpgrp, "tcsetpgrp(fd, pgid, /)", 2,
                  { return cg_posix_none_or_error(tcsetpgrp((int)v[0], (pid_t)v[1])); })

static cg_value id_triple(int rc, unsigned a, unsigned b, unsigned c) {
    if (rc < 0) /* a, b and c are unset then, but not read */
        return cg_posix_error(errno, NULL, NULL);
    return cg_tuple_pack(3, cg_int(a), cg_int(b), cg_int(c));
}

static cg_value posix_getresuid(cg_value self, const cg_args *a) {
    uid_t r, e, s;
    (void)a;
    int rc = getresuid(&r, &e, &s);
    return id_triple(rc, r, e, s);
}

static cg_value posix_getresgid(cg_value self, const cg_args *a) {
    gid_t r, e, s;
    (void)a;
    int rc = getresgid(&r, &e, &s);
    return id_triple(rc, r, e, s);
}

static cg_value posix_getgroups(cg_value self, const cg_args *a) {
    gid_t g[256];
    (void)a;
    int n = getgroups(256, g);
    if (n < 0)
        return cg_posix_error(errno, NULL, NULL);
    cg_value list = cg_list_new(n);
    for (int i = 0; !cg_is_err(list) && i < n; i++)
        cg_as_list(list)->items[i] = cg_int(g[i]);
    return list;
}

static cg_value posix_setgroups(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"setgroups", NULL, "setgroups(groups, /)", NULL};
    cg_value x[1];
    if (cg_args_bind(&def, a, x, 1) < 0)
        return CG_ERR;
    cg_value list = cg_list_from_iterable(x[0]);
    cg_args_release(&def, x, 1);
    if (cg_is_err(list))
        return list;
    gid_t g[256];
    int64_t n = cg_as_list(list)->len;
    cg_value r = CG_NONE;
    for (int64_t i = 0; i < n && i < 256 && !cg_is_err(r); i++) {
        int64_t v;
        r = cg_index_value(cg_as_list(list)->items[i], &v) < 0 ? CG_ERR : CG_NONE;
        g[i] = (gid_t)v;
    }
    cg_decref(list);
    if (cg_is_err(r))
        return r;
    return cg_posix_none_or_error(setgroups((size_t)(n < 256 ? n : 256), g));
}

static cg_value posix_getgrouplist(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"getgrouplist", NULL, "getgrouplist(user, group, /)", NULL};
    cg_value x[2];
    int base;
    if (cg_args_bind(&def, a, x, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (!cg_is_str(x[0]))
        cg_raise(&cg_exc_TypeError, "getgrouplist() argument 1 must be str, not %s", cg_type_name(x[0]));
    else if (cg_posix_int(x[1], &base) == 0) {
        gid_t g[1024];
        int n = 1024;
        if (getgrouplist(cg_str_cstr(x[0]), (gid_t)base, g, &n) < 0)
            r = cg_posix_error(errno ? errno : EINVAL, NULL, NULL);
        else {
            r = cg_list_new(n);
            for (int i = 0; !cg_is_err(r) && i < n; i++)
                cg_as_list(r)->items[i] = cg_int(g[i]);
        }
    }
    cg_args_release(&def, x, 2);
    return r;
}

static cg_value posix_initgroups(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"initgroups", NULL, "initgroups(username, gid, /)", NULL};
    cg_value x[2];
    int gid;
    if (cg_args_bind(&def, a, x, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (!cg_is_str(x[0]))
        cg_raise(&cg_exc_TypeError, "initgroups() argument 1 must be str, not %s", cg_type_name(x[0]));
    else if (cg_posix_int(x[1], &gid) == 0)
        r = cg_posix_none_or_error(initgroups(cg_str_cstr(x[0]), (gid_t)gid));
    cg_args_release(&def, x, 2);
    return r;
}

static cg_value posix_getlogin(cg_value self, const cg_args *a) {
    (void)a;
    char buf[256];
    int e = getlogin_r(buf, sizeof buf);
    return e ? cg_posix_error(e, NULL, NULL) : cg_str_from_c(buf);
}

/* ---- signals and waiting ------------------------------------------------------ */

CG_POSIX_INT_FUNC(kill, "kill(pid, signal, /)", 2, { return cg_posix_none_or_error(kill((pid_t)v[0], (int)v[1])); })
CG_POSIX_INT_FUNC(killpg, "killpg(pgid, signal, /)", 2,
                  { return cg_posix_none_or_error(killpg((pid_t)v[0], (int)v[1])); })

/* Note [Interruptible wait]: the kernel's interrupt request may come from
 * its control thread, which sends no signal, so a blocking waitpid would
 * never see it. A blocking wait is WNOHANG polls instead, 1 ms apart at
 * first and at most 50 ms later, with the interrupt flag read between
 * them (as time.sleep does). -2: interrupted. */
static pid_t wait_retry(pid_t pid, int *status, int options) {
    long nap_ns = 1000000;
    for (;;) {
        pid_t r = waitpid(pid, status, options | WNOHANG);
        if (r < 0 && errno != EINTR)
            return r;
        if (r > 0 || (r == 0 && (options & WNOHANG)))
            return r;
        if (cg_interrupt_requested)
            return -2;
        struct timespec ts = {0, nap_ns};
        bool unlocked = cg_gil_unlock(); /* other threads run meanwhile */
        nanosleep(&ts, NULL);
        cg_gil_relock(unlocked);
        if (nap_ns < 50000000)
            nap_ns *= 2;
    }
}

static cg_value wait_result(pid_t r, int status) {
    if (r == -2)
        return cg_check_interrupt() < 0 ? CG_ERR : CG_NONE;
    if (r < 0)
        return cg_posix_error(errno, NULL, NULL);
    return cg_tuple_pack(2, cg_int(r), cg_int(status));
}

CG_POSIX_INT_FUNC(waitpid, "waitpid(pid, options, /)", 2, {
    int status = 0;
    pid_t r = wait_retry((pid_t)v[0], &status, (int)v[1]);
    return wait_result(r, status);
})

static cg_value posix_wait(cg_value self, const cg_args *a) {
    int status = 0;
    (void)a;
    return wait_result(wait_retry(-1, &status, 0), status);
}

#define STATUS_FUNC(name, expr)                    \
    CG_POSIX_INT_FUNC(name, #name "(status)", 1, { \
        int status = (int)v[0];                    \
        return expr;                               \
    })
STATUS_FUNC(WCOREDUMP, cg_bool(WCOREDUMP(status)))
STATUS_FUNC(WIFCONTINUED, cg_bool(WIFCONTINUED(status)))
STATUS_FUNC(WIFSTOPPED, cg_bool(WIFSTOPPED(status)))
STATUS_FUNC(WIFSIGNALED, cg_bool(WIFSIGNALED(status)))
STATUS_FUNC(WIFEXITED, cg_bool(WIFEXITED(status)))
STATUS_FUNC(WEXITSTATUS, cg_int(WEXITSTATUS(status)))
STATUS_FUNC(WTERMSIG, cg_int(WTERMSIG(status)))
STATUS_FUNC(WSTOPSIG, cg_int(WSTOPSIG(status)))

static cg_value posix_waitstatus_to_exitcode(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"waitstatus_to_exitcode", NULL, "waitstatus_to_exitcode(status)", NULL};
    int64_t v[1];
    if (cg_posix_int_args(&def, a, v, 1) < 0)
        return CG_ERR;
    int status = (int)v[0];
    if (WIFEXITED(status))
        return cg_int(WEXITSTATUS(status));
    if (WIFSIGNALED(status))
        return cg_int(-WTERMSIG(status));
    return cg_raise(&cg_exc_ValueError, "invalid wait status: %d", status);
}

static const char *const waitid_names[] = {"si_pid", "si_uid", "si_signo", "si_status", "si_code"};
static cg_structseq_type waitid_type =
    CG_STRUCTSEQ_TYPE("posix", "waitid_result", "posix.waitid_result", waitid_names, 5, 5, NULL);

/* waitid(idtype, id, options): None when WNOHANG found no child ready */
CG_POSIX_INT_FUNC(waitid, "waitid(idtype, id, options, /)", 3, {
    siginfo_t si;
    memset(&si, 0, sizeof si);
    if (waitid((idtype_t)v[0], (id_t)v[1], &si, (int)v[2]) < 0)
        return cg_posix_error(errno, NULL, NULL);
    if (si.si_pid == 0)
        return CG_NONE;
    cg_value f[5] = {cg_int(si.si_pid), cg_int(si.si_uid), cg_int(si.si_signo), cg_int(si.si_status),
                     cg_int(si.si_code)};
    return cg_structseq_new(&waitid_type, f);
})

/* ---- creating processes --------------------------------------------------------- */

NOARG_FUNC(fork, cg_posix_int_or_error(fork()))
CG_POSIX_INT_FUNC(_exit, "_exit(status)", 1, {
    _exit((int)v[0]);
    return CG_NONE;
})

/* A str list (argv, or "K=V" lines) as a NULL-ended C array pointing into
 * the strs, which `keep` holds. */
static char **str_array(const char *fn, cg_value seq, cg_value *keep) {
    *keep = cg_list_from_iterable(seq);
    if (cg_is_err(*keep))
        return NULL;
    cg_list *l = cg_as_list(*keep);
    char **out = calloc((size_t)l->len + 1, sizeof *out);
    if (!out) {
        cg_raise_nomemory();
        return NULL;
    }
    for (int64_t i = 0; i < l->len; i++) {
        cg_value s = cg_fspath(l->items[i]);
        if (cg_is_err(s)) {
            free(out);
            return NULL;
        }
        cg_value_set(&l->items[i], s);
        out[i] = (char *)cg_str_cstr(s);
    }
    return out;
}

/* Environment mappings as "K=V" strs */
static cg_value env_lines(cg_value env) {
    cg_value items = cg_call_method(env, "items", 0, NULL), list = CG_ERR, it = CG_ERR;
    if (cg_is_err(items) || cg_is_err(list = cg_list_new(0)) || cg_is_err(it = cg_iter(items)))
        goto out;
    for (cg_value kv; (kv = cg_next(it)).tag != CG_V_STOP;) {
        if (cg_is_err(kv))
            goto fail;
        if (!cg_is_tuple(kv) || cg_as_tuple(kv)->len != 2) {
            cg_decref(kv);
            cg_raise(&cg_exc_TypeError, "environment items must be pairs");
            goto fail;
        }
        cg_value k = cg_fspath(cg_as_tuple(kv)->items[0]);
        cg_value v = cg_is_err(k) ? CG_ERR : cg_fspath(cg_as_tuple(kv)->items[1]);
        cg_decref(kv);
        if (cg_is_err(v)) {
            cg_decref(k);
            goto fail;
        }
        int rc = cg_list_append_steal(list, cg_str_fmt("%s=%s", cg_str_cstr(k), cg_str_cstr(v)));
        cg_decref(k);
        cg_decref(v);
        if (rc < 0)
            goto fail;
    }
    goto out;
fail:
    cg_decref(list);
    list = CG_ERR;
out:
    cg_decref(it);
    cg_decref(items);
    return list;
}
cg_value cg_posix_env_lines(cg_value env);
cg_value cg_posix_env_lines(cg_value env) { return env_lines(env); }

static cg_value exec_common(const cg_args *a, bool with_env) {
    static const cg_method_def defv = {"execv", NULL, "execv(path, argv, /)", NULL};
    static const cg_method_def defe = {"execve", NULL, "execve(path, argv, env)", NULL};
    const cg_method_def *def = with_env ? &defe : &defv;
    cg_value x[3] = {CG_NONE, CG_NONE, CG_NONE}, keep = CG_NONE, keep2 = CG_NONE, lines = CG_NONE;
    cg_path p;
    if (cg_args_bind(def, a, x, with_env ? 3 : 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    char **argv = NULL, **envp = NULL;
    if (cg_path_arg(def->name, "path", x[0], 0, &p) < 0)
        goto out;
    if (!(argv = str_array(def->name, x[1], &keep)))
        goto out_path;
    if (!argv[0]) {
        cg_raise(&cg_exc_ValueError, "%s() arg 2 must not be empty", def->name);
        goto out_path;
    }
    if (with_env) {
        lines = env_lines(x[2]);
        if (cg_is_err(lines) || !(envp = str_array(def->name, lines, &keep2)))
            goto out_path;
    }
    with_env ? execve(p.s, argv, envp) : execv(p.s, argv);
    r = cg_posix_error(errno, NULL, NULL);
out_path:
    cg_path_release(&p);
out:
    free(argv);
    free(envp);
    cg_decref(keep);
    cg_decref(keep2);
    cg_decref(lines);
    cg_args_release(def, x, with_env ? 3 : 2);
    return r;
}

static cg_value posix_execv(cg_value self, const cg_args *a) { return exec_common(a, false); }
static cg_value posix_execve(cg_value self, const cg_args *a) { return exec_common(a, true); }

/* system(command): /bin/sh -c command; the wait status */
static cg_value posix_system(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"system", NULL, "system(command)", NULL};
    cg_value x[1];
    if (cg_args_bind(&def, a, x, 1) < 0)
        return CG_ERR;
    cg_value r;
    cg_value cmd = cg_fspath(x[0]);
    if (cg_is_err(cmd))
        r = cmd;
    else {
        fflush(NULL);
        r = cg_int(system(cg_str_cstr(cmd)));
        cg_decref(cmd);
    }
    cg_args_release(&def, x, 1);
    return r;
}

/* ---- priorities, scheduling ------------------------------------------------------ */

CG_POSIX_INT_FUNC(nice, "nice(increment, /)", 1, {
    errno = 0;
    int r = nice((int)v[0]);
    return r == -1 && errno ? cg_posix_error(errno, NULL, NULL) : cg_int(r);
})
CG_POSIX_INT_FUNC(getpriority, "getpriority(which, who)", 2, {
    errno = 0;
    int r = getpriority((int)v[0], (id_t)v[1]);
    return r == -1 && errno ? cg_posix_error(errno, NULL, NULL) : cg_int(r);
})
CG_POSIX_INT_FUNC(setpriority, "setpriority(which, who, priority)", 3,
                  { return cg_posix_none_or_error(setpriority((int)v[0], (id_t)v[1], (int)v[2])); })
CG_POSIX_INT_FUNC(sched_get_priority_max, "sched_get_priority_max(policy)", 1,
                  { return cg_posix_int_or_error(sched_get_priority_max((int)v[0])); })
CG_POSIX_INT_FUNC(sched_get_priority_min, "sched_get_priority_min(policy)", 1,
                  { return cg_posix_int_or_error(sched_get_priority_min((int)v[0])); })
CG_POSIX_INT_FUNC(sched_getscheduler, "sched_getscheduler(pid, /)", 1,
                  { return cg_posix_int_or_error(sched_getscheduler((pid_t)v[0])); })
static const char *const sched_param_names[] = {"sched_priority"};
static cg_structseq_type sched_param_type =
    CG_STRUCTSEQ_TYPE("posix", "sched_param", "posix.sched_param", sched_param_names, 1, 1, NULL);

static cg_value sched_param_of(int priority) {
    cg_value f[1] = {cg_int(priority)};
    return cg_structseq_new(&sched_param_type, f);
}

/* a sched_param (or any 1-sequence) as its priority */
static int sched_priority_arg(cg_value v, int *out) {
    if (!cg_isinstance(v, &sched_param_type.type))
        return cg_raise_int(&cg_exc_TypeError, "must have a sched_param object");
    return cg_posix_int(cg_as_tuple(v)->items[0], out);
}

CG_POSIX_INT_FUNC(sched_getparam, "sched_getparam(pid, /)", 1, {
    struct sched_param sp;
    if (sched_getparam((pid_t)v[0], &sp) < 0)
        return cg_posix_error(errno, NULL, NULL);
    return sched_param_of(sp.sched_priority);
})

static cg_value sched_set(const cg_args *a, bool with_policy) {
    static const cg_method_def dparam = {"sched_setparam", NULL, "sched_setparam(pid, param, /)", NULL};
    static const cg_method_def dsched = {"sched_setscheduler", NULL, "sched_setscheduler(pid, policy, param, /)", NULL};
    const cg_method_def *def = with_policy ? &dsched : &dparam;
    int n = with_policy ? 3 : 2, pid, policy = 0;
    cg_value x[3];
    struct sched_param sp;
    if (cg_args_bind(def, a, x, n) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (cg_posix_int(x[0], &pid) == 0 && (!with_policy || cg_posix_int(x[1], &policy) == 0)
        && sched_priority_arg(x[n - 1], &sp.sched_priority) == 0)
        r = cg_posix_none_or_error(with_policy ? sched_setscheduler(pid, policy, &sp) : sched_setparam(pid, &sp));
    cg_args_release(def, x, n);
    return r;
}

static cg_value posix_sched_setparam(cg_value self, const cg_args *a) { return sched_set(a, false); }
static cg_value posix_sched_setscheduler(cg_value self, const cg_args *a) { return sched_set(a, true); }

CG_POSIX_INT_FUNC(sched_rr_get_interval, "sched_rr_get_interval(pid, /)", 1, {
    struct timespec ts;
    if (sched_rr_get_interval((pid_t)v[0], &ts) < 0)
        return cg_posix_error(errno, NULL, NULL);
    return cg_float((double)ts.tv_sec + ts.tv_nsec * 1e-9);
})

static cg_value posix_sched_getaffinity(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"sched_getaffinity", NULL, "sched_getaffinity(pid, /)", NULL};
    int64_t v[1];
    cpu_set_t set;
    if (cg_posix_int_args(&def, a, v, 1) < 0)
        return CG_ERR;
    if (sched_getaffinity((pid_t)v[0], sizeof set, &set) < 0)
        return cg_posix_error(errno, NULL, NULL);
    cg_value s = cg_set_new();
    for (int i = 0; !cg_is_err(s) && i < CPU_SETSIZE; i++)
        if (CPU_ISSET(i, &set) && cg_set_add(s, cg_int(i)) < 0) {
            cg_decref(s);
            return CG_ERR;
        }
    return s;
}

static cg_value posix_sched_setaffinity(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"sched_setaffinity", NULL, "sched_setaffinity(pid, mask, /)", NULL};
    cg_value x[2];
    int pid;
    if (cg_args_bind(&def, a, x, 2) < 0)
        return CG_ERR;
    cg_value list = CG_ERR, r = CG_ERR;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (cg_posix_int(x[0], &pid) == 0 && !cg_is_err(list = cg_list_from_iterable(x[1]))) {
        r = CG_NONE;
        for (int64_t i = 0; i < cg_as_list(list)->len && !cg_is_err(r); i++) {
            int cpu;
            if (cg_posix_int(cg_as_list(list)->items[i], &cpu) < 0)
                r = CG_ERR;
            else if (cpu < 0)
                r = cg_raise(&cg_exc_ValueError, "negative CPU number");
            else if (cpu < CPU_SETSIZE)
                CPU_SET(cpu, &set);
        }
        if (!cg_is_err(r))
            r = cg_posix_none_or_error(sched_setaffinity((pid_t)pid, sizeof set, &set));
        cg_decref(list);
    }
    cg_args_release(&def, x, 2);
    return r;
}

/* ---- the system ------------------------------------------------------------------ */

static const char *const uname_names[] = {"sysname", "nodename", "release", "version", "machine"};
static cg_structseq_type uname_type =
    CG_STRUCTSEQ_TYPE("posix", "uname_result", "posix.uname_result", uname_names, 5, 5, NULL);
static const char *const times_names[] = {"user", "system", "children_user", "children_system", "elapsed"};
static cg_structseq_type times_type =
    CG_STRUCTSEQ_TYPE("posix", "times_result", "posix.times_result", times_names, 5, 5, NULL);
static const char *const terminal_names[] = {"columns", "lines"};
static cg_structseq_type terminal_type =
    CG_STRUCTSEQ_TYPE("os", "terminal_size", "os.terminal_size", terminal_names, 2, 2, NULL);

static cg_value posix_uname(cg_value self, const cg_args *a) {
    struct utsname u;
    (void)a;
    if (uname(&u) < 0)
        return cg_posix_error(errno, NULL, NULL);
    cg_value v[5] = {cg_str_from_c(u.sysname), cg_str_from_c(u.nodename), cg_str_from_c(u.release),
                     cg_str_from_c(u.version), cg_str_from_c(u.machine)};
    for (int i = 0; i < 5; i++)
        if (cg_is_err(v[i])) {
            for (int k = 0; k < 5; k++)
                cg_decref(v[k]);
            return CG_ERR;
        }
    return cg_structseq_new(&uname_type, v);
}

static cg_value posix_times(cg_value self, const cg_args *a) {
    struct tms t;
    (void)a;
    clock_t c = times(&t);
    if (c == (clock_t)-1)
        return cg_posix_error(errno, NULL, NULL);
    double hz = (double)sysconf(_SC_CLK_TCK);
    cg_value v[5] = {cg_float(t.tms_utime / hz), cg_float(t.tms_stime / hz), cg_float(t.tms_cutime / hz),
                     cg_float(t.tms_cstime / hz), cg_float(c / hz)};
    return cg_structseq_new(&times_type, v);
}

static cg_value posix_get_terminal_size(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"get_terminal_size", NULL, "get_terminal_size(fd=1, /)", NULL};
    int64_t v[1];
    if (cg_posix_int_args(&def, a, v, 1) < 0)
        return CG_ERR;
    struct winsize w;
    if (ioctl((int)v[0], TIOCGWINSZ, &w) < 0)
        return cg_posix_error(errno, NULL, NULL);
    cg_value f[2] = {cg_int(w.ws_col), cg_int(w.ws_row)};
    return cg_structseq_new(&terminal_type, f);
}

static cg_value posix_cpu_count(cg_value self, const cg_args *a) {
    (void)a;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? CG_NONE : cg_int(n);
}

static cg_value posix_getloadavg(cg_value self, const cg_args *a) {
    double l[3];
    (void)a;
    if (getloadavg(l, 3) != 3)
        return cg_raise(&cg_exc_OSError, "Load averages are unobtainable");
    return cg_tuple_pack(3, cg_float(l[0]), cg_float(l[1]), cg_float(l[2]));
}

CG_POSIX_INT_FUNC(umask, "umask(mask, /)", 1, { return cg_int(umask((mode_t)v[0])); })
CG_POSIX_INT_FUNC(strerror, "strerror(code, /)", 1, { return cg_str_from_c(strerror((int)v[0])); })

static cg_value env_pair(const cg_args *a, bool set) {
    static const cg_method_def dput = {"putenv", NULL, "putenv(name, value, /)", NULL};
    static const cg_method_def dunset = {"unsetenv", NULL, "unsetenv(name, /)", NULL};
    const cg_method_def *def = set ? &dput : &dunset;
    cg_value x[2] = {CG_NONE, CG_NONE};
    int n = set ? 2 : 1;
    if (cg_args_bind(def, a, x, n) < 0)
        return CG_ERR;
    cg_value r = CG_ERR, k = cg_fspath(x[0]), v = CG_NONE;
    if (!cg_is_err(k) && (!set || !cg_is_err(v = cg_fspath(x[1])))) {
        const char *ks = cg_str_cstr(k);
        if (strchr(ks, '='))
            r = cg_raise(&cg_exc_ValueError, "illegal environment variable name");
        else if ((int64_t)strlen(ks) != cg_as_str(k)->len
                 || (set && (int64_t)strlen(cg_str_cstr(v)) != cg_as_str(v)->len))
            r = cg_raise(&cg_exc_ValueError, "embedded null byte");
        else
            r = cg_posix_none_or_error(set ? setenv(ks, cg_str_cstr(v), 1) : unsetenv(ks));
    }
    if (cg_is_err(v))
        v = CG_NONE;
    if (cg_is_err(k))
        k = CG_NONE;
    cg_decref(k);
    cg_decref(v);
    cg_args_release(def, x, n);
    return r;
}

static cg_value posix_putenv(cg_value self, const cg_args *a) { return env_pair(a, true); }
static cg_value posix_unsetenv(cg_value self, const cg_args *a) { return env_pair(a, false); }

/* sysconf names Linux has, as CPython's sysconf_names (the common ones) */
static const struct {
    const char *name;
    int value;
} SYSCONF[] = {
    {"SC_ARG_MAX", _SC_ARG_MAX},
    {"SC_CHILD_MAX", _SC_CHILD_MAX},
    {"SC_CLK_TCK", _SC_CLK_TCK},
    {"SC_NGROUPS_MAX", _SC_NGROUPS_MAX},
    {"SC_OPEN_MAX", _SC_OPEN_MAX},
    {"SC_PAGESIZE", _SC_PAGESIZE},
    {"SC_PAGE_SIZE", _SC_PAGE_SIZE},
    {"SC_NPROCESSORS_CONF", _SC_NPROCESSORS_CONF},
    {"SC_NPROCESSORS_ONLN", _SC_NPROCESSORS_ONLN},
    {"SC_PHYS_PAGES", _SC_PHYS_PAGES},
    {"SC_AVPHYS_PAGES", _SC_AVPHYS_PAGES},
    {"SC_LINE_MAX", _SC_LINE_MAX},
    {"SC_HOST_NAME_MAX", _SC_HOST_NAME_MAX},
    {"SC_LOGIN_NAME_MAX", _SC_LOGIN_NAME_MAX},
    {"SC_TTY_NAME_MAX", _SC_TTY_NAME_MAX},
    {"SC_IOV_MAX", _SC_IOV_MAX},
    {"SC_VERSION", _SC_VERSION},
    {"SC_STREAM_MAX", _SC_STREAM_MAX},
    {"SC_TZNAME_MAX", _SC_TZNAME_MAX},
    {"SC_JOB_CONTROL", _SC_JOB_CONTROL},
    {"SC_SAVED_IDS", _SC_SAVED_IDS},
    {"SC_MINSIGSTKSZ", 249},
};
static const struct {
    const char *name;
    int value;
} CONFSTR[] = {
    {"CS_PATH", _CS_PATH},
    {"CS_GNU_LIBC_VERSION", _CS_GNU_LIBC_VERSION},
    {"CS_GNU_LIBPTHREAD_VERSION", _CS_GNU_LIBPTHREAD_VERSION},
};

#define NAME_TABLE_DICT(table)                                                               \
    do {                                                                                     \
        cg_value d = cg_dict_new();                                                          \
        for (size_t i = 0; !cg_is_err(d) && i < sizeof table / sizeof table[0]; i++)         \
            if (cg_dict_set_str(cg_as_dict(d), table[i].name, cg_int(table[i].value)) < 0) { \
                cg_decref(d);                                                                \
                d = CG_ERR;                                                                  \
            }                                                                                \
        return d;                                                                            \
    } while (0)

static cg_value sysconf_names(void) { NAME_TABLE_DICT(SYSCONF); }
static cg_value confstr_names(void) { NAME_TABLE_DICT(CONFSTR); }

static int conf_name(cg_value v, bool sys, int *out) {
    if (cg_is_str(v)) {
        size_t n = sys ? sizeof SYSCONF / sizeof SYSCONF[0] : sizeof CONFSTR / sizeof CONFSTR[0];
        for (size_t i = 0; i < n; i++) {
            const char *name = sys ? SYSCONF[i].name : CONFSTR[i].name;
            if (!strcmp(name, cg_str_cstr(v))) {
                *out = sys ? SYSCONF[i].value : CONFSTR[i].value;
                return 0;
            }
        }
        return cg_raise_int(&cg_exc_ValueError, "unrecognized configuration name");
    }
    if (v.tag != CG_V_INT)
        return cg_raise_int(&cg_exc_TypeError, "configuration names must be strings or integers");
    return cg_posix_int(v, out);
}

static cg_value posix_sysconf(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"sysconf", NULL, "sysconf(name, /)", NULL};
    cg_value x[1];
    int name;
    if (cg_args_bind(&def, a, x, 1) < 0)
        return CG_ERR;
    int rc = conf_name(x[0], true, &name);
    cg_args_release(&def, x, 1);
    if (rc < 0)
        return CG_ERR;
    errno = 0;
    long v = sysconf(name);
    return v == -1 && errno ? cg_posix_error(errno, NULL, NULL) : cg_int(v);
}

static cg_value posix_confstr(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"confstr", NULL, "confstr(name, /)", NULL};
    cg_value x[1];
    int name;
    if (cg_args_bind(&def, a, x, 1) < 0)
        return CG_ERR;
    int rc = conf_name(x[0], false, &name);
    cg_args_release(&def, x, 1);
    if (rc < 0)
        return CG_ERR;
    char buf[1024];
    errno = 0;
    size_t n = confstr(name, buf, sizeof buf);
    if (n == 0)
        return errno ? cg_posix_error(errno, NULL, NULL) : CG_NONE;
    return cg_str_from_c(buf);
}

int cg_posix_process_init(cg_value module);
int cg_posix_process_init(cg_value module) {
    cg_structseq_type_init(&uname_type);
    cg_structseq_type_init(&times_type);
    cg_structseq_type_init(&terminal_type);
    cg_structseq_type_init(&waitid_type);
    cg_structseq_type_init(&sched_param_type);
    cg_value sc = sysconf_names(), cs = cg_is_err(sc) ? CG_ERR : confstr_names();
    int rc = -1;
    if (!cg_is_err(cs))
        rc = cg_module_add(module, "sysconf_names", sc) < 0 || cg_module_add(module, "confstr_names", cs) < 0
                     || cg_module_add(module, "uname_result", cg_obj_value(&uname_type)) < 0
                     || cg_module_add(module, "times_result", cg_obj_value(&times_type)) < 0
                     || cg_module_add(module, "terminal_size", cg_obj_value(&terminal_type)) < 0
                     || cg_module_add(module, "waitid_result", cg_obj_value(&waitid_type)) < 0
                     || cg_module_add(module, "sched_param", cg_obj_value(&sched_param_type)) < 0
                 ? -1
                 : 0;
    if (!cg_is_err(sc))
        cg_decref(sc);
    if (!cg_is_err(cs))
        cg_decref(cs);
    return rc;
}

#define ROW(name, doc) \
    { #name, posix_##name, NULL, doc }
const cg_method_def cg_posix_process_methods[] = {
    ROW(getpid, "Return the current process id."),
    ROW(getppid, "Return the parent's process id."),
    ROW(getuid, "Return the current process's user id."),
    ROW(geteuid, "Return the current process's effective user id."),
    ROW(getgid, "Return the current process's group id."),
    ROW(getegid, "Return the current process's effective group id."),
    ROW(getpgrp, "Return the current process group id."),
    ROW(setpgrp, "Make the current process the leader of its process group."),
    ROW(setsid, "Call the system call setsid()."),
    ROW(sched_yield, "Voluntarily relinquish the CPU."),
    ROW(abort, "Abort the interpreter immediately."),
    ROW(ctermid, "Return the name of the controlling terminal for this process."),
    ROW(getpgid, "Call the system call getpgid(), and return the result."),
    ROW(getsid, "Call the system call getsid(pid) and return the result."),
    ROW(setpgid, "Call the system call setpgid(pid, pgrp)."),
    ROW(setuid, "Set the current process's user id."),
    ROW(seteuid, "Set the current process's effective user id."),
    ROW(setgid, "Set the current process's group id."),
    ROW(setegid, "Set the current process's effective group id."),
    ROW(setreuid, "Set the current process's real and effective user ids."),
    ROW(setregid, "Set the current process's real and effective group ids."),
    ROW(setresuid, "Set the current process's real, effective, and saved user ids."),
    ROW(setresgid, "Set the current process's real, effective, and saved group ids."),
    ROW(getresuid, "Return a tuple of the current process's real, effective, and saved user ids."),
    ROW(getresgid, "Return a tuple of the current process's real, effective, and saved group ids."),
    ROW(getgroups, "Return list of supplemental group IDs for the process."),
    ROW(setgroups, "Set the groups of the current process to list."),
    ROW(getgrouplist, "Returns a list of groups to which a user belongs."),
    ROW(initgroups, "Initialize the group access list."),
    ROW(getlogin, "Return the actual login name."),
    ROW(tcgetpgrp, "Return the process group associated with the terminal specified by fd."),
    ROW(tcsetpgrp, "Set the process group associated with the terminal specified by fd."),
    ROW(kill, "Kill a process with a signal."),
    ROW(killpg, "Kill a process group with a signal."),
    ROW(waitpid, "Wait for completion of a given child process."),
    ROW(wait, "Wait for completion of a child process."),
    ROW(waitid, "Returns the result of waiting for a process or processes."),
    ROW(sched_getparam, "Returns scheduling parameters for the process identified by pid."),
    ROW(sched_setparam, "Set scheduling parameters for the process identified by pid."),
    ROW(sched_setscheduler, "Set the scheduling policy for the process identified by pid."),
    ROW(WCOREDUMP, "Return True if the process returning status was dumped to a core file."),
    ROW(WIFCONTINUED, "Return True if a particular process was continued from a job control stop."),
    ROW(WIFSTOPPED, "Return True if the process returning status was stopped."),
    ROW(WIFSIGNALED, "Return True if the process returning status was terminated by a signal."),
    ROW(WIFEXITED, "Return True if the process returning status exited via the exit() system call."),
    ROW(WEXITSTATUS, "Return the process return code from status."),
    ROW(WTERMSIG, "Return the signal that terminated the process that provided the status value."),
    ROW(WSTOPSIG, "Return the signal that stopped the process that provided the status value."),
    ROW(waitstatus_to_exitcode, "Convert a wait status to an exit code."),
    ROW(fork, "Fork a child process."),
    ROW(_exit, "Exit to the system with specified status, without normal exit processing."),
    ROW(execv, "Execute an executable path with arguments, replacing current process."),
    ROW(execve, "Execute an executable path with arguments, replacing current process."),
    ROW(system, "Execute the command in a subshell."),
    ROW(nice, "Add increment to the priority of process and return the new priority."),
    ROW(getpriority, "Return program scheduling priority."),
    ROW(setpriority, "Set program scheduling priority."),
    ROW(sched_get_priority_max, "Get the maximum scheduling priority for policy."),
    ROW(sched_get_priority_min, "Get the minimum scheduling priority for policy."),
    ROW(sched_getscheduler, "Return the scheduling policy for the process identified by pid."),
    ROW(sched_rr_get_interval, "Return the round-robin quantum for the process identified by pid, in seconds."),
    ROW(sched_getaffinity, "Return the affinity of the process identified by pid (or the current process if zero)."),
    ROW(sched_setaffinity, "Set the CPU affinity of the process identified by pid to mask."),
    ROW(uname, "Return an object identifying the current operating system."),
    ROW(times, "Return a collection containing process timing information."),
    ROW(get_terminal_size, "Return the size of the terminal window as (columns, lines)."),
    ROW(cpu_count, "Return the number of CPUs in the system; return None if indeterminable."),
    ROW(getloadavg, "Return average recent system load information."),
    ROW(umask, "Set the current numeric umask and return the previous umask."),
    ROW(strerror, "Translate an error code to a message string."),
    ROW(putenv, "Change or add an environment variable."),
    ROW(unsetenv, "Delete an environment variable."),
    ROW(sysconf, "Return an integer-valued system configuration variable."),
    ROW(confstr, "Return a string-valued system configuration variable."),
    {NULL},
};
