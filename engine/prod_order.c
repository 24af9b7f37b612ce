/* prod_order.c: products of floating elements (prod) in PyTorch 1.13's
 * order, to the last bit.
 *
 * Note [Products of elements in PyTorch's order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's CPU prod keeps the product in the input's own type (no wider
 * accumulator) and walks the reduction with the same plan and thread split
 * as its sums (Note [Reductions in PyTorch's order], layers 1 and 3: this
 * file runs through cg_reduce_torch_order). Only the slab differs: where
 * the reduced dim is contiguous, runs of 32 floats (16 doubles) are
 * multiplied as four vectors, folded pairwise and then lane by lane into
 * the output, and the remainder multiplied in one by one; where the kept
 * dim is contiguous, 32 (16) columns at a time are multiplied down the
 * rows as four vectors; otherwise element by element. Integer products are
 * exact in any order and stay with the engine's fold (ops_reduce.c). */
#include "sum_order.h"

#include <string.h>

#include "ops.h"

#define LANES_LOOP "prod_order_loop.h"
#include "lanes_each.h"

void cg_prod_torch_order(const cg_tensor *x, cg_tensor *out) {
    cg_reduce_torch_order(x, out, x->dtype == CG_F32 ? slab_f32 : slab_f64, 1.0);
}

/* Each element's exclusive products along a line of n values x[0], x[s],
 * ...: out gets (product of those before) * (product of those after),
 * each side a running product in double rounded to T at every step, as
 * PyTorch's cumprod kernel keeps it. */
#define OTHERS_LINE(name, T)                                                                  \
    static void name(const T *x, T *out, int64_t n, int64_t s) {                              \
        double acc = 1;                                                                       \
        for (int64_t i = 0; i < n; i++) { /* before: 1, x0, x0 x1, ... */                     \
            out[i * s] = (T)acc;                                                              \
            acc *= x[i * s];                                                                  \
        }                                                                                     \
        acc = 1;                                                                              \
        for (int64_t i = n - 1; i >= 0; i--) { /* times after: ..., x[n-1], 1 */              \
            out[i * s] = out[i * s] * (T)acc;                                                 \
            acc *= x[i * s];                                                                  \
        }                                                                                     \
    }
OTHERS_LINE(others_f32, float)
OTHERS_LINE(others_f64, double)

cg_tensor *cg_prod_others(cg_tensor *x, int dim) {
    cg_tensor *c = cg_contiguous(x);
    cg_tensor *out = c ? cg_tensor_empty(c->ndim, c->sizes, c->dtype, cg_tensor_device(c)) : NULL;
    if (out) {
        int64_t n = c->sizes[dim], inner = c->strides[dim];
        int64_t lines = n ? cg_tensor_numel(c) / n : 0;
        for (int64_t l = 0; l < lines; l++) {
            int64_t start = (l / inner) * inner * n + l % inner;
            if (c->dtype == CG_F32)
                others_f32((const float *)cg_tensor_data(c) + start, (float *)cg_tensor_data(out) + start, n, inner);
            else
                others_f64((const double *)cg_tensor_data(c) + start, (double *)cg_tensor_data(out) + start, n,
                           inner);
        }
    }
    cg_tensor_release(c);
    return out;
}
