/* cuda_activation.cu: the CUDA kernels of the activations
 * (engine/ops_activation.c's twins): activation_math.h's formulas, one
 * device expression each over the elementwise plan (cuda_ew.cuh). Inputs
 * as on the CPU: (x), (grad, x), (self, buffer, grad) for
 * log_sigmoid_backward; constants from the op's args, as PyTorch rounds
 * them to T. */
#include "cuda_ew.cuh"

extern "C" {
#include "activation_math.h"
#include "ops_unary_impl.h"
}

CG_ACTIVATION_MATH(f32, float, expf, log1pf, tanhf, fmaf)
CG_ACTIVATION_MATH(f64, double, exp, log1p, tanh, fma)

/* The formulas by overload, for the kernels' T */
#define BOTH_TYPES(X) X(float, f32) X(double, f64)
#define ACT_WRAPPERS(T, SUF)                                                                                      \
    __device__ __forceinline__ T elu_at(T x, const T *k) { return cg_elu_##SUF(x, k); }                            \
    __device__ __forceinline__ T elu_bw_at(T dy, T x, const T *k, bool r) { return cg_elu_backward_##SUF(dy, x, k, r); } \
    __device__ __forceinline__ T silu_at(T x) { return cg_silu_##SUF(x); }                                         \
    __device__ __forceinline__ T silu_bw_at(T dy, T x) { return cg_silu_backward_##SUF(dy, x, true); }             \
    __device__ __forceinline__ T mish_at(T x) { return cg_mish_##SUF(x); }                                         \
    __device__ __forceinline__ T mish_bw_at(T dy, T x) { return cg_mish_backward_##SUF(dy, x, true); }             \
    __device__ __forceinline__ T softplus_at(T x, const T *k) { return cg_softplus_##SUF(x, k); }                  \
    __device__ __forceinline__ T softplus_bw_at(T dy, T x, const T *k) { return cg_softplus_backward_##SUF(dy, x, k); } \
    __device__ __forceinline__ T glu_at(T a, T b) { return cg_glu_##SUF(a, b); }                                   \
    __device__ __forceinline__ T log_sigmoid_bw_at(T a, T b, T c) { return cg_log_sigmoid_backward_##SUF(a, b, c, true); }
BOTH_TYPES(ACT_WRAPPERS)

template <typename T> struct act_k {
    T v[3];
};
/* elu's constants (args->s[0..2] alpha, scale, input_scale) */
template <typename T> static act_k<T> elu_k(const cg_op_args *a) {
    T scale = cg_scalar_as<T>(a->s[1]);
    return {{cg_scalar_as<T>(a->s[0]) * scale, cg_scalar_as<T>(a->s[2]), scale}};
}
/* softplus's (args->s[0..1] beta, threshold) */
template <typename T> static act_k<T> softplus_k(const cg_op_args *a) {
    return {{cg_scalar_as<T>(a->s[0]), cg_scalar_as<T>(a->s[1]), (T)0}};
}

extern "C" void cg_cuda_elu(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        act_k<T> k = elu_k<T>(c->args);
        cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return elu_at(x, k.v); });
    })
}

/* args->flag: is_result */
extern "C" void cg_cuda_elu_backward(const cg_kernel_call *c) {
    bool is_result = c->args->flag;
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        act_k<T> k = elu_k<T>(c->args);
        cg_ew_launch<2, T>(c, [=] __device__(T dy, T x) -> T { return elu_bw_at(dy, x, k.v, is_result); });
    })
}

extern "C" void cg_cuda_silu(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return silu_at(x); }))
}
extern "C" void cg_cuda_silu_backward(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<2, T>(c, [] __device__(T dy, T x) -> T { return silu_bw_at(dy, x); }))
}
extern "C" void cg_cuda_mish(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return mish_at(x); }))
}
extern "C" void cg_cuda_mish_backward(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<2, T>(c, [] __device__(T dy, T x) -> T { return mish_bw_at(dy, x); }))
}

extern "C" void cg_cuda_softplus(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        act_k<T> k = softplus_k<T>(c->args);
        cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return softplus_at(x, k.v); });
    })
}
extern "C" void cg_cuda_softplus_backward(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        act_k<T> k = softplus_k<T>(c->args);
        cg_ew_launch<2, T>(c, [=] __device__(T dy, T x) -> T { return softplus_bw_at(dy, x, k.v); });
    })
}

/* first half a, second half b */
extern "C" void cg_cuda_glu(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return glu_at(a, b); }))
}

/* (self, buffer, grad) */
extern "C" void cg_cuda_log_sigmoid_backward(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<3, T>(c, [] __device__(T a, T b, T g) -> T {
                          return log_sigmoid_bw_at(a, b, g);
                      }))
}

extern "C" void cg_cuda_hardsigmoid(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return CG_HARDSIGMOID(T, x); }))
}
extern "C" void cg_cuda_hardswish(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return CG_HARDSWISH(T, x); }))
}
/* (grad a, self b) */
extern "C" void cg_cuda_hardsigmoid_backward(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T {
                          return CG_HARDSIGMOID_BACKWARD(T, a, b);
                      }))
}
extern "C" void cg_cuda_hardswish_backward(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T {
                          return CG_HARDSWISH_BACKWARD(T, a, b);
                      }))
}

/* args->s[0] lambd */
extern "C" void cg_cuda_softshrink(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T l = cg_scalar_as<T>(c->args->s[0]);
        cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return CG_SOFTSHRINK(T, x, l); });
    })
}
extern "C" void cg_cuda_hardshrink(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T l = cg_scalar_as<T>(c->args->s[0]);
        cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return CG_HARDSHRINK(T, x, l); });
    })
}
/* (grad a, self b), args->s[0] lambd */
extern "C" void cg_cuda_shrink_backward(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T l = cg_scalar_as<T>(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return CG_SHRINK_BACKWARD(T, a, b, l); });
    })
}
/* (grad a, self b), args->s[0] min, s[1] max */
extern "C" void cg_cuda_hardtanh_backward(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T lo = cg_scalar_as<T>(c->args->s[0]), hi = cg_scalar_as<T>(c->args->s[1]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return CG_HARDTANH_BACKWARD(T, a, b, lo, hi); });
    })
}

/* every number dtype; args->s[0] threshold, s[1] value */
extern "C" void cg_cuda_threshold(const cg_kernel_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], {
        T th = cg_scalar_as<T>(c->args->s[0]), v = cg_scalar_as<T>(c->args->s[1]);
        cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return CG_THRESHOLD(x, th, v); });
    })
}

/* (x a, weight b) */
extern "C" void cg_cuda_prelu(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return CG_PRELU(a, b); }))
}

/* (x a, noise b); args->flag training, s[0] lower, s[1] upper */
extern "C" void cg_cuda_rrelu(const cg_kernel_call *c) {
    bool training = c->args->flag;
    double mean = (cg_scalar_to_double(c->args->s[0]) + cg_scalar_to_double(c->args->s[1])) / 2;
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T slope = (T)mean;
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return CG_RRELU(a, b, training, slope); });
    })
}
