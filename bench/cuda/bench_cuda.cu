/* bench_cuda.cu: cgrad's CUDA backend against the library calls it stands
 * on, as ratios in one run (issue 6's speed goals): matmul 8192x8192 float32
 * against cublasSgemm called directly (goal >= 90%), the same in TF32 (after
 * torch.set_float32_matmul_precision("high"), against cublasSgemm in TF32
 * tensor-op math), elementwise add against
 * a device-to-device copy of the same bytes (goal >= 70% of its bandwidth),
 * and the host time of a cached allocate+free pair (goal < 1 us). Needs a
 * GPU; built by `make bench` only where nvcc exists. The engine is linked
 * in and loads build/libcgcuda.so as cgrad does. */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <time.h>

extern "C" {
#include "ops.h"
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* seconds per call of f, after a warm-up, the device drained around it */
template <typename F> static double timed(int reps, F f) {
    f();
    cudaDeviceSynchronize();
    double t0 = now();
    for (int i = 0; i < reps; i++)
        f();
    cudaDeviceSynchronize();
    return (now() - t0) / reps;
}

int main(void) {
    const cg_backend *be = cg_backend_get(CG_CUDA);
    if (!be) {
        printf("no CUDA device: %s\n", cg_error_message());
        return 1;
    }
    cg_device dev = {CG_CUDA, 0};
    int64_t n = 8192, sq[2] = {n, n};
    cg_tensor *a = cg_ones(2, sq, CG_F32, dev), *b = cg_ones(2, sq, CG_F32, dev);
    double t_cg = timed(10, [&] { cg_tensor_release(cg_matmul(a, b)); });
    float *c;
    cudaMalloc(&c, (size_t)(n * n) * 4);
    cublasHandle_t h;
    cublasCreate(&h);
    float one = 1, zero = 0;
    double t_blas = timed(10, [&] {
        cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, (int)n, (int)n, (int)n, &one, (const float *)cg_tensor_data(b), (int)n,
                    (const float *)cg_tensor_data(a), (int)n, &zero, c, (int)n);
    });
    printf("matmul 8192^2 f32: cgrad %.2f ms, cublasSgemm %.2f ms: %.0f%% (goal >= 90%%)\n", t_cg * 1e3, t_blas * 1e3,
           100 * t_blas / t_cg);
    cg_set_float32_matmul_precision(CG_MATMUL_HIGH);
    cublasSetMathMode(h, CUBLAS_TF32_TENSOR_OP_MATH);
    double t_cg32 = timed(10, [&] { cg_tensor_release(cg_matmul(a, b)); });
    double t_blas32 = timed(10, [&] {
        cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, (int)n, (int)n, (int)n, &one, (const float *)cg_tensor_data(b), (int)n,
                    (const float *)cg_tensor_data(a), (int)n, &zero, c, (int)n);
    });
    cg_set_float32_matmul_precision(CG_MATMUL_HIGHEST);
    printf("matmul 8192^2 tf32: cgrad %.2f ms, cublasSgemm (TF32 math) %.2f ms: %.0f%% (goal >= 90%%)\n", t_cg32 * 1e3,
           t_blas32 * 1e3, 100 * t_blas32 / t_cg32);

    int64_t m = 1 << 28; /* 1 GiB of float32 per operand */
    cg_tensor *x = cg_ones(1, &m, CG_F32, dev), *y = cg_ones(1, &m, CG_F32, dev);
    double t_add = timed(10, [&] { cg_tensor_release(cg_add(x, y, cg_scalar_int(1))); });
    double t_copy = timed(10, [&] { cudaMemcpy(c, cg_tensor_data(x), (size_t)(n * n) * 4, cudaMemcpyDeviceToDevice); });
    double copy_bw = 2.0 * (double)(n * n) * 4 / t_copy, add_bw = 3.0 * (double)m * 4 / t_add;
    printf("add 2^28 f32: %.0f GB/s, D2D copy %.0f GB/s: %.0f%% (goal >= 70%%)\n", add_bw / 1e9, copy_bw / 1e9,
           100 * add_bw / copy_bw);

    double t0 = now();
    int reps = 100000;
    for (int i = 0; i < reps; i++)
        be->free(0, be->alloc(0, 4096), 4096);
    printf("cached allocate+free: %.0f ns (goal < 1000 ns)\n", (now() - t0) / reps * 1e9);
    cublasDestroy(h);
    cudaFree(c);
    cg_tensor_release(a), cg_tensor_release(b), cg_tensor_release(x), cg_tensor_release(y);
    return 0;
}
