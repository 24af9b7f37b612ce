/* product_paths.h: the CPU paths PyTorch 1.13 takes for bmm, mv and dot
 * other than one gemm per matrix (product_paths.c); private to
 * ops_linalg.c. See Note [Products in PyTorch's order] there. */
#ifndef CG_PRODUCT_PATHS_H
#define CG_PRODUCT_PATHS_H

#include <stdbool.h>

#include "blas_layout.h"

/* bmm's own loop, which PyTorch runs instead of BLAS while a batch entry
 * has fewer than 400 multiply-adds: true when it applies (and ran) to
 * a [b,n,k] @ b [b,k,m] -> c [b,n,m] of float32/float64. */
bool cg_bmm_small(cg_dtype dt, const cg_mat3 *a, const cg_mat3 *b, const cg_mat3 *c);

/* baddbmm's loop, under the same condition: c holds the addend (any
 * value when beta is 0) and becomes beta * c + alpha * a @ b. */
bool cg_baddbmm_small(cg_dtype dt, const cg_mat3 *a, const cg_mat3 *b, const cg_mat3 *c, double alpha, double beta);

/* Whether PyTorch's mv hands mat [n,k] to gemv as it is (column-major or
 * row-major with a leading dimension BLAS accepts); it copies any other
 * mat row-major first. */
bool cg_mv_layout_ok(const cg_tensor *mat);

/* out [n] = mat [n,k] @ vec [k] by BLAS gemv, non-transposed for a
 * column-major mat and transposed for a row-major one (cg_mv_layout_ok
 * holds), or PyTorch's plain loop where vec's stride is 0. float32/float64;
 * out contiguous; n, k > 0. */
/* out = alpha * mat @ vec + beta * out by gemv, as PyTorch's addmv (mat laid
 * out for gemv, out contiguous; beta 0 leaves out unread) */
void cg_addmv_blas(const cg_tensor *mat, const cg_tensor *vec, cg_tensor *out, double alpha, double beta);
void cg_mv_blas(const cg_tensor *mat, const cg_tensor *vec, cg_tensor *out);

/* out [] = x [n] . y [n] by BLAS dot with the vectors' own strides. */
void cg_dot_blas(const cg_tensor *x, const cg_tensor *y, cg_tensor *out);

#endif
