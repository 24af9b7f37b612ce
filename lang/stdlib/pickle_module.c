/* pickle_module.c: `_pickle`, the C half of pickle (the rest, Pickler,
 * Unpickler, dumps and loads, is prelude/pickle.py): the pickler
 * (pickle_dump.c) and the unpickler (pickle_load.c), bound here. */
#include "runtime/exc.h"
#include "runtime/module.h"
#include "stdlib/pickle.h"
#include "stdlib/stdlib.h"

enum { P_DUMP, P_LOAD, P_N };
static const cg_method_def pickle_defs[];

static cg_value bound(int which, int n, const cg_args *a, cg_value (*fn)(cg_value *)) {
    cg_value v[8];
    if (cg_args_bind(&pickle_defs[which], a, v, n) < 0)
        return CG_ERR;
    cg_value r = fn(v);
    cg_args_release(&pickle_defs[which], v, n);
    return r;
}

static cg_value p_dump(cg_value self, const cg_args *a) { return bound(P_DUMP, 7, a, cg_pickle_dump); }
static cg_value p_load(cg_value self, const cg_args *a) { return bound(P_LOAD, 6, a, cg_pickle_load); }

static const cg_method_def pickle_defs[] = {
    [P_DUMP] = {"dump", p_dump, "dump(pickler, obj, protocol, write, fix_imports, buffer_callback, memo=None)",
                "Pickles obj for pickler: the bytes when write is None, else written through write."},
    [P_LOAD] = {"load", p_load, "load(unpickler, data, read, readline, buffers, memo=None)",
                "The value of the pickle in data (a bytes-like object), or read through read/readline when data is None."},
    [P_N] = {NULL, NULL, NULL, NULL},
};

cg_value cg_pickle_native_module_init(void) {
    if (cg_pickle_memo_types_init() < 0)
        return CG_ERR;
    cg_value m = cg_module_of("_pickle", pickle_defs);
    if (cg_is_err(m))
        return m;
    if (cg_module_add(m, "PicklerMemo", cg_obj_value(&cg_type_pickler_memo)) < 0
        || cg_module_add(m, "UnpicklerMemo", cg_obj_value(&cg_type_unpickler_memo)) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
