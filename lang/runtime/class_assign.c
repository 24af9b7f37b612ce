/* class_assign.c: assignments that change what an object or a class is:
 * obj.__class__, obj.__dict__, C.__bases__, C.__name__, with CPython's
 * checks and messages.
 *
 * Not the generic attribute store (object.c), which calls in here first for
 * these names; not class creation (class.c). */
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/value.h"

/* Note [Layout of a class]: CPython lets an object change class, or a class
 * change base, only where the C structs behind them match: the same
 * deallocator (a container and a plain object differ: one is tracked by
 * the collector) and the same C type under the classes. Our classes keep
 * their instance fields in the C type they derive from, the first one up
 * their chain that a class statement did not make: two classes share a
 * layout when that type is the same (A and B over object do; subclasses of
 * ValueError and of Exception do not, as in CPython). */
static cg_type *solid_base(cg_type *t) {
    while (t->base && (t->flags & CG_TYPE_HEAP))
        t = t->base;
    return t;
}

/* Whether CPython's collector tracks the type's instances: classes,
 * exceptions and the containers; object, numbers and strings it does not. */
static bool collected(const cg_type *t) {
    return (t->flags & (CG_TYPE_HEAP | CG_TYPE_EXCEPTION | CG_TYPE_CLASSLIKE)) || t == &cg_type_list || t == &cg_type_tuple
           || t == &cg_type_dict || t == &cg_type_set || t == &cg_type_frozenset;
}

static int compatible(cg_type *from, cg_type *to, const char *attr) {
    if (collected(from) != collected(to))
        return cg_raise_int(&cg_exc_TypeError, "%s assignment: '%s' deallocator differs from '%s'", attr, to->name,
                            from->name);
    if (solid_base(from) != solid_base(to))
        return cg_raise_int(&cg_exc_TypeError, "%s assignment: '%s' object layout differs from '%s'", attr, to->name,
                            from->name);
    return 0;
}

/* obj.__class__ = cls: only between classes (both made by a class
 * statement, or a C type that stands for a Python class) of one layout;
 * the instance keeps its dict. */
static int set_class(cg_value v, cg_value value) {
    if (value.tag == CG_V_ERR)
        return cg_raise_int(&cg_exc_TypeError, "can't delete __class__ attribute");
    if (!cg_isinstance(value, &cg_type_type))
        return cg_raise_int(&cg_exc_TypeError, "__class__ must be set to a class, not '%s' object",
                            cg_type_name(value));
    cg_type *from = cg_typeof(v), *to = (cg_type *)value.u.o;
    unsigned classlike = CG_TYPE_HEAP | CG_TYPE_CLASSLIKE;
    if (!(from->flags & classlike) || !(to->flags & classlike))
        return cg_raise_int(&cg_exc_TypeError,
                            "__class__ assignment only supported for mutable types or ModuleType subclasses");
    if (compatible(from, to, "__class__") < 0)
        return -1;
    /* an instance of a class holds a reference to it (instance_dealloc) */
    cg_obj_incref(to);
    v.u.o->type = to;
    cg_obj_decref(from);
    return 0;
}

/* obj.__dict__ = d replaces the attribute dict; del obj.__dict__ drops it
 * (the next access makes an empty one). */
static int set_dict(cg_value v, cg_value value) {
    if (value.tag != CG_V_ERR && !cg_is_type(value, &cg_type_dict))
        return cg_raise_int(&cg_exc_TypeError, "__dict__ must be set to a dictionary, not a '%s'", cg_type_name(value));
    cg_instance *in = (cg_instance *)v.u.o;
    cg_dict *old = in->dict;
    in->dict = value.tag == CG_V_ERR ? NULL : cg_as_dict(cg_incref(value));
    if (old)
        cg_obj_decref(old);
    return 0;
}

int cg_instance_set_special(cg_value v, cg_str *name, cg_value value) {
    if (!strcmp(name->s, "__class__"))
        return set_class(v, value);
    bool has_dict = v.tag == CG_V_OBJ && (v.u.o->type->flags & CG_TYPE_HAS_DICT);
    if (!strcmp(name->s, "__dict__") && has_dict)
        return set_dict(v, value);
    return 1;
}

/* ---- classes ------------------------------------------------------------- */

static int set_name(cg_type *t, cg_value value) {
    if (!cg_is_str(value))
        return cg_raise_int(&cg_exc_TypeError, "can only assign string to %s.__name__, not '%s'", t->name,
                            cg_type_name(value));
    const cg_str *s = cg_as_str(value);
    if (strlen(s->s) != (size_t)s->len)
        return cg_raise_int(&cg_exc_ValueError, "type name must not contain null characters");
    char *name = strdup(s->s);
    if (!name) {
        cg_raise_nomemory();
        return -1;
    }
    free((char *)t->name);
    t->name = name;
    return 0;
}

/* C.__bases__ = (B, ...): with CPython's checks (classes, no cycle, the
 * layout of the base it replaces, a consistent MRO); the class's MRO is
 * made again (Note [Multiple inheritance] in class_mro.c). */
static int set_bases(cg_type *t, cg_value value) {
    if (!cg_is_tuple(value))
        return cg_raise_int(&cg_exc_TypeError, "can only assign tuple to %s.__bases__, not %s", t->name,
                            cg_type_name(value));
    const cg_tuple *bases = cg_as_tuple(value);
    if (bases->len == 0)
        return cg_raise_int(&cg_exc_TypeError, "can only assign non-empty tuple to %s.__bases__, not ()", t->name);
    for (int64_t i = 0; i < bases->len; i++) {
        cg_value b = bases->items[i];
        if (!cg_isinstance(b, &cg_type_type))
            return cg_raise_int(&cg_exc_TypeError, "%s.__bases__ must be tuple of classes, not '%s'", t->name,
                                cg_type_name(b));
        if (cg_type_is_subtype((cg_type *)b.u.o, t))
            return cg_raise_int(&cg_exc_TypeError, "a __bases__ item causes an inheritance cycle");
    }
    if (cg_class_check_bases(bases) < 0)
        return -1;
    cg_type *from = t->base ? t->base : &cg_type_object, *to = cg_class_best_base(bases);
    if (!to || compatible(from, to, "__bases__") < 0)
        return -1;
    cg_value rest = cg_class_mro_rest(bases);
    if (cg_is_err(rest))
        return -1;
    if (to->flags & CG_TYPE_HEAP)
        cg_obj_incref(to);
    t->base = to;
    if (from->flags & CG_TYPE_HEAP)
        cg_obj_decref(from);
    cg_obj *old_bases = t->bases, *old_rest = t->mro_rest;
    t->bases = cg_incref(value).u.o;
    t->mro_rest = rest.u.o;
    if (old_bases)
        cg_obj_decref(old_bases);
    if (old_rest)
        cg_obj_decref(old_rest);
    return 0;
}

int cg_type_set_special(cg_type *t, cg_str *name, cg_value value) {
    bool is_name = !strcmp(name->s, "__name__"), is_bases = !strcmp(name->s, "__bases__");
    if (!strcmp(name->s, "__module__") && value.tag != CG_V_ERR && cg_is_str(value)) {
        /* C.__module__ = "m": what repr and pickling name; the dict keeps it too */
        char *m = strdup(cg_str_cstr(value));
        if (!m)
            return cg_raise_nomemory(), -1;
        free((char *)t->module);
        t->module = m;
        return 1;
    }
    if (!is_name && !is_bases)
        return 1;
    if (value.tag == CG_V_ERR)
        return cg_raise_int(&cg_exc_TypeError, "cannot delete '%s' attribute of immutable type '%s'", name->s, t->name);
    return is_name ? set_name(t, value) : set_bases(t, value);
}

cg_value cg_type_bases(const cg_type *t) {
    if (t->bases)
        return cg_incref(cg_obj_value(t->bases));
    if (t == &cg_type_object)
        return cg_tuple_new(0);
    cg_type *base = t->base ? t->base : &cg_type_object;
    cg_value r = cg_tuple_new(1);
    if (cg_is_err(r))
        return r;
    cg_obj_incref(base);
    cg_as_tuple(r)->items[0] = cg_obj_value(base);
    return r;
}
