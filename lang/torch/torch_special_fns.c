/* torch_special_fns.c: the bindings of the rest of torch.special's
 * functions: i0 (torch.i0, Tensor.i0, i0_) and, under private names that
 * lang/prelude/torch/special.py calls, i0e, i1, i1e. */
#include "ops.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

#define M TORCH_METHOD
#define F TORCH_FUNCTION
#define B TORCH_BOTH
#define OPS(X)                                                                 \
    X(i0, "i0", "", UNARY(cg_i0), B, NULL)                                     \
    X(i0_, "i0_", "", UNARY_(cg_i0_), B, NULL)                                 \
    X(_special_i0e, "_special_i0e", "", UNARY(cg_special_i0e), F, NULL)        \
    X(_special_i1, "_special_i1", "", UNARY(cg_special_i1), F, NULL)           \
    X(_special_i1e, "_special_i1e", "", UNARY(cg_special_i1e), F, NULL)

#define TORCH_TAB special_fns_ops
TORCH_OP_TABLE(OPS)

int torch_special_fns_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(special_fns_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(special_fns_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(special_fns_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
