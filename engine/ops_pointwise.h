/* ops_pointwise.h: the pointwise ops over three operands that optimizers
 * step with: addcmul, addcdiv and lerp, out of place and in place
 * (ops_pointwise.c). Each rounds as PyTorch 1.13's CPU kernel does. */
#ifndef CG_OPS_POINTWISE_H
#define CG_OPS_POINTWISE_H

#include "tensor.h"

/* self + value * tensor1 * tensor2 (AddcmulBackward0), promoted over the
 * three tensors; bool is PyTorch's "not implemented" error. */
cg_tensor *cg_addcmul(cg_tensor *self, cg_tensor *t1, cg_tensor *t2, cg_scalar value);
int cg_addcmul_(cg_tensor *self, cg_tensor *t1, cg_tensor *t2, cg_scalar value);
/* self + value * tensor1 / tensor2 (AddcdivBackward0); two integer (or
 * bool) tensors is PyTorch's "Integer division with addcdiv" error. */
cg_tensor *cg_addcdiv(cg_tensor *self, cg_tensor *t1, cg_tensor *t2, cg_scalar value);
int cg_addcdiv_(cg_tensor *self, cg_tensor *t1, cg_tensor *t2, cg_scalar value);
/* self + weight * (end - self): a number weight is LerpBackward0, a tensor
 * weight LerpBackward1. No promotion: end (and weight) must have self's
 * dtype, a floating one. */
cg_tensor *cg_lerp(cg_tensor *self, cg_tensor *end, cg_scalar weight);
cg_tensor *cg_lerp_tensor(cg_tensor *self, cg_tensor *end, cg_tensor *weight);
int cg_lerp_(cg_tensor *self, cg_tensor *end, cg_scalar weight);
int cg_lerp_tensor_(cg_tensor *self, cg_tensor *end, cg_tensor *weight);

#endif
