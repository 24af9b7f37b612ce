/* ops_rounding.h: floor, ceil, round, trunc, frac, and the sign family's
 * sgn, signbit and positive (ops_rounding.c), each a row of ops.def with
 * PyTorch's node where it has one. In-place forms (name_) return 0 or -1.
 *
 * Of an integral tensor, floor, ceil, round and trunc are a copy (the
 * array API's convention, as PyTorch 1.13); frac and round with decimals
 * refuse it. float16 is refused by floor, ceil, round and trunc, as by
 * PyTorch's CPU kernels; bfloat16 computes in float32. */
#ifndef CG_OPS_ROUNDING_H
#define CG_OPS_ROUNDING_H

#include "tensor.h"

cg_tensor *cg_floor(cg_tensor *x);
cg_tensor *cg_ceil(cg_tensor *x);
cg_tensor *cg_trunc(cg_tensor *x);
/* round half to even; decimals != 0 rounds x * 10^decimals (RoundBackward1) */
cg_tensor *cg_round(cg_tensor *x);
cg_tensor *cg_round_decimals(cg_tensor *x, int64_t decimals);
/* x - trunc(x), floats only */
cg_tensor *cg_frac(cg_tensor *x);
/* sign of a real tensor, recorded as SgnBackward0 (complex is not supported) */
cg_tensor *cg_sgn(cg_tensor *x);
/* the sign bit, as bool (-0. and -nan have it); false for unsigned */
cg_tensor *cg_signbit(cg_tensor *x);
/* +x: x itself; refused for bool */
cg_tensor *cg_positive(cg_tensor *x);

int cg_floor_(cg_tensor *self);
int cg_ceil_(cg_tensor *self);
int cg_trunc_(cg_tensor *self);
int cg_round_(cg_tensor *self);
int cg_round_decimals_(cg_tensor *self, int64_t decimals);
int cg_frac_(cg_tensor *self);
int cg_sgn_(cg_tensor *self);

#endif
