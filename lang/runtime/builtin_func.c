/* builtin_func.c: callables written in C and the descriptors of classes.
 *
 * A builtin function (print, list.append, torch.sum) is a cg_method_def
 * plus the object it is bound to; found in a type's dict it binds to the
 * instance it is read from. Bound methods of functions written in the
 * language live here too (staticmethod, classmethod and property are in
 * descriptors.c). None, Ellipsis and
 * NotImplemented are here as the smallest types of all. */
#include <stdlib.h>
#include <string.h>

#include "runtime/exc.h"
#include "runtime/gc.h"
#include "runtime/lang_internal.h"

/* An unbound method in a type's dict has this as its self. */
#define UNBOUND CG_STOP

cg_value cg_builtin_new(const cg_method_def *def, cg_value self) {
    cg_builtin *b = malloc(sizeof *b);
    if (!b)
        return cg_raise_nomemory();
    b->head = (cg_obj){1, &cg_type_builtin};
    b->def = def;
    b->self = cg_incref(self);
    b->gc = (cg_gc_link){0};
    if (self.tag == CG_V_OBJ && self.u.o->type->gc_offset)
        cg_gc_track(b);
    return cg_obj_value(b);
}

static void builtin_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_visit_value(((cg_builtin *)o)->self, visit, arg);
}

static void builtin_dealloc(cg_obj *o) {
    cg_builtin *b = (cg_builtin *)o;
    if (b->self.tag != CG_V_STOP)
        cg_decref(b->self);
    free(b);
}

static cg_value builtin_call(cg_value f, const cg_args *a) {
    cg_builtin *b = (cg_builtin *)f.u.o;
    if (b->self.tag != CG_V_STOP)
        return b->def->fn(b->self, a);
    /* list.append(xs, 1): the first argument is self. */
    if (a->npos == 0)
        return cg_raise(&cg_exc_TypeError, "unbound method %s() needs an argument", b->def->name);
    cg_args rest = *a;
    rest.pos++;
    rest.npos--;
    return b->def->fn(cg_boxed_self(a->pos[0], f, b->def->name), &rest);
}

static cg_value builtin_descr_get(cg_value d, cg_value obj, cg_type *owner) {
    cg_builtin *b = (cg_builtin *)d.u.o;
    (void)owner;
    if (b->self.tag != CG_V_STOP || obj.tag == CG_V_NONE)
        return cg_incref(d);
    return cg_builtin_new(b->def, cg_boxed_self(obj, d, b->def->name));
}

static cg_value builtin_repr(cg_value f) {
    cg_builtin *b = (cg_builtin *)f.u.o;
    if (b->self.tag == CG_V_STOP || cg_is_type(b->self, &cg_type_module))
        return cg_str_fmt("<built-in function %s>", b->def->name);
    return cg_str_fmt("<built-in method %s of %s object at %p>", b->def->name, cg_type_name(b->self),
                      (void *)b->self.u.o);
}

static cg_value builtin_getattr(cg_value f, cg_str *name) {
    cg_builtin *b = (cg_builtin *)f.u.o;
    if (!strcmp(name->s, "__name__") || !strcmp(name->s, "__qualname__"))
        return cg_str_from_c(b->def->name);
    if (!strcmp(name->s, "__doc__"))
        return b->def->doc ? cg_str_from_c(b->def->doc) : CG_NONE;
    if (!strcmp(name->s, "__self__"))
        return b->self.tag == CG_V_STOP ? CG_NONE : cg_incref(b->self);
    /* a module's function names its module (pickle finds it there); a
     * method bound to an object has None, an unbound one none at all */
    if (!strcmp(name->s, "__module__") && b->self.tag != CG_V_STOP)
        return cg_is_type(b->self, &cg_type_module) ? cg_incref(cg_obj_value(((cg_module *)b->self.u.o)->name))
                                                    : CG_NONE;
    /* "(iterable, /, *, key=None)": the parameters of the signature text
     * argparse binds by, for inspect.signature; None when there is none */
    if (!strcmp(name->s, "__text_signature__")) {
        const char *open = b->def->sig ? strchr(b->def->sig, '(') : NULL;
        return open ? cg_str_from_c(open) : CG_NONE;
    }
    return CG_STOP;
}

/* Two reads of d.get are equal (same method, same self by identity), as
 * CPython's builtin methods compare; json's decoder tells its default
 * parse_constant by this. */
static bool builtin_same_self(const cg_builtin *x, const cg_builtin *y) {
    return x->self.tag == y->self.tag && (x->self.tag == CG_V_STOP || cg_same(x->self, y->self));
}

static cg_value builtin_compare(cg_value a, cg_value b, cg_cmpop op) {
    if ((op != OP_EQ && op != OP_NOT_EQ) || !cg_is_type(b, &cg_type_builtin))
        return cg_incref(cg_NotImplemented);
    cg_builtin *x = (cg_builtin *)a.u.o, *y = (cg_builtin *)b.u.o;
    bool eq = x->def == y->def && builtin_same_self(x, y);
    return cg_bool(op == OP_EQ ? eq : !eq);
}

/* From the identity of self and of the method, as equality is. */
static int64_t builtin_hash(cg_value f) {
    cg_builtin *b = (cg_builtin *)f.u.o;
    uint64_t s = b->self.tag == CG_V_OBJ ? (uint64_t)(uintptr_t)b->self.u.o : (uint64_t)b->self.u.i * 31 + b->self.tag;
    if (b->self.tag == CG_V_NONE || b->self.tag == CG_V_STOP)
        s = b->self.tag;
    uint64_t h = ((s >> 4) | (s << 60)) ^ (uint64_t)(uintptr_t)b->def;
    return h == (uint64_t)-1 ? -2 : (int64_t)h;
}

cg_type cg_type_builtin = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "builtin_function_or_method",
    .module = "builtins",
    .basicsize = sizeof(cg_builtin),
    .dealloc = builtin_dealloc,
    .gc_offset = offsetof(cg_builtin, gc),
    .traverse = builtin_traverse,
    .repr = builtin_repr,
    .hash = builtin_hash,
    .compare = builtin_compare,
    .call = builtin_call,
    .getattr = builtin_getattr,
    .descr_get = builtin_descr_get,
};

/* Puts each of defs in type's dict, bound to self (UNBOUND: to the
 * instance it is read from) and wrapped in wrapper where one is given. */
static int add_defs(cg_type *type, const cg_method_def *defs, cg_value self, cg_type *wrapper) {
    if (!type->dict) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return -1;
        type->dict = cg_as_dict(d);
    }
    for (; defs->name; defs++) {
        cg_value f = cg_builtin_new(defs, self);
        if (wrapper && !cg_is_err(f)) {
            cg_value w = cg_call1(cg_obj_value(wrapper), f);
            cg_decref(f);
            f = w;
        }
        if (cg_is_err(f))
            return -1;
        int rc = cg_dict_set_str(type->dict, defs->name, f);
        cg_decref(f);
        if (rc < 0)
            return -1;
    }
    return 0;
}

int cg_type_add_methods(cg_type *type, const cg_method_def *defs) {
    return add_defs(type, defs, UNBOUND, NULL);
}

int cg_type_add_wrapped(cg_type *type, const cg_method_def *defs, cg_type *wrapper) {
    return add_defs(type, defs, UNBOUND, wrapper);
}

int cg_type_add_classmethods(cg_type *type, const cg_method_def *defs) {
    return add_defs(type, defs, UNBOUND, &cg_type_classmethod);
}

int cg_type_add_static_methods(cg_type *type, const cg_method_def *defs) {
    return add_defs(type, defs, cg_obj_value(type), NULL);
}

cg_value cg_classmethod_result(cg_value cls, cg_value made) {
    if (cg_is_err(made) || (cls.tag == CG_V_OBJ && cls.u.o == (cg_obj *)cg_typeof(made)))
        return made;
    cg_value r = cg_call1(cls, made); /* a subclass: cls(value) */
    cg_decref(made);
    return r;
}

/* ---- bound methods --------------------------------------------------------- */

cg_value cg_method_new(cg_value func, cg_value self) {
    cg_method *m = malloc(sizeof *m);
    if (!m)
        return cg_raise_nomemory();
    m->head = (cg_obj){1, &cg_type_method};
    m->func = cg_incref(func);
    m->self = cg_incref(self);
    m->gc = (cg_gc_link){0};
    cg_gc_track(m);
    return cg_obj_value(m);
}

static void method_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_method *m = (cg_method *)o;
    cg_visit_value(m->func, visit, arg);
    cg_visit_value(m->self, visit, arg);
}

static void method_dealloc(cg_obj *o) {
    cg_method *m = (cg_method *)o;
    cg_decref(m->func);
    cg_decref(m->self);
    free(m);
}

/* Prepends self to the positional arguments. */
static cg_value method_call(cg_value f, const cg_args *a) {
    cg_method *m = (cg_method *)f.u.o;
    cg_value small[8], *pos = small;
    if (a->npos + 1 > 8) {
        pos = malloc(sizeof *pos * (size_t)(a->npos + 1));
        if (!pos)
            return cg_raise_nomemory();
    }
    pos[0] = m->self;
    if (a->npos)
        memcpy(pos + 1, a->pos, sizeof *pos * (size_t)a->npos); /* a->pos may be NULL */
    cg_args b = *a;
    b.pos = pos;
    b.npos = a->npos + 1;
    cg_value r = cg_call(m->func, &b);
    if (pos != small)
        free(pos);
    return r;
}

static cg_value method_repr(cg_value f) {
    cg_method *m = (cg_method *)f.u.o;
    cg_value name = cg_getattr(m->func, cg_str_intern("__qualname__"));
    if (cg_is_err(name))
        return name;
    cg_strbuf b = {0};
    cg_strbuf_printf(&b, "<bound method %s of ", cg_is_str(name) ? cg_str_cstr(name) : "?");
    cg_decref(name);
    if (cg_repr_into(&b, m->self) < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    cg_strbuf_putc(&b, '>');
    return cg_str_from_strbuf(&b);
}

static cg_value method_getattr(cg_value f, cg_str *name) {
    cg_method *m = (cg_method *)f.u.o;
    if (!strcmp(name->s, "__self__"))
        return cg_incref(m->self);
    if (!strcmp(name->s, "__func__"))
        return cg_incref(m->func);
    return cg_getattr_opt(m->func, name);
}

static cg_value method_compare(cg_value a, cg_value b, cg_cmpop op) {
    if ((op != OP_EQ && op != OP_NOT_EQ) || !cg_is_type(b, &cg_type_method))
        return cg_incref(cg_NotImplemented);
    cg_method *x = (cg_method *)a.u.o, *y = (cg_method *)b.u.o;
    bool eq = cg_same(x->func, y->func) && cg_same(x->self, y->self);
    return cg_bool(op == OP_EQ ? eq : !eq);
}

static int64_t method_hash(cg_value f) {
    cg_method *m = (cg_method *)f.u.o;
    int64_t a = cg_hash(m->func), b = cg_hash(m->self);
    if (a == -1 || b == -1)
        return -1;
    int64_t h = a ^ (b * 1000003);
    return h == -1 ? -2 : h;
}

cg_type cg_type_method = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "method",
    .module = "builtins",
    .basicsize = sizeof(cg_method),
    .flags = CG_TYPE_TRASHCAN | CG_TYPE_WEAKREF,
    .dealloc = method_dealloc,
    .gc_offset = offsetof(cg_method, gc),
    .traverse = method_traverse,
    .repr = method_repr,
    .hash = method_hash,
    .compare = method_compare,
    .call = method_call,
    .getattr = method_getattr,
};

/* ---- None, Ellipsis, NotImplemented ------------------------------------------ */

static cg_value none_repr(cg_value v) {
    (void)v;
    return cg_str_from_c("None");
}
static int64_t none_hash(cg_value v) {
    (void)v;
    return 0x5bd1e995;
}
static int none_truth(cg_value v) {
    (void)v;
    return 0;
}
static cg_value none_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (op == OP_EQ || op == OP_NOT_EQ) {
        bool eq = a.tag == b.tag;
        return cg_bool(op == OP_EQ ? eq : !eq);
    }
    return cg_incref(cg_NotImplemented);
}

cg_type cg_type_none = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "NoneType",
    .module = "builtins",
    .repr = none_repr,
    .hash = none_hash,
    .truth = none_truth,
    .compare = none_compare,
};

static cg_value singleton_repr(cg_value v) {
    return cg_str_from_c(v.u.o->type == &cg_type_ellipsis ? "Ellipsis" : "NotImplemented");
}

cg_type cg_type_ellipsis = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "ellipsis",
    .module = "builtins",
    .repr = singleton_repr,
    .hash = cg_object_hash,
};
cg_type cg_type_notimplemented = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "NotImplementedType",
    .module = "builtins",
    .repr = singleton_repr,
    .hash = cg_object_hash,
};

static cg_obj ellipsis_obj = {CG_IMMORTAL, &cg_type_ellipsis};
static cg_obj notimpl_obj = {CG_IMMORTAL, &cg_type_notimplemented};
cg_value cg_Ellipsis = {.tag = CG_V_OBJ, .u.o = &ellipsis_obj};
cg_value cg_NotImplemented = {.tag = CG_V_OBJ, .u.o = &notimpl_obj};
