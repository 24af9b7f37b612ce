/* ops_binary.c: binary elementwise ops with broadcasting, their in-place
 * forms and derivatives. Kernels: one C expression per op (ew.h). */
#include "ew.h"
#include "ops.h"

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
        *level = *level < 0 ? (int)dt : (int)cg_dtype_promote((cg_dtype)*level, dt);
    }
    int low = zero >= 0 ? (int)cg_dtype_combine_categories((cg_dtype)zero, (cg_dtype)wrapped, wrapped >= 0) : wrapped;
    if (dim < 0)
        return (cg_dtype)low;
    return cg_dtype_combine_categories((cg_dtype)dim, (cg_dtype)(low < 0 ? 0 : low), low >= 0);
}

static cg_dtype result2(cg_tensor *a, cg_tensor *b) { return cg_result_type(2, (cg_tensor *[]){a, b}); }

/* ---- kernels ------------------------------------------------------------------- */

/* add and sub: out = a ± alpha * b, alpha in args->s[0] */
#define ALPHA(T) const T alpha = (T)cg_scalar_to_double(args->s[0])
#define ADD_ROW(name, T) CG_BINARY_ROW(name, T, ALPHA(T), a + alpha * b)
#define SUB_ROW(name, T) CG_BINARY_ROW(name, T, ALPHA(T), a - alpha * b)
#define MUL_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, a * b)
#define DIV_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, a / b)
CG_EXPAND_NUMERIC(ADD_ROW, add)
CG_BINARY_ROW(add_bool, bool, ALPHA(bool), a || (alpha && b))
CG_EXPAND_NUMERIC(SUB_ROW, sub)
CG_EXPAND_NUMERIC(MUL_ROW, mul)
CG_BINARY_ROW(mul_bool, bool, CG_NOPRO, a && b)
CG_EXPAND_FLOAT(DIV_ROW, div)
static const cg_row_fn add_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(add)};
static const cg_row_fn sub_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(sub)};
static const cg_row_fn mul_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(mul)};
static const cg_row_fn div_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(div)};

/* out, a, b broadcast to out's shape, all of one dtype */
void cpu_add(const cg_call *c) { cg_ew_run(c, add_rows, 0); }
void cpu_sub(const cg_call *c) { cg_ew_run(c, sub_rows, 0); }
void cpu_mul(const cg_call *c) { cg_ew_run(c, mul_rows, 0); }
void cpu_div(const cg_call *c) { cg_ew_run(c, div_rows, 0); }

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

static cg_tensor *add_sub(cg_op op, cg_tensor *a, cg_tensor *b, cg_scalar alpha) {
    if (op == CG_OP_SUB && check_sub(a, b) < 0)
        return NULL;
    cg_dtype dt = result2(a, b);
    if (check_alpha(dt, alpha) < 0)
        return NULL;
    cg_op_args args = {.s = {alpha}};
    cg_tensor *out = cg_ew_binary(op, a, b, dt, dt, &args);
    return cg_ew_record(out, op, 2, (cg_tensor *[]){a, b}, 0, NULL, &args);
}

static int add_sub_(cg_op op, cg_tensor *self, cg_tensor *other, cg_scalar alpha) {
    if (op == CG_OP_SUB && check_sub(self, other) < 0)
        return -1;
    cg_dtype dt = result2(self, other);
    if (check_alpha(dt, alpha) < 0)
        return -1;
    cg_op_args args = {.s = {alpha}};
    bool record = cg_autograd_needed(2, (cg_tensor *[]){self, other});
    if (cg_ew_binary_(op, self, other, dt, &args) < 0)
        return -1;
    return record ? cg_ew_record_(self, op, 2, (cg_tensor *[]){self, other}, 0, NULL, &args) : 0;
}

cg_tensor *cg_add(cg_tensor *a, cg_tensor *b, cg_scalar alpha) { return add_sub(CG_OP_ADD, a, b, alpha); }
cg_tensor *cg_sub(cg_tensor *a, cg_tensor *b, cg_scalar alpha) { return add_sub(CG_OP_SUB, a, b, alpha); }
int cg_add_(cg_tensor *self, cg_tensor *other, cg_scalar alpha) { return add_sub_(CG_OP_ADD, self, other, alpha); }
int cg_sub_(cg_tensor *self, cg_tensor *other, cg_scalar alpha) { return add_sub_(CG_OP_SUB, self, other, alpha); }

/* grad * alpha, or grad itself when alpha is 1 */
static cg_tensor *scaled(cg_tensor *g, cg_scalar alpha) {
    if (cg_scalar_to_double(alpha) == 1.0)
        return cg_tensor_retain(g);
    return cg_mul_scalar(g, cg_scalar_to_double(alpha));
}

/* AddBackward0: self: grad, other: grad * alpha */
int bw_add(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = n->next[0].node ? cg_tensor_retain(go[0]) : NULL;
    gi[1] = n->next[1].node ? scaled(go[0], n->args.s[0]) : NULL;
    return (n->next[1].node && !gi[1]) ? -1 : 0;
}

/* SubBackward0: self: grad, other: -grad * alpha */
int bw_sub(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = n->next[0].node ? cg_tensor_retain(go[0]) : NULL;
    gi[1] = n->next[1].node ? cg_mul_scalar(go[0], -cg_scalar_to_double(n->args.s[0])) : NULL;
    return (n->next[1].node && !gi[1]) ? -1 : 0;
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

/* In place, the derivative needs self's old value: save a copy of it. */
static int mul_div_(cg_op op, cg_tensor *self, cg_tensor *other, cg_dtype dt) {
    cg_tensor *in[] = {self, other};
    bool record = cg_autograd_needed(2, in);
    cg_tensor *old = NULL;
    if (record && cg_tensor_requires_grad(other)) {
        bool was = cg_grad_set_enabled(false);
        old = cg_clone(self);
        cg_grad_set_enabled(was);
        if (!old)
            return -1;
    }
    int rc = cg_ew_binary_(op, self, other, dt, NULL);
    if (rc == 0 && record) {
        cg_save_spec save[] = {{old, "self"}, {other, "other"}};
        rc = cg_ew_record_(self, op, 2, in, 2, save, NULL);
    }
    cg_tensor_release(old);
    return rc;
}

int cg_mul_(cg_tensor *self, cg_tensor *other) { return mul_div_(CG_OP_MUL, self, other, result2(self, other)); }
int cg_div_(cg_tensor *self, cg_tensor *other) {
    return mul_div_(CG_OP_DIV, self, other, cg_dtype_to_float(result2(self, other)));
}

/* MulBackward0: self: grad * other, other: grad * self */
int bw_mul(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *other;
    if (cg_node_saved_all(n, 2, &self, &other) < 0)
        return -1;
    gi[0] = n->next[0].node ? cg_mul(go[0], other) : NULL;
    gi[1] = n->next[1].node ? cg_mul(go[0], self) : NULL;
    return (n->next[0].node && !gi[0]) || (n->next[1].node && !gi[1]) ? -1 : 0;
}

/* DivBackward0: self: grad / other, other: -grad * self / (other * other) */
int bw_div(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *other;
    if (cg_node_saved_all(n, 2, &self, &other) < 0)
        return -1;
    if (n->next[0].node && !(gi[0] = cg_div(go[0], other)))
        return -1;
    if (n->next[1].node) {
        cg_tensor *q = cg_div(go[0], other);          /* grad / other */
        cg_tensor *r = q ? cg_div(self, other) : NULL; /* self / other */
        cg_tensor *p = r ? cg_mul(q, r) : NULL;
        gi[1] = p ? cg_neg(p) : NULL;
        cg_tensor_release(q), cg_tensor_release(r), cg_tensor_release(p);
        if (!gi[1])
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
