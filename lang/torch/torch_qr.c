/* torch_qr.c: torch.qr(input, some=True) and Tensor.qr, PyTorch 1.13's
 * deprecated spelling of torch.linalg.qr (torch_linalg.c): the warning
 * PyTorch gives once, then linalg.qr in mode 'reduced' (some) or
 * 'complete', as torch.return_types.qr. */
#include "runtime/module.h"
#include "torch/torch_args.h"

#define T0 cg_tensor_of_borrowed(a[0])

static const char deprecated[] =
    "torch.qr is deprecated in favor of torch.linalg.qr and will be removed in a future PyTorch release.\n"
    "The boolean parameter 'some' has been replaced with a string parameter 'mode'.\n"
    "Q, R = torch.qr(A, some)\n"
    "should be replaced with\n"
    "Q, R = torch.linalg.qr(A, 'reduced' if some else 'complete') (Triggered internally at  "
    "./aten/src/ATen/native/BatchLinearAlgebra.cpp:2349.)";

/* qr(some=True) */
static cg_value fn_qr(cg_value *a) {
    bool some;
    if (torch_bool_arg("qr", "some", torch_pos(0), a[1], &some) < 0 || torch_warn_once("UserWarning", deprecated) < 0)
        return CG_ERR;
    return torch_qr_pair("qr", T0, some ? CG_QR_REDUCED : CG_QR_COMPLETE);
}

#define OPS(X) X(qr, "qr", "some=True", IMPL(fn_qr), TORCH_BOTH, NULL)

#define TORCH_TAB qr_ops
TORCH_OP_TABLE(OPS)

int torch_qr_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(qr_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(qr_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(qr_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
