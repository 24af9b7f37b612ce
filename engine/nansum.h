/* nansum.h: sums and means that skip NaN (nansum.c). n dims (0: all),
 * keepdim as sum's; result dtypes as PyTorch's (nansum of integral inputs
 * is their int64 sum; nanmean takes floating inputs only). */
#ifndef CG_NANSUM_H
#define CG_NANSUM_H

#include "tensor.h"

cg_tensor *cg_nansum(cg_tensor *x, int n, const int64_t *dims, bool keepdim);
cg_tensor *cg_nanmean(cg_tensor *x, int n, const int64_t *dims, bool keepdim);

#endif
