/* query_requests.c: complete_request, inspect_request and history_request, the
 * requests the language's services answer (through lang/session.h).
 *
 * Each reply has ipykernel's fields and shapes, so JupyterLab's completer
 * and contextual help, and jupyter console's history, work as they do
 * with IPython. Positions are Unicode code points on both sides. Not the
 * execution of cells (execute.c) nor is_complete (requests.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json_text.h"
#include "requests.h"
#include "session.h"

/* IPython's default number of entries for a tail without n. */
#define HISTORY_TAIL_DEFAULT 10

static json_t *bad_request(const char *why) {
    return json_pack("{s:s, s:s, s:s, s:[]}", "status", "error", "ename", "ValueError", "evalue", why, "traceback");
}

/* content.code and its length in bytes (a \u0000 in it is one more
 * character, as IPython reads it), and content.cursor_pos (the end of the
 * code when absent, as jupyter_client's default); false when code is no
 * string. */
static bool code_and_cursor(json_t *content, const char **code, size_t *len, size_t *cursor) {
    json_t *c = json_object_get(content, "code"), *pos = json_object_get(content, "cursor_pos");
    if (!json_is_string(c))
        return false;
    *code = json_string_value(c);
    *len = json_string_length(c);
    size_t end = cg_text_code_points(*code, *len);
    double p = json_is_number(pos) ? json_number_value(pos) : (double)end;
    *cursor = p < 0 ? 0 : p > (double)end ? end : (size_t)p;
    return true;
}

/* Note [Completion metadata]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * ipykernel sends, besides the matches, one record per match under
 * `_jupyter_types_experimental`: {start, end, text, type, signature}.
 * JupyterLab shows `type` as the match's icon, so it is always sent.
 * IPython fills `signature` from Jedi for functions only, as the
 * parenthesised parameters ("(input, other)"), and "" for the rest; here
 * it comes from what inspect_request would show for the completed name. */
static json_t *signature_of(cg_lang_session *s, const char *code, size_t len, size_t start, const char *match) {
    size_t pre = cg_text_byte_offset(code, len, start), n = strlen(match);
    char *completed = malloc(pre + n + 1);
    if (!completed)
        return json_string("");
    memcpy(completed, code, pre);
    memcpy(completed + pre, match, n + 1);
    cg_inspection in;
    cg_lang_inspect(s, completed, pre + n, cg_text_code_points(completed, pre + n), 0, &in);
    free(completed);
    const char *line = in.text_plain && !strncmp(in.text_plain, "Signature:", 10) ? in.text_plain : NULL;
    const char *open = line ? strchr(line, '(') : NULL, *end = line ? strchr(line, '\n') : NULL;
    if (!end && line)
        end = line + strlen(line);
    json_t *sig = open && open < end ? cg_json_text(open, (size_t)(end - open)) : json_string("");
    cg_inspection_free(&in);
    return sig;
}

static json_t *completion_types(cg_lang_session *s, const char *code, size_t len, const cg_completion *c) {
    json_t *types = json_array();
    for (int i = 0; i < c->n; i++) {
        bool function = !strcmp(c->types[i], "function");
        json_array_append_new(
            types, json_pack("{s:I, s:I, s:o, s:s, s:o}", "start", (json_int_t)c->cursor_start, "end",
                             (json_int_t)c->cursor_end, "text", cg_json_text(c->matches[i], strlen(c->matches[i])),
                             "type", c->types[i], "signature",
                             function ? signature_of(s, code, len, c->cursor_start, c->matches[i]) : json_string("")));
    }
    return types;
}

json_t *cg_request_complete(cg_request *r) {
    const char *code;
    size_t len, cursor;
    if (!code_and_cursor(r->msg->content, &code, &len, &cursor))
        return bad_request("complete_request has no 'code' string");
    cg_completion c;
    if (cg_lang_complete(r->k->session, code, len, cursor, &c) < 0) {
        c.cursor_start = c.cursor_end = cursor; /* out of memory: no matches, still a reply */
    }
    json_t *matches = json_array();
    for (int i = 0; i < c.n; i++)
        json_array_append_new(matches, cg_json_text(c.matches[i], strlen(c.matches[i])));
    json_t *reply = json_pack("{s:s, s:o, s:I, s:I, s:{s:o}}", "status", "ok", "matches", matches, "cursor_start",
                              (json_int_t)c.cursor_start, "cursor_end", (json_int_t)c.cursor_end, "metadata",
                              "_jupyter_types_experimental", completion_types(r->k->session, code, len, &c));
    cg_completion_free(&c);
    return reply;
}

json_t *cg_request_inspect(cg_request *r) {
    const char *code;
    size_t len, cursor;
    if (!code_and_cursor(r->msg->content, &code, &len, &cursor))
        return bad_request("inspect_request has no 'code' string");
    json_t *level = json_object_get(r->msg->content, "detail_level");
    cg_inspection in;
    cg_lang_inspect(r->k->session, code, len, cursor, json_is_integer(level) ? (int)json_integer_value(level) : 0, &in);
    json_t *data = json_object();
    if (in.found && in.text_plain)
        json_object_set_new(data, "text/plain", cg_json_text(in.text_plain, strlen(in.text_plain)));
    json_t *reply = json_pack("{s:s, s:b, s:o, s:{}}", "status", "ok", "found", in.found && in.text_plain, "data", data,
                              "metadata");
    cg_inspection_free(&in);
    return reply;
}

/* A number field of a history_request, or dflt when absent or null. */
static int int_field(json_t *content, const char *name, int dflt) {
    json_t *v = json_object_get(content, name);
    if (!json_is_number(v))
        return dflt;
    double d = json_number_value(v);
    return isfinite(d) ? (d > 1e9 ? 1000000000 : d < -1e9 ? -1000000000 : (int)d) : dflt;
}

/* [session, line, input], or [session, line, [input, output]] when output
 * was asked for: the kernel keeps no outputs, so null, as IPython sends
 * when it does not log them (its default). */
static json_t *history_json(const cg_history_list *l, bool output) {
    json_t *out = json_array();
    for (int i = 0; i < l->n; i++) {
        const cg_history_entry *e = &l->items[i];
        json_t *input = cg_json_text(e->input, e->len);
        json_t *last = output ? json_pack("[o, n]", input) : input;
        json_array_append_new(out, json_pack("[i, i, o]", e->session, e->line, last));
    }
    return out;
}

json_t *cg_request_history(cg_request *r) {
    json_t *content = r->msg->content;
    cg_lang_session *s = r->k->session;
    json_t *type = json_object_get(content, "hist_access_type"), *pattern = json_object_get(content, "pattern");
    const char *how = json_is_string(type) ? json_string_value(type) : "";
    cg_history_list l = {0};
    int rc = 0;
    if (!s) {
        /* the evaluator never started: nothing was executed */
    } else if (!strcmp(how, "tail")) {
        rc = cg_lang_history_tail(s, int_field(content, "n", HISTORY_TAIL_DEFAULT), &l);
    } else if (!strcmp(how, "range")) {
        rc = cg_lang_history_range(s, int_field(content, "session", 0), int_field(content, "start", 0),
                                   int_field(content, "stop", -1), &l);
    } else if (!strcmp(how, "search")) {
        rc = cg_lang_history_search(s, json_is_string(pattern) ? json_string_value(pattern) : "*",
                                    int_field(content, "n", 0), json_is_true(json_object_get(content, "unique")), &l);
    }
    json_t *reply =
        json_pack("{s:s, s:o}", "status", "ok", "history",
                  rc < 0 ? json_array() : history_json(&l, json_is_true(json_object_get(content, "output"))));
    cg_history_list_free(&l);
    return reply;
}
