/* ops_pointwise.c: addcmul, addcdiv and lerp (PyTorch's PointwiseOps and
 * Lerp), the steps of Adam, AdamW and SGD's optimizers; kernels, frontends
 * (in place and out of place) and derivatives.
 *
 * Note [Pointwise rounding]
 * PyTorch 1.13's CPU kernels write these as one C++ expression each, and
 * its compiler fuses the last multiply and add into one FMA (GCC contracts
 * by default; cgrad's -std=c11 never does, so the kernels below call fma
 * where PyTorch's compiled code has one):
 *   addcmul  self + value * t1 * t2   = fma(value * t1, t2, self)
 *   addcdiv  self + value * t1 / t2   = self + (value * t1) / t2, no fusion
 *   lerp     weight < 0.5: self + weight * (end - self)
 *                        = fma(weight, end - self, self)
 *            otherwise:    end - (end - self) * (1 - weight)
 *                        = fma(-(end - self), 1 - weight, end)
 * with value and weight converted to the tensors' dtype first. Measured
 * bit for bit against torch 1.13 (AVX2 capability) for float and double,
 * the vector path and the scalar tail alike, number and tensor weights
 * (tests/fixtures/cases/pointwise.py). */
#include "ops.h"
#include "ops_unary_impl.h"

/* ---- kernels ------------------------------------------------------------------ */

#define VALUE(T) const T value = CG_SCALAR_AS(T, args->s[0])
CG_TERNARY_ROW_FMA(addcmul_f32, float, VALUE(float), fmaf(value *b, c, a))
CG_TERNARY_ROW_FMA(addcmul_f64, double, VALUE(double), fma(value *b, c, a))
/* integers wrap as PyTorch's, computed unsigned (ops_binary.c) */
#define ADDCMUL_INT(T, U, SUF) CG_TERNARY_ROW(addcmul_##SUF, T, T, T, VALUE(T), (T)((U)a + (U)value * (U)b * (U)c))
ADDCMUL_INT(int32_t, uint32_t, i32)
ADDCMUL_INT(int64_t, uint64_t, i64)
ADDCMUL_INT(uint8_t, uint32_t, u8)
ADDCMUL_INT(int8_t, uint32_t, i8)
ADDCMUL_INT(int16_t, uint32_t, i16)
ADDCMUL_INT(uint16_t, uint32_t, u16)
ADDCMUL_INT(uint32_t, uint32_t, u32)
ADDCMUL_INT(uint64_t, uint64_t, u64)
static const cg_row_fn addcmul_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(addcmul)};
void cg_cpu_addcmul(const cg_kernel_call *c) { cg_ew_run(c, addcmul_rows, 0); }

#define ADDCDIV_ROW(name, T) CG_TERNARY_ROW(name, T, T, T, VALUE(T), a + (value * b) / c)
CG_EXPAND_FLOAT(ADDCDIV_ROW, addcdiv)
static const cg_row_fn addcdiv_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(addcdiv)};
void cg_cpu_addcdiv(const cg_kernel_call *c) { cg_ew_run(c, addcdiv_rows, 0); }

/* lerp of a and b by w, in FMA as Note [Pointwise rounding] */
#define LERPF(a, b, w) ((w) < 0.5f ? fmaf((w), (b) - (a), (a)) : fmaf((a) - (b), 1.0f - (w), (b)))
#define LERPD(a, b, w) ((w) < 0.5 ? fma((w), (b) - (a), (a)) : fma((a) - (b), 1.0 - (w), (b)))
#define WEIGHT(T) const T w = (T)cg_scalar_to_double(args->s[0])
CG_BINARY_ROW_FMA(lerp_f32, float, WEIGHT(float), LERPF(a, b, w))
CG_BINARY_ROW_FMA(lerp_f64, double, WEIGHT(double), LERPD(a, b, w))
static const cg_row_fn lerp_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(lerp)};
void cg_cpu_lerp(const cg_kernel_call *c) { cg_ew_run(c, lerp_rows, 0); }

CG_TERNARY_ROW_FMA(lerp_tensor_f32, float, CG_NOPRO, LERPF(a, b, c))
CG_TERNARY_ROW_FMA(lerp_tensor_f64, double, CG_NOPRO, LERPD(a, b, c))
static const cg_row_fn lerp_tensor_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(lerp_tensor)};
void cg_cpu_lerp_tensor(const cg_kernel_call *c) { cg_ew_run(c, lerp_tensor_rows, 0); }

/* ---- frontends ------------------------------------------------------------------ */

/* The three tensors' promoted dtype, or -1 with PyTorch's error when op
 * cannot compute in it. */
static int addc_dtype(cg_op op, cg_tensor *self, cg_tensor *t1, cg_tensor *t2) {
    if (op == CG_OP_ADDCDIV) {
        CG_CHECK_INT(cg_dtype_is_float(t1->dtype) || cg_dtype_is_float(t2->dtype), CG_RUNTIME_ERROR,
                     "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will "
                     "perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be "
                     "implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer "
                     "inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv "
                     "behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all "
                     "dtypes.");
    }
    cg_dtype dt = cg_result_type(3, (cg_tensor *[]){self, t1, t2});
    if (cg_check_dtype_supported(op == CG_OP_ADDCMUL ? "addcmul_cpu_out" : "addcdiv_cpu_out", dt, dt != CG_BOOL) < 0)
        return -1;
    return (int)dt;
}

static cg_tensor *addc(cg_op op, cg_tensor *self, cg_tensor *t1, cg_tensor *t2, cg_scalar value) {
    int dt = addc_dtype(op, self, t1, t2);
    if (dt < 0)
        return NULL;
    cg_op_args args = {.s = {value}};
    cg_dtype d = (cg_dtype)dt;
    cg_tensor *out = cg_ew_ternary(op, self, t1, t2, (cg_dtype[]){d, d, d}, d, &args);
    cg_save_spec save[] = {{t1, "tensor1"}, {t2, "tensor2"}};
    return cg_ew_record(out, op, 3, (cg_tensor *[]){self, t1, t2}, 2, save, &args);
}

static int addc_(cg_op op, cg_tensor *self, cg_tensor *t1, cg_tensor *t2, cg_scalar value) {
    int dt = addc_dtype(op, self, t1, t2);
    if (dt < 0)
        return -1;
    cg_op_args args = {.s = {value}};
    cg_tensor *in[] = {self, t1, t2};
    bool record = cg_autograd_needed(3, in);
    if (cg_ew_ternary_(op, self, t1, t2, (cg_dtype)dt, &args) < 0)
        return -1;
    cg_save_spec save[] = {{t1, "tensor1"}, {t2, "tensor2"}};
    return record ? cg_ew_record_(self, op, 3, in, 2, save, &args) : 0;
}

cg_tensor *cg_addcmul(cg_tensor *self, cg_tensor *t1, cg_tensor *t2, cg_scalar value) {
    return addc(CG_OP_ADDCMUL, self, t1, t2, value);
}
cg_tensor *cg_addcdiv(cg_tensor *self, cg_tensor *t1, cg_tensor *t2, cg_scalar value) {
    return addc(CG_OP_ADDCDIV, self, t1, t2, value);
}
int cg_addcmul_(cg_tensor *self, cg_tensor *t1, cg_tensor *t2, cg_scalar value) {
    return addc_(CG_OP_ADDCMUL, self, t1, t2, value);
}
int cg_addcdiv_(cg_tensor *self, cg_tensor *t1, cg_tensor *t2, cg_scalar value) {
    return addc_(CG_OP_ADDCDIV, self, t1, t2, value);
}

/* lerp's checks: end and weight (when a tensor) of self's dtype, printed as
 * PyTorch's TypeMeta names them; then a floating dtype */
static int check_lerp(cg_tensor *self, cg_tensor *end, cg_tensor *weight) {
    CG_CHECK_INT(end->dtype == self->dtype, CG_RUNTIME_ERROR, "expected dtype %s for `end` but got dtype %s",
                 cg_dtype_cpp_name(self->dtype), cg_dtype_cpp_name(end->dtype));
    CG_CHECK_INT(!weight || weight->dtype == self->dtype, CG_RUNTIME_ERROR,
                 "expected dtype %s for `weight` but got dtype %s", cg_dtype_cpp_name(self->dtype),
                 cg_dtype_cpp_name(weight ? weight->dtype : self->dtype));
    return cg_check_dtype_supported(weight ? "lerp_kernel_tensor" : "lerp_kernel_scalar", self->dtype,
                                    cg_dtype_is_float(self->dtype));
}

cg_tensor *cg_lerp(cg_tensor *self, cg_tensor *end, cg_scalar weight) {
    if (check_lerp(self, end, NULL) < 0)
        return NULL;
    cg_op_args args = {.s = {weight}};
    cg_tensor *out = cg_ew_binary(CG_OP_LERP, self, end, self->dtype, self->dtype, &args);
    return cg_ew_record(out, CG_OP_LERP, 2, (cg_tensor *[]){self, end}, 0, NULL, &args);
}

int cg_lerp_(cg_tensor *self, cg_tensor *end, cg_scalar weight) {
    if (check_lerp(self, end, NULL) < 0)
        return -1;
    cg_op_args args = {.s = {weight}};
    cg_tensor *in[] = {self, end};
    bool record = cg_autograd_needed(2, in);
    if (cg_ew_binary_(CG_OP_LERP, self, end, self->dtype, &args) < 0)
        return -1;
    return record ? cg_ew_record_(self, CG_OP_LERP, 2, in, 0, NULL, &args) : 0;
}

cg_tensor *cg_lerp_tensor(cg_tensor *self, cg_tensor *end, cg_tensor *weight) {
    if (check_lerp(self, end, weight) < 0)
        return NULL;
    cg_dtype dt = self->dtype;
    cg_tensor *out = cg_ew_ternary(CG_OP_LERP_TENSOR, self, end, weight, (cg_dtype[]){dt, dt, dt}, dt, NULL);
    cg_save_spec save[] = {{self, "self"}, {end, "end"}, {weight, "weight"}};
    return cg_ew_record(out, CG_OP_LERP_TENSOR, 3, (cg_tensor *[]){self, end, weight}, 3, save, NULL);
}

int cg_lerp_tensor_(cg_tensor *self, cg_tensor *end, cg_tensor *weight) {
    if (check_lerp(self, end, weight) < 0)
        return -1;
    cg_tensor *in[] = {self, end, weight};
    bool record = cg_autograd_needed(3, in);
    /* the derivative needs self as it was: saved before the kernel writes */
    cg_tensor *before = record ? cg_clone(self) : NULL;
    if ((record && !before) || cg_ew_ternary_(CG_OP_LERP_TENSOR, self, end, weight, self->dtype, NULL) < 0) {
        cg_tensor_release(before);
        return -1;
    }
    cg_save_spec save[] = {{before, "self"}, {end, "end"}, {weight, "weight"}};
    int rc = record ? cg_ew_record_(self, CG_OP_LERP_TENSOR, 3, in, 3, save, NULL) : 0;
    cg_tensor_release(before);
    return rc;
}

/* ---- derivatives ------------------------------------------------------------------ */

/* AddcmulBackward0: self: grad, tensor1: grad * (tensor2 * value),
 * tensor2: grad * (tensor1 * value) */
static cg_tensor *grad_times_scaled(cg_tensor *g, cg_tensor *t, double value) {
    cg_tensor *s = cg_mul_scalar(t, value);
    cg_tensor *out = s ? cg_mul(g, s) : NULL;
    cg_tensor_release(s);
    return out;
}

int cg_bw_addcmul(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *t1, *t2;
    if (cg_node_saved_all(n, 2, &t1, &t2) < 0)
        return -1;
    double value = cg_scalar_to_double(n->args.s[0]);
    gi[0] = n->next[0].node ? cg_tensor_retain(go[0]) : NULL;
    if (n->next[1].node && !(gi[1] = grad_times_scaled(go[0], t2, value)))
        return -1;
    if (n->next[2].node && !(gi[2] = grad_times_scaled(go[0], t1, value)))
        return -1;
    return 0;
}

/* AddcdivBackward0: self: grad, tensor1: grad * (value / tensor2),
 * tensor2: -grad * ((value * tensor1) / (tensor2 * tensor2)) */
static cg_tensor *addcdiv_grad_t1(cg_tensor *g, cg_tensor *t2, double value) {
    cg_tensor *v = cg_scalar_tensor(cg_scalar_float(value));
    cg_tensor *q = v ? cg_div(v, t2) : NULL;
    cg_tensor *out = q ? cg_mul(g, q) : NULL;
    cg_tensor_release(v), cg_tensor_release(q);
    return out;
}

static cg_tensor *addcdiv_grad_t2(cg_tensor *g, cg_tensor *t1, cg_tensor *t2, double value) {
    cg_tensor *num = cg_mul_scalar(t1, value);
    cg_tensor *den = num ? cg_mul(t2, t2) : NULL;
    cg_tensor *q = den ? cg_div(num, den) : NULL;
    cg_tensor *ng = q ? cg_neg(g) : NULL;
    cg_tensor *out = ng ? cg_mul(ng, q) : NULL;
    cg_tensor_release(num), cg_tensor_release(den), cg_tensor_release(q), cg_tensor_release(ng);
    return out;
}

int cg_bw_addcdiv(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *t1, *t2;
    if (cg_node_saved_all(n, 2, &t1, &t2) < 0)
        return -1;
    double value = cg_scalar_to_double(n->args.s[0]);
    gi[0] = n->next[0].node ? cg_tensor_retain(go[0]) : NULL;
    if (n->next[1].node && !(gi[1] = addcdiv_grad_t1(go[0], t2, value)))
        return -1;
    if (n->next[2].node && !(gi[2] = addcdiv_grad_t2(go[0], t1, t2, value)))
        return -1;
    return 0;
}

/* LerpBackward0: self: grad * (1 - weight), end: grad * weight */
int cg_bw_lerp(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    double w = cg_scalar_to_double(n->args.s[0]);
    if (n->next[0].node && !(gi[0] = cg_mul_scalar(go[0], 1.0 - w)))
        return -1;
    if (n->next[1].node && !(gi[1] = cg_mul_scalar(go[0], w)))
        return -1;
    return 0;
}

/* LerpBackward1: self: grad * (1 - weight), end: grad * weight,
 * weight: grad * (end - self) */
static cg_tensor *one_minus(cg_tensor *w) {
    cg_tensor *one = cg_scalar_tensor(cg_scalar_int(1));
    cg_tensor *out = one ? cg_sub(one, w, cg_scalar_int(1)) : NULL;
    cg_tensor_release(one);
    return out;
}

static cg_tensor *lerp_grad(int k, cg_tensor *g, cg_tensor *self, cg_tensor *end, cg_tensor *w) {
    cg_tensor *f = k == 0 ? one_minus(w) : k == 1 ? cg_tensor_retain(w) : cg_sub(end, self, cg_scalar_int(1));
    cg_tensor *out = f ? cg_mul(g, f) : NULL;
    cg_tensor_release(f);
    return out;
}

int cg_bw_lerp_tensor(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *end, *w;
    if (cg_node_saved_all(n, 3, &self, &end, &w) < 0)
        return -1;
    for (int k = 0; k < 3; k++)
        if (n->next[k].node && !(gi[k] = lerp_grad(k, go[0], self, end, w)))
            return -1;
    return 0;
}
