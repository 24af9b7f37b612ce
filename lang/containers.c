/* containers.c: what the builtin value types share: allocating and freeing
 * their objects, the repr recursion guard (`[...]`), and the one-time
 * setup of their method tables.
 *
 * Not the protocols (abstract.c) nor object/type themselves (object.c). */
#include <stdlib.h>

#include "containers.h"
#include "lang_internal.h"
#include "exc.h"
#include "value.h"

void *cg_obj_alloc(cg_type *type) {
    cg_obj *o = calloc(1, type->basicsize);
    if (!o) return NULL;
    o->refcnt = 1;
    o->type = type;
    if (type->flags & CG_TYPE_HEAP) cg_obj_incref(type);
    return o;
}

void cg_obj_free(cg_obj *o) {
    cg_type *type = o->type;
    free(o);
    if (type->flags & CG_TYPE_HEAP) cg_obj_decref(type);
}

/* The objects whose repr is being built, innermost last. Reprs nest only
 * as deep as the data, so a small array that grows is enough. */
static cg_obj **repr_stack;
static int repr_depth, repr_cap;

int cg_repr_enter(cg_value v) {
    for (int i = 0; i < repr_depth; i++)
        if (repr_stack[i] == v.u.o) return 1;
    if (repr_depth == repr_cap) {
        int ncap = repr_cap ? repr_cap * 2 : 16;
        cg_obj **ns = realloc(repr_stack, (size_t)ncap * sizeof *ns);
        if (!ns) {
            cg_raise_nomemory();
            return -1;
        }
        repr_stack = ns;
        repr_cap = ncap;
    }
    repr_stack[repr_depth++] = v.u.o;
    return 0;
}

void cg_repr_leave(cg_value v) {
    if (repr_depth > 0 && repr_stack[repr_depth - 1] == v.u.o) repr_depth--;
}

int cg_key_as_index(cg_value key, int64_t *out) {
    if (key.tag == CG_V_INT || key.tag == CG_V_BOOL) {
        *out = key.u.i;
        return 1;
    }
    if (key.tag != CG_V_OBJ) return 0;
    if (cg_type_lookup(key.u.o->type, cg_str_intern("__index__")).tag == CG_V_STOP) return 0;
    return cg_index_value(key, out) < 0 ? -1 : 1;
}

bool cg_other_may_handle(cg_value b) {
    cg_type *t = cg_typeof(b);
    if (!t->binary) return false;
    static const cg_type *const builtin[] = {&cg_type_int, &cg_type_bool, &cg_type_float, &cg_type_str,
                                             &cg_type_list, &cg_type_tuple, &cg_type_dict, &cg_type_set,
                                             &cg_type_frozenset, &cg_type_range, &cg_type_none};
    for (size_t i = 0; i < sizeof builtin / sizeof *builtin; i++)
        if (t == builtin[i]) return false;
    return true;
}
