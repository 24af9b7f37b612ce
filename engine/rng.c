/* rng.c: the generators of rng.h: mt19937 bit for bit
 * PyTorch's CPUGeneratorImpl (aten/src/ATen/CPUGeneratorImpl.cpp and
 * ATen/core/MT19937RNGEngine.h) and its state bytes; the seed and Philox
 * offset of CUDAGeneratorImpl and the default generators of both kinds.
 *
 * What it is not: the distributions (random.c turns draws into values). */
#include "rng.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "error.h"

#define MT_M 397
#define MT_MATRIX_A 0x9908b0dfu

/* ---- mt19937 ------------------------------------------------------------------------ */

/* init_genrand of the reference mt19937ar: only the low 32 bits seed it. */
static void mt_init(cg_rng *g, uint64_t seed) {
    g->seed = seed;
    g->state[0] = (uint32_t)seed;
    for (uint32_t j = 1; j < CG_MT_N; j++)
        g->state[j] = 1812433253u * (g->state[j - 1] ^ (g->state[j - 1] >> 30)) + j;
    g->left = 1; /* the first draw twists */
    g->next = 0;
}

static inline uint32_t mt_twist(uint32_t u, uint32_t v) {
    return (((u & 0x80000000u) | (v & 0x7fffffffu)) >> 1) ^ ((v & 1u) ? MT_MATRIX_A : 0u);
}

/* Regenerates the 624 state words (next_state of MT19937RNGEngine.h). */
static void mt_next_state(cg_rng *g) {
    uint32_t *s = g->state;
    int k = 0;
    for (; k < CG_MT_N - MT_M; k++)
        s[k] = s[k + MT_M] ^ mt_twist(s[k], s[k + 1]);
    for (; k < CG_MT_N - 1; k++)
        s[k] = s[k + MT_M - CG_MT_N] ^ mt_twist(s[k], s[k + 1]);
    s[k] = s[k + MT_M - CG_MT_N] ^ mt_twist(s[k], s[0]);
    g->left = CG_MT_N;
    g->next = 0;
}

uint32_t cg_rng_random(cg_rng *g) {
    if (--g->left == 0)
        mt_next_state(g);
    uint32_t y = g->state[g->next++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

uint64_t cg_rng_random64(cg_rng *g) {
    uint64_t hi = cg_rng_random(g);
    uint64_t lo = cg_rng_random(g);
    return hi << 32 | lo;
}

/* ---- life and seeds ---------------------------------------------------------------- */

static cg_rng *generator_new(cg_device device) {
    cg_rng *g = calloc(1, sizeof *g);
    if (!g) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory allocating a generator");
        return NULL;
    }
    g->device = device;
    cg_rng_manual_seed(g, CG_DEFAULT_RNG_SEED);
    return g;
}

cg_rng *cg_rng_new(void) { return generator_new(cg_device_cpu()); }
cg_rng *cg_rng_new_cuda(int index) { return generator_new((cg_device){CG_CUDA, index}); }

void cg_rng_free(cg_rng *g) { free(g); }

/* c10::detail::getNonDeterministicRandom for the CPU: 53 bits from the
 * system's entropy, so that the seed survives a trip through a double. */
static uint64_t nondeterministic_seed(void) {
    uint32_t r[2];
    if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        r[0] = (uint32_t)ts.tv_nsec;
        r[1] = (uint32_t)ts.tv_sec;
    }
    return (((uint64_t)r[0] << 1) ^ r[1]) & 0x1FFFFFFFFFFFFFull;
}

cg_rng *cg_rng_default(void) {
    static cg_rng def;
    static bool ready;
    if (!ready) {
        cg_rng_manual_seed(&def, nondeterministic_seed());
        ready = true;
    }
    return &def;
}

/* torch.manual_seed() before a default CUDA generator's first use seeds it
 * too (PyTorch queues the seeding until CUDA starts). */
static bool cuda_all_seeded;
static uint64_t cuda_all_seed;

cg_rng *cg_rng_default_cuda(int index) {
    static cg_rng gens[CG_MAX_CUDA_RNGS];
    static bool ready[CG_MAX_CUDA_RNGS];
    CG_CHECK(index >= 0 && index < CG_MAX_CUDA_RNGS, CG_RUNTIME_ERROR,
             "Expected a CUDA device index in [0, %d) for a default generator, but got %d", CG_MAX_CUDA_RNGS, index);
    cg_rng *g = &gens[index];
    if (!ready[index]) {
        g->device = (cg_device){CG_CUDA, index};
        cg_rng_manual_seed(g, cuda_all_seeded ? cuda_all_seed : nondeterministic_seed());
        ready[index] = true;
    }
    return g;
}

cg_rng *cg_rng_cpu(cg_rng *g) {
    g = cg_rng_or_default(g);
    CG_CHECK(g->device.type == CG_CPU, CG_RUNTIME_ERROR, "Expected a 'cpu' device type for generator but found 'cuda'");
    return g;
}

void cg_rng_manual_seed(cg_rng *g, uint64_t seed) {
    if (g->device.type == CG_CUDA) { /* CUDAGeneratorImpl::set_current_seed */
        g->seed = seed;
        g->philox_offset = 0;
        return;
    }
    mt_init(g, seed);
    g->has_normal = false;
    g->normal = 0.0;
    g->has_float_normal = false;
    g->float_normal = 0.0f;
}

uint64_t cg_rng_seed(cg_rng *g) {
    uint64_t s = nondeterministic_seed();
    cg_rng_manual_seed(g, s);
    return s;
}

uint64_t cg_rng_initial_seed(const cg_rng *g) { return g->seed; }

void cg_cuda_manual_seed_all(uint64_t seed) {
    cuda_all_seeded = true;
    cuda_all_seed = seed;
    for (int i = 0; i < CG_MAX_CUDA_RNGS; i++)
        cg_rng_manual_seed(cg_rng_default_cuda(i), seed);
}

/* torch.cuda.seed_all(): one random seed for every device */
uint64_t cg_cuda_seed_all(void) {
    uint64_t s = nondeterministic_seed();
    cg_cuda_manual_seed_all(s);
    return s;
}

void cg_manual_seed(uint64_t seed) {
    cg_rng_manual_seed(cg_rng_default(), seed);
    cg_cuda_manual_seed_all(seed);
}

uint64_t cg_seed(void) {
    uint64_t s = cg_rng_seed(cg_rng_default());
    cg_cuda_manual_seed_all(s);
    return s;
}

uint64_t cg_initial_seed(void) { return cg_rng_initial_seed(cg_rng_default()); }

uint64_t cg_rng_philox_reserve(cg_rng *g, uint64_t increment) {
    uint64_t offset = g->philox_offset;
    g->philox_offset += (increment + 3) / 4 * 4;
    return offset;
}

/* ---- state bytes ------------------------------------------------------------------- */

/* Offsets in PyTorch's CPUGeneratorImplState on x86-64: the legacy TH
 * generator (seed, left, seeded, next, 624 64-bit state words, the unused
 * normal_x, normal_y (the cached double), normal_rho, normal_is_valid),
 * then the float cache and its flag; padding is zero. */
enum {
    ST_SEED = 0,
    ST_LEFT = 8,
    ST_SEEDED = 12,
    ST_NEXT = 16,
    ST_WORDS = 24,
    ST_NORMAL_X = ST_WORDS + 8 * CG_MT_N,
    ST_NORMAL_Y = ST_NORMAL_X + 8,
    ST_NORMAL_RHO = ST_NORMAL_Y + 8,
    ST_NORMAL_VALID = ST_NORMAL_RHO + 8,
    ST_FLOAT_NORMAL = ST_NORMAL_VALID + 8,
    ST_FLOAT_VALID = ST_FLOAT_NORMAL + 4,
    ST_LEGACY_SIZE = ST_FLOAT_NORMAL, /* an old checkpoint's size */
};
_Static_assert(ST_FLOAT_VALID + 4 == CG_RNG_STATE_SIZE, "state layout");

#define PUT(off, type, value)                \
    do {                                     \
        type v_ = (value);                   \
        memcpy(out + (off), &v_, sizeof v_); \
    } while (0)
#define GET(off, type, var) memcpy(&(var), state + (off), sizeof(type))

void cg_rng_get_state(const cg_rng *g, uint8_t *out) {
    memset(out, 0, CG_RNG_STATE_SIZE);
    PUT(ST_SEED, uint64_t, g->seed);
    PUT(ST_LEFT, int32_t, g->left);
    PUT(ST_SEEDED, int32_t, 1);
    PUT(ST_NEXT, uint64_t, g->next);
    for (int k = 0; k < CG_MT_N; k++)
        PUT(ST_WORDS + 8 * k, uint64_t, g->state[k]);
    if (g->has_normal) {
        PUT(ST_NORMAL_Y, double, g->normal);
        PUT(ST_NORMAL_VALID, int32_t, 1);
    }
    if (g->has_float_normal) {
        PUT(ST_FLOAT_NORMAL, float, g->float_normal);
        PUT(ST_FLOAT_VALID, uint8_t, 1);
    }
}

/* The cached normal of a state: normal_y in the current layout; in an old
 * checkpoint's, rebuilt from the Box-Muller intermediates it kept. */
static double state_normal(const uint8_t *state, bool legacy) {
    double x, y, rho;
    GET(ST_NORMAL_X, double, x);
    GET(ST_NORMAL_Y, double, y);
    GET(ST_NORMAL_RHO, double, rho);
    return legacy ? rho * sin(2.0 * M_PI * x) : y;
}

int cg_rng_set_state(cg_rng *g, const uint8_t *state, int64_t nbytes) {
    bool legacy = nbytes == ST_LEGACY_SIZE;
    CG_CHECK_INT(legacy || nbytes == CG_RNG_STATE_SIZE, CG_RUNTIME_ERROR,
                 "Expected either a CPUGeneratorImplStateLegacy of size %d or a CPUGeneratorImplState of size %d "
                 "but found the input RNG state size to be %lld",
                 (int)ST_LEGACY_SIZE, CG_RNG_STATE_SIZE, (long long)nbytes);
    int32_t left, seeded, normal_valid;
    uint64_t next;
    uint8_t float_valid = 0;
    GET(ST_LEFT, int32_t, left);
    GET(ST_SEEDED, int32_t, seeded);
    GET(ST_NEXT, uint64_t, next);
    GET(ST_NORMAL_VALID, int32_t, normal_valid);
    if (!legacy)
        GET(ST_FLOAT_VALID, uint8_t, float_valid);
    /* mt19937_engine::is_valid, on the values as PyTorch narrows them */
    CG_CHECK_INT(seeded != 0 && left > 0 && left <= CG_MT_N && (uint32_t)next <= CG_MT_N, CG_RUNTIME_ERROR,
                 "Invalid mt19937 state");
    GET(ST_SEED, uint64_t, g->seed);
    g->left = left;
    g->next = (uint32_t)next;
    for (int k = 0; k < CG_MT_N; k++) {
        uint64_t w;
        GET(ST_WORDS + 8 * k, uint64_t, w);
        g->state[k] = (uint32_t)w;
    }
    g->has_normal = normal_valid != 0;
    g->normal = g->has_normal ? state_normal(state, legacy) : 0.0;
    g->has_float_normal = float_valid != 0;
    g->float_normal = 0.0f;
    if (g->has_float_normal)
        GET(ST_FLOAT_NORMAL, float, g->float_normal);
    return 0;
}
