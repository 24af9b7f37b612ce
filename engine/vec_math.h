/* vec_math.h: PyTorch 1.13's vectorised float math on AVX2, for kernels
 * that must give PyTorch's bits: what its Vectorized<float> (8 lanes) and
 * Vectorized<double> (4 lanes) methods compute with SLEEF (the library
 * PyTorch's CPU kernels link) on a CPU where PyTorch reports "CPU
 * capability usage: AVX2". Not here: the choice of which elements take
 * these and which take libm's scalar functions (Note [PyTorch's vector and
 * scalar paths] in ops_unary.c), and machines without AVX2, where PyTorch's
 * DEFAULT capability computes with libm and so do cgrad's callers: every
 * function below may be called only when cg_vec_math_available().
 *
 * vec_math.c is compiled with -mavx2 -mfma and holds nothing else, so that
 * no AVX instruction runs before the check. */
#ifndef CG_VEC_MATH_H
#define CG_VEC_MATH_H

#include <stdbool.h>
#include <stdint.h>

/* lanes of Vectorized<float> and Vectorized<double> under AVX2 */
#define CG_VEC_F32 8
#define CG_VEC_F64 4

/* The CPU has AVX2 and FMA, the features of PyTorch's AVX2 capability
 * (decided once). CGRAD_CPU_CAPABILITY=default in the environment, as
 * PyTorch's ATEN_CPU_CAPABILITY, makes it false. */
bool cg_vec_math_available(void);

/* The functions of PyTorch's vectorised float kernels. */
typedef enum {
    CG_VEC_EXP,       /* Sleef_expf8_u10 / Sleef_expd4_u10 */
    CG_VEC_LOG,       /* Sleef_log*_u10 */
    CG_VEC_LOG1P,     /* Sleef_log1p*_u10 */
    CG_VEC_SIN,       /* Sleef_sin*_u10 */
    CG_VEC_COS,       /* Sleef_cos*_u10 */
    CG_VEC_TANH,      /* Sleef_tanh*_u10 */
    CG_VEC_ERF,       /* Sleef_erf*_u10 */
    CG_VEC_COSH,      /* Sleef_cosh*_u10 */
    CG_VEC_SINH,      /* Sleef_sinh*_u10 */
    CG_VEC_TAN, /* Sleef_tanf8_u10 / Sleef_tand4_u10 */
    CG_VEC_ASIN, /* Sleef_asinf8_u10 / Sleef_asind4_u10 */
    CG_VEC_ACOS, /* Sleef_acosf8_u10 / Sleef_acosd4_u10 */
    CG_VEC_ATAN, /* Sleef_atanf8_u10 / Sleef_atand4_u10 */
    CG_VEC_EXPM1, /* Sleef_expm1f8_u10 / Sleef_expm1d4_u10 */
    CG_VEC_LOG2, /* Sleef_log2f8_u10 / Sleef_log2d4_u10 */
    CG_VEC_LOG10, /* Sleef_log10f8_u10 / Sleef_log10d4_u10 */
    CG_VEC_ERFC, /* Sleef_erfcf8_u15 / Sleef_erfcd4_u15 */
    CG_VEC_SIGMOID,   /* sigmoid's vector form: 1 / (1 + exp(0 - x)) */
    CG_VEC_GELU_ERF,  /* gelu's: x * 0.5 * (1 + erf(x * sqrt(1/2))) */
    CG_VEC_GELU_TANH, /* gelu's tanh form: 0.5 * x * (1 + tanh(kBeta * (x + kKappa * x^3))) */
    CG_VEC_LGAMMA,    /* Sleef_lgamma*_u10 */
} cg_vec_fn;

/* The binary functions of PyTorch's vectorised float kernels. */
typedef enum {
    CG_VEC2_ATAN2,      /* Sleef_atan2*_u10 */
    CG_VEC2_HYPOT,      /* Sleef_hypot*_u05 */
    CG_VEC2_LOGADDEXP,  /* logaddexp's vector lambda: m + log1p(exp(-|a - b|)), a where a == b is infinite */
    CG_VEC2_LOGADDEXP2, /* logaddexp2's: m + log1p(exp2(-|a - b|)) * (1 / ln 2), the last two one FMA */
} cg_vec_fn2;

/* out[i] = f(a[i * as], b[i * bs]) for i < n, n a multiple of the lanes,
 * as and bs 1 (contiguous) or 0 (one value for all). */
void cg_vec_map2_f32(cg_vec_fn2 f, float *out, const float *a, int64_t as, const float *b, int64_t bs, int64_t n);
void cg_vec_map2_f64(cg_vec_fn2 f, double *out, const double *a, int64_t as, const double *b, int64_t bs, int64_t n);

/* logit's vector lambda over n elements, n a multiple of the lanes:
 * log(x / (1 - x)), x first clamped to [lo, hi] when clamp is set. */
void cg_vec_logit_f32(float *out, const float *in, int64_t n, bool clamp, float lo, float hi);
void cg_vec_logit_f64(double *out, const double *in, int64_t n, bool clamp, double lo, double hi);

/* out[i] = f(in[i]) for i < n, CG_VEC_* lanes at a time; the last group,
 * when n is not a multiple of the lanes, is padded with zeros as
 * Vectorized::loadu(ptr, count) pads it (vec::map, which PyTorch's vml
 * functions use). Every lane is independent of the others, so the result
 * of an element depends on its value only. out may equal in. */
void cg_vec_map_f32(cg_vec_fn f, float *out, const float *in, int64_t n);
void cg_vec_map_f64(cg_vec_fn f, double *out, const double *in, int64_t n);

/* tanh_backward's vector form over n contiguous elements: out = a * (1 -
 * b * b) with 1 - b * b one FMA, as GCC compiled PyTorch's AVX2 kernel
 * (its scalar lambda there is fused the same way). */
void cg_vec_tanh_backward_f32(float *out, const float *a, const float *b, int64_t n);
void cg_vec_tanh_backward_f64(double *out, const double *a, const double *b, int64_t n);

/* gelu_backward's vector lambdas (PyTorch's GeluBackwardKernelImpl), the
 * erf form or the tanh form, over n elements, n a multiple of the lanes:
 * out[i] = dy[i * dys] * gelu'(x[i * xs]), dys and xs 1 (contiguous) or 0
 * (one value for all), with the multiply-adds GCC fused in PyTorch's AVX2
 * build (as its outputs show; Note [gelu_backward's kernel] in ops_unary.c). */
void cg_vec_gelu_backward_f32(bool tanh_form, float *out, const float *dy, int64_t dys, const float *x, int64_t xs,
                              int64_t n);
void cg_vec_gelu_backward_f64(bool tanh_form, double *out, const double *dy, int64_t dys, const double *x, int64_t xs,
                              int64_t n);

/* out[i] = a[i * as] ** b[i * bs] for i < n, n a multiple of the lanes, as
 * and bs 1 (contiguous) or 0 (one value for all): Vectorized<T>::pow,
 * Sleef_powf8_u10 / Sleef_powd4_u10. */
void cg_vec_pow_f32(float *out, const float *a, int64_t as, const float *b, int64_t bs, int64_t n);
void cg_vec_pow_f64(double *out, const double *a, int64_t as, const double *b, int64_t bs, int64_t n);

/* out[i] = a[i] * b[i] + c[i] rounded once (fma), n contiguous elements at
 * vector speed: where PyTorch's AVX2 build fused a multiply and an add
 * (softmax's derivatives). out may equal any input. */
void cg_vec_fma_f32(float *out, const float *a, const float *b, const float *c, int64_t n);
void cg_vec_fma_f64(double *out, const double *a, const double *b, const double *c, int64_t n);

/* One vector's worth: out[0..W) = exp or log of in[0..W), W = CG_VEC_F32
 * or CG_VEC_F64, as Vectorized<T>::exp() and ::log() (for the reductions:
 * softmax, log_softmax, logsumexp). */
void cg_vec_exp_f32(float *out, const float *in);
void cg_vec_log_f32(float *out, const float *in);
void cg_vec_exp_f64(double *out, const double *in);
void cg_vec_log_f64(double *out, const double *in);

#endif
