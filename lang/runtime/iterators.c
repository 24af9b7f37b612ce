/* iterators.c: the iterator objects of the builtin types (list, tuple,
 * str, dict, set, range) and the lazy builtins that are types in Python:
 * enumerate, zip, map, filter, reversed; and the dict views (keys(),
 * values(), items()).
 *
 * Every iterator returns itself from iter() and CG_STOP when exhausted. An
 * iterator over a dict or set raises Python's RuntimeError when its
 * container changes size under it. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/gc.h"
#include "runtime/lang_internal.h"

static cg_value self_iter(cg_value self) { return cg_incref(self); }

/* Iterator types share everything but their layout and next. Each holds
 * what it iterates, so the collector follows it (STRUCT##_traverse). */
#define ITER_TYPE_NEW(VAR, NAME, STRUCT, DEALLOC, NEXT, NEW) \
    cg_type VAR = {                                          \
        .head = {CG_IMMORTAL, &cg_type_type},                \
        .name = NAME,                                        \
        .module = "builtins",                                \
        .base = &cg_type_object,                             \
        .basicsize = sizeof(STRUCT),                         \
        .dealloc = DEALLOC,                                  \
        .gc_offset = offsetof(STRUCT, gc),                   \
        .traverse = STRUCT##_traverse,                       \
        .iter = self_iter,                                   \
        .next = NEXT,                                        \
        .new_ = NEW,                                         \
    }
/* An iterator that Python code cannot make by calling its type. */
#define ITER_TYPE(VAR, NAME, STRUCT, DEALLOC, NEXT) ITER_TYPE_NEW(VAR, NAME, STRUCT, DEALLOC, NEXT, NULL)

/* The common case: an iterator over one value (a list, a dict, a set). */
#define TRAVERSE_ONE(STRUCT, FIELD)                                         \
    static void STRUCT##_traverse(cg_obj *o, cg_visitfn visit, void *arg) { \
        cg_visit_value(((STRUCT *)o)->FIELD, visit, arg);                   \
    }

/* ---- list, tuple: an index into the sequence ------------------------------------- */

typedef struct {
    cg_obj head;
    cg_value seq; /* CG_NONE once exhausted */
    int64_t index;
    cg_gc_link gc;
} seq_iter;
TRAVERSE_ONE(seq_iter, seq)

cg_value cg_seq_iter_new(cg_type *type, cg_value seq) {
    seq_iter *it = cg_obj_alloc(type);
    if (!it)
        return cg_raise_nomemory();
    it->seq = cg_incref(seq);
    it->index = type == &cg_type_list_reverseiterator ? cg_as_list(seq)->len - 1 : 0;
    cg_gc_track(it);
    return cg_obj_value(it);
}

static void seq_iter_dealloc(cg_obj *o) {
    cg_decref(((seq_iter *)o)->seq);
    cg_obj_free(o);
}

static cg_value finish(seq_iter *it) {
    cg_value_set(&it->seq, CG_NONE);
    return CG_STOP;
}

static cg_value list_iter_next(cg_value self) {
    seq_iter *it = (seq_iter *)self.u.o;
    if (cg_is_none(it->seq))
        return CG_STOP;
    cg_list *l = cg_as_list(it->seq);
    if (it->index >= l->len)
        return finish(it);
    return cg_incref(l->items[it->index++]);
}

static cg_value list_reverse_next(cg_value self) {
    seq_iter *it = (seq_iter *)self.u.o;
    if (cg_is_none(it->seq))
        return CG_STOP;
    cg_list *l = cg_as_list(it->seq);
    if (it->index < 0 || it->index >= l->len)
        return finish(it);
    return cg_incref(l->items[it->index--]);
}

static cg_value tuple_iter_next(cg_value self) {
    seq_iter *it = (seq_iter *)self.u.o;
    if (cg_is_none(it->seq))
        return CG_STOP;
    cg_tuple *t = cg_as_tuple(it->seq);
    if (it->index >= t->len)
        return finish(it);
    return cg_incref(t->items[it->index++]);
}

/* str: index is a byte offset */
static cg_value str_iter_next(cg_value self) {
    seq_iter *it = (seq_iter *)self.u.o;
    if (cg_is_none(it->seq))
        return CG_STOP;
    cg_str *s = cg_as_str(it->seq);
    if (it->index >= s->len)
        return finish(it);
    int64_t start = it->index;
    if ((unsigned char)s->s[start] < 0x80) {
        it->index++;
        return cg_obj_value(cg_str_ascii_char(s->s[start]));
    }
    cg_cp_next(s->s, s->len, &it->index);
    return cg_str_new(s->s + start, (size_t)(it->index - start));
}

ITER_TYPE(cg_type_list_iterator, "list_iterator", seq_iter, seq_iter_dealloc, list_iter_next);
ITER_TYPE(cg_type_list_reverseiterator, "list_reverseiterator", seq_iter, seq_iter_dealloc, list_reverse_next);
ITER_TYPE(cg_type_tuple_iterator, "tuple_iterator", seq_iter, seq_iter_dealloc, tuple_iter_next);
ITER_TYPE(cg_type_str_iterator, "str_iterator", seq_iter, seq_iter_dealloc, str_iter_next);

cg_value cg_str_iter_new(cg_value s) { return cg_seq_iter_new(&cg_type_str_iterator, s); }

/* Python's old sequence protocol, for an object with __getitem__ and no
 * __iter__: obj[0], obj[1], ... until IndexError (or StopIteration). */
static cg_value getitem_iter_next(cg_value self) {
    seq_iter *it = (seq_iter *)self.u.o;
    if (cg_is_none(it->seq))
        return CG_STOP;
    cg_value r = cg_getitem(it->seq, cg_int(it->index));
    if (cg_is_err(r) && (cg_exc_matches(&cg_exc_IndexError) || cg_exc_matches(&cg_exc_StopIteration))) {
        cg_exc_clear();
        return finish(it);
    }
    it->index++;
    return r;
}

ITER_TYPE(cg_type_getitem_iterator, "iterator", seq_iter, seq_iter_dealloc, getitem_iter_next);

cg_value cg_getitem_iter_new(cg_value obj) { return cg_seq_iter_new(&cg_type_getitem_iterator, obj); }

/* ---- range ------------------------------------------------------------------------- */

typedef struct {
    cg_obj head;
    int64_t next, step, left;
} range_iter;

cg_value cg_range_iter_new(cg_value range, bool reversed) {
    cg_range *r = (cg_range *)range.u.o;
    if (r->big.tag == CG_V_OBJ)
        return cg_range_big_iter_new(r, reversed);
    if (r->len < 0)
        return cg_raise(&cg_exc_OverflowError, "Python int too large to convert to C long");
    range_iter *it = cg_obj_alloc(&cg_type_range_iterator);
    if (!it)
        return cg_raise_nomemory();
    it->left = r->len;
    it->step = r->step;
    it->next = r->start;
    if (reversed) {
        it->next = (int64_t)((uint64_t)r->start + (uint64_t)(r->len - 1) * (uint64_t)r->step);
        it->step = -r->step;
    }
    return cg_obj_value(it);
}

static cg_value range_iter_next(cg_value self) {
    range_iter *it = (range_iter *)self.u.o;
    if (it->left <= 0)
        return CG_STOP;
    int64_t v = it->next;
    it->left--;
    it->next = (int64_t)((uint64_t)it->next + (uint64_t)it->step);
    return cg_int(v);
}

static void plain_dealloc(cg_obj *o) { cg_obj_free(o); }

/* holds only numbers: nothing for the collector */
cg_type cg_type_range_iterator = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "range_iterator",
    .module = "builtins",
    .base = &cg_type_object,
    .basicsize = sizeof(range_iter),
    .dealloc = plain_dealloc,
    .iter = self_iter,
    .next = range_iter_next,
};

/* ---- dict ---------------------------------------------------------------------------- */

typedef struct {
    cg_obj head;
    cg_value dict;     /* CG_NONE once exhausted */
    int64_t pos, used; /* used: the size when iteration began */
    cg_dict_part part;
    bool reversed;
    cg_gc_link gc;
} dict_iter;
TRAVERSE_ONE(dict_iter, dict)

static cg_type *dict_iter_type(cg_dict_part part, bool reversed);

cg_value cg_dict_iter_new(cg_value dict, cg_dict_part part, bool reversed) {
    dict_iter *it = cg_obj_alloc(dict_iter_type(part, reversed));
    if (!it)
        return cg_raise_nomemory();
    cg_dict *d = cg_as_dict(dict);
    it->dict = cg_incref(dict);
    it->used = d->used;
    it->part = part;
    it->reversed = reversed;
    it->pos = reversed ? d->nentries - 1 : 0;
    cg_gc_track(it);
    return cg_obj_value(it);
}

static void dict_iter_dealloc(cg_obj *o) {
    cg_decref(((dict_iter *)o)->dict);
    cg_obj_free(o);
}

static cg_value dict_entry_value(const cg_dict_entry *e, cg_dict_part part) {
    switch (part) {
    case CG_DICT_KEYS: return cg_incref(e->key);
    case CG_DICT_VALUES: return cg_incref(e->value);
    default: return cg_tuple_pack(2, e->key, e->value);
    }
}

static cg_value dict_iter_next(cg_value self) {
    dict_iter *it = (dict_iter *)self.u.o;
    if (cg_is_none(it->dict))
        return CG_STOP;
    cg_dict *d = cg_as_dict(it->dict);
    if (d->used != it->used) {
        it->used = -1; /* keep failing, as CPython does */
        return cg_raise(&cg_exc_RuntimeError, "dictionary changed size during iteration");
    }
    if (it->reversed) {
        for (; it->pos >= 0; it->pos--) {
            if (it->pos >= d->nentries)
                continue;
            cg_dict_entry *e = &d->entries[it->pos];
            if (e->key.tag == CG_V_ERR)
                continue;
            it->pos--;
            return dict_entry_value(e, it->part);
        }
    } else {
        for (; it->pos < d->nentries; it->pos++) {
            cg_dict_entry *e = &d->entries[it->pos];
            if (e->key.tag == CG_V_ERR)
                continue;
            it->pos++;
            return dict_entry_value(e, it->part);
        }
    }
    cg_value_set(&it->dict, CG_NONE);
    return CG_STOP;
}

ITER_TYPE(cg_type_dict_keyiterator, "dict_keyiterator", dict_iter, dict_iter_dealloc, dict_iter_next);
ITER_TYPE(cg_type_dict_valueiterator, "dict_valueiterator", dict_iter, dict_iter_dealloc, dict_iter_next);
ITER_TYPE(cg_type_dict_itemiterator, "dict_itemiterator", dict_iter, dict_iter_dealloc, dict_iter_next);
ITER_TYPE(cg_type_dict_reversekeyiterator, "dict_reversekeyiterator", dict_iter, dict_iter_dealloc, dict_iter_next);
ITER_TYPE(cg_type_dict_reversevalueiterator, "dict_reversevalueiterator", dict_iter, dict_iter_dealloc, dict_iter_next);
ITER_TYPE(cg_type_dict_reverseitemiterator, "dict_reverseitemiterator", dict_iter, dict_iter_dealloc, dict_iter_next);

static cg_type *dict_iter_type(cg_dict_part part, bool reversed) {
    switch (part) {
    case CG_DICT_KEYS: return reversed ? &cg_type_dict_reversekeyiterator : &cg_type_dict_keyiterator;
    case CG_DICT_VALUES: return reversed ? &cg_type_dict_reversevalueiterator : &cg_type_dict_valueiterator;
    default: return reversed ? &cg_type_dict_reverseitemiterator : &cg_type_dict_itemiterator;
    }
}

/* ---- dict views ---------------------------------------------------------------------- */

typedef struct {
    cg_obj head;
    cg_value dict;
    cg_dict_part part;
    cg_gc_link gc;
} dict_view;
TRAVERSE_ONE(dict_view, dict)

cg_value cg_dict_view_new(cg_value dict, cg_dict_part part) {
    cg_type *t = part == CG_DICT_KEYS     ? &cg_type_dict_keys
                 : part == CG_DICT_VALUES ? &cg_type_dict_values
                                          : &cg_type_dict_items;
    dict_view *v = cg_obj_alloc(t);
    if (!v)
        return cg_raise_nomemory();
    v->dict = cg_incref(dict);
    v->part = part;
    cg_gc_track(v);
    return cg_obj_value(v);
}

static dict_view *as_view(cg_value v) { return (dict_view *)v.u.o; }

static void view_dealloc(cg_obj *o) {
    cg_decref(((dict_view *)o)->dict);
    cg_obj_free(o);
}

static cg_value view_iter(cg_value self) { return cg_dict_iter_new(as_view(self)->dict, as_view(self)->part, false); }
static int64_t view_len(cg_value self) { return cg_as_dict(as_view(self)->dict)->used; }

/* dict_keys(['a', 'b']) */
static cg_value view_repr(cg_value self) {
    int rec = cg_repr_enter(self);
    if (rec < 0)
        return CG_ERR;
    if (rec)
        return cg_str_fmt("%s(...)", self.u.o->type->name);
    cg_value l = cg_list_from_iterable(self);
    cg_value r = CG_ERR;
    if (!cg_is_err(l)) {
        cg_value lr = cg_repr(l);
        if (!cg_is_err(lr))
            r = cg_str_fmt("%s(%s)", self.u.o->type->name, cg_str_cstr(lr));
        cg_decref(lr);
        cg_decref(l);
    }
    cg_repr_leave(self);
    return r;
}

static int view_contains(cg_value self, cg_value x) {
    dict_view *v = as_view(self);
    cg_dict *d = cg_as_dict(v->dict);
    if (v->part == CG_DICT_KEYS) {
        cg_value r = cg_dict_get_borrowed(d, x);
        return cg_is_err(r) ? -1 : r.tag != CG_V_STOP;
    }
    if (v->part == CG_DICT_ITEMS) {
        if (!cg_is_tuple(x) || cg_as_tuple(x)->len != 2)
            return 0;
        cg_value r = cg_dict_get_borrowed(d, cg_as_tuple(x)->items[0]);
        if (cg_is_err(r))
            return -1;
        if (r.tag == CG_V_STOP)
            return 0;
        cg_incref(r);
        int eq = cg_value_eq(r, cg_as_tuple(x)->items[1]);
        cg_decref(r);
        return eq;
    }
    int64_t pos = 0;
    cg_value k, val;
    while (cg_dict_next(d, &pos, &k, &val)) {
        cg_incref(val);
        int eq = cg_value_eq(val, x);
        cg_decref(val);
        if (eq != 0)
            return eq;
    }
    return 0;
}

/* keys() and items() views behave as sets in comparisons and operators. */
static cg_value as_set_operand(cg_value v, bool *owned) {
    *owned = false;
    if (cg_is_anyset(v))
        return v;
    if (cg_is_type(v, &cg_type_dict_keys) || cg_is_type(v, &cg_type_dict_items)) {
        cg_value s = cg_set_new();
        if (cg_is_err(s))
            return s;
        cg_value it = view_iter(v);
        if (cg_is_err(it))
            return cg_decref(s), it;
        for (;;) {
            cg_value x = cg_next(it);
            if (x.tag == CG_V_STOP)
                break;
            int rc = cg_is_err(x) ? -1 : cg_set_add(s, x);
            cg_decref(x);
            if (rc < 0) {
                cg_decref(it);
                cg_decref(s);
                return CG_ERR;
            }
        }
        cg_decref(it);
        *owned = true;
        return s;
    }
    return CG_STOP;
}

static cg_value view_setlike(cg_value a, cg_value b, int is_compare, int op) {
    bool oa, ob;
    cg_value sa = as_set_operand(a, &oa);
    if (cg_is_err(sa))
        return sa;
    cg_value sb = as_set_operand(b, &ob);
    if (cg_is_err(sb)) {
        if (oa)
            cg_decref(sa);
        return sb;
    }
    cg_value r;
    if (sa.tag == CG_V_STOP || sb.tag == CG_V_STOP)
        r = cg_incref(cg_NotImplemented);
    else if (is_compare)
        r = cg_compare(sa, sb, (cg_cmpop)op);
    else
        r = cg_binary(sa, sb, (cg_binop)op);
    if (oa)
        cg_decref(sa);
    if (ob)
        cg_decref(sb);
    return r;
}

static cg_value view_compare(cg_value a, cg_value b, cg_cmpop op) { return view_setlike(a, b, 1, op); }
static cg_value view_binary(cg_value a, cg_value b, cg_binop op) {
    if (op != OP_BITOR && op != OP_BITAND && op != OP_SUB && op != OP_BITXOR)
        return cg_incref(cg_NotImplemented);
    return view_setlike(a, b, 0, op);
}

static cg_value view_reversed_m(cg_value self, const cg_args *a) {
    return cg_dict_iter_new(as_view(self)->dict, as_view(self)->part, true);
}

static const cg_method_def view_methods[] = {
    {"__reversed__", view_reversed_m, "__reversed__()", "Return a reverse iterator over the dict."},
    {NULL, NULL, NULL, NULL},
};

#define VIEW_TYPE(VAR, NAME, SETLIKE)             \
    cg_type VAR = {                               \
        .head = {CG_IMMORTAL, &cg_type_type},     \
        .name = NAME,                             \
        .module = "builtins",                     \
        .base = &cg_type_object,                  \
        .basicsize = sizeof(dict_view),           \
        .dealloc = view_dealloc,                  \
        .gc_offset = offsetof(dict_view, gc),     \
        .traverse = dict_view_traverse,           \
        .repr = view_repr,                        \
        .compare = SETLIKE ? view_compare : NULL, \
        .binary = SETLIKE ? view_binary : NULL,   \
        .len = view_len,                          \
        .contains = view_contains,                \
        .iter = view_iter,                        \
    }
VIEW_TYPE(cg_type_dict_keys, "dict_keys", 1);
VIEW_TYPE(cg_type_dict_values, "dict_values", 0);
VIEW_TYPE(cg_type_dict_items, "dict_items", 1);

/* ---- set ---------------------------------------------------------------------------------- */

typedef struct {
    cg_obj head;
    cg_value set; /* CG_NONE once exhausted */
    int64_t pos, used;
    cg_gc_link gc;
} set_iter;
TRAVERSE_ONE(set_iter, set)

cg_value cg_set_iter_new(cg_value set) {
    set_iter *it = cg_obj_alloc(&cg_type_set_iterator);
    if (!it)
        return cg_raise_nomemory();
    it->set = cg_incref(set);
    it->used = ((cg_set *)set.u.o)->used;
    cg_gc_track(it);
    return cg_obj_value(it);
}

static void set_iter_dealloc(cg_obj *o) {
    cg_decref(((set_iter *)o)->set);
    cg_obj_free(o);
}

static cg_value set_iter_next(cg_value self) {
    set_iter *it = (set_iter *)self.u.o;
    if (cg_is_none(it->set))
        return CG_STOP;
    if (((cg_set *)it->set.u.o)->used != it->used) {
        it->used = -1;
        return cg_raise(&cg_exc_RuntimeError, "Set changed size during iteration");
    }
    cg_value item;
    if (cg_set_next(it->set, &it->pos, &item))
        return cg_incref(item);
    cg_value_set(&it->set, CG_NONE);
    return CG_STOP;
}

ITER_TYPE(cg_type_set_iterator, "set_iterator", set_iter, set_iter_dealloc, set_iter_next);

/* ---- enumerate ------------------------------------------------------------------------------ */

typedef struct {
    cg_obj head;
    cg_value it;
    int64_t count;
    cg_gc_link gc;
} enum_obj;
TRAVERSE_ONE(enum_obj, it)

static void enum_dealloc(cg_obj *o) {
    cg_decref(((enum_obj *)o)->it);
    cg_obj_free(o);
}

static const cg_method_def enumerate_def = {"enumerate", NULL, "enumerate(iterable, start=0)", NULL};

static cg_value enumerate_new(cg_type *type, const cg_args *a) {
    cg_value arg[2];
    if (cg_args_bind(&enumerate_def, a, arg, 2) < 0)
        return CG_ERR;
    int64_t start;
    cg_value it = CG_ERR;
    if (cg_index_value(arg[1], &start) == 0)
        it = cg_iter(arg[0]);
    cg_args_release(&enumerate_def, arg, 2);
    if (cg_is_err(it))
        return it;
    enum_obj *e = cg_obj_alloc(type);
    if (!e)
        return cg_decref(it), cg_raise_nomemory();
    e->it = it;
    e->count = start;
    cg_gc_track(e);
    return cg_obj_value(e);
}

static cg_value enumerate_next(cg_value self) {
    enum_obj *e = (enum_obj *)self.u.o;
    cg_value x = cg_next(e->it);
    if (x.tag == CG_V_STOP || cg_is_err(x))
        return x;
    cg_value items[2] = {cg_int(e->count++), x};
    return cg_tuple_steal(2, items);
}

/* CG_TYPE_BASETYPE waits for instance dicts at an offset: see containers.h */
ITER_TYPE_NEW(cg_type_enumerate, "enumerate", enum_obj, enum_dealloc, enumerate_next, enumerate_new);

/* ---- zip, map: several iterators -------------------------------------------------------------- */

typedef struct {
    cg_obj head;
    cg_value fn; /* map's function; None for zip */
    int n;
    bool strict;
    cg_gc_link gc;
    cg_value its[];
} multi_iter;

static void multi_iter_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    multi_iter *m = (multi_iter *)o;
    cg_visit_value(m->fn, visit, arg);
    for (int i = 0; i < m->n; i++)
        cg_visit_value(m->its[i], visit, arg);
}

static void multi_dealloc(cg_obj *o) {
    multi_iter *m = (multi_iter *)o;
    cg_decref(m->fn);
    for (int i = 0; i < m->n; i++)
        cg_decref(m->its[i]);
    cg_obj_free(o);
}

static cg_value multi_new(cg_type *type, cg_value fn, const cg_value *srcs, int n, bool strict) {
    multi_iter *m = calloc(1, sizeof *m + (size_t)n * sizeof(cg_value));
    if (!m)
        return cg_raise_nomemory();
    m->head = (cg_obj){1, type};
    if (type->flags & CG_TYPE_HEAP)
        cg_obj_incref(type);
    m->fn = cg_incref(fn);
    m->strict = strict;
    for (int i = 0; i < n; i++) {
        cg_value it = cg_iter(srcs[i]);
        if (cg_is_err(it)) {
            multi_dealloc(&m->head);
            return it;
        }
        m->its[m->n++] = it;
    }
    cg_gc_track(m);
    return cg_obj_value(m);
}

/* The next value of every iterator; CG_STOP when one is exhausted. */
static int multi_step(multi_iter *m, cg_value *out) {
    for (int i = 0; i < m->n; i++) {
        cg_value x = cg_next(m->its[i]);
        if (x.tag == CG_V_STOP || cg_is_err(x)) {
            for (int j = 0; j < i; j++)
                cg_decref(out[j]);
            if (x.tag == CG_V_STOP && m->strict) {
                /* strict: every other iterator must be exhausted too */
                if (i > 0)
                    return cg_raise_int(&cg_exc_ValueError, "zip() argument %d is shorter than argument%s%d", i + 1,
                                        i == 1 ? " " : "s 1-", i);
                for (int j = 1; j < m->n; j++) {
                    cg_value y = cg_next(m->its[j]);
                    if (cg_is_err(y))
                        return -1;
                    if (y.tag != CG_V_STOP) {
                        cg_decref(y);
                        return cg_raise_int(&cg_exc_ValueError, "zip() argument %d is longer than argument%s%d", j + 1,
                                            j == 1 ? " " : "s 1-", j);
                    }
                }
            }
            return x.tag == CG_V_STOP ? 1 : -1;
        }
        out[i] = x;
    }
    return 0;
}

static cg_value zip_next(cg_value self) {
    multi_iter *m = (multi_iter *)self.u.o;
    if (m->n == 0)
        return CG_STOP;
    cg_value r = cg_tuple_new(m->n);
    if (cg_is_err(r))
        return r;
    int rc = multi_step(m, cg_as_tuple(r)->items);
    if (rc != 0) {
        for (int i = 0; i < m->n; i++)
            cg_as_tuple(r)->items[i] = CG_NONE;
        cg_decref(r);
        return rc < 0 ? CG_ERR : CG_STOP;
    }
    return r;
}

static cg_value zip_new(cg_type *type, const cg_args *a) {
    bool strict = false;
    for (int k = 0; k < a->nkw; k++) {
        if (strcmp(a->kwn[k]->s, "strict") != 0)
            return cg_raise(&cg_exc_TypeError, "zip() got an unexpected keyword argument '%s'", a->kwn[k]->s);
        int t = cg_truth(a->kwv[k]);
        if (t < 0)
            return CG_ERR;
        strict = t;
    }
    return multi_new(type, CG_NONE, a->pos, a->npos, strict);
}

static cg_value map_next(cg_value self) {
    multi_iter *m = (multi_iter *)self.u.o;
    cg_value small[8], *xs = m->n <= 8 ? small : malloc((size_t)m->n * sizeof *xs);
    if (!xs)
        return cg_raise_nomemory();
    int rc = multi_step(m, xs);
    cg_value r = rc < 0 ? CG_ERR : CG_STOP;
    if (rc == 0) {
        cg_args args = {.pos = xs, .npos = m->n};
        r = cg_call(m->fn, &args);
        for (int i = 0; i < m->n; i++)
            cg_decref(xs[i]);
    }
    if (xs != small)
        free(xs);
    return r;
}

static cg_value map_new(cg_type *type, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "map() takes no keyword arguments");
    if (a->npos < 2)
        return cg_raise(&cg_exc_TypeError, "map() must have at least two arguments.");
    return multi_new(type, a->pos[0], a->pos + 1, a->npos - 1, false);
}

ITER_TYPE_NEW(cg_type_zip, "zip", multi_iter, multi_dealloc, zip_next, zip_new);

ITER_TYPE_NEW(cg_type_map, "map", multi_iter, multi_dealloc, map_next, map_new);

/* ---- filter ------------------------------------------------------------------------------------- */

typedef struct {
    cg_obj head;
    cg_value fn, it;
    cg_gc_link gc;
} filter_obj;

static void filter_obj_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_visit_value(((filter_obj *)o)->fn, visit, arg);
    cg_visit_value(((filter_obj *)o)->it, visit, arg);
}

static void filter_dealloc(cg_obj *o) {
    filter_obj *f = (filter_obj *)o;
    cg_decref(f->fn);
    cg_decref(f->it);
    cg_obj_free(o);
}

static cg_value filter_new(cg_type *type, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "filter() takes no keyword arguments");
    if (a->npos != 2)
        return cg_raise(&cg_exc_TypeError, "filter expected 2 arguments, got %d", a->npos);
    cg_value it = cg_iter(a->pos[1]);
    if (cg_is_err(it))
        return it;
    filter_obj *f = cg_obj_alloc(type);
    if (!f)
        return cg_decref(it), cg_raise_nomemory();
    f->fn = cg_incref(a->pos[0]);
    f->it = it;
    cg_gc_track(f);
    return cg_obj_value(f);
}

static cg_value filter_next(cg_value self) {
    filter_obj *f = (filter_obj *)self.u.o;
    for (;;) {
        cg_value x = cg_next(f->it);
        if (x.tag == CG_V_STOP || cg_is_err(x))
            return x;
        int keep;
        if (cg_is_none(f->fn)) {
            keep = cg_truth(x);
        } else {
            cg_value r = cg_call1(f->fn, x);
            keep = cg_is_err(r) ? -1 : cg_truth(r);
            cg_decref(r);
        }
        if (keep > 0)
            return x;
        cg_decref(x);
        if (keep < 0)
            return CG_ERR;
    }
}

ITER_TYPE_NEW(cg_type_filter, "filter", filter_obj, filter_dealloc, filter_next, filter_new);

/* ---- reversed ------------------------------------------------------------------------------------ */

/* reversed(seq) for a sequence with __len__ and __getitem__ (tuple, str,
 * a user class): index from the end. */
typedef struct {
    cg_obj head;
    cg_value seq;
    int64_t index;
    cg_gc_link gc;
} reversed_obj;
TRAVERSE_ONE(reversed_obj, seq)

static void reversed_dealloc(cg_obj *o) {
    cg_decref(((reversed_obj *)o)->seq);
    cg_obj_free(o);
}

static cg_value reversed_next(cg_value self) {
    reversed_obj *r = (reversed_obj *)self.u.o;
    if (r->index < 0)
        return CG_STOP;
    cg_value x = cg_getitem(r->seq, cg_int(r->index--));
    if (cg_is_err(x) && (cg_exc_matches(&cg_exc_IndexError) || cg_exc_matches(&cg_exc_StopIteration))) {
        cg_exc_clear();
        r->index = -1;
        return CG_STOP;
    }
    return x;
}

cg_value cg_reversed(cg_value seq) {
    cg_type *t = cg_typeof(seq);
    if (cg_is_type(seq, &cg_type_list))
        return cg_seq_iter_new(&cg_type_list_reverseiterator, seq);
    if (cg_is_type(seq, &cg_type_range))
        return cg_range_iter_new(seq, true);
    if (cg_is_type(seq, &cg_type_dict))
        return cg_dict_iter_new(seq, CG_DICT_KEYS, true);
    cg_value m = cg_type_lookup_borrowed(t, cg_str_intern("__reversed__"));
    if (m.tag != CG_V_STOP)
        return cg_call1(m, seq);
    /* a subclass of list or dict reverses its value, as list.__reversed__ does */
    cg_value inner = cg_unbox(seq);
    if (inner.tag == CG_V_OBJ && inner.u.o != seq.u.o
        && (cg_is_type(inner, &cg_type_list) || cg_is_type(inner, &cg_type_dict)))
        return cg_reversed(inner);
    if (!t->getitem || !t->len || cg_is_dict(seq) || cg_is_anyset(seq))
        return cg_raise(&cg_exc_TypeError, "'%s' object is not reversible", t->name);
    int64_t n = cg_len(seq);
    if (n < 0)
        return CG_ERR;
    reversed_obj *r = cg_obj_alloc(&cg_type_reversed);
    if (!r)
        return cg_raise_nomemory();
    r->seq = cg_incref(seq);
    r->index = n - 1;
    cg_gc_track(r);
    return cg_obj_value(r);
}

static cg_value reversed_new(cg_type *type, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "reversed() takes no keyword arguments");
    if (a->npos != 1)
        return cg_raise(&cg_exc_TypeError, "reversed expected 1 argument, got %d", a->npos);
    return cg_reversed(a->pos[0]);
}

ITER_TYPE_NEW(cg_type_reversed, "reversed", reversed_obj, reversed_dealloc, reversed_next, reversed_new);

/* ---- iter(callable, sentinel) ------------------------------------------------------------------- */

typedef struct {
    cg_obj head;
    cg_value fn, sentinel; /* fn is None once exhausted */
    cg_gc_link gc;
} callable_iter;

static void callable_iter_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_visit_value(((callable_iter *)o)->fn, visit, arg);
    cg_visit_value(((callable_iter *)o)->sentinel, visit, arg);
}

static void callable_iter_dealloc(cg_obj *o) {
    callable_iter *c = (callable_iter *)o;
    cg_decref(c->fn);
    cg_decref(c->sentinel);
    cg_obj_free(o);
}

static cg_value callable_iter_next(cg_value self) {
    callable_iter *c = (callable_iter *)self.u.o;
    if (cg_is_none(c->fn))
        return CG_STOP;
    cg_value x = cg_call0(c->fn);
    if (cg_is_err(x)) {
        if (!cg_exc_matches(&cg_exc_StopIteration))
            return x;
        cg_exc_clear();
        cg_value_set(&c->fn, CG_NONE);
        return CG_STOP;
    }
    int eq = cg_value_eq(x, c->sentinel);
    if (eq == 0)
        return x;
    cg_decref(x);
    if (eq < 0)
        return CG_ERR;
    cg_value_set(&c->fn, CG_NONE);
    return CG_STOP;
}

ITER_TYPE(cg_type_callable_iterator, "callable_iterator", callable_iter, callable_iter_dealloc, callable_iter_next);

cg_value cg_callable_iter_new(cg_value fn, cg_value sentinel) {
    callable_iter *c = cg_obj_alloc(&cg_type_callable_iterator);
    if (!c)
        return cg_raise_nomemory();
    c->fn = cg_incref(fn);
    c->sentinel = cg_incref(sentinel);
    cg_gc_track(c);
    return cg_obj_value(c);
}

int cg_iterator_types_init(void) {
    if (cg_type_add_methods(&cg_type_dict_keys, view_methods) < 0)
        return -1;
    if (cg_type_add_methods(&cg_type_dict_values, view_methods) < 0)
        return -1;
    return cg_type_add_methods(&cg_type_dict_items, view_methods);
}
