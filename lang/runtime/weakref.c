/* weakref.c: weak references (weakref.ref), the objects they point at,
 * and their death.
 *
 * A weak reference names an object without keeping it alive; when the
 * object dies (its count falls to 0, or the collector finds it garbage)
 * every weak reference to it reads None from then on, and the callbacks
 * given to them run, as CPython's. Objects carry no list of their weak
 * references: a table keyed by the object holds them, and a mark in the
 * object's collector link (gc.h) says it has an entry, so that dealloc
 * looks in the table only for those few objects. Only types with the
 * CG_TYPE_WEAKREF flag can be pointed at: instances, classes, functions,
 * methods, sets, generators, modules and tensors, as in CPython. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/gc.h"
#include "runtime/lang_internal.h"
#include "runtime/weakref.h"

/* ---- the table: object -> its weak references, newest first ---------------- */

typedef struct {
    cg_obj *obj; /* NULL: empty; TOMBSTONE: deleted */
    cg_weakref *first;
} table_slot;

#define TOMBSTONE ((cg_obj *)(uintptr_t)1)

static table_slot *table;
static size_t table_cap, table_used, table_filled;

static size_t slot_hash(const cg_obj *o) {
    uint64_t h = (uint64_t)(uintptr_t)o;
    h ^= h >> 33;
    h *= UINT64_C(0xff51afd7ed558ccd);
    h ^= h >> 33;
    return (size_t)h;
}

static table_slot *find(const cg_obj *o) {
    if (!table_cap)
        return NULL;
    for (size_t i = slot_hash(o) & (table_cap - 1);; i = (i + 1) & (table_cap - 1)) {
        if (table[i].obj == o)
            return &table[i];
        if (!table[i].obj)
            return NULL;
    }
}

static int grow(void) {
    size_t cap = table_cap ? table_cap * 2 : 64;
    while (table_used * 2 >= cap)
        cap *= 2;
    table_slot *t = calloc(cap, sizeof *t);
    if (!t)
        return -1;
    for (size_t j = 0; j < table_cap; j++) {
        if (!table[j].obj || table[j].obj == TOMBSTONE)
            continue;
        size_t i = slot_hash(table[j].obj) & (cap - 1);
        while (t[i].obj)
            i = (i + 1) & (cap - 1);
        t[i] = table[j];
    }
    free(table);
    table = t;
    table_cap = cap;
    table_filled = table_used;
    return 0;
}

static table_slot *insert(cg_obj *o) {
    if ((table_filled + 1) * 2 > table_cap && grow() < 0)
        return NULL;
    size_t i = slot_hash(o) & (table_cap - 1);
    while (table[i].obj && table[i].obj != TOMBSTONE)
        i = (i + 1) & (table_cap - 1);
    if (!table[i].obj)
        table_filled++;
    table_used++;
    table[i] = (table_slot){o, NULL};
    return &table[i];
}

static void remove_slot(table_slot *s) {
    s->obj = TOMBSTONE;
    s->first = NULL;
    table_used--;
}

/* ---- one weak reference ---------------------------------------------------- */

static void unlink_ref(cg_weakref *w) {
    cg_obj *o = w->referent;
    table_slot *s = o ? find(o) : NULL;
    if (s) {
        if (w->prev)
            w->prev->next = w->next;
        else
            s->first = w->next;
        if (w->next)
            w->next->prev = w->prev;
        if (!s->first) {
            remove_slot(s);
            cg_gc_set_has_weakrefs(o, false);
        }
    }
    w->referent = NULL;
    w->prev = w->next = NULL;
}

static void weakref_dealloc(cg_obj *o) {
    cg_weakref *w = (cg_weakref *)o;
    unlink_ref(w);
    cg_decref(w->callback);
    if (w->dict)
        cg_obj_decref(w->dict);
    cg_obj_free(o);
}

static void weakref_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_weakref *w = (cg_weakref *)o;
    cg_visit_value(w->callback, visit, arg);
    cg_visit_obj(w->dict, visit, arg);
}

static void weakref_clear(cg_obj *o) {
    cg_weakref *w = (cg_weakref *)o;
    unlink_ref(w);
    cg_value_set(&w->callback, CG_NONE);
}

cg_value cg_weakref_new(cg_type *type, cg_value obj, cg_value callback) {
    if (obj.tag != CG_V_OBJ || !(obj.u.o->type->flags & CG_TYPE_WEAKREF) || !obj.u.o->type->gc_offset)
        return cg_raise(&cg_exc_TypeError, "cannot create weak reference to '%s' object", cg_type_name(obj));
    cg_obj *o = obj.u.o;
    table_slot *s = find(o);
    bool plain = type == &cg_type_weakref && callback.tag == CG_V_NONE;
    if (s && plain) /* ref(x) without a callback: the one already made */
        for (cg_weakref *w = s->first; w; w = w->next)
            if (w->head.type == &cg_type_weakref && w->callback.tag == CG_V_NONE)
                return cg_incref(cg_obj_value(w));
    cg_weakref *w = cg_obj_alloc(type);
    if (!w)
        return cg_raise_nomemory();
    if (!s)
        s = insert(o);
    if (!s) {
        cg_obj_free(&w->head);
        return cg_raise_nomemory();
    }
    w->referent = o;
    w->callback = cg_incref(callback);
    w->hash = -1;
    w->next = s->first;
    if (w->next)
        w->next->prev = w;
    s->first = w;
    cg_gc_set_has_weakrefs(o, true);
    cg_gc_track(w);
    return cg_obj_value(w);
}

cg_value cg_weakref_get(const cg_weakref *w) { return w->referent ? cg_incref(cg_obj_value(w->referent)) : CG_NONE; }

int64_t cg_weakref_count(cg_value obj) {
    table_slot *s = obj.tag == CG_V_OBJ ? find(obj.u.o) : NULL;
    int64_t n = 0;
    for (cg_weakref *w = s ? s->first : NULL; w; w = w->next)
        n++;
    return n;
}

cg_value cg_weakref_list(cg_value obj) {
    cg_value out = cg_list_new(0);
    table_slot *s = obj.tag == CG_V_OBJ ? find(obj.u.o) : NULL;
    for (cg_weakref *w = s ? s->first : NULL; w && !cg_is_err(out); w = w->next)
        if (cg_list_append_steal(out, cg_incref(cg_obj_value(w))) < 0) {
            cg_decref(out);
            out = CG_ERR;
        }
    return out;
}

/* ---- death ------------------------------------------------------------------ */

void cg_weakrefs_detach(cg_obj *o, cg_value callbacks) {
    table_slot *s = find(o);
    cg_weakref *w = s ? s->first : NULL;
    if (s)
        remove_slot(s);
    cg_gc_set_has_weakrefs(o, false);
    while (w) {
        cg_weakref *next = w->next;
        w->referent = NULL;
        w->prev = w->next = NULL;
        if (!cg_is_err(callbacks) && w->callback.tag != CG_V_NONE && !cg_gc_is_garbage(&w->head)
            && cg_list_append_steal(callbacks, cg_incref(cg_obj_value(w))) < 0)
            cg_exc_clear();
        w = next;
    }
}

void cg_weakrefs_call(cg_value callbacks) {
    cg_list *l = cg_as_list(callbacks);
    for (int64_t i = 0; i < l->len; i++) {
        cg_weakref *w = (cg_weakref *)l->items[i].u.o;
        cg_value cb = cg_incref(w->callback);
        cg_value r = cg_call1(cb, l->items[i]);
        if (cg_is_err(r))
            cg_report_unraisable(cb);
        cg_decref(r);
        cg_decref(cb);
    }
}

void cg_weakrefs_clear(cg_obj *o) {
    cg_value pending = cg_exc_pending() ? cg_exc_fetch() : CG_NONE;
    cg_value callbacks = cg_list_new(0);
    if (cg_is_err(callbacks)) /* the references die all the same, silently */
        cg_exc_clear();
    cg_weakrefs_detach(o, callbacks);
    if (!cg_is_err(callbacks)) {
        cg_weakrefs_call(callbacks);
        cg_decref(callbacks);
    }
    if (!cg_is_none(pending))
        cg_exc_restore(pending);
}

/* ---- the type ------------------------------------------------------------------ */

static cg_value weakref_call(cg_value self, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "weakref() takes no arguments");
    return cg_weakref_get((cg_weakref *)self.u.o);
}

static cg_value weakref_repr(cg_value self) {
    cg_weakref *w = (cg_weakref *)self.u.o;
    if (!w->referent)
        return cg_str_fmt("<weakref at %p; dead>", (void *)w);
    return cg_str_fmt("<weakref at %p; to '%s' at %p>", (void *)w, w->referent->type->name, (void *)w->referent);
}

/* The referent's hash, kept once taken: a dead reference still hashes
 * as it did ("weak object has gone away" if it never did). */
static int64_t weakref_hash(cg_value self) {
    cg_weakref *w = (cg_weakref *)self.u.o;
    if (w->hash != -1)
        return w->hash;
    if (!w->referent)
        return cg_raise_int(&cg_exc_TypeError, "weak object has gone away");
    w->hash = cg_hash(cg_obj_value(w->referent));
    return w->hash;
}

/* Two live references compare as their objects; otherwise by identity. */
static cg_value weakref_compare(cg_value a, cg_value b, cg_cmpop op) {
    if ((op != OP_EQ && op != OP_NOT_EQ) || !cg_isinstance(b, &cg_type_weakref))
        return cg_incref(cg_NotImplemented);
    cg_weakref *x = (cg_weakref *)a.u.o, *y = (cg_weakref *)b.u.o;
    if (!x->referent || !y->referent) {
        bool same = x == y;
        return cg_bool(op == OP_EQ ? same : !same);
    }
    return cg_compare(cg_obj_value(x->referent), cg_obj_value(y->referent), op);
}

static cg_value weakref_getattr(cg_value self, cg_str *name) {
    if (!strcmp(name->s, "__callback__"))
        return cg_incref(((cg_weakref *)self.u.o)->callback);
    return CG_STOP;
}

static cg_value weakref_new(cg_type *type, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "ref() takes no keyword arguments");
    if (a->npos < 1)
        return cg_raise(&cg_exc_TypeError, "ref expected at least 1 argument, got %d", a->npos);
    if (a->npos > 2)
        return cg_raise(&cg_exc_TypeError, "ref expected at most 2 arguments, got %d", a->npos);
    return cg_weakref_new(type, a->pos[0], a->npos > 1 ? a->pos[1] : CG_NONE);
}

cg_type cg_type_weakref = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "ReferenceType",
    .module = "weakref",
    .base = &cg_type_object,
    .flags = CG_TYPE_BASETYPE | CG_TYPE_HAS_DICT,
    .basicsize = sizeof(cg_weakref),
    .dealloc = weakref_dealloc,
    .gc_offset = offsetof(cg_weakref, gc),
    .traverse = weakref_traverse,
    .clear = weakref_clear,
    .repr = weakref_repr,
    .hash = weakref_hash,
    .compare = weakref_compare,
    .getattr = weakref_getattr,
    .call = weakref_call,
    .new_ = weakref_new,
};

void cg_weakref_shutdown(void) {
    free(table);
    table = NULL;
    table_cap = table_used = table_filled = 0;
}
