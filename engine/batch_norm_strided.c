/* batch_norm_strided.c: batch_norm on the CPU for inputs that are neither
 * contiguous nor channels-last contiguous, and its backward wherever the
 * input and the incoming gradient are not laid out alike, in PyTorch
 * 1.13's order.
 *
 * Note [Strided batch norm]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's fused kernels (Note [Batch norm kernels]) need the input, and
 * in backward also the gradient, contiguous or channels-last contiguous
 * in the same format. Otherwise Normalization.cpp walks each channel's
 * elements with a TensorIterator over the input's shape with the channel
 * dim squashed, whose order is the dims sorted by stride (the fastest
 * first, as TensorIterator sorts them) walked as an odometer:
 * - forward: mean = torch.mean over all dims but 1 (the ordinary reduction);
 *   var_sum = serial sum in double of (x - mean)^2, x and mean widened
 *   first; invstd = 1 / sqrt(var_sum / n + eps) in double; the running
 *   statistics moved in double; y = ((x - mean) * invstd) * w + b in the
 *   dtype, unfused (this file of ATen is built without FMA). In
 *   evaluation invstd = 1 / sqrt(running_var + eps) in the dtype.
 * - backward: sum = torch.sum of the gradient over the same dims; dotp =
 *   serial sum in double of (x - mean) * dy, each term in the dtype; then
 *   dx = (dy - sum / n - (x - mean) * k) * invstd * w with
 *   k = dotp * invstd * invstd / n in the dtype (training), or
 *   dx = dy * invstd * w with invstd from the running var in double
 *   (evaluation); gw = dotp * invstd, gb = sum.
 * Outputs are laid out in the input's suggested format (contiguous unless
 * its strides are channels-last ones). */
#include <math.h>
#include <string.h>

#include "memory_format.h"
#include "norm_kernel.h"
#include "ops.h"

/* The walk of one channel: the dims other than 1 in TensorIterator's
 * order (fastest first), with the element strides of up to two operands. */
typedef struct {
    int ndim, dim[CG_MAX_DIMS];
    int64_t size[CG_MAX_DIMS], sa[CG_MAX_DIMS], sb[CG_MAX_DIMS];
} bn_walk;

/* TensorIterator's comparison of two dims over the operands' strides:
 * > 0 to swap (dim0 is slower), < 0 to keep, 0 undecided */
static int should_swap(const cg_tensor *const *ops, int nops, const int64_t *shape, int d0, int d1) {
    for (int k = 0; k < nops; k++) {
        int64_t s0 = ops[k]->strides[d0], s1 = ops[k]->strides[d1];
        if (s0 == 0 || s1 == 0)
            continue;
        if (s0 != s1)
            return s0 < s1 ? -1 : 1;
        if (shape[d0] > shape[d1])
            return 1;
    }
    return 0;
}

/* The walk over x (and b, of x's shape, or NULL) with dim 1 squashed, in
 * the order TensorIterator's reorder_dimensions gives. */
static void walk_init(bn_walk *w, const cg_tensor *x, const cg_tensor *b) {
    const cg_tensor *ops[2] = {x, b};
    int nops = b ? 2 : 1, nd = x->ndim, perm[CG_MAX_DIMS];
    int64_t shape[CG_MAX_DIMS];
    for (int d = 0; d < nd; d++)
        shape[d] = d == 1 ? 1 : x->sizes[d], perm[d] = nd - 1 - d;
    for (int i = 1; i < nd; i++) /* its insertion sort, ties left in place */
        for (int d0 = i - 1, d1 = i; d0 >= 0; d0--) {
            int c = should_swap(ops, nops, shape, perm[d0], perm[d1]);
            if (c < 0)
                break;
            if (c > 0) {
                int t = perm[d0];
                perm[d0] = perm[d1], perm[d1] = t, d1 = d0;
            }
        }
    w->ndim = 0;
    for (int i = 0; i < nd; i++) {
        int d = perm[i];
        if (shape[d] == 1)
            continue;
        w->dim[w->ndim] = d, w->size[w->ndim] = shape[d], w->sa[w->ndim] = x->strides[d];
        w->sb[w->ndim] = b ? b->strides[d] : 0;
        w->ndim++;
    }
}

/* The serial sums over one channel (channel offsets oa, ob in elements):
 * sum of (x - mean)^2 widened (b NULL), or of (x - mean) * dy in T. */
#define BN_STRIDED_SUMS(T, SFX)                                                                   \
    static double var_sum_##SFX(const bn_walk *w, const T *x, double mean) {                      \
        int64_t idx[CG_MAX_DIMS] = {0}, off = 0;                                                  \
        double acc = 0;                                                                           \
        for (;;) {                                                                                \
            double d = (double)x[off] - mean;                                                     \
            acc += d * d;                                                                         \
            int k = 0;                                                                            \
            for (; k < w->ndim && ++idx[k] == w->size[k]; k++)                                    \
                off -= (w->size[k] - 1) * w->sa[k], idx[k] = 0;                                   \
            if (k == w->ndim)                                                                     \
                return acc;                                                                       \
            off += w->sa[k];                                                                      \
        }                                                                                         \
    }                                                                                             \
    static double dot_##SFX(const bn_walk *w, const T *x, const T *dy, T mean) {                  \
        int64_t idx[CG_MAX_DIMS] = {0}, oa = 0, ob = 0;                                           \
        double acc = 0;                                                                           \
        for (;;) {                                                                                \
            acc += (T)((x[oa] - mean) * dy[ob]);                                                  \
            int k = 0;                                                                            \
            for (; k < w->ndim && ++idx[k] == w->size[k]; k++)                                    \
                oa -= (w->size[k] - 1) * w->sa[k], ob -= (w->size[k] - 1) * w->sb[k], idx[k] = 0; \
            if (k == w->ndim)                                                                     \
                return acc;                                                                       \
            oa += w->sa[k], ob += w->sb[k];                                                       \
        }                                                                                         \
    }
BN_STRIDED_SUMS(float, f32)
BN_STRIDED_SUMS(double, f64)
#undef BN_STRIDED_SUMS

/* per-channel values of an optional [C] tensor (contiguous), or dflt */
#define CH(t, T, c, dflt) ((t) ? ((const T *)cg_tensor_data(t))[c] : (T)(dflt))

/* The statistics of a training batch: save_mean from torch.mean, invstd
 * and the running statistics from the serial var_sum. */
static int train_stats(cg_tensor *x, cg_tensor *rm, cg_tensor *rv, double momentum, double eps, cg_tensor **mean,
                       cg_tensor **invstd) {
    int64_t dims[CG_MAX_DIMS], nd = 0, C = x->sizes[1], n = cg_tensor_numel(x) / C;
    for (int d = 0; d < x->ndim; d++)
        if (d != 1)
            dims[nd++] = d;
    *mean = cg_mean(x, (int)nd, dims, false);
    *invstd = *mean ? cg_tensor_empty(1, &C, x->dtype, cg_device_cpu()) : NULL;
    if (!*invstd)
        return -1;
    bn_walk w;
    walk_init(&w, x, NULL);
    int64_t cs = x->strides[1];
#define STATS(s, T)                                                                                            \
    const T *xd = cg_tensor_data(x), *md = cg_tensor_data(*mean);                                              \
    T *inv = cg_tensor_data(*invstd), *rmd = cg_norm_data(rm), *rvd = cg_norm_data(rv);                        \
    _Pragma("omp parallel for schedule(static) if (C > 1 && n * C > 32768)") for (int64_t c = 0; c < C; c++) { \
        double m = (double)md[c], vs = var_sum_##s(&w, xd + c * cs, m), var = vs / (double)n;                  \
        inv[c] = var == 0 && eps == 0 ? 0 : (T)(1 / sqrt(var + eps));                                          \
        if (rmd)                                                                                               \
            rmd[c] = (T)(momentum * m + (1 - momentum) * (double)rmd[c]);                                      \
        if (rvd)                                                                                               \
            rvd[c] = (T)(momentum * (vs / (double)(n - 1)) + (1 - momentum) * (double)rvd[c]);                 \
    }
    CG_NORM_TYPED(x, STATS);
#undef STATS
    return 0;
}

/* y = ((x - mean) * invstd) * w + b, elementwise over any strides */
static int transform(cg_tensor *x, cg_tensor *y, cg_tensor *mean, cg_tensor *invstd, cg_tensor *wt, cg_tensor *bs) {
    bn_walk w;
    walk_init(&w, x, y);
    int64_t C = x->sizes[1], xs = x->strides[1], ys = y->strides[1];
#define APPLY(s, T)                                                                            \
    const T *xd = cg_tensor_data(x), *md = cg_tensor_data(mean), *id = cg_tensor_data(invstd); \
    T *yd = cg_tensor_data(y);                                                                 \
    for (int64_t c = 0; c < C; c++) {                                                          \
        T m = md[c], inv = id[c], wc = CH(wt, T, c, 1), bc = CH(bs, T, c, 0);                  \
        int64_t idx[CG_MAX_DIMS] = {0}, oa = c * xs, ob = c * ys;                              \
        for (;;) {                                                                             \
            yd[ob] = ((xd[oa] - m) * inv) * wc + bc;                                           \
            int k = 0;                                                                         \
            for (; k < w.ndim && ++idx[k] == w.size[k]; k++)                                   \
                oa -= (w.size[k] - 1) * w.sa[k], ob -= (w.size[k] - 1) * w.sb[k], idx[k] = 0;  \
            if (k == w.ndim)                                                                   \
                break;                                                                         \
            oa += w.sa[k], ob += w.sb[k];                                                      \
        }                                                                                      \
    }
    CG_NORM_TYPED(x, APPLY);
#undef APPLY
    return 0;
}

cg_tensor *cg_batch_norm_strided(cg_tensor *x, cg_tensor *rm, cg_tensor *rv, cg_tensor *w, cg_tensor *b, bool training,
                                 double momentum, double eps, cg_tensor **save_mean, cg_tensor **save_invstd) {
    cg_tensor *mean = NULL, *invstd = NULL;
    int rc = training ? train_stats(x, rm, rv, momentum, eps, &mean, &invstd) : 0;
    if (rc == 0 && !training) {
        mean = cg_tensor_retain(rm);
        invstd = cg_tensor_empty(1, rv->sizes, rv->dtype, cg_device_cpu());
        if (invstd)
            cg_batch_norm_eval_invstd(rv, eps, invstd);
        rc = invstd ? 0 : -1;
    }
    cg_tensor *y = rc == 0 ? cg_empty_format(x, x->dtype, cg_device_cpu(), cg_suggest_memory_format(x)) : NULL;
    if (y)
        transform(x, y, mean, invstd, w, b);
    if (!y || !training) {
        cg_tensor_release(mean), cg_tensor_release(invstd);
        mean = invstd = NULL;
    }
    *save_mean = mean, *save_invstd = invstd;
    return y;
}

/* The input gradient of one channel over the walk of (x, dy) into dx
 * (offsets per operand as the walk's: dx follows x's order) */
#define BN_STRIDED_DX(T, SFX)                                                                                \
    static void dx_##SFX(const bn_walk *w, const bn_walk *wo, const T *x, const T *dy, T *dx, T mean, T k,   \
                         T grad_mean, T invstd, T wc, bool train) {                                          \
        int64_t idx[CG_MAX_DIMS] = {0}, oa = 0, ob = 0, oc = 0;                                              \
        for (;;) {                                                                                           \
            dx[oc] = train ? (dy[ob] - grad_mean - (x[oa] - mean) * k) * invstd * wc : dy[ob] * invstd * wc; \
            int j = 0;                                                                                       \
            for (; j < w->ndim && ++idx[j] == w->size[j]; j++)                                               \
                oa -= (w->size[j] - 1) * w->sa[j], ob -= (w->size[j] - 1) * w->sb[j],                        \
                    oc -= (w->size[j] - 1) * wo->sa[j], idx[j] = 0;                                          \
            if (j == w->ndim)                                                                                \
                return;                                                                                      \
            oa += w->sa[j], ob += w->sb[j], oc += wo->sa[j];                                                 \
        }                                                                                                    \
    }
BN_STRIDED_DX(float, f32)
BN_STRIDED_DX(double, f64)
#undef BN_STRIDED_DX

/* the walk of (x, go)'s order applied to dx's strides */
static void walk_follow(bn_walk *wo, const bn_walk *w, const cg_tensor *dx) {
    *wo = *w;
    for (int i = 0; i < w->ndim; i++)
        wo->sa[i] = dx->strides[w->dim[i]];
}

int cg_batch_norm_backward_strided(cg_tensor *go, cg_tensor *x, cg_tensor *wt, cg_tensor *rm, cg_tensor *rv,
                                   cg_tensor *save_mean, cg_tensor *save_invstd, bool training, double eps,
                                   const bool *need, cg_tensor **gi) {
    int64_t dims[CG_MAX_DIMS], nd = 0, C = x->sizes[1], n = cg_tensor_numel(x) / C;
    for (int d = 0; d < x->ndim; d++)
        if (d != 1)
            dims[nd++] = d;
    cg_tensor *sum = cg_sum(go, (int)nd, dims, false);
    cg_tensor *dx = sum && need[0] ? cg_empty_format(x, x->dtype, cg_device_cpu(), cg_suggest_memory_format(x)) : NULL;
    cg_tensor *gw = sum && need[1] ? cg_tensor_empty(1, &C, x->dtype, cg_device_cpu()) : NULL;
    if (!sum || (need[0] && !dx) || (need[1] && !gw)) {
        cg_tensor_release(sum), cg_tensor_release(dx), cg_tensor_release(gw);
        return -1;
    }
    bn_walk w, wo;
    walk_init(&w, x, go);
    if (dx)
        walk_follow(&wo, &w, dx);
    int64_t xs = x->strides[1], gs = go->strides[1], ds = dx ? dx->strides[1] : 0;
    cg_tensor *mean = training ? save_mean : rm;
#define BACKWARD(s, T)                                                                                         \
    const T *xd = cg_tensor_data(x), *gd = cg_tensor_data(go), *sd = cg_tensor_data(sum);                      \
    const T *md = cg_tensor_data(mean), *sid = training ? cg_tensor_data(save_invstd) : NULL;                  \
    const T *rvd = training ? NULL : cg_tensor_data(rv);                                                       \
    T *dxd = cg_norm_data(dx), *gwd = cg_norm_data(gw);                                                        \
    _Pragma("omp parallel for schedule(static) if (C > 1 && n * C > 32768)") for (int64_t c = 0; c < C; c++) { \
        T wc = CH(wt, T, c, 1), m = md[c], inv = training ? sid[c] : (T)(1 / sqrt((double)rvd[c] + eps));      \
        double dotp = dot_##s(&w, xd + c * xs, gd + c * gs, m);                                                \
        T k = (T)dotp * inv * inv / (T)n, gm = sd[c] / (T)n;                                                   \
        if (dxd)                                                                                               \
            dx_##s(&w, &wo, xd + c * xs, gd + c * gs, dxd + c * ds, m, k, gm, inv, wc, training);              \
        if (gwd)                                                                                               \
            gwd[c] = (T)(dotp * (double)inv);                                                                  \
    }
    CG_NORM_TYPED(x, BACKWARD);
#undef BACKWARD
    gi[0] = dx, gi[1] = gw, gi[2] = need[2] ? sum : NULL;
    if (!need[2])
        cg_tensor_release(sum);
    return 0;
}
