/* small_ops.h: a op b of small contiguous arrays, written out
 * (small_ops.c, Note [Small array kernels]). */
#ifndef CG_NUMPY_SMALL_OPS_H
#define CG_NUMPY_SMALL_OPS_H

#include "runtime/value.h"
#include "tensor.h"

/* x op y (y an array of x's dtype and shape) or x op v (y NULL, v a
 * Python int or float that numpy's value-based casting leaves in x's
 * dtype), op a numpy._fast op number whose result keeps x's dtype (bool
 * for comparisons). NULL where this does not apply, or with the engine's
 * error set when the result could not be allocated. */
cg_tensor *np_small_binop(int op, const cg_tensor *x, const cg_tensor *y, cg_value v);

#endif
