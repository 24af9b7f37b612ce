/* interp.h: what a host (the kernel, `cgrad run`) uses to run code.
 *
 * Start the language once per process, make a session (one namespace, the
 * notebook's or the script's `__main__`), and run source text in it: a
 * file, or one cell after another. An error leaves the exception pending
 * for the host to report (cg_traceback_format for Python's text). */
#ifndef CG_INTERP_H
#define CG_INTERP_H

#include <stdbool.h>
#include <stddef.h>

#include "runtime/value.h"

/* Builds the builtin types and the builtins namespace; idempotent. */
int cg_lang_init(void);
/* Releases what cg_lang_init made and every cached module. */
void cg_lang_shutdown(void);

/* A thread started by _thread (stdlib/thread_module.c): what it takes
 * from the thread that starts it (cg_thread_state_here there), set up in
 * the new thread with its own C stack's limits; and, at its end, the
 * release of what the thread's state still holds. */
typedef struct {
    cg_dict *builtins;
    int limit;
} cg_thread_start;
cg_thread_start cg_thread_state_here(void);
void cg_thread_state_init(const cg_thread_start *from);
void cg_thread_state_clear(void);

typedef struct cg_session cg_session;
cg_session *cg_session_new(void);
void cg_session_free(cg_session *s);
/* The session's namespace (its __main__ module's dict), borrowed. */
cg_dict *cg_session_globals_borrowed(cg_session *s);

/* Runs src as one cell or file named `filename` (tracebacks show it).
 * With result non-NULL, the value of a final expression statement is
 * returned there (a new reference; None when there is none), as IPython
 * shows a cell's result. 0, or -1 with the exception pending. */
int cg_session_run(cg_session *s, const char *src, size_t len, const char *filename, cg_value *result);
/* As cg_session_run, for a notebook cell: `await`, `async for` and
 * `async with` may stand at its top level (IPython's autoawait), and such
 * a cell runs as a coroutine on asyncio's event loop. */
int cg_session_run_cell_async(cg_session *s, const char *src, size_t len, const char *filename, cg_value *result);

/* Source parsed and resolved once, to run many times (%timeit's loops):
 * cg_code_compile returns NULL with the SyntaxError pending; each
 * cg_code_run executes it in globals as cg_session_run does (result as
 * there) and leaves the exception pending on failure. */
typedef struct cg_code cg_code;
cg_code *cg_code_compile(const char *src, size_t len, const char *filename);
cg_code *cg_code_compile_cell(const char *src, size_t len, const char *filename, bool top_level_await);
int cg_code_run(cg_code *c, cg_dict *globals, cg_value *result);
void cg_code_free(cg_code *c);
/* Whether c is one expression statement (what eval() accepts); its line. */
bool cg_code_is_expression(const cg_code *c, int *line);

/* ast.parse's source of truth: the positioned dump of src's tree as
 * Python text (Note [ast.parse over the dump]), or CG_ERR with the
 * SyntaxError pending. */
cg_value cg_parse_dump(const char *src, size_t len, const char *filename);

/* A module made by running Python source in a fresh namespace (the
 * prelude's torch.nn, torch.optim). */
cg_value cg_module_from_source(const char *name, const char *src, size_t len, const char *filename);

/* Python's text for an uncaught exception: "Traceback (most recent call
 * last):" ... "ValueError: bad". malloc'd; NULL when out of memory. */
char *cg_traceback_format(cg_value exc);
/* The exception's class as Python prints it: "ValueError", "MyError". */
void cg_exc_type_label(cg_strbuf *b, cg_value exc);

#endif
