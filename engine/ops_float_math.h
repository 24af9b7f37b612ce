/* ops_float_math.h: copysign, fmod, fmax, fmin, xlogy, deg2rad, rad2deg
 * and nan_to_num (ops_float_math.c), each a row of ops.def with PyTorch's
 * node, a Python number as `other` (a wrapped number) taking the Scalar
 * overload's node where PyTorch has one. In-place forms return 0 or -1. */
#ifndef CG_OPS_FLOAT_MATH_H
#define CG_OPS_FLOAT_MATH_H

#include "tensor.h"

/* |a| with b's sign; integral inputs give the default float dtype */
cg_tensor *cg_copysign(cg_tensor *a, cg_tensor *b);
int cg_copysign_(cg_tensor *self, cg_tensor *other);
/* C's fmod: the remainder of the truncated quotient, of a's sign */
cg_tensor *cg_fmod(cg_tensor *a, cg_tensor *b);
int cg_fmod_(cg_tensor *self, cg_tensor *other);
/* maximum and minimum that ignore a NaN */
cg_tensor *cg_fmax(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_fmin(cg_tensor *a, cg_tensor *b);
/* x * log(y), 0 where x is 0, NaN where y is */
cg_tensor *cg_xlogy(cg_tensor *x, cg_tensor *y);
int cg_xlogy_(cg_tensor *self, cg_tensor *other);
cg_tensor *cg_deg2rad(cg_tensor *x);
cg_tensor *cg_rad2deg(cg_tensor *x);
int cg_deg2rad_(cg_tensor *self);
int cg_rad2deg_(cg_tensor *self);
/* NaN, inf and -inf replaced; NULL takes PyTorch's defaults (0, the
 * dtype's largest and lowest finite values) */
cg_tensor *cg_nan_to_num(cg_tensor *x, const double *nan, const double *posinf, const double *neginf);
int cg_nan_to_num_(cg_tensor *self, const double *nan, const double *posinf, const double *neginf);

/* sin(pi x) / (pi x), 1 at 0; integral inputs give the default float dtype */
cg_tensor *cg_sinc(cg_tensor *x);
int cg_sinc_(cg_tensor *self);
/* heaviside(x, values): x and values of one dtype; its node is
 * NotImplemented, whose backward raises, as PyTorch's */
cg_tensor *cg_heaviside(cg_tensor *x, cg_tensor *values);
int cg_heaviside_(cg_tensor *self, cg_tensor *values);
/* gcd and lcm of integral tensors (gcd_lcm.c) */
cg_tensor *cg_gcd(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_lcm(cg_tensor *a, cg_tensor *b);
int cg_gcd_(cg_tensor *self, cg_tensor *other);
int cg_lcm_(cg_tensor *self, cg_tensor *other);

/* float_power and ldexp, composites (power_composites.c) */
/* pow in float64 (complex128 for complex operands); a Python number as
 * exponent (wrapped) is pow's Scalar overload */
cg_tensor *cg_float_power(cg_tensor *base, cg_tensor *exponent);
cg_tensor *cg_float_power_scalar_base(cg_scalar base, cg_tensor *exponent);
/* self must be float64 (complex128) already */
int cg_float_power_(cg_tensor *self, cg_tensor *exponent);
/* self * 2 ** other */
cg_tensor *cg_ldexp(cg_tensor *self, cg_tensor *other);
int cg_ldexp_(cg_tensor *self, cg_tensor *other);

#endif
