/* streams.h: text a cell wrote to stdout and stderr, waiting to become
 * `stream` messages.
 *
 * Text gathers here so that a loop of prints is a few messages, not
 * thousands. Two threads publish it, in order: the shell thread before any
 * other output of its own (and before the reply), and the iopub thread
 * when text has waited CG_STREAMS_DELAY_NS, so a line printed before a
 * long computation shows at once. See Note [Stream order] in iopub.c. The
 * buffer keeps runs of each stream in the order written, so stdout and
 * stderr interleave as the cell wrote them. */
#ifndef CG_STREAMS_H
#define CG_STREAMS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#define CG_STREAMS_DELAY_NS 50000000LL  /* 50 ms */
#define CG_STREAMS_MAX_BYTES (64 << 10) /* more than this is published at once */

typedef struct {
    int stream; /* CG_STDOUT or CG_STDERR */
    size_t len;
} cg_stream_run;

typedef struct {
    pthread_mutex_t lock;
    json_t *parent; /* header of the request the text belongs to, or NULL */
    char *data;
    size_t len, cap;
    cg_stream_run *runs;
    size_t n_runs, cap_runs;
} cg_streams;

/* Receives each message a flush makes: parent (borrowed, may be NULL) and
 * the content of a `stream` message (stolen). */
typedef void (*cg_stream_sink)(void *ctx, json_t *parent, json_t *content);

void cg_streams_init(cg_streams *s);
void cg_streams_free(cg_streams *s);
/* Appends text; true when the buffer was empty before (someone must make
 * sure it is published: the caller wakes the iopub thread). */
bool cg_streams_append(cg_streams *s, int stream, const char *text, size_t n);
/* The same for text that belongs to a request only while one runs (what
 * reaches fds 1 and 2, fd_capture.h): 1 or 0 as above, or -1 with nothing
 * appended when no request runs (no parent). */
int cg_streams_append_if_parent(cg_streams *s, int stream, const char *text, size_t n);
/* The buffer's size, for the caller's decision to flush. */
size_t cg_streams_pending(cg_streams *s);
/* Publishes everything buffered through sink. */
void cg_streams_flush(cg_streams *s, cg_stream_sink sink, void *ctx);
/* The same with the lock already held. */
void cg_streams_flush_locked(cg_streams *s, cg_stream_sink sink, void *ctx);
/* Text from now on belongs to this request (a deep copy is kept); what
 * is buffered is published first. parent NULL: no request. */
void cg_streams_set_parent(cg_streams *s, json_t *parent, cg_stream_sink sink, void *ctx);

#endif
