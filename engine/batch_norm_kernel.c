/* batch_norm_kernel.c: batch_norm's fused CPU kernels (forward with its
 * statistics and running-statistics step, and the backward when no graph
 * of it is wanted), in PyTorch 1.13's order. Not the op itself: ops_norm.c
 * records the node and falls back to engine ops where these do not apply.
 *
 * Note [Batch norm kernels]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's CPU batch_norm has two layouts over a contiguous input
 * [N, C, image]. With image > 1 ("planes") each channel's statistics are
 * serial sums in double (float's acc_type is double): sum(x) -> mean rounded
 * to T, then sum of (x - mean)^2 each rounded to T. With image == 1 (a 2-d
 * input, "rows" [N, C]) it reduces vertically: when there are more rows
 * than threads, each thread adds its rows (PyTorch's parallel_for ranges)
 * into its own row of a buffer in T, and the buffer's rows are then summed
 * in double; so a float batch norm of [N, C] depends on the thread count.
 * invstd = 1 / sqrt(var_sum / n + eps) in double, the division in T; the
 * output is x * alpha + beta (one FMA) with alpha = invstd * weight and
 * beta = bias - mean * alpha. In evaluation invstd comes from the running
 * var in T forward and in double backward, as PyTorch's two kernels do.
 * The backward sums dy and (x - mean) * dy per plane with vector
 * reductions (planes) or per thread in T (rows), then
 *   dx = (dy - sum / n - (x - mean) * dotp * invstd^2 / n) * invstd * w. */
#include <math.h>
#include <string.h>

#include "iter.h"
#include "memory_format.h"
#include "norm_kernel.h"

#define T float
#define W 8
#define SFX f32
#define TREE 1
#define FMA fmaf
#define SQ_ADD(d, acc) ((acc) + (double)((d) * (d)))
#define DX_FMA fmaf
#define TAIL_PLAIN 0
#include "vec_reduce_loop.h"
#include "batch_norm_loop.h"
#undef T
#undef W
#undef SFX
#undef TREE
#undef FMA
#undef SQ_ADD
#undef DX_FMA
#undef TAIL_PLAIN

#define T double
#define W 4
#define SFX f64
#define TREE 0
#define FMA fma
#define SQ_ADD(d, acc) ((acc) + (d) * (d))
#define DX_FMA fma
#define TAIL_PLAIN 1
#include "vec_reduce_loop.h"
#include "batch_norm_loop.h"
#undef T
#undef W
#undef SFX
#undef TREE
#undef FMA
#undef SQ_ADD
#undef DX_FMA
#undef TAIL_PLAIN

/* [C] buffers of x's dtype */
static cg_tensor *per_channel_empty(const cg_tensor *x) {
    return cg_tensor_empty(1, &x->sizes[1], x->dtype, cg_device_cpu());
}

typedef struct {
    int64_t N, C, image, threads;
} bn_geom;

/* x's geometry; a channels-last x is [N * image, C] rows, as PyTorch's
 * channels-last kernels see it */
static bn_geom geom_of(const cg_tensor *x) {
    bn_geom g = {x->sizes[0], x->sizes[1], 1, cg_get_num_threads()};
    g.image = cg_tensor_numel(x) / (g.N * g.C);
    if (!cg_tensor_is_contiguous(x))
        g.N *= g.image, g.image = 1;
    return g;
}

/* PyTorch 1.13's batch norm has fused kernels for channels_last, not for
 * channels_last_3d (which takes its strided path) */
bool cg_batch_norm_dense(const cg_tensor *x) {
    return cg_tensor_is_contiguous(x) || cg_is_contiguous_as(x, CG_CHANNELS_LAST);
}

/* an output laid out as x (contiguous or channels last) */
static cg_tensor *like_x(const cg_tensor *x) { return cg_empty_format(x, x->dtype, cg_device_cpu(), CG_PRESERVE_FORMAT); }

/* training: the batch's mean and invstd, and the running statistics' step */
static int train_stats(cg_tensor *x, bn_geom g, cg_tensor *rm, cg_tensor *rv, double momentum, double eps,
                       cg_tensor *mean, cg_tensor *invstd) {
    cg_tensor *var_sum = per_channel_empty(x);
    cg_tensor *buf = var_sum ? cg_tensor_empty(1, (int64_t[]){g.threads * g.C}, x->dtype, cg_device_cpu()) : NULL;
    if (!buf) {
        cg_tensor_release(var_sum);
        return -1;
    }
    int64_t rows = g.N, n = g.N * g.image;
#define STATS(s, T)                                                                               \
    T *m = cg_tensor_data(mean), *v = cg_tensor_data(var_sum);                                    \
    if (g.image > 1)                                                                              \
        stats_planes_##s(cg_tensor_data(x), g.N, g.C, g.image, m, v);                             \
    else if (rows > g.threads)                                                                    \
        stats_rows_split_##s(cg_tensor_data(x), rows, g.C, g.threads, cg_tensor_data(buf), m, v); \
    else                                                                                          \
        stats_rows_serial_##s(cg_tensor_data(x), rows, g.C, m, v);                                \
    stats_finish_##s(m, v, g.C, n, momentum, eps, cg_tensor_data(invstd), cg_norm_data(rm), cg_norm_data(rv))
    CG_NORM_TYPED(x, STATS);
#undef STATS
    cg_tensor_release(var_sum), cg_tensor_release(buf);
    return 0;
}

/* evaluation, forward: invstd = 1 / sqrt(running_var + eps) in T */
void cg_batch_norm_eval_invstd(cg_tensor *rv, double eps, cg_tensor *invstd) {
#define INV(s, T)                                     \
    const T *v = cg_tensor_data(rv);                  \
    T *o = cg_tensor_data(invstd);                    \
    for (int64_t c = 0; c < cg_tensor_numel(rv); c++) \
    o[c] = 1 / sqrt_##s(v[c] + (T)eps)
    CG_NORM_TYPED(rv, INV);
#undef INV
}

cg_tensor *cg_batch_norm_kernel(cg_tensor *x, cg_tensor *rm, cg_tensor *rv, cg_tensor *w, cg_tensor *b, bool training,
                                double momentum, double eps, cg_tensor **save_mean, cg_tensor **save_invstd) {
    bn_geom g = geom_of(x);
    cg_tensor *mean = per_channel_empty(x), *invstd = mean ? per_channel_empty(x) : NULL;
    cg_tensor *alpha = invstd ? per_channel_empty(x) : NULL, *beta = alpha ? per_channel_empty(x) : NULL;
    cg_tensor *y = beta ? like_x(x) : NULL;
    int rc = y ? 0 : -1;
    if (rc == 0 && training)
        rc = train_stats(x, g, rm, rv, momentum, eps, mean, invstd);
    else if (rc == 0) {
        memcpy(cg_tensor_data(mean), cg_tensor_data(rm), (size_t)g.C * cg_dtype_size(x->dtype));
        cg_batch_norm_eval_invstd(rv, eps, invstd);
    }
    if (rc == 0) {
#define APPLY(s, T)                                                                                \
    terms_##s(cg_tensor_data(mean), cg_tensor_data(invstd), cg_norm_data(w), cg_norm_data(b), g.C, \
              cg_tensor_data(alpha), cg_tensor_data(beta));                                        \
    apply_##s(cg_tensor_data(x), cg_tensor_data(y), g.N, g.C, g.image, cg_tensor_data(alpha), cg_tensor_data(beta))
        CG_NORM_TYPED(x, APPLY);
#undef APPLY
    }
    cg_tensor_release(alpha), cg_tensor_release(beta);
    if (rc < 0 || !training) {
        cg_tensor_release(mean), cg_tensor_release(invstd);
        mean = invstd = NULL;
    }
    if (rc < 0)
        cg_tensor_release(y), y = NULL;
    *save_mean = mean, *save_invstd = invstd;
    return y;
}

/* evaluation, backward: invstd = 1 / sqrt(running_var + eps) in double */
static void eval_invstd_backward(cg_tensor *rv, double eps, cg_tensor *invstd) {
#define INV(s, T)                                     \
    const T *v = cg_tensor_data(rv);                  \
    T *o = cg_tensor_data(invstd);                    \
    for (int64_t c = 0; c < cg_tensor_numel(rv); c++) \
    o[c] = (T)(1 / sqrt((double)v[c] + eps))
    CG_NORM_TYPED(rv, INV);
#undef INV
}

int cg_batch_norm_backward_kernel(cg_tensor *go, cg_tensor *x, cg_tensor *w, cg_tensor *rm, cg_tensor *rv,
                                  cg_tensor *save_mean, cg_tensor *save_invstd, bool training, double eps,
                                  const bool *need, cg_tensor **gi) {
    bn_geom g = geom_of(x);
    cg_tensor *inv = training ? cg_tensor_retain(save_invstd) : per_channel_empty(x);
    cg_tensor *buf = inv ? cg_tensor_empty(1, (int64_t[]){2 * g.threads * g.C}, x->dtype, cg_device_cpu()) : NULL;
    cg_tensor *dx = buf && need[0] ? like_x(x) : NULL;
    cg_tensor *gw = buf && need[1] ? per_channel_empty(x) : NULL, *gb = buf && need[2] ? per_channel_empty(x) : NULL;
    if (!buf || (need[0] && !dx) || (need[1] && !gw) || (need[2] && !gb)) {
        cg_tensor_release(inv), cg_tensor_release(buf), cg_tensor_release(dx), cg_tensor_release(gw),
            cg_tensor_release(gb);
        return -1;
    }
    if (!training)
        eval_invstd_backward(rv, eps, inv);
    cg_tensor *mean = training ? save_mean : rm;
#define BACKWARD(s, T)                                                                                            \
    if (g.image > 1)                                                                                              \
        backward_planes_##s(cg_tensor_data(x), cg_tensor_data(go), g.N, g.C, g.image, cg_tensor_data(mean),       \
                            cg_tensor_data(inv), cg_norm_data(w), training, cg_norm_data(dx), cg_norm_data(gw),   \
                            cg_norm_data(gb));                                                                    \
    else                                                                                                          \
        backward_rows_##s(cg_tensor_data(x), cg_tensor_data(go), g.N, g.C, g.threads, cg_tensor_data(buf),        \
                          cg_tensor_data(mean), cg_tensor_data(inv), cg_norm_data(w), training, cg_norm_data(dx), \
                          cg_norm_data(gw), cg_norm_data(gb))
    CG_NORM_TYPED(x, BACKWARD);
#undef BACKWARD
    cg_tensor_release(inv), cg_tensor_release(buf);
    gi[0] = dx, gi[1] = gw, gi[2] = gb;
    return 0;
}
