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

static json_t *user_expression(cg_kernel *k, const char *expr) {
    cg_lang_execution x;
    cg_lang_exec_options o = {.filename = "<user_expression>", .result = CG_LANG_VALUE_RESULT};
    json_t *out;
    if (cg_lang_execute(k->session, expr, strlen(expr), &o, &x) == CG_LANG_OK) {
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
            json_object_set_new(out, name, user_expression(k, json_string_value(expr)));
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
        cg_lang_history_add(k->session, (int)k->execution_count, json_string_value(code));
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
    if (!cg_help_cell(k, json_string_value(code), json_string_length(code), payload))
        run_cell(k, json_string_value(code), json_string_length(code), silent, &x);
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
