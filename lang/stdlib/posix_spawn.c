/* posix_spawn.c: what subprocess stands on (prelude/subprocess.py):
 * _spawn starts a child by fork and exec with its standard streams,
 * working directory and environment, and reports a failed exec as the
 * OSError the parent raises (CPython's _posixsubprocess.fork_exec);
 * _communicate feeds a child's stdin and reads its stdout and stderr at
 * once (poll), so that neither pipe can fill up and stall the child.
 *
 * Not here: os.posix_spawn's file actions, bytes output (the pipes are
 * read as UTF-8 text until bytes exist). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runtime/containers.h"
#include "runtime/gil.h"
#include "runtime/host.h"
#include "runtime/lang_internal.h"
#include "stdlib/posix.h"

cg_value cg_posix_decode(const char *s, size_t n);
cg_value cg_posix_env_lines(cg_value env);

/* The child's part: only async-signal-safe calls between fork and exec.
 * A failure writes (stage, errno) to errpipe and exits 255. */
static void child_run(char **argv, const char *exe, const char *cwd, char **envp, const int fds[3], int errpipe,
                      bool search) {
    int err[2] = {0, 0};
    int moved[3];
    /* move the three out of the way first: one may already sit on 0..2 */
    for (int i = 0; i < 3; i++)
        moved[i] = fds[i] >= 0 ? fcntl(fds[i], F_DUPFD_CLOEXEC, 3) : -1;
    for (int i = 0; i < 3; i++)
        if (moved[i] >= 0 && dup2(moved[i], i) < 0)
            goto fail;
    if (cwd && chdir(cwd) < 0) {
        err[0] = 1;
        goto fail;
    }
    signal(SIGPIPE, SIG_DFL);
    if (search) {
        if (envp)
            execvpe(exe, argv, envp);
        else
            execvp(exe, argv);
    } else {
        execve(exe, argv, envp ? envp : environ);
    }
    err[0] = 2;
fail:
    err[1] = errno;
    ssize_t w = write(errpipe, err, sizeof err);
    (void)w;
    _exit(255);
}

/* A str list as a NULL-ended array into the strs; NULL with an exception. */
static char **c_strings(cg_value list) {
    cg_list *l = cg_as_list(list);
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

/* The parent's part: reads the error pipe; an exec that failed reaped */
static cg_value parent_wait_exec(pid_t pid, int errpipe, cg_value exe, cg_value cwd) {
    int err[2];
    ssize_t n;
    do
        n = read(errpipe, err, sizeof err);
    while (n < 0 && errno == EINTR);
    close(errpipe);
    if (n != (ssize_t)sizeof err)
        return cg_int(pid);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    cg_path p = {NULL, -1, false, err[0] == 1 ? cwd : exe, CG_NONE};
    return cg_posix_error(err[1], err[0] == 0 ? NULL : &p, NULL);
}

/* _spawn(args, executable, cwd, env, stdin, stdout, stderr, search):
 * descriptors of -1 are inherited; env None is ours; the child's pid. */
static cg_value posix_spawn_child(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"_spawn", NULL,
                                      "_spawn(args, executable, cwd, env, stdin, stdout, stderr, search, /)", NULL};
    cg_value x[8], argl = CG_NONE, envl = CG_NONE, exe = CG_NONE, cwd = CG_NONE;
    if (cg_args_bind(&def, a, x, 8) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    char **argv = NULL, **envp = NULL;
    int fds[3], search, errpipe[2];
    for (int i = 0; i < 3; i++)
        if (cg_posix_int(x[4 + i], &fds[i]) < 0)
            goto out;
    if ((search = cg_truth(x[7])) < 0)
        goto out;
    if (cg_is_err(argl = cg_list_from_iterable(x[0])) || !(argv = c_strings(argl)))
        goto out;
    if (!argv[0]) {
        cg_raise(&cg_exc_IndexError, "list index out of range");
        goto out;
    }
    if (cg_is_err(exe = cg_is_none(x[1]) ? cg_incref(cg_as_list(argl)->items[0]) : cg_fspath(x[1])))
        goto out;
    if (!cg_is_none(x[2]) && cg_is_err(cwd = cg_fspath(x[2])))
        goto out;
    if (!cg_is_none(x[3])) {
        if (cg_is_err(envl = cg_posix_env_lines(x[3])) || !(envp = c_strings(envl)))
            goto out;
    }
    if (pipe2(errpipe, O_CLOEXEC) < 0) {
        r = cg_posix_error(errno, NULL, NULL);
        goto out;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        child_run(argv, cg_str_cstr(exe), cg_is_none(cwd) ? NULL : cg_str_cstr(cwd), envp, fds, errpipe[1],
                  search && !strchr(cg_str_cstr(exe), '/'));
    close(errpipe[1]);
    if (pid < 0) {
        close(errpipe[0]);
        r = cg_posix_error(errno, NULL, NULL);
        goto out;
    }
    r = parent_wait_exec(pid, errpipe[0], exe, cwd);
out:
    free(argv);
    free(envp);
    if (!cg_is_err(argl))
        cg_decref(argl);
    if (!cg_is_err(envl))
        cg_decref(envl);
    if (!cg_is_err(exe))
        cg_decref(exe);
    if (!cg_is_err(cwd))
        cg_decref(cwd);
    cg_args_release(&def, x, 8);
    return r;
}

/* ---- _communicate ---------------------------------------------------------------- */

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

typedef struct {
    int fd;
    cg_strbuf buf;
} reader;

/* One round of poll over the open ends; 0 go on, 1 all done, -1 error. */
static int pump(int *in_fd, const char *input, int64_t in_len, int64_t *in_done, reader rd[2], int wait_ms) {
    struct pollfd p[3];
    int n = 0, who[3];
    if (*in_fd >= 0) {
        p[n] = (struct pollfd){*in_fd, POLLOUT, 0};
        who[n++] = -1;
    }
    for (int i = 0; i < 2; i++)
        if (rd[i].fd >= 0) {
            p[n] = (struct pollfd){rd[i].fd, POLLIN, 0};
            who[n++] = i;
        }
    if (n == 0)
        return 1;
    bool unlocked = cg_gil_unlock(); /* the child may take long: other threads run meanwhile */
    int k = poll(p, (nfds_t)n, wait_ms);
    cg_gil_relock(unlocked);
    if (k < 0)
        return errno == EINTR ? 0 : -1;
    for (int j = 0; j < n; j++) {
        if (!p[j].revents)
            continue;
        if (who[j] < 0) {
            ssize_t w = in_len > *in_done ? write(*in_fd, input + *in_done, (size_t)(in_len - *in_done)) : 0;
            if (w > 0)
                *in_done += w;
            if (w < 0 && errno != EINTR && errno != EAGAIN)
                *in_done = in_len; /* EPIPE: the child stopped reading, as CPython ignores */
            if (*in_done >= in_len) {
                close(*in_fd);
                *in_fd = -1;
            }
            continue;
        }
        char chunk[32768];
        ssize_t got = read(p[j].fd, chunk, sizeof chunk);
        if (got > 0)
            cg_strbuf_append(&rd[who[j]].buf, chunk, (size_t)got);
        else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
            close(rd[who[j]].fd);
            rd[who[j]].fd = -1;
        }
    }
    return 0;
}

static cg_value buffer_text(reader *r, bool wanted) {
    if (!wanted)
        return CG_NONE;
    return cg_posix_decode(r->buf.data ? r->buf.data : "", r->buf.len);
}

/* _communicate(stdin_fd, input, stdout_fd, stderr_fd, timeout): -1 for a
 * stream not piped; closes the descriptors; (out, err) with None for the
 * ones not piped, or None when the timeout passed first. */
static cg_value posix_communicate(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"_communicate", NULL, "_communicate(stdin, input, stdout, stderr, timeout, /)",
                                      NULL};
    cg_value x[5];
    if (cg_args_bind(&def, a, x, 5) < 0)
        return CG_ERR;
    int in_fd, fds[2];
    double timeout = -1;
    cg_value r = CG_ERR;
    if (cg_posix_int(x[0], &in_fd) < 0 || cg_posix_int(x[2], &fds[0]) < 0 || cg_posix_int(x[3], &fds[1]) < 0
        || (!cg_is_none(x[4]) && cg_float_value(x[4], &timeout) < 0))
        goto out;
    const char *input = cg_is_str(x[1]) ? cg_str_cstr(x[1]) : "";
    int64_t in_len = cg_is_str(x[1]) ? cg_as_str(x[1])->len : 0, in_done = 0;
    if (in_fd >= 0 && in_len == 0) {
        close(in_fd);
        in_fd = -1;
    }
    reader rd[2] = {{fds[0], CG_STRBUF_INIT}, {fds[1], CG_STRBUF_INIT}};
    bool wanted[2] = {fds[0] >= 0, fds[1] >= 0};
    int64_t deadline = timeout >= 0 ? now_ms() + (int64_t)(timeout * 1000) : -1;
    int rc = 0;
    while (rc == 0) {
        int wait_ms = 50;
        if (deadline >= 0 && deadline - now_ms() < wait_ms)
            wait_ms = (int)(deadline - now_ms() > 0 ? deadline - now_ms() : 0);
        rc = pump(&in_fd, input, in_len, &in_done, rd, wait_ms);
        if (rc == 0 && cg_interrupt_requested && cg_check_interrupt() < 0)
            rc = -2;
        if (rc == 0 && deadline >= 0 && now_ms() >= deadline)
            rc = 2;
    }
    if (rc == -1)
        r = cg_posix_error(errno, NULL, NULL);
    else if (rc == 2)
        r = cg_incref(CG_NONE);
    else if (rc == 1) {
        cg_value o = buffer_text(&rd[0], wanted[0]), e = cg_is_err(o) ? CG_ERR : buffer_text(&rd[1], wanted[1]);
        if (cg_is_err(e)) {
            cg_decref(o);
        } else {
            r = cg_tuple_pack(2, o, e);
            cg_decref(o);
            cg_decref(e);
        }
    }
    if (in_fd >= 0)
        close(in_fd);
    for (int i = 0; i < 2; i++) {
        if (rd[i].fd >= 0)
            close(rd[i].fd);
        cg_strbuf_free(&rd[i].buf);
    }
out:
    cg_args_release(&def, x, 5);
    return r;
}

const cg_method_def cg_posix_spawn_methods[] = {
    {"_spawn", posix_spawn_child, NULL, "Start a child process (subprocess's fork and exec)."},
    {"_communicate", posix_communicate, NULL, "Feed a child's stdin and read its stdout and stderr."},
    {NULL},
};
