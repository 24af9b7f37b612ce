/* cuda_linalg_solve.cu: the CUDA kernels of engine/linalg_solve_triangular.c
 * and engine/linalg_qr.c. A triangular solve is cuBLAS's trsm per matrix,
 * called as the CPU kernel calls BLAS's (Note [Triangular solves as PyTorch
 * calls trsm]): X column-major, A column-major or passed transposed. QR
 * needs a factorisation library (cuSOLVER or MAGMA) the CUDA backend does
 * not link, so it refuses with an error. */
#include <cublas_v2.h>
#include <stdio.h>

#include "cuda_common.cuh"

static int check_cublas(cublasStatus_t st, const char *call) {
    if (st == CUBLAS_STATUS_SUCCESS)
        return 0;
    char msg[256];
    snprintf(msg, sizeof msg, "CUDA error: %s when calling `%s`", cublasGetStatusString(st), call);
    cg_cuda_fail(msg);
    return -1;
}

/* Element offset of matrix b of t (its dims but the last two). */
static int64_t batch_offset(const cg_tensor *t, int64_t b) {
    int64_t off = t->offset;
    for (int d = t->ndim - 3; d >= 0; d--) {
        off += (b % t->sizes[d]) * t->strides[d];
        b /= t->sizes[d];
    }
    return off;
}

/* in[0]: A, out[0]: X holding B; args as the CPU kernel's */
extern "C" void cg_cuda_linalg_solve_triangular(const cg_kernel_call *call) {
    const cg_tensor *A = call->in[0];
    cg_tensor *X = call->out[0];
    const cg_op_args *args = call->args;
    bool upper = args->i[0], left = args->i[1], unit = args->i[2], row_major = args->flag;
    int nd = X->ndim;
    int64_t M = X->sizes[nd - 2], N = X->sizes[nd - 1], k = A->sizes[A->ndim - 1];
    if (M == 0 || N == 0)
        return;
    cublasHandle_t h = (cublasHandle_t)cg_cuda_cublas_handle();
    if (!h)
        return;
    int64_t batch = cg_tensor_numel(X) / (M * N);
    cublasFillMode_t uplo = (upper != row_major) ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
    cublasOperation_t trans = row_major ? CUBLAS_OP_T : CUBLAS_OP_N;
    cublasDiagType_t diag = unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
    cublasSideMode_t side = left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT;
    int lda = k > 1 ? (int)k : 1, ldx = M > 1 ? (int)M : 1;
    size_t size = cg_dtype_size(X->dtype);
    char *x = (char *)X->storage->data + (size_t)X->offset * size, *a = (char *)A->storage->data;
    for (int64_t b = 0; b < batch; b++) {
        char *pa = a + (size_t)batch_offset(A, b) * size, *px = x + (size_t)(b * M * N) * size;
        int rc;
        if (X->dtype == CG_F64) {
            double one = 1.0;
            rc = check_cublas(cublasDtrsm(h, side, uplo, trans, diag, (int)M, (int)N, &one, (const double *)pa, lda,
                                          (double *)px, ldx),
                              "cublasDtrsm");
        } else {
            float one = 1.0f;
            rc = check_cublas(cublasStrsm(h, side, uplo, trans, diag, (int)M, (int)N, &one, (const float *)pa, lda,
                                          (float *)px, ldx),
                              "cublasStrsm");
        }
        if (rc < 0)
            return;
    }
}

extern "C" void cg_cuda_linalg_qr(const cg_kernel_call *call) {
    (void)call;
    cg_cuda_fail("linalg.qr: not implemented for 'cuda' in cgrad: its CUDA backend does not link cuSOLVER");
}

extern "C" void cg_cuda_linalg_inv_ex(const cg_kernel_call *call) {
    (void)call;
    cg_cuda_fail("linalg.inv: not implemented for 'cuda' in cgrad: its CUDA backend does not link cuSOLVER");
}

extern "C" void cg_cuda_linalg_solve_ex(const cg_kernel_call *call) {
    (void)call;
    cg_cuda_fail("linalg.solve: not implemented for 'cuda' in cgrad: its CUDA backend does not link cuSOLVER");
}

extern "C" void cg_cuda_linalg_det(const cg_kernel_call *call) {
    (void)call;
    cg_cuda_fail("linalg.det: not implemented for 'cuda' in cgrad: its CUDA backend does not link cuSOLVER");
}

extern "C" void cg_cuda_linalg_slogdet(const cg_kernel_call *call) {
    (void)call;
    cg_cuda_fail("linalg.slogdet: not implemented for 'cuda' in cgrad: its CUDA backend does not link cuSOLVER");
}

extern "C" void cg_cuda_linalg_lu_factor_ex(const cg_kernel_call *call) {
    (void)call;
    cg_cuda_fail("linalg.lu_factor: not implemented for 'cuda' in cgrad: its CUDA backend does not link cuSOLVER");
}

extern "C" void cg_cuda_linalg_lu_solve(const cg_kernel_call *call) {
    (void)call;
    cg_cuda_fail("linalg.lu_solve: not implemented for 'cuda' in cgrad: its CUDA backend does not link cuSOLVER");
}

extern "C" void cg_cuda_cholesky_solve(const cg_kernel_call *call) {
    (void)call;
    cg_cuda_fail("cholesky_solve: not implemented for 'cuda' in cgrad: its CUDA backend does not link cuSOLVER");
}

extern "C" void cg_cuda_cholesky_inverse(const cg_kernel_call *call) {
    (void)call;
    cg_cuda_fail("cholesky_inverse: not implemented for 'cuda' in cgrad: its CUDA backend does not link cuSOLVER");
}

extern "C" void cg_cuda_linalg_cholesky_ex(const cg_kernel_call *call) {
    (void)call;
    cg_cuda_fail("linalg.cholesky: not implemented for 'cuda' in cgrad: its CUDA backend does not link cuSOLVER");
}

extern "C" void cg_cuda_linalg_eigh(const cg_kernel_call *call) {
    (void)call;
    cg_cuda_fail("linalg.eigh: not implemented for 'cuda' in cgrad: its CUDA backend does not link cuSOLVER");
}

extern "C" void cg_cuda_linalg_svd(const cg_kernel_call *call) {
    (void)call;
    cg_cuda_fail("linalg.svd: not implemented for 'cuda' in cgrad: its CUDA backend does not link cuSOLVER");
}

/* ---- linalg.cross (engine/linalg_cross.c, Note [Cross product's fused multiply-add]) ---- */

template <typename T>
__global__ void cross_kernel(const T *a, const T *b, T *o, int64_t outer, int64_t inner) {
    CG_CUDA_FOR(e, outer * inner) {
        int64_t p = e / inner, q = e % inner, base = p * 3 * inner + q;
        for (int k = 0; k < 3; k++) {
            int64_t j1 = base + ((k + 1) % 3) * inner, j2 = base + ((k + 2) % 3) * inner;
            o[base + k * inner] = fma(a[j1], b[j2], -(a[j2] * b[j1]));
        }
    }
}

/* in[0], in[1], out[0] contiguous of one shape; args->i[0] the dim of size 3 */
extern "C" void cg_cuda_linalg_cross(const cg_kernel_call *c) {
    const cg_tensor *x = c->out[0];
    int d = (int)c->args->i[0];
    int64_t outer = 1, inner = 1;
    for (int i = 0; i < d; i++)
        outer *= x->sizes[i];
    for (int i = d + 1; i < x->ndim; i++)
        inner *= x->sizes[i];
    if (outer * inner == 0)
        return;
    if (x->dtype != CG_F32 && x->dtype != CG_F64) {
        cg_cuda_fail("linalg.cross: only float32 and float64 on 'cuda' in cgrad");
        return;
    }
    CG_DISPATCH_FLOAT(x->dtype, cross_kernel<T><<<cg_cuda_blocks(outer * inner), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                    (const T *)cg_cuda_data(c->in[0]), (const T *)cg_cuda_data(c->in[1]),
                                    (T *)cg_cuda_data(c->out[0]), outer, inner))
    cg_cuda_check_launch();
}
