/* amax.h: torch.amax / torch.amin (amax.c). */
#ifndef CG_AMAX_H
#define CG_AMAX_H

#include "tensor.h"

/* The maximum (is_max) or minimum over dims[0..n) (every dim when n is
 * 0), NaN winning; keepdim keeps them as size 1. */
cg_tensor *cg_amax(cg_tensor *x, int n, const int64_t *dims, bool keepdim, bool is_max);

#endif
