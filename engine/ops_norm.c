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
 *   both:      gw = sum(grad * xhat), gb = sum(grad).
 * Every per-channel factor is folded first, so each formula is a few
 * passes over the activations: y = x * scale + shift forward, and
 * sum(grad * xhat) = invstd * (sum(grad * x) - mean * sum(grad)), and
 * gi = grad * a + x * b + c with per-channel a, b, c backward.
 * Contiguous float and double inputs on the CPU take PyTorch's fused
 * kernels instead (Note [Batch norm kernels]), forward and, when no graph
 * of the derivative is wanted, backward: the same bits as PyTorch's. */
#include <math.h>
#include <string.h>

#include "ew.h"
#include "memory_format.h"
#include "nn_internal.h"
#include "norm_kernel.h"
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

/* weight (or 1) times invstd: the per-channel scale of x */
static cg_tensor *channel_scale(cg_tensor *invstd, cg_tensor *weight, int ndim) {
    if (!weight)
        return cg_tensor_retain(invstd);
    cg_tensor *w = per_channel(weight, ndim), *k = w ? cg_mul(invstd, w) : NULL;
    cg_tensor_release(w);
    return k;
}

/* x * scale + shift, scale = invstd * weight, shift = bias - mean * scale */
static cg_tensor *normalized(cg_tensor *x, cg_tensor *mean, cg_tensor *invstd, cg_tensor *weight, cg_tensor *bias) {
    cg_tensor *scale = channel_scale(invstd, weight, x->ndim);
    cg_tensor *ms = scale ? cg_mul(mean, scale) : NULL, *b = ms && bias ? per_channel(bias, x->ndim) : NULL;
    cg_tensor *shift = !ms ? NULL : bias ? (b ? cg_sub(b, ms, cg_scalar_int(1)) : NULL) : cg_neg(ms);
    cg_tensor *y = shift ? cg_mul(x, scale) : NULL;
    if (y && cg_add_(y, shift, cg_scalar_int(1)) < 0)
        cg_tensor_release(y), y = NULL;
    cg_tensor_release(scale), cg_tensor_release(ms), cg_tensor_release(b), cg_tensor_release(shift);
    return y;
}

/* a * b + c, of engine ops (c may be NULL) */
static cg_tensor *mul_add(cg_tensor *a, cg_tensor *b, cg_tensor *c) {
    cg_tensor *p = cg_mul(a, b);
    if (!p || !c)
        return p;
    cg_tensor *r = cg_add(p, c, cg_scalar_int(1));
    cg_tensor_release(p);
    return r;
}

/* The training input gradient from the per-channel sums:
 * gi = go * a + x * b + c with a = invstd * w, b = -a * invstd * mean(go * xhat),
 * c = a * (invstd * mean * mean(go * xhat) - mean(go)). */
static cg_tensor *train_grad_input(cg_tensor *go, cg_tensor *x, cg_tensor *a, cg_tensor *mean, cg_tensor *invstd,
                                   cg_tensor *sum_g, cg_tensor *sum_gxhat, int64_t n) {
    cg_tensor *inv_n = cg_scalar_tensor(cg_scalar_float(1.0 / (double)n));
    cg_tensor *mg = inv_n ? cg_mul(sum_g, inv_n) : NULL, *mgx = mg ? cg_mul(sum_gxhat, inv_n) : NULL;
    cg_tensor *t = mgx ? cg_mul(invstd, mgx) : NULL; /* invstd * mean(go * xhat) */
    cg_tensor *at = t ? cg_mul(a, t) : NULL, *b = at ? cg_neg(at) : NULL;
    cg_tensor *tm = b ? cg_mul(t, mean) : NULL, *d = tm ? cg_sub(tm, mg, cg_scalar_int(1)) : NULL;
    cg_tensor *c = d ? cg_mul(a, d) : NULL;
    cg_tensor *xb = c ? mul_add(x, b, c) : NULL;
    cg_tensor *gi = xb ? mul_add(go, a, xb) : NULL;
    cg_tensor_release(inv_n), cg_tensor_release(mg), cg_tensor_release(mgx), cg_tensor_release(t);
    cg_tensor_release(at), cg_tensor_release(b), cg_tensor_release(tm), cg_tensor_release(d), cg_tensor_release(c);
    cg_tensor_release(xb);
    return gi;
}

/* Which CPU kernels take x (any layout for the strided ones) and params
 * (contiguous): Note [Batch norm kernels], Note [Strided batch norm] */
enum { CPU_NONE, CPU_FUSED, CPU_STRIDED };
static int cpu_path(cg_tensor *x, cg_tensor *const *params, int n) {
    if (!cg_norm_kernel_fits(x, params, n))
        return CPU_NONE;
    for (int i = 0; i < n; i++)
        if (params[i] && !cg_tensor_is_contiguous(params[i]))
            return CPU_NONE;
    return cg_batch_norm_dense(x) ? CPU_FUSED : CPU_STRIDED;
}

/* The fused backward kernel, where the forward took the fused kernel; under
 * create_graph recorded as NativeBatchNormBackwardBackward0, whose
 * derivative is batchnorm_double_backward (batch_norm_backward.c), as
 * PyTorch does: 1 done, 0 not applicable, -1 error */
static int fused_backward(cg_node *n, cg_tensor *go, cg_tensor *x, cg_tensor *w, cg_tensor *rm, cg_tensor *rv,
                          cg_tensor **gi) {
    bool training = n->args.flag, graph = cg_grad_enabled();
    cg_tensor *stat1 = rm, *stat2 = rv, *mean = training ? rm : NULL, *invstd = training ? rv : NULL;
    if (training)
        rm = rv = NULL;
    if (!n->args.i[0] || go->ndim != x->ndim || memcmp(go->sizes, x->sizes, (size_t)x->ndim * sizeof *x->sizes)
        || cpu_path(go, (cg_tensor *[]){w, rm, rv}, 3) == CPU_NONE || cpu_path(x, NULL, 0) == CPU_NONE)
        return 0;
    bool need[3] = {n->next[0].node != NULL, n->nin > 1 && n->next[1].node, n->nin > 2 && n->next[2].node};
    /* PyTorch's fused backward wants x and go laid out alike */
    bool alike = cg_batch_norm_dense(x) && cg_batch_norm_dense(go)
                 && cg_suggest_memory_format(x) == cg_suggest_memory_format(go);
    double eps = cg_scalar_to_double(n->args.s[0]);
    cg_grad_set_enabled(false);
    int rc = alike ? cg_batch_norm_backward_kernel(go, x, w, rm, rv, mean, invstd, training, eps, need, gi)
                   : cg_batch_norm_backward_strided(go, x, w, rm, rv, mean, invstd, training, eps, need, gi);
    cg_grad_set_enabled(graph);
    if (rc == 0 && graph && cg_batch_norm_record_backward(n, go, x, w, stat1, stat2, gi) < 0) {
        for (int i = 0; i < 3; i++)
            cg_tensor_release(gi[i]), gi[i] = NULL;
        rc = -1;
    }
    return rc < 0 ? -1 : 1;
}

/* NativeBatchNormBackward0 (Note [Batch norm]) */
int cg_bw_batch_norm(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *w, *rm, *rv;
    if (cg_node_saved_all(n, 4, &x, &w, &rm, &rv) < 0)
        return -1;
    int fused = fused_backward(n, go[0], x, w, rm, rv, gi);
    if (fused != 0)
        return fused < 0 ? -1 : 0;
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
    /* per-channel sums, keepdim: sum(go) and sum(go * xhat) */
    cg_tensor *sum_g = cg_sum(go[0], nd, dims, true), *gx = sum_g ? cg_mul(go[0], x) : NULL;
    cg_tensor *sum_gx = gx ? cg_sum(gx, nd, dims, true) : NULL;
    cg_tensor_release(gx);
    cg_tensor *ms = sum_gx ? cg_mul(mean, sum_g) : NULL, *cs = ms ? cg_sub(sum_gx, ms, cg_scalar_int(1)) : NULL;
    cg_tensor *sum_gxhat = cs ? cg_mul(invstd, cs) : NULL;
    cg_tensor_release(sum_gx), cg_tensor_release(ms), cg_tensor_release(cs);
    cg_tensor *a = sum_gxhat ? channel_scale(invstd, w, x->ndim) : NULL;
    rc = a ? 0 : -1;
    if (rc == 0 && n->next[0].node) {
        gi[0] = training
                    ? train_grad_input(go[0], x, a, mean, invstd, sum_g, sum_gxhat, cg_tensor_numel(x) / x->sizes[1])
                    : cg_mul(go[0], a);
        rc = gi[0] ? 0 : -1;
    }
    if (rc == 0 && n->nin > 1 && n->next[1].node)
        rc = (gi[1] = cg_reshape(sum_gxhat, 1, &x->sizes[1])) ? 0 : -1;
    if (rc == 0 && n->nin > 2 && n->next[2].node)
        rc = (gi[2] = cg_reshape(sum_g, 1, &x->sizes[1])) ? 0 : -1;
    cg_tensor_release(mean), cg_tensor_release(invstd), cg_tensor_release(sum_g), cg_tensor_release(sum_gxhat);
    cg_tensor_release(a);
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
    if (check_channels("weight", w, c) < 0 || check_channels("bias", b, c) < 0
        || check_channels("running_mean", rm, c) < 0 || check_channels("running_var", rv, c) < 0)
        return -1;
    CG_CHECK_INT(cg_dtype_is_float(x->dtype), CG_RUNTIME_ERROR, "\"batch_norm\" not implemented for '%s'",
                 cg_dtype_legacy_name(x->dtype));
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

/* y's node; in training it saves the batch's mean and invstd of the fused
 * kernel (PyTorch's result1 and result2) where evaluation saves the running
 * statistics; i[0] says the forward was fused */
static cg_tensor *record(cg_tensor *x, cg_tensor *rm, cg_tensor *rv, cg_tensor *w, cg_tensor *b, bool training,
                         double eps, cg_tensor *y, cg_tensor *mean, cg_tensor *invstd, bool fused) {
    cg_tensor *in[3] = {x, w, b};
    if (!cg_autograd_needed(3, in))
        return y;
    cg_op_args args = {.s = {cg_scalar_float(eps)}, .i = {fused}, .flag = training};
    cg_save_spec save[4] = {{x, "input"}, {w, "weight"}, {training ? mean : rm, training ? "result1" : "running_mean"},
                            {training ? invstd : rv, training ? "result2" : "running_var"}};
    if (cg_autograd_record(CG_OP_BATCH_NORM, 1, &y, 3, in, 4, save, &args, NULL) < 0) {
        cg_tensor_release(y);
        return NULL;
    }
    return y;
}

cg_tensor *cg_batch_norm(cg_tensor *x, cg_tensor *running_mean, cg_tensor *running_var, cg_tensor *weight,
                         cg_tensor *bias, bool training, double momentum, double eps) {
    if (check_args(x, running_mean, running_var, weight, bias, training) < 0)
        return NULL;
    cg_tensor *y, *mean = NULL, *invstd = NULL;
    int path = cpu_path(x, (cg_tensor *[]){running_mean, running_var, weight, bias}, 4);
    bool fused = path != CPU_NONE;
    if (fused) {
        y = path == CPU_FUSED ? cg_batch_norm_kernel(x, running_mean, running_var, weight, bias, training, momentum,
                                                     eps, &mean, &invstd)
                              : cg_batch_norm_strided(x, running_mean, running_var, weight, bias, training, momentum,
                                                      eps, &mean, &invstd);
        for (int i = 0; y && training && i < 2; i++) /* the running statistics were written in place */
            if ((i ? running_var : running_mean))
                (i ? running_var : running_mean)->storage->version++;
    } else {
        bool was = cg_grad_set_enabled(false);
        y = batch_norm_forward(x, running_mean, running_var, weight, bias, training, momentum, eps);
        cg_grad_set_enabled(was);
    }
    y = y ? record(x, running_mean, running_var, weight, bias, training, eps, y, mean, invstd, fused) : NULL;
    cg_tensor_release(mean), cg_tensor_release(invstd);
    return y;
}
