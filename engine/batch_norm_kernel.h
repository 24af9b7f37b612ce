/* batch_norm_kernel.h: batch_norm's fused CPU kernels (batch_norm_kernel.c,
 * Note [Batch norm kernels]), private to ops_norm.c. */
#ifndef CG_BATCH_NORM_KERNEL_H
#define CG_BATCH_NORM_KERNEL_H

#include <stdbool.h>

#include "tensor.h"

/* True when x (float or double, contiguous, on the CPU, not empty) and the
 * non-NULL params (contiguous, of x's dtype) suit the kernels. */
bool cg_batch_norm_kernel_applies(cg_tensor *x, cg_tensor *const *params, int nparams);

/* y = batch_norm(x [N, C, ...]); in training also the batch's mean and
 * invstd ([C], new references; NULL in evaluation) and the running
 * statistics' step in place (rm and rv may be NULL). NULL on failure. */
cg_tensor *cg_batch_norm_kernel(cg_tensor *x, cg_tensor *rm, cg_tensor *rv, cg_tensor *w, cg_tensor *b, bool training,
                                double momentum, double eps, cg_tensor **save_mean, cg_tensor **save_invstd);

/* The gradients of (x, weight, bias) for grad go (contiguous, x's shape)
 * into gi[0..3), each computed where need[i]. Returns 0 or -1. */
int cg_batch_norm_backward_kernel(cg_tensor *go, cg_tensor *x, cg_tensor *w, cg_tensor *rm, cg_tensor *rv,
                                  cg_tensor *save_mean, cg_tensor *save_invstd, bool training, double eps,
                                  const bool *need, cg_tensor **gi);

#endif
