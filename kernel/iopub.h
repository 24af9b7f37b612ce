/* iopub.h: the one path by which every thread publishes on iopub.
 *
 * A ZeroMQ socket belongs to one thread, and the shell and control threads
 * both publish; so the iopub thread owns the XPUB socket, and each
 * publishing thread has a publisher: its own inproc PUSH socket into that
 * thread, which forwards messages in the order each publisher sent them.
 * The iopub thread also greets every subscription with iopub_welcome
 * (JEP 65, protocol 5.5), so a client knows when its subscription is live. */
#ifndef CG_IOPUB_H
#define CG_IOPUB_H

#include <pthread.h>
#include <stdbool.h>

#include <jansson.h>

#include "signing.h"
#include "streams.h"

// Note [Subscriptions the kernel takes]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// libzmq keeps an XPUB's subscriptions in a trie with a node per byte: a
// 20 MB topic from one subscriber cost the kernel about 700 MB for as long
// as it stayed connected (ipykernel has the same weakness). Real frontends
// subscribe to "" only. So the iopub socket's ZMQ_MAXMSGSIZE is
// CG_IOPUB_MAX_FRAME, a topic of CG_IOPUB_MAX_TOPIC bytes in the longer of
// ZMTP's two forms (3.1's SUBSCRIBE command, "\x09SUBSCRIBE" + topic; 3.0's
// message "\x01" + topic): libzmq reads a frame's size before its body and
// disconnects a peer whose frame is longer, so
// such a topic is never buffered, never in the trie and never welcomed;
// other subscribers are not touched. ZMQ_XPUB_MANUAL would not do: libzmq
// still keeps every manual subscription in a trie of its own, to cancel it
// when the pipe goes. The peer's disconnection is all libzmq reports, so
// the drop leaves no line in the log.

/* The longest subscription topic the iopub socket takes, in bytes, and the
 * longest frame it reads. */
#define CG_IOPUB_MAX_TOPIC 1024
#define CG_IOPUB_MAX_FRAME (CG_IOPUB_MAX_TOPIC + 10)

typedef struct {
    void *xpub; /* bound by the caller, owned by the thread */
    void *pull; /* the inproc end publishers connect to */
    const cg_signer *signer;
    cg_streams *streams;   /* text this thread publishes when it has waited */
    long long deadline_ns; /* when to publish it (CLOCK_MONOTONIC), or 0 */
    bool stop;
    pthread_t thread;
} cg_iopub;

/* Binds the inproc endpoint and starts the thread over an XPUB socket that
 * is already bound. 0, or -1. */
int cg_iopub_start(cg_iopub *io, void *zmq, void *xpub, const cg_signer *signer, cg_streams *streams);
/* After every publisher but `last` is closed: sends the stop mark through
 * last, waits for the thread to forward what is queued and exit, and
 * closes the sockets (the XPUB lingers to deliver). */
void cg_iopub_stop(cg_iopub *io, void *last_push);

typedef struct {
    void *push;
    const cg_signer *signer;
} cg_publisher;

int cg_publisher_open(cg_publisher *p, void *zmq, const cg_signer *signer);
void cg_publisher_close(cg_publisher *p);
/* Publishes msg_type with the given parent header (NULL for {}) and
 * content (reference stolen). 0, or -1 (logged). */
int cg_publish(cg_publisher *p, json_t *parent, const char *msg_type, json_t *content);
/* Tells the iopub thread that stream text waits (streams.h). */
void cg_publisher_wake(cg_publisher *p);
/* The same when so much waits that it must go out now, not in 50 ms. */
void cg_publisher_wake_now(cg_publisher *p);
/* status: busy / idle / starting. */
int cg_publish_status(cg_publisher *p, json_t *parent, const char *state);

#endif
