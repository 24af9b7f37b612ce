/* class_subclasses.c: type.__subclasses__().
 *
 * Each class made by a class statement (or type(name, bases, ns)) is
 * noted, by weak reference, under each of its direct bases, keyed by the
 * base's address: a base keeps no subclass alive, and a dead class drops
 * out of the list. The lists are pruned of dead references as they grow,
 * so a loop that makes classes does not grow them without bound. */
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/weakref.h"

static cg_dict *registry; /* id(base) -> list of weakref(subclass) */

static cg_value key_of(const cg_type *t) { return cg_int((int64_t)(intptr_t)t); }

/* Drops the dead references of a list; returns how many live. */
static int64_t prune(cg_list *l) {
    int64_t j = 0;
    for (int64_t i = 0; i < l->len; i++) {
        cg_value w = l->items[i];
        if (((cg_weakref *)w.u.o)->referent)
            l->items[j++] = w;
        else
            cg_decref(w);
    }
    l->len = j;
    return j;
}

static int note_under(const cg_type *base, cg_value cls) {
    cg_value key = key_of(base);
    cg_value list = cg_dict_get_borrowed(registry, key);
    if (list.tag == CG_V_STOP) {
        cg_value fresh = cg_list_new(0);
        if (cg_is_err(fresh) || cg_dict_set(registry, key, fresh) < 0) {
            cg_decref(fresh);
            return -1;
        }
        cg_decref(fresh);
        list = cg_dict_get_borrowed(registry, key);
    }
    cg_list *l = cg_as_list(list);
    if (l->len >= 16 && (l->len & (l->len - 1)) == 0) /* at each power of two */
        prune(l);
    cg_value w = cg_weakref_new(&cg_type_weakref, cls, CG_NONE);
    if (cg_is_err(w))
        return -1;
    int rc = cg_list_append(list, w);
    cg_decref(w);
    return rc;
}

int cg_class_note_subclass(cg_type *cls) {
    if (!registry) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return -1;
        registry = cg_as_dict(d);
    }
    const cg_tuple *bases = (const cg_tuple *)cls->bases;
    for (int64_t i = 0; bases && i < bases->len; i++)
        if (note_under((const cg_type *)bases->items[i].u.o, cg_obj_value(cls)) < 0)
            return -1;
    return 0;
}

void cg_class_forget_subclasses(const cg_type *cls) {
    if (!registry)
        return;
    cg_value gone = cg_dict_pop(registry, key_of(cls));
    if (cg_is_err(gone))
        cg_exc_clear();
    else if (gone.tag != CG_V_STOP)
        cg_decref(gone);
}

cg_value cg_type_subclasses(cg_value self, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "__subclasses__() takes no arguments");
    cg_value out = cg_list_new(0);
    cg_value list = registry ? cg_dict_get_borrowed(registry, key_of((cg_type *)self.u.o)) : CG_STOP;
    if (cg_is_err(out) || list.tag == CG_V_STOP)
        return out;
    cg_list *l = cg_as_list(list);
    prune(l);
    for (int64_t i = 0; i < l->len; i++)
        if (cg_list_append(out, cg_obj_value(((cg_weakref *)l->items[i].u.o)->referent)) < 0) {
            cg_decref(out);
            return CG_ERR;
        }
    return out;
}
