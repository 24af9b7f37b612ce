/* kernel.h: `cgrad kernel -f CONNECTION_FILE`, and the state its threads
 * share.
 *
 * Threads (DESIGN.md, Kernel): the shell thread runs shell and stdin and
 * every cell; control has its own thread, so interrupt and shutdown work
 * while a cell runs; heartbeat echoes on its own; the iopub thread owns the
 * XPUB socket (iopub.h); a reader thread moves what reaches fds 1 and 2
 * into the cell's output (fd_capture.h). Each socket is used by one thread
 * only. The kernel's own messages go to its log (kernel_log.h). */
#ifndef CG_KERNEL_H
#define CG_KERNEL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <sys/types.h>

#include "connection.h"
#include "fd_capture.h"
#include "iopub.h"
#include "signing.h"
#include "streams.h"
#include "wire.h"

typedef struct cg_lang_session cg_lang_session; /* lang/session.h */

typedef struct cg_kernel {
    cg_connection conn;
    const char *connection_file; /* as given on the command line: sys.argv names it, as ipykernel's does */
    cg_signer signer;
    void *zmq;
    void *sockets[CG_CH_COUNT];
    cg_iopub iopub;
    pthread_t heartbeat, control;
    atomic_bool stopping;  /* a shutdown_request was answered, or the parent died */
    bool failed;           /* the evaluator could not start: exit status 1 */
    pid_t parent;          /* getppid() at start-up */
    cg_streams streams;    /* text written, not yet published (shell and iopub threads) */
    cg_fd_capture capture; /* fds 1 and 2 into streams (fd_capture.h) */

    /* Owned by the shell thread. */
    cg_publisher shell_pub;
    cg_lang_session *session; /* the language (lang/session.h), with the history of inputs */
    long execution_count;
    cg_msg *held; /* requests queued behind a failed cell (channels.c) */
    size_t n_held, cap_held;
    const cg_msg *running; /* the execute_request whose cell runs, or NULL */
    bool allow_stdin;
} cg_kernel;

/* Runs the kernel until shutdown; the process's exit status. */
int cg_kernel_main(const char *connection_file);

#endif
