/* bitgen_next.h: a bit generator's draws (Note [numpy's bit generators] in
 * bitgen.h), inlined for the two kinds most draws come from, MT19937
 * (RandomState, np.random's functions) and PCG64 (default_rng), so that
 * their fill loops run as tight as one kind's own loop would; the other
 * kinds go through their table. The two kinds' states are here for that
 * reason only; their seeding and state words stay in mt19937.c and
 * pcg64.c. */
#ifndef CG_NP_BITGEN_NEXT_H
#define CG_NP_BITGEN_NEXT_H

#include "numpy/bitgen.h"

#define NP_MT_N 624

typedef struct {
    uint32_t key[NP_MT_N];
    int pos;
} np_mt_state;

typedef struct {
    unsigned __int128 state, inc;
} np_pcg_state;

#define NP_PCG_MULT (((unsigned __int128)0x2360ED051FC65DA4ULL << 64) | 0x4385DF649FCCF645ULL)

/* The next block of 624 words (mt19937.c). */
void np_mt_regenerate(np_mt_state *s);

static inline np_mt_state *np_mt_of(np_bitgen *bg) { return (np_mt_state *)(void *)bg->state; }
static inline np_pcg_state *np_pcg_of(np_bitgen *bg) { return (np_pcg_state *)(void *)bg->state; }

static inline uint32_t np_mt_next32(np_mt_state *s) {
    if (s->pos == NP_MT_N)
        np_mt_regenerate(s);
    uint32_t y = s->key[s->pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
}

static inline uint64_t np_mt_next64(np_mt_state *s) {
    uint64_t hi = np_mt_next32(s);
    return hi << 32 | np_mt_next32(s);
}

static inline double np_mt_double(np_mt_state *s) {
    int32_t a = (int32_t)(np_mt_next32(s) >> 5), b = (int32_t)(np_mt_next32(s) >> 6);
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

/* PCG64's XSL-RR step and output (Note [numpy's PCG64] in pcg64.c). */
static inline uint64_t np_pcg_next64(np_pcg_state *s) {
    s->state = s->state * NP_PCG_MULT + s->inc;
    uint64_t v = (uint64_t)(s->state >> 64) ^ (uint64_t)s->state;
    unsigned rot = (unsigned)(s->state >> 122);
    return (v >> rot) | (v << ((-rot) & 63));
}

static inline uint64_t np_next64(np_bitgen *bg) {
    if (bg->kind == &np_pcg64_kind)
        return np_pcg_next64(np_pcg_of(bg));
    if (bg->kind == &np_mt19937_kind)
        return np_mt_next64(np_mt_of(bg));
    return bg->kind->next64(bg);
}

static inline uint32_t np_next32(np_bitgen *bg) {
    if (bg->kind == &np_mt19937_kind)
        return np_mt_next32(np_mt_of(bg));
    if (bg->kind == &np_pcg64_kind) {
        if (bg->has_uint32) {
            bg->has_uint32 = false;
            return bg->uinteger;
        }
        uint64_t v = np_pcg_next64(np_pcg_of(bg));
        bg->has_uint32 = true;
        bg->uinteger = (uint32_t)(v >> 32);
        return (uint32_t)v;
    }
    return bg->kind->next32(bg);
}

static inline double np_next_double(np_bitgen *bg) {
    if (bg->kind == &np_pcg64_kind)
        return (double)(np_pcg_next64(np_pcg_of(bg)) >> 11) * (1.0 / 9007199254740992.0);
    if (bg->kind == &np_mt19937_kind)
        return np_mt_double(np_mt_of(bg));
    return bg->kind->next_double(bg);
}

#endif
