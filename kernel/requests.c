/* requests.c: the small requests: kernel_info, is_complete, comm_info,
 * shutdown, interrupt, comms. execute has its own file (execute.c). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "header.h"
#include "kernel_log.h"
#include "requests.h"
#include "runtime/host.h"
#include "session.h"
#include "version.h"

json_t *cg_request_kernel_info(cg_request *r) {
    (void)r;
    return json_pack(
        "{s:s, s:s, s:s, s:s,"
        " s:{s:s, s:s, s:s, s:s, s:{s:s, s:i}, s:s, s:s},"
        " s:s, s:[{s:s, s:s}, {s:s, s:s}]}",
        "status", "ok", "protocol_version", CG_PROTOCOL_VERSION, "implementation", "cgrad", "implementation_version",
        CG_VERSION, "language_info", "name", "python", "version", "3.11", "mimetype", "text/x-python", "file_extension",
        ".py", "codemirror_mode", "name", "ipython", "version", 3, "pygments_lexer", "ipython3", "nbconvert_exporter",
        "python", "banner", "cgrad " CG_VERSION ": PyTorch-style Python, evaluated in C\n", "help_links", "text",
        "PyTorch", "url", "https://pytorch.org/docs/stable/", "text", "Python", "url", "https://docs.python.org/3.11/");
}

json_t *cg_request_is_complete(cg_request *r) {
    json_t *code = json_object_get(r->msg->content, "code");
    if (!json_is_string(code))
        return json_pack("{s:s}", "status", "unknown");
    char indent[64];
    switch (cg_lang_is_complete(json_string_value(code), json_string_length(code), indent)) {
    case CG_LANG_CODE_COMPLETE: return json_pack("{s:s}", "status", "complete");
    case CG_LANG_CODE_INCOMPLETE: return json_pack("{s:s, s:s}", "status", "incomplete", "indent", indent);
    case CG_LANG_CODE_INVALID: return json_pack("{s:s}", "status", "invalid");
    case CG_LANG_CODE_UNKNOWN: break;
    }
    return json_pack("{s:s}", "status", "unknown");
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
