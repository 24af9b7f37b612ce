/* host.h: what the evaluator needs from whoever runs it.
 *
 * Two hosts run cells: the kernel (kernel/, over ZeroMQ) and the command
 * line runner (`cgrad run`). The evaluator reaches its host only through
 * this table: text for stdout/stderr, rich display, a line of input, and
 * the interrupt flag it polls at every statement and loop iteration. */
#ifndef CG_HOST_H
#define CG_HOST_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "runtime/value.h"

enum { CG_STDOUT = 1, CG_STDERR = 2 };

typedef struct cg_host {
    void *ctx;
    /* Text written by print(), sys.stdout.write(), warnings, tracebacks. */
    void (*write)(void *ctx, int stream, const char *s, size_t n);
    /* display(value): shows a value as the kernel would (display_id may be
     * NULL); -1 with an exception. The CLI prints str(value). */
    int (*display)(void *ctx, cg_value value, const char *display_id, bool update);
    /* sys.stdout.flush(), print(..., flush=True): the text written so far
     * goes out now (a `cgrad run` whose stdout is a pipe buffers it, as
     * Python does). NULL: the host sends text as it comes. */
    void (*flush)(void *ctx, int stream);
    /* clear_output(wait) */
    void (*clear_output)(void *ctx, bool wait);
    /* input(prompt): a str without the newline, or CG_ERR (EOFError when
     * there is no input, as Python raises). */
    cg_value (*input)(void *ctx, const char *prompt, bool password);
    /* Shows rich output (the kernel) rather than text (`cgrad run`):
     * progress bars draw as HTML that updates in place, not as a line
     * rewritten with \r on stderr. */
    bool notebook;
    /* stdout and stderr take any str, lone surrogates included, as
     * ipykernel's streams do (the kernel); otherwise they are UTF-8 files,
     * as Python's: Note [Lone surrogates on the way out] in host.c. */
    bool any_text;
} cg_host;

/* The host of this process; never NULL (a default writes to fds 1 and 2). */
void cg_host_set(const cg_host *host);
const cg_host *cg_host_get(void);
void cg_host_write(int stream, const char *s, size_t n);
void cg_host_flush(int stream);
/* Can the host's stream take the str s[0, n) (print's piece, the argument
 * of sys.stdout.write)? 0 if so; -1 with Python's UnicodeEncodeError if
 * it holds a lone surrogate that stream must refuse. */
int cg_host_check_text(int stream, const char *s, size_t n);
/* The byte offset of the first lone surrogate's 3-byte form in s[from, n),
 * or -1. */
int64_t cg_text_find_surrogate(const char *s, size_t n, size_t from);

/* Set by a signal handler or the host's control thread; the evaluator
 * turns it into KeyboardInterrupt at its next check and clears it. */
extern volatile sig_atomic_t cg_interrupt_requested;
/* Raises KeyboardInterrupt (-1) if the host asked for it; 0 otherwise.
 * Cheap while the flag is clear: C loops that may run long (cg_next,
 * sorting) call it as they go. See Note [Where interrupts land]. */
int cg_check_interrupt(void);

#endif
