/* norm_kernel.h: the fused CPU kernels of batch_norm (batch_norm_kernel.c,
 * Note [Batch norm kernels]), layer_norm (layer_norm_kernel.c) and
 * group_norm (group_norm_kernel.c) in PyTorch 1.13's order, private to
 * ops_norm.c, ops_layer_norm.c and ops_group_norm.c, which fall back to
 * engine ops where these do not apply. */
#ifndef CG_NORM_KERNEL_H
#define CG_NORM_KERNEL_H

#include <stdbool.h>

#include "tensor.h"

/* t's data, NULL for no tensor */
static inline void *cg_norm_data(const cg_tensor *t) { return t ? cg_tensor_data(t) : NULL; }

/* call(f32, float) or call(f64, double) by x's dtype: the kernels' names
 * and element type */
#define CG_NORM_TYPED(x, call)      \
    do {                            \
        if ((x)->dtype == CG_F32) { \
            call(f32, float);       \
        } else {                    \
            call(f64, double);      \
        }                           \
    } while (0)

/* True when x (float or double, contiguous, on the CPU, not empty) and the
 * non-NULL params (contiguous, of x's dtype) suit the kernels. */
bool cg_norm_kernel_applies(cg_tensor *x, cg_tensor *const *params, int nparams);
/* The same but for contiguity: the kernels that run on contiguous copies,
 * as PyTorch's make them. */
bool cg_norm_kernel_fits(cg_tensor *x, cg_tensor *const *params, int nparams);

/* y = batch_norm(x [N, C, ...], contiguous or channels-last contiguous:
 * cg_batch_norm_dense); in training also the batch's mean and
 * invstd ([C], new references; NULL in evaluation) and the running
 * statistics' step in place (rm and rv may be NULL). NULL on failure. */
cg_tensor *cg_batch_norm_kernel(cg_tensor *x, cg_tensor *rm, cg_tensor *rv, cg_tensor *w, cg_tensor *b, bool training,
                                double momentum, double eps, cg_tensor **save_mean, cg_tensor **save_invstd);

/* The gradients of (x, weight, bias) for grad go (contiguous, x's shape)
 * into gi[0..3), each computed where need[i]. Returns 0 or -1. */
int cg_batch_norm_backward_kernel(cg_tensor *go, cg_tensor *x, cg_tensor *w, cg_tensor *rm, cg_tensor *rv,
                                  cg_tensor *save_mean, cg_tensor *save_invstd, bool training, double eps,
                                  const bool *need, cg_tensor **gi);

/* Evaluation's invstd forward, 1 / sqrt(running_var + eps) in the dtype
 * (both batch_norm paths' transform), into invstd of rv's shape. */
void cg_batch_norm_eval_invstd(cg_tensor *rv, double eps, cg_tensor *invstd);

/* The same for an input neither contiguous nor channels-last contiguous,
 * and for a backward whose go and x are not laid out alike (Note [Strided
 * batch norm] in batch_norm_strided.c); params contiguous. */
cg_tensor *cg_batch_norm_strided(cg_tensor *x, cg_tensor *rm, cg_tensor *rv, cg_tensor *w, cg_tensor *b, bool training,
                                 double momentum, double eps, cg_tensor **save_mean, cg_tensor **save_invstd);
int cg_batch_norm_backward_strided(cg_tensor *go, cg_tensor *x, cg_tensor *w, cg_tensor *rm, cg_tensor *rv,
                                   cg_tensor *save_mean, cg_tensor *save_invstd, bool training, double eps,
                                   const bool *need, cg_tensor **gi);
/* Whether x is laid out for the fused kernels: contiguous, or channels-last
 * contiguous (4-d), as PyTorch's batch norm asks. */
bool cg_batch_norm_dense(const cg_tensor *x);

/* layer_norm of x seen as [M, N] (contiguous): y of x's shape, and each
 * row's mean and rstd into *mean and *rstd of stat_sizes (ndim dims, M
 * values), new references. NULL on failure. */
cg_tensor *cg_layer_norm_kernel(cg_tensor *x, int64_t M, int64_t N, cg_tensor *w, cg_tensor *b, double eps,
                                const int64_t *stat_sizes, cg_tensor **mean, cg_tensor **rstd);

/* The gradients of (x, weight, bias) of layer_norm into gi[0..3) where
 * need[i]; the weight's and bias's of the normalized shape (nd dims). */
int cg_layer_norm_backward_kernel(cg_tensor *go, cg_tensor *x, cg_tensor *mean, cg_tensor *rstd, cg_tensor *w,
                                  int64_t M, int64_t N, int nd, const int64_t *shape, const bool *need, cg_tensor **gi);

/* group_norm of x [N, C, ...] (contiguous) in G groups: y of x's shape,
 * each group's mean and rstd into *mean and *rstd [N, G] (new references).
 * NULL on failure. */
cg_tensor *cg_group_norm_kernel(cg_tensor *x, int64_t G, cg_tensor *w, cg_tensor *b, double eps, cg_tensor **mean,
                                cg_tensor **rstd);

/* The gradients of (x, weight, bias) of group_norm into gi[0..3) where
 * need[i]. */
int cg_group_norm_backward_kernel(cg_tensor *go, cg_tensor *x, cg_tensor *mean, cg_tensor *rstd, cg_tensor *w,
                                  int64_t G, const bool *need, cg_tensor **gi);

#endif
