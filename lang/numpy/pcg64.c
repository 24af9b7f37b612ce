/* pcg64.c: the bit generator kinds PCG64 (numpy's default) and PCG64DXSM
 * (Note [numpy's bit generators] in bitgen.h). Not the draws
 * (distributions.c) and not SeedSequence (random.py).
 *
 * Note [numpy's PCG64]
 * ~~~~~~~~~~~~~~~~~~~~
 * - PCG64 is PCG's XSL-RR 128/64: each draw steps the 128-bit LCG
 *   (state * 0x2360ED051FC65DA44385DF649FCCF645 + inc) and outputs the
 *   xor of its halves rotated right by its top 6 bits.
 * - PCG64DXSM steps with the cheap 64-bit multiplier 0xda942042e4dd58b5
 *   and outputs before it steps: hi ^= hi >> 32, hi *= the multiplier,
 *   hi ^= hi >> 48, hi *= lo | 1.
 * - Both seed from two 128-bit words (seed, sequence) as PCG64 does:
 *   inc = sequence << 1 | 1, state = 0, step, state += seed, step, with
 *   PCG64's multiplier for both kinds (numpy's pcg64_set_seed).
 * - advance(delta) jumps the LCG by delta steps in log2(delta) squarings
 *   (Brown's method), as numpy's pcg64_advance; jumped() advances by
 *   jumps times 0x9e3779b97f4a7c15f39cc0605cedc835 (the golden ratio's
 *   bits) in PCG64 and in PCG64DXSM. */
#include "numpy/bitgen_next.h"

#include <assert.h>

typedef unsigned __int128 u128;

#define PCG_MULT NP_PCG_MULT
#define PCG_CHEAP_MULT 0xda942042e4dd58b5ULL

typedef np_pcg_state pcg_state;

static_assert(sizeof(pcg_state) <= NP_BITGEN_STATE_BYTES, "PCG64's state fits a bit generator");

static pcg_state *pcg_of(np_bitgen *bg) { return np_pcg_of(bg); }

static uint64_t pcg_next64(np_bitgen *bg) { return np_pcg_next64(pcg_of(bg)); }

static uint64_t dxsm_next64(np_bitgen *bg) {
    pcg_state *s = pcg_of(bg);
    uint64_t hi = (uint64_t)(s->state >> 64), lo = (uint64_t)s->state | 1;
    hi ^= hi >> 32;
    hi *= PCG_CHEAP_MULT;
    hi ^= hi >> 48;
    hi *= lo;
    s->state = s->state * PCG_CHEAP_MULT + s->inc;
    return hi;
}

static u128 u128_of(const uint32_t *w) {
    return ((u128)((uint64_t)w[0] << 32 | w[1]) << 64) | ((uint64_t)w[2] << 32 | w[3]);
}

static void u128_words(u128 v, uint32_t *w) {
    for (int i = 0; i < 4; i++)
        w[i] = (uint32_t)(v >> (96 - 32 * i));
}

/* w: eight words, seed then sequence (Note [numpy's PCG64]) */
static void pcg_seed(np_bitgen *bg, const uint32_t *w, int64_t n, int how) {
    (void)how;
    uint32_t full[8] = {0};
    for (int64_t i = 0; i < n && i < 8; i++)
        full[i] = w[i];
    pcg_state *s = pcg_of(bg);
    s->state = 0;
    s->inc = u128_of(full + 4) << 1 | 1;
    s->state = s->state * PCG_MULT + s->inc;
    s->state += u128_of(full);
    s->state = s->state * PCG_MULT + s->inc;
}

/* words: state then inc, four each */
static void pcg_get(np_bitgen *bg, uint32_t *w) {
    u128_words(pcg_of(bg)->state, w);
    u128_words(pcg_of(bg)->inc, w + 4);
}

static void pcg_set(np_bitgen *bg, const uint32_t *w) {
    pcg_of(bg)->state = u128_of(w);
    pcg_of(bg)->inc = u128_of(w + 4);
}

/* The LCG x -> x * mult + inc applied delta times, by squaring. */
static void lcg_advance(pcg_state *s, u128 delta, u128 mult) {
    u128 acc_mult = 1, acc_plus = 0, cur_mult = mult, cur_plus = s->inc;
    while (delta > 0) {
        if (delta & 1) {
            acc_mult *= cur_mult;
            acc_plus = acc_plus * cur_mult + cur_plus;
        }
        cur_plus = (cur_mult + 1) * cur_plus;
        cur_mult *= cur_mult;
        delta >>= 1;
    }
    s->state = acc_mult * s->state + acc_plus;
}

/* delta: its last four words (numpy wraps it to 128 bits) */
static u128 delta_of(const uint32_t *w, int64_t n) {
    uint32_t d[4] = {0};
    for (int64_t i = 0; i < 4 && i < n; i++)
        d[3 - i] = w[n - 1 - i];
    return u128_of(d);
}

static void pcg_advance(np_bitgen *bg, const uint32_t *w, int64_t n) {
    lcg_advance(pcg_of(bg), delta_of(w, n), PCG_MULT);
}

static void dxsm_advance(np_bitgen *bg, const uint32_t *w, int64_t n) {
    lcg_advance(pcg_of(bg), delta_of(w, n), PCG_CHEAP_MULT);
}

const np_bitgen_kind np_pcg64_kind = {
    .name = "PCG64",
    .nwords = 8,
    .next64 = pcg_next64,
    .next32 = np_bitgen_next32_buffered,
    .next_double = np_bitgen_double53,
    .seed = pcg_seed,
    .get = pcg_get,
    .set = pcg_set,
    .advance = pcg_advance,
};

const np_bitgen_kind np_pcg64dxsm_kind = {
    .name = "PCG64DXSM",
    .nwords = 8,
    .next64 = dxsm_next64,
    .next32 = np_bitgen_next32_buffered,
    .next_double = np_bitgen_double53,
    .seed = pcg_seed,
    .get = pcg_get,
    .set = pcg_set,
    .advance = dxsm_advance,
};
