/* wire.h: Jupyter messages as ZeroMQ multipart frames.
 *
 *   [identities..., "<IDS|MSG>", signature, header, parent_header,
 *    metadata, content, buffers...]
 *
 * Receiving checks the frames, the signature and the JSON, and drops (and
 * logs to stderr) whatever is wrong, so a handler only ever sees a
 * well-formed, authentic message. Sending serialises compactly and signs
 * exactly the bytes it sends. No socket policy here: callers poll. */
#ifndef CG_WIRE_H
#define CG_WIRE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "signing.h"

typedef struct {
    void *data;
    size_t len;
} cg_frame;

typedef struct {
    cg_frame *ids; /* routing identities (or the iopub topic) */
    size_t n_ids;
    json_t *header, *parent, *metadata, *content;
    const char *msg_type; /* borrowed from header */
} cg_msg;

/* Receives one message without blocking. 1: *m holds it (free with
 * cg_msg_free); 0: a message was read and dropped (logged); -1: nothing
 * read (errno EAGAIN) or the socket failed (ETERM at shutdown). EINTR is
 * retried. */
int cg_wire_recv(void *sock, const cg_signer *signer, const char *channel, cg_msg *m);
void cg_msg_free(cg_msg *m);
/* The checks of cg_wire_recv over frames already read (incomplete: some
 * were lost, too many or out of memory): 1 or 0 as cg_wire_recv. On 1
 * the identities' buffers, f[0..m->n_ids), belong to *m; the caller frees
 * the other frames' (all of them on 0). tests/fuzz/fuzz_wire.c calls it
 * without a socket. */
int cg_wire_parse(const cg_frame *f, size_t n, bool incomplete, const cg_signer *signer, const char *channel,
                  cg_msg *m);

/* Sends a message with a fresh header of msg_type, the given parent header
 * (NULL for {}), metadata (NULL for {}) and content (reference stolen,
 * NULL for {}), prefixed by ids. 0, or -1 (logged). */
int cg_wire_send(void *sock, const cg_signer *signer, const cg_frame *ids, size_t n_ids, const char *msg_type,
                 json_t *parent, json_t *metadata, json_t *content);

/* Sends frames as one multipart message, retrying EINTR. */
int cg_wire_send_frames(void *sock, const cg_frame *frames, size_t n);

#endif
