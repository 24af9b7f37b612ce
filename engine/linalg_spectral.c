/* linalg_spectral.c: torch.linalg.eigh / eigvalsh (LAPACK's syevd) and
 * svd / svdvals (gesdd), batched, float32 and float64, with their
 * derivatives LinalgEighBackward0 and LinalgSvdBackward0 (PyTorch 1.13's
 * formulas for real inputs, written as engine ops so that they
 * differentiate again).
 *
 * As PyTorch does, each matrix is copied column-major and handed to the
 * same LAPACK driver with a queried workspace, so the bits (and the signs
 * of the vectors) are PyTorch's; the vectors come back batched
 * column-major. eigvalsh and svdvals compute the vectors only when a
 * gradient may be asked for (the derivative needs them), as PyTorch does.
 *
 * Not here: complex dtypes; the CUDA kernels refuse (no cuSOLVER). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autograd.h"
#include "error.h"
#include "ew.h"
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

static int check_input(const cg_tensor *A, const char *fn, bool square) {
    CG_CHECK_INT(A->ndim >= 2, CG_RUNTIME_ERROR, "%s: The input tensor A must have at least 2 dimensions.", fn);
    int64_t r = A->sizes[A->ndim - 2], c = A->sizes[A->ndim - 1];
    CG_CHECK_INT(!square || r == c, CG_RUNTIME_ERROR,
                 "%s: A must be batches of square matrices, but they are %lld by %lld matrices", fn, (long long)r,
                 (long long)c);
    return 0;
}

/* A column-major copy of A, no graph */
static cg_tensor *fortran_copy(cg_tensor *A) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *f = cg_linalg_empty_fortran(A->ndim, A->sizes, A->dtype, cg_tensor_device(A));
    if (f && cg_copy_(f, A) < 0) {
        cg_tensor_release(f);
        f = NULL;
    }
    cg_grad_set_enabled(was);
    return f;
}

/* ---- eigh ------------------------------------------------------------------------ */

/* out[0]: L [*, n]; out[1]: V [*, n, n] column-major holding A (the
 * eigenvectors after, when args->i[1]); args->i[0]: uplo 'L' or 'U'. */
void cg_cpu_linalg_eigh(const cg_kernel_call *call) {
    cg_tensor *L = call->out[0], *V = call->out[1];
    cg_dtype dt = V->dtype;
    size_t size = cg_dtype_size(dt);
    int64_t n = V->sizes[V->ndim - 1], batch = batch_of(V, 2);
    char *l = cg_tensor_data(L), *v = cg_tensor_data(V);
    for (int64_t b = 0; b < batch && n > 0; b++) {
        int rc = cg_lapack_syevd(dt, call->args->i[1] ? 'V' : 'N', (char)call->args->i[0], n,
                                 v + (size_t)(b * n * n) * size, l + (size_t)(b * n) * size);
        char where[64] = "";
        if (V->ndim > 2)
            snprintf(where, sizeof where, "(Batch element %lld): ", (long long)b);
        if (rc > 0)
            cg_error_set(CG_LINALG_ERROR,
                         "linalg.eigh: %sThe algorithm failed to converge because the input matrix is ill-conditioned "
                         "or has too many repeated eigenvalues (error code: %d).",
                         where, rc);
        if (rc != 0) {
            cg_cpu_kernel_fail();
            return;
        }
    }
}

int cg_linalg_eigh(cg_tensor *A, const char *uplo, bool compute_v, cg_tensor **eigenvalues, cg_tensor **eigenvectors) {
    *eigenvalues = *eigenvectors = NULL;
    const char *fn = "linalg.eigh";
    if (check_input(A, fn, true) < 0)
        return -1;
    CG_CHECK_INT(!strcmp(uplo, "L") || !strcmp(uplo, "U") || !strcmp(uplo, "l") || !strcmp(uplo, "u"),
                 CG_RUNTIME_ERROR, "Expected UPLO argument to be 'L' or 'U', but got %s", uplo);
    CG_CHECK_INT(A->dtype == CG_F32 || A->dtype == CG_F64, CG_RUNTIME_ERROR, "\"linalg_eigh_cpu\" not implemented for '%s'",
                 cg_dtype_legacy_name(A->dtype));
    compute_v = compute_v || cg_autograd_needed(1, &A);
    cg_tensor *V = fortran_copy(A);
    cg_tensor *L = V ? cg_tensor_empty(A->ndim - 1, A->sizes, A->dtype, cg_tensor_device(A)) : NULL;
    int rc = L ? 0 : -1;
    cg_op_args args = {.i = {(uplo[0] == 'U' || uplo[0] == 'u') ? 'U' : 'L', compute_v}};
    if (rc == 0) {
        cg_kernel_call call = {.op = CG_OP_LINALG_EIGH, .nout = 2, .nin = 1, .out = {L, V}, .in = {A}, .args = &args};
        rc = cg_op_run(&call);
    }
    if (rc == 0 && cg_autograd_needed(1, &A)) {
        cg_save_spec save[] = {{L, "eigenvalues"}, {V, "eigenvectors"}};
        rc = cg_autograd_record(CG_OP_LINALG_EIGH, 2, (cg_tensor *const[]){L, V}, 1, &A, 2, save, &args, NULL);
    }
    if (rc < 0) {
        cg_tensor_release(L), cg_tensor_release(V);
        return -1;
    }
    *eigenvalues = L, *eigenvectors = V;
    return 0;
}

static cg_tensor *s_mT(scratch *s, cg_tensor *x) { return x ? keep(s, cg_transpose(x, -2, -1)) : NULL; }
static cg_tensor *s_mm(scratch *s, cg_tensor *a, cg_tensor *b) { return a && b ? keep(s, cg_matmul(a, b)) : NULL; }
static cg_tensor *s_unsq(scratch *s, cg_tensor *x, int64_t d) { return x ? keep(s, cg_unsqueeze(x, d)) : NULL; }
/* x [*, k, k] with its diagonal zeroed, plus diag_embed(d) when d */
static cg_tensor *s_set_diag(scratch *s, cg_tensor *x, cg_tensor *d) {
    cg_tensor *off = x ? keep(s, cg_linalg_mask_mul(x, 1, 0, 1)) : NULL;
    if (!d)
        return off;
    cg_tensor *e = keep(s, cg_diag_embed(d, 0, -2, -1));
    return s_add(s, off, e);
}
/* E_ij = w_j - w_i, with ones on the diagonal */
static cg_tensor *s_gaps(scratch *s, cg_tensor *w) {
    int64_t k = w->sizes[w->ndim - 1];
    cg_tensor *e = s_sub(s, s_unsq(s, w, -2), s_unsq(s, w, -1));
    cg_tensor *eye = e ? keep(s, cg_eye(k, k, w->dtype, cg_tensor_device(w))) : NULL;
    return s_add(s, e, eye);
}

/* LinalgEighBackward0 (real): gA = V (diag(gL) + offdiag(V^T gV / E)) V^T */
int cg_bw_linalg_eigh(cg_node *node, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *L, *V;
    if ((!go[0] && !go[1]) || !node->next[0].node)
        return 0;
    if (cg_node_saved_all(node, 2, &L, &V) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *inner;
    if (go[1]) {
        cg_tensor *vg = s_mm(&s, s_mT(&s, V), go[1]);
        inner = s_set_diag(&s, s_div(&s, vg, s_gaps(&s, L)), go[0]);
    } else
        inner = keep(&s, cg_diag_embed(go[0], 0, -2, -1));
    return finish(gi, &s, s_mm(&s, V, s_mm(&s, inner, s_mT(&s, V))));
}

/* ---- svd ------------------------------------------------------------------------- */

/* in[0]: A [*, m, n] column-major (destroyed); out[0]: U, out[1]: S [*, k],
 * in[1]: Vh (a third output), both column-major; args->i[0]: gesdd's jobz
 * ('A', 'S' or 'N': U and Vh unused). */
void cg_cpu_linalg_svd(const cg_kernel_call *call) {
    cg_tensor *A = call->in[0], *U = call->out[0], *S = call->out[1], *Vh = call->in[1];
    char jobz = (char)call->args->i[0];
    cg_dtype dt = A->dtype;
    size_t size = cg_dtype_size(dt);
    int64_t m = A->sizes[A->ndim - 2], n = A->sizes[A->ndim - 1], k = m < n ? m : n, batch = batch_of(A, 2);
    int64_t ucols = jobz == 'A' ? m : k, vrows = jobz == 'A' ? n : k;
    char *a = cg_tensor_data(A), *s = cg_tensor_data(S);
    char *u = jobz != 'N' ? cg_tensor_data(U) : NULL, *vh = jobz != 'N' ? cg_tensor_data(Vh) : NULL;
    if (k == 0) { /* nothing to decompose: the square factors are identities */
        if (u)
            for (int64_t b = 0; b < batch; b++)
                for (int64_t i = 0; i < m * ucols; i++) {
                    char *p = u + (size_t)(b * m * ucols + i) * size;
                    double one = i % (m + 1) == 0 ? 1.0 : 0.0;
                    if (dt == CG_F64)
                        *(double *)p = one;
                    else
                        *(float *)p = (float)one;
                }
        if (vh)
            for (int64_t b = 0; b < batch; b++)
                for (int64_t i = 0; i < vrows * n; i++) {
                    char *p = vh + (size_t)(b * vrows * n + i) * size;
                    double one = i % (n + 1) == 0 ? 1.0 : 0.0;
                    if (dt == CG_F64)
                        *(double *)p = one;
                    else
                        *(float *)p = (float)one;
                }
        return;
    }
    for (int64_t b = 0; b < batch; b++) {
        int rc = cg_lapack_gesdd(dt, jobz, m, n, a + (size_t)(b * m * n) * size, s + (size_t)(b * k) * size,
                                 u ? u + (size_t)(b * m * ucols) * size : NULL,
                                 vh ? vh + (size_t)(b * vrows * n) * size : NULL);
        char where[64] = "";
        if (A->ndim > 2)
            snprintf(where, sizeof where, "(Batch element %lld): ", (long long)b);
        if (rc > 0)
            cg_error_set(CG_LINALG_ERROR,
                         "linalg.svd: %sThe algorithm failed to converge because the input matrix is ill-conditioned or "
                         "has too many repeated singular values (error code: %d).",
                         where, rc);
        if (rc != 0) {
            cg_cpu_kernel_fail();
            return;
        }
    }
}

int cg_linalg_svd(cg_tensor *A, bool full_matrices, bool compute_uv, cg_tensor **U, cg_tensor **S, cg_tensor **Vh) {
    *U = *S = *Vh = NULL;
    const char *fn = "linalg.svd";
    if (check_input(A, fn, false) < 0)
        return -1;
    CG_CHECK_INT(cg_dtype_is_inexact(A->dtype), CG_RUNTIME_ERROR,
                 "%s: Expected a floating point or complex tensor as input. Got %s", fn,
                 cg_dtype_legacy_name(A->dtype));
    CG_CHECK_INT(A->dtype == CG_F32 || A->dtype == CG_F64, CG_RUNTIME_ERROR, "\"linalg_svd_cpu\" not implemented for '%s'",
                 cg_dtype_legacy_name(A->dtype));
    bool grad = cg_autograd_needed(1, &A);
    compute_uv = compute_uv || grad;
    int nd = A->ndim;
    int64_t m = A->sizes[nd - 2], n = A->sizes[nd - 1], k = m < n ? m : n;
    char jobz = !compute_uv ? 'N' : full_matrices ? 'A' : 'S';
    int64_t us[CG_MAX_DIMS], vs[CG_MAX_DIMS], ss[CG_MAX_DIMS];
    memcpy(us, A->sizes, sizeof(int64_t) * (size_t)nd);
    memcpy(vs, A->sizes, sizeof(int64_t) * (size_t)nd);
    memcpy(ss, A->sizes, sizeof(int64_t) * (size_t)nd);
    us[nd - 1] = jobz == 'A' ? m : k;
    vs[nd - 2] = jobz == 'A' ? n : k;
    ss[nd - 2] = k;
    cg_device dev = cg_tensor_device(A);
    cg_tensor *a = fortran_copy(A);
    cg_tensor *u = a ? (jobz == 'N' ? cg_tensor_empty(1, (int64_t[]){0}, A->dtype, dev)
                                    : cg_linalg_empty_fortran(nd, us, A->dtype, dev))
                     : NULL;
    cg_tensor *vh = u ? (jobz == 'N' ? cg_tensor_empty(1, (int64_t[]){0}, A->dtype, dev)
                                     : cg_linalg_empty_fortran(nd, vs, A->dtype, dev))
                      : NULL;
    cg_tensor *s = vh ? cg_tensor_empty(nd - 1, ss, A->dtype, dev) : NULL;
    int rc = s ? 0 : -1;
    cg_op_args args = {.i = {jobz, m, n}};
    if (rc == 0) {
        cg_kernel_call call = {.op = CG_OP_LINALG_SVD, .nout = 2, .nin = 2, .out = {u, s}, .in = {a, vh}, .args = &args};
        rc = cg_op_run(&call);
    }
    cg_tensor_release(a);
    if (rc == 0 && grad) {
        cg_save_spec save[] = {{u, "U"}, {s, "S"}, {vh, "Vh"}};
        rc = cg_autograd_record(CG_OP_LINALG_SVD, 3, (cg_tensor *const[]){u, s, vh}, 1, &A, 3, save, &args, NULL);
    }
    if (rc < 0) {
        cg_tensor_release(u), cg_tensor_release(s), cg_tensor_release(vh);
        return -1;
    }
    *U = u, *S = s, *Vh = vh;
    return 0;
}

cg_tensor *cg_linalg_svdvals(cg_tensor *A) {
    cg_tensor *u, *s, *vh;
    if (cg_linalg_svd(A, false, false, &u, &s, &vh) < 0)
        return NULL;
    cg_tensor_release(u), cg_tensor_release(vh);
    return s;
}

static cg_tensor *s_narrow(scratch *s, cg_tensor *x, int64_t dim, int64_t len) {
    if (!x || x->sizes[x->ndim + dim] == len)
        return x;
    return keep(s, cg_narrow(x, dim, 0, len));
}

/* LinalgSvdBackward0 (real), PyTorch 1.13's svd_backward: with the first
 * k columns of U and rows of Vh,
 *   gA = U [(skew(U^T gU) S_row + S_col skew(V^T gV)) / E + diag(gS)] Vh
 * plus, for a tall A, (I - U U^T) gU S^-1 Vh and, for a wide one,
 * U S^-1 gV^T (I - V V^T); E_ij = S_j^2 - S_i^2 (ones on the diagonal),
 * skew(X) = X - X^T. */
int cg_bw_linalg_svd(cg_node *node, cg_tensor *const *go, cg_tensor **gi) {
    int64_t m = node->args.i[1], n = node->args.i[2], k = m < n ? m : n;
    cg_tensor *U, *S, *Vh;
    if ((!go[0] && !go[1] && !go[2]) || !node->next[0].node)
        return 0;
    if (cg_node_saved_all(node, 3, &U, &S, &Vh) < 0)
        return -1;
    scratch s = {0};
    U = s_narrow(&s, U, -1, k), Vh = s_narrow(&s, Vh, -2, k);
    cg_tensor *gU = go[0] ? s_narrow(&s, go[0], -1, k) : NULL, *gVh = go[2] ? s_narrow(&s, go[2], -2, k) : NULL;
    cg_tensor *gS = go[1];
    if (!gU && !gVh) {
        cg_tensor *r = m >= n ? s_mm(&s, U, s_mul(&s, s_unsq(&s, gS, -1), Vh)) : s_mm(&s, s_mul(&s, U, s_unsq(&s, gS, -2)), Vh);
        return finish(gi, &s, r);
    }
    cg_tensor *gV = gVh ? s_mT(&s, gVh) : NULL, *V = s_mT(&s, Vh);
    cg_tensor *S2 = s_mul(&s, S, S), *E = S2 ? s_gaps(&s, S2) : NULL;
    cg_tensor *inner = NULL;
    if (gU) {
        cg_tensor *ug = s_mm(&s, s_mT(&s, U), gU);
        inner = s_mul(&s, s_sub(&s, ug, s_mT(&s, ug)), s_unsq(&s, S, -2));
    }
    if (gV) {
        cg_tensor *vg = s_mm(&s, Vh, gV);
        cg_tensor *t = s_mul(&s, s_unsq(&s, S, -1), s_sub(&s, vg, s_mT(&s, vg)));
        inner = inner ? s_add(&s, inner, t) : t;
    }
    cg_tensor *gA = s_set_diag(&s, s_div(&s, inner, E), gS);
    if (m > n && gU) {
        gA = s_mm(&s, U, gA);
        cg_tensor *gUSinv = s_div(&s, gU, s_unsq(&s, S, -2));
        gA = s_add(&s, gA, s_sub(&s, gUSinv, s_mm(&s, U, s_mm(&s, s_mT(&s, U), gUSinv))));
        gA = s_mm(&s, gA, Vh);
    } else if (m < n && gV) {
        gA = s_mm(&s, gA, Vh);
        cg_tensor *gVSinv = s_div(&s, gV, s_unsq(&s, S, -2));
        gA = s_add(&s, gA, s_sub(&s, s_mT(&s, gVSinv), s_mm(&s, s_mm(&s, s_mT(&s, gVSinv), V), Vh)));
        gA = s_mm(&s, U, gA);
    } else
        gA = s_mm(&s, s_mm(&s, U, gA), Vh);
    return finish(gi, &s, gA);
}
