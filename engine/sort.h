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

#endif
