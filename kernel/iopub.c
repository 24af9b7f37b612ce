/* iopub.c: the iopub thread and the publishers that feed it.
 *
 * The thread forwards what publishers send, greets subscribers, and
 * publishes stream text that has waited long enough (streams.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <zmq.h>

#include "header.h"
#include "iopub.h"
#include "json_text.h"
#include "wire.h"

#define IOPUB_INPROC "inproc://cgrad-iopub"
/* One-frame messages no publisher sends otherwise (theirs have 7). */
#define STOP_MARK "cgrad-iopub-stop"
#define WAKE_MARK "cgrad-iopub-wake"
#define NOW_MARK "cgrad-iopub-now"
/* When the shell thread holds the streams' lock, try again this soon. */
#define RETRY_NS 5000000LL

enum { FORWARDED, GOT_STOP, GOT_WAKE, GOT_NOW, NOTHING = -1 };

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void topic_for(const char *msg_type, char *out, size_t outlen) {
    snprintf(out, outlen, "kernel.%s.%s", cg_header_session(), msg_type);
}

static bool is_mark(zmq_msg_t *m, const char *mark) {
    return zmq_msg_size(m) == strlen(mark) && !memcmp(zmq_msg_data(m), mark, strlen(mark));
}

/* A subscription reaches an XPUB as one frame: 1 then the topic (0 is an
 * unsubscription, which needs no answer). */
static void greet(cg_iopub *io) {
    zmq_msg_t m;
    zmq_msg_init(&m);
    while (zmq_msg_recv(&m, io->xpub, ZMQ_DONTWAIT) < 0 && errno == EINTR) {
    }
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

/* Moves one queued message from the publishers to the XPUB, or reads a
 * mark; NOTHING when none was there. */
static int forward(cg_iopub *io, int flags) {
    for (int part = 0;; part++) {
        zmq_msg_t m;
        zmq_msg_init(&m);
        int got;
        while ((got = zmq_msg_recv(&m, io->pull, part ? 0 : flags)) < 0 && errno == EINTR) {
        }
        if (got < 0) {
            zmq_msg_close(&m);
            return NOTHING;
        }
        int more = zmq_msg_more(&m);
        if (part == 0 && !more) {
            int mark = is_mark(&m, STOP_MARK)   ? GOT_STOP
                       : is_mark(&m, WAKE_MARK) ? GOT_WAKE
                       : is_mark(&m, NOW_MARK)  ? GOT_NOW
                                                : NOTHING;
            if (mark != NOTHING) {
                zmq_msg_close(&m);
                return mark;
            }
        }
        while (zmq_msg_send(&m, io->xpub, more ? ZMQ_SNDMORE : 0) < 0 && errno == EINTR) {
        }
        zmq_msg_close(&m);
        if (!more)
            return FORWARDED;
    }
}

static void forward_all(cg_iopub *io) {
    int rc;
    while ((rc = forward(io, ZMQ_DONTWAIT)) != NOTHING)
        if (rc == GOT_STOP)
            io->stop = true;
}

static void xpub_sink(void *ctx, json_t *parent, json_t *content) {
    cg_iopub *io = ctx;
    char topic[128];
    topic_for("stream", topic, sizeof topic);
    cg_frame t = {topic, strlen(topic)};
    cg_wire_send(io->xpub, io->signer, &t, 1, "stream", parent, NULL, content);
}

/* Note [Stream order]
 * ~~~~~~~~~~~~~~~~~~~
 * The shell thread publishes buffered text itself before any other message
 * (under the streams' lock), so all it published before some text is on
 * the inproc pipe by the time that text is in the buffer. Here, holding
 * the lock, everything on the pipe is forwarded first and the text after
 * it; and while the lock is held the shell thread cannot publish anything
 * that should come after the text. trylock: never wait on the shell. */
static void publish_waiting_text(cg_iopub *io) {
    if (pthread_mutex_trylock(&io->streams->lock) != 0) {
        io->deadline_ns = now_ns() + RETRY_NS;
        return;
    }
    forward_all(io);
    cg_streams_flush_locked(io->streams, xpub_sink, io);
    pthread_mutex_unlock(&io->streams->lock);
    io->deadline_ns = 0;
}

static void *iopub_thread(void *arg) {
    cg_iopub *io = arg;
    while (!io->stop) {
        zmq_pollitem_t items[] = {{io->pull, 0, ZMQ_POLLIN, 0}, {io->xpub, 0, ZMQ_POLLIN, 0}};
        long timeout = -1;
        if (io->deadline_ns) {
            long long left = io->deadline_ns - now_ns();
            timeout = left > 0 ? (long)(left / 1000000) + 1 : 0;
        }
        if (zmq_poll(items, 2, timeout) < 0 && errno != EINTR)
            break;
        if (items[1].revents & ZMQ_POLLIN)
            greet(io);
        if (items[0].revents & ZMQ_POLLIN) {
            int rc = forward(io, ZMQ_DONTWAIT);
            if (rc == GOT_STOP)
                io->stop = true;
            if (rc == GOT_WAKE && !io->deadline_ns)
                io->deadline_ns = now_ns() + CG_STREAMS_DELAY_NS;
            if (rc == GOT_NOW)
                io->deadline_ns = now_ns();
        }
        if (io->deadline_ns && now_ns() >= io->deadline_ns)
            publish_waiting_text(io);
    }
    /* Everything published before the stop mark is queued by now
     * (publishers are closed): pass it on, then stop. */
    forward_all(io);
    cg_streams_flush(io->streams, xpub_sink, io);
    return NULL;
}

int cg_iopub_start(cg_iopub *io, void *zmq, void *xpub, const cg_signer *signer, cg_streams *streams) {
    io->xpub = xpub;
    io->signer = signer;
    io->streams = streams;
    io->pull = zmq_socket(zmq, ZMQ_PULL);
    if (!io->pull || zmq_bind(io->pull, IOPUB_INPROC) < 0)
        return -1;
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
    if (!p->push)
        return -1;
    /* Output must never be dropped for want of a high-water mark. */
    int zero = 0;
    zmq_setsockopt(p->push, ZMQ_SNDHWM, &zero, sizeof zero);
    return zmq_connect(p->push, IOPUB_INPROC);
}

void cg_publisher_close(cg_publisher *p) {
    if (p->push)
        zmq_close(p->push);
    p->push = NULL;
}

void cg_publisher_wake(cg_publisher *p) {
    cg_frame wake = {WAKE_MARK, strlen(WAKE_MARK)};
    cg_wire_send_frames(p->push, &wake, 1);
}

void cg_publisher_wake_now(cg_publisher *p) {
    cg_frame now = {NOW_MARK, strlen(NOW_MARK)};
    cg_wire_send_frames(p->push, &now, 1);
}

int cg_publish(cg_publisher *p, json_t *parent, const char *msg_type, json_t *content) {
    char topic[128];
    topic_for(msg_type, topic, sizeof topic);
    cg_frame t = {topic, strlen(topic)};
    return cg_wire_send(p->push, p->signer, &t, 1, msg_type, parent, NULL, content);
}

int cg_publish_status(cg_publisher *p, json_t *parent, const char *state) {
    return cg_publish(p, parent, "status", json_pack("{s:s}", "execution_state", state));
}
