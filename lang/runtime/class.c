/* class.c: classes made by a class statement, their instances, super().
 *
 * A class is a heap cg_type whose dict is its body's namespace. Its slots
 * are copied from its base, and those Python reaches through special
 * methods (__repr__, __add__, __getitem__, __call__, ...) dispatch to
 * them by name, so a class may define or inherit any of them, and a base
 * written in C (Exception, nn-style types) keeps its own behaviour for the
 * rest. Several bases are read in C3 order (class_mro.c); a class's
 * metaclass is the type of the class object. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/eval.h"
#include "runtime/gc.h"
#include "runtime/module.h"

static cg_type *static_base(cg_type *t) {
    while (t && (t->flags & CG_TYPE_HEAP))
        t = t->base;
    return t ? t : &cg_type_object;
}

static cg_value lookup(cg_value self, const char *name) {
    return cg_type_lookup_borrowed(cg_typeof(self), cg_str_intern(name));
}

/* A special method that is not a plain function, as CPython's slots take
 * it: a descriptor (staticmethod, a class with __get__) is bound to self
 * first; any other callable (a mock set as __len__) is called without self. */
static cg_value call_bound_special(cg_value m, cg_type *mt, cg_value self, int n, const cg_value *args) {
    cg_value f = mt->descr_get ? mt->descr_get(m, self, cg_typeof(self)) : cg_incref(m);
    if (cg_is_err(f))
        return f;
    cg_args a = {.pos = args, .npos = n};
    cg_value r = cg_call(f, &a);
    cg_decref(f);
    return r;
}

/* Calls type(self).name(self, *args), or answers CG_STOP if undefined. */
static cg_value call_special(cg_value self, const char *name, int n, const cg_value *args) {
    cg_value m = lookup(self, name);
    if (m.tag == CG_V_STOP)
        return CG_STOP;
    cg_type *mt = cg_typeof(m);
    if (mt != &cg_type_function && mt != &cg_type_builtin)
        return call_bound_special(m, mt, self, n, args);
    cg_value pos[4] = {self};
    for (int i = 0; i < n && i < 3; i++)
        pos[i + 1] = args[i];
    cg_args a = {.pos = pos, .npos = n + 1};
    /* functions are called unbound; builtins too (they take self first) */
    return cg_call(m, &a);
}

/* __del__: errors in it are printed, never raised (no one could catch
 * them). */
static void user_finalize(cg_obj *o) {
    cg_value self = cg_obj_value(o);
    cg_value r = call_special(self, "__del__", 0, NULL);
    if (cg_is_err(r)) {
        cg_value del = lookup(self, "__del__");
        cg_report_unraisable(del.tag == CG_V_STOP ? self : del);
    }
    cg_decref(r);
}

/* A class's finalizer: __del__ if it or a base defines one. */
static void set_finalizer(cg_type *t) {
    bool has_del = cg_type_lookup_borrowed(t, cg_str_intern("__del__")).tag != CG_V_STOP;
    t->finalize = has_del ? user_finalize : static_base(t)->finalize;
}

/* Whether reads go through a __getattribute__ written in Python. */
static void set_getattribute(cg_type *t) {
    cg_value ga = cg_type_lookup_borrowed(t, cg_str_intern("__getattribute__"));
    if (ga.tag != CG_V_STOP && !cg_is_type(ga, &cg_type_builtin))
        t->flags |= CG_TYPE_GETATTRIBUTE;
    else
        t->flags &= ~(uint32_t)CG_TYPE_GETATTRIBUTE;
}

void cg_class_attribute_changed(cg_type *t, cg_str *name) {
    if (!strcmp(name->s, "__del__"))
        set_finalizer(t);
    if (!strcmp(name->s, "__getattribute__"))
        set_getattribute(t);
}

static bool defined_by_class(cg_type *t, const char *name);

static cg_value user_repr(cg_value self) {
    cg_type *t = cg_typeof(self);
    cg_value r = (t->flags & CG_TYPE_BOXED) && !defined_by_class(t, "__repr__")
                     ? CG_STOP
                     : call_special(self, "__repr__", 0, NULL);
    if (r.tag == CG_V_STOP) {
        cg_type *sb = static_base(t);
        if (!sb->repr)
            return cg_object_repr(self);
        r = sb->repr(cg_unbox(self));
        return cg_is_err(r) ? r : cg_boxed_repr_named(self, sb, r);
    }
    if (!cg_is_err(r) && !cg_is_str(r)) {
        cg_raise(&cg_exc_TypeError, "__repr__ returned non-string (type %s)", cg_type_name(r));
        cg_decref(r);
        return CG_ERR;
    }
    return r;
}

/* Whether a class statement in t's MRO defines name (not a C base). */
static bool defined_by_class(cg_type *t, const char *name) {
    cg_str *n = cg_str_intern(name);
    if (cg_dict_get_str_borrowed(t->dict, n).tag != CG_V_STOP)
        return true;
    const cg_tuple *m = (const cg_tuple *)t->mro_rest;
    for (int64_t i = 0; m && i < m->len; i++) {
        const cg_type *b = (const cg_type *)m->items[i].u.o;
        if ((b->flags & CG_TYPE_HEAP) && cg_dict_get_str_borrowed(b->dict, n).tag != CG_V_STOP)
            return true;
    }
    return false;
}

static cg_value user_str(cg_value self) {
    cg_value m = lookup(self, "__str__");
    if (m.tag == CG_V_STOP) {
        /* a class's own __repr__ wins over a C base's str */
        cg_value rep = lookup(self, "__repr__");
        cg_type *sb = static_base(cg_typeof(self));
        if ((cg_typeof(self)->flags & CG_TYPE_BOXED) && !defined_by_class(cg_typeof(self), "__repr__")) {
            if (sb == &cg_type_set || sb == &cg_type_frozenset || sb == &cg_type_bytearray)
                return user_repr(self); /* their str is their repr, which names the class */
            return cg_to_str(cg_unbox(self)); /* str(S('a')) is 'a' */
        }
        if (rep.tag == CG_V_STOP && sb->str)
            return sb->str(cg_unbox(self));
        return user_repr(self);
    }
    cg_value r = cg_call1(m, self);
    if (!cg_is_err(r) && !cg_is_str(r)) {
        cg_raise(&cg_exc_TypeError, "__str__ returned non-string (type %s)", cg_type_name(r));
        cg_decref(r);
        return CG_ERR;
    }
    return r;
}

static int64_t user_hash(cg_value self) {
    cg_value m = lookup(self, "__hash__");
    if (m.tag == CG_V_STOP && (cg_typeof(self)->flags & CG_TYPE_BOXED)) {
        cg_type *sb = static_base(cg_typeof(self));
        if (!sb->hash)
            return cg_raise_int(&cg_exc_TypeError, "unhashable type: '%s'", cg_type_name(self));
        return sb->hash(cg_unbox(self));
    }
    if (m.tag == CG_V_STOP)
        return cg_object_hash(self);
    if (m.tag == CG_V_NONE) { /* __hash__ = None, set in the body or later */
        cg_raise(&cg_exc_TypeError, "unhashable type: '%s'", cg_type_name(self));
        return -1;
    }
    cg_value r = cg_call1(m, self);
    if (cg_is_err(r))
        return -1;
    int64_t h;
    int rc = cg_index_value(r, &h);
    cg_decref(r);
    if (rc < 0)
        return -1;
    return h == -1 ? -2 : h;
}

static bool is_slot(cg_type *t, cg_str *name);

static const char *const CMP_NAMES[] = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"};

static cg_value user_compare_in(cg_value a, cg_value b, cg_cmpop op);

/* One comparison level, as CPython's PyObject_RichCompare takes. */
static cg_value user_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (op > OP_GT_E)
        return cg_incref(cg_NotImplemented);
    if (cg_recursion_enter(CG_IN_COMPARISON) < 0)
        return CG_ERR;
    cg_value r = user_compare_in(a, b, op);
    cg_recursion_leave();
    return r;
}

static cg_value user_compare_in(cg_value a, cg_value b, cg_cmpop op) {
    cg_value r = call_special(a, CMP_NAMES[op], 1, &b);
    if (r.tag != CG_V_STOP)
        return r;
    if (op == OP_NOT_EQ) { /* != defaults to the negation of == */
        cg_value eq = call_special(a, "__eq__", 1, &b);
        if (eq.tag == CG_V_STOP || cg_is_err(eq))
            return eq.tag == CG_V_STOP ? cg_incref(cg_NotImplemented) : eq;
        if (eq.tag == CG_V_OBJ && eq.u.o == cg_NotImplemented.u.o)
            return eq;
        int t = cg_truth(eq);
        cg_decref(eq);
        return t < 0 ? CG_ERR : cg_bool(!t);
    }
    cg_type *sb = static_base(cg_typeof(a));
    if (sb->compare)
        return sb->compare(cg_unbox(a), cg_unbox(b), op);
    return cg_incref(cg_NotImplemented);
}

/* The special methods of each operator, as literals: lookup's intern
 * cache knows a literal by its address, where a name formatted into a
 * buffer cost a snprintf and a hash on every operator of an instance. */
#define BIN_NAME_TABLE(pre)                                                                                        \
    {                                                                                                              \
        "__" pre "add__", "__" pre "sub__", "__" pre "mul__", "__" pre "matmul__", "__" pre "truediv__",           \
            "__" pre "mod__", "__" pre "pow__", "__" pre "lshift__", "__" pre "rshift__", "__" pre "or__",         \
            "__" pre "xor__", "__" pre "and__", "__" pre "floordiv__",                                             \
    }
static const char *const BIN_NAMES[OP_BIN_COUNT] = BIN_NAME_TABLE("");
static const char *const RBIN_NAMES[OP_BIN_COUNT] = BIN_NAME_TABLE("r");
static const char *const IBIN_NAMES[OP_BIN_COUNT] = BIN_NAME_TABLE("i");

static bool is_user_binary(cg_value v);

static cg_value user_binary(cg_value a, cg_value b, cg_binop op) {
    if (is_user_binary(a)) {
        cg_value r = call_special(a, BIN_NAMES[op], 1, &b);
        if (r.tag != CG_V_STOP) {
            if (!(r.tag == CG_V_OBJ && r.u.o == cg_NotImplemented.u.o))
                return r;
            cg_decref(r);
        } else {
            cg_type *sb = static_base(cg_typeof(a));
            if (sb->binary) {
                cg_value s = sb->binary(cg_unbox(a), cg_unbox(b), op);
                if (!(s.tag == CG_V_OBJ && s.u.o == cg_NotImplemented.u.o))
                    return s;
                cg_decref(s);
            }
        }
    }
    if (is_user_binary(b)) {
        cg_value r = call_special(b, RBIN_NAMES[op], 1, &a);
        if (r.tag != CG_V_STOP)
            return r;
        cg_type *sb = static_base(cg_typeof(b));
        if (sb->binary)
            return sb->binary(cg_unbox(a), cg_unbox(b), op);
    }
    return cg_incref(cg_NotImplemented);
}

static bool is_user_binary(cg_value v) { return cg_typeof(v)->binary == user_binary; }

static cg_value user_inplace(cg_value a, cg_value b, cg_binop op) {
    cg_value r = call_special(a, IBIN_NAMES[op], 1, &b);
    if (r.tag != CG_V_STOP)
        return r;
    cg_type *sb = static_base(cg_typeof(a));
    if (sb->inplace) { /* a list subclass's += answers the instance, not its value */
        cg_value r2 = sb->inplace(cg_unbox(a), cg_unbox(b), op);
        if (r2.tag == CG_V_OBJ && r2.u.o == cg_unbox(a).u.o && r2.u.o != a.u.o) {
            cg_decref(r2);
            return cg_incref(a);
        }
        return r2;
    }
    return cg_incref(cg_NotImplemented);
}

static cg_value user_unary(cg_value v, cg_unaryop op) {
    static const char *const names[] = {"__invert__", NULL, "__pos__", "__neg__"};
    if (names[op]) {
        cg_value r = call_special(v, names[op], 0, NULL);
        if (r.tag != CG_V_STOP)
            return r;
    }
    cg_type *sb = static_base(cg_typeof(v));
    if (sb->unary)
        return sb->unary(cg_unbox(v), op);
    return cg_incref(cg_NotImplemented);
}

static int64_t user_len(cg_value self) {
    cg_value r = call_special(self, "__len__", 0, NULL);
    if (r.tag == CG_V_STOP) {
        cg_type *sb = static_base(cg_typeof(self));
        if (sb->len)
            return sb->len(cg_unbox(self));
        cg_raise(&cg_exc_TypeError, "object of type '%s' has no len()", cg_type_name(self));
        return -1;
    }
    if (cg_is_err(r))
        return -1;
    int64_t n;
    int rc = cg_index_value(r, &n);
    cg_decref(r);
    if (rc < 0)
        return -1;
    if (n < 0)
        return cg_raise_int(&cg_exc_ValueError, "__len__() should return >= 0");
    return n;
}

static int user_truth(cg_value self) {
    cg_value r = call_special(self, "__bool__", 0, NULL);
    if (r.tag == CG_V_STOP) {
        if (lookup(self, "__len__").tag != CG_V_STOP) {
            int64_t n = user_len(self);
            return n < 0 ? -1 : n > 0;
        }
        cg_type *sb = static_base(cg_typeof(self));
        return sb->truth ? sb->truth(cg_unbox(self)) : 1;
    }
    if (cg_is_err(r))
        return -1;
    if (r.tag != CG_V_BOOL) {
        cg_raise(&cg_exc_TypeError, "__bool__ should return bool, returned %s", cg_type_name(r));
        cg_decref(r);
        return -1;
    }
    return (int)r.u.i;
}

static int user_contains(cg_value self, cg_value item) {
    cg_value r = call_special(self, "__contains__", 1, &item);
    if (r.tag == CG_V_STOP) {
        cg_type *sb = static_base(cg_typeof(self));
        if (sb->contains)
            return sb->contains(cg_unbox(self), item);
        return cg_contains_by_iter(self, item); /* as Python does */
    }
    if (cg_is_err(r))
        return -1;
    int t = cg_truth(r);
    cg_decref(r);
    return t;
}

static cg_value user_getitem(cg_value self, cg_value key) {
    /* a builtin __getitem__ where the C base has the slot is the base's
     * own, below; any other is called (numpy's ndarray puts one in) */
    cg_type *sb = static_base(cg_typeof(self));
    bool base_own = sb->getitem && cg_is_type(lookup(self, "__getitem__"), &cg_type_builtin);
    cg_value r = base_own ? CG_STOP : call_special(self, "__getitem__", 1, &key);
    if (r.tag != CG_V_STOP)
        return r;
    if (sb->getitem) {
        r = sb->getitem(cg_unbox(self), key);
        if (cg_is_err(r) && sb == &cg_type_dict
            && cg_exc_matches(&cg_exc_KeyError)) { /* a dict subclass's __missing__ */
            cg_value m = lookup(self, "__missing__");
            if (m.tag != CG_V_STOP) {
                cg_exc_clear();
                return cg_call2(m, self, key);
            }
        }
        return r;
    }
    return cg_raise(&cg_exc_TypeError, "'%s' object is not subscriptable", cg_type_name(self));
}

static int user_setitem(cg_value self, cg_value key, cg_value value) {
    cg_value args[2] = {key, value};
    cg_value r = call_special(self, "__setitem__", 2, args);
    if (r.tag == CG_V_STOP) {
        cg_type *sb = static_base(cg_typeof(self));
        if (sb->setitem)
            return sb->setitem(cg_unbox(self), key, value);
        return cg_raise_int(&cg_exc_TypeError, "'%s' object does not support item assignment", cg_type_name(self));
    }
    if (cg_is_err(r))
        return -1;
    cg_decref(r);
    return 0;
}

static int user_delitem(cg_value self, cg_value key) {
    cg_value r = call_special(self, "__delitem__", 1, &key);
    if (r.tag == CG_V_STOP) {
        cg_type *sb = static_base(cg_typeof(self));
        if (sb->delitem)
            return sb->delitem(cg_unbox(self), key);
        return cg_raise_int(&cg_exc_TypeError, "'%s' object doesn't support item deletion", cg_type_name(self));
    }
    if (cg_is_err(r))
        return -1;
    cg_decref(r);
    return 0;
}

static cg_value user_iter(cg_value self) {
    cg_value r = call_special(self, "__iter__", 0, NULL);
    if (r.tag != CG_V_STOP) {
        if (!cg_is_err(r) && !cg_typeof(r)->next) {
            cg_raise(&cg_exc_TypeError, "iter() returned non-iterator of type '%s'", cg_type_name(r));
            cg_decref(r);
            return CG_ERR;
        }
        return r;
    }
    cg_type *sb = static_base(cg_typeof(self));
    if (sb->iter)
        return sb->iter(cg_unbox(self));
    if (lookup(self, "__getitem__").tag != CG_V_STOP)
        return cg_getitem_iter_new(self);
    return cg_raise(&cg_exc_TypeError, "'%s' object is not iterable", cg_type_name(self));
}

static cg_value user_next(cg_value self) {
    cg_value r = call_special(self, "__next__", 0, NULL);
    if (r.tag == CG_V_STOP) {
        cg_type *sb = static_base(cg_typeof(self));
        if (sb->next)
            return sb->next(cg_unbox(self));
        return cg_raise(&cg_exc_TypeError, "'%s' object is not an iterator", cg_type_name(self));
    }
    if (cg_is_err(r) && cg_exc_matches(&cg_exc_StopIteration)) {
        cg_exc_clear();
        return CG_STOP;
    }
    return r;
}

static cg_value user_call(cg_value self, const cg_args *a) {
    cg_value m = lookup(self, "__call__");
    if (m.tag == CG_V_STOP) {
        cg_type *sb = static_base(cg_typeof(self));
        if (sb->call)
            return sb->call(cg_unbox(self), a);
        return cg_raise(&cg_exc_TypeError, "'%s' object is not callable", cg_type_name(self));
    }
    cg_value bound = cg_method_new(m, self);
    if (cg_is_err(bound))
        return bound;
    cg_value r = CG_ERR;
    if (cg_recursion_enter(CG_IN_CALL) == 0) { /* an instance has no fast call in CPython */
        r = cg_call(bound, a);
        cg_recursion_leave();
    }
    cg_decref(bound);
    return r;
}

static int user_setattr(cg_value self, cg_str *name, cg_value value) {
    bool del = value.tag == CG_V_ERR;
    if ((cg_typeof(self)->flags & CG_TYPE_SLOTS) && !is_slot(cg_typeof(self), name)) {
        cg_value d = cg_type_lookup_borrowed(cg_typeof(self), name);
        bool descr =
            d.tag == CG_V_OBJ && (cg_is_type(d, &cg_type_property) || (d.u.o->type->flags & CG_TYPE_DATA_DESCR));
        cg_value m = lookup(self, del ? "__delattr__" : "__setattr__");
        if (!descr && (m.tag == CG_V_STOP || cg_is_type(m, &cg_type_builtin))) {
            if (cg_type_lookup_borrowed(cg_typeof(self), name).tag != CG_V_STOP)
                return cg_raise_int(&cg_exc_AttributeError, "'%s' object attribute '%s' is read-only",
                                    cg_type_name(self), name->s);
            return cg_raise_int(&cg_exc_AttributeError, "'%s' object has no attribute '%s'", cg_type_name(self),
                                name->s);
        }
    }
    cg_value m = lookup(self, del ? "__delattr__" : "__setattr__");
    if (m.tag == CG_V_STOP || cg_is_type(m, &cg_type_builtin)) {
        cg_type *sb = static_base(cg_typeof(self));
        if (sb->setattr) {
            int r = sb->setattr(self, name, value);
            if (r <= 0)
                return r;
        }
        return cg_generic_setattr(self, name, value);
    }
    cg_value r = del ? call_special(self, "__delattr__", 1, (cg_value[]){cg_obj_value(name)})
                     : call_special(self, "__setattr__", 2, (cg_value[]){cg_obj_value(name), value});
    if (cg_is_err(r))
        return -1;
    cg_decref(r);
    return 0;
}

static cg_value user_getattr(cg_value self, cg_str *name) {
    if (cg_typeof(self)->flags & CG_TYPE_GETATTRIBUTE) { /* its own __getattribute__, then __getattr__ */
        cg_value r = call_special(self, "__getattribute__", 1, (cg_value[]){cg_obj_value(name)});
        if (r.tag != CG_V_STOP) {
            cg_value ga = lookup(self, "__getattr__");
            if (cg_is_err(r) && ga.tag != CG_V_STOP && cg_exc_matches(&cg_exc_AttributeError)) {
                cg_exc_clear();
                return cg_call2(ga, self, cg_obj_value(name));
            }
            return r;
        }
    }
    cg_type *sb = static_base(cg_typeof(self));
    if (sb->getattr)
        return sb->getattr(cg_unbox(self), name);
    return CG_STOP;
}

/* object.__setattr__(self, name, value): the generic store, for classes
 * that override __setattr__ and call up to it. */
static cg_value object_setattr_method(cg_value self, const cg_args *a) {
    if (a->npos != 2 || !cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "__setattr__ expected 2 arguments");
    cg_type *sb = static_base(cg_typeof(self));
    cg_str *name = cg_str_intern(cg_str_cstr(a->pos[0]));
    if (sb->setattr) {
        int r = sb->setattr(self, name, a->pos[1]);
        if (r < 0)
            return CG_ERR;
        if (r == 0)
            return CG_NONE;
    }
    return cg_generic_setattr(self, name, a->pos[1]) < 0 ? CG_ERR : CG_NONE;
}

static cg_value object_getattribute_method(cg_value self, const cg_args *a) {
    if (a->npos != 1 || !cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "__getattribute__ expected 1 argument");
    cg_str *name = cg_str_intern(cg_str_cstr(a->pos[0]));
    cg_type *sb = static_base(cg_typeof(self)); /* not the class's own __getattribute__ again */
    cg_value r = sb->getattr ? sb->getattr(cg_unbox(self), name) : CG_STOP;
    if (r.tag == CG_V_STOP)
        r = cg_generic_getattr(self, name);
    if (r.tag == CG_V_STOP)
        return cg_raise_no_attribute(self, name);
    return r;
}

static cg_value object_delattr_method(cg_value self, const cg_args *a) {
    if (a->npos != 1 || !cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "__delattr__ expected 1 argument");
    cg_str *name = cg_str_intern(cg_str_cstr(a->pos[0]));
    return cg_generic_setattr(self, name, CG_ERR) < 0 ? CG_ERR : CG_NONE;
}

static cg_value object_init_method(cg_value self, const cg_args *a) {
    (void)self;
    (void)a;
    return CG_NONE;
}

static bool is_object_init(cg_value init) {
    return init.tag == CG_V_STOP
           || (cg_is_type(init, &cg_type_builtin) && ((cg_builtin *)init.u.o)->def->fn == object_init_method);
}

/* CPython names a builtin type of an extension module with its module
 * ('torch.layout'), one of the interpreter's by its name alone. */
static cg_value cannot_create(const cg_type *t) {
    bool qualified = !(t->flags & CG_TYPE_HEAP) && t->module && strcmp(t->module, "builtins") != 0;
    return cg_raise(&cg_exc_TypeError, "cannot create '%s%s%s' instances", qualified ? t->module : "",
                    qualified ? "." : "", t->name);
}

/* object.__new__(cls): a bare instance of cls, made by its nearest C
 * base, its __init__ not run (copy.deepcopy and pickle-style code make
 * objects this way). Arguments past cls are __init__'s business; with no
 * __init__ or __new__ to take them they are an error, as in Python. */
static cg_value object_new_method(cg_value self, const cg_args *a) {
    if (!cg_isinstance(self, &cg_type_type))
        return cg_raise(&cg_exc_TypeError, "object.__new__(X): X is not a type object (%s)", cg_type_name(self));
    cg_type *t = (cg_type *)self.u.o;
    cg_type *sb = static_base(t);
    if (!sb->new_)
        return cannot_create(t);
    if ((a->npos || a->nkw) && sb == &cg_type_object
        && is_object_init(cg_type_lookup_borrowed(t, cg_str_intern("__init__"))))
        return cg_raise(&cg_exc_TypeError, "%s() takes no arguments", t->name);
    cg_args none = {0};
    if (t->flags & CG_TYPE_BOXED)
        return cg_boxed_new(t, sb, a);
    return sb->new_(t, (t->flags & CG_TYPE_HEAP) && sb != &cg_type_object ? a : &none);
}

/* object.__init_subclass__: the end of the chain of __init_subclass__,
 * which takes no class keywords. */
static cg_value object_init_subclass(cg_value cls, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "%s.__init_subclass__() takes no keyword arguments",
                        cg_isinstance(cls, &cg_type_type) ? ((cg_type *)cls.u.o)->name : cg_type_name(cls));
    return CG_NONE;
}

/* Note [object.__reduce_ex__]: object's pickling methods are written in
 * Python, in copyreg (Note [object.__reduce_ex__ in copyreg] there), as
 * CPython's call into copyreg for the same work; these call them. */
static cg_value call_copyreg(const char *fn, int n, const cg_value *args) {
    cg_value f = cg_import_attr("copyreg", fn);
    if (cg_is_err(f))
        return CG_ERR;
    cg_args a = {.pos = args, .npos = n};
    cg_value r = cg_call(f, &a);
    cg_decref(f);
    return r;
}

static cg_value object_reduce_ex_method(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "object.__reduce_ex__() takes exactly one argument (%d given)",
                        a->npos + a->nkw);
    int64_t proto;
    if (cg_index_value(a->pos[0], &proto) < 0)
        return CG_ERR;
    cg_value args[2] = {self, cg_int(proto)};
    return call_copyreg("_object_reduce_ex", 2, args);
}

static cg_value object_reduce_method(cg_value self, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "object.__reduce__() takes no arguments (%d given)", a->npos + a->nkw);
    return call_copyreg("_object_reduce", 1, &self);
}

static cg_value object_getstate_method(cg_value self, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "object.__getstate__() takes no arguments (%d given)", a->npos + a->nkw);
    return call_copyreg("_object_getstate", 1, &self);
}

static const cg_method_def object_methods[] = {
    {"__reduce_ex__", object_reduce_ex_method, NULL, "Helper for pickle."},
    {"__reduce__", object_reduce_method, NULL, "Helper for pickle."},
    {"__getstate__", object_getstate_method, NULL, "Helper for pickle."},
    {"__setattr__", object_setattr_method, NULL, "Implement setattr(self, name, value)."},
    {"__getattribute__", object_getattribute_method, NULL, "Return getattr(self, name)."},
    {"__delattr__", object_delattr_method, NULL, "Implement delattr(self, name)."},
    {"__init__", object_init_method, NULL, "Initialize self."},
    {"__new__", object_new_method, NULL, "Create and return a new object.  See help(type) for accurate signature."},
    {NULL},
};

/* __new__ is a static method of every class, as Python makes it. */
static int make_static(cg_dict *dict, const char *name) {
    cg_value f = cg_dict_get_str_borrowed(dict, cg_str_intern(name));
    if (f.tag == CG_V_STOP || (!cg_is_type(f, &cg_type_function) && !cg_is_type(f, &cg_type_builtin)))
        return 0;
    cg_value sm = cg_call1(cg_obj_value(&cg_type_staticmethod), f);
    if (cg_is_err(sm))
        return -1;
    int rc = cg_dict_set_str(dict, name, sm);
    cg_decref(sm);
    return rc;
}

/* Wraps name's function in classmethod, as Python does for
 * __init_subclass__ and __class_getitem__. */
static int make_classmethod(cg_dict *dict, const char *name) {
    cg_value f = cg_dict_get_str_borrowed(dict, cg_str_intern(name));
    if (f.tag == CG_V_STOP || (!cg_is_type(f, &cg_type_function) && !cg_is_type(f, &cg_type_builtin)))
        return 0;
    cg_value cm = cg_call1(cg_obj_value(&cg_type_classmethod), f);
    if (cg_is_err(cm))
        return -1;
    int rc = cg_dict_set_str(dict, name, cm);
    cg_decref(cm);
    return rc;
}

static const cg_method_def init_subclass_def = {"__init_subclass__", object_init_subclass, NULL,
                                                "This method is called when a class is subclassed."};

/* ---- type's methods, for metaclasses that call up to them --------------------------- */

static cg_value type_call_method(cg_value self, const cg_args *a) {
    if (!cg_isinstance(self, &cg_type_type))
        return cg_raise(&cg_exc_TypeError, "descriptor '__call__' requires a 'type' object");
    if (self.u.o == &cg_type_type.head)
        return cg_call(self, a);
    return cg_type_instantiate((cg_type *)self.u.o, a);
}

static cg_value type_new_method(cg_value self, const cg_args *a) {
    if (!cg_isinstance(self, &cg_type_type))
        return cg_raise(&cg_exc_TypeError, "type.__new__(X): X is not a type object (%s)", cg_type_name(self));
    cg_type *meta = (cg_type *)self.u.o;
    if (!cg_type_is_subtype(meta, &cg_type_type))
        return cg_raise(&cg_exc_TypeError, "type.__new__(%s): %s is not a subtype of type", meta->name, meta->name);
    if (a->npos == 1 && a->nkw == 0 && meta == &cg_type_type)
        return cg_incref(cg_obj_value(cg_typeof(a->pos[0])));
    return cg_type_new_class(meta, a);
}

static cg_value type_prepare_method(cg_value self, const cg_args *a) { return cg_dict_new(); }

static cg_value type_mro_method(cg_value self, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "mro() takes no arguments");
    cg_value t = cg_type_mro((cg_type *)self.u.o);
    if (cg_is_err(t))
        return t;
    cg_value l = cg_list_from_iterable(t);
    cg_decref(t);
    return l;
}

/* type.__or__ and __ror__ in type's dict, so that a metaclass's classes
 * (ABCMeta's: collections.abc.Sequence | None) unite too: the binary slot
 * of type (generic_alias.c) does the work. */
static cg_value type_or_method(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "expected 1 argument, got %d", a->npos);
    return cg_type_or(self, a->pos[0], OP_BITOR);
}

static cg_value type_ror_method(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "expected 1 argument, got %d", a->npos);
    return cg_type_or(a->pos[0], self, OP_BITOR);
}

static const cg_method_def type_methods[] = {
    {"__call__", type_call_method, NULL, "Call self as a function."},
    {"__subclasses__", cg_type_subclasses, "__subclasses__()", "Return a list of immediate subclasses."},
    {"mro", type_mro_method, NULL, "Return a type's method resolution order."},
    {"__or__", type_or_method, NULL, "Return self|value."},
    {"__ror__", type_ror_method, NULL, "Return value|self."},
    {NULL},
};
static const cg_method_def type_static_defs[] = {
    {"__new__", type_new_method, NULL, "Create and return a new object.  See help(type) for accurate signature."},
    {"__prepare__", type_prepare_method, NULL,
     "__prepare__() -> dict\nused to create the namespace for the class statement"},
};

int cg_object_type_init(void) {
    if (cg_type_add_methods(&cg_type_object, object_methods) < 0 || make_static(cg_type_object.dict, "__new__") < 0)
        return -1;
    cg_value f = cg_builtin_new(&init_subclass_def, CG_STOP);
    if (cg_is_err(f))
        return -1;
    int rc = cg_dict_set_str(cg_type_object.dict, "__init_subclass__", f);
    cg_decref(f);
    if (rc < 0 || make_classmethod(cg_type_object.dict, "__init_subclass__") < 0)
        return -1;
    if (cg_type_add_methods(&cg_type_type, type_methods) < 0)
        return -1;
    for (int i = 0; i < 2; i++) {
        cg_value g = cg_builtin_new(&type_static_defs[i], CG_STOP);
        if (cg_is_err(g))
            return -1;
        rc = cg_dict_set_str(cg_type_type.dict, type_static_defs[i].name, g);
        cg_decref(g);
        if (rc < 0 || make_static(cg_type_type.dict, type_static_defs[i].name) < 0)
            return -1;
    }
    return 0;
}

/* ---- descriptors written in Python ------------------------------------------------ */

/* d.__get__(obj, owner): obj is None when the attribute is read from the
 * class itself. */
static cg_value user_descr_get(cg_value d, cg_value obj, cg_type *owner) {
    cg_value args[2] = {obj.tag == CG_V_STOP ? CG_NONE : obj, cg_obj_value(owner)};
    cg_value r = call_special(d, "__get__", 2, args);
    return r.tag == CG_V_STOP ? cg_incref(d) : r;
}

/* obj.name = value through d.__set__, or del obj.name through d.__delete__
 * (value CG_ERR). */
int cg_user_descr_set(cg_value d, cg_value obj, cg_value value) {
    bool del = value.tag == CG_V_ERR;
    cg_value r = call_special(d, del ? "__delete__" : "__set__", del ? 1 : 2, (cg_value[]){obj, value});
    if (r.tag == CG_V_STOP) /* a descriptor with only one of the two, as CPython says */
        return cg_raise_int(&cg_exc_AttributeError, "%s", del ? "__delete__" : "__set__");
    if (cg_is_err(r))
        return -1;
    cg_decref(r);
    return 0;
}

/* type.__new__ calls __set_name__(owner, name) on each attribute that has
 * one, once the class exists; over a copy of the namespace, since those
 * calls may change the class's. */
static int set_names(cg_value cls, cg_dict *dict) {
    cg_value copy = cg_dict_copy(dict);
    if (cg_is_err(copy))
        return -1;
    int64_t pos = 0;
    cg_value k, v;
    int rc = 0;
    while (rc == 0 && cg_dict_next(cg_as_dict(copy), &pos, &k, &v)) {
        if (v.tag != CG_V_OBJ || !((v.u.o->type->flags & CG_TYPE_HEAP) || cg_is_property(v)))
            continue;
        cg_value r = call_special(v, "__set_name__", 2, (cg_value[]){cls, k});
        if (cg_is_err(r))
            rc = -1;
        cg_decref(r);
    }
    cg_decref(copy);
    return rc;
}

/* ---- making classes ------------------------------------------------------------ */

/* A class references its namespace and its base (and, through its
 * functions, often itself: C.f.__globals__ holds C). */
void cg_class_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_type *t = (cg_type *)o;
    cg_visit_obj(t->dict, visit, arg);
    if (t->base && (t->base->flags & CG_TYPE_HEAP))
        visit(&t->base->head, arg);
    cg_visit_obj(t->bases, visit, arg);
    cg_visit_obj(t->mro_rest, visit, arg);
    if (o->type->flags & CG_TYPE_HEAP) /* its metaclass */
        visit(&o->type->head, arg);
}

/* Empties the namespace (classes hand out no other way to it that could
 * outlive them); the dict itself stays for lookups. */
void cg_class_clear(cg_obj *o) {
    cg_type *t = (cg_type *)o;
    if (t->dict)
        cg_dict_clear(t->dict);
}

void cg_class_dealloc(cg_obj *o) {
    cg_type *t = (cg_type *)o;
    if (!(t->flags & CG_TYPE_HEAP))
        return;
    cg_class_forget_subclasses(t);
    if (t->dict)
        cg_obj_decref(t->dict);
    if (t->base && (t->base->flags & CG_TYPE_HEAP))
        cg_obj_decref(t->base);
    if (t->bases)
        cg_obj_decref(t->bases);
    if (t->mro_rest)
        cg_obj_decref(t->mro_rest);
    cg_type *meta = o->type;
    free((char *)t->name);
    free((char *)t->module);
    free((char *)t->qualname);
    free(t);
    if (meta->flags & CG_TYPE_HEAP)
        cg_obj_decref(meta);
}

static void set_owner(cg_value v, cg_type *cls) {
    if (cg_is_type(v, &cg_type_function)) {
        ((cg_function *)v.u.o)->owner = cls;
    } else if (cg_is_type(v, &cg_type_staticmethod) || cg_is_type(v, &cg_type_classmethod) || cg_is_property(v)) {
        static const char *const parts[] = {"__func__", "fget", "fset", "fdel"};
        for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
            cg_value f = cg_getattr_opt(v, cg_str_intern(parts[i]));
            if (!cg_is_err(f) && f.tag != CG_V_STOP)
                set_owner(f, cls);
            if (cg_is_err(f))
                cg_exc_clear();
            cg_decref(f);
        }
    }
}

cg_value cg_class_new(const char *name, const char *module, cg_type *base, cg_dict *dict) {
    cg_value bases = cg_tuple_new(1);
    if (cg_is_err(bases))
        return bases;
    cg_obj_incref(base);
    cg_as_tuple(bases)->items[0] = cg_obj_value(base);
    cg_value r = cg_class_new_full(name, module, &cg_type_type, bases, dict);
    cg_decref(bases);
    return r;
}

/* __qualname__ leaves the namespace for the class itself, as in Python. */
static int take_qualname(cg_type *t, cg_dict *dict) {
    cg_str *key = cg_str_intern("__qualname__");
    cg_value q = cg_dict_get_str_borrowed(dict, key);
    if (q.tag == CG_V_STOP)
        return 0;
    if (!cg_is_str(q))
        return cg_raise_int(&cg_exc_TypeError, "type __qualname__ must be a str, not %s", cg_type_name(q));
    if (strcmp(cg_str_cstr(q), t->name) != 0 && !(t->qualname = strdup(cg_str_cstr(q)))) {
        cg_raise_nomemory();
        return -1;
    }
    return cg_dict_del(dict, cg_obj_value(key)) < 0 ? -1 : 0;
}

/* __slots__: names checked against the class's own variables; without
 * "__dict__" among them (nor a base that has one), instances take no
 * other attribute (the store of user_setattr refuses it, and they show
 * no __dict__). Their values live in the instance's own dict all the
 * same, which no one can reach. */
static int take_slots(cg_type *t, cg_dict *dict) {
    cg_value sl = cg_dict_get_str_borrowed(dict, cg_str_intern("__slots__"));
    if (sl.tag == CG_V_STOP)
        return 0;
    cg_value names = cg_is_str(sl) ? cg_tuple_pack(1, sl) : cg_list_from_iterable(sl);
    if (cg_is_err(names))
        return -1;
    bool has_dict = false;
    int rc = 0;
    cg_value it = cg_iter(names);
    for (cg_value n; rc == 0 && !cg_is_err(it) && (n = cg_next(it)).tag != CG_V_STOP;) {
        if (cg_is_err(n) || !cg_is_str(n)) {
            if (!cg_is_err(n))
                cg_raise(&cg_exc_TypeError, "__slots__ items must be strings, not '%s'", cg_type_name(n));
            cg_decref(n);
            rc = -1;
            break;
        }
        if (!strcmp(cg_str_cstr(n), "__dict__"))
            has_dict = true;
        else if (cg_dict_get_str_borrowed(dict, cg_str_intern(cg_str_cstr(n))).tag != CG_V_STOP)
            rc = cg_raise_int(&cg_exc_ValueError, "'%s' in __slots__ conflicts with class variable", cg_str_cstr(n));
        cg_decref(n);
    }
    if (cg_is_err(it))
        rc = -1;
    cg_decref(it);
    cg_decref(names);
    bool base_dict = false; /* a base without __slots__ gives its instances a dict */
    const cg_tuple *m = (const cg_tuple *)t->mro_rest;
    for (int64_t i = 0; m && i < m->len; i++) {
        const cg_type *b = (const cg_type *)m->items[i].u.o;
        if ((b->flags & CG_TYPE_HEAP) && !(b->flags & CG_TYPE_SLOTS))
            base_dict = true;
    }
    if (rc == 0 && !has_dict && !base_dict && static_base(t) == &cg_type_object)
        t->flags |= CG_TYPE_SLOTS;
    return rc;
}

/* Whether name is a slot of t or of a base with __slots__. */
static bool slot_named(cg_value s, const cg_str *name) {
    return cg_is_str(s) && (s.u.o == &name->head || !strcmp(cg_str_cstr(s), name->s));
}

/* Whether one class's __slots__ (a str, or an iterable of them) names it;
 * a tuple or list is read in place, since this runs on every store. */
static bool slots_name(cg_value sl, const cg_str *name) {
    if (cg_is_str(sl))
        return slot_named(sl, name);
    if (cg_is_type(sl, &cg_type_tuple) || cg_is_type(sl, &cg_type_list)) {
        const cg_value *items = cg_is_type(sl, &cg_type_tuple) ? cg_as_tuple(sl)->items : cg_as_list(sl)->items;
        int64_t n = cg_is_type(sl, &cg_type_tuple) ? cg_as_tuple(sl)->len : cg_as_list(sl)->len;
        for (int64_t j = 0; j < n; j++)
            if (slot_named(items[j], name))
                return true;
        return false;
    }
    cg_value c = cg_list_from_iterable(sl);
    if (cg_is_err(c)) {
        cg_exc_clear();
        return false;
    }
    bool found = false;
    for (int64_t j = 0; !found && j < cg_as_list(c)->len; j++)
        found = slot_named(cg_as_list(c)->items[j], name);
    cg_decref(c);
    return found;
}

static bool class_slots_name(const cg_type *b, const cg_str *name) {
    if (!(b->flags & CG_TYPE_HEAP))
        return false;
    cg_value sl = cg_dict_get_str_borrowed(b->dict, cg_str_intern("__slots__"));
    return sl.tag != CG_V_STOP && slots_name(sl, name);
}

/* Whether a class in t's MRO lists name in its __slots__. */
static bool is_slot(cg_type *t, cg_str *name) {
    if (class_slots_name(t, name))
        return true;
    const cg_tuple *rest = (const cg_tuple *)t->mro_rest;
    for (int64_t i = 0; rest && i < rest->len; i++)
        if (class_slots_name((const cg_type *)rest->items[i].u.o, name))
            return true;
    return false;
}

static cg_type *class_alloc(const char *name, const char *module, cg_type *meta, const cg_tuple *bt) {
    if (cg_class_check_bases(bt) < 0)
        return NULL;
    cg_type *base = cg_class_best_base(bt);
    if (!base)
        return NULL;
    cg_value rest = cg_class_mro_rest(bt);
    if (cg_is_err(rest))
        return NULL;
    cg_type *t = calloc(1, sizeof *t);
    if (!t) {
        cg_decref(rest);
        cg_raise_nomemory();
        return NULL;
    }
    *t = *base; /* the base's slots, then ours */
    t->head = (cg_obj){1, meta};
    if (meta->flags & CG_TYPE_HEAP)
        cg_obj_incref(meta);
    t->gc = (cg_gc_link){0};
    t->name = strdup(name);
    t->module = strdup(module ? module : "__main__");
    t->qualname = NULL;
    t->bases = cg_incref(cg_obj_value((cg_obj *)bt)).u.o;
    t->mro_rest = rest.u.o;
    t->base = base;
    if (base->flags & CG_TYPE_HEAP)
        cg_obj_incref(base);
    t->dict = NULL;
    return t;
}

cg_value cg_class_new_full(const char *name, const char *module, cg_type *meta, cg_value bases, cg_dict *dict) {
    const cg_tuple *bt = cg_as_tuple(bases);
    cg_value obj_only = CG_NONE;
    if (bt->len == 0) {
        obj_only = cg_tuple_new(1);
        if (cg_is_err(obj_only))
            return obj_only;
        cg_as_tuple(obj_only)->items[0] = cg_obj_value(&cg_type_object);
        bt = cg_as_tuple(obj_only);
    }
    cg_type *t = class_alloc(name, module, meta, bt);
    cg_decref(obj_only);
    if (!t)
        return CG_ERR;
    cg_type *base = t->base;
    t->dict = dict;
    cg_obj_incref(dict);
    bool is_meta = cg_type_is_subtype(base, &cg_type_type); /* its instances are classes */
    t->flags = CG_TYPE_HEAP | (is_meta ? 0 : CG_TYPE_HAS_DICT) | CG_TYPE_BASETYPE
               | (base->flags & (CG_TYPE_EXCEPTION | CG_TYPE_TRASHCAN | CG_TYPE_DATA_DESCR));
    if (t->gc_offset || static_base(base) == &cg_type_object) /* a class's instances can be weakly referenced */
        t->flags |= CG_TYPE_WEAKREF;
    if (t->basicsize < sizeof(cg_instance))
        t->basicsize = sizeof(cg_instance);
    cg_type *sb = static_base(base);
    t->dealloc = (sb == &cg_type_object) ? cg_instance_dealloc : sb->dealloc;
    if (sb == &cg_type_object) { /* plain instances: freed by a loop when chained, and collected */
        t->flags |= CG_TYPE_TRASHCAN;
        t->gc_offset = offsetof(cg_instance, gc);
        t->traverse = cg_instance_traverse;
        t->clear = cg_instance_clear;
    } else if (cg_type_is_boxable(sb)) {
        cg_boxed_class_init(t);
    }
    t->repr = user_repr;
    t->str = user_str;
    t->compare = user_compare;
    t->binary = user_binary;
    t->inplace = user_inplace;
    t->unary = user_unary;
    t->truth = user_truth;
    t->contains = user_contains;
    t->getitem = user_getitem;
    t->setitem = user_setitem;
    t->delitem = user_delitem;
    t->iter = user_iter;
    t->next = user_next;
    t->call = user_call;
    t->setattr = user_setattr;
    t->getattr = user_getattr;
    t->len = user_len;
    /* a C base's own (a property subclass's); user_descr_get once the
     * class is made, if it has __get__ */
    t->descr_get = sb->descr_get;
    /* __eq__ without __hash__ makes instances unhashable, as in Python */
    bool has_eq = cg_dict_get_str_borrowed(dict, cg_str_intern("__eq__")).tag != CG_V_STOP;
    bool has_hash = cg_dict_get_str_borrowed(dict, cg_str_intern("__hash__")).tag != CG_V_STOP;
    t->hash = (has_eq && !has_hash) ? NULL : user_hash;
    if (!has_eq && !has_hash && base->hash == NULL)
        t->hash = NULL;
    if (!t->name || !t->module) {
        cg_class_dealloc(&t->head);
        return cg_raise_nomemory();
    }
    if (make_static(dict, "__new__") < 0 || make_classmethod(dict, "__init_subclass__") < 0
        || make_classmethod(dict, "__class_getitem__") < 0 || take_qualname(t, dict) < 0) {
        cg_class_dealloc(&t->head);
        return CG_ERR;
    }
    /* the descriptor protocol, decided once per class as CPython's slots are */
    if (cg_type_lookup_borrowed(t, cg_str_intern("__get__")).tag != CG_V_STOP)
        t->descr_get = user_descr_get;
    if (cg_type_lookup_borrowed(t, cg_str_intern("__set__")).tag != CG_V_STOP
        || cg_type_lookup_borrowed(t, cg_str_intern("__delete__")).tag != CG_V_STOP)
        t->flags |= CG_TYPE_DATA_DESCR;
    set_finalizer(t);
    set_getattribute(t);
    if (take_slots(t, dict) < 0) {
        cg_class_dealloc(&t->head);
        return CG_ERR;
    }
    int64_t pos = 0;
    cg_value k, v;
    while (cg_dict_next(dict, &pos, &k, &v))
        set_owner(v, t);
    cg_gc_track(t);
    cg_value cls = cg_obj_value(t);
    if (cg_class_note_subclass(t) < 0 || set_names(cls, dict) < 0) {
        cg_decref(cls);
        return CG_ERR;
    }
    return cls;
}

/* A class body that starts with a string sets __doc__ to it, as Python's
 * compiler does (None otherwise). */
static cg_value class_docstring(const cg_ast *def) {
    const cg_ast_list *body = &def->u.cls.body;
    const cg_ast *s = body->n > 0 ? body->items[0] : NULL;
    if (!s || s->kind != AST_EXPR_STMT || s->u.expr.value->kind != AST_CONSTANT
        || s->u.expr.value->u.constant.kind != CONST_STR)
        return CG_NONE;
    return *(cg_value *)s->u.expr.value->u.constant.value;
}

/* The class body, run with ns (a dict, or a dict subclass a __prepare__
 * made) as its locals. */
static int run_body(cg_frame *f, const cg_ast *def, cg_value ns) {
    cg_scope *sc = cg_scope_of(def);
    cg_dict *d = cg_as_dict(cg_unbox(ns));
    cg_value modname = cg_dict_get_str_borrowed(f->globals, cg_str_intern("__name__"));
    cg_value qual = cg_str_from_c(sc->qualname);
    if (cg_is_err(qual)
        || (modname.tag != CG_V_STOP && cg_setitem(ns, cg_obj_value(cg_str_intern("__module__")), modname) < 0)
        || cg_setitem(ns, cg_obj_value(cg_str_intern("__qualname__")), qual) < 0) {
        cg_decref(qual);
        return -1;
    }
    cg_decref(qual);
    if (cg_setitem(ns, cg_obj_value(cg_str_intern("__doc__")), class_docstring(def)) < 0)
        return -1;
    cg_value small[16], *slots = sc->nslots <= 16 ? small : malloc(sizeof *slots * (size_t)sc->nslots);
    if (!slots) {
        cg_raise_nomemory();
        return -1;
    }
    for (int i = 0; i < sc->nslots; i++)
        slots[i] = CG_STOP;
    for (int i = 0; i < sc->nfree; i++)
        slots[sc->free_slots[i]] = cg_incref(f->slots[sc->free_from[i]]);
    cg_frame cf = {.back = f,
                   .scope = sc,
                   .slots = slots,
                   .globals = f->globals,
                   .locals = d,
                   .locals_map = ns.u.o != &d->head ? ns.u.o : NULL,
                   .arena = f->arena,
                   .name = sc->name,
                   .line = def->line,
                   .retval = CG_NONE};
    cg_ev.frame = &cf;
    cg_exec_status r = cg_exec_block(&cf, &def->u.cls.body);
    cg_ev.frame = f;
    if (r == EXEC_ERR)
        cg_frame_add_traceback(&cf);
    cg_decref(cf.retval);
    for (int i = 0; i < sc->nslots; i++)
        cg_decref(slots[i]);
    if (slots != small)
        free(slots);
    return r == EXEC_ERR ? -1 : 0;
}

/* The class keywords but metaclass=, for __prepare__, the metaclass and
 * __init_subclass__. */
typedef struct {
    cg_str *kwn[16];
    cg_value kwv[16];
    int nkw;
    cg_value meta; /* CG_STOP: none given */
} class_kw;

static int split_keywords(const cg_args *a, class_kw *k) {
    k->nkw = 0;
    k->meta = CG_STOP;
    for (int i = 0; i < a->nkw; i++) {
        if (!strcmp(a->kwn[i]->s, "metaclass")) {
            k->meta = a->kwv[i];
        } else if (k->nkw < 16) {
            k->kwn[k->nkw] = a->kwn[i];
            k->kwv[k->nkw++] = a->kwv[i];
        } else {
            return cg_raise_int(&cg_exc_TypeError, "too many class keywords");
        }
    }
    return 0;
}

/* Python's __build_class__: the metaclass (given, or the most derived of
 * the bases' types), its __prepare__'s namespace, the body run in it, then
 * metaclass(name, bases, namespace, **keywords). */
/* PEP 560: a base that is not a class but has __mro_entries__ (typing's
 * List[int], Generic[T]) stands for the classes that method returns.
 * Returns the new bases tuple; *changed tells whether any base was
 * replaced (the namespace then gets __orig_bases__). */
static cg_value resolve_bases(cg_value orig, bool *changed) {
    cg_value list = cg_list_new(0);
    if (cg_is_err(list))
        return list;
    *changed = false;
    cg_tuple *t = cg_as_tuple(orig);
    for (int64_t i = 0; i < t->len; i++) {
        cg_value b = t->items[i];
        cg_value m = cg_isinstance(b, &cg_type_type) ? CG_STOP : cg_getattr_opt(b, cg_str_intern("__mro_entries__"));
        if (cg_is_err(m))
            goto fail;
        if (m.tag == CG_V_STOP) {
            if (cg_list_append_steal(list, cg_incref(b)) < 0)
                goto fail;
            continue;
        }
        cg_value entries = cg_call1(m, orig);
        cg_decref(m);
        if (cg_is_err(entries))
            goto fail;
        if (!cg_is_type(entries, &cg_type_tuple)) {
            cg_decref(entries);
            cg_raise(&cg_exc_TypeError, "__mro_entries__ must return a tuple");
            goto fail;
        }
        int rc = cg_list_extend(list, entries);
        cg_decref(entries);
        if (rc < 0)
            goto fail;
        *changed = true;
    }
    cg_value r = cg_tuple_from_array(cg_as_list(list)->len, cg_as_list(list)->items);
    cg_decref(list);
    return r;
fail:
    cg_decref(list);
    return CG_ERR;
}

cg_value cg_class_from_body(cg_frame *f, const cg_ast *def, const cg_args *a) {
    class_kw k;
    if (split_keywords(a, &k) < 0)
        return CG_ERR;
    cg_value orig_bases = cg_tuple_new(a->npos);
    if (cg_is_err(orig_bases))
        return orig_bases;
    for (int i = 0; i < a->npos; i++)
        cg_as_tuple(orig_bases)->items[i] = cg_incref(a->pos[i]);
    bool resolved;
    cg_value bases = resolve_bases(orig_bases, &resolved);
    if (cg_is_err(bases)) {
        cg_decref(orig_bases);
        return bases;
    }
    cg_value meta = k.meta;
    if (meta.tag == CG_V_STOP)
        meta = cg_as_tuple(bases)->len ? cg_obj_value(cg_typeof(cg_as_tuple(bases)->items[0]))
                                       : cg_obj_value(&cg_type_type);
    if (cg_isinstance(meta, &cg_type_type)) {
        cg_type *w = cg_class_winner_meta((cg_type *)meta.u.o, cg_as_tuple(bases));
        if (!w) {
            cg_decref(bases);
            cg_decref(orig_bases);
            return CG_ERR;
        }
        meta = cg_obj_value(w);
    }
    cg_value name = cg_str_from_c(def->u.cls.name);
    cg_value pos[3] = {name, bases, CG_NONE};
    cg_args pa = {.pos = pos, .npos = 2, .kwn = k.kwn, .kwv = k.kwv, .nkw = k.nkw};
    cg_value prep = cg_getattr_opt(meta, cg_str_intern("__prepare__"));
    cg_value ns = CG_ERR, cls = CG_ERR;
    if (cg_is_err(prep))
        goto done;
    ns = prep.tag == CG_V_STOP ? cg_dict_new() : cg_call(prep, &pa);
    cg_decref(prep);
    if (cg_is_err(ns))
        goto done;
    if (!cg_isinstance(cg_unbox(ns), &cg_type_dict)) {
        cg_raise(&cg_exc_TypeError, "%s.__prepare__() must return a mapping, not %s",
                 cg_isinstance(meta, &cg_type_type) ? ((cg_type *)meta.u.o)->name : "<metaclass>", cg_type_name(ns));
        goto done;
    }
    if (resolved && cg_setitem(ns, cg_obj_value(cg_str_intern("__orig_bases__")), orig_bases) < 0)
        goto done;
    if (run_body(f, def, ns) < 0)
        goto done;
    pos[2] = ns;
    pa.npos = 3;
    cls = cg_call(meta, &pa);
done:
    cg_decref(ns);
    cg_decref(name);
    cg_decref(bases);
    cg_decref(orig_bases);
    return cls;
}

/* super(cls, cls).__init_subclass__(**kw), once the class is made */
static int init_subclass(cg_value cls, const cg_args *a) {
    cg_value sup = cg_super_new((cg_type *)cls.u.o, cls);
    if (cg_is_err(sup))
        return -1;
    cg_value m = cg_getattr(sup, cg_str_intern("__init_subclass__"));
    cg_decref(sup);
    if (cg_is_err(m))
        return -1;
    cg_args k = {.kwn = a->kwn, .kwv = a->kwv, .nkw = a->nkw};
    cg_value r = cg_call(m, &k);
    cg_decref(m);
    if (cg_is_err(r))
        return -1;
    cg_decref(r);
    return 0;
}

/* The module a class made by type() belongs to: its namespace's
 * __module__, else the calling frame's __name__. */
static const char *class_module(cg_dict *ns) {
    cg_value m = cg_dict_get_str_borrowed(ns, cg_str_intern("__module__"));
    if (m.tag != CG_V_STOP && cg_is_str(m))
        return cg_str_cstr(m);
    cg_frame *f = cg_ev.frame;
    cg_value g = f && f->globals ? cg_dict_get_str_borrowed(f->globals, cg_str_intern("__name__")) : CG_STOP;
    if (g.tag != CG_V_STOP && cg_is_str(g) && cg_dict_set_str(ns, "__module__", g) == 0)
        return cg_str_cstr(g);
    return "builtins";
}

cg_value cg_type_new_class(cg_type *meta, const cg_args *a) {
    if (a->npos != 3)
        return cg_raise(&cg_exc_TypeError, "type.__new__() takes exactly 3 arguments (%d given)", a->npos);
    if (!cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "type.__new__() argument 1 must be str, not %s", cg_type_name(a->pos[0]));
    if (!cg_is_tuple(a->pos[1]))
        return cg_raise(&cg_exc_TypeError, "type.__new__() argument 2 must be tuple, not %s", cg_type_name(a->pos[1]));
    if (!cg_isinstance(cg_unbox(a->pos[2]), &cg_type_dict))
        return cg_raise(&cg_exc_TypeError, "type.__new__() argument 3 must be dict, not %s", cg_type_name(a->pos[2]));
    const cg_tuple *bt = cg_as_tuple(a->pos[1]);
    cg_type *winner = cg_class_winner_meta(meta, bt);
    if (!winner)
        return CG_ERR;
    cg_value ns = cg_dict_copy(cg_as_dict(cg_unbox(a->pos[2])));
    if (cg_is_err(ns))
        return ns;
    const char *module = class_module(cg_as_dict(ns));
    cg_value cls = cg_class_new_full(cg_str_cstr(a->pos[0]), module, winner, a->pos[1], cg_as_dict(ns));
    cg_decref(ns);
    if (!cg_is_err(cls) && init_subclass(cls, a) < 0) {
        cg_decref(cls);
        return CG_ERR;
    }
    return cls;
}

/* What the nearest C base makes for t: a box holding a builtin value for
 * a subclass of int, str, list... (class_boxed.c). */
static cg_value base_new(cg_type *t, const cg_args *a) {
    cg_type *sb = static_base(t);
    if (t->flags & CG_TYPE_BOXED)
        return cg_boxed_new(t, sb, a);
    return sb->new_(t, a);
}

/* The instance C(*args) starts as: what a __new__ of the class's own
 * returns, or else what the nearest C base's constructor makes. */
static cg_value class_new(cg_type *t, const cg_args *a, bool *own_new) {
    cg_value nw = cg_type_lookup_borrowed(t, cg_str_intern("__new__"));
    if (nw.tag == CG_V_OBJ && nw.u.o == cg_dict_get_str_borrowed(cg_type_object.dict, cg_str_intern("__new__")).u.o) {
        *own_new = false; /* object.__new__: the common case, without unwrapping it */
        return base_new(t, a);
    }
    cg_value f = cg_is_type(nw, &cg_type_staticmethod) ? cg_getattr_opt(nw, cg_str_intern("__func__")) : cg_incref(nw);
    if (cg_is_err(f))
        return f;
    *own_new = cg_is_type(f, &cg_type_function);
    if (!*own_new) {
        cg_decref(f);
        return base_new(t, a);
    }
    cg_value small[8], *pos = a->npos < 8 ? small : malloc(sizeof *pos * (size_t)(a->npos + 1));
    if (!pos) {
        cg_decref(f);
        return cg_raise_nomemory();
    }
    pos[0] = cg_obj_value(t);
    for (int i = 0; i < a->npos; i++)
        pos[i + 1] = a->pos[i];
    cg_args b = *a;
    b.pos = pos;
    b.npos = a->npos + 1;
    cg_value obj = cg_call(f, &b);
    cg_decref(f);
    if (pos != small)
        free(pos);
    return obj;
}

static cg_value instantiate_class(cg_type *t, const cg_args *a);

/* C(*args): make the instance (class_new), then run __init__ if it is an
 * instance of C. A class statement's class takes a call level, as it has
 * no fast call in CPython (Note [One recursion counter]). */
cg_value cg_type_instantiate(cg_type *t, const cg_args *a) {
    cg_type *sb = static_base(t);
    if (!sb->new_)
        return cannot_create(t);
    if (!(t->flags & CG_TYPE_HEAP))
        return sb->new_(t, a);
    if (cg_recursion_enter(CG_IN_CALL) < 0)
        return CG_ERR;
    cg_value obj = instantiate_class(t, a);
    cg_recursion_leave();
    return obj;
}

static cg_value instantiate_class(cg_type *t, const cg_args *a) {
    cg_type *sb = static_base(t);
    bool own_new = false;
    cg_value obj = class_new(t, a, &own_new);
    if (cg_is_err(obj) || !cg_isinstance(obj, t))
        return obj; /* __new__ made something else: no __init__ */
    cg_value init = cg_type_lookup_borrowed(t, cg_str_intern("__init__"));
    if (is_object_init(init)) {
        if ((a->npos || a->nkw) && sb == &cg_type_object && !own_new) {
            cg_decref(obj);
            return cg_raise(&cg_exc_TypeError, "%s() takes no arguments", t->name);
        }
        return obj;
    }
    cg_value bound = cg_is_type(init, &cg_type_function) ? cg_method_new(init, obj)
                                                         : cg_builtin_new(((cg_builtin *)init.u.o)->def, obj);
    if (cg_is_err(bound)) {
        cg_decref(obj);
        return bound;
    }
    cg_value r = cg_call(bound, a);
    cg_decref(bound);
    if (cg_is_err(r)) {
        cg_decref(obj);
        return r;
    }
    if (r.tag != CG_V_NONE) {
        cg_raise(&cg_exc_TypeError, "__init__() should return None, not '%s'", cg_type_name(r));
        cg_decref(r);
        cg_decref(obj);
        return CG_ERR;
    }
    return obj;
}

/* ---- super ------------------------------------------------------------------------ */

typedef struct {
    cg_obj head;
    cg_type *type; /* look after this class in the chain */
    cg_value obj;
    cg_gc_link gc;
} cg_super;

static void super_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_super *s = (cg_super *)o;
    if (s->type->flags & CG_TYPE_HEAP)
        visit(&s->type->head, arg);
    cg_visit_value(s->obj, visit, arg);
}

static void super_dealloc(cg_obj *o) {
    cg_super *s = (cg_super *)o;
    cg_decref(s->obj);
    if (s->type->flags & CG_TYPE_HEAP)
        cg_obj_decref(s->type);
    free(s);
}

cg_value cg_super_new(cg_type *type, cg_value obj) {
    cg_super *s = malloc(sizeof *s);
    if (!s)
        return cg_raise_nomemory();
    s->head = (cg_obj){1, &cg_type_super};
    s->type = type;
    if (type->flags & CG_TYPE_HEAP)
        cg_obj_incref(type);
    s->obj = cg_incref(obj);
    s->gc = (cg_gc_link){0};
    cg_gc_track(s);
    return cg_obj_value(s);
}

/* The attribute after s->type in the MRO of obj's type (of obj itself when
 * obj is a class, as in a classmethod), bound to obj. */
static cg_value super_getattr(cg_value self, cg_str *name) {
    cg_super *s = (cg_super *)self.u.o;
    bool obj_is_class = cg_isinstance(s->obj, &cg_type_type) && cg_type_is_subtype((cg_type *)s->obj.u.o, s->type);
    cg_type *objtype = obj_is_class ? (cg_type *)s->obj.u.o : cg_typeof(s->obj);
    if (!strcmp(name->s, "__class__"))
        return CG_STOP;
    cg_value mro = cg_type_mro(objtype);
    if (cg_is_err(mro))
        return mro;
    const cg_tuple *m = cg_as_tuple(mro);
    int64_t i = 0;
    while (i < m->len && m->items[i].u.o != &s->type->head)
        i++;
    cg_value d = CG_STOP;
    for (i++; d.tag == CG_V_STOP && i < m->len; i++) {
        const cg_type *b = (const cg_type *)m->items[i].u.o;
        if (b->dict)
            d = cg_dict_get_str_borrowed(b->dict, name);
    }
    cg_decref(mro); /* d stays alive: the classes of the MRO hold it */
    if (d.tag == CG_V_STOP) {
        cg_value w = cg_slot_wrapper_mro(objtype, s->type, name, obj_is_class ? CG_STOP : s->obj);
        if (w.tag != CG_V_STOP)
            return w;
    }
    if (d.tag == CG_V_STOP)
        return cg_raise(&cg_exc_AttributeError, "'super' object has no attribute '%s'", name->s);
    cg_type *dt = cg_typeof(d);
    if (!dt->descr_get)
        return cg_incref(d);
    if (obj_is_class) /* an unbound function, a classmethod bound to the class */
        return dt == &cg_type_function ? cg_incref(d) : dt->descr_get(d, CG_NONE, objtype);
    return dt->descr_get(d, s->obj, objtype);
}

/* super() finds the class and first argument of the calling method; super(C, obj)
 * says them. */
static cg_value super_new(cg_type *type, const cg_args *a) {
    (void)type;
    if (a->npos == 2) {
        if (!cg_isinstance(a->pos[0], &cg_type_type))
            return cg_raise(&cg_exc_TypeError, "super() argument 1 must be a type, not %s", cg_type_name(a->pos[0]));
        cg_type *t = (cg_type *)a->pos[0].u.o;
        cg_value o = a->pos[1];
        if (!cg_isinstance(o, t) && !(cg_isinstance(o, &cg_type_type) && cg_type_is_subtype((cg_type *)o.u.o, t)))
            return cg_raise(&cg_exc_TypeError, "super(type, obj): obj must be an instance or subtype of type");
        return cg_super_new(t, o);
    }
    if (a->npos != 0)
        return cg_raise(&cg_exc_TypeError, "super() takes 0 or 2 arguments");
    cg_frame *f = cg_ev.frame;
    if (!f || !f->func || !f->func->owner)
        return cg_raise(&cg_exc_RuntimeError, "super(): __class__ cell not found");
    if (f->scope->nparams == 0)
        return cg_raise(&cg_exc_RuntimeError, "super(): no arguments");
    cg_value self = f->slots[0];
    if (cg_is_type(self, &cg_type_cell))
        self = ((cg_cell *)self.u.o)->v;
    if (self.tag == CG_V_STOP)
        return cg_raise(&cg_exc_RuntimeError, "super(): arg[0] deleted");
    return cg_super_new(f->func->owner, self);
}

static cg_value super_repr(cg_value self) {
    cg_super *s = (cg_super *)self.u.o;
    return cg_str_fmt("<super: <class '%s'>, <%s object>>", s->type->name, cg_type_name(s->obj));
}

cg_type cg_type_super = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "super",
    .module = "builtins",
    .basicsize = sizeof(cg_super),
    .dealloc = super_dealloc,
    .gc_offset = offsetof(cg_super, gc),
    .traverse = super_traverse,
    .repr = super_repr,
    .hash = cg_object_hash,
    .getattr = super_getattr,
    .new_ = super_new,
};
