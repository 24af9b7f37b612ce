/* ops_group_norm.c: group_norm (ops_nn.h), PyTorch's native_group_norm
 * with its node NativeGroupNormBackward0, and its derivative.
 *
 * Note [Group norm]
 * ~~~~~~~~~~~~~~~~~
 * The channels of x [N, C, *] split into G groups of D = C / G; each
 * (sample, group) is normalised as one row of D * HxW values by its mean
 * and rstd = 1 / sqrt(biased var + eps), then each channel times weight[c]
 * plus bias[c]. norm_rows.c computes it: PyTorch's fused kernels
 * (group_norm_kernel.c) on the CPU, engine ops elsewhere; the kernel's mean
 * and rstd are [N, G]. */
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

/* the rows: one per (sample, group), of D * HxW values */
static void rows_of(const cg_tensor *x, int64_t G, int64_t *M, int64_t *K) {
    *M = x->sizes[0] * G;
    *K = *M ? cg_tensor_numel(x) / *M : 0;
}

static cg_tensor *param_view(cg_tensor *t, const cg_tensor *x) { return per_channel(t, x); }

/* the sum of t over every dim but the channels' */
static cg_tensor *sum_but_channels(cg_tensor *t, int64_t groups) {
    int64_t dims[CG_MAX_DIMS];
    int k = 0;
    for (int d = 0; d < t->ndim; d++)
        if (d != 1)
            dims[k++] = d;
    return cg_sum(t, k, dims, false);
}

static const cg_norm_rows_kind group_norm_kind = {
    CG_OP_GROUP_NORM, rows_of, cg_group_norm_kernel, cg_group_norm_backward_kernel, param_view, sum_but_channels, NULL, cg_group_norm_graph_backward};

cg_tensor *cg_group_norm(cg_tensor *x, int64_t G, cg_tensor *w, cg_tensor *b, double eps) {
    if (check_args(x, G, w, b) < 0)
        return NULL;
    return cg_norm_rows_forward(&group_norm_kind, x, G, w, b, eps);
}

/* NativeGroupNormBackward0 (Note [Group norm]) */
int cg_bw_group_norm(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return cg_norm_rows_backward(&group_norm_kind, n, go, gi);
}
