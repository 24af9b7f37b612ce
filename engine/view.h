/* view.h: ops that return views sharing storage (view.c). Each is a row of
 * ops.def with its own autograd node, as in PyTorch. */
#ifndef CG_VIEW_H
#define CG_VIEW_H

#include "tensor.h"

/* sizes may hold one -1, inferred from the others. */
cg_tensor *cg_view(cg_tensor *t, int ndim, const int64_t *sizes);
/* A view when the strides allow it, else a copy. */
cg_tensor *cg_reshape(cg_tensor *t, int ndim, const int64_t *sizes);
cg_tensor *cg_flatten(cg_tensor *t, int64_t start_dim, int64_t end_dim);
cg_tensor *cg_expand(cg_tensor *t, int ndim, const int64_t *sizes);
cg_tensor *cg_permute(cg_tensor *t, int ndim, const int64_t *dims);
cg_tensor *cg_transpose(cg_tensor *t, int64_t dim0, int64_t dim1);
cg_tensor *cg_t(cg_tensor *t);
/* t[start:end:step] along dim, Python's clamping of start and end. */
cg_tensor *cg_slice_dim(cg_tensor *t, int64_t dim, int64_t start, int64_t end, int64_t step);
cg_tensor *cg_narrow(cg_tensor *t, int64_t dim, int64_t start, int64_t length);
cg_tensor *cg_select(cg_tensor *t, int64_t dim, int64_t index);
cg_tensor *cg_squeeze(cg_tensor *t);
cg_tensor *cg_squeeze_dim(cg_tensor *t, int64_t dim);
cg_tensor *cg_unsqueeze(cg_tensor *t, int64_t dim);

#endif
