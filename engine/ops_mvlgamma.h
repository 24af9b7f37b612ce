/* ops_mvlgamma.h: torch.mvlgamma (MvlgammaBackward0; ops_mvlgamma.c),
 * torch.nextafter (NextafterBackward0) and torch.frexp (FrexpBackward0;
 * ops_float_bits.c). */
#ifndef CG_OPS_MVLGAMMA_H
#define CG_OPS_MVLGAMMA_H

#include "tensor.h"

/* the log of the multivariate gamma function of dimension p >= 1 */
cg_tensor *cg_mvlgamma(cg_tensor *x, int64_t p);
int cg_mvlgamma_(cg_tensor *self, int64_t p);
/* the next float after a toward b; float16 refused as by PyTorch */
cg_tensor *cg_nextafter(cg_tensor *a, cg_tensor *b);
int cg_nextafter_(cg_tensor *self, cg_tensor *other);
/* x = mantissa * 2^exponent, mantissa in [0.5, 1); float dtypes only.
 * 0 with both new references, or -1 */
int cg_frexp(cg_tensor *x, cg_tensor **mantissa, cg_tensor **exponent);

#endif
