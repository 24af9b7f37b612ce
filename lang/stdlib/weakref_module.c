/* weakref_module.c: `_weakref`, the C half of the weakref module (the
 * rest, WeakValueDictionary and friends, is prelude/weakref.py): the ref
 * type and counting an object's weak references (runtime/weakref.h). */
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "runtime/weakref.h"
#include "stdlib/stdlib.h"

enum { W_COUNT, W_REFS, W_N };
static const cg_method_def weakref_defs[];

static cg_value w_count(cg_value self, const cg_args *a) {
    cg_value obj;
    if (cg_args_bind(&weakref_defs[W_COUNT], a, &obj, 1) < 0)
        return CG_ERR;
    int64_t n = cg_weakref_count(obj);
    cg_decref(obj);
    return cg_int(n);
}

static cg_value w_refs(cg_value self, const cg_args *a) {
    cg_value obj;
    if (cg_args_bind(&weakref_defs[W_REFS], a, &obj, 1) < 0)
        return CG_ERR;
    cg_value r = cg_weakref_list(obj);
    cg_decref(obj);
    return r;
}

static const cg_method_def weakref_defs[] = {
    [W_COUNT] = {"getweakrefcount", w_count, "getweakrefcount(object, /)",
                 "Return the number of weak references to 'object'."},
    [W_REFS] = {"getweakrefs", w_refs, "getweakrefs(object, /)",
                "Return a list of all weak reference objects pointing to 'object'."},
    [W_N] = {NULL, NULL, NULL, NULL},
};

cg_value cg_weakref_native_module_init(void) {
    cg_value m = cg_module_of("_weakref", weakref_defs);
    if (cg_is_err(m))
        return m;
    if (cg_module_add(m, "ref", cg_obj_value(&cg_type_weakref)) < 0
        || cg_module_add(m, "ReferenceType", cg_obj_value(&cg_type_weakref)) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
