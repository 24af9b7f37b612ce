/* torch_as_strided.c: Tensor.as_strided(size, stride, storage_offset=None)
 * and torch.as_strided (engine/as_strided.c), and torch._view_copy, the
 * step the prelude's view copies (torch/_view_copies.py) end with. */
#include "ops.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

#define T0 cg_tensor_of_borrowed(a[0])

static cg_value op_as_strided(cg_value *a) {
    int nsize, nstride;
    int64_t sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS], offset;
    if (torch_shape_of("as_strided", "size", torch_pos(1), a[1], &nsize, sizes) < 0
        || torch_shape_of("as_strided", "stride", torch_pos(2), a[2], &nstride, strides) < 0
        || (!cg_is_none(a[3]) && torch_int_arg("as_strided", "storage_offset", torch_pos(3), a[3], &offset) < 0))
        return CG_ERR;
    if (nsize != nstride)
        return cg_raise(&cg_exc_RuntimeError, "mismatch in length of strides and shape");
    return cg_tensor_steal(cg_as_strided(T0, nsize, sizes, strides, cg_is_none(a[3]) ? NULL : &offset));
}

/* _view_copy(view): see cg_view_copy_of */
static cg_value op_view_copy(cg_value *a) { return cg_tensor_steal(cg_view_copy_of(T0)); }

#define OPS(X)                                                                                                  \
    X(as_strided, "as_strided", "size, stride, storage_offset=None", IMPL(op_as_strided), TORCH_BOTH, NULL) \
    X(_view_copy, "_view_copy", "", IMPL(op_view_copy), TORCH_FUNCTION, NULL)

#define TORCH_TAB as_strided_ops
TORCH_OP_TABLE(OPS)

int torch_as_strided_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(as_strided_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(as_strided_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(as_strided_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
