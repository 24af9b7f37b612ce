/* config.c: the one place that names every built-in module and every
 * builtin a module adds (as CPython's Modules/config.c).
 *
 * The runtime keeps the registry (runtime/modules.c, runtime/builtins.c)
 * and reads these tables; it never calls up into a room above it. Adding
 * a module written in C is a row here and its maker in its room. Modules
 * written in Python (prelude/) need no row: the build embeds them. */
#include "rich/display_module.h"
#include "rich/graph_module.h"
#include "rich/memory_module.h"
#include "rich/plot_module.h"
#include "runtime/builtins.h"
#include "runtime/bytes.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "numpy/numpy_module.h"
#include "services/services.h"
#include "stdlib/stdlib.h"
#include "torch/torch_module.h"

const cg_module_entry cg_config_modules[] = {
    {"sys", cg_sys_full_module_init},
    {"builtins", cg_builtins_module_init},
    {"math", cg_math_module_init},
    {"cmath", cg_cmath_module_init},
    {"unicodedata", cg_unicodedata_module_init},
    {"time", cg_time_module_init},
    {"random", cg_random_module_init},
    {"gc", cg_gc_module_init},
    {"_thread", cg_thread_module_init},
    {"_weakref", cg_weakref_native_module_init},
    {"_cgrad", cg_cgrad_module_init},
    {"_warnings", cg_warnings_native_module_init},
    {"_csv", cg_csv_native_module_init},
    {"_collections", cg_collections_native_module_init},
    {"_io", cg_io_native_module_init},
    {"_json", cg_json_native_module_init},
    {"_pickle", cg_pickle_native_module_init},
    {"_struct", cg_struct_native_module_init},
    {"_re", cg_re_native_module_init},
    {"_ast", cg_ast_native_module_init},
    {"array", cg_array_module_init},
    {"posix", cg_posix_module_init},
    {"errno", cg_errno_module_init},
    {"_binascii", cg_binascii_native_module_init},
    {"zlib", cg_zlib_module_init},
    {"_hashlib", cg_hashlib_native_module_init},
    {"_graph", cg_graph_module_init},
    {"_plot", cg_plot_module_init},
    {"_memory", cg_memory_module_init},
    {"torch", cg_torch_module_init},
    {"torch.autograd", cg_torch_autograd_module_init},
    {"torch.autograd.function", cg_torch_autograd_function_module_init},
    {"torch.cuda", cg_torch_cuda_module_init},
    {"torch.cuda.memory", cg_torch_cuda_memory_module_init},
    {"torch.nn.functional", cg_torch_functional_module_init},
    {"torch.linalg", cg_torch_linalg_module_init},
    {"numpy._lapack", cg_numpy_lapack_module_init},
    {"numpy._umath", cg_numpy_umath_module_init},
    {"numpy._bitgen", cg_numpy_bitgen_module_init},
    {"numpy._random", cg_numpy_random_module_init},
    {"numpy._fast", cg_numpy_fast_module_init},
    {NULL, NULL},
};

/* In this order after Python's own builtins (runtime/builtins.c). */
const cg_builtins_adder cg_config_builtins[] = {
    cg_bytes_builtins_init,
    cg_display_builtins_init,
    cg_plot_builtins_init,
    cg_memory_builtins_init,
    cg_help_builtins_init,
    NULL,
};
