/* stacking.h: PyTorch's composites that join, split, move and repeat
 * dims (stacking.c). Each is made of the ops native_functions.yaml makes
 * it of (cat, reshape, unsqueeze, slice, permute, repeat), so a graph
 * shows their nodes. */
#ifndef CG_STACKING_H
#define CG_STACKING_H

#include "tensor.h"

/* x with at least n (1, 2 or 3) dims: x itself (retained) when it has them,
 * else reshaped or unsqueezed as torch.atleast_Nd does. */
cg_tensor *cg_atleast(cg_tensor *x, int n);
/* torch.hstack / vstack / dstack / column_stack of ts[0..n); fn names the
 * caller in the empty-list error. */
cg_tensor *cg_hstack(int n, cg_tensor *const *ts);
cg_tensor *cg_vstack(int n, cg_tensor *const *ts);
cg_tensor *cg_dstack(int n, cg_tensor *const *ts);
cg_tensor *cg_column_stack(int n, cg_tensor *const *ts);
/* torch.tensor_split into `sections` near-equal slices along dim, written
 * to out[0..sections) (the caller sizes out; sections > 0 checked here). */
int cg_tensor_split_sections(cg_tensor *x, int64_t sections, int64_t dim, cg_tensor **out);
/* torch.tensor_split at indices idx[0..n) along dim: n + 1 slices in out. */
int cg_tensor_split_indices(cg_tensor *x, int n, const int64_t *idx, int64_t dim, cg_tensor **out);
/* torch.movedim: dims src[i] of x moved to dst[i], the others keeping
 * their order. */
cg_tensor *cg_movedim(cg_tensor *x, int n, const int64_t *src, const int64_t *dst);
/* torch.tile: x repeated reps[i] times along each dim, reps padded with
 * leading ones to x's rank. */
cg_tensor *cg_tile(cg_tensor *x, int n, const int64_t *reps);
/* x != x elementwise, and its siblings, as bool tensors. */
cg_tensor *cg_isnan(cg_tensor *x);
cg_tensor *cg_isinf(cg_tensor *x);
cg_tensor *cg_isfinite(cg_tensor *x);
/* sign > 0: isposinf, sign < 0: isneginf. */
cg_tensor *cg_is_signed_inf(cg_tensor *x, int sign);
cg_tensor *cg_isreal(cg_tensor *x);
/* The number of nonzero elements over dims[0..ndims) (all when ndims is 0
 * and all_when_empty), int64. */
cg_tensor *cg_count_nonzero(cg_tensor *x, int ndims, const int64_t *dims);


/* torch.meshgrid: n 0-d or 1-d tensors viewed and expanded to the grid
 * (out[0..n)); xy swaps the first two dims ('xy' indexing). */
int cg_meshgrid(int n, cg_tensor *const *ts, bool xy, cg_tensor **out);
/* torch.cartesian_prod: the rows of every combination of 1-d tensors. */
cg_tensor *cg_cartesian_prod(int n, cg_tensor *const *ts);
/* torch.take_along_dim: gather along *dim after broadcasting x and
 * indices against each other; dim NULL takes from the flattened x. */
cg_tensor *cg_take_along_dim(cg_tensor *x, cg_tensor *indices, const int64_t *dim);
/* torch.repeat_interleave(repeats): index i repeated repeats[i] times;
 * output_size < 0 when not given. */
cg_tensor *cg_repeat_index(cg_tensor *repeats, int64_t output_size);
/* torch.repeat_interleave(x, repeats, dim): x's slices along *dim (the
 * flattened x for NULL) each repeated as repeats says. */
cg_tensor *cg_repeat_interleave(cg_tensor *x, cg_tensor *repeats, const int64_t *dim, int64_t output_size);

#endif
