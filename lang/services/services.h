/* services.h: what a notebook front end asks of the language besides
 * running code: completion, inspection, magics, and the input history.
 *
 * The kernel reaches these through lang/session.h: it answers
 * complete_request, inspect_request, is_complete_request and
 * history_request with them, and runs cells through cg_session_run_cell
 * so that IPython's magics work. Every function here returns results the
 * caller owns (plain C, results.h), freed with the matching _free; none
 * aborts, none leaves an exception pending (cg_session_run_cell excepted,
 * which behaves as cg_session_run). Positions are in Unicode code points,
 * as Jupyter counts them. A cell is its bytes and their count: a NUL in it
 * is one more character, as it is to IPython. This is not the evaluator
 * (interp.h). */
#ifndef CG_SERVICES_H
#define CG_SERVICES_H

#include <stdbool.h>
#include <stddef.h>

#include "parse/ast.h"
#include "runtime/interp.h"
#include "services/results.h"

/* ---- completion (complete.c) -------------------------------------------------
 * The names that may replace code[cursor_start, cursor_end): names in the
 * session's globals, builtins and keywords; after a dot, the attributes of
 * what the dotted names before it denote (found without calling anything:
 * module members, instance and class attributes, Tensor methods and
 * properties); module names after `import` / `from`; magics after `%`.
 * Sorted as IPython sorts them: public names alphabetically, then `_x`,
 * then `__x`; names starting with `_` only when the typed prefix does.
 * 0, or -1 when out of memory (out then empty). */
int cg_complete(cg_session *s, const char *code, size_t len, size_t cursor_pos, cg_completion *out);

/* ---- inspection (inspect.c) ------------------------------------------------
 * What IPython's `obj?` shows for the name the cursor is in or just after
 * (or the callable whose parentheses it is inside: `torch.zeros(|`), in
 * IPython's layout of headed fields ("Signature:", "Docstring:", "Type:",
 * "String form:", ...). Tensors add their shape, dtype, device,
 * requires_grad and grad_fn. found is false when there is no name there or
 * it names nothing; text_plain is NULL then. */
int cg_inspect(cg_session *s, const char *code, size_t len, size_t cursor_pos, int detail_level, cg_inspection *out);

/* What `name?` shows for the value v (Signature:, Docstring:, Type: ...),
 * malloc'd; NULL with nothing pending when it cannot be made. */
char *cg_describe(const char *name, cg_value v);
/* Adds help() to the builtins (help.c): help(obj) prints what `obj?`
 * shows; help('name') looks the name up as a module first. */
int cg_help_builtins_init(cg_value builtins_module);

/* The one-line docstring of a builtin function or type by its qualified
 * name ("torch.zeros", "torch.Tensor.add", "math.sqrt", "builtins.len"),
 * or NULL (docs.c). */
const char *cg_doc_lookup(const char *qualname);
/* Its signature as Python states it ("sqrt(x, /)"), for builtins declared
 * without signature text, or NULL. */
const char *cg_doc_signature(const char *qualname);

/* ---- magics (magics.c) ----------------------------------------------------------
 * Runs one notebook cell as cg_session_run does, after turning IPython's
 * magics into calls: a first line `%%time` or `%%timeit [-n N] [-r R]
 * [setup]` applies to the whole cell; a line `%time STMT`, `%timeit [-n N]
 * [-r R] [-p P] [-q] STMT`, `%who [TYPE...]`, `%whos`, `%reset [-f]` (at
 * any indentation) runs as it does in IPython, printing through the host.
 * An unknown magic raises UsageError ("Line magic function `%foo` not
 * found."), which IPython shows as that one line, without a traceback
 * (cg_exc_is_usage_error tells the host). `cgrad run` keeps using
 * cg_session_run: in a .py file `%` is a syntax error, as in Python. */
int cg_session_run_cell(cg_session *s, const char *src, size_t len, const char *filename, cg_value *result);
bool cg_exc_is_usage_error(cg_value exc);
/* The cell as Python, its magics turned into calls (malloc'd, NUL-ended;
 * NULL when out of memory): what is_complete should parse, since `%time`
 * alone is no Python. */
char *cg_magics_transform(const char *src, size_t len);
/* is_complete for a cell (cell_complete.c): the parser's verdict on the
 * cell as cg_magics_transform makes it, with the indent of the next line
 * when incomplete; a `%%` cell goes by its lines, as IPython's
 * check_complete. 0, or -1 when out of memory (*status unknown). */
int cg_cell_is_complete(const char *src, size_t len, cg_code_status *status, char indent[64]);

/* ---- history (history.c) ---------------------------------------------------------
 * The inputs of executed cells, as history_request needs them: (session,
 * line, input) triples. Kept in memory for the life of the process only:
 * this session is the only one, numbered as given to cg_history_new
 * (session 0 in a query means the current one). */
typedef struct cg_history cg_history;

cg_history *cg_history_new(int session);
void cg_history_free(cg_history *h);
/* Records a cell's input, len bytes, as `line` (its execution count). 0 or -1. */
int cg_history_add(cg_history *h, int line, const char *input, size_t len);
/* The last n entries (n <= 0: none). */
int cg_history_tail(const cg_history *h, int n, cg_history_list *out);
/* Lines start <= line < stop of a session; stop < 0: to the end. */
int cg_history_range(const cg_history *h, int session, int start, int stop, cg_history_list *out);
/* Entries whose whole input matches the glob pattern (`*` any text, `?`
 * one character, case-sensitive as sqlite's GLOB, which reads an input
 * only up to a NUL), the last n of them (n <= 0: all); unique keeps only
 * the latest of equal inputs. */
int cg_history_search(const cg_history *h, const char *pattern, int n, bool unique, cg_history_list *out);

#endif
