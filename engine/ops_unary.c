/* ops_unary.c: unary elementwise ops, their in-place forms and derivatives.
 * Kernels: one C expression per op (ew.h); derivatives with engine ops. */
#include "ew.h"
#include "ops.h"

/* ---- kernels ------------------------------------------------------------------ */

#define NEG_ROW(name, T) CG_UNARY_ROW(name, T, CG_NOPRO, -x)
#define EXP_F32(name, T) CG_UNARY_ROW(name, T, CG_NOPRO, expf(x))
#define EXP_F64(name, T) CG_UNARY_ROW(name, T, CG_NOPRO, exp(x))
CG_EXPAND_NUMERIC(NEG_ROW, neg)
EXP_F32(exp_f32, float)
EXP_F64(exp_f64, double)
static const cg_row_fn neg_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(neg)};
static const cg_row_fn exp_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(exp)};

/* out and x of one shape and dtype */
void cpu_neg(const cg_call *c) { cg_ew_run(c, neg_rows, 0); }
void cpu_exp(const cg_call *c) { cg_ew_run(c, exp_rows, 0); }

/* ---- frontends ------------------------------------------------------------------ */

cg_tensor *cg_neg(cg_tensor *x) {
    CG_CHECK(x->dtype != CG_BOOL, CG_RUNTIME_ERROR,
             "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, "
             "use the `~` or `logical_not()` operator instead.");
    cg_tensor *out = cg_ew_unary(CG_OP_NEG, x, x->dtype, x->dtype, NULL);
    return cg_ew_record(out, CG_OP_NEG, 1, &x, 0, NULL, NULL);
}

cg_tensor *cg_exp(cg_tensor *x) {
    cg_dtype dt = cg_dtype_to_float(x->dtype);
    cg_tensor *out = cg_ew_unary(CG_OP_EXP, x, dt, dt, NULL);
    cg_save_spec save[] = {{out, "result"}};
    return cg_ew_record(out, CG_OP_EXP, 1, &x, 1, save, NULL);
}

/* ---- derivatives ------------------------------------------------------------------ */

/* NegBackward0: -grad */
int bw_neg(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    return (gi[0] = cg_neg(go[0])) ? 0 : -1;
}

/* ExpBackward0: grad * result */
int bw_exp(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *result;
    if (cg_node_saved(n, 0, &result) < 0)
        return -1;
    return (gi[0] = cg_mul(go[0], result)) ? 0 : -1;
}
