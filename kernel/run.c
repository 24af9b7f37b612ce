/* run.c: `cgrad run FILE.py`.
 *
 * Reads the file, runs it in a fresh session on a thread with a large
 * stack (deep recursion reaches RecursionError long before the stack
 * ends), prints an uncaught exception's traceback to stderr as Python
 * does, and turns SIGINT into KeyboardInterrupt. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime/exc.h"
#include "runtime/host.h"
#include "runtime/interp.h"
#include "runtime/module.h"
#include "run.h"

#define RUN_STACK_BYTES ((size_t)256 << 20)

typedef struct {
    const char *path;
    char *src;
    size_t len;
    int argc;
    char **argv;
    int status;
    bool interrupted;   /* ended by an uncaught KeyboardInterrupt */
} run_job;

static void on_sigint(int sig) {
    (void)sig;
    cg_interrupt_requested = 1;
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap) break;
        char *grown = realloc(buf, cap *= 2);
        if (!grown) {
            free(buf);
            buf = NULL;
        }
        buf = grown;
    }
    fclose(f);
    if (buf) *len = n;
    return buf;
}

static int set_argv(int argc, char **argv) {
    cg_value sys = cg_import("sys");
    if (cg_is_err(sys)) return -1;
    cg_value list = cg_list_new(0);
    int rc = cg_is_err(list) ? -1 : 0;
    for (int i = 0; i < argc && rc == 0; i++) {
        cg_value s = cg_str_from_c(argv[i]);
        rc = cg_is_err(s) ? -1 : cg_list_append(list, s);
        cg_decref(s);
    }
    if (rc == 0) rc = cg_module_add(sys, "argv", list);
    cg_decref(list);
    cg_decref(sys);
    return rc;
}

/* SystemExit(code): the code as an exit status, printing a message code
 * as Python does. */
static int system_exit_status(cg_value exc) {
    cg_value args = ((cg_exc *)exc.u.o)->args;
    cg_tuple *t = (cg_tuple *)args.u.o;
    if (t->len == 0 || t->items[0].tag == CG_V_NONE) return 0;
    cg_value code = t->items[0];
    if (code.tag == CG_V_INT || code.tag == CG_V_BOOL) return (int)(code.u.i & 0xff);
    cg_value s = cg_to_str(code);
    if (!cg_is_err(s)) {
        fprintf(stderr, "%s\n", cg_str_cstr(s));
        cg_decref(s);
    }
    return 1;
}

static void report(void) {
    cg_value exc = cg_exc_fetch();
    char *text = cg_traceback_format(exc);
    fflush(stdout);
    if (text) fputs(text, stderr);
    free(text);
    cg_decref(exc);
}

/* os.path.abspath: Python names the script by it in tracebacks. */
static char *absolute_path(const char *path) {
    char cwd[4096];
    size_t n = strlen(path);
    if (path[0] != '/' && !getcwd(cwd, sizeof cwd)) return strdup(path);
    size_t cap = (path[0] == '/' ? 0 : strlen(cwd)) + n + 2;
    char *joined = malloc(cap), *out = malloc(cap);
    if (!joined || !out) {
        free(joined);
        free(out);
        return NULL;
    }
    if (path[0] == '/') snprintf(joined, cap, "%s", path);
    else snprintf(joined, cap, "%s/%s", cwd, path);
    /* collapse "", "." and ".." components */
    size_t len = 0;
    for (char *part = strtok(joined, "/"); part; part = strtok(NULL, "/")) {
        if (!strcmp(part, ".")) continue;
        if (!strcmp(part, "..")) {
            while (len > 0 && out[len - 1] != '/') len--;
            if (len > 0) len--;
            continue;
        }
        out[len++] = '/';
        size_t pl = strlen(part);
        memcpy(out + len, part, pl);
        len += pl;
    }
    if (len == 0) out[len++] = '/';
    out[len] = 0;
    free(joined);
    return out;
}

/* __main__.__file__, the script's absolute path, as Python 3.9 on sets it. */
static int set_file(cg_session *s, const char *path) {
    cg_value v = cg_str_from_c(path);
    if (cg_is_err(v)) return -1;
    int rc = cg_dict_set_str(cg_session_globals(s), "__file__", v);
    cg_decref(v);
    return rc;
}

static void *run_thread(void *arg) {
    run_job *job = arg;
    cg_session *s = NULL;
    if (cg_lang_init() < 0 || set_argv(job->argc, job->argv) < 0 || !(s = cg_session_new())) {
        report();
        job->status = 1;
        return NULL;
    }
    char *abs = absolute_path(job->path);
    const char *name = abs ? abs : job->path;
    int rc = set_file(s, name);
    if (rc == 0) rc = cg_session_run(s, job->src, job->len, name, NULL);
    free(abs);
    if (rc < 0) {
        if (cg_exc_matches(&cg_exc_SystemExit)) {
            cg_value e = cg_exc_fetch();
            job->status = system_exit_status(e);
            cg_decref(e);
        } else {
            job->interrupted = cg_exc_matches(&cg_exc_KeyboardInterrupt);
            report();
            job->status = 1;
        }
    }
    cg_session_free(s);
    cg_lang_shutdown();
    return NULL;
}

int cg_run_file(const char *path, int argc, char **argv) {
    run_job job = {.path = path, .argc = argc, .argv = argv};
    job.src = read_file(path, &job.len);
    if (!job.src) {
        fprintf(stderr, "cgrad: can't open file '%s': [Errno %d] %s\n", path, errno, strerror(errno));
        return 2;
    }
    signal(SIGINT, on_sigint);
    pthread_attr_t attr;
    pthread_t th;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, RUN_STACK_BYTES);
    if (pthread_create(&th, &attr, run_thread, &job) != 0) {
        run_thread(&job);  /* no thread: run on this one's stack */
    } else {
        pthread_join(th, NULL);
    }
    pthread_attr_destroy(&attr);
    free(job.src);
    fflush(stdout);
    if (job.interrupted) {
        /* As Python does: die of SIGINT, so the shell sees Ctrl-C. */
        signal(SIGINT, SIG_DFL);
        raise(SIGINT);
    }
    return job.status;
}
