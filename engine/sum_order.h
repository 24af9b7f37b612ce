/* sum_order.h: floating sums in PyTorch 1.13's order, to the last bit.
 *
 * Note [Reductions in PyTorch's order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A float sum's last bits depend on the order of its additions, and users
 * compare cgrad's printed numbers with PyTorch's. So a floating reduction
 * here adds in the order PyTorch's CPU kernels add, not in the order that
 * would be most exact or fastest. For sums (and mean, which PyTorch computes
 * as sum / N) that order comes from three layers, each followed here:
 *
 * 1. The iteration plan (ATen's TensorIterator for a reduction): the dims in
 *    the input's stride order with the reduced dims first, adjacent dims
 *    merged where strides allow, then walked as 2-d slabs of the first two
 *    dims; each slab's partial sums are added into the output (which starts
 *    at 0), so a reduction over dims that do not merge is a sum of sums.
 * 2. The slab kernel (ATen's cascade sum, SumKernel.cpp): four ways to walk
 *    a slab, chosen from the strides (reduced dim contiguous, kept dim
 *    contiguous, or neither), each summing rows with a four-level cascade
 *    (chunks of 16 or more, chunk sums summed in chunks, ...) over vector
 *    lanes and four-way interleaved partial sums, accumulating in the
 *    input's own floating type.
 * 3. The thread split: with T > 1 threads and 32768 or more elements, a
 *    reduction to one value splits the elements into T ranges summed
 *    separately and then added; otherwise the outermost kept dim is split,
 *    at multiples of 128 bytes where it is contiguous.
 *
 * The vector width is PyTorch's on x86 with its default "CPU capability"
 * (AVX2, and also the generic build): 32 bytes, 8 floats or 4 doubles.
 * cgrad uses the engine's thread count (torch.set_num_threads) for T, so a
 * program run with the same thread count as a PyTorch one gives its bits.
 *
 * Every new floating reduction follows the same rule: find the loop PyTorch
 * 1.13's CPU kernel runs for it (ATen/native/cpu/), and add in that order;
 * integer reductions are exact in any order and keep the fastest one. */
#ifndef CG_SUM_ORDER_H
#define CG_SUM_ORDER_H

#include "tensor.h"

/* out = x summed over the dims where out has size 1 and x does not; out has
 * x's dims (keepdim sizes), is contiguous, and has x's dtype, float32 or
 * float64. Runs on the engine's threads as PyTorch splits the work. */
void cg_sum_torch_order(const cg_tensor *x, cg_tensor *out);

/* The slab kernels built for AVX2 (sum_order_avx2.c); only where
 * cg_vec_math_available(). */
void cg_sum_slab_f32_avx2(char *out, const char *x, const int64_t *s, int64_t size0, int64_t size1);
void cg_sum_slab_f64_avx2(char *out, const char *x, const int64_t *s, int64_t size0, int64_t size1);

/* One 2-d slab of a reduction in ATen's loop form: out and x advance by the
 * byte strides s[0], s[1] along the first dim (size0) and s[2], s[3] along
 * the second (size1); out already holds the partial result it folds into. */
typedef void (*cg_slab_fn)(char *out, const char *x, const int64_t *s, int64_t size0, int64_t size1);

/* out = x reduced as above, by slab over layers 1 and 3 of the Note (the
 * plan and the thread split), out and each thread's part starting at
 * identity. float32 or float64. */
void cg_reduce_torch_order(const cg_tensor *x, cg_tensor *out, cg_slab_fn slab, double identity);

/* out = the product of x's elements over the same dims, as PyTorch's
 * prod: in the dtype, in binary_kernel_reduce_vec's order (prod_order.c). */
void cg_prod_torch_order(const cg_tensor *x, cg_tensor *out);

/* A new contiguous tensor of x's shape (at least 1-d): each element the
 * product of the others along dim, as PyTorch's prod derivative computes it
 * where x holds zeros: the exclusive cumulative products from both ends
 * (its cumprod: a running product in double, rounded at each step),
 * multiplied. Called with grad mode off. float32/float64. */
cg_tensor *cg_prod_others(cg_tensor *x, int dim);

/* ATen's iteration plan of a reduction of x into out (out as above, any
 * float dtype of x): dims fastest first, reduced dims before kept ones,
 * sorted and merged as TensorIterator does; so is out's byte stride (0 on
 * reduced dims), sx x's. Other reductions in PyTorch's order walk it. */
typedef struct {
    int ndim;
    int64_t shape[CG_MAX_DIMS], so[CG_MAX_DIMS], sx[CG_MAX_DIMS];
} cg_torch_plan;
void cg_torch_plan_init(cg_torch_plan *plan, const cg_tensor *x, const cg_tensor *out);

#endif
