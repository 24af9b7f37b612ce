/* torch_activation.c: the activations PyTorch 1.13 exposes on torch and
 * Tensor themselves (torch.selu, torch.celu_, torch.rrelu, torch.threshold,
 * torch.prelu, Tensor.hardshrink, torch.relu_, ...), over the adapters of
 * torch_functional_activation.c. */
#include "runtime/module.h"
#include "torch/torch_activation.h"
#include "torch/torch_args.h"

#define M TORCH_METHOD
#define F TORCH_FUNCTION
#define B TORCH_BOTH
#define RRELU_ARGS "lower=0.125, upper=0.3333333333333333, training=False, generator=None"
#define OPS(X)                                                                                         \
    X(selu, "selu", "", FAMILY(torch_act_elu, NULL, TORCH_ACT_SELU), F, NULL)                          \
    X(selu_, "selu_", "", FAMILY(torch_act_elu, NULL, TORCH_ACT_SELU), F, NULL)                        \
    X(celu, "celu", "alpha=1.0", FAMILY(torch_act_elu, NULL, TORCH_ACT_CELU), F, NULL)                 \
    X(celu_, "celu_", "alpha=1.0", FAMILY(torch_act_elu, NULL, TORCH_ACT_CELU), F, NULL)               \
    X(threshold, "threshold", "threshold, value", FAMILY(torch_act_threshold, NULL, 0), F, NULL)       \
    X(threshold_, "threshold_", "threshold, value", FAMILY(torch_act_threshold, NULL, 0), F, NULL)     \
    X(hardshrink, "hardshrink", "lambd=0.5", FAMILY(torch_act_shrink, NULL, 0), B, NULL)               \
    X(prelu, "prelu", "weight", FAMILY(torch_act_prelu, NULL, 0), B, NULL)                             \
    X(rrelu, "rrelu", RRELU_ARGS, FAMILY(torch_act_rrelu, NULL, 0), F, NULL)                           \
    X(rrelu_, "rrelu_", RRELU_ARGS, FAMILY(torch_act_rrelu, NULL, 0), F, NULL)                         \
    X(relu_, "relu_", "", UNARY_(cg_relu_), F, NULL)                                                   \
    X(sigmoid_, "sigmoid_", "", UNARY_(cg_sigmoid_), F, NULL)

#define TORCH_TAB activation_ops
TORCH_OP_TABLE(OPS)

int torch_activation_ops_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(activation_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(activation_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(activation_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
