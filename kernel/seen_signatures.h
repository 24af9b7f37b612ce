/* seen_signatures.h: the signatures of recent messages, to refuse replays.
 *
 * A signed message sent again unchanged (same msg_id, same date) is a
 * replay; jupyter_client's Session refuses them as "Duplicate Signature",
 * and so does this kernel. The set is bounded: when it is three quarters
 * full it starts again empty (so only the last few thousand messages are
 * remembered). Safe to use from several threads. */
#ifndef CG_SEEN_SIGNATURES_H
#define CG_SEEN_SIGNATURES_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
    pthread_mutex_t lock;
    unsigned char (*slots)[16]; /* the first 128 bits of each signature; all zero = empty */
    size_t cap, count;
} cg_seen_signatures;

int cg_seen_signatures_init(cg_seen_signatures *s);
void cg_seen_signatures_free(cg_seen_signatures *s);
/* Records a 64-digit hex signature; false when it was seen before. */
bool cg_seen_signatures_add(cg_seen_signatures *s, const char *hex);

#endif
