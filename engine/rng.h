/* rng.h: a random generator, PyTorch's CPU and CUDA generators in C.
 *
 * A CPU cg_rng is CPUGeneratorImpl: an mt19937 engine (ATen's
 * MT19937RNGEngine, seeded with the low 32 bits of the seed), random() = one
 * 32-bit draw, random64() = two draws with the first as the high half, and
 * the second value of the scalar Box-Muller transform cached for the next
 * normal draw. Its state round-trips through the bytes of
 * torch.get_rng_state()/set_rng_state().
 *
 * A CUDA cg_rng is CUDAGeneratorImpl: no state on the device, only a
 * seed and a Philox offset per thread. Each distribution kernel reserves
 * the offsets its threads will consume (cg_rng_philox_reserve) and
 * every thread starts curand's Philox4x32-10 at (seed, its index, that
 * offset); see Note [CUDA random numbers] in random_device.c. There is one
 * default CUDA generator per device, seeded at random on first use, as
 * PyTorch's are, and torch.manual_seed() seeds them all.
 *
 * The ops that draw from generators are in random.h. Not thread-safe: one
 * thread uses a generator at a time. */
#ifndef CG_RNG_H
#define CG_RNG_H

#include <stdbool.h>
#include <stdint.h>

#include "device.h"

#define CG_MT_N 624

typedef struct cg_rng {
    cg_device device;       /* CG_CPU, or CG_CUDA with its index */
    uint64_t seed;          /* initial_seed() */
    uint64_t philox_offset; /* CUDA: the next Philox offset per thread */
    int left;               /* draws left before the next twist, plus one */
    uint32_t next;          /* index of the next state word */
    uint32_t state[CG_MT_N];
    bool has_normal; /* the cached second Box-Muller value (double) */
    double normal;
    bool has_float_normal; /* PyTorch's float cache: no CPU op fills it, */
    float float_normal;    /* but get_state/set_state carry it */
} cg_rng;

/* The seed of torch.Generator() (c10 default_rng_seed_val). */
#define CG_DEFAULT_RNG_SEED 67280421310721ULL
/* Bytes of torch.get_rng_state(): PyTorch's CPUGeneratorImplState layout. */
#define CG_RNG_STATE_SIZE 5056

/* torch.Generator(): a new generator seeded with CG_DEFAULT_RNG_SEED, or
 * NULL with an out-of-memory error. Freed with cg_rng_free(). */
cg_rng *cg_rng_new(void);
void cg_rng_free(cg_rng *g);
/* torch.Generator(device='cuda:i'): a CUDA generator for device i (>= 0)
 * with CG_DEFAULT_RNG_SEED and offset 0, or NULL with an out-of-memory
 * error. Freed with cg_rng_free(). */
cg_rng *cg_rng_new_cuda(int index);
/* torch.default_generator, seeded from /dev/urandom on first use as
 * PyTorch's is at start-up; never NULL. */
cg_rng *cg_rng_default(void);
/* torch.cuda.default_generators[index] (0 <= index < CG_MAX_CUDA_RNGS),
 * seeded from /dev/urandom on first use unless torch.manual_seed() came
 * first; NULL with PyTorch's error for an index out of range. */
#define CG_MAX_CUDA_RNGS 64
cg_rng *cg_rng_default_cuda(int index);
/* g itself, or the default generator when g is NULL. */
static inline cg_rng *cg_rng_or_default(cg_rng *g) { return g ? g : cg_rng_default(); }
/* The same for the ops that draw on the CPU whatever the tensor's device
 * (randperm, multinomial, bernoulli with a tensor of p): NULL with
 * PyTorch's check_generator error when g is a CUDA generator. */
cg_rng *cg_rng_cpu(cg_rng *g);

/* g.manual_seed(seed). A negative Python seed arrives as its two's
 * complement, as PyTorch reads it. Clears the cached normal values (CPU)
 * or the Philox offset (CUDA). */
void cg_rng_manual_seed(cg_rng *g, uint64_t seed);
/* g.seed(): reseeds from /dev/urandom (53 bits, as c10 does) and returns
 * the new seed. */
uint64_t cg_rng_seed(cg_rng *g);
/* g.initial_seed(): the seed last set. */
uint64_t cg_rng_initial_seed(const cg_rng *g);

/* torch.manual_seed, torch.seed: the default CPU generator and every
 * default CUDA generator (torch.cuda.manual_seed_all). torch.initial_seed:
 * the CPU one's. */
void cg_manual_seed(uint64_t seed);
uint64_t cg_seed(void);
uint64_t cg_initial_seed(void);
/* torch.cuda.manual_seed_all and seed_all: every default CUDA generator. */
void cg_cuda_manual_seed_all(uint64_t seed);
uint64_t cg_cuda_seed_all(void);

/* CUDAGeneratorImpl::philox_cuda_state(increment): the offset a kernel
 * starts its threads at; the generator's offset moves past it by
 * increment rounded up to a multiple of 4 (one curand4 call). */
uint64_t cg_rng_philox_reserve(cg_rng *g, uint64_t increment);

/* g.get_state() of a CPU generator: writes the CG_RNG_STATE_SIZE bytes that PyTorch's
 * get_state() gives for the same state (a uint8 tensor there). */
void cg_rng_get_state(const cg_rng *g, uint8_t *out);
/* g.set_state(state): 0, or -1 with PyTorch's error for a wrong size or an
 * invalid mt19937 state. */
int cg_rng_set_state(cg_rng *g, const uint8_t *state, int64_t nbytes);

/* The raw draws: CPUGeneratorImpl::random() and random64(). */
uint32_t cg_rng_random(cg_rng *g);
uint64_t cg_rng_random64(cg_rng *g);

#endif
