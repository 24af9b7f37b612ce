/* channels.h: the loops of the shell and control threads. */
#ifndef CG_CHANNELS_H
#define CG_CHANNELS_H

#include "kernel.h"

/* pthread start routines; arg is the cg_kernel. The shell thread starts
 * the evaluator, publishes status starting, and serves shell until
 * shutdown; the control thread serves control until shutdown. */
void *cg_shell_thread(void *arg);
void *cg_control_thread(void *arg);
/* After a cell failed with stop_on_error, and before its reply goes out:
 * takes the requests waiting on shell now, to be served next with their
 * execute requests aborted. See Note [stop_on_error]. */
void cg_shell_hold_queued(cg_kernel *k);

#endif
