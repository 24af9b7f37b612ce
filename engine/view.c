/* view.c: ops that return views sharing storage, and their derivatives.
 *
 * A view shares its base's storage and so its version counter; it keeps a
 * reference to the tensor it ultimately views (._base), which in-place ops
 * consult for PyTorch's "view of a leaf" rule. */
#include <string.h>

#include "ops.h"

/* A view of t with new geometry, recorded as op when t has history. */
static cg_tensor *make_view(cg_tensor *t, int ndim, const int64_t *sizes, const int64_t *strides, int64_t offset,
                            cg_op op, const cg_op_args *args, const char *node_name) {
    return cg_view_make(t, ndim, sizes, strides, offset, t->dtype, op, args, node_name);
}

cg_tensor *cg_view_make(cg_tensor *t, int ndim, const int64_t *sizes, const int64_t *strides, int64_t offset,
                        cg_dtype dtype, cg_op op, const cg_op_args *args, const char *node_name) {
    CG_CHECK(ndim <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions, got %d",
             CG_MAX_DIMS, ndim);
    if (cg_check_numel(ndim, sizes) < 0) /* see Note [Size overflow] in tensor.c */
        return NULL;
    cg_tensor *v = cg_tensor_from_storage(t->storage, offset, ndim, sizes, strides, dtype);
    if (!v)
        return NULL;
    v->base = cg_tensor_retain(t->base ? t->base : t);
    if (cg_autograd_needed(1, &t)) {
        cg_node *n;
        if (cg_autograd_record(op, 1, &v, 1, &t, 0, NULL, args, &n) < 0) {
            cg_tensor_release(v);
            return NULL;
        }
        if (n && node_name)
            n->name = node_name;
    }
    return v;
}

/* ---- view / reshape ------------------------------------------------------------ */

/* Resolves one -1 in sizes against numel (PyTorch's infer_size). The
 * product of the given sizes wraps as PyTorch's does, so that a shape whose
 * product wraps to numel gets past here and fails as PyTorch's does, in the
 * numel check of make_view (Note [Size overflow] in tensor.c). */
static int infer_size(int ndim, const int64_t *in, int64_t numel, int64_t *out) {
    int infer = -1;
    uint64_t known = 1;
    char buf[CG_SIZES_STR_MAX];
    for (int d = 0; d < ndim; d++) {
        out[d] = in[d];
        if (in[d] == -1) {
            CG_CHECK_INT(infer < 0, CG_RUNTIME_ERROR, "only one dimension can be inferred");
            infer = d;
        } else {
            CG_CHECK_INT(in[d] >= 0, CG_RUNTIME_ERROR, "invalid shape dimension %lld", (long long)in[d]);
            known *= (uint64_t)in[d];
        }
    }
    int64_t newsize = (int64_t)known;
    if (numel == newsize || (infer >= 0 && newsize > 0 && numel % newsize == 0)) {
        if (infer >= 0) {
            CG_CHECK_INT(newsize != 0, CG_RUNTIME_ERROR,
                         "cannot reshape tensor of 0 elements into shape %s because the unspecified dimension size "
                         "-1 can be any value and is ambiguous",
                         cg_sizes_str(ndim, in, buf, sizeof buf));
            out[infer] = numel / newsize;
        }
        return 0;
    }
    cg_error_set(CG_RUNTIME_ERROR, "shape '%s' is invalid for input of size %lld", cg_sizes_str(ndim, in, buf, sizeof buf),
                 (long long)numel);
    return -1;
}

/* Strides for viewing (osizes, ostrides) as nsizes without a copy, or -1
 * (PyTorch's computeStride). */
static int view_strides(int ond, const int64_t *osizes, const int64_t *ostrides, int nnd, const int64_t *nsizes,
                        int64_t *nstrides) {
    int64_t one = 1;
    if (ond == 0) {
        ond = 1;
        osizes = &one;
        ostrides = &one;
    }
    int64_t numel = 1;
    for (int d = 0; d < ond; d++)
        numel *= osizes[d];
    if (numel == 0) {
        cg_contiguous_strides(nnd, nsizes, nstrides);
        return 0;
    }
    int view_d = nnd - 1;
    int64_t chunk_base = ostrides[ond - 1], tensor_numel = 1, view_numel = 1;
    for (int td = ond - 1; td >= 0; td--) {
        tensor_numel *= osizes[td];
        if (td == 0 || (osizes[td - 1] != 1 && ostrides[td - 1] != tensor_numel * chunk_base)) {
            while (view_d >= 0 && (view_numel < tensor_numel || nsizes[view_d] == 1)) {
                nstrides[view_d] = view_numel * chunk_base;
                view_numel *= nsizes[view_d];
                view_d--;
            }
            if (view_numel != tensor_numel)
                return -1;
            if (td > 0) {
                chunk_base = ostrides[td - 1];
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    return view_d == -1 ? 0 : -1;
}

/* view() records ViewBackward0. reshape() is, as in PyTorch 1.13, a
 * _reshape_alias when strides allow (ReshapeAliasBackward0) and otherwise a
 * clone then an _unsafe_view (UnsafeViewBackward0). */
typedef enum { AS_VIEW, AS_RESHAPE, AS_UNSAFE } view_kind;
static const cg_op view_ops[] = {CG_OP_VIEW, CG_OP_RESHAPE_ALIAS, CG_OP_UNSAFE_VIEW};

static cg_tensor *view_as(cg_tensor *t, int ndim, const int64_t *sizes, view_kind kind) {
    CG_CHECK(ndim <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions, got %d",
             CG_MAX_DIMS, ndim);
    int64_t shape[CG_MAX_DIMS], strides[CG_MAX_DIMS];
    if (infer_size(ndim, sizes, cg_tensor_numel(t), shape) < 0 || cg_check_numel(ndim, shape) < 0)
        return NULL; /* a product that wrapped to numel fails the second: Note [Size overflow] */
    if (view_strides(t->ndim, t->sizes, t->strides, ndim, shape, strides) == 0)
        return make_view(t, ndim, shape, strides, t->offset, view_ops[kind], NULL, NULL);
    CG_CHECK(kind == AS_RESHAPE, CG_RUNTIME_ERROR,
             "view size is not compatible with input tensor's size and stride (at least one dimension spans "
             "across two contiguous subspaces). Use .reshape(...) instead.");
    cg_tensor *c = cg_clone(t);
    if (!c)
        return NULL;
    cg_tensor *v = view_as(c, ndim, shape, AS_UNSAFE);
    cg_tensor_release(c);
    return v;
}

cg_tensor *cg_view(cg_tensor *t, int ndim, const int64_t *sizes) { return view_as(t, ndim, sizes, AS_VIEW); }
cg_tensor *cg_reshape(cg_tensor *t, int ndim, const int64_t *sizes) { return view_as(t, ndim, sizes, AS_RESHAPE); }

cg_tensor *cg_flatten(cg_tensor *t, int64_t start_dim, int64_t end_dim) {
    if (t->ndim == 0)
        return cg_reshape(t, 1, (int64_t[]){1});
    int s = cg_wrap_dim(start_dim, t->ndim), e = cg_wrap_dim(end_dim, t->ndim);
    if (s < 0 || e < 0)
        return NULL;
    CG_CHECK(s <= e, CG_RUNTIME_ERROR, "flatten() has invalid args: start_dim cannot come after end_dim");
    if (s == e)
        return cg_tensor_retain(t);
    int64_t sizes[CG_MAX_DIMS];
    int n = 0;
    for (int d = 0; d < s; d++)
        sizes[n++] = t->sizes[d];
    uint64_t m = 1; /* wraps only for a tensor with a 0 in its shape, as PyTorch's */
    for (int d = s; d <= e; d++)
        m *= (uint64_t)t->sizes[d];
    sizes[n++] = (int64_t)m;
    for (int d = e + 1; d < t->ndim; d++)
        sizes[n++] = t->sizes[d];
    return cg_reshape(t, n, sizes);
}

/* ViewBackward0, ReshapeAliasBackward0, UnsafeViewBackward0,
 * SqueezeBackward*, UnsqueezeBackward0: reshape back. */
int cg_bw_view(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = cg_reshape(go[0], n->in_meta[0].ndim, n->in_meta[0].sizes);
    return gi[0] ? 0 : -1;
}

/* ---- expand ---------------------------------------------------------------------- */

cg_tensor *cg_expand(cg_tensor *t, int ndim, const int64_t *sizes) {
    char a[128], b[128];
    CG_CHECK(ndim >= t->ndim, CG_RUNTIME_ERROR,
             "expand(torch.%sTensor{%s}, size=%s): the number of sizes provided (%d) must be greater or equal to "
             "the number of dimensions in the tensor (%d)",
             cg_dtype_legacy_name(t->dtype), cg_sizes_str(t->ndim, t->sizes, a, sizeof a),
             cg_sizes_str(ndim, sizes, b, sizeof b), ndim, t->ndim);
    CG_CHECK(ndim <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions, got %d",
             CG_MAX_DIMS, ndim);
    int64_t shape[CG_MAX_DIMS], strides[CG_MAX_DIMS];
    int lead = ndim - t->ndim;
    for (int d = ndim - 1; d >= 0; d--) {
        int td = d - lead;
        int64_t want = sizes[d];
        if (td < 0) {
            CG_CHECK(want != -1, CG_RUNTIME_ERROR, /* other negatives fail the numel check, as in PyTorch */
                     "The expanded size of the tensor (%lld) isn't allowed in a leading, non-existing dimension 0",
                     (long long)want);
            shape[d] = want;
            strides[d] = 0;
            continue;
        }
        int64_t have = t->sizes[td];
        if (want == -1)
            want = have;
        CG_CHECK(have == want || have == 1, CG_RUNTIME_ERROR,
                 "The expanded size of the tensor (%lld) must match the existing size (%lld) at non-singleton "
                 "dimension %d.  Target sizes: %s.  Tensor sizes: %s",
                 (long long)want, (long long)have, d, cg_sizes_str(ndim, sizes, a, sizeof a),
                 cg_sizes_str(t->ndim, t->sizes, b, sizeof b));
        shape[d] = want;
        strides[d] = have == want ? t->strides[td] : 0;
    }
    return make_view(t, ndim, shape, strides, t->offset, CG_OP_EXPAND, NULL, NULL);
}

/* ExpandBackward0: the engine's sum_to at the edge does the reduction. */
int cg_bw_expand(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    gi[0] = cg_tensor_retain(go[0]);
    return 0;
}

/* ---- permute / transpose -------------------------------------------------------- */

cg_tensor *cg_permute(cg_tensor *t, int ndim, const int64_t *dims) {
    CG_CHECK(ndim == t->ndim, CG_RUNTIME_ERROR,
             "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
             "desired ordering of dimensions i.e. input.dim() = %d is not equal to len(dims) = %d",
             t->ndim, ndim);
    cg_op_args args = {.ndims = ndim};
    int64_t sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS];
    bool seen[CG_MAX_DIMS] = {0};
    for (int d = 0; d < ndim; d++) {
        int w = cg_wrap_dim(dims[d], ndim);
        if (w < 0)
            return NULL;
        CG_CHECK(!seen[w], CG_RUNTIME_ERROR, "permute(): duplicate dims are not allowed.");
        seen[w] = true;
        args.dims[d] = w;
        sizes[d] = t->sizes[w];
        strides[d] = t->strides[w];
    }
    return make_view(t, ndim, sizes, strides, t->offset, CG_OP_PERMUTE, &args, NULL);
}

/* PermuteBackward0: the inverse permutation. */
int cg_bw_permute(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    int64_t inv[CG_MAX_DIMS];
    for (int d = 0; d < n->args.ndims; d++)
        inv[n->args.dims[d]] = d;
    gi[0] = cg_permute(go[0], n->args.ndims, inv);
    return gi[0] ? 0 : -1;
}

static cg_tensor *transpose_named(cg_tensor *t, int64_t dim0, int64_t dim1, const char *name) {
    int d0 = cg_wrap_dim(dim0, t->ndim), d1 = cg_wrap_dim(dim1, t->ndim);
    if (d0 < 0 || d1 < 0)
        return NULL;
    int64_t sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS];
    memcpy(sizes, t->sizes, sizeof sizes);
    memcpy(strides, t->strides, sizeof strides);
    if (t->ndim > 0) {
        sizes[d0] = t->sizes[d1], sizes[d1] = t->sizes[d0];
        strides[d0] = t->strides[d1], strides[d1] = t->strides[d0];
    }
    cg_op_args args = {.i = {d0, d1}};
    return make_view(t, t->ndim, sizes, strides, t->offset, CG_OP_TRANSPOSE, &args, name);
}

cg_tensor *cg_transpose(cg_tensor *t, int64_t dim0, int64_t dim1) { return transpose_named(t, dim0, dim1, NULL); }

cg_tensor *cg_t(cg_tensor *t) {
    CG_CHECK(t->ndim <= 2, CG_RUNTIME_ERROR, "t() expects a tensor with <= 2 dimensions, but self is %dD", t->ndim);
    if (t->ndim < 2)
        return transpose_named(t, 0, 0, "TBackward0");
    return transpose_named(t, 0, 1, "TBackward0");
}

/* The in-place view ops (transpose_, t_, squeeze_, unsqueeze_, ...): t
 * takes the geometry of v, the out-of-place view computed without a
 * graph, and the change is recorded as op (its node named `name` when not
 * NULL) with t as it was for input. */
static int regeometry_(cg_tensor *t, cg_tensor *v, const char *fn, cg_op op, const cg_op_args *args,
                       const char *name) {
    bool record = cg_autograd_needed(1, &t);
    /* a view's history would need its base's rewritten (CopySlices does
     * not apply to a change of geometry) */
    CG_CHECK_INT(!record || !t->base, CG_RUNTIME_ERROR,
                 "%s_() of a view that requires grad is not supported; use %s()", fn, fn);
    /* the node's input is t as it was: its geometry and its history */
    cg_tensor *before = NULL;
    if (record) {
        before = cg_tensor_from_storage(t->storage, t->offset, t->ndim, t->sizes, t->strides, t->dtype);
        if (!before)
            return -1;
        if (t->grad_fn)
            cg_node_retain(t->grad_fn);
        before->grad_fn = t->grad_fn;
        before->output_nr = t->output_nr;
        before->requires_grad = t->requires_grad;
    }
    t->ndim = v->ndim;
    memcpy(t->sizes, v->sizes, (size_t)v->ndim * sizeof *v->sizes);
    cg_tensor_set_strides(t, v->strides);
    t->storage->version++;
    cg_node *node = NULL;
    int rc = record ? cg_autograd_record(op, 1, &t, 1, &before, 0, NULL, args, &node) : 0;
    if (node && name)
        node->name = name;
    cg_tensor_release(before);
    return rc;
}

static int inplace_view(cg_tensor *t, cg_tensor *(*view)(cg_tensor *, int64_t, int64_t), int64_t a, int64_t b,
                        const char *fn, cg_op op, const cg_op_args *args, const char *name) {
    if (cg_autograd_check_inplace(t) < 0)
        return -1;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *v = view(t, a, b); /* the geometry, outside any graph */
    cg_grad_set_enabled(was);
    int rc = v ? regeometry_(t, v, fn, op, args, name) : -1;
    cg_tensor_release(v);
    return rc;
}

int cg_transpose_(cg_tensor *t, int64_t dim0, int64_t dim1) {
    int d0 = cg_wrap_dim(dim0, t->ndim), d1 = cg_wrap_dim(dim1, t->ndim);
    if (d0 < 0 || d1 < 0)
        return -1;
    cg_op_args args = {.i = {d0, d1}};
    return inplace_view(t, cg_transpose, d0, d1, "transpose", CG_OP_TRANSPOSE_, &args, NULL);
}

int cg_t_(cg_tensor *t) {
    CG_CHECK_INT(t->ndim <= 2, CG_RUNTIME_ERROR, "t_() expects a tensor with <= 2 dimensions, but self is %dD",
                 t->ndim);
    int64_t d1 = t->ndim < 2 ? 0 : 1;
    cg_op_args args = {.i = {0, d1}};
    return inplace_view(t, cg_transpose, 0, d1, "t", CG_OP_TRANSPOSE_, &args, "TBackward1");
}

static cg_tensor *squeeze_all(cg_tensor *t, int64_t a, int64_t b) { return (void)a, (void)b, cg_squeeze(t); }
static cg_tensor *squeeze_one(cg_tensor *t, int64_t d, int64_t b) { return (void)b, cg_squeeze_dim(t, d); }
static cg_tensor *unsqueeze_one(cg_tensor *t, int64_t d, int64_t b) { return (void)b, cg_unsqueeze(t, d); }

/* SqueezeBackward2 (every size-1 dim) and SqueezeBackward3 (one dim):
 * view's derivative, the input's sizes again */
int cg_squeeze_(cg_tensor *t) {
    return inplace_view(t, squeeze_all, 0, 0, "squeeze", CG_OP_SQUEEZE, NULL, "SqueezeBackward2");
}
int cg_squeeze_dim_(cg_tensor *t, int64_t dim) {
    return inplace_view(t, squeeze_one, dim, 0, "squeeze", CG_OP_SQUEEZE, NULL, "SqueezeBackward3");
}
int cg_unsqueeze_(cg_tensor *t, int64_t dim) {
    return inplace_view(t, unsqueeze_one, dim, 0, "unsqueeze", CG_OP_UNSQUEEZE, NULL, "UnsqueezeBackward1");
}

/* TransposeBackward0 / TBackward0 / TransposeBackward1: transpose back. */
int cg_bw_transpose(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = cg_transpose(go[0], n->args.i[0], n->args.i[1]);
    return gi[0] ? 0 : -1;
}

/* ---- slice / narrow / select ------------------------------------------------------ */

cg_tensor *cg_slice_dim(cg_tensor *t, int64_t dim, int64_t start, int64_t end, int64_t step) {
    CG_CHECK(t->ndim > 0, CG_INDEX_ERROR, "slice() cannot be applied to a 0-dim tensor.");
    int d = cg_wrap_dim(dim, t->ndim);
    if (d < 0)
        return NULL;
    CG_CHECK(step > 0, CG_VALUE_ERROR, "step must be greater than zero");
    int64_t size = t->sizes[d];
    if (start < 0)
        start += size;
    if (end < 0)
        end += size;
    start = start < 0 ? 0 : start > size ? size : start;
    end = end < start ? start : end > size ? size : end;
    int64_t sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS];
    memcpy(sizes, t->sizes, sizeof sizes);
    memcpy(strides, t->strides, sizeof strides);
    sizes[d] = end == start ? 0 : (end - start - 1) / step + 1; /* no overflow for a step near 2^63 */
    strides[d] = (int64_t)((uint64_t)t->strides[d] * (uint64_t)step); /* wraps as PyTorch's */
    cg_op_args args = {.i = {d, start, end, step}};
    return make_view(t, t->ndim, sizes, strides, t->offset + start * t->strides[d], CG_OP_SLICE, &args, NULL);
}

cg_tensor *cg_narrow(cg_tensor *t, int64_t dim, int64_t start, int64_t length) {
    CG_CHECK(t->ndim > 0, CG_RUNTIME_ERROR, "narrow() cannot be applied to a 0-dim tensor.");
    int d = cg_wrap_dim(dim, t->ndim);
    if (d < 0)
        return NULL;
    int64_t size = t->sizes[d];
    CG_CHECK(start >= -size && start <= size, CG_INDEX_ERROR,
             "start out of range (expected to be in range of [%lld, %lld], but got %lld)", (long long)-size,
             (long long)size, (long long)start);
    if (start < 0)
        start += size;
    CG_CHECK(length >= 0 && start <= size - length, CG_RUNTIME_ERROR,
             "start (%lld) + length (%lld) exceeds dimension size (%lld).", (long long)start, (long long)length,
             (long long)size);
    return cg_slice_dim(t, d, start, start + length, 1);
}

/* SliceBackward0: the gradient placed into zeros of the input's shape. */
int cg_bw_slice(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *z = cg_node_input_zeros(n, 0, go[0]->dtype);
    cg_tensor *part = z ? cg_slice_dim(z, n->args.i[0], n->args.i[1], n->args.i[2], n->args.i[3]) : NULL;
    int rc = part ? cg_copy_(part, go[0]) : -1;
    cg_tensor_release(part);
    if (rc < 0) {
        cg_tensor_release(z);
        return -1;
    }
    gi[0] = z;
    return 0;
}

cg_tensor *cg_select(cg_tensor *t, int64_t dim, int64_t index) {
    CG_CHECK(t->ndim > 0, CG_INDEX_ERROR, "select() cannot be applied to a 0-dim tensor.");
    int d = cg_wrap_dim(dim, t->ndim);
    if (d < 0)
        return NULL;
    int64_t size = t->sizes[d];
    char shape[128];
    CG_CHECK(index >= -size && index < size, CG_INDEX_ERROR,
             "select(): index %lld out of range for tensor of size %s at dimension %d", (long long)index,
             cg_sizes_str(t->ndim, t->sizes, shape, sizeof shape), d);
    if (index < 0)
        index += size;
    int64_t sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS];
    int n = 0;
    for (int k = 0; k < t->ndim; k++)
        if (k != d) {
            sizes[n] = t->sizes[k];
            strides[n++] = t->strides[k];
        }
    cg_op_args args = {.i = {d, index}};
    return make_view(t, n, sizes, strides, t->offset + index * t->strides[d], CG_OP_SELECT, &args, NULL);
}

/* SelectBackward0: the gradient placed into zeros of the input's shape. */
int cg_bw_select(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *z = cg_node_input_zeros(n, 0, go[0]->dtype);
    cg_tensor *part = z ? cg_select(z, n->args.i[0], n->args.i[1]) : NULL;
    int rc = part ? cg_copy_(part, go[0]) : -1;
    cg_tensor_release(part);
    if (rc < 0) {
        cg_tensor_release(z);
        return -1;
    }
    gi[0] = z;
    return 0;
}

/* ---- squeeze / unsqueeze ------------------------------------------------------------ */

static cg_tensor *squeeze_where(cg_tensor *t, int only, const char *name) {
    int64_t sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS];
    int n = 0;
    for (int d = 0; d < t->ndim; d++)
        if (t->sizes[d] != 1 || (only >= 0 && d != only)) {
            sizes[n] = t->sizes[d];
            strides[n++] = t->strides[d];
        }
    return make_view(t, n, sizes, strides, t->offset, CG_OP_SQUEEZE, NULL, name);
}

cg_tensor *cg_squeeze(cg_tensor *t) { return squeeze_where(t, -1, "SqueezeBackward0"); }

cg_tensor *cg_squeeze_dim(cg_tensor *t, int64_t dim) {
    int d = cg_wrap_dim(dim, t->ndim);
    if (d < 0)
        return NULL;
    return squeeze_where(t, t->ndim ? d : -1, "SqueezeBackward1");
}

cg_tensor *cg_unsqueeze(cg_tensor *t, int64_t dim) {
    int d = cg_wrap_dim(dim, t->ndim + 1);
    if (d < 0)
        return NULL;
    CG_CHECK(t->ndim < CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions", CG_MAX_DIMS);
    int64_t sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS];
    for (int k = 0, j = 0; k <= t->ndim; k++) {
        if (k == d) {
            sizes[k] = 1;
            strides[k] = d < t->ndim ? (int64_t)((uint64_t)t->sizes[d] * (uint64_t)t->strides[d]) : 1;
            continue;
        }
        sizes[k] = t->sizes[j];
        strides[k] = t->strides[j++];
    }
    return make_view(t, t->ndim + 1, sizes, strides, t->offset, CG_OP_UNSQUEEZE, NULL, NULL);
}

/* ---- view(dtype) ----------------------------------------------------------------- */

/* x.view(dtype): x's bytes read as dtype. Elements of another size scale
 * the last dim (which must have stride 1), the other strides and the
 * offset. PyTorch records no history for it and does not count it as a
 * view (no ._base): it only shares the storage. */
static int view_dtype_check(const cg_tensor *t, cg_dtype dtype, int64_t ratio, bool wider) {
    const char *from = cg_dtype_legacy_name(t->dtype), *to = cg_dtype_legacy_name(dtype);
    int last = t->ndim - 1;
    CG_CHECK_INT(t->ndim > 0, CG_RUNTIME_ERROR, "self.dim() cannot be 0 to view %s as %s (different element sizes)",
                 from, to);
    CG_CHECK_INT(t->strides[last] == 1, CG_RUNTIME_ERROR,
                 "self.stride(-1) must be 1 to view %s as %s (different element sizes), but got %lld", from, to,
                 (long long)t->strides[last]);
    if (!wider)
        return 0;
    CG_CHECK_INT(t->sizes[last] % ratio == 0, CG_RUNTIME_ERROR,
                 "self.size(-1) must be divisible by %lld to view %s as %s (different element sizes), but got %lld",
                 (long long)ratio, from, to, (long long)t->sizes[last]);
    for (int d = 0; d < last; d++)
        CG_CHECK_INT(t->strides[d] % ratio == 0, CG_RUNTIME_ERROR,
                     "self.stride(%d) must be divisible by %lld to view %s as %s (different element sizes), but got "
                     "%lld",
                     d, (long long)ratio, from, to, (long long)t->strides[d]);
    CG_CHECK_INT(t->offset % ratio == 0, CG_RUNTIME_ERROR,
                 "self.storage_offset() must be divisible by %lld to view %s as %s (different element sizes), but got "
                 "%lld",
                 (long long)ratio, from, to, (long long)t->offset);
    return 0;
}

cg_tensor *cg_view_dtype(cg_tensor *t, cg_dtype dtype) {
    size_t from = cg_dtype_size(t->dtype), to = cg_dtype_size(dtype);
    int64_t sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS], offset = t->offset;
    memcpy(sizes, t->sizes, sizeof sizes);
    memcpy(strides, t->strides, sizeof strides);
    if (from != to) {
        bool wider = to > from;
        int64_t ratio = (int64_t)(wider ? to / from : from / to);
        if (view_dtype_check(t, dtype, ratio, wider) < 0)
            return NULL;
        for (int d = 0; d < t->ndim; d++) {
            if (d == t->ndim - 1)
                sizes[d] = wider ? sizes[d] / ratio : sizes[d] * ratio;
            else
                strides[d] = wider ? strides[d] / ratio : strides[d] * ratio;
        }
        offset = wider ? offset / ratio : offset * ratio;
    }
    if (dtype == CG_BOOL && t->dtype != CG_BOOL) {
        /* C's bool holds only 0 and 1: bytes that are other values are
         * read as truth values into a tensor of their own (the one place
         * this view does not share memory) */
        cg_tensor *bytes = cg_tensor_from_storage(t->storage, offset, t->ndim, sizes, strides, CG_UINT8);
        cg_tensor *zero = bytes ? cg_scalar_tensor(cg_scalar_int(0)) : NULL;
        cg_tensor *truth = zero ? cg_ne(bytes, zero) : NULL;
        cg_tensor_release(bytes), cg_tensor_release(zero);
        return truth;
    }
    /* not a view for autograd either: PyTorch's has no ._base */
    return cg_tensor_from_storage(t->storage, offset, t->ndim, sizes, strides, dtype);
}
