/* host.c: the current host, and the default one that writes to the
 * process's own stdout and stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "runtime/exc.h"
#include "runtime/host.h"

volatile sig_atomic_t cg_interrupt_requested;

static void default_write(void *ctx, int stream, const char *s, size_t n) {
    (void)ctx;
    FILE *f = stream == CG_STDERR ? stderr : stdout;
    if (stream == CG_STDERR)
        fflush(stdout);
    fwrite(s, 1, n, f);
    if (stream == CG_STDERR)
        fflush(stderr);
}

static void default_flush(void *ctx, int stream) {
    (void)ctx;
    fflush(stream == CG_STDERR ? stderr : stdout);
}

static int default_display(void *ctx, cg_value value, const char *display_id, bool update) {
    (void)ctx;
    (void)display_id;
    (void)update;
    cg_value s = cg_to_str(value);
    if (cg_is_err(s))
        return -1;
    cg_str *str = (cg_str *)s.u.o;
    default_write(NULL, CG_STDOUT, str->s, (size_t)str->len);
    default_write(NULL, CG_STDOUT, "\n", 1);
    cg_decref(s);
    return 0;
}

static void default_clear_output(void *ctx, bool wait) {
    (void)ctx;
    (void)wait;
}

static cg_value default_input(void *ctx, const char *prompt, bool password) {
    (void)ctx;
    (void)password;
    if (prompt && *prompt) {
        fputs(prompt, stdout);
        fflush(stdout);
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0) {
        free(line);
        return cg_raise(&cg_exc_EOFError, "EOF when reading a line");
    }
    if (n > 0 && line[n - 1] == '\n')
        n--;
    cg_value s = cg_str_new(line, (size_t)n);
    free(line);
    return s;
}

static const cg_host default_host = {
    .write = default_write,
    .flush = default_flush,
    .display = default_display,
    .clear_output = default_clear_output,
    .input = default_input,
};
static const cg_host *current = &default_host;

void cg_host_set(const cg_host *host) { current = host ? host : &default_host; }
const cg_host *cg_host_get(void) { return current; }

void cg_host_write(int stream, const char *s, size_t n) { current->write(current->ctx, stream, s, n); }

void cg_host_flush(int stream) {
    if (current->flush)
        current->flush(current->ctx, stream);
}
