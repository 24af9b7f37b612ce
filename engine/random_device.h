/* random_device.h: random numbers drawn on a device (CUDA) as PyTorch's
 * CUDA distribution kernels draw them: the launch policy that maps threads
 * to elements, the Philox offsets a launch reserves from the generator,
 * and the launch through the backend's draw entry. random.c sends here
 * every in-place random op on a tensor whose backend draws; the policy is
 * a function of its own so that host tests can check it for a given
 * device size. See Note [CUDA random numbers] in random_device.c. */
#ifndef CG_RANDOM_DEVICE_H
#define CG_RANDOM_DEVICE_H

#include <stdbool.h>
#include <stdint.h>

#include "device.h"
#include "rng.h"
#include "tensor.h"

/* calc_execution_policy of PyTorch's DistributionTemplates.h: blocks of
 * 256 threads, as many as there are elements for but at most a device
 * full, and the Philox offset each thread may consume. */
typedef struct {
    uint32_t grid, block;
    uint64_t counter_offset;
    uint32_t grid_y; /* 0 for 1 */
} cg_draw_policy;

cg_draw_policy cg_draw_policy_for(int64_t numel, int unroll, int multiprocessors, int threads_per_multiprocessor);

/* The launch of PyTorch's bernoulli_(p tensor) (CUDA_tensor_apply2 with
 * a step of 4): blocks of 512 threads, a thread per 4 elements, and the
 * 10 offsets it asks of the generator (12 once rounded). */
cg_draw_policy cg_bernoulli_p_policy(int64_t numel);

/* randperm's launch of its tie-shuffling kernel: a thread per key in
 * blocks of 512, n offsets asked for. */
cg_draw_policy cg_randperm_policy(int64_t n);

/* How many low bits of its random keys randperm(n) sorts by: enough that
 * all n keys differ with probability 0.9 at least, at most 64 (Note
 * [randperm on the device]). Above 32 the keys are int64. */
int cg_randperm_bits(int64_t n);

/* multinomial with replacement's launch for rows distributions and
 * samples draws from each: blocks of 128 threads, a thread per sample
 * along x and a row per block along y (at most 65535 rows at once), and 4
 * offsets for each row a thread serves. */
cg_draw_policy cg_multinomial_policy(int64_t rows, int64_t samples);

/* How many elements one curand call of kind serves in dtype dt: 4 for
 * float draws (curand_uniform4, curand_normal4, curand4), 2 for double
 * and 64-bit ones (curand_uniform2_double, curand_normal2_double, two
 * 64-bit integers from one curand4). */
int cg_draw_unroll(cg_draw_kind kind, cg_dtype dt);

/* The vector width of PyTorch's fused dropout kernel for an input of
 * dtype dt and numel elements whose data starts at address: 1 when the
 * input is not dense (non-overlapping and dense, in any dim order), else
 * the widest of 4, 2, 1 that the address's alignment allows, that fits in
 * 16 bytes and that divides numel (get_vector_size of Dropout.cu). */
int cg_dropout_vec(cg_dtype dt, int64_t numel, uintptr_t address, bool dense);

/* Fills the contiguous device tensor t with d's distribution from the
 * CUDA generator g: sizes the grid, reserves g's offsets and launches.
 * 0, or -1 with the error set. */
int cg_device_draw(cg_tensor *t, cg_draw *d, cg_rng *g);

/* out (contiguous, float32 or float64) = bernoulli(probs), probs a
 * contiguous device tensor of out's dtype and size, drawn from the CUDA
 * generator g as PyTorch's bernoulli_tensor_cuda_kernel draws: element i
 * is value i % 4 of thread i / 4's first curand_uniform4. 0, or -1. */
int cg_device_bernoulli_p(cg_tensor *out, cg_tensor *probs, cg_rng *g);

/* out (contiguous, of randperm's dtype, n elements) = arange(n) sorted
 * by the low bits of keys (n int32 or int64 random integers on the
 * device), runs of equal keys then shuffled from the CUDA generator g
 * (Note [randperm on the device]); n < 2^31. 0, or -1. */
int cg_device_randperm(cg_tensor *out, cg_tensor *keys, int bits, cg_rng *g);

/* out (contiguous int64, rows x samples) = for each row of norm (rows x
 * cols, each row divided by its sum) samples draws with replacement from
 * the CUDA generator g, each found by binary search in cum (norm's running
 * sums along the row), as PyTorch's sampleMultinomialWithReplacement
 * draws them. norm and cum are contiguous, of one float dtype, on out's
 * device; every row sums to more than zero. No rows: no launch. 0, or -1. */
int cg_device_multinomial(cg_tensor *out, cg_tensor *norm, cg_tensor *cum, cg_rng *g);

#endif
