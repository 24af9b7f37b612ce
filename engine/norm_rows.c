/* norm_rows.c: layer_norm's and group_norm's normalisation written with
 * engine ops (nn_internal.h), for the devices and dtypes their fused
 * kernels do not cover and for a derivative that itself has a graph
 * (create_graph): x seen as rows [M, K], each normalised by its mean and
 * rstd = 1 / sqrt(biased var + eps). The statistics are recomputed from x,
 * so a second derivative flows through them. Not bit for bit PyTorch's:
 * the fused kernels of norm_kernel.h are. */
#include "nn_internal.h"
#include "ops.h"

/* mean over each row of t [M, K], keepdim */
static cg_tensor *row_mean(cg_tensor *t) { return cg_mean(t, 1, (int64_t[]){1}, true); }

/* x2 [M, K]: (x2 - mean) * rstd per row, and rstd [M, 1] when asked */
static cg_tensor *rows_normalized(cg_tensor *x2, double eps, cg_tensor **rstd_out) {
    cg_tensor *mean = row_mean(x2), *var = mean ? cg_var(x2, 1, (int64_t[]){1}, 0, true) : NULL;
    cg_tensor *e = var ? cg_scalar_tensor(cg_scalar_float(eps)) : NULL;
    cg_tensor *ve = e ? cg_add(var, e, cg_scalar_int(1)) : NULL, *rstd = ve ? cg_rsqrt(ve) : NULL;
    cg_tensor *d = rstd ? cg_sub(x2, mean, cg_scalar_int(1)) : NULL, *xhat = d ? cg_mul(d, rstd) : NULL;
    cg_tensor_release(mean), cg_tensor_release(var), cg_tensor_release(e), cg_tensor_release(ve);
    cg_tensor_release(d);
    if (rstd_out && xhat)
        *rstd_out = cg_tensor_retain(rstd);
    cg_tensor_release(rstd);
    return xhat;
}

cg_tensor *cg_norm_rows_normalized(cg_tensor *x, int64_t M, int64_t K, double eps) {
    cg_tensor *x2 = cg_reshape(x, 2, (int64_t[]){M, K}), *xh = x2 ? rows_normalized(x2, eps, NULL) : NULL;
    cg_tensor *xhat = xh ? cg_reshape(xh, x->ndim, x->sizes) : NULL;
    cg_tensor_release(x2), cg_tensor_release(xh);
    return xhat;
}

/* per row: rstd * (g - mean(g) - xhat * mean(g * xhat)) */
cg_tensor *cg_norm_rows_grad(cg_tensor *g, cg_tensor *x, int64_t M, int64_t K, double eps, cg_tensor **xhat) {
    int64_t rows[2] = {M, K};
    cg_tensor *rstd = NULL, *x2 = cg_reshape(x, 2, rows), *g2 = x2 ? cg_reshape(g, 2, rows) : NULL;
    cg_tensor *xh = g2 ? rows_normalized(x2, eps, &rstd) : NULL;
    cg_tensor *gx = xh ? cg_mul(g2, xh) : NULL, *mgx = gx ? row_mean(gx) : NULL, *mg = mgx ? row_mean(g2) : NULL;
    cg_tensor *t = mg ? cg_mul(xh, mgx) : NULL, *u = t ? cg_sub(g2, mg, cg_scalar_int(1)) : NULL;
    cg_tensor *v = u ? cg_sub(u, t, cg_scalar_int(1)) : NULL, *r2 = v ? cg_mul(v, rstd) : NULL;
    cg_tensor *r = r2 ? cg_reshape(r2, x->ndim, x->sizes) : NULL;
    *xhat = r ? cg_reshape(xh, x->ndim, x->sizes) : NULL;
    if (!*xhat)
        cg_tensor_release(r), r = NULL;
    cg_tensor_release(rstd), cg_tensor_release(x2), cg_tensor_release(g2), cg_tensor_release(xh);
    cg_tensor_release(gx), cg_tensor_release(mgx), cg_tensor_release(mg), cg_tensor_release(t);
    cg_tensor_release(u), cg_tensor_release(v), cg_tensor_release(r2);
    return r;
}
