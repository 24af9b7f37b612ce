/* seen_signatures.c: an open-addressing set of signature prefixes.
 *
 * HMAC output is uniformly random, so its own first bytes are the hash,
 * and 128 of its bits are plenty to tell messages apart. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "seen_signatures.h"

#define SEEN_CAP 16384 /* a power of two */

int cg_seen_signatures_init(cg_seen_signatures *s) {
    memset(s, 0, sizeof *s);
    s->slots = calloc(SEEN_CAP, sizeof *s->slots);
    if (!s->slots)
        return -1;
    s->cap = SEEN_CAP;
    pthread_mutex_init(&s->lock, NULL);
    return 0;
}

void cg_seen_signatures_free(cg_seen_signatures *s) {
    if (s->slots)
        pthread_mutex_destroy(&s->lock);
    free(s->slots);
    memset(s, 0, sizeof *s);
}

static int hexval(char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : 0;
}

bool cg_seen_signatures_add(cg_seen_signatures *s, const char *hex) {
    unsigned char key[16];
    for (int i = 0; i < 16; i++)
        key[i] = (unsigned char)(hexval(hex[2 * i]) << 4 | hexval(hex[2 * i + 1]));
    uint64_t h;
    memcpy(&h, key, sizeof h);
    static const unsigned char empty[16];
    pthread_mutex_lock(&s->lock);
    if (s->count >= s->cap / 4 * 3) {
        memset(s->slots, 0, s->cap * sizeof *s->slots);
        s->count = 0;
    }
    size_t i = (size_t)h & (s->cap - 1);
    bool fresh = true;
    while (memcmp(s->slots[i], empty, 16) != 0) {
        if (memcmp(s->slots[i], key, 16) == 0) {
            fresh = false;
            break;
        }
        i = (i + 1) & (s->cap - 1);
    }
    if (fresh) {
        memcpy(s->slots[i], key, 16);
        s->count++;
    }
    pthread_mutex_unlock(&s->lock);
    return fresh;
}
