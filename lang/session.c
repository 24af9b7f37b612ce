/* session.c: the language seen from a host (session.h).
 *
 * Glue: each call runs what the rooms below provide (the evaluator of
 * runtime/interp.h, the services, rich's MIME bundles and plots) and turns
 * a pending exception into a cg_lang_error, so no Python object crosses
 * the door. Not the evaluator, nor the services themselves.
 *
 * Each door that touches objects holds the interpreter lock while it runs
 * (cg_gil_enter/exit around a `_locked` body): between calls the host
 * holds nothing, so threads a cell started run while the kernel waits
 * for the next request (Note [The interpreter lock] in runtime/gil.c). */
#include <stdlib.h>
#include <string.h>

#include "rich/mime_bundle.h"
#include "rich/plot_module.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/gil.h"
#include "runtime/interp.h"
#include "runtime/module.h"
#include "services/services.h"
#include "session.h"

/* History is kept per process, so this process is the only session: the
 * first, as IPython numbers a fresh history database's. */
#define HISTORY_SESSION 1

struct cg_lang_session {
    cg_session *main; /* the __main__ namespace */
    cg_history *history;
    cg_value stdin_error; /* the StdinNotImplementedError class, made on first use */
};

/* ---- errors ----------------------------------------------------------------- */

void cg_lang_error_free(cg_lang_error *e) {
    if (!e)
        return;
    free(e->ename);
    free(e->evalue);
    for (int i = 0; i < e->n_traceback; i++)
        free(e->traceback[i]);
    free(e->traceback);
    memset(e, 0, sizeof *e);
}

static char *copy_n(const char *s, size_t n) {
    char *c = malloc(n + 1);
    if (!c)
        return NULL;
    memcpy(c, s, n);
    c[n] = 0;
    return c;
}

/* Traceback text as the lines Jupyter shows one under another (the text
 * ends with a newline, so each line is followed by one). */
static void traceback_lines(cg_lang_error *e, const char *text) {
    int n = 0;
    for (const char *s = text; s && *s; n++) {
        const char *nl = strchr(s, '\n');
        s = nl ? nl + 1 : s + strlen(s);
    }
    e->traceback = n ? calloc((size_t)n, sizeof *e->traceback) : NULL;
    if (!e->traceback)
        return;
    for (const char *s = text; *s && e->n_traceback < n;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        char *line = copy_n(s, len);
        if (!line)
            return; /* out of memory: the lines so far */
        e->traceback[e->n_traceback++] = line;
        s += len + (nl ? 1 : 0);
    }
}

/* exc (stolen) as *e; ename is type(e).__name__ as in ipykernel. */
static void error_of(cg_value exc, cg_lang_error *e) {
    memset(e, 0, sizeof *e);
    e->usage_error = cg_exc_is_usage_error(exc);
    e->interrupted = cg_isinstance(exc, &cg_exc_KeyboardInterrupt);
    e->ename = strdup(cg_typeof(exc)->name);
    cg_value msg = cg_exc_message(exc);
    if (cg_is_err(msg))
        cg_exc_clear();
    else {
        e->evalue = copy_n(cg_str_cstr(msg), (size_t)((cg_str *)msg.u.o)->len);
        e->evalue_len = e->evalue ? (size_t)((cg_str *)msg.u.o)->len : 0;
        cg_decref(msg);
    }
    if (!e->evalue)
        e->evalue = strdup("");
    /* IPython shows a UsageError without its traceback */
    if (!e->usage_error) {
        char *tb = cg_traceback_format(exc);
        traceback_lines(e, tb);
        free(tb);
    }
    cg_decref(exc);
}

/* The pending exception into *err (or dropped when err is NULL); -1. */
static int fail(cg_lang_error *err) {
    cg_value exc = cg_exc_fetch();
    if (err)
        error_of(exc, err);
    else
        cg_decref(exc);
    return -1;
}

/* ---- the language -------------------------------------------------------------- */

int cg_lang_start(cg_lang_error *err) { return cg_lang_init() < 0 ? fail(err) : 0; }

void cg_lang_wait_threads(void) {
    cg_gil_enter();
    cg_dict *modules = cg_sys_modules();
    cg_value threading = modules ? cg_dict_get_str_borrowed(modules, cg_str_intern("threading")) : CG_STOP;
    if (threading.tag == CG_V_OBJ) {
        cg_value r = cg_call_method(threading, "_shutdown", 0, NULL);
        if (cg_is_err(r))
            cg_report_unraisable(threading);
        cg_decref(r);
    }
    cg_gil_exit();
}

static void lang_stop_locked(void) { cg_lang_shutdown(); }

void cg_lang_stop(void) {
    cg_gil_enter();
    lang_stop_locked();
    cg_gil_exit();
}

static int lang_set_argv_locked(int argc, char **argv, cg_lang_error *err) {
    cg_value sys = cg_import("sys");
    if (cg_is_err(sys))
        return fail(err);
    cg_value list = cg_list_new(0);
    int rc = cg_is_err(list) ? -1 : 0;
    for (int i = 0; i < argc && rc == 0; i++) {
        cg_value s = cg_str_from_c(argv[i]);
        rc = cg_is_err(s) ? -1 : cg_list_append(list, s);
        cg_decref(s);
    }
    if (rc == 0)
        rc = cg_module_add(sys, "argv", list);
    cg_decref(list);
    cg_decref(sys);
    return rc < 0 ? fail(err) : 0;
}

int cg_lang_set_argv(int argc, char **argv, cg_lang_error *err) {
    cg_gil_enter();
    int r = lang_set_argv_locked(argc, argv, err);
    cg_gil_exit();
    return r;
}

static int lang_flush_plots_locked(cg_lang_error *err) { return cg_plot_flush() < 0 ? fail(err) : 0; }

int cg_lang_flush_plots(cg_lang_error *err) {
    cg_gil_enter();
    int r = lang_flush_plots_locked(err);
    cg_gil_exit();
    return r;
}

/* ---- sessions -------------------------------------------------------------------- */

static cg_lang_session *lang_session_new_locked(cg_lang_error *err) {
    cg_lang_session *s = calloc(1, sizeof *s);
    if (!s) {
        cg_raise_nomemory();
        fail(err);
        return NULL;
    }
    s->stdin_error = CG_NONE;
    if (!(s->main = cg_session_new())) {
        free(s);
        fail(err);
        return NULL;
    }
    if (!(s->history = cg_history_new(HISTORY_SESSION))) {
        cg_session_free(s->main);
        free(s);
        cg_raise_nomemory();
        fail(err);
        return NULL;
    }
    return s;
}

cg_lang_session *cg_lang_session_new(cg_lang_error *err) {
    cg_gil_enter();
    cg_lang_session *r = lang_session_new_locked(err);
    cg_gil_exit();
    return r;
}

static void lang_session_free_locked(cg_lang_session *s) {
    if (!s)
        return;
    cg_decref(s->stdin_error);
    cg_history_free(s->history);
    cg_session_free(s->main);
    free(s);
}

void cg_lang_session_free(cg_lang_session *s) {
    cg_gil_enter();
    lang_session_free_locked(s);
    cg_gil_exit();
}

static int lang_session_set_file_locked(cg_lang_session *s, const char *path, cg_lang_error *err) {
    cg_value v = cg_str_from_c(path);
    if (cg_is_err(v))
        return fail(err);
    int rc = cg_dict_set_str(cg_session_globals_borrowed(s->main), "__file__", v);
    cg_decref(v);
    /* sys.path[0] is the script's directory, as Python's */
    const char *slash = strrchr(path, '/');
    cg_value dir = slash ? cg_str_new(path, slash == path ? 1 : (size_t)(slash - path)) : cg_str_from_c("");
    cg_value sys = rc < 0 || cg_is_err(dir) ? CG_ERR : cg_import("sys");
    cg_value sys_path = cg_is_err(sys) ? CG_ERR : cg_getattr(sys, cg_str_intern("path"));
    if (cg_is_err(sys_path))
        rc = -1;
    else if (cg_is_type(sys_path, &cg_type_list) && cg_as_list(sys_path)->len > 0)
        rc = cg_setitem(sys_path, cg_int(0), dir);
    cg_decref(sys_path);
    cg_decref(sys);
    cg_decref(dir);
    return rc < 0 ? fail(err) : 0;
}

int cg_lang_session_set_file(cg_lang_session *s, const char *path, cg_lang_error *err) {
    cg_gil_enter();
    int r = lang_session_set_file_locked(s, path, err);
    cg_gil_exit();
    return r;
}

/* ---- execute ---------------------------------------------------------------------- */

void cg_lang_execution_free(cg_lang_execution *x) {
    if (!x)
        return;
    if (x->has_result)
        cg_mime_bundle_free(&x->result);
    cg_lang_error_free(&x->error);
    free(x->exit_message);
    memset(x, 0, sizeof *x);
}

/* SystemExit(code) ends a program: the code as its exit status, and a
 * code that is no int printed as Python does (status 1). */
static void system_exit(cg_value exc, cg_lang_execution *x) {
    cg_tuple *t = (cg_tuple *)((cg_exc *)exc.u.o)->args.u.o;
    x->status = CG_LANG_EXIT;
    if (t->len == 0 || t->items[0].tag == CG_V_NONE)
        return;
    cg_value code = t->items[0];
    if (code.tag == CG_V_INT || code.tag == CG_V_BOOL) {
        x->exit_status = (int)(code.u.i & 0xff);
        return;
    }
    x->exit_status = 1;
    cg_value s = cg_to_str(code);
    if (cg_is_err(s)) {
        cg_exc_clear();
        return;
    }
    x->exit_message = strdup(cg_str_cstr(s));
    cg_decref(s);
}

static cg_lang_status failed(const cg_lang_exec_options *o, cg_lang_execution *x) {
    if (o->script && cg_exc_matches(&cg_exc_SystemExit)) {
        cg_value exc = cg_exc_fetch();
        system_exit(exc, x);
        cg_decref(exc);
        return x->status;
    }
    fail(&x->error);
    return x->status = CG_LANG_ERROR;
}

static cg_lang_status lang_execute_locked(cg_lang_session *s, const char *code, size_t len,
                                          const cg_lang_exec_options *o, cg_lang_execution *x) {
    memset(x, 0, sizeof *x);
    cg_value v = CG_NONE, *result = o->result == CG_LANG_NO_RESULT ? NULL : &v;
    int rc = o->magics ? cg_session_run_cell(s->main, code, len, o->filename, result)
                       : cg_session_run(s->main, code, len, o->filename, result);
    if (rc < 0)
        return failed(o, x);
    x->status = CG_LANG_OK;
    if (o->result == CG_LANG_VALUE_RESULT || (o->result == CG_LANG_DISPLAY_RESULT && !cg_is_none(v))) {
        x->has_result = cg_mime_bundle_of(v, &x->result) == 0;
        if (!x->has_result && o->result == CG_LANG_VALUE_RESULT)
            failed(o, x);
        else if (!x->has_result)
            cg_exc_clear(); /* a repr that failed shows nothing, as IPython's displayhook */
    }
    cg_decref(v);
    return x->status;
}

cg_lang_status cg_lang_execute(cg_lang_session *s, const char *code, size_t len, const cg_lang_exec_options *o,
                               cg_lang_execution *x) {
    cg_gil_enter();
    cg_lang_status r = lang_execute_locked(s, code, len, o, x);
    cg_gil_exit();
    return r;
}

/* ---- what else a frontend asks ------------------------------------------------------ */

static int lang_complete_locked(cg_lang_session *s, const char *code, size_t len, size_t cursor_pos,
                                cg_completion *out) {
    return cg_complete(s->main, code, len, cursor_pos, out);
}

int cg_lang_complete(cg_lang_session *s, const char *code, size_t len, size_t cursor_pos, cg_completion *out) {
    cg_gil_enter();
    int r = lang_complete_locked(s, code, len, cursor_pos, out);
    cg_gil_exit();
    return r;
}

static int lang_inspect_locked(cg_lang_session *s, const char *code, size_t len, size_t cursor_pos, int detail_level,
                               cg_inspection *out) {
    return cg_inspect(s->main, code, len, cursor_pos, detail_level, out);
}

int cg_lang_inspect(cg_lang_session *s, const char *code, size_t len, size_t cursor_pos, int detail_level,
                    cg_inspection *out) {
    cg_gil_enter();
    int r = lang_inspect_locked(s, code, len, cursor_pos, detail_level, out);
    cg_gil_exit();
    return r;
}

/* A cell with a NUL cannot compile; IPython still calls it incomplete when
 * its brackets or block are open before the end (its tokenizer reads on
 * past the NUL), and invalid otherwise, as ipykernel answers. */
static cg_lang_code_status with_nul(const char *code, size_t len, char indent[64]) {
    char *copy = malloc(len);
    if (!copy)
        return CG_LANG_CODE_UNKNOWN;
    for (size_t i = 0; i < len; i++)
        copy[i] = code[i] ? code[i] : ' ';
    cg_code_status st;
    int rc = cg_cell_is_complete(copy, len, &st, indent);
    free(copy);
    if (rc < 0)
        return CG_LANG_CODE_UNKNOWN;
    return st == CG_CODE_INCOMPLETE ? CG_LANG_CODE_INCOMPLETE : CG_LANG_CODE_INVALID;
}

cg_lang_code_status cg_lang_is_complete(const char *code, size_t len, char indent[64]) {
    if (memchr(code, 0, len))
        return with_nul(code, len, indent);
    cg_code_status st;
    if (cg_cell_is_complete(code, len, &st, indent) < 0)
        return CG_LANG_CODE_UNKNOWN;
    return st == CG_CODE_COMPLETE     ? CG_LANG_CODE_COMPLETE
           : st == CG_CODE_INCOMPLETE ? CG_LANG_CODE_INCOMPLETE
                                      : CG_LANG_CODE_INVALID;
}

int cg_lang_history_add(cg_lang_session *s, int line, const char *input, size_t len) {
    return cg_history_add(s->history, line, input, len);
}

int cg_lang_history_tail(cg_lang_session *s, int n, cg_history_list *out) {
    return cg_history_tail(s->history, n, out);
}

int cg_lang_history_range(cg_lang_session *s, int session, int start, int stop, cg_history_list *out) {
    return cg_history_range(s->history, session, start, stop, out);
}

int cg_lang_history_search(cg_lang_session *s, const char *pattern, int n, bool unique, cg_history_list *out) {
    return cg_history_search(s->history, pattern, n, unique, out);
}

/* ---- for the host's callbacks -------------------------------------------------------- */

static int lang_mime_bundle_locked(cg_value value, cg_mime_bundle *b) { return cg_mime_bundle_of(value, b); }

int cg_lang_mime_bundle(cg_value value, cg_mime_bundle *b) {
    cg_gil_enter();
    int r = lang_mime_bundle_locked(value, b);
    cg_gil_exit();
    return r;
}

cg_value cg_lang_input_line(const char *s, size_t n) { return cg_str_new(s, n); }

/* ipykernel raises IPython's StdinNotImplementedError, a NotImplementedError. */
static const char stdin_error_src[] = "class StdinNotImplementedError(NotImplementedError):\n"
                                      "    \"\"\"input() in a cell whose frontend does not take input.\"\"\"\n";

static cg_value stdin_error_class(cg_lang_session *s) {
    if (cg_is_none(s->stdin_error)) {
        cg_value mod =
            cg_module_from_source("IPython.core.error", stdin_error_src, sizeof stdin_error_src - 1, "<cgrad kernel>");
        if (cg_is_err(mod))
            return mod;
        cg_value cls = cg_getattr(mod, cg_str_intern("StdinNotImplementedError"));
        cg_decref(mod);
        if (cg_is_err(cls))
            return cls;
        s->stdin_error = cls;
    }
    return s->stdin_error;
}

static cg_value lang_input_fail_locked(cg_lang_session *s, cg_lang_input_failure why, const char *message) {
    if (why == CG_LANG_INPUT_EOF)
        return cg_raise(&cg_exc_EOFError, "%s", message);
    if (why == CG_LANG_INPUT_INTERRUPTED)
        return cg_raise(&cg_exc_KeyboardInterrupt, "%s", message);
    cg_value cls = stdin_error_class(s);
    if (cg_is_err(cls))
        return cls;
    cg_value msg = cg_str_from_c(message);
    if (cg_is_err(msg))
        return msg;
    cg_value err = cg_call1(cls, msg);
    cg_decref(msg);
    if (cg_is_err(err))
        return err;
    cg_value raised = cg_raise_object(err);
    cg_decref(err);
    return raised;
}

cg_value cg_lang_input_fail(cg_lang_session *s, cg_lang_input_failure why, const char *message) {
    cg_gil_enter();
    cg_value r = lang_input_fail_locked(s, why, message);
    cg_gil_exit();
    return r;
}
