/* parity_binary.c: fixture adapters for the binary family beyond + - * /
 * (tests/fixtures/cases/binary.py). Python numbers enter as wrapped 0-d
 * tensors (p_operand), as PyTorch's operators pass them. */
#include "parity.h"

/* ---- out of place ------------------------------------------------------------------------ */

PARITY(pow) { return cg_pow(p_operand(c, 0), p_operand(c, 1)); }
/* torch.pow(number, tensor) is its own overload (PowBackward2) */
PARITY(torch_pow) {
    if (!p_is_tensor(c, 0))
        return cg_pow_scalar_base(p_scalar(c, 0), p_tensor(c, 1));
    return cg_pow(p_tensor(c, 0), p_operand(c, 1));
}
PARITY(floor_divide) { return cg_floor_divide(p_operand(c, 0), p_operand(c, 1)); }
PARITY(div_mode) { return cg_div_rounding(p_operand(c, 0), p_operand(c, 1), p_kw_str(c, "rounding_mode", NULL)); }
PARITY(remainder) { return cg_remainder(p_operand(c, 0), p_operand(c, 1)); }
PARITY(maximum) { return cg_maximum(p_tensor(c, 0), p_tensor(c, 1)); }
PARITY(minimum) { return cg_minimum(p_tensor(c, 0), p_tensor(c, 1)); }
PARITY(eq) { return cg_eq(p_operand(c, 0), p_operand(c, 1)); }
PARITY(ne) { return cg_ne(p_operand(c, 0), p_operand(c, 1)); }
PARITY(lt) { return cg_lt(p_operand(c, 0), p_operand(c, 1)); }
PARITY(le) { return cg_le(p_operand(c, 0), p_operand(c, 1)); }
PARITY(gt) { return cg_gt(p_operand(c, 0), p_operand(c, 1)); }
PARITY(ge) { return cg_ge(p_operand(c, 0), p_operand(c, 1)); }
PARITY(logical_and) { return cg_logical_and(p_tensor(c, 0), p_tensor(c, 1)); }
PARITY(logical_or) { return cg_logical_or(p_tensor(c, 0), p_tensor(c, 1)); }
PARITY(logical_xor) { return cg_logical_xor(p_tensor(c, 0), p_tensor(c, 1)); }
PARITY(logical_not) { return cg_logical_not(p_tensor(c, 0)); }
PARITY(bitwise_and) { return cg_bitwise_and(p_operand(c, 0), p_operand(c, 1)); }
PARITY(bitwise_or) { return cg_bitwise_or(p_operand(c, 0), p_operand(c, 1)); }
PARITY(bitwise_xor) { return cg_bitwise_xor(p_operand(c, 0), p_operand(c, 1)); }
PARITY(bitwise_not) { return cg_bitwise_not(p_tensor(c, 0)); }

/* ---- in place, on a clone of the first argument ---------------------------------------------- */

static cg_tensor *on_clone(parity_call *c, int (*op)(cg_tensor *, cg_tensor *)) {
    cg_tensor *t = cg_clone(p_tensor(c, 0));
    if (t && op(t, p_operand(c, 1)) < 0) {
        cg_tensor_release(t);
        return NULL;
    }
    return t;
}

PARITY(pow_) { return on_clone(c, cg_pow_); }
PARITY(remainder_) { return on_clone(c, cg_remainder_); }
PARITY(floor_divide_) { return on_clone(c, cg_floor_divide_); }
PARITY(logical_and_) { return on_clone(c, cg_logical_and_); }
PARITY(bitwise_xor_) { return on_clone(c, cg_bitwise_xor_); }
