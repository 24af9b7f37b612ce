/* index_walk.h: what the index ops of ops_index.c and ops_getitem.c share
 * (private to engine/).
 *
 * Note [Index walks]
 * ~~~~~~~~~~~~~~~~~~
 * Every index op (index, index_select, gather, scatter, index_put, ...) runs
 * one of two kernels over three operands of one shape, the "walk":
 *
 *   INDEX       out[p] = in[p + off[p]]          (take)
 *   INDEX_PUT   out[p + off[p]] = in[p]          (put; += with args->flag)
 *
 * where p is an element position with each operand's own strides (in
 * elements), and off is an int64 tensor of element offsets that the op's
 * frontend computed from the user's indices after checking every one of
 * them against its dim. The indexed side is viewed with stride 0 along the
 * indexed dims, so that off alone places the element there. Kernels thus
 * never see an index that is out of range, and never write index arithmetic
 * of their own beyond the walk. */
#ifndef CG_INDEX_WALK_H
#define CG_INDEX_WALK_H

#include "autograd.h"

/* Every element of a CPU integer or bool tensor, row-major, as int64, in a
 * malloc'd array (free()), or NULL with an error. */
int64_t *cg_index_read_ints(const cg_tensor *t);
/* A bool mask over dims d.. of r: PyTorch's shape check, then one int64
 * index per mask dim holding the coordinates of its true elements (new
 * references in out[0 .. mask->ndim)). */
int cg_mask_indices(const cg_tensor *mask, const cg_tensor *r, int d, cg_tensor **out);
/* idx itself when on the CPU, else a CPU copy: frontends read indices there. */
cg_tensor *cg_index_to_cpu(cg_tensor *idx);

/* An advanced index over src: k index tensors at ascending dims, broadcast
 * to the shape B of `lin`, folded into one linear index over the indexed
 * dims (row-major over their sizes). front: the dims are not adjacent, so
 * B goes first in the result (PyTorch/NumPy placement). */
typedef struct {
    int k;
    int64_t dims[CG_MAX_DIMS];
    bool front;
    cg_tensor *lin; /* int64 of shape B */
} cg_adv_index;

/* Builds a over src from index tensors idx[j] (int32/int64) at dims[j].
 * Negative indices wrap; others out of range raise PyTorch's IndexError. */
int cg_adv_build(cg_adv_index *a, const cg_tensor *src, int k, const int64_t *dims, cg_tensor *const *idx);
void cg_adv_free(cg_adv_index *a);
/* src[a] (IndexBackward0 when src has history). */
cg_tensor *cg_adv_take(cg_tensor *src, const cg_adv_index *a);
/* self[a] = values (or += with accumulate), values broadcast to the result
 * shape and of self's dtype; recorded as IndexPutBackward0 when record. */
int cg_adv_put_(cg_tensor *self, const cg_adv_index *a, cg_tensor *values, bool accumulate, bool record);
/* The index kept by a node (args and its first saved tensor); borrowed. */
int cg_adv_from_node(cg_node *n, int saved_slot, cg_adv_index *a);
void cg_adv_to_args(const cg_adv_index *a, cg_op_args *args);
/* The gradient of values written at a result shape, given back the
 * leading 1-dims that the write dropped (the engine sums the rest). */
cg_tensor *cg_adv_values_grad(cg_tensor *g, const cg_meta *values);

#endif
