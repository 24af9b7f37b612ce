/* cuda_common.cuh: what every file of the CUDA module shares: the engine's
 * headers seen from C++, the one way a CUDA failure becomes the engine's
 * error, the launch geometry of a grid-stride loop, and the dtype dispatch
 * of kernels (PyTorch's AT_DISPATCH, cut down to cgrad's five dtypes).
 * Not the kernels themselves (cuda_*.cu) and not the backend table
 * (cuda_backend.cu). */
#ifndef CG_CUDA_COMMON_CUH
#define CG_CUDA_COMMON_CUH

#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

/* One expression serves every integer dtype, so `x < 0` on uint8 is always
 * false: true, and no bug (as engine/ew.h says to gcc). */
#pragma nv_diag_suppress 186
#include <stdint.h>

extern "C" {
#include "caching_allocator.h"
#include "op.h"
#include "reduce_iter.h"
}

/* Records a failed CUDA call as the engine's RuntimeError, in PyTorch's
 * words ("CUDA error: out of memory"), for the backend's kernel_status to
 * report after the kernel that failed. Returns -1 when err is a failure. */
int cg_cuda_check(cudaError_t err);
/* The same for a kernel launch just made (cudaGetLastError). */
int cg_cuda_check_launch(void);
/* Records an error of another kind (cuBLAS) with the message given. */
void cg_cuda_fail(const char *message);
/* Marks the running kernel failed with the error already set (by the
 * allocator, for a kernel's temporaries). */
void cg_cuda_mark_failed(void);
/* 0, or -1 with the error of the first failure since the last call (which
 * it forgets): the backend's kernel_status. */
int cg_cuda_kernel_status(void);

/* Device memory for a kernel's temporaries, from the current device's
 * caching allocator: NULL with the error recorded when there is none. */
void *cg_cuda_scratch_alloc(size_t nbytes);
void cg_cuda_scratch_free(void *p);

/* The draws of cuda_sample.cu, which cuda_random.cu's draw entry sends
 * there: randperm's and multinomial's (device.h says what d holds). */
int cg_cuda_randperm(void *out, cg_dtype dtype, int64_t numel, const cg_draw *d);
int cg_cuda_multinomial(void *out, cg_dtype dtype, const cg_draw *d);

/* The current device's cuBLAS handle (a cublasHandle_t), made on first
 * use; NULL with the error recorded. */
void *cg_cuda_cublas_handle(void);

/* The current device's stream: the legacy default stream, as PyTorch's
 * default stream is; the caching allocator's stream id 0. */
#define CG_CUDA_STREAM ((cudaStream_t)0)

/* Grid-stride loops: enough blocks to fill the device, never more than
 * there is work for. */
#define CG_CUDA_THREADS 256
static inline unsigned cg_cuda_blocks(int64_t n) {
    int64_t b = (n + CG_CUDA_THREADS - 1) / CG_CUDA_THREADS;
    const int64_t cap = 65535LL * 8; /* grid-stride loops past this */
    return (unsigned)(b < 1 ? 1 : b > cap ? cap : b);
}
#define CG_CUDA_FOR(i, n) \
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += (int64_t)blockDim.x * gridDim.x)

/* A Python scalar as the kernel's C type T: through double for floating T,
 * int64 otherwise (large int64 values stay exact), as CG_SCALAR_AS. */
template <typename T> static inline T cg_scalar_as(cg_scalar s) {
    if ((T)0.5 != 0)
        return (T)cg_scalar_to_double(s);
    return (T)cg_scalar_to_int(s);
}
template <> inline bool cg_scalar_as<bool>(cg_scalar s) { return cg_scalar_to_double(s) != 0; }

/* Dtype dispatch: the body runs with T the C type of dt; dtypes outside the
 * set are not instantiated (the engine never sends them: its CPU kernel
 * has no row for them either). */
#define CG_CASE(DT, TYPE, ...) \
    case DT: {                 \
        typedef TYPE T;        \
        __VA_ARGS__;           \
        break;                 \
    }
#define CG_DISPATCH_FLOAT(dt, ...)           \
    switch (dt) {                            \
        CG_CASE(CG_F32, float, __VA_ARGS__)  \
        CG_CASE(CG_F64, double, __VA_ARGS__) \
    default: break;                          \
    }
#define CG_CASES_SMALL_INT(...)                 \
        CG_CASE(CG_UINT8, uint8_t, __VA_ARGS__) \
        CG_CASE(CG_INT8, int8_t, __VA_ARGS__)   \
        CG_CASE(CG_INT16, int16_t, __VA_ARGS__)   \
        CG_CASE(CG_UINT16, uint16_t, __VA_ARGS__) \
        CG_CASE(CG_UINT32, uint32_t, __VA_ARGS__) \
        CG_CASE(CG_UINT64, uint64_t, __VA_ARGS__)
#define CG_DISPATCH_INT(dt, ...)                \
    switch (dt) {                               \
        CG_CASE(CG_INT32, int32_t, __VA_ARGS__) \
        CG_CASE(CG_INT64, int64_t, __VA_ARGS__) \
        CG_CASES_SMALL_INT(__VA_ARGS__)         \
    default: break;                             \
    }
#define CG_DISPATCH_NUMERIC(dt, ...)            \
    switch (dt) {                               \
        CG_CASE(CG_F32, float, __VA_ARGS__)     \
        CG_CASE(CG_F64, double, __VA_ARGS__)    \
        CG_CASE(CG_INT32, int32_t, __VA_ARGS__) \
        CG_CASE(CG_INT64, int64_t, __VA_ARGS__) \
        CG_CASES_SMALL_INT(__VA_ARGS__)         \
    default: break;                             \
    }
#define CG_DISPATCH_ALL(dt, ...)                \
    switch (dt) {                               \
        CG_CASE(CG_F32, float, __VA_ARGS__)     \
        CG_CASE(CG_F64, double, __VA_ARGS__)    \
        CG_CASE(CG_INT32, int32_t, __VA_ARGS__) \
        CG_CASE(CG_INT64, int64_t, __VA_ARGS__) \
        CG_CASE(CG_BOOL, bool, __VA_ARGS__)     \
        CG_CASES_SMALL_INT(__VA_ARGS__)         \
    default: break;                             \
    }
/* Every dtype as stored, float16/bfloat16 as their bits (cg_half,
 * cg_bf16): for the kernels that move or convert elements (COPY, FILL);
 * arithmetic never sees them (Note [Kernels of reduced floating types]). */
#define CG_DISPATCH_STORAGE(dt, ...)             \
    switch (dt) {                                \
        CG_CASE(CG_F16, cg_half, __VA_ARGS__)    \
        CG_CASE(CG_BF16, cg_bf16, __VA_ARGS__)   \
    default: CG_DISPATCH_ALL(dt, __VA_ARGS__);   \
    }

/* Element conversions on the device: float16/bfloat16 through float
 * (round to nearest even; bfloat16's NaN as c10's, 0x7fc0), the others
 * as C++'s static_cast, as PyTorch's CUDA casts. */
__device__ inline float cg_dev_load(cg_half h) {
    __half_raw r;
    r.x = h.bits;
    return __half2float(__half(r));
}
__device__ inline float cg_dev_load(cg_bf16 b) { return __uint_as_float((unsigned)b.bits << 16); }
template <typename S> __device__ inline S cg_dev_load(S x) { return x; }
template <typename T> struct cg_dev_store {
    template <typename S> __device__ static T of(S v) { return (T)v; }
};
template <> struct cg_dev_store<cg_half> {
    template <typename S> __device__ static cg_half of(S v) {
        cg_half h;
        h.bits = __half_as_ushort(__float2half_rn((float)v));
        return h;
    }
};
template <> struct cg_dev_store<cg_bf16> {
    template <typename S> __device__ static cg_bf16 of(S v) {
        float f = (float)v;
        unsigned u = __float_as_uint(f);
        cg_bf16 b;
        b.bits = f != f ? (unsigned short)0x7fc0 : (unsigned short)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
        return b;
    }
};

/* The block's value merged from every thread's (f.merge(a, b)), seen by
 * all threads; blockDim.x a power of 2, at most CG_BLOCK_MAX. */
#define CG_BLOCK_MAX 256
template <typename ACC, typename Fold> __device__ ACC cg_block_merge(ACC v, const Fold &f) {
    __shared__ ACC sh[CG_BLOCK_MAX];
    sh[threadIdx.x] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            sh[threadIdx.x] = f.merge(sh[threadIdx.x], sh[threadIdx.x + s]);
        __syncthreads();
    }
    ACC r = sh[0];
    __syncthreads();
    return r;
}
/* Threads for a block folding n elements: a power of 2 from 32 to CG_BLOCK_MAX. */
static inline unsigned cg_block_threads(int64_t n) {
    unsigned t = 32;
    while (t < CG_BLOCK_MAX && (int64_t)t < n)
        t *= 2;
    return t;
}
struct cg_sum_merge {
    __device__ double merge(double a, double b) const { return a + b; }
};
/* NaN wins */
struct cg_max_merge {
    __device__ double merge(double a, double b) const { return b > a || b != b ? b : a; }
};

/* Device address of a tensor's first element (cg_tensor_data is the same
 * arithmetic; named apart so that a reader sees it is not host memory). */
static inline char *cg_cuda_data(const cg_tensor *t) { return (char *)cg_tensor_data(t); }

#endif
