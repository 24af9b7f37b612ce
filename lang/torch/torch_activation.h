/* torch_activation.h: the adapters of the activation ops (Note [Op rows]
 * in torch_args.h), shared by the rows of torch.nn.functional
 * (torch_functional_activation.c) and of torch and Tensor
 * (torch_activation.c). Each reads its row's parameters in order after
 * the tensor; a row whose name ends in one underscore, or whose `inplace`
 * argument is true, works in place. */
#ifndef CG_TORCH_ACTIVATION_H
#define CG_TORCH_ACTIVATION_H

#include "torch/torch_args.h"

/* the flag of torch_act_elu's rows */
enum { TORCH_ACT_ELU, TORCH_ACT_SELU, TORCH_ACT_CELU };
cg_value torch_act_elu(const torch_op *op, cg_value *a);
/* threshold, value[, inplace] */
cg_value torch_act_threshold(const torch_op *op, cg_value *a);
/* lambd: flag 0 hardshrink, 1 softshrink */
cg_value torch_act_shrink(const torch_op *op, cg_value *a);
/* weight */
cg_value torch_act_prelu(const torch_op *op, cg_value *a);
/* lower, upper, training[, inplace | generator] */
cg_value torch_act_rrelu(const torch_op *op, cg_value *a);
/* Adds torch's activation functions and Tensor's methods (torch_activation.c) */
int torch_activation_ops_add(cg_value module, cg_type *tensor_type);
/* Adds torch.nn.functional's (torch_functional_activation.c) */
int cg_torch_functional_activation_add(cg_value module);

#endif
