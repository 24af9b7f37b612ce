/* flip_roll.h: flip, roll and rot90 (flip_roll.c), each a row of ops.def
 * with PyTorch's node. */
#ifndef CG_FLIP_ROLL_H
#define CG_FLIP_ROLL_H

#include "tensor.h"

/* x reversed along dims[0..n). */
cg_tensor *cg_flip(cg_tensor *x, int n, const int64_t *dims);
/* x rolled by shifts[i] along dims[i] (nd == ns), or flattened and rolled
 * by shifts[0] when nd is 0. */
cg_tensor *cg_roll(cg_tensor *x, int ns, const int64_t *shifts, int nd, const int64_t *dims);
/* x turned k quarter turns from dims[0] towards dims[1] (nd == 2). */
cg_tensor *cg_rot90(cg_tensor *x, int64_t k, int nd, const int64_t *dims);

#endif
