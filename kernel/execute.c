/* execute.c: execute_request, the one request that runs code.
 *
 * Order on iopub, as ipykernel's tests expect: execute_input (unless
 * silent), then what the cell printed and displayed, then execute_result
 * or error; the reply follows, then idle (dispatch.c). silent hides only
 * execute_input and execute_result, as in IPython. Cells run with
 * IPython's magics (lang/services/services.h), and store_history keeps their input
 * for history_request (query_requests.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blas_threads.h"
#include "bundle_json.h"
#include "channels.h"
#include "runtime/exc.h"
#include "help_cell.h"
#include "runtime/host.h"
#include "runtime/interp.h"
#include "json_text.h"
#include "kernel_host.h"
#include "rich/plot_module.h"
#include "requests.h"
#include "services/services.h"

static json_t *str_json(cg_value s) { return cg_json_text(cg_str_cstr(s), (size_t)((cg_str *)s.u.o)->len); }


/* Traceback text as the list of lines Jupyter shows one under another. */
static json_t *traceback_lines(const char *text) {
    json_t *lines = json_array();
    for (const char *s = text; s && *s;) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        json_array_append_new(lines, cg_json_text(s, n));
        s += n + (nl ? 1 : 0);
    }
    return lines;
}

/* exc (stolen) as {ename, evalue, traceback}; ename is type(e).__name__
 * as in ipykernel. */
static json_t *error_fields(cg_value exc, bool with_traceback) {
    json_t *out = json_object();
    json_object_set_new(out, "ename", json_string(cg_typeof(exc)->name));
    cg_value msg = cg_exc_message(exc);
    if (cg_is_err(msg)) {
        cg_exc_clear();
        msg = cg_str_from_c("");
    }
    json_object_set_new(out, "evalue", cg_is_err(msg) ? json_string("") : str_json(msg));
    if (!cg_is_err(msg)) cg_decref(msg);
    char *tb = with_traceback ? cg_traceback_format(exc) : NULL;
    json_object_set_new(out, "traceback", traceback_lines(tb));
    free(tb);
    cg_decref(exc);
    return out;
}

/* A misused magic: IPython prints "UsageError: msg" on stderr and sends
 * no error output; ipykernel's reply has ename UsageError and an empty
 * traceback. */
static json_t *usage_error(cg_kernel *k, cg_value exc) {
    json_t *err = error_fields(exc, false);
    const char *evalue = json_string_value(json_object_get(err, "evalue"));
    cg_host_write(CG_STDERR, "UsageError: ", 12);
    cg_host_write(CG_STDERR, evalue, strlen(evalue));
    cg_host_write(CG_STDERR, "\n", 1);
    cg_kernel_streams_flush(k);
    return err;
}

static json_t *user_expression(cg_kernel *k, const char *expr) {
    cg_value v;
    json_t *data = NULL;
    if (cg_session_run(k->session, expr, strlen(expr), "<user_expression>", &v) == 0) {
        data = cg_bundle_json(v);
        cg_decref(v);
    }
    if (!data) {
        json_t *err = error_fields(cg_exc_fetch(), true);
        json_object_set_new(err, "status", json_string("error"));
        return err;
    }
    return json_pack("{s:s, s:o, s:{}}", "status", "ok", "data", data, "metadata");
}

static json_t *user_expressions(cg_kernel *k, json_t *wanted) {
    json_t *out = json_object();
    const char *name;
    json_t *expr;
    json_object_foreach(wanted, name, expr) {
        if (json_is_string(expr)) json_object_set_new(out, name, user_expression(k, json_string_value(expr)));
    }
    return out;
}

static bool flag(json_t *content, const char *name, bool dflt) {
    json_t *v = json_object_get(content, name);
    return json_is_boolean(v) ? json_is_true(v) : dflt;
}

/* Runs the cell; the value of its last expression in *result (or NULL
 * when there is none to show). 0, or -1 with the exception pending. */
static int run_cell(cg_kernel *k, const char *code, size_t len, bool silent, cg_value *result) {
    char name[64];
    snprintf(name, sizeof name, "<cell %ld>", k->execution_count);
    *result = CG_NONE;
    /* An interrupt that came while the kernel was idle is not for this cell. */
    cg_interrupt_requested = 0;
    int rc = cg_session_run_cell(k->session, code, len, name, silent ? NULL : result);
    cg_kernel_streams_flush(k);
    return rc;
}

json_t *cg_request_execute(cg_request *r) {
    cg_kernel *k = r->k;
    json_t *content = r->msg->content, *code = json_object_get(content, "code");
    bool silent = flag(content, "silent", false);
    bool store_history = flag(content, "store_history", !silent) && !silent;
    bool stop_on_error = flag(content, "stop_on_error", true);
    if (!json_is_string(code))
        return json_pack("{s:s, s:i, s:s, s:s, s:[]}", "status", "error", "execution_count", (json_int_t)k->execution_count,
                         "ename", "ValueError", "evalue", "execute_request has no 'code' string", "traceback");
    cg_blas_threads_start();
    if (store_history) {
        k->execution_count++;
        /* As IPython, the input is stored before it runs: a cell that fails is history too. */
        cg_history_add(k->history, (int)k->execution_count, json_string_value(code));
    }
    json_int_t count = k->execution_count;
    if (!silent)
        cg_publish(r->pub, r->msg->header, "execute_input",
                   json_pack("{s:O, s:I}", "code", code, "execution_count", count));

    k->running = r->msg;
    k->allow_stdin = flag(content, "allow_stdin", true);
    cg_kernel_streams_parent(k, r->msg->header);
    cg_value result = CG_NONE;
    json_t *reply, *payload = json_array();
    int rc = cg_help_cell(k, json_string_value(code), json_string_length(code), payload)
                 ? 0
                 : run_cell(k, json_string_value(code), json_string_length(code), silent, &result);
    if (rc == 0) {
        json_t *data = cg_is_none(result) ? NULL : cg_bundle_json(result);
        cg_decref(result);
        if (data)
            cg_publish(r->pub, r->msg->header, "execute_result",
                       json_pack("{s:I, s:o, s:{}}", "execution_count", count, "data", data, "metadata"));
        else
            cg_exc_clear();   /* a repr that failed shows nothing, as IPython's displayhook */
        /* pyplot's figures show when the cell ends, after its result, as
         * with IPython's inline backend; one that cannot render fails the cell */
        rc = cg_plot_flush();
        cg_kernel_streams_flush(k);
    }
    if (rc == 0) {
        reply = json_pack("{s:s, s:I, s:o, s:o}", "status", "ok", "execution_count", count, "payload", payload,
                          "user_expressions", user_expressions(k, json_object_get(content, "user_expressions")));
    } else {
        cg_value exc = cg_exc_fetch();
        json_t *err;
        if (cg_exc_is_usage_error(exc)) {
            err = usage_error(k, exc);
        } else {
            err = error_fields(exc, true);
            cg_publish(r->pub, r->msg->header, "error", json_deep_copy(err));
        }
        reply = err;
        json_decref(payload);
        json_object_set_new(reply, "status", json_string("error"));
        json_object_set_new(reply, "execution_count", json_integer(count));
        if (stop_on_error && !silent) cg_shell_hold_queued(k);
    }
    cg_kernel_streams_parent(k, NULL);
    k->running = NULL;
    return reply;
}
