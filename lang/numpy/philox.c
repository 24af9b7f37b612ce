/* philox.c: the bit generator kind Philox, Salmon et al.'s counter-based
 * Philox4x64 with ten rounds (Note [numpy's bit generators] in bitgen.h).
 * Not the draws (distributions.c).
 *
 * Note [numpy's Philox]
 * ~~~~~~~~~~~~~~~~~~~~~
 * - The state is a 256-bit counter, a 128-bit key and a buffer of four
 *   outputs with a position. A draw takes the next buffered output; with
 *   the buffer spent, the counter is incremented (carrying across its four
 *   words) and enciphered: ten rounds, each multiplying words 0 and 2 by
 *   0xD2E7470EE14C6C93 and 0xCA5A826395121157 into 128 bits and mixing
 *   (hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0), the key bumped by
 *   (0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B) between rounds; the four
 *   words are the new buffer, the first returned.
 * - advance(delta) adds delta to the counter with numpy's carry order;
 *   the buffer is left as it was. */
#include "numpy/bitgen.h"

#include <assert.h>

typedef struct {
    uint64_t ctr[4], key[2], buffer[4];
    int buffer_pos;
} philox_state;

static_assert(sizeof(philox_state) <= NP_BITGEN_STATE_BYTES, "Philox's state fits a bit generator");

static philox_state *philox_of(np_bitgen *bg) { return (philox_state *)(void *)bg->state; }

static void philox_round(uint64_t *c, const uint64_t *k) {
    unsigned __int128 p0 = (unsigned __int128)0xD2E7470EE14C6C93ULL * c[0];
    unsigned __int128 p1 = (unsigned __int128)0xCA5A826395121157ULL * c[2];
    uint64_t hi0 = (uint64_t)(p0 >> 64), lo0 = (uint64_t)p0, hi1 = (uint64_t)(p1 >> 64), lo1 = (uint64_t)p1;
    uint64_t out[4] = {hi1 ^ c[1] ^ k[0], lo1, hi0 ^ c[3] ^ k[1], lo0};
    for (int i = 0; i < 4; i++)
        c[i] = out[i];
}

static uint64_t philox_next64(np_bitgen *bg) {
    philox_state *s = philox_of(bg);
    if (s->buffer_pos < 4)
        return s->buffer[s->buffer_pos++];
    for (int i = 0; i < 4 && ++s->ctr[i] == 0; i++) {
    }
    uint64_t c[4] = {s->ctr[0], s->ctr[1], s->ctr[2], s->ctr[3]}, k[2] = {s->key[0], s->key[1]};
    for (int r = 0; r < 10; r++) {
        if (r > 0) {
            k[0] += 0x9E3779B97F4A7C15ULL;
            k[1] += 0xBB67AE8584CAA73BULL;
        }
        philox_round(c, k);
    }
    for (int i = 0; i < 4; i++)
        s->buffer[i] = c[i];
    s->buffer_pos = 1;
    return s->buffer[0];
}

/* words: counter (4), key (2), buffer (4) as 64-bit words high half first,
 * then the buffer position */
static void philox_get(np_bitgen *bg, uint32_t *w) {
    philox_state *s = philox_of(bg);
    const uint64_t *src[10] = {&s->ctr[0], &s->ctr[1], &s->ctr[2], &s->ctr[3], &s->key[0],
                               &s->key[1], &s->buffer[0], &s->buffer[1], &s->buffer[2], &s->buffer[3]};
    for (int i = 0; i < 10; i++) {
        w[2 * i] = (uint32_t)(*src[i] >> 32);
        w[2 * i + 1] = (uint32_t)*src[i];
    }
    w[20] = (uint32_t)s->buffer_pos;
}

static void philox_set(np_bitgen *bg, const uint32_t *w) {
    philox_state *s = philox_of(bg);
    uint64_t *dst[10] = {&s->ctr[0], &s->ctr[1], &s->ctr[2], &s->ctr[3], &s->key[0],
                         &s->key[1], &s->buffer[0], &s->buffer[1], &s->buffer[2], &s->buffer[3]};
    for (int i = 0; i < 10; i++)
        *dst[i] = (uint64_t)w[2 * i] << 32 | w[2 * i + 1];
    s->buffer_pos = w[20] > 4 ? 4 : (int)w[20];
}

/* Philox is seeded by set(): its key from SeedSequence, its counter given. */
static void philox_seed(np_bitgen *bg, const uint32_t *w, int64_t n, int how) {
    (void)how;
    uint32_t full[21] = {0};
    for (int64_t i = 0; i < n && i < 4; i++)
        full[8 + i] = w[i];
    full[20] = 4;
    philox_set(bg, full);
}

/* counter += delta, delta's words most significant first (Note [numpy's Philox]) */
static void philox_advance(np_bitgen *bg, const uint32_t *w, int64_t n) {
    philox_state *s = philox_of(bg);
    uint64_t step[4] = {0};
    for (int64_t i = 0; i < 8 && i < n; i++)
        step[i / 2] |= (uint64_t)w[n - 1 - i] << (32 * (i % 2));
    int carry = 0;
    for (int i = 0; i < 4; i++) {
        if (carry) {
            s->ctr[i]++;
            carry = s->ctr[i] == 0;
        }
        uint64_t orig = s->ctr[i];
        s->ctr[i] += step[i];
        if (s->ctr[i] < orig && !carry)
            carry = 1;
    }
}

const np_bitgen_kind np_philox_kind = {
    .name = "Philox",
    .nwords = 21,
    .next64 = philox_next64,
    .next32 = np_bitgen_next32_buffered,
    .next_double = np_bitgen_double53,
    .seed = philox_seed,
    .get = philox_get,
    .set = philox_set,
    .advance = philox_advance,
};
