/* class_boxed.c: classes derived from int, float, complex, str, bytes,
 * bytearray, tuple, list, dict, set and frozenset.
 *
 * Note [Boxed builtin values]
 * The builtin types keep their values in layouts of their own (an int or a
 * float is not even an object: it lives in the cg_value), and their C code
 * checks for exactly their type. So an instance of `class P(tuple)` is an
 * ordinary instance (its attribute dict and all) that holds the builtin
 * value it stands for, made by the base's constructor. The class's slots
 * (class.c) give that value to the base's slots where the class defines no
 * special method of its own; the base's methods (P(...).count, the
 * list.append of a list subclass) are bound to it (builtin_func.c asks
 * cg_boxed_self). A result is the base's own type, as in CPython:
 * type(I(1) + 1) is int. Whether the value is an immediate or an object
 * does not matter here: it is only a cg_value. */
#include <stdlib.h>
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/gc.h"
#include "runtime/lang_internal.h"
#include "runtime/value.h"

typedef struct {
    cg_instance in;
    cg_value value;
} cg_boxed;

static cg_type *const BOXABLE[] = {&cg_type_int,       &cg_type_float, &cg_type_str,   &cg_type_tuple,
                                   &cg_type_list,      &cg_type_dict,  &cg_type_set,   &cg_type_frozenset,
                                   &cg_type_bytes,     &cg_type_bytearray, &cg_type_complex};

bool cg_type_is_boxable(const cg_type *t) {
    if (t->flags & CG_TYPE_BOXABLE)
        return true;
    for (size_t i = 0; i < sizeof BOXABLE / sizeof BOXABLE[0]; i++)
        if (BOXABLE[i] == t)
            return true;
    return false;
}

/* set, frozenset and bytearray name a subclass in their repr, as
 * CPython's: S({1, 2}), S(), BA(b'x'). Takes base_repr. */
cg_value cg_boxed_repr_named(cg_value self, const cg_type *base, cg_value base_repr) {
    if (base != &cg_type_set && base != &cg_type_frozenset && base != &cg_type_bytearray)
        return base_repr;
    const char *r = cg_str_cstr(base_repr), *bn = base->name;
    size_t bl = strlen(bn);
    cg_value out;
    if (!strncmp(r, bn, bl) && r[bl] == '(') /* set(), frozenset({1}), bytearray(b'') */
        out = cg_str_fmt("%s%s", cg_type_name(self), r + bl);
    else
        out = cg_str_fmt("%s(%s)", cg_type_name(self), r);
    cg_decref(base_repr);
    return out;
}

static bool is_boxed(cg_value v) { return v.tag == CG_V_OBJ && (v.u.o->type->flags & CG_TYPE_BOXED); }

cg_value cg_unbox(cg_value v) { return is_boxed(v) ? ((cg_boxed *)v.u.o)->value : v; }

static void boxed_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_instance_traverse(o, visit, arg);
    cg_visit_value(((cg_boxed *)o)->value, visit, arg);
}

static void boxed_clear(cg_obj *o) {
    cg_instance_clear(o);
    cg_value_set(&((cg_boxed *)o)->value, CG_NONE);
}

static void boxed_dealloc(cg_obj *o) {
    cg_decref(((cg_boxed *)o)->value);
    cg_instance_dealloc(o);
}

void cg_boxed_class_init(cg_type *t) {
    t->flags |= CG_TYPE_BOXED | CG_TYPE_TRASHCAN | CG_TYPE_WEAKREF;
    t->basicsize = sizeof(cg_boxed);
    t->dealloc = boxed_dealloc;
    t->gc_offset = offsetof(cg_instance, gc);
    t->traverse = boxed_traverse;
    t->clear = boxed_clear;
}

/* The mutable ones start empty: their __init__ fills them, as in CPython. */
static bool mutable_base(const cg_type *sb) {
    return sb == &cg_type_list || sb == &cg_type_dict || sb == &cg_type_set || (sb->flags & CG_TYPE_BOXABLE);
}

cg_value cg_boxed_new(cg_type *t, cg_type *sb, const cg_args *a) {
    cg_args none = {0};
    cg_value v = sb->new_((sb->flags & CG_TYPE_BOXABLE) ? t : sb, mutable_base(sb) ? &none : a);
    if (cg_is_err(v))
        return v;
    cg_value box = cg_instance_alloc(t);
    if (cg_is_err(box)) {
        cg_decref(v);
        return box;
    }
    ((cg_boxed *)box.u.o)->value = v;
    return box;
}

cg_value cg_boxed_self(cg_value obj, cg_value method, const char *name) {
    if (!is_boxed(obj))
        return obj;
    cg_type *t = obj.u.o->type;
    while (t->flags & CG_TYPE_HEAP)
        t = t->base;
    if (!t->dict)
        return obj;
    cg_value m = cg_dict_get_str_borrowed(t->dict, cg_str_intern(name));
    return m.tag == CG_V_OBJ && m.u.o == method.u.o ? ((cg_boxed *)obj.u.o)->value : obj;
}

/* list.__init__, dict.__init__, set.__init__: fill self (the value of a
 * subclass's instance) from what the type's constructor makes of the
 * arguments. */
static cg_value refill(cg_value self, const cg_args *a, cg_type *t, const char *add) {
    cg_value made = t->new_(t, a);
    if (cg_is_err(made))
        return made;
    cg_value r = cg_call_method(self, "clear", 0, NULL);
    if (!cg_is_err(r)) {
        cg_decref(r);
        r = cg_call_method(self, add, 1, &made);
    }
    cg_decref(made);
    if (cg_is_err(r))
        return r;
    cg_decref(r);
    return CG_NONE;
}

static cg_value list_init(cg_value self, const cg_args *a) {
    if (!cg_isinstance(self, &cg_type_list))
        return cg_raise(&cg_exc_TypeError, "descriptor '__init__' requires a 'list' object");
    return refill(self, a, &cg_type_list, "extend");
}

static cg_value dict_init(cg_value self, const cg_args *a) {
    if (!cg_isinstance(self, &cg_type_dict))
        return cg_raise(&cg_exc_TypeError, "descriptor '__init__' requires a 'dict' object");
    return refill(self, a, &cg_type_dict, "update");
}

static cg_value set_init(cg_value self, const cg_args *a) {
    if (!cg_isinstance(self, &cg_type_set))
        return cg_raise(&cg_exc_TypeError, "descriptor '__init__' requires a 'set' object");
    return refill(self, a, &cg_type_set, "update");
}

/* int(x), float(x), operator.index(x) of a subclass's instance read its
 * value through these names (abstract.c looks them up). */
static cg_value num_index(cg_value self, const cg_args *a) {
    if (!cg_isinstance(self, &cg_type_int))
        return cg_raise(&cg_exc_TypeError, "'%s' object cannot be interpreted as an integer", cg_type_name(self));
    return cg_incref(self);
}

static cg_value num_float(cg_value self, const cg_args *a) {
    double d;
    if (cg_float_value(self, &d) < 0)
        return CG_ERR;
    return cg_float(d);
}

static const cg_method_def list_defs[] = {{"__init__", list_init, NULL, "Initialize self."}, {NULL}};
static const cg_method_def dict_defs[] = {{"__init__", dict_init, NULL, "Initialize self."}, {NULL}};
static const cg_method_def set_defs[] = {{"__init__", set_init, NULL, "Initialize self."}, {NULL}};
static const cg_method_def int_defs[] = {{"__index__", num_index, NULL, "Return self converted to an integer."},
                                         {"__float__", num_float, NULL, "float(self)"},
                                         {NULL}};
static const cg_method_def float_defs[] = {{"__float__", num_float, NULL, "float(self)"}, {NULL}};

int cg_boxed_types_init(void) {
    for (size_t i = 0; i < sizeof BOXABLE / sizeof BOXABLE[0]; i++)
        BOXABLE[i]->flags |= CG_TYPE_BASETYPE;
    return cg_type_add_methods(&cg_type_list, list_defs) < 0 || cg_type_add_methods(&cg_type_dict, dict_defs) < 0
                   || cg_type_add_methods(&cg_type_set, set_defs) < 0 || cg_type_add_methods(&cg_type_int, int_defs) < 0
                   || cg_type_add_methods(&cg_type_float, float_defs) < 0
               ? -1
               : 0;
}
