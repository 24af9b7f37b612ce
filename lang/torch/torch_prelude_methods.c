/* torch_prelude_methods.c: Tensor methods whose work a prelude function
 * does (x.cov() is torch.cov(x), written in the cell language as
 * PyTorch's composite is in C++): each method imports its function on
 * first use and calls it with self first. The Tensor type takes only C
 * methods, so these are the bridge. */
#include "runtime/module.h"
#include "torch/torch_args.h"

/* fn(self, *args, **kwargs) for module.name */
static cg_value forward(cg_value self, const cg_args *a, const char *module, const char *name) {
    cg_value fn = cg_import_attr(module, name);
    if (cg_is_err(fn))
        return fn;
    cg_value pos[16];
    if (a->npos + 1 > (int)(sizeof pos / sizeof pos[0])) {
        cg_decref(fn);
        return cg_raise(&cg_exc_TypeError, "%s() takes at most %d positional arguments", name,
                        (int)(sizeof pos / sizeof pos[0]) - 1);
    }
    pos[0] = self;
    for (int i = 0; i < a->npos; i++)
        pos[i + 1] = a->pos[i];
    cg_args call = {pos, a->npos + 1, a->kwn, a->kwv, a->nkw};
    cg_value r = cg_call(fn, &call);
    cg_decref(fn);
    return r;
}

#define PRELUDE_METHODS(X)                 \
    X(cov, "torch._correlation")           \
    X(corrcoef, "torch._correlation")      \
    X(quantile, "torch._quantile")         \
    X(nanquantile, "torch._quantile")      \
    X(unique, "torch._set_ops")            \
    X(unique_consecutive, "torch._set_ops") \
    X(bincount, "torch._set_ops")          \
    X(argwhere, "torch._set_ops")          \
    X(new_empty_strided, "torch._empty_strided") \
    X(lu, "torch._tensor_lu")                   \
    X(narrow_copy, "torch._tensor_misc")         \
    X(is_inference, "torch._tensor_misc")

#define FORWARDER(name, module) \
    static cg_value m_##name(cg_value self, const cg_args *a) { return forward(self, a, module, #name); }
PRELUDE_METHODS(FORWARDER)
#undef FORWARDER

#define DEF(name, module) {#name, m_##name, NULL, NULL},
static const cg_method_def methods[] = {PRELUDE_METHODS(DEF){NULL, NULL, NULL, NULL}};
#undef DEF

int torch_prelude_methods_add(cg_type *tensor_type) { return cg_type_add_methods(tensor_type, methods); }
