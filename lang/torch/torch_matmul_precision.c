/* torch_matmul_precision.c: torch.set_float32_matmul_precision and
 * torch.get_float32_matmul_precision, the setting behind
 * torch.backends.cuda.matmul.allow_tf32 (prelude/torch/backends/cuda.py).
 * The engine keeps it (ops_linalg.h); CUDA's products read it. */
#include <stdio.h>
#include <string.h>

#include "runtime/exc.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

static const char *const names[] = {"highest", "high", "medium"};

/* set_float32_matmul_precision(precision): one of the three names, exactly
 * (PyTorch's lower-casing retry never matches: it writes into an empty
 * string); anything else warns and changes nothing */
static cg_value fn_set(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"set_float32_matmul_precision", NULL, "set_float32_matmul_precision(precision)",
                                      NULL};
    cg_value a[1];
    if (cg_args_bind(&def, args, a, 1) < 0)
        return CG_ERR;
    if (!cg_is_str(a[0])) {
        cg_value e = cg_raise(&cg_exc_RuntimeError, "set_float32_matmul_precision expects a str, but got %s",
                              cg_type_name(a[0]));
        cg_decref(a[0]);
        return e;
    }
    const char *s = cg_str_cstr(a[0]);
    int found = -1;
    for (int i = 0; i < 3; i++)
        if (strcmp(s, names[i]) == 0)
            found = i;
    if (found >= 0) {
        cg_set_float32_matmul_precision((cg_matmul_precision)found);
    } else {
        char msg[512];
        snprintf(msg, sizeof msg,
                 "%.200s is not one of 'highest', 'high', or 'medium'; the currentsetFloat32MatmulPrecision call "
                 "has no effect.",
                 s);
        if (torch_warn("UserWarning", msg) < 0) {
            cg_decref(a[0]);
            return CG_ERR;
        }
    }
    cg_decref(a[0]);
    return CG_NONE;
}

static cg_value fn_get(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"get_float32_matmul_precision", NULL, "get_float32_matmul_precision()", NULL};
    if (cg_args_bind(&def, args, NULL, 0) < 0)
        return CG_ERR;
    return cg_str_from_c(names[cg_float32_matmul_precision()]);
}

static const cg_method_def functions[] = {
    {"set_float32_matmul_precision", fn_set, NULL, NULL},
    {"get_float32_matmul_precision", fn_get, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

int torch_matmul_precision_add(cg_value torch) { return cg_module_add_methods(torch, functions); }
