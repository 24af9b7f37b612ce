/* iopub.c: the iopub thread and the publishers that feed it. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <zmq.h>

#include "header.h"
#include "iopub.h"
#include "json_text.h"
#include "wire.h"

#define IOPUB_INPROC "inproc://cgrad-iopub"
/* A one-frame message no publisher sends otherwise (theirs have 7). */
#define STOP_MARK "cgrad-iopub-stop"

/* A subscription reaches an XPUB as one frame: 1 then the topic (0 is an
 * unsubscription, which needs no answer). */
static void greet(cg_iopub *io) {
    zmq_msg_t m;
    zmq_msg_init(&m);
    while (zmq_msg_recv(&m, io->xpub, ZMQ_DONTWAIT) < 0 && errno == EINTR) {}
    const char *d = zmq_msg_data(&m);
    size_t n = zmq_msg_size(&m);
    if (n >= 1 && d[0] == 1) {
        cg_frame topic = {(void *)(d + 1), n - 1};
        json_t *content = json_object();
        json_object_set_new(content, "subscription", cg_json_text(d + 1, n - 1));
        /* ipykernel leaves out the topic frame for the empty topic */
        cg_wire_send(io->xpub, io->signer, &topic, n > 1 ? 1 : 0, "iopub_welcome", NULL, NULL, content);
    }
    zmq_msg_close(&m);
}

/* Moves one queued message from the publishers to the XPUB; returns 1 on
 * the stop mark, -1 when nothing was there. */
static int forward(cg_iopub *io, int flags) {
    for (int part = 0;; part++) {
        zmq_msg_t m;
        zmq_msg_init(&m);
        int got;
        while ((got = zmq_msg_recv(&m, io->pull, part ? 0 : flags)) < 0 && errno == EINTR) {}
        if (got < 0) {
            zmq_msg_close(&m);
            return -1;
        }
        int more = zmq_msg_more(&m);
        if (part == 0 && !more && zmq_msg_size(&m) == strlen(STOP_MARK) &&
            !memcmp(zmq_msg_data(&m), STOP_MARK, strlen(STOP_MARK))) {
            zmq_msg_close(&m);
            return 1;
        }
        while (zmq_msg_send(&m, io->xpub, more ? ZMQ_SNDMORE : 0) < 0 && errno == EINTR) {}
        zmq_msg_close(&m);
        if (!more) return 0;
    }
}

static void *iopub_thread(void *arg) {
    cg_iopub *io = arg;
    for (;;) {
        zmq_pollitem_t items[] = {{io->pull, 0, ZMQ_POLLIN, 0}, {io->xpub, 0, ZMQ_POLLIN, 0}};
        if (zmq_poll(items, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (items[1].revents & ZMQ_POLLIN) greet(io);
        if ((items[0].revents & ZMQ_POLLIN) && forward(io, ZMQ_DONTWAIT) == 1) {
            /* Everything published before the stop mark is queued by now
             * (publishers are closed): pass it on, then stop. */
            while (forward(io, ZMQ_DONTWAIT) >= 0) {}
            break;
        }
    }
    return NULL;
}

int cg_iopub_start(cg_iopub *io, void *zmq, void *xpub, const cg_signer *signer) {
    io->xpub = xpub;
    io->signer = signer;
    io->pull = zmq_socket(zmq, ZMQ_PULL);
    if (!io->pull || zmq_bind(io->pull, IOPUB_INPROC) < 0) return -1;
    return pthread_create(&io->thread, NULL, iopub_thread, io) == 0 ? 0 : -1;
}

void cg_iopub_stop(cg_iopub *io, void *last_push) {
    cg_frame stop = {STOP_MARK, strlen(STOP_MARK)};
    cg_wire_send_frames(last_push, &stop, 1);
    pthread_join(io->thread, NULL);
    zmq_close(io->pull);
    zmq_close(io->xpub);
}

int cg_publisher_open(cg_publisher *p, void *zmq, const cg_signer *signer) {
    p->signer = signer;
    p->push = zmq_socket(zmq, ZMQ_PUSH);
    if (!p->push) return -1;
    /* Output must never be dropped for want of a high-water mark. */
    int zero = 0;
    zmq_setsockopt(p->push, ZMQ_SNDHWM, &zero, sizeof zero);
    return zmq_connect(p->push, IOPUB_INPROC);
}

void cg_publisher_close(cg_publisher *p) {
    if (p->push) zmq_close(p->push);
    p->push = NULL;
}

int cg_publish(cg_publisher *p, json_t *parent, const char *msg_type, json_t *content) {
    char topic[128];
    snprintf(topic, sizeof topic, "kernel.%s.%s", cg_header_session(), msg_type);
    cg_frame t = {topic, strlen(topic)};
    return cg_wire_send(p->push, p->signer, &t, 1, msg_type, parent, NULL, content);
}

int cg_publish_status(cg_publisher *p, json_t *parent, const char *state) {
    return cg_publish(p, parent, "status", json_pack("{s:s}", "execution_state", state));
}
