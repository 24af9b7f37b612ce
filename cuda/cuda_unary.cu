/* cuda_unary.cu: the CUDA kernels of the unary elementwise ops (the twins
 * of engine/ops_unary.c's kernels, same dtypes, same NaN rules), and
 * threshold_backward and bitwise_not. Each is one device expression over
 * the elementwise plan (cuda_ew.cuh); out and x have one shape and dtype. */
#include "cuda_ew.cuh"

extern "C" {
#include "ops_unary_impl.h"
}

/* A float op: expressions for float32 and float64 */
#define FLOAT_KERNEL(name, e32, e64)                                                          \
    extern "C" void cuda_##name(const cg_call *c) {                                           \
        if (c->it->dtypes[0] == CG_F32)                                                       \
            cg_ew_launch<1, float>(c, [] __device__(float x) -> float { return e32; });       \
        else                                                                                  \
            cg_ew_launch<1, double>(c, [] __device__(double x) -> double { return e64; });    \
    }

__device__ __forceinline__ float sigmoid_f32(float x) {
    /* e^x / (1 + e^x) below 0, so that tiny results keep their precision */
    float e = expf(-fabsf(x));
    float s = 1.0f / (1.0f + e);
    return x < 0.0f ? e * s : s;
}

FLOAT_KERNEL(exp, expf(x), exp(x))
FLOAT_KERNEL(log, logf(x), log(x))
FLOAT_KERNEL(log1p, log1pf(x), log1p(x))
FLOAT_KERNEL(sqrt, sqrtf(x), sqrt(x))
FLOAT_KERNEL(rsqrt, 1.0f / sqrtf(x), 1.0 / sqrt(x))
FLOAT_KERNEL(sin, sinf(x), sin(x))
FLOAT_KERNEL(cos, cosf(x), cos(x))
FLOAT_KERNEL(tanh, tanhf(x), tanh(x))
FLOAT_KERNEL(sigmoid, sigmoid_f32(x), 1.0 / (1.0 + exp(-x)))
FLOAT_KERNEL(erf, erff(x), erf(x))

/* gelu with PyTorch's constants; args->flag: approximate='tanh' */
#define GELU_BETA 0.7978845608028654
#define GELU_KAPPA 0.044715
extern "C" void cuda_gelu(const cg_call *c) {
    bool tanh_form = c->args->flag;
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [=] __device__(T x) -> T {
        if (tanh_form)
            return (T)0.5 * x * ((T)1 + tanh((T)GELU_BETA * (x + (T)GELU_KAPPA * x * x * x)));
        return (T)0.5 * x * ((T)1 + erf(x * (T)M_SQRT1_2));
    }))
}

/* args->s[0] negative_slope; x == 0 takes the slope side, as PyTorch */
extern "C" void cuda_leaky_relu(const cg_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T slope = cg_scalar_as<T>(c->args->s[0]);
        cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return x > 0 ? x : x * slope; });
    })
}

extern "C" void cuda_neg(const cg_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return -x; }))
}

extern "C" void cuda_abs(const cg_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T {
        if constexpr ((T)0.5 != 0)
            return fabs(x);
        else
            return x < 0 ? (T)-x : x;
    }))
}

/* keeps nan and -0. */
extern "C" void cuda_relu(const cg_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return x < 0 ? (T)0 : x; }))
}

/* nan -> 0, as PyTorch; bool is itself */
extern "C" void cuda_sign(const cg_call *c) {
    CG_DISPATCH_ALL(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T {
        if constexpr (sizeof(T) == 1)
            return x;
        else
            return (T)((0 < x) - (x < 0));
    }))
}

/* out T = b <= threshold ? 0 : a (grad a, self b); args->s[0] threshold */
extern "C" void cuda_threshold_backward(const cg_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], {
        T th = cg_scalar_as<T>(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return b <= th ? (T)0 : a; });
    })
}

/* clamp with Python numbers: args->s[0] min, s[1] max, i[0] which given */
extern "C" void cuda_clamp(const cg_call *c) {
    bool has_lo = c->args->i[0] & CG_CLAMP_MIN, has_hi = c->args->i[0] & CG_CLAMP_MAX;
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], {
        T lo = cg_scalar_as<T>(c->args->s[0]), hi = cg_scalar_as<T>(c->args->s[1]);
        cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return CG_CLAMP(x, has_lo, lo, has_hi, hi); });
    })
}

/* out, x of one bool or integer dtype */
extern "C" void cuda_bitwise_not(const cg_call *c) {
    CG_DISPATCH_INT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return ~x; }))
    if (c->it->dtypes[0] == CG_BOOL)
        cg_ew_launch<1, bool>(c, [] __device__(bool x) -> bool { return !x; });
}
