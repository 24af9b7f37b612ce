/* ops_norm.c: batch_norm (ops_nn.h), its running statistics and its
 * derivative.
 *
 * Note [Batch norm]
 * ~~~~~~~~~~~~~~~~~
 * batch_norm normalises every channel (dim 1) over all the other dims:
 *   y = (x - mean) * invstd * weight + bias,  invstd = 1 / sqrt(var + eps)
 * where mean and the biased var are the batch's in training and the
 * running statistics in evaluation. Training also moves the running
 * statistics towards the batch's, in place and unrecorded:
 *   running_mean = (1 - momentum) * running_mean + momentum * mean
 *   running_var  = (1 - momentum) * running_var + momentum * var * n / (n - 1)
 * The node is PyTorch's NativeBatchNormBackward0 with edges to (input,
 * weight, bias). Its derivative recomputes the batch statistics from the
 * saved input with engine ops, so a create_graph backward differentiates
 * through them:
 *   training:  gi = invstd * (g - mean(g) - xhat * mean(g * xhat)), g = grad * weight
 *   eval:      gi = grad * weight * invstd
 *   both:      gw = sum(grad * xhat), gb = sum(grad). */
#include <math.h>

#include "ew.h"
#include "nn_internal.h"
#include "ops.h"

/* the dims batch_norm reduces over: all but the channel dim */
static int stat_dims(int ndim, int64_t *dims) {
    int n = 0;
    for (int d = 0; d < ndim; d++)
        if (d != 1)
            dims[n++] = d;
    return n;
}

/* a per-channel [C] tensor seen as [1, C, 1, ...] against an ndim input */
static cg_tensor *per_channel(cg_tensor *t, int ndim) {
    int64_t sizes[CG_MAX_DIMS] = {0};
    for (int d = 0; d < ndim; d++)
        sizes[d] = d == 1 ? t->sizes[0] : 1;
    return cg_view(t, ndim, sizes);
}

/* mean and invstd of the batch ([1, C, 1, ...], keepdim) */
static int batch_stats(cg_tensor *x, double eps, cg_tensor **mean, cg_tensor **invstd, cg_tensor **var) {
    int64_t dims[CG_MAX_DIMS];
    int nd = stat_dims(x->ndim, dims);
    *mean = cg_mean(x, nd, dims, true);
    *var = *mean ? cg_var(x, nd, dims, 0, true) : NULL;
    cg_tensor *e = *var ? cg_scalar_tensor(cg_scalar_float(eps)) : NULL;
    cg_tensor *ve = e ? cg_add(*var, e, cg_scalar_int(1)) : NULL;
    *invstd = ve ? cg_rsqrt(ve) : NULL;
    cg_tensor_release(e), cg_tensor_release(ve);
    return *invstd ? 0 : -1;
}

/* mean and invstd from the running statistics ([1, C, 1, ...]) */
static int running_stats(cg_tensor *rm, cg_tensor *rv, int ndim, double eps, cg_tensor **mean, cg_tensor **invstd) {
    *mean = per_channel(rm, ndim);
    cg_tensor *v = *mean ? per_channel(rv, ndim) : NULL;
    cg_tensor *e = v ? cg_scalar_tensor(cg_scalar_float(eps)) : NULL;
    cg_tensor *ve = e ? cg_add(v, e, cg_scalar_int(1)) : NULL;
    *invstd = ve ? cg_rsqrt(ve) : NULL;
    cg_tensor_release(v), cg_tensor_release(e), cg_tensor_release(ve);
    return *invstd ? 0 : -1;
}

/* t = (1 - momentum) * t + momentum * value, in place ([C] and [1, C, 1, ...]) */
static int move_towards(cg_tensor *t, cg_tensor *value, double momentum) {
    cg_tensor *v = cg_reshape(value, 1, t->sizes);
    cg_tensor *keep = v ? cg_scalar_tensor(cg_scalar_float(1 - momentum)) : NULL;
    int rc = keep ? cg_mul_(t, keep) : -1;
    rc = rc == 0 ? cg_add_(t, v, cg_scalar_float(momentum)) : -1;
    cg_tensor_release(v), cg_tensor_release(keep);
    return rc;
}

/* the running statistics' step after a training batch (grad mode off) */
static int update_running(cg_tensor *rm, cg_tensor *rv, cg_tensor *mean, cg_tensor *var, int64_t n, double momentum) {
    if (rm && move_towards(rm, mean, momentum) < 0)
        return -1;
    if (!rv)
        return 0;
    cg_tensor *f = cg_scalar_tensor(cg_scalar_float(n > 1 ? (double)n / (double)(n - 1) : INFINITY));
    cg_tensor *unbiased = f ? cg_mul(var, f) : NULL;
    int rc = unbiased ? move_towards(rv, unbiased, momentum) : -1;
    cg_tensor_release(f), cg_tensor_release(unbiased);
    return rc;
}

/* (x - mean) * invstd, then * weight + bias where given */
static cg_tensor *normalized(cg_tensor *x, cg_tensor *mean, cg_tensor *invstd, cg_tensor *weight, cg_tensor *bias) {
    cg_tensor *c = cg_sub(x, mean, cg_scalar_int(1));
    cg_tensor *y = c ? cg_mul(c, invstd) : NULL;
    cg_tensor_release(c);
    if (y && weight) {
        cg_tensor *w = per_channel(weight, x->ndim);
        int rc = w ? cg_mul_(y, w) : -1;
        cg_tensor_release(w);
        if (rc < 0)
            cg_tensor_release(y), y = NULL;
    }
    if (y && bias) {
        cg_tensor *b = per_channel(bias, x->ndim);
        int rc = b ? cg_add_(y, b, cg_scalar_int(1)) : -1;
        cg_tensor_release(b);
        if (rc < 0)
            cg_tensor_release(y), y = NULL;
    }
    return y;
}

/* NativeBatchNormBackward0 (Note [Batch norm]) */
int bw_batch_norm(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *w, *rm, *rv;
    if (cg_node_saved_all(n, 4, &x, &w, &rm, &rv) < 0)
        return -1;
    bool training = n->args.flag;
    double eps = cg_scalar_to_double(n->args.s[0]);
    int64_t dims[CG_MAX_DIMS];
    int nd = stat_dims(x->ndim, dims);
    cg_tensor *mean, *invstd, *var = NULL;
    int rc = training ? batch_stats(x, eps, &mean, &invstd, &var) : running_stats(rm, rv, x->ndim, eps, &mean, &invstd);
    cg_tensor_release(var);
    if (rc < 0) {
        cg_tensor_release(mean);
        return -1;
    }
    cg_tensor *c = cg_sub(x, mean, cg_scalar_int(1)), *xhat = c ? cg_mul(c, invstd) : NULL;
    cg_tensor_release(c);
    cg_tensor *wv = xhat && w ? per_channel(w, x->ndim) : NULL;
    cg_tensor *g = !xhat ? NULL : w ? cg_mul(go[0], wv) : cg_tensor_retain(go[0]);
    rc = g ? 0 : -1;
    if (rc == 0 && n->next[0].node) {
        cg_tensor *d = NULL;
        if (training) { /* g - mean(g) - xhat * mean(g * xhat) */
            cg_tensor *mg = cg_mean(g, nd, dims, true), *gx = mg ? cg_mul(g, xhat) : NULL;
            cg_tensor *mgx = gx ? cg_mean(gx, nd, dims, true) : NULL, *t = mgx ? cg_mul(xhat, mgx) : NULL;
            cg_tensor *d1 = t ? cg_sub(g, mg, cg_scalar_int(1)) : NULL;
            d = d1 ? cg_sub(d1, t, cg_scalar_int(1)) : NULL;
            cg_tensor_release(mg), cg_tensor_release(gx), cg_tensor_release(mgx), cg_tensor_release(t);
            cg_tensor_release(d1);
        } else {
            d = cg_tensor_retain(g);
        }
        gi[0] = d ? cg_mul(d, invstd) : NULL;
        cg_tensor_release(d);
        rc = gi[0] ? 0 : -1;
    }
    if (rc == 0 && n->nin > 1 && n->next[1].node) {
        cg_tensor *p = cg_mul(go[0], xhat);
        gi[1] = p ? cg_sum(p, nd, dims, false) : NULL;
        cg_tensor_release(p);
        rc = gi[1] ? 0 : -1;
    }
    if (rc == 0 && n->nin > 2 && n->next[2].node)
        rc = (gi[2] = cg_sum(go[0], nd, dims, false)) ? 0 : -1;
    cg_tensor_release(mean), cg_tensor_release(invstd), cg_tensor_release(xhat), cg_tensor_release(wv);
    cg_tensor_release(g);
    return rc;
}

static int check_channels(const char *name, const cg_tensor *t, int64_t c) {
    CG_CHECK_INT(!t || cg_tensor_numel(t) == c, CG_RUNTIME_ERROR, "%s should contain %lld elements not %lld", name,
                 (long long)c, (long long)(t ? cg_tensor_numel(t) : 0));
    return 0;
}

static int check_args(cg_tensor *x, cg_tensor *rm, cg_tensor *rv, cg_tensor *w, cg_tensor *b, bool training) {
    if (x->ndim < 2) { /* PyTorch reads input.size(1) first */
        cg_error_set(CG_INDEX_ERROR, "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
        return -1;
    }
    int64_t c = x->sizes[1];
    CG_CHECK_INT(training || (rm && rv), CG_RUNTIME_ERROR, "running_%s must be defined in evaluation mode",
                 rm ? "var" : "mean");
    if (check_channels("weight", w, c) < 0 || check_channels("bias", b, c) < 0 ||
        check_channels("running_mean", rm, c) < 0 || check_channels("running_var", rv, c) < 0)
        return -1;
    CG_CHECK_INT(cg_dtype_is_float(x->dtype), CG_RUNTIME_ERROR, "\"batch_norm\" not implemented for '%s'",
                 cg_nn_type_name(x->dtype));
    cg_tensor *all[5] = {x, w, b, rm, rv};
    for (int i = 1; i < 5; i++)
        if (all[i] && cg_check_same_device(2, (cg_tensor *[]){x, all[i]}) < 0)
            return -1;
    return 0;
}

/* the forward pass with grad mode off; updates the running statistics in training */
static cg_tensor *batch_norm_forward(cg_tensor *x, cg_tensor *rm, cg_tensor *rv, cg_tensor *w, cg_tensor *b,
                                     bool training, double momentum, double eps) {
    cg_tensor *mean, *invstd, *var = NULL;
    int rc = training ? batch_stats(x, eps, &mean, &invstd, &var) : running_stats(rm, rv, x->ndim, eps, &mean, &invstd);
    cg_tensor *y = rc == 0 ? normalized(x, mean, invstd, w, b) : NULL;
    if (y && training && update_running(rm, rv, mean, var, cg_tensor_numel(x) / x->sizes[1], momentum) < 0)
        cg_tensor_release(y), y = NULL;
    cg_tensor_release(mean), cg_tensor_release(invstd), cg_tensor_release(var);
    return y;
}

cg_tensor *cg_batch_norm(cg_tensor *x, cg_tensor *running_mean, cg_tensor *running_var, cg_tensor *weight,
                         cg_tensor *bias, bool training, double momentum, double eps) {
    if (check_args(x, running_mean, running_var, weight, bias, training) < 0)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *y = batch_norm_forward(x, running_mean, running_var, weight, bias, training, momentum, eps);
    cg_grad_set_enabled(was);
    cg_tensor *in[3] = {x, weight, bias};
    if (!y || !cg_autograd_needed(3, in))
        return y;
    cg_op_args args = {.s = {cg_scalar_float(eps)}, .flag = training};
    cg_save_spec save[4] = {{x, "input"}, {weight, "weight"}, {training ? NULL : running_mean, "running_mean"},
                            {training ? NULL : running_var, "running_var"}};
    if (cg_autograd_record(CG_OP_BATCH_NORM, 1, &y, 3, in, 4, save, &args, NULL) < 0) {
        cg_tensor_release(y);
        return NULL;
    }
    return y;
}
