/* ops_linalg.h: matrix products (ops_linalg.c). Argument order and defaults
 * are PyTorch's; float32/float64 go through OpenBLAS, int32/int64 through a
 * plain loop (as PyTorch allows them on the CPU); bool is refused. */
#ifndef CG_OPS_LINALG_H
#define CG_OPS_LINALG_H

#include <stdbool.h>

#include "tensor.h"

/* torch.mm(self, mat2): [n,m] @ [m,p] -> [n,p] (MmBackward0) */
cg_tensor *cg_mm(cg_tensor *self, cg_tensor *mat2);
/* torch.bmm(self, mat2): [b,n,m] @ [b,m,p] -> [b,n,p] (BmmBackward0) */
cg_tensor *cg_bmm(cg_tensor *self, cg_tensor *mat2);
/* torch.addmm(input, mat1, mat2, *, beta=1, alpha=1):
 * beta * input + alpha * (mat1 @ mat2), input broadcast to [n,p]
 * (AddmmBackward0). With beta == 0 input is ignored (NaN included). */
cg_tensor *cg_addmm(cg_tensor *input, cg_tensor *mat1, cg_tensor *mat2, cg_scalar beta, cg_scalar alpha);
/* torch.baddbmm(input, batch1, batch2, *, beta=1, alpha=1): beta * input +
 * alpha * batch1 @ batch2 over [b, n, k] @ [b, k, m], input broadcast to
 * [b, n, m] (node BaddbmmBackward0) */
cg_tensor *cg_baddbmm(cg_tensor *input, cg_tensor *batch1, cg_tensor *batch2, cg_scalar beta, cg_scalar alpha);
/* torch.mv(self, vec): [n,m] @ [m] -> [n] (MvBackward0) */
cg_tensor *cg_mv(cg_tensor *self, cg_tensor *vec);
/* torch.dot(self, other): [n] . [n] -> [] (DotBackward0) */
cg_tensor *cg_dot(cg_tensor *self, cg_tensor *other);
/* torch.addr(input, vec1, vec2, *, beta=1, alpha=1): beta * input + alpha *
 * outer(vec1, vec2), input broadcast to it (addr.c) */
cg_tensor *cg_addr(cg_tensor *self, cg_tensor *vec1, cg_tensor *vec2, cg_scalar beta, cg_scalar alpha);
int cg_addr_(cg_tensor *self, cg_tensor *vec1, cg_tensor *vec2, cg_scalar beta, cg_scalar alpha);
/* torch.addmv(input, mat, vec, *, beta=1, alpha=1): beta * input + alpha *
 * mat @ vec (addmv.c) */
cg_tensor *cg_addmv(cg_tensor *self, cg_tensor *mat, cg_tensor *vec, cg_scalar beta, cg_scalar alpha);
int cg_addmv_(cg_tensor *self, cg_tensor *mat, cg_tensor *vec, cg_scalar beta, cg_scalar alpha);
/* torch.vdot: dot of self's conjugate and other (VdotBackward0) */
cg_tensor *cg_vdot(cg_tensor *self, cg_tensor *other);
/* torch.outer(self, vec2): [n] x [m] -> [n,m], composite as in PyTorch:
 * self.reshape(n, 1) * vec2 (MulBackward0), with mul's type promotion. */
cg_tensor *cg_outer(cg_tensor *self, cg_tensor *vec2);
/* torch.matmul(input, other) with PyTorch 1.13's rules and nodes: dot, mv,
 * mm, folding of a batched operand into mm/mv, else bmm over broadcast
 * batch dims; results of the last two are UnsafeViewBackward0. */
cg_tensor *cg_matmul(cg_tensor *input, cg_tensor *other);
/* torch.nn.functional.linear(input, weight, bias=None): input @ weight.T
 * + bias; bias may be NULL. 2-d input with bias (and contiguous 3-d) go
 * through addmm, as in PyTorch 1.13; the rest through matmul and add_. */
cg_tensor *cg_linear(cg_tensor *input, cg_tensor *weight, cg_tensor *bias);
/* at::_unsafe_view: t with new sizes (one -1 allowed), sharing its storage
 * but not a view (no ._base), recorded as UnsafeViewBackward0. t must be
 * contiguous; matmul uses it on the products it has just made. The row is
 * the views family's (reshape copies through an _unsafe_view too). */
cg_tensor *cg_unsafe_view(cg_tensor *t, int ndim, const int64_t *sizes);

/* torch.linalg.qr(A, mode): A [*, m, n] float32/float64 = Q R, by LAPACK
 * (linalg_qr.c); Q [*, m, k] and R [*, k, n] for 'reduced' (k = min(m,
 * n)), Q [*, m, m] and R [*, m, n] for 'complete', an empty Q for 'r'.
 * Both outputs batched column-major, grad_fn LinalgQrBackward0. */
typedef enum { CG_QR_REDUCED, CG_QR_COMPLETE, CG_QR_R } cg_qr_mode;
int cg_linalg_qr(cg_tensor *A, cg_qr_mode mode, cg_tensor **Q, cg_tensor **R);
/* torch.linalg.solve_triangular(A, B, *, upper, left=True,
 * unitriangular=False): X with A X = B (left) or X A = B, A triangular
 * [*, k, k], batch dims broadcast, dtypes promoted; X batched
 * column-major (LinalgSolveTriangularBackward0). */
cg_tensor *cg_linalg_solve_triangular(cg_tensor *A, cg_tensor *B, bool upper, bool left, bool unitriangular);
/* torch.linalg.inv_ex(A, check_errors) (linalg_lu.c): A^-1 [*, n, n]
 * column-major (LinalgInvExBackward0) and info int32 [*] (getrf's, 0 when
 * invertible); check_errors raises PyTorch's LinAlgError. inv checks. */
int cg_linalg_inv_ex(cg_tensor *A, bool check_errors, cg_tensor **inverse, cg_tensor **info);
cg_tensor *cg_linalg_inv(cg_tensor *A);
/* torch.linalg.solve_ex(A, B, left, check_errors): X with A X = B (left)
 * or X A = B, batch dims broadcast, B a vector (batch) by numpy's rule;
 * LinalgSolveExBackward0. solve checks errors. */
int cg_linalg_solve_ex(cg_tensor *A, cg_tensor *B, bool left, bool check_errors, cg_tensor **result, cg_tensor **info);
cg_tensor *cg_linalg_solve(cg_tensor *A, cg_tensor *B, bool left);
/* torch.linalg.det(A) [*] (LinalgDetBackward0); slogdet: sign and
 * log|det| (LinalgSlogdetBackward0). */
cg_tensor *cg_linalg_det(cg_tensor *A);
int cg_linalg_slogdet(cg_tensor *A, cg_tensor **sign, cg_tensor **logabsdet);
/* torch.linalg.cholesky_ex(A, upper, check_errors): L (or U = L^T)
 * column-major (LinalgCholeskyExBackward0), info int32 [*]. */
int cg_linalg_cholesky_ex(cg_tensor *A, bool upper, bool check_errors, cg_tensor **L, cg_tensor **info);
cg_tensor *cg_linalg_cholesky(cg_tensor *A, bool upper);
/* torch.linalg.eigh(A, UPLO) (linalg_spectral.c): eigenvalues [*, n]
 * ascending and eigenvectors [*, n, n] column-major (LinalgEighBackward0);
 * compute_v false (eigvalsh) leaves the second holding LAPACK's scratch
 * unless a gradient may be needed. */
int cg_linalg_eigh(cg_tensor *A, const char *uplo, bool compute_v, cg_tensor **eigenvalues, cg_tensor **eigenvectors);
/* torch.linalg.svd(A, full_matrices): U, S [*, k], Vh, U and Vh
 * column-major (LinalgSvdBackward0); compute_uv false (svdvals) gives
 * empty U and Vh unless a gradient may be needed. */
int cg_linalg_svd(cg_tensor *A, bool full_matrices, bool compute_uv, cg_tensor **U, cg_tensor **S, cg_tensor **Vh);
cg_tensor *cg_linalg_svdvals(cg_tensor *A);
/* torch.linalg.lu_factor_ex(A, pivot, check_errors) (linalg_lu_factor.c):
 * LU [*, m, n] column-major (LinalgLuFactorExBackward0), pivots and info
 * int32; lu_factor raises PyTorch's error for a zero pivot. */
int cg_linalg_lu_factor_ex(cg_tensor *A, bool pivot, bool check_errors, cg_tensor **LU, cg_tensor **pivots,
                           cg_tensor **info);
int cg_linalg_lu_factor(cg_tensor *A, bool pivot, cg_tensor **LU, cg_tensor **pivots);
/* torch.linalg.lu(A, pivot): A = P L U (LinalgLuBackward0 on L and U) */
int cg_linalg_lu(cg_tensor *A, bool pivot, cg_tensor **P, cg_tensor **L, cg_tensor **U);
/* torch.lu_unpack(LU, pivots, unpack_data, unpack_pivots): P, L, U, the
 * parts not asked for empty (LuUnpackBackward0 on L and U) */
int cg_lu_unpack(cg_tensor *LU, cg_tensor *pivots, bool unpack_data, bool unpack_pivots, cg_tensor **P, cg_tensor **L,
                 cg_tensor **U);
/* torch.linalg.lu_solve(LU, pivots, B, left, adjoint)
 * (LinalgLuSolveBackward0), batch dims broadcast */
cg_tensor *cg_linalg_lu_solve(cg_tensor *LU, cg_tensor *pivots, cg_tensor *B, bool left, bool adjoint);
/* torch.cholesky(A, upper) (linalg_cholesky_old.c): CholeskyBackward0 */
cg_tensor *cg_cholesky(cg_tensor *A, bool upper);
/* torch.cholesky_solve(B, U, upper): X with A X = B, A = U U^T (or U^T U) */
cg_tensor *cg_cholesky_solve(cg_tensor *B, cg_tensor *U, bool upper);
/* torch.cholesky_inverse(U, upper): A^-1 of A = U U^T (or U^T U) */
cg_tensor *cg_cholesky_inverse(cg_tensor *U, bool upper);
/* torch.triangular_solve(B, A, upper, transpose, unitriangular): X with
 * op(A) X = B, and A's column-major copy (TriangularSolveBackward0) */
int cg_triangular_solve(cg_tensor *B, cg_tensor *A, bool upper, bool transpose, bool unit, cg_tensor **X,
                        cg_tensor **M);
/* torch.linalg.cross(a, b, dim) (linalg_cross.c): LinalgCrossBackward0 */
cg_tensor *cg_linalg_cross(cg_tensor *a, cg_tensor *b, int64_t dim);
/* torch.linalg.pinv(A, *, atol=None, rtol=None, hermitian=False)
 * (linalg_pinv.c): LinalgPinvBackward0; atol and rtol may be NULL. */
cg_tensor *cg_linalg_pinv(cg_tensor *A, cg_tensor *atol, cg_tensor *rtol, bool hermitian);
/* PyTorch's default tolerances of pinv and matrix_rank (new references):
 * atol 0 unless given, rtol eps * max(m, n) unless given (0 where a given
 * atol is positive); fn names the caller in the errors. */
int cg_linalg_atol_rtol(const cg_tensor *A, cg_tensor *atol, cg_tensor *rtol, const char *fn, cg_tensor **atol_out,
                        cg_tensor **rtol_out);

/* torch.set_float32_matmul_precision and get_float32_matmul_precision:
 * "highest" (float32 arithmetic throughout, the default), "high" or
 * "medium" (a device may compute float32 products in TF32: CUDA's cuBLAS
 * takes its TF32 tensor-op math, which is torch.backends.cuda.matmul.
 * allow_tf32 = True). The CPU computes in float32 whatever the setting, as
 * PyTorch 1.13's does. Process-wide, as PyTorch's at::globalContext(). */
typedef enum { CG_MATMUL_HIGHEST, CG_MATMUL_HIGH, CG_MATMUL_MEDIUM } cg_matmul_precision;
void cg_set_float32_matmul_precision(cg_matmul_precision p);
cg_matmul_precision cg_float32_matmul_precision(void);

#endif
