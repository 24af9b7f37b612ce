/* index_search.h: ops that pick elements by mask or by flat index, and
 * the small reductions and compositions of issue 24 (index_search.c):
 * masked_select, masked_scatter, take, put, block_diag, var_mean/std_mean,
 * aminmax. Values come from other ops' kernels (their rows say nokernel);
 * each records its own node under PyTorch's name. */
#ifndef CG_INDEX_SEARCH_H
#define CG_INDEX_SEARCH_H

#include "tensor.h"

/* x[mask] over x and mask broadcast together: 1-d (MaskedSelectBackward0) */
cg_tensor *cg_masked_select(cg_tensor *x, cg_tensor *mask);
/* x with source's leading elements where mask is true, in row-major order
 * (MaskedScatterBackward0); in place: mask broadcasts to self */
int cg_masked_scatter_(cg_tensor *x, cg_tensor *mask, cg_tensor *source);
cg_tensor *cg_masked_scatter(cg_tensor *x, cg_tensor *mask, cg_tensor *source);
/* x.flatten()[index] with index's shape, negatives wrapped (TakeBackward0) */
cg_tensor *cg_take(cg_tensor *x, cg_tensor *index);
/* x.flatten()[index] = source (or +=) (PutBackward0) */
int cg_put_(cg_tensor *x, cg_tensor *index, cg_tensor *source, bool accumulate);
cg_tensor *cg_put(cg_tensor *x, cg_tensor *index, cg_tensor *source, bool accumulate);
/* the inputs (0-, 1- or 2-d) on the diagonal of a zero matrix (BlockDiagBackward0) */
cg_tensor *cg_block_diag(int n, cg_tensor *const *ts);
/* (var or std, mean) over dims in one node (VarMeanBackward0, StdMeanBackward0) */
int cg_var_mean(cg_tensor *x, int ndims, const int64_t *dims, int64_t correction, bool keepdim, bool is_std,
                cg_tensor **var, cg_tensor **mean);
/* (min, max) over all dims (dim NULL) or one; no derivative (NotImplemented) */
int cg_aminmax(cg_tensor *x, const int64_t *dim, bool keepdim, cg_tensor **min, cg_tensor **max);

#endif
