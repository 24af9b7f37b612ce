/* ops_unary.c: unary elementwise ops, their in-place forms and derivatives.
 * Kernels: one C expression per op (ew.h), written once for CPU and CUDA
 * in scalar_math.h, except the float math that PyTorch's CPU kernels
 * compute with SLEEF, which the CPU computes as they do (vec_math.h, Note
 * [PyTorch's vector and scalar paths]); derivatives with engine ops, so
 * that they run on any device and can be differentiated again.
 * clamp with tensor bounds, where and masked_fill live in ops_where.c. */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "ew.h"
#include "formula.h"
#include "onednn.h"
#include "ops.h"
#include "ops_unary_impl.h"
#include "scalar_math.h"
#include "vec_math.h"

/* ---- kernels ------------------------------------------------------------------ */

/* A float op: one expression for float32, one for float64. Integral inputs
 * arrive already cast to float32 by the frontend. */
#define FLOAT_ROWS(name, e32, e64)                  \
    CG_UNARY_ROW(name##_f32, float, CG_NOPRO, e32)  \
    CG_UNARY_ROW(name##_f64, double, CG_NOPRO, e64) \
    static const cg_row_fn name##_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(name)};
#define FLOAT_KERNEL(name, e32, e64) \
    FLOAT_ROWS(name, e32, e64)       \
    void cg_cpu_##name(const cg_kernel_call *c) { cg_ew_run(c, name##_rows, 0); }

/* out and x of one shape and dtype */
CG_FLOAT_UNARY_EXACT_OPS(FLOAT_KERNEL)
/* PyTorch's scalar calc_erfinv (scalar_math.h), every element */
FLOAT_KERNEL(erfinv, cg_erfinv_at_f32(x), cg_erfinv_at_f64(x))

/* Note [PyTorch's vector and scalar paths]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13's float kernels, built for AVX2, compute each element either
 * with a vector function (SLEEF; vec_math.h) or with their scalar lambda
 * (libm), and which one depends on the kernel and on where the element is:
 * - the vml kernels (exp, log, log1p, sin, cos, tanh, erf): every element
 *   by the vector function. A contiguous run is mapped W lanes at a time,
 *   the last group padded; a strided one is gathered into a buffer and
 *   mapped the same way. An element's result depends on its value only.
 * - the cpu_kernel_vec kernels (sigmoid, gelu): in each contiguous run the
 *   inner loop gets (a row of the iteration, or the part of one in a
 *   thread's range) the first n - n % 2W elements by the vector function,
 *   two vectors a step, and the rest by the scalar lambda; a strided run
 *   entirely by the scalar lambda. So the iterator makes rows and thread
 *   ranges as TensorIterator does (iter.c, ew.c's output layout).
 * Where the CPU lacks AVX2 or FMA, PyTorch runs its DEFAULT capability,
 * libm for every element, and so does cgrad (cg_vec_math_available).
 * tests/lang/bits_unary.py checks each against PyTorch. */

/* A vml kernel: f over every element, through a buffer when strided. */
#define VML_ROW(name, T, SUF, F, SCALAR)                                       \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) { \
        (void)ctx;                                                             \
        if (!cg_vec_math_available()) {                                        \
            for (int64_t i = 0; i < n; i++) {                                  \
                T x = *(const T *)(p[1] + i * s[1]);                           \
                *(T *)(p[0] + i * s[0]) = SCALAR;                              \
            }                                                                  \
        } else if (s[0] == sizeof(T) && s[1] == sizeof(T)) {                   \
            cg_vec_map_##SUF(F, (T *)p[0], (const T *)p[1], n);                \
        } else {                                                               \
            T buf[1024];                                                       \
            for (int64_t b = 0; b < n; b += 1024) {                            \
                int64_t m = n - b < 1024 ? n - b : 1024;                       \
                for (int64_t i = 0; i < m; i++)                                \
                    buf[i] = *(const T *)(p[1] + (b + i) * s[1]);              \
                cg_vec_map_##SUF(F, buf, buf, m);                              \
                for (int64_t i = 0; i < m; i++)                                \
                    *(T *)(p[0] + (b + i) * s[0]) = buf[i];                    \
            }                                                                  \
        }                                                                      \
    }

/* A cpu_kernel_vec kernel: f over the whole steps of 2W of a contiguous
 * run, SCALAR (an expression in x) over the rest. W = sizeof(__m256) / sizeof(T). */
#define KVEC_ROW(name, T, SUF, F, SCALAR)                                      \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) { \
        (void)ctx;                                                             \
        const bool fused = cg_vec_math_available();                            \
        int64_t v = 0;                                                         \
        if (s[0] == sizeof(T) && s[1] == sizeof(T) && fused) {                 \
            v = n - n % (2 * (int64_t)(32 / sizeof(T)));                       \
            cg_vec_map_##SUF(F, (T *)p[0], (const T *)p[1], v);                \
        }                                                                      \
        for (int64_t i = v; i < n; i++) {                                      \
            T x = *(const T *)(p[1] + i * s[1]);                               \
            *(T *)(p[0] + i * s[0]) = SCALAR;                                  \
        }                                                                      \
    }

/* X(op, row macro, vec_math function, libm float32 and float64 expressions
 * of PyTorch's scalar lambda or DEFAULT capability) */
#define SLEEF_UNARY_OPS(X)                                                                     \
    X(exp, VML_ROW, CG_VEC_EXP, expf(x), exp(x))                                               \
    X(log, VML_ROW, CG_VEC_LOG, logf(x), log(x))                                               \
    X(log1p, VML_ROW, CG_VEC_LOG1P, log1pf(x), log1p(x))                                       \
    X(sin, VML_ROW, CG_VEC_SIN, sinf(x), sin(x))                                               \
    X(cos, VML_ROW, CG_VEC_COS, cosf(x), cos(x))                                               \
    X(tanh, VML_ROW, CG_VEC_TANH, tanhf(x), tanh(x))                                           \
    X(erf, VML_ROW, CG_VEC_ERF, erff(x), erf(x))                                               \
    X(sigmoid, KVEC_ROW, CG_VEC_SIGMOID, 1.0f / (1.0f + expf(-x)), 1.0 / (1.0 + exp(-x)))      \
    X(cosh, KVEC_ROW, CG_VEC_COSH, coshf(x), cosh(x))                                          \
    X(sinh, KVEC_ROW, CG_VEC_SINH, sinhf(x), sinh(x))                                          \
    X(tan, VML_ROW, CG_VEC_TAN, tanf(x), tan(x)) \
    X(asin, VML_ROW, CG_VEC_ASIN, asinf(x), asin(x)) \
    X(acos, VML_ROW, CG_VEC_ACOS, acosf(x), acos(x)) \
    X(atan, VML_ROW, CG_VEC_ATAN, atanf(x), atan(x)) \
    X(expm1, VML_ROW, CG_VEC_EXPM1, expm1f(x), expm1(x)) \
    X(log2, VML_ROW, CG_VEC_LOG2, log2f(x), log2(x)) \
    X(log10, VML_ROW, CG_VEC_LOG10, log10f(x), log10(x)) \
    X(erfc, VML_ROW, CG_VEC_ERFC, erfcf(x), erfc(x)) \
    X(lgamma, VML_ROW, CG_VEC_LGAMMA, lgammaf(x), lgamma(x)) \
    X(gelu_erf, KVEC_ROW, CG_VEC_GELU_ERF, GELU_ERF(float, erff, x), GELU_ERF(double, erf, x)) \
    X(gelu_tanh, KVEC_ROW, CG_VEC_GELU_TANH, GELU_TANH(float, tanhf, fmaf, x), GELU_TANH(double, tanh, fma, x))

/* gelu's scalar lambdas, with the constants PyTorch rounds to T; its AVX2
 * build fuses kKappa * x^3 + x into one FMA (`fused`), its DEFAULT one not */
#define GELU_ERF(T, ERF, x) ((x) * (T)0.5 * ((T)1 + ERF((x) * (T)M_SQRT1_2)))
#define GELU_INNER(T, FMA, x) \
    (fused ? FMA((T)CG_GELU_KAPPA, (x) * (x) * (x), (x)) : (x) + (T)CG_GELU_KAPPA * ((x) * (x) * (x)))
#define GELU_TANH(T, TANH, FMA, x) \
    ((T)0.5 * (x) * ((T)1 + TANH((T)(M_SQRT2 * M_2_SQRTPI * 0.5) * GELU_INNER(T, FMA, x))))

#define SLEEF_KERNEL(name, ROW, F, e32, e64) \
    ROW(name##_f32, float, f32, F, e32)      \
    ROW(name##_f64, double, f64, F, e64)     \
    static const cg_row_fn name##_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(name)};
SLEEF_UNARY_OPS(SLEEF_KERNEL)

void cg_cpu_exp(const cg_kernel_call *c) { cg_ew_run(c, exp_rows, 0); }
void cg_cpu_log(const cg_kernel_call *c) { cg_ew_run(c, log_rows, 0); }
void cg_cpu_log1p(const cg_kernel_call *c) { cg_ew_run(c, log1p_rows, 0); }
void cg_cpu_sin(const cg_kernel_call *c) { cg_ew_run(c, sin_rows, 0); }
void cg_cpu_cos(const cg_kernel_call *c) { cg_ew_run(c, cos_rows, 0); }
void cg_cpu_tanh(const cg_kernel_call *c) { cg_ew_run(c, tanh_rows, 0); }
void cg_cpu_erf(const cg_kernel_call *c) { cg_ew_run(c, erf_rows, 0); }
void cg_cpu_sigmoid(const cg_kernel_call *c) { cg_ew_run(c, sigmoid_rows, 0); }
void cg_cpu_cosh(const cg_kernel_call *c) { cg_ew_run(c, cosh_rows, 0); }
void cg_cpu_sinh(const cg_kernel_call *c) { cg_ew_run(c, sinh_rows, 0); }
void cg_cpu_tan(const cg_kernel_call *c) { cg_ew_run(c, tan_rows, 0); }
void cg_cpu_asin(const cg_kernel_call *c) { cg_ew_run(c, asin_rows, 0); }
void cg_cpu_acos(const cg_kernel_call *c) { cg_ew_run(c, acos_rows, 0); }
void cg_cpu_atan(const cg_kernel_call *c) { cg_ew_run(c, atan_rows, 0); }
void cg_cpu_expm1(const cg_kernel_call *c) { cg_ew_run(c, expm1_rows, 0); }
void cg_cpu_lgamma(const cg_kernel_call *c) { cg_ew_run(c, lgamma_rows, 0); }
void cg_cpu_log2(const cg_kernel_call *c) { cg_ew_run(c, log2_rows, 0); }
void cg_cpu_log10(const cg_kernel_call *c) { cg_ew_run(c, log10_rows, 0); }
void cg_cpu_erfc(const cg_kernel_call *c) { cg_ew_run(c, erfc_rows, 0); }
/* exp2, asinh, acosh, atanh: libm's, every element (PyTorch's scalar kernels) */
CG_FLOAT_UNARY_LIBM_OPS(FLOAT_KERNEL)

/* PyTorch's gelu and gelu_backward (erf form) run in oneDNN for a
 * contiguous float32 CPU self of more than one element (Activation.cpp's
 * use_mkldnn): see Note [oneDNN paths] in onednn.c. */
static bool gelu_in_onednn(const cg_tensor *x) {
    return x->dtype == CG_F32 && cg_tensor_device(x).type == CG_CPU && cg_tensor_is_contiguous(x)
           && cg_tensor_numel(x) > 1;
}

/* gelu's two forms; args->flag: approximate='tanh'. PyTorch's gelu splits
 * among threads above 16384 elements, into one range per thread. */
void cg_cpu_gelu(const cg_kernel_call *c) {
    const cg_tensor *x = c->in[0], *y = c->out[0];
    if (!c->args->flag && gelu_in_onednn(x) && cg_tensor_is_contiguous(y)) {
        if (cg_onednn_gelu(x->ndim, x->sizes, cg_tensor_data(x), NULL, cg_tensor_data(y)) < 0)
            cg_cpu_kernel_fail(); /* with oneDNN's error */
        return;
    }
    int64_t numel = c->it->numel, threads = cg_get_num_threads();
    int64_t grain = numel > 16384 ? numel / threads : CG_PARALLEL_GRAIN;
    const cg_row_fn *rows = c->args->flag ? gelu_tanh_rows : gelu_erf_rows;
    cg_ew_iter_for_each_grain(c->it, rows[c->it->dtypes[0]], c->args, grain);
}

/* Note [gelu_backward's kernel]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's gelu_backward(dy, x) is a cpu_kernel_vec kernel of two inputs:
 * in a row where the output and both inputs are contiguous, or one input is
 * a single value (stride 0) and the rest contiguous, the whole steps of 2W
 * go through its vector lambda (cg_vec_gelu_backward_*) and the rest
 * through its scalar lambda; other rows entirely through the scalar one.
 * Its AVX2 build fused, as probing its outputs shows, in the scalar lambda
 * of the tanh form the same multiply-adds as in the vector one (kKappa x^3
 * + x, 1 - t^2, 1 + 3 kKappa x^2, the final sum), and none in the scalar
 * lambda of the erf form (its vector lambda fuses cdf + x pdf). Without
 * AVX2 PyTorch fuses nothing, and neither does cgrad (`fused`). The erf
 * form of a contiguous float32 self runs in oneDNN instead (gelu_in_onednn). */
#define GELU_BACKWARD_SCALAR(T, SUF, TANH, ERF, EXP, FMA)                                               \
    static T gelu_backward_tanh_##SUF(T dy, T x, bool fused) {                                          \
        const T beta = (T)CG_GELU_BETA, kappa = (T)CG_GELU_KAPPA, k3 = (T)3 * kappa;                    \
        T x_sq = x * x, x_cube = x_sq * x;                                                              \
        T t = TANH(beta * (fused ? FMA(kappa, x_cube, x) : x + kappa * x_cube));                        \
        T left = (T)0.5 * x, right = (T)1 + t;                                                          \
        T tanh_derivative = fused ? FMA(-t, t, (T)1) : (T)1 - t * t;                                    \
        T inner_derivative = beta * (fused ? FMA(k3, x_sq, (T)1) : (T)1 + k3 * x_sq);                   \
        T right_derivative = left * tanh_derivative * inner_derivative;                                 \
        return dy * (fused ? FMA((T)0.5, right, right_derivative) : (T)0.5 * right + right_derivative); \
    }                                                                                                   \
    static T gelu_backward_erf_##SUF(T dy, T x) {                                                       \
        T cdf = (T)0.5 * ((T)1 + ERF(x * (T)M_SQRT1_2));                                                \
        T pdf = (T)(M_2_SQRTPI * M_SQRT1_2 * 0.5) * EXP(x * x * (T)-0.5);                               \
        return dy * (cdf + x * pdf);                                                                    \
    }
GELU_BACKWARD_SCALAR(float, f32, tanhf, erff, expf, fmaf)
GELU_BACKWARD_SCALAR(double, f64, tanh, erf, exp, fma)

/* gelu_backward's row: out, dy, x; args->flag: approximate='tanh' */
#define GELU_BACKWARD_ROW(name, T, SUF)                                                                       \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {                                \
        const bool tanh_form = ((const cg_op_args *)ctx)->flag, fused = cg_vec_math_available();              \
        const bool dy_c = s[1] == sizeof(T), x_c = s[2] == sizeof(T);                                         \
        int64_t v = 0;                                                                                        \
        if (fused && s[0] == sizeof(T) && (dy_c || s[1] == 0) && (x_c || s[2] == 0) && (dy_c || x_c)) {       \
            v = n - n % (2 * (int64_t)(32 / sizeof(T)));                                                      \
            cg_vec_gelu_backward_##SUF(tanh_form, (T *)p[0], (const T *)p[1], dy_c, (const T *)p[2], x_c, v); \
        }                                                                                                     \
        for (int64_t i = v; i < n; i++) {                                                                     \
            T dy = *(const T *)(p[1] + i * s[1]), x = *(const T *)(p[2] + i * s[2]);                          \
            *(T *)(p[0] + i * s[0]) =                                                                         \
                tanh_form ? gelu_backward_tanh_##SUF(dy, x, fused) : gelu_backward_erf_##SUF(dy, x);          \
        }                                                                                                     \
    }
GELU_BACKWARD_ROW(gelu_backward_f32, float, f32)
GELU_BACKWARD_ROW(gelu_backward_f64, double, f64)
static const cg_row_fn gelu_backward_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(gelu_backward)};
void cg_cpu_gelu_backward(const cg_kernel_call *c) { cg_ew_run(c, gelu_backward_rows, 0); }

/* leaky_relu: args->s[0] is negative_slope */
#define LEAKY_ROW(name, T) CG_UNARY_ROW(name, T, const T slope = CG_SCALAR_AS(T, args->s[0]), CG_LEAKY_RELU(x, slope))
CG_EXPAND_FLOAT(LEAKY_ROW, leaky_relu)
static const cg_row_fn leaky_relu_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(leaky_relu)};
void cg_cpu_leaky_relu(const cg_kernel_call *c) { cg_ew_run(c, leaky_relu_rows, 0); }

/* neg, abs, relu over numbers; sign over every dtype */
#define NEG_ROW(name, T) CG_UNARY_ROW(name, T, CG_NOPRO, -x)
#define ABS_ROW(name, T) CG_UNARY_ROW(name, T, CG_NOPRO, x < 0 ? -x : x)
#define RELU_ROW(name, T) CG_UNARY_ROW(name, T, CG_NOPRO, CG_RELU(x))
#define SIGN_ROW(name, T) CG_UNARY_ROW(name, T, CG_NOPRO, CG_SIGN(x))
CG_EXPAND_NUMERIC(NEG_ROW, neg)
CG_EXPAND_INT(ABS_ROW, abs)
CG_UNARY_ROW(abs_f32, float, CG_NOPRO, fabsf(x))
CG_UNARY_ROW(abs_f64, double, CG_NOPRO, fabs(x))
CG_EXPAND_NUMERIC(RELU_ROW, relu)
CG_EXPAND_NUMERIC(SIGN_ROW, sign)
CG_UNARY_ROW(sign_bool, bool, CG_NOPRO, x)
static const cg_row_fn neg_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(neg)};
static const cg_row_fn abs_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(abs)};
static const cg_row_fn relu_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(relu)};
static const cg_row_fn sign_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(sign)};
void cg_cpu_neg(const cg_kernel_call *c) { cg_ew_run(c, neg_rows, 0); }
void cg_cpu_abs(const cg_kernel_call *c) { cg_ew_run(c, abs_rows, 0); }
void cg_cpu_relu(const cg_kernel_call *c) { cg_ew_run(c, relu_rows, 0); }

/* threshold_backward(grad a, self b, threshold): out T = 0 where b <=
 * threshold, else a. One pass for relu's backward, where a mask and a
 * where would take two. a and b of one shape; args->s[0] the threshold. */
#define THRESHOLD_BW_ROW(name, T) \
    CG_BINARY_ROW(name, T, const T th = CG_SCALAR_AS(T, args->s[0]), CG_THRESHOLD_BACKWARD(a, b, th))
CG_EXPAND_NUMERIC(THRESHOLD_BW_ROW, threshold_backward)
static const cg_row_fn threshold_backward_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(threshold_backward)};
void cg_cpu_threshold_backward(const cg_kernel_call *c) { cg_ew_run(c, threshold_backward_rows, 0); }

/* tanh_backward(grad a, result b) = a * (1 - b * b): on AVX2 with 1 - b * b
 * fused, in the vector and the scalar path alike (vec_math.c); PyTorch's
 * DEFAULT build fuses nothing. a and b of one shape. */
#define TANH_BW_ROW(name, T, SUF)                                                      \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {         \
        (void)ctx;                                                                     \
        bool fused = cg_vec_math_available();                                          \
        if (fused && s[0] == sizeof(T) && s[1] == sizeof(T) && s[2] == sizeof(T)) {    \
            cg_vec_tanh_backward_##SUF((T *)p[0], (const T *)p[1], (const T *)p[2], n); \
            return;                                                                    \
        }                                                                              \
        for (int64_t i = 0; i < n; i++) {                                              \
            T a = *(const T *)(p[1] + i * s[1]), b = *(const T *)(p[2] + i * s[2]);    \
            T one_minus = fused ? FMA_##SUF(-b, b, (T)1) : (T)1 - b * b;               \
            *(T *)(p[0] + i * s[0]) = a * one_minus;                                   \
        }                                                                              \
    }
#define FMA_f32 fmaf
#define FMA_f64 fma
TANH_BW_ROW(tanh_backward_f32, float, f32)
TANH_BW_ROW(tanh_backward_f64, double, f64)
static const cg_row_fn tanh_backward_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(tanh_backward)};
void cg_cpu_tanh_backward(const cg_kernel_call *c) { cg_ew_run(c, tanh_backward_rows, 0); }
void cg_cpu_sign(const cg_kernel_call *c) { cg_ew_run(c, sign_rows, 0); }

/* clamp with Python numbers: args->s[0] min, s[1] max, i[0] which are given */
#define CLAMP_PRO(T)                               \
    const bool has_lo = args->i[0] & CG_CLAMP_MIN; \
    const bool has_hi = args->i[0] & CG_CLAMP_MAX; \
    const T lo = CG_SCALAR_AS(T, args->s[0]);      \
    const T hi = CG_SCALAR_AS(T, args->s[1])
#define CLAMP_ROW(name, T) CG_UNARY_ROW(name, T, CLAMP_PRO(T), CG_CLAMP(x, has_lo, lo, has_hi, hi))
CG_EXPAND_NUMERIC(CLAMP_ROW, clamp)
static const cg_row_fn clamp_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(clamp)};
void cg_cpu_clamp(const cg_kernel_call *c) { cg_ew_run(c, clamp_rows, 0); }

/* ---- frontends ------------------------------------------------------------------ */

/* What a derivative needs: nothing, the input, or the result. */
typedef enum { SAVE_NONE, SAVE_SELF, SAVE_RESULT } save_what;

/* out = op(x) computed in and of dtype dt, recorded with what it saves. */
static cg_tensor *unary(cg_op op, cg_tensor *x, cg_dtype dt, save_what save, const cg_op_args *args) {
    cg_tensor *out = cg_ew_unary(op, x, dt, dt, args);
    if (!out)
        return NULL;
    cg_save_spec spec = {save == SAVE_RESULT ? out : x, save == SAVE_RESULT ? "result" : "self"};
    return cg_ew_record(out, op, 1, &x, save != SAVE_NONE, &spec, args);
}

/* In place. A derivative that needs the old input saves a copy of it made
 * before (as mul_ in ops_binary.c); one that needs the result saves self
 * after, an alias (see Note [Saved outputs] in autograd.h). */
static int unary_(cg_op op, cg_tensor *self, cg_dtype dt, save_what save, const cg_op_args *args) {
    bool record = cg_autograd_needed(1, &self);
    cg_tensor *old = NULL;
    if (record && save == SAVE_SELF) {
        old = cg_clone(self); /* with self's history, for double backward */
        if (!old)
            return -1;
    }
    int rc = cg_ew_unary_as_(op, self, dt, args);
    if (rc == 0 && record) {
        cg_save_spec spec = {save == SAVE_SELF ? old : self, save == SAVE_SELF ? "self" : "result"};
        rc = cg_ew_record_(self, op, 1, &self, save != SAVE_NONE, &spec, args);
    }
    cg_tensor_release(old);
    return rc;
}

static cg_tensor *float_unary(cg_op op, cg_tensor *x, save_what save) {
    return unary(op, x, cg_dtype_to_float(x->dtype), save, NULL);
}
static int float_unary_(cg_op op, cg_tensor *self, save_what save) {
    return unary_(op, self, cg_dtype_to_float(self->dtype), save, NULL);
}

cg_tensor *cg_exp(cg_tensor *x) { return float_unary(CG_OP_EXP, x, SAVE_RESULT); }
cg_tensor *cg_log(cg_tensor *x) { return float_unary(CG_OP_LOG, x, SAVE_SELF); }
cg_tensor *cg_log1p(cg_tensor *x) { return float_unary(CG_OP_LOG1P, x, SAVE_SELF); }
cg_tensor *cg_sqrt(cg_tensor *x) { return float_unary(CG_OP_SQRT, x, SAVE_RESULT); }
cg_tensor *cg_rsqrt(cg_tensor *x) { return float_unary(CG_OP_RSQRT, x, SAVE_RESULT); }
cg_tensor *cg_sin(cg_tensor *x) { return float_unary(CG_OP_SIN, x, SAVE_SELF); }
cg_tensor *cg_cos(cg_tensor *x) { return float_unary(CG_OP_COS, x, SAVE_SELF); }
cg_tensor *cg_tanh(cg_tensor *x) { return float_unary(CG_OP_TANH, x, SAVE_RESULT); }
cg_tensor *cg_sigmoid(cg_tensor *x) { return float_unary(CG_OP_SIGMOID, x, SAVE_RESULT); }
cg_tensor *cg_erf(cg_tensor *x) { return float_unary(CG_OP_ERF, x, SAVE_SELF); }
cg_tensor *cg_erfinv(cg_tensor *x) { return float_unary(CG_OP_ERFINV, x, SAVE_SELF); }
cg_tensor *cg_cosh(cg_tensor *x) { return float_unary(CG_OP_COSH, x, SAVE_SELF); }
cg_tensor *cg_sinh(cg_tensor *x) { return float_unary(CG_OP_SINH, x, SAVE_SELF); }
cg_tensor *cg_reciprocal(cg_tensor *x) { return float_unary(CG_OP_RECIPROCAL, x, SAVE_RESULT); }
int cg_exp_(cg_tensor *self) { return float_unary_(CG_OP_EXP, self, SAVE_RESULT); }
int cg_log_(cg_tensor *self) { return float_unary_(CG_OP_LOG, self, SAVE_SELF); }
int cg_sqrt_(cg_tensor *self) { return float_unary_(CG_OP_SQRT, self, SAVE_RESULT); }
int cg_sigmoid_(cg_tensor *self) { return float_unary_(CG_OP_SIGMOID, self, SAVE_RESULT); }
int cg_erfinv_(cg_tensor *self) { return float_unary_(CG_OP_ERFINV, self, SAVE_SELF); }
int cg_tanh_(cg_tensor *self) { return float_unary_(CG_OP_TANH, self, SAVE_RESULT); }
int cg_reciprocal_(cg_tensor *self) { return float_unary_(CG_OP_RECIPROCAL, self, SAVE_RESULT); }
int cg_sin_(cg_tensor *self) { return float_unary_(CG_OP_SIN, self, SAVE_SELF); }
int cg_cos_(cg_tensor *self) { return float_unary_(CG_OP_COS, self, SAVE_SELF); }
int cg_sinh_(cg_tensor *self) { return float_unary_(CG_OP_SINH, self, SAVE_SELF); }
int cg_cosh_(cg_tensor *self) { return float_unary_(CG_OP_COSH, self, SAVE_SELF); }
int cg_erf_(cg_tensor *self) { return float_unary_(CG_OP_ERF, self, SAVE_SELF); }
int cg_log1p_(cg_tensor *self) { return float_unary_(CG_OP_LOG1P, self, SAVE_SELF); }
int cg_rsqrt_(cg_tensor *self) { return float_unary_(CG_OP_RSQRT, self, SAVE_RESULT); }
/* Note [PyTorch's float math dtypes]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13's CPU kernels for tan ... erfc take float32, float64 and
 * bfloat16, not float16 (exp2 takes it); expm1, erfc and exp2 take no
 * complex either. Their dispatch errors name the kernel: "tan_vml_cpu" for
 * the vml ones, "asinh_cpu" for asinh, acosh and atanh, "exp2". In place,
 * asinh_, acosh_ and atanh_ record AsinhBackward1 and its kin, which have
 * no derivative in PyTorch: their backward raises. */
static const struct {
    cg_op op;
    const char *kernel;
    bool half, complex;
} math_kernels[] = {
    {CG_OP_TAN, "tan_vml_cpu", false, true},       {CG_OP_ASIN, "asin_vml_cpu", false, true},
    {CG_OP_ACOS, "acos_vml_cpu", false, true},     {CG_OP_ATAN, "atan_vml_cpu", false, true},
    {CG_OP_EXPM1, "expm1_vml_cpu", false, false},  {CG_OP_LOG2, "log2_vml_cpu", false, true},
    {CG_OP_LOG10, "log10_vml_cpu", false, true},   {CG_OP_ERFC, "erfc_vml_cpu", false, false},
    {CG_OP_EXP2, "exp2", true, false},             {CG_OP_ASINH, "asinh_cpu", false, true},
    {CG_OP_ACOSH, "acosh_cpu", false, true},       {CG_OP_ATANH, "atanh_cpu", false, true},
};
static int math_check(cg_op op, cg_dtype dt) {
    for (size_t i = 0; i < sizeof math_kernels / sizeof *math_kernels; i++)
        if (math_kernels[i].op == op) {
            bool ok = cg_dtype_is_complex(dt) ? math_kernels[i].complex : dt != CG_F16 || math_kernels[i].half;
            CG_CHECK_INT(ok, CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", math_kernels[i].kernel,
                         cg_dtype_legacy_name(dt));
        }
    return 0;
}
static const char ASINH_INPLACE[] = "AsinhBackward1", ACOSH_INPLACE[] = "AcoshBackward1",
                  ATANH_INPLACE[] = "AtanhBackward1";
static const char *inplace_node_of(cg_op op) {
    return op == CG_OP_ASINH ? ASINH_INPLACE : op == CG_OP_ACOSH ? ACOSH_INPLACE : op == CG_OP_ATANH ? ATANH_INPLACE : NULL;
}
static cg_tensor *math_unary(cg_op op, cg_tensor *x, save_what save) {
    return math_check(op, x->dtype) < 0 ? NULL : float_unary(op, x, save);
}
static int math_unary_(cg_op op, cg_tensor *self, save_what save) {
    if (math_check(op, self->dtype) < 0 || float_unary_(op, self, save) < 0)
        return -1;
    const char *name = inplace_node_of(op);
    if (name && self->grad_fn && self->grad_fn->op == op)
        self->grad_fn->name = name;
    return 0;
}
cg_tensor *cg_tan(cg_tensor *x) { return math_unary(CG_OP_TAN, x, SAVE_RESULT); }
int cg_tan_(cg_tensor *self) { return math_unary_(CG_OP_TAN, self, SAVE_RESULT); }
cg_tensor *cg_asin(cg_tensor *x) { return math_unary(CG_OP_ASIN, x, SAVE_SELF); }
int cg_asin_(cg_tensor *self) { return math_unary_(CG_OP_ASIN, self, SAVE_SELF); }
cg_tensor *cg_acos(cg_tensor *x) { return math_unary(CG_OP_ACOS, x, SAVE_SELF); }
int cg_acos_(cg_tensor *self) { return math_unary_(CG_OP_ACOS, self, SAVE_SELF); }
cg_tensor *cg_atan(cg_tensor *x) { return math_unary(CG_OP_ATAN, x, SAVE_SELF); }
int cg_atan_(cg_tensor *self) { return math_unary_(CG_OP_ATAN, self, SAVE_SELF); }
cg_tensor *cg_expm1(cg_tensor *x) { return math_unary(CG_OP_EXPM1, x, SAVE_RESULT); }
int cg_expm1_(cg_tensor *self) { return math_unary_(CG_OP_EXPM1, self, SAVE_RESULT); }
cg_tensor *cg_log2(cg_tensor *x) { return math_unary(CG_OP_LOG2, x, SAVE_SELF); }
int cg_log2_(cg_tensor *self) { return math_unary_(CG_OP_LOG2, self, SAVE_SELF); }
cg_tensor *cg_log10(cg_tensor *x) { return math_unary(CG_OP_LOG10, x, SAVE_SELF); }
int cg_log10_(cg_tensor *self) { return math_unary_(CG_OP_LOG10, self, SAVE_SELF); }
cg_tensor *cg_erfc(cg_tensor *x) { return math_unary(CG_OP_ERFC, x, SAVE_SELF); }
int cg_erfc_(cg_tensor *self) { return math_unary_(CG_OP_ERFC, self, SAVE_SELF); }
cg_tensor *cg_exp2(cg_tensor *x) { return math_unary(CG_OP_EXP2, x, SAVE_RESULT); }
int cg_exp2_(cg_tensor *self) { return math_unary_(CG_OP_EXP2, self, SAVE_RESULT); }
cg_tensor *cg_asinh(cg_tensor *x) { return math_unary(CG_OP_ASINH, x, SAVE_SELF); }
int cg_asinh_(cg_tensor *self) { return math_unary_(CG_OP_ASINH, self, SAVE_SELF); }
cg_tensor *cg_acosh(cg_tensor *x) { return math_unary(CG_OP_ACOSH, x, SAVE_SELF); }
int cg_acosh_(cg_tensor *self) { return math_unary_(CG_OP_ACOSH, self, SAVE_SELF); }
cg_tensor *cg_atanh(cg_tensor *x) { return math_unary(CG_OP_ATANH, x, SAVE_SELF); }
int cg_atanh_(cg_tensor *self) { return math_unary_(CG_OP_ATANH, self, SAVE_SELF); }

/* PyTorch's dispatch error for a dtype a kernel lacks: "abs_cpu" not
 * implemented for 'Bool'. */
static int check_dtype(bool ok, const char *kernel, cg_dtype dt) {
    CG_CHECK_INT(ok, CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel, cg_dtype_legacy_name(dt));
    return 0;
}

static int check_neg(const cg_tensor *x) {
    CG_CHECK_INT(x->dtype != CG_BOOL, CG_RUNTIME_ERROR,
                 "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a "
                 "mask, use the `~` or `logical_not()` operator instead.");
    return 0;
}
/* relu and clamp are clamps, which PyTorch refuses for complex */
static int check_not_complex_clamp(const cg_tensor *x) {
    CG_CHECK_INT(!cg_dtype_is_complex(x->dtype), CG_RUNTIME_ERROR, "clamp is not supported for complex types");
    return 0;
}
static int check_relu(const cg_tensor *x) {
    CG_CHECK_INT(x->dtype != CG_BOOL, CG_RUNTIME_ERROR, "Boolean inputs not supported for relu");
    return check_not_complex_clamp(x);
}

cg_tensor *cg_neg(cg_tensor *x) { return check_neg(x) < 0 ? NULL : unary(CG_OP_NEG, x, x->dtype, SAVE_NONE, NULL); }
int cg_neg_(cg_tensor *self) {
    return check_neg(self) < 0 ? -1 : unary_(CG_OP_NEG, self, self->dtype, SAVE_NONE, NULL);
}

cg_tensor *cg_abs(cg_tensor *x) {
    if (check_dtype(x->dtype != CG_BOOL, "abs_cpu", x->dtype) < 0)
        return NULL;
    if (cg_dtype_is_complex(x->dtype)) { /* |z|, of the parts' dtype */
        cg_tensor *out = cg_ew_unary(CG_OP_ABS, x, x->dtype, cg_dtype_real_part(x->dtype), NULL);
        return cg_ew_record(out, CG_OP_ABS, 1, &x, 1, &(cg_save_spec){x, "self"}, NULL);
    }
    return unary(CG_OP_ABS, x, x->dtype, SAVE_SELF, NULL);
}
int cg_abs_(cg_tensor *self) {
    if (check_dtype(self->dtype != CG_BOOL, "abs_cpu", self->dtype) < 0)
        return -1;
    CG_CHECK_INT(!cg_dtype_is_complex(self->dtype), CG_RUNTIME_ERROR,
                 "In-place abs is not supported for complex tensors.");
    return unary_(CG_OP_ABS, self, self->dtype, SAVE_SELF, NULL);
}

static cg_tensor *conj_named(cg_tensor *x, const char *node) {
    if (!cg_dtype_is_complex(x->dtype))
        return cg_tensor_retain(x);
    cg_tensor *out = cg_ew_unary(CG_OP_CONJ_PHYSICAL, x, x->dtype, x->dtype, NULL);
    out = cg_ew_record(out, CG_OP_CONJ_PHYSICAL, 1, &x, 0, NULL, NULL);
    if (out && out->grad_fn && node)
        out->grad_fn->name = node;
    return out;
}
cg_tensor *cg_conj(cg_tensor *x) { return conj_named(x, "ConjBackward0"); }
cg_tensor *cg_conj_physical(cg_tensor *x) { return conj_named(x, NULL); }

cg_tensor *cg_sign(cg_tensor *x) {
    CG_CHECK(!cg_dtype_is_complex(x->dtype), CG_RUNTIME_ERROR,
             "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use torch.sgn instead.");
    return unary(CG_OP_SIGN, x, x->dtype, SAVE_NONE, NULL);
}

int cg_sign_(cg_tensor *self) {
    CG_CHECK_INT(!cg_dtype_is_complex(self->dtype), CG_RUNTIME_ERROR,
                 "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use torch.sgn instead.");
    return unary_(CG_OP_SIGN, self, self->dtype, SAVE_NONE, NULL);
}

cg_tensor *cg_relu(cg_tensor *x) {
    return check_relu(x) < 0 ? NULL : unary(CG_OP_RELU, x, x->dtype, SAVE_RESULT, NULL);
}
int cg_relu_(cg_tensor *self) {
    return check_relu(self) < 0 ? -1 : unary_(CG_OP_RELU, self, self->dtype, SAVE_RESULT, NULL);
}

cg_tensor *cg_threshold_backward(cg_tensor *grad, cg_tensor *self, cg_scalar threshold) {
    cg_dtype dt = cg_result_type(2, (cg_tensor *[]){grad, self});
    if (check_dtype(dt != CG_BOOL, "threshold_backward_cpu", dt) < 0)
        return NULL;
    cg_op_args args = {.s = {threshold}};
    cg_tensor *out = cg_ew_binary(CG_OP_THRESHOLD_BACKWARD, grad, self, dt, dt, &args);
    cg_save_spec save = {self, "self"};
    return cg_ew_record(out, CG_OP_THRESHOLD_BACKWARD, 2, (cg_tensor *[]){grad, self}, 1, &save, &args);
}

cg_tensor *cg_tanh_backward(cg_tensor *grad, cg_tensor *y) {
    cg_dtype dt = cg_result_type(2, (cg_tensor *[]){grad, y});
    if (check_dtype(cg_dtype_is_float(dt), "tanh_backward_cpu", dt) < 0)
        return NULL;
    cg_tensor *out = cg_ew_binary(CG_OP_TANH_BACKWARD, grad, y, dt, dt, NULL);
    cg_save_spec save[2] = {{grad, "grad_output"}, {y, "output"}};
    return cg_ew_record(out, CG_OP_TANH_BACKWARD, 2, (cg_tensor *[]){grad, y}, 2, save, NULL);
}

cg_tensor *cg_gelu(cg_tensor *x, const char *approximate) {
    bool tanh_ = approximate && !strcmp(approximate, "tanh");
    CG_CHECK(!approximate || tanh_ || !strcmp(approximate, "none"), CG_RUNTIME_ERROR,
             "approximate argument must be either none or tanh.");
    if (check_dtype(cg_dtype_is_float(x->dtype), "GeluKernelImpl", x->dtype) < 0)
        return NULL;
    cg_op_args args = {.flag = tanh_};
    return unary(CG_OP_GELU, x, x->dtype, SAVE_SELF, &args);
}

/* gelu_backward in oneDNN, where PyTorch's runs there (gelu_in_onednn) */
static cg_tensor *gelu_backward_onednn(cg_tensor *grad, cg_tensor *x) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *g = cg_contiguous(grad);
    cg_grad_set_enabled(was);
    cg_tensor *out = g ? cg_tensor_empty(x->ndim, x->sizes, CG_F32, cg_tensor_device(x)) : NULL;
    if (out && cg_onednn_gelu(x->ndim, x->sizes, cg_tensor_data(x), cg_tensor_data(g), cg_tensor_data(out)) < 0)
        cg_tensor_release(out), out = NULL;
    cg_tensor_release(g);
    return out;
}

cg_tensor *cg_gelu_backward(cg_tensor *grad, cg_tensor *self, bool tanh_form) {
    cg_dtype dt = cg_result_type(2, (cg_tensor *[]){grad, self});
    if (check_dtype(cg_dtype_is_float(dt), "GeluBackwardKernelImpl", dt) < 0)
        return NULL;
    cg_op_args args = {.flag = tanh_form};
    cg_tensor *out;
    if (!tanh_form && gelu_in_onednn(self) && grad->dtype == CG_F32
        && cg_sizes_equal(grad->ndim, grad->sizes, self->ndim, self->sizes))
        out = gelu_backward_onednn(grad, self);
    else
        out = cg_ew_binary(CG_OP_GELU_BACKWARD, grad, self, dt, dt, &args);
    cg_save_spec save[2] = {{grad, "grad_output"}, {self, "self"}};
    return cg_ew_record(out, CG_OP_GELU_BACKWARD, 2, (cg_tensor *[]){grad, self}, 2, save, &args);
}

cg_tensor *cg_leaky_relu(cg_tensor *x, double negative_slope) {
    if (check_dtype(cg_dtype_is_float(x->dtype), "leaky_relu_cpu", x->dtype) < 0)
        return NULL;
    cg_op_args args = {.s = {cg_scalar_float(negative_slope)}};
    return unary(CG_OP_LEAKY_RELU, x, x->dtype, SAVE_SELF, &args);
}

/* clamp's arguments and dtype: result_type(x, min, max) over the given bounds */
static int clamp_args(cg_tensor *x, const cg_scalar *min, const cg_scalar *max, cg_op_args *args, cg_dtype *dt) {
    CG_CHECK_INT(min || max, CG_RUNTIME_ERROR, "torch.clamp: At least one of 'min' or 'max' must not be None");
    *args = (cg_op_args){.s = {min ? *min : cg_scalar_int(0), max ? *max : cg_scalar_int(0)},
                         .i = {(min ? CG_CLAMP_MIN : 0) | (max ? CG_CLAMP_MAX : 0)}};
    cg_tensor *ts[3] = {x, NULL, NULL};
    int n = 1;
    for (int k = 0; k < 2; k++)
        if ((k ? max : min) && !(ts[n++] = cg_scalar_tensor(*(k ? max : min))))
            return -1;
    *dt = cg_result_type(n, ts);
    for (int k = 1; k < n; k++)
        cg_tensor_release(ts[k]);
    return check_dtype(*dt != CG_BOOL, "clamp_scalar_cpu", *dt);
}

cg_tensor *cg_clamp(cg_tensor *x, const cg_scalar *min, const cg_scalar *max) {
    cg_op_args args;
    cg_dtype dt;
    if (check_not_complex_clamp(x) < 0 || clamp_args(x, min, max, &args, &dt) < 0)
        return NULL;
    return unary(CG_OP_CLAMP, x, dt, SAVE_SELF, &args);
}

/* clamp_min / clamp_max: clamp's kernel and derivative, their own nodes
 * (ClampMinBackward0, ClampMaxBackward0), as PyTorch records them */
cg_tensor *cg_clamp_min(cg_tensor *x, cg_scalar min) {
    cg_op_args args;
    cg_dtype dt;
    if (clamp_args(x, &min, NULL, &args, &dt) < 0)
        return NULL;
    return unary(CG_OP_CLAMP_MIN, x, dt, SAVE_SELF, &args);
}

cg_tensor *cg_clamp_max(cg_tensor *x, cg_scalar max) {
    cg_op_args args;
    cg_dtype dt;
    if (clamp_args(x, NULL, &max, &args, &dt) < 0)
        return NULL;
    return unary(CG_OP_CLAMP_MAX, x, dt, SAVE_SELF, &args);
}

int cg_clamp_(cg_tensor *self, const cg_scalar *min, const cg_scalar *max) {
    cg_op_args args;
    cg_dtype dt;
    if (check_not_complex_clamp(self) < 0 || clamp_args(self, min, max, &args, &dt) < 0)
        return -1;
    return unary_(CG_OP_CLAMP, self, dt, SAVE_SELF, &args);
}

/* clamp_min_ / clamp_max_: in place, under clamp_min's and clamp_max's nodes */
int cg_clamp_min_(cg_tensor *self, cg_scalar min) {
    cg_op_args args;
    cg_dtype dt;
    if (check_not_complex_clamp(self) < 0 || clamp_args(self, &min, NULL, &args, &dt) < 0)
        return -1;
    return unary_(CG_OP_CLAMP_MIN, self, dt, SAVE_SELF, &args);
}
int cg_clamp_max_(cg_tensor *self, cg_scalar max) {
    cg_op_args args;
    cg_dtype dt;
    if (check_not_complex_clamp(self) < 0 || clamp_args(self, NULL, &max, &args, &dt) < 0)
        return -1;
    return unary_(CG_OP_CLAMP_MAX, self, dt, SAVE_SELF, &args);
}

/* ---- derivatives ------------------------------------------------------------------ */

/* The single saved tensor of a unary node, borrowed; NULL on error. */
static cg_tensor *saved(cg_node *n) {
    cg_tensor *t;
    return cg_node_saved(n, 0, &t) < 0 ? NULL : t;
}

/* NegBackward0: -grad */
int cg_bw_neg(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    return (gi[0] = cg_neg(go[0])) ? 0 : -1;
}

/* ConjPhysicalBackward0 (and ConjBackward0): grad.conj() */
int cg_bw_conj_physical(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    return (gi[0] = cg_conj(go[0])) ? 0 : -1;
}

/* ExpBackward0: grad * result.conj() */
int cg_bw_exp(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_conj(&s, saved(n))));
}

/* AbsBackward0: grad * self.sgn(), so 0 at 0 */
int cg_bw_abs(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    cg_tensor *x = saved(n);
    if (x && cg_dtype_is_complex(x->dtype))
        return finish(gi, &s, s_mul(&s, go[0], s_sgn(&s, x)));
    return finish(gi, &s, s_mul(&s, go[0], s_fn(&s, cg_sign, x)));
}

/* SignBackward0: zeros */
int cg_bw_sign(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    return (gi[0] = cg_zeros_like(go[0])) ? 0 : -1;
}

/* LogBackward0: grad / self.conj() */
int cg_bw_log(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_div(&s, go[0], s_conj(&s, saved(n))));
}

/* Log1PBackward0: grad / (self + 1) */
int cg_bw_log1p(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_div(&s, go[0], s_shift(&s, saved(n), 1.0)));
}

/* SqrtBackward0: grad / (2 * result.conj()), inf at 0 as PyTorch */
int cg_bw_sqrt(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_div(&s, go[0], s_scale(&s, s_conj(&s, saved(n)), 2.0)));
}

/* RsqrtBackward0: -0.5 * grad * result^3 */
int cg_bw_rsqrt(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    cg_tensor *r = saved(n);
    return finish(gi, &s, s_mul(&s, go[0], s_scale(&s, s_mul(&s, s_mul(&s, r, r), r), -0.5)));
}

/* ReciprocalBackward0: -grad * (result * result).conj() */
int cg_bw_reciprocal(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    cg_tensor *r = saved(n);
    return finish(gi, &s, s_scale(&s, s_mul(&s, go[0], s_conj(&s, s_mul(&s, r, r))), -1.0));
}

/* SinBackward0: grad * cos(self).conj() */
int cg_bw_sin(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_conj(&s, s_fn(&s, cg_cos, saved(n)))));
}

/* CosBackward0: grad * -sin(self).conj() */
int cg_bw_cos(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_scale(&s, s_conj(&s, s_fn(&s, cg_sin, saved(n))), -1.0)));
}

/* TanhBackward0: tanh_backward(grad, result) = grad * (1 - result^2),
 * conjugated for complex (whose tanh_backward kernel cgrad lacks) */
int cg_bw_tanh(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *r = saved(n);
    if (r && cg_dtype_is_complex(r->dtype)) {
        scratch s = {0};
        return finish(gi, &s, s_mul(&s, go[0], s_conj(&s, s_one_minus(&s, s_mul(&s, r, r)))));
    }
    return r && (gi[0] = cg_tanh_backward(go[0], r)) ? 0 : -1;
}

/* TanhBackwardBackward0: grad_output: tanh_backward(grad, output);
 * output: -2 * output * grad_output * grad */
int cg_bw_tanh_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *g, *y;
    if (cg_node_saved(n, 0, &g) < 0 || cg_node_saved(n, 1, &y) < 0)
        return -1;
    if (n->next[0].node && !(gi[0] = cg_tanh_backward(go[0], y)))
        return -1;
    if (n->next[1].node) {
        scratch s = {0};
        return finish(gi + 1, &s, s_mul(&s, s_mul(&s, s_scale(&s, y, -2.0), g), go[0]));
    }
    return 0;
}

/* SigmoidBackward0: (grad * (1 - result)) * result, in the order of
 * PyTorch's sigmoid_backward kernel, so that it rounds as that does */
int cg_bw_sigmoid(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    cg_tensor *r = saved(n);
    return finish(gi, &s, s_mul(&s, s_mul(&s, go[0], s_one_minus(&s, r)), r));
}

/* exp(-x^2 / 2), the Gaussian's shape, shared by erf and gelu */
static cg_tensor *s_gauss(scratch *s, cg_tensor *x, double k) {
    return s_fn(s, cg_exp, s_scale(s, s_mul(s, x, x), -k));
}

/* CoshBackward0: grad * sinh(self) */
int cg_bw_cosh(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_fn(&s, cg_sinh, saved(n))));
}

/* SinhBackward0: grad * cosh(self) */
int cg_bw_sinh(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_fn(&s, cg_cosh, saved(n))));
}

/* ErfBackward0: grad * 2/sqrt(pi) * exp(-self^2) */
int cg_bw_erf(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_scale(&s, s_gauss(&s, saved(n), 1.0), M_2_SQRTPI)));
}

/* ErfinvBackward0: 0.5 * sqrt(pi) * exp(erfinv(self)^2) * grad, in that
 * order of ops (derivatives.yaml's) */
int cg_bw_erfinv(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    cg_tensor *sq = s_pow(&s, keep(&s, cg_erfinv(saved(n))), 2);
    cg_tensor *e = sq ? keep(&s, cg_exp(sq)) : NULL;
    return finish(gi, &s, s_mul(&s, s_scale(&s, e, 0.5 * sqrt(M_PI)), go[0]));
}

/* GeluBackward0: gelu_backward(grad, self, approximate) */
int cg_bw_gelu(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved(n);
    return x && (gi[0] = cg_gelu_backward(go[0], x, n->args.flag)) ? 0 : -1;
}

/* gelu''(x) times ggI * gO, FunctionsManual's gelu_double_backward op for
 * op (its Python numbers are doubles, rounded to the tensors' dtype by
 * each op):
 *   none: pdf = kBeta exp(-x^2 / 2), gelu'' = 2 pdf - x^2 pdf
 *   tanh: f = x / 2, g = 1 - tanh(u)^2, h = kBeta (1 + 3 kKappa x^2) with
 *         u = kBeta (x + kKappa x^3), gelu'' = 2 f' g h + f g' h + f g h',
 *         g' = 2 sech(u) (-sech(u) tanh(u)) h, h' = 6 kKappa x kBeta */
static cg_tensor *gelu_double_backward(scratch *s, cg_tensor *ggi, cg_tensor *go, cg_tensor *x, bool tanh_form) {
    cg_tensor *second;
    if (!tanh_form) {
        cg_tensor *x_sq = s_mul(s, x, x);
        cg_tensor *pdf = s_scale(s, s_fn(s, cg_exp, s_scale(s, x_sq, -0.5)), M_2_SQRTPI * M_SQRT1_2 * 0.5);
        second = s_sub(s, s_scale(s, pdf, 2.0), s_mul(s, x_sq, pdf));
    } else {
        cg_tensor *cube = x ? keep(s, cg_pow_scalar(x, cg_scalar_int(3))) : NULL;
        cg_tensor *inner = s_scale(s, s_add(s, x, s_scale(s, cube, CG_GELU_KAPPA)), CG_GELU_BETA);
        cg_tensor *t = s_fn(s, cg_tanh, inner);
        cg_tensor *sech = s_fn(s, cg_reciprocal, s_fn(s, cg_cosh, inner));
        cg_tensor *f = s_scale(s, x, 0.5);
        cg_tensor *g = s_one_minus(s, s_mul(s, t, t));
        cg_tensor *h = s_scale(s, s_shift(s, s_mul(s, s_scale(s, x, 3 * CG_GELU_KAPPA), x), 1.0), CG_GELU_BETA);
        cg_tensor *f_prime_gh = s_mul(s, s_scale(s, g, 0.5), h);
        cg_tensor *g_prime = s_mul(s, s_mul(s, s_scale(s, sech, 2.0), s_mul(s, s_fn(s, cg_neg, sech), t)), h);
        cg_tensor *g_prime_fh = s_mul(s, s_mul(s, f, h), g_prime);
        cg_tensor *h_prime = s_scale(s, s_scale(s, x, 6 * CG_GELU_KAPPA), CG_GELU_BETA);
        cg_tensor *h_prime_fg = s_mul(s, s_mul(s, f, g), h_prime);
        second = s_add(s, s_add(s, s_scale(s, f_prime_gh, 2.0), g_prime_fh), h_prime_fg);
    }
    return s_mul(s, s_mul(s, ggi, go), second);
}

/* GeluBackwardBackward0: grad_output: gelu_backward(grad, self);
 * self: gelu_double_backward(grad, grad_output, self) */
int cg_bw_gelu_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *g, *x;
    if (cg_node_saved(n, 0, &g) < 0 || cg_node_saved(n, 1, &x) < 0)
        return -1;
    if (n->next[0].node && !(gi[0] = cg_gelu_backward(go[0], x, n->args.flag)))
        return -1;
    if (n->next[1].node) {
        scratch s = {0};
        return finish(gi + 1, &s, gelu_double_backward(&s, go[0], g, x, n->args.flag));
    }
    return 0;
}

/* where(mask, grad, other) with a scalar other (0 for masks of relu and clamp) */
static cg_tensor *s_where(scratch *s, cg_tensor *mask, cg_tensor *a, cg_tensor *b) {
    return mask && a && b ? keep(s, cg_where(mask, a, b)) : NULL;
}
static cg_tensor *s_scalar(scratch *s, cg_scalar v) { return keep(s, cg_scalar_tensor(v)); }
/* x c1 lo and x c2 hi, as cg_range_mask */
static cg_tensor *s_mask(scratch *s, cg_tensor *x, cg_cmp c1, cg_tensor *lo, cg_cmp c2, cg_tensor *hi) {
    if (!x || (c1 && !lo) || (c2 && !hi))
        return NULL;
    return keep(s, cg_range_mask(x, c1, lo, c2, hi, false));
}
/* ReluBackward0: threshold_backward(grad, result, 0) */
int cg_bw_relu(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *result = saved(n);
    return result && (gi[0] = cg_threshold_backward(go[0], result, cg_scalar_int(0))) ? 0 : -1;
}

/* ThresholdBackwardBackward0: grad_output: threshold_backward(grad, self,
 * threshold); self: zeros (the function is flat in self away from the
 * threshold) */
int cg_bw_threshold_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self = saved(n);
    if (!self)
        return -1;
    if (n->next[0].node && !(gi[0] = cg_threshold_backward(go[0], self, n->args.s[0])))
        return -1;
    if (n->next[1].node && !(gi[1] = cg_zeros_like(self)))
        return -1;
    return 0;
}

/* LeakyReluBackward0: grad where self > 0, else grad * negative_slope */
int cg_bw_leaky_relu(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    /* LeakyReluBackward1 (leaky_relu_) saved its result: PyTorch takes its
     * derivative for a slope >= 0 only */
    CG_CHECK_INT(strcmp(n->name, "LeakyReluBackward1") || cg_scalar_to_double(n->args.s[0]) >= 0, CG_RUNTIME_ERROR,
                 "In-place leakyReLu backward calculation is triggered with a negative slope which is not supported. "
                 "This is caused by calling in-place forward function with a negative slope, please call "
                 "out-of-place version instead. File an issue at https://github.com/pytorch/pytorch if you do "
                 "require supporting in-place leakRelu backward calculation with negative slope");
    scratch s = {0};
    cg_tensor *zero = s_scalar(&s, cg_scalar_int(0));
    cg_tensor *m = s_mask(&s, saved(n), CG_CMP_GT, zero, CG_CMP_NONE, NULL);
    cg_tensor *neg = s_scale(&s, go[0], cg_scalar_to_double(n->args.s[0]));
    return finish(gi, &s, s_where(&s, m, go[0], neg));
}

/* ClampBackward1: grad where min <= self <= max (inclusive), else 0 */
int cg_bw_clamp(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    int64_t has = n->args.i[0];
    cg_tensor *lo = s_scalar(&s, n->args.s[0]), *hi = s_scalar(&s, n->args.s[1]);
    cg_tensor *m = s_mask(&s, saved(n), has & CG_CLAMP_MIN ? CG_CMP_GE : CG_CMP_NONE, lo,
                          has & CG_CLAMP_MAX ? CG_CMP_LE : CG_CMP_NONE, hi);
    return finish(gi, &s, s_where(&s, m, go[0], s_scalar(&s, cg_scalar_int(0))));
}

/* ---- the float math of tan ... atanh: derivatives.yaml's formulas, op for op ---- */

/* TanBackward0: grad * (1 + result^2) */
int cg_bw_tan(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_shift(&s, s_pow(&s, saved(n), 2), 1.0)));
}

/* (-self * self + 1).rsqrt(), asin's and acos's */
static cg_tensor *s_inv_sqrt_one_minus_sq(scratch *s, cg_tensor *x) {
    return s_fn(s, cg_rsqrt, s_shift(s, s_mul(s, s_fn(s, cg_neg, x), x), 1.0));
}

/* AsinBackward0: grad * (-self * self + 1).rsqrt() */
int cg_bw_asin(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_inv_sqrt_one_minus_sq(&s, saved(n))));
}

/* AcosBackward0: grad * -((-self * self + 1).rsqrt()) */
int cg_bw_acos(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_fn(&s, cg_neg, s_inv_sqrt_one_minus_sq(&s, saved(n)))));
}

/* AtanBackward0: grad / (self * self + 1) */
int cg_bw_atan(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    cg_tensor *x = saved(n);
    return finish(gi, &s, s_div(&s, go[0], s_shift(&s, s_mul(&s, x, x), 1.0)));
}

/* Expm1Backward0: grad * (result + 1) */
int cg_bw_expm1(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_shift(&s, saved(n), 1.0)));
}

/* Log2Backward0 / Log10Backward0: grad / (self * ln 2), grad / (self * ln 10) */
int cg_bw_log2(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_div(&s, go[0], s_scale(&s, saved(n), 0.6931471805599453)));
}
int cg_bw_log10(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_div(&s, go[0], s_scale(&s, saved(n), 2.3025850929940456)));
}

/* ErfcBackward0: -2 / sqrt(pi) * exp(-(self^2)) * grad */
int cg_bw_erfc(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    cg_tensor *e = s_fn(&s, cg_exp, s_fn(&s, cg_neg, s_pow(&s, saved(n), 2)));
    return finish(gi, &s, s_mul(&s, s_scale(&s, e, -2.0 / sqrt(M_PI)), go[0]));
}

/* Exp2Backward0: grad * result * ln 2 */
int cg_bw_exp2(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_scale(&s, s_mul(&s, go[0], saved(n)), M_LN2));
}

/* AsinhBackward0 / AcoshBackward0: grad * (self^2 +- 1).rsqrt() */
int cg_bw_asinh(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    CG_CHECK_INT(n->name != ASINH_INPLACE, CG_NOT_IMPLEMENTED_ERROR,
                 "the derivative for 'inplace version of asinh' is not implemented.");
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_fn(&s, cg_rsqrt, s_shift(&s, s_pow(&s, saved(n), 2), 1.0))));
}
int cg_bw_acosh(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    CG_CHECK_INT(n->name != ACOSH_INPLACE, CG_NOT_IMPLEMENTED_ERROR,
                 "the derivative for 'inplace version of acosh' is not implemented.");
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_fn(&s, cg_rsqrt, s_shift(&s, s_pow(&s, saved(n), 2), -1.0))));
}

/* AtanhBackward0: grad * 1 / (1 - self^2) */
int cg_bw_atanh(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    CG_CHECK_INT(n->name != ATANH_INPLACE, CG_NOT_IMPLEMENTED_ERROR,
                 "the derivative for 'inplace version of atanh' is not implemented.");
    scratch s = {0};
    return finish(gi, &s, s_div(&s, s_scale(&s, go[0], 1.0), s_one_minus(&s, s_pow(&s, saved(n), 2))));
}
