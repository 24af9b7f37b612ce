/* ops_reduce.h: reductions (ops_reduce.c). dims == NULL / ndims == 0 means
 * every dim (the all-dims form). */
#ifndef CG_OPS_REDUCE_H
#define CG_OPS_REDUCE_H

#include "tensor.h"

cg_tensor *cg_sum(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim);
/* Sums x down to sizes (the gradient of broadcasting). */
cg_tensor *cg_sum_to(cg_tensor *x, int ndim, const int64_t *sizes);

struct cg_node;
/* The gradient of a reduction recorded with args dims/keepdim, brought back
 * to the input's shape (unsqueezed at reduced dims, expanded). */
cg_tensor *cg_reduce_grad_expand(struct cg_node *n, cg_tensor *g);

#endif
