/* ops_unary.h: unary elementwise ops (ops_unary.c). */
#ifndef CG_OPS_UNARY_H
#define CG_OPS_UNARY_H

#include "tensor.h"

cg_tensor *cg_neg(cg_tensor *x);
cg_tensor *cg_exp(cg_tensor *x);

#endif
