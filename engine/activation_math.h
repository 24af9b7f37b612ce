/* activation_math.h: the scalar formulas of the activations and of their
 * backward kernels, each as PyTorch 1.13's scalar lambda writes it (its
 * order of operations, its constants rounded to T), one text compiled as C
 * for the CPU and as C++ for the device (Note [Float32 math on each side]
 * in scalar_math.h). `fused`: where GCC contracted a multiply and an add of
 * the lambda into one FMA in PyTorch's AVX2 build, as vec_act.c's vector
 * forms do; false for its DEFAULT build. The k arrays are vec_act.h's.
 * Not here: the vector forms (vec_act.c) and which elements take which. */
#ifndef CG_ACTIVATION_MATH_H
#define CG_ACTIVATION_MATH_H

#include "scalar_math.h"

/* One set per type: SUF its suffix, T the type, and the libm (or CUDA)
 * functions of that type. */
#define CG_ACTIVATION_MATH(SUF, T, EXP, LOG1P, TANH, FMA)                                               \
    /* elu: k = negcoef, negiptcoef, poscoef */                                                         \
    CG_HOST_DEVICE T cg_elu_##SUF(T x, const T *k) {                                                     \
        return x <= (T)0 ? (EXP(x * k[1]) - (T)1) * k[0] : x * k[2];                                     \
    }                                                                                                   \
    CG_HOST_DEVICE T cg_elu_backward_##SUF(T dy, T x, const T *k, bool is_result) {                      \
        if (is_result)                                                                                  \
            return x <= (T)0 ? dy * k[1] * (x + k[0]) : dy * k[2];                                       \
        return x <= (T)0 ? dy * k[1] * k[0] * EXP(x * k[1]) : dy * k[2];                                \
    }                                                                                                   \
    CG_HOST_DEVICE T cg_silu_##SUF(T x) { return x / ((T)1 + EXP(-x)); }                                 \
    CG_HOST_DEVICE T cg_silu_backward_##SUF(T dy, T x, bool fused) {                                     \
        T s = (T)1 / ((T)1 + EXP(-x));                                                                   \
        return dy * s * (fused ? FMA(x, (T)1 - s, (T)1) : (T)1 + x * ((T)1 - s));                        \
    }                                                                                                   \
    CG_HOST_DEVICE T cg_mish_##SUF(T x) { return x * TANH(LOG1P(EXP(x))); }                              \
    CG_HOST_DEVICE T cg_mish_backward_##SUF(T dy, T x, bool fused) {                                     \
        T s = (T)1 / ((T)1 + EXP(-x)), t = TANH(LOG1P(EXP(x)));                                          \
        return dy * (fused ? FMA(x * s, FMA(-t, t, (T)1), t) : t + x * s * ((T)1 - t * t));              \
    }                                                                                                   \
    /* softplus: k = beta, threshold */                                                                 \
    CG_HOST_DEVICE T cg_softplus_##SUF(T x, const T *k) {                                                \
        return x * k[0] > k[1] ? x : LOG1P(EXP(x * k[0])) / k[0];                                        \
    }                                                                                                   \
    CG_HOST_DEVICE T cg_softplus_backward_##SUF(T dy, T x, const T *k) {                                 \
        T z = EXP(x * k[0]);                                                                             \
        return x * k[0] > k[1] ? dy : dy * z / (z + (T)1);                                               \
    }                                                                                                   \
    /* glu's halves: a * sigmoid(b) */                                                                  \
    CG_HOST_DEVICE T cg_glu_##SUF(T a, T b) { return a * ((T)1 / ((T)1 + EXP(-b))); }                     \
    /* log_sigmoid_backward(self a, buffer b, grad c) */                                                \
    CG_HOST_DEVICE T cg_log_sigmoid_backward_##SUF(T a, T b, T c, bool fused) {                          \
        T max_deriv = a < (T)0 ? (T)1 : (T)0, sign = a < (T)0 ? (T)1 : (T)-1, q = b / ((T)1 + b);         \
        return (fused ? FMA(-sign, q, max_deriv) : max_deriv - sign * q) * c;                            \
    }

/* std::min(std::max(x + 3, 0), 6), NaN staying NaN as there */
#define CG_RELU6_OF_X3(T, x) ((T)6 < ((x) + (T)3 < (T)0 ? (T)0 : (x) + (T)3) ? (T)6 : ((x) + (T)3 < (T)0 ? (T)0 : (x) + (T)3))
#define CG_HARDSIGMOID(T, x) (CG_RELU6_OF_X3(T, x) / (T)6)
#define CG_HARDSWISH(T, x) ((x) * CG_RELU6_OF_X3(T, x) / (T)6)
/* PyTorch's one_sixth is 1.0f / 6.0f, a float even for double */
#define CG_HARDSIGMOID_BACKWARD(T, g, x) ((x) > (T)-3 && (x) < (T)3 ? (g) * (T)(1.0f / 6.0f) : (T)0)
#define CG_HARDSWISH_BACKWARD(T, g, x) \
    ((x) < (T)-3 ? (T)0 : (x) <= (T)3 ? (g) * (((x) / (T)3) + (T)0.5) : (g))
#define CG_SOFTSHRINK(T, x, l) ((x) > (l) ? (x) - (l) : (x) < -(l) ? (x) + (l) : (T)0)
#define CG_HARDSHRINK(T, x, l) ((x) >= -(l) && (x) <= (l) ? (T)0 : (x))
#define CG_SHRINK_BACKWARD(T, g, x, l) ((x) >= -(l) && (x) <= (l) ? (T)0 : (g))
#define CG_HARDTANH_BACKWARD(T, g, x, lo, hi) ((x) <= (lo) || (x) >= (hi) ? (T)0 : (g))
#define CG_THRESHOLD(x, th, v) ((x) <= (th) ? (v) : (x))
#define CG_PRELU(x, w) ((x) > 0 ? (x) : (w) * (x))
/* rrelu_with_noise: x * noise in training (noise 1 where x > 0), else
 * leaky_relu with the mean slope */
#define CG_RRELU(x, noise, training, slope) ((training) ? (x) * (noise) : (x) > 0 ? (x) : (x) * (slope))

#endif
