/* dispatch.h: one request on shell or control, from busy to idle.
 *
 * Every request, known or not, is bracketed by status busy and idle on
 * iopub with the request as parent; a handler returns its reply's content
 * and publishes its side effects in between, so outputs come before the
 * reply and idle after it. The table of handlers is in dispatch.c: a new
 * request type is one line there. */
#ifndef CG_DISPATCH_H
#define CG_DISPATCH_H

#include <jansson.h>

#include "kernel.h"

typedef struct {
    cg_kernel *k;
    int channel;       /* CG_CH_SHELL or CG_CH_CONTROL */
    void *sock;        /* that channel's socket */
    cg_publisher *pub; /* the publisher of the thread handling it */
    const cg_msg *msg;
} cg_request;

/* Handles r->msg completely. */
void cg_dispatch(cg_request *r);
/* Answers an execute_request with status aborted (stop_on_error), still
 * between busy and idle. */
void cg_dispatch_abort(cg_request *r);
/* Sends content (stolen) as reply_type to the requester. */
int cg_reply(cg_request *r, const char *reply_type, json_t *content);

#endif
