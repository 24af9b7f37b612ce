/* list.c: the list type: a growable array of values, its slots (indexing
 * and slicing with steps, + * += *=, lexicographic comparison, repr with a
 * recursion guard) and its methods (append ... sort).
 *
 * Not here: the list iterator (iterators.c), sorting's key/compare glue is
 * at the end of this file. */
#include <stdlib.h>
#include <string.h>

#include "containers.h"
#include "exc.h"
#include "value.h"

bool cg_is_list(cg_value v) {
    return v.tag == CG_V_OBJ && (v.u.o->type == &cg_type_list || cg_type_is_subtype(v.u.o->type, &cg_type_list));
}

static int list_reserve(cg_list *l, int64_t need) {
    if (need <= l->cap) return 0;
    int64_t ncap = l->cap < 4 ? 4 : l->cap + (l->cap >> 1);
    if (ncap < need) ncap = need;
    cg_value *ni = realloc(l->items, (size_t)ncap * sizeof *ni);
    if (!ni) {
        cg_raise_nomemory();
        return -1;
    }
    l->items = ni;
    l->cap = ncap;
    return 0;
}

static cg_list *list_alloc(cg_type *type, int64_t len) {
    cg_list *l = cg_obj_alloc(type);
    if (!l) return NULL;
    if (len > 0 && list_reserve(l, len) < 0) {
        cg_obj_free(&l->head);
        return NULL;
    }
    for (int64_t i = 0; i < len; i++) l->items[i] = CG_NONE;
    l->len = len;
    return l;
}

cg_value cg_list_new(int64_t len) {
    cg_list *l = list_alloc(&cg_type_list, len);
    return l ? cg_obj_value(l) : cg_raise_nomemory();
}

int cg_list_append_steal(cg_value list, cg_value v) {
    if (cg_is_err(v)) return -1;
    cg_list *l = cg_as_list(list);
    if (l->len == l->cap && list_reserve(l, l->len + 1) < 0) {
        cg_decref(v);
        return -1;
    }
    l->items[l->len++] = v;
    return 0;
}

int cg_list_append(cg_value list, cg_value v) { return cg_list_append_steal(list, cg_incref(v)); }

cg_value cg_list_from_array(int64_t n, const cg_value *items) {
    cg_value r = cg_list_new(n);
    if (cg_is_err(r)) return r;
    cg_list *l = cg_as_list(r);
    for (int64_t i = 0; i < n; i++) l->items[i] = cg_incref(items[i]);
    return r;
}

/* Appends every element of an iterable to list l. */
static int list_extend(cg_value list, cg_value iterable) {
    if (cg_is_list(iterable) || cg_is_tuple(iterable)) {
        int64_t n = cg_is_list(iterable) ? cg_as_list(iterable)->len : cg_as_tuple(iterable)->len;
        cg_list *l = cg_as_list(list);
        if (list_reserve(l, l->len + n) < 0) return -1;
        /* re-read the source: list.extend(self) reads its own items */
        const cg_value *src = cg_is_list(iterable) ? cg_as_list(iterable)->items : cg_as_tuple(iterable)->items;
        for (int64_t i = 0; i < n; i++) l->items[l->len + i] = cg_incref(src[i]);
        l->len += n;
        return 0;
    }
    cg_value it = cg_iter(iterable);
    if (cg_is_err(it)) return -1;
    for (;;) {
        cg_value x = cg_next(it);
        if (x.tag == CG_V_STOP) break;
        if (cg_list_append_steal(list, x) < 0) {
            cg_decref(it);
            return -1;
        }
    }
    cg_decref(it);
    return 0;
}

cg_value cg_list_from_iterable(cg_value iterable) {
    cg_value r = cg_list_new(0);
    if (cg_is_err(r)) return r;
    if (list_extend(r, iterable) < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    return r;
}

static void list_dealloc(cg_obj *o) {
    cg_list *l = (cg_list *)o;
    for (int64_t i = l->len - 1; i >= 0; i--) cg_decref(l->items[i]);
    free(l->items);
    cg_obj_free(o);
}

cg_type cg_type_list = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "list",
    .module = "builtins",
    .base = &cg_type_object,
    .flags = CG_TYPE_BASETYPE,
    .basicsize = sizeof(cg_list),
    .dealloc = list_dealloc,
};
