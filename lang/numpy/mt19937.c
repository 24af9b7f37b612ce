/* mt19937.c: the Mersenne Twister as numpy.random's bit generator kind
 * MT19937 (Note [numpy's bit generators] in bitgen.h): the generator behind
 * RandomState and np.random's functions, and numpy.random.MT19937. Not its
 * draws (distributions.c) and not SeedSequence's seeding (random.py).
 *
 * Note [numpy's legacy draws]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * - Seeding an int s: the key is Knuth's recurrence from s (init_genrand);
 *   a sequence: MT19937's init_by_array. The state is 624 words and a
 *   position; a new state sits at position 624, so the first draw
 *   regenerates the block. MT19937(seed) takes SeedSequence's 624 words
 *   with the first set to 0x80000000 and the position at 623.
 * - A double is 53 bits from two words: (a >> 5) * 2^26 + (b >> 6), over
 *   2^53; a 64-bit draw is a high word then a low word.
 * - The legacy draws (polar normal, masked bounded integers, -log(1 - u)
 *   exponential, ...) are in distributions.c (Note [numpy's distributions]). */
#include "numpy/bitgen_next.h"

#include <assert.h>
#include <stddef.h>

#define MT_N NP_MT_N
#define MT_M 397

typedef np_mt_state mt_state;

static_assert(sizeof(mt_state) <= NP_BITGEN_STATE_BYTES, "MT19937's state fits a bit generator");

static mt_state *mt_of(np_bitgen *bg) { return np_mt_of(bg); }

static void mt_seed(mt_state *s, uint32_t seed) {
    for (int i = 0; i < MT_N; i++) {
        s->key[i] = seed;
        seed = 1812433253U * (seed ^ (seed >> 30)) + (uint32_t)i + 1U;
    }
    s->pos = MT_N;
}

static void mt_seed_array(mt_state *s, const uint32_t *init, int64_t len) {
    mt_seed(s, 19650218U);
    int64_t i = 1, j = 0, k = MT_N > len ? MT_N : len;
    for (; k; k--) {
        s->key[i] = (s->key[i] ^ ((s->key[i - 1] ^ (s->key[i - 1] >> 30)) * 1664525U)) + init[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            s->key[0] = s->key[MT_N - 1];
            i = 1;
        }
        if (j >= len)
            j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        s->key[i] = (s->key[i] ^ ((s->key[i - 1] ^ (s->key[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            s->key[0] = s->key[MT_N - 1];
            i = 1;
        }
    }
    s->key[0] = 0x80000000U;
    s->pos = MT_N;
}

void np_mt_regenerate(mt_state *s) {
    uint32_t *k = s->key;
    int i;
    for (i = 0; i < MT_N - MT_M; i++) {
        uint32_t y = (k[i] & 0x80000000U) | (k[i + 1] & 0x7fffffffU);
        k[i] = k[i + MT_M] ^ (y >> 1) ^ (-(y & 1U) & 0x9908b0dfU);
    }
    for (; i < MT_N - 1; i++) {
        uint32_t y = (k[i] & 0x80000000U) | (k[i + 1] & 0x7fffffffU);
        k[i] = k[i + (MT_M - MT_N)] ^ (y >> 1) ^ (-(y & 1U) & 0x9908b0dfU);
    }
    uint32_t y = (k[MT_N - 1] & 0x80000000U) | (k[0] & 0x7fffffffU);
    k[MT_N - 1] = k[MT_M - 1] ^ (y >> 1) ^ (-(y & 1U) & 0x9908b0dfU);
    s->pos = 0;
}

static uint32_t mt_next32_bg(np_bitgen *bg) { return np_mt_next32(mt_of(bg)); }
static uint64_t mt_next64_bg(np_bitgen *bg) { return np_mt_next64(mt_of(bg)); }
static double mt_double_bg(np_bitgen *bg) { return np_mt_double(mt_of(bg)); }

/* how 1: init_genrand of w[0] (RandomState.seed(int)); else init_by_array. */
static void mt_seed_words(np_bitgen *bg, const uint32_t *w, int64_t n, int how) {
    if (how == 1 || n == 0)
        mt_seed(mt_of(bg), n ? w[0] : 5489U);
    else
        mt_seed_array(mt_of(bg), w, n);
}

/* words: the 624 key words, then the position */
static void mt_get(np_bitgen *bg, uint32_t *w) {
    mt_state *s = mt_of(bg);
    for (int i = 0; i < MT_N; i++)
        w[i] = s->key[i];
    w[MT_N] = (uint32_t)s->pos;
}

static void mt_set(np_bitgen *bg, const uint32_t *w) {
    mt_state *s = mt_of(bg);
    for (int i = 0; i < MT_N; i++)
        s->key[i] = w[i];
    s->pos = w[MT_N] > MT_N ? MT_N : (int)w[MT_N];
}

const np_bitgen_kind np_mt19937_kind = {
    .name = "MT19937",
    .nwords = MT_N + 1,
    .raw32 = true,
    .next64 = mt_next64_bg,
    .next32 = mt_next32_bg,
    .next_double = mt_double_bg,
    .seed = mt_seed_words,
    .get = mt_get,
    .set = mt_set,
};
