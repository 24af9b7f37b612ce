/* torch_warn.c: the UserWarnings PyTorch prints and the engine does not
 * (implicit softmax dim, mse_loss with broadcast sizes, x.T on non-2-d
 * tensors, .grad of a non-leaf), written to stderr as Python's warnings
 * module writes them:
 *     /path/file.py:12: UserWarning: <message>
 *       <the source line, stripped>
 * and, as its default filter does, once per (location, message).
 *
 * The location is the innermost frame of the cell: where PyTorch's
 * stacklevel points for the functions the cell calls directly. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "host.h"
#include "torch_args.h"

/* The innermost frame of the user's code: torch.nn's modules are Python in
 * lang/prelude/, and a warning raised under them points at the line that
 * called the module, as PyTorch's stacklevels do for nn.Softmax. */
static cg_frame *user_frame(void) {
    cg_frame *f = cg_ev.frame;
    while (f && f->back && f->arena && strncmp(cg_ast_arena_filename(f->arena), "lang/prelude/", 13) == 0)
        f = f->back;
    return f;
}

/* The innermost user frame's file, line and source line; NULL/0 if none. */
static void warn_location(const char **file, int *line, char *source, size_t cap) {
    cg_frame *f = user_frame();
    *file = NULL, *line = 0, source[0] = '\0';
    if (!f || !f->arena)
        return;
    *file = cg_ast_arena_filename(f->arena);
    *line = f->line;
    size_t n = 0;
    const char *text = cg_ast_arena_line(f->arena, f->line, &n);
    if (text) {
        n = n < cap - 1 ? n : cap - 1;
        memcpy(source, text, n);
        source[n] = '\0';
    }
}

static char **seen;
static size_t nseen, capseen;

/* True the first time this key is seen. */
static bool first_time(const char *key) {
    for (size_t i = 0; i < nseen; i++)
        if (strcmp(seen[i], key) == 0)
            return false;
    if (nseen == capseen) {
        size_t cap = capseen ? 2 * capseen : 16;
        char **grown = realloc(seen, cap * sizeof *grown);
        if (!grown)
            return true;
        seen = grown;
        capseen = cap;
    }
    char *copy = strdup(key);
    if (copy)
        seen[nseen++] = copy;
    return true;
}

void torch_warn(const char *category, const char *message) {
    const char *file;
    char text[1024];
    int line;
    warn_location(&file, &line, text, sizeof text);
    torch_warn_at(category, message, file, line, text);
}

/* TORCH_WARN_ONCE: the C++ side lets the message through once per process,
 * wherever it comes from; then Python's filter sees it as usual. */
void torch_warn_once(const char *category, const char *message) {
    cg_sbuf key = {0};
    cg_sbuf_printf(&key, "once:%s:%s", category, message);
    bool first = key.data ? first_time(key.data) : true;
    cg_sbuf_free(&key);
    if (first)
        torch_warn(category, message);
}

void torch_warn_at(const char *category, const char *message, const char *file, int line, const char *source) {
    cg_sbuf key = {0};
    cg_sbuf_printf(&key, "%s:%d:%s:%s", file ? file : "", line, category, message);
    bool first = key.data ? first_time(key.data) : true;
    cg_sbuf_free(&key);
    if (!first)
        return;
    cg_sbuf b = {0};
    if (file)
        cg_sbuf_printf(&b, "%s:%d: ", file, line);
    cg_sbuf_printf(&b, "%s: %s\n", category, message);
    if (source && source[0]) {
        while (*source == ' ' || *source == '\t')
            source++;
        size_t n = strcspn(source, "\n");
        while (n && (source[n - 1] == ' ' || source[n - 1] == '\r'))
            n--;
        cg_sbuf_puts(&b, "  ");
        cg_sbuf_put(&b, source, n);
        cg_sbuf_putc(&b, '\n');
    }
    if (b.data && !b.failed)
        cg_host_write(CG_STDERR, b.data, b.len);
    cg_sbuf_free(&b);
}
