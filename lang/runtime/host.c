/* host.c: the current host, and the default one that writes to the
 * process's own stdout and stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "runtime/exc.h"
#include "runtime/gil.h"
#include "runtime/host.h"

volatile sig_atomic_t cg_interrupt_requested;

// Note [Lone surrogates on the way out]
// A str can hold a lone surrogate ('\ud800', kept as its 3-byte form, as
// the kernel's JSON reader makes it too); UTF-8 cannot. Python's stdout is
// a strict UTF-8 file: the write of a piece that holds one raises
// UnicodeEncodeError and writes nothing of that piece (print writes its
// pieces, each argument, sep and end, one at a time, so the pieces before
// are out). Its stderr is "backslashreplace": the surrogate goes out as
// \ud800, so a traceback always prints. `cgrad run` does both.
// ipykernel's streams take any str and fail later, when the message is
// encoded; the kernel host says any_text and kernel/streams.c does that.

int64_t cg_text_find_surrogate(const char *s, size_t n, size_t from) {
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = from; i + 2 < n; i++)
        if (u[i] == 0xED && (u[i + 1] & 0xE0) == 0xA0 && (u[i + 2] & 0xC0) == 0x80)
            return (int64_t)i;
    return -1;
}

static void write_backslashreplace(const char *s, size_t n, FILE *f) {
    size_t at = 0;
    for (int64_t i; (i = cg_text_find_surrogate(s, n, at)) >= 0; at = (size_t)i + 3) {
        fwrite(s + at, 1, (size_t)i - at, f);
        unsigned cp = 0xD000u | ((unsigned)(s[i + 1] & 0x3F) << 6) | (unsigned)(s[i + 2] & 0x3F);
        fprintf(f, "\\u%04x", cp);
    }
    fwrite(s + at, 1, n - at, f);
}

static void default_write(void *ctx, int stream, const char *s, size_t n) {
    (void)ctx;
    if (stream == CG_STDERR) {
        fflush(stdout);
        write_backslashreplace(s, n, stderr);
        fflush(stderr);
    } else {
        fwrite(s, 1, n, stdout);
    }
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
    bool unlocked = cg_gil_unlock(); /* other threads run while we wait for the line */
    ssize_t n = getline(&line, &cap, stdin);
    cg_gil_relock(unlocked);
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

/* Code points in s[0, n). */
static int64_t code_points(const char *s, size_t n) {
    int64_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

int cg_host_check_text(int stream, const char *s, size_t n) {
    if (current->any_text || stream != CG_STDOUT)
        return 0;
    int64_t at = cg_text_find_surrogate(s, n, 0);
    if (at < 0)
        return 0;
    /* Python's encoder reports the whole run of surrogates at once. */
    size_t end = (size_t)at + 3;
    while (cg_text_find_surrogate(s, n, end) == (int64_t)end)
        end += 3;
    cg_value object = cg_str_new(s, n);
    if (cg_is_err(object))
        return -1;
    int64_t start = code_points(s, (size_t)at);
    cg_raise_unicode_encode("utf-8", object, start, start + (int64_t)(end - (size_t)at) / 3, "surrogates not allowed");
    cg_decref(object);
    return -1;
}

void cg_host_flush(int stream) {
    if (current->flush)
        current->flush(current->ctx, stream);
}
