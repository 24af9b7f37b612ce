/* flip_roll.c: flip, roll and rot90, rows of ops.def with PyTorch's nodes
 * (FlipBackward0, RollBackward0, Rot90Backward0). They only move
 * elements, so their values are index_select copies along each dim, run
 * outside any graph (Note [Triangles and diagonals from other ops]); the
 * row records its node on the result. */
#include <string.h>

#include "flip_roll.h"
#include "ops.h"

static cg_tensor *recorded(cg_tensor *out, cg_op op, cg_tensor *x, const cg_op_args *args) {
    if (out && cg_autograd_needed(1, &x) && cg_autograd_record(op, 1, &out, 1, &x, 0, NULL, args, NULL) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* y's elements along dim d taken at index (start + step * i) mod n for
 * each i: reversed (start n-1, step -1) or rolled (start -shift, step 1). */
static cg_tensor *moved_along(cg_tensor *y, int d, int64_t start, int64_t step) {
    int64_t n = y->sizes[d];
    cg_device dev = cg_tensor_device(y);
    cg_tensor *ar = cg_arange(cg_scalar_int(start), cg_scalar_int(start + step * n), cg_scalar_int(step), CG_INT64, dev);
    cg_tensor *nn = ar ? cg_scalar_tensor(cg_scalar_int(n)) : NULL;
    cg_tensor *idx = nn ? cg_remainder(ar, nn) : NULL;
    cg_tensor *r = idx ? cg_index_select(y, d, idx) : NULL;
    cg_tensor_release(ar), cg_tensor_release(nn), cg_tensor_release(idx);
    return r;
}

/* dims[0..n) wrapped into w, none twice (PyTorch's message); 0 or -1 */
static int distinct_dims(const cg_tensor *x, int n, const int64_t *dims, int *w) {
    bool seen[CG_MAX_DIMS] = {false};
    for (int i = 0; i < n; i++) {
        int d = cg_wrap_dim(dims[i], x->ndim);
        if (d < 0)
            return -1;
        CG_CHECK_INT(!seen[d], CG_RUNTIME_ERROR, "dim %d appears multiple times in the list of dims", d);
        seen[d] = true;
        w[i] = d;
    }
    return 0;
}

/* flip's value, outside any graph, laid out as x (empty_like preserves) */
static cg_tensor *flipped(cg_tensor *x, int n, const int *w) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *y = cg_tensor_retain(x);
    for (int i = 0; y && x->ndim && i < n; i++) {
        cg_tensor *z = x->sizes[w[i]] > 1 ? moved_along(y, w[i], x->sizes[w[i]] - 1, -1) : cg_tensor_retain(y);
        cg_tensor_release(y);
        y = z;
    }
    cg_tensor *out = y ? cg_empty_preserve(x, x->dtype, cg_tensor_device(x)) : NULL;
    if (out && cg_copy_raw(out, y) < 0) {
        cg_tensor_release(out);
        out = NULL;
    }
    cg_grad_set_enabled(was);
    cg_tensor_release(y);
    return out;
}

cg_tensor *cg_flip(cg_tensor *x, int n, const int64_t *dims) {
    int w[CG_MAX_DIMS];
    CG_CHECK(n <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions", CG_MAX_DIMS);
    if (distinct_dims(x, n, dims, w) < 0)
        return NULL;
    cg_op_args args = {.ndims = n};
    for (int i = 0; i < n; i++)
        args.dims[i] = w[i];
    return recorded(flipped(x, n, w), CG_OP_FLIP, x, &args);
}

/* FlipBackward0: grad.flip(dims) */
int cg_bw_flip(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return (gi[0] = cg_flip(go[0], n->args.ndims, n->args.dims)) ? 0 : -1;
}

/* A tensor on r's storage with r's geometry and no base: roll's and
 * rot90's results are tensors of their own in PyTorch, not views that
 * in-place ops would rebase. */
static cg_tensor *own(cg_tensor *r) {
    cg_tensor *t = r ? cg_tensor_from_storage(r->storage, r->offset, r->ndim, r->sizes, r->strides, r->dtype) : NULL;
    cg_tensor_release(r);
    return t;
}

/* roll's value outside any graph: contiguous, as PyTorch's */
static cg_tensor *rolled(cg_tensor *x, int n, const int64_t *shifts, const int *w) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *y = cg_contiguous(x);
    for (int i = 0; y && i < n; i++) {
        int64_t size = y->sizes[w[i]];
        cg_tensor *z = size > 0 ? moved_along(y, w[i], -(shifts[i] % size), 1) : cg_tensor_retain(y);
        cg_tensor_release(y);
        y = z;
    }
    cg_tensor *out = y && y == x ? cg_clone(y) : y ? cg_tensor_retain(y) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(y);
    return out;
}

cg_tensor *cg_roll(cg_tensor *x, int ns, const int64_t *shifts, int nd, const int64_t *dims) {
    CG_CHECK(ns > 0, CG_RUNTIME_ERROR, "`shifts` required");
    CG_CHECK(nd > 0 || ns == 1, CG_RUNTIME_ERROR, "shifts and dimensions must align. shifts: %d, dims:%d", ns, nd);
    cg_op_args args = {.ndims = nd};
    if (nd == 0) { /* flattened, rolled, viewed back */
        args.i[0] = shifts[0];
        bool was = cg_grad_set_enabled(false);
        cg_tensor *f = cg_reshape(x, 1, (const int64_t[]){cg_tensor_numel(x)});
        cg_tensor *r = f ? rolled(f, 1, shifts, (const int[]){0}) : NULL;
        cg_tensor *v = r ? own(cg_view(r, x->ndim, x->sizes)) : NULL;
        cg_grad_set_enabled(was);
        cg_tensor_release(f), cg_tensor_release(r);
        return recorded(v, CG_OP_ROLL, x, &args);
    }
    CG_CHECK(ns == nd, CG_RUNTIME_ERROR, "shifts and dimensions must align. shifts: %d, dims:%d", ns, nd);
    CG_CHECK(nd <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions", CG_MAX_DIMS);
    int w[CG_MAX_DIMS];
    for (int i = 0; i < nd; i++) {
        if ((w[i] = cg_wrap_dim(dims[i], x->ndim)) < 0)
            return NULL;
        args.dims[i] = w[i];
    }
    cg_tensor *r = rolled(x, nd, shifts, w);
    if (!r || !cg_autograd_needed(1, &x))
        return r;
    /* the shifts, any number of them, saved as a tensor for the backward */
    cg_tensor *saved = cg_zeros(1, (const int64_t[]){nd}, CG_INT64, cg_device_cpu());
    if (saved)
        memcpy(cg_tensor_data(saved), shifts, (size_t)nd * sizeof *shifts);
    cg_save_spec save[] = {{saved, "shifts"}};
    int rc = saved ? cg_autograd_record(CG_OP_ROLL, 1, &r, 1, &x, 1, save, &args, NULL) : -1;
    cg_tensor_release(saved);
    if (rc < 0) {
        cg_tensor_release(r);
        return NULL;
    }
    return r;
}

/* RollBackward0: grad.roll(-shifts, dims) */
int cg_bw_roll(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    if (n->args.ndims == 0) {
        int64_t neg = -n->args.i[0];
        return (gi[0] = cg_roll(go[0], 1, &neg, 0, NULL)) ? 0 : -1;
    }
    cg_tensor *saved;
    if (cg_node_saved(n, 0, &saved) < 0)
        return -1;
    int64_t neg[CG_MAX_DIMS];
    const int64_t *sh = cg_tensor_data(saved);
    for (int i = 0; i < n->args.ndims; i++)
        neg[i] = -sh[i];
    return (gi[0] = cg_roll(go[0], n->args.ndims, neg, n->args.ndims, n->args.dims)) ? 0 : -1;
}

/* PyTorch's checks of rot90's dims; 0 or -1 */
static int rot90_check(const cg_tensor *x, int nd, const int64_t *dims) {
    CG_CHECK_INT(nd == 2, CG_RUNTIME_ERROR, "expected total rotation dims == 2, but got dims = %d", nd);
    int64_t total = x->ndim;
    CG_CHECK_INT(total >= 2, CG_RUNTIME_ERROR, "expected total dims >= 2, but got total dims = %lld", (long long)total);
    int64_t gap = dims[0] - dims[1];
    CG_CHECK_INT(dims[0] != dims[1] && (gap < 0 ? -gap : gap) != total, CG_RUNTIME_ERROR,
                 "expected rotation dims to be different, but got dim0 = %lld and dim1 = %lld", (long long)dims[0],
                 (long long)dims[1]);
    CG_CHECK_INT(dims[0] < total && dims[0] >= -total, CG_RUNTIME_ERROR, "Rotation dim0 out of range, dim0 = %lld",
                 (long long)dims[0]);
    CG_CHECK_INT(dims[1] < total && dims[1] >= -total, CG_RUNTIME_ERROR, "Rotation dim1 out of range, dim1 = %lld",
                 (long long)dims[1]);
    return 0;
}

cg_tensor *cg_rot90(cg_tensor *x, int64_t k, int nd, const int64_t *dims) {
    if (rot90_check(x, nd, dims) < 0)
        return NULL;
    int k4 = (int)((4 + k % 4) % 4);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *r;
    if (k4 == 0) {
        r = cg_contiguous(x);
        if (r == x) {
            cg_tensor_release(r);
            r = cg_clone(x);
        }
    } else if (k4 == 2) {
        r = cg_flip(x, 2, dims);
    } else {
        cg_tensor *f = cg_flip(x, 1, &dims[k4 == 1 ? 1 : 0]);
        r = f ? own(cg_transpose(f, dims[0], dims[1])) : NULL;
        cg_tensor_release(f);
    }
    cg_grad_set_enabled(was);
    cg_op_args args = {.i = {k}, .ndims = 2, .dims = {dims[0], dims[1]}};
    return recorded(r, CG_OP_ROT90, x, &args);
}

/* Rot90Backward0: grad.rot90(-k, dims) */
int cg_bw_rot90(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return (gi[0] = cg_rot90(go[0], -n->args.i[0], 2, n->args.dims)) ? 0 : -1;
}
