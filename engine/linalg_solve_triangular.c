/* linalg_solve_triangular.c: torch.linalg.solve_triangular (A X = B or
 * X A = B for triangular A, batched, by BLAS's trsm) and its derivative,
 * LinalgSolveTriangularBackward0. QR's derivative solves with it.
 *
 * Not here: complex dtypes; the CUDA kernel refuses (see
 * cuda/cuda_linalg_qr.cu).
 *
 * Note [Triangular solves as PyTorch calls trsm]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13 solves in place in a column-major copy of B (so X comes
 * back batched column-major) and hands BLAS's trsm the matrix A without a
 * copy where it can: a column-major A as it is, a row-major one (the
 * transpose of a column-major matrix, as R^H in QR's derivative) as its
 * data with the transpose flag and the other triangle. X A = B is trsm's
 * right side. The same calls into the same OpenBLAS give PyTorch's bits. */
#include <cblas.h>
#include <limits.h>
#include <string.h>

#include "autograd.h"
#include "error.h"
#include "ew.h"
#include "linalg_internal.h"
#include "ops.h"

/* ---- the kernel ------------------------------------------------------------------ */

/* Element offset of matrix b of t (its dims but the last two). */
static int64_t batch_offset(const cg_tensor *t, int64_t b) {
    int64_t off = t->offset;
    for (int d = t->ndim - 3; d >= 0; d--) {
        off += (b % t->sizes[d]) * t->strides[d];
        b /= t->sizes[d];
    }
    return off;
}

/* in[0]: A [*, k, k] column-major per matrix, or row-major when
 * args->flag (then passed transposed); out[0]: X [*, M, N] batched
 * column-major, holding B. args->i: upper, left, unitriangular. */
void cg_cpu_linalg_solve_triangular(const cg_kernel_call *call) {
    const cg_tensor *A = call->in[0];
    cg_tensor *X = call->out[0];
    const cg_op_args *args = call->args;
    bool upper = args->i[0], left = args->i[1], unit = args->i[2], row_major = args->flag;
    int nd = X->ndim;
    int64_t M = X->sizes[nd - 2], N = X->sizes[nd - 1], k = A->sizes[A->ndim - 1];
    if (M == 0 || N == 0)
        return;
    int64_t batch = cg_tensor_numel(X) / (M * N);
    enum CBLAS_UPLO uplo = (upper != row_major) ? CblasUpper : CblasLower;
    enum CBLAS_TRANSPOSE trans = row_major ? CblasTrans : CblasNoTrans;
    enum CBLAS_DIAG diag = unit ? CblasUnit : CblasNonUnit;
    enum CBLAS_SIDE side = left ? CblasLeft : CblasRight;
    size_t size = cg_dtype_size(X->dtype);
    char *x = cg_tensor_data(X), *a = (char *)A->storage->data;
    int lda = k > 1 ? (int)k : 1, ldx = M > 1 ? (int)M : 1;
    for (int64_t b = 0; b < batch; b++) {
        char *pa = a + (size_t)batch_offset(A, b) * size, *px = x + (size_t)(b * M * N) * size;
        if (X->dtype == CG_F64)
            cblas_dtrsm(CblasColMajor, side, uplo, trans, diag, (int)M, (int)N, 1.0, (const double *)pa, lda,
                        (double *)px, ldx);
        else
            cblas_strsm(CblasColMajor, side, uplo, trans, diag, (int)M, (int)N, 1.0f, (const float *)pa, lda,
                        (float *)px, ldx);
    }
}

/* ---- the op ---------------------------------------------------------------------- */

static int check_inputs(const cg_tensor *A, const cg_tensor *B, bool left) {
    const char *f = "linalg.solve_triangular";
    CG_CHECK_INT(A->ndim >= 2, CG_RUNTIME_ERROR, "%s: The input tensor A must have at least 2 dimensions.", f);
    CG_CHECK_INT(B->ndim >= 2, CG_RUNTIME_ERROR, "%s: The input tensor B must have at least 2 dimensions.", f);
    int64_t ar = A->sizes[A->ndim - 2], ac = A->sizes[A->ndim - 1];
    int64_t br = B->sizes[B->ndim - 2], bc = B->sizes[B->ndim - 1];
    CG_CHECK_INT(ar == ac, CG_RUNTIME_ERROR, "%s: A must be batches of square matrices, but they are %lld by %lld matrices",
                 f, (long long)ar, (long long)ac);
    CG_CHECK_INT(left ? ac == br : ac == bc, CG_RUNTIME_ERROR,
                 "%s: Incompatible shapes of A and B for the equation %s (%lldx%lld and %lldx%lld)", f,
                 left ? "AX = B" : "XA = B", (long long)ar, (long long)ac, (long long)br, (long long)bc);
    CG_CHECK_INT(ar <= INT_MAX && br <= INT_MAX && bc <= INT_MAX, CG_VALUE_ERROR,
                 "cgrad: matrix too large for BLAS's 32-bit sizes");
    cg_dtype dt = cg_dtype_promote(A->dtype, B->dtype);
    CG_CHECK_INT(cg_dtype_is_inexact(dt), CG_RUNTIME_ERROR,
                 "%s: Expected a floating point or complex tensor as input. Got %s", f, cg_dtype_legacy_name(dt));
    CG_CHECK_INT(dt == CG_F32 || dt == CG_F64, CG_RUNTIME_ERROR, "\"triangular_solve_cpu\" not implemented for '%s'",
                 cg_dtype_legacy_name(dt));
    return cg_check_same_device(2, (cg_tensor *const[]){(cg_tensor *)A, (cg_tensor *)B});
}

/* A broadcast to batch + [k, k] in dtype dt, as trsm reads it: column- or
 * row-major per matrix as it comes (*row_major), else a column-major copy */
static cg_tensor *ready_a(cg_tensor *A, int nb, const int64_t *batch, cg_dtype dt, bool *row_major) {
    int64_t k = A->sizes[A->ndim - 1], sizes[CG_MAX_DIMS];
    memcpy(sizes, batch, sizeof(int64_t) * (size_t)nb);
    sizes[nb] = sizes[nb + 1] = k;
    cg_tensor *a = A->dtype == dt ? cg_tensor_retain(A) : cg_to_dtype(A, dt);
    cg_tensor *e = a ? cg_expand(a, nb + 2, sizes) : NULL;
    cg_tensor_release(a);
    if (!e)
        return NULL;
    int64_t sr = e->strides[nb], sc = e->strides[nb + 1];
    *row_major = false;
    if ((sr == 1 || k <= 1) && (sc == k || k <= 1))
        return e;
    if (sc == 1 && sr == k) {
        *row_major = true;
        return e;
    }
    cg_tensor *f = cg_linalg_empty_fortran(nb + 2, sizes, dt, cg_tensor_device(e));
    if (f && cg_copy_(f, e) < 0) {
        cg_tensor_release(f);
        f = NULL;
    }
    cg_tensor_release(e);
    return f;
}

/* B broadcast to batch + its own [M, N], copied into a new column-major X */
static cg_tensor *x_of(cg_tensor *B, int nb, const int64_t *batch, cg_dtype dt) {
    int64_t sizes[CG_MAX_DIMS];
    memcpy(sizes, batch, sizeof(int64_t) * (size_t)nb);
    sizes[nb] = B->sizes[B->ndim - 2], sizes[nb + 1] = B->sizes[B->ndim - 1];
    cg_tensor *x = cg_linalg_empty_fortran(nb + 2, sizes, dt, cg_tensor_device(B));
    cg_tensor *e = x ? cg_expand(B, nb + 2, sizes) : NULL;
    int rc = e ? cg_copy_(x, e) : -1;
    cg_tensor_release(e);
    if (rc < 0) {
        cg_tensor_release(x);
        return NULL;
    }
    return x;
}

cg_tensor *cg_linalg_solve_triangular(cg_tensor *A, cg_tensor *B, bool upper, bool left, bool unitriangular) {
    if (check_inputs(A, B, left) < 0)
        return NULL;
    cg_dtype dt = cg_dtype_promote(A->dtype, B->dtype);
    int nb;
    int64_t batch[CG_MAX_DIMS];
    if (cg_broadcast_shapes(A->ndim - 2, A->sizes, B->ndim - 2, B->sizes, &nb, batch) < 0)
        return NULL;
    bool was = cg_grad_set_enabled(false), row_major = false;
    cg_tensor *a = ready_a(A, nb, batch, dt, &row_major), *x = a ? x_of(B, nb, batch, dt) : NULL;
    cg_grad_set_enabled(was);
    cg_op_args args = {.i = {upper, left, unitriangular}, .flag = row_major};
    int rc = x ? 0 : -1;
    if (rc == 0) {
        cg_kernel_call call = {.op = CG_OP_LINALG_SOLVE_TRIANGULAR, .nout = 1, .nin = 1, .out = {x}, .in = {a},
                               .args = &args};
        rc = cg_op_run(&call);
    }
    cg_tensor_release(a);
    if (rc < 0) {
        cg_tensor_release(x);
        return NULL;
    }
    cg_save_spec save[] = {{A, "self"}, {x, "result"}};
    args.flag = false;
    return cg_ew_record(x, CG_OP_LINALG_SOLVE_TRIANGULAR, 2, (cg_tensor *[]){A, B}, 2, save, &args);
}

/* ---- the derivative -------------------------------------------------------------- */

/* The [r, c] mask of m's values (above, diag, below the diagonal) in
 * dtype dt on dev. */
static cg_tensor *mask_of(int64_t r, int64_t c, const double m[3], cg_dtype dt, cg_device dev) {
    cg_tensor *mask = cg_tensor_empty(2, (int64_t[]){r, c}, CG_F64, cg_device_cpu());
    if (!mask)
        return NULL;
    double *p = cg_tensor_data(mask);
    for (int64_t i = 0; i < r; i++)
        for (int64_t j = 0; j < c; j++)
            p[i * c + j] = j > i ? m[0] : j == i ? m[1] : m[2];
    cg_tensor *typed = cg_to_dtype(mask, dt);
    cg_tensor_release(mask);
    cg_tensor *moved = typed ? cg_to_device(typed, dev) : NULL;
    cg_tensor_release(typed);
    return moved;
}

cg_tensor *cg_linalg_mask_mul(cg_tensor *x, double above, double diag, double below) {
    cg_tensor *m = mask_of(x->sizes[x->ndim - 2], x->sizes[x->ndim - 1], (double[]){above, diag, below}, x->dtype,
                           cg_tensor_device(x));
    cg_tensor *out = m ? cg_mul(x, m) : NULL;
    cg_tensor_release(m);
    return out;
}

cg_tensor *cg_linalg_triangle(cg_tensor *x, bool upper, bool diag) {
    cg_tensor *m = mask_of(x->sizes[x->ndim - 2], x->sizes[x->ndim - 1], (double[]){upper, diag, !upper}, CG_BOOL,
                           cg_tensor_device(x));
    cg_tensor *zero = m ? cg_zeros(0, NULL, x->dtype, cg_tensor_device(x)) : NULL;
    cg_tensor *out = zero ? cg_where(m, x, zero) : NULL;
    cg_tensor_release(m), cg_tensor_release(zero);
    return out;
}

/* LinalgSolveTriangularBackward0 (real case): G_B solves A^H G_B = grad
 * (the other triangle), G_A = -G_B X^H (left) or -X^H G_B, cut to A's
 * triangle. */
int cg_bw_linalg_solve_triangular(cg_node *node, cg_tensor *const *go, cg_tensor **gi) {
    bool upper = node->args.i[0], left = node->args.i[1], unit = node->args.i[2];
    cg_tensor *A, *X;
    if (!go[0] || cg_node_saved_all(node, 2, &A, &X) < 0)
        return go[0] ? -1 : 0;
    cg_tensor *ah = cg_transpose(A, -2, -1);
    cg_tensor *gb = ah ? cg_linalg_solve_triangular(ah, go[0], !upper, left, unit) : NULL;
    cg_tensor_release(ah);
    if (!gb)
        return -1;
    int rc = 0;
    if (node->next[0].node) {
        cg_tensor *xh = cg_transpose(X, -2, -1);
        cg_tensor *p = xh ? (left ? cg_matmul(gb, xh) : cg_matmul(xh, gb)) : NULL;
        cg_tensor *np = p ? cg_neg(p) : NULL;
        gi[0] = np ? cg_linalg_triangle(np, upper, !unit) : NULL;
        cg_tensor_release(xh), cg_tensor_release(p), cg_tensor_release(np);
        rc = gi[0] ? 0 : -1;
    }
    if (node->next[1].node)
        gi[1] = cg_tensor_retain(gb);
    cg_tensor_release(gb);
    return rc;
}
