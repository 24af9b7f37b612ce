/* cuda_unary.cu: the CUDA kernels of the unary elementwise ops (the twins
 * of engine/ops_unary.c's kernels, same dtypes, same NaN rules), and
 * threshold_backward and bitwise_not. Each is one device expression over
 * the elementwise plan (cuda_ew.cuh), the CPU's own from scalar_math.h
 * where there is more to it than an operator; out and x have one shape and
 * dtype. */
#include "cuda_ew.cuh"
#include "scalar_math.h"

extern "C" {
#include "ops_unary_impl.h"
}

/* A float op: expressions for float32 and float64 */
#define FLOAT_KERNEL(name, e32, e64)                                                       \
    extern "C" void cg_cuda_##name(const cg_kernel_call *c) {                              \
        if (c->it->dtypes[0] == CG_F32)                                                    \
            cg_ew_launch<1, float>(c, [] __device__(float x) -> float { return e32; });    \
        else                                                                               \
            cg_ew_launch<1, double>(c, [] __device__(double x) -> double { return e64; }); \
    }

CG_FLOAT_UNARY_OPS(FLOAT_KERNEL)
/* PyTorch's CUDA erfinv is the device library's */
FLOAT_KERNEL(erfinv, erfinvf(x), erfinv(x))

/* args->flag: approximate='tanh' */
extern "C" void cg_cuda_gelu(const cg_kernel_call *c) {
    bool tanh_form = c->args->flag;
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [=] __device__(T x) -> T {
                          if (tanh_form)
                              return cg_gelu_tanh_at(x);
                          return cg_gelu_erf_at(x);
                      }))
}

/* grad dy, self x; args->flag: approximate='tanh'. PyTorch's formulas of
 * gelu' (ops_unary.c's scalar lambdas, as nvcc contracts them) */
extern "C" void cg_cuda_gelu_backward(const cg_kernel_call *c) {
    bool tanh_form = c->args->flag;
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [=] __device__(T dy, T x) -> T {
                          if (tanh_form) {
                              const T beta = (T)CG_GELU_BETA, kappa = (T)CG_GELU_KAPPA;
                              T x_sq = x * x, t = tanh(beta * (x + kappa * x_sq * x));
                              T right_derivative = (T)0.5 * x * ((T)1 - t * t) * beta * ((T)1 + (T)3 * kappa * x_sq);
                              return dy * ((T)0.5 * ((T)1 + t) + right_derivative);
                          }
                          T cdf = (T)0.5 * ((T)1 + erf(x * (T)M_SQRT1_2));
                          T pdf = (T)(M_2_SQRTPI * M_SQRT1_2 * 0.5) * exp(x * x * (T)-0.5);
                          return dy * (cdf + x * pdf);
                      }))
}

/* args->s[0] negative_slope */
extern "C" void cg_cuda_leaky_relu(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T slope = cg_scalar_as<T>(c->args->s[0]);
        cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return CG_LEAKY_RELU(x, slope); });
    })
}

extern "C" void cg_cuda_neg(const cg_kernel_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return -x; }))
}

extern "C" void cg_cuda_abs(const cg_kernel_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T {
                            if constexpr ((T)0.5 != 0)
                                return fabs(x);
                            else
                                return x < 0 ? (T)-x : x;
                        }))
}

extern "C" void cg_cuda_relu(const cg_kernel_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return CG_RELU(x); }))
}

/* bool is itself */
extern "C" void cg_cuda_sign(const cg_kernel_call *c) {
    CG_DISPATCH_ALL(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T {
                        if constexpr (sizeof(T) == 1)
                            return x;
                        else
                            return (T)CG_SIGN(x);
                    }))
}

/* grad a, self b; args->s[0] threshold */
extern "C" void cg_cuda_threshold_backward(const cg_kernel_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], {
        T th = cg_scalar_as<T>(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return CG_THRESHOLD_BACKWARD(a, b, th); });
    })
}

/* grad a, result b: a * (1 - b * b) */
extern "C" void cg_cuda_tanh_backward(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return a * ((T)1 - b * b); }))
}

/* clamp with Python numbers: args->s[0] min, s[1] max, i[0] which given */
extern "C" void cg_cuda_clamp(const cg_kernel_call *c) {
    bool has_lo = c->args->i[0] & CG_CLAMP_MIN, has_hi = c->args->i[0] & CG_CLAMP_MAX;
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], {
        T lo = cg_scalar_as<T>(c->args->s[0]), hi = cg_scalar_as<T>(c->args->s[1]);
        cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return CG_CLAMP(x, has_lo, lo, has_hi, hi); });
    })
}

/* out, x of one bool or integer dtype */
extern "C" void cg_cuda_bitwise_not(const cg_kernel_call *c) {
    CG_DISPATCH_INT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return ~x; }))
    if (c->it->dtypes[0] == CG_BOOL)
        cg_ew_launch<1, bool>(c, [] __device__(bool x) -> bool { return !x; });
}
