/* ops_where.c: the elementwise ops over more than one tensor that belong with
 * the unary family: where, masked_fill, clamp with tensor bounds, and the
 * internal range mask that derivatives (relu, clamp) select with. Kernels
 * are one expression each (ops_unary_impl.h, scalar_math.h); derivatives
 * use engine ops. */
#include "ops.h"
#include "ops_unary_impl.h"

/* ---- kernels ------------------------------------------------------------------ */

/* where: out T = a ? b : c, a bool */
#define WHERE_ROW(name, T) CG_TERNARY_ROW(name, T, bool, T, CG_NOPRO, a ? b : c)
CG_EXPAND_ALL(WHERE_ROW, where)
static const cg_row_fn where_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(where)};
void cg_cpu_where(const cg_kernel_call *c) { cg_ew_run(c, where_rows, 0); }

/* masked_fill: out T = b ? value : a, the mask b cast to T; args->s[0] value */
#define FILL_ROW(name, T) CG_BINARY_ROW(name, T, const T v = CG_SCALAR_AS(T, args->s[0]), b ? v : a)
CG_EXPAND_ALL(FILL_ROW, masked_fill)
static const cg_row_fn masked_fill_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(masked_fill)};
void cg_cpu_masked_fill(const cg_kernel_call *c) { cg_ew_run(c, masked_fill_rows, 0); }

/* clamp(a, min b, max c); args->i[0] says which bounds are given (the
 * operand of an absent one is a placeholder) */
#define CLAMP_T_PRO                                \
    const bool has_lo = args->i[0] & CG_CLAMP_MIN; \
    const bool has_hi = args->i[0] & CG_CLAMP_MAX
#define CLAMP_T_ROW(name, T) CG_TERNARY_ROW(name, T, T, T, CLAMP_T_PRO, CG_CLAMP(a, has_lo, b, has_hi, c))
CG_EXPAND_ALL(CLAMP_T_ROW, clamp_tensor)
static const cg_row_fn clamp_tensor_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(clamp_tensor)};
void cg_cpu_clamp_tensor(const cg_kernel_call *c) { cg_ew_run(c, clamp_tensor_rows, 0); }

/* range mask: out bool = (a c1 b && a c2 c) != negate; args->i[0], i[1] are
 * the comparisons (cg_cmp), args->flag negate. Runs in backward only. */
#define MASK_PRO                   \
    const int64_t c1 = args->i[0]; \
    const int64_t c2 = args->i[1]; \
    const bool neg = args->flag
#define MASK_ROW(name, T) \
    CG_TERNARY_ROW(name, bool, T, T, MASK_PRO, (CG_CMP_HOLDS(c1, a, b) && CG_CMP_HOLDS(c2, a, c)) != neg)
CG_EXPAND_ALL(MASK_ROW, range_mask)
static const cg_row_fn range_mask_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(range_mask)};
/* rows by the inputs' dtype: the output is bool */
void cg_cpu_range_mask(const cg_kernel_call *c) { cg_ew_run(c, range_mask_rows, 1); }

/* ---- frontends ------------------------------------------------------------------ */

/* result_type over the given (non-NULL) tensors */
static cg_dtype result_type_of(cg_tensor *a, cg_tensor *b, cg_tensor *c) {
    cg_tensor *ts[3] = {a};
    int n = 1;
    if (b)
        ts[n++] = b;
    if (c)
        ts[n++] = c;
    return cg_result_type(n, ts);
}

cg_tensor *cg_where(cg_tensor *cond, cg_tensor *a, cg_tensor *b) {
    CG_CHECK(cond->dtype == CG_BOOL, CG_RUNTIME_ERROR,
             "where expected condition to be a boolean tensor, but got a tensor with dtype %s",
             cg_dtype_legacy_name(cond->dtype));
    cg_dtype dt = result_type_of(a, b, NULL);
    cg_tensor *out = cg_ew_ternary(CG_OP_WHERE, cond, a, b, (cg_dtype[]){CG_BOOL, dt, dt}, dt, NULL);
    cg_save_spec save = {cond, "condition"};
    return cg_ew_record(out, CG_OP_WHERE, 2, (cg_tensor *[]){a, b}, 1, &save, NULL);
}

static int check_mask(const cg_tensor *mask) {
    CG_CHECK_INT(mask->dtype == CG_BOOL, CG_RUNTIME_ERROR,
                 "masked_fill_ only supports boolean masks, but got mask with dtype %s",
                 cg_dtype_legacy_name(mask->dtype));
    return 0;
}

cg_tensor *cg_masked_fill(cg_tensor *x, cg_tensor *mask, cg_scalar value) {
    if (check_mask(mask) < 0)
        return NULL;
    /* PyTorch broadcasts (mask, self) in this order: its message names the
     * mask "tensor a" */
    int ndim;
    int64_t shape[CG_MAX_DIMS];
    if (cg_broadcast_shapes(mask->ndim, mask->sizes, x->ndim, x->sizes, &ndim, shape) < 0)
        return NULL;
    cg_op_args args = {.s = {value}};
    cg_tensor *out = cg_ew_binary(CG_OP_MASKED_FILL, x, mask, x->dtype, x->dtype, &args);
    cg_save_spec save = {mask, "mask"};
    return cg_ew_record(out, CG_OP_MASKED_FILL, 1, &x, 1, &save, &args);
}

int cg_masked_fill_(cg_tensor *self, cg_tensor *mask, cg_scalar value) {
    if (check_mask(mask) < 0)
        return -1;
    cg_op_args args = {.s = {value}};
    bool record = cg_autograd_needed(1, &self);
    if (cg_ew_binary_(CG_OP_MASKED_FILL, self, mask, self->dtype, &args) < 0)
        return -1;
    cg_save_spec save = {mask, "mask"};
    return record ? cg_ew_record_(self, CG_OP_MASKED_FILL, 1, &self, 1, &save, &args) : 0;
}

cg_tensor *cg_clamp_tensor(cg_tensor *x, cg_tensor *min, cg_tensor *max) {
    CG_CHECK(min || max, CG_RUNTIME_ERROR, "torch.clamp: At least one of 'min' or 'max' must not be None");
    cg_dtype dt = result_type_of(x, min, max);
    cg_op_args args = {.i = {(min ? CG_CLAMP_MIN : 0) | (max ? CG_CLAMP_MAX : 0)}};
    cg_tensor *out =
        cg_ew_ternary(CG_OP_CLAMP_TENSOR, x, min ? min : x, max ? max : x, (cg_dtype[]){dt, dt, dt}, dt, &args);
    cg_save_spec save[] = {{x, "self"}, {min, "min"}, {max, "max"}};
    return cg_ew_record(out, CG_OP_CLAMP_TENSOR, 3, (cg_tensor *[]){x, min, max}, 3, save, &args);
}

cg_tensor *cg_range_mask(cg_tensor *x, cg_cmp c1, cg_tensor *lo, cg_cmp c2, cg_tensor *hi, bool negate) {
    lo = c1 == CG_CMP_NONE ? NULL : lo;
    hi = c2 == CG_CMP_NONE ? NULL : hi;
    cg_dtype dt = result_type_of(x, lo, hi);
    cg_op_args args = {.i = {c1, c2}, .flag = negate};
    return cg_ew_ternary(CG_OP_RANGE_MASK, x, lo ? lo : x, hi ? hi : x, (cg_dtype[]){dt, dt, dt}, CG_BOOL, &args);
}

/* ---- derivatives ------------------------------------------------------------------ */

/* where(mask, g, 0) or, with `flip`, where(mask, 0, g); NULL passes through */
static cg_tensor *select_grad(cg_tensor *mask, cg_tensor *g, bool flip) {
    cg_tensor *zero = mask ? cg_scalar_tensor(cg_scalar_int(0)) : NULL;
    cg_tensor *out = zero ? (flip ? cg_where(mask, zero, g) : cg_where(mask, g, zero)) : NULL;
    cg_tensor_release(zero);
    return out;
}

/* WhereBackward0: self: where(cond, grad, 0), other: where(cond, 0, grad) */
int cg_bw_where(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *cond;
    if (cg_node_saved(n, 0, &cond) < 0)
        return -1;
    for (int k = 0; k < 2; k++)
        if (n->next[k].node && !(gi[k] = select_grad(cond, go[0], k == 1)))
            return -1;
    return 0;
}

/* MaskedFillBackward0: self: grad.masked_fill(mask, 0) */
int cg_bw_masked_fill(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *mask;
    if (cg_node_saved(n, 0, &mask) < 0)
        return -1;
    return (gi[0] = cg_masked_fill(go[0], mask, cg_scalar_int(0))) ? 0 : -1;
}

/* ClampBackward0, PyTorch's clamp_backward and clamp_backward_min_max:
 *   self: grad where min <= self <= max
 *   min:  grad where self < min (and min < max when max is given)
 *   max:  grad where self > max (or max < min when min is given) */
static cg_tensor *clamp_tensor_mask(int k, cg_tensor *x, cg_tensor *min, cg_tensor *max) {
    switch (k) {
    case 0: return cg_range_mask(x, min ? CG_CMP_GE : CG_CMP_NONE, min, max ? CG_CMP_LE : CG_CMP_NONE, max, false);
    case 1: return cg_range_mask(min, CG_CMP_GT, x, max ? CG_CMP_LT : CG_CMP_NONE, max, false);
    default:
        /* not (max >= self and max >= min) */
        return cg_range_mask(max, CG_CMP_GE, x, min ? CG_CMP_GE : CG_CMP_NONE, min, true);
    }
}

int cg_bw_clamp_tensor(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *min, *max;
    if (cg_node_saved_all(n, 3, &x, &min, &max) < 0)
        return -1;
    for (int k = 0; k < 3; k++) {
        if (!n->next[k].node)
            continue;
        cg_tensor *mask = clamp_tensor_mask(k, x, min, max);
        gi[k] = select_grad(mask, go[0], false);
        cg_tensor_release(mask);
        if (!gi[k])
            return -1;
    }
    return 0;
}
