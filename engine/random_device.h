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
#include "generator.h"
#include "tensor.h"

/* calc_execution_policy of PyTorch's DistributionTemplates.h: blocks of
 * 256 threads, as many as there are elements for but at most a device
 * full, and the Philox offset each thread may consume. */
typedef struct {
    uint32_t grid, block;
    uint64_t counter_offset;
} cg_draw_policy;

cg_draw_policy cg_draw_policy_for(int64_t numel, int unroll, int multiprocessors, int threads_per_multiprocessor);

/* The launch of PyTorch's bernoulli_(p tensor) (CUDA_tensor_apply2 with
 * a step of 4): blocks of 512 threads, a thread per 4 elements, and the
 * 10 offsets it asks of the generator (12 once rounded). */
cg_draw_policy cg_bernoulli_p_policy(int64_t numel);

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
int cg_device_draw(cg_tensor *t, cg_draw *d, cg_generator *g);

/* out (contiguous, float32 or float64) = bernoulli(probs), probs a
 * contiguous device tensor of out's dtype and size, drawn from the CUDA
 * generator g as PyTorch's bernoulli_tensor_cuda_kernel draws: element i
 * is value i % 4 of thread i / 4's first curand_uniform4. 0, or -1. */
int cg_device_bernoulli_p(cg_tensor *out, cg_tensor *probs, cg_generator *g);

#endif
