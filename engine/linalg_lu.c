/* linalg_lu.c: the LU- and Cholesky-based ops of torch.linalg over LAPACK:
 * inv_ex, solve_ex (getrf, getrs), det, slogdet (getrf), cholesky_ex
 * (potrf), batched, float32 and float64, with their derivatives
 * LinalgInvExBackward0, LinalgSolveExBackward0, LinalgDetBackward0,
 * LinalgSlogdetBackward0, LinalgCholeskyExBackward0.
 *
 * Not here: complex dtypes; the CUDA kernels refuse (no cuSOLVER); the
 * derivative of det at a singular matrix (PyTorch takes an SVD there, we
 * give the nan of A^-T).
 *
 * Note [LU of the transpose]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13 factors with getrf in column-major order. A row-major
 * (contiguous) real A is, read column-major, A^T: PyTorch factors that
 * buffer as it is and solves with getrs's 'T' (A = (A^T)^T), det(A^T) =
 * det(A). Any other layout is first copied column-major and factored as
 * A. We make the same choice (args->flag: the buffer holds A^T), so the
 * factors, and the results, are PyTorch's bits. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autograd.h"
#include "error.h"
#include "ew.h"
#include "lapack.h"
#include "linalg_internal.h"
#include "ops.h"

/* ---- the kernels ----------------------------------------------------------------- */

static int64_t batch_of(const cg_tensor *t, int keep) {
    int64_t b = 1;
    for (int d = 0; d < t->ndim - keep; d++)
        b *= t->sizes[d];
    return b;
}

static void *alloc_or_fail(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory");
        cg_cpu_kernel_fail();
    }
    return p;
}

/* in[0]: A [*, n, n], each matrix a contiguous block (A^T when flag);
 * out[0]: X [*, n, k] column-major, holding B; out[1]: info int32 [*].
 * getrf, then getrs whatever getrf said (a zero pivot gives PyTorch's
 * infs and nans). */
static void lu_solve_kernel(const cg_kernel_call *call) {
    const cg_tensor *A = call->in[0];
    cg_tensor *X = call->out[0], *I = call->out[1];
    cg_dtype dt = X->dtype;
    size_t size = cg_dtype_size(dt);
    int64_t n = A->sizes[A->ndim - 1], k = X->sizes[X->ndim - 1], batch = batch_of(X, 2);
    if (batch == 0)
        return;
    int32_t *info = cg_tensor_data(I);
    if (n == 0) {
        memset(info, 0, (size_t)batch * sizeof(int32_t));
        return;
    }
    void *buf = alloc_or_fail((size_t)(n * n) * size);
    int32_t *piv = buf ? alloc_or_fail((size_t)n * sizeof(int32_t)) : NULL;
    if (!piv) {
        free(buf);
        return;
    }
    const char *a = cg_tensor_data(A);
    char *x = cg_tensor_data(X);
    for (int64_t b = 0; b < batch; b++) {
        memcpy(buf, a + (size_t)(b * n * n) * size, (size_t)(n * n) * size);
        int rc = cg_lapack_getrf(dt, n, n, buf, piv);
        info[b] = rc > 0 ? rc : 0;
        if (rc >= 0 && k > 0)
            rc = cg_lapack_getrs(dt, call->args->flag ? 'T' : 'N', n, k, buf, piv, x + (size_t)(b * n * k) * size);
        if (rc < 0) {
            cg_cpu_kernel_fail();
            break;
        }
    }
    free(buf), free(piv);
}

void cg_cpu_linalg_inv_ex(const cg_kernel_call *call) { lu_solve_kernel(call); }
void cg_cpu_linalg_solve_ex(const cg_kernel_call *call) { lu_solve_kernel(call); }

/* in[0]: A as lu_solve_kernel's; out[0]: det [*] (args->i[0] 0), or
 * out[0] sign and out[1] logabsdet (args->i[0] 1): the sign of the
 * pivots times the product of U's diagonal, in PyTorch's order. */
static void det_kernel(const cg_kernel_call *call) {
    const cg_tensor *A = call->in[0];
    bool logdet = call->args->i[0];
    cg_dtype dt = A->dtype;
    size_t size = cg_dtype_size(dt);
    int64_t n = A->sizes[A->ndim - 1], batch = batch_of(A, 2);
    if (batch == 0)
        return;
    void *buf = alloc_or_fail((size_t)(n * n) * size);
    int32_t *piv = buf ? alloc_or_fail((size_t)(n > 0 ? n : 1) * sizeof(int32_t)) : NULL;
    if (!piv) {
        free(buf);
        return;
    }
    const char *a = cg_tensor_data(A);
    char *o0 = cg_tensor_data(call->out[0]), *o1 = logdet ? cg_tensor_data(call->out[1]) : NULL;
    for (int64_t b = 0; b < batch; b++) {
        memcpy(buf, a + (size_t)(b * n * n) * size, (size_t)(n * n) * size);
        int rc = n > 0 ? cg_lapack_getrf(dt, n, n, buf, piv) : 0;
        if (rc < 0) {
            cg_cpu_kernel_fail();
            break;
        }
        int swaps = 0;
        for (int64_t i = 0; i < n; i++)
            swaps += piv[i] != i + 1;
        double p = swaps % 2 ? -1.0 : 1.0;
        if (dt == CG_F64) {
            const double *u = buf;
            double prod = 1, sgn = 1, lsum = 0;
            for (int64_t i = 0; i < n; i++) {
                double d = u[i * (n + 1)];
                prod *= d;
                sgn *= d > 0 ? 1.0 : d < 0 ? -1.0 : 0.0;
                lsum += log(fabs(d));
            }
            if (logdet)
                ((double *)o0)[b] = sgn * p, ((double *)o1)[b] = lsum;
            else
                ((double *)o0)[b] = p * prod;
        } else {
            const float *u = buf;
            float prod = 1, sgn = 1, lsum = 0;
            for (int64_t i = 0; i < n; i++) {
                float d = u[i * (n + 1)];
                prod *= d;
                sgn *= d > 0 ? 1.0f : d < 0 ? -1.0f : 0.0f;
                lsum += logf(fabsf(d));
            }
            if (logdet)
                ((float *)o0)[b] = sgn * (float)p, ((float *)o1)[b] = lsum;
            else
                ((float *)o0)[b] = (float)p * prod;
        }
    }
    free(buf), free(piv);
}

void cg_cpu_linalg_det(const cg_kernel_call *call) { det_kernel(call); }
void cg_cpu_linalg_slogdet(const cg_kernel_call *call) { det_kernel(call); }

/* out[0]: L [*, n, n] column-major holding A, factored in place in its
 * args->i[0] ? upper : lower triangle, the other zeroed; out[1]: info. */
void cg_cpu_linalg_cholesky_ex(const cg_kernel_call *call) {
    cg_tensor *L = call->out[0];
    bool upper = call->args->i[0];
    cg_dtype dt = L->dtype;
    size_t size = cg_dtype_size(dt);
    int64_t n = L->sizes[L->ndim - 1], batch = batch_of(L, 2);
    int32_t *info = cg_tensor_data(call->out[1]);
    char *l = cg_tensor_data(L);
    for (int64_t b = 0; b < batch; b++) {
        char *m = l + (size_t)(b * n * n) * size;
        int rc = n > 0 ? cg_lapack_potrf(dt, upper ? 'U' : 'L', n, m) : 0;
        if (rc < 0) {
            cg_cpu_kernel_fail();
            return;
        }
        info[b] = rc;
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = 0; i < n; i++)
                if (upper ? i > j : i < j)
                    memset(m + (size_t)(i + j * n) * size, 0, size);
    }
}

/* ---- the ops --------------------------------------------------------------------- */

/* PyTorch's checks of a square-matrix input, in its order */
static int check_square(const cg_tensor *A, const char *fn) {
    CG_CHECK_INT(A->ndim >= 2, CG_RUNTIME_ERROR, "%s: The input tensor A must have at least 2 dimensions.", fn);
    int64_t r = A->sizes[A->ndim - 2], c = A->sizes[A->ndim - 1];
    CG_CHECK_INT(r == c, CG_RUNTIME_ERROR, "%s: A must be batches of square matrices, but they are %lld by %lld matrices",
                 fn, (long long)r, (long long)c);
    return 0;
}

static int check_dtype(cg_dtype dt, const char *fn) {
    CG_CHECK_INT(cg_dtype_is_inexact(dt), CG_RUNTIME_ERROR, "%s: Expected a floating point or complex tensor as input. Got %s",
                 fn, cg_dtype_legacy_name(dt));
    CG_CHECK_INT(dt != CG_F16 && dt != CG_BF16, CG_RUNTIME_ERROR, "%s: Low precision dtypes not supported. Got %s", fn,
                 cg_dtype_legacy_name(dt));
    CG_CHECK_INT(dt == CG_F32 || dt == CG_F64, CG_RUNTIME_ERROR, "cgrad: %s is not implemented for %s tensors", fn,
                 cg_dtype_legacy_name(dt));
    return 0;
}

/* A [*, n, n] expanded to batch, each matrix a contiguous block: row-major
 * when A is contiguous (*trans: it holds A^T), else column-major. See Note
 * [LU of the transpose]. No graph. */
static cg_tensor *lu_ready(cg_tensor *A, int nb, const int64_t *batch, bool *trans) {
    int64_t n = A->sizes[A->ndim - 1], sizes[CG_MAX_DIMS];
    memcpy(sizes, batch, sizeof(int64_t) * (size_t)nb);
    sizes[nb] = sizes[nb + 1] = n;
    *trans = cg_tensor_is_contiguous(A);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *e = cg_expand(A, nb + 2, sizes), *out = NULL;
    if (e && *trans)
        out = cg_contiguous(e);
    else if (e) {
        out = cg_linalg_empty_fortran(nb + 2, sizes, A->dtype, cg_tensor_device(A));
        if (out && cg_copy_(out, e) < 0) {
            cg_tensor_release(out);
            out = NULL;
        }
    }
    cg_tensor_release(e);
    cg_grad_set_enabled(was);
    return out;
}

static cg_tensor *info_of(int nb, const int64_t *batch, cg_device dev) {
    return cg_tensor_empty(nb, batch, CG_INT32, dev);
}

/* PyTorch's LinAlgError for the first nonzero info, or 0 */
static int raise_info(const cg_tensor *info, int kind, const char *fn) {
    int64_t count = cg_tensor_numel(info);
    const int32_t *p = cg_tensor_data((cg_tensor *)info);
    for (int64_t b = 0; b < count; b++) {
        if (p[b] <= 0)
            continue;
        char where[64] = "";
        if (info->ndim > 0)
            snprintf(where, sizeof where, "(Batch element %lld): ", (long long)b);
        if (kind == 0)
            cg_error_set(CG_LINALG_ERROR,
                         "%s: %sThe diagonal element %d is zero, the inversion could not be completed because the input "
                         "matrix is singular.",
                         fn, where, p[b]);
        else if (kind == 1)
            cg_error_set(CG_LINALG_ERROR, "%s: %sThe solver failed because the input matrix is singular.", fn, where);
        else
            cg_error_set(CG_LINALG_ERROR,
                         "%s: %sThe factorization could not be completed because the input is not positive-definite "
                         "(the leading minor of order %d is not positive-definite).",
                         fn, where, p[b]);
        return -1;
    }
    return 0;
}

/* X = A^-1 B (left) for X prefilled with B [*, n, k] column-major: the
 * kernel of inv_ex and solve_ex, recording op over inputs in[0..nin) */
static int lu_solve_run(cg_op op, cg_tensor *A, cg_tensor *X, cg_tensor *info, int nb, const int64_t *batch) {
    bool trans;
    cg_tensor *a = lu_ready(A, nb, batch, &trans);
    if (!a)
        return -1;
    cg_op_args args = {.flag = trans};
    cg_kernel_call call = {.op = op, .nout = 2, .nin = 1, .out = {X, info}, .in = {a}, .args = &args};
    int rc = cg_op_run(&call);
    cg_tensor_release(a);
    return rc;
}

int cg_linalg_inv_ex(cg_tensor *A, bool check_errors, cg_tensor **inverse, cg_tensor **info) {
    *inverse = *info = NULL;
    const char *fn = "linalg.inv";
    if (check_square(A, fn) < 0 || check_dtype(A->dtype, fn) < 0)
        return -1;
    int nb = A->ndim - 2;
    int64_t n = A->sizes[nb];
    cg_device dev = cg_tensor_device(A);
    cg_tensor *X = cg_linalg_empty_fortran(A->ndim, A->sizes, A->dtype, dev), *I = X ? info_of(nb, A->sizes, dev) : NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *eye = I ? cg_eye(n, n, A->dtype, dev) : NULL;
    int rc = eye ? cg_copy_raw(X, eye) : -1; /* unversioned: a fresh result is at version 0, as PyTorch's */
    cg_grad_set_enabled(was);
    cg_tensor_release(eye);
    if (rc == 0)
        rc = lu_solve_run(CG_OP_LINALG_INV_EX, A, X, I, nb, A->sizes);
    if (rc == 0 && check_errors)
        rc = raise_info(I, 0, fn);
    if (rc == 0 && cg_autograd_needed(1, &A)) {
        cg_op_args args = {0};
        cg_save_spec save[] = {{X, "inverse"}};
        rc = cg_autograd_record(CG_OP_LINALG_INV_EX, 1, &X, 1, &A, 1, save, &args, NULL);
    }
    if (rc < 0) {
        cg_tensor_release(X), cg_tensor_release(I);
        return -1;
    }
    *inverse = X, *info = I;
    return 0;
}

cg_tensor *cg_linalg_inv(cg_tensor *A) {
    cg_tensor *X, *I;
    if (cg_linalg_inv_ex(A, true, &X, &I) < 0)
        return NULL;
    cg_tensor_release(I);
    return X;
}

int cg_linalg_solve_ex(cg_tensor *A, cg_tensor *B, bool left, bool check_errors, cg_tensor **result, cg_tensor **info) {
    *result = *info = NULL;
    const char *fn = "linalg.solve";
    if (check_square(A, fn) < 0)
        return -1;
    CG_CHECK_INT(A->dtype == B->dtype, CG_RUNTIME_ERROR,
                 "%s: Expected A and B to have the same dtype, but found A of type %s and B of type %s instead", fn,
                 cg_dtype_legacy_name(A->dtype), cg_dtype_legacy_name(B->dtype));
    if (check_dtype(A->dtype, fn) < 0 || cg_check_same_device(2, (cg_tensor *const[]){A, B}) < 0)
        return -1;
    int64_t n = A->sizes[A->ndim - 1];
    /* numpy's rule: B is a vector (batch) when it is 1-d or A's shape but the last dim */
    bool vec = B->ndim == 1 || (B->ndim == A->ndim - 1 && !memcmp(B->sizes, A->sizes, sizeof(int64_t) * (size_t)B->ndim));
    CG_CHECK_INT(!vec || left, CG_RUNTIME_ERROR,
                 "linalg.solve: Vector broadcasting of the left hand side is not supported for left=False. In this case "
                 "linalg.solve is equivalent to B / A.squeeze(-1)");
    bool was = cg_grad_set_enabled(false);
    cg_tensor *b = vec ? cg_unsqueeze(B, -1) : (left ? cg_tensor_retain(B) : cg_transpose(B, -2, -1));
    cg_tensor *a = left ? cg_tensor_retain(A) : cg_transpose(A, -2, -1);
    cg_grad_set_enabled(was);
    int rc = a && b ? 0 : -1;
    int64_t br = rc == 0 ? b->sizes[b->ndim - 2] : 0, bc = rc == 0 ? b->sizes[b->ndim - 1] : 0;
    if (rc == 0 && br != n) {
        cg_error_set(CG_RUNTIME_ERROR, "%s: Incompatible shapes of A and B for the equation %s (%lldx%lld and %lldx%lld)",
                     fn, left ? "AX = B" : "XA = B", (long long)n, (long long)n, (long long)(left ? br : bc),
                     (long long)(left ? bc : br));
        rc = -1;
    }
    int nb = 0;
    int64_t batch[CG_MAX_DIMS], xs[CG_MAX_DIMS];
    if (rc == 0)
        rc = cg_broadcast_shapes(A->ndim - 2, A->sizes, b->ndim - 2, b->sizes, &nb, batch);
    cg_tensor *X = NULL, *I = NULL;
    if (rc == 0) {
        memcpy(xs, batch, sizeof(int64_t) * (size_t)nb);
        xs[nb] = n, xs[nb + 1] = bc;
        X = cg_linalg_empty_fortran(nb + 2, xs, A->dtype, cg_tensor_device(A));
        I = X ? info_of(nb, batch, cg_tensor_device(A)) : NULL;
        was = cg_grad_set_enabled(false);
        cg_tensor *e = I ? cg_expand(b, nb + 2, xs) : NULL;
        rc = e ? cg_copy_(X, e) : -1;
        cg_tensor_release(e);
        cg_grad_set_enabled(was);
    }
    if (rc == 0)
        rc = lu_solve_run(CG_OP_LINALG_SOLVE_EX, a, X, I, nb, batch);
    if (rc == 0 && check_errors)
        rc = raise_info(I, 1, "torch.linalg.solve");
    cg_tensor *out = NULL;
    if (rc == 0) { /* back to B's orientation */
        was = cg_grad_set_enabled(false);
        out = vec ? cg_squeeze_dim(X, -1) : left ? cg_tensor_retain(X) : cg_transpose(X, -2, -1);
        cg_grad_set_enabled(was);
        rc = out ? 0 : -1;
    }
    cg_tensor_release(a), cg_tensor_release(b), cg_tensor_release(X);
    if (rc == 0 && cg_autograd_needed(2, (cg_tensor *const[]){A, B})) {
        cg_op_args args = {.i = {left, vec}};
        cg_save_spec save[] = {{A, "A"}, {out, "result"}};
        rc = cg_autograd_record(CG_OP_LINALG_SOLVE_EX, 1, &out, 2, (cg_tensor *const[]){A, B}, 2, save, &args, NULL);
    }
    if (rc < 0) {
        cg_tensor_release(out), cg_tensor_release(I);
        return -1;
    }
    *result = out, *info = I;
    return 0;
}

cg_tensor *cg_linalg_solve(cg_tensor *A, cg_tensor *B, bool left) {
    cg_tensor *X, *I;
    if (cg_linalg_solve_ex(A, B, left, true, &X, &I) < 0)
        return NULL;
    cg_tensor_release(I);
    return X;
}

/* det (slog false) or sign and logabsdet of A */
static int det_run(cg_tensor *A, bool slog, cg_tensor **o0, cg_tensor **o1) {
    const char *fn = slog ? "linalg.slogdet" : "linalg.det";
    if (check_square(A, fn) < 0 || check_dtype(A->dtype, fn) < 0)
        return -1;
    int nb = A->ndim - 2;
    bool trans;
    cg_device dev = cg_tensor_device(A);
    cg_tensor *a = lu_ready(A, nb, A->sizes, &trans);
    cg_tensor *d0 = a ? cg_tensor_empty(nb, A->sizes, A->dtype, dev) : NULL;
    cg_tensor *d1 = d0 && slog ? cg_tensor_empty(nb, A->sizes, A->dtype, dev) : NULL;
    int rc = d0 && (d1 || !slog) ? 0 : -1;
    cg_op op = slog ? CG_OP_LINALG_SLOGDET : CG_OP_LINALG_DET;
    cg_op_args args = {.i = {slog}};
    if (rc == 0) {
        cg_kernel_call call = {.op = op, .nout = slog ? 2 : 1, .nin = 1, .out = {d0, d1}, .in = {a}, .args = &args};
        rc = cg_op_run(&call);
    }
    cg_tensor_release(a);
    if (rc == 0 && cg_autograd_needed(1, &A)) {
        cg_save_spec save[] = {{A, "A"}, {slog ? d1 : d0, slog ? "logabsdet" : "result"}};
        cg_tensor *outs[] = {d0, d1};
        rc = cg_autograd_record(op, slog ? 2 : 1, outs, 1, &A, 2, save, &args, NULL);
    }
    if (rc < 0) {
        cg_tensor_release(d0), cg_tensor_release(d1);
        return -1;
    }
    *o0 = d0;
    if (o1)
        *o1 = d1;
    return 0;
}

cg_tensor *cg_linalg_det(cg_tensor *A) {
    cg_tensor *d;
    return det_run(A, false, &d, NULL) < 0 ? NULL : d;
}

int cg_linalg_slogdet(cg_tensor *A, cg_tensor **sign, cg_tensor **logabsdet) {
    *sign = *logabsdet = NULL;
    return det_run(A, true, sign, logabsdet);
}

int cg_linalg_cholesky_ex(cg_tensor *A, bool upper, bool check_errors, cg_tensor **L, cg_tensor **info) {
    *L = *info = NULL;
    const char *fn = "linalg.cholesky";
    if (check_square(A, fn) < 0 || check_dtype(A->dtype, fn) < 0)
        return -1;
    int nb = A->ndim - 2;
    cg_device dev = cg_tensor_device(A);
    cg_tensor *l = cg_linalg_empty_fortran(A->ndim, A->sizes, A->dtype, dev), *I = l ? info_of(nb, A->sizes, dev) : NULL;
    bool was = cg_grad_set_enabled(false);
    int rc = I ? cg_copy_(l, A) : -1;
    cg_grad_set_enabled(was);
    cg_op_args args = {.i = {upper}};
    if (rc == 0) {
        cg_kernel_call call = {.op = CG_OP_LINALG_CHOLESKY_EX, .nout = 2, .nin = 1, .out = {l, I}, .in = {A},
                               .args = &args};
        rc = cg_op_run(&call);
    }
    if (rc == 0 && check_errors)
        rc = raise_info(I, 2, fn);
    if (rc == 0 && cg_autograd_needed(1, &A)) {
        cg_save_spec save[] = {{l, "L"}};
        rc = cg_autograd_record(CG_OP_LINALG_CHOLESKY_EX, 1, &l, 1, &A, 1, save, &args, NULL);
    }
    if (rc < 0) {
        cg_tensor_release(l), cg_tensor_release(I);
        return -1;
    }
    *L = l, *info = I;
    return 0;
}

cg_tensor *cg_linalg_cholesky(cg_tensor *A, bool upper) {
    cg_tensor *l, *I;
    if (cg_linalg_cholesky_ex(A, upper, true, &l, &I) < 0)
        return NULL;
    cg_tensor_release(I);
    return l;
}

/* ---- the derivatives ------------------------------------------------------------- */

static cg_tensor *mT(cg_tensor *x) { return cg_transpose(x, -2, -1); }

/* -(a @ b), references released */
static cg_tensor *neg_mm(cg_tensor *a, cg_tensor *b) {
    cg_tensor *p = a && b ? cg_matmul(a, b) : NULL, *out = p ? cg_neg(p) : NULL;
    cg_tensor_release(a), cg_tensor_release(b), cg_tensor_release(p);
    return out;
}

/* LinalgInvExBackward0: -X^T (g X^T) */
int cg_bw_linalg_inv_ex(cg_node *node, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *X;
    if (!go[0] || !node->next[0].node)
        return 0;
    if (cg_node_saved_all(node, 1, &X) < 0)
        return -1;
    cg_tensor *xt = mT(X), *gx = xt ? cg_matmul(go[0], xt) : NULL;
    gi[0] = neg_mm(xt, gx);
    return gi[0] ? 0 : -1;
}

/* LinalgSolveExBackward0: gB solves A^T gB = g (from the same side), gA =
 * -gB X^T (left) or -X^T gB; a vector B's gA is the outer product. */
int cg_bw_linalg_solve_ex(cg_node *node, cg_tensor *const *go, cg_tensor **gi) {
    bool left = node->args.i[0], vec = node->args.i[1];
    cg_tensor *A, *X;
    if (!go[0])
        return 0;
    if (cg_node_saved_all(node, 2, &A, &X) < 0)
        return -1;
    cg_tensor *at = mT(A), *gb = at ? cg_linalg_solve(at, go[0], left) : NULL;
    cg_tensor_release(at);
    if (!gb)
        return -1;
    int rc = 0;
    if (node->next[0].node) {
        if (vec)
            gi[0] = neg_mm(cg_unsqueeze(gb, -1), cg_unsqueeze(X, -2));
        else
            gi[0] = left ? neg_mm(cg_tensor_retain(gb), mT(X)) : neg_mm(mT(X), cg_tensor_retain(gb));
        rc = gi[0] ? 0 : -1;
    }
    if (node->next[1].node)
        gi[1] = cg_tensor_retain(gb);
    cg_tensor_release(gb);
    return rc;
}

/* c[..., None, None] * A^-T, c a new reference (released) */
static cg_tensor *scaled_inv_t(cg_tensor *c, cg_tensor *A) {
    cg_tensor *c1 = c ? cg_unsqueeze(c, -1) : NULL, *c2 = c1 ? cg_unsqueeze(c1, -1) : NULL;
    cg_tensor *inv = c2 ? cg_linalg_inv(A) : NULL, *it = inv ? mT(inv) : NULL;
    cg_tensor *out = it ? cg_mul(c2, it) : NULL;
    cg_tensor_release(c), cg_tensor_release(c1), cg_tensor_release(c2), cg_tensor_release(inv), cg_tensor_release(it);
    return out;
}

/* LinalgDetBackward0: (g det) A^-T */
int cg_bw_linalg_det(cg_node *node, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *A, *det;
    if (!go[0] || !node->next[0].node)
        return 0;
    if (cg_node_saved_all(node, 2, &A, &det) < 0)
        return -1;
    gi[0] = scaled_inv_t(cg_mul(go[0], det), A);
    return gi[0] ? 0 : -1;
}

/* LinalgSlogdetBackward0 (real): g_logabsdet A^-T; the sign has none */
int cg_bw_linalg_slogdet(cg_node *node, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *A, *lad;
    if (!go[1] || !node->next[0].node)
        return 0;
    if (cg_node_saved_all(node, 2, &A, &lad) < 0)
        return -1;
    gi[0] = scaled_inv_t(cg_tensor_retain(go[1]), A);
    return gi[0] ? 0 : -1;
}

/* LinalgCholeskyExBackward0 (real), for L lower (U = L^T when upper):
 * P = tril(L^T gL) with its diagonal halved, symmetrised; gA = L^-T P L^-1
 * by two triangular solves. */
int cg_bw_linalg_cholesky_ex(cg_node *node, cg_tensor *const *go, cg_tensor **gi) {
    bool upper = node->args.i[0];
    cg_tensor *L0;
    if (!go[0] || !node->next[0].node)
        return 0;
    if (cg_node_saved_all(node, 1, &L0) < 0)
        return -1;
    cg_tensor *L = upper ? mT(L0) : cg_tensor_retain(L0), *gL = upper ? mT(go[0]) : cg_tensor_retain(go[0]);
    cg_tensor *lt = L && gL ? mT(L) : NULL, *p = lt ? cg_matmul(lt, gL) : NULL;
    cg_tensor *lo = p ? cg_linalg_triangle(p, false, true) : NULL;
    cg_tensor *below = lo ? cg_linalg_triangle(lo, false, false) : NULL, *bt = below ? mT(below) : NULL;
    cg_tensor *sum = bt ? cg_add(lo, bt, cg_scalar_int(1)) : NULL, *half = sum ? cg_mul_scalar(sum, 0.5) : NULL;
    cg_tensor *y = half ? cg_linalg_solve_triangular(lt, half, true, true, false) : NULL;
    gi[0] = y ? cg_linalg_solve_triangular(L, y, false, false, false) : NULL;
    cg_tensor_release(L), cg_tensor_release(gL), cg_tensor_release(lt), cg_tensor_release(p), cg_tensor_release(lo);
    cg_tensor_release(below), cg_tensor_release(bt), cg_tensor_release(sum), cg_tensor_release(half),
        cg_tensor_release(y);
    return gi[0] ? 0 : -1;
}
