/* kernel_host.h: the evaluator's host (lang/runtime/host.h) inside the kernel.
 *
 * What a cell writes becomes `stream` messages (streams.h), display() becomes
 * display_data, input() an input_request on stdin. All of it has the
 * running execute_request as parent. Shell thread only. */
#ifndef CG_KERNEL_HOST_H
#define CG_KERNEL_HOST_H

#include "kernel.h"

/* Makes the kernel the evaluator's host (k->session answers for it). */
void cg_kernel_host_install(cg_kernel *k);
void cg_kernel_host_uninstall(void);
/* Publishes buffered stream text now, and what reached fds 1 and 2 so far
 * (fd_capture.h): before any other output, the reply and an input_request,
 * so the client sees things in the order made. */
void cg_kernel_streams_flush(cg_kernel *k);
/* Stream text from now on belongs to this request (NULL: none). */
void cg_kernel_streams_parent(cg_kernel *k, json_t *parent);

#endif
