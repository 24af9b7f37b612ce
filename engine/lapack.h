/* lapack.h: LAPACK's factorisations on host matrices, as numpy (and later
 * torch.linalg) call them: OpenBLAS's LAPACK, the library numpy itself
 * links on Debian, so the same calls give numpy's bits.
 *
 * Matrices are column-major (Fortran's order) in the caller's buffers, of
 * dtype CG_F64 or CG_F32; each function queries LAPACK for its optimal
 * workspace first, as numpy's umath_linalg does (blocked algorithms choose
 * their path by the workspace they get). Each returns LAPACK's info: 0 on
 * success, > 0 for a numerical failure the caller reports (a singular
 * matrix, no convergence), or -1 with the engine error set (out of memory,
 * a size past LAPACK's 32-bit ints). */
#ifndef CG_LAPACK_H
#define CG_LAPACK_H

#include <stdint.h>

#include "dtype.h"

/* A * X = B for square A (n x n) and B (n x nrhs): LU with partial
 * pivoting; A holds the factors and B the solution. */
int cg_lapack_gesv(cg_dtype dt, int64_t n, int64_t nrhs, void *a, void *b, int32_t *ipiv);
/* LU factorisation of A (m x n) in place; ipiv has min(m, n) entries. */
int cg_lapack_getrf(cg_dtype dt, int64_t m, int64_t n, void *a, int32_t *ipiv);
/* Solves A X = B (trans 'N') or A^T X = B ('T') for B (n x nrhs) in
 * place, from getrf's factors of A (n x n) and its pivots. */
int cg_lapack_getrs(cg_dtype dt, char trans, int64_t n, int64_t nrhs, const void *a, const int32_t *ipiv, void *b);
/* Eigenvalues (w, ascending) and, with jobz 'V', eigenvectors (into A) of
 * the symmetric A (n x n), from its `uplo` triangle ('L' or 'U'). */
int cg_lapack_syevd(cg_dtype dt, char jobz, char uplo, int64_t n, void *a, void *w);
/* Singular values s (min(m, n)) of A (m x n, destroyed) and, with jobz 'A'
 * or 'S', U (m x m or m x k) and V^T (n x n or k x n). */
int cg_lapack_gesdd(cg_dtype dt, char jobz, int64_t m, int64_t n, void *a, void *s, void *u, void *vt);
/* QR of A (m x n) in place: R above the diagonal, the reflectors below,
 * their factors in tau (min(m, n)). */
int cg_lapack_geqrf(cg_dtype dt, int64_t m, int64_t n, void *a, void *tau);
/* The m x n Q with orthonormal columns from geqrf's k reflectors, in A. */
int cg_lapack_orgqr(cg_dtype dt, int64_t m, int64_t n, int64_t k, void *a, const void *tau);
/* Cholesky factor of the positive definite A (n x n) in its uplo triangle. */
int cg_lapack_potrf(cg_dtype dt, char uplo, int64_t n, void *a);
/* Solves A X = B (B n x nrhs, in place) from potrf's uplo factor of A. */
int cg_lapack_potrs(cg_dtype dt, char uplo, int64_t n, int64_t nrhs, const void *a, void *b);
/* A^-1 from potrf's uplo factor of A, in that triangle of a (in place). */
int cg_lapack_potri(cg_dtype dt, char uplo, int64_t n, void *a);
/* Least squares min |A X - B| for A (m x n), B (max(m, n) x nrhs): the
 * solution in B's first n rows, singular values s (min(m, n)), the
 * effective rank for rcond (negative: machine precision). */
int cg_lapack_gelsd(cg_dtype dt, int64_t m, int64_t n, int64_t nrhs, void *a, void *b, void *s, double rcond,
                    int64_t *rank);
/* Eigenvalues (wr + i wi) and, with jobvr 'V', right eigenvectors (vr,
 * n x n, LAPACK's packed real form) of the general A (n x n, destroyed). */
int cg_lapack_geev(cg_dtype dt, char jobvr, int64_t n, void *a, void *wr, void *wi, void *vr);

#endif
