/* ops_binary.h: binary elementwise ops with broadcasting (ops_binary.c).
 * A Python number enters as cg_scalar_tensor(). */
#ifndef CG_OPS_BINARY_H
#define CG_OPS_BINARY_H

#include "tensor.h"

/* The dtype of an op over these operands, by PyTorch's promotion rules
 * (dimensioned tensors, then 0-d tensors, then wrapped numbers). */
cg_dtype cg_result_type(int n, cg_tensor *const *ts);

cg_tensor *cg_add(cg_tensor *a, cg_tensor *b, cg_scalar alpha);
cg_tensor *cg_sub(cg_tensor *a, cg_tensor *b, cg_scalar alpha);
cg_tensor *cg_mul(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_div(cg_tensor *a, cg_tensor *b);
int cg_add_(cg_tensor *self, cg_tensor *other, cg_scalar alpha);
int cg_sub_(cg_tensor *self, cg_tensor *other, cg_scalar alpha);
int cg_mul_(cg_tensor *self, cg_tensor *other);
int cg_div_(cg_tensor *self, cg_tensor *other);

/* Conveniences for C callers: the op with a Python number as other. */
cg_tensor *cg_add_scalar(cg_tensor *a, double b);
cg_tensor *cg_mul_scalar(cg_tensor *a, double b);

#endif
