/* ops_binary.c: binary elementwise ops with broadcasting, their in-place
 * forms and derivatives. Kernels: one C expression per op (ew.h). */
#include <string.h>

#include "ew.h"
#include "ops.h"
#include "scalar_math.h"
#include "vec_math.h"

/* ---- type promotion ---------------------------------------------------------- */

/* PyTorch's result_type: three priority levels, dimensioned tensors over 0-d
 * tensors over wrapped numbers, combined by category (c10 ResultTypeState). */
cg_dtype cg_result_type(int n, cg_tensor *const *ts) {
    int dim = -1, zero = -1, wrapped = -1;
    for (int i = 0; i < n; i++) {
        const cg_tensor *t = ts[i];
        int *level = t->is_wrapped_number ? &wrapped : t->ndim == 0 ? &zero : &dim;
        cg_dtype dt = t->dtype;
        if (t->is_wrapped_number && cg_dtype_is_float(dt))
            dt = CG_DEFAULT_DTYPE;
        else if (t->is_wrapped_number && cg_dtype_is_complex(dt))
            dt = CG_DEFAULT_COMPLEX_DTYPE;
        *level = *level < 0 ? (int)dt : (int)cg_dtype_promote((cg_dtype)*level, dt);
    }
    int low = zero >= 0 ? (int)cg_dtype_combine_categories((cg_dtype)zero, (cg_dtype)wrapped, wrapped >= 0) : wrapped;
    if (dim < 0)
        return (cg_dtype)low;
    return cg_dtype_combine_categories((cg_dtype)dim, (cg_dtype)(low < 0 ? 0 : low), low >= 0);
}

/* Two tensors of one dtype, neither a wrapped number, promote to that
 * dtype whatever their dims: asked first, as most binary ops meet it. */
static cg_dtype result2(cg_tensor *a, cg_tensor *b) {
    if (a->dtype == b->dtype && !a->is_wrapped_number && !b->is_wrapped_number)
        return a->dtype;
    return cg_result_type(2, (cg_tensor *[]){a, b});
}

/* ---- kernels ------------------------------------------------------------------- */

/* add and sub: out = a ± alpha * b, alpha in args->s[0]. PyTorch's CPU
 * kernel computes floats as one fused multiply-add, b * alpha + a rounded
 * once (sub is add of -alpha); with alpha 1 that is the plain sum, which
 * vectorises. */
#define ALPHA(T) const T alpha = (T)cg_scalar_to_double(args->s[0])
CG_BINARY_ROW_FMA(add_f32, float, ALPHA(float), alpha == 1.0f ? a + b : fmaf(b, alpha, a))
CG_BINARY_ROW_FMA(add_f64, double, ALPHA(double), alpha == 1.0 ? a + b : fma(b, alpha, a))
CG_BINARY_ROW_FMA(sub_f32, float, ALPHA(float), alpha == 1.0f ? a - b : fmaf(b, -alpha, a))
CG_BINARY_ROW_FMA(sub_f64, double, ALPHA(double), alpha == 1.0 ? a - b : fma(b, -alpha, a))
#define MUL_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, a *b)
#define DIV_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, a / b)
/* Integers wrap on overflow as PyTorch's do: computed unsigned (signed
 * overflow is undefined in C), narrowed back as two's complement. */
#define WRAP_ROWS(T, U, SUF)                                           \
    CG_BINARY_ROW(add_##SUF, T, ALPHA(T), (T)((U)a + (U)alpha * (U)b)) \
    CG_BINARY_ROW(sub_##SUF, T, ALPHA(T), (T)((U)a - (U)alpha * (U)b)) \
    CG_BINARY_ROW(mul_##SUF, T, CG_NOPRO, (T)((U)a * (U)b))
WRAP_ROWS(int32_t, uint32_t, i32)
WRAP_ROWS(int64_t, uint64_t, i64)
WRAP_ROWS(uint8_t, uint32_t, u8) /* narrow types: uint32_t, as uint16_t */
WRAP_ROWS(int8_t, uint32_t, i8)  /* would promote to (overflowing) int */
WRAP_ROWS(int16_t, uint32_t, i16)
WRAP_ROWS(uint16_t, uint32_t, u16)
WRAP_ROWS(uint32_t, uint32_t, u32)
WRAP_ROWS(uint64_t, uint64_t, u64)
CG_BINARY_ROW(add_bool, bool, ALPHA(bool), a || (alpha && b))
CG_EXPAND_FLOAT(MUL_ROW, mul)
CG_BINARY_ROW(mul_bool, bool, CG_NOPRO, a &&b)
CG_EXPAND_FLOAT(DIV_ROW, div)

/* div with rounding_mode (args->i[0] is CG_ROUND_TRUNC or CG_ROUND_FLOOR),
 * remainder and pow: their floor division, remainder and integer power are
 * scalar_math.h's (Note [Integer division] there), shared with CUDA */
#define ROUND_MODE const bool floor_mode = args->i[0] == CG_ROUND_FLOOR
CG_BINARY_ROW(div_mode_f32, float, ROUND_MODE, floor_mode ? cg_fdiv_floor(a, b) : truncf(a / b))
CG_BINARY_ROW(div_mode_f64, double, ROUND_MODE, floor_mode ? cg_fdiv_floor(a, b) : trunc(a / b))
#define DIV_MODE_INT(name, T) CG_BINARY_ROW(name, T, ROUND_MODE, floor_mode ? cg_idiv_floor(a, b) : cg_idiv_trunc(a, b))
CG_EXPAND_INT(DIV_MODE_INT, div_mode)
CG_BINARY_ROW(remainder_f32, float, CG_NOPRO, cg_fremainder(a, b))
CG_BINARY_ROW(remainder_f64, double, CG_NOPRO, cg_fremainder(a, b))
#define REMAINDER_INT(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, cg_iremainder(a, b))
CG_EXPAND_INT(REMAINDER_INT, remainder)
/* pow of two float tensors, a cpu_kernel_vec kernel (Note [pow with a
 * number exponent]): a run whose operands are contiguous, or one of them a
 * single value, takes SLEEF's vector pow over its whole steps of two
 * vectors; the rest, and strided runs, libm's. */
#define POW_ROW(name, T, LIBM, VPOW)                                                                   \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {                         \
        (void)ctx;                                                                                     \
        const int64_t es = sizeof(T);                                                                  \
        bool vec = s[0] == es && (s[1] == es || s[1] == 0) && (s[2] == es || s[2] == 0)                \
                   && !(s[1] == 0 && s[2] == 0) && cg_vec_math_available();                            \
        int64_t v = vec ? n - n % (2 * (32 / es)) : 0;                                                 \
        if (v)                                                                                         \
            VPOW((T *)p[0], (const T *)p[1], s[1] / es, (const T *)p[2], s[2] / es, v);                \
        for (int64_t i = v; i < n; i++)                                                                \
            *(T *)(p[0] + i * s[0]) = LIBM(*(const T *)(p[1] + i * s[1]), *(const T *)(p[2] + i * s[2])); \
    }
POW_ROW(pow_f32, float, powf, cg_vec_pow_f32)
POW_ROW(pow_f64, double, pow, cg_vec_pow_f64)
#define POW_INT(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, cg_ipow(a, b))
CG_EXPAND_INT(POW_INT, pow)
/* maximum and minimum: NaN and ties as PyTorch (scalar_math.h) */
#define MAX_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, CG_MAXIMUM(a, b))
#define MIN_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, CG_MINIMUM(a, b))
CG_EXPAND_ALL(MAX_ROW, maximum)
CG_EXPAND_ALL(MIN_ROW, minimum)

static const cg_row_fn add_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(add)};
static const cg_row_fn sub_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(sub)};
static const cg_row_fn mul_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(mul)};
static const cg_row_fn div_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(div)};
static const cg_row_fn div_mode_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(div_mode)};
static const cg_row_fn remainder_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(remainder)};
static const cg_row_fn pow_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(pow)};
static const cg_row_fn maximum_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(maximum)};
static const cg_row_fn minimum_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(minimum)};

/* out, a, b broadcast to out's shape, all of one dtype */
void cg_cpu_add(const cg_kernel_call *c) { cg_ew_run(c, add_rows, 0); }
void cg_cpu_sub(const cg_kernel_call *c) { cg_ew_run(c, sub_rows, 0); }
void cg_cpu_mul(const cg_kernel_call *c) { cg_ew_run(c, mul_rows, 0); }
void cg_cpu_div(const cg_kernel_call *c) { cg_ew_run(c, div_rows, 0); }
void cg_cpu_div_mode(const cg_kernel_call *c) { cg_ew_run(c, div_mode_rows, 0); }
void cg_cpu_remainder(const cg_kernel_call *c) { cg_ew_run(c, remainder_rows, 0); }
/* Note [pow with a number exponent]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * x ** e for a Python number e runs PyTorch's pow_tensor_scalar kernel, not
 * its pow of two tensors: e = 0.5, -0.5, -1 are sqrt(x), 1 / sqrt(x),
 * 1 / x; e = 2, 3 are x * x, x * x * x; e = -2 is 1 / (x * x); any other
 * e is pow. For those last two the kernel is a cpu_kernel_vec one (Note
 * [PyTorch's vector and scalar paths] in ops_unary.c): the whole steps of
 * two vectors of a contiguous run take the vector form (SLEEF's pow with e
 * rounded to T, or libm's where the CPU lacks AVX2; 1 / (x * x) in T), the
 * rest the scalar lambda, which computes in double: pow((double)x, e),
 * 1.0 / (x * x). The tensor exponent of POW is then only broadcast. */
enum { POW_SQRT, POW_RSQRT, POW_RECIP, POW_SQUARE, POW_CUBE, POW_INV_SQUARE, POW_ANY };

static int pow_kind(double e) {
    return e == 0.5 ? POW_SQRT : e == -0.5 ? POW_RSQRT : e == -1 ? POW_RECIP : e == 2 ? POW_SQUARE
           : e == 3 ? POW_CUBE : e == -2 ? POW_INV_SQUARE : POW_ANY;
}

#define POW_NUMBER_ROW(name, T, SQRT, POW, VPOW)                                                       \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {                         \
        const cg_op_args *args = ctx;                                                                  \
        const double e = cg_scalar_to_double(args->s[0]);                                              \
        const int kind = pow_kind(e);                                                                  \
        int64_t v = 0; /* the vector part */                                                           \
        if (s[0] == sizeof(T) && s[1] == sizeof(T) && kind >= POW_INV_SQUARE) {                        \
            T *o = (T *)p[0];                                                                          \
            const T *in = (const T *)p[1];                                                             \
            v = n - n % (2 * (int64_t)(32 / sizeof(T)));                                               \
            if (kind == POW_INV_SQUARE)                                                                \
                for (int64_t i = 0; i < v; i++)                                                        \
                    o[i] = (T)1 / (in[i] * in[i]);                                                     \
            else if (cg_vec_math_available())                                                          \
                VPOW(o, in, 1, &(T){(T)e}, 0, v);                                                      \
            else                                                                                       \
                for (int64_t i = 0; i < v; i++)                                                        \
                    o[i] = POW(in[i], (T)e);                                                           \
        }                                                                                              \
        for (int64_t i = v; i < n; i++) {                                                              \
            T x = *(const T *)(p[1] + i * s[1]), r;                                                    \
            switch (kind) {                                                                            \
            case POW_SQRT: r = SQRT(x); break;                                                         \
            case POW_RSQRT: r = (T)1 / SQRT(x); break;                                                 \
            case POW_RECIP: r = (T)1 / x; break;                                                       \
            case POW_SQUARE: r = x * x; break;                                                         \
            case POW_CUBE: r = x * x * x; break;                                                       \
            case POW_INV_SQUARE: r = (T)(1.0 / (double)(x * x)); break;                                \
            default: r = (T)pow((double)x, e); break;                                                  \
            }                                                                                          \
            *(T *)(p[0] + i * s[0]) = r;                                                               \
        }                                                                                              \
    }
POW_NUMBER_ROW(pow_number_f32, float, sqrtf, powf, cg_vec_pow_f32)
POW_NUMBER_ROW(pow_number_f64, double, sqrt, pow, cg_vec_pow_f64)
static const cg_row_fn pow_number_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(pow_number)};

/* args->flag: the exponent is a number (Note [pow with a number exponent]) */
void cg_cpu_pow(const cg_kernel_call *c) {
    bool number = c->args && c->args->flag && cg_dtype_is_float(c->it->dtypes[0]);
    cg_ew_run(c, number ? pow_number_rows : pow_rows, 0);
}
void cg_cpu_maximum(const cg_kernel_call *c) { cg_ew_run(c, maximum_rows, 0); }
void cg_cpu_minimum(const cg_kernel_call *c) { cg_ew_run(c, minimum_rows, 0); }

/* ---- add / sub ------------------------------------------------------------------ */

static int check_sub(cg_tensor *a, cg_tensor *b) {
    CG_CHECK_INT(!(a->dtype == CG_BOOL && b->dtype == CG_BOOL), CG_RUNTIME_ERROR,
                 "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                 "`logical_xor()` operator instead.");
    CG_CHECK_INT(a->dtype != CG_BOOL && b->dtype != CG_BOOL, CG_RUNTIME_ERROR,
                 "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert "
                 "a mask, use the `~` or `logical_not()` operator instead.");
    return 0;
}

static int check_alpha(cg_dtype dt, cg_scalar alpha) {
    CG_CHECK_INT(!(alpha.kind == CG_SCALAR_FLOAT && !cg_dtype_is_float(dt)), CG_RUNTIME_ERROR,
                 "For integral input tensors, argument alpha must not be a floating point number.");
    return 0;
}

/* float16 with an alpha other than 1: PyTorch 1.13's kernel (scalar code,
 * c10::Half arithmetic) rounds alpha * b to float16 before the sum, so b is
 * scaled first, unrecorded. bfloat16 keeps one fused rounding: its AVX2
 * vector loop fuses (only the loop's tail rounds twice there). NULL with
 * no error when not needed. */
static cg_tensor *reduced_scaled(cg_tensor *b, cg_dtype dt, cg_scalar alpha, bool *failed) {
    *failed = false;
    if (dt != CG_F16 || cg_scalar_to_double(alpha) == 1.0)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *bd = cg_to_dtype(b, dt);
    cg_tensor *scaled = bd ? cg_mul_scalar(bd, cg_scalar_to_double(alpha)) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(bd);
    *failed = !scaled;
    return scaled;
}

static cg_tensor *add_sub(cg_op op, cg_tensor *a, cg_tensor *b, cg_scalar alpha) {
    if (op == CG_OP_SUB && check_sub(a, b) < 0)
        return NULL;
    cg_dtype dt = result2(a, b);
    if (check_alpha(dt, alpha) < 0)
        return NULL;
    cg_op_args args = {.s = {alpha}}, plain = {.s = {cg_scalar_int(1)}};
    bool failed;
    cg_tensor *scaled = reduced_scaled(b, dt, alpha, &failed);
    if (failed)
        return NULL;
    cg_tensor *out = cg_ew_binary(op, a, scaled ? scaled : b, dt, dt, scaled ? &plain : &args);
    cg_tensor_release(scaled);
    return cg_ew_record(out, op, 2, (cg_tensor *[]){a, b}, 0, NULL, &args);
}

static int add_sub_(cg_op op, cg_tensor *self, cg_tensor *other, cg_scalar alpha) {
    if (op == CG_OP_SUB && check_sub(self, other) < 0)
        return -1;
    cg_dtype dt = result2(self, other);
    if (check_alpha(dt, alpha) < 0)
        return -1;
    cg_op_args args = {.s = {alpha}}, plain = {.s = {cg_scalar_int(1)}};
    bool record = cg_autograd_needed(2, (cg_tensor *[]){self, other}), failed;
    cg_tensor *scaled = reduced_scaled(other, dt, alpha, &failed);
    if (failed)
        return -1;
    int rc = cg_ew_binary_(op, self, scaled ? scaled : other, dt, scaled ? &plain : &args);
    cg_tensor_release(scaled);
    if (rc < 0)
        return -1;
    return record ? cg_ew_record_(self, op, 2, (cg_tensor *[]){self, other}, 0, NULL, &args) : 0;
}

cg_tensor *cg_add(cg_tensor *a, cg_tensor *b, cg_scalar alpha) { return add_sub(CG_OP_ADD, a, b, alpha); }
cg_tensor *cg_sub(cg_tensor *a, cg_tensor *b, cg_scalar alpha) { return add_sub(CG_OP_SUB, a, b, alpha); }
int cg_add_(cg_tensor *self, cg_tensor *other, cg_scalar alpha) { return add_sub_(CG_OP_ADD, self, other, alpha); }
int cg_sub_(cg_tensor *self, cg_tensor *other, cg_scalar alpha) { return add_sub_(CG_OP_SUB, self, other, alpha); }

/* rsub(self, other, alpha): other - alpha * self, by sub's kernels with the
 * operands swapped. A Python number as other is PyTorch's Scalar overload
 * (2 - x): RsubBackward1, with no edge for the number. */
cg_tensor *cg_rsub(cg_tensor *self, cg_tensor *other, cg_scalar alpha) {
    if (check_sub(other, self) < 0)
        return NULL;
    cg_dtype dt = result2(self, other);
    if (check_alpha(dt, alpha) < 0)
        return NULL;
    cg_op_args args = {.s = {alpha}};
    cg_tensor *out = cg_ew_binary(CG_OP_SUB, other, self, dt, dt, &args);
    if (other->is_wrapped_number)
        return cg_ew_record(out, CG_OP_RSUB_SCALAR, 1, &self, 0, NULL, &args);
    return cg_ew_record(out, CG_OP_RSUB, 2, (cg_tensor *[]){self, other}, 0, NULL, &args);
}

/* grad * alpha, or grad itself when alpha is 1 */
static cg_tensor *scaled(cg_tensor *g, cg_scalar alpha) {
    if (cg_scalar_to_double(alpha) == 1.0)
        return cg_tensor_retain(g);
    return cg_mul_scalar(g, cg_scalar_to_double(alpha));
}

/* AddBackward0: self: grad, other: grad * alpha */
int cg_bw_add(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = n->next[0].node ? cg_tensor_retain(go[0]) : NULL;
    gi[1] = n->next[1].node ? scaled(go[0], n->args.s[0]) : NULL;
    return (n->next[1].node && !gi[1]) ? -1 : 0;
}

/* SubBackward0: self: grad, other: -grad * alpha */
int cg_bw_sub(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = n->next[0].node ? cg_tensor_retain(go[0]) : NULL;
    gi[1] = n->next[1].node ? cg_mul_scalar(go[0], -cg_scalar_to_double(n->args.s[0])) : NULL;
    return (n->next[1].node && !gi[1]) ? -1 : 0;
}

/* RsubBackward0: self: -grad * alpha, other: grad */
int cg_bw_rsub(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = n->next[0].node ? cg_mul_scalar(go[0], -cg_scalar_to_double(n->args.s[0])) : NULL;
    gi[1] = n->next[1].node ? cg_tensor_retain(go[0]) : NULL;
    return (n->next[0].node && !gi[0]) ? -1 : 0;
}

/* RsubBackward1: self: -grad * alpha */
int cg_bw_rsub_scalar(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = cg_mul_scalar(go[0], -cg_scalar_to_double(n->args.s[0]));
    return gi[0] ? 0 : -1;
}

/* ---- mul / div ---------------------------------------------------------------------- */

cg_tensor *cg_mul(cg_tensor *a, cg_tensor *b) {
    cg_dtype dt = result2(a, b);
    cg_tensor *out = cg_ew_binary(CG_OP_MUL, a, b, dt, dt, NULL);
    cg_save_spec save[] = {{a, "self"}, {b, "other"}};
    return cg_ew_record(out, CG_OP_MUL, 2, (cg_tensor *[]){a, b}, 2, save, NULL);
}

cg_tensor *cg_div(cg_tensor *a, cg_tensor *b) {
    cg_dtype dt = cg_dtype_to_float(result2(a, b));
    cg_tensor *out = cg_ew_binary(CG_OP_DIV, a, b, dt, dt, NULL);
    cg_save_spec save[] = {{a, "self"}, {b, "other"}};
    return cg_ew_record(out, CG_OP_DIV, 2, (cg_tensor *[]){a, b}, 2, save, NULL);
}

/* In-place forms of differentiable binary ops: self = op(self, other) by
 * kernel op `kop`, recorded as `rop` (nin 1 when other is a Python number
 * kept in args). Saved slots are positional, as the derivatives read them:
 * self's old value (a clone, only when need_old), other, then the result
 * (self itself); nsave says how many of them the node keeps. */
typedef struct {
    cg_op kop, rop;
    int nin, nsave;
    bool need_old;
    const char *other_name;
} inplace_spec;

static int inplace_binary(const inplace_spec *sp, cg_tensor *self, cg_tensor *other, cg_dtype dt,
                          const cg_op_args *args) {
    cg_tensor *in[] = {self, other};
    bool record = cg_autograd_needed(sp->nin, in);
    cg_tensor *old = NULL;
    if (record && sp->need_old) {
        old = cg_clone(self); /* with self's history, for double backward */
        if (!old)
            return -1;
    }
    int rc = cg_ew_binary_(sp->kop, self, other, dt, args);
    if (rc == 0 && record) {
        cg_save_spec save[] = {{old, "self"}, {other, sp->other_name}, {self, "result"}};
        rc = cg_ew_record_(self, sp->rop, sp->nin, in, sp->nsave, save, args);
    }
    cg_tensor_release(old);
    return rc;
}

static int mul_div_(cg_op op, cg_tensor *self, cg_tensor *other, cg_dtype dt) {
    /* only the derivative for other needs self's old value */
    inplace_spec sp = {op, op, 2, 2, cg_autograd_needed(1, &other), "other"};
    return inplace_binary(&sp, self, other, dt, NULL);
}

int cg_mul_(cg_tensor *self, cg_tensor *other) { return mul_div_(CG_OP_MUL, self, other, result2(self, other)); }
int cg_div_(cg_tensor *self, cg_tensor *other) {
    return mul_div_(CG_OP_DIV, self, other, cg_dtype_to_float(result2(self, other)));
}

/* MulBackward0: self: grad * other, other: grad * self */
/* g op conj(t) (t itself when real: see formula.h's s_conj) */
static cg_tensor *by_conj(cg_tensor *(*op)(cg_tensor *, cg_tensor *), cg_tensor *g, cg_tensor *t) {
    cg_tensor *c = cg_conj(t);
    cg_tensor *r = c ? op(g, c) : NULL;
    cg_tensor_release(c);
    return r;
}

/* MulBackward0: self: grad * other.conj(), other: grad * self.conj() */
int cg_bw_mul(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *other;
    if (cg_node_saved_all(n, 2, &self, &other) < 0)
        return -1;
    gi[0] = n->next[0].node ? by_conj(cg_mul, go[0], other) : NULL;
    gi[1] = n->next[1].node ? by_conj(cg_mul, go[0], self) : NULL;
    return (n->next[0].node && !gi[0]) || (n->next[1].node && !gi[1]) ? -1 : 0;
}

/* DivBackward0: self: grad / other.conj(), other: -grad *
 * ((self / other) / other).conj() */
int cg_bw_div(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *other;
    if (cg_node_saved_all(n, 2, &self, &other) < 0)
        return -1;
    if (n->next[0].node && !(gi[0] = by_conj(cg_div, go[0], other)))
        return -1;
    if (n->next[1].node) { /* -grad * ((self / other) / other).conj(), PyTorch's order of roundings */
        cg_tensor *ng = cg_neg(go[0]);
        cg_tensor *r = ng ? cg_div(self, other) : NULL;
        cg_tensor *rr = r ? cg_div(r, other) : NULL;
        gi[1] = rr ? by_conj(cg_mul, ng, rr) : NULL;
        cg_tensor_release(ng), cg_tensor_release(r), cg_tensor_release(rr);
        if (!gi[1])
            return -1;
    }
    return 0;
}

/* ---- shared checks ------------------------------------------------------------------------ */

int cg_check_dtype_supported(const char *kernel, cg_dtype dt, bool supported) {
    CG_CHECK_INT(supported, CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel, cg_dtype_legacy_name(dt));
    return 0;
}

#define HAS_ZERO_ROW(name, T)                                                  \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) { \
        for (int64_t i = 0; i < n; i++)                                        \
            if (*(const T *)(p[0] + i * s[0]) == 0) {                          \
                __atomic_store_n((bool *)ctx, true, __ATOMIC_RELAXED);         \
                return;                                                        \
            }                                                                  \
    }
HAS_ZERO_ROW(has_zero_bool, bool)
CG_EXPAND_INT(HAS_ZERO_ROW, has_zero)
static const cg_row_fn has_zero_rows[CG_DTYPE_COUNT] = {CG_ROWS_INT(has_zero), [CG_BOOL] = has_zero_bool};

/* PyTorch raises for an integer division by zero on the CPU only (CUDA
 * returns garbage); see Note [Integer division] in scalar_math.h. */
int cg_check_int_divisor(cg_tensor *a, cg_tensor *b, cg_dtype compute) {
    /* an empty dividend divides nothing (the result is empty) */
    if (!cg_dtype_is_int(compute) || cg_tensor_device(b).type != CG_CPU || cg_tensor_numel(a) == 0)
        return 0;
    cg_ew_iter it;
    cg_ew_iter_init(&it, b, 0, NULL);
    bool zero = false;
    cg_ew_iter_for_each(&it, has_zero_rows[b->dtype], &zero);
    CG_CHECK_INT(!zero, CG_RUNTIME_ERROR, "ZeroDivisionError");
    return 0;
}

/* The value of a wrapped Python number (cg_scalar_tensor), of its kind. */
static cg_scalar wrapped_value(const cg_tensor *t) { return cg_scalar_load(cg_tensor_data(t), t->dtype); }

/* ---- pow ----------------------------------------------------------------------------------------- */

static int check_pow_dtype(cg_dtype dt) { return cg_check_dtype_supported("pow", dt, dt != CG_BOOL); }

static int check_pow_scalar(cg_tensor *self, cg_scalar e) {
    CG_CHECK_INT(cg_dtype_is_float(self->dtype) || e.kind == CG_SCALAR_FLOAT || cg_scalar_to_int(e) >= 0,
                 CG_RUNTIME_ERROR, "Integers to negative integer powers are not allowed.");
    return 0;
}

cg_tensor *cg_pow(cg_tensor *self, cg_tensor *exponent) {
    if (exponent->is_wrapped_number) /* x ** 2: PowBackward0, as PyTorch's Tensor_Scalar overload */
        return cg_pow_scalar(self, wrapped_value(exponent));
    cg_dtype dt = result2(self, exponent);
    if (check_pow_dtype(dt) < 0)
        return NULL;
    cg_tensor *out = cg_ew_binary(CG_OP_POW, self, exponent, dt, dt, NULL);
    cg_save_spec save[] = {{self, "self"}, {exponent, "exponent"}, {out, "result"}};
    return cg_ew_record(out, CG_OP_POW, 2, (cg_tensor *[]){self, exponent}, 3, save, NULL);
}

cg_tensor *cg_pow_scalar(cg_tensor *self, cg_scalar exponent) {
    cg_tensor *e = cg_scalar_tensor(exponent);
    if (!e)
        return NULL;
    cg_dtype dt = result2(self, e);
    cg_op_args args = {.s = {exponent}, .flag = true};
    cg_tensor *out = NULL;
    if (check_pow_scalar(self, exponent) == 0 && check_pow_dtype(dt) == 0)
        out = cg_ew_binary(CG_OP_POW, self, e, dt, dt, &args);
    cg_tensor_release(e);
    cg_save_spec save[] = {{self, "self"}};
    return cg_ew_record(out, CG_OP_POW_SCALAR, 1, &self, 1, save, &args);
}

cg_tensor *cg_pow_scalar_base(cg_scalar self, cg_tensor *exponent) {
    cg_tensor *b = cg_scalar_tensor(self);
    if (!b)
        return NULL;
    cg_dtype dt = result2(b, exponent);
    cg_op_args args = {.s = {self}};
    cg_tensor *out = check_pow_dtype(dt) == 0 ? cg_ew_binary(CG_OP_POW, b, exponent, dt, dt, &args) : NULL;
    cg_tensor_release(b);
    cg_save_spec save[] = {{exponent, "exponent"}, {out, "result"}};
    return cg_ew_record(out, CG_OP_POW_SCALAR_BASE, 1, &exponent, 2, save, &args);
}

int cg_pow_(cg_tensor *self, cg_tensor *exponent) {
    if (exponent->is_wrapped_number)
        return cg_pow_scalar_(self, wrapped_value(exponent));
    cg_dtype dt = result2(self, exponent);
    if (check_pow_dtype(dt) < 0)
        return -1;
    inplace_spec sp = {CG_OP_POW, CG_OP_POW, 2, 3, true, "exponent"};
    return inplace_binary(&sp, self, exponent, dt, NULL);
}

int cg_pow_scalar_(cg_tensor *self, cg_scalar exponent) {
    cg_tensor *e = cg_scalar_tensor(exponent);
    if (!e)
        return -1;
    cg_dtype dt = result2(self, e);
    cg_op_args args = {.s = {exponent}, .flag = true};
    inplace_spec sp = {CG_OP_POW, CG_OP_POW_SCALAR, 1, 1, true, NULL};
    int rc = check_pow_scalar(self, exponent);
    if (rc == 0 && cg_dtype_is_float(dt) && !cg_dtype_is_float(self->dtype)) {
        /* PyTorch's pow_ says so before its usual cast check */
        cg_error_set(CG_RUNTIME_ERROR, "Found dtype %s but expected %s", cg_dtype_legacy_name(self->dtype), cg_dtype_legacy_name(dt));
        rc = -1;
    }
    if (rc == 0)
        rc = check_pow_dtype(dt);
    if (rc == 0)
        rc = inplace_binary(&sp, self, e, dt, &args);
    cg_tensor_release(e);
    return rc;
}

/* grad * result * log(self), with 0 where self == 0 and exponent >= 0 (the
 * limit PyTorch takes): there log is taken of 1 instead, so no 0 * inf. */
static cg_tensor *pow_exponent_grad(cg_tensor *g, cg_tensor *self, cg_tensor *exponent, cg_tensor *result) {
    cg_tensor *zero = cg_scalar_tensor(cg_scalar_int(0));
    cg_tensor *z = zero ? cg_eq(self, zero) : NULL;
    cg_tensor *nonneg = zero ? cg_ge(exponent, zero) : NULL;
    cg_tensor *both = z && nonneg ? cg_logical_and(z, nonneg) : NULL;
    cg_tensor *mask = both ? cg_to_dtype(both, result->dtype) : NULL;
    cg_tensor *shifted = mask ? cg_add(self, mask, cg_scalar_int(1)) : NULL;
    cg_tensor *lg = shifted ? cg_log(shifted) : NULL;
    cg_tensor *rl = lg ? cg_mul(result, lg) : NULL;
    cg_tensor *out = rl ? cg_mul(g, rl) : NULL;
    cg_tensor_release(zero), cg_tensor_release(z), cg_tensor_release(nonneg), cg_tensor_release(both);
    cg_tensor_release(mask), cg_tensor_release(shifted), cg_tensor_release(lg), cg_tensor_release(rl);
    return out;
}

/* PowBackward1: self: grad * exponent * self ** (exponent - 1), 0 where
 * exponent == 0 (there the power taken is self ** 0, times 0);
 * exponent: see pow_exponent_grad */
int cg_bw_pow(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *exponent, *result;
    if (cg_node_saved_all(n, 3, &self, &exponent, &result) < 0)
        return -1;
    if (n->next[0].node) {
        cg_tensor *zero = cg_scalar_tensor(cg_scalar_int(0)), *one = cg_scalar_tensor(cg_scalar_int(1));
        cg_tensor *is0 = zero ? cg_eq(exponent, zero) : NULL;
        cg_tensor *em1 = one ? cg_sub(exponent, one, cg_scalar_int(1)) : NULL;
        cg_tensor *e1 = is0 && em1 ? cg_add(em1, is0, cg_scalar_int(1)) : NULL;
        cg_tensor *p = e1 ? cg_pow(self, e1) : NULL;
        cg_tensor *q = p ? cg_mul(p, exponent) : NULL;
        gi[0] = q ? cg_mul(go[0], q) : NULL;
        cg_tensor_release(zero), cg_tensor_release(one), cg_tensor_release(is0), cg_tensor_release(em1);
        cg_tensor_release(e1), cg_tensor_release(p), cg_tensor_release(q);
        if (!gi[0])
            return -1;
    }
    if (n->next[1].node && !(gi[1] = pow_exponent_grad(go[0], self, exponent, result)))
        return -1;
    return 0;
}

/* PowBackward0: self: exponent == 0 ? 0 : grad * exponent * self ** (exponent - 1) */
int cg_bw_pow_scalar(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self;
    if (cg_node_saved(n, 0, &self) < 0)
        return -1;
    cg_scalar e = n->args.s[0];
    if (cg_scalar_to_double(e) == 0.0)
        return (gi[0] = cg_zeros_like(go[0])) ? 0 : -1;
    cg_scalar em1 = e.kind == CG_SCALAR_FLOAT ? cg_scalar_float(e.v.f - 1) : cg_scalar_int(cg_scalar_to_int(e) - 1);
    cg_tensor *p = cg_pow_scalar(self, em1);
    cg_tensor *q = p ? cg_mul_scalar(p, cg_scalar_to_double(e)) : NULL;
    gi[0] = q ? cg_mul(go[0], q) : NULL;
    cg_tensor_release(p), cg_tensor_release(q);
    return gi[0] ? 0 : -1;
}

/* PowBackward2: exponent: grad * result * log(self), self a Python number */
int cg_bw_pow_scalar_base(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *exponent, *result;
    if (cg_node_saved_all(n, 2, &exponent, &result) < 0)
        return -1;
    cg_tensor *base = cg_scalar_tensor(n->args.s[0]);
    gi[0] = base ? pow_exponent_grad(go[0], base, exponent, result) : NULL;
    cg_tensor_release(base);
    return gi[0] ? 0 : -1;
}

/* ---- div with rounding_mode, floor_divide, remainder ------------------------------------------ */

static int check_div_mode(cg_tensor *a, cg_tensor *b, cg_dtype dt, int mode) {
    if (cg_check_dtype_supported(mode == CG_ROUND_FLOOR ? "div_floor_cpu" : "div_trunc_cpu", dt,
                                 dt != CG_BOOL && !cg_dtype_is_complex(dt))
        < 0)
        return -1;
    return cg_check_int_divisor(a, b, dt);
}

static int parse_rounding_mode(const char *rounding_mode) {
    if (!rounding_mode)
        return CG_ROUND_NONE;
    if (!strcmp(rounding_mode, "trunc"))
        return CG_ROUND_TRUNC;
    if (!strcmp(rounding_mode, "floor"))
        return CG_ROUND_FLOOR;
    cg_error_set(CG_RUNTIME_ERROR, "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '%s'",
                 rounding_mode);
    return -1;
}

static cg_tensor *div_mode(cg_tensor *a, cg_tensor *b, int mode) {
    cg_dtype dt = result2(a, b);
    if (check_div_mode(a, b, dt, mode) < 0)
        return NULL;
    cg_op_args args = {.i = {mode}};
    cg_tensor *out = cg_ew_binary(CG_OP_DIV_MODE, a, b, dt, dt, &args);
    return cg_ew_record(out, CG_OP_DIV_MODE, 2, (cg_tensor *[]){a, b}, 0, NULL, &args);
}

static int div_mode_(cg_tensor *self, cg_tensor *other, int mode) {
    cg_dtype dt = result2(self, other);
    if (check_div_mode(self, other, dt, mode) < 0)
        return -1;
    cg_op_args args = {.i = {mode}};
    inplace_spec sp = {CG_OP_DIV_MODE, CG_OP_DIV_MODE, 2, 0, false, "other"};
    return inplace_binary(&sp, self, other, dt, &args);
}

cg_tensor *cg_div_rounding(cg_tensor *a, cg_tensor *b, const char *rounding_mode) {
    int mode = parse_rounding_mode(rounding_mode);
    return mode < 0 ? NULL : mode == CG_ROUND_NONE ? cg_div(a, b) : div_mode(a, b, mode);
}

int cg_div_rounding_(cg_tensor *self, cg_tensor *other, const char *rounding_mode) {
    int mode = parse_rounding_mode(rounding_mode);
    return mode < 0 ? -1 : mode == CG_ROUND_NONE ? cg_div_(self, other) : div_mode_(self, other, mode);
}

/* Note [NotImplemented nodes]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's derivatives.yaml gives floor_divide, and remainder of a Python
 * number by a tensor, no derivative (not_implemented), and records them
 * under a node named NotImplemented. Ours records the node of the op that
 * computes them (div with rounding_mode='floor', remainder) under that
 * name, so that grad_fn and the drawn graph read as PyTorch's; its
 * derivative is that op's (zero almost everywhere), where PyTorch's raises. */
static const char NOT_IMPLEMENTED[] = "NotImplemented";

static void name_not_implemented(cg_node *n, cg_op op) {
    if (n && n->op == op)
        n->name = NOT_IMPLEMENTED;
}

cg_tensor *cg_floor_divide(cg_tensor *a, cg_tensor *b) {
    cg_tensor *r = div_mode(a, b, CG_ROUND_FLOOR);
    if (r)
        name_not_implemented(r->grad_fn, CG_OP_DIV_MODE);
    return r;
}

int cg_floor_divide_(cg_tensor *self, cg_tensor *other) {
    int rc = div_mode_(self, other, CG_ROUND_FLOOR);
    if (rc == 0)
        name_not_implemented(self->grad_fn, CG_OP_DIV_MODE);
    return rc;
}

/* DivBackward2: rounding makes the quotient piecewise constant: zeros */
int cg_bw_div_mode(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    for (int i = 0; i < 2; i++)
        if (n->next[i].node && !(gi[i] = cg_zeros_like(go[0])))
            return -1;
    return 0;
}

static int check_remainder(cg_tensor *a, cg_tensor *b, cg_dtype dt) {
    if (cg_check_dtype_supported("remainder_cpu", dt, dt != CG_BOOL) < 0)
        return -1;
    return cg_check_int_divisor(a, b, dt);
}

cg_tensor *cg_remainder(cg_tensor *a, cg_tensor *b) {
    cg_dtype dt = result2(a, b);
    if (check_remainder(a, b, dt) < 0)
        return NULL;
    cg_tensor *out = cg_ew_binary(CG_OP_REMAINDER, a, b, dt, dt, NULL);
    if (b->is_wrapped_number) /* x % 2: RemainderBackward0, PyTorch's Scalar overload */
        return cg_ew_record(out, CG_OP_REMAINDER_SCALAR, 1, &a, 0, NULL, NULL);
    cg_save_spec save[] = {{a, "self"}, {b, "other"}};
    cg_tensor *r = cg_ew_record(out, CG_OP_REMAINDER, 2, (cg_tensor *[]){a, b}, 2, save, NULL);
    if (r && a->is_wrapped_number) /* 5 % x: see Note [NotImplemented nodes] */
        name_not_implemented(r->grad_fn, CG_OP_REMAINDER);
    return r;
}

int cg_remainder_(cg_tensor *self, cg_tensor *other) {
    cg_dtype dt = result2(self, other);
    if (check_remainder(self, other, dt) < 0)
        return -1;
    inplace_spec sp = {CG_OP_REMAINDER, CG_OP_REMAINDER, 2, 2, cg_autograd_needed(1, &other), "other"};
    if (other->is_wrapped_number)
        sp = (inplace_spec){CG_OP_REMAINDER, CG_OP_REMAINDER_SCALAR, 1, 0, false, NULL};
    return inplace_binary(&sp, self, other, dt, NULL);
}

/* RemainderBackward1: self: grad, other: -grad * self.div(other, rounding_mode='floor') */
int cg_bw_remainder(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *other;
    if (cg_node_saved_all(n, 2, &self, &other) < 0)
        return -1;
    if (n->next[0].node && !(gi[0] = cg_tensor_retain(go[0])))
        return -1;
    if (n->next[1].node) {
        cg_tensor *q = div_mode(self, other, CG_ROUND_FLOOR);
        cg_tensor *p = q ? cg_mul(go[0], q) : NULL;
        gi[1] = p ? cg_neg(p) : NULL;
        cg_tensor_release(q), cg_tensor_release(p);
        if (!gi[1])
            return -1;
    }
    return 0;
}

/* RemainderBackward0: self: grad */
int cg_bw_remainder_scalar(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    gi[0] = cg_tensor_retain(go[0]);
    return 0;
}

/* ---- maximum / minimum ------------------------------------------------------------------------------ */

static cg_tensor *max_min(cg_op op, cg_tensor *a, cg_tensor *b) {
    CG_CHECK(!cg_dtype_is_complex(a->dtype) && !cg_dtype_is_complex(b->dtype), CG_RUNTIME_ERROR,
             "%s not implemented for complex tensors.", op == CG_OP_MAXIMUM ? "maximum" : "minimum");
    cg_dtype dt = result2(a, b);
    cg_tensor *out = cg_ew_binary(op, a, b, dt, dt, NULL);
    cg_save_spec save[] = {{a, "self"}, {b, "other"}};
    return cg_ew_record(out, op, 2, (cg_tensor *[]){a, b}, 2, save, NULL);
}

cg_tensor *cg_maximum(cg_tensor *a, cg_tensor *b) { return max_min(CG_OP_MAXIMUM, a, b); }
cg_tensor *cg_minimum(cg_tensor *a, cg_tensor *b) { return max_min(CG_OP_MINIMUM, a, b); }

/* PyTorch's formula for one operand x against y: where(x == y, grad / 2,
 * grad).masked_fill_(lost, 0), lost = loses(x, y). The fill writes +0 where
 * x lost, whatever grad's sign (a product with a 0/1 mask would give -0
 * under a negative or -0 gradient); NaN, which neither wins nor ties,
 * passes the gradient on. */
static cg_tensor *operand_grad(cg_tensor *g, cg_tensor *x, cg_tensor *y, cg_tensor *(*loses)(cg_tensor *, cg_tensor *)) {
    cg_tensor *tie = cg_eq(x, y);
    cg_tensor *two = tie ? cg_scalar_tensor(cg_scalar_int(2)) : NULL;
    cg_tensor *half = two ? cg_div(g, two) : NULL;
    cg_tensor *w = half ? cg_where(tie, half, g) : NULL;
    cg_tensor *lost = w ? loses(x, y) : NULL;
    cg_tensor *out = lost ? cg_masked_fill(w, lost, cg_scalar_int(0)) : NULL;
    cg_tensor_release(tie), cg_tensor_release(two), cg_tensor_release(half);
    cg_tensor_release(w), cg_tensor_release(lost);
    return out;
}

static cg_tensor *lt_swapped(cg_tensor *x, cg_tensor *y) { return cg_lt(y, x); }

/* MaximumBackward0: self: grad where self >= other, halved on a tie; other
 * alike. MinimumBackward0 the same with the comparison turned round. */
int cg_bw_max_min(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *other;
    if (cg_node_saved_all(n, 2, &self, &other) < 0)
        return -1;
    cg_tensor *(*loses)(cg_tensor *, cg_tensor *) = n->op == CG_OP_MAXIMUM ? cg_lt : lt_swapped;
    for (int i = 0; i < 2; i++) {
        if (!n->next[i].node)
            continue;
        gi[i] = i == 0 ? operand_grad(go[0], self, other, loses) : operand_grad(go[0], other, self, loses);
        if (!gi[i])
            return -1;
    }
    return 0;
}

/* ---- with a Python number ---------------------------------------------------------------- */

static cg_tensor *with_number(cg_tensor *(*op)(cg_tensor *, cg_tensor *), cg_tensor *a, double b) {
    cg_tensor *s = cg_scalar_tensor(cg_scalar_float(b));
    cg_tensor *out = s ? op(a, s) : NULL;
    cg_tensor_release(s);
    return out;
}

static cg_tensor *add_one(cg_tensor *a, cg_tensor *b) { return cg_add(a, b, cg_scalar_int(1)); }
cg_tensor *cg_add_scalar(cg_tensor *a, double b) { return with_number(add_one, a, b); }
cg_tensor *cg_mul_scalar(cg_tensor *a, double b) { return with_number(cg_mul, a, b); }
