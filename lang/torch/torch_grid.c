/* torch_grid.c: torch.grid_sampler and torch.affine_grid_generator, and
 * torch.nn.functional's private _fractional_max_pool2d/3d (PyTorch's
 * torch._C._nn.fractional_max_pool2d/3d), over the engine's ops_grid.h.
 * F.grid_sample, F.affine_grid and F.fractional_max_pool* are composites
 * in lang/prelude (torch/nn/_functional.py) that call these. */
#include <string.h>

#include "runtime/module.h"
#include "torch/torch_args.h"
#include "torch/torch_module.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* grid_sampler(input, grid, interpolation_mode, padding_mode, align_corners) */
static cg_value fn_grid_sampler(cg_value *a) {
    const char *fn = "grid_sampler";
    cg_tensor *grid = torch_tensor_arg_borrowed(fn, "grid", 2, a[1]);
    int64_t interp, padding;
    bool align;
    if (!grid || torch_int_arg(fn, "interpolation_mode", 3, a[2], &interp) < 0
        || torch_int_arg(fn, "padding_mode", 4, a[3], &padding) < 0
        || torch_bool_arg(fn, "align_corners", 5, a[4], &align) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_grid_sampler(T0, grid, interp, padding, align));
}

/* affine_grid_generator(theta, size, align_corners) */
static cg_value fn_affine_grid_generator(cg_value *a) {
    const char *fn = "affine_grid_generator";
    int64_t size[CG_MAX_DIMS];
    int n;
    bool align;
    if (torch_shape_of(fn, "size", 2, a[1], &n, size) < 0 || torch_bool_arg(fn, "align_corners", 3, a[2], &align) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_affine_grid_generator(T0, n, size, align));
}

#define F TORCH_FUNCTION
#define OPS(X)                                                                                           \
    X(grid_sampler, "grid_sampler", "grid, interpolation_mode, padding_mode, align_corners",                   \
      IMPL(fn_grid_sampler), F, NULL)                                                                          \
    X(affine_grid_generator, "affine_grid_generator", "size, align_corners", IMPL(fn_affine_grid_generator), F, \
      "theta")

#define TORCH_TAB grid_ops
TORCH_OP_TABLE(OPS)

int torch_grid_add(cg_value module) {
    if (torch_ops_prepare(grid_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *defs = torch_ops_defs(grid_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    return defs ? cg_module_add_methods(module, defs) : -1;
}
