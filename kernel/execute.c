/* execute.c: execute_request, the one request that runs code.
 *
 * Order on iopub, as ipykernel's tests expect: execute_input (unless
 * silent), then what the cell printed and displayed, then execute_result
 * or error; the reply follows, then idle (dispatch.c). silent hides only
 * execute_input and execute_result, as in IPython. Cells run with
 * IPython's magics, and store_history keeps their input for
 * history_request (query_requests.c), both through lang/session.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blas_threads.h"
#include "bundle_json.h"
#include "channels.h"
#include "help_cell.h"
#include "json_text.h"
#include "kernel_host.h"
#include "requests.h"
#include "runtime/host.h"
#include "session.h"

/* {ename, evalue, traceback} of an error reply or output. */
static json_t *error_fields(const cg_lang_error *e) {
    json_t *lines = json_array();
    for (int i = 0; i < e->n_traceback; i++)
        json_array_append_new(lines, cg_json_text(e->traceback[i], strlen(e->traceback[i])));
    const char *ename = e->ename ? e->ename : "", *evalue = e->evalue ? e->evalue : ""; /* out of memory: "" */
    return json_pack("{s:o, s:o, s:o}", "ename", cg_json_text(ename, strlen(ename)), "evalue",
                     cg_json_text(evalue, e->evalue_len), "traceback", lines);
}

/* A misused magic: IPython prints "UsageError: msg" on stderr and sends
 * no error output; ipykernel's reply has ename UsageError and an empty
 * traceback. */
static json_t *usage_error(cg_kernel *k, const cg_lang_error *e) {
    cg_host_write(CG_STDERR, "UsageError: ", 12);
    if (e->evalue)
        cg_host_write(CG_STDERR, e->evalue, e->evalue_len);
    cg_host_write(CG_STDERR, "\n", 1);
    cg_kernel_streams_flush(k);
    return error_fields(e);
}

// Note [Sources compile() refuses]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// A cell or user expression may hold a NUL or a lone surrogate (Note
// [Strings Jansson refuses] in json_text.c). Python cannot compile either,
// and ipykernel answers before anything runs: its compiler encodes the
// source to UTF-8 first, which fails on a lone surrogate with
// UnicodeEncodeError (position in code points); then compile() refuses a
// NUL, with ValueError in CPython 3.11, the version language_info names
// (3.12 made it a SyntaxError with the same message). The reply, the
// error output and execute_input (the surrogate written as \udxxx) come
// as for any failing cell; ipykernel itself fails to send execute_input
// for most lone surrogates and never replies, which is not copied.

/* Fills *e and returns true when Python could not compile code[0, len). */
static bool refused_source(const char *code, size_t len, cg_lang_error *e) {
    const unsigned char *u = (const unsigned char *)code;
    char evalue[128];
    const char *ename = NULL;
    for (size_t i = 0; i + 2 < len && !ename; i++)
        if (u[i] == 0xED && (u[i + 1] & 0xE0) == 0xA0 && (u[i + 2] & 0xC0) == 0x80) {
            unsigned cp = 0xD000u | (unsigned)(u[i + 1] & 0x3F) << 6 | (u[i + 2] & 0x3F);
            snprintf(evalue, sizeof evalue,
                     "'utf-8' codec can't encode character '\\u%04x' in position %zu: surrogates not allowed", cp,
                     cg_text_code_points(code, i));
            ename = "UnicodeEncodeError";
        }
    if (!ename && memchr(code, 0, len)) {
        snprintf(evalue, sizeof evalue, "source code string cannot contain null bytes");
        ename = "ValueError";
    }
    if (!ename)
        return false;
    memset(e, 0, sizeof *e);
    e->ename = strdup(ename);
    e->evalue = strdup(evalue);
    e->evalue_len = strlen(evalue);
    e->traceback = malloc(sizeof *e->traceback);
    if (e->traceback && asprintf(&e->traceback[0], "%s: %s", ename, evalue) >= 0)
        e->n_traceback = 1;
    return true;
}

static json_t *user_expression(cg_kernel *k, json_t *expr) {
    cg_lang_execution x = {0};
    cg_lang_exec_options o = {.filename = "<user_expression>", .result = CG_LANG_VALUE_RESULT};
    json_t *out;
    const char *src = json_string_value(expr);
    size_t len = json_string_length(expr);
    if (refused_source(src, len, &x.error))
        x.status = CG_LANG_ERROR;
    else
        cg_lang_execute(k->session, src, len, &o, &x);
    if (x.status == CG_LANG_OK) {
        out = json_pack("{s:s, s:o, s:{}}", "status", "ok", "data", cg_bundle_json(&x.result), "metadata");
    } else {
        out = error_fields(&x.error);
        json_object_set_new(out, "status", json_string("error"));
    }
    cg_lang_execution_free(&x);
    return out;
}

static json_t *user_expressions(cg_kernel *k, json_t *wanted) {
    json_t *out = json_object();
    const char *name;
    json_t *expr;
    json_object_foreach(wanted, name, expr) {
        if (json_is_string(expr))
            json_object_set_new(out, name, user_expression(k, expr));
    }
    return out;
}

static bool flag(json_t *content, const char *name, bool dflt) {
    json_t *v = json_object_get(content, name);
    return json_is_boolean(v) ? json_is_true(v) : dflt;
}

/* Runs the cell with IPython's magics; the outcome, with the MIME bundle
 * of its last expression unless silent, in *x. */
static void run_cell(cg_kernel *k, const char *code, size_t len, bool silent, cg_lang_execution *x) {
    char name[64];
    snprintf(name, sizeof name, "<cell %ld>", k->execution_count);
    cg_lang_exec_options o = {
        .filename = name, .magics = true, .result = silent ? CG_LANG_NO_RESULT : CG_LANG_DISPLAY_RESULT};
    /* An interrupt that came while the kernel was idle is not for this cell. */
    cg_interrupt_requested = 0;
    cg_lang_execute(k->session, code, len, &o, x);
    cg_kernel_streams_flush(k);
}

json_t *cg_request_execute(cg_request *r) {
    cg_kernel *k = r->k;
    json_t *content = r->msg->content, *code = json_object_get(content, "code");
    bool silent = flag(content, "silent", false);
    bool store_history = flag(content, "store_history", !silent) && !silent;
    bool stop_on_error = flag(content, "stop_on_error", true);
    if (!json_is_string(code))
        return json_pack("{s:s, s:i, s:s, s:s, s:[]}", "status", "error", "execution_count",
                         (json_int_t)k->execution_count, "ename", "ValueError", "evalue",
                         "execute_request has no 'code' string", "traceback");
    cg_blas_threads_start();
    if (store_history) {
        k->execution_count++;
        /* As IPython, the input is stored before it runs: a cell that fails is history too. */
        cg_lang_history_add(k->session, (int)k->execution_count, json_string_value(code), json_string_length(code));
    }
    json_int_t count = k->execution_count;
    if (!silent)
        cg_publish(r->pub, r->msg->header, "execute_input",
                   json_pack("{s:O, s:I}", "code", code, "execution_count", count));

    k->running = r->msg;
    k->allow_stdin = flag(content, "allow_stdin", true);
    cg_kernel_streams_parent(k, r->msg->header);
    cg_lang_execution x = {0};
    json_t *reply, *payload = json_array();
    const char *src = json_string_value(code);
    size_t len = json_string_length(code);
    if (refused_source(src, len, &x.error))
        x.status = CG_LANG_ERROR;
    else if (!cg_help_cell(k, src, len, payload))
        run_cell(k, src, len, silent, &x);
    if (x.status == CG_LANG_OK) {
        if (x.has_result)
            cg_publish(
                r->pub, r->msg->header, "execute_result",
                json_pack("{s:I, s:o, s:{}}", "execution_count", count, "data", cg_bundle_json(&x.result), "metadata"));
        /* pyplot's figures show when the cell ends, after its result, as
         * with IPython's inline backend; one that cannot render fails the cell */
        if (cg_lang_flush_plots(&x.error) < 0)
            x.status = CG_LANG_ERROR;
        cg_kernel_streams_flush(k);
    }
    if (x.status == CG_LANG_OK) {
        reply = json_pack("{s:s, s:I, s:o, s:o}", "status", "ok", "execution_count", count, "payload", payload,
                          "user_expressions", user_expressions(k, json_object_get(content, "user_expressions")));
    } else {
        if (x.error.usage_error) {
            reply = usage_error(k, &x.error);
        } else {
            reply = error_fields(&x.error);
            cg_publish(r->pub, r->msg->header, "error", json_deep_copy(reply));
        }
        json_decref(payload);
        json_object_set_new(reply, "status", json_string("error"));
        json_object_set_new(reply, "execution_count", json_integer(count));
        if (stop_on_error && !silent)
            cg_shell_hold_queued(k);
    }
    cg_lang_execution_free(&x);
    cg_kernel_streams_parent(k, NULL);
    k->running = NULL;
    return reply;
}
