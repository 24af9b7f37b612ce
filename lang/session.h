/* session.h: the one door through which a host (the kernel, `cgrad run`)
 * uses the language, as xeus's interpreter interface is a kernel's.
 *
 * Start the language once per process, make a session (one `__main__`
 * namespace, with its input history), and ask it what a Jupyter frontend
 * asks: execute a cell, complete, inspect, is_complete, history. Every
 * answer is plain C: a status, an error as ename, evalue and traceback
 * lines, a result as a MIME bundle (rich/mime_bundle.h's cg_mime_bundle,
 * read through its items and cg_mime_bundle_get, freed with
 * cg_mime_bundle_free), completions, inspections and history entries as
 * services/results.h defines them. No call aborts, and none leaves a
 * Python exception pending, except the two a host's callbacks return to
 * the evaluator (cg_lang_mime_bundle, cg_lang_input_*), whose contract in
 * runtime/host.h is an exception.
 *
 * The other half of the conversation is runtime/host.h, which the host
 * implements: text, display, clear_output, input, the interrupt flag. A
 * host holds a cg_value only as host.h hands it over (display's value,
 * input's answer), opaquely. This is glue over the rooms below (runtime's
 * evaluator, services, rich); it runs nothing itself. */
#ifndef CG_SESSION_H
#define CG_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "rich/mime_bundle.h"
#include "runtime/value.h"
#include "services/results.h"

/* ---- errors ---------------------------------------------------------------
 * An exception that reached the host, as ipykernel reports it. */
typedef struct {
    char *ename; /* type(e).__name__: "ValueError", "MyError" */
    /* str(e), "" when that raised; NUL-ended, but evalue_len bytes (a
     * Python str may hold NULs). ename and evalue are NULL only when out of
     * memory. */
    char *evalue;
    size_t evalue_len;
    /* Python's traceback text, one line each (without the newline); none
     * for a UsageError */
    int n_traceback;
    char **traceback;
    bool usage_error; /* a misused magic: IPython shows only "UsageError: evalue" */
    bool interrupted; /* a KeyboardInterrupt */
} cg_lang_error;

void cg_lang_error_free(cg_lang_error *e);

/* ---- the language -------------------------------------------------------- */

/* Builds the builtin types and the builtins namespace; idempotent. 0, or
 * -1 with *err filled (err may be NULL). */
int cg_lang_start(cg_lang_error *err);
/* Releases what cg_lang_start made and every cached module. */
/* Waits for the threads a program started that are not daemons
 * (threading._shutdown), as Python does before it exits; an error there
 * is printed and ignored. */
void cg_lang_wait_threads(void);
void cg_lang_stop(void);
/* sys.argv = argv[0..argc) (the script's path first, as Python's). */
int cg_lang_set_argv(int argc, char **argv, cg_lang_error *err);
/* Shows every pyplot figure drawn on and not yet shown through the host's
 * display, as IPython's inline backend does when a cell ends (after its
 * execute_result); nothing unless matplotlib.pyplot was imported. 0, or
 * -1 with *err filled (a figure that failed to render fails the cell). */
int cg_lang_flush_plots(cg_lang_error *err);

/* ---- sessions ------------------------------------------------------------ */

typedef struct cg_lang_session cg_lang_session;

/* NULL with *err filled. */
cg_lang_session *cg_lang_session_new(cg_lang_error *err);
void cg_lang_session_free(cg_lang_session *s);
/* __main__.__file__ = path (a script's absolute path, as Python 3.9 on). */
int cg_lang_session_set_file(cg_lang_session *s, const char *path, cg_lang_error *err);

/* ---- execute ------------------------------------------------------------- */

typedef enum {
    CG_LANG_NO_RESULT, /* a silent cell, a script */
    /* a cell's Out, as IPython's displayhook: nothing for None, nor for a
     * value whose repr raised */
    CG_LANG_DISPLAY_RESULT,
    CG_LANG_VALUE_RESULT, /* a user expression: None too; a repr that raised is the error */
} cg_lang_result_mode;

typedef struct {
    const char *filename; /* tracebacks name it: "<cell 3>", a script's path */
    bool magics;          /* a notebook cell with IPython's magics (services.h), or plain
                           * Python (a .py file, where `%` is a syntax error) */
    cg_lang_result_mode result;
    bool script; /* a program (`cgrad run`): SystemExit ends it with Python's
                  * exit status and message instead of failing it */
} cg_lang_exec_options;

typedef enum { CG_LANG_OK, CG_LANG_ERROR, CG_LANG_EXIT } cg_lang_status;

typedef struct {
    cg_lang_status status;
    bool has_result; /* result holds the final expression's bundle */
    cg_mime_bundle result;
    cg_lang_error error; /* status CG_LANG_ERROR */
    int exit_status;     /* status CG_LANG_EXIT: the process's exit status */
    char *exit_message;  /* and what Python prints on stderr first, or NULL */
} cg_lang_execution;

/* Runs code[0..len) in the session; the outcome in *out (zeroed first).
 * Output goes through the host as it is made. Returns out->status. */
cg_lang_status cg_lang_execute(cg_lang_session *s, const char *code, size_t len, const cg_lang_exec_options *o,
                               cg_lang_execution *out);
void cg_lang_execution_free(cg_lang_execution *x);

/* ---- what else a frontend asks (services.h tells how) --------------------
 * code is len bytes (a NUL among them is a character, as to IPython);
 * positions in Unicode code points. 0, or -1 when out of memory (the
 * result then empty). */
int cg_lang_complete(cg_lang_session *s, const char *code, size_t len, size_t cursor_pos, cg_completion *out);
int cg_lang_inspect(cg_lang_session *s, const char *code, size_t len, size_t cursor_pos, int detail_level,
                    cg_inspection *out);

typedef enum {
    CG_LANG_CODE_COMPLETE,
    CG_LANG_CODE_INCOMPLETE, /* indent holds the next line's indentation */
    CG_LANG_CODE_INVALID,
    CG_LANG_CODE_UNKNOWN, /* out of memory */
} cg_lang_code_status;

/* Is this cell ready to run (magics included)? indent is NUL-ended. */
cg_lang_code_status cg_lang_is_complete(const char *code, size_t len, char indent[64]);

/* The inputs of executed cells. This process is the only history session,
 * the first (IPython numbers a fresh database's so); session 0 in a query
 * means it. cg_lang_history_add stores input as `line`, its execution
 * count; code, input: len bytes, NULs among them. The queries are
 * services.h's cg_history_tail/range/search. */
int cg_lang_history_add(cg_lang_session *s, int line, const char *input, size_t len);
int cg_lang_history_tail(cg_lang_session *s, int n, cg_history_list *out);
int cg_lang_history_range(cg_lang_session *s, int session, int start, int stop, cg_history_list *out);
int cg_lang_history_search(cg_lang_session *s, const char *pattern, int n, bool unique, cg_history_list *out);

/* ---- for the host's callbacks (runtime/host.h) ----------------------------
 * display(value): value's MIME bundle. 0, or -1 with the exception
 * pending, which the callback returns to the evaluator (its -1). */
int cg_lang_mime_bundle(cg_value value, cg_mime_bundle *b);

/* input(): what the callback returns. The line as a str (or CG_ERR, out
 * of memory), or one of the failures raised with the host's message. */
cg_value cg_lang_input_line(const char *s, size_t n);

typedef enum {
    CG_LANG_INPUT_EOF,         /* EOFError: no more input */
    CG_LANG_INPUT_INTERRUPTED, /* KeyboardInterrupt while waiting */
    CG_LANG_INPUT_UNSUPPORTED, /* IPython's StdinNotImplementedError (a
                                * NotImplementedError): no frontend takes input */
} cg_lang_input_failure;

/* Always CG_ERR, with the exception raised. */
cg_value cg_lang_input_fail(cg_lang_session *s, cg_lang_input_failure why, const char *message);

#endif
