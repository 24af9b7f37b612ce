/* seen_signatures.h: the signatures of recent messages, to refuse replays.
 *
 * A signed message sent again unchanged (same msg_id, same date) is a
 * replay; jupyter_client's Session refuses them as "Duplicate Signature",
 * and so does this kernel. The set holds the signatures of the last
 * CG_SEEN_SIGNATURES_WINDOW verified messages, exactly: each new one
 * pushes out only the oldest (Note [Replay window]). Safe to use from
 * several threads. Not a check of the signature itself (signing.h). */
#ifndef CG_SEEN_SIGNATURES_H
#define CG_SEEN_SIGNATURES_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Twice ipykernel's 65,536 (a power of two): 3 MiB, touched as it fills. */
#define CG_SEEN_SIGNATURES_WINDOW 131072

typedef struct {
    pthread_mutex_t lock;
    unsigned char (*ring)[16]; /* the first 128 bits of each signature, oldest at next once full */
    uint32_t *table;           /* open addressing: ring index + 1, or 0 for an empty slot */
    size_t window, table_cap;  /* powers of two, table_cap = 2 * window */
    size_t next, count;        /* where the next signature goes; how many the ring holds */
} cg_seen_signatures;

int cg_seen_signatures_init(cg_seen_signatures *s);
void cg_seen_signatures_free(cg_seen_signatures *s);
/* Records a 64-digit hex signature; false when it is among the last
 * CG_SEEN_SIGNATURES_WINDOW recorded. */
bool cg_seen_signatures_add(cg_seen_signatures *s, const char *hex);

#endif
