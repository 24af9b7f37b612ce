/* fuzz_eval.c: libFuzzer harness for parse + evaluate of short programs.
 *
 * One input is one cell, run in a fresh session (its own __main__) as the
 * kernel runs a cell: its value displayed as a MIME bundle, what it prints
 * formatted and dropped, input() ending in EOFError; then a full
 * collection of what it left in cycles. The language's
 * promise is that nothing a cell does ends the process or corrupts it:
 * every failure is a Python exception (session.h). A sanitizer report, an
 * abort or a stack overflow is a crash; a cell that outlives its time is a
 * timeout, both for libFuzzer to report.
 *
 * Bounds, so that a finding is a bug rather than a program that asked for
 * too much (Note [Fuzzing bounds]). Not the kernel's protocol: fuzz_wire.c. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runtime/gc.h"
#include "runtime/host.h"
#include "session.h"

// Note [Fuzzing bounds]
// ~~~~~~~~~~~~~~~~~~~~~
// Time: a watchdog thread raises the interrupt flag (KeyboardInterrupt,
// as the kernel's interrupt_request does) once a cell has run for
// CELL_SECONDS, and again every poll while it keeps running, so a loop
// that catches one KeyboardInterrupt gets the next; libFuzzer's -timeout
// (scripts/fuzz.sh) is the backstop, and what reaches it is either a
// place that never polls the flag (a bug: an interrupt must land) or a
// loop that swallows every interrupt with a bare except (not a bug:
// CPython behaves alike). Memory: any one allocation over 256 MiB and any
// allocation once the process holds 2 GiB fail (malloc returns NULL, so
// the cell gets MemoryError as it would on a full machine), below
// libFuzzer's -rss_limit_mb. What a thousand cells leave behind in one
// process (modules they changed, the allocator's free lists, ASan's
// quarantine, kept small here) comes to about 1 GiB, so replaying the
// corpus stays clear of the limit; a long run meets it, and then checks
// the paths of a failed allocation too. Leaks: checked, as in the other harnesses;
// a cell's cycles are collected when it ends (gc.h), and what the
// collector tracks stays reachable to LeakSanitizer through its lists, so
// a leak reported is memory nothing points to any more. The outside: the
// language has no os module and no open(); the one file it writes is
// savefig's, through _plot.write, which start() replaces before any input
// runs (a cell cannot get the original back), so no input writes where
// the fuzzer runs.
#define CELL_SECONDS 2

const char *__asan_default_options(void);
const char *__asan_default_options(void) {
    return "allocator_may_return_null=1:max_allocation_size_mb=256:soft_rss_limit_mb=2048:quarantine_size_mb=64:"
           "allocator_release_to_os_interval_ms=500";
}

/* ASan's own strdup and strndup (LLVM 14) copy into the NULL their malloc
 * returns once the memory bound is reached, a crash that is not ours;
 * these, the process's, return NULL as libc's do. */
char *strdup(const char *s) {
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    return p ? memcpy(p, s, n) : NULL;
}

char *strndup(const char *s, size_t max) {
    size_t n = strnlen(s, max);
    char *p = malloc(n + 1);
    if (!p)
        return NULL;
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static struct timespec cell_started;
static int cell_running;

static void *watchdog(void *arg) {
    (void)arg;
    for (;;) {
        struct timespec nap = {0, 50 * 1000 * 1000}, now;
        nanosleep(&nap, NULL);
        clock_gettime(CLOCK_MONOTONIC, &now);
        pthread_mutex_lock(&watch_lock);
        if (cell_running && now.tv_sec - cell_started.tv_sec >= CELL_SECONDS)
            cg_interrupt_requested = 1;
        pthread_mutex_unlock(&watch_lock);
    }
    return NULL;
}

static void watch(int running) {
    pthread_mutex_lock(&watch_lock);
    cell_running = running;
    clock_gettime(CLOCK_MONOTONIC, &cell_started);
    cg_interrupt_requested = 0;
    pthread_mutex_unlock(&watch_lock);
}

static cg_lang_session *session;

static void host_write(void *ctx, int stream, const char *s, size_t n) {
    (void)ctx;
    (void)stream;
    volatile char sink = 0;
    for (size_t i = 0; i < n; i += 4096) /* touched, so ASan checks what it was given */
        sink ^= s[i];
    (void)sink;
}

static int host_display(void *ctx, cg_value value, const char *display_id, bool update) {
    (void)ctx;
    (void)display_id;
    (void)update;
    cg_mime_bundle b;
    if (cg_lang_mime_bundle(value, &b) < 0)
        return -1;
    cg_mime_bundle_free(&b);
    return 0;
}

static void host_clear_output(void *ctx, bool wait) {
    (void)ctx;
    (void)wait;
}

static cg_value host_input(void *ctx, const char *prompt, bool password) {
    (void)ctx;
    (void)prompt;
    (void)password;
    return cg_lang_input_fail(session, CG_LANG_INPUT_EOF, "EOF when reading a line");
}

static const cg_host fuzz_host = {
    .write = host_write,
    .display = host_display,
    .clear_output = host_clear_output,
    .input = host_input,
    .notebook = true,
};

/* Runs the harness's own setup cell; a failure ends the run, since every
 * input would then test something else. */
static void setup_cell(const char *code) {
    cg_lang_execution x = {0};
    cg_lang_session *s = cg_lang_session_new(&x.error);
    cg_lang_exec_options o = {.filename = "<fuzz setup>"};
    if (!s || cg_lang_execute(s, code, strlen(code), &o, &x) != CG_LANG_OK) {
        fprintf(stderr, "fuzz_eval: the setup cell failed: %s: %s\n", x.error.ename, x.error.evalue);
        abort();
    }
    cg_lang_execution_free(&x);
    cg_lang_session_free(s);
}

static void start(void) {
    cg_host_set(&fuzz_host);
    cg_lang_error err = {0};
    if (cg_lang_start(&err) < 0) {
        fprintf(stderr, "fuzz_eval: the language did not start: %s: %s\n", err.ename, err.evalue);
        abort();
    }
    setup_cell("import _plot\n_plot.write = lambda path, text: None\n");
    pthread_t th;
    if (pthread_create(&th, NULL, watchdog, NULL) != 0)
        abort();
    pthread_detach(th);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static int started;
    if (!started) {
        start();
        started = 1;
    }
    char *code = malloc(size ? size : 1); /* exactly size bytes, for ASan */
    if (!code)
        return 0;
    memcpy(code, data, size);
    cg_lang_execution x = {0};
    session = cg_lang_session_new(&x.error);
    if (session) {
        cg_lang_exec_options o = {.filename = "<fuzz>", .result = CG_LANG_DISPLAY_RESULT};
        watch(1);
        cg_lang_execute(session, code, size, &o, &x);
        watch(0);
        cg_lang_session_free(session);
        session = NULL;
        /* The cell's cycles go now, their __del__ and weakref callbacks
         * run under the same bound, and the next input starts clean. */
        watch(1);
        cg_gc_collect(2);
        watch(0);
    }
    cg_lang_execution_free(&x);
    free(code);
    return 0;
}
