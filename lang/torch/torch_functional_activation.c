/* torch_functional_activation.c: the activations of torch.nn.functional
 * that have kernels in the engine (ops_activation.h): elu, selu, celu,
 * silu, mish, hardtanh, relu6, hardsigmoid, hardswish, softplus, the
 * shrinks, logsigmoid, threshold, glu, prelu, rrelu and their in-place
 * forms, with PyTorch 1.13's signatures. selu is elu with its two
 * constants and relu6 hardtanh over [0, 6], as there. softsign and
 * tanhshrink are the prelude's (torch/nn/_functional.py); the modules are
 * torch/nn/modules/activation.py. */
#include <string.h>

#include "runtime/module.h"
#include "torch/torch_activation.h"
#include "torch/torch_args.h"
#include "torch/torch_module.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* selu's constants, PyTorch's */
#define SELU_ALPHA 1.6732632423543772848170429916717
#define SELU_SCALE 1.0507009873554804934193349852946

/* The row works in place: its name ends in '_', or its `inplace` argument
 * (the parameter at a[k], when the row has one) is true. */
static int in_place_arg(const torch_op *op, cg_value *a, int k, bool *out) {
    *out = torch_op_in_place(op);
    if (*out || !strstr(op->params, "inplace"))
        return 0;
    return torch_bool_arg(op->name, "inplace", torch_pos(k), a[k], out);
}

/* A number argument as an engine scalar (int or float as given) */
static int scalar_arg(const torch_op *op, const char *name, int k, cg_value v, cg_scalar *out) {
    if (torch_scalar_of(v, out))
        return 0;
    torch_arg_error(op->name, name, torch_pos(k), "Number", v);
    return -1;
}

static cg_value result(cg_value self, bool in_place, int rc, cg_tensor *out) {
    return in_place ? torch_inplace_result(self, rc) : cg_tensor_steal(out);
}

cg_value torch_act_elu(const torch_op *op, cg_value *a) {
    cg_scalar alpha_s = cg_scalar_float(SELU_ALPHA);
    int k = 1;
    bool in_place;
    if ((op->flag != TORCH_ACT_SELU && scalar_arg(op, "alpha", k++, a[1], &alpha_s) < 0)
        || in_place_arg(op, a, k, &in_place) < 0)
        return CG_ERR;
    double alpha = cg_scalar_to_double(alpha_s);
    if (op->flag == TORCH_ACT_CELU)
        return in_place ? torch_inplace_result(a[0], cg_celu_(T0, alpha)) : cg_tensor_steal(cg_celu(T0, alpha));
    double scale = op->flag == TORCH_ACT_SELU ? SELU_SCALE : 1.0;
    return in_place ? torch_inplace_result(a[0], cg_elu_(T0, alpha, scale, 1.0))
                    : cg_tensor_steal(cg_elu(T0, alpha, scale, 1.0));
}

/* silu, mish, hardsigmoid, hardswish (input, inplace=False) */
typedef cg_tensor *(*act_fn)(cg_tensor *);
typedef int (*act_fn_)(cg_tensor *);
static const struct {
    act_fn f;
    act_fn_ f_;
} plain[] = {{cg_silu, cg_silu_}, {cg_mish, cg_mish_}, {cg_hardsigmoid, cg_hardsigmoid_}, {cg_hardswish, cg_hardswish_}};
static cg_value act_plain(const torch_op *op, cg_value *a) {
    bool in_place;
    if (in_place_arg(op, a, 1, &in_place) < 0)
        return CG_ERR;
    return in_place ? torch_inplace_result(a[0], plain[op->flag].f_(T0)) : cg_tensor_steal(plain[op->flag].f(T0));
}

/* hardtanh(input, min_val=-1., max_val=1., inplace=False); relu6 (flag 1)
 * is hardtanh over [0, 6] */
static cg_value act_hardtanh(const torch_op *op, cg_value *a) {
    cg_scalar lo = cg_scalar_int(0), hi = cg_scalar_int(6);
    int k = 1;
    bool in_place;
    if (!op->flag && (scalar_arg(op, "min_val", 1, a[1], &lo) < 0 || scalar_arg(op, "max_val", 2, a[2], &hi) < 0))
        return CG_ERR;
    k = op->flag ? 1 : 3;
    if (in_place_arg(op, a, k, &in_place) < 0)
        return CG_ERR;
    return in_place ? torch_inplace_result(a[0], cg_hardtanh_(T0, lo, hi))
                    : cg_tensor_steal(cg_hardtanh(T0, lo, hi));
}

static cg_value fn_softplus(cg_value *a);
static cg_value fn_logsigmoid(cg_value *a) { return cg_tensor_steal(cg_log_sigmoid(T0)); }

static const torch_op softplus_op = {.name = "softplus"};
static cg_value fn_softplus(cg_value *a) {
    cg_scalar beta, threshold;
    if (scalar_arg(&softplus_op, "beta", 1, a[1], &beta) < 0
        || scalar_arg(&softplus_op, "threshold", 2, a[2], &threshold) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_softplus(T0, beta, threshold));
}

cg_value torch_act_shrink(const torch_op *op, cg_value *a) {
    cg_scalar lambd;
    if (scalar_arg(op, "lambd", 1, a[1], &lambd) < 0)
        return CG_ERR;
    return cg_tensor_steal(op->flag ? cg_softshrink(T0, lambd) : cg_hardshrink(T0, lambd));
}

cg_value torch_act_threshold(const torch_op *op, cg_value *a) {
    cg_scalar threshold, value;
    bool in_place;
    if (scalar_arg(op, "threshold", 1, a[1], &threshold) < 0 || scalar_arg(op, "value", 2, a[2], &value) < 0
        || in_place_arg(op, a, 3, &in_place) < 0)
        return CG_ERR;
    return in_place ? torch_inplace_result(a[0], cg_threshold_(T0, threshold, value))
                    : cg_tensor_steal(cg_threshold(T0, threshold, value));
}

static cg_value fn_glu(cg_value *a) {
    int64_t dim;
    if (torch_int_arg("glu", "dim", torch_pos(1), a[1], &dim) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_glu(T0, dim));
}

cg_value torch_act_prelu(const torch_op *op, cg_value *a) {
    cg_tensor *w = torch_tensor_arg_borrowed(op->name, "weight", torch_pos(1), a[1]);
    return w ? cg_tensor_steal(cg_prelu(T0, w)) : CG_ERR;
}

/* rrelu(input, lower, upper, training, then inplace (F) or generator (torch)) */
cg_value torch_act_rrelu(const torch_op *op, cg_value *a) {
    double lower, upper;
    bool training, in_place = torch_op_in_place(op), err = false;
    cg_rng *gen = NULL;
    if (torch_double_arg(op->name, "lower", torch_pos(1), a[1], &lower) < 0
        || torch_double_arg(op->name, "upper", torch_pos(2), a[2], &upper) < 0
        || torch_bool_arg(op->name, "training", torch_pos(3), a[3], &training) < 0)
        return CG_ERR;
    if (strstr(op->params, "generator"))
        gen = torch_generator_arg(op->name, a[4], &err);
    else if (in_place_arg(op, a, 4, &in_place) < 0)
        return CG_ERR;
    if (err)
        return CG_ERR;
    return result(a[0], in_place, in_place ? cg_rrelu_(T0, lower, upper, training, gen) : 0,
                  in_place ? NULL : cg_rrelu(T0, lower, upper, training, gen));
}

/* leaky_relu_(input, negative_slope=0.01) */
static cg_value fn_leaky_relu_(cg_value *a) {
    double slope;
    if (torch_double_arg("leaky_relu_", "negative_slope", torch_pos(1), a[1], &slope) < 0)
        return CG_ERR;
    return torch_inplace_result(a[0], cg_leaky_relu_(T0, slope));
}

#define F TORCH_FUNCTION
#define RRELU_ARGS "lower=0.125, upper=0.3333333333333333, training=False"
#define OPS(X)                                                                                                    \
    X(elu, "elu", "alpha=1.0, inplace=False", FAMILY(torch_act_elu, NULL, TORCH_ACT_ELU), F, NULL)               \
    X(elu_, "elu_", "alpha=1.", FAMILY(torch_act_elu, NULL, TORCH_ACT_ELU), F, NULL)                             \
    X(selu, "selu", "inplace=False", FAMILY(torch_act_elu, NULL, TORCH_ACT_SELU), F, NULL)                       \
    X(selu_, "selu_", "", FAMILY(torch_act_elu, NULL, TORCH_ACT_SELU), F, NULL)                                  \
    X(celu, "celu", "alpha=1.0, inplace=False", FAMILY(torch_act_elu, NULL, TORCH_ACT_CELU), F, NULL)            \
    X(celu_, "celu_", "alpha=1.", FAMILY(torch_act_elu, NULL, TORCH_ACT_CELU), F, NULL)                          \
    X(silu, "silu", "inplace=False", FAMILY(act_plain, NULL, 0), F, NULL)                                        \
    X(mish, "mish", "inplace=False", FAMILY(act_plain, NULL, 1), F, NULL)                                        \
    X(hardsigmoid, "hardsigmoid", "inplace=False", FAMILY(act_plain, NULL, 2), F, NULL)                          \
    X(hardswish, "hardswish", "inplace=False", FAMILY(act_plain, NULL, 3), F, NULL)                              \
    X(hardtanh, "hardtanh", "min_val=-1.0, max_val=1.0, inplace=False", FAMILY(act_hardtanh, NULL, 0), F, NULL)  \
    X(hardtanh_, "hardtanh_", "min_val=-1.0, max_val=1.0", FAMILY(act_hardtanh, NULL, 0), F, NULL)               \
    X(relu6, "relu6", "inplace=False", FAMILY(act_hardtanh, NULL, 1), F, NULL)                                   \
    X(softplus, "softplus", "beta=1, threshold=20", IMPL(fn_softplus), F, NULL)                                  \
    X(softshrink, "softshrink", "lambd=0.5", FAMILY(torch_act_shrink, NULL, 1), F, NULL)                         \
    X(hardshrink, "hardshrink", "lambd=0.5", FAMILY(torch_act_shrink, NULL, 0), F, NULL)                         \
    X(logsigmoid, "logsigmoid", "", IMPL(fn_logsigmoid), F, NULL)                                                \
    X(threshold, "threshold", "threshold, value, inplace=False", FAMILY(torch_act_threshold, NULL, 0), F, NULL)  \
    X(threshold_, "threshold_", "threshold, value", FAMILY(torch_act_threshold, NULL, 0), F, NULL)               \
    X(glu, "glu", "dim=-1", IMPL(fn_glu), F, NULL)                                                               \
    X(prelu, "prelu", "weight", FAMILY(torch_act_prelu, NULL, 0), F, NULL)                                       \
    X(rrelu, "rrelu", RRELU_ARGS ", inplace=False", FAMILY(torch_act_rrelu, NULL, 0), F, NULL)                   \
    X(rrelu_, "rrelu_", RRELU_ARGS, FAMILY(torch_act_rrelu, NULL, 0), F, NULL)                                   \
    X(leaky_relu_, "leaky_relu_", "negative_slope=0.01", IMPL(fn_leaky_relu_), F, NULL)

#define TORCH_TAB functional_activation_ops
TORCH_OP_TABLE(OPS)

int cg_torch_functional_activation_add(cg_value module) {
    if (torch_ops_prepare(functional_activation_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *defs = torch_ops_defs(functional_activation_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    return defs ? cg_module_add_methods(module, defs) : -1;
}
