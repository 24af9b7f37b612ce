/* linalg_internal.h: what the LAPACK- and BLAS-backed linear algebra ops
 * (linalg_qr.c, linalg_solve_triangular.c) share. Not the public API
 * (ops_linalg.h). */
#ifndef CG_LINALG_INTERNAL_H
#define CG_LINALG_INTERNAL_H

#include <stdbool.h>

#include "tensor.h"

/* A new tensor of sizes with each matrix (the last two dims) column-major
 * and the batch dims row-major over them: LAPACK's layout, in which
 * PyTorch returns its factorisations. */
cg_tensor *cg_linalg_empty_fortran(int ndim, const int64_t *sizes, cg_dtype dt, cg_device dev);
/* x [*, r, c] times the [r, c] mask holding `above` above the diagonal,
 * `diag` on it and `below` under it: a scaling the autograd graph records
 * (MulBackward0), for the derivatives. */
cg_tensor *cg_linalg_mask_mul(cg_tensor *x, double above, double diag, double below);
/* triu(x) (upper) or tril(x), without the diagonal unless diag: the rest
 * exact zeros (where, WhereBackward0), as PyTorch's triu/tril write them. */
cg_tensor *cg_linalg_triangle(cg_tensor *x, bool upper, bool diag);

#endif
