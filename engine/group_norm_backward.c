/* group_norm_backward.c: group_norm's derivative under create_graph, as
 * PyTorch 1.13 takes it there: not its fused kernel but the composite
 * infinitely_differentiable_native_group_norm_backward over the forward's
 * mean and rstd [N, G], op for op, so that first- and second-order
 * gradients round as PyTorch's (its graph ends in ReshapeAliasBackward0 of
 * an AddBackward0, as PyTorch's does). Not here: the kernels
 * (group_norm_kernel.c) and the engine-op path where the forward was not
 * fused (norm_rows.c). */
#include "formula.h"
#include "nn_internal.h"

/* var_mean_backward(dvar, dmean, x, dims {2, 3}, correction 0, keepdim):
 * (2 / dof) dvar (x - mean(x)) + dmean expanded / dof */
static cg_tensor *var_mean_backward(scratch *s, cg_tensor *dvar, cg_tensor *dmean, cg_tensor *x, int64_t dof) {
    cg_tensor *m = x ? keep(s, cg_mean(x, 2, (int64_t[]){2, 3}, true)) : NULL;
    cg_tensor *gvar = s_mul(s, s_scale(s, dvar, 2.0 / (double)dof), s_sub(s, x, m));
    cg_tensor *gmean = dmean ? s_int(s, keep(s, cg_expand(dmean, x->ndim, x->sizes)), dof, true) : NULL;
    return s_add(s, gvar, gmean);
}

/* NativeGroupNormBackward0 where PyTorch takes its composite: under
 * create_graph, or when the gradients of the mean and rstd outputs (the
 * statistics a create_graph gradient used) arrive: go[0..3) for (y, mean,
 * rstd), any of them NULL */
int cg_group_norm_graph_backward(cg_node *n, cg_tensor *const *go, cg_tensor *X, cg_tensor *mean, cg_tensor *rstd,
                                 cg_tensor *gamma, cg_tensor **gi) {
    int64_t G = n->args.i[0], N = X->sizes[0], C = X->sizes[1];
    int64_t HxW = N * C != 0 ? cg_tensor_numel(X) / (N * C) : 1, D = C / G;
    double s_ = 1.0 / (double)(D * HxW);
    int64_t rows[4] = {N, G, D, HxW}, stats[4] = {N, G, 1, 1};
    cg_tensor *dY = go[0], *dmean = n->nout > 1 ? go[1] : NULL, *drstd = n->nout > 2 ? go[2] : NULL;
    scratch s = {0};
    cg_tensor *x = s_reshape(&s, X, 4, rows), *mu = s_reshape(&s, mean, 4, stats), *r = s_reshape(&s, rstd, 4, stats);
    cg_tensor *dy = dY ? s_reshape(&s, dY, 4, rows) : NULL, *ds = NULL, *db = NULL;
    if (dY) {
        ds = s_sum_dim(&s, s_mul(&s, dy, x), 3, true);
        db = s_sum_dim(&s, dy, 3, true);
    }
    cg_tensor *g = gamma ? s_reshape(&s, gamma, 4, (int64_t[]){1, G, D, 1}) : NULL;
    int rc = x && mu && r && (!dY || (ds && db)) && (!gamma || g) ? 0 : -1;
    if (rc == 0 && n->next[0].node && (dY || (dmean && drstd))) {
        cg_tensor *r3 = s_mul(&s, s_mul(&s, r, r), r), *dx = NULL;
        cg_tensor *dvar = drstd ? s_mul(&s, s_scale(&s, r3, -0.5), s_reshape(&s, drstd, 4, stats)) : NULL;
        if (dY) {
            cg_tensor *a = g ? s_mul(&s, r, g) : r;
            cg_tensor *b = s_sum_dim(&s, g ? s_mul(&s, ds, g) : ds, 2, true);
            cg_tensor *c = s_sum_dim(&s, g ? s_mul(&s, db, g) : db, 2, true);
            b = s_scale(&s, s_mul(&s, s_sub(&s, s_mul(&s, c, mu), b), r3), s_);
            c = s_sub(&s, s_mul(&s, s_fn(&s, cg_neg, b), mu), s_scale(&s, s_mul(&s, c, r), s_));
            dx = s_add(&s, s_add(&s, s_mul(&s, a, dy), s_mul(&s, b, x)), c);
        }
        if (dmean && drstd) {
            cg_tensor *vm = var_mean_backward(&s, dvar, s_reshape(&s, dmean, 4, stats), x, D * HxW);
            dx = dY ? s_add(&s, dx, vm) : vm;
        }
        rc = dx && (gi[0] = cg_reshape(dx, X->ndim, X->sizes)) ? 0 : -1;
    }
    if (rc == 0 && dY && gamma && n->next[1].node) {
        cg_tensor *dg = s_sum_dim(&s, s_mul(&s, s_sub(&s, ds, s_mul(&s, db, mu)), r), 0, false);
        rc = dg && (gi[1] = cg_reshape(dg, 1, gamma->sizes)) ? 0 : -1;
    }
    if (rc == 0 && dY && gamma && n->nin > 2 && n->next[2].node) {
        cg_tensor *dbeta = s_sum_dim(&s, db, 0, false);
        rc = dbeta && (gi[2] = cg_reshape(dbeta, 1, gamma->sizes)) ? 0 : -1;
    }
    scratch_free(&s);
    return rc;
}
