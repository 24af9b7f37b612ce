/* cumulative.h: the scans beside cumsum (ops_reduce.h): cumprod, cummax,
 * cummin and logcumsumexp along one dim, and cumsum_/cumprod_ in place.
 * Results have x's shape; dtypes as PyTorch's (cumprod of integral or bool
 * inputs is int64, cummax/cummin keep x's dtype with int64 indices,
 * logcumsumexp takes floating inputs only). */
#ifndef CG_CUMULATIVE_H
#define CG_CUMULATIVE_H

#include "tensor.h"

cg_tensor *cg_cumprod(cg_tensor *x, int64_t dim);
/* values and indices (new references) of the running maximum / minimum */
int cg_cummax(cg_tensor *x, int64_t dim, cg_tensor **values, cg_tensor **indices);
int cg_cummin(cg_tensor *x, int64_t dim, cg_tensor **values, cg_tensor **indices);
cg_tensor *cg_logcumsumexp(cg_tensor *x, int64_t dim);
/* in place: x keeps its dtype (the scan wraps as x's integers would) */
int cg_cumsum_(cg_tensor *x, int64_t dim);
int cg_cumprod_(cg_tensor *x, int64_t dim);

#endif
