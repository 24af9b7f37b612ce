/* sfc64.c: the bit generator kind SFC64, Chris Doty-Humphrey's Small Fast
 * Chaotic generator (Note [numpy's bit generators] in bitgen.h): four
 * 64-bit words a, b, c and a counter; each draw outputs a + b + counter,
 * counter += 1, a = b ^ (b >> 11), b = c + (c << 3), c = rotl(c, 24) +
 * the output. Seeded from three words with the counter at 1 and twelve
 * draws thrown away, as numpy's sfc64_set_seed. Not the draws
 * (distributions.c). */
#include "numpy/bitgen.h"

#include <assert.h>

typedef struct {
    uint64_t s[4];
} sfc_state;

static_assert(sizeof(sfc_state) <= NP_BITGEN_STATE_BYTES, "SFC64's state fits a bit generator");

static uint64_t *sfc_of(np_bitgen *bg) { return ((sfc_state *)(void *)bg->state)->s; }

static uint64_t sfc_next64(np_bitgen *bg) {
    uint64_t *s = sfc_of(bg);
    uint64_t out = s[0] + s[1] + s[3]++;
    s[0] = s[1] ^ (s[1] >> 11);
    s[1] = s[2] + (s[2] << 3);
    s[2] = ((s[2] << 24) | (s[2] >> 40)) + out;
    return out;
}

/* words: the four 64-bit words, each high half first */
static void sfc_get(np_bitgen *bg, uint32_t *w) {
    for (int i = 0; i < 4; i++) {
        w[2 * i] = (uint32_t)(sfc_of(bg)[i] >> 32);
        w[2 * i + 1] = (uint32_t)sfc_of(bg)[i];
    }
}

static void sfc_set(np_bitgen *bg, const uint32_t *w) {
    for (int i = 0; i < 4; i++)
        sfc_of(bg)[i] = (uint64_t)w[2 * i] << 32 | w[2 * i + 1];
}

/* w: three 64-bit words as six halves, high first */
static void sfc_seed(np_bitgen *bg, const uint32_t *w, int64_t n, int how) {
    (void)how;
    uint32_t full[8] = {0};
    for (int64_t i = 0; i < n && i < 6; i++)
        full[i] = w[i];
    full[7] = 1;
    sfc_set(bg, full);
    for (int i = 0; i < 12; i++)
        sfc_next64(bg);
}

const np_bitgen_kind np_sfc64_kind = {
    .name = "SFC64",
    .nwords = 8,
    .next64 = sfc_next64,
    .next32 = np_bitgen_next32_buffered,
    .next_double = np_bitgen_double53,
    .seed = sfc_seed,
    .get = sfc_get,
    .set = sfc_set,
};
