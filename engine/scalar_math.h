/* scalar_math.h: the scalar arithmetic of elementwise kernels, written once
 * for both backends, as PyTorch's CPU and CUDA kernels share
 * c10/util/generic_math.h. The CPU's kernels (engine/, C) and the CUDA
 * kernels (cuda/, .cu files that nvcc compiles as C++) include it:
 * Python's integer division, remainder and power, floor division of floats,
 * the stable sigmoid, gelu, the elementwise losses and their derivatives,
 * adaptive pooling's windows, the NaN and signed-zero rules of maximum,
 * clamp, relu and the like, and the lists of per-op expressions that each
 * backend expands into its kernels.
 *
 * Not here: loops, strides and launches (ew.h, cuda_ew.cuh), dtype dispatch,
 * and the CPU's float math of the ops PyTorch computes with SLEEF
 * (vec_math.h, ops_unary.c). Every function is CG_HOST_DEVICE and always
 * inlined: a CPU loop over one still vectorises, and no kernel is left with
 * a call. */
#ifndef CG_SCALAR_MATH_H
#define CG_SCALAR_MATH_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/* C: static, and inlined even where GCC's limits would not (a call left in
 * a loop stops it vectorising). nvcc: callable from host and device. */
#if defined(__CUDACC__)
#define CG_HOST_DEVICE static __host__ __device__ __forceinline__
#elif defined(__GNUC__)
#define CG_HOST_DEVICE static inline __attribute__((always_inline))
#else
#define CG_HOST_DEVICE static inline
#endif

/* Note [Float32 math on each side]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A formula here is one text compiled twice, as C for the CPU and as C++
 * for the device, and two things differ between the two on purpose:
 * - cg_expf, cg_logf, cg_log1pf, cg_tanhf and cg_erff are libm's float
 *   functions in C and CUDA's under nvcc; the CPU's kernels of exp, log,
 *   tanh, sigmoid, gelu, ... do not take them from here but compute as
 *   PyTorch's AVX2 kernels do (Note [PyTorch's vector and scalar paths]).
 * - A type-generic libm name (exp, log, log1p, fabs, fmax) given a float is
 *   the double function in C but the float overload in C++, so a float32
 *   formula that calls one computes that step in double on the CPU and in
 *   float on the device. So did the CPU's and CUDA's copies of these
 *   formulas before they were merged here, and their results are kept. A
 *   step that must be the same on both casts to double itself (as
 *   cg_bce_logits_grad_at does) or calls the f-suffixed function (as
 *   cg_fdiv_floor does). */
#define cg_expf expf
#define cg_logf logf
#define cg_log1pf log1pf
#define cg_tanhf tanhf
#define cg_erff erff

/* A formula over T in {float, double} is written once, as a macro of (T,
 * SUF), and made for both types: in C as name_f32 and name_f64, which a
 * _Generic macro of the bare name (at the end of this file) picks by the
 * first argument's type; in C++ as two overloads of the bare name. So
 * kernels written over T (the CPU's row macros, CUDA's templates) call
 * one name. */
#ifdef __cplusplus
#define CG_FLOAT_FN(name, SUF) name
#else
#define CG_FLOAT_FN(name, SUF) name##_##SUF
#define CG_BY_FLOAT_TYPE(name, x) _Generic((x), float : name##_f32, double : name##_f64)
#endif

/* Overloads must not take C linkage where a .cu file includes this from
 * inside extern "C" (as through ops_unary_impl.h). */
#ifdef __cplusplus
extern "C++" {
#endif

/* ---- integers ------------------------------------------------------------------- */

/* Note [Integer division]
 * ~~~~~~~~~~~~~~~~~~~~~~~
 * C's integer / and % trap (SIGFPE) on a zero divisor and on MIN / -1. The
 * frontends raise PyTorch's "ZeroDivisionError" before a CPU kernel runs,
 * but the kernels still never divide by 0 or by -1: they return 0 for a
 * zero divisor and negate with unsigned wrap-around for -1 (PyTorch itself
 * dies of SIGFPE on INT64_MIN // -1). int32 goes through the int64 helpers;
 * the narrowing back to int32 wraps as two's complement. */
CG_HOST_DEVICE int64_t cg_idiv_trunc(int64_t a, int64_t b) {
    return b == 0 ? 0 : b == -1 ? (int64_t)(0 - (uint64_t)a) : a / b;
}
CG_HOST_DEVICE int64_t cg_idiv_floor(int64_t a, int64_t b) {
    if (b == 0 || b == -1)
        return cg_idiv_trunc(a, b);
    int64_t q = a / b, r = a % b;
    return (r != 0 && (r < 0) != (b < 0)) ? q - 1 : q;
}
/* Python's %: the result has the sign of the divisor */
CG_HOST_DEVICE int64_t cg_iremainder(int64_t a, int64_t b) {
    if (b == 0 || b == -1)
        return 0;
    int64_t r = a % b;
    return (r != 0 && (r < 0) != (b < 0)) ? r + b : r;
}
/* PyTorch's powi: a negative exponent gives 1 / a**-b truncated; products
 * wrap (unsigned) instead of overflowing. */
CG_HOST_DEVICE int64_t cg_ipow(int64_t a, int64_t b) {
    if (b < 0)
        return a == 1 ? 1 : a == -1 ? ((b & 1) ? -1 : 1) : 0;
    uint64_t r = 1, base = (uint64_t)a;
    for (; b; b >>= 1, base *= base)
        if (b & 1)
            r *= base;
    return (int64_t)r;
}

/* adaptive pooling's window [start, end) for output o of out along a dim of
 * in inputs: PyTorch's start_index and end_index */
CG_HOST_DEVICE int64_t cg_adaptive_start(int64_t o, int64_t in, int64_t out) { return o * in / out; }
CG_HOST_DEVICE int64_t cg_adaptive_end(int64_t o, int64_t in, int64_t out) { return ((o + 1) * in + out - 1) / out; }

/* ---- floating point -------------------------------------------------------------- */

/* c10's div_floor_floating and remainder: the floor of the exact quotient,
 * signed zeros and IEEE results for a zero divisor kept. F is libm's suffix
 * for T (f for float), so that each step stays in T on both sides. */
#define CG_FLOAT_DIVISION(T, SUF, F)                               \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_fdiv_floor, SUF)(T a, T b) {   \
        if (b == 0)                                                \
            return a / b;                                          \
        T mod = fmod##F(a, b), div = (a - mod) / b;                \
        if (mod != 0 && (b < 0) != (mod < 0))                      \
            div -= 1;                                              \
        if (div == 0)                                              \
            return copysign##F((T)0, a / b);                       \
        T fl = floor##F(div);                                      \
        return div - fl > (T)0.5 ? fl + 1 : fl;                    \
    }                                                              \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_fremainder, SUF)(T a, T b) {   \
        T mod = fmod##F(a, b);                                     \
        return (mod != 0 && (b < 0) != (mod < 0)) ? mod + b : mod; \
    }
CG_FLOAT_DIVISION(float, f32, f)
CG_FLOAT_DIVISION(double, f64, )

/* 1 / (1 + e^-x), as e^x / (1 + e^x) below 0 so that tiny results keep
 * their precision instead of meeting an overflowing e^-x (float64 takes
 * the plain formula, in CG_FLOAT_UNARY_OPS) */
CG_HOST_DEVICE float cg_sigmoidf(float x) {
    float e = cg_expf(-fabsf(x));
    float s = 1.0f / (1.0f + e);
    return x < 0.0f ? e * s : s;
}

/* The inverse error function as PyTorch's CPU computes it (calc_erfinv):
 * a rational approximation of the initial guess (central range |y| <= 0.7
 * or the tails), then two Newton steps on erf, in T with libm's functions;
 * its AVX2 build fuses the polynomials' multiply-adds (FMA). NaN past
 * [-1, 1], +-inf at +-1. FMA: fmaf or fma. */
#define CG_ERFINV(T, SUF, FMA, FABS, SQRT, LOG, ERF, EXP, COPYSIGN)                                             \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_erfinv_at, SUF)(T y) {                                                       \
        T ay = FABS(y), x;                                                                                       \
        if (ay > (T)1.0)                                                                                         \
            return (T)NAN;                                                                                       \
        if (ay == (T)1.0)                                                                                        \
            return COPYSIGN((T)INFINITY, y);                                                                     \
        if (ay <= (T)0.7) {                                                                                      \
            T z = y * y;                                                                                         \
            T num = FMA(FMA(FMA((T)-0.140543331, z, (T)0.914624893), z, (T)-1.645349621), z, (T)0.886226899);   \
            T dem = FMA(FMA(FMA(FMA((T)0.012229801, z, (T)-0.329097515), z, (T)1.442710462), z, (T)-2.118377725), \
                        z, (T)1.0);                                                                              \
            x = y * num / dem;                                                                                   \
        } else {                                                                                                 \
            T z = SQRT(-LOG(((T)1.0 - ay) / (T)2.0));                                                            \
            T num = FMA(FMA(FMA((T)1.641345311, z, (T)3.429567803), z, (T)-1.624906493), z, (T)-1.970840454);   \
            T dem = FMA(FMA((T)1.637067800, z, (T)3.543889200), z, (T)1.0);                                      \
            x = COPYSIGN(num, y) / dem;                                                                          \
        }                                                                                                        \
        const T k = (T)2.0 / (T)1.7724538509055159; /* 2 / sqrt(pi), sqrt(pi) rounded to T */                  \
        x = x - (ERF(x) - y) / (k * EXP(-x * x));                                                                \
        x = x - (ERF(x) - y) / (k * EXP(-x * x));                                                                \
        return x;                                                                                                \
    }
CG_ERFINV(float, f32, fmaf, fabsf, sqrtf, logf, erff, expf, copysignf)
CG_ERFINV(double, f64, fma, fabs, sqrt, log, erf, exp, copysign)
#undef CG_ERFINV

/* gelu with PyTorch's constants, kBeta = sqrt(2 / pi) and kKappa, which
 * its derivative (ops_unary.c) uses too: x Phi(x) with erf, or the tanh
 * approximation. ERF and TANH: T's functions. */
#define CG_GELU_BETA 0.7978845608028654
#define CG_GELU_KAPPA 0.044715
#define CG_GELU(T, SUF, ERF, TANH)                                                                                 \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_gelu_erf_at, SUF)(T x) { return (T)0.5 * x * ((T)1 + ERF(x * (T)M_SQRT1_2)); } \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_gelu_tanh_at, SUF)(T x) {                                                      \
        return (T)0.5 * x * ((T)1 + TANH((T)CG_GELU_BETA * (x + (T)CG_GELU_KAPPA * x * x * x)));                   \
    }
CG_GELU(float, f32, cg_erff, cg_tanhf)
CG_GELU(double, f64, erf, tanh)

/* ---- losses of input a and target b ---------------------------------------------- */

/* mse, smooth_l1 (k = beta) and huber (k = delta) as PyTorch's kernels
 * write them, and the derivative of the last two in d = a - b of order 1
 * (their backward kernels, PyTorch's comparisons: -1 / -delta at or below
 * the negated threshold, 1 / delta at or above it, else linear) or 2 (the
 * slope of that, for double backward). */
#define CG_ROBUST_LOSSES(T, SUF)                                                                   \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_mse_at, SUF)(T a, T b) { return (a - b) * (a - b); }           \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_smooth_l1_at, SUF)(T a, T b, T k) {                            \
        return (T)(fabs(a - b) < k ? (T)0.5 * (a - b) * (a - b) / k : fabs(a - b) - (T)0.5 * k);   \
    }                                                                                              \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_huber_at, SUF)(T a, T b, T k) {                                \
        return (T)(fabs(a - b) < k ? (T)0.5 * (a - b) * (a - b) : k * (fabs(a - b) - (T)0.5 * k)); \
    }                                                                                              \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_robust_grad_at, SUF)(T d, T k, bool huber, int order) {        \
        T lin = huber ? (T)1 : 1 / k; /* slope inside the threshold */                             \
        if (d <= -k)                                                                               \
            return order == 2 ? 0 : huber ? -k : -1;                                               \
        if (d >= k)                                                                                \
            return order == 2 ? 0 : huber ? k : 1;                                                 \
        return order == 2 ? lin : huber ? d : d / k; /* PyTorch's vector form: x / beta */          \
    }
CG_ROBUST_LOSSES(float, f32)
CG_ROBUST_LOSSES(double, f64)

/* Binary cross entropy of probabilities x and targets t, and with logits x
 * and pos_weight pw (1 when not given), with the partial derivatives of
 * their elementwise loss L(x, t) of order `order`: the first ones as
 * PyTorch's *_backward and *_target_backward compute them (without grad and
 * weight), the second ones as its double backward does. */
typedef enum { CG_BCE_DX, CG_BCE_DT, CG_BCE_DXX, CG_BCE_DXT } cg_bce_order;
#define CG_BCE_EPS 1e-12
/* bce: PyTorch's formula and clamp: logs below -100 count as -100, so that
 * a certain wrong answer costs 100, not inf. bce_logits: PyTorch's stable
 * form (1 - t) x + lw (m + log(exp(-m) + exp(-x - m))), m = max(-x, 0),
 * lw = 1 + (pw - 1) t; its partials with s = sigmoid(x): L_x = lw s - pw t,
 * L_t = (pw - 1) softplus(-x) - x, L_xx = lw s (1 - s), L_xt = (pw - 1) s - pw. */
#define CG_BCE(T, SUF, LOG)                                                                                     \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_bce_at, SUF)(T x, T t) { /* PyTorch's CPU kernel: log(1 - x), in T */       \
        T a = LOG(1 - x), b = LOG(x);                                                                           \
        return (t - (T)1) * (a > (T)-100 ? a : (T)-100) - t * (b > (T)-100 ? b : (T)-100);                      \
    }                                                                                                           \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_bce_grad_at, SUF)(T x, T t, int order) {                                    \
        switch (order) {                                                                                        \
        case CG_BCE_DX: return (T)((x - t) / fmax((double)((1 - x) * x), CG_BCE_EPS));                          \
        case CG_BCE_DT: return (T)log((1 - x) / x);                                                             \
        case CG_BCE_DXX: return (x * x - 2 * x * t + t) / (T)pow((x + CG_BCE_EPS) * (1 - x + CG_BCE_EPS), 2.0); \
        default: return -1 / ((x + (T)CG_BCE_EPS) * (1 - x + (T)CG_BCE_EPS));                                   \
        }                                                                                                       \
    }                                                                                                           \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_bce_logits_at, SUF)(T x, T t, T pw) {                                       \
        T m = x < 0 ? -x : 0;                                                                                   \
        T lw = (pw - 1) * t + 1;                                                                                \
        return (1 - t) * x + lw * ((T)log(exp(-m) + exp(-x - m)) + m);                                          \
    }                                                                                                           \
    CG_HOST_DEVICE T CG_FLOAT_FN(cg_bce_logits_grad_at, SUF)(T x, T t, T pw, int order) {                       \
        T sig = (T)(1 / (1 + exp(-(double)x))), lw = (pw - 1) * t + 1;                                          \
        switch (order) {                                                                                        \
        case CG_BCE_DX: return lw * sig - pw * t;                                                               \
        case CG_BCE_DT: return (pw - 1) * ((x < 0 ? -x : 0) + (T)log1p(exp(-fabs((double)x)))) - x;             \
        case CG_BCE_DXX: return lw * sig * (1 - sig);                                                           \
        default: return (pw - 1) * sig - pw;                                                                    \
        }                                                                                                       \
    }
CG_BCE(float, f32, logf)
CG_BCE(double, f64, log)

#ifdef __cplusplus
}
#else
/* C's one name for each formula over T */
#define cg_fdiv_floor(a, b) CG_BY_FLOAT_TYPE(cg_fdiv_floor, a)(a, b)
#define cg_fremainder(a, b) CG_BY_FLOAT_TYPE(cg_fremainder, a)(a, b)
#define cg_gelu_erf_at(x) CG_BY_FLOAT_TYPE(cg_gelu_erf_at, x)(x)
#define cg_gelu_tanh_at(x) CG_BY_FLOAT_TYPE(cg_gelu_tanh_at, x)(x)
#define cg_mse_at(a, b) CG_BY_FLOAT_TYPE(cg_mse_at, a)(a, b)
#define cg_smooth_l1_at(a, b, k) CG_BY_FLOAT_TYPE(cg_smooth_l1_at, a)(a, b, k)
#define cg_huber_at(a, b, k) CG_BY_FLOAT_TYPE(cg_huber_at, a)(a, b, k)
#define cg_robust_grad_at(d, k, huber, order) CG_BY_FLOAT_TYPE(cg_robust_grad_at, d)(d, k, huber, order)
#define cg_bce_at(x, t) CG_BY_FLOAT_TYPE(cg_bce_at, x)(x, t)
#define cg_bce_grad_at(x, t, order) CG_BY_FLOAT_TYPE(cg_bce_grad_at, x)(x, t, order)
#define cg_bce_logits_at(x, t, pw) CG_BY_FLOAT_TYPE(cg_bce_logits_at, x)(x, t, pw)
#define cg_bce_logits_grad_at(x, t, pw, order) CG_BY_FLOAT_TYPE(cg_bce_logits_grad_at, x)(x, t, pw, order)
#endif

/* ---- rules over any dtype -------------------------------------------------------- */
/* Expressions, as C has no templates; each argument is a plain value. */

/* maximum and minimum propagate NaN; on a tie they return a, as PyTorch
 * does (maximum(0., -0.) is 0., maximum(-0., 0.) is -0.) */
#define CG_MAXIMUM(a, b) (((a) != (a) || (a) >= (b)) ? (a) : (b))
#define CG_MINIMUM(a, b) (((a) != (a) || (a) <= (b)) ? (a) : (b))

/* min(max(x, lo), hi) as PyTorch: hi wins when lo > hi, a nan x stays nan,
 * and a nan bound compares false, leaving x. has_lo, has_hi: which bounds
 * are given. */
#define CG_CLAMP_LO(x, has_lo, lo) ((has_lo) && (x) < (lo) ? (lo) : (x))
#define CG_CLAMP(x, has_lo, lo, has_hi, hi) \
    ((has_hi) && CG_CLAMP_LO(x, has_lo, lo) > (hi) ? (hi) : CG_CLAMP_LO(x, has_lo, lo))

/* relu keeps nan and -0.; sign takes nan to 0 (both as PyTorch); leaky_relu
 * gives x == 0 the slope side */
#define CG_RELU(x) ((x) < 0 ? 0 : (x))
#define CG_SIGN(x) ((0 < (x)) - ((x) < 0))
#define CG_LEAKY_RELU(x, slope) ((x) > 0 ? (x) : (x) * (slope))
/* relu's backward, threshold_backward(grad, self x, threshold): PyTorch's
 * comparison, so that a nan x lets the gradient through */
#define CG_THRESHOLD_BACKWARD(grad, x, th) ((x) <= (th) ? 0 : (grad))

/* range mask's comparison k (a cg_cmp of ops_unary.h) of x with y; true
 * for CG_CMP_NONE, an absent bound */
#define CG_CMP_HOLDS(k, x, y)                                                                  \
    ((k) == CG_CMP_NONE || ((k) == CG_CMP_GT && (x) > (y)) || ((k) == CG_CMP_GE && (x) >= (y)) \
     || ((k) == CG_CMP_LT && (x) < (y)) || ((k) == CG_CMP_LE && (x) <= (y)))

/* ---- per-op expressions ------------------------------------------------------------ */
/* Each backend expands these lists with its own kernel macro (ops_unary.c
 * and cuda_unary.cu, ops_compare.c and cuda_compare.cu), so that adding
 * such an op writes its expression once. */

/* X(op, float32 expression in x, float64 expression in x). The CPU takes
 * the exactly rounded ones from here and computes the others as PyTorch's
 * AVX2 kernels do (SLEEF, Note [PyTorch's vector and scalar paths] in
 * ops_unary.c); the device takes all of them. */
#define CG_FLOAT_UNARY_EXACT_OPS(X)          \
    X(sqrt, sqrtf(x), sqrt(x))               \
    X(rsqrt, 1.0f / sqrtf(x), 1.0 / sqrt(x)) \
    X(reciprocal, 1.0f / x, 1.0 / x)
#define CG_FLOAT_UNARY_OPS(X)                         \
    CG_FLOAT_UNARY_EXACT_OPS(X)                       \
    X(exp, cg_expf(x), exp(x))                        \
    X(log, cg_logf(x), log(x))                        \
    X(log1p, cg_log1pf(x), log1p(x))                  \
    X(sin, sinf(x), sin(x))                           \
    X(cos, cosf(x), cos(x))                           \
    X(tanh, cg_tanhf(x), tanh(x))                     \
    X(sigmoid, cg_sigmoidf(x), 1.0 / (1.0 + exp(-x))) \
    X(erf, cg_erff(x), erf(x))                        \
    X(cosh, coshf(x), cosh(x))                        \
    X(sinh, sinhf(x), sinh(x))                        \
    X(tan, tanf(x), tan(x)) \
    X(asin, asinf(x), asin(x)) \
    X(acos, acosf(x), acos(x)) \
    X(atan, atanf(x), atan(x)) \
    X(expm1, expm1f(x), expm1(x)) \
    X(log2, log2f(x), log2(x)) \
    X(log10, log10f(x), log10(x)) \
    X(erfc, erfcf(x), erfc(x)) \
    CG_FLOAT_UNARY_LIBM_OPS(X)
/* the float ops PyTorch's CPU kernels compute with libm's scalar
 * functions on every element */
#define CG_FLOAT_UNARY_LIBM_OPS(X) \
    X(exp2, exp2f(x), exp2(x)) \
    X(asinh, asinhf(x), asinh(x)) \
    X(acosh, acoshf(x), acosh(x)) \
    X(atanh, atanhf(x), atanh(x))

/* X(op, bool expression in a and b of the promoted dtype) */
#define CG_COMPARE_OPS(X)                \
    X(eq, a == b)                        \
    X(ne, a != b)                        \
    X(lt, a < b)                         \
    X(le, a <= b)                        \
    X(gt, a > b)                         \
    X(ge, a >= b)                        \
    X(logical_and, (a != 0) && (b != 0)) \
    X(logical_or, (a != 0) || (b != 0))  \
    X(logical_xor, (a != 0) != (b != 0))

/* X(op, expression over integers a and b, expression over bools) */
#define CG_BITWISE_OPS(X)        \
    X(bitwise_and, a &b, a &&b)  \
    X(bitwise_or, a | b, a || b) \
    X(bitwise_xor, a ^ b, a != b)

#endif
