/* torch_linalg_old.c: torch.inverse, det, logdet and slogdet, the names
 * PyTorch 1.13 keeps beside torch.linalg's (torch_linalg.c), as functions
 * and Tensor methods: inverse is linalg.inv, det linalg.det, slogdet
 * linalg.slogdet as torch.return_types.slogdet; logdet the composite
 * PyTorch makes of slogdet (nan where the sign is negative). */
#include <math.h>

#include "runtime/module.h"
#include "torch/torch_args.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* logdet: log|det| where the sign is not negative, else nan (WhereBackward0) */
static cg_tensor *logdet(cg_tensor *A) {
    cg_tensor *s, *l;
    if (cg_linalg_slogdet(A, &s, &l) < 0)
        return NULL;
    cg_tensor *zero = cg_zeros(0, NULL, s->dtype, cg_tensor_device(s)), *neg = zero ? cg_lt(s, zero) : NULL;
    cg_tensor *nan = neg ? cg_full(0, NULL, cg_scalar_float(NAN), s->dtype, cg_tensor_device(s)) : NULL;
    cg_tensor *out = nan ? cg_where(neg, nan, l) : NULL;
    cg_tensor_release(s), cg_tensor_release(l), cg_tensor_release(zero), cg_tensor_release(neg), cg_tensor_release(nan);
    return out;
}
static cg_value fn_slogdet(cg_value *a) {
    cg_tensor *s, *l;
    if (cg_linalg_slogdet(T0, &s, &l) < 0)
        return torch_raise();
    return torch_return_pair("slogdet", cg_tensor_steal(s), cg_tensor_steal(l));
}

#define OLD_OPS(X)                                                                                               \
    X(inverse, "inverse", "", UNARY(cg_linalg_inv), TORCH_BOTH, NULL)                                            \
    X(det, "det", "", UNARY(cg_linalg_det), TORCH_BOTH, NULL)                                                    \
    X(logdet, "logdet", "", UNARY(logdet), TORCH_BOTH, NULL)                                                     \
    X(slogdet, "slogdet", "", IMPL(fn_slogdet), TORCH_BOTH, NULL)

#define TORCH_TAB old_linalg_ops
TORCH_OP_TABLE(OLD_OPS)

int torch_linalg_old_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(old_linalg_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(old_linalg_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(old_linalg_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
