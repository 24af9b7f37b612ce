/* torch_special_math.c: the bindings of engine/ops_special_math.c: logit,
 * lgamma, digamma, polygamma, atan2 (arctan2), hypot, logaddexp,
 * logaddexp2, the bit shifts, and their in-place forms. */
#include "ops.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* logit(eps=None) */
static cg_value logit_impl(const torch_op *op, cg_value *a) {
    double eps;
    const double *p = NULL;
    if (!cg_is_none(a[1])) {
        if (torch_double_arg(op->name, "eps", torch_pos(1), a[1], &eps) < 0)
            return CG_ERR;
        p = &eps;
    }
    if (torch_op_in_place(op))
        return torch_inplace_result(a[0], cg_logit_(T0, p));
    return cg_tensor_steal(cg_logit(T0, p));
}

/* polygamma(n, input) as a function (flag 1), input.polygamma(n) and
 * polygamma_(n) as methods */
static cg_value polygamma_impl(const torch_op *op, cg_value *a) {
    cg_value nv = op->flag ? a[0] : a[1], xv = op->flag ? a[1] : a[0];
    int64_t n;
    if (torch_int_arg(op->name, "n", op->flag ? 1 : torch_pos(1), nv, &n) < 0)
        return CG_ERR;
    if (!cg_is_tensor(xv))
        return torch_arg_error(op->name, "input", 2, "Tensor", xv);
    cg_tensor *x = cg_tensor_of_borrowed(xv);
    if (torch_op_in_place(op))
        return torch_inplace_result(xv, cg_polygamma_(x, n));
    return cg_tensor_steal(cg_polygamma(n, x));
}

#define M TORCH_METHOD
#define F TORCH_FUNCTION
#define B TORCH_BOTH
#define OPS(X)                                                                                  \
    X(lgamma, "lgamma", "", UNARY(cg_lgamma), B, NULL)                                          \
    X(lgamma_, "lgamma_", "", UNARY_(cg_lgamma_), M, NULL)                                      \
    X(digamma, "digamma", "", UNARY(cg_digamma), B, NULL)                                       \
    X(digamma_, "digamma_", "", UNARY_(cg_digamma_), M, NULL)                                   \
    X(polygamma_fn, "polygamma", "input", FAMILY(polygamma_impl, NULL, 1), F | TORCH_ANY_INPUT, "n") \
    X(polygamma, "polygamma", "n", FAMILY(polygamma_impl, NULL, 0), M, NULL)                    \
    X(polygamma_, "polygamma_", "n", FAMILY(polygamma_impl, NULL, 0), M, NULL)                  \
    X(logit, "logit", "eps=None", FAMILY(logit_impl, NULL, 0), B, NULL)                         \
    X(logit_, "logit_", "eps=None", FAMILY(logit_impl, NULL, 0), B, NULL)                       \
    X(atan2, "atan2", "other", TBINARY(cg_atan2), B, NULL)                                      \
    X(atan2_, "atan2_", "other", TBINARY_(cg_atan2_), M, NULL)                                  \
    X(arctan2, "arctan2", "other", TBINARY(cg_atan2), B, NULL)                                  \
    X(arctan2_, "arctan2_", "other", TBINARY_(cg_atan2_), M, NULL)                              \
    X(hypot, "hypot", "other", TBINARY(cg_hypot), B, NULL)                                      \
    X(hypot_, "hypot_", "other", TBINARY_(cg_hypot_), M, NULL)                                  \
    X(bitwise_left_shift, "bitwise_left_shift", "other", BINARY(cg_bitwise_left_shift), B, NULL)     \
    X(bitwise_right_shift, "bitwise_right_shift", "other", BINARY(cg_bitwise_right_shift), B, NULL)  \
    X(bitwise_left_shift_, "bitwise_left_shift_", "other", BINARY_(cg_bitwise_left_shift_), M, NULL) \
    X(bitwise_right_shift_, "bitwise_right_shift_", "other", BINARY_(cg_bitwise_right_shift_), M, NULL) \
    X(logaddexp, "logaddexp", "other", TBINARY(cg_logaddexp), B, NULL)                          \
    X(logaddexp2, "logaddexp2", "other", TBINARY(cg_logaddexp2), B, NULL)

#define TORCH_TAB special_math_ops
TORCH_OP_TABLE(OPS)

int torch_special_math_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(special_math_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(special_math_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(special_math_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
