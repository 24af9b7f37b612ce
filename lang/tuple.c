/* tuple.c: the tuple type: a fixed array of values, its slots (indexing,
 * slicing, + *, comparison, hash, repr `(1,)`) and methods (index, count).
 *
 * The empty tuple is one immortal object, as in CPython. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "containers.h"
#include "exc.h"
#include "value.h"

bool cg_is_tuple(cg_value v) {
    return v.tag == CG_V_OBJ && (v.u.o->type == &cg_type_tuple || cg_type_is_subtype(v.u.o->type, &cg_type_tuple));
}

static cg_tuple empty_tuple = {.head = {CG_IMMORTAL, &cg_type_tuple}, .len = 0};

static cg_tuple *tuple_alloc(cg_type *type, int64_t len) {
    cg_tuple *t = malloc(sizeof(cg_tuple) + (size_t)len * sizeof(cg_value));
    if (!t) return NULL;
    t->head.refcnt = 1;
    t->head.type = type;
    if (type->flags & CG_TYPE_HEAP) cg_obj_incref(type);
    t->len = len;
    for (int64_t i = 0; i < len; i++) t->items[i] = CG_NONE;
    return t;
}

cg_value cg_tuple_new(int64_t len) {
    if (len == 0) {
        cg_obj_incref(&empty_tuple);
        return cg_obj_value(&empty_tuple);
    }
    cg_tuple *t = tuple_alloc(&cg_type_tuple, len);
    return t ? cg_obj_value(t) : cg_raise_nomemory();
}

cg_value cg_tuple_steal(int64_t n, cg_value *items) {
    for (int64_t i = 0; i < n; i++) {
        if (cg_is_err(items[i])) {
            for (int64_t j = 0; j < n; j++) cg_decref(items[j]);
            return CG_ERR;
        }
    }
    cg_value r = cg_tuple_new(n);
    if (cg_is_err(r)) {
        for (int64_t j = 0; j < n; j++) cg_decref(items[j]);
        return r;
    }
    memcpy(cg_as_tuple(r)->items, items, (size_t)n * sizeof *items);
    return r;
}

cg_value cg_tuple_from_array(int64_t n, const cg_value *items) {
    cg_value r = cg_tuple_new(n);
    if (cg_is_err(r)) return r;
    for (int64_t i = 0; i < n; i++) cg_as_tuple(r)->items[i] = cg_incref(items[i]);
    return r;
}

cg_value cg_tuple_pack(int n, ...) {
    cg_value r = cg_tuple_new(n);
    if (cg_is_err(r)) return r;
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) cg_as_tuple(r)->items[i] = cg_incref(va_arg(ap, cg_value));
    va_end(ap);
    return r;
}

cg_value cg_tuple_from_iterable(cg_value iterable) {
    if (cg_is_type(iterable, &cg_type_tuple)) return cg_incref(iterable);
    cg_value l = cg_list_from_iterable(iterable);
    if (cg_is_err(l)) return l;
    cg_value r = cg_tuple_from_array(cg_as_list(l)->len, cg_as_list(l)->items);
    cg_decref(l);
    return r;
}

static void tuple_dealloc(cg_obj *o) {
    cg_tuple *t = (cg_tuple *)o;
    for (int64_t i = t->len - 1; i >= 0; i--) cg_decref(t->items[i]);
    cg_obj_free(o);
}

cg_type cg_type_tuple = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "tuple",
    .module = "builtins",
    .base = &cg_type_object,
    /* not subclassable by a class statement: the items end the object */
    .basicsize = sizeof(cg_tuple),
    .dealloc = tuple_dealloc,
};
