/* torch_float_math.c: the bindings of engine/ops_float_math.c: copysign,
 * fmod, fmax, fmin, xlogy, deg2rad, rad2deg, nan_to_num and their in-place
 * forms. */
#include "ops.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* an optional float: None leaves *slot unused and gives NULL */
static int optional_float(const char *fn, const char *arg, int pos, cg_value v, double *slot, const double **out) {
    *out = NULL;
    if (cg_is_none(v))
        return 0;
    if (torch_double_arg(fn, arg, pos, v, slot) < 0)
        return -1;
    *out = slot;
    return 0;
}

/* nan_to_num(nan=0.0, posinf=None, neginf=None) */
static cg_value nan_to_num_impl(const torch_op *op, cg_value *a) {
    double v[3];
    const double *p[3];
    static const char *names[] = {"nan", "posinf", "neginf"};
    for (int i = 0; i < 3; i++)
        if (optional_float(op->name, names[i], 0, a[i + 1], &v[i], &p[i]) < 0) /* PyTorch names no position */
            return CG_ERR;
    if (torch_op_in_place(op))
        return torch_inplace_result(a[0], cg_nan_to_num_(T0, p[0], p[1], p[2]));
    return cg_tensor_steal(cg_nan_to_num(T0, p[0], p[1], p[2]));
}

/* float_power(exponent); the function's input may be a Python number */
static cg_value float_power_op(const torch_op *op, cg_value *a) {
    if (!cg_is_tensor(a[0])) {
        cg_scalar base;
        if (!torch_scalar_of(a[0], &base))
            return torch_arg_error(op->name, "self", 1, "Tensor", a[0]);
        if (!cg_is_tensor(a[1]))
            return torch_arg_error(op->name, "exponent", 2, "Tensor", a[1]);
        return cg_tensor_steal(cg_float_power_scalar_base(base, cg_tensor_of_borrowed(a[1])));
    }
    return torch_adapt_binary(op, a);
}

#define M TORCH_METHOD
#define B TORCH_BOTH
#define NAN_PARAMS "nan=0.0, posinf=None, neginf=None"
#define OPS(X)                                                                                                        \
    X(copysign, "copysign", "other", BINARY(cg_copysign), B, NULL)                                                    \
    X(copysign_, "copysign_", "other", BINARY_(cg_copysign_), M, NULL)                                                \
    X(fmod, "fmod", "other", BINARY(cg_fmod), B, NULL)                                                                \
    X(fmod_, "fmod_", "other", BINARY_(cg_fmod_), M, NULL)                                                            \
    X(fmax, "fmax", "other", TBINARY(cg_fmax), B, NULL)                                                               \
    X(fmin, "fmin", "other", TBINARY(cg_fmin), B, NULL)                                                               \
    X(xlogy, "xlogy", "other", BINARY(cg_xlogy), B, NULL)                                                             \
    X(xlogy_, "xlogy_", "other", BINARY_(cg_xlogy_), B, NULL)                                                         \
    X(float_power, "float_power", "exponent", FAMILY(float_power_op, cg_float_power, 0), B | TORCH_ANY_INPUT, "self") \
    X(float_power_, "float_power_", "exponent", BINARY_(cg_float_power_), M, NULL)                                    \
    X(ldexp, "ldexp", "other", TBINARY(cg_ldexp), B, NULL)                                                            \
    X(ldexp_, "ldexp_", "other", TBINARY_(cg_ldexp_), B, NULL)                                                        \
    X(heaviside, "heaviside", "values", TBINARY(cg_heaviside), B, NULL)                                               \
    X(heaviside_, "heaviside_", "values", TBINARY_(cg_heaviside_), M, NULL)                                           \
    X(gcd, "gcd", "other", TBINARY(cg_gcd), B, NULL)                                                                  \
    X(gcd_, "gcd_", "other", TBINARY_(cg_gcd_), B, NULL)                                                              \
    X(lcm, "lcm", "other", TBINARY(cg_lcm), B, NULL)                                                                  \
    X(lcm_, "lcm_", "other", TBINARY_(cg_lcm_), B, NULL)                                                              \
    X(sinc, "sinc", "", UNARY(cg_sinc), B, NULL)                                                                      \
    X(sinc_, "sinc_", "", UNARY_(cg_sinc_), B, NULL)                                                                  \
    X(deg2rad, "deg2rad", "", UNARY(cg_deg2rad), B, NULL)                                                             \
    X(deg2rad_, "deg2rad_", "", UNARY_(cg_deg2rad_), B, NULL)                                                         \
    X(rad2deg, "rad2deg", "", UNARY(cg_rad2deg), B, NULL)                                                             \
    X(rad2deg_, "rad2deg_", "", UNARY_(cg_rad2deg_), B, NULL)                                                         \
    X(nan_to_num, "nan_to_num", NAN_PARAMS, FAMILY(nan_to_num_impl, NULL, 0), B, NULL)                                \
    X(nan_to_num_, "nan_to_num_", NAN_PARAMS, FAMILY(nan_to_num_impl, NULL, 0), B, NULL)

#define TORCH_TAB float_math_ops
TORCH_OP_TABLE(OPS)

int torch_float_math_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(float_math_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(float_math_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(float_math_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
