/* cuda_linalg.cu: the CUDA kernel of every matrix product (mm, bmm, addmm,
 * mv, dot), the twin of engine/ops_linalg.c's cpu_product: C = alpha *
 * A @ B + beta * C over a batch, a 1-d left operand a row, a 1-d right one
 * a column. Float dtypes call cuBLAS's strided-batched gemm, a transposed
 * operand passed as a flag (Note [BLAS layouts]: the frontend made every
 * operand BLAS-ready); integer dtypes run a plain kernel that wraps as
 * PyTorch's integers do.
 *
 * Note [Row-major products on cuBLAS]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * cuBLAS is column-major. A row-major matrix read column-major is its
 * transpose, so the row-major C = A B is computed as the column-major
 * C^T = B^T A^T: the operands swap places, n and m swap, and each keeps its
 * own transpose flag and leading dimension. TF32 is off by default, as in
 * PyTorch (torch.backends.cuda.matmul.allow_tf32 = False): each float
 * product sets the handle's math mode from torch.set_float32_matmul_precision
 * (CUBLAS_DEFAULT_MATH for "highest", CUBLAS_TF32_TENSOR_OP_MATH else). */
#include <cublas_v2.h>
#include <stdio.h>

#include "cuda_common.cuh"

extern "C" {
#include "blas_layout.h"
#include "ops_linalg.h" /* cg_float32_matmul_precision */
}

static int check_cublas(cublasStatus_t st, const char *call) {
    if (st == CUBLAS_STATUS_SUCCESS)
        return 0;
    char msg[256];
    snprintf(msg, sizeof msg, "CUDA error: %s when calling `%s`", cublasGetStatusString(st), call);
    cg_cuda_fail(msg);
    return -1;
}

/* C (contiguous) = alpha A B + beta C through cuBLAS; see the Note above */
template <typename T>
static void gemm_blas(const cg_mat3 &a, const cg_mat3 &b, const cg_mat3 &c, double alpha, double beta) {
    cublasHandle_t h = (cublasHandle_t)cg_cuda_cublas_handle();
    if (!h)
        return;
    cg_blas_layout la = cg_blas_layout_of(a.rows, a.cols, a.sr, a.sc);
    cg_blas_layout lb = cg_blas_layout_of(b.rows, b.cols, b.sr, b.sc);
    if (!la.ok || !lb.ok) {
        cg_cuda_fail("CUDA error: a product's operand is not BLAS-ready (an engine bug)");
        return;
    }
    cublasOperation_t ta = la.trans ? CUBLAS_OP_T : CUBLAS_OP_N, tb = lb.trans ? CUBLAS_OP_T : CUBLAS_OP_N;
    int64_t m = a.rows, n = b.cols, k = a.cols;
    T al = (T)alpha, be = (T)beta;
    /* TF32 tensor-op math where torch.set_float32_matmul_precision allows
     * it (allow_tf32), as PyTorch sets its handle's mode for each use */
    bool tf32 = cg_float32_matmul_precision() != CG_MATMUL_HIGHEST;
    if (check_cublas(cublasSetMathMode(h, tf32 ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH), "cublasSetMathMode")
        < 0)
        return;
    if constexpr (sizeof(T) == 4)
        check_cublas(cublasSgemmStridedBatched_64(h, tb, ta, n, m, k, &al, (const float *)b.p, lb.ld, b.sb,
                                                  (const float *)a.p, la.ld, a.sb, &be, (float *)c.p, n, c.sb, c.batch),
                     "cublasSgemmStridedBatched");
    else
        check_cublas(cublasDgemmStridedBatched_64(h, tb, ta, n, m, k, &al, (const double *)b.p, lb.ld, b.sb,
                                                  (const double *)a.p, la.ld, a.sb, &be, (double *)c.p, n, c.sb,
                                                  c.batch),
                     "cublasDgemmStridedBatched");
}

/* c[bi,i,j] = alpha * sum_k a[bi,i,k] b[bi,k,j] + beta c[bi,i,j], in uint64
 * so that overflow wraps (no UB); one thread per element of C */
template <typename T> __global__ void gemm_int(cg_mat3 a, cg_mat3 b, cg_mat3 c, uint64_t alpha, uint64_t beta) {
    int64_t per = a.rows * b.cols;
    CG_CUDA_FOR(e, c.batch * per) {
        int64_t bi = e / per, i = (e % per) / b.cols, j = e % b.cols;
        const T *pa = (const T *)a.p + bi * a.sb, *pb = (const T *)b.p + bi * b.sb;
        T *o = (T *)c.p + bi * c.sb + i * c.sr + j * c.sc;
        uint64_t acc = 0;
        for (int64_t k = 0; k < a.cols; k++)
            acc += (uint64_t)pa[i * a.sr + k * a.sc] * (uint64_t)pb[k * b.sr + j * b.sc];
        *o = (T)(alpha * acc + (beta ? beta * (uint64_t)*o : 0));
    }
}

/* an empty sum (k == 0): c = beta * c, and zeros when beta is 0 */
template <typename T> __global__ void scale_kernel(T *c, int64_t n, double beta) {
    CG_CUDA_FOR(i, n) { c[i] = beta == 0 ? (T)0 : (T)(beta * (double)c[i]); }
}

/* in[0]: A, in[1]: B, out: C contiguous, holding beta's addend when
 * args->s[0] (beta) is non-zero; args->s[1] alpha; no args: 1 and 0. */
static void cuda_product(const cg_kernel_call *call) {
    cg_mat3 a = cg_mat3_of(call->in[0], false), b = cg_mat3_of(call->in[1], true), c = cg_mat3_of(call->out[0], true);
    cg_scalar sbeta = call->args ? call->args->s[0] : cg_scalar_int(0);
    cg_scalar salpha = call->args ? call->args->s[1] : cg_scalar_int(1);
    if (c.batch == 0 || a.rows == 0 || b.cols == 0)
        return;
    cg_dtype dt = call->out[0]->dtype;
    if (a.cols == 0) {
        int64_t n = cg_tensor_numel(call->out[0]);
        CG_DISPATCH_NUMERIC(dt, scale_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                    (T *)c.p, n, cg_scalar_to_double(sbeta)))
        cg_cuda_check_launch();
        return;
    }
    CG_DISPATCH_FLOAT(dt, gemm_blas<T>(a, b, c, cg_scalar_to_double(salpha), cg_scalar_to_double(sbeta)))
    CG_DISPATCH_INT(dt, {
        gemm_int<T><<<cg_cuda_blocks(c.batch * a.rows * b.cols), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
            a, b, c, (uint64_t)cg_scalar_to_int(salpha), (uint64_t)cg_scalar_to_int(sbeta));
        cg_cuda_check_launch();
    })
}

extern "C" void cg_cuda_mm(const cg_kernel_call *c) { cuda_product(c); }
extern "C" void cg_cuda_bmm(const cg_kernel_call *c) { cuda_product(c); }
extern "C" void cg_cuda_addmm(const cg_kernel_call *c) { cuda_product(c); }
extern "C" void cg_cuda_baddbmm(const cg_kernel_call *c) { cuda_product(c); }
extern "C" void cg_cuda_mv(const cg_kernel_call *c) { cuda_product(c); }
extern "C" void cg_cuda_dot(const cg_kernel_call *c) { cuda_product(c); }
