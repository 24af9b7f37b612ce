/* dispatch.c: the table of request types and the busy/idle bracket. */
#include <stdio.h>
#include <string.h>

#include "dispatch.h"
#include "kernel_log.h"
#include "requests.h"

enum { ON_SHELL = 1, ON_CONTROL = 2 };

/* A NULL reply: the request has none (comm messages). */
static const struct {
    const char *request, *reply;
    json_t *(*handle)(cg_request *r);
    int channels;
} handlers[] = {
    {"kernel_info_request", "kernel_info_reply", cg_request_kernel_info, ON_SHELL | ON_CONTROL},
    {"execute_request", "execute_reply", cg_request_execute, ON_SHELL},
    {"is_complete_request", "is_complete_reply", cg_request_is_complete, ON_SHELL},
    {"complete_request", "complete_reply", cg_request_complete, ON_SHELL},
    {"inspect_request", "inspect_reply", cg_request_inspect, ON_SHELL},
    {"history_request", "history_reply", cg_request_history, ON_SHELL},
    {"comm_info_request", "comm_info_reply", cg_request_comm_info, ON_SHELL},
    {"shutdown_request", "shutdown_reply", cg_request_shutdown, ON_SHELL | ON_CONTROL},
    {"interrupt_request", "interrupt_reply", cg_request_interrupt, ON_CONTROL},
    {"comm_open", NULL, cg_request_comm_open, ON_SHELL},
    {"comm_msg", NULL, cg_request_ignore, ON_SHELL},
    {"comm_close", NULL, cg_request_ignore, ON_SHELL},
};

int cg_reply(cg_request *r, const char *reply_type, json_t *content) {
    return cg_wire_send(r->sock, &r->k->signer, r->msg->ids, r->msg->n_ids, reply_type, r->msg->header, NULL, content);
}

void cg_dispatch(cg_request *r) {
    int on = r->channel == CG_CH_CONTROL ? ON_CONTROL : ON_SHELL;
    cg_publish_status(r->pub, r->msg->header, "busy");
    size_t i = 0, n = sizeof handlers / sizeof handlers[0];
    while (i < n && !(strcmp(handlers[i].request, r->msg->msg_type) == 0 && (handlers[i].channels & on)))
        i++;
    if (i == n) {
        /* As ipykernel: no reply, but the client still sees busy/idle. */
        cg_kernel_log("cgrad kernel: unknown message type '%s' on %s\n", r->msg->msg_type,
                      cg_channel_names[r->channel]);
    } else {
        json_t *content = handlers[i].handle(r);
        if (content && handlers[i].reply)
            cg_reply(r, handlers[i].reply, content);
        else
            json_decref(content);
    }
    cg_publish_status(r->pub, r->msg->header, "idle");
}

void cg_dispatch_abort(cg_request *r) {
    cg_publish_status(r->pub, r->msg->header, "busy");
    cg_reply(r, "execute_reply", json_pack("{s:s}", "status", "aborted"));
    cg_publish_status(r->pub, r->msg->header, "idle");
}
