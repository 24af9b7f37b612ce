/* requests.h: the handlers of shell and control requests.
 *
 * Each returns the content of its reply (a new reference), or NULL for no
 * reply. They run between busy and idle (dispatch.h). Handlers that may
 * run on the control thread touch only what is safe there. */
#ifndef CG_REQUESTS_H
#define CG_REQUESTS_H

#include "dispatch.h"

json_t *cg_request_kernel_info(cg_request *r); /* shell and control */
json_t *cg_request_execute(cg_request *r);     /* execute.c */
json_t *cg_request_is_complete(cg_request *r);
json_t *cg_request_complete(cg_request *r); /* query_requests.c */
json_t *cg_request_inspect(cg_request *r);  /* query_requests.c */
json_t *cg_request_history(cg_request *r);  /* query_requests.c */
json_t *cg_request_comm_info(cg_request *r);
json_t *cg_request_shutdown(cg_request *r);  /* control (shell: deprecated) */
json_t *cg_request_interrupt(cg_request *r); /* control */
json_t *cg_request_comm_open(cg_request *r); /* no comm targets: closes it */
json_t *cg_request_ignore(cg_request *r);    /* comm_msg, comm_close: nothing to do */

#endif
