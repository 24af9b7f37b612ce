/* requests.c: the small requests: kernel_info, is_complete, comm_info,
 * shutdown, interrupt, comms. execute has its own file (execute.c). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "header.h"
#include "runtime/host.h"
#include "kernel_log.h"
#include "requests.h"
#include "services/services.h"
#include "version.h"

json_t *cg_request_kernel_info(cg_request *r) {
    (void)r;
    return json_pack(
        "{s:s, s:s, s:s, s:s,"
        " s:{s:s, s:s, s:s, s:s, s:{s:s, s:i}, s:s, s:s},"
        " s:s, s:[{s:s, s:s}, {s:s, s:s}]}",
        "status", "ok", "protocol_version", CG_PROTOCOL_VERSION, "implementation", "cgrad",
        "implementation_version", CG_VERSION,
        "language_info", "name", "python", "version", "3.11", "mimetype", "text/x-python",
        "file_extension", ".py", "codemirror_mode", "name", "ipython", "version", 3,
        "pygments_lexer", "ipython3", "nbconvert_exporter", "python",
        "banner", "cgrad " CG_VERSION ": PyTorch-style Python, evaluated in C\n",
        "help_links", "text", "PyTorch", "url", "https://pytorch.org/docs/stable/",
        "text", "Python", "url", "https://docs.python.org/3.11/");
}

static bool blank(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!strchr(" \t\r\n\f\v", s[i])) return false;
    return true;
}

/* Note [Cell magic is_complete]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A `%%time` cell's body is a string to the magic, so parsing says
 * nothing about it. IPython's check_complete then goes by lines: the
 * cell is complete once its last line is blank (jupyter console runs it
 * on a second Enter), else incomplete, indented as its last line. The
 * last line of "a\n" is "a\n", of "a\n\n" or "a\n  " the blank one. */
static json_t *cell_magic_status(const char *code, size_t len) {
    size_t end = len, start;
    if (end && code[end - 1] == '\n') end--;
    for (start = end; start && code[start - 1] != '\n'; start--) {}
    if (blank(code + start, len - start)) return json_pack("{s:s}", "status", "complete");
    size_t spaces = 0;
    for (size_t i = start; i < len && (code[i] == ' ' || code[i] == '\t'); i++) spaces += code[i] == '\t' ? 4 : 1;
    char indent[64];
    if (spaces >= sizeof indent) spaces = sizeof indent - 1;
    memset(indent, ' ', spaces);
    indent[spaces] = 0;
    return json_pack("{s:s, s:s}", "status", "incomplete", "indent", indent);
}

static bool is_cell_magic(const char *code, size_t len) {
    size_t i = 0;
    while (i < len && strchr(" \t\r\n\f\v", code[i]) && code[i]) i++;
    return len - i >= 2 && code[i] == '%' && code[i + 1] == '%';
}

json_t *cg_request_is_complete(cg_request *r) {
    json_t *code = json_object_get(r->msg->content, "code");
    if (!json_is_string(code)) return json_pack("{s:s}", "status", "unknown");
    const char *src = json_string_value(code);
    size_t len = json_string_length(code);
    if (is_cell_magic(src, len)) return cell_magic_status(src, len);
    /* `%timeit x` is no Python: parse what the magics turn the cell into. */
    char *py = cg_magics_transform(src, len);
    if (!py) return json_pack("{s:s}", "status", "unknown");
    char indent[64];
    cg_code_status st = cg_parse_is_complete(py, strlen(py), indent);
    free(py);
    if (st == CG_CODE_INCOMPLETE) return json_pack("{s:s, s:s}", "status", "incomplete", "indent", indent);
    return json_pack("{s:s}", "status", st == CG_CODE_COMPLETE ? "complete" : "invalid");
}

json_t *cg_request_comm_info(cg_request *r) {
    (void)r;
    return json_pack("{s:s, s:{}}", "status", "ok", "comms");
}

json_t *cg_request_shutdown(cg_request *r) {
    json_t *restart = json_object_get(r->msg->content, "restart");
    json_t *content = json_pack("{s:s, s:b}", "status", "ok", "restart", json_is_true(restart));
    /* ipykernel also tells every client on iopub that the kernel goes. */
    cg_publish(r->pub, r->msg->header, "shutdown_reply", json_deep_copy(content));
    atomic_store(&r->k->stopping, true);
    /* A running cell stops at its next statement, so the shell thread can
     * finish; jupyter_client kills the process if that takes too long. */
    cg_interrupt_requested = 1;
    return content;
}

json_t *cg_request_interrupt(cg_request *r) {
    (void)r;
    cg_interrupt_requested = 1;
    return json_pack("{s:s}", "status", "ok");
}

/* The kernel has no comm targets yet: as the spec asks, a comm opened
 * for an unknown target is closed at once, so the frontend does not wait
 * on it. */
json_t *cg_request_comm_open(cg_request *r) {
    json_t *id = json_object_get(r->msg->content, "comm_id");
    json_t *target = json_object_get(r->msg->content, "target_name");
    cg_kernel_log("cgrad kernel: no comm target '%s'\n", json_is_string(target) ? json_string_value(target) : "");
    if (json_is_string(id))
        cg_publish(r->pub, r->msg->header, "comm_close", json_pack("{s:O, s:{}}", "comm_id", id, "data"));
    return NULL;
}

json_t *cg_request_ignore(cg_request *r) {
    (void)r;
    return NULL;
}
