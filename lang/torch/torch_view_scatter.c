/* torch_view_scatter.c: select_scatter, slice_scatter and diagonal_scatter
 * as torch functions and Tensor methods (engine/view_scatter.c). */
#include "ops.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

#define T0 cg_tensor_of_borrowed(a[0])

static cg_tensor *src_arg(const char *fn, cg_value v) {
    return torch_tensor_arg_borrowed(fn, "src", torch_pos(1), v);
}

static cg_value op_select_scatter(cg_value *a) {
    cg_tensor *src = src_arg("select_scatter", a[1]);
    int64_t dim, index;
    if (!src || torch_int_arg("select_scatter", "dim", torch_pos(2), a[2], &dim) < 0
        || torch_int_arg("select_scatter", "index", torch_pos(3), a[3], &index) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_select_scatter(T0, src, dim, index));
}

/* start=None is 0, end=None the dim's size */
static cg_value op_slice_scatter(cg_value *a) {
    cg_tensor *x = T0, *src = src_arg("slice_scatter", a[1]);
    int64_t dim, start = 0, end = INT64_MAX, step;
    if (!src || torch_int_arg("slice_scatter", "dim", torch_pos(2), a[2], &dim) < 0
        || (!cg_is_none(a[3]) && torch_int_arg("slice_scatter", "start", torch_pos(3), a[3], &start) < 0)
        || (!cg_is_none(a[4]) && torch_int_arg("slice_scatter", "end", torch_pos(4), a[4], &end) < 0)
        || torch_int_arg("slice_scatter", "step", torch_pos(5), a[5], &step) < 0)
        return CG_ERR;
    int d = cg_wrap_dim(dim, x->ndim);
    if (d < 0)
        return torch_raise();
    if (end == INT64_MAX)
        end = x->sizes[d];
    return cg_tensor_steal(cg_slice_scatter(x, src, d, start, end, step));
}

static cg_value op_diagonal_scatter(cg_value *a) {
    cg_tensor *src = src_arg("diagonal_scatter", a[1]);
    int64_t offset, dim1, dim2;
    if (!src || torch_int_arg("diagonal_scatter", "offset", torch_pos(2), a[2], &offset) < 0
        || torch_int_arg("diagonal_scatter", "dim1", torch_pos(3), a[3], &dim1) < 0
        || torch_int_arg("diagonal_scatter", "dim2", torch_pos(4), a[4], &dim2) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_diagonal_scatter(T0, src, offset, dim1, dim2));
}

#define OPS(X)                                                                                                    \
    X(select_scatter, "select_scatter", "src, dim, index", IMPL(op_select_scatter), TORCH_BOTH, NULL)            \
    X(slice_scatter, "slice_scatter", "src, dim=0, start=None, end=None, step=1", IMPL(op_slice_scatter),        \
      TORCH_BOTH, NULL)                                                                                           \
    X(diagonal_scatter, "diagonal_scatter", "src, offset=0, dim1=0, dim2=1", IMPL(op_diagonal_scatter),          \
      TORCH_BOTH, NULL)

#define TORCH_TAB view_scatter_ops
TORCH_OP_TABLE(OPS)

int torch_view_scatter_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(view_scatter_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(view_scatter_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(view_scatter_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
