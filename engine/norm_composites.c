/* norm_composites.c: torch.dist and torch.renorm, ops PyTorch computes
 * from norms but records as their own nodes (DistBackward0,
 * RenormBackward0): the values come from the norm kernels without a graph,
 * the derivatives are PyTorch's, written with engine ops. */
#include <math.h>

#include "error.h"
#include "formula.h"
#include "ops.h"
#include "storage.h"
#include "ew.h"

/* ---- dist ------------------------------------------------------------------------------ */

/* dist(x, y, p) = norm(x - y, p), x and y broadcast */
cg_tensor *cg_dist(cg_tensor *x, cg_tensor *y, double p) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *d = cg_sub(x, y, cg_scalar_int(1)), *r = d ? cg_norm(d, p, 0, NULL, false) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(d);
    cg_tensor *in[] = {x, y};
    if (r && cg_autograd_needed(2, in)) {
        cg_save_spec save[] = {{x, "self"}, {y, "other"}, {r, "result"}};
        cg_op_args args = {.s = {cg_scalar_float(p)}};
        if (cg_autograd_record(CG_OP_DIST, 1, &r, 2, in, 3, save, &args, NULL) < 0) {
            cg_tensor_release(r);
            return NULL;
        }
    }
    return r;
}

/* DistBackward0: self: norm_backward(g, self - other, p, result); other: its negation */
int cg_bw_dist(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *y, *r;
    if (cg_node_saved_all(n, 3, &x, &y, &r) < 0)
        return -1;
    double p = cg_scalar_to_double(n->args.s[0]);
    if (p == 0) {
        gi[0] = gi[1] = NULL;
        return 0;
    }
    scratch s = {0};
    cg_tensor *d = s_sub(&s, x, y), *g = d ? keep(&s, cg_norm_backward(go[0], d, r, p, 0, NULL)) : NULL;
    gi[0] = g && n->next[0].node ? cg_tensor_retain(g) : NULL;
    gi[1] = g && n->next[1].node ? cg_mul_scalar(g, -1.0) : NULL;
    scratch_free(&s);
    return g && (!n->next[1].node || gi[1]) ? 0 : -1;
}

/* ---- renorm ---------------------------------------------------------------------------- */

static int renorm_check(const cg_tensor *x, double p, double maxnorm) {
    CG_CHECK_INT(p > 0, CG_RUNTIME_ERROR, "renorm: non-positive-norm not supported");
    CG_CHECK_INT(maxnorm >= 0, CG_RUNTIME_ERROR, "renorm: expected maxnorm to be >= 0 but got %g", maxnorm);
    CG_CHECK_INT(x->ndim > 1, CG_RUNTIME_ERROR, "renorm: input needs at least 2 dimensions, got %d dimensions",
                 x->ndim);
    return 0;
}

/* every dim but d, in order */
static int other_dims(const cg_tensor *x, int d, int64_t *dims) {
    int k = 0;
    for (int i = 0; i < x->ndim; i++)
        if (i != d)
            dims[k++] = i;
    return k;
}

/* The norms of x's slices along d, kept [1,..,n_d,..,1], in float for the
 * reduced floating types (PyTorch's accumulate type) */
static cg_tensor *slice_norms(cg_tensor *x, double p, int d) {
    int64_t dims[CG_MAX_DIMS];
    int k = other_dims(x, d, dims);
    if (!cg_dtype_is_reduced(x->dtype))
        return cg_linalg_vector_norm(x, p, k, dims, true);
    cg_tensor *f = cg_to_dtype(x, CG_F32), *r = f ? cg_linalg_vector_norm(f, p, k, dims, true) : NULL;
    cg_tensor_release(f);
    return r;
}

/* renorm's factor: maxnorm / (norm + 1e-7) where norm > maxnorm, else 1,
 * in the norm's dtype, then x's */
static cg_tensor *renorm_factor(cg_tensor *x, cg_tensor *norm, double maxnorm) {
    scratch s = {0};
    cg_device dev = cg_tensor_device(x);
    cg_tensor *mx = keep(&s, cg_full(0, NULL, cg_scalar_float(maxnorm), norm->dtype, dev));
    cg_tensor *one = keep(&s, cg_full(0, NULL, cg_scalar_int(1), norm->dtype, dev));
    cg_tensor *eps = keep(&s, cg_full(0, NULL, cg_scalar_float(1e-7), norm->dtype, dev));
    cg_tensor *big = mx ? keep(&s, cg_gt(norm, mx)) : NULL;
    cg_tensor *f = big && one && eps ? keep(&s, cg_where(big, s_div(&s, mx, s_add(&s, norm, eps)), one)) : NULL;
    cg_tensor *out = f ? cg_to_dtype(f, x->dtype) : NULL;
    scratch_free(&s);
    return out;
}

static cg_tensor *renorm_values(cg_tensor *x, double p, int d, double maxnorm) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *norm = slice_norms(x, p, d), *f = norm ? renorm_factor(x, norm, maxnorm) : NULL;
    cg_tensor *out = f ? cg_mul(x, f) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(norm), cg_tensor_release(f);
    return out;
}

cg_tensor *cg_renorm(cg_tensor *x, double p, int64_t dim, double maxnorm) {
    if (renorm_check(x, p, maxnorm) < 0)
        return NULL;
    int d = cg_wrap_dim(dim, x->ndim);
    if (d < 0)
        return NULL;
    cg_tensor *out = renorm_values(x, p, d, maxnorm);
    if (out && cg_autograd_needed(1, &x)) {
        cg_save_spec save[] = {{x, "self"}};
        cg_op_args args = {.s = {cg_scalar_float(p), cg_scalar_float(maxnorm)}, .i = {d}};
        if (cg_autograd_record(CG_OP_RENORM, 1, &out, 1, &x, 1, save, &args, NULL) < 0) {
            cg_tensor_release(out);
            return NULL;
        }
    }
    return out;
}

/* x.renorm_(): the values written into x, the node recorded on x with the
 * old x saved */
int cg_renorm_(cg_tensor *x, double p, int64_t dim, double maxnorm) {
    if (renorm_check(x, p, maxnorm) < 0 || cg_autograd_check_inplace(x) < 0)
        return -1;
    int d = cg_wrap_dim(dim, x->ndim);
    if (d < 0)
        return -1;
    bool record = cg_autograd_needed(1, &x);
    cg_tensor *old = record ? cg_clone(x) : NULL;
    cg_tensor *out = (!record || old) ? renorm_values(x, p, d, maxnorm) : NULL;
    int rc = out ? cg_copy_raw(x, out) : -1;
    cg_tensor_release(out);
    if (rc == 0)
        x->storage->version++;
    if (rc == 0 && record) {
        cg_save_spec save[] = {{old, "self"}};
        cg_op_args args = {.s = {cg_scalar_float(p), cg_scalar_float(maxnorm)}, .i = {d}};
        rc = cg_ew_record_(x, CG_OP_RENORM, 1, &x, 1, save, &args);
    }
    cg_tensor_release(old);
    return rc;
}

/* RenormBackward0, PyTorch's renorm_backward: with the slice norms n (in
 * the accumulate type), s = sum(x * g) over the other dims and
 * nb = norm_backward(s, x, p, n):
 *   where(n > maxnorm, f * g - (f / (n + 1e-7)) * nb, g),  f = maxnorm / (n + 1e-7) */
int cg_bw_renorm(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x;
    if (cg_node_saved_all(n, 1, &x) < 0)
        return -1;
    double p = cg_scalar_to_double(n->args.s[0]), maxnorm = cg_scalar_to_double(n->args.s[1]);
    int64_t dims[CG_MAX_DIMS];
    int k = other_dims(x, (int)n->args.i[0], dims);
    scratch s = {0};
    cg_tensor *norm = keep(&s, slice_norms(x, p, (int)n->args.i[0]));
    cg_tensor *xg = s_mul(&s, x, go[0]);
    cg_tensor *sum = xg ? keep(&s, cg_sum(xg, k, dims, true)) : NULL;
    if (sum && sum->dtype != norm->dtype)
        sum = keep(&s, cg_to_dtype(sum, norm->dtype));
    cg_tensor *nb = sum ? keep(&s, cg_norm_backward(sum, x, norm, p, k, dims)) : NULL;
    cg_tensor *inv = s_fn(&s, cg_reciprocal, s_shift(&s, norm, 1e-7));
    cg_tensor *f = s_scale(&s, inv, maxnorm);
    cg_tensor *val = s_sub(&s, s_mul(&s, f, go[0]), s_mul(&s, s_mul(&s, f, inv), nb));
    cg_tensor *mx = norm ? keep(&s, cg_scalar_tensor(cg_scalar_float(maxnorm))) : NULL;
    cg_tensor *big = mx ? keep(&s, cg_gt(norm, mx)) : NULL;
    cg_tensor *r = big && val ? keep(&s, cg_where(big, val, go[0])) : NULL;
    gi[0] = r ? cg_tensor_retain(r) : NULL;
    scratch_free(&s);
    return gi[0] ? 0 : -1;
}
