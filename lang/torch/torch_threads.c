/* torch_threads.c: torch.set_num_threads / get_num_threads and the
 * interop pair. The engine's thread count decides how reductions split
 * their work, and so their last bits (Note [Reductions in PyTorch's order]
 * in engine/sum_order.h): a program that sets PyTorch's count gets PyTorch's
 * numbers for it. */
#include "iter.h"
#include "runtime/bigint.h"
#include "runtime/exc.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

/* PyTorch's one positional argument: an int (not a bool), positive. */
static int positive_int(const char *fn, const cg_args *args, int64_t *out) {
    static const cg_method_def defs[] = {{"set_num_threads", NULL, "set_num_threads(int)", NULL},
                                         {"set_num_interop_threads", NULL, "set_num_interop_threads(int)", NULL}};
    if (args->npos + args->nkw != 1) { /* PyTorch's binding takes one positional or keyword argument */
        cg_raise(&cg_exc_TypeError, "torch.%s() takes exactly one argument (%d given)", fn, args->npos + args->nkw);
        return -1;
    }
    cg_value a[1];
    if (cg_args_bind(&defs[fn[8] == 'i'], args, a, 1) < 0)
        return -1;
    cg_value v = a[0];
    int rc = 0;
    if (v.tag != CG_V_INT && !cg_is_bigint(v)) {
        cg_raise(&cg_exc_RuntimeError, "%s expects an int, but got %s", fn, cg_type_name(v));
        rc = -1;
    } else if (v.tag != CG_V_INT || v.u.i <= 0 || v.u.i > 1 << 20) {
        cg_raise(&cg_exc_RuntimeError, "%s expects a positive integer", fn);
        rc = -1;
    } else {
        *out = v.u.i;
    }
    cg_decref(v);
    return rc;
}

static cg_value fn_set_num_threads(cg_value self, const cg_args *args) {
    int64_t n;
    if (positive_int("set_num_threads", args, &n) < 0)
        return CG_ERR;
    cg_set_num_threads((int)n);
    return CG_NONE;
}

static cg_value fn_get_num_threads(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"get_num_threads", NULL, "get_num_threads()", NULL};
    if (cg_args_bind(&def, args, NULL, 0) < 0)
        return CG_ERR;
    return cg_int(cg_get_num_threads());
}

/* The engine has no inter-op pool; the count is kept for the getter, and
 * may be set once, as in PyTorch. */
static int64_t interop_threads = 0;

static cg_value fn_set_num_interop_threads(cg_value self, const cg_args *args) {
    int64_t n;
    if (positive_int("set_num_interop_threads", args, &n) < 0)
        return CG_ERR;
    if (interop_threads)
        return cg_raise(&cg_exc_RuntimeError, "Error: cannot set number of interop threads after parallel work has "
                                              "started or set_num_interop_threads called");
    interop_threads = n;
    return CG_NONE;
}

static cg_value fn_get_num_interop_threads(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"get_num_interop_threads", NULL, "get_num_interop_threads()", NULL};
    if (cg_args_bind(&def, args, NULL, 0) < 0)
        return CG_ERR;
    /* PyTorch's inter-op pool starts at the core count, whatever the
     * environment says */
    return cg_int(interop_threads ? interop_threads : cg_core_count());
}

static const cg_method_def functions[] = {
    {"set_num_threads", fn_set_num_threads, NULL, "Sets the number of threads used for intraop parallelism on CPU."},
    {"get_num_threads", fn_get_num_threads, NULL,
     "Returns the number of threads used for parallelizing CPU operations"},
    {"set_num_interop_threads", fn_set_num_interop_threads, NULL,
     "Sets the number of threads used for interop parallelism (e.g. in JIT interpreter) on CPU."},
    {"get_num_interop_threads", fn_get_num_interop_threads, NULL,
     "Returns the number of threads used for inter-op parallelism on CPU (e.g. in JIT interpreter)"},
    {NULL, NULL, NULL, NULL},
};

int torch_threads_add(cg_value torch) { return cg_module_add_methods(torch, functions); }
