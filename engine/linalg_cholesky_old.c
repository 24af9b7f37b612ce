/* linalg_cholesky_old.c: the torch-namespace Cholesky ops PyTorch 1.13
 * keeps beside torch.linalg: cholesky(A, upper) (CholeskyBackward0, potrf
 * as linalg.cholesky with its own messages), cholesky_solve (potrs,
 * CholeskySolveBackward0), cholesky_inverse (potri,
 * CholeskyInverseBackward0), and triangular_solve (trsm as
 * linalg.solve_triangular, TriangularSolveBackward0), batched, float32
 * and float64, their derivatives PyTorch's written with engine ops.
 *
 * Not here: complex dtypes; the CUDA kernels refuse (no cuSOLVER). */
#include <stdio.h>
#include <string.h>

#include "autograd.h"
#include "error.h"
#include "formula.h"
#include "lapack.h"
#include "linalg_internal.h"
#include "ops.h"

static int64_t batch_of(const cg_tensor *t, int keep) {
    int64_t b = 1;
    for (int d = 0; d < t->ndim - keep; d++)
        b *= t->sizes[d];
    return b;
}

static cg_tensor *s_mT(scratch *s, cg_tensor *t) { return t ? keep(s, cg_transpose(t, -2, -1)) : NULL; }
static cg_tensor *s_mm(scratch *s, cg_tensor *a, cg_tensor *b) { return a && b ? keep(s, cg_matmul(a, b)) : NULL; }

static int check_matrix(const cg_tensor *A, const char *fn, bool square) {
    CG_CHECK_INT(A->ndim >= 2, CG_RUNTIME_ERROR, "%s: The input tensor A must have at least 2 dimensions.", fn);
    CG_CHECK_INT(!square || A->sizes[A->ndim - 1] == A->sizes[A->ndim - 2], CG_RUNTIME_ERROR,
                 "%s: A must be batches of square matrices, but they are %lld by %lld matrices", fn,
                 (long long)A->sizes[A->ndim - 2], (long long)A->sizes[A->ndim - 1]);
    CG_CHECK_INT(A->dtype == CG_F32 || A->dtype == CG_F64, CG_RUNTIME_ERROR, "\"%s_cpu\" not implemented for '%s'", fn,
                 cg_dtype_legacy_name(A->dtype));
    return 0;
}

/* ---- cholesky ---------------------------------------------------------------------- */

cg_tensor *cg_cholesky(cg_tensor *A, bool upper) {
    if (check_matrix(A, "cholesky", true) < 0)
        return NULL;
    cg_tensor *L, *info;
    bool was = cg_grad_set_enabled(false);
    int rc = cg_linalg_cholesky_ex(A, upper, false, &L, &info);
    cg_grad_set_enabled(was);
    if (rc < 0)
        return NULL;
    const int32_t *p = cg_tensor_data(info);
    for (int64_t b = 0; b < cg_tensor_numel(info) && rc == 0; b++) {
        if (p[b] <= 0)
            continue;
        char where[64] = "";
        if (info->ndim > 0)
            snprintf(where, sizeof where, "(Batch element %lld): ", (long long)b);
        cg_error_set(CG_LINALG_ERROR,
                     "cholesky: %sThe factorization could not be completed because the input is not positive-definite "
                     "(the leading minor of order %d is not positive-definite).",
                     where, p[b]);
        rc = -1;
    }
    cg_tensor_release(info);
    if (rc == 0 && cg_autograd_needed(1, &A)) {
        cg_save_spec save[] = {{L, "result"}};
        rc = cg_autograd_record(CG_OP_CHOLESKY, 1, &L, 1, &A, 1, save, &(cg_op_args){.i = {upper}}, NULL);
    }
    if (rc < 0) {
        cg_tensor_release(L);
        return NULL;
    }
    return L;
}

/* ---- cholesky_solve and cholesky_inverse: kernels -------------------------------------------- */

/* in[0]: the factor [*, n, n] column-major; out[0]: X [*, n, k]
 * column-major holding B; args->flag: upper */
void cg_cpu_cholesky_solve(const cg_kernel_call *call) {
    const cg_tensor *U = call->in[0];
    cg_tensor *X = call->out[0];
    int64_t n = X->sizes[X->ndim - 2], k = X->sizes[X->ndim - 1];
    size_t size = cg_dtype_size(X->dtype);
    const char *u = cg_tensor_data((cg_tensor *)U);
    char *x = cg_tensor_data(X);
    for (int64_t b = 0; b < batch_of(X, 2) && n > 0 && k > 0; b++)
        if (cg_lapack_potrs(X->dtype, call->args->flag ? 'U' : 'L', n, k, u + (size_t)(b * n * n) * size,
                            x + (size_t)(b * n * k) * size) < 0) {
            cg_cpu_kernel_fail();
            return;
        }
}

/* out[0]: [*, n, n] column-major holding the factor, its uplo triangle
 * overwritten with the inverse; args->flag: upper */
void cg_cpu_cholesky_inverse(const cg_kernel_call *call) {
    cg_tensor *X = call->out[0];
    int64_t n = X->sizes[X->ndim - 1];
    size_t size = cg_dtype_size(X->dtype);
    char *x = cg_tensor_data(X);
    for (int64_t b = 0; b < batch_of(X, 2) && n > 0; b++) {
        int rc = cg_lapack_potri(X->dtype, call->args->flag ? 'U' : 'L', n, x + (size_t)(b * n * n) * size);
        if (rc < 0) {
            cg_cpu_kernel_fail();
            return;
        }
    }
}

/* t expanded to batch + its matrix sizes, copied column-major, no graph */
static cg_tensor *fortran_batched(cg_tensor *t, int nb, const int64_t *batch) {
    int64_t sizes[CG_MAX_DIMS];
    memcpy(sizes, batch, sizeof(int64_t) * (size_t)nb);
    sizes[nb] = t->sizes[t->ndim - 2], sizes[nb + 1] = t->sizes[t->ndim - 1];
    cg_tensor *e = cg_expand(t, nb + 2, sizes);
    cg_tensor *out = e ? cg_linalg_empty_fortran(nb + 2, sizes, t->dtype, cg_tensor_device(t)) : NULL;
    if (out && cg_copy_raw(out, e) < 0) {
        cg_tensor_release(out);
        out = NULL;
    }
    cg_tensor_release(e);
    return out;
}

/* the broadcast batch dims of a and b (PyTorch's error when they clash) */
static int broadcast_batch(const cg_tensor *a, const cg_tensor *b, int *nb, int64_t *batch) {
    int na = a->ndim - 2, nbb = b->ndim - 2;
    *nb = na > nbb ? na : nbb;
    for (int i = 0; i < *nb; i++) {
        int ia = i - (*nb - na), ib = i - (*nb - nbb);
        int64_t x = ia >= 0 ? a->sizes[ia] : 1, y = ib >= 0 ? b->sizes[ib] : 1;
        CG_CHECK_INT(x == y || x == 1 || y == 1, CG_RUNTIME_ERROR,
                     "The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %d",
                     (long long)x, (long long)y, i);
        batch[i] = x == 1 ? y : x;
    }
    return 0;
}

static int check_pair(const cg_tensor *b, const cg_tensor *A, const char *fn) {
    CG_CHECK_INT(b->ndim >= 2, CG_RUNTIME_ERROR, "b should have at least 2 dimensions, but has %d dimensions instead",
                 b->ndim);
    CG_CHECK_INT(A->ndim >= 2, CG_RUNTIME_ERROR, "u should have at least 2 dimensions, but has %d dimensions instead",
                 A->ndim);
    CG_CHECK_INT(A->sizes[A->ndim - 1] == A->sizes[A->ndim - 2] && A->sizes[A->ndim - 1] == b->sizes[b->ndim - 2],
                 CG_RUNTIME_ERROR, "Incompatible matrix sizes for %s: each A matrix is %lld by %lld but each b matrix is %lld by %lld",
                 fn, (long long)A->sizes[A->ndim - 2], (long long)A->sizes[A->ndim - 1], (long long)b->sizes[b->ndim - 2],
                 (long long)b->sizes[b->ndim - 1]);
    CG_CHECK_INT(A->dtype == b->dtype, CG_RUNTIME_ERROR,
                 "Expected b and A to have the same dtype, but found b of type %s and A of type %s instead.",
                 cg_dtype_legacy_name(b->dtype), cg_dtype_legacy_name(A->dtype));
    CG_CHECK_INT(A->dtype == CG_F32 || A->dtype == CG_F64, CG_RUNTIME_ERROR, "\"%s_cpu\" not implemented for '%s'", fn,
                 cg_dtype_legacy_name(A->dtype));
    return 0;
}

static cg_tensor *cholesky_solve_values(cg_tensor *B, cg_tensor *U, bool upper) {
    int nb;
    int64_t batch[CG_MAX_DIMS];
    if (broadcast_batch(B, U, &nb, batch) < 0)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *X = fortran_batched(B, nb, batch), *u = X ? fortran_batched(U, nb, batch) : NULL;
    cg_op_args args = {.flag = upper};
    cg_kernel_call call = {.op = CG_OP_CHOLESKY_SOLVE, .nout = 1, .nin = 1, .out = {X}, .in = {u}, .args = &args};
    int rc = u ? cg_op_run(&call) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(u);
    if (rc < 0) {
        cg_tensor_release(X);
        return NULL;
    }
    return X;
}

cg_tensor *cg_cholesky_solve(cg_tensor *B, cg_tensor *U, bool upper) {
    if (check_pair(B, U, "cholesky_solve") < 0)
        return NULL;
    cg_tensor *X = cholesky_solve_values(B, U, upper), *in[] = {B, U};
    if (X && cg_autograd_needed(2, in)) {
        cg_save_spec save[] = {{B, "self"}, {U, "input2"}, {X, "result"}};
        if (cg_autograd_record(CG_OP_CHOLESKY_SOLVE, 1, &X, 2, in, 3, save, &(cg_op_args){.flag = upper}, NULL) < 0) {
            cg_tensor_release(X);
            return NULL;
        }
    }
    return X;
}

/* CholeskySolveBackward0: gB = cholesky_solve(g, U); with C = gB X^T + X gB^T,
 * gU = -U C (upper) or -C U */
int cg_bw_cholesky_solve(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *B, *U, *X;
    if (cg_node_saved_all(n, 3, &B, &U, &X) < 0)
        return -1;
    bool upper = n->args.flag;
    scratch s = {0};
    cg_tensor *gB = keep(&s, cg_cholesky_solve(go[0], U, upper));
    cg_tensor *c = s_mm(&s, gB, s_mT(&s, X)), *C = s_add(&s, c, s_mT(&s, c));
    cg_tensor *gU = s_scale(&s, upper ? s_mm(&s, U, C) : s_mm(&s, C, U), -1.0);
    gi[0] = gB && gU && n->next[0].node ? cg_tensor_retain(gB) : NULL;
    gi[1] = gU && n->next[1].node ? cg_tensor_retain(gU) : NULL;
    scratch_free(&s);
    return gU ? 0 : -1;
}

cg_tensor *cg_cholesky_inverse(cg_tensor *U, bool upper) {
    if (check_matrix(U, "cholesky_inverse", true) < 0)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    scratch s = {0};
    cg_tensor *X = keep(&s, fortran_batched(U, U->ndim - 2, U->sizes)), *out = NULL;
    cg_op_args args = {.flag = upper};
    cg_kernel_call call = {.op = CG_OP_CHOLESKY_INVERSE, .nout = 1, .out = {X}, .args = &args};
    if (X && cg_op_run(&call) == 0) {
        /* the inverse's triangle, mirrored onto the other */
        cg_tensor *t = keep(&s, upper ? cg_triu(X, 0) : cg_tril(X, 0));
        cg_tensor *off = t ? keep(&s, upper ? cg_triu(t, 1) : cg_tril(t, -1)) : NULL;
        cg_tensor *sym = s_add(&s, t, s_mT(&s, off));
        out = sym ? fortran_batched(sym, U->ndim - 2, U->sizes) : NULL;
    }
    scratch_free(&s);
    cg_grad_set_enabled(was);
    if (out && cg_autograd_needed(1, &U)) {
        cg_save_spec save[] = {{U, "self"}, {out, "result"}};
        if (cg_autograd_record(CG_OP_CHOLESKY_INVERSE, 1, &out, 1, &U, 2, save, &(cg_op_args){.flag = upper}, NULL) < 0) {
            cg_tensor_release(out);
            return NULL;
        }
    }
    return out;
}

/* CholeskyInverseBackward0: C = X (g + g^T) X; -U C (upper) or -C U */
int cg_bw_cholesky_inverse(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *U, *X;
    if (cg_node_saved_all(n, 2, &U, &X) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *C = s_mm(&s, X, s_mm(&s, s_add(&s, go[0], s_mT(&s, go[0])), X));
    return finish(gi, &s, s_scale(&s, n->args.flag ? s_mm(&s, U, C) : s_mm(&s, C, U), -1.0));
}

/* ---- triangular_solve ---------------------------------------------------------------- */

int cg_triangular_solve(cg_tensor *B, cg_tensor *A, bool upper, bool transpose, bool unit, cg_tensor **X,
                        cg_tensor **M) {
    *X = *M = NULL;
    if (check_pair(B, A, "triangular_solve") < 0)
        return -1;
    int nb;
    int64_t batch[CG_MAX_DIMS];
    if (broadcast_batch(B, A, &nb, batch) < 0)
        return -1;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *m = fortran_batched(A, nb, batch), *op = m && transpose ? cg_transpose(m, -2, -1) : NULL;
    cg_tensor *x = m ? cg_linalg_solve_triangular(op ? op : m, B, transpose ? !upper : upper, true, unit) : NULL;
    cg_tensor *xf = x ? fortran_batched(x, nb, batch) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(op), cg_tensor_release(x);
    cg_tensor *in[] = {B, A};
    int rc = xf ? 0 : -1;
    if (rc == 0 && cg_autograd_needed(2, in)) {
        cg_tensor *outs[] = {xf, m};
        cg_save_spec save[] = {{B, "self"}, {A, "A"}, {xf, "solution"}};
        cg_op_args args = {.i = {upper, transpose, unit}};
        rc = cg_autograd_record(CG_OP_TRIANGULAR_SOLVE, 2, outs, 2, in, 3, save, &args, NULL);
    }
    if (rc < 0) {
        cg_tensor_release(xf), cg_tensor_release(m);
        return -1;
    }
    *X = xf, *M = m;
    return 0;
}

/* TriangularSolveBackward0: gB = triangular_solve(gX, A, upper, !transpose);
 * gA = -gB X^T (or -X gB^T transposed) on A's triangle, plus gM */
int cg_bw_triangular_solve(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *B, *A, *X;
    if (cg_node_saved_all(n, 3, &B, &A, &X) < 0)
        return -1;
    bool upper = n->args.i[0], transpose = n->args.i[1], unit = n->args.i[2];
    scratch s = {0};
    cg_tensor *gB = NULL, *gA = NULL;
    if (go[0]) {
        cg_tensor *m;
        if (cg_triangular_solve(go[0], A, upper, !transpose, unit, &gB, &m) == 0) {
            keep(&s, gB), keep(&s, m);
            cg_tensor *p = transpose ? s_mm(&s, X, s_mT(&s, gB)) : s_mm(&s, gB, s_mT(&s, X));
            p = s_scale(&s, p, -1.0);
            gA = p ? keep(&s, upper ? cg_triu(p, unit) : cg_tril(p, -(int64_t)unit)) : NULL;
        }
    }
    if (!gA)
        gA = keep(&s, cg_zeros(A->ndim, A->sizes, A->dtype, cg_tensor_device(A)));
    if (!gB)
        gB = keep(&s, cg_zeros(B->ndim, B->sizes, B->dtype, cg_tensor_device(B)));
    if (go[1])
        gA = s_add(&s, gA, go[1]);
    gi[0] = gA && gB && n->next[0].node ? cg_tensor_retain(gB) : NULL;
    gi[1] = gA && gB && n->next[1].node ? cg_tensor_retain(gA) : NULL;
    scratch_free(&s);
    return gA && gB ? 0 : -1;
}
