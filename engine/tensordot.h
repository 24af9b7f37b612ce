/* tensordot.h: products that contract or combine whole tensors, as
 * PyTorch 1.13's ATen composes them (tensordot.c): tensordot, inner, kron. */
#ifndef CG_TENSORDOT_H
#define CG_TENSORDOT_H

#include "tensor.h"

/* Contracts dims1[i] of a with dims2[i] of b (n pairs, as given: the
 * messages show them unwrapped); a size-1 dim against a larger one is
 * summed first, as PyTorch's. */
cg_tensor *cg_tensordot(cg_tensor *a, cg_tensor *b, int n, const int64_t *dims1, const int64_t *dims2);
/* torch.inner: a product over the last dims (a 0-d operand multiplies). */
cg_tensor *cg_inner(cg_tensor *a, cg_tensor *b);
/* torch.kron: the Kronecker product, ranks padded with leading ones. */
cg_tensor *cg_kron(cg_tensor *a, cg_tensor *b);
/* torch.diff: the n-th forward difference along dim, after prepend and
 * append (either NULL) are joined on. */
cg_tensor *cg_diff(cg_tensor *x, int64_t n, int64_t dim, cg_tensor *prepend, cg_tensor *append);

#endif
