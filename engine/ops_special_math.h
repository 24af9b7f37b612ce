/* ops_special_math.h: logit, atan2, hypot, logaddexp, logaddexp2, lgamma,
 * digamma, polygamma and the bit shifts (ops_special_math.c), each a row
 * of ops.def with PyTorch's node. Integral inputs give the default float
 * dtype (hypot, logaddexp and logaddexp2 refuse them, as PyTorch).
 * In-place forms return 0 or -1. */
#ifndef CG_OPS_SPECIAL_MATH_H
#define CG_OPS_SPECIAL_MATH_H

#include "tensor.h"

/* log(x / (1 - x)), x clamped to [eps, 1 - eps] first unless eps is NULL */
cg_tensor *cg_logit(cg_tensor *x, const double *eps);
int cg_logit_(cg_tensor *self, const double *eps);

cg_tensor *cg_atan2(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_hypot(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_logaddexp(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_logaddexp2(cg_tensor *a, cg_tensor *b);
int cg_atan2_(cg_tensor *self, cg_tensor *other);
int cg_hypot_(cg_tensor *self, cg_tensor *other);
int cg_logaddexp_(cg_tensor *self, cg_tensor *other);
int cg_logaddexp2_(cg_tensor *self, cg_tensor *other);

/* lgamma, digamma and polygamma(n, x) (DigammaBackward0 for digamma) */
cg_tensor *cg_lgamma(cg_tensor *x);
int cg_lgamma_(cg_tensor *self);
cg_tensor *cg_digamma(cg_tensor *x);
int cg_digamma_(cg_tensor *self);
cg_tensor *cg_polygamma(int64_t n, cg_tensor *x);
int cg_polygamma_(cg_tensor *self, int64_t n);
/* << and >> of integral tensors, 0 (or the sign fill) past the width */
cg_tensor *cg_bitwise_left_shift(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_bitwise_right_shift(cg_tensor *a, cg_tensor *b);
int cg_bitwise_left_shift_(cg_tensor *self, cg_tensor *other);
int cg_bitwise_right_shift_(cg_tensor *self, cg_tensor *other);

#endif
