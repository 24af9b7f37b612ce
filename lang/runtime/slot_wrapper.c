/* slot_wrapper.c: object.__hash__, dict.__setitem__, int.__add__ ...: the
 * special methods of a type written in C, read as attributes.
 *
 * Those types answer Python's protocols through their C slots and keep no
 * such names in their dicts (which is what lets a class's own __eq__ or
 * __repr__, looked up by name in class.c, win over them). Reading one from
 * the type, or through super(), makes a wrapper that calls the slot of that
 * very type, as CPython's slot wrappers: `__hash__ = object.__hash__`,
 * `super().__repr__()`. */
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/gc.h"
#include "runtime/lang_internal.h"
#include "runtime/value.h"

typedef enum {
    K_REPR,
    K_STR,
    K_HASH,
    K_CMP,
    K_BIN,
    K_RBIN,
    K_LEN,
    K_GETITEM,
    K_SETITEM,
    K_DELITEM,
    K_CONTAINS,
    K_ITER,
    K_NEXT,
    K_BOOL,
    K_CALL,
    K_GET,
    K_SET,
    K_UNARY
} slot_kind;

typedef struct {
    const char *name;
    slot_kind kind;
    int op;
} slot_row;

static const slot_row ROWS[] = {
    {"__repr__", K_REPR, 0},
    {"__str__", K_STR, 0},
    {"__hash__", K_HASH, 0},
    {"__eq__", K_CMP, OP_EQ},
    {"__ne__", K_CMP, OP_NOT_EQ},
    {"__lt__", K_CMP, OP_LT},
    {"__le__", K_CMP, OP_LT_E},
    {"__gt__", K_CMP, OP_GT},
    {"__ge__", K_CMP, OP_GT_E},
    {"__len__", K_LEN, 0},
    {"__getitem__", K_GETITEM, 0},
    {"__setitem__", K_SETITEM, 0},
    {"__delitem__", K_DELITEM, 0},
    {"__contains__", K_CONTAINS, 0},
    {"__iter__", K_ITER, 0},
    {"__next__", K_NEXT, 0},
    {"__bool__", K_BOOL, 0},
    {"__call__", K_CALL, 0},
    {"__get__", K_GET, 0},
    {"__set__", K_SET, 0},
    {"__add__", K_BIN, OP_ADD},
    {"__sub__", K_BIN, OP_SUB},
    {"__mul__", K_BIN, OP_MULT},
    {"__matmul__", K_BIN, OP_MATMULT},
    {"__truediv__", K_BIN, OP_DIV},
    {"__mod__", K_BIN, OP_MOD},
    {"__pow__", K_BIN, OP_POW},
    {"__lshift__", K_BIN, OP_LSHIFT},
    {"__rshift__", K_BIN, OP_RSHIFT},
    {"__or__", K_BIN, OP_BITOR},
    {"__xor__", K_BIN, OP_BITXOR},
    {"__and__", K_BIN, OP_BITAND},
    {"__floordiv__", K_BIN, OP_FLOORDIV},
    {"__radd__", K_RBIN, OP_ADD},
    {"__rsub__", K_RBIN, OP_SUB},
    {"__rmul__", K_RBIN, OP_MULT},
    {"__rmatmul__", K_RBIN, OP_MATMULT},
    {"__rtruediv__", K_RBIN, OP_DIV},
    {"__rmod__", K_RBIN, OP_MOD},
    {"__rpow__", K_RBIN, OP_POW},
    {"__rlshift__", K_RBIN, OP_LSHIFT},
    {"__rrshift__", K_RBIN, OP_RSHIFT},
    {"__ror__", K_RBIN, OP_BITOR},
    {"__rxor__", K_RBIN, OP_BITXOR},
    {"__rand__", K_RBIN, OP_BITAND},
    {"__rfloordiv__", K_RBIN, OP_FLOORDIV},
    {"__neg__", K_UNARY, OP_USUB},
    {"__pos__", K_UNARY, OP_UADD},
    {"__invert__", K_UNARY, OP_INVERT},
};

typedef struct {
    cg_obj head;
    cg_type *owner; /* a type written in C: immortal */
    const slot_row *row;
    cg_value self; /* CG_STOP: unbound (read from the type) */
    cg_gc_link gc;
} slot_wrapper;

static bool has_slot(const cg_type *t, const slot_row *r) {
    switch (r->kind) {
    case K_REPR: return true; /* object's repr when the type has none */
    case K_STR: return true;
    case K_HASH: return t->hash != NULL;
    case K_CMP: return t->compare != NULL;
    case K_BIN:
    case K_RBIN: return t->binary != NULL;
    case K_LEN: return t->len != NULL;
    case K_GETITEM: return t->getitem != NULL;
    case K_SETITEM: return t->setitem != NULL;
    case K_DELITEM: return t->delitem != NULL;
    case K_CONTAINS: return t->contains != NULL;
    case K_ITER: return t->iter != NULL;
    case K_NEXT: return t->next != NULL;
    case K_BOOL: return t->truth != NULL;
    case K_CALL: return t->call != NULL;
    case K_GET: return t->descr_get != NULL;
    case K_SET: return t == &cg_type_property;
    case K_UNARY: return t->unary != NULL && !(t == &cg_type_float && r->op == OP_INVERT);
    }
    return false;
}

static int nargs(slot_kind k) {
    switch (k) {
    case K_CMP:
    case K_BIN:
    case K_RBIN:
    case K_GETITEM:
    case K_DELITEM:
    case K_CONTAINS: return 1;
    case K_SETITEM:
    case K_GET:
    case K_SET: return 2;
    default: return 0;
    }
}

static cg_value call_slot(cg_type *t, const slot_row *r, cg_value self, const cg_args *a) {
    if (!(t->flags & CG_TYPE_HEAP)) /* int.__add__(I(1), 2): the value of a subclass's instance */
        self = cg_unbox(self);
    if (r->kind == K_GET && a->npos == 1 && !a->nkw) { /* d.__get__(obj): the owner is obj's type */
        cg_value two[2] = {a->pos[0], cg_obj_value(cg_typeof(a->pos[0]))};
        cg_args b = {.pos = two, .npos = 2};
        return call_slot(t, r, self, &b);
    }
    if (r->kind != K_CALL) {
        int want = nargs(r->kind);
        if (a->nkw || a->npos != want)
            return cg_raise(&cg_exc_TypeError, "expected %d argument%s, got %d", want, want == 1 ? "" : "s",
                            a->npos + a->nkw);
    }
    const cg_value *p = a->pos;
    switch (r->kind) {
    case K_REPR: return t->repr ? t->repr(self) : cg_object_repr(self);
    case K_STR: return t->str ? t->str(self) : (t->repr ? t->repr(self) : cg_object_repr(self));
    case K_HASH: {
        int64_t h = t->hash(self);
        return h == -1 && cg_exc_pending() ? CG_ERR : cg_int(h);
    }
    case K_CMP: return t->compare(self, p[0], (cg_cmpop)r->op);
    case K_BIN: return t->binary(self, p[0], (cg_binop)r->op);
    case K_RBIN: return t->binary(p[0], self, (cg_binop)r->op);
    case K_LEN: {
        int64_t n = t->len(self);
        return n < 0 ? CG_ERR : cg_int(n);
    }
    case K_GETITEM: return t->getitem(self, p[0]);
    case K_SETITEM: return t->setitem(self, p[0], p[1]) < 0 ? CG_ERR : CG_NONE;
    case K_DELITEM: return t->delitem(self, p[0]) < 0 ? CG_ERR : CG_NONE;
    case K_CONTAINS: {
        int c = t->contains(self, p[0]);
        return c < 0 ? CG_ERR : cg_bool(c);
    }
    case K_ITER: return t->iter(self);
    case K_NEXT: {
        cg_value v = t->next(self);
        return v.tag == CG_V_STOP ? cg_raise(&cg_exc_StopIteration, "%s", "") : v;
    }
    case K_BOOL: {
        int b = t->truth(self);
        return b < 0 ? CG_ERR : cg_bool(b);
    }
    case K_CALL: return t->call(self, a);
    case K_GET: {
        cg_type *owner = cg_isinstance(p[1], &cg_type_type) ? (cg_type *)p[1].u.o : cg_typeof(p[0]);
        return t->descr_get(self, p[0], owner);
    }
    case K_SET: return cg_property_set(self, p[0], p[1]) < 0 ? CG_ERR : CG_NONE;
    case K_UNARY: return t->unary(self, (cg_unaryop)r->op);
    }
    return CG_ERR;
}

static cg_value wrapper_new(cg_type *owner, const slot_row *row, cg_value self) {
    slot_wrapper *w = malloc(sizeof *w);
    if (!w)
        return cg_raise_nomemory();
    w->head = (cg_obj){1, &cg_type_slot_wrapper};
    w->owner = owner;
    w->row = row;
    w->self = cg_incref(self);
    w->gc = (cg_gc_link){0};
    cg_gc_track(w);
    return cg_obj_value(w);
}

cg_value cg_slot_wrapper(cg_type *t, cg_str *name) {
    if (t->flags & CG_TYPE_HEAP || name->s[0] != '_' || name->s[1] != '_')
        return CG_STOP;
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++)
        if (!strcmp(ROWS[i].name, name->s))
            return has_slot(t, &ROWS[i]) ? wrapper_new(t, &ROWS[i], CG_STOP) : CG_STOP;
    return CG_STOP;
}

cg_value cg_slot_wrapper_mro(cg_type *t, const cg_type *after, cg_str *name, cg_value self) {
    if (name->s[0] != '_' || name->s[1] != '_')
        return CG_STOP;
    cg_value mro = cg_type_mro(t);
    if (cg_is_err(mro))
        return mro;
    const cg_tuple *m = cg_as_tuple(mro);
    int64_t i = 0;
    if (after) {
        while (i < m->len && m->items[i].u.o != &after->head)
            i++;
        i++;
    }
    cg_value r = CG_STOP;
    bool hash = !strcmp(name->s, "__hash__");
    for (; i < m->len && r.tag == CG_V_STOP; i++) {
        cg_type *b = (cg_type *)m->items[i].u.o;
        if (hash && !(b->flags & CG_TYPE_HEAP) && !b->hash) { /* list.__hash__ is None, as in CPython */
            r = CG_NONE;
            break;
        }
        r = cg_slot_wrapper(b, name);
    }
    cg_decref(mro);
    if (r.tag == CG_V_OBJ && self.tag != CG_V_STOP) {
        slot_wrapper *w = (slot_wrapper *)r.u.o;
        cg_value_set(&w->self, cg_incref(self));
    }
    return r;
}

static cg_value wrapper_call(cg_value f, const cg_args *a) {
    slot_wrapper *w = (slot_wrapper *)f.u.o;
    if (w->self.tag != CG_V_STOP)
        return call_slot(w->owner, w->row, w->self, a);
    if (a->npos == 0)
        return cg_raise(&cg_exc_TypeError, "descriptor '%s' of '%s' object needs an argument", w->row->name,
                        w->owner->name);
    if (!cg_isinstance(a->pos[0], w->owner))
        return cg_raise(&cg_exc_TypeError, "descriptor '%s' requires a '%s' object but received a '%s'", w->row->name,
                        w->owner->name, cg_type_name(a->pos[0]));
    cg_args rest = *a;
    rest.pos++;
    rest.npos--;
    return call_slot(w->owner, w->row, a->pos[0], &rest);
}

static cg_value wrapper_descr_get(cg_value d, cg_value obj, cg_type *owner) {
    slot_wrapper *w = (slot_wrapper *)d.u.o;
    (void)owner;
    if (w->self.tag != CG_V_STOP || obj.tag == CG_V_NONE)
        return cg_incref(d);
    return wrapper_new(w->owner, w->row, obj);
}

static cg_value wrapper_repr(cg_value f) {
    slot_wrapper *w = (slot_wrapper *)f.u.o;
    if (w->self.tag == CG_V_STOP)
        return cg_str_fmt("<slot wrapper '%s' of '%s' objects>", w->row->name, w->owner->name);
    return cg_str_fmt("<method-wrapper '%s' of %s object at %p>", w->row->name, cg_type_name(w->self),
                      (void *)w->self.u.o);
}

static cg_value wrapper_getattr(cg_value f, cg_str *name) {
    slot_wrapper *w = (slot_wrapper *)f.u.o;
    if (!strcmp(name->s, "__name__") || !strcmp(name->s, "__qualname__"))
        return cg_str_from_c(w->row->name);
    if (!strcmp(name->s, "__objclass__"))
        return cg_incref(cg_obj_value(w->owner));
    if (!strcmp(name->s, "__self__") && w->self.tag != CG_V_STOP)
        return cg_incref(w->self);
    return CG_STOP;
}

static void wrapper_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_visit_value(((slot_wrapper *)o)->self, visit, arg);
}

static void wrapper_clear(cg_obj *o) { cg_value_set(&((slot_wrapper *)o)->self, CG_NONE); }

static void wrapper_dealloc(cg_obj *o) {
    cg_decref(((slot_wrapper *)o)->self);
    free(o);
}

cg_type cg_type_slot_wrapper = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "wrapper_descriptor",
    .module = "builtins",
    .basicsize = sizeof(slot_wrapper),
    .dealloc = wrapper_dealloc,
    .gc_offset = offsetof(slot_wrapper, gc),
    .traverse = wrapper_traverse,
    .clear = wrapper_clear,
    .repr = wrapper_repr,
    .hash = cg_object_hash,
    .getattr = wrapper_getattr,
    .call = wrapper_call,
    .descr_get = wrapper_descr_get,
};
