/* ops_index.h: indexing and joining.
 *
 *   ops_index.c    index_select, index_add, index_fill, gather, scatter,
 *                  scatter_add, index_put_, and the two kernels they share
 *   ops_getitem.c  Python's t[...] and t[...] = v (basic indices as views,
 *                  advanced ones as copies, CopySlices)
 *   ops_join.c     cat, stack, split, chunk, unbind
 *
 * Ownership as in tensor.h: results are new references, arguments borrowed.
 * Index tensors are int64 (int32 is accepted where PyTorch accepts it). */
#ifndef CG_OPS_INDEX_H
#define CG_OPS_INDEX_H

#include "tensor.h"

/* ---- index ops (ops_index.c) --------------------------------------------------- */

/* x.index_select(dim, index): index is 0-d or 1-d, int32 or int64. */
cg_tensor *cg_index_select(cg_tensor *x, int64_t dim, cg_tensor *index);
/* x.index_add(dim, index, source, alpha=1) and its in-place form. */
cg_tensor *cg_index_add(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *source);
int cg_index_copy_(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *source);
cg_tensor *cg_index_copy(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *source);
/* F.embedding(indices, weight): weight's rows at indices (int64 or int32),
 * node EmbeddingBackward0; padding_idx -1 for none (embedding.c) */
cg_tensor *cg_embedding(cg_tensor *weight, cg_tensor *indices, int64_t padding_idx, bool scale_grad_by_freq);
/* its derivative: zeros [num_weights, D] with grad's rows added in at
 * indices, in their order (Note [Embedding gradients in order]) */
cg_tensor *cg_embedding_dense_backward(cg_tensor *grad, cg_tensor *indices, int64_t num_weights, int64_t padding_idx,
                                       bool scale_grad_by_freq);
/* F.embedding_bag's lookup (embedding_bag.c): indices [n] and offsets
 * (int64 or int32), mode 0 sum, 1 mean, 2 max, per_sample_weights [n] or
 * NULL; output [B, D], node EmbeddingBagBackward0. extras, when not NULL,
 * get torch.embedding_bag's offset2bag, bag_size and max_indices. */
cg_tensor *cg_embedding_bag(cg_tensor *weight, cg_tensor *indices, cg_tensor *offsets, bool scale_grad_by_freq,
                            int64_t mode, cg_tensor *psw, bool include_last_offset, bool has_padding,
                            int64_t padding_idx, cg_tensor **extras);
/* its derivatives' kernels (Note [Embedding bags in PyTorch's order]):
 * sum/mean: idx, bag [n] int64, size [B] int64 (mean), psw [n] or NULL;
 * max: size [B] and argmax [B, D] int64 */
cg_tensor *cg_embedding_bag_dense_backward(cg_tensor *grad, cg_tensor *idx, cg_tensor *bag, cg_tensor *size,
                                           cg_tensor *argmax, cg_tensor *psw, int64_t num_weights, int64_t mode,
                                           int64_t padding_idx, bool scale_grad_by_freq);
cg_tensor *cg_embedding_bag_psw_backward(cg_tensor *grad, cg_tensor *weight, cg_tensor *idx, cg_tensor *bag,
                                         int64_t padding_idx);
int cg_index_add_(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *source);
/* x.index_fill(dim, index, value) and x.index_fill_(dim, index, value). */
cg_tensor *cg_index_fill(cg_tensor *x, int64_t dim, cg_tensor *index, cg_scalar value);
int cg_index_fill_(cg_tensor *x, int64_t dim, cg_tensor *index, cg_scalar value);
/* x.gather(dim, index): index int64 with x's number of dims. */
cg_tensor *cg_gather(cg_tensor *x, int64_t dim, cg_tensor *index);
/* x.scatter(dim, index, src), x.scatter(dim, index, value),
 * x.scatter_add(dim, index, src), and their in-place forms. */
cg_tensor *cg_scatter(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *src);
cg_tensor *cg_scatter_value(cg_tensor *x, int64_t dim, cg_tensor *index, cg_scalar value);
cg_tensor *cg_scatter_add(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *src);
int cg_scatter_(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *src);
int cg_scatter_value_(cg_tensor *x, int64_t dim, cg_tensor *index, cg_scalar value);
int cg_scatter_add_(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *src);
/* x.index_put_(indices, values, accumulate=False): indices[i] is the index
 * tensor of dim i, or NULL for a whole dim (None in the tuple). */
int cg_index_put_(cg_tensor *x, int n, cg_tensor *const *indices, cg_tensor *values, bool accumulate);
/* x.index_put(...), out of place. */
cg_tensor *cg_index_put(cg_tensor *x, int n, cg_tensor *const *indices, cg_tensor *values, bool accumulate);

/* ---- Python's subscript (ops_getitem.c) ------------------------------------------ */

typedef enum {
    CG_INDEX_INT,      /* t[3] */
    CG_INDEX_SLICE,    /* t[a:b:c] */
    CG_INDEX_NONE,     /* t[None]: a new axis of size 1 */
    CG_INDEX_ELLIPSIS, /* t[...] */
    CG_INDEX_TENSOR,   /* a bool mask or int32/int64 indices (a list converted by the caller) */
} cg_index_kind;

typedef struct {
    cg_index_kind kind;
    int64_t i;                          /* CG_INDEX_INT */
    bool has_start, has_stop, has_step; /* slice fields; false is Python's None */
    int64_t start, stop, step;
    cg_tensor *tensor; /* CG_INDEX_TENSOR, borrowed */
} cg_index_item;

/* t[items]: a view when every item is an int, a slice, None or Ellipsis;
 * otherwise a copy through IndexBackward0, with PyTorch/NumPy's placement
 * of the advanced dims (adjacent ones stay in place, separated ones first). */
cg_tensor *cg_index_get(cg_tensor *t, int n, const cg_index_item *items);
/* t[items] = value (tensor) or = number. Basic indices copy into the view
 * (casting, as copy_), advanced ones go through index_put_. History as
 * PyTorch's: CopySlices, or IndexPutBackward0 for tensor-only indices;
 * when t is itself a view, its base's too (Note [In-place ops on views]). */
int cg_index_set(cg_tensor *t, int n, const cg_index_item *items, cg_tensor *value);
int cg_index_set_scalar(cg_tensor *t, int n, const cg_index_item *items, cg_scalar value);

/* ---- joining and splitting (ops_join.c) --------------------------------------------- */

/* torch.cat(tensors, dim): PyTorch's promotion across inputs; 1-d empty
 * tensors are skipped, as PyTorch does. */
cg_tensor *cg_cat(int n, cg_tensor *const *tensors, int64_t dim);
cg_tensor *cg_stack(int n, cg_tensor *const *tensors, int64_t dim);
/* t.split(split_size, dim), t.split([sizes], dim), t.chunk(chunks, dim),
 * t.unbind(dim): views sharing one autograd node. Return a malloc'd array
 * of *n new references (free the array with free()), or NULL. */
cg_tensor **cg_split(cg_tensor *t, int64_t split_size, int64_t dim, int *n);
cg_tensor **cg_split_with_sizes(cg_tensor *t, int nsizes, const int64_t *sizes, int64_t dim, int *n);
cg_tensor **cg_chunk(cg_tensor *t, int64_t chunks, int64_t dim, int *n);
cg_tensor **cg_unbind(cg_tensor *t, int64_t dim, int *n);
/* t.unsafe_split(split_size, dim), t.unsafe_chunk(chunks, dim): split and
 * chunk under UnsafeSplitBackward0. */
cg_tensor **cg_unsafe_split(cg_tensor *t, int64_t split_size, int64_t dim, int *n);
cg_tensor **cg_unsafe_chunk(cg_tensor *t, int64_t chunks, int64_t dim, int *n);

#endif
