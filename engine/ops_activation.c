/* ops_activation.c: the activations with kernels of their own (elu, silu,
 * mish, hardtanh, hardsigmoid, hardswish, softplus, the shrinks,
 * log_sigmoid, threshold, glu, prelu, rrelu), their backward kernels and
 * their derivatives, as PyTorch 1.13's derivatives.yaml writes them.
 * Kernels: the scalar lambdas of activation_math.h and, where PyTorch's
 * AVX2 kernels call SLEEF, their vector lambdas (vec_act.c), each element
 * by the path PyTorch takes for it (Note [PyTorch's vector and scalar
 * paths] in ops_unary.c). The composites (selu, relu6, softsign, ...) are
 * not here but in the language, made of these. */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "activation_math.h"
#include "ew.h"
#include "formula.h"
#include "half.h"
#include "ops.h"
#include "ops_unary_impl.h"
#include "rng.h"
#include "vec_act.h"
#include "vec_math.h"

CG_ACTIVATION_MATH(f32, float, expf, log1pf, tanhf, fmaf)
CG_ACTIVATION_MATH(f64, double, exp, log1p, tanh, fma)

/* ---- kernels ------------------------------------------------------------------ */

/* The constants of vec_act.h, as T: elu's from args->s[0..2] (alpha, scale,
 * input_scale), softplus's from s[0..1] (beta, threshold) */
#define K_NONE(T) const T k[3] = {0}
#define K_ELU(T)                                                                              \
    const T scale_ = CG_SCALAR_AS(T, args->s[1]);                                             \
    const T k[3] = {CG_SCALAR_AS(T, args->s[0]) * scale_, CG_SCALAR_AS(T, args->s[2]), scale_}
#define K_SOFTPLUS(T) const T k[3] = {CG_SCALAR_AS(T, args->s[0]), CG_SCALAR_AS(T, args->s[1]), 0}

/* A cpu_kernel_vec kernel of one input: the whole steps of 2W of a
 * contiguous run by the vector lambda, the rest by SCALAR (in x, k) */
#define ACT_ROW(name, T, SUF, ACT, KPRO, SCALAR)                               \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) { \
        const cg_op_args *args = ctx;                                          \
        (void)args;                                                            \
        KPRO(T);                                                               \
        int64_t v = 0;                                                         \
        if (cg_vec_math_available() && s[0] == sizeof(T) && s[1] == sizeof(T)) { \
            v = n - n % (2 * (int64_t)(32 / sizeof(T)));                       \
            cg_vec_act_##SUF(ACT, k, (T *)p[0], (const T *)p[1], v);           \
        }                                                                      \
        for (int64_t i = v; i < n; i++) {                                      \
            T x = *(const T *)(p[1] + i * s[1]);                               \
            *(T *)(p[0] + i * s[0]) = SCALAR;                                  \
        }                                                                      \
    }

/* One of two inputs (dy, x): the vector lambda where the output and both
 * inputs are contiguous or one input is a single value (Note
 * [gelu_backward's kernel] in ops_unary.c), SCALAR (in dy, x, k, fused)
 * elsewhere */
#define ACT_BW_ROW(name, T, SUF, ACT, KPRO, SCALAR)                                                         \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {                              \
        const cg_op_args *args = ctx;                                                                       \
        (void)args;                                                                                         \
        KPRO(T);                                                                                            \
        const bool fused = cg_vec_math_available(), dy_c = s[1] == sizeof(T), x_c = s[2] == sizeof(T);     \
        (void)fused;                                                                                        \
        int64_t v = 0;                                                                                      \
        if (fused && s[0] == sizeof(T) && (dy_c || s[1] == 0) && (x_c || s[2] == 0) && (dy_c || x_c)) {     \
            v = n - n % (2 * (int64_t)(32 / sizeof(T)));                                                    \
            cg_vec_act_backward_##SUF(ACT, k, (T *)p[0], (const T *)p[1], dy_c, (const T *)p[2], x_c, v);   \
        }                                                                                                   \
        for (int64_t i = v; i < n; i++) {                                                                   \
            T dy = *(const T *)(p[1] + i * s[1]), x = *(const T *)(p[2] + i * s[2]);                        \
            *(T *)(p[0] + i * s[0]) = SCALAR;                                                               \
        }                                                                                                   \
    }

#define FLOAT_TABLE(name) static const cg_row_fn name##_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(name)};
#define ACT_KERNEL(name, ROW, ACT, KPRO, S32, S64) \
    ROW(name##_f32, float, f32, ACT, KPRO, S32)    \
    ROW(name##_f64, double, f64, ACT, KPRO, S64)   \
    FLOAT_TABLE(name)                              \
    void cg_cpu_##name(const cg_kernel_call *c) { cg_ew_run(c, name##_rows, 0); }

ACT_KERNEL(elu, ACT_ROW, CG_ACT_ELU, K_ELU, cg_elu_f32(x, k), cg_elu_f64(x, k))
ACT_KERNEL(silu, ACT_ROW, CG_ACT_SILU, K_NONE, cg_silu_f32(x), cg_silu_f64(x))
ACT_KERNEL(mish, ACT_ROW, CG_ACT_MISH, K_NONE, cg_mish_f32(x), cg_mish_f64(x))
ACT_KERNEL(softplus, ACT_ROW, CG_ACT_SOFTPLUS, K_SOFTPLUS, cg_softplus_f32(x, k), cg_softplus_f64(x, k))
ACT_KERNEL(silu_backward, ACT_BW_ROW, CG_ACT_SILU, K_NONE, cg_silu_backward_f32(dy, x, fused),
           cg_silu_backward_f64(dy, x, fused))
ACT_KERNEL(mish_backward, ACT_BW_ROW, CG_ACT_MISH, K_NONE, cg_mish_backward_f32(dy, x, fused),
           cg_mish_backward_f64(dy, x, fused))
ACT_KERNEL(softplus_backward, ACT_BW_ROW, CG_ACT_SOFTPLUS, K_SOFTPLUS, cg_softplus_backward_f32(dy, x, k),
           cg_softplus_backward_f64(dy, x, k))
/* glu: its first half dy, its second half x */
ACT_KERNEL(glu, ACT_BW_ROW, CG_ACT_GLU, K_NONE, cg_glu_f32(dy, x), cg_glu_f64(dy, x))

/* elu_backward(grad, self_or_result); args->flag: is_result */
ACT_BW_ROW(elu_backward_self_f32, float, f32, CG_ACT_ELU, K_ELU, cg_elu_backward_f32(dy, x, k, false))
ACT_BW_ROW(elu_backward_self_f64, double, f64, CG_ACT_ELU, K_ELU, cg_elu_backward_f64(dy, x, k, false))
ACT_BW_ROW(elu_backward_result_f32, float, f32, CG_ACT_ELU_RESULT, K_ELU, cg_elu_backward_f32(dy, x, k, true))
ACT_BW_ROW(elu_backward_result_f64, double, f64, CG_ACT_ELU_RESULT, K_ELU, cg_elu_backward_f64(dy, x, k, true))
FLOAT_TABLE(elu_backward_self)
FLOAT_TABLE(elu_backward_result)
void cg_cpu_elu_backward(const cg_kernel_call *c) {
    cg_ew_run(c, c->args->flag ? elu_backward_result_rows : elu_backward_self_rows, 0);
}

/* The piecewise ones: one expression serves the vector and the scalar
 * lambda alike (no rounding but their own +, *, /). */
#define PIECE_UNARY(name, pro, expr)                                     \
    CG_UNARY_ROW(name##_f32, float, pro(float), expr(float))             \
    CG_UNARY_ROW(name##_f64, double, pro(double), expr(double))          \
    FLOAT_TABLE(name)                                                    \
    void cg_cpu_##name(const cg_kernel_call *c) { cg_ew_run(c, name##_rows, 0); }
#define PIECE_BINARY(name, pro, expr)                                    \
    CG_BINARY_ROW(name##_f32, float, pro(float), expr(float))            \
    CG_BINARY_ROW(name##_f64, double, pro(double), expr(double))         \
    FLOAT_TABLE(name)                                                    \
    void cg_cpu_##name(const cg_kernel_call *c) { cg_ew_run(c, name##_rows, 0); }
#define NO_PRO(T) CG_NOPRO
#define LAMBD(T) const T l = CG_SCALAR_AS(T, args->s[0])
#define BOUNDS(T) const T lo = CG_SCALAR_AS(T, args->s[0]); const T hi = CG_SCALAR_AS(T, args->s[1])
#define E_HARDSIGMOID(T) CG_HARDSIGMOID(T, x)
#define E_HARDSWISH(T) CG_HARDSWISH(T, x)
#define E_SOFTSHRINK(T) CG_SOFTSHRINK(T, x, l)
#define E_HARDSHRINK(T) CG_HARDSHRINK(T, x, l)
#define E_HARDSIGMOID_BW(T) CG_HARDSIGMOID_BACKWARD(T, a, b)
#define E_HARDSWISH_BW(T) CG_HARDSWISH_BACKWARD(T, a, b)
#define E_SHRINK_BW(T) CG_SHRINK_BACKWARD(T, a, b, l)
#define E_HARDTANH_BW(T) CG_HARDTANH_BACKWARD(T, a, b, lo, hi)
#define E_PRELU(T) CG_PRELU(a, b)
#define RRELU_PRO(T) const T slope = (T)((cg_scalar_to_double(args->s[0]) + cg_scalar_to_double(args->s[1])) / 2)
#define E_RRELU(T) CG_RRELU(a, b, args->flag, slope)

PIECE_UNARY(hardsigmoid, NO_PRO, E_HARDSIGMOID)
PIECE_UNARY(hardswish, NO_PRO, E_HARDSWISH)
PIECE_UNARY(softshrink, LAMBD, E_SOFTSHRINK)
PIECE_UNARY(hardshrink, LAMBD, E_HARDSHRINK)
/* (grad a, self b) */
PIECE_BINARY(hardsigmoid_backward, NO_PRO, E_HARDSIGMOID_BW)

/* The backward kernels whose vector lambda differs from the scalar one at
 * a NaN self (its masks are false where the scalar lambda's tests are):
 * VEXPR over the elements the vector lambda takes (ACT_BW_ROW's rule),
 * EXPR over the rest; both in (grad a, self b). */
#define PIECE_BW_ROW(name, T, pro, VEXPR, EXPR)                                                             \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {                              \
        const cg_op_args *args = ctx;                                                                       \
        (void)args;                                                                                         \
        pro;                                                                                                \
        const bool a_c = s[1] == sizeof(T), b_c = s[2] == sizeof(T);                                        \
        int64_t v = 0;                                                                                      \
        if (cg_vec_math_available() && s[0] == sizeof(T) && (a_c || s[1] == 0) && (b_c || s[2] == 0)        \
            && (a_c || b_c))                                                                                \
            v = n - n % (2 * (int64_t)(32 / sizeof(T)));                                                    \
        for (int64_t i = 0; i < n; i++) {                                                                   \
            T a = *(const T *)(p[1] + i * s[1]), b = *(const T *)(p[2] + i * s[2]);                        \
            *(T *)(p[0] + i * s[0]) = i < v ? (VEXPR) : (EXPR);                                             \
        }                                                                                                   \
    }
#define PIECE_BW(name, pro, VEXPR, EXPR)                           \
    PIECE_BW_ROW(name##_f32, float, pro(float), VEXPR(float), EXPR(float))    \
    PIECE_BW_ROW(name##_f64, double, pro(double), VEXPR(double), EXPR(double)) \
    FLOAT_TABLE(name)                                              \
    void cg_cpu_##name(const cg_kernel_call *c) { cg_ew_run(c, name##_rows, 0); }
#define V_HARDSWISH_BW(T) (b < (T)-3 ? (T)0 : b >= (T)3 ? a : a * ((b / (T)3) + (T)0.5))
#define V_SHRINK_BW(T) (b < -l || b > l ? a : (T)0)
#define V_HARDTANH_BW(T) (b > lo && b < hi ? a : (T)0)
PIECE_BW(hardswish_backward, NO_PRO, V_HARDSWISH_BW, E_HARDSWISH_BW)
PIECE_BW(shrink_backward, LAMBD, V_SHRINK_BW, E_SHRINK_BW)
PIECE_BW(hardtanh_backward, BOUNDS, V_HARDTANH_BW, E_HARDTANH_BW)
/* (x a, weight b broadcast) */
PIECE_BINARY(prelu, NO_PRO, E_PRELU)
/* (x a, noise b); args->flag: training, s[0] lower, s[1] upper */
PIECE_BINARY(rrelu, RRELU_PRO, E_RRELU)

/* threshold over every number dtype: args->s[0] threshold, s[1] value */
#define THRESHOLD_ROW(name, T)                                                                        \
    CG_UNARY_ROW(name, T, const T th = CG_SCALAR_AS(T, args->s[0]); const T v = CG_SCALAR_AS(T, args->s[1]), \
                 CG_THRESHOLD(x, th, v))
CG_EXPAND_NUMERIC(THRESHOLD_ROW, thr)
static const cg_row_fn thr_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(thr)};
void cg_cpu_threshold(const cg_kernel_call *c) { cg_ew_run(c, thr_rows, 0); }

/* log_sigmoid_backward(self a, buffer b, grad c): its vector and scalar
 * lambdas agree (one FMA each on AVX2), so one loop serves */
#define LOG_SIGMOID_BW_ROW(name, T, SUF)                                                           \
    CG_TERNARY_ROW(name, T, T, T, const bool fused = cg_vec_math_available(),                       \
                   cg_log_sigmoid_backward_##SUF(a, b, c, fused))
LOG_SIGMOID_BW_ROW(log_sigmoid_backward_f32, float, f32)
LOG_SIGMOID_BW_ROW(log_sigmoid_backward_f64, double, f64)
FLOAT_TABLE(log_sigmoid_backward)
void cg_cpu_log_sigmoid_backward(const cg_kernel_call *c) { cg_ew_run(c, log_sigmoid_backward_rows, 0); }

/* ---- frontends ------------------------------------------------------------------ */

/* PyTorch's dispatch error for a dtype a kernel lacks: its CPU kernels
 * take float32, float64 and bfloat16 (computed in float32), not float16 */
static int check_dtype(const cg_tensor *x, const char *kernel, bool bf16) {
    bool cpu = cg_tensor_device(x).type == CG_CPU;
    bool ok = cg_dtype_is_float(x->dtype) && !(cpu && x->dtype == CG_F16) && (bf16 || !cpu || x->dtype != CG_BF16);
    CG_CHECK_INT(ok, CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel, cg_dtype_legacy_name(x->dtype));
    return 0;
}
static int check_float(const cg_tensor *x, const char *kernel) { return check_dtype(x, kernel, true); }

/* The node's name when it is not the row's (CeluBackward0 on ELU's row,
 * the *Backward1 nodes of in-place forms that save their result) */
static void rename_node(cg_tensor *t, const char *node) {
    if (t && node && t->grad_fn)
        t->grad_fn->name = node;
}

/* out = op(x), recorded saving x ("self") or out ("result") */
static cg_tensor *act(cg_op op, cg_tensor *x, bool save_result, const cg_op_args *args, const char *node) {
    cg_tensor *out = cg_ew_unary(op, x, x->dtype, x->dtype, args);
    if (!out)
        return NULL;
    cg_save_spec spec = {save_result ? out : x, save_result ? "result" : "self"};
    out = cg_ew_record(out, op, 1, &x, 1, &spec, args);
    rename_node(out, node);
    return out;
}

/* self = op(self), saving a copy of the old self made before, or self
 * after (an alias; Note [Saved outputs] in autograd.h) */
static int act_(cg_op op, cg_tensor *self, bool save_result, const cg_op_args *args, const char *node) {
    bool record = cg_autograd_needed(1, &self);
    cg_tensor *old = NULL;
    if (record && !save_result && !(old = cg_clone(self)))
        return -1;
    int rc = cg_ew_unary_as_(op, self, self->dtype, args);
    if (rc == 0 && record) {
        cg_save_spec spec = {save_result ? self : old, save_result ? "result" : "self"};
        rc = cg_ew_record_(self, op, 1, &self, 1, &spec, args);
        rename_node(self, node);
    }
    cg_tensor_release(old);
    return rc;
}

/* a backward kernel (grad, x) recorded with both, for its own derivative */
static cg_tensor *act_backward(cg_op op, cg_tensor *grad, cg_tensor *x, const char *kernel, const cg_op_args *args,
                               const char *x_name) {
    cg_dtype dt = cg_result_type(2, (cg_tensor *[]){grad, x});
    CG_CHECK(cg_dtype_is_float(dt), CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel,
             cg_dtype_legacy_name(dt));
    cg_tensor *out = cg_ew_binary(op, grad, x, dt, dt, args);
    cg_save_spec save[2] = {{grad, "grad_output"}, {x, x_name}};
    return cg_ew_record(out, op, 2, (cg_tensor *[]){grad, x}, 2, save, args);
}

static cg_op_args elu_args(double alpha, double scale, double input_scale, bool is_result) {
    return (cg_op_args){.s = {cg_scalar_float(alpha), cg_scalar_float(scale), cg_scalar_float(input_scale)},
                        .flag = is_result};
}

cg_tensor *cg_elu(cg_tensor *x, double alpha, double scale, double input_scale) {
    cg_op_args args = elu_args(alpha, scale, input_scale, false);
    return check_float(x, "elu_cpu") < 0 ? NULL : act(CG_OP_ELU, x, false, &args, NULL);
}

/* elu_ saves its result, whose derivative PyTorch only takes for alpha >= 0 */
static int elu_in_place(cg_tensor *self, const cg_op_args *args, double alpha, const char *node) {
    (void)alpha; /* a negative one fails in the backward, as PyTorch's */
    if (check_float(self, "elu_cpu") < 0)
        return -1;
    return act_(CG_OP_ELU, self, true, args, node);
}
int cg_elu_(cg_tensor *self, double alpha, double scale, double input_scale) {
    cg_op_args args = elu_args(alpha, scale, input_scale, true);
    return elu_in_place(self, &args, alpha, "EluBackward1");
}

static int check_celu(double alpha) {
    CG_CHECK_INT(alpha != 0, CG_RUNTIME_ERROR, "ZeroDivisionError: alpha cannot be 0 for CELU");
    return 0;
}
/* celu's args: elu's, with i[0] set, for its derivative (below) */
static cg_op_args celu_args(double alpha, bool is_result) {
    cg_op_args args = elu_args(alpha, 1.0, 1.0 / alpha, is_result);
    args.i[0] = 1;
    return args;
}
cg_tensor *cg_celu(cg_tensor *x, double alpha) {
    if (check_celu(alpha) < 0 || check_float(x, "elu_cpu") < 0)
        return NULL;
    cg_op_args args = celu_args(alpha, false);
    return act(CG_OP_ELU, x, false, &args, "CeluBackward0");
}
int cg_celu_(cg_tensor *self, double alpha) {
    cg_op_args args = celu_args(alpha, true);
    return check_celu(alpha) < 0 ? -1 : elu_in_place(self, &args, alpha, "CeluBackward1");
}

cg_tensor *cg_elu_backward(cg_tensor *grad, double alpha, double scale, double input_scale, bool is_result,
                           cg_tensor *self_or_result) {
    CG_CHECK(!is_result || alpha >= 0, CG_RUNTIME_ERROR,
             "In-place elu backward calculation is triggered with a negative slope which is not supported. "
             "This is caused by calling in-place forward function with a negative slope, please call "
             "out-of-place version instead.");
    cg_op_args args = elu_args(alpha, scale, input_scale, is_result);
    return act_backward(CG_OP_ELU_BACKWARD, grad, self_or_result, "elu_backward_cpu", &args, "self_or_result");
}

/* Note [bfloat16 silu]
 * ~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13's silu and silu_backward take bfloat16 through their
 * generic lambdas, whose every operation rounds to bfloat16 (c10's
 * BFloat16 arithmetic), not through float32 as its other activations do:
 * x / (exp(-x) + 1), and dy * s * (x * (1 - s) + 1) with s = 1 / (exp(-x)
 * + 1). On the CPU cgrad computes them with the same ops, each rounding. */
static bool bf16_cpu(const cg_tensor *x) { return x->dtype == CG_BF16 && cg_tensor_device(x).type == CG_CPU; }

static cg_tensor *silu_bf16_values(cg_tensor *x) {
    scratch s = {0};
    cg_tensor *d = s_shift(&s, s_fn(&s, cg_exp, s_fn(&s, cg_neg, x)), 1.0);
    cg_tensor *r = d ? cg_div(x, d) : NULL;
    scratch_free(&s);
    return r;
}

cg_tensor *cg_silu(cg_tensor *x) {
    if (check_float(x, "silu_cpu") < 0)
        return NULL;
    if (!bf16_cpu(x))
        return act(CG_OP_SILU, x, false, NULL, NULL);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = silu_bf16_values(x);
    cg_grad_set_enabled(was);
    cg_save_spec spec = {x, "self"};
    return out ? cg_ew_record(out, CG_OP_SILU, 1, &x, 1, &spec, NULL) : NULL;
}

int cg_silu_(cg_tensor *self) {
    if (check_float(self, "silu_cpu") < 0)
        return -1;
    if (!bf16_cpu(self))
        return act_(CG_OP_SILU, self, false, NULL, NULL);
    if (cg_autograd_check_inplace(self) < 0)
        return -1;
    bool record = cg_autograd_needed(1, &self);
    cg_tensor *old = record ? cg_clone(self) : NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = record && !old ? NULL : silu_bf16_values(self);
    int rc = out ? cg_copy_(self, out) : -1;
    cg_grad_set_enabled(was);
    if (rc == 0 && record) {
        cg_save_spec spec = {old, "self"};
        rc = cg_ew_record_(self, CG_OP_SILU, 1, &self, 1, &spec, NULL);
    }
    cg_tensor_release(out);
    cg_tensor_release(old);
    return rc;
}
/* mish: no bfloat16 kernel in PyTorch 1.13 */
cg_tensor *cg_mish(cg_tensor *x) {
    return check_dtype(x, "mish_cpu", false) < 0 ? NULL : act(CG_OP_MISH, x, false, NULL, NULL);
}
int cg_mish_(cg_tensor *self) {
    return check_dtype(self, "mish_cpu", false) < 0 ? -1 : act_(CG_OP_MISH, self, false, NULL, NULL);
}

/* silu_backward and mish_backward: kernels PyTorch never records (with
 * grad mode on it differentiates through composites instead) */
static cg_tensor *unrecorded_backward(cg_op op, cg_tensor *grad, cg_tensor *x, const char *kernel) {
    cg_dtype dt = cg_result_type(2, (cg_tensor *[]){grad, x});
    CG_CHECK(cg_dtype_is_float(dt), CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel,
             cg_dtype_legacy_name(dt));
    return cg_ew_binary(op, grad, x, dt, dt, NULL);
}
cg_tensor *cg_silu_backward(cg_tensor *grad, cg_tensor *self) {
    if (!bf16_cpu(self) || grad->dtype != CG_BF16)
        return unrecorded_backward(CG_OP_SILU_BACKWARD, grad, self, "silu_backward_cpu");
    scratch s = {0}; /* Note [bfloat16 silu] */
    cg_tensor *sig = s_fn(&s, cg_reciprocal, s_shift(&s, s_fn(&s, cg_exp, s_fn(&s, cg_neg, self)), 1.0));
    cg_tensor *inner = s_shift(&s, s_mul(&s, self, s_one_minus(&s, sig)), 1.0);
    cg_tensor *r = s_mul(&s, s_mul(&s, grad, sig), inner);
    r = r ? cg_tensor_retain(r) : NULL;
    scratch_free(&s);
    return r;
}
cg_tensor *cg_mish_backward(cg_tensor *grad, cg_tensor *self) {
    return unrecorded_backward(CG_OP_MISH_BACKWARD, grad, self, "mish_backward_cpu");
}

/* hardtanh is clamp's kernel with both bounds (args as clamp's) */
static cg_op_args hardtanh_args(cg_scalar lo, cg_scalar hi) {
    return (cg_op_args){.s = {lo, hi}, .i = {CG_CLAMP_MIN | CG_CLAMP_MAX}};
}
static int check_hardtanh(const cg_tensor *x) {
    CG_CHECK_INT(x->dtype != CG_BOOL, CG_RUNTIME_ERROR, "Bool inputs not supported for hardtanh");
    CG_CHECK_INT(x->dtype != CG_F16 || cg_tensor_device(x).type != CG_CPU, CG_RUNTIME_ERROR,
                 "\"clamp_scalar_cpu\" not implemented for 'Half'");
    return 0;
}
cg_tensor *cg_hardtanh(cg_tensor *x, cg_scalar min_val, cg_scalar max_val) {
    cg_op_args args = hardtanh_args(min_val, max_val);
    return check_hardtanh(x) < 0 ? NULL : act(CG_OP_HARDTANH, x, false, &args, NULL);
}
int cg_hardtanh_(cg_tensor *self, cg_scalar min_val, cg_scalar max_val) {
    cg_op_args args = hardtanh_args(min_val, max_val);
    return check_hardtanh(self) < 0 ? -1 : act_(CG_OP_HARDTANH, self, true, &args, NULL);
}
cg_tensor *cg_hardtanh_backward(cg_tensor *grad, cg_tensor *self, cg_scalar min_val, cg_scalar max_val) {
    cg_op_args args = {.s = {min_val, max_val}};
    return act_backward(CG_OP_HARDTANH_BACKWARD, grad, self, "hardshrink_backward_cpu", &args, "self");
}

cg_tensor *cg_hardsigmoid(cg_tensor *x) {
    return check_float(x, "hardsigmoid_cpu") < 0 ? NULL : act(CG_OP_HARDSIGMOID, x, false, NULL, NULL);
}
int cg_hardsigmoid_(cg_tensor *self) {
    return check_float(self, "hardsigmoid_cpu") < 0 ? -1 : act_(CG_OP_HARDSIGMOID, self, false, NULL, NULL);
}
cg_tensor *cg_hardsigmoid_backward(cg_tensor *grad, cg_tensor *self) {
    return act_backward(CG_OP_HARDSIGMOID_BACKWARD, grad, self, "hardsigmoid_backward", NULL, "self");
}
cg_tensor *cg_hardswish(cg_tensor *x) {
    return check_float(x, "hardswish_cpu") < 0 ? NULL : act(CG_OP_HARDSWISH, x, false, NULL, NULL);
}
int cg_hardswish_(cg_tensor *self) {
    return check_float(self, "hardswish_cpu") < 0 ? -1 : act_(CG_OP_HARDSWISH, self, false, NULL, NULL);
}
cg_tensor *cg_hardswish_backward(cg_tensor *grad, cg_tensor *self) {
    return act_backward(CG_OP_HARDSWISH_BACKWARD, grad, self, "hardswish_backward_cpu", NULL, "self");
}

cg_tensor *cg_softplus(cg_tensor *x, cg_scalar beta, cg_scalar threshold) {
    cg_op_args args = {.s = {beta, threshold}};
    return check_float(x, "softplus_cpu") < 0 ? NULL : act(CG_OP_SOFTPLUS, x, false, &args, NULL);
}
cg_tensor *cg_softplus_backward(cg_tensor *grad, cg_tensor *self, cg_scalar beta, cg_scalar threshold) {
    cg_op_args args = {.s = {beta, threshold}};
    return act_backward(CG_OP_SOFTPLUS_BACKWARD, grad, self, "softplus_backward_cpu", &args, "self");
}

cg_tensor *cg_softshrink(cg_tensor *x, cg_scalar lambd) {
    double l = cg_scalar_to_double(lambd);
    CG_CHECK(l >= 0, CG_RUNTIME_ERROR, "lambda must be greater or equal to 0, but found to be %g.", l);
    cg_op_args args = {.s = {lambd}};
    return check_float(x, "softshrink_cpu") < 0 ? NULL : act(CG_OP_SOFTSHRINK, x, false, &args, NULL);
}
cg_tensor *cg_hardshrink(cg_tensor *x, cg_scalar lambd) {
    cg_op_args args = {.s = {lambd}};
    return check_float(x, "hardshrink_cpu") < 0 ? NULL : act(CG_OP_HARDSHRINK, x, false, &args, NULL);
}
cg_tensor *cg_softshrink_backward(cg_tensor *grad, cg_tensor *self, cg_scalar lambd) {
    cg_op_args args = {.s = {lambd}};
    return act_backward(CG_OP_SOFTSHRINK_BACKWARD, grad, self, "shrink_backward_cpu", &args, "self");
}
cg_tensor *cg_hardshrink_backward(cg_tensor *grad, cg_tensor *self, cg_scalar lambd) {
    cg_op_args args = {.s = {lambd}};
    return act_backward(CG_OP_HARDSHRINK_BACKWARD, grad, self, "shrink_backward_cpu", &args, "self");
}

cg_tensor *cg_threshold(cg_tensor *x, cg_scalar threshold, cg_scalar value) {
    CG_CHECK(x->dtype != CG_BOOL && !cg_dtype_is_complex(x->dtype)
                 && !(x->dtype == CG_F16 && cg_tensor_device(x).type == CG_CPU),
             CG_RUNTIME_ERROR, "\"threshold_cpu\" not implemented for '%s'", cg_dtype_legacy_name(x->dtype));
    cg_op_args args = {.s = {threshold, value}};
    cg_tensor *out = cg_ew_unary(CG_OP_THRESHOLD, x, x->dtype, x->dtype, &args);
    cg_save_spec spec = {x, "self"};
    return out ? cg_ew_record(out, CG_OP_THRESHOLD, 1, &x, 1, &spec, &args) : NULL;
}
int cg_threshold_(cg_tensor *self, cg_scalar threshold, cg_scalar value) {
    CG_CHECK_INT(self->dtype != CG_BOOL && !cg_dtype_is_complex(self->dtype)
                     && !(self->dtype == CG_F16 && cg_tensor_device(self).type == CG_CPU),
                 CG_RUNTIME_ERROR, "\"threshold_cpu\" not implemented for '%s'", cg_dtype_legacy_name(self->dtype));
    cg_op_args args = {.s = {threshold, value}};
    return act_(CG_OP_THRESHOLD, self, false, &args, "ThresholdBackward1"); /* the old self, as PyTorch's */
}

/* log_sigmoid's loop (PyTorch's _vec_log_sigmoid) over a contiguous float
 * CPU input: out and buffer as the vector lambda gives them, libm's where
 * PyTorch runs its DEFAULT build */
#define LOG_SIGMOID_LOOP(SUF, T, EXP, LOG1P, ABS)                                     \
    static void log_sigmoid_##SUF(T *out, T *buf, const T *x, int64_t n) {            \
        if (cg_vec_math_available()) {                                                \
            cg_vec_log_sigmoid_##SUF(out, buf, x, n);                                 \
            return;                                                                   \
        }                                                                             \
        for (int64_t i = 0; i < n; i++) {                                             \
            T m = x[i] != x[i] ? x[i] : x[i] < (T)0 ? x[i] : (T)0;                    \
            buf[i] = EXP(-ABS(x[i]));                                                 \
            out[i] = m - LOG1P(buf[i]);                                               \
        }                                                                             \
    }
LOG_SIGMOID_LOOP(f32, float, expf, log1pf, fabsf)
LOG_SIGMOID_LOOP(f64, double, exp, log1p, fabs)

/* out and buffer without history: the loop on the CPU, elementwise ops
 * elsewhere (and for the reduced float types) */
static int log_sigmoid_values(cg_tensor *x, cg_tensor **out, cg_tensor **buf) {
    if (cg_tensor_device(x).type == CG_CPU && (x->dtype == CG_F32 || x->dtype == CG_F64)) {
        cg_tensor *xc = cg_contiguous(x);
        *out = xc ? cg_tensor_empty(x->ndim, x->sizes, x->dtype, cg_tensor_device(x)) : NULL;
        *buf = *out ? cg_tensor_empty(x->ndim, x->sizes, x->dtype, cg_tensor_device(x)) : NULL;
        if (*buf && x->dtype == CG_F32)
            log_sigmoid_f32(cg_tensor_data(*out), cg_tensor_data(*buf), cg_tensor_data(xc), cg_tensor_numel(x));
        else if (*buf)
            log_sigmoid_f64(cg_tensor_data(*out), cg_tensor_data(*buf), cg_tensor_data(xc), cg_tensor_numel(x));
        cg_tensor_release(xc);
        return *buf ? 0 : -1;
    }
    if (cg_tensor_device(x).type == CG_CPU && x->dtype == CG_BF16) { /* in float32, as PyTorch's */
        cg_tensor *xf = cg_to_dtype(x, CG_F32), *of = NULL, *bf = NULL;
        int rc = xf ? log_sigmoid_values(xf, &of, &bf) : -1;
        *out = rc == 0 ? cg_to_dtype(of, CG_BF16) : NULL;
        *buf = *out ? cg_to_dtype(bf, CG_BF16) : NULL;
        cg_tensor_release(xf), cg_tensor_release(of), cg_tensor_release(bf);
        if (!*buf)
            cg_tensor_release(*out);
        return *buf ? 0 : -1;
    }
    scratch s = {0};
    cg_tensor *zero = keep(&s, cg_scalar_tensor(cg_scalar_int(0)));
    *buf = s_fn(&s, cg_exp, s_fn(&s, cg_neg, s_fn(&s, cg_abs, x)));
    cg_tensor *m = zero ? s_fn(&s, cg_neg, keep(&s, cg_minimum(x, zero))) : NULL;
    cg_tensor *o = s_sub(&s, s_fn(&s, cg_neg, m), s_fn(&s, cg_log1p, *buf));
    *out = o ? cg_tensor_retain(o) : NULL;
    *buf = *buf && o ? cg_tensor_retain(*buf) : NULL;
    scratch_free(&s);
    return *out ? 0 : -1;
}

cg_tensor *cg_log_sigmoid(cg_tensor *x) {
    if (check_float(x, "log_sigmoid_cpu") < 0)
        return NULL;
    cg_tensor *out = NULL, *buf = NULL;
    bool was = cg_grad_set_enabled(false);
    int rc = log_sigmoid_values(x, &out, &buf);
    cg_grad_set_enabled(was);
    if (rc < 0)
        return NULL;
    cg_save_spec save[2] = {{x, "self"}, {buf, "buffer"}};
    out = cg_ew_record(out, CG_OP_LOG_SIGMOID, 1, &x, 2, save, NULL);
    cg_tensor_release(buf);
    return out;
}

cg_tensor *cg_log_sigmoid_backward(cg_tensor *grad, cg_tensor *self, cg_tensor *buffer) {
    cg_dtype dt = cg_result_type(2, (cg_tensor *[]){grad, self});
    CG_CHECK(cg_dtype_is_float(dt), CG_RUNTIME_ERROR, "\"log_sigmoid_backward_cpu\" not implemented for '%s'",
             cg_dtype_legacy_name(dt));
    cg_tensor *out = cg_ew_ternary(CG_OP_LOG_SIGMOID_BACKWARD, self, buffer, grad, (cg_dtype[]){dt, dt, dt}, dt, NULL);
    cg_save_spec save[3] = {{grad, "grad_output"}, {self, "self"}, {buffer, "buffer"}};
    return cg_ew_record(out, CG_OP_LOG_SIGMOID_BACKWARD, 2, (cg_tensor *[]){grad, self}, 3, save, NULL);
}

/* The halves of x along d, views (with history where grad mode records:
 * glu's derivative differentiated again) */
static int halves(cg_tensor *x, int64_t d, cg_tensor **a, cg_tensor **b) {
    int64_t h = x->sizes[d] / 2;
    *a = cg_narrow(x, d, 0, h);
    *b = *a ? cg_narrow(x, d, h, h) : NULL;
    if (!*b)
        cg_tensor_release(*a);
    return *b ? 0 : -1;
}

cg_tensor *cg_glu(cg_tensor *x, int64_t dim) {
    CG_CHECK(x->ndim > 0, CG_RUNTIME_ERROR, "glu does not support scalars because halving size must be even");
    int d = cg_wrap_dim(dim, x->ndim);
    if (d < 0 || check_float(x, "glu_cpu") < 0)
        return NULL;
    CG_CHECK(x->sizes[d] % 2 == 0, CG_RUNTIME_ERROR,
             "Halving dimension must be even, but dimension %d is size %lld", d, (long long)x->sizes[d]);
    cg_tensor *a, *b;
    if (halves(x, d, &a, &b) < 0)
        return NULL;
    cg_op_args args = {.i = {d}};
    cg_tensor *out = cg_ew_binary(CG_OP_GLU, a, b, x->dtype, x->dtype, &args);
    cg_tensor_release(a);
    cg_tensor_release(b);
    cg_save_spec save = {x, "self"};
    return out ? cg_ew_record(out, CG_OP_GLU, 1, &x, 1, &save, &args) : NULL;
}

/* weight as x's operand: 0-d for one weight, else [C, 1, ...] against x's
 * dims from 1 on */
static cg_tensor *prelu_weight_view(cg_tensor *x, cg_tensor *weight) {
    int64_t sizes[CG_MAX_DIMS];
    int nd = 0;
    if (cg_tensor_numel(weight) != 1) {
        sizes[nd++] = cg_tensor_numel(weight);
        for (int k = 2; k < x->ndim; k++)
            sizes[nd++] = 1;
    }
    return cg_reshape(weight, nd, sizes);
}

cg_tensor *cg_prelu(cg_tensor *x, cg_tensor *weight) {
    if (check_float(x, "prelu_cpu") < 0)
        return NULL;
    int64_t wn = cg_tensor_numel(weight);
    CG_CHECK(weight->ndim <= 1, CG_RUNTIME_ERROR, "prelu: Expected `weight` to be a scalar or 1D tensor, but got ndim = %d",
             weight->ndim);
    if (wn != 1) {
        CG_CHECK(x->ndim > 0, CG_RUNTIME_ERROR, "Not allow zero-dim input tensor.");
        int64_t channels = x->ndim >= 2 ? x->sizes[1] : 1;
        CG_CHECK(channels == wn, CG_RUNTIME_ERROR,
                 "Mismatch of parameter numbers and input channel size. Found parameter numbers = %lld and channel "
                 "size = %lld.",
                 (long long)wn, (long long)channels);
    }
    bool was = cg_grad_set_enabled(false);
    cg_tensor *w = prelu_weight_view(x, weight);
    cg_grad_set_enabled(was);
    cg_tensor *out = w ? cg_ew_binary(CG_OP_PRELU, x, w, x->dtype, x->dtype, NULL) : NULL;
    cg_tensor_release(w);
    cg_save_spec save[2] = {{x, "self"}, {weight, "weight"}};
    return out ? cg_ew_record(out, CG_OP_PRELU, 2, (cg_tensor *[]){x, weight}, 2, save, NULL) : NULL;
}

/* rrelu's noise: PyTorch's draws on the CPU (one uniform double from
 * random64() per non-positive element of the contiguous input, rounded to
 * T, 1 elsewhere); elementwise ops elsewhere */
#define RRELU_NOISE(SUF, T)                                                                      \
    static void rrelu_noise_##SUF(T *noise, const T *x, int64_t n, double lo, double hi, cg_rng *g) { \
        for (int64_t i = 0; i < n; i++) {                                                        \
            if (x[i] <= (T)0) {                                                                  \
                double u = (double)(cg_rng_random64(g) & ((1ull << 53) - 1)) * 0x1p-53;           \
                noise[i] = (T)(u * (hi - lo) + lo);                                               \
            } else {                                                                             \
                noise[i] = (T)1;                                                                 \
            }                                                                                    \
        }                                                                                        \
    }
RRELU_NOISE(f32, float)
RRELU_NOISE(f64, double)

/* bfloat16: the bounds and each draw rounded to bfloat16 (through float),
 * as PyTorch's generic loop; the noise kept as float values here */
static double bf16_round(double v) { return cg_bf16_to_float(cg_bf16_from_float((float)v)); }
static void rrelu_noise_bf16(float *noise, const float *x, int64_t n, double lo, double hi, cg_rng *g) {
    lo = bf16_round(lo), hi = bf16_round(hi);
    for (int64_t i = 0; i < n; i++) {
        if (x[i] <= 0.0f) {
            double u = (double)(cg_rng_random64(g) & ((1ull << 53) - 1)) * 0x1p-53;
            noise[i] = (float)bf16_round(u * (hi - lo) + lo);
        } else {
            noise[i] = 1.0f;
        }
    }
}

static cg_tensor *rrelu_noise_bf16_tensor(cg_tensor *x, double lo, double hi, cg_rng *g) {
    cg_tensor *xf = cg_to_dtype(x, CG_F32), *nf = NULL, *noise = NULL;
    if (xf)
        nf = cg_tensor_empty(x->ndim, x->sizes, CG_F32, cg_tensor_device(x));
    if (nf) {
        rrelu_noise_bf16(cg_tensor_data(nf), cg_tensor_data(xf), cg_tensor_numel(x), lo, hi, g);
        noise = cg_to_dtype(nf, CG_BF16);
    }
    cg_tensor_release(xf), cg_tensor_release(nf);
    return noise;
}

static cg_tensor *rrelu_noise(cg_tensor *x, double lo, double hi, cg_rng *gen) {
    cg_rng *g = cg_random_generator(x, gen);
    if (!g)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xc = cg_contiguous(x), *noise = NULL;
    if (xc && cg_tensor_device(x).type == CG_CPU && (x->dtype == CG_F32 || x->dtype == CG_F64)) {
        noise = cg_tensor_empty(x->ndim, x->sizes, x->dtype, cg_tensor_device(x));
        if (noise && x->dtype == CG_F32) /* the bounds rounded to float first, as PyTorch's */
            rrelu_noise_f32(cg_tensor_data(noise), cg_tensor_data(xc), cg_tensor_numel(x), (float)lo, (float)hi, g);
        else if (noise)
            rrelu_noise_f64(cg_tensor_data(noise), cg_tensor_data(xc), cg_tensor_numel(x), lo, hi, g);
    } else if (xc && cg_tensor_device(x).type == CG_CPU && x->dtype == CG_BF16) {
        noise = rrelu_noise_bf16_tensor(xc, lo, hi, g);
    } else if (xc) {
        scratch s = {0};
        cg_tensor *u = keep(&s, cg_rand_like(xc, xc->dtype));
        cg_tensor *r = s_shift(&s, s_scale(&s, u, hi - lo), lo);
        cg_tensor *zero = keep(&s, cg_scalar_tensor(cg_scalar_int(0)));
        cg_tensor *pos = zero ? keep(&s, cg_gt(xc, zero)) : NULL;
        cg_tensor *one = keep(&s, cg_scalar_tensor(cg_scalar_int(1)));
        noise = pos && r && one ? cg_where(pos, one, r) : NULL;
        scratch_free(&s);
    }
    cg_grad_set_enabled(was);
    cg_tensor_release(xc);
    return noise;
}

/* args and noise of rrelu: the noise drawn in training, a 0-d zero (which
 * the kernel ignores) in evaluation */
static int rrelu_prepare(cg_tensor *x, double lo, double hi, bool training, cg_rng *gen, cg_op_args *args,
                         cg_tensor **noise) {
    if (check_float(x, training ? "rrelu_with_noise_out_cpu" : "leaky_relu_cpu") < 0)
        return -1;
    CG_CHECK_INT(lo <= hi, CG_RUNTIME_ERROR, "Lower bound should be less than or equal to the upper bound");
    *args = (cg_op_args){.s = {cg_scalar_float(lo), cg_scalar_float(hi)}, .flag = training};
    *noise = training ? rrelu_noise(x, lo, hi, gen) : cg_scalar_tensor(cg_scalar_float(0));
    return *noise ? 0 : -1;
}

cg_tensor *cg_rrelu(cg_tensor *x, double lower, double upper, bool training, cg_rng *gen) {
    cg_op_args args;
    cg_tensor *noise;
    if (rrelu_prepare(x, lower, upper, training, gen, &args, &noise) < 0)
        return NULL;
    cg_tensor *out = cg_ew_binary(CG_OP_RRELU_WITH_NOISE, x, noise, x->dtype, x->dtype, &args);
    cg_save_spec save[2] = {{x, "self"}, {noise, "noise"}};
    out = out ? cg_ew_record(out, CG_OP_RRELU_WITH_NOISE, 1, &x, 2, save, &args) : NULL;
    cg_tensor_release(noise);
    return out;
}

int cg_rrelu_(cg_tensor *self, double lower, double upper, bool training, cg_rng *gen) {
    cg_op_args args;
    cg_tensor *noise;
    if (rrelu_prepare(self, lower, upper, training, gen, &args, &noise) < 0)
        return -1;
    bool record = cg_autograd_needed(1, &self);
    int rc = cg_ew_binary_(CG_OP_RRELU_WITH_NOISE, self, noise, self->dtype, &args);
    if (rc == 0 && record) {
        cg_save_spec save[2] = {{self, "result"}, {noise, "noise"}};
        rc = cg_ew_record_(self, CG_OP_RRELU_WITH_NOISE, 1, &self, 2, save, &args);
        rename_node(self, "RreluWithNoiseBackward1");
    }
    cg_tensor_release(noise);
    return rc;
}

/* ---- derivatives ------------------------------------------------------------------ */

/* saved tensor k of a node, borrowed; NULL on error */
static cg_tensor *saved_at(cg_node *n, int k) {
    cg_tensor *t;
    return cg_node_saved(n, k, &t) < 0 ? NULL : t;
}
static double arg_d(const cg_node *n, int k) { return cg_scalar_to_double(n->args.s[k]); }
static cg_tensor *s_zero(scratch *s) { return keep(s, cg_scalar_tensor(cg_scalar_int(0))); }
static cg_tensor *s_where0(scratch *s, cg_tensor *mask, cg_tensor *a) {
    cg_tensor *z = s_zero(s);
    return mask && a && z ? keep(s, cg_where(mask, a, z)) : NULL;
}
static cg_tensor *s_cmp(scratch *s, cg_tensor *(*cmp)(cg_tensor *, cg_tensor *), cg_tensor *x, double v) {
    cg_tensor *c = keep(s, cg_scalar_tensor(cg_scalar_float(v)));
    return x && c ? keep(s, cmp(x, c)) : NULL;
}

/* EluBackward0/1, CeluBackward0/1: elu_backward(grad, ..., is_result, self
 * or result); celu's input_scale there is 1 / alpha with alpha rounded to
 * float first (derivatives.yaml's alpha.toFloat()), its forward's not */
int cg_bw_elu(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0);
    double input_scale = n->args.i[0] ? 1.0 / (double)(float)arg_d(n, 0) : arg_d(n, 2);
    return x && (gi[0] = cg_elu_backward(go[0], arg_d(n, 0), arg_d(n, 1), input_scale, n->args.flag, x)) ? 0 : -1;
}

/* EluBackwardBackward0: grad_output: elu_backward(grad, ...); self_or_result:
 * FunctionsManual's elu_double_backward, nonzero where self_or_result < 0 */
int cg_bw_elu_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *g = saved_at(n, 0), *x = saved_at(n, 1);
    double alpha = arg_d(n, 0), scale = arg_d(n, 1), input_scale = arg_d(n, 2);
    bool is_result = n->args.flag;
    if (!g || !x || (n->next[0].node && !(gi[0] = cg_elu_backward(go[0], alpha, scale, input_scale, is_result, x))))
        return -1;
    if (!n->next[1].node)
        return 0;
    scratch s = {0};
    cg_tensor *gg = s_scale(&s, s_mul(&s, go[0], g), input_scale);
    if (!is_result && gg)
        gg = keep(&s, cg_elu_backward(gg, alpha, scale, input_scale, false, x));
    return finish(gi + 1, &s, s_where0(&s, s_cmp(&s, cg_lt, x, 0), gg));
}

/* SiluBackward0: silu_backward's kernel, or with grad mode on (double
 * backward) grad * sigmoid * (1 + self * (1 - sigmoid)) in ops */
int cg_bw_silu(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0);
    if (!x)
        return -1;
    if (!cg_grad_enabled())
        return (gi[0] = cg_silu_backward(go[0], x)) ? 0 : -1;
    scratch s = {0};
    cg_tensor *sig = s_fn(&s, cg_sigmoid, x);
    cg_tensor *inner = s_shift(&s, s_mul(&s, x, s_one_minus(&s, sig)), 1.0);
    return finish(gi, &s, s_mul(&s, s_mul(&s, go[0], sig), inner));
}

/* MishBackward0: mish_backward's kernel, or with grad mode on
 * grad * (tanh_sp + self * sigmoid * (1 - tanh_sp^2)), tanh_sp =
 * tanh(log1p(exp(self))), in ops */
int cg_bw_mish(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0);
    if (!x)
        return -1;
    if (!cg_grad_enabled())
        return (gi[0] = cg_mish_backward(go[0], x)) ? 0 : -1;
    scratch s = {0};
    cg_tensor *sig = s_fn(&s, cg_sigmoid, x);
    cg_tensor *t = s_fn(&s, cg_tanh, s_fn(&s, cg_log1p, s_fn(&s, cg_exp, x)));
    cg_tensor *rest = s_mul(&s, s_mul(&s, x, sig), s_one_minus(&s, s_mul(&s, t, t)));
    return finish(gi, &s, s_mul(&s, go[0], s_add(&s, t, rest)));
}

/* HardtanhBackward0: hardtanh_backward(grad, self, min_val, max_val) */
int cg_bw_hardtanh(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0);
    return x && (gi[0] = cg_hardtanh_backward(go[0], x, n->args.s[0], n->args.s[1])) ? 0 : -1;
}

/* The backward kernels whose derivative in self is zero (piecewise linear):
 * grad_output: the kernel again; self: zeros_like(grad) */
static int piecewise_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi, cg_tensor *again) {
    if (n->next[0].node && !(gi[0] = again))
        return -1;
    if (!n->next[0].node)
        cg_tensor_release(again);
    return n->next[1].node && !(gi[1] = cg_zeros_like(go[0])) ? -1 : 0;
}

/* HardtanhBackwardBackward0 */
int cg_bw_hardtanh_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 1);
    if (!x)
        return -1;
    return piecewise_backward(n, go, gi, cg_hardtanh_backward(go[0], x, n->args.s[0], n->args.s[1]));
}

/* HardsigmoidBackward0: hardsigmoid_backward(grad, self) */
int cg_bw_hardsigmoid(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0);
    return x && (gi[0] = cg_hardsigmoid_backward(go[0], x)) ? 0 : -1;
}

/* hardsigmoid_backward's node, NotImplemented in PyTorch 1.13, whose
 * backward raises there: here grad_output: hardsigmoid_backward again;
 * self: zeros (Note [NotImplemented nodes] in ops_binary.c) */
int cg_bw_hardsigmoid_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 1);
    return x ? piecewise_backward(n, go, gi, cg_hardsigmoid_backward(go[0], x)) : -1;
}

/* HardswishBackward0: hardswish_backward(grad, self) */
int cg_bw_hardswish(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0);
    return x && (gi[0] = cg_hardswish_backward(go[0], x)) ? 0 : -1;
}

/* HardswishBackwardBackward0: grad_output: hardswish_backward(grad, self);
 * self: grad * grad_output / 3 where -3 < self < 3, else 0 */
int cg_bw_hardswish_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *g = saved_at(n, 0), *x = saved_at(n, 1);
    if (!g || !x || (n->next[0].node && !(gi[0] = cg_hardswish_backward(go[0], x))))
        return -1;
    if (!n->next[1].node)
        return 0;
    scratch s = {0};
    cg_tensor *in = s_cmp(&s, cg_gt, x, -3.0), *below = s_cmp(&s, cg_lt, x, 3.0);
    cg_tensor *mask = in && below ? keep(&s, cg_logical_and(in, below)) : NULL;
    cg_tensor *three = keep(&s, cg_scalar_tensor(cg_scalar_float(3.0)));
    return finish(gi + 1, &s, s_where0(&s, mask, s_div(&s, s_mul(&s, go[0], g), three)));
}

/* SoftplusBackward0: softplus_backward(grad, self, beta, threshold) */
int cg_bw_softplus(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0);
    return x && (gi[0] = cg_softplus_backward(go[0], x, n->args.s[0], n->args.s[1])) ? 0 : -1;
}

/* SoftplusBackwardBackward0: grad_output: softplus_backward(grad, ...);
 * self: sigmoid_backward(grad * grad_output, sigmoid(self * beta)) *
 * (self * beta < threshold) * beta */
int cg_bw_softplus_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *g = saved_at(n, 0), *x = saved_at(n, 1);
    if (!g || !x || (n->next[0].node && !(gi[0] = cg_softplus_backward(go[0], x, n->args.s[0], n->args.s[1]))))
        return -1;
    if (!n->next[1].node)
        return 0;
    scratch s = {0};
    double beta = arg_d(n, 0);
    cg_tensor *xb = s_scale(&s, x, beta);
    cg_tensor *z = s_fn(&s, cg_sigmoid, xb);
    cg_tensor *sb = s_mul(&s, s_mul(&s, s_mul(&s, go[0], g), s_one_minus(&s, z)), z);
    cg_tensor *under = s_where0(&s, s_cmp(&s, cg_lt, xb, arg_d(n, 1)), sb);
    return finish(gi + 1, &s, s_scale(&s, under, beta));
}

/* SoftshrinkBackward0 and HardshrinkBackward0: (soft|hard)shrink_backward(grad, self, lambd) */
int cg_bw_softshrink(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0);
    return x && (gi[0] = cg_softshrink_backward(go[0], x, n->args.s[0])) ? 0 : -1;
}
int cg_bw_hardshrink(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0);
    return x && (gi[0] = cg_hardshrink_backward(go[0], x, n->args.s[0])) ? 0 : -1;
}

/* SoftshrinkBackwardBackward0 and HardshrinkBackwardBackward0 */
int cg_bw_shrink_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 1);
    if (!x)
        return -1;
    cg_tensor *again = n->op == CG_OP_SOFTSHRINK_BACKWARD ? cg_softshrink_backward(go[0], x, n->args.s[0])
                                                          : cg_hardshrink_backward(go[0], x, n->args.s[0]);
    return piecewise_backward(n, go, gi, again);
}

/* LogSigmoidBackward0: log_sigmoid_backward(grad, self, buffer) */
int cg_bw_log_sigmoid(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0), *buf = saved_at(n, 1);
    return x && buf && (gi[0] = cg_log_sigmoid_backward(go[0], x, buf)) ? 0 : -1;
}

/* LogSigmoidBackwardBackward0: grad_output: log_sigmoid_backward(grad,
 * self, buffer); self: grad * grad_output * (z - 1) * z, z = sigmoid(self) */
int cg_bw_log_sigmoid_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *g = saved_at(n, 0), *x = saved_at(n, 1), *buf = saved_at(n, 2);
    if (!g || !x || !buf || (n->next[0].node && !(gi[0] = cg_log_sigmoid_backward(go[0], x, buf))))
        return -1;
    if (!n->next[1].node)
        return 0;
    scratch s = {0};
    cg_tensor *z = s_fn(&s, cg_sigmoid, x);
    return finish(gi + 1, &s, s_mul(&s, s_mul(&s, s_mul(&s, go[0], g), s_shift(&s, z, -1.0)), z));
}

/* ThresholdBackward0/1: threshold_backward(grad, self or result, threshold) */
int cg_bw_threshold(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0);
    return x && (gi[0] = cg_threshold_backward(go[0], x, n->args.s[0])) ? 0 : -1;
}

/* glu_backward(grad, self, dim)'s values, as PyTorch's glu_backward
 * computes them op for op: the first half's gradient sigmoid(b) * grad,
 * the second's (1 - sigmoid(b)) * sigmoid(b) * a * grad, joined along dim */
static cg_tensor *glu_backward_values(cg_tensor *grad, cg_tensor *x, int64_t d) {
    cg_tensor *a, *b;
    if (halves(x, d, &a, &b) < 0)
        return NULL;
    scratch s = {0};
    keep(&s, a);
    keep(&s, b);
    cg_tensor *sig = s_fn(&s, cg_sigmoid, b);
    cg_tensor *ga = s_mul(&s, sig, grad);
    cg_tensor *gb = s_mul(&s, s_mul(&s, s_mul(&s, s_one_minus(&s, sig), sig), a), grad);
    cg_tensor *g = ga && gb ? cg_cat(2, (cg_tensor *[]){ga, gb}, d) : NULL;
    scratch_free(&s);
    return g;
}

cg_tensor *cg_glu_backward(cg_tensor *grad, cg_tensor *self, int64_t dim) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = glu_backward_values(grad, self, dim);
    cg_grad_set_enabled(was);
    cg_op_args args = {.i = {dim}};
    cg_save_spec save[2] = {{grad, "grad_output"}, {self, "self"}};
    return out ? cg_ew_record(out, CG_OP_GLU_BACKWARD, 2, (cg_tensor *[]){grad, self}, 2, save, &args) : NULL;
}

/* GluBackward0: glu_backward(grad, self, dim) */
int cg_bw_glu(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0);
    return x && (gi[0] = cg_glu_backward(go[0], x, n->args.i[0])) ? 0 : -1;
}

/* FunctionsManual's glu_double_backward_grad_output: grad times
 * glu_backward(ones, self), its two halves added */
static cg_tensor *glu_double_backward_grad_output(scratch *s, cg_tensor *ggi, cg_tensor *x, int64_t d) {
    int64_t sizes[CG_MAX_DIMS];
    memcpy(sizes, x->sizes, sizeof(int64_t) * (size_t)x->ndim);
    sizes[d] /= 2;
    cg_tensor *ones = keep(s, cg_ones(x->ndim, sizes, x->dtype, cg_tensor_device(x)));
    cg_tensor *gb = ones ? keep(s, cg_glu_backward(ones, x, d)) : NULL;
    cg_tensor *tmp = s_mul(s, ggi, gb), *lo, *hi;
    if (!tmp || halves(tmp, d, &lo, &hi) < 0)
        return NULL;
    keep(s, lo);
    keep(s, hi);
    return s_add(s, lo, hi);
}

/* FunctionsManual's glu_double_backward, op for op */
static cg_tensor *glu_double_backward(scratch *s, cg_tensor *ggi, cg_tensor *go, cg_tensor *x, int64_t d) {
    cg_tensor *a, *b, *gga, *ggb;
    if (halves(x, d, &a, &b) < 0)
        return NULL;
    keep(s, a);
    keep(s, b);
    if (halves(ggi, d, &gga, &ggb) < 0)
        return NULL;
    keep(s, gga);
    keep(s, ggb);
    cg_tensor *sig = s_fn(s, cg_sigmoid, b), *one_sub = s_one_minus(s, sig);
    cg_tensor *sig_one_sub = s_mul(s, sig, one_sub);
    cg_tensor *ggb_a = s_mul(s, ggb, a);
    cg_tensor *gi_a = s_mul(s, s_mul(s, ggb, go), sig_one_sub);
    cg_tensor *second = s_sub(s, s_mul(s, sig_one_sub, one_sub), s_mul(s, sig, sig_one_sub));
    cg_tensor *gi_b = s_add(s, s_mul(s, s_mul(s, ggb_a, go), second), s_mul(s, s_mul(s, gga, go), sig_one_sub));
    return gi_a && gi_b ? keep(s, cg_cat(2, (cg_tensor *[]){gi_a, gi_b}, d)) : NULL;
}

/* GluBackwardBackward0: grad_output: glu_double_backward_grad_output(grad,
 * self, dim); self: glu_double_backward(grad, grad_output, self, dim) */
int cg_bw_glu_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *g = saved_at(n, 0), *x = saved_at(n, 1);
    int64_t d = n->args.i[0];
    if (!g || !x)
        return -1;
    scratch s = {0};
    if (n->next[0].node) {
        cg_tensor *r = glu_double_backward_grad_output(&s, go[0], x, d);
        if (!r || !(gi[0] = cg_tensor_retain(r))) {
            scratch_free(&s);
            return -1;
        }
    }
    if (!n->next[1].node) {
        scratch_free(&s);
        return 0;
    }
    return finish(gi + 1, &s, glu_double_backward(&s, go[0], g, x, d));
}

/* PreluBackward0: self: grad where self > 0, else weight * grad; weight:
 * self * grad where self <= 0, summed to weight's shape */
int cg_bw_prelu(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0), *w = saved_at(n, 1);
    if (!x || !w)
        return -1;
    scratch s = {0};
    cg_tensor *wv = keep(&s, prelu_weight_view(x, w));
    cg_tensor *pos = s_cmp(&s, cg_gt, x, 0.0);
    if (n->next[0].node) {
        cg_tensor *gx = pos && wv ? keep(&s, cg_where(pos, go[0], s_mul(&s, wv, go[0]))) : NULL;
        if (!gx || !(gi[0] = cg_tensor_retain(gx))) {
            scratch_free(&s);
            return -1;
        }
    }
    if (!n->next[1].node) {
        scratch_free(&s);
        return 0;
    }
    cg_tensor *zero = s_zero(&s), *xg = s_mul(&s, x, go[0]);
    cg_tensor *part = pos && zero && xg ? keep(&s, cg_where(pos, zero, xg)) : NULL;
    cg_tensor *summed = part && wv ? keep(&s, cg_sum_to(part, wv->ndim, wv->sizes)) : NULL;
    return finish(gi + 1, &s, s_reshape(&s, summed, w->ndim, w->sizes));
}

/* rrelu_with_noise_backward's values: grad * noise in training (when
 * upper - lower > 1e-6), else leaky_relu's derivative with the mean slope */
static cg_tensor *rrelu_backward_values(cg_tensor *grad, cg_tensor *x, cg_tensor *noise, const cg_op_args *args) {
    double lo = cg_scalar_to_double(args->s[0]), hi = cg_scalar_to_double(args->s[1]);
    scratch s = {0};
    cg_tensor *r;
    if (args->flag && hi - lo > 1e-6) {
        r = s_mul(&s, grad, noise);
    } else {
        cg_tensor *pos = s_cmp(&s, cg_gt, x, 0.0), *neg = s_scale(&s, grad, (lo + hi) / 2);
        r = pos && neg ? keep(&s, cg_where(pos, grad, neg)) : NULL;
    }
    r = r ? cg_tensor_retain(r) : NULL;
    scratch_free(&s);
    return r;
}

/* rrelu_with_noise_backward, recorded (RreluWithNoiseBackwardBackward0) */
static cg_tensor *rrelu_backward(cg_tensor *grad, cg_tensor *x, cg_tensor *noise, const cg_op_args *args) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = rrelu_backward_values(grad, x, noise, args);
    cg_grad_set_enabled(was);
    cg_save_spec save[2] = {{x, "self"}, {noise, "noise"}};
    return out ? cg_ew_record(out, CG_OP_RRELU_BACKWARD, 2, (cg_tensor *[]){grad, x}, 2, save, args) : NULL;
}

/* RreluWithNoiseBackward0/1: rrelu_with_noise_backward(grad, self or
 * result, noise, lower, upper, training) */
int cg_bw_rrelu(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0), *noise = saved_at(n, 1);
    return x && noise && (gi[0] = rrelu_backward(go[0], x, noise, &n->args)) ? 0 : -1;
}

/* RreluWithNoiseBackwardBackward0: grad_output: rrelu_with_noise_backward
 * again; self: zeros_like(grad) */
int cg_bw_rrelu_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x = saved_at(n, 0), *noise = saved_at(n, 1);
    if (!x || !noise)
        return -1;
    return piecewise_backward(n, go, gi, rrelu_backward(go[0], x, noise, &n->args));
}

/* leaky_relu_: in place, saving its result (LeakyReluBackward1), whose
 * derivative PyTorch only takes for a slope >= 0 (ops_unary.c's
 * cg_bw_leaky_relu checks) */
int cg_leaky_relu_(cg_tensor *self, double negative_slope) {
    if (check_float(self, "leaky_relu_cpu") < 0)
        return -1;
    cg_op_args args = {.s = {cg_scalar_float(negative_slope)}};
    return act_(CG_OP_LEAKY_RELU, self, true, &args, "LeakyReluBackward1");
}
