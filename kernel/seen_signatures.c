/* seen_signatures.c: a ring of the last N signature prefixes, indexed by
 * an open-addressing hash table.
 *
 * HMAC output is uniformly random, so its own first bytes are the hash,
 * and 128 of its bits are plenty to tell messages apart. */
#include <stdlib.h>
#include <string.h>

#include "seen_signatures.h"

// Note [Replay window]
// ~~~~~~~~~~~~~~~~~~~~
// A replay is refused only while its signature is remembered, so what
// matters is which signatures are forgotten and when. ipykernel keeps
// 65,536 and, when full, forgets a random 10% of them: a message seen a
// moment ago may be among them, and its replay then runs. This kernel
// used to forget everything at 12,288. Here the set is a ring of the last
// CG_SEEN_SIGNATURES_WINDOW signatures plus a hash table over the ring:
// the only signature ever forgotten is the oldest, exactly when the
// window's worth of newer ones has arrived, so a replay is refused for
// the next 131,071 messages, whatever their order. Lookups, inserts and
// the eviction are O(1): linear probing in a table kept at most half
// full, and removal by backward shift (no tombstones, so probe chains
// never grow with age). A replay after more than the window's messages
// runs, as with ipykernel; messages carry no sequence number to do
// better without refusing legitimate ones.

int cg_seen_signatures_init(cg_seen_signatures *s) {
    memset(s, 0, sizeof *s);
    s->window = CG_SEEN_SIGNATURES_WINDOW;
    s->table_cap = 2 * s->window;
    s->ring = calloc(s->window, sizeof *s->ring);
    s->table = calloc(s->table_cap, sizeof *s->table);
    if (!s->ring || !s->table) {
        free(s->ring);
        free(s->table);
        memset(s, 0, sizeof *s);
        return -1;
    }
    pthread_mutex_init(&s->lock, NULL);
    return 0;
}

void cg_seen_signatures_free(cg_seen_signatures *s) {
    if (s->ring)
        pthread_mutex_destroy(&s->lock);
    free(s->ring);
    free(s->table);
    memset(s, 0, sizeof *s);
}

static int hexval(char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : 0;
}

static size_t home(const cg_seen_signatures *s, const unsigned char key[16]) {
    uint64_t h;
    memcpy(&h, key, sizeof h);
    return (size_t)h & (s->table_cap - 1);
}

/* The table slot holding key, or of the empty slot that ends its chain. */
static size_t find(const cg_seen_signatures *s, const unsigned char key[16]) {
    size_t i = home(s, key);
    while (s->table[i] && memcmp(s->ring[s->table[i] - 1], key, 16) != 0)
        i = (i + 1) & (s->table_cap - 1);
    return i;
}

/* Empties slot i, then moves back each later entry of the chain whose
 * home does not lie cyclically in (i, j], so that every entry stays
 * reachable from its home without tombstones. */
static void remove_slot(cg_seen_signatures *s, size_t i) {
    size_t mask = s->table_cap - 1;
    for (size_t j = (i + 1) & mask; s->table[j]; j = (j + 1) & mask) {
        size_t h = home(s, s->ring[s->table[j] - 1]);
        bool stays = i <= j ? (i < h && h <= j) : (i < h || h <= j);
        if (!stays) {
            s->table[i] = s->table[j];
            i = j;
        }
    }
    s->table[i] = 0;
}

bool cg_seen_signatures_add(cg_seen_signatures *s, const char *hex) {
    unsigned char key[16];
    for (int i = 0; i < 16; i++)
        key[i] = (unsigned char)(hexval(hex[2 * i]) << 4 | hexval(hex[2 * i + 1]));
    pthread_mutex_lock(&s->lock);
    bool fresh = s->table[find(s, key)] == 0;
    if (fresh) {
        if (s->count == s->window) /* the oldest leaves first */
            remove_slot(s, find(s, s->ring[s->next]));
        else
            s->count++;
        memcpy(s->ring[s->next], key, 16);
        s->table[find(s, key)] = (uint32_t)(s->next + 1);
        s->next = (s->next + 1) & (s->window - 1);
    }
    pthread_mutex_unlock(&s->lock);
    return fresh;
}
