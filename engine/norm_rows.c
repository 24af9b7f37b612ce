/* norm_rows.c: layer_norm's and group_norm's forward and derivative
 * (nn_internal.h), over the parts in which they differ (cg_norm_rows_kind):
 * x seen as rows [M, K], each normalised by its mean and rstd = 1 /
 * sqrt(biased var + eps), then times weight plus bias. On the CPU the fused
 * kernels of norm_kernel.h compute them over contiguous copies (as PyTorch
 * makes them), with PyTorch's bits, under create_graph too where the kind
 * records the backward kernel as a node with its own derivative
 * (layer_norm's); elsewhere engine ops do, recomputing the statistics from
 * x so that a second derivative flows through them. The node saves the
 * input, the weight and the kernel's mean and rstd. */
#include "nn_internal.h"
#include "norm_kernel.h"
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

static cg_tensor *normalized(cg_tensor *x, int64_t M, int64_t K, double eps) {
    cg_tensor *x2 = cg_reshape(x, 2, (int64_t[]){M, K}), *xh = x2 ? rows_normalized(x2, eps, NULL) : NULL;
    cg_tensor *xhat = xh ? cg_reshape(xh, x->ndim, x->sizes) : NULL;
    cg_tensor_release(x2), cg_tensor_release(xh);
    return xhat;
}

/* The gradient of x for g, the gradient of the normalised rows (x's
 * shape), per row rstd * (g - mean(g) - xhat * mean(g * xhat)); *xhat gets
 * the normalised rows in x's shape. */
static cg_tensor *rows_grad(cg_tensor *g, cg_tensor *x, int64_t M, int64_t K, double eps, cg_tensor **xhat) {
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

/* xhat * weight + bias, each seen against x by the kind */
static cg_tensor *affine(const cg_norm_rows_kind *k, cg_tensor *xhat, cg_tensor *w, cg_tensor *b) {
    cg_tensor *wv = w ? k->param_view(w, xhat) : NULL, *bv = b ? k->param_view(b, xhat) : NULL;
    cg_tensor *y = (w && !wv) || (b && !bv) ? NULL : w ? cg_mul(xhat, wv) : cg_tensor_retain(xhat);
    if (y && b) {
        cg_tensor *yb = cg_add(y, bv, cg_scalar_int(1));
        cg_tensor_release(y);
        y = yb;
    }
    cg_tensor_release(wv), cg_tensor_release(bv);
    return y;
}

/* contiguous copies of x, w and b (NULL stays NULL); -1 on failure */
static int contiguous3(cg_tensor *x, cg_tensor *w, cg_tensor *b, cg_tensor **out) {
    cg_tensor *in[3] = {x, w, b};
    for (int i = 0; i < 3; i++)
        if (in[i] && !(out[i] = cg_contiguous(in[i]))) {
            for (int j = 0; j < i; j++)
                cg_tensor_release(out[j]);
            return -1;
        }
    return 0;
}

static cg_tensor *forward_fused(const cg_norm_rows_kind *k, cg_tensor *x, int64_t param, cg_tensor *w, cg_tensor *b,
                                double eps, cg_tensor **mean, cg_tensor **rstd) {
    cg_tensor *c[3] = {NULL, NULL, NULL};
    if (contiguous3(x, w, b, c) < 0)
        return NULL;
    cg_tensor *y = k->kernel(c[0], param, c[1], c[2], eps, mean, rstd);
    cg_tensor_release(c[0]), cg_tensor_release(c[1]), cg_tensor_release(c[2]);
    return y;
}

cg_tensor *cg_norm_rows_forward(const cg_norm_rows_kind *k, cg_tensor *x, int64_t param, cg_tensor *w, cg_tensor *b,
                                double eps) {
    cg_tensor *y, *mean = NULL, *rstd = NULL;
    bool was = cg_grad_set_enabled(false);
    if (cg_norm_kernel_fits(x, (cg_tensor *[]){w, b}, 2))
        y = forward_fused(k, x, param, w, b, eps, &mean, &rstd);
    else {
        int64_t M, K;
        k->rows(x, param, &M, &K);
        cg_tensor *xhat = normalized(x, M, K, eps);
        y = xhat ? affine(k, xhat, w, b) : NULL;
        cg_tensor_release(xhat);
    }
    cg_grad_set_enabled(was);
    cg_tensor *in[3] = {x, w, b};
    if (y && cg_autograd_needed(3, in)) {
        cg_op_args args = {.s = {cg_scalar_float(eps)}, .i = {param}};
        cg_save_spec save[4] = {{x, "input"}, {w, "weight"}, {mean, "result1"}, {rstd, "result2"}};
        cg_tensor *outs[3] = {y, mean, rstd};
        int nout = k->graph_backward && mean ? 3 : 1; /* the statistics differentiable, as PyTorch's */
        if (cg_autograd_record(k->op, nout, outs, 3, in, 4, save, &args, NULL) < 0)
            cg_tensor_release(y), y = NULL;
    }
    cg_tensor_release(mean), cg_tensor_release(rstd);
    return y;
}

/* The fused backward, where the forward was fused (mean saved), and under
 * create_graph where the kind records it as a node of its own: 1 done, 0
 * not applicable, -1 error */
static int fused_backward(const cg_norm_rows_kind *k, cg_node *n, cg_tensor *go, cg_tensor *x, cg_tensor *w,
                          cg_tensor *mean, cg_tensor *rstd, cg_tensor **gi) {
    bool graph = cg_grad_enabled();
    if ((graph && !k->record_backward) || !mean || go->dtype != x->dtype || cg_tensor_device(go).type != CG_CPU)
        return 0;
    cg_tensor *c[3] = {NULL, NULL, NULL};
    cg_grad_set_enabled(false);
    int rc = contiguous3(go, x, w, c);
    bool need[3] = {n->next[0].node != NULL, n->nin > 1 && n->next[1].node, n->nin > 2 && n->next[2].node};
    if (rc == 0)
        rc = k->kernel_backward(c[0], c[1], mean, rstd, c[2], n->args.i[0], need, gi);
    cg_grad_set_enabled(graph);
    cg_tensor_release(c[0]), cg_tensor_release(c[1]), cg_tensor_release(c[2]);
    if (rc == 0 && graph && k->record_backward(n, go, x, mean, rstd, w, gi) < 0) {
        for (int i = 0; i < 3; i++)
            cg_tensor_release(gi[i]), gi[i] = NULL;
        rc = -1;
    }
    return rc < 0 ? -1 : 1;
}

int cg_norm_rows_backward(const cg_norm_rows_kind *k, cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *w, *mean, *rstd;
    if (cg_node_saved_all(n, 4, &x, &w, &mean, &rstd) < 0)
        return -1;
    bool stats_grad = n->nout > 1 && (go[1] || go[2]);
    if ((cg_grad_enabled() || stats_grad) && mean && k->graph_backward)
        return k->graph_backward(n, go, x, mean, rstd, w, gi);
    int fused = fused_backward(k, n, go[0], x, w, mean, rstd, gi);
    if (fused != 0)
        return fused < 0 ? -1 : 0;
    int64_t M, K, param = n->args.i[0];
    k->rows(x, param, &M, &K);
    cg_tensor *wv = w ? k->param_view(w, x) : NULL, *xhat = NULL;
    cg_tensor *g = w ? (wv ? cg_mul(go[0], wv) : NULL) : cg_tensor_retain(go[0]);
    cg_tensor *dx = g ? rows_grad(g, x, M, K, cg_scalar_to_double(n->args.s[0]), &xhat) : NULL;
    int rc = dx ? 0 : -1;
    if (rc == 0 && n->next[0].node)
        gi[0] = cg_tensor_retain(dx);
    if (rc == 0 && n->nin > 1 && n->next[1].node) {
        cg_tensor *p = cg_mul(go[0], xhat);
        rc = p && (gi[1] = k->param_sum(p, param)) ? 0 : -1;
        cg_tensor_release(p);
    }
    if (rc == 0 && n->nin > 2 && n->next[2].node)
        rc = (gi[2] = k->param_sum(go[0], param)) ? 0 : -1;
    cg_tensor_release(wv), cg_tensor_release(g), cg_tensor_release(xhat), cg_tensor_release(dx);
    return rc;
}
