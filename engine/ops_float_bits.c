/* ops_float_bits.c: torch.nextafter (NextafterBackward0, no derivative
 * in PyTorch) and torch.frexp (FrexpBackward0 on the mantissa; the
 * exponent int32), C's nextafter and frexp per element. */
#include <math.h>
#include <string.h>

#include "ew.h"
#include "formula.h"
#include "ops.h"

/* ---- nextafter and frexp ---------------------------------------------------------- */

/* bfloat16's neighbour, stepped in its own 16 bits as c10's BFloat16
 * nextafter does (the float values the row sees are exact bfloat16s) */
static float bf16_nextafter(float from, float to) {
    if (from != from || to != to)
        return from + to;
    uint32_t f, t;
    memcpy(&f, &from, 4), memcpy(&t, &to, 4);
    uint16_t fb = (uint16_t)(f >> 16), tb = (uint16_t)(t >> 16);
    const uint16_t sign = 0x8000;
    if (fb == tb)
        return from;
    uint16_t af = fb & (uint16_t)~sign, at = tb & (uint16_t)~sign;
    if (af == 0) {
        if (at == 0)
            return to;
        fb = (uint16_t)((tb & sign) | 1);
    } else if (af > at || ((fb ^ tb) & sign)) {
        fb--;
    } else {
        fb++;
    }
    f = (uint32_t)fb << 16;
    memcpy(&from, &f, 4);
    return from;
}
/* args->i[1]: bfloat16 */
CG_BINARY_ROW(nextafter_f32, float, const bool bf = args->i[1], bf ? bf16_nextafter(a, b) : nextafterf(a, b))
CG_BINARY_ROW(nextafter_f64, double, CG_NOPRO, nextafter(a, b))
static const cg_row_fn nextafter_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(nextafter)};
void cg_cpu_nextafter(const cg_kernel_call *c) { cg_ew_run(c, nextafter_rows, 0); }

static int nextafter_dtype(cg_tensor *a, cg_tensor *b, cg_dtype *dt) {
    *dt = cg_result_type(2, (cg_tensor *[]){a, b});
    if (!cg_dtype_is_float(*dt) || *dt == CG_F16)
        CG_CHECK_INT(false, CG_RUNTIME_ERROR, "\"nextafter_cpu\" not implemented for '%s'", cg_dtype_legacy_name(*dt));
    return 0;
}
cg_tensor *cg_nextafter(cg_tensor *a, cg_tensor *b) {
    cg_dtype dt;
    if (nextafter_dtype(a, b, &dt) < 0)
        return NULL;
    const cg_op_args args = {.i = {0, dt == CG_BF16}};
    cg_tensor *out = cg_ew_binary(CG_OP_NEXTAFTER, a, b, dt, dt, &args);
    return out ? cg_ew_record(out, CG_OP_NEXTAFTER, 2, (cg_tensor *[]){a, b}, 0, NULL, &args) : NULL;
}
int cg_nextafter_(cg_tensor *self, cg_tensor *other) {
    cg_dtype dt;
    if (nextafter_dtype(self, other, &dt) < 0)
        return -1;
    const cg_op_args args = {.i = {0, dt == CG_BF16}};
    cg_tensor *in[] = {self, other};
    bool record = cg_autograd_needed(2, in);
    int rc = cg_ew_binary_(CG_OP_NEXTAFTER, self, other, dt, &args);
    return rc == 0 && record ? cg_ew_record_(self, CG_OP_NEXTAFTER, 2, in, 0, NULL, &args) : rc;
}
/* NextafterBackward0: PyTorch has none for either input */
int cg_bw_nextafter(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n, (void)go, (void)gi;
    CG_CHECK_INT(false, CG_NOT_IMPLEMENTED_ERROR, "the derivative for 'nextafter' is not implemented.");
}

/* frexp's two rows: the mantissa (the element type) and the exponent (int32) */
CG_UNARY_ROW(frexp_f32, float, CG_NOPRO, frexpf(x, &(int){0}))
CG_UNARY_ROW(frexp_f64, double, CG_NOPRO, frexp(x, &(int){0}))
static const cg_row_fn frexp_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(frexp)};
void cg_cpu_frexp(const cg_kernel_call *c) { cg_ew_run(c, frexp_rows, 0); }
#define FREXP_EXP_ROW(name, T, FREXP)                                                \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {       \
        (void)ctx;                                                                    \
        for (int64_t i = 0; i < n; i++) {                                             \
            int e = 0;                                                                \
            FREXP(*(const T *)(p[1] + i * s[1]), &e);                                 \
            *(int32_t *)(p[0] + i * s[0]) = e;                                        \
        }                                                                             \
    }
FREXP_EXP_ROW(frexp_exp_f32, float, frexpf)
FREXP_EXP_ROW(frexp_exp_f64, double, frexp)
static const cg_row_fn frexp_exp_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(frexp_exp)};
void cg_cpu_frexp_exponent(const cg_kernel_call *c) { cg_ew_run(c, frexp_exp_rows, 1); }

int cg_frexp(cg_tensor *x, cg_tensor **mantissa, cg_tensor **exponent) {
    *mantissa = *exponent = NULL;
    CG_CHECK_INT(cg_dtype_is_float(x->dtype), CG_RUNTIME_ERROR, "torch.frexp() only supports floating-point dtypes");
    const cg_op_args args = {0};
    cg_tensor *m = cg_ew_unary(CG_OP_FREXP, x, x->dtype, x->dtype, &args);
    cg_tensor *e = m ? cg_ew_unary(CG_OP_FREXP_EXPONENT, x, x->dtype, CG_INT32, &args) : NULL;
    cg_save_spec save = {e, "exponent"};
    cg_tensor *r = e ? cg_ew_record(m, CG_OP_FREXP, 1, &x, 1, &save, &args) : NULL;
    if (!r) {
        cg_tensor_release(e);
        return -1;
    }
    *mantissa = r, *exponent = e;
    return 0;
}
/* FrexpBackward0: grad / exp2(exponent) */
int cg_bw_frexp(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *e;
    if (cg_node_saved(n, 0, &e) < 0)
        return -1;
    scratch s = {0};
    return finish(gi, &s, s_div(&s, go[0], s_fn(&s, cg_exp2, e)));
}
