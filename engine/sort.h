/* sort.h: sorting and selection along a dim (sort.c): values of x's dtype
 * and int64 indices into x, PyTorch's orders among equal values. */
#ifndef CG_SORT_H
#define CG_SORT_H

#include <stdbool.h>

#include "tensor.h"

/* x sorted along dim (NaN greatest); stable keeps equal values in order */
int cg_sort(cg_tensor *x, int64_t dim, bool descending, bool stable, cg_tensor **values, cg_tensor **indices);
/* the k largest (or smallest) along dim, sorted or in nth_element's order */
int cg_topk(cg_tensor *x, int64_t k, int64_t dim, bool largest, bool sorted, cg_tensor **values,
            cg_tensor **indices);

/* select.c: kthvalue (1-based k), median/nanmedian along dim, mode:
 * values and int64 indices, keepdim or not; the median of every element */
int cg_kthvalue(cg_tensor *x, int64_t k, int64_t dim, bool keepdim, cg_tensor **values, cg_tensor **indices);
int cg_median_dim(cg_tensor *x, int64_t dim, bool keepdim, bool ignore_nan, cg_tensor **values, cg_tensor **indices);
int cg_mode(cg_tensor *x, int64_t dim, bool keepdim, cg_tensor **values, cg_tensor **indices);
cg_tensor *cg_median_all(cg_tensor *x, bool ignore_nan);

#endif
