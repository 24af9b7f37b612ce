/* ops_compare.c: comparisons (eq, ne, lt, le, gt, ge), logical ops and
 * bitwise ops, with broadcasting. None is differentiable: comparisons and
 * logical ops give bool; bitwise ops keep the promoted bool/integer dtype.
 * Declared in ops_binary.h. Kernels: one C expression per op (ew.h), in
 * scalar_math.h's lists, shared with CUDA. */
#include "ew.h"
#include "ops.h"
#include "scalar_math.h"

/* ---- kernels ------------------------------------------------------------------ */

/* out bool, a and b of the promoted dtype */
#define CMP_ROWS(op, expr)                                                \
    CG_COMPARE_ROW(op##_f32, float, CG_NOPRO, expr)                       \
    CG_COMPARE_ROW(op##_f64, double, CG_NOPRO, expr)                      \
    CG_COMPARE_ROW(op##_i32, int32_t, CG_NOPRO, expr)                     \
    CG_COMPARE_ROW(op##_i64, int64_t, CG_NOPRO, expr)                     \
    CG_COMPARE_ROW(op##_u8, uint8_t, CG_NOPRO, expr)                      \
    CG_COMPARE_ROW(op##_i8, int8_t, CG_NOPRO, expr)                       \
    CG_COMPARE_ROW(op##_i16, int16_t, CG_NOPRO, expr)                     \
    CG_COMPARE_ROW(op##_u16, uint16_t, CG_NOPRO, expr)                    \
    CG_COMPARE_ROW(op##_u32, uint32_t, CG_NOPRO, expr)                    \
    CG_COMPARE_ROW(op##_u64, uint64_t, CG_NOPRO, expr)                    \
    CG_COMPARE_ROW(op##_bool, bool, CG_NOPRO, expr)                       \
    static const cg_row_fn op##_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(op)}; \
    void cg_cpu_##op(const cg_kernel_call *c) { cg_ew_run(c, op##_rows, 1); }
CG_COMPARE_OPS(CMP_ROWS)

/* out, a, b of one bool or integer dtype */
#define BITWISE_ROWS(op, expr, bool_expr)                                                        \
    CG_BINARY_ROW(op##_i32, int32_t, CG_NOPRO, expr)                                             \
    CG_BINARY_ROW(op##_i64, int64_t, CG_NOPRO, expr)                                             \
    CG_BINARY_ROW(op##_u8, uint8_t, CG_NOPRO, expr)                                              \
    CG_BINARY_ROW(op##_i8, int8_t, CG_NOPRO, expr)                                               \
    CG_BINARY_ROW(op##_i16, int16_t, CG_NOPRO, expr)                                             \
    CG_BINARY_ROW(op##_u16, uint16_t, CG_NOPRO, expr)                                            \
    CG_BINARY_ROW(op##_u32, uint32_t, CG_NOPRO, expr)                                            \
    CG_BINARY_ROW(op##_u64, uint64_t, CG_NOPRO, expr)                                            \
    CG_BINARY_ROW(op##_bool, bool, CG_NOPRO, bool_expr)                                          \
    static const cg_row_fn op##_rows[CG_DTYPE_COUNT] = {CG_ROWS_INT(op), [CG_BOOL] = op##_bool}; \
    void cg_cpu_##op(const cg_kernel_call *c) { cg_ew_run(c, op##_rows, 0); }
CG_BITWISE_OPS(BITWISE_ROWS)

/* out, x of one bool or integer dtype */
CG_UNARY_ROW(bitwise_not_i32, int32_t, CG_NOPRO, ~x)
CG_UNARY_ROW(bitwise_not_i64, int64_t, CG_NOPRO, ~x)
CG_UNARY_ROW(bitwise_not_u8, uint8_t, CG_NOPRO, ~x)
CG_UNARY_ROW(bitwise_not_i8, int8_t, CG_NOPRO, ~x)
CG_UNARY_ROW(bitwise_not_i16, int16_t, CG_NOPRO, ~x)
CG_UNARY_ROW(bitwise_not_u16, uint16_t, CG_NOPRO, ~x)
CG_UNARY_ROW(bitwise_not_u32, uint32_t, CG_NOPRO, ~x)
CG_UNARY_ROW(bitwise_not_u64, uint64_t, CG_NOPRO, ~x)
CG_UNARY_ROW(bitwise_not_bool, bool, CG_NOPRO, !x)
static const cg_row_fn bitwise_not_rows[CG_DTYPE_COUNT] = {CG_ROWS_INT(bitwise_not), [CG_BOOL] = bitwise_not_bool};
void cg_cpu_bitwise_not(const cg_kernel_call *c) { cg_ew_run(c, bitwise_not_rows, 0); }

/* ---- comparisons and logical ops ---------------------------------------------------- */

/* a op b compared in their promoted dtype, a bool result */
static cg_tensor *to_bool(cg_op op, cg_tensor *a, cg_tensor *b) {
    return cg_ew_binary(op, a, b, cg_result_type(2, (cg_tensor *[]){a, b}), CG_BOOL, NULL);
}

cg_tensor *cg_eq(cg_tensor *a, cg_tensor *b) { return to_bool(CG_OP_EQ, a, b); }
cg_tensor *cg_ne(cg_tensor *a, cg_tensor *b) { return to_bool(CG_OP_NE, a, b); }
cg_tensor *cg_lt(cg_tensor *a, cg_tensor *b) { return to_bool(CG_OP_LT, a, b); }
cg_tensor *cg_le(cg_tensor *a, cg_tensor *b) { return to_bool(CG_OP_LE, a, b); }
cg_tensor *cg_gt(cg_tensor *a, cg_tensor *b) { return to_bool(CG_OP_GT, a, b); }
cg_tensor *cg_ge(cg_tensor *a, cg_tensor *b) { return to_bool(CG_OP_GE, a, b); }

/* x.eq_(y): the comparison, then a copy into self, whose node carries the
 * autograd: CopyBackwards gives self's earlier history a zero gradient, the
 * derivative PyTorch's in-place comparisons have (PyTorch names the node
 * after the comparison, EqBackward0). */
static int compare_into(cg_tensor *self, cg_tensor *result) {
    int rc = result ? cg_copy_(self, result) : -1;
    cg_tensor_release(result);
    return rc;
}

int cg_eq_(cg_tensor *self, cg_tensor *other) { return compare_into(self, cg_eq(self, other)); }
int cg_ne_(cg_tensor *self, cg_tensor *other) { return compare_into(self, cg_ne(self, other)); }
int cg_lt_(cg_tensor *self, cg_tensor *other) { return compare_into(self, cg_lt(self, other)); }
int cg_le_(cg_tensor *self, cg_tensor *other) { return compare_into(self, cg_le(self, other)); }
int cg_gt_(cg_tensor *self, cg_tensor *other) { return compare_into(self, cg_gt(self, other)); }
int cg_ge_(cg_tensor *self, cg_tensor *other) { return compare_into(self, cg_ge(self, other)); }

cg_tensor *cg_logical_and(cg_tensor *a, cg_tensor *b) { return to_bool(CG_OP_LOGICAL_AND, a, b); }
cg_tensor *cg_logical_or(cg_tensor *a, cg_tensor *b) { return to_bool(CG_OP_LOGICAL_OR, a, b); }
cg_tensor *cg_logical_xor(cg_tensor *a, cg_tensor *b) { return to_bool(CG_OP_LOGICAL_XOR, a, b); }

/* not x is x == 0 in x's own dtype (NaN is true, so not NaN is false) */
cg_tensor *cg_logical_not(cg_tensor *x) {
    cg_tensor *zero = cg_scalar_tensor(cg_scalar_int(0));
    cg_tensor *out = zero ? cg_eq(x, zero) : NULL;
    cg_tensor_release(zero);
    return out;
}

/* In place, the bool result is cast into self's dtype; like PyTorch's, the
 * op leaves self's history as it was (no node), but still bumps its version
 * and refuses a leaf that requires grad. */
static int logical_into(cg_tensor *self, cg_tensor *result) {
    int rc = result && cg_autograd_check_inplace(self) == 0 ? 0 : -1;
    if (rc == 0) {
        bool was = cg_grad_set_enabled(false);
        rc = cg_copy_(self, result);
        cg_grad_set_enabled(was);
    }
    cg_tensor_release(result);
    return rc;
}

int cg_logical_and_(cg_tensor *self, cg_tensor *other) { return logical_into(self, cg_logical_and(self, other)); }
int cg_logical_or_(cg_tensor *self, cg_tensor *other) { return logical_into(self, cg_logical_or(self, other)); }
int cg_logical_xor_(cg_tensor *self, cg_tensor *other) { return logical_into(self, cg_logical_xor(self, other)); }
int cg_logical_not_(cg_tensor *self) { return logical_into(self, cg_logical_not(self)); }

/* ---- bitwise ------------------------------------------------------------------------------ */

/* indexed by op - CG_OP_BITWISE_AND: the rows are in this order in ops.def */
static const char *const bitwise_kernel[] = {"bitwise_and_cpu", "bitwise_or_cpu", "bitwise_xor_cpu"};

static int bitwise_dtype(cg_op op, cg_tensor *a, cg_tensor *b, cg_dtype *dt) {
    *dt = cg_result_type(2, (cg_tensor *[]){a, b});
    return cg_check_dtype_supported(bitwise_kernel[op - CG_OP_BITWISE_AND], *dt, !cg_dtype_is_float(*dt));
}

static cg_tensor *bitwise(cg_op op, cg_tensor *a, cg_tensor *b) {
    cg_dtype dt;
    return bitwise_dtype(op, a, b, &dt) < 0 ? NULL : cg_ew_binary(op, a, b, dt, dt, NULL);
}

static int bitwise_(cg_op op, cg_tensor *self, cg_tensor *other) {
    cg_dtype dt;
    return bitwise_dtype(op, self, other, &dt) < 0 ? -1 : cg_ew_binary_(op, self, other, dt, NULL);
}

cg_tensor *cg_bitwise_and(cg_tensor *a, cg_tensor *b) { return bitwise(CG_OP_BITWISE_AND, a, b); }
cg_tensor *cg_bitwise_or(cg_tensor *a, cg_tensor *b) { return bitwise(CG_OP_BITWISE_OR, a, b); }
cg_tensor *cg_bitwise_xor(cg_tensor *a, cg_tensor *b) { return bitwise(CG_OP_BITWISE_XOR, a, b); }
int cg_bitwise_and_(cg_tensor *self, cg_tensor *other) { return bitwise_(CG_OP_BITWISE_AND, self, other); }
int cg_bitwise_or_(cg_tensor *self, cg_tensor *other) { return bitwise_(CG_OP_BITWISE_OR, self, other); }
int cg_bitwise_xor_(cg_tensor *self, cg_tensor *other) { return bitwise_(CG_OP_BITWISE_XOR, self, other); }

cg_tensor *cg_bitwise_not(cg_tensor *x) {
    if (cg_check_dtype_supported("bitwise_not_cpu", x->dtype, !cg_dtype_is_float(x->dtype)) < 0)
        return NULL;
    return cg_ew_unary(CG_OP_BITWISE_NOT, x, x->dtype, x->dtype, NULL);
}

int cg_bitwise_not_(cg_tensor *self) {
    if (cg_check_dtype_supported("bitwise_not_cpu", self->dtype, !cg_dtype_is_float(self->dtype)) < 0)
        return -1;
    return cg_ew_unary_(CG_OP_BITWISE_NOT, self, NULL);
}
