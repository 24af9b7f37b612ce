/* ops_layer_norm.c: layer_norm (ops_nn.h), PyTorch's native_layer_norm with
 * its node NativeLayerNormBackward0, and its derivative.
 *
 * Note [Layer norm]
 * ~~~~~~~~~~~~~~~~~
 * The input is seen as rows [M, N], N the product of the normalized shape
 * (its trailing dims); each row is normalised by its mean and rstd =
 * 1 / sqrt(biased var + eps), then times weight plus bias (of the
 * normalized shape). norm_rows.c computes it: PyTorch's fused kernels
 * (layer_norm_kernel.c) on the CPU, the same bits forward and backward;
 * engine ops elsewhere. */
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
    CG_CHECK_INT(
        !t || same_shape(t, nd, shape), CG_RUNTIME_ERROR,
        "Expected %s to be of same shape as normalized_shape, but got %s of shape %s and normalized_shape = %s", name,
        name, t ? shape_str(t->ndim, t->sizes, a, sizeof a) : "", shape_str(nd, shape, b, sizeof b));
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
        cg_error_set(CG_RUNTIME_ERROR,
                     "Given normalized_shape=%s, expected input with shape %s], but got input of size%s",
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
static void rows_of(const cg_tensor *x, int64_t nd, int64_t *M, int64_t *N) {
    *M = *N = 1;
    for (int d = 0; d < x->ndim; d++)
        *(d < x->ndim - nd ? M : N) *= x->sizes[d];
}

/* the fused kernel over contiguous tensors: y, and mean and rstd of the
 * statistics' shape (x's, the normalized dims 1) */
static cg_tensor *kernel(cg_tensor *x, int64_t nd, cg_tensor *w, cg_tensor *b, double eps, cg_tensor **mean,
                         cg_tensor **rstd) {
    int64_t M, N, stat[CG_MAX_DIMS];
    rows_of(x, nd, &M, &N);
    for (int d = 0; d < x->ndim; d++)
        stat[d] = d < x->ndim - nd ? x->sizes[d] : 1;
    return cg_layer_norm_kernel(x, M, N, w, b, eps, stat, mean, rstd);
}

static int kernel_backward(cg_tensor *go, cg_tensor *x, cg_tensor *mean, cg_tensor *rstd, cg_tensor *w, int64_t nd,
                           const bool *need, cg_tensor **gi) {
    int64_t M, N;
    rows_of(x, nd, &M, &N);
    return cg_layer_norm_backward_kernel(go, x, mean, rstd, w, M, N, (int)nd, x->sizes + x->ndim - nd, need, gi);
}

/* weight and bias have the normalized shape: they broadcast as they are */
static cg_tensor *param_view(cg_tensor *t, const cg_tensor *x) { return cg_tensor_retain(t); }

/* the sum of t over the leading dims (those before the normalized shape) */
static cg_tensor *sum_leading(cg_tensor *t, int64_t nd) {
    int64_t dims[CG_MAX_DIMS];
    int k = t->ndim - (int)nd;
    for (int d = 0; d < k; d++)
        dims[d] = d;
    return k ? cg_sum(t, k, dims, false) : cg_tensor_retain(t);
}

static const cg_norm_rows_kind layer_norm_kind = {CG_OP_LAYER_NORM, rows_of,    kernel,      kernel_backward,
                                                  param_view,       sum_leading, cg_layer_norm_record_backward,
                                                  NULL};

cg_tensor *cg_layer_norm(cg_tensor *x, int nd, const int64_t *shape, cg_tensor *w, cg_tensor *b, double eps) {
    if (check_args(x, nd, shape, w, b) < 0)
        return NULL;
    return cg_norm_rows_forward(&layer_norm_kind, x, nd, w, b, eps);
}

/* NativeLayerNormBackward0 (Note [Layer norm]) */
int cg_bw_layer_norm(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return cg_norm_rows_backward(&layer_norm_kind, n, go, gi);
}
