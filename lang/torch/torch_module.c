/* torch_module.c: the `torch` module: the Tensor type and the small types
 * (Size, dtype, device, Generator), the dtypes, every function of
 * torch_tensor_methods.c, torch_creation.c, torch_ops.c and
 * torch_autograd.c, torch_qr.c, and the torch.autograd, torch.cuda and
 * torch.linalg submodules.
 * modules.c makes it once and keeps it: `import torch` twice is one module. */
#include <stdint.h>

#include "long_op.h"
#include "runtime/gil.h"
#include "runtime/module.h"
#include "torch/torch_args.h"
#include "torch/torch_activation.h"
#include "torch/torch_module.h"

/* The types and their method tables, before any tensor exists. */
static int types_init(void) {
    if (cg_tensor_type_init() < 0 || torch_size_init() < 0 || torch_return_types_init() < 0 || torch_node_init() < 0)
        return -1;
    return 0;
}

/* torch.<name> is the module `import torch.<name>` gives. */
static int add_submodule(cg_value torch, const char *name, const char *full) {
    cg_value m = cg_import(full);
    if (cg_is_err(m))
        return -1;
    int rc = cg_module_add(torch, name, m);
    cg_decref(m);
    return rc;
}

static int torch_fill(cg_value m) {
    if (types_init() < 0 || torch_tensor_functions_add(m) < 0 || torch_creation_add(m) < 0
        || torch_ops_add(m, &cg_type_tensor) < 0 || torch_activation_ops_add(m, &cg_type_tensor) < 0 || torch_autograd_add(m) < 0 || torch_dtype_add_all(m) < 0
        || torch_matmul_precision_add(m) < 0 || torch_threads_add(m) < 0 || torch_numpy_add(m) < 0
        || torch_finfo_add(m) < 0 || torch_memory_format_add_all(m) < 0
        || torch_storage_add(m) < 0
        || torch_layout_add_all(m) < 0
        || torch_constants_add(m) < 0
        || torch_legacy_new_add(m) < 0
        || torch_apply_add(&cg_type_tensor) < 0
        || torch_scalar_overloads_add(m) < 0
        || torch_prelude_methods_add(&cg_type_tensor) < 0
        || torch_sort_add(m, &cg_type_tensor) < 0
        || torch_loss_composites_add(m) < 0
        || torch_unflatten_add(m, &cg_type_tensor) < 0
        || torch_as_strided_add(m, &cg_type_tensor) < 0
        || torch_view_scatter_add(m, &cg_type_tensor) < 0
        || torch_stacking_add(m, &cg_type_tensor) < 0
        || torch_matrix_parts_add(m, &cg_type_tensor) < 0
        || torch_cumulative_add(m, &cg_type_tensor) < 0
        || torch_index_search_add(m, &cg_type_tensor) < 0
        || torch_tensordot_add(m, &cg_type_tensor) < 0
        || torch_shuffle_add(m) < 0
        || torch_conv_add(m) < 0
        || torch_embedding_add(m) < 0
        || torch_grid_add(m) < 0
        || torch_qr_add(m, &cg_type_tensor) < 0 || torch_linalg_old_add(m, &cg_type_tensor) < 0
        || torch_rounding_add(m, &cg_type_tensor) < 0
        || torch_float_math_add(m, &cg_type_tensor) < 0
        || torch_special_math_add(m, &cg_type_tensor) < 0
        || torch_special_fns_add(m, &cg_type_tensor) < 0
        || torch_prelude_names_add(m) < 0)
        return -1;
    if (cg_module_add(m, "Tensor", cg_obj_value(&cg_type_tensor)) < 0
        || cg_module_add(m, "Size", cg_obj_value(&cg_type_torch_size)) < 0
        || cg_module_add(m, "device", cg_obj_value(&cg_type_torch_device)) < 0)
        return -1;
    cg_value version = cg_str_from_c("1.13.0");
    int rc = cg_is_err(version) ? -1 : cg_module_add(m, "__version__", version);
    cg_decref(version);
    if (rc < 0)
        return -1;
    return add_submodule(m, "autograd", "torch.autograd") < 0 || add_submodule(m, "cuda", "torch.cuda") < 0
                   || add_submodule(m, "linalg", "torch.linalg") < 0
               ? -1
               : 0;
}

/* A long engine kernel (a big matmul) lets the interpreter lock go, as
 * PyTorch's ops drop the GIL (engine/long_op.h). */
static void *release_interpreter(void) { return (void *)(uintptr_t)cg_gil_unlock(); }
static void reacquire_interpreter(void *token) { cg_gil_relock((bool)(uintptr_t)token); }

cg_value cg_torch_module_init(void) {
    cg_long_op_set_hooks((cg_long_op_hooks){release_interpreter, reacquire_interpreter});
    cg_value m = cg_module_new("torch");
    if (cg_is_err(m))
        return m;
    if (torch_fill(m) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
