/* ops_bessel.h: the modified Bessel functions of the first kind of order 0
 * and 1 and their exponentially scaled forms (ops_bessel.c), each a row of
 * ops.def with PyTorch's node. Integral inputs give the default float
 * dtype; float16 is refused (and bfloat16 by i1, i1e) as by PyTorch. */
#ifndef CG_OPS_BESSEL_H
#define CG_OPS_BESSEL_H

#include "tensor.h"

cg_tensor *cg_i0(cg_tensor *x); /* I0Backward0 */
int cg_i0_(cg_tensor *self);
cg_tensor *cg_special_i0e(cg_tensor *x); /* exp(-|x|) i0(x) */
cg_tensor *cg_special_i1(cg_tensor *x);
cg_tensor *cg_special_i1e(cg_tensor *x); /* exp(-|x|) i1(x) */

/* torch.special's entr, ndtri (SpecialEntrBackward0, SpecialNdtriBackward0),
 * xlog1py(x, y) = x log1p(y) (SpecialXlog1PyBackward0) and the Hurwitz
 * zeta(x, q) (SpecialZetaBackward0, none for x) (ops_special_fns.c) */
cg_tensor *cg_special_entr(cg_tensor *x);
cg_tensor *cg_special_ndtri(cg_tensor *x);
/* exp(x^2) erfc(x) (SpecialErfcxBackward0) and log of the normal
 * distribution function (SpecialLogNdtrBackward0) */
cg_tensor *cg_special_erfcx(cg_tensor *x);
cg_tensor *cg_special_log_ndtr(cg_tensor *x);
cg_tensor *cg_special_xlog1py(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_special_zeta(cg_tensor *a, cg_tensor *b);
/* the non-differentiable families: kind is special_fns_scalar.h's SF_BESSEL_J0
 * ... SF_AIRY_AI, and SF_CHEB_T ... SF_LEGENDRE_P for the polynomials of x
 * and the degree n (a float n truncated to an integer) */
cg_tensor *cg_special_unary(int kind, cg_tensor *x);
cg_tensor *cg_special_polynomial(int kind, cg_tensor *x, cg_tensor *n);

#endif
