/* ops_group_norm.c: group_norm (ops_nn.h), PyTorch's native_group_norm
 * with its node NativeGroupNormBackward0, and its derivative.
 *
 * Note [Group norm]
 * ~~~~~~~~~~~~~~~~~
 * The channels of x [N, C, *] split into G groups of D = C / G; each
 * (sample, group) is normalised as one row of D * HxW values by its mean
 * and rstd = 1 / sqrt(biased var + eps), then each channel times weight[c]
 * plus bias[c]. On the CPU, float and double take PyTorch's fused kernels
 * (group_norm_kernel.c) over a contiguous copy; elsewhere, and for a
 * backward that records a graph, engine ops (norm_rows.c). The node saves
 * the input, the weight and the kernel's mean and rstd [N, G]. */
#include "ew.h"
#include "nn_internal.h"
#include "norm_kernel.h"
#include "ops.h"

/* shown is the tensor whose shape the message prints: PyTorch 1.13's bias
 * message prints the weight's ([0] when there is none) */
static int check_param(const char *name, const cg_tensor *t, const cg_tensor *shown, const cg_tensor *x) {
    char a[128] = "[0]", b[128];
    if (shown)
        cg_sizes_str(shown->ndim, shown->sizes, a, sizeof a);
    CG_CHECK_INT(!t || (t->ndim == 1 && t->sizes[0] == x->sizes[1]), CG_RUNTIME_ERROR,
                 "Expected %s to be a vector of size equal to the number of channels in input, but got %s of shape "
                 "%s and input of shape %s",
                 name, name, a, cg_sizes_str(x->ndim, x->sizes, b, sizeof b));
    return 0;
}

static int check_args(cg_tensor *x, int64_t G, cg_tensor *w, cg_tensor *b) {
    char s[128];
    if (x->ndim < 2) { /* PyTorch reads input.size(1) first */
        cg_error_set(CG_INDEX_ERROR, x->ndim ? "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
                                             : "dimension specified as 1 but tensor has no dimensions");
        return -1;
    }
    CG_CHECK_INT(G > 0 && x->sizes[1] % G == 0, CG_RUNTIME_ERROR,
                 "Expected number of channels in input to be divisible by num_groups, but got input of shape %s and "
                 "num_groups=%lld",
                 cg_sizes_str(x->ndim, x->sizes, s, sizeof s), (long long)G);
    if (check_param("weight", w, w, x) < 0 || check_param("bias", b, w, x) < 0)
        return -1;
    if (!cg_dtype_is_float(x->dtype))
        return cg_nn_not_implemented("GroupNormKernelImpl", x->dtype);
    cg_tensor *all[3] = {x, w, b};
    for (int i = 1; i < 3; i++)
        if (all[i] && cg_check_same_device(2, (cg_tensor *[]){x, all[i]}) < 0)
            return -1;
    return 0;
}

/* a per-channel [C] tensor seen as [C, 1, ...] against x [N, C, ...] */
static cg_tensor *per_channel(cg_tensor *t, const cg_tensor *x) {
    int64_t sizes[CG_MAX_DIMS];
    for (int d = 1; d < x->ndim; d++)
        sizes[d - 1] = d == 1 ? x->sizes[1] : 1;
    return cg_view(t, x->ndim - 1, sizes);
}

/* xhat * weight + bias per channel, of engine ops */
static cg_tensor *affine(cg_tensor *xhat, cg_tensor *w, cg_tensor *b) {
    cg_tensor *wv = w ? per_channel(w, xhat) : NULL, *bv = b ? per_channel(b, xhat) : NULL;
    cg_tensor *y = (w && !wv) || (b && !bv) ? NULL : w ? cg_mul(xhat, wv) : cg_tensor_retain(xhat);
    if (y && b) {
        cg_tensor *yb = cg_add(y, bv, cg_scalar_int(1));
        cg_tensor_release(y);
        y = yb;
    }
    cg_tensor_release(wv), cg_tensor_release(bv);
    return y;
}

/* the rows: one per (sample, group), of D * HxW values */
static void rows_of(const cg_tensor *x, int64_t G, int64_t *M, int64_t *K) {
    *M = x->sizes[0] * G;
    *K = *M ? cg_tensor_numel(x) / *M : 0;
}

static cg_tensor *forward_fused(cg_tensor *x, int64_t G, cg_tensor *w, cg_tensor *b, double eps, cg_tensor **mean,
                                cg_tensor **rstd) {
    cg_tensor *xc = cg_contiguous(x), *wc = xc && w ? cg_contiguous(w) : NULL, *bc = xc && b ? cg_contiguous(b) : NULL;
    cg_tensor *y = xc && (!w || wc) && (!b || bc) ? cg_group_norm_kernel(xc, G, wc, bc, eps, mean, rstd) : NULL;
    cg_tensor_release(xc), cg_tensor_release(wc), cg_tensor_release(bc);
    return y;
}

cg_tensor *cg_group_norm(cg_tensor *x, int64_t G, cg_tensor *w, cg_tensor *b, double eps) {
    if (check_args(x, G, w, b) < 0)
        return NULL;
    cg_tensor *y, *mean = NULL, *rstd = NULL;
    bool was = cg_grad_set_enabled(false);
    if (cg_norm_kernel_fits(x, (cg_tensor *[]){w, b}, 2))
        y = forward_fused(x, G, w, b, eps, &mean, &rstd);
    else {
        int64_t M, K;
        rows_of(x, G, &M, &K);
        cg_tensor *xhat = cg_norm_rows_normalized(x, M, K, eps);
        y = xhat ? affine(xhat, w, b) : NULL;
        cg_tensor_release(xhat);
    }
    cg_grad_set_enabled(was);
    cg_tensor *in[3] = {x, w, b};
    if (y && cg_autograd_needed(3, in)) {
        cg_op_args args = {.s = {cg_scalar_float(eps)}, .i = {G}};
        cg_save_spec save[4] = {{x, "input"}, {w, "weight"}, {mean, "result1"}, {rstd, "result2"}};
        if (cg_autograd_record(CG_OP_GROUP_NORM, 1, &y, 3, in, 4, save, &args, NULL) < 0)
            cg_tensor_release(y), y = NULL;
    }
    cg_tensor_release(mean), cg_tensor_release(rstd);
    return y;
}

/* The fused backward, when no graph of it is wanted and the forward was
 * fused: 1 done, 0 not applicable, -1 error */
static int fused_backward(cg_node *n, cg_tensor *go, cg_tensor *x, cg_tensor *w, cg_tensor *mean, cg_tensor *rstd,
                          cg_tensor **gi) {
    if (cg_grad_enabled() || !mean || go->dtype != x->dtype || cg_tensor_device(go).type != CG_CPU)
        return 0;
    cg_tensor *goc = cg_contiguous(go), *xc = goc ? cg_contiguous(x) : NULL, *wc = xc && w ? cg_contiguous(w) : NULL;
    bool need[3] = {n->next[0].node != NULL, n->nin > 1 && n->next[1].node, n->nin > 2 && n->next[2].node};
    int rc = xc && (!w || wc) ? cg_group_norm_backward_kernel(goc, xc, mean, rstd, wc, n->args.i[0], need, gi) : -1;
    cg_tensor_release(goc), cg_tensor_release(xc), cg_tensor_release(wc);
    return rc < 0 ? -1 : 1;
}

/* the sum of t over every dim but the channels' */
static cg_tensor *sum_but_channels(cg_tensor *t) {
    int64_t dims[CG_MAX_DIMS];
    int k = 0;
    for (int d = 0; d < t->ndim; d++)
        if (d != 1)
            dims[k++] = d;
    return cg_sum(t, k, dims, false);
}

/* NativeGroupNormBackward0 (Note [Group norm]) */
int cg_bw_group_norm(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *w, *mean, *rstd;
    if (cg_node_saved_all(n, 4, &x, &w, &mean, &rstd) < 0)
        return -1;
    int fused = fused_backward(n, go[0], x, w, mean, rstd, gi);
    if (fused != 0)
        return fused < 0 ? -1 : 0;
    int64_t M, K;
    rows_of(x, n->args.i[0], &M, &K);
    cg_tensor *wv = w ? per_channel(w, x) : NULL, *xhat = NULL;
    cg_tensor *g = w ? (wv ? cg_mul(go[0], wv) : NULL) : cg_tensor_retain(go[0]);
    cg_tensor *dx = g ? cg_norm_rows_grad(g, x, M, K, cg_scalar_to_double(n->args.s[0]), &xhat) : NULL;
    int rc = dx ? 0 : -1;
    if (rc == 0 && n->next[0].node)
        gi[0] = cg_tensor_retain(dx);
    if (rc == 0 && n->nin > 1 && n->next[1].node) {
        cg_tensor *p = cg_mul(go[0], xhat);
        rc = p && (gi[1] = sum_but_channels(p)) ? 0 : -1;
        cg_tensor_release(p);
    }
    if (rc == 0 && n->nin > 2 && n->next[2].node)
        rc = (gi[2] = sum_but_channels(go[0])) ? 0 : -1;
    cg_tensor_release(wv), cg_tensor_release(g), cg_tensor_release(xhat), cg_tensor_release(dx);
    return rc;
}
