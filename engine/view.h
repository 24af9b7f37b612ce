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
/* t.transpose_(dim0, dim1): t's own sizes and strides swapped, recorded as
 * an in-place op (TransposeBackward1). 0 or -1. */
int cg_transpose_(cg_tensor *t, int64_t dim0, int64_t dim1);
/* t_(), squeeze_(), squeeze_(dim), unsqueeze_(dim): t's own geometry
 * changed, with PyTorch's nodes (TBackward1, SqueezeBackward2/3,
 * UnsqueezeBackward1) */
int cg_t_(cg_tensor *t);
int cg_squeeze_(cg_tensor *t);
int cg_squeeze_dim_(cg_tensor *t, int64_t dim);
int cg_unsqueeze_(cg_tensor *t, int64_t dim);
cg_tensor *cg_t(cg_tensor *t);
/* t[start:end:step] along dim, Python's clamping of start and end. */
cg_tensor *cg_slice_dim(cg_tensor *t, int64_t dim, int64_t start, int64_t end, int64_t step);
cg_tensor *cg_narrow(cg_tensor *t, int64_t dim, int64_t start, int64_t length);
cg_tensor *cg_select(cg_tensor *t, int64_t dim, int64_t index);
cg_tensor *cg_squeeze(cg_tensor *t);
cg_tensor *cg_squeeze_dim(cg_tensor *t, int64_t dim);
cg_tensor *cg_unsqueeze(cg_tensor *t, int64_t dim);
/* x.unfold(dimension, size, step): the sliding windows of a dim, a view
 * (unfold_view.c) */
cg_tensor *cg_unfold_dim(cg_tensor *x, int64_t dimension, int64_t size, int64_t step);

/* A view of t's storage with the given geometry (in elements of dtype),
 * recorded as op (its node renamed node_name when not NULL) when t has
 * history: the frame of every view op. */
cg_tensor *cg_view_make(cg_tensor *t, int ndim, const int64_t *sizes, const int64_t *strides, int64_t offset,
                        cg_dtype dtype, cg_op op, const cg_op_args *args, const char *node_name);

/* x.view(dtype): x's bytes as dtype, the last dim scaled when the element
 * sizes differ; no history, as PyTorch records none */
cg_tensor *cg_view_dtype(cg_tensor *t, cg_dtype dtype);

/* x.as_strided(size, stride, storage_offset): a view of x's storage with
 * that geometry (storage_offset NULL: x's own), checked to stay inside it
 * (as_strided.c) */
cg_tensor *cg_as_strided(cg_tensor *t, int ndim, const int64_t *sizes, const int64_t *strides,
                         const int64_t *storage_offset);

/* A view's values as a tensor of their own, laid out as the view, under
 * the view's node renamed "<node>_copy" (torch.view_copy and its kin;
 * view_copy.c). The view should be a fresh one: its node is renamed. */
cg_tensor *cg_view_copy_of(cg_tensor *view);

/* select_scatter, slice_scatter, diagonal_scatter: a copy of self (laid
 * out as self) with src written into that view of it (view_scatter.c) */
cg_tensor *cg_select_scatter(cg_tensor *self, cg_tensor *src, int64_t dim, int64_t index);
cg_tensor *cg_slice_scatter(cg_tensor *self, cg_tensor *src, int64_t dim, int64_t start, int64_t end, int64_t step);
cg_tensor *cg_diagonal_scatter(cg_tensor *self, cg_tensor *src, int64_t offset, int64_t dim1, int64_t dim2);

/* ---- complex views (view_complex.c) ---- */

/* The complex tensor t seen as its parts: a last dim of 2 (real,
 * imaginary) of the parts' dtype. */
cg_tensor *cg_view_as_real(cg_tensor *t);
/* The inverse: a float tensor with a last dim of 2, stride 1, seen as
 * complex. */
cg_tensor *cg_view_as_complex(cg_tensor *t);
/* torch.real / torch.imag: views of one part of a complex t (composites:
 * view_as_real, then select); real of a real t is t itself. */
cg_tensor *cg_real(cg_tensor *t);
cg_tensor *cg_imag(cg_tensor *t);

/* ---- complex tensors made of real ones (complex_make.c) ---- */

/* torch.complex(real, imag) and torch.polar(abs, angle): float32 or
 * float64 operands of one dtype, broadcast; a complex result. */
cg_tensor *cg_make_complex(cg_tensor *real, cg_tensor *imag);
cg_tensor *cg_polar(cg_tensor *abs, cg_tensor *angle);

#endif
