/* var_order.h: var and std in PyTorch 1.13's order (var_order.c, Note
 * [Variance in PyTorch's order]). */
#ifndef CG_VAR_ORDER_H
#define CG_VAR_ORDER_H

#include <stdbool.h>

#include "tensor.h"

/* out = var (std where take_sqrt) of x over the dims where out has size 1
 * and x does not; out has x's dims (keepdim sizes) and dtype, float32 or
 * float64; x not empty. Returns 0 or -1. */
int cg_var_torch_order(const cg_tensor *x, cg_tensor *out, int64_t correction, bool take_sqrt);
/* var (std) and the mean together, by Welford for every output (both
 * contiguous, of the same shape) */
int cg_var_mean_torch_order(const cg_tensor *x, cg_tensor *out, cg_tensor *mean, int64_t correction, bool take_sqrt);

#endif
