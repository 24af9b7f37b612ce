/* results.h: what the services hand back, as plain C.
 *
 * Completions, an inspection and history entries carry no Python values:
 * a host reads them without the runtime, through lang/session.h, which
 * passes them on as they are. Each is owned by the caller and freed with
 * its _free. The services that fill them are declared in services.h; this
 * is only their results. */
#ifndef CG_SERVICES_RESULTS_H
#define CG_SERVICES_RESULTS_H

#include <stdbool.h>
#include <stddef.h>

/* The names that may replace code[cursor_start, cursor_end) (complete.c). */
typedef struct {
    int n;
    char **matches;      /* n UTF-8 strings */
    const char **types;  /* n static strings, Jedi's kinds: "function", "module",
                          * "class", "instance", "keyword", "property", "magic" */
    size_t cursor_start; /* code points */
    size_t cursor_end;
} cg_completion;

void cg_completion_free(cg_completion *c);

/* What IPython's `obj?` shows (inspect.c): found is false when there is no
 * name there or it names nothing; text_plain is NULL then. */
typedef struct {
    bool found;
    char *text_plain;
} cg_inspection;

void cg_inspection_free(cg_inspection *r);

/* One executed cell's input (history.c). */
typedef struct {
    int session;
    int line;
    char *input; /* len bytes, NUL-ended; a NUL may be among them */
    size_t len;
} cg_history_entry;

typedef struct {
    int n;
    cg_history_entry *items; /* oldest first */
} cg_history_list;

void cg_history_list_free(cg_history_list *l);

#endif
