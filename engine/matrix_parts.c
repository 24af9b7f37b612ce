/* matrix_parts.c: tril, triu, diagonal, diag_embed, diag and trace, each
 * the row of ops.def PyTorch's derivatives.yaml gives it (TrilBackward0,
 * ..., TraceBackward0).
 *
 * Note [Triangles and diagonals from other ops]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * None of these computes anything: they select, zero or move elements.
 * So their values come from ops the engine has on both devices, run
 * outside any graph, and the row records its own node on the result:
 * tril/triu are where(mask, x, 0) over an arange mask (exact: no
 * arithmetic touches a kept element, NaN, inf and -0.0 included);
 * diagonal is a view (stride dim1 + dim2); diag_embed and diag write a
 * diagonal view of zeros; trace is the last element of the diagonal's
 * cumsum, which sums in PyTorch's order for trace (serially, in double
 * for float: its acc_type). No kernel of their own is needed. */
#include <stdlib.h>

#include "matrix_parts.h"
#include "ops.h"

/* Records op on out (over x) when x's history needs it. */
static cg_tensor *recorded(cg_tensor *out, cg_op op, cg_tensor *x, const cg_op_args *args) {
    if (out && cg_autograd_needed(1, &x) && cg_autograd_record(op, 1, &out, 1, &x, 0, NULL, args, NULL) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* ---- tril / triu ---------------------------------------------------------------------------- */

/* The [R, C] bool mask of the kept elements: col - row <= k (lower) or
 * >= k (upper). */
static cg_tensor *triangle_mask(int64_t rows, int64_t cols, int64_t k, bool lower, cg_device dev) {
    cg_tensor *r = cg_arange(cg_scalar_int(0), cg_scalar_int(rows), cg_scalar_int(1), CG_INT64, dev);
    cg_tensor *c = r ? cg_arange(cg_scalar_int(0), cg_scalar_int(cols), cg_scalar_int(1), CG_INT64, dev) : NULL;
    cg_tensor *rv = c ? cg_view(r, 2, (const int64_t[]){rows, 1}) : NULL;
    cg_tensor *diff = rv ? cg_sub(c, rv, cg_scalar_int(1)) : NULL;
    cg_tensor *kk = diff ? cg_scalar_tensor(cg_scalar_int(k)) : NULL;
    cg_tensor *m = kk ? (lower ? cg_le(diff, kk) : cg_ge(diff, kk)) : NULL;
    cg_tensor_release(r), cg_tensor_release(c), cg_tensor_release(rv), cg_tensor_release(diff), cg_tensor_release(kk);
    return m;
}

/* tril/triu's value, outside any graph: a contiguous tensor. */
static cg_tensor *triangle(cg_tensor *x, int64_t k, bool lower) {
    if (x->ndim < 2) { /* PyTorch wraps dim -2 to say so */
        if (x->ndim == 0)
            cg_error_set(CG_INDEX_ERROR, "Dimension specified as -2 but tensor has no dimensions");
        else
            cg_wrap_dim(-2, x->ndim);
        return NULL;
    }
    bool was = cg_grad_set_enabled(false);
    cg_device dev = cg_tensor_device(x);
    cg_tensor *m = triangle_mask(x->sizes[x->ndim - 2], x->sizes[x->ndim - 1], k, lower, dev);
    cg_tensor *xc = m ? cg_contiguous(x) : NULL;
    cg_tensor *zero = xc ? cg_full(0, NULL, cg_scalar_int(0), x->dtype, dev) : NULL;
    cg_tensor *r = zero ? cg_where(m, xc, zero) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(m), cg_tensor_release(xc), cg_tensor_release(zero);
    return r;
}

static cg_tensor *triangle_op(cg_tensor *x, int64_t k, bool lower) {
    cg_op_args args = {.i = {k}};
    return recorded(triangle(x, k, lower), lower ? CG_OP_TRIL : CG_OP_TRIU, x, &args);
}

cg_tensor *cg_tril(cg_tensor *x, int64_t k) { return triangle_op(x, k, true); }
cg_tensor *cg_triu(cg_tensor *x, int64_t k) { return triangle_op(x, k, false); }

/* x.tril_(k): the triangle written back into x, x recorded in place. */
static int triangle_(cg_tensor *x, int64_t k, bool lower) {
    if (cg_autograd_check_inplace(x) < 0)
        return -1;
    bool record = cg_autograd_needed(1, &x);
    cg_tensor *r = triangle(x, k, lower);
    int rc = r ? cg_copy_raw(x, r) : -1;
    cg_tensor_release(r);
    if (rc < 0)
        return -1;
    x->storage->version++;
    cg_op_args args = {.i = {k}};
    return record ? cg_autograd_record(lower ? CG_OP_TRIL : CG_OP_TRIU, 1, &x, 1, &x, 0, NULL, &args, NULL) : 0;
}

int cg_tril_(cg_tensor *x, int64_t k) { return triangle_(x, k, true); }
int cg_triu_(cg_tensor *x, int64_t k) { return triangle_(x, k, false); }

/* TrilBackward0 / TriuBackward0: grad.tril(k) / grad.triu(k) */
int cg_bw_tril(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return (gi[0] = cg_tril(go[0], n->args.i[0])) ? 0 : -1;
}
int cg_bw_triu(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return (gi[0] = cg_triu(go[0], n->args.i[0])) ? 0 : -1;
}

/* ---- diagonal -------------------------------------------------------------------------------- */

/* The geometry of x's diagonal `offset` over dims d1, d2 (wrapped,
 * distinct): those dims dropped, one of the diagonal's length appended. */
static void diagonal_geometry(const cg_tensor *x, int64_t offset, int d1, int d2, int *nd, int64_t *sizes,
                              int64_t *strides, int64_t *start) {
    int64_t len;
    *start = x->offset;
    if (offset >= 0)
        len = x->sizes[d2] - offset < x->sizes[d1] ? x->sizes[d2] - offset : x->sizes[d1];
    else
        len = x->sizes[d1] + offset < x->sizes[d2] ? x->sizes[d1] + offset : x->sizes[d2];
    if (len <= 0)
        len = 0; /* an empty diagonal starts where x does */
    else
        *start += offset >= 0 ? offset * x->strides[d2] : -offset * x->strides[d1];
    int k = 0;
    for (int d = 0; d < x->ndim; d++)
        if (d != d1 && d != d2)
            sizes[k] = x->sizes[d], strides[k++] = x->strides[d];
    sizes[k] = len, strides[k++] = x->strides[d1] + x->strides[d2];
    *nd = k;
}

/* dim1/dim2 wrapped against ndim and distinct; 0 or -1 */
static int diagonal_dims(int64_t dim1, int64_t dim2, int ndim, int *d1, int *d2) {
    *d1 = cg_wrap_dim(dim1, ndim);
    *d2 = *d1 < 0 ? -1 : cg_wrap_dim(dim2, ndim);
    if (*d2 < 0)
        return -1;
    CG_CHECK_INT(*d1 != *d2, CG_RUNTIME_ERROR, "diagonal dimensions cannot be identical %lld, %lld", (long long)dim1,
                 (long long)dim2);
    return 0;
}

cg_tensor *cg_diagonal(cg_tensor *x, int64_t offset, int64_t dim1, int64_t dim2) {
    int d1, d2, nd;
    if (diagonal_dims(dim1, dim2, x->ndim, &d1, &d2) < 0)
        return NULL;
    int64_t sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS], start;
    diagonal_geometry(x, offset, d1, d2, &nd, sizes, strides, &start);
    cg_op_args args = {.i = {offset, d1, d2}};
    return cg_view_make(x, nd, sizes, strides, start, x->dtype, CG_OP_DIAGONAL, &args, NULL);
}

/* zeros of `like`'s dtype and device in shape sizes, with v copied into
 * their diagonal (offset, d1, d2); outside any graph */
static cg_tensor *zeros_with_diagonal(const cg_tensor *like, int nd, const int64_t *sizes, cg_tensor *v,
                                      int64_t offset, int d1, int d2) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *z = cg_zeros(nd, sizes, like->dtype, cg_tensor_device(like));
    cg_tensor *dg = z ? cg_diagonal(z, offset, d1, d2) : NULL;
    int rc = dg ? cg_copy_(dg, v) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(dg);
    if (rc < 0) {
        cg_tensor_release(z);
        return NULL;
    }
    return z;
}

/* diagonal_backward: grad written into the diagonal of zeros shaped as the
 * input; through copy_, so that a graph of it (create_graph) exists. */
static cg_tensor *diagonal_backward(cg_tensor *g, const cg_meta *in, int64_t offset, int d1, int d2) {
    cg_tensor *z = cg_zeros(in->ndim, in->sizes, g->dtype, cg_tensor_device(g));
    cg_tensor *dg = z ? cg_diagonal(z, offset, d1, d2) : NULL;
    int rc = dg ? cg_copy_(dg, g) : -1;
    cg_tensor_release(dg);
    if (rc < 0) {
        cg_tensor_release(z);
        return NULL;
    }
    return z;
}

/* DiagonalBackward0 */
int cg_bw_diagonal(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = diagonal_backward(go[0], &n->in_meta[0], n->args.i[0], (int)n->args.i[1], (int)n->args.i[2]);
    return gi[0] ? 0 : -1;
}

/* ---- diag_embed, diag, trace --------------------------------------------------------------- */

cg_tensor *cg_diag_embed(cg_tensor *x, int64_t offset, int64_t dim1, int64_t dim2) {
    int d1, d2;
    CG_CHECK(x->ndim + 1 <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions",
             CG_MAX_DIMS);
    if (diagonal_dims(dim1, dim2, x->ndim + 1, &d1, &d2) < 0)
        return NULL;
    if (x->ndim == 0) {
        cg_wrap_dim(-1, 0); /* x.size(-1) of a 0-d tensor */
        return NULL;
    }
    int64_t len = x->sizes[x->ndim - 1] + (offset < 0 ? -offset : offset), sizes[CG_MAX_DIMS];
    int lo = d1 < d2 ? d1 : d2, hi = d1 < d2 ? d2 : d1;
    for (int d = 0, k = 0; d < x->ndim + 1; d++)
        sizes[d] = d == lo || d == hi ? len : x->sizes[k++];
    cg_op_args args = {.i = {offset, d1, d2}};
    return recorded(zeros_with_diagonal(x, x->ndim + 1, sizes, x, offset, d1, d2), CG_OP_DIAG_EMBED, x, &args);
}

/* DiagEmbedBackward0: grad.diagonal(offset, dim1, dim2) */
int cg_bw_diag_embed(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return (gi[0] = cg_diagonal(go[0], n->args.i[0], n->args.i[1], n->args.i[2])) ? 0 : -1;
}

cg_tensor *cg_diag(cg_tensor *x, int64_t k) {
    CG_CHECK(x->ndim == 1 || x->ndim == 2, CG_RUNTIME_ERROR, "matrix or a vector expected");
    CG_CHECK(x->dtype != CG_F16 && x->dtype != CG_BF16, CG_RUNTIME_ERROR, "\"diag\" not implemented for '%s'",
             cg_dtype_legacy_name(x->dtype));
    cg_op_args args = {.i = {k}};
    if (x->ndim == 1) {
        int64_t n = x->sizes[0] + (k < 0 ? -k : k);
        return recorded(zeros_with_diagonal(x, 2, (const int64_t[]){n, n}, x, k, 0, 1), CG_OP_DIAG, x, &args);
    }
    int64_t len = k >= 0 ? (x->sizes[1] - k < x->sizes[0] ? x->sizes[1] - k : x->sizes[0])
                         : (x->sizes[0] + k < x->sizes[1] ? x->sizes[0] + k : x->sizes[1]);
    /* PyTorch 1.13 sizes its result without clamping at zero */
    CG_CHECK(len >= 0, CG_RUNTIME_ERROR, "numel: integer multiplication overflow");
    bool was = cg_grad_set_enabled(false);
    cg_tensor *dg = cg_diagonal(x, k, 0, 1);
    cg_tensor *r = dg ? cg_clone(dg) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(dg);
    return recorded(r, CG_OP_DIAG, x, &args);
}

/* DiagBackward0: a vector's gradient is the diagonal of grad; a matrix's,
 * grad in the diagonal of zeros */
int cg_bw_diag(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    int64_t k = n->args.i[0];
    if (n->in_meta[0].ndim == 1) {
        cg_tensor *dg = cg_diagonal(go[0], k, 0, 1);
        gi[0] = dg ? cg_clone(dg) : NULL;
        cg_tensor_release(dg);
    } else {
        gi[0] = diagonal_backward(go[0], &n->in_meta[0], k, 0, 1);
    }
    return gi[0] ? 0 : -1;
}

cg_tensor *cg_matrix_trace(cg_tensor *x) {
    CG_CHECK(x->dtype != CG_F16 && x->dtype != CG_BF16 && x->dtype != CG_BOOL, CG_RUNTIME_ERROR,
             "\"trace\" not implemented for '%s'", cg_dtype_legacy_name(x->dtype));
    CG_CHECK(x->ndim == 2, CG_RUNTIME_ERROR, "trace: expected a matrix, but got tensor with dim %d", x->ndim);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *dg = cg_diagonal(x, 0, 0, 1), *cs = dg ? cg_cumsum(dg, 0) : NULL, *r = NULL;
    if (cs && cs->sizes[0] > 0)
        r = cg_select(cs, 0, cs->sizes[0] - 1);
    else if (cs)
        r = cg_zeros(0, NULL, cs->dtype, cg_tensor_device(x));
    cg_tensor *c = r ? cg_clone(r) : NULL; /* its own storage, not the cumsum's */
    cg_grad_set_enabled(was);
    cg_tensor_release(dg), cg_tensor_release(cs), cg_tensor_release(r);
    return recorded(c, CG_OP_TRACE, x, NULL);
}

/* TraceBackward0: grad on the diagonal of zeros shaped as the input */
int cg_bw_trace(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    const cg_meta *in = &n->in_meta[0];
    int64_t len = in->sizes[0] < in->sizes[1] ? in->sizes[0] : in->sizes[1];
    cg_tensor *e = cg_expand(go[0], 1, &len);
    gi[0] = e ? diagonal_backward(e, in, 0, 0, 1) : NULL;
    cg_tensor_release(e);
    return gi[0] ? 0 : -1;
}
