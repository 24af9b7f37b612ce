/* vec_math.c: vec_math.h's functions over SLEEF's AVX2 entry points.
 * Compiled with -mavx2 -mfma (Makefile): callers check
 * cg_vec_math_available() (vec_math_cpu.c) first. The expressions of
 * sigmoid and gelu are PyTorch's vector lambdas, operation for operation,
 * each a separate rounding except where GCC fused PyTorch's multiply and
 * add into an FMA (gelu's tanh form, as its outputs show): -std=c11 code
 * fuses nothing unless told, so the FMAs here are written out. */
#include "vec_math.h"

#include <immintrin.h>
#include <math.h>
#include <sleef.h>
#include <string.h>

/* gelu's constants as PyTorch rounds them to float and double */
#define GELU_ALPHA 0.70710678118654752440 /* M_SQRT1_2 */
#define GELU_BETA (1.41421356237309504880 * 1.12837916709551257390 * 0.5)
#define GELU_KAPPA 0.044715

static __m256 sigmoid8(__m256 x) {
    __m256 one = _mm256_set1_ps(1.0f);
    __m256 e = Sleef_expf8_u10(_mm256_sub_ps(_mm256_setzero_ps(), x));
    return _mm256_div_ps(one, _mm256_add_ps(e, one));
}
static __m256d sigmoid4(__m256d x) {
    __m256d one = _mm256_set1_pd(1.0);
    __m256d e = Sleef_expd4_u10(_mm256_sub_pd(_mm256_setzero_pd(), x));
    return _mm256_div_pd(one, _mm256_add_pd(e, one));
}

static __m256 gelu_erf8(__m256 x) {
    __m256 t = Sleef_erff8_u10(_mm256_mul_ps(x, _mm256_set1_ps((float)GELU_ALPHA)));
    __m256 half_x = _mm256_mul_ps(x, _mm256_set1_ps(0.5f));
    return _mm256_mul_ps(half_x, _mm256_add_ps(_mm256_set1_ps(1.0f), t));
}
static __m256d gelu_erf4(__m256d x) {
    __m256d t = Sleef_erfd4_u10(_mm256_mul_pd(x, _mm256_set1_pd(GELU_ALPHA)));
    __m256d half_x = _mm256_mul_pd(x, _mm256_set1_pd(0.5));
    return _mm256_mul_pd(half_x, _mm256_add_pd(_mm256_set1_pd(1.0), t));
}

static __m256 gelu_tanh8(__m256 x) {
    __m256 cube = _mm256_mul_ps(_mm256_mul_ps(x, x), x);
    __m256 inner = _mm256_fmadd_ps(_mm256_set1_ps((float)GELU_KAPPA), cube, x);
    __m256 t = Sleef_tanhf8_u10(_mm256_mul_ps(_mm256_set1_ps((float)GELU_BETA), inner));
    __m256 half_x = _mm256_mul_ps(_mm256_set1_ps(0.5f), x);
    return _mm256_mul_ps(half_x, _mm256_add_ps(_mm256_set1_ps(1.0f), t));
}
static __m256d gelu_tanh4(__m256d x) {
    __m256d cube = _mm256_mul_pd(_mm256_mul_pd(x, x), x);
    __m256d inner = _mm256_fmadd_pd(_mm256_set1_pd(GELU_KAPPA), cube, x);
    __m256d t = Sleef_tanhd4_u10(_mm256_mul_pd(_mm256_set1_pd(GELU_BETA), inner));
    __m256d half_x = _mm256_mul_pd(_mm256_set1_pd(0.5), x);
    return _mm256_mul_pd(half_x, _mm256_add_pd(_mm256_set1_pd(1.0), t));
}

/* The map loop for one function of one type: whole vectors, then the
 * zero-padded rest. The switch in the callers picks the function once. */
#define VEC_MAP(name, T, V, W, LOADU, STOREU, SETZERO, FN)         \
    static void name(T *out, const T *in, int64_t n) {             \
        int64_t i = 0;                                             \
        for (; i + W <= n; i += W)                                 \
            STOREU(out + i, FN(LOADU(in + i)));                    \
        if (i < n) {                                               \
            T tmp[W];                                              \
            STOREU(tmp, SETZERO());                                \
            memcpy(tmp, in + i, (size_t)(n - i) * sizeof(T));      \
            STOREU(tmp, FN(LOADU(tmp)));                           \
            memcpy(out + i, tmp, (size_t)(n - i) * sizeof(T));     \
        }                                                          \
    }
#define MAP_F32(name, FN) VEC_MAP(name, float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_setzero_ps, FN)
#define MAP_F64(name, FN) VEC_MAP(name, double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_setzero_pd, FN)

/* X(enum, float function, double function) */
#define VEC_FNS(X)                                        \
    X(CG_VEC_EXP, Sleef_expf8_u10, Sleef_expd4_u10)       \
    X(CG_VEC_LOG, Sleef_logf8_u10, Sleef_logd4_u10)       \
    X(CG_VEC_LOG1P, Sleef_log1pf8_u10, Sleef_log1pd4_u10) \
    X(CG_VEC_SIN, Sleef_sinf8_u10, Sleef_sind4_u10)       \
    X(CG_VEC_COS, Sleef_cosf8_u10, Sleef_cosd4_u10)       \
    X(CG_VEC_TANH, Sleef_tanhf8_u10, Sleef_tanhd4_u10)    \
    X(CG_VEC_ERF, Sleef_erff8_u10, Sleef_erfd4_u10)       \
    X(CG_VEC_COSH, Sleef_coshf8_u10, Sleef_coshd4_u10)    \
    X(CG_VEC_SINH, Sleef_sinhf8_u10, Sleef_sinhd4_u10)    \
    X(CG_VEC_TAN, Sleef_tanf8_u10, Sleef_tand4_u10) \
    X(CG_VEC_ASIN, Sleef_asinf8_u10, Sleef_asind4_u10) \
    X(CG_VEC_ACOS, Sleef_acosf8_u10, Sleef_acosd4_u10) \
    X(CG_VEC_ATAN, Sleef_atanf8_u10, Sleef_atand4_u10) \
    X(CG_VEC_EXPM1, Sleef_expm1f8_u10, Sleef_expm1d4_u10) \
    X(CG_VEC_LOG2, Sleef_log2f8_u10, Sleef_log2d4_u10) \
    X(CG_VEC_LOG10, Sleef_log10f8_u10, Sleef_log10d4_u10) \
    X(CG_VEC_ERFC, Sleef_erfcf8_u15, Sleef_erfcd4_u15) \
    X(CG_VEC_SIGMOID, sigmoid8, sigmoid4)                 \
    X(CG_VEC_GELU_ERF, gelu_erf8, gelu_erf4)              \
    X(CG_VEC_GELU_TANH, gelu_tanh8, gelu_tanh4)            \
    X(CG_VEC_LGAMMA, Sleef_lgammaf8_u10, Sleef_lgammad4_u10)

#define MAKE_MAPS(e, f32, f64) MAP_F32(map_##f32, f32) MAP_F64(map_##f64, f64)
VEC_FNS(MAKE_MAPS)

void cg_vec_map_f32(cg_vec_fn f, float *out, const float *in, int64_t n) {
#define CASE_F32(e, f32, f64) \
    case e: map_##f32(out, in, n); return;
    switch (f) { VEC_FNS(CASE_F32) }
}

void cg_vec_map_f64(cg_vec_fn f, double *out, const double *in, int64_t n) {
#define CASE_F64(e, f32, f64) \
    case e: map_##f64(out, in, n); return;
    switch (f) { VEC_FNS(CASE_F64) }
}

void cg_vec_tanh_backward_f32(float *out, const float *a, const float *b, int64_t n) {
#pragma omp simd
    for (int64_t i = 0; i < n; i++)
        out[i] = a[i] * fmaf(-b[i], b[i], 1.0f);
}
void cg_vec_tanh_backward_f64(double *out, const double *a, const double *b, int64_t n) {
#pragma omp simd
    for (int64_t i = 0; i < n; i++)
        out[i] = a[i] * fma(-b[i], b[i], 1.0);
}

/* gelu_backward's vector lambdas, operation for operation: the tanh form
 * with kKappa * x^3 + x, 1 - t * t, 1 + 3 kKappa x^2 and the final sum
 * fused, the erf form with cdf + x * pdf fused. T, V, P: the element type,
 * its vector and the intrinsics' suffix. */
#define GELU_BACKWARD_VEC(SUF, T, V, P, W, TANH, ERF, EXP)                                                          \
    static V gelu_backward_tanh_##SUF(V dy, V x) {                                                                  \
        V half = _mm256_set1_##P((T)0.5), one = _mm256_set1_##P((T)1), beta = _mm256_set1_##P((T)GELU_BETA);        \
        V x_sq = _mm256_mul_##P(x, x);                                                                              \
        V x_cube = _mm256_mul_##P(x_sq, x);                                                                         \
        V inner = _mm256_mul_##P(beta, _mm256_fmadd_##P(_mm256_set1_##P((T)GELU_KAPPA), x_cube, x));                \
        V t = TANH(inner);                                                                                          \
        V left = _mm256_mul_##P(half, x), right = _mm256_add_##P(one, t);                                           \
        V tanh_derivative = _mm256_fnmadd_##P(t, t, one);                                                           \
        V k3 = _mm256_set1_##P((T)3 * (T)GELU_KAPPA);                                                               \
        V inner_derivative = _mm256_mul_##P(beta, _mm256_fmadd_##P(k3, x_sq, one));                                 \
        V right_derivative = _mm256_mul_##P(_mm256_mul_##P(left, tanh_derivative), inner_derivative);               \
        return _mm256_mul_##P(dy, _mm256_fmadd_##P(half, right, right_derivative));                                 \
    }                                                                                                               \
    static V gelu_backward_erf_##SUF(V dy, V x) {                                                                   \
        V alpha = _mm256_set1_##P((T)GELU_ALPHA), beta = _mm256_set1_##P((T)(M_2_SQRTPI * GELU_ALPHA * 0.5));       \
        V cdf = _mm256_mul_##P(_mm256_set1_##P((T)0.5),                                                             \
                               _mm256_add_##P(_mm256_set1_##P((T)1), ERF(_mm256_mul_##P(x, alpha))));               \
        V pdf = _mm256_mul_##P(beta, EXP(_mm256_mul_##P(_mm256_mul_##P(x, x), _mm256_set1_##P((T)-0.5))));          \
        return _mm256_mul_##P(dy, _mm256_fmadd_##P(x, pdf, cdf));                                                   \
    }                                                                                                               \
    void cg_vec_gelu_backward_##SUF(bool tanh_form, T *out, const T *dy, int64_t dys, const T *x, int64_t xs,       \
                                    int64_t n) {                                                                    \
        for (int64_t i = 0; i < n; i += W) {                                                                        \
            V d = dys ? _mm256_loadu_##P(dy + i) : _mm256_set1_##P(*dy);                                            \
            V v = xs ? _mm256_loadu_##P(x + i) : _mm256_set1_##P(*x);                                               \
            _mm256_storeu_##P(out + i, tanh_form ? gelu_backward_tanh_##SUF(d, v) : gelu_backward_erf_##SUF(d, v)); \
        }                                                                                                           \
    }
GELU_BACKWARD_VEC(f32, float, __m256, ps, CG_VEC_F32, Sleef_tanhf8_u10, Sleef_erff8_u10, Sleef_expf8_u10)
GELU_BACKWARD_VEC(f64, double, __m256d, pd, CG_VEC_F64, Sleef_tanhd4_u10, Sleef_erfd4_u10, Sleef_expd4_u10)

void cg_vec_pow_f32(float *out, const float *a, int64_t as, const float *b, int64_t bs, int64_t n) {
    for (int64_t i = 0; i + CG_VEC_F32 <= n; i += CG_VEC_F32) {
        __m256 va = as ? _mm256_loadu_ps(a + i) : _mm256_set1_ps(*a);
        __m256 vb = bs ? _mm256_loadu_ps(b + i) : _mm256_set1_ps(*b);
        _mm256_storeu_ps(out + i, Sleef_powf8_u10(va, vb));
    }
}
void cg_vec_pow_f64(double *out, const double *a, int64_t as, const double *b, int64_t bs, int64_t n) {
    for (int64_t i = 0; i + CG_VEC_F64 <= n; i += CG_VEC_F64) {
        __m256d va = as ? _mm256_loadu_pd(a + i) : _mm256_set1_pd(*a);
        __m256d vb = bs ? _mm256_loadu_pd(b + i) : _mm256_set1_pd(*b);
        _mm256_storeu_pd(out + i, Sleef_powd4_u10(va, vb));
    }
}

void cg_vec_fma_f32(float *out, const float *a, const float *b, const float *c, int64_t n) {
#pragma omp simd
    for (int64_t i = 0; i < n; i++)
        out[i] = fmaf(a[i], b[i], c[i]);
}
void cg_vec_fma_f64(double *out, const double *a, const double *b, const double *c, int64_t n) {
#pragma omp simd
    for (int64_t i = 0; i < n; i++)
        out[i] = fma(a[i], b[i], c[i]);
}

void cg_vec_exp_f32(float *out, const float *in) { _mm256_storeu_ps(out, Sleef_expf8_u10(_mm256_loadu_ps(in))); }
void cg_vec_log_f32(float *out, const float *in) { _mm256_storeu_ps(out, Sleef_logf8_u10(_mm256_loadu_ps(in))); }
void cg_vec_exp_f64(double *out, const double *in) { _mm256_storeu_pd(out, Sleef_expd4_u10(_mm256_loadu_pd(in))); }
void cg_vec_log_f64(double *out, const double *in) { _mm256_storeu_pd(out, Sleef_logd4_u10(_mm256_loadu_pd(in))); }

static __m256 pow2f8(__m256 x) { return Sleef_powf8_u10(_mm256_set1_ps(2.0f), x); }
static __m256d pow2d4(__m256d x) { return Sleef_powd4_u10(_mm256_set1_pd(2.0), x); }

/* logaddexp's and logaddexp2's vector lambdas, operation for operation:
 * maximum propagates NaN; the result is a where a == b and |a| is inf. */
#define LOGADDEXP_VEC(SUF, T, V, P, EXPF, LOG, LOG1P, TWO)                                                      \
    static V logaddexp##TWO##_##SUF(V a, V b) {                                                            \
        V sign = _mm256_set1_##P((T)-0.0);                                                                 \
        V m = _mm256_or_##P(_mm256_max_##P(a, b), _mm256_cmp_##P(a, b, _CMP_UNORD_Q));                    \
        V d = _mm256_xor_##P(_mm256_andnot_##P(sign, _mm256_sub_##P(a, b)), sign);                         \
        V l = LOGADDEXP_L##TWO(P, T, LOG, LOG1P, EXPF(d));                                                                              \
        V r = LOGADDEXP_TAIL##TWO(P, T, m, l);                                                             \
        V inf = _mm256_set1_##P((T)INFINITY);                                                              \
        V both = _mm256_and_##P(_mm256_cmp_##P(a, b, _CMP_EQ_OQ),                                          \
                                _mm256_cmp_##P(_mm256_andnot_##P(sign, a), inf, _CMP_EQ_OQ));              \
        return _mm256_blendv_##P(r, a, both);                                                              \
    }
#define LOGADDEXP_L(P, T, LOG, LOG1P, e) LOG(_mm256_add_##P(_mm256_set1_##P((T)1), e))
#define LOGADDEXP_L2(P, T, LOG, LOG1P, e) LOG1P(_mm256_add_##P(_mm256_set1_##P((T)1), e))
#define LOGADDEXP_TAIL(P, T, m, l) _mm256_add_##P(m, l)
#define LOGADDEXP_TAIL2(P, T, m, l) _mm256_add_##P(m, l)
LOGADDEXP_VEC(f32, float, __m256, ps, Sleef_expf8_u10, Sleef_logf8_u10, Sleef_log1pf8_u10, )
LOGADDEXP_VEC(f64, double, __m256d, pd, Sleef_expd4_u10, Sleef_logd4_u10, Sleef_log1pd4_u10, )
LOGADDEXP_VEC(f32, float, __m256, ps, pow2f8, Sleef_logf8_u10, Sleef_log2f8_u10, 2)
LOGADDEXP_VEC(f64, double, __m256d, pd, pow2d4, Sleef_logd4_u10, Sleef_log2d4_u10, 2)

#define MAP2(SUF, T, V, P, W, ATAN2, HYPOT)                                                                  \
    void cg_vec_map2_##SUF(cg_vec_fn2 f, T *out, const T *a, int64_t as, const T *b, int64_t bs, int64_t n) { \
        for (int64_t i = 0; i + W <= n; i += W) {                                                            \
            V va = as ? _mm256_loadu_##P(a + i) : _mm256_set1_##P(*a);                                       \
            V vb = bs ? _mm256_loadu_##P(b + i) : _mm256_set1_##P(*b);                                       \
            V r;                                                                                             \
            switch (f) {                                                                                     \
            case CG_VEC2_ATAN2: r = ATAN2(va, vb); break;                                                    \
            case CG_VEC2_HYPOT: r = HYPOT(va, vb); break;                                                    \
            case CG_VEC2_LOGADDEXP: r = logaddexp_##SUF(va, vb); break;                                      \
            default: r = logaddexp2_##SUF(va, vb); break;                                                    \
            }                                                                                                \
            _mm256_storeu_##P(out + i, r);                                                                   \
        }                                                                                                    \
    }
MAP2(f32, float, __m256, ps, CG_VEC_F32, Sleef_atan2f8_u10, Sleef_hypotf8_u05)
MAP2(f64, double, __m256d, pd, CG_VEC_F64, Sleef_atan2d4_u10, Sleef_hypotd4_u05)

/* logit: (x / (1 - x)).log(), x clamped as vec::clamp (min(hi, max(lo, x))) */
#define LOGIT_VEC(SUF, T, V, P, W, LOG)                                                                  \
    void cg_vec_logit_##SUF(T *out, const T *in, int64_t n, bool clamp, T lo, T hi) {                 \
        for (int64_t i = 0; i + W <= n; i += W) {                                                     \
            V x = _mm256_loadu_##P(in + i), one = _mm256_set1_##P((T)1); \
            if (clamp)                                                                                \
                x = _mm256_min_##P(_mm256_set1_##P(hi), _mm256_max_##P(_mm256_set1_##P(lo), x));     \
            _mm256_storeu_##P(out + i, LOG(_mm256_div_##P(x, _mm256_sub_##P(one, x))));               \
        }                                                                                             \
    }
LOGIT_VEC(f32, float, __m256, ps, CG_VEC_F32, Sleef_logf8_u10)
LOGIT_VEC(f64, double, __m256d, pd, CG_VEC_F64, Sleef_logd4_u10)
