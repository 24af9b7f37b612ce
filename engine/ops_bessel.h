/* ops_bessel.h: the modified Bessel functions of the first kind of order 0
 * and 1 and their exponentially scaled forms (ops_bessel.c), each a row of
 * ops.def with PyTorch's node. Integral inputs give the default float
 * dtype; float16 is refused (and bfloat16 by i1, i1e) as by PyTorch. */
#ifndef CG_OPS_BESSEL_H
#define CG_OPS_BESSEL_H

#include "tensor.h"

cg_tensor *cg_i0(cg_tensor *x); /* I0Backward0 */
int cg_i0_(cg_tensor *self);
cg_tensor *cg_special_i0e(cg_tensor *x); /* exp(-|x|) i0(x) */
cg_tensor *cg_special_i1(cg_tensor *x);
cg_tensor *cg_special_i1e(cg_tensor *x); /* exp(-|x|) i1(x) */

#endif
