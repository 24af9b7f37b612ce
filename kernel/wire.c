/* wire.c: frames in and out, with signatures checked and made.
 *
 * A malformed message is never fatal: every check below ends in a line in
 * the kernel's log (kernel_log.h) and a dropped message. Frames are copied
 * out of zmq_msg_t so that parsing has one simple shape. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zmq.h>

#include "header.h"
#include "json_text.h"
#include "kernel_log.h"
#include "wire.h"

#define DELIM "<IDS|MSG>"
#define DELIM_LEN 9
/* More frames than any real client sends; beyond it a message is dropped
 * (its frames are still read, so the next message starts clean). */
#define MAX_FRAMES 256

typedef struct {
    cg_frame f[MAX_FRAMES];
    size_t n;
    bool overflow;
} frame_list;

static void frames_free(frame_list *fl) {
    for (size_t i = 0; i < fl->n; i++)
        free(fl->f[i].data);
    fl->n = 0;
}

static int recv_part(void *sock, int flags, zmq_msg_t *part) {
    for (;;) {
        if (zmq_msg_recv(part, sock, flags) >= 0)
            return 0;
        if (errno != EINTR)
            return -1;
    }
}

/* Reads every part of the next message. */
static int recv_frames(void *sock, frame_list *fl) {
    fl->n = 0;
    fl->overflow = false;
    for (int first = 1;; first = 0) {
        zmq_msg_t part;
        zmq_msg_init(&part);
        if (recv_part(sock, first ? ZMQ_DONTWAIT : 0, &part) < 0) {
            zmq_msg_close(&part);
            frames_free(fl);
            return -1;
        }
        size_t len = zmq_msg_size(&part);
        if (fl->n < MAX_FRAMES) {
            void *copy = malloc(len ? len : 1);
            if (copy)
                memcpy(copy, zmq_msg_data(&part), len);
            else
                fl->overflow = true;
            fl->f[fl->n++] = (cg_frame){copy, len};
        } else {
            fl->overflow = true;
        }
        int more = zmq_msg_more(&part);
        zmq_msg_close(&part);
        if (!more)
            return 0;
    }
}

static int drop(const char *channel, const char *why) {
    cg_kernel_log("cgrad kernel: dropped a message on %s: %s\n", channel, why);
    return 0;
}

static json_t *parse_object(const cg_frame *f) {
    json_t *j = cg_json_load(f->data, f->len); /* NULs and lone surrogates too */
    if (j && !json_is_object(j)) {
        json_decref(j);
        return NULL;
    }
    return j;
}

int cg_wire_parse(const cg_frame *f, size_t n, bool incomplete, const cg_signer *signer, const char *channel,
                  cg_msg *m) {
    memset(m, 0, sizeof *m);
    size_t d = 0;
    while (d < n && !(f[d].len == DELIM_LEN && !memcmp(f[d].data, DELIM, DELIM_LEN)))
        d++;
    if (incomplete)
        return drop(channel, "too many frames or out of memory");
    if (d == n)
        return drop(channel, "no <IDS|MSG> delimiter");
    if (n - d < 6)
        return drop(channel, "fewer than 5 frames after <IDS|MSG>");
    const cg_frame *sig = &f[d + 1], *parts = &f[d + 2];
    cg_sign_parts sp;
    for (int i = 0; i < 4; i++) {
        sp.data[i] = parts[i].data;
        sp.len[i] = parts[i].len;
    }
    int verdict = cg_signer_check(signer, &sp, sig->data, sig->len);
    if (verdict == CG_SIG_BAD)
        return drop(channel, "bad signature");
    if (verdict == CG_SIG_REPLAYED)
        return drop(channel, "duplicate signature (a replayed message)");
    json_t *obj[4];
    for (int i = 0; i < 4; i++)
        obj[i] = parse_object(&parts[i]);
    json_t *type = obj[0] ? json_object_get(obj[0], "msg_type") : NULL;
    if (!obj[0] || !obj[1] || !obj[2] || !obj[3] || !json_is_string(type)) {
        for (int i = 0; i < 4; i++)
            json_decref(obj[i]);
        return drop(channel, "a header, parent, metadata or content frame is not a JSON object, "
                             "or the header has no msg_type");
    }
    m->ids = calloc(d ? d : 1, sizeof *m->ids);
    if (!m->ids) {
        for (int i = 0; i < 4; i++)
            json_decref(obj[i]);
        return drop(channel, "out of memory");
    }
    m->n_ids = d;
    for (size_t i = 0; i < d; i++)
        m->ids[i] = f[i]; /* ownership moves */
    m->header = obj[0];
    m->parent = obj[1];
    m->metadata = obj[2];
    m->content = obj[3];
    m->msg_type = json_string_value(type);
    return 1;
}

int cg_wire_recv(void *sock, const cg_signer *signer, const char *channel, cg_msg *m) {
    static _Thread_local frame_list fl; /* large: kept off the stack */
    memset(m, 0, sizeof *m);
    if (recv_frames(sock, &fl) < 0)
        return -1;
    int rc = cg_wire_parse(fl.f, fl.n, fl.overflow, signer, channel, m);
    /* The identities' buffers now belong to m; free the rest. */
    for (size_t i = rc == 1 ? m->n_ids : 0; i < fl.n; i++)
        free(fl.f[i].data);
    fl.n = 0;
    return rc;
}

void cg_msg_free(cg_msg *m) {
    for (size_t i = 0; i < m->n_ids; i++)
        free(m->ids[i].data);
    free(m->ids);
    json_decref(m->header);
    json_decref(m->parent);
    json_decref(m->metadata);
    json_decref(m->content);
    memset(m, 0, sizeof *m);
}

int cg_wire_send_frames(void *sock, const cg_frame *frames, size_t n) {
    for (size_t i = 0; i < n; i++) {
        int flags = i + 1 < n ? ZMQ_SNDMORE : 0;
        while (zmq_send(sock, frames[i].data, frames[i].len, flags) < 0) {
            if (errno != EINTR)
                return -1;
        }
    }
    return 0;
}

static char *dump(json_t *j) { return j ? cg_json_dump(j) : strdup("{}"); }

int cg_wire_send(void *sock, const cg_signer *signer, const cg_frame *ids, size_t n_ids, const char *msg_type,
                 json_t *parent, json_t *metadata, json_t *content) {
    json_t *header = cg_header_new(msg_type);
    char *text[4] = {header ? dump(header) : NULL, dump(parent), dump(metadata), dump(content)};
    json_decref(header);
    json_decref(content);
    int rc = -1;
    char sig[CG_SIG_HEX_LEN + 1];
    cg_sign_parts sp;
    for (int i = 0; i < 4; i++) {
        sp.data[i] = text[i];
        sp.len[i] = text[i] ? strlen(text[i]) : 0;
    }
    if (text[0] && text[1] && text[2] && text[3] && cg_signer_sign(signer, &sp, sig) == 0) {
        cg_frame frames[MAX_FRAMES];
        size_t n = 0;
        for (size_t i = 0; i < n_ids && n < MAX_FRAMES - 6; i++)
            frames[n++] = ids[i];
        frames[n++] = (cg_frame){(void *)DELIM, DELIM_LEN};
        frames[n++] = (cg_frame){sig, strlen(sig)};
        for (int i = 0; i < 4; i++)
            frames[n++] = (cg_frame){text[i], sp.len[i]};
        rc = cg_wire_send_frames(sock, frames, n);
    }
    if (rc < 0)
        cg_kernel_log("cgrad kernel: could not send %s: %s\n", msg_type, zmq_strerror(errno));
    for (int i = 0; i < 4; i++)
        free(text[i]);
    return rc;
}
