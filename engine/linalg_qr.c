/* linalg_qr.c: torch.linalg.qr (QR of a batch of matrices by LAPACK's
 * geqrf and orgqr) and its derivative, LinalgQrBackward0.
 *
 * Not here: complex dtypes, the CUDA kernel's factorisation (the CUDA
 * backend links cuBLAS but not cuSOLVER: cuda/cuda_linalg_qr.cu refuses).
 *
 * Note [QR as PyTorch computes it]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13 on the CPU calls the LAPACK it links (here OpenBLAS's, the
 * library cgrad links too) once per matrix: geqrf over the m x n matrix in
 * column-major order, R read off its upper triangle, then orgqr for the
 * qcols columns of Q from the k = min(m, n) reflectors (in an m x m buffer
 * for mode='complete' on a tall matrix). Each call queries its optimal
 * workspace, which picks LAPACK's blocked or unblocked path: the calls
 * and workspaces being the same, Q and R are PyTorch's bits. Q and R come
 * back in batched column-major layout (each matrix Fortran-ordered), as
 * PyTorch's do; mode='r' gives an empty Q. */
#include <stdlib.h>
#include <string.h>

#include "autograd.h"
#include "error.h"
#include "ew.h"
#include "lapack.h"
#include "linalg_internal.h"
#include "ops.h"

cg_tensor *cg_linalg_empty_fortran(int ndim, const int64_t *sizes, cg_dtype dt, cg_device dev) {
    cg_tensor *t = cg_tensor_empty(ndim, sizes, dt, dev);
    if (!t || ndim < 2)
        return t;
    int64_t strides[CG_MAX_DIMS];
    cg_contiguous_strides(ndim, sizes, strides);
    int64_t rows = sizes[ndim - 2];
    strides[ndim - 2] = 1;
    strides[ndim - 1] = rows > 1 ? rows : 1;
    cg_tensor_set_strides(t, strides);
    return t;
}

/* ---- the kernel ------------------------------------------------------------------ */

/* One matrix: a (m x n, row-major) into buf (column-major, ld m). */
static void load_colmajor(void *buf, const void *a, int64_t m, int64_t n, size_t size) {
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++)
            memcpy((char *)buf + (size_t)(i + j * m) * size, (const char *)a + (size_t)(i * n + j) * size, size);
}

/* R (rr x n, column-major, ld rr) from geqrf's buf (ld m): its upper
 * triangle, zeros below */
static void store_r(void *r, const void *buf, int64_t m, int64_t rr, int64_t n, size_t size) {
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < rr; i++) {
            char *dst = (char *)r + (size_t)(i + j * rr) * size;
            if (j >= i)
                memcpy(dst, (const char *)buf + (size_t)(i + j * m) * size, size);
            else
                memset(dst, 0, size);
        }
}

/* in[0]: A [batch, m, n] contiguous; out[0]: Q [batch, m, qcols] (empty
 * for mode r), out[1]: R [batch, rrows, n], both batched column-major;
 * args->i[0]: the mode (cg_qr_mode). See Note [QR as PyTorch computes it]. */
void cg_cpu_linalg_qr(const cg_kernel_call *call) {
    const cg_tensor *A = call->in[0];
    cg_qr_mode mode = (cg_qr_mode)call->args->i[0];
    cg_dtype dt = A->dtype;
    size_t size = cg_dtype_size(dt);
    int64_t m = A->sizes[A->ndim - 2], n = A->sizes[A->ndim - 1], k = m < n ? m : n;
    /* geqrf works in m x n, orgqr in m x qcols: the buffer holds either */
    int64_t qcols = mode == CG_QR_COMPLETE ? m : k, rrows = qcols, width = n > qcols ? n : qcols;
    int64_t batch = 1;
    for (int d = 0; d < A->ndim - 2; d++)
        batch *= A->sizes[d];
    if (batch == 0 || m == 0) /* nothing to factor: the outputs are empty */
        return;
    void *buf = malloc((size_t)(m * width) * size), *tau = malloc((size_t)(k > 0 ? k : 1) * size);
    if (!buf || !tau) {
        free(buf), free(tau);
        cg_error_set(CG_MEMORY_ERROR, "out of memory");
        cg_cpu_kernel_fail();
        return;
    }
    const char *a = cg_tensor_data(A);
    char *q = mode == CG_QR_R ? NULL : cg_tensor_data(call->out[0]), *r = cg_tensor_data(call->out[1]);
    for (int64_t b = 0; b < batch; b++) {
        load_colmajor(buf, a + (size_t)(b * m * n) * size, m, n, size);
        int info = cg_lapack_geqrf(dt, m, n, buf, tau);
        if (info == 0)
            store_r(r + (size_t)(b * rrows * n) * size, buf, m, rrows, n, size);
        if (info == 0 && q) {
            info = cg_lapack_orgqr(dt, m, qcols, k, buf, tau);
            if (info == 0)
                memcpy(q + (size_t)(b * m * qcols) * size, buf, (size_t)(m * qcols) * size);
        }
        if (info != 0) { /* -1: a size past LAPACK's ints, its error set */
            if (info > 0)
                cg_error_set(CG_RUNTIME_ERROR, "linalg.qr: LAPACK failed with info %d", info);
            cg_cpu_kernel_fail();
            break;
        }
    }
    free(buf), free(tau);
}

/* ---- the op ---------------------------------------------------------------------- */

int cg_linalg_qr(cg_tensor *A, cg_qr_mode mode, cg_tensor **Q, cg_tensor **R) {
    *Q = *R = NULL;
    CG_CHECK_INT(A->ndim >= 2, CG_RUNTIME_ERROR, "linalg.qr: The input tensor A must have at least 2 dimensions.");
    CG_CHECK_INT(cg_dtype_is_inexact(A->dtype), CG_RUNTIME_ERROR,
                 "linalg.qr: Expected a floating point or complex tensor as input. Got %s",
                 cg_dtype_legacy_name(A->dtype));
    CG_CHECK_INT(A->dtype == CG_F32 || A->dtype == CG_F64, CG_RUNTIME_ERROR, "\"geqrf_cpu\" not implemented for '%s'",
                 cg_dtype_legacy_name(A->dtype));
    int nd = A->ndim;
    int64_t m = A->sizes[nd - 2], n = A->sizes[nd - 1], k = m < n ? m : n;
    int64_t qcols = mode == CG_QR_COMPLETE ? m : k;
    int64_t qs[CG_MAX_DIMS], rs[CG_MAX_DIMS];
    memcpy(qs, A->sizes, sizeof(int64_t) * (size_t)nd);
    memcpy(rs, A->sizes, sizeof(int64_t) * (size_t)nd);
    qs[nd - 1] = qcols;
    rs[nd - 2] = qcols;
    cg_device dev = cg_tensor_device(A);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *a = cg_contiguous(A);
    cg_grad_set_enabled(was);
    cg_tensor *q = a ? (mode == CG_QR_R ? cg_tensor_empty(1, (int64_t[]){0}, A->dtype, dev)
                                        : cg_linalg_empty_fortran(nd, qs, A->dtype, dev))
                     : NULL;
    cg_tensor *r = q ? cg_linalg_empty_fortran(nd, rs, A->dtype, dev) : NULL;
    int rc = r ? 0 : -1;
    if (rc == 0) {
        cg_op_args args = {.i = {mode, m, n}};
        cg_kernel_call call = {.op = CG_OP_LINALG_QR, .nout = 2, .nin = 1, .out = {q, r}, .in = {a}, .args = &args};
        rc = cg_op_run(&call);
        cg_tensor *in[] = {A}, *outs[] = {q, r};
        cg_save_spec save[] = {{q, "Q"}, {r, "R"}};
        if (rc == 0 && cg_autograd_needed(1, in))
            rc = cg_autograd_record(CG_OP_LINALG_QR, 2, outs, 1, in, 2, save, &args, NULL);
    }
    cg_tensor_release(a);
    if (rc < 0) {
        cg_tensor_release(q), cg_tensor_release(r);
        return -1;
    }
    *Q = q, *R = r;
    return 0;
}

/* ---- the derivative -------------------------------------------------------------- */

static cg_tensor *mT(cg_tensor *x) { return cg_transpose(x, -2, -1); }

/* a @ b^T or a^T @ b (trans_a), a new reference */
static cg_tensor *matmul_t(cg_tensor *a, cg_tensor *b, bool trans_a) {
    cg_tensor *t = mT(trans_a ? a : b);
    cg_tensor *out = t ? (trans_a ? cg_matmul(t, b) : cg_matmul(a, t)) : NULL;
    cg_tensor_release(t);
    return out;
}

/* gR R^H - Q^H gQ, with the terms of the gradients that reached (k x k) */
static cg_tensor *inner_grad(cg_tensor *gQ, cg_tensor *gR, cg_tensor *Q, cg_tensor *R) {
    cg_tensor *qg = gQ ? matmul_t(Q, gQ, true) : NULL, *rr = gR ? matmul_t(gR, R, false) : NULL;
    cg_tensor *out = NULL;
    if ((gQ && !qg) || (gR && !rr))
        out = NULL;
    else if (qg && rr)
        out = cg_sub(rr, qg, cg_scalar_int(1));
    else
        out = qg ? cg_neg(qg) : cg_tensor_retain(rr);
    cg_tensor_release(qg), cg_tensor_release(rr);
    return out;
}

/* m >= n: Q syminvadj(triu(gA)) (+ gQ), solved against R^H from the right */
static cg_tensor *tall_grad(cg_tensor *gA, cg_tensor *gQ, cg_tensor *Q, cg_tensor *R) {
    cg_tensor *u = cg_linalg_triangle(gA, true, true), *ut = u ? mT(u) : NULL;
    cg_tensor *sum = ut ? cg_add(u, ut, cg_scalar_int(1)) : NULL;
    cg_tensor *adj = sum ? cg_linalg_mask_mul(sum, 1, 0.5, 1) : NULL; /* the diagonal halved */
    cg_tensor_release(u), cg_tensor_release(ut), cg_tensor_release(sum);
    cg_tensor *b = adj ? cg_matmul(Q, adj) : NULL;
    cg_tensor_release(adj);
    if (b && gQ) {
        cg_tensor *s = cg_add(b, gQ, cg_scalar_int(1));
        cg_tensor_release(b);
        b = s;
    }
    cg_tensor *rh = b ? mT(R) : NULL;
    cg_tensor *out = rh ? cg_linalg_solve_triangular(rh, b, false, false, false) : NULL;
    cg_tensor_release(b), cg_tensor_release(rh);
    return out;
}

/* m < n: Q trilImInvAdjSkew(-gA) solved against R[:, :m]^H from the
 * right, padded with zero columns to n, plus Q gR */
static cg_tensor *wide_grad(cg_tensor *gA, cg_tensor *gR, cg_tensor *Q, cg_tensor *R) {
    int64_t m = Q->sizes[Q->ndim - 2], n = R->sizes[R->ndim - 1];
    cg_tensor *neg = cg_neg(gA), *negt = neg ? mT(neg) : NULL;
    cg_tensor *diff = negt ? cg_sub(neg, negt, cg_scalar_int(1)) : NULL;
    cg_tensor *skew = diff ? cg_linalg_triangle(diff, false, true) : NULL;
    cg_tensor_release(neg), cg_tensor_release(negt), cg_tensor_release(diff);
    cg_tensor *b = skew ? cg_matmul(Q, skew) : NULL;
    cg_tensor_release(skew);
    cg_tensor *r1 = b ? cg_narrow(R, -1, 0, m) : NULL, *r1h = r1 ? mT(r1) : NULL;
    cg_tensor *x = r1h ? cg_linalg_solve_triangular(r1h, b, false, false, false) : NULL;
    cg_tensor_release(b), cg_tensor_release(r1), cg_tensor_release(r1h);
    int64_t zs[CG_MAX_DIMS];
    cg_tensor *out = NULL;
    if (x) {
        memcpy(zs, R->sizes, sizeof(int64_t) * (size_t)R->ndim);
        zs[R->ndim - 1] = n - m;
        cg_tensor *zeros = cg_zeros(R->ndim, zs, x->dtype, cg_tensor_device(x));
        out = zeros ? cg_cat(2, (cg_tensor *[]){x, zeros}, -1) : NULL;
        cg_tensor_release(zeros);
    }
    cg_tensor_release(x);
    if (out && gR) {
        cg_tensor *qg = cg_matmul(Q, gR), *s = qg ? cg_add(out, qg, cg_scalar_int(1)) : NULL;
        cg_tensor_release(qg), cg_tensor_release(out);
        out = s;
    }
    return out;
}

/* LinalgQrBackward0: A gets linalg_qr_backward(gQ, gR, Q, R, mode), PyTorch
 * 1.13's formulas (real case), in its order of operations. */
int cg_bw_linalg_qr(cg_node *node, cg_tensor *const *go, cg_tensor **gi) {
    cg_qr_mode mode = (cg_qr_mode)node->args.i[0];
    int64_t m = node->args.i[1], n = node->args.i[2];
    CG_CHECK_INT(mode != CG_QR_R, CG_RUNTIME_ERROR,
                 "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use "
                 "linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.");
    CG_CHECK_INT(mode != CG_QR_COMPLETE || m <= n, CG_RUNTIME_ERROR,
                 "The QR decomposition is not differentiable when mode='complete' and nrows > ncols.");
    if ((!go[0] && !go[1]) || !node->next[0].node)
        return 0;
    cg_tensor *Q, *R;
    if (cg_node_saved_all(node, 2, &Q, &R) < 0)
        return -1;
    cg_tensor *gA = inner_grad(go[0], go[1], Q, R);
    if (!gA)
        return -1;
    gi[0] = m >= n ? tall_grad(gA, go[0], Q, R) : wide_grad(gA, go[1], Q, R);
    cg_tensor_release(gA);
    return gi[0] ? 0 : -1;
}
