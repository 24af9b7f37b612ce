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

#define T float
#define W 8
#define SFX f32
#include "prod_order_loop.h"
#undef T
#undef W
#undef SFX

#define T double
#define W 4
#define SFX f64
#include "prod_order_loop.h"
#undef T
#undef W
#undef SFX

void cg_prod_torch_order(const cg_tensor *x, cg_tensor *out) {
    cg_reduce_torch_order(x, out, x->dtype == CG_F32 ? slab_f32 : slab_f64, 1.0);
}
