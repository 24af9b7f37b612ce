/* ops_layer_norm.c: layer_norm (ops_nn.h), PyTorch's native_layer_norm with
 * its node NativeLayerNormBackward0, and its derivative.
 *
 * Note [Layer norm]
 * ~~~~~~~~~~~~~~~~~
 * The input is seen as rows [M, N], N the product of the normalized shape
 * (its trailing dims); each row is normalised by its mean and rstd =
 * 1 / sqrt(biased var + eps), then times weight plus bias (of the
 * normalized shape). On the CPU, float and double take PyTorch's fused
 * kernels (layer_norm_kernel.c) over contiguous copies, as PyTorch makes
 * them: the same bits forward and backward. Elsewhere, and for a backward
 * that itself records a graph, engine ops compute it (norm_rows.c). The
 * node saves the input, the weight and the kernel's mean and rstd. */
#include <stdio.h>
#include <string.h>

#include "ew.h"
#include "nn_internal.h"
#include "norm_kernel.h"
#include "ops.h"

/* "[2, 3]" of n sizes */
static const char *shape_str(int n, const int64_t *sizes, char *buf, size_t len) {
    return cg_sizes_str(n, sizes, buf, len);
}

static bool same_shape(const cg_tensor *t, int nd, const int64_t *shape) {
    return t->ndim == nd && !memcmp(t->sizes, shape, (size_t)nd * sizeof *shape);
}

static int check_param(const char *name, const cg_tensor *t, int nd, const int64_t *shape) {
    char a[128], b[128];
    CG_CHECK_INT(!t || same_shape(t, nd, shape), CG_RUNTIME_ERROR,
                 "Expected %s to be of same shape as normalized_shape, but got %s of shape %s and normalized_shape = %s",
                 name, name, t ? shape_str(t->ndim, t->sizes, a, sizeof a) : "", shape_str(nd, shape, b, sizeof b));
    return 0;
}

static int check_args(cg_tensor *x, int nd, const int64_t *shape, cg_tensor *w, cg_tensor *b) {
    char s[128], got[128], want[256] = "[*";
    CG_CHECK_INT(nd >= 1, CG_RUNTIME_ERROR,
                 "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but "
                 "got normalized_shape = []");
    if (check_param("weight", w, nd, shape) < 0 || check_param("bias", b, nd, shape) < 0)
        return -1;
    if (x->ndim < nd || memcmp(x->sizes + x->ndim - nd, shape, (size_t)nd * sizeof *shape)) {
        for (int d = 0; d < nd; d++)
            snprintf(want + strlen(want), sizeof want - strlen(want), ", %lld", (long long)shape[d]);
        cg_error_set(CG_RUNTIME_ERROR, "Given normalized_shape=%s, expected input with shape %s], but got input of size%s",
                     shape_str(nd, shape, s, sizeof s), want, shape_str(x->ndim, x->sizes, got, sizeof got));
        return -1;
    }
    if (!cg_dtype_is_float(x->dtype))
        return cg_nn_not_implemented("LayerNormKernelImpl", x->dtype);
    cg_tensor *all[3] = {x, w, b};
    for (int i = 1; i < 3; i++)
        if (all[i] && cg_check_same_device(2, (cg_tensor *[]){x, all[i]}) < 0)
            return -1;
    return 0;
}

/* the rows: M = the leading dims' product, N = the normalized shape's */
static void rows_of(const cg_tensor *x, int nd, int64_t *M, int64_t *N) {
    *M = *N = 1;
    for (int d = 0; d < x->ndim; d++)
        *(d < x->ndim - nd ? M : N) *= x->sizes[d];
}

/* xhat * weight + bias of engine ops (either may be NULL) */
static cg_tensor *affine(cg_tensor *xhat, cg_tensor *w, cg_tensor *b) {
    cg_tensor *y = w ? cg_mul(xhat, w) : cg_tensor_retain(xhat);
    if (y && b) {
        cg_tensor *yb = cg_add(y, b, cg_scalar_int(1));
        cg_tensor_release(y);
        y = yb;
    }
    return y;
}

/* the fused kernel over contiguous copies, as PyTorch's: y, mean, rstd */
static cg_tensor *forward_fused(cg_tensor *x, int nd, cg_tensor *w, cg_tensor *b, double eps, cg_tensor **mean,
                                cg_tensor **rstd) {
    int64_t M, N, stat[CG_MAX_DIMS];
    rows_of(x, nd, &M, &N);
    for (int d = 0; d < x->ndim; d++)
        stat[d] = d < x->ndim - nd ? x->sizes[d] : 1;
    cg_tensor *xc = cg_contiguous(x), *wc = xc && w ? cg_contiguous(w) : NULL, *bc = xc && b ? cg_contiguous(b) : NULL;
    cg_tensor *y = NULL;
    if (xc && (!w || wc) && (!b || bc))
        y = cg_layer_norm_kernel(xc, M, N, wc, bc, eps, stat, mean, rstd);
    cg_tensor_release(xc), cg_tensor_release(wc), cg_tensor_release(bc);
    return y;
}

cg_tensor *cg_layer_norm(cg_tensor *x, int nd, const int64_t *shape, cg_tensor *w, cg_tensor *b, double eps) {
    if (check_args(x, nd, shape, w, b) < 0)
        return NULL;
    cg_tensor *y, *mean = NULL, *rstd = NULL;
    bool was = cg_grad_set_enabled(false);
    if (cg_norm_kernel_fits(x, (cg_tensor *[]){w, b}, 2))
        y = forward_fused(x, nd, w, b, eps, &mean, &rstd);
    else {
        int64_t M, N;
        rows_of(x, nd, &M, &N);
        cg_tensor *xhat = cg_norm_rows_normalized(x, M, N, eps);
        y = xhat ? affine(xhat, w, b) : NULL;
        cg_tensor_release(xhat);
    }
    cg_grad_set_enabled(was);
    cg_tensor *in[3] = {x, w, b};
    if (y && cg_autograd_needed(3, in)) {
        cg_op_args args = {.s = {cg_scalar_float(eps)}, .i = {nd}};
        cg_save_spec save[4] = {{x, "input"}, {w, "weight"}, {mean, "result1"}, {rstd, "result2"}};
        if (cg_autograd_record(CG_OP_LAYER_NORM, 1, &y, 3, in, 4, save, &args, NULL) < 0)
            cg_tensor_release(y), y = NULL;
    }
    cg_tensor_release(mean), cg_tensor_release(rstd);
    return y;
}

/* The fused backward, when no graph of it is wanted and the forward was
 * fused: 1 done, 0 not applicable, -1 error */
static int fused_backward(cg_node *n, cg_tensor *go, cg_tensor *x, cg_tensor *w, cg_tensor *mean, cg_tensor *rstd,
                          cg_tensor **gi) {
    int nd = (int)n->args.i[0];
    if (cg_grad_enabled() || !mean || go->dtype != x->dtype || cg_tensor_device(go).type != CG_CPU)
        return 0;
    int64_t M, N;
    rows_of(x, nd, &M, &N);
    cg_tensor *goc = cg_contiguous(go), *xc = goc ? cg_contiguous(x) : NULL, *wc = xc && w ? cg_contiguous(w) : NULL;
    bool need[3] = {n->next[0].node != NULL, n->nin > 1 && n->next[1].node, n->nin > 2 && n->next[2].node};
    int rc = xc && (!w || wc)
                 ? cg_layer_norm_backward_kernel(goc, xc, mean, rstd, wc, M, N, nd, x->sizes + x->ndim - nd, need, gi)
                 : -1;
    cg_tensor_release(goc), cg_tensor_release(xc), cg_tensor_release(wc);
    return rc < 0 ? -1 : 1;
}

/* the sum of t over the leading dims (those before the normalized shape) */
static cg_tensor *sum_leading(cg_tensor *t, int nd) {
    int64_t dims[CG_MAX_DIMS];
    int k = t->ndim - nd;
    for (int d = 0; d < k; d++)
        dims[d] = d;
    return k ? cg_sum(t, k, dims, false) : cg_tensor_retain(t);
}

/* NativeLayerNormBackward0 (Note [Layer norm]) */
int cg_bw_layer_norm(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *w, *mean, *rstd;
    if (cg_node_saved_all(n, 4, &x, &w, &mean, &rstd) < 0)
        return -1;
    int fused = fused_backward(n, go[0], x, w, mean, rstd, gi);
    if (fused != 0)
        return fused < 0 ? -1 : 0;
    int nd = (int)n->args.i[0];
    int64_t M, N;
    rows_of(x, nd, &M, &N);
    cg_tensor *g = w ? cg_mul(go[0], w) : cg_tensor_retain(go[0]), *xhat = NULL;
    cg_tensor *dx = g ? cg_norm_rows_grad(g, x, M, N, cg_scalar_to_double(n->args.s[0]), &xhat) : NULL;
    int rc = dx ? 0 : -1;
    if (rc == 0 && n->next[0].node)
        gi[0] = cg_tensor_retain(dx);
    if (rc == 0 && n->nin > 1 && n->next[1].node) {
        cg_tensor *p = cg_mul(go[0], xhat);
        rc = p && (gi[1] = sum_leading(p, nd)) ? 0 : -1;
        cg_tensor_release(p);
    }
    if (rc == 0 && n->nin > 2 && n->next[2].node)
        rc = (gi[2] = sum_leading(go[0], nd)) ? 0 : -1;
    cg_tensor_release(g), cg_tensor_release(xhat), cg_tensor_release(dx);
    return rc;
}
