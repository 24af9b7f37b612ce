/* nansum.c: torch.nansum (row NansumBackward0) and torch.nanmean, its
 * composite (PyTorch's nansum(x) / count of non-NaN: DivBackward0 over
 * NansumBackward0).
 *
 * PyTorch's nansum folds in sum's order with each NaN read as zero, so the
 * value here is the engine's sum (sum_order.c) of x with its NaNs replaced
 * by zeros, which adds the same numbers in the same order. Integral inputs
 * have no NaN: their nansum is their sum. */
#include "nansum.h"
#include "ops.h"

/* The reduced dims as a keepdim shape of x: 0 or -1 (dims out of range). */
static int keep_shape(const cg_tensor *x, int n, const int64_t *dims, int64_t *shape) {
    for (int d = 0; d < x->ndim; d++)
        shape[d] = n ? x->sizes[d] : 1;
    for (int i = 0; i < n; i++) {
        int d = cg_wrap_dim(dims[i], x->ndim);
        if (d < 0)
            return -1;
        shape[d] = 1;
    }
    return 0;
}

cg_tensor *cg_nansum(cg_tensor *x, int n, const int64_t *dims, bool keepdim) {
    CG_CHECK(!cg_dtype_is_complex(x->dtype), CG_RUNTIME_ERROR, "nansum does not support complex inputs");
    if (!cg_dtype_is_float(x->dtype))
        return cg_sum(x, n, dims, keepdim);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *nan = cg_isnan(x);
    cg_tensor *clean = nan ? cg_masked_fill(x, nan, cg_scalar_int(0)) : NULL;
    cg_tensor *r = clean ? cg_sum(clean, n, dims, keepdim) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(nan), cg_tensor_release(clean);
    if (!r || !cg_autograd_needed(1, &x))
        return r;
    cg_op_args args = {.keepdim = keepdim, .ndims = n};
    for (int i = 0; i < n; i++)
        args.dims[i] = cg_wrap_dim(dims[i], x->ndim);
    cg_save_spec save[] = {{x, "self"}};
    if (cg_autograd_record(CG_OP_NANSUM, 1, &r, 1, &x, 1, save, &args, NULL) < 0) {
        cg_tensor_release(r);
        return NULL;
    }
    return r;
}

cg_tensor *cg_nanmean(cg_tensor *x, int n, const int64_t *dims, bool keepdim) {
    CG_CHECK(cg_dtype_is_float(x->dtype) || cg_dtype_is_complex(x->dtype), CG_RUNTIME_ERROR,
             "nanmean(): expected input to have floating point dtype but got %s", cg_dtype_legacy_name(x->dtype));
    cg_tensor *nan = cg_isnan(x), *ok = nan ? cg_logical_not(nan) : NULL;
    cg_tensor *count = ok ? cg_sum(ok, n, dims, keepdim) : NULL;
    cg_tensor *s = count ? cg_nansum(x, n, dims, keepdim) : NULL;
    cg_tensor *r = s ? cg_div(s, count) : NULL;
    cg_tensor_release(nan), cg_tensor_release(ok), cg_tensor_release(count), cg_tensor_release(s);
    return r;
}

/* NansumBackward0: grad spread over x where x is not NaN */
int cg_bw_nansum(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x;
    if (cg_node_saved(n, 0, &x) < 0)
        return -1;
    int64_t shape[CG_MAX_DIMS];
    if (keep_shape(x, n->args.ndims, n->args.dims, shape) < 0)
        return -1;
    cg_tensor *g = cg_reshape(go[0], x->ndim, shape);
    cg_tensor *e = g ? cg_expand(g, x->ndim, x->sizes) : NULL;
    cg_tensor *nan = e ? cg_isnan(x) : NULL, *ok = nan ? cg_logical_not(nan) : NULL;
    gi[0] = ok ? cg_mul(e, ok) : NULL;
    cg_tensor_release(g), cg_tensor_release(e), cg_tensor_release(nan), cg_tensor_release(ok);
    return gi[0] ? 0 : -1;
}
