/* ops_join.c: cat and stack (copies into slices of a new tensor), and
 * split, chunk and unbind (views of one tensor that share one autograd node
 * with an output_nr each, as PyTorch's multi-output nodes do). */
#include <stdlib.h>
#include <string.h>

#include "ew.h"
#include "ops.h"

/* ---- cat / stack ------------------------------------------------------------- */

/* PyTorch skips 1-d tensors of size 0 in cat (a legacy rule). */
static bool skipped(const cg_tensor *t) { return t->ndim == 1 && t->sizes[0] == 0; }

/* The checks of cat and the result's sizes; *ref is the first tensor that
 * is not skipped (-1 when all are). */
static int cat_shape(int n, cg_tensor *const *ts, int64_t dim, int *d, int *ref, int64_t *sizes) {
    CG_CHECK_INT(n > 0, CG_RUNTIME_ERROR, "torch.cat(): expected a non-empty list of Tensors");
    *ref = -1;
    for (int i = 0; i < n; i++) {
        CG_CHECK_INT(ts[i]->ndim > 0, CG_RUNTIME_ERROR,
                     "zero-dimensional tensor (at position %d) cannot be concatenated", i);
        if (*ref < 0 && !skipped(ts[i]))
            *ref = i;
    }
    const cg_tensor *r = ts[*ref < 0 ? 0 : *ref];
    if ((*d = cg_wrap_dim(dim, r->ndim)) < 0)
        return -1;
    memcpy(sizes, r->sizes, sizeof r->sizes);
    if (*ref < 0)
        return 0;
    sizes[*d] = 0;
    for (int i = 0; i < n; i++) {
        const cg_tensor *t = ts[i];
        if (skipped(t))
            continue;
        CG_CHECK_INT(t->ndim == r->ndim, CG_RUNTIME_ERROR, "Tensors must have same number of dimensions: got %d and %d",
                     r->ndim, t->ndim);
        for (int k = 0; k < r->ndim; k++)
            CG_CHECK_INT(k == *d || t->sizes[k] == r->sizes[k], CG_RUNTIME_ERROR,
                         "Sizes of tensors must match except in dimension %d. Expected size %lld but got size %lld "
                         "for tensor number %d in the list.",
                         *d, (long long)r->sizes[k], (long long)t->sizes[k], i);
        /* wraps as PyTorch's: a sum past int64 fails as a negative size in
         * cg_tensor_empty, or (wrapped past 0) in the narrows that copy */
        sizes[*d] = (int64_t)((uint64_t)sizes[*d] + (uint64_t)t->sizes[*d]);
    }
    return 0;
}

/* The tensors copied one after another along dim into a new tensor of the
 * promoted dtype; no history. */
static cg_tensor *cat_raw(int n, cg_tensor *const *ts, int64_t dim, int *d) {
    int ref;
    int64_t sizes[CG_MAX_DIMS];
    if (cat_shape(n, ts, dim, d, &ref, sizes) < 0 || cg_check_same_device(n, ts) < 0)
        return NULL;
    cg_dtype dt = ts[0]->dtype;
    for (int i = 1; i < n; i++)
        dt = cg_dtype_promote(dt, ts[i]->dtype);
    const cg_tensor *r = ts[ref < 0 ? 0 : ref];
    cg_tensor *out = cg_tensor_empty(r->ndim, sizes, dt, cg_tensor_device(r));
    bool was = cg_grad_set_enabled(false);
    int64_t at = 0;
    for (int i = 0; out && ref >= 0 && i < n; i++) {
        if (skipped(ts[i]))
            continue;
        cg_tensor *part = cg_narrow(out, *d, at, ts[i]->sizes[*d]);
        int rc = part ? cg_copy_(part, ts[i]) : -1;
        cg_tensor_release(part);
        at += ts[i]->sizes[*d];
        if (rc < 0) {
            cg_tensor_release(out);
            out = NULL;
        }
    }
    cg_grad_set_enabled(was);
    if (out)
        out->storage->version = 0;
    return out;
}

static cg_tensor *record_join(cg_tensor *out, cg_op op, int n, cg_tensor *const *ts, int d) {
    if (!out || !cg_autograd_needed(n, ts))
        return out;
    cg_op_args args = {.i = {d}};
    if (cg_autograd_record(op, 1, &out, n, ts, 0, NULL, &args, NULL) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

cg_tensor *cg_cat(int n, cg_tensor *const *tensors, int64_t dim) {
    int d;
    cg_tensor *out = cat_raw(n, tensors, dim, &d);
    return record_join(out, CG_OP_CAT, n, tensors, d);
}

/* CatBackward0: each input's slice of grad along dim. */
int cg_bw_cat(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    int d = (int)n->args.i[0];
    int64_t at = 0;
    for (int i = 0; i < n->nin; i++) {
        const cg_meta *m = &n->in_meta[i];
        if (m->ndim == 1 && m->sizes[0] == 0 && go[0]->ndim != 1) {
            /* a skipped empty tensor: its gradient is empty too */
            if (n->next[i].node && !(gi[i] = cg_zeros(1, m->sizes, go[0]->dtype, m->device)))
                return -1;
            continue;
        }
        if (n->next[i].node && !(gi[i] = cg_narrow(go[0], d, at, m->sizes[d])))
            return -1;
        at += m->sizes[d];
    }
    return 0;
}

cg_tensor *cg_stack(int n, cg_tensor *const *tensors, int64_t dim) {
    CG_CHECK(n > 0, CG_RUNTIME_ERROR, "stack expects a non-empty TensorList");
    for (int i = 1; i < n; i++) {
        const cg_tensor *a = tensors[0], *b = tensors[i];
        bool same = a->ndim == b->ndim && !memcmp(a->sizes, b->sizes, (size_t)a->ndim * sizeof *a->sizes);
        char sa[128], sb[128];
        CG_CHECK(same, CG_RUNTIME_ERROR,
                 "stack expects each tensor to be equal size, but got %s at entry 0 and %s at "
                 "entry %d",
                 cg_sizes_str(a->ndim, a->sizes, sa, sizeof sa), cg_sizes_str(b->ndim, b->sizes, sb, sizeof sb), i);
    }
    int d = cg_wrap_dim(dim, tensors[0]->ndim + 1);
    if (d < 0)
        return NULL;
    cg_tensor **parts = calloc((size_t)n, sizeof *parts);
    CG_CHECK(parts, CG_MEMORY_ERROR, "out of memory in stack");
    bool was = cg_grad_set_enabled(false);
    int ok = 0;
    for (; ok < n; ok++)
        if (!(parts[ok] = cg_unsqueeze(tensors[ok], d)))
            break;
    cg_grad_set_enabled(was);
    int cd;
    cg_tensor *out = ok == n ? cat_raw(n, parts, d, &cd) : NULL;
    for (int i = 0; i < ok; i++)
        cg_tensor_release(parts[i]);
    free(parts);
    return record_join(out, CG_OP_STACK, n, tensors, d);
}

/* StackBackward0: grad.select(dim, i) for input i. */
int cg_bw_stack(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    for (int i = 0; i < n->nin; i++)
        if (n->next[i].node && !(gi[i] = cg_select(go[0], n->args.i[0], i)))
            return -1;
    return 0;
}

/* ---- split / chunk / unbind ------------------------------------------------------ */

/* unsafe_split's pieces: the same bytes, but each over an alias storage
 * with its own version counter and no base, as PyTorch's (its pieces are
 * not views to autograd), so that a cell can change one gate in place while
 * another gate's saved value lives in the same buffer. */
static int unsafe_pieces(cg_tensor **outs, int count) {
    for (int i = 0; i < count; i++) {
        cg_tensor *v = outs[i];
        cg_storage *alias = cg_storage_alias(v->storage);
        cg_tensor *piece = alias ? cg_tensor_from_storage(alias, v->offset, v->ndim, v->sizes, v->strides, v->dtype)
                                 : NULL;
        cg_storage_release(alias);
        if (!piece)
            return -1;
        cg_tensor_release(v);
        outs[i] = piece;
    }
    return 0;
}

/* Views of t along d with the given lengths (select when `select`), one
 * node op over all of them. */
static cg_tensor **split_views(cg_tensor *t, int d, int count, const int64_t *lengths, bool select, cg_op op,
                               int *nout) {
    cg_tensor **outs = calloc((size_t)(count ? count : 1), sizeof *outs);
    CG_CHECK(outs, CG_MEMORY_ERROR, "out of memory in split");
    bool was = cg_grad_set_enabled(false);
    int64_t at = 0;
    int made = 0;
    for (; made < count; made++) {
        outs[made] = select ? cg_select(t, d, made) : cg_narrow(t, d, at, lengths[made]);
        if (!outs[made])
            break;
        at += select ? 1 : lengths[made];
    }
    cg_grad_set_enabled(was);
    bool failed = made < count || (op == CG_OP_UNSAFE_SPLIT && unsafe_pieces(outs, count) < 0);
    cg_op_args args = {.i = {d}};
    if (failed
        || (cg_autograd_needed(1, &t) && cg_autograd_record(op, count, outs, 1, &t, 0, NULL, &args, NULL) < 0)) {
        for (int i = 0; i < made; i++)
            cg_tensor_release(outs[i]);
        free(outs);
        return NULL;
    }
    *nout = count;
    return outs;
}

static int split_dim(const cg_tensor *t, int64_t dim) {
    CG_CHECK_INT(t->ndim > 0, CG_RUNTIME_ERROR, "split expects at least a 1-dimensional tensor");
    return cg_wrap_dim(dim, t->ndim);
}

/* Pieces of split_size (the last one shorter) covering size. */
static cg_tensor **split_even(cg_tensor *t, int d, int64_t split_size, cg_op op, int *n) {
    int64_t size = t->sizes[d];
    int64_t count = split_size ? (size == 0 ? 0 : (size - 1) / split_size + 1) : 1; /* no overflow near 2^63 */
    if (size == 0)
        count = 1;
    int64_t *lengths = malloc((size_t)count * sizeof *lengths);
    CG_CHECK(lengths, CG_MEMORY_ERROR, "out of memory in split");
    for (int64_t i = 0; i < count; i++)
        lengths[i] = split_size ? (size - i * split_size < split_size ? size - i * split_size : split_size) : 0;
    cg_tensor **outs = split_views(t, d, (int)count, lengths, false, op, n);
    free(lengths);
    return outs;
}

/* split's checks and pieces, recorded as op (SPLIT or UNSAFE_SPLIT) */
static cg_tensor **split_as(cg_tensor *t, int64_t split_size, int64_t dim, cg_op op, int *n) {
    int d = split_dim(t, dim);
    if (d < 0)
        return NULL;
    CG_CHECK(split_size >= 0, CG_RUNTIME_ERROR, "split expects split_size be non-negative, but got split_size=%lld",
             (long long)split_size);
    CG_CHECK(split_size > 0 || t->sizes[d] == 0, CG_RUNTIME_ERROR,
             "split_size can only be 0 if dimension size is 0, but got dimension size of %lld", (long long)t->sizes[d]);
    return split_even(t, d, split_size, op, n);
}

cg_tensor **cg_split(cg_tensor *t, int64_t split_size, int64_t dim, int *n) {
    return split_as(t, split_size, dim, CG_OP_SPLIT, n);
}

/* unsafe_split: split's pieces under their own node (UnsafeSplitBackward0),
 * which PyTorch's RNN cells use so that their gates can be changed in place
 * without view tracking; the numbers are split's. */
cg_tensor **cg_unsafe_split(cg_tensor *t, int64_t split_size, int64_t dim, int *n) {
    return split_as(t, split_size, dim, CG_OP_UNSAFE_SPLIT, n);
}

cg_tensor **cg_split_with_sizes(cg_tensor *t, int nsizes, const int64_t *sizes, int64_t dim, int *n) {
    int d = split_dim(t, dim);
    if (d < 0)
        return NULL;
    char buf[512];
    int64_t total = 0;
    for (int i = 0; i < nsizes; i++) {
        if (sizes[i] < 0) {
            cg_sizes_str(nsizes, sizes, buf, sizeof buf);
            cg_error_set(CG_RUNTIME_ERROR,
                         "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=%s",
                         buf);
            return NULL;
        }
        total = (int64_t)((uint64_t)total + (uint64_t)sizes[i]); /* wraps as PyTorch's, never equal then */
    }
    if (total != t->sizes[d]) {
        cg_sizes_str(nsizes, sizes, buf, sizeof buf);
        cg_error_set(CG_RUNTIME_ERROR,
                     "split_with_sizes expects split_sizes to sum exactly to %lld (input tensor's size at dimension "
                     "%d), but got split_sizes=%s",
                     (long long)t->sizes[d], d, buf);
        return NULL;
    }
    return split_views(t, d, nsizes, sizes, false, CG_OP_SPLIT_WITH_SIZES, n);
}

/* chunk's pieces, as split's of ceil(size / chunks), recorded as op */
static cg_tensor **chunk_as(cg_tensor *t, int64_t chunks, int64_t dim, cg_op op, int *n) {
    CG_CHECK(t->ndim > 0, CG_RUNTIME_ERROR, "chunk expects at least a 1-dimensional tensor");
    CG_CHECK(chunks > 0, CG_RUNTIME_ERROR, "chunk expects `chunks` to be greater than 0, got: %lld", (long long)chunks);
    int d = cg_wrap_dim(dim, t->ndim);
    if (d < 0)
        return NULL;
    int64_t size = t->sizes[d];
    /* wraps as PyTorch's, so that chunks near 2^63 fail as there ("split_size can only be 0 ...") */
    int64_t split_size = (int64_t)((uint64_t)size + (uint64_t)chunks - 1) / chunks;
    if (size > 0)
        return split_as(t, split_size, d, op, n);
    return split_even(t, d, split_size, op, n);
}

cg_tensor **cg_chunk(cg_tensor *t, int64_t chunks, int64_t dim, int *n) { return chunk_as(t, chunks, dim, CG_OP_SPLIT, n); }

cg_tensor **cg_unsafe_chunk(cg_tensor *t, int64_t chunks, int64_t dim, int *n) {
    return chunk_as(t, chunks, dim, CG_OP_UNSAFE_SPLIT, n);
}

cg_tensor **cg_unbind(cg_tensor *t, int64_t dim, int *n) {
    CG_CHECK(t->ndim > 0, CG_INDEX_ERROR, "Dimension specified as %lld but tensor has no dimensions", (long long)dim);
    int d = cg_wrap_dim(dim, t->ndim);
    if (d < 0)
        return NULL;
    return split_views(t, d, (int)t->sizes[d], NULL, true, CG_OP_UNBIND, n);
}

/* The gradient of output i of a split-like node, zeros where none came. */
static cg_tensor *piece_grad(cg_node *n, cg_tensor *const *go, int i, cg_dtype dt) {
    if (go[i])
        return cg_tensor_retain(go[i]);
    const cg_meta *m = &n->out_meta[i];
    return cg_zeros(m->ndim, m->sizes, dt, m->device);
}

/* SplitBackward0, SplitWithSizesBackward0: cat of the pieces' gradients;
 * UnbindBackward0: their stack. */
static int join_grads(cg_node *n, cg_tensor *const *go, cg_tensor **gi, bool stack) {
    cg_dtype dt = CG_DEFAULT_DTYPE;
    for (int i = 0; i < n->nout; i++)
        if (go[i])
            dt = go[i]->dtype;
    cg_tensor **parts = calloc((size_t)(n->nout > 0 ? n->nout : 1), sizeof *parts);
    CG_CHECK_INT(parts, CG_MEMORY_ERROR, "out of memory in backward");
    int rc = 0;
    for (int i = 0; i < n->nout && rc == 0; i++)
        rc = (parts[i] = piece_grad(n, go, i, dt)) ? 0 : -1;
    if (rc == 0) {
        gi[0] = stack ? cg_stack(n->nout, parts, n->args.i[0]) : cg_cat(n->nout, parts, n->args.i[0]);
        rc = gi[0] ? 0 : -1;
    }
    for (int i = 0; i < n->nout; i++)
        cg_tensor_release(parts[i]);
    free(parts);
    return rc;
}

int cg_bw_split(cg_node *n, cg_tensor *const *go, cg_tensor **gi) { return join_grads(n, go, gi, false); }
int cg_bw_unbind(cg_node *n, cg_tensor *const *go, cg_tensor **gi) { return join_grads(n, go, gi, true); }
