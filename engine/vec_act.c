/* vec_act.c: vec_act.h's vector lambdas over SLEEF's AVX2 entry points,
 * operation for operation as PyTorch's Activation.cpp writes them. GCC
 * contracted a multiply feeding an add into one FMA when it built
 * PyTorch's AVX2 kernels (silu's and mish's derivatives, log_sigmoid's);
 * -std=c11 code fuses nothing unless told, so those FMAs are written out
 * and every other operation rounds on its own. Compiled with -mavx2 -mfma
 * (Makefile); callers check cg_vec_math_available() first. */
#include "vec_act.h"

#include <immintrin.h>
#include <sleef.h>
#include <string.h>

/* One body per element type: T the element, V its vector, P the
 * intrinsics' suffix, W the lanes, and SLEEF's exp, log1p and tanh. */
#define ACT_VEC(SUF, T, V, P, W, EXP, LOG1P, TANH)                                                                 \
    static inline V set_##SUF(T v) { return _mm256_set1_##P(v); }                                                  \
    static inline V neg_##SUF(V x) { return _mm256_xor_##P(set_##SUF((T)-0.0), x); }                               \
    static inline V gt_##SUF(V a, V b) { return _mm256_cmp_##P(a, b, _CMP_GT_OQ); }                                \
    /* 1 / (1 + exp(-x)), as silu's, mish's and glu's lambdas compute it */                                        \
    static inline V sigmoid_##SUF(V x) {                                                                           \
        return _mm256_div_##P(set_##SUF(1), _mm256_add_##P(set_##SUF(1), EXP(neg_##SUF(x))));                      \
    }                                                                                                              \
    static V forward_##SUF(cg_act f, const T *k, V x) {                                                            \
        switch (f) {                                                                                               \
        case CG_ACT_ELU:                                                                                           \
        case CG_ACT_ELU_RESULT: {                                                                                  \
            V neg = _mm256_mul_##P(_mm256_sub_##P(EXP(_mm256_mul_##P(x, set_##SUF(k[1]))), set_##SUF(1)),          \
                                   set_##SUF(k[0]));                                                               \
            return _mm256_blendv_##P(neg, _mm256_mul_##P(x, set_##SUF(k[2])), gt_##SUF(x, _mm256_setzero_##P()));  \
        }                                                                                                          \
        case CG_ACT_SILU:                                                                                          \
            return _mm256_div_##P(x, _mm256_add_##P(set_##SUF(1), EXP(neg_##SUF(x))));                             \
        case CG_ACT_MISH: return _mm256_mul_##P(x, TANH(LOG1P(EXP(x))));                                           \
        case CG_ACT_SOFTPLUS: {                                                                                    \
            V xb = _mm256_mul_##P(x, set_##SUF(k[0]));                                                             \
            V soft = _mm256_div_##P(LOG1P(EXP(xb)), set_##SUF(k[0]));                                              \
            return _mm256_blendv_##P(soft, x, gt_##SUF(xb, set_##SUF(k[1])));                                      \
        }                                                                                                          \
        default: return x;                                                                                         \
        }                                                                                                          \
    }                                                                                                              \
    static V backward_##SUF(cg_act f, const T *k, V dy, V x) {                                                     \
        V one = set_##SUF(1);                                                                                      \
        switch (f) {                                                                                               \
        case CG_ACT_ELU: {                                                                                         \
            V neg = _mm256_mul_##P(_mm256_mul_##P(_mm256_mul_##P(dy, set_##SUF(k[1])), set_##SUF(k[0])),           \
                                   EXP(_mm256_mul_##P(x, set_##SUF(k[1]))));                                       \
            return _mm256_blendv_##P(neg, _mm256_mul_##P(dy, set_##SUF(k[2])), gt_##SUF(x, _mm256_setzero_##P())); \
        }                                                                                                          \
        case CG_ACT_ELU_RESULT: {                                                                                  \
            V neg = _mm256_mul_##P(_mm256_mul_##P(dy, set_##SUF(k[1])), _mm256_add_##P(x, set_##SUF(k[0])));       \
            return _mm256_blendv_##P(neg, _mm256_mul_##P(dy, set_##SUF(k[2])), gt_##SUF(x, _mm256_setzero_##P())); \
        }                                                                                                          \
        case CG_ACT_SILU: {                                                                                        \
            V s = sigmoid_##SUF(x);                                                                                \
            return _mm256_mul_##P(_mm256_mul_##P(dy, s), _mm256_fmadd_##P(x, _mm256_sub_##P(one, s), one));       \
        }                                                                                                          \
        case CG_ACT_MISH: {                                                                                        \
            V s = sigmoid_##SUF(x), t = TANH(LOG1P(EXP(x)));                                                       \
            V inner = _mm256_fmadd_##P(_mm256_mul_##P(x, s), _mm256_fnmadd_##P(t, t, one), t);                     \
            return _mm256_mul_##P(dy, inner);                                                                      \
        }                                                                                                          \
        case CG_ACT_SOFTPLUS: {                                                                                    \
            V xb = _mm256_mul_##P(x, set_##SUF(k[0]));                                                             \
            V z = EXP(xb);                                                                                         \
            V soft = _mm256_div_##P(_mm256_mul_##P(dy, z), _mm256_add_##P(z, one));                                \
            return _mm256_blendv_##P(soft, dy, gt_##SUF(xb, set_##SUF(k[1])));                                     \
        }                                                                                                          \
        case CG_ACT_GLU: return _mm256_mul_##P(dy, sigmoid_##SUF(x));                                              \
        default: return dy;                                                                                        \
        }                                                                                                          \
    }                                                                                                              \
    void cg_vec_act_##SUF(cg_act f, const T *k, T *out, const T *in, int64_t n) {                                  \
        for (int64_t i = 0; i < n; i += W)                                                                         \
            _mm256_storeu_##P(out + i, forward_##SUF(f, k, _mm256_loadu_##P(in + i)));                             \
    }                                                                                                              \
    void cg_vec_act_backward_##SUF(cg_act f, const T *k, T *out, const T *dy, int64_t dys, const T *x, int64_t xs, \
                                   int64_t n) {                                                                    \
        for (int64_t i = 0; i < n; i += W) {                                                                       \
            V d = dys ? _mm256_loadu_##P(dy + i) : set_##SUF(*dy);                                                 \
            V v = xs ? _mm256_loadu_##P(x + i) : set_##SUF(*x);                                                    \
            _mm256_storeu_##P(out + i, backward_##SUF(f, k, d, v));                                                \
        }                                                                                                          \
    }                                                                                                              \
    /* min(x, 0) with minimum's NaN rule (a NaN operand gives NaN) */                                              \
    static inline V minimum0_##SUF(V x) {                                                                          \
        V z = _mm256_setzero_##P();                                                                                \
        return _mm256_or_##P(_mm256_min_##P(x, z), _mm256_cmp_##P(x, z, _CMP_UNORD_Q));                           \
    }                                                                                                              \
    static void log_sigmoid_vec_##SUF(T *out, T *buffer, const T *in) {                                           \
        V x = _mm256_loadu_##P(in);                                                                                \
        V abs = _mm256_andnot_##P(set_##SUF((T)-0.0), x);                                                          \
        V b = EXP(neg_##SUF(abs));                                                                                 \
        _mm256_storeu_##P(buffer, b);                                                                              \
        _mm256_storeu_##P(out, _mm256_sub_##P(minimum0_##SUF(x), LOG1P(b)));                                       \
    }                                                                                                              \
    void cg_vec_log_sigmoid_##SUF(T *out, T *buffer, const T *in, int64_t n) {                                     \
        int64_t i = 0;                                                                                             \
        for (; i + W <= n; i += W)                                                                                 \
            log_sigmoid_vec_##SUF(out + i, buffer + i, in + i);                                                    \
        if (i < n) {                                                                                               \
            T x[W] = {0}, o[W], b[W];                                                                              \
            memcpy(x, in + i, (size_t)(n - i) * sizeof(T));                                                        \
            log_sigmoid_vec_##SUF(o, b, x);                                                                        \
            memcpy(out + i, o, (size_t)(n - i) * sizeof(T));                                                       \
            memcpy(buffer + i, b, (size_t)(n - i) * sizeof(T));                                                    \
        }                                                                                                          \
    }                                                                                                              \
    void cg_vec_log_sigmoid_backward_##SUF(T *out, const T *a, const T *b, const T *c, int64_t n) {                \
        V one = set_##SUF(1), zero = _mm256_setzero_##P();                                                         \
        for (int64_t i = 0; i < n; i += W) {                                                                       \
            V va = _mm256_loadu_##P(a + i), vb = _mm256_loadu_##P(b + i), vc = _mm256_loadu_##P(c + i);            \
            V neg = _mm256_cmp_##P(va, zero, _CMP_LT_OQ);                                                          \
            V max_deriv = _mm256_blendv_##P(zero, one, neg);                                                       \
            V sign = _mm256_blendv_##P(neg_##SUF(one), one, neg);                                                  \
            V q = _mm256_div_##P(vb, _mm256_add_##P(one, vb));                                                     \
            _mm256_storeu_##P(out + i, _mm256_mul_##P(_mm256_fnmadd_##P(sign, q, max_deriv), vc));                 \
        }                                                                                                          \
    }

ACT_VEC(f32, float, __m256, ps, 8, Sleef_expf8_u10, Sleef_log1pf8_u10, Sleef_tanhf8_u10)
ACT_VEC(f64, double, __m256d, pd, 4, Sleef_expd4_u10, Sleef_log1pd4_u10, Sleef_tanhd4_u10)
