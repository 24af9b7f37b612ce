/* matrix_parts.h: the triangles and diagonals of matrices (matrix_parts.c):
 * tril/triu, diagonal (a view), diag_embed, diag and trace, each a row of
 * ops.def with PyTorch's node. They apply to the last two dims (tril,
 * triu) or to dims dim1/dim2 (diagonal, diag_embed). */
#ifndef CG_MATRIX_PARTS_H
#define CG_MATRIX_PARTS_H

#include "tensor.h"

/* x with the elements above (tril) / below (triu) diagonal k zeroed. */
cg_tensor *cg_tril(cg_tensor *x, int64_t k);
cg_tensor *cg_triu(cg_tensor *x, int64_t k);
/* The same in place; 0 or -1. */
int cg_tril_(cg_tensor *x, int64_t k);
int cg_triu_(cg_tensor *x, int64_t k);
/* The view of diagonal `offset` of the matrices in dims dim1, dim2, that
 * dim moved last. */
cg_tensor *cg_diagonal(cg_tensor *x, int64_t offset, int64_t dim1, int64_t dim2);
/* Matrices in new dims dim1, dim2 whose diagonal `offset` is x's last dim. */
cg_tensor *cg_diag_embed(cg_tensor *x, int64_t offset, int64_t dim1, int64_t dim2);
/* torch.diag: a vector's matrix, or a matrix's diagonal (a copy). */
cg_tensor *cg_diag(cg_tensor *x, int64_t k);
/* The sum of a matrix's diagonal, in PyTorch's order (serial, in double
 * for float). */
cg_tensor *cg_matrix_trace(cg_tensor *x);

#endif
