/* ops_special_math.c: logit, atan2, hypot, logaddexp, logaddexp2, lgamma,
 * digamma, polygamma and the bit shifts: kernels that compute each element
 * where PyTorch 1.13's AVX2 build does (Note [PyTorch's vector and scalar
 * paths] in ops_unary.c):
 * - vml kernels (lgamma: its kernel is with the others in ops_unary.c);
 * - cpu_kernel_vec kernels (logit, atan2, hypot, logaddexp, logaddexp2):
 *   SLEEF over the whole steps of 2W of a contiguous run (one input of a
 *   binary op may be a single value), libm for the rest;
 * - cpu_kernel kernels (digamma, polygamma): the scalar series for all.
 * Frontends with PyTorch's dtype rules and messages; derivatives as
 * derivatives.yaml writes them, in its order of operations. */
#include <math.h>

#include "ew.h"
#include "formula.h"
#include "ops.h"
#include "rounding_math.h"
#include "vec_math.h"

/* ---- kernels ------------------------------------------------------------------------ */

/* logit: args->flag clamps to [s[0], s[1]] (eps >= 0); args->i[1]: bfloat16,
 * whose scalar lambda rounds each step to bfloat16 (and takes no vector path) */
#define LOGIT_SCALAR(T, LOG, R)                                                  \
    static T logit_one_##T(T x, bool clamp, T lo, T hi, bool bf) {               \
        if (clamp)                                                               \
            x = x < lo ? lo : (x > hi ? hi : x);                                 \
        if (x == (T)1)                                                           \
            return (T)INFINITY;                                                  \
        return R(LOG(R(x / R((T)1 - x))));                                       \
    }
#define R_BF(v) (bf ? cg_bf16_round_f32(v) : (v))
#define R_NONE(v) ((void)bf, (v))
LOGIT_SCALAR(float, logf, R_BF)
LOGIT_SCALAR(double, log, R_NONE)
#define LOGIT_ROW(name, T, SUF)                                                                  \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {                   \
        const cg_op_args *args = ctx;                                                            \
        const bool clamp = args->flag, bf = args->i[1];                                          \
        const T lo = (T)cg_scalar_to_double(args->s[0]), hi = (T)cg_scalar_to_double(args->s[1]); \
        int64_t v = 0;                                                                           \
        if (s[0] == sizeof(T) && s[1] == sizeof(T) && !bf && cg_vec_math_available()) {         \
            v = n - n % (2 * (int64_t)(32 / sizeof(T)));                                         \
            cg_vec_logit_##SUF((T *)p[0], (const T *)p[1], v, clamp, lo, hi);                    \
        }                                                                                        \
        for (int64_t i = v; i < n; i++)                                                          \
            *(T *)(p[0] + i * s[0]) = logit_one_##T(*(const T *)(p[1] + i * s[1]), clamp, lo, hi, bf); \
    }
LOGIT_ROW(logit_f32, float, f32)
LOGIT_ROW(logit_f64, double, f64)
static const cg_row_fn logit_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(logit)};
void cg_cpu_logit(const cg_kernel_call *c) { cg_ew_run(c, logit_rows, 0); }

/* logaddexp's and logaddexp2's scalar lambdas; bf rounds each step to
 * bfloat16 as BFloat16 arithmetic does; `fused`: PyTorch's AVX2 build
 * fuses logaddexp2's last multiply and add */
#define LOGADDEXP_SCALAR(T, SUF, EXP, EXP2, LOG, LOG1P, FABS, FMA, R)                    \
    static T lae_##SUF(T a, T b, bool bf) {                                   \
        if (isinf(a) && a == b)                                                     \
            return a;                                                               \
        T m = a < b ? b : a;                                                        \
        return R(m + R(LOG(R((T)1 + R(EXP(R(-R(FABS(R(a - b))))))))));                      \
    }                                                                               \
    static T lae2_##SUF(T a, T b, bool bf, bool fused) {                      \
        if (isinf(a) && a == b)                                                     \
            return a;                                                               \
        T m = a < b ? b : a;                                                        \
        T l = R(LOG1P(R((T)1 + R(EXP2((T)2, R(-R(FABS(R(a - b)))))))));                             \
        const T k = (T)(1.0 / M_LN2);                                               \
        (void)fused, (void)k;                                                       \
        return R(m + l);                    \
    }
LOGADDEXP_SCALAR(float, f32, expf, powf, logf, log2f, fabsf, fmaf, R_BF)
LOGADDEXP_SCALAR(double, f64, exp, pow, log, log2, fabs, fma, R_NONE)

/* a binary cpu_kernel_vec row: its vector path where the output and both
 * inputs are contiguous, or one input a single value and the rest
 * contiguous; SCALAR (in a, b) for the rest */
#define SP_KVEC2_ROW(name, T, SUF, F, SCALAR)                                                          \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {                         \
        (void)ctx;                                                                                     \
        const bool fused = cg_vec_math_available(), bf = false; /* bfloat16 as float32 */          \
        (void)fused;                                                                                   \
        const bool ac = s[1] == sizeof(T), bc = s[2] == sizeof(T);                                     \
        int64_t v = 0;                                                                                 \
        if (fused && !bf && s[0] == sizeof(T) && (ac || s[1] == 0) && (bc || s[2] == 0) && (ac || bc)) { \
            v = n - n % (2 * (int64_t)(32 / sizeof(T)));                                               \
            cg_vec_map2_##SUF(F, (T *)p[0], (const T *)p[1], ac, (const T *)p[2], bc, v);              \
        }                                                                                              \
        for (int64_t i = v; i < n; i++) {                                                              \
            T a = *(const T *)(p[1] + i * s[1]), b = *(const T *)(p[2] + i * s[2]);                    \
            *(T *)(p[0] + i * s[0]) = SCALAR;                                                          \
        }                                                                                              \
    }
#define SP_BINARY_OPS(X)                                                                                 \
    X(atan2, CG_VEC2_ATAN2, atan2f(a, b), atan2(a, b))                                                   \
    X(hypot, CG_VEC2_HYPOT, hypotf(a, b), hypot(a, b))                                                   \
    X(logaddexp, CG_VEC2_LOGADDEXP, lae_f32(a, b, bf), lae_f64(a, b, false))                 \
    X(logaddexp2, CG_VEC2_LOGADDEXP2, lae2_f32(a, b, bf, fused), lae2_f64(a, b, false, fused))
#define SP_BINARY_KERNEL(name, F, e32, e64)                                      \
    SP_KVEC2_ROW(name##_f32, float, f32, F, e32)                                 \
    SP_KVEC2_ROW(name##_f64, double, f64, F, e64)                                \
    static const cg_row_fn name##_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(name)}; \
    void cg_cpu_##name(const cg_kernel_call *c) { cg_ew_run(c, name##_rows, 0); }
SP_BINARY_OPS(SP_BINARY_KERNEL)


/* ---- lgamma, digamma, polygamma ------------------------------------------------------ */

/* lgamma's kernel is ops_unary.c's, with the other vml kernels */

/* Note [digamma, trigamma and zeta]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's scalar kernels (cpu_kernel: every element the same way):
 * digamma by recurrence up to 10 and the Cephes asymptotic series, with
 * reflection for negative x; trigamma by six steps of recurrence and its
 * asymptotic series; polygamma(n >= 2) as (-1)^(n+1) n! zeta(n + 1, x),
 * Cephes' Hurwitz zeta by Euler-Maclaurin summation. */
static const double PSI_A[] = {8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
                               -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
                               8.33333333333333333333E-2};
#define DIGAMMA_FN(T, SUF, LOG, TRUNC)                                                     \
    static T digamma_##SUF(T x) {                                                          \
        if (x == 0)                                                                        \
            return copysign((T)INFINITY, -x);                                              \
        if (x < 0) {                                                                       \
            if (x == TRUNC(x))                                                             \
                return (T)NAN;                                                             \
            double q, r = modf((double)x, &q);                                             \
            T pi_over_tan = (T)(M_PI / tan(M_PI * r));                                     \
            return digamma_##SUF(1 - x) - pi_over_tan;                                     \
        }                                                                                  \
        T result = 0;                                                                      \
        while (x < 10) {                                                                   \
            result -= 1 / x;                                                               \
            x += 1;                                                                        \
        }                                                                                  \
        if (x == 10)                                                                       \
            return result + (T)2.25175258906672110764;                                     \
        T y = 0;                                                                           \
        if (x < (T)1.0e17) {                                                               \
            T z = 1 / (x * x), p = (T)PSI_A[0];                                            \
            for (int i = 1; i <= 6; i++)                                                   \
                p = p * z + (T)PSI_A[i];                                                   \
            y = z * p;                                                                     \
        }                                                                                  \
        return result + LOG(x) - ((T)0.5 / x) - y;                                         \
    }
DIGAMMA_FN(float, f32, logf, truncf)
DIGAMMA_FN(double, f64, log, trunc)

#define TRIGAMMA_FN(T, SUF, SIN)                                                           \
    static T trigamma_##SUF(T x) {                                                         \
        T sign = 1, result = 0;                                                            \
        if (x < (T)0.5) {                                                                  \
            sign = -1;                                                                     \
            const T s = SIN((T)M_PI * x);                                                  \
            result -= ((T)M_PI * (T)M_PI) / (s * s);                                       \
            x = 1 - x;                                                                     \
        }                                                                                  \
        for (int i = 0; i < 6; ++i) {                                                      \
            result += 1 / (x * x);                                                         \
            x += 1;                                                                        \
        }                                                                                  \
        const T ixx = 1 / (x * x);                                                         \
        result += (1 + 1 / (2 * x) + ixx * ((T)(1. / 6) - ixx * ((T)(1. / 30) - ixx * (T)(1. / 42)))) / x; \
        return sign * result;                                                              \
    }
TRIGAMMA_FN(float, f32, sinf)
TRIGAMMA_FN(double, f64, sin)

static const double ZETA_A[] = {12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9,
                                7.47242496e10, -2.950130727918164224e12, 1.1646782814350067249e14,
                                -4.5979787224074726105e15, 1.8152105401943546773e17, -7.1661652561756670113e18};
#define ZETA_FN(T, SUF, POW, FABS, FLOOR)                                                  \
    static T zeta_##SUF(T x, T q) {                                                        \
        const T MACHEP = (T)1.11022302462515654042E-16;                                    \
        if (x == 1)                                                                        \
            return (T)INFINITY;                                                            \
        if (x < 1)                                                                         \
            return (T)NAN;                                                                 \
        if (q <= 0) {                                                                      \
            if (q == FLOOR(q))                                                             \
                return (T)INFINITY;                                                        \
            if (x != FLOOR(x))                                                             \
                return (T)NAN;                                                             \
        }                                                                                  \
        T s = POW(q, -x), a = q, b = 0;                                                    \
        int i = 0;                                                                         \
        while (i < 9 || a <= (T)9) {                                                       \
            i += 1;                                                                        \
            a += 1;                                                                        \
            b = POW(a, -x);                                                                \
            s += b;                                                                        \
            if (-MACHEP * s < b && b < MACHEP * s)                                         \
                return s;                                                                  \
        }                                                                                  \
        T w = a;                                                                           \
        s += b * w / (x - 1);                                                              \
        s -= (T)0.5 * b;                                                                   \
        a = 1;                                                                             \
        T k = 0;                                                                           \
        for (int j = 0; j < 12; j++) {                                                     \
            a *= x + k;                                                                    \
            b /= w;                                                                        \
            T t = a * b / (T)ZETA_A[j];                                                    \
            s = s + t;                                                                     \
            t = FABS(t / s);                                                               \
            if (t < MACHEP)                                                                \
                return s;                                                                  \
            k += 1;                                                                        \
            a *= x + k;                                                                    \
            b /= w;                                                                        \
            k += 1;                                                                        \
        }                                                                                  \
        return s;                                                                          \
    }
ZETA_FN(double, f64, pow, fabs, floor)
/* float32: summed in double (PyTorch's acc_type), the sum rounded to float */
static float zeta_f32(float x, float q) { return (float)zeta_f64(x, q); }

/* args->i[0]: n */
#define POLYGAMMA_EXPR(T, SUF, EXP, LGAMMA)                                                 \
    (n == 0 ? digamma_##SUF(x) : n == 1 ? trigamma_##SUF(x)                                 \
     : (T)(((n % 2) ? 1.0 : -1.0) * EXP(LGAMMA((double)(T)n + 1.0)) * zeta_##SUF((T)(n + 1), x)))
#define POLYGAMMA_ROW(name, T, SUF, EXP, LGAMMA)                                            \
    static void name(char **p, const int64_t *s, int64_t n_, const void *ctx) {             \
        const int64_t n = ((const cg_op_args *)ctx)->i[0];                                  \
        for (int64_t i = 0; i < n_; i++) {                                                  \
            T x = *(const T *)(p[1] + i * s[1]);                                            \
            *(T *)(p[0] + i * s[0]) = POLYGAMMA_EXPR(T, SUF, EXP, LGAMMA);                  \
        }                                                                                   \
    }
/* float32: n! and the product in double, as PyTorch's 1.0 literals make it */
POLYGAMMA_ROW(polygamma_f32, float, f32, exp, lgamma)
POLYGAMMA_ROW(polygamma_f64, double, f64, exp, lgamma)
static const cg_row_fn polygamma_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(polygamma)};
void cg_cpu_polygamma(const cg_kernel_call *c) { cg_ew_run(c, polygamma_rows, 0); }

/* torch.special.zeta(x, q): the Hurwitz zeta above (float32 summed in double) */
CG_BINARY_ROW(hzeta_f32, float, CG_NOPRO, zeta_f32(a, b))
CG_BINARY_ROW(hzeta_f64, double, CG_NOPRO, zeta_f64(a, b))
static const cg_row_fn hzeta_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(hzeta)};
void cg_cpu_zeta(const cg_kernel_call *c) { cg_ew_run(c, hzeta_rows, 0); }


/* ---- bitwise shifts -------------------------------------------------------------------- */

/* PyTorch 1.13's lshift and rshift kernels are C++'s a << b and a >> b
 * on the promoted operands (int for types under 32 bits) as x86 runs them:
 * the count taken modulo the promoted width (3 << 70 is 3 << 6), the
 * result cast back to the element type. Written without C's undefined
 * shifts: the left shift of the unsigned pattern, counts masked. */
#define SHIFT_W(T) (sizeof(T) < 4 ? 32u : (unsigned)sizeof(T) * 8u)
#define SHIFT_ROWS(SUF, T, U)                                                                              \
    CG_BINARY_ROW(lshift_##SUF, T, CG_NOPRO, (T)((uint64_t)(int64_t)a << ((uint64_t)(int64_t)b & (SHIFT_W(T) - 1)))) \
    CG_BINARY_ROW(rshift_##SUF, T, CG_NOPRO,                                                               \
                  (T)((T)-1 < (T)0 ? (T)((int64_t)a >> ((uint64_t)(int64_t)b & (SHIFT_W(T) - 1)))           \
                                   : (T)((uint64_t)a >> ((uint64_t)(int64_t)b & (SHIFT_W(T) - 1)))))
SHIFT_ROWS(u8, uint8_t, uint8_t)
SHIFT_ROWS(i8, int8_t, uint8_t)
SHIFT_ROWS(i16, int16_t, uint16_t)
SHIFT_ROWS(u16, uint16_t, uint16_t)
SHIFT_ROWS(i32, int32_t, uint32_t)
SHIFT_ROWS(u32, uint32_t, uint32_t)
SHIFT_ROWS(i64, int64_t, uint64_t)
SHIFT_ROWS(u64, uint64_t, uint64_t)
static const cg_row_fn lshift_rows[CG_DTYPE_COUNT] = {CG_ROWS_INT(lshift)};
static const cg_row_fn rshift_rows[CG_DTYPE_COUNT] = {CG_ROWS_INT(rshift)};
void cg_cpu_lshift(const cg_kernel_call *c) { cg_ew_run(c, lshift_rows, 0); }
void cg_cpu_rshift(const cg_kernel_call *c) { cg_ew_run(c, rshift_rows, 0); }

/* ---- frontends ------------------------------------------------------------------------ */

typedef enum { SAVE_SELF, SAVE_RESULT } save_what;

/* PyTorch's dispatch error: "tan_vml_cpu" not implemented for 'Half' */
static int not_for(const char *kernel, cg_dtype dt) {
    cg_error_set(CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel, cg_dtype_legacy_name(dt));
    return -1;
}

typedef struct {
    cg_op op;
    const char *name;
    const char *kernel; /* the name in PyTorch's dispatch error */
    save_what save;
    bool half;    /* float16 is computed */
    bool complex; /* PyTorch computes complex inputs (cgrad does not yet) */
} unary_info;

static const unary_info *unary_of(cg_op op) {
    static const unary_info infos[] = {
        {CG_OP_LOGIT, "logit", "logit_cpu", SAVE_SELF, false, false},
        {CG_OP_LGAMMA, "lgamma", "lgamma_vml_cpu", SAVE_SELF, false, false},
        {CG_OP_POLYGAMMA, "polygamma", "polygamma", SAVE_SELF, false, false},
    };
    for (size_t i = 0; i < sizeof infos / sizeof *infos; i++)
        if (infos[i].op == op)
            return &infos[i];
    return NULL;
}

static int unary_check(const unary_info *u, cg_dtype dt) {
    if (cg_dtype_is_complex(dt)) {
        if (u->complex)
            CG_CHECK_INT(false, CG_NOT_IMPLEMENTED_ERROR, "%s of complex tensors is not supported by cgrad yet",
                         u->name);
        return not_for(u->kernel, dt);
    }
    if (dt == CG_F16 && !u->half)
        return not_for(u->kernel, dt);
    return 0;
}

static cg_tensor *sp_unary(cg_op op, cg_tensor *x, cg_op_args *args) {
    const unary_info *u = unary_of(op);
    if (unary_check(u, x->dtype) < 0)
        return NULL;
    cg_dtype dt = cg_dtype_to_float(x->dtype);
    args->i[1] = dt == CG_BF16;
    cg_tensor *out = cg_ew_unary(op, x, dt, dt, args);
    if (!out)
        return NULL;
    cg_save_spec spec = {u->save == SAVE_RESULT ? out : x, u->save == SAVE_RESULT ? "result" : "self"};
    return cg_ew_record(out, op, 1, &x, 1, &spec, args);
}

static int sp_unary_(cg_op op, cg_tensor *self, cg_op_args *args) {
    const unary_info *u = unary_of(op);
    if (unary_check(u, self->dtype) < 0)
        return -1;
    bool record = cg_autograd_needed(1, &self);
    cg_tensor *old = NULL;
    if (record && u->save == SAVE_SELF && !(old = cg_clone(self)))
        return -1;
    args->i[1] = self->dtype == CG_BF16;
    int rc = cg_ew_unary_as_(op, self, cg_dtype_to_float(self->dtype), args);
    if (rc == 0 && record) {
        cg_save_spec spec = {u->save == SAVE_SELF ? old : self, u->save == SAVE_SELF ? "self" : "result"};
        rc = cg_ew_record_(self, op, 1, &self, 1, &spec, args);
    }
    cg_tensor_release(old);
    return rc;
}

#define SP_UNARY_FRONT(name, OP)                                                   \
    cg_tensor *cg_##name(cg_tensor *x) { return sp_unary(OP, x, &(cg_op_args){0}); } \
    int cg_##name##_(cg_tensor *self) { return sp_unary_(OP, self, &(cg_op_args){0}); }
SP_UNARY_FRONT(lgamma, CG_OP_LGAMMA)

/* polygamma(n, x): digamma for n = 0, its kernel name "digamma" (for
 * n = 1 "trigamma") in PyTorch's dispatch errors */
static int polygamma_check(int64_t n, cg_dtype dt) {
    CG_CHECK_INT(n >= 0, CG_RUNTIME_ERROR, "polygamma(n, x) does not support negative n.");
    if (dt == CG_F16 || cg_dtype_is_complex(dt))
        return not_for(n == 0 ? "digamma" : n == 1 ? "trigamma" : "polygamma", dt);
    return 0;
}
cg_tensor *cg_polygamma(int64_t n, cg_tensor *x) {
    if (polygamma_check(n, x->dtype) < 0)
        return NULL;
    cg_op_args args = {.i = {n}};
    return sp_unary(CG_OP_POLYGAMMA, x, &args);
}
int cg_polygamma_(cg_tensor *self, int64_t n) {
    if (polygamma_check(n, self->dtype) < 0)
        return -1;
    cg_op_args args = {.i = {n}};
    return sp_unary_(CG_OP_POLYGAMMA, self, &args);
}
/* digamma: polygamma(0, x) under DigammaBackward0 */
static void rename_node(cg_tensor *t, cg_op op, const char *name) {
    if (t && t->grad_fn && t->grad_fn->op == op)
        t->grad_fn->name = name;
}
static const char DIGAMMA_NODE[] = "DigammaBackward0";
cg_tensor *cg_digamma(cg_tensor *x) {
    cg_tensor *r = cg_polygamma(0, x);
    rename_node(r, CG_OP_POLYGAMMA, DIGAMMA_NODE);
    return r;
}
int cg_digamma_(cg_tensor *self) {
    int rc = cg_polygamma_(self, 0);
    if (rc == 0)
        rename_node(self, CG_OP_POLYGAMMA, DIGAMMA_NODE);
    return rc;
}

/* logit's arguments: eps (NULL: none, PyTorch's -1) as the element type
 * rounds it: lo = eps, hi = 1 - eps in that type */
static cg_op_args logit_args(const double *eps, cg_dtype dt) {
    cg_op_args args = {0};
    double e = eps ? *eps : -1.0;
    args.flag = e >= 0;
    double lo, hi;
    if (dt == CG_F64) {
        lo = e;
        hi = 1.0 - e;
    } else if (dt == CG_BF16) {
        lo = cg_bf16_round_f32((float)e);
        hi = cg_bf16_round_f32(1.0f - (float)lo);
    } else {
        lo = (float)e;
        hi = 1.0f - (float)lo;
    }
    args.s[0] = cg_scalar_float(lo);
    args.s[1] = cg_scalar_float(hi);
    return args;
}
cg_tensor *cg_logit(cg_tensor *x, const double *eps) {
    cg_op_args args = logit_args(eps, cg_dtype_to_float(x->dtype));
    return sp_unary(CG_OP_LOGIT, x, &args);
}
int cg_logit_(cg_tensor *self, const double *eps) {
    cg_op_args args = logit_args(eps, cg_dtype_to_float(self->dtype));
    return sp_unary_(CG_OP_LOGIT, self, &args);
}

/* binary float ops: atan2 computes integral inputs in the default float
 * dtype; hypot, logaddexp and logaddexp2 take float inputs only */
static int binary_check(cg_op op, cg_dtype dt) {
    const char *kernel = op == CG_OP_ATAN2 ? "atan2_cpu" : op == CG_OP_HYPOT ? "hypot_cpu"
                         : op == CG_OP_LOGADDEXP ? "logaddexp_cpu" : "logaddexp2_cpu";
    if (cg_dtype_is_complex(dt) || dt == CG_F16 || (op != CG_OP_ATAN2 && !cg_dtype_is_float(dt)))
        return not_for(kernel, dt);
    return 0;
}
static cg_dtype binary_dtype(cg_op op, cg_tensor *a, cg_tensor *b) {
    cg_dtype dt = cg_result_type(2, (cg_tensor *[]){a, b});
    return op == CG_OP_ATAN2 && !cg_dtype_is_complex(dt) ? cg_dtype_to_float(dt) : dt;
}
static int binary_nsave(cg_op op) { return op == CG_OP_HYPOT ? 3 : 2; }

static cg_tensor *sp_binary(cg_op op, cg_tensor *a, cg_tensor *b) {
    cg_dtype dt = binary_dtype(op, a, b);
    if (binary_check(op, dt) < 0)
        return NULL;
    const cg_op_args args = {.i = {0, dt == CG_BF16}};
    cg_tensor *out = cg_ew_binary(op, a, b, dt, dt, &args);
    if (!out)
        return NULL;
    cg_save_spec save[] = {{a, "self"}, {b, "other"}, {out, "result"}};
    return cg_ew_record(out, op, 2, (cg_tensor *[]){a, b}, binary_nsave(op), save, &args);
}
static int sp_binary_(cg_op op, cg_tensor *self, cg_tensor *other) {
    cg_dtype dt = binary_dtype(op, self, other);
    if (binary_check(op, dt) < 0)
        return -1;
    cg_tensor *in[] = {self, other};
    bool record = cg_autograd_needed(2, in);
    cg_tensor *old = NULL;
    if (record && !(old = cg_clone(self)))
        return -1;
    const cg_op_args args = {.i = {0, dt == CG_BF16}};
    int rc = cg_ew_binary_(op, self, other, dt, &args);
    if (rc == 0 && record) {
        cg_save_spec save[] = {{old, "self"}, {other, "other"}, {self, "result"}};
        rc = cg_ew_record_(self, op, 2, in, binary_nsave(op), save, &args);
    }
    cg_tensor_release(old);
    return rc;
}
#define SP_BINARY_FRONT(name, OP)                                                       \
    cg_tensor *cg_##name(cg_tensor *a, cg_tensor *b) { return sp_binary(OP, a, b); } \
    int cg_##name##_(cg_tensor *self, cg_tensor *other) { return sp_binary_(OP, self, other); }
SP_BINARY_FRONT(atan2, CG_OP_ATAN2)
SP_BINARY_FRONT(hypot, CG_OP_HYPOT)
SP_BINARY_FRONT(logaddexp, CG_OP_LOGADDEXP)
SP_BINARY_FRONT(logaddexp2, CG_OP_LOGADDEXP2)

/* ---- derivatives ------------------------------------------------------------------------ */

static cg_tensor *saved0(cg_node *n) {
    cg_tensor *t;
    return cg_node_saved(n, 0, &t) < 0 ? NULL : t;
}

/* LogitBackward0: grad / (self * (1 - self)); where self is outside [0, 1]
 * NaN (no eps), outside [eps, 1 - eps] 0 */
int cg_bw_logit(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    cg_tensor *x = saved0(n);
    cg_tensor *g = s_div(&s, go[0], s_mul(&s, x, s_one_minus(&s, x)));
    bool clamp = n->args.flag;
    cg_tensor *lo = g ? keep(&s, cg_scalar_tensor(clamp ? n->args.s[0] : cg_scalar_int(0))) : NULL;
    cg_tensor *hi = lo ? keep(&s, cg_scalar_tensor(clamp ? n->args.s[1] : cg_scalar_int(1))) : NULL;
    cg_tensor *below = hi ? keep(&s, cg_lt(x, lo)) : NULL;
    cg_tensor *above = below ? keep(&s, cg_gt(x, hi)) : NULL;
    cg_tensor *out = above ? keep(&s, cg_logical_or(below, above)) : NULL;
    cg_scalar fill = clamp ? cg_scalar_int(0) : cg_scalar_float(NAN);
    return finish(gi, &s, out ? keep(&s, cg_masked_fill(g, out, fill)) : NULL);
}

/* Atan2Backward0: recip = 1 / (self^2 + other^2); self: grad * other *
 * recip, other: grad * -self * recip */
int cg_bw_atan2(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *a, *b;
    if (cg_node_saved_all(n, 2, &a, &b) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *recip = s_fn(&s, cg_reciprocal, s_add(&s, s_mul(&s, a, a), s_mul(&s, b, b)));
    if (!recip)
        return finish(gi, &s, NULL);
    if (n->next[0].node && !(gi[0] = cg_tensor_retain(s_mul(&s, s_mul(&s, go[0], b), recip))))
        return finish(gi, &s, NULL);
    if (n->next[1].node && !(gi[1] = cg_tensor_retain(s_mul(&s, s_mul(&s, go[0], s_scale(&s, a, -1.0)), recip))))
        return finish(gi + 1, &s, NULL);
    scratch_free(&s);
    return 0;
}
/* HypotBackward0: self: grad * self / result, other: grad * other / result */
int cg_bw_hypot(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *a, *b, *r;
    if (cg_node_saved_all(n, 3, &a, &b, &r) < 0)
        return -1;
    for (int i = 0; i < 2; i++) {
        scratch s = {0};
        if (n->next[i].node && finish(gi + i, &s, s_div(&s, s_mul(&s, go[0], i ? b : a), r)) < 0)
            return -1;
    }
    return 0;
}
/* LogaddexpBackward0: self: grad / (1 + exp(other - self)), other: the
 * same with the two swapped; Logaddexp2Backward0 with pow(2, .) */
int cg_bw_logaddexp(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *a, *b;
    if (cg_node_saved_all(n, 2, &a, &b) < 0)
        return -1;
    for (int i = 0; i < 2; i++) {
        if (!n->next[i].node)
            continue;
        scratch s = {0};
        cg_tensor *d = i ? s_sub(&s, a, b) : s_sub(&s, b, a);
        cg_tensor *e;
        if (n->op == CG_OP_LOGADDEXP) {
            e = s_fn(&s, cg_exp, d);
        } else {
            cg_tensor *two = d ? keep(&s, cg_scalar_tensor(cg_scalar_int(2))) : NULL;
            e = two ? keep(&s, cg_pow(two, d)) : NULL;
        }
        if (finish(gi + i, &s, s_div(&s, go[0], s_shift(&s, e, 1.0))) < 0)
            return -1;
    }
    return 0;
}

/* LgammaBackward0: grad * digamma(self) */
int cg_bw_lgamma(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_fn(&s, cg_digamma, saved0(n))));
}
/* PolygammaBackward0: grad * polygamma(n + 1, self); DigammaBackward0 (n
 * = 0): grad * polygamma(1, self) */
int cg_bw_polygamma(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch s = {0};
    cg_tensor *x = saved0(n);
    cg_tensor *d = x ? keep(&s, cg_polygamma(n->args.i[0] + 1, x)) : NULL;
    return finish(gi, &s, s_mul(&s, go[0], d));
}

/* bitwise_left_shift / bitwise_right_shift (and << >>): integral dtypes */
static int shift_dtype(cg_op op, cg_tensor *a, cg_tensor *b, cg_dtype *dt) {
    *dt = cg_result_type(2, (cg_tensor *[]){a, b});
    if (cg_dtype_is_float(*dt) || cg_dtype_is_complex(*dt) || *dt == CG_BOOL)
        return not_for(op == CG_OP_LSHIFT ? "lshift_cpu" : "rshift_cpu", *dt);
    return 0;
}
static cg_tensor *shift(cg_op op, cg_tensor *a, cg_tensor *b) {
    cg_dtype dt;
    return shift_dtype(op, a, b, &dt) < 0 ? NULL : cg_ew_binary(op, a, b, dt, dt, NULL);
}
static int shift_(cg_op op, cg_tensor *self, cg_tensor *other) {
    cg_dtype dt;
    return shift_dtype(op, self, other, &dt) < 0 ? -1 : cg_ew_binary_(op, self, other, dt, NULL);
}
cg_tensor *cg_bitwise_left_shift(cg_tensor *a, cg_tensor *b) { return shift(CG_OP_LSHIFT, a, b); }
cg_tensor *cg_bitwise_right_shift(cg_tensor *a, cg_tensor *b) { return shift(CG_OP_RSHIFT, a, b); }
int cg_bitwise_left_shift_(cg_tensor *self, cg_tensor *other) { return shift_(CG_OP_LSHIFT, self, other); }
int cg_bitwise_right_shift_(cg_tensor *self, cg_tensor *other) { return shift_(CG_OP_RSHIFT, self, other); }
