/* fd_capture.h: what reaches the process's fds 1 and 2 (a C library's
 * printf, a warning from OpenBLAS, write(1, ...)) becomes stream output
 * of the running cell.
 *
 * Fds 1 and 2 are the write ends of two pipes. A reader thread moves what
 * arrives into the stream buffer (streams.h), to be published as print()'s
 * text is; text that arrives while no cell runs goes to the kernel's
 * original stdout or stderr (kernel_log.h), since no frontend would show
 * it. Not the path of print(): that goes through the host
 * (kernel_host.c).
 *
 * Note [Captured fd order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~
 * Text a cell wrote to fd 1 must be published before the cell's reply and
 * before its later display output. The reader may be behind, so the shell
 * thread drains the pipes itself (cg_fd_capture_drain) before it publishes
 * anything else: after fflush(NULL), everything the cell wrote is in a
 * pipe, or already in the stream buffer. One mutex makes a read and its
 * append one step, so the two readers never reorder text. Lock order:
 * this mutex, then the streams' one; stdio is never used with it held (a
 * thread blocked writing to a full pipe may hold a FILE's lock). */
#ifndef CG_FD_CAPTURE_H
#define CG_FD_CAPTURE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "iopub.h"
#include "streams.h"

#define CG_FD_CAPTURE_CHUNK (64 << 10)

typedef struct {
    int read_end[2];    /* the pipes' read ends: [0] fd 1's, [1] fd 2's */
    int stop;           /* an eventfd: the reader ends when it is written */
    size_t drain_limit; /* most bytes a drain reads per pipe */
    cg_streams *streams;
    cg_publisher pub; /* the reader thread's, to wake the iopub thread */
    bool urged;       /* the reader thread's: a wake-now went out for the text waiting */
    bool started;
    pthread_t thread;
    pthread_mutex_t lock; /* Note [Captured fd order]; guards what follows */
    char carry[2][4];     /* the start of a UTF-8 character cut by a read */
    size_t n_carry[2];
    char buf[CG_FD_CAPTURE_CHUNK + 4];
} cg_fd_capture;

/* Points fds 1 and 2 at the pipes and starts the reader (SIGINT must be
 * blocked in the calling thread). 0, or -1 (logged) with fds 1 and 2 as
 * they were. */
int cg_fd_capture_start(cg_fd_capture *c, void *zmq, const cg_signer *signer, cg_streams *streams);
/* Moves what was written to fds 1 and 2 so far into the stream buffer (or
 * the log when no cell runs). Any thread; nothing when not started. */
void cg_fd_capture_drain(cg_fd_capture *c);
/* Points fds 1 and 2 back where they were, lets the reader pass on what
 * is left, and joins it (its publisher is closed). */
void cg_fd_capture_stop(cg_fd_capture *c);

#endif
