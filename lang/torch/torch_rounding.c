/* torch_rounding.c: the bindings of engine/ops_rounding.c: floor, ceil,
 * round (decimals=), trunc and its alias fix, frac, their in-place forms,
 * sgn, signbit and positive. */
#include "ops.h"
#include "runtime/bigint.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* round(input, *, decimals): an explicit decimals, even 0, is PyTorch's
 * round.decimals overload (RoundBackward1); absent, plain round. */
static cg_value round_impl(const torch_op *op, cg_value *a) {
    bool in_place = torch_op_in_place(op);
    if (cg_is_none(a[1])) {
        if (in_place)
            return torch_inplace_result(a[0], cg_round_(T0));
        return cg_tensor_steal(cg_round(T0));
    }
    int64_t decimals;
    if (!cg_is_int(a[1]) || cg_int_to_int64(a[1], &decimals) < 0)
        return cg_raise(&cg_exc_TypeError,
                        "%s() received an invalid combination of arguments - got (%sdecimals=%s), but expected one "
                        "of:\n * (%s*, Tensor out)\n * (%s*, int decimals, Tensor out)\n",
                        op->name, torch_called_as_function() ? "Tensor, " : "", cg_type_name(a[1]),
                        torch_called_as_function() ? "Tensor input, " : "",
                        torch_called_as_function() ? "Tensor input, " : "");
    if (in_place)
        return torch_inplace_result(a[0], cg_round_decimals_(T0, decimals));
    return cg_tensor_steal(cg_round_decimals(T0, decimals));
}

#define M TORCH_METHOD
#define B TORCH_BOTH
#define OPS(X)                                                                    \
    X(floor, "floor", "", UNARY(cg_floor), B, NULL)                               \
    X(floor_, "floor_", "", UNARY_(cg_floor_), B, NULL)                           \
    X(ceil, "ceil", "", UNARY(cg_ceil), B, NULL)                                  \
    X(ceil_, "ceil_", "", UNARY_(cg_ceil_), B, NULL)                              \
    X(trunc, "trunc", "", UNARY(cg_trunc), B, NULL)                               \
    X(trunc_, "trunc_", "", UNARY_(cg_trunc_), B, NULL)                           \
    X(fix, "fix", "", UNARY(cg_trunc), B, NULL)                                   \
    X(fix_, "fix_", "", UNARY_(cg_trunc_), B, NULL)                               \
    X(round, "round", "*, decimals=None", FAMILY(round_impl, NULL, 0), B, NULL)   \
    X(round_, "round_", "*, decimals=None", FAMILY(round_impl, NULL, 0), B, NULL) \
    X(frac, "frac", "", UNARY(cg_frac), B, NULL)                                  \
    X(frac_, "frac_", "", UNARY_(cg_frac_), B, NULL)                              \
    X(sgn, "sgn", "", UNARY(cg_sgn), B, NULL)                                     \
    X(sgn_, "sgn_", "", UNARY_(cg_sgn_), M, NULL)                                 \
    X(signbit, "signbit", "", UNARY(cg_signbit), B, NULL)                         \
    X(positive, "positive", "", UNARY(cg_positive), B, NULL)

#define TORCH_TAB rounding_ops
TORCH_OP_TABLE(OPS)

int torch_rounding_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(rounding_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(rounding_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(rounding_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
