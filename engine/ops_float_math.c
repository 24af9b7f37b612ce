/* ops_float_math.c: copysign, fmod, fmax, fmin, xlogy, deg2rad, rad2deg
 * and nan_to_num: kernels (the expressions of PyTorch 1.13's CPU kernels,
 * exact, or libm's log as its scalar xlogy kernel), frontends with its
 * dtype rules and messages, derivatives as derivatives.yaml writes them. */
#include <float.h>
#include <math.h>

#include "ew.h"
#include "float_math.h"
#include "formula.h"
#include "ops.h"
#include "ops_unary_impl.h"

/* ---- kernels ------------------------------------------------------------------------ */

#define FLOAT_BINARY(name, e32, e64)                \
    CG_BINARY_ROW(name##_f32, float, CG_NOPRO, e32) \
    CG_BINARY_ROW(name##_f64, double, CG_NOPRO, e64)

FLOAT_BINARY(copysign, copysignf(a, b), copysign(a, b))
static const cg_row_fn copysign_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(copysign)};
void cg_cpu_copysign(const cg_kernel_call *c) { cg_ew_run(c, copysign_rows, 0); }

FLOAT_BINARY(fmod, fmodf(a, b), fmod(a, b))
/* signed: -1 spared (CG_FMOD_INT); unsigned: plain % */
#define FMOD_INT_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, CG_FMOD_INT(a, b))
#define FMOD_UINT_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, a % b)
FMOD_INT_ROW(fmod_i64, int64_t)
FMOD_INT_ROW(fmod_i32, int32_t)
FMOD_INT_ROW(fmod_i16, int16_t)
FMOD_INT_ROW(fmod_i8, int8_t)
FMOD_UINT_ROW(fmod_u8, uint8_t)
FMOD_UINT_ROW(fmod_u16, uint16_t)
FMOD_UINT_ROW(fmod_u32, uint32_t)
FMOD_UINT_ROW(fmod_u64, uint64_t)
static const cg_row_fn fmod_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(fmod)};
void cg_cpu_fmod(const cg_kernel_call *c) { cg_ew_run(c, fmod_rows, 0); }

/* integral fmax/fmin are max/min */
FLOAT_BINARY(fmax, fmaxf(a, b), fmax(a, b))
FLOAT_BINARY(fmin, fminf(a, b), fmin(a, b))
/* bool: or and and */
#define FMAX_INT_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, a < b ? b : a)
#define FMIN_INT_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, b < a ? b : a)
CG_EXPAND_INT(FMAX_INT_ROW, fmax)
CG_EXPAND_INT(FMIN_INT_ROW, fmin)
FMAX_INT_ROW(fmax_bool, bool)
FMIN_INT_ROW(fmin_bool, bool)
static const cg_row_fn fmax_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(fmax)};
static const cg_row_fn fmin_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(fmin)};
void cg_cpu_fmax(const cg_kernel_call *c) { cg_ew_run(c, fmax_rows, 0); }
void cg_cpu_fmin(const cg_kernel_call *c) { cg_ew_run(c, fmin_rows, 0); }

/* args->flag: the tensors are bfloat16 (a float result rounds to it) */
#define BF16_LOG(v) (args->flag ? cg_bf16_round_f32(v) : (v))
FLOAT_BINARY(xlogy, CG_XLOGY(float, a, b, logf, BF16_LOG), CG_XLOGY(double, a, b, log, ))
static const cg_row_fn xlogy_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(xlogy)};
void cg_cpu_xlogy(const cg_kernel_call *c) { cg_ew_run(c, xlogy_rows, 0); }

/* args->s[0..2]: the replacements of NaN, inf and -inf */
#define NAN_TO_NUM_PRO(T)                                                             \
    const T nan_v = CG_SCALAR_AS(T, args->s[0]), pos_v = CG_SCALAR_AS(T, args->s[1]), \
            neg_v = CG_SCALAR_AS(T, args->s[2])
#define NAN_TO_NUM_ROW(name, T) CG_UNARY_ROW(name, T, NAN_TO_NUM_PRO(T), CG_NAN_TO_NUM(T, x, nan_v, pos_v, neg_v))
CG_EXPAND_FLOAT(NAN_TO_NUM_ROW, nan_to_num)
static const cg_row_fn nan_to_num_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(nan_to_num)};
void cg_cpu_nan_to_num(const cg_kernel_call *c) { cg_ew_run(c, nan_to_num_rows, 0); }

/* sinc: sin(pi x) / (pi x), 1 at 0, in libm's sin as PyTorch's scalar
 * kernel; pi rounded to the element type */
CG_UNARY_ROW(sinc_f32, float, CG_NOPRO, CG_SINC(float, x, sinf, BF16_LOG))
CG_UNARY_ROW(sinc_f64, double, CG_NOPRO, CG_SINC(double, x, sin, ))
static const cg_row_fn sinc_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(sinc)};
void cg_cpu_sinc(const cg_kernel_call *c) { cg_ew_run(c, sinc_rows, 0); }

/* ---- frontends ------------------------------------------------------------------------ */

static cg_dtype result2(cg_tensor *a, cg_tensor *b) { return cg_result_type(2, (cg_tensor *[]){a, b}); }

/* op(a, b) computed in dt, recorded as rop: with b a Python number, rop
 * takes a alone (PyTorch's Scalar overload). save: self, other, result. */
static cg_tensor *binary(cg_op op, cg_op rop, cg_tensor *a, cg_tensor *b, cg_dtype dt, int nsave) {
    const cg_op_args args = {.flag = dt == CG_BF16};
    cg_tensor *out = cg_ew_binary(op, a, b, dt, dt, &args);
    if (!out)
        return NULL;
    cg_save_spec save[] = {{a, "self"}, {b, "other"}, {out, "result"}};
    return cg_ew_record(out, rop, b->is_wrapped_number ? 1 : 2, (cg_tensor *[]){a, b}, nsave, save, &args);
}

/* In place, saving self's old value first when the derivative needs it. */
static int binary_(cg_op op, cg_op rop, cg_tensor *self, cg_tensor *other, cg_dtype dt, int nsave) {
    cg_tensor *in[] = {self, other};
    int nin = other->is_wrapped_number ? 1 : 2;
    bool record = cg_autograd_needed(nin, in);
    cg_tensor *old = NULL;
    if (record && nsave > 0 && !(old = cg_clone(self)))
        return -1;
    const cg_op_args args = {.flag = dt == CG_BF16};
    int rc = cg_ew_binary_(op, self, other, dt, &args);
    if (rc == 0 && record) {
        cg_save_spec save[] = {{old, "self"}, {other, "other"}, {self, "result"}};
        rc = cg_ew_record_(self, rop, nin, in, nsave, save, &args);
    }
    cg_tensor_release(old);
    return rc;
}

static bool refuse_complex2(const char *name, const cg_tensor *a, const cg_tensor *b) {
    bool bad = cg_dtype_is_complex(a->dtype) || cg_dtype_is_complex(b->dtype);
    if (bad)
        cg_error_set(CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", name,
                     cg_dtype_legacy_name(cg_dtype_is_complex(a->dtype) ? a->dtype : b->dtype));
    return bad;
}

/* copysign: float results; CopysignBackward1 for a Python number */
static cg_op copysign_node(const cg_tensor *b) { return b->is_wrapped_number ? CG_OP_COPYSIGN_SCALAR : CG_OP_COPYSIGN; }
cg_tensor *cg_copysign(cg_tensor *a, cg_tensor *b) {
    if (refuse_complex2("copysign_cpu", a, b))
        return NULL;
    return binary(CG_OP_COPYSIGN, copysign_node(b), a, b, cg_dtype_to_float(result2(a, b)), 3);
}
int cg_copysign_(cg_tensor *self, cg_tensor *other) {
    if (refuse_complex2("copysign_cpu", self, other))
        return -1;
    return binary_(CG_OP_COPYSIGN, copysign_node(other), self, other, cg_dtype_to_float(result2(self, other)), 3);
}

/* fmod: FmodBackward0 for a Python number, FmodBackward1 for a tensor */
static int fmod_checks(cg_tensor *a, cg_tensor *b, cg_dtype dt) {
    if (refuse_complex2("fmod_cpu", a, b))
        return -1;
    CG_CHECK_INT(dt != CG_BOOL, CG_RUNTIME_ERROR, "\"fmod_cpu\" not implemented for 'Bool'");
    return cg_check_int_divisor(a, b, dt);
}
static cg_op fmod_node(const cg_tensor *b) { return b->is_wrapped_number ? CG_OP_FMOD_SCALAR : CG_OP_FMOD; }
cg_tensor *cg_fmod(cg_tensor *a, cg_tensor *b) {
    cg_dtype dt = result2(a, b);
    return fmod_checks(a, b, dt) < 0 ? NULL : binary(CG_OP_FMOD, fmod_node(b), a, b, dt, 2);
}
int cg_fmod_(cg_tensor *self, cg_tensor *other) {
    cg_dtype dt = result2(self, other);
    return fmod_checks(self, other, dt) < 0 ? -1 : binary_(CG_OP_FMOD, fmod_node(other), self, other, dt, 2);
}

static cg_tensor *fmax_fmin(cg_op op, cg_tensor *a, cg_tensor *b) {
    const char *name = op == CG_OP_FMAX ? "fmax" : "fmin";
    CG_CHECK(!cg_dtype_is_complex(a->dtype) && !cg_dtype_is_complex(b->dtype), CG_RUNTIME_ERROR,
             "%s not implemented for complex tensors.", name);
    return binary(op, op, a, b, result2(a, b), 2);
}
cg_tensor *cg_fmax(cg_tensor *a, cg_tensor *b) { return fmax_fmin(CG_OP_FMAX, a, b); }
cg_tensor *cg_fmin(cg_tensor *a, cg_tensor *b) { return fmax_fmin(CG_OP_FMIN, a, b); }

/* xlogy: XlogyBackward0, XlogyBackward2 for a Python number as other */
static cg_op xlogy_node(const cg_tensor *b) { return b->is_wrapped_number ? CG_OP_XLOGY_SCALAR : CG_OP_XLOGY; }
cg_tensor *cg_xlogy(cg_tensor *x, cg_tensor *y) {
    if (refuse_complex2("xlogy_cpu", x, y))
        return NULL;
    return binary(CG_OP_XLOGY, xlogy_node(y), x, y, cg_dtype_to_float(result2(x, y)), 2);
}
int cg_xlogy_(cg_tensor *self, cg_tensor *other) {
    if (refuse_complex2("xlogy_cpu", self, other))
        return -1;
    return binary_(CG_OP_XLOGY, xlogy_node(other), self, other, cg_dtype_to_float(result2(self, other)), 2);
}

/* Note [deg2rad and rad2deg]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13 computes them as mul by the double constant (a wrapped
 * number, so float32 multiplies by the float nearest it), into a result of
 * the default float dtype for an integral input; the node is their own. */
#define PI_180 0.017453292519943295769236907684886127134428718885417
#define D180_PI 57.295779513082320876798154814105170332405472466564

static cg_tensor *angle_scaled(cg_op op, cg_tensor *x) {
    CG_CHECK(!cg_dtype_is_complex(x->dtype), CG_RUNTIME_ERROR, "%s is not supported for complex tensors.",
             op == CG_OP_DEG2RAD ? "deg2rad" : "rad2deg");
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xf = cg_dtype_is_float(x->dtype) ? cg_tensor_retain(x) : cg_to_dtype(x, cg_dtype_to_float(x->dtype));
    cg_tensor *out = xf ? cg_mul_scalar(xf, op == CG_OP_DEG2RAD ? PI_180 : D180_PI) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(xf);
    return out ? cg_ew_record(out, op, 1, &x, 0, NULL, NULL) : NULL;
}
cg_tensor *cg_deg2rad(cg_tensor *x) { return angle_scaled(CG_OP_DEG2RAD, x); }
cg_tensor *cg_rad2deg(cg_tensor *x) { return angle_scaled(CG_OP_RAD2DEG, x); }

static int angle_scaled_(cg_op op, cg_tensor *self) {
    CG_CHECK_INT(!cg_dtype_is_complex(self->dtype), CG_RUNTIME_ERROR, "%s is not supported for complex tensors.",
                 op == CG_OP_DEG2RAD ? "deg2rad" : "rad2deg");
    if (cg_autograd_check_inplace(self) < 0)
        return -1;
    bool record = cg_autograd_needed(1, &self);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *k = cg_scalar_tensor(cg_scalar_float(op == CG_OP_DEG2RAD ? PI_180 : D180_PI));
    int rc = k ? cg_mul_(self, k) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(k);
    return rc == 0 && record ? cg_autograd_record(op, 1, &self, 1, &self, 0, NULL, NULL, NULL) : rc;
}
int cg_deg2rad_(cg_tensor *self) { return angle_scaled_(CG_OP_DEG2RAD, self); }
int cg_rad2deg_(cg_tensor *self) { return angle_scaled_(CG_OP_RAD2DEG, self); }

/* nan_to_num's replacements as PyTorch picks them: 0 and the dtype's
 * largest and lowest finite values by default */
static void nan_to_num_args(cg_dtype dt, const double *nan, const double *posinf, const double *neginf,
                            cg_op_args *args) {
    double big = dt == CG_F64 ? DBL_MAX : dt == CG_F16 ? 65504.0 : dt == CG_BF16 ? 0x1.fep127 : FLT_MAX;
    *args = (cg_op_args){.s = {cg_scalar_float(nan ? *nan : 0.0), cg_scalar_float(posinf ? *posinf : big),
                               cg_scalar_float(neginf ? *neginf : -big)}};
}
cg_tensor *cg_nan_to_num(cg_tensor *x, const double *nan, const double *posinf, const double *neginf) {
    CG_CHECK(!cg_dtype_is_complex(x->dtype), CG_NOT_IMPLEMENTED_ERROR,
             "nan_to_num of complex tensors is not supported by cgrad yet");
    if (!cg_dtype_is_float(x->dtype))
        return cg_clone(x);
    cg_op_args args;
    nan_to_num_args(x->dtype, nan, posinf, neginf, &args);
    cg_tensor *out = cg_ew_unary(CG_OP_NAN_TO_NUM, x, x->dtype, x->dtype, &args);
    return out ? cg_ew_record(out, CG_OP_NAN_TO_NUM, 1, &x, 1, &(cg_save_spec){x, "self"}, &args) : NULL;
}
int cg_nan_to_num_(cg_tensor *self, const double *nan, const double *posinf, const double *neginf) {
    CG_CHECK_INT(!cg_dtype_is_complex(self->dtype), CG_NOT_IMPLEMENTED_ERROR,
                 "nan_to_num of complex tensors is not supported by cgrad yet");
    if (!cg_dtype_is_float(self->dtype))
        return cg_autograd_check_inplace(self);
    cg_op_args args;
    nan_to_num_args(self->dtype, nan, posinf, neginf, &args);
    bool record = cg_autograd_needed(1, &self);
    cg_tensor *old = NULL;
    if (record && !(old = cg_clone(self)))
        return -1;
    int rc = cg_ew_unary_as_(CG_OP_NAN_TO_NUM, self, self->dtype, &args);
    if (rc == 0 && record)
        rc = cg_ew_record_(self, CG_OP_NAN_TO_NUM, 1, &self, 1, &(cg_save_spec){old, "self"}, &args);
    cg_tensor_release(old);
    return rc;
}

static int sinc_check(const cg_tensor *x) {
    CG_CHECK_INT(!cg_dtype_is_complex(x->dtype), CG_NOT_IMPLEMENTED_ERROR,
                 "sinc of complex tensors is not supported by cgrad yet");
    CG_CHECK_INT(x->dtype != CG_F16, CG_RUNTIME_ERROR, "\"sinc_cpu\" not implemented for 'Half'");
    return 0;
}
cg_tensor *cg_sinc(cg_tensor *x) {
    if (sinc_check(x) < 0)
        return NULL;
    cg_dtype dt = cg_dtype_to_float(x->dtype);
    const cg_op_args args = {.flag = dt == CG_BF16};
    cg_tensor *out = cg_ew_unary(CG_OP_SINC, x, dt, dt, &args);
    return out ? cg_ew_record(out, CG_OP_SINC, 1, &x, 1, &(cg_save_spec){x, "self"}, &args) : NULL;
}
int cg_sinc_(cg_tensor *self) {
    if (sinc_check(self) < 0)
        return -1;
    bool record = cg_autograd_needed(1, &self);
    cg_tensor *old = NULL;
    if (record && !(old = cg_clone(self)))
        return -1;
    const cg_op_args args = {.flag = self->dtype == CG_BF16};
    int rc = cg_ew_unary_as_(CG_OP_SINC, self, cg_dtype_to_float(self->dtype), &args);
    if (rc == 0 && record)
        rc = cg_ew_record_(self, CG_OP_SINC, 1, &self, 1, &(cg_save_spec){old, "self"}, &args);
    cg_tensor_release(old);
    return rc;
}

/* ---- derivatives ------------------------------------------------------------------------ */

/* CopysignBackward0/1: self: grad * (result / self), 0 where self is 0;
 * other: zeros */
int cg_bw_copysign(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *other, *result;
    if (cg_node_saved_all(n, 3, &self, &other, &result) < 0)
        return -1;
    if (n->next[0].node) {
        scratch s = {0};
        cg_tensor *ratio = s_div(&s, result, self);
        cg_tensor *zero = ratio ? keep(&s, cg_scalar_tensor(cg_scalar_int(0))) : NULL;
        cg_tensor *at0 = zero ? keep(&s, cg_eq(self, zero)) : NULL;
        cg_tensor *r = at0 ? keep(&s, cg_masked_fill(ratio, at0, cg_scalar_int(0))) : NULL;
        if (finish(&gi[0], &s, s_mul(&s, go[0], r)) < 0)
            return -1;
    }
    if (n->op == CG_OP_COPYSIGN && n->next[1].node && !(gi[1] = cg_zeros_like(other)))
        return -1;
    return 0;
}

/* FmodBackward0/1: self: grad; other: -grad * self.div(other, "trunc") */
int cg_bw_fmod(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *other;
    if (cg_node_saved_all(n, 2, &self, &other) < 0)
        return -1;
    if (n->next[0].node && !(gi[0] = cg_tensor_retain(go[0])))
        return -1;
    if (n->op == CG_OP_FMOD && n->next[1].node) {
        scratch s = {0};
        cg_tensor *q = keep(&s, cg_div_rounding(self, other, "trunc"));
        return finish(&gi[1], &s, s_mul(&s, s_fn(&s, cg_neg, go[0]), q));
    }
    return 0;
}

/* FmaxBackward0: self: grad where self >= other or other is NaN, else 0;
 * other: the rest. FminBackward0 with <=. */
int cg_bw_fmax_fmin(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *other;
    if (cg_node_saved_all(n, 2, &self, &other) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *cmp = keep(&s, n->op == CG_OP_FMAX ? cg_ge(self, other) : cg_le(self, other));
    cg_tensor *nan = cmp ? keep(&s, cg_isnan(other)) : NULL;
    cg_tensor *self_wins = nan ? keep(&s, cg_logical_or(cmp, nan)) : NULL;
    cg_tensor *other_wins = self_wins ? keep(&s, cg_logical_not(self_wins)) : NULL;
    for (int i = 0; i < 2 && other_wins; i++)
        if (n->next[i].node && !(gi[i] = cg_masked_fill(go[0], i == 0 ? other_wins : self_wins, cg_scalar_int(0))))
            other_wins = NULL;
    bool ok = other_wins != NULL;
    scratch_free(&s);
    return ok ? 0 : -1;
}

/* XlogyBackward0/2: self: xlogy(grad, other), 0 where self is 0 and other
 * <= 0; other: grad * self / other */
int cg_bw_xlogy(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *other;
    if (cg_node_saved_all(n, 2, &self, &other) < 0)
        return -1;
    if (n->next[0].node) {
        scratch s = {0};
        cg_tensor *zero = keep(&s, cg_scalar_tensor(cg_scalar_int(0)));
        cg_tensor *at0 = zero ? keep(&s, cg_eq(self, zero)) : NULL;
        cg_tensor *nonpos = at0 ? keep(&s, cg_le(other, zero)) : NULL;
        cg_tensor *mask = nonpos ? keep(&s, cg_logical_and(at0, nonpos)) : NULL;
        cg_tensor *l = mask ? keep(&s, cg_xlogy(go[0], other)) : NULL;
        if (finish(&gi[0], &s, l ? keep(&s, cg_masked_fill(l, mask, cg_scalar_int(0))) : NULL) < 0)
            return -1;
    }
    if (n->op == CG_OP_XLOGY && n->next[1].node) {
        scratch s = {0};
        return finish(&gi[1], &s, s_div(&s, s_mul(&s, go[0], self), other));
    }
    return 0;
}

/* Deg2RadBackward0 and Rad2DegBackward0: the same scaling of grad */
int cg_bw_angle_scaled(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return (gi[0] = angle_scaled(n->op, go[0])) ? 0 : -1;
}

/* NanToNumBackward0: grad * isfinite(self) */
int cg_bw_nan_to_num(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self;
    if (cg_node_saved(n, 0, &self) < 0)
        return -1;
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_fn(&s, cg_isfinite, self)));
}

/* ---- heaviside ---------------------------------------------------------------------- */

#define HEAVISIDE_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, CG_HEAVISIDE(T, a, b))
CG_EXPAND_ALL(HEAVISIDE_ROW, heaviside)
static const cg_row_fn heaviside_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(heaviside)};
void cg_cpu_heaviside(const cg_kernel_call *c) { cg_ew_run(c, heaviside_rows, 0); }

static int heaviside_checks(const cg_tensor *x, const cg_tensor *values) {
    CG_CHECK_INT(!cg_dtype_is_complex(x->dtype) && !cg_dtype_is_complex(values->dtype), CG_RUNTIME_ERROR,
                 "heaviside is not yet implemented for complex tensors.");
    CG_CHECK_INT(x->dtype == values->dtype, CG_RUNTIME_ERROR,
                 "heaviside is not yet implemented for tensors with different dtypes.");
    return 0;
}

/* PyTorch gives heaviside no derivative: its node is NotImplemented (and
 * in place, x's old value is saved for the derivative) */
cg_tensor *cg_heaviside(cg_tensor *x, cg_tensor *values) {
    if (heaviside_checks(x, values) < 0)
        return NULL;
    return binary(CG_OP_HEAVISIDE, CG_OP_HEAVISIDE, x, values, x->dtype, 2);
}
int cg_heaviside_(cg_tensor *self, cg_tensor *values) {
    if (heaviside_checks(self, values) < 0)
        return -1;
    return binary_(CG_OP_HEAVISIDE, CG_OP_HEAVISIDE, self, values, self->dtype, 2);
}

/* NotImplemented (heaviside): PyTorch has no derivative and its backward
 * raises; ours is the derivative almost everywhere (Note [NotImplemented
 * nodes] in ops_binary.c): 0 for x, grad where x is 0 for values */
int cg_bw_heaviside(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *values;
    if (cg_node_saved_all(n, 2, &x, &values) < 0)
        return -1;
    if (n->next[0].node && !(gi[0] = cg_zeros_like(go[0])))
        return -1;
    if (n->next[1].node) {
        scratch s = {0};
        cg_tensor *zero = keep(&s, cg_scalar_tensor(cg_scalar_int(0)));
        cg_tensor *off = zero ? keep(&s, cg_ne(x, zero)) : NULL;
        return finish(&gi[1], &s, off ? keep(&s, cg_masked_fill(go[0], off, cg_scalar_int(0))) : NULL);
    }
    return 0;
}

/* SincBackward0: grad * ((pi x cos(pi x) - sin(pi x)) / (pi x^2)).conj(),
 * 0 where pi x^2 is 0, as PyTorch's sinc_backward orders it */
int cg_bw_sinc(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x;
    if (cg_node_saved(n, 0, &x) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *xpi = s_scale(&s, x, M_PI);
    cg_tensor *sq = s_scale(&s, s_mul(&s, x, x), M_PI);
    cg_tensor *num = s_sub(&s, s_mul(&s, xpi, s_fn(&s, cg_cos, xpi)), s_fn(&s, cg_sin, xpi));
    cg_tensor *out = s_mul(&s, go[0], s_conj(&s, s_div(&s, num, sq)));
    cg_tensor *zero = out ? keep(&s, cg_scalar_tensor(cg_scalar_int(0))) : NULL;
    cg_tensor *at0 = zero ? keep(&s, cg_eq(sq, zero)) : NULL;
    return finish(gi, &s, at0 ? keep(&s, cg_where(at0, zero, out)) : NULL);
}
