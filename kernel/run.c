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

#include "run.h"
#include "runtime/host.h"
#include "session.h"

#define RUN_STACK_BYTES ((size_t)256 << 20)

typedef struct {
    const char *path;
    char *src;
    size_t len;
    int argc;
    char **argv;
    int status;
    bool interrupted; /* ended by an uncaught KeyboardInterrupt */
} run_job;

static void on_sigint(int sig) {
    (void)sig;
    cg_interrupt_requested = 1;
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        char *grown = realloc(buf, cap *= 2);
        if (!grown) {
            free(buf);
            buf = NULL;
        }
        buf = grown;
    }
    fclose(f);
    if (buf)
        *len = n;
    return buf;
}

/* An uncaught exception's traceback on stderr, as Python prints it. */
static void report(const cg_lang_error *e) {
    fflush(stdout);
    for (int i = 0; i < e->n_traceback; i++) {
        fputs(e->traceback[i], stderr);
        fputc('\n', stderr);
    }
}

/* os.path.abspath: Python names the script by it in tracebacks. */
static char *absolute_path(const char *path) {
    char cwd[4096];
    size_t n = strlen(path);
    if (path[0] != '/' && !getcwd(cwd, sizeof cwd))
        return strdup(path);
    size_t cap = (path[0] == '/' ? 0 : strlen(cwd)) + n + 2;
    char *joined = malloc(cap), *out = malloc(cap);
    if (!joined || !out) {
        free(joined);
        free(out);
        return NULL;
    }
    if (path[0] == '/')
        snprintf(joined, cap, "%s", path);
    else
        snprintf(joined, cap, "%s/%s", cwd, path);
    /* collapse "", "." and ".." components */
    size_t len = 0;
    for (char *part = strtok(joined, "/"); part; part = strtok(NULL, "/")) {
        if (!strcmp(part, "."))
            continue;
        if (!strcmp(part, "..")) {
            while (len > 0 && out[len - 1] != '/')
                len--;
            if (len > 0)
                len--;
            continue;
        }
        out[len++] = '/';
        size_t pl = strlen(part);
        memcpy(out + len, part, pl);
        len += pl;
    }
    if (len == 0)
        out[len++] = '/';
    out[len] = 0;
    free(joined);
    return out;
}

static void *run_thread(void *arg) {
    run_job *job = arg;
    cg_lang_session *s = NULL;
    cg_lang_execution x = {0};
    if (cg_lang_start(&x.error) < 0 || cg_lang_set_argv(job->argc, job->argv, &x.error) < 0
        || !(s = cg_lang_session_new(&x.error))) {
        report(&x.error);
        cg_lang_execution_free(&x);
        job->status = 1;
        return NULL;
    }
    char *abs = absolute_path(job->path);
    const char *name = abs ? abs : job->path;
    /* __main__.__file__ is the script's absolute path, as Python 3.9 on sets it. */
    cg_lang_exec_options o = {.filename = name, .script = true};
    if (cg_lang_session_set_file(s, name, &x.error) < 0)
        x.status = CG_LANG_ERROR;
    else
        cg_lang_execute(s, job->src, job->len, &o, &x);
    free(abs);
    if (x.status == CG_LANG_EXIT) {
        if (x.exit_message)
            fprintf(stderr, "%s\n", x.exit_message);
        job->status = x.exit_status;
    } else if (x.status == CG_LANG_ERROR) {
        job->interrupted = x.error.interrupted;
        report(&x.error);
        job->status = 1;
    }
    cg_lang_wait_threads();
    cg_lang_execution_free(&x);
    cg_lang_session_free(s);
    cg_lang_stop();
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
        run_thread(&job); /* no thread: run on this one's stack */
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
