/* philox_ref.h: a host model of what PyTorch's CUDA random kernels write,
 * to check cgrad's against: curand's Philox4x32-10 as curand_kernel.h
 * defines it (curand_init's subsequence and offset, curand4, the uniform
 * and Box-Muller conversions) and the grid-stride loop that hands each
 * thread's values to elements (Note [CUDA random numbers] in
 * engine/random_device.c). The unit tests hold it to Random123's known
 * answers and to values PyTorch printed on real GPUs; the GPU tests hold
 * the device to it. Its Box-Muller uses the host's logf, sinf and cosf
 * where the device uses its own (__sincosf), so normal values agree to
 * about 1e-6, not bit for bit; everything else is exact. */
#ifndef CG_PHILOX_REF_H
#define CG_PHILOX_REF_H

#include <stdint.h>

#include "device.h"
#include "dtype.h"

/* Philox4x32-10 of one counter under one key (Random123's philox4x32_R(10)). */
void philox_ref_block(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]);

/* curandStatePhilox4_32_10_t, its Box-Muller caches left out (the kernels
 * never use them) */
typedef struct {
    uint32_t ctr[4], key[2], out[4];
    unsigned state; /* which of out[] comes next */
} philox_ref;

/* curand_init(seed, subsequence, offset, s) */
void philox_ref_init(philox_ref *s, uint64_t seed, uint64_t subsequence, uint64_t offset);
/* curand4(s): the next four 32-bit values */
void philox_ref_next4(philox_ref *s, uint32_t r[4]);
/* curand(s): the next 32-bit value */
uint32_t philox_ref_next(philox_ref *s);

/* numel values of draw d (its seed, offset and grid set, as the engine
 * sets them before a launch) for a tensor of dtype dt, each as a double
 * (a float32 value exactly). A dropout mask (CG_DRAW_DROPOUT) is 0 or 1
 * in the order its d->vec gives (Note [Fused dropout]); a
 * CG_DRAW_BERNOULLI_P reads its probabilities (of dtype dt) from the host
 * pointer d->probs. */
void philox_ref_draw(const cg_draw *d, cg_dtype dt, int64_t numel, double *out);

/* torch.randperm(n, device='cuda') (Note [randperm on the device]):
 * keys is the launch of its keys' random_ (CG_DRAW_RANDOM64 with range,
 * base, seed, offset and grid set), shuffle the launch of its tie
 * shuffle (seed and offset set); bits as cg_randperm_bits(n). */
void philox_ref_randperm(const cg_draw *keys, const cg_draw *shuffle, int64_t n, int bits, int64_t *out);

/* multinomial with replacement: d is a CG_DRAW_MULTINOMIAL launch (seed,
 * offset and grid set) whose probs and cum are host pointers of dtype
 * d->src; out gets d->rows x d->samples indices. */
void philox_ref_multinomial(const cg_draw *d, int64_t *out);

#endif
