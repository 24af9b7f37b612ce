/* object.c: what every value shares: its type, its release, and the
 * generic attribute lookup of Python (type chain, instance dict,
 * descriptors), plus the `object` and `type` types themselves.
 *
 * Not here: the protocols other than attributes (abstract.c), classes made
 * by a class statement (class.c), any one builtin type's methods. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/gc.h"
#include "runtime/lang_internal.h"
#include "runtime/value.h"

/* Note [The trashcan]
 * Freeing a container releases its items, and an item that dies frees its
 * own items: freeing `a` after `for i in range(10**7): a = [a]` would nest
 * ten million deallocs on the C stack. As CPython's trashcan, the deallocs
 * of CG_TYPE_TRASHCAN types (the containers: list, tuple, dict, set,
 * instances, functions, cells, exceptions) count how deep they nest; past
 * CG_TRASHCAN_DEPTH such an object is not freed there but put on a list,
 * and the outermost of them frees the list's objects one at a time, each
 * again at most CG_TRASHCAN_DEPTH deep. A waiting object is dead: no one
 * holds a reference (which is why the flag is only for types that no one
 * points to without one), so its count field holds the link to the next.
 * Other types (a Tensor, the most freed) pay one test of the flag. */
#define CG_TRASHCAN_DEPTH 50

/* per thread: a thread that drops the interpreter lock in a __del__ leaves
 * its chain half freed (Note [The interpreter lock]) */
static _Thread_local int trashcan_depth;
static _Thread_local cg_obj *trashcan_later; /* linked through refcnt */

static void trashcan_dealloc(cg_obj *o) {
    if (trashcan_depth >= CG_TRASHCAN_DEPTH) {
        o->refcnt = (int64_t)(intptr_t)trashcan_later;
        trashcan_later = o;
        return;
    }
    trashcan_depth++;
    o->type->dealloc(o);
    if (trashcan_depth == 1) /* the outermost: free what waits */
        while (trashcan_later) {
            cg_obj *next = trashcan_later;
            trashcan_later = (cg_obj *)(intptr_t)next->refcnt;
            next->refcnt = 0;
            next->type->dealloc(next);
        }
    trashcan_depth--;
}

void cg_obj_dealloc(cg_obj *o) {
    if (o->refcnt >= CG_IMMORTAL / 2) { /* never free an immortal */
        o->refcnt = CG_IMMORTAL;
        return;
    }
    if (o->type->finalize && cg_gc_finalize(o))
        return; /* __del__ resurrected it */
    if (o->type->gc_offset) {
        /* untracked first: a weak reference's callback runs Python code,
         * where a collection may start, and must not find o (count 0) */
        cg_gc_untrack(o);
        if (cg_gc_has_weakrefs(o))
            cg_weakrefs_clear(o);
    }
    if (o->type->flags & CG_TYPE_TRASHCAN)
        trashcan_dealloc(o);
    else
        o->type->dealloc(o);
}

cg_type *cg_typeof(cg_value v) {
    switch (v.tag) {
    case CG_V_NONE: return &cg_type_none;
    case CG_V_BOOL: return &cg_type_bool;
    case CG_V_INT: return &cg_type_int;
    case CG_V_FLOAT: return &cg_type_float;
    case CG_V_OBJ: return v.u.o->type;
    default: return &cg_type_none;
    }
}

const char *cg_type_name(cg_value v) { return cg_typeof(v)->name; }

bool cg_type_is_subtype(const cg_type *a, const cg_type *b) {
    if (a && a->mro_rest) { /* Note [Multiple inheritance] */
        if (a == b)
            return true;
        const cg_tuple *m = (const cg_tuple *)a->mro_rest;
        for (int64_t i = 0; i < m->len; i++)
            if (m->items[i].u.o == &b->head)
                return true;
        return b == &cg_type_object;
    }
    for (; a; a = a->base)
        if (a == b)
            return true;
    return b == &cg_type_object;
}

bool cg_is_type(cg_value v, const cg_type *t) { return cg_typeof(v) == t; }
bool cg_isinstance(cg_value v, const cg_type *t) { return cg_type_is_subtype(cg_typeof(v), t); }

/* The value `name` has in the dicts of t and its bases (borrowed), or
 * CG_STOP. */
cg_value cg_type_lookup_borrowed(const cg_type *t, cg_str *name) {
    if (t->mro_rest) { /* Note [Multiple inheritance] */
        cg_value v = t->dict ? cg_dict_get_str_borrowed(t->dict, name) : CG_STOP;
        const cg_tuple *m = (const cg_tuple *)t->mro_rest;
        for (int64_t i = 0; v.tag == CG_V_STOP && i < m->len; i++) {
            const cg_type *b = (const cg_type *)m->items[i].u.o;
            if (b->dict)
                v = cg_dict_get_str_borrowed(b->dict, name);
        }
        return v;
    }
    for (; t; t = t->base) {
        if (!t->dict)
            continue;
        cg_value v = cg_dict_get_str_borrowed(t->dict, name);
        if (v.tag != CG_V_STOP)
            return v;
    }
    if (cg_type_object.dict)
        return cg_dict_get_str_borrowed(cg_type_object.dict, name);
    return CG_STOP;
}

cg_dict *cg_instance_dict_borrowed(cg_value v) {
    if (v.tag != CG_V_OBJ || !(v.u.o->type->flags & CG_TYPE_HAS_DICT))
        return NULL;
    cg_instance *in = (cg_instance *)v.u.o;
    if (!in->dict) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return NULL;
        in->dict = cg_as_dict(d);
    }
    return in->dict;
}

static bool is_data_descriptor(cg_value d) {
    return d.tag == CG_V_OBJ && (d.u.o->type->flags & CG_TYPE_DATA_DESCR);
}

/* Python's object.__getattribute__: data descriptors on the type, then the
 * instance dict, then other class attributes (binding functions), else
 * CG_STOP with no exception. */
cg_value cg_generic_getattr(cg_value v, cg_str *name) {
    cg_type *t = cg_typeof(v);
    if (name->s[0] == '_' && name->s[1] == '_') {
        if (!strcmp(name->s, "__class__"))
            return cg_incref(cg_obj_value(t));
        if (!strcmp(name->s, "__dict__") && !(t->flags & CG_TYPE_SLOTS)) {
            cg_dict *dict = cg_instance_dict_borrowed(v);
            if (dict)
                return cg_incref(cg_obj_value(dict));
            if (cg_exc_pending())
                return CG_ERR;
        }
    }
    cg_value d = cg_type_lookup_borrowed(t, name);
    if (d.tag != CG_V_STOP && is_data_descriptor(d))
        return cg_typeof(d)->descr_get(d, v, t);
    cg_dict *dict = cg_instance_dict_borrowed(v);
    if (dict) {
        cg_value r = cg_dict_get_str_borrowed(dict, name);
        if (r.tag != CG_V_STOP)
            return cg_incref(r);
    }
    if (d.tag == CG_V_STOP) /* x.__eq__ of a C type's slot */
        return cg_slot_wrapper_mro(t, NULL, name, v);
    cg_type *dt = cg_typeof(d);
    if (dt->descr_get)
        return dt->descr_get(d, v, t);
    return cg_incref(d);
}

cg_value cg_raise_no_attribute(cg_value v, cg_str *name) {
    if (cg_is_type(v, &cg_type_module))
        return cg_raise(&cg_exc_AttributeError, "module '%s' has no attribute '%s'", cg_module_name(v), name->s);
    if (cg_isinstance(v, &cg_type_type))
        return cg_raise(&cg_exc_AttributeError, "type object '%s' has no attribute '%s'", ((cg_type *)v.u.o)->name,
                        name->s);
    return cg_raise(&cg_exc_AttributeError, "'%s' object has no attribute '%s'", cg_type_name(v), name->s);
}

/* object.__setattr__: the instance dict, unless the type has no dict. */
int cg_generic_setattr(cg_value v, cg_str *name, cg_value value) {
    if (name->s[0] == '_' && name->s[1] == '_') {
        int r = cg_instance_set_special(v, name, value);
        if (r <= 0)
            return r;
    }
    cg_value d = cg_type_lookup_borrowed(cg_typeof(v), name);
    if (d.tag != CG_V_STOP && is_data_descriptor(d))
        return cg_is_property(d) ? cg_property_set(d, v, value) : cg_user_descr_set(d, v, value);
    cg_dict *dict = cg_instance_dict_borrowed(v);
    if (!dict) {
        if (cg_exc_pending())
            return -1;
        cg_value found = cg_generic_getattr(v, name);
        if (cg_is_err(found))
            return -1;
        bool exists = found.tag != CG_V_STOP;
        cg_decref(found);
        if (exists)
            return cg_raise_int(&cg_exc_AttributeError, "'%s' object attribute '%s' is read-only", cg_type_name(v),
                                name->s);
        return cg_raise_int(&cg_exc_AttributeError, "'%s' object has no attribute '%s'", cg_type_name(v), name->s);
    }
    if (value.tag == CG_V_ERR) { /* delete */
        int r = cg_dict_del(dict, cg_obj_value(name));
        if (r == 0) {
            cg_raise_no_attribute(v, name);
            return -1;
        }
        return r < 0 ? -1 : 0;
    }
    return cg_dict_set(dict, cg_obj_value(name), value);
}

/* ---- object ------------------------------------------------------------ */

static void instance_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_visit_obj(((cg_instance *)o)->dict, visit, arg);
    if (o->type->flags & CG_TYPE_HEAP)
        visit(&o->type->head, arg);
}

/* Drops the attribute dict (someone outside may hold the dict itself, so
 * it is let go, not emptied); a later lookup makes a new empty one. */
static void instance_clear(cg_obj *o) { CG_CLEAR_OBJ(((cg_instance *)o)->dict); }

static void instance_dealloc(cg_obj *o) {
    cg_instance *in = (cg_instance *)o;
    cg_type *t = o->type;
    if (in->dict)
        cg_obj_decref(in->dict);
    free(o);
    if (t->flags & CG_TYPE_HEAP)
        cg_obj_decref(t);
}

static void plain_dealloc(cg_obj *o) { free(o); }

static cg_value object_repr(cg_value self) {
    cg_type *t = cg_typeof(self);
    if (t->module && strcmp(t->module, "builtins") != 0)
        return cg_str_fmt("<%s.%s object at %p>", t->module, t->name, (void *)self.u.o);
    return cg_str_fmt("<%s object at %p>", t->name, (void *)self.u.o);
}

static int64_t object_hash(cg_value self) {
    uint64_t p = (uint64_t)(uintptr_t)self.u.o;
    int64_t h = (int64_t)((p >> 4) | (p << 60));
    return h == -1 ? -2 : h;
}

static cg_value object_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (op == OP_EQ || op == OP_NOT_EQ) {
        if (a.tag == CG_V_OBJ && b.tag == CG_V_OBJ && a.u.o == b.u.o)
            return cg_bool(op == OP_EQ);
    }
    return cg_incref(cg_NotImplemented);
}

cg_value cg_instance_alloc(cg_type *type) {
    size_t size = type->basicsize ? type->basicsize : sizeof(cg_instance);
    cg_obj *o = cg_obj_zalloc(size); /* see Note [Zeroed objects] */
    if (!o)
        return cg_raise_nomemory();
    o->refcnt = 1;
    o->type = type;
    if (type->flags & CG_TYPE_HEAP)
        cg_obj_incref(type);
    if (type->gc_offset)
        cg_gc_track(o);
    return cg_obj_value(o);
}

static cg_value object_new(cg_type *type, const cg_args *args) {
    (void)args;
    return cg_instance_alloc(type);
}

cg_type cg_type_object = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "object",
    .module = "builtins",
    .flags = CG_TYPE_BASETYPE,
    .basicsize = sizeof(cg_obj),
    .dealloc = plain_dealloc,
    .repr = object_repr,
    .hash = object_hash,
    .compare = object_compare,
    .new_ = object_new,
};

/* ---- type ---------------------------------------------------------------- */

static cg_value type_repr(cg_value self) {
    cg_type *t = (cg_type *)self.u.o;
    if (t->module && strcmp(t->module, "builtins") != 0)
        return cg_str_fmt("<class '%s.%s'>", t->module, t->name);
    return cg_str_fmt("<class '%s'>", t->name);
}

/* type(x) answers x's type; C(...) makes an instance and runs __init__. */
static cg_value type_call(cg_value self, const cg_args *args) {
    cg_type *t = (cg_type *)self.u.o;
    if (t == &cg_type_type) {
        if (args->npos == 1 && args->nkw == 0) {
            cg_type *r = cg_typeof(args->pos[0]);
            cg_obj_incref(r);
            return cg_obj_value(r);
        }
        if (args->npos == 3)
            return cg_type_new_class(t, args);
        return cg_raise(&cg_exc_TypeError, "type() takes 1 or 3 arguments");
    }
    return cg_type_instantiate(t, args);
}

static cg_value type_getattr(cg_value self, cg_str *name) {
    cg_type *t = (cg_type *)self.u.o;
    const char *n = name->s;
    if (n[0] == '_' && n[1] == '_') {
        if (!strcmp(n, "__name__"))
            return cg_str_from_c(t->name);
        if (!strcmp(n, "__qualname__"))
            return cg_str_from_c(t->qualname ? t->qualname : t->name);
        if (!strcmp(n, "__module__"))
            return cg_str_from_c(t->module ? t->module : "builtins");
        if (!strcmp(n, "__base__")) {
            if (!t->base)
                return t == &cg_type_object ? CG_NONE : cg_incref(cg_obj_value(&cg_type_object));
            return cg_incref(cg_obj_value(t->base));
        }
        if (!strcmp(n, "__mro__"))
            return cg_type_mro(t);
        if (!strcmp(n, "__bases__"))
            return cg_type_bases(t);
        if (!strcmp(n, "__dict__")) /* a type written in C without methods has none: an empty one */
            return t->dict ? cg_incref(cg_obj_value(t->dict)) : cg_dict_new();
    }
    cg_value d = cg_type_lookup_borrowed(t, name);
    if (d.tag == CG_V_STOP) /* object.__hash__, list.__len__: a C type's slot */
        return cg_slot_wrapper_mro(t, NULL, name, CG_STOP);
    /* Class attribute access: functions stay plain functions, but
     * classmethod/staticmethod/property still apply their rules. */
    cg_type *dt = cg_typeof(d);
    if (dt->descr_get && dt != &cg_type_function)
        return dt->descr_get(d, CG_NONE, t);
    return cg_incref(d);
}

static int type_setattr(cg_value self, cg_str *name, cg_value value) {
    cg_type *t = (cg_type *)self.u.o;
    if (!(t->flags & CG_TYPE_HEAP))
        return cg_raise_int(&cg_exc_TypeError, "cannot set '%s' attribute of immutable type '%s'", name->s, t->name);
    int special = cg_type_set_special(t, name, value);
    if (special <= 0)
        return special;
    if (value.tag == CG_V_ERR) {
        int r = cg_dict_del(t->dict, cg_obj_value(name));
        if (r == 0)
            return cg_raise_int(&cg_exc_AttributeError, "%s", name->s);
        return r < 0 ? -1 : 0;
    }
    /* the slots dispatch by name (class.c), but for __del__ */
    if (cg_dict_set(t->dict, cg_obj_value(name), value) < 0)
        return -1;
    cg_class_attribute_changed(t, name);
    return 0;
}

static int64_t type_hash(cg_value self) { return object_hash(self); }

cg_type cg_type_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "type",
    .module = "builtins",
    .basicsize = sizeof(cg_type),
    .flags = CG_TYPE_WEAKREF | CG_TYPE_BASETYPE,
    .dealloc = cg_class_dealloc,
    .gc_offset = offsetof(cg_type, gc),
    .traverse = cg_class_traverse,
    .clear = cg_class_clear,
    .repr = type_repr,
    .hash = type_hash,
    .compare = object_compare,
    .getattr = type_getattr,
    .setattr = type_setattr,
    .call = type_call,
    .binary = cg_type_or,
    .new_ = cg_type_new_class,
};

void cg_instance_dealloc(cg_obj *o) { instance_dealloc(o); }
void cg_instance_traverse(cg_obj *o, cg_visitfn visit, void *arg) { instance_traverse(o, visit, arg); }
void cg_instance_clear(cg_obj *o) { instance_clear(o); }
cg_value cg_object_repr(cg_value self) { return object_repr(self); }
int64_t cg_object_hash(cg_value self) { return object_hash(self); }
