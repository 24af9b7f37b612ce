/* cuda_random.cu: the backend's draw entry (device.h): the random kernels
 * of PyTorch's DistributionTemplates.h, drawing with curand's Philox4x32-10
 * functions as PyTorch's do, so that a seeded notebook gets PyTorch's
 * numbers on the same GPU. The engine sizes the grid and reserves the
 * generator's offsets (engine/random_device.c, Note [CUDA random numbers]);
 * this file runs the grid-stride loop and the transforms. Output is one
 * contiguous run of numel elements. */
#include <curand_kernel.h>

#include <limits>

#include "cuda_common.cuh"

/* distribution_elementwise_grid_stride_kernel: thread idx starts Philox
 * subsequence idx at the reserved offset; each round, one dist() call
 * gives UNROLL values, the k-th for element li + k * (threads in grid). */
template <typename ACC, int UNROLL, typename Dist, typename Store>
__global__ void draw_kernel(int64_t numel, uint64_t seed, uint64_t offset, Dist dist, Store store) {
    int64_t idx = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    curandStatePhilox4_32_10_t state;
    curand_init(seed, idx, offset, &state);
    int64_t threads = (int64_t)blockDim.x * gridDim.x;
    int64_t rounded = ((numel - 1) / (threads * UNROLL) + 1) * threads * UNROLL;
    for (int64_t li = idx; li < rounded; li += threads * UNROLL) {
        auto r = dist(&state);
#pragma unroll
        for (int k = 0; k < UNROLL; k++) {
            int64_t i = li + threads * k;
            if (i < numel)
                store(i, static_cast<ACC>((&r.x)[k]));
        }
        __syncthreads();
    }
}

template <typename ACC, int UNROLL, typename Dist, typename Store>
static int launch(int64_t numel, const cg_draw *d, Dist dist, Store store) {
    draw_kernel<ACC, UNROLL><<<d->grid, d->block, 0, CG_CUDA_STREAM>>>(numel, d->seed, d->offset, dist, store);
    return cg_cuda_check_launch();
}

/* The uniform values of one curand call: 4 floats, or 2 doubles (53 bits
 * each, from two 32-bit draws: curand_uniform2_double). All in (0, 1]. */
struct uniform_f32 {
    __device__ float4 operator()(curandStatePhilox4_32_10_t *s) const { return curand_uniform4(s); }
};
struct uniform_f64 {
    __device__ double2 operator()(curandStatePhilox4_32_10_t *s) const { return curand_uniform2_double(s); }
};
struct normal_f32 {
    __device__ float4 operator()(curandStatePhilox4_32_10_t *s) const { return curand_normal4(s); }
};
struct normal_f64 {
    __device__ double2 operator()(curandStatePhilox4_32_10_t *s) const { return curand_normal2_double(s); }
};
struct bits_u32 {
    __device__ uint4 operator()(curandStatePhilox4_32_10_t *s) const { return curand4(s); }
};
/* two 64-bit integers from one curand4: (x << 32 | y, z << 32 | w) */
struct bits_u64 {
    __device__ ulonglong2 operator()(curandStatePhilox4_32_10_t *s) const {
        uint4 v = curand4(s);
        ulonglong2 r;
        r.x = ((unsigned long long)v.x << 32) | v.y;
        r.y = ((unsigned long long)v.z << 32) | v.w;
        return r;
    }
};

/* launch with the uniform values of T's precision: 4 floats per call for
 * float32, 2 doubles for float64 */
template <typename T, typename Store> static int launch_uniform(int64_t numel, const cg_draw *d, Store store) {
    if (sizeof(T) == sizeof(double))
        return launch<T, 2>(numel, d, uniform_f64(), store);
    return launch<T, 4>(numel, d, uniform_f32(), store);
}

/* uniform_kernel: rand * (to - from) + from in the dtype's precision,
 * with a value that rounds onto `to` moved to `from` (curand's range is
 * (0, 1], PyTorch's [from, to)). */
template <typename T> static int draw_uniform(T *out, int64_t numel, const cg_draw *d) {
    T from = (T)d->a, to = (T)d->b;
    T range = to - from;
    return launch_uniform<T>(numel, d, [=] __device__(int64_t i, T r) {
        T v = r * range + from;
        out[i] = v == to ? from : v;
    });
}

/* PyTorch's at::log on the device: the fast __logf for float (and the
 * types computed in float), the exact log for double. Its float results
 * differ from logf's in the last bits, so the draws that use it must too. */
static __device__ float device_log(float x) { return __logf(x); }
static __device__ double device_log(double x) { return log(x); }

/* transformation::exponential on CUDA: -1 / lambda * log(rand), rand in
 * (0, 1], with log taken as -epsilon / 2 from 1 - epsilon / 2 up, so that
 * no value is 0 (pytorch#16706) */
template <typename T> static int draw_exponential(T *out, int64_t numel, const cg_draw *d) {
    T lambda = (T)d->a;
    const T half_eps = std::numeric_limits<T>::epsilon() / 2;
    return launch_uniform<T>(numel, d, [=] __device__(int64_t i, T r) {
        T lg = r >= (T)1 - half_eps ? -half_eps : device_log(r);
        out[i] = (T)-1.0 / lambda * lg;
    });
}

/* normal_kernel: rand * std + mean, from curand's Box-Muller */
template <typename T> static int draw_normal(T *out, int64_t numel, const cg_draw *d) {
    T mean = (T)d->a, sd = (T)d->b;
    auto store = [=] __device__(int64_t i, T v) { out[i] = v * sd + mean; };
    if (sizeof(T) == sizeof(double))
        return launch<T, 2>(numel, d, normal_f64(), store);
    return launch<T, 4>(numel, d, normal_f32(), store);
}

/* bernoulli_(p): rand < p, in double for a float64 tensor and in float
 * for every other dtype (DiscreteDistributionType) */
template <typename T> static int draw_bernoulli(T *out, int64_t numel, const cg_draw *d) {
    if (sizeof(T) == sizeof(double) && (T)0.5 != 0) {
        double p = d->a;
        return launch<double, 2>(numel, d, uniform_f64(), [=] __device__(int64_t i, double r) { out[i] = (T)(r < p); });
    }
    float p = (float)d->a;
    return launch<float, 4>(numel, d, uniform_f32(), [=] __device__(int64_t i, float r) { out[i] = (T)(r < p); });
}

/* random_(from, to): (rand % range) + base through int64, 32-bit draws
 * below a range of 2^28 and 64-bit ones from there on */
template <typename T> static int draw_random(T *out, int64_t numel, const cg_draw *d) {
    uint64_t range = d->range;
    int64_t base = d->base;
    if (d->kind == CG_DRAW_RANDOM64)
        return launch<uint64_t, 2>(numel, d, bits_u64(), [=] __device__(int64_t i, uint64_t r) {
            out[i] = (T)(int64_t)(r % range + (uint64_t)base);
        });
    return launch<uint32_t, 4>(numel, d, bits_u32(), [=] __device__(int64_t i, uint32_t r) {
        out[i] = (T)(int64_t)(r % range + (uint64_t)base);
    });
}

/* fused_dropout_kernel_vec's mask: thread idx takes VEC adjacent elements
 * per round, from a fresh curand_uniform4 each round (VEC 2 uses x and y
 * only, as PyTorch's does). numel is a multiple of VEC. */
template <int VEC>
__global__ void dropout_vec_kernel(bool *out, int64_t numel, double keep, uint64_t seed, uint64_t offset) {
    int64_t idx = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    curandStatePhilox4_32_10_t state;
    curand_init(seed, idx, offset, &state);
    int64_t step = (int64_t)blockDim.x * gridDim.x * VEC;
    for (int64_t li = idx * VEC; li < numel; li += step) {
        float4 r = curand_uniform4(&state);
#pragma unroll
        for (int k = 0; k < VEC; k++)
            out[li + k] = (double)(&r.x)[k] < keep;
        __syncthreads();
    }
}

/* The keep mask of PyTorch's fused dropout (Note [Fused dropout] in
 * engine/random_device.c): float uniforms below keep, which the engine
 * gives in the input's precision. VEC 1 is fused_dropout_kernel, whose
 * order is every other draw's. */
static int draw_dropout(bool *out, int64_t numel, const cg_draw *d) {
    double keep = d->a;
    if (d->vec == 4)
        dropout_vec_kernel<4><<<d->grid, d->block, 0, CG_CUDA_STREAM>>>(out, numel, keep, d->seed, d->offset);
    else if (d->vec == 2)
        dropout_vec_kernel<2><<<d->grid, d->block, 0, CG_CUDA_STREAM>>>(out, numel, keep, d->seed, d->offset);
    else
        return launch<float, 4>(numel, d, uniform_f32(),
                                [=] __device__(int64_t i, float r) { out[i] = (double)r < keep; });
    return cg_cuda_check_launch();
}

/* bernoulli_tensor_cuda_kernel through CUDA_tensor_apply2 with a step of
 * 4: thread idx takes elements 4 idx .. 4 idx + 3, value k of a
 * curand_uniform4 each, compared in p's precision with <=. The state is
 * made again at every step of the loop, as PyTorch's functor makes it
 * (the loop only turns over past 2^31 blocks). */
template <typename T>
__global__ void bernoulli_p_kernel(T *out, const T *p, int64_t numel, uint64_t seed, uint64_t offset) {
    int64_t idx = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (int64_t li = idx * 4; li < numel; li += (int64_t)gridDim.x * blockDim.x * 4) {
        curandStatePhilox4_32_10_t state;
        curand_init(seed, idx, offset, &state);
        float4 r = curand_uniform4(&state);
        for (int k = 0; k < 4 && li + k < numel; k++)
            out[li + k] = (T)((T)(&r.x)[k] <= p[li + k]);
    }
}

template <typename T> static int draw_bernoulli_p(T *out, int64_t numel, const cg_draw *d) {
    bernoulli_p_kernel<T>
        <<<d->grid, d->block, 0, CG_CUDA_STREAM>>>(out, (const T *)d->probs, numel, d->seed, d->offset);
    return cg_cuda_check_launch();
}

/* on the current device (the backend's entry makes it the tensor's) */
extern "C" int cg_cuda_draw(void *out, cg_dtype dtype, int64_t numel, const cg_draw *d) {
    int rc = 0;
    switch (d->kind) {
    case CG_DRAW_UNIFORM: CG_DISPATCH_FLOAT(dtype, rc = draw_uniform((T *)out, numel, d)) break;
    case CG_DRAW_NORMAL: CG_DISPATCH_FLOAT(dtype, rc = draw_normal((T *)out, numel, d)) break;
    case CG_DRAW_EXPONENTIAL: CG_DISPATCH_FLOAT(dtype, rc = draw_exponential((T *)out, numel, d)) break;
    case CG_DRAW_BERNOULLI: CG_DISPATCH_ALL(dtype, rc = draw_bernoulli((T *)out, numel, d)) break;
    case CG_DRAW_RANDOM:
    case CG_DRAW_RANDOM64: CG_DISPATCH_ALL(dtype, rc = draw_random((T *)out, numel, d)) break;
    case CG_DRAW_BERNOULLI_P: CG_DISPATCH_FLOAT(dtype, rc = draw_bernoulli_p((T *)out, numel, d)) break;
    case CG_DRAW_RANDPERM: rc = cg_cuda_randperm(out, dtype, numel, d); break;
    case CG_DRAW_MULTINOMIAL: rc = cg_cuda_multinomial(out, dtype, d); break;
    case CG_DRAW_DROPOUT:
        if (dtype == CG_BOOL)
            rc = draw_dropout((bool *)out, numel, d);
        else
            cg_cuda_fail("the dropout mask is bool"), rc = -1;
        break;
    }
    return rc < 0 ? cg_cuda_kernel_status() : 0;
}
