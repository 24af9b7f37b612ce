/* generator.h: a random generator, PyTorch's CPU generator in C.
 *
 * cg_generator is CPUGeneratorImpl: an mt19937 engine (ATen's
 * MT19937RNGEngine, seeded with the low 32 bits of the seed), random() = one
 * 32-bit draw, random64() = two draws with the first as the high half, and
 * the second value of the scalar Box-Muller transform cached for the next
 * normal draw. Its state round-trips through the bytes of
 * torch.get_rng_state()/set_rng_state(). The ops that draw from it are in
 * random.h. Not thread-safe: one thread uses a generator at a time. */
#ifndef CG_GENERATOR_H
#define CG_GENERATOR_H

#include <stdbool.h>
#include <stdint.h>

#define CG_MT_N 624

typedef struct cg_generator {
    uint64_t seed;              /* initial_seed() */
    int left;                   /* draws left before the next twist, plus one */
    uint32_t next;              /* index of the next state word */
    uint32_t state[CG_MT_N];
    bool has_normal;            /* the cached second Box-Muller value (double) */
    double normal;
    bool has_float_normal;      /* PyTorch's float cache: no CPU op fills it, */
    float float_normal;         /* but get_state/set_state carry it */
} cg_generator;

/* The seed of torch.Generator() (c10 default_rng_seed_val). */
#define CG_DEFAULT_RNG_SEED 67280421310721ULL
/* Bytes of torch.get_rng_state(): PyTorch's CPUGeneratorImplState layout. */
#define CG_GENERATOR_STATE_SIZE 5056

/* torch.Generator(): a new generator seeded with CG_DEFAULT_RNG_SEED, or
 * NULL with an out-of-memory error. Freed with cg_generator_free(). */
cg_generator *cg_generator_new(void);
void cg_generator_free(cg_generator *g);
/* torch.default_generator, seeded from /dev/urandom on first use as
 * PyTorch's is at start-up; never NULL. */
cg_generator *cg_generator_default(void);
/* g itself, or the default generator when g is NULL. */
static inline cg_generator *cg_generator_or_default(cg_generator *g) { return g ? g : cg_generator_default(); }

/* g.manual_seed(seed). A negative Python seed arrives as its two's
 * complement, as PyTorch reads it. Clears the cached normal values. */
void cg_generator_manual_seed(cg_generator *g, uint64_t seed);
/* g.seed(): reseeds from /dev/urandom (53 bits, as c10 does) and returns
 * the new seed. */
uint64_t cg_generator_seed(cg_generator *g);
/* g.initial_seed(): the seed last set. */
uint64_t cg_generator_initial_seed(const cg_generator *g);

/* torch.manual_seed, torch.seed, torch.initial_seed: the default generator. */
void cg_manual_seed(uint64_t seed);
uint64_t cg_seed(void);
uint64_t cg_initial_seed(void);

/* g.get_state(): writes the CG_GENERATOR_STATE_SIZE bytes that PyTorch's
 * get_state() gives for the same state (a uint8 tensor there). */
void cg_generator_get_state(const cg_generator *g, uint8_t *out);
/* g.set_state(state): 0, or -1 with PyTorch's error for a wrong size or an
 * invalid mt19937 state. */
int cg_generator_set_state(cg_generator *g, const uint8_t *state, int64_t nbytes);

/* The raw draws: CPUGeneratorImpl::random() and random64(). */
uint32_t cg_generator_random(cg_generator *g);
uint64_t cg_generator_random64(cg_generator *g);

#endif
