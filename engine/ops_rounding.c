/* ops_rounding.c: floor, ceil, round, trunc and frac, and sgn, signbit
 * and positive: kernels, frontends with PyTorch 1.13's dtype rules and
 * messages, and derivatives (zeros for the step functions, grad for frac
 * and sgn's zeros for real inputs, derivatives.yaml's). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ew.h"
#include "formula.h"
#include "ops.h"
#include "rounding_math.h"

/* ---- kernels ------------------------------------------------------------------------ */

#define FLOAT_ROWS(name, e32, e64)                  \
    CG_UNARY_ROW(name##_f32, float, CG_NOPRO, e32)  \
    CG_UNARY_ROW(name##_f64, double, CG_NOPRO, e64) \
    static const cg_row_fn name##_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(name)};

FLOAT_ROWS(floor, floorf(x), floor(x))
FLOAT_ROWS(ceil, ceilf(x), ceil(x))
FLOAT_ROWS(trunc, truncf(x), trunc(x))
FLOAT_ROWS(round, nearbyintf(x), nearbyint(x))
FLOAT_ROWS(frac, CG_FRAC(x, truncf), CG_FRAC(x, trunc))

/* args->i[0] decimals; args->flag: the tensor is bfloat16 (Note [round
 * with decimals]) */
#define ROUND_DECIMALS_PRO(T)                           \
    const bool neg = args->i[0] < 0, bf16 = args->flag; \
    const T pw = cg_round_step((T)cg_pow10(args->i[0]), bf16)
CG_UNARY_ROW(round_decimals_f32, float, ROUND_DECIMALS_PRO(float),
             CG_ROUND_DECIMALS(float, nearbyintf, x, pw, neg, bf16))
CG_UNARY_ROW(round_decimals_f64, double, ROUND_DECIMALS_PRO(double),
             CG_ROUND_DECIMALS(double, nearbyint, x, pw, neg, bf16))
static const cg_row_fn round_decimals_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(round_decimals)};

void cg_cpu_floor(const cg_kernel_call *c) { cg_ew_run(c, floor_rows, 0); }
void cg_cpu_ceil(const cg_kernel_call *c) { cg_ew_run(c, ceil_rows, 0); }
void cg_cpu_trunc(const cg_kernel_call *c) { cg_ew_run(c, trunc_rows, 0); }
void cg_cpu_round(const cg_kernel_call *c) { cg_ew_run(c, round_rows, 0); }
void cg_cpu_round_decimals(const cg_kernel_call *c) { cg_ew_run(c, round_decimals_rows, 0); }
void cg_cpu_frac(const cg_kernel_call *c) { cg_ew_run(c, frac_rows, 0); }

/* signbit: out bool, in T; dispatched on the input's dtype */
#define SIGNBIT_ROW(name, T, expr)                                             \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) { \
        (void)ctx;                                                             \
        for (int64_t i = 0; i < n; i++) {                                      \
            T x = *(const T *)(p[1] + i * s[1]);                               \
            *(bool *)(p[0] + i * s[0]) = (expr);                               \
        }                                                                      \
    }
#define SIGNBIT_INT_ROW(name, T) SIGNBIT_ROW(name, T, CG_SIGNBIT_INT(x))
CG_EXPAND_INT(SIGNBIT_INT_ROW, signbit)
SIGNBIT_ROW(signbit_f32, float, signbit(x) != 0)
SIGNBIT_ROW(signbit_f64, double, signbit(x) != 0)
SIGNBIT_ROW(signbit_bool, bool, ((void)x, false))
static const cg_row_fn signbit_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(signbit)};
void cg_cpu_signbit(const cg_kernel_call *c) { cg_ew_run(c, signbit_rows, 1); }

/* ---- frontends ------------------------------------------------------------------------ */

/* PyTorch's dispatch error for a dtype a kernel lacks */
static bool refuse(bool bad, const char *kernel, cg_dtype dt) {
    if (bad)
        cg_error_set(CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel, cg_dtype_legacy_name(dt));
    return bad;
}

static bool refuse_complex(const cg_tensor *x, const char *op) {
    if (cg_dtype_is_complex(x->dtype))
        cg_error_set(CG_RUNTIME_ERROR, "%s is not supported for complex inputs", op);
    return cg_dtype_is_complex(x->dtype);
}

/* op(x) of x's dtype, recorded without saving anything (none of these
 * derivatives needs a tensor) */
static cg_tensor *unary(cg_op op, cg_tensor *x, const cg_op_args *args) {
    cg_tensor *out = cg_ew_unary(op, x, x->dtype, x->dtype, args);
    return out ? cg_ew_record(out, op, 1, &x, 0, NULL, args) : NULL;
}
static int unary_(cg_op op, cg_tensor *self, const cg_op_args *args) {
    bool record = cg_autograd_needed(1, &self);
    int rc = cg_ew_unary_as_(op, self, self->dtype, args);
    return rc == 0 && record ? cg_ew_record_(self, op, 1, &self, 0, NULL, args) : rc;
}

/* floor, ceil, round, trunc: the kernel's name in PyTorch's message ("floor"
 * gives "floor_vml_cpu"); true when x is refused. round refuses complex
 * as a dtype its kernel lacks, the others with a message of their own. */
static bool step_refused(const cg_tensor *x, const char *name) {
    char kernel[32];
    snprintf(kernel, sizeof kernel, "%s_vml_cpu", name);
    if (strcmp(name, "round") != 0 && refuse_complex(x, name))
        return true;
    return refuse(x->dtype == CG_BOOL || x->dtype == CG_F16 || cg_dtype_is_complex(x->dtype), kernel, x->dtype);
}

/* A step function: a copy of an integral x */
static cg_tensor *step(cg_op op, cg_tensor *x, const char *name) {
    if (step_refused(x, name))
        return NULL;
    return cg_dtype_is_int(x->dtype) ? cg_clone(x) : unary(op, x, NULL);
}
static int step_(cg_op op, cg_tensor *self, const char *name) {
    if (step_refused(self, name))
        return -1;
    return cg_dtype_is_int(self->dtype) ? 0 : unary_(op, self, NULL);
}

cg_tensor *cg_floor(cg_tensor *x) { return step(CG_OP_FLOOR, x, "floor"); }
cg_tensor *cg_ceil(cg_tensor *x) { return step(CG_OP_CEIL, x, "ceil"); }
cg_tensor *cg_trunc(cg_tensor *x) { return step(CG_OP_TRUNC, x, "trunc"); }
cg_tensor *cg_round(cg_tensor *x) { return step(CG_OP_ROUND, x, "round"); }
int cg_floor_(cg_tensor *self) { return step_(CG_OP_FLOOR, self, "floor"); }
int cg_ceil_(cg_tensor *self) { return step_(CG_OP_CEIL, self, "ceil"); }
int cg_trunc_(cg_tensor *self) { return step_(CG_OP_TRUNC, self, "trunc"); }
int cg_round_(cg_tensor *self) { return step_(CG_OP_ROUND, self, "round"); }

/* round(decimals=d): floats but float16, through round's own kernel
 * when d is 0 (so its message), and no copy of an integral tensor */
static bool round_decimals_args(const cg_tensor *x, int64_t decimals, cg_op_args *args) {
    bool ok = cg_dtype_is_float(x->dtype) && x->dtype != CG_F16;
    if (refuse(!ok, decimals ? "round_cpu" : "round_vml_cpu", x->dtype))
        return false;
    *args = (cg_op_args){.i = {decimals}, .flag = x->dtype == CG_BF16};
    return true;
}
cg_tensor *cg_round_decimals(cg_tensor *x, int64_t decimals) {
    cg_op_args args;
    return round_decimals_args(x, decimals, &args) ? unary(CG_OP_ROUND_DECIMALS, x, &args) : NULL;
}
int cg_round_decimals_(cg_tensor *self, int64_t decimals) {
    cg_op_args args;
    return round_decimals_args(self, decimals, &args) ? unary_(CG_OP_ROUND_DECIMALS, self, &args) : -1;
}

static bool frac_refused(const cg_tensor *x) { return refuse(!cg_dtype_is_float(x->dtype), "frac_cpu", x->dtype); }
cg_tensor *cg_frac(cg_tensor *x) { return frac_refused(x) ? NULL : unary(CG_OP_FRAC, x, NULL); }
int cg_frac_(cg_tensor *self) { return frac_refused(self) ? -1 : unary_(CG_OP_FRAC, self, NULL); }

/* sgn of a real tensor is its sign, with sgn's node; cgrad has no complex
 * kernel for it yet */
static bool sgn_refused(const cg_tensor *x) {
    if (cg_dtype_is_complex(x->dtype))
        cg_error_set(CG_NOT_IMPLEMENTED_ERROR, "sgn of complex tensors is not supported by cgrad yet");
    return cg_dtype_is_complex(x->dtype);
}
cg_tensor *cg_sgn(cg_tensor *x) { return sgn_refused(x) ? NULL : unary(CG_OP_SGN, x, NULL); }
int cg_sgn_(cg_tensor *self) { return sgn_refused(self) ? -1 : unary_(CG_OP_SGN, self, NULL); }

cg_tensor *cg_signbit(cg_tensor *x) {
    CG_CHECK(!cg_dtype_is_complex(x->dtype), CG_RUNTIME_ERROR, "signbit is not implemented for complex tensors.");
    return cg_ew_unary(CG_OP_SIGNBIT, x, x->dtype, CG_BOOL, NULL);
}

cg_tensor *cg_positive(cg_tensor *x) {
    CG_CHECK(x->dtype != CG_BOOL, CG_RUNTIME_ERROR, "The `+` operator, on a bool tensor is not supported.");
    return cg_tensor_retain(x);
}

/* ---- derivatives ------------------------------------------------------------------------ */

/* FloorBackward0, CeilBackward0, TruncBackward0, RoundBackward0/1,
 * SgnBackward0 (real): zeros_like(grad) */
int cg_bw_step(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    return (gi[0] = cg_zeros_like(go[0])) ? 0 : -1;
}

/* FracBackward0: grad */
int cg_bw_frac(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    return (gi[0] = cg_tensor_retain(go[0])) ? 0 : -1;
}
