/* linalg_lu_factor.c: torch.linalg.lu_factor_ex (getrf; its LU
 * column-major as PyTorch returns it), lu (P, L, U), lu_unpack and
 * lu_solve (getrs), batched, float32 and float64, with the derivatives
 * LinalgLuFactorExBackward0, LinalgLuBackward0, LuUnpackBackward0 and
 * LinalgLuSolveBackward0 (PyTorch 1.13's formulas for real inputs,
 * written with engine ops).
 *
 * Not here: complex dtypes, pivot=False (PyTorch's CPU refuses it too);
 * the CUDA kernels refuse (no cuSOLVER). */
#include <stdio.h>
#include <stdlib.h>
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

/* ---- kernels ---------------------------------------------------------------------- */

/* out[0]: LU [*, m, n] column-major holding A; out[1]: pivots int32 [*, k];
 * in[0]: info int32 [*], written (a call has two outputs). getrf in place. */
void cg_cpu_linalg_lu_factor_ex(const cg_kernel_call *call) {
    cg_tensor *LU = call->out[0];
    int64_t m = LU->sizes[LU->ndim - 2], n = LU->sizes[LU->ndim - 1], k = m < n ? m : n, batch = batch_of(LU, 2);
    size_t size = cg_dtype_size(LU->dtype);
    char *a = cg_tensor_data(LU);
    int32_t *piv = cg_tensor_data(call->out[1]), *info = cg_tensor_data(call->in[0]);
    for (int64_t b = 0; b < batch; b++) {
        int rc = k > 0 ? cg_lapack_getrf(LU->dtype, m, n, a + (size_t)(b * m * n) * size, piv + b * k) : 0;
        if (rc < 0) {
            cg_cpu_kernel_fail();
            return;
        }
        info[b] = rc;
    }
}

/* in[0]: LU [*, n, n] column-major per matrix; in[1]: pivots int32 [*, n];
 * out[0]: X [*, n, r] column-major holding B; args->flag: solve A^T X = B */
void cg_cpu_linalg_lu_solve(const cg_kernel_call *call) {
    const cg_tensor *LU = call->in[0];
    cg_tensor *X = call->out[0];
    int64_t n = X->sizes[X->ndim - 2], r = X->sizes[X->ndim - 1], batch = batch_of(X, 2);
    size_t size = cg_dtype_size(X->dtype);
    const char *a = cg_tensor_data((cg_tensor *)LU);
    const int32_t *piv = cg_tensor_data((cg_tensor *)call->in[1]);
    char *x = cg_tensor_data(X);
    for (int64_t b = 0; b < batch && n > 0 && r > 0; b++)
        if (cg_lapack_getrs(X->dtype, call->args->flag ? 'T' : 'N', n, r, a + (size_t)(b * n * n) * size, piv + b * n,
                            x + (size_t)(b * n * r) * size) < 0) {
            cg_cpu_kernel_fail();
            return;
        }
}

/* ---- lu_factor_ex ---------------------------------------------------------------------- */

/* dim_fn names the op in the dims error, as PyTorch's checks differ */
static int check_lu_input(const cg_tensor *A, const char *dim_fn, bool pivot) {
    char shape[CG_SIZES_STR_MAX];
    CG_CHECK_INT(A->ndim >= 2, CG_RUNTIME_ERROR, "%s: Expected tensor with 2 or more dimensions. Got size: %s instead",
                 dim_fn, cg_sizes_str(A->ndim, A->sizes, shape, sizeof shape));
    CG_CHECK_INT(A->dtype == CG_F32 || A->dtype == CG_F64, CG_RUNTIME_ERROR, "\"lu_cpu\" not implemented for '%s'",
                 cg_dtype_legacy_name(A->dtype));
    CG_CHECK_INT(pivot, CG_RUNTIME_ERROR, "linalg.lu_factor: LU without pivoting is not implemented on the CPU");
    return 0;
}

/* A copied into a new column-major tensor, unversioned and without a graph */
static cg_tensor *fortran_copy(cg_tensor *A) {
    cg_tensor *f = cg_linalg_empty_fortran(A->ndim, A->sizes, A->dtype, cg_tensor_device(A));
    if (f && cg_copy_raw(f, A) < 0) {
        cg_tensor_release(f);
        return NULL;
    }
    return f;
}

/* The factorisation without a graph */
static int lu_factor_run(cg_tensor *A, cg_tensor **LU, cg_tensor **pivots, cg_tensor **info) {
    int nb = A->ndim - 2;
    int64_t m = A->sizes[nb], n = A->sizes[nb + 1], ps[CG_MAX_DIMS];
    memcpy(ps, A->sizes, sizeof(int64_t) * (size_t)nb);
    ps[nb] = m < n ? m : n;
    cg_device dev = cg_tensor_device(A);
    cg_tensor *lu = fortran_copy(A), *p = lu ? cg_tensor_empty(nb + 1, ps, CG_INT32, dev) : NULL;
    cg_tensor *i = p ? cg_tensor_empty(nb, A->sizes, CG_INT32, dev) : NULL;
    cg_op_args args = {.flag = false};
    cg_kernel_call call = {.op = CG_OP_LINALG_LU_FACTOR_EX, .nout = 2, .nin = 1, .out = {lu, p}, .in = {i}, .args = &args};
    if (!i || cg_op_run(&call) < 0) {
        cg_tensor_release(lu), cg_tensor_release(p), cg_tensor_release(i);
        return -1;
    }
    *LU = lu, *pivots = p, *info = i;
    return 0;
}

/* PyTorch's error for the first singular U of lu_factor */
static int raise_singular(const cg_tensor *info, const char *fn) {
    const int32_t *p = cg_tensor_data((cg_tensor *)info);
    for (int64_t b = 0; b < cg_tensor_numel(info); b++) {
        if (p[b] <= 0)
            continue;
        char where[64] = "";
        if (info->ndim > 0)
            snprintf(where, sizeof where, "(Batch element %lld): ", (long long)b);
        cg_error_set(CG_RUNTIME_ERROR,
                     "%s: %sU[%d,%d] is zero and using it on lu_solve would result in a division by zero. If you "
                     "still want to perform the factorization, consider calling linalg.lu(A, pivot) or "
                     "linalg.lu_factor_ex(A, pivot)",
                     fn, where, p[b], p[b]);
        return -1;
    }
    return 0;
}

int cg_linalg_lu_factor_ex(cg_tensor *A, bool pivot, bool check_errors, cg_tensor **LU, cg_tensor **pivots,
                           cg_tensor **info) {
    *LU = *pivots = *info = NULL;
    if (check_lu_input(A, "torch.lu_factor", pivot) < 0 || lu_factor_run(A, LU, pivots, info) < 0)
        return -1;
    int rc = check_errors ? raise_singular(*info, "torch.linalg.lu_factor_ex") : 0;
    if (rc == 0 && cg_autograd_needed(1, &A)) {
        cg_save_spec save[] = {{*LU, "LU"}, {*pivots, "pivots"}};
        cg_op_args args = {.flag = pivot};
        rc = cg_autograd_record(CG_OP_LINALG_LU_FACTOR_EX, 1, LU, 1, &A, 2, save, &args, NULL);
    }
    if (rc < 0) {
        cg_tensor_release(*LU), cg_tensor_release(*pivots), cg_tensor_release(*info);
        *LU = *pivots = *info = NULL;
    }
    return rc;
}

int cg_linalg_lu_factor(cg_tensor *A, bool pivot, cg_tensor **LU, cg_tensor **pivots) {
    cg_tensor *info;
    if (cg_linalg_lu_factor_ex(A, pivot, false, LU, pivots, &info) < 0)
        return -1;
    int rc = raise_singular(info, "torch.linalg.lu_factor");
    cg_tensor_release(info);
    if (rc < 0) {
        cg_tensor_release(*LU), cg_tensor_release(*pivots);
        *LU = *pivots = NULL;
    }
    return rc;
}

/* ---- lu_unpack ------------------------------------------------------------------------- */

/* P [*, m, m] with A = P L U, from getrf's 1-based row swaps */
static cg_tensor *permutation_of(const cg_tensor *pivots, int nb, const int64_t *batch, int64_t m, cg_dtype dt,
                                 cg_device dev) {
    int64_t sizes[CG_MAX_DIMS], k = pivots->sizes[pivots->ndim - 1];
    memcpy(sizes, batch, sizeof(int64_t) * (size_t)nb);
    sizes[nb] = sizes[nb + 1] = m;
    cg_tensor *P = cg_zeros(nb + 2, sizes, dt, dev);
    int64_t *perm = P ? malloc(sizeof(int64_t) * (size_t)(m ? m : 1)) : NULL;
    if (P && !perm)
        cg_error_set(CG_MEMORY_ERROR, "out of memory");
    if (!perm) {
        cg_tensor_release(P);
        return NULL;
    }
    const int32_t *pv = cg_tensor_data((cg_tensor *)pivots);
    char *p = cg_tensor_data(P);
    size_t size = cg_dtype_size(dt);
    for (int64_t b = 0; b < batch_of(P, 2); b++) {
        for (int64_t i = 0; i < m; i++)
            perm[i] = i;
        for (int64_t i = 0; i < k; i++) {
            int64_t j = pv[b * k + i] - 1, t = perm[i];
            if (j >= 0 && j < m)
                perm[i] = perm[j], perm[j] = t;
        }
        for (int64_t i = 0; i < m; i++) {
            char *e = p + (size_t)(b * m * m + perm[i] * m + i) * size;
            if (dt == CG_F64)
                *(double *)e = 1;
            else
                *(float *)e = 1;
        }
    }
    free(perm);
    return P;
}

static int check_pivots(const cg_tensor *pivots, const char *fn) {
    CG_CHECK_INT(pivots->dtype == CG_INT32 && cg_tensor_is_contiguous(pivots), CG_RUNTIME_ERROR,
                 "%s: LU_pivots is expected to be a contiguous tensor of torch.int32 dtype.\nNote: this function is "
                 "intended to be used with the output produced by torch.linalg.lu_factor",
                 fn);
    return 0;
}

/* L (unit lower, [*, m, k]) and U ([*, k, n]) of LU, with a graph */
static int unpack_lu(cg_tensor *LU, cg_tensor **L, cg_tensor **U) {
    int nd = LU->ndim;
    int64_t m = LU->sizes[nd - 2], n = LU->sizes[nd - 1], k = m < n ? m : n;
    scratch s = {0};
    cg_tensor *l = keep(&s, cg_narrow(LU, -1, 0, k)), *u = keep(&s, cg_narrow(LU, -2, 0, k));
    cg_tensor *lo = l ? keep(&s, cg_tril(l, -1)) : NULL;
    cg_tensor *eye = lo ? keep(&s, cg_eye(m, k, LU->dtype, cg_tensor_device(LU))) : NULL;
    *L = eye ? cg_add(lo, eye, cg_scalar_int(1)) : NULL;
    *U = u && *L ? cg_triu(u, 0) : NULL;
    scratch_free(&s);
    if (!*U) {
        cg_tensor_release(*L);
        *L = NULL;
        return -1;
    }
    return 0;
}

int cg_lu_unpack(cg_tensor *LU, cg_tensor *pivots, bool unpack_data, bool unpack_pivots, cg_tensor **P, cg_tensor **L,
                 cg_tensor **U) {
    *P = *L = *U = NULL;
    char shape[CG_SIZES_STR_MAX];
    CG_CHECK_INT(LU->ndim >= 2, CG_RUNTIME_ERROR, "torch.lu_unpack: Expected tensor with 2 or more dimensions. Got size: %s instead",
                 cg_sizes_str(LU->ndim, LU->sizes, shape, sizeof shape));
    if (check_pivots(pivots, "torch.lu_unpack") < 0)
        return -1;
    int nb = LU->ndim - 2;
    cg_device dev = cg_tensor_device(LU);
    if (unpack_data) {
        bool was = cg_grad_set_enabled(false);
        int rc = unpack_lu(LU, L, U);
        cg_grad_set_enabled(was);
        if (rc < 0)
            return -1;
        if (cg_autograd_needed(1, &LU)) {
            cg_tensor *outs[] = {*L, *U};
            if (cg_autograd_record(CG_OP_LU_UNPACK, 2, outs, 1, &LU, 0, NULL, &(cg_op_args){.flag = false}, NULL) < 0)
                goto fail;
        }
    } else {
        int64_t z = 0;
        *L = cg_tensor_empty(1, &z, LU->dtype, dev), *U = *L ? cg_tensor_empty(1, &z, LU->dtype, dev) : NULL;
        if (!*U)
            goto fail;
    }
    if (unpack_pivots) {
        int64_t m = LU->sizes[nb];
        *P = permutation_of(pivots, nb, LU->sizes, m, LU->dtype, dev);
    } else {
        int64_t z = 0;
        *P = cg_tensor_empty(1, &z, LU->dtype, dev);
    }
    if (*P)
        return 0;
fail:
    cg_tensor_release(*L), cg_tensor_release(*U);
    *L = *U = NULL;
    return -1;
}

/* ---- linalg.lu --------------------------------------------------------------------- */

int cg_linalg_lu(cg_tensor *A, bool pivot, cg_tensor **P, cg_tensor **L, cg_tensor **U) {
    *P = *L = *U = NULL;
    if (check_lu_input(A, "linalg.lu", pivot) < 0)
        return -1;
    cg_tensor *lu, *piv, *info;
    if (lu_factor_run(A, &lu, &piv, &info) < 0)
        return -1;
    cg_tensor_release(info);
    bool was = cg_grad_set_enabled(false);
    int rc = cg_lu_unpack(lu, piv, true, true, P, L, U);
    cg_grad_set_enabled(was);
    if (rc == 0 && cg_autograd_needed(1, &A)) {
        cg_tensor *outs[] = {*L, *U};
        cg_save_spec save[] = {{*P, "P"}, {*L, "L"}, {*U, "U"}};
        rc = cg_autograd_record(CG_OP_LINALG_LU, 2, outs, 1, &A, 3, save, &(cg_op_args){.flag = pivot}, NULL);
    }
    cg_tensor_release(lu), cg_tensor_release(piv);
    if (rc < 0) {
        cg_tensor_release(*P), cg_tensor_release(*L), cg_tensor_release(*U);
        *P = *L = *U = NULL;
    }
    return rc;
}

/* ---- lu_solve ---------------------------------------------------------------------- */

static int check_lu_solve(const cg_tensor *LU, const cg_tensor *pivots, const cg_tensor *B, bool left) {
    const char *fn = "linalg.lu_solve";
    CG_CHECK_INT(LU->ndim >= 2, CG_RUNTIME_ERROR, "%s: The input tensor LU must have at least 2 dimensions.", fn);
    int64_t n = LU->sizes[LU->ndim - 1];
    CG_CHECK_INT(LU->sizes[LU->ndim - 2] == n, CG_RUNTIME_ERROR,
                 "torch.%s: A must be batches of square matrices, but they are %lld by %lld matrices", fn,
                 (long long)LU->sizes[LU->ndim - 2], (long long)n);
    CG_CHECK_INT(B->ndim >= 2, CG_RUNTIME_ERROR, "%s: The input tensor B must have at least 2 dimensions.", fn);
    CG_CHECK_INT(pivots->dtype == CG_INT32, CG_RUNTIME_ERROR, "%s: pivots should be a Tensor of scalar type torch.int32",
                 fn);
    CG_CHECK_INT(LU->dtype == B->dtype, CG_RUNTIME_ERROR,
                 "%s: Expected LU and B to have the same dtype, but found LU of type %s and B of type %s instead", fn,
                 cg_dtype_legacy_name(LU->dtype), cg_dtype_legacy_name(B->dtype));
    int64_t br = B->sizes[B->ndim - 2], bc = B->sizes[B->ndim - 1];
    if (left)
        CG_CHECK_INT(br == n, CG_RUNTIME_ERROR,
                     "%s: Incompatible shapes of A and B for the equation AX = B (%lldx%lld and %lldx%lld)", fn,
                     (long long)n, (long long)n, (long long)br, (long long)bc);
    else
        CG_CHECK_INT(bc == n, CG_RUNTIME_ERROR,
                     "%s: Incompatible shapes of A and B for the equation XA = B (%lldx%lld and %lldx%lld)", fn,
                     (long long)n, (long long)n, (long long)br, (long long)bc);
    return 0;
}

/* t expanded to batch + its last `keep` sizes, copied (column-major when
 * fortran, else contiguous), no graph */
static cg_tensor *batched_copy(cg_tensor *t, int nb, const int64_t *batch, int keep, bool fortran) {
    int64_t sizes[CG_MAX_DIMS];
    memcpy(sizes, batch, sizeof(int64_t) * (size_t)nb);
    memcpy(sizes + nb, t->sizes + t->ndim - keep, sizeof(int64_t) * (size_t)keep);
    cg_tensor *e = cg_expand(t, nb + keep, sizes), *out = NULL;
    if (e)
        out = fortran ? cg_linalg_empty_fortran(nb + keep, sizes, t->dtype, cg_tensor_device(t))
                      : cg_tensor_empty(nb + keep, sizes, t->dtype, cg_tensor_device(t));
    if (out && cg_copy_raw(out, e) < 0) {
        cg_tensor_release(out);
        out = NULL;
    }
    cg_tensor_release(e);
    return out;
}

/* X solving op(A) X = B (left) or X op(A) = B, op(A) = A^T when adjoint;
 * a right solve is the left solve of A^T's system for X^T */
static cg_tensor *lu_solve_values(cg_tensor *LU, cg_tensor *pivots, cg_tensor *B, bool left, bool adjoint) {
    int nbl = LU->ndim - 2, nbb = B->ndim - 2;
    int nb = nbl > nbb ? nbl : nbb;
    int64_t batch[CG_MAX_DIMS];
    for (int i = 0; i < nb; i++) {
        int il = i - (nb - nbl), ib = i - (nb - nbb);
        int64_t a = il >= 0 ? LU->sizes[il] : 1, b = ib >= 0 ? B->sizes[ib] : 1;
        CG_CHECK(a == b || a == 1 || b == 1, CG_RUNTIME_ERROR,
                 "The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %d",
                 (long long)a, (long long)b, i);
        batch[i] = a == 1 ? b : a;
    }
    bool was = cg_grad_set_enabled(false);
    cg_tensor *Bt = left ? cg_tensor_retain(B) : cg_transpose(B, -2, -1);
    cg_tensor *X = Bt ? batched_copy(Bt, nb, batch, 2, true) : NULL;
    cg_tensor *lu = X ? batched_copy(LU, nb, batch, 2, true) : NULL;
    cg_tensor *pv = lu ? batched_copy(pivots, nb, batch, 1, false) : NULL;
    cg_op_args args = {.flag = left ? adjoint : !adjoint};
    cg_kernel_call call = {.op = CG_OP_LINALG_LU_SOLVE, .nout = 1, .nin = 2, .out = {X}, .in = {lu, pv}, .args = &args};
    int rc = pv ? cg_op_run(&call) : -1;
    cg_tensor *out = rc == 0 ? (left ? cg_tensor_retain(X) : cg_transpose(X, -2, -1)) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(Bt), cg_tensor_release(X), cg_tensor_release(lu), cg_tensor_release(pv);
    return out;
}

cg_tensor *cg_linalg_lu_solve(cg_tensor *LU, cg_tensor *pivots, cg_tensor *B, bool left, bool adjoint) {
    if (check_lu_solve(LU, pivots, B, left) < 0)
        return NULL;
    cg_tensor *X = lu_solve_values(LU, pivots, B, left, adjoint);
    cg_tensor *in[] = {LU, B};
    if (X && cg_autograd_needed(2, in)) {
        cg_save_spec save[] = {{LU, "LU"}, {pivots, "pivots"}, {X, "result"}};
        cg_op_args args = {.i = {left, adjoint}};
        if (cg_autograd_record(CG_OP_LINALG_LU_SOLVE, 1, &X, 2, in, 3, save, &args, NULL) < 0) {
            cg_tensor_release(X);
            return NULL;
        }
    }
    return X;
}

/* ---- derivatives ------------------------------------------------------------------- */

static cg_tensor *s_mT(scratch *s, cg_tensor *t) { return t ? keep(s, cg_transpose(t, -2, -1)) : NULL; }
static cg_tensor *s_mm(scratch *s, cg_tensor *a, cg_tensor *b) { return a && b ? keep(s, cg_matmul(a, b)) : NULL; }
static cg_tensor *s_tril(scratch *s, cg_tensor *t, int64_t k) { return t ? keep(s, cg_tril(t, k)) : NULL; }
static cg_tensor *s_triu(scratch *s, cg_tensor *t, int64_t k) { return t ? keep(s, cg_triu(t, k)) : NULL; }
static cg_tensor *s_narrow(scratch *s, cg_tensor *t, int64_t d, int64_t st, int64_t len) {
    return t ? keep(s, cg_narrow(t, d, st, len)) : NULL;
}
static cg_tensor *s_trsm(scratch *s, cg_tensor *A, cg_tensor *B, bool upper, bool left, bool unit) {
    return A && B ? keep(s, cg_linalg_solve_triangular(A, B, upper, left, unit)) : NULL;
}
static cg_tensor *s_cat2(scratch *s, cg_tensor *a, cg_tensor *b, int64_t dim) {
    cg_tensor *ts[] = {a, b};
    return a && b ? keep(s, cg_cat(2, ts, dim)) : NULL;
}
static cg_tensor *s_zeros_like(scratch *s, cg_tensor *t) {
    return t ? keep(s, cg_zeros(t->ndim, t->sizes, t->dtype, cg_tensor_device(t))) : NULL;
}

/* PyTorch's linalg_lu_backward: A's gradient from those of L and U (either
 * may be NULL, not both) of A = P L U, A m x n, k = min(m, n) */
static cg_tensor *lu_backward(scratch *s, cg_tensor *gL, cg_tensor *gU, cg_tensor *P, cg_tensor *L, cg_tensor *U,
                              bool pivot) {
    int64_t m = L->sizes[L->ndim - 2], n = U->sizes[U->ndim - 1], k = m < n ? m : n;
    cg_tensor *Lh = s_mT(s, L), *Uh = s_mT(s, U), *g;
    if (m == n) {
        g = gL ? s_tril(s, s_mm(s, Lh, gL), -1) : NULL;
        if (gU) {
            cg_tensor *u = s_triu(s, s_mm(s, gU, Uh), 0);
            g = g ? s_add(s, g, u) : u;
        }
        g = s_trsm(s, Uh, g, false, false, false);
        g = s_trsm(s, Lh, g, true, true, true);
    } else if (m < n) {
        /* A = P L [U1 U2]: U2 = L^-1 A2 moves L's gradient by -L^-H gU2 U2^H */
        cg_tensor *U1 = s_narrow(s, U, -1, 0, k), *U2 = s_narrow(s, U, -1, k, n - k);
        cg_tensor *gU1 = gU ? s_narrow(s, gU, -1, 0, k) : NULL, *gU2 = gU ? s_narrow(s, gU, -1, k, n - k) : NULL;
        cg_tensor *inner = gL ? s_mm(s, Lh, gL) : NULL;
        if (gU) {
            cg_tensor *u2 = s_mm(s, gU2, s_mT(s, U2));
            inner = inner ? s_sub(s, inner, u2) : s_scale(s, u2, -1.0);
        }
        g = s_tril(s, inner, -1);
        if (gU)
            g = s_add(s, g, s_triu(s, s_mm(s, gU1, s_mT(s, U1)), 0));
        g = s_trsm(s, s_mT(s, U1), g, false, false, false);
        g = s_cat2(s, g, gU ? gU2 : s_zeros_like(s, U2), -1);
        g = s_trsm(s, Lh, g, true, true, true);
    } else {
        /* A = P [L1; L2] U: L2 = A2 U^-1 moves U's gradient by -L2^H gL2 U^-H */
        cg_tensor *L1 = s_narrow(s, L, -2, 0, k), *L2 = s_narrow(s, L, -2, k, m - k);
        cg_tensor *gL1 = gL ? s_narrow(s, gL, -2, 0, k) : NULL, *gL2 = gL ? s_narrow(s, gL, -2, k, m - k) : NULL;
        cg_tensor *inner = gU ? s_mm(s, gU, Uh) : NULL;
        if (gL) {
            cg_tensor *l2 = s_mm(s, s_mT(s, L2), gL2);
            inner = inner ? s_sub(s, inner, l2) : s_scale(s, l2, -1.0);
        }
        g = s_triu(s, inner, 0);
        if (gL)
            g = s_add(s, g, s_tril(s, s_mm(s, s_mT(s, L1), gL1), -1));
        g = s_trsm(s, s_mT(s, L1), g, true, true, true);
        g = s_cat2(s, g, gL ? gL2 : s_zeros_like(s, L2), -2);
        g = s_trsm(s, Uh, g, false, false, false);
    }
    return pivot ? s_mm(s, P, g) : g;
}

/* the unpacked P, L, U of LU with a graph from LU (for the derivatives) */
static int unpack_saved(scratch *s, cg_tensor *LU, cg_tensor *pivots, bool want_p, cg_tensor **P, cg_tensor **L,
                        cg_tensor **U) {
    if (cg_lu_unpack(LU, pivots, true, want_p, P, L, U) < 0)
        return -1;
    keep(s, *P), keep(s, *L), keep(s, *U);
    return 0;
}

/* LinalgLuFactorExBackward0: lu_backward with gL = g.tril(-1), gU = g.triu() */
int cg_bw_linalg_lu_factor_ex(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *LU, *piv;
    if (cg_node_saved_all(n, 2, &LU, &piv) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *P, *L, *U;
    if (unpack_saved(&s, LU, piv, true, &P, &L, &U) < 0)
        return finish(gi, &s, NULL);
    int64_t m = LU->sizes[LU->ndim - 2], nn = LU->sizes[LU->ndim - 1], k = m < nn ? m : nn;
    cg_tensor *gL = s_tril(&s, s_narrow(&s, go[0], -1, 0, k), -1), *gU = s_triu(&s, s_narrow(&s, go[0], -2, 0, k), 0);
    return finish(gi, &s, gL && gU ? lu_backward(&s, gL, gU, P, L, U, n->args.flag) : NULL);
}

/* LinalgLuBackward0 */
int cg_bw_linalg_lu(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *P, *L, *U;
    if (cg_node_saved_all(n, 3, &P, &L, &U) < 0)
        return -1;
    scratch s = {0};
    return finish(gi, &s, lu_backward(&s, go[0], go[1], P, L, U, n->args.flag));
}

/* LuUnpackBackward0: gL below the diagonal and gU on and above it, in LU's place */
int cg_bw_lu_unpack(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    const cg_meta *m = &n->in_meta[0];
    int64_t r = m->sizes[m->ndim - 2], c = m->sizes[m->ndim - 1], k = r < c ? r : c;
    scratch s = {0};
    cg_tensor *g = keep(&s, cg_zeros(m->ndim, m->sizes, m->dtype, m->device));
    if (go[0]) {
        int64_t pad[] = {0, c - k};
        cg_tensor *l = s_tril(&s, go[0], -1);
        g = l ? s_add(&s, g, keep(&s, cg_constant_pad_nd(l, 2, pad, cg_scalar_int(0)))) : NULL;
    }
    if (go[1] && g) {
        int64_t pad[] = {0, 0, 0, r - k};
        cg_tensor *u = s_triu(&s, go[1], 0);
        g = u ? s_add(&s, g, keep(&s, cg_constant_pad_nd(u, 4, pad, cg_scalar_int(0)))) : NULL;
    }
    return finish(gi, &s, g);
}

/* LinalgLuSolveBackward0: PyTorch's linalg_lu_solve_LU for LU, and for B
 * lu_solve(LU, pivots, g, left, !adjoint) */
int cg_bw_linalg_lu_solve(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *LU, *piv, *X;
    if (cg_node_saved_all(n, 3, &LU, &piv, &X) < 0)
        return -1;
    bool left = n->args.i[0], adjoint = n->args.i[1];
    gi[0] = gi[1] = NULL;
    if (n->next[1].node && !(gi[1] = cg_linalg_lu_solve(LU, piv, go[0], left, !adjoint)))
        return -1;
    if (!n->next[0].node)
        return 0;
    scratch s = {0};
    cg_tensor *P, *L, *U, *r = NULL;
    if (unpack_saved(&s, LU, piv, left == adjoint, &P, &L, &U) == 0) {
        cg_tensor *Lh = s_mT(&s, L), *Uh = s_mT(&s, U);
        if (left != adjoint) {
            cg_tensor *prod = left ? s_mm(&s, go[0], s_mT(&s, X)) : s_mm(&s, s_mT(&s, go[0]), X);
            cg_tensor *gR = s_trsm(&s, Uh, s_scale(&s, prod, -1.0), false, true, false);
            cg_tensor *gL = s_tril(&s, s_trsm(&s, Lh, s_mm(&s, gR, Uh), true, true, true), -1);
            r = s_add(&s, gL, s_triu(&s, gR, 0));
        } else {
            cg_tensor *prod = left ? s_mm(&s, X, s_mT(&s, go[0])) : s_mm(&s, s_mT(&s, X), go[0]);
            cg_tensor *gR = s_scale(&s, s_mm(&s, s_mm(&s, s_mT(&s, P), prod), P), -1.0);
            gR = s_trsm(&s, Lh, gR, true, false, true);
            cg_tensor *gU = s_triu(&s, s_trsm(&s, Uh, s_mm(&s, Lh, gR), false, false, false), 0);
            r = s_add(&s, s_tril(&s, gR, -1), gU);
        }
    }
    int rc = finish(&gi[0], &s, r);
    if (rc < 0) {
        cg_tensor_release(gi[1]);
        gi[1] = NULL;
    }
    return rc;
}
