/* deque.c: `_collections`, the C half of the collections module: the
 * deque type (collections.deque) and its iterators. The rest of the
 * module (namedtuple, Counter, OrderedDict, ...) is prelude/collections.py.
 * A class derives from deque by boxing (CG_TYPE_BOXABLE): its instances
 * hold a deque, made empty and filled by deque.__init__.
 *
 * Note [Deque buffer]
 * The items live in one array, contiguous from `start` for `len` items,
 * with free room on both sides. append and pop work at the right end,
 * appendleft and popleft at the left, all O(1) while there is room; when
 * an end runs out of room the items move within an array twice their
 * number (at least 16; an array eight times too large for a drained queue
 * shrinks), with the free room on the side that ran out (both sides when
 * both did), so a queue (append right, pop left) costs O(1) per item
 * amortized. Contiguous items let repr and comparison share the list's
 * code. Every mutation bumps `state`, which the iterators check
 * (CPython's "deque mutated during iteration"). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/gc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/stdlib.h"

typedef struct {
    cg_obj head;
    cg_value *buf;
    int64_t cap, start, len;
    int64_t maxlen; /* -1: unbounded */
    uint64_t state;
    /* The class of the instance this deque is the value of (a subclass of
     * deque, given to the constructor), or NULL: repr and copy name it, as
     * CPython's. */
    cg_type *owner;
    cg_gc_link gc;
} deque;

extern cg_type cg_type_deque, cg_type_deque_iterator, cg_type_deque_reverse_iterator;

static deque *as_deque(cg_value v) { return (deque *)v.u.o; }
static bool is_deque(cg_value v) { return cg_is_type(v, &cg_type_deque); }
static cg_value *items(const deque *d) { return d->buf + d->start; }

/* Room for `left` more items before the first and `right` after the last
 * (Note [Deque buffer]); -1 with MemoryError. */
static int reserve(deque *d, int64_t left, int64_t right) {
    if (d->start >= left && d->cap - d->start - d->len >= right)
        return 0;
    int64_t need = d->len + left + right;
    int64_t ncap = d->cap;
    if (ncap < 16 || need * 2 > ncap || (need * 8 < ncap && ncap > 64))
        ncap = need * 2 < 16 ? 16 : need * 2; /* grow, or shrink a drained queue's array */
    /* the free room goes where it was asked for: a queue's to the right */
    int64_t spare = ncap - need;
    int64_t nstart = left == 0 ? 0 : right == 0 ? left + spare : left + spare / 2;
    if (ncap == d->cap) {
        memmove(d->buf + nstart, items(d), (size_t)d->len * sizeof(cg_value));
    } else if (ncap > d->cap) {
        /* realloc keeps big arrays' pages (no copy, no fresh zeroed pages) */
        cg_value *nb = realloc(d->buf, (size_t)ncap * sizeof(cg_value));
        if (!nb) {
            cg_raise_nomemory();
            return -1;
        }
        memmove(nb + nstart, nb + d->start, (size_t)d->len * sizeof(cg_value));
        d->buf = nb;
        d->cap = ncap;
    } else {
        memmove(d->buf + nstart, items(d), (size_t)d->len * sizeof(cg_value));
        cg_value *nb = realloc(d->buf, (size_t)ncap * sizeof(cg_value));
        if (nb)
            d->buf = nb; /* a failed shrink keeps the larger array */
        d->cap = nb ? ncap : d->cap;
    }
    d->start = nstart;
    return 0;
}

/* The item taken off an end, its reference passed to the caller. */
static cg_value take_right(deque *d) {
    d->state++;
    return d->buf[d->start + --d->len];
}

static cg_value take_left(deque *d) {
    d->state++;
    d->len--;
    return d->buf[d->start++];
}

/* Adds v (a new reference, stolen) at one end; a full bounded deque drops
 * the item at the other end. */
static int push_right(deque *d, cg_value v) {
    if (d->maxlen < 0 && d->start + d->len < d->cap) { /* unbounded, with room: a queue's common case */
        d->buf[d->start + d->len++] = v;
        d->state++;
        return 0;
    }
    if (d->maxlen == 0) {
        cg_decref(v);
        return 0;
    }
    if (reserve(d, 0, 1) < 0) {
        cg_decref(v);
        return -1;
    }
    d->buf[d->start + d->len++] = v;
    d->state++;
    if (d->maxlen >= 0 && d->len > d->maxlen)
        cg_decref(take_left(d));
    return 0;
}

static int push_left(deque *d, cg_value v) {
    if (d->maxlen == 0) {
        cg_decref(v);
        return 0;
    }
    if (reserve(d, 1, 0) < 0) {
        cg_decref(v);
        return -1;
    }
    d->buf[--d->start] = v;
    d->len++;
    d->state++;
    if (d->maxlen >= 0 && d->len > d->maxlen)
        cg_decref(take_right(d));
    return 0;
}

/* Every item of iterable pushed at one end (extend, extendleft). */
static int extend_side(deque *d, cg_value iterable, bool left) {
    cg_value src = iterable;
    if (iterable.tag == CG_V_OBJ && iterable.u.o == &d->head) {
        src = cg_list_from_array(d->len, items(d)); /* d.extend(d) */
        if (cg_is_err(src))
            return -1;
    } else {
        cg_incref(src);
    }
    cg_value it = cg_iter(src);
    cg_decref(src);
    if (cg_is_err(it))
        return -1;
    for (;;) {
        cg_value v = cg_next(it);
        if (v.tag == CG_V_STOP)
            break;
        if (cg_is_err(v) || (left ? push_left(d, v) : push_right(d, v)) < 0) {
            cg_decref(it);
            return -1;
        }
    }
    cg_decref(it);
    return 0;
}

/* Empties d; the items go after it is empty (a dying item may look at it). */
static void deque_clear_items(deque *d) {
    cg_value *buf = d->buf;
    int64_t s = d->start, n = d->len;
    d->buf = NULL;
    d->cap = d->start = d->len = 0;
    d->state++;
    for (int64_t i = n - 1; i >= 0; i--)
        cg_decref(buf[s + i]);
    free(buf);
}

static void deque_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    deque *d = (deque *)o;
    for (int64_t i = 0; i < d->len; i++)
        cg_visit_value(items(d)[i], visit, arg);
}

static void deque_clear_slot(cg_obj *o) { deque_clear_items((deque *)o); }

static void deque_dealloc(cg_obj *o) {
    deque_clear_items((deque *)o);
    if (((deque *)o)->owner)
        cg_obj_decref(((deque *)o)->owner);
    cg_obj_free(o);
}

static deque *deque_alloc(int64_t maxlen) {
    deque *d = cg_obj_alloc(&cg_type_deque);
    if (!d)
        return NULL;
    d->maxlen = maxlen;
    cg_gc_track(d);
    return d;
}

/* ---- construction -------------------------------------------------------- */

static int maxlen_of(cg_value v, int64_t *out) {
    if (v.tag == CG_V_STOP || cg_is_none(v)) {
        *out = -1;
        return 0;
    }
    if (cg_index_value(v, out) < 0)
        return -1;
    if (*out < 0) {
        cg_raise(&cg_exc_ValueError, "maxlen must be non-negative");
        return -1;
    }
    return 0;
}

static const cg_method_def new_def = {"deque", NULL, "deque(iterable=(), maxlen=None)", NULL};

static cg_value deque_new_(cg_type *type, const cg_args *a) {
    cg_value arg[2];
    if (cg_args_bind(&new_def, a, arg, 2) < 0)
        return CG_ERR;
    int64_t maxlen;
    deque *d = NULL;
    int rc = maxlen_of(arg[1], &maxlen);
    if (rc == 0) {
        d = deque_alloc(maxlen);
        rc = d ? 0 : (cg_raise_nomemory(), -1);
    }
    if (rc == 0 && type != &cg_type_deque) { /* the value of a subclass's instance (CG_TYPE_BOXABLE) */
        d->owner = type;
        cg_obj_incref(type);
    }
    if (rc == 0 && arg[0].tag != CG_V_STOP)
        rc = extend_side(d, arg[0], false);
    cg_args_release(&new_def, arg, 2);
    if (rc < 0) {
        if (d)
            cg_obj_decref(d);
        return CG_ERR;
    }
    return cg_obj_value(d);
}

static const cg_method_def init_def = {"__init__", NULL, "__init__(iterable=(), maxlen=None)", NULL};

/* deque.__init__: empties the deque (the value of a subclass's instance)
 * and fills it again, as CPython's does when called twice. */
static cg_value deque_init_m(cg_value self, const cg_args *a) {
    cg_value inner = cg_unbox(self);
    if (!is_deque(inner))
        return cg_raise(&cg_exc_TypeError, "descriptor '__init__' requires a 'collections.deque' object");
    cg_value arg[2];
    if (cg_args_bind(&init_def, a, arg, 2) < 0)
        return CG_ERR;
    deque *d = as_deque(inner);
    int64_t maxlen;
    int rc = maxlen_of(arg[1], &maxlen);
    if (rc == 0) {
        deque_clear_items(d);
        d->maxlen = maxlen;
        if (arg[0].tag != CG_V_STOP)
            rc = extend_side(d, arg[0], false);
    }
    cg_args_release(&init_def, arg, 2);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value deque_copy_of(deque *d) {
    deque *c = deque_alloc(d->maxlen);
    if (!c)
        return cg_raise_nomemory();
    if (reserve(c, 0, d->len) < 0) {
        cg_obj_decref(c);
        return CG_ERR;
    }
    for (int64_t i = 0; i < d->len; i++)
        c->buf[c->start + i] = cg_incref(items(d)[i]);
    c->len = d->len;
    return cg_obj_value(c);
}

/* ---- slots ----------------------------------------------------------------- */

static cg_value deque_repr(cg_value self) {
    deque *d = as_deque(self);
    int rec = cg_repr_enter(self);
    if (rec < 0)
        return CG_ERR;
    if (rec)
        return cg_str_fmt("[...]");
    cg_repr_leave(self);
    /* copy the items: a repr may change the deque under us */
    cg_value l = cg_list_from_array(d->len, items(d));
    if (cg_is_err(l))
        return l;
    cg_value inner = cg_seq_repr(self, cg_as_list(l)->items, cg_as_list(l)->len, "[", "]", false);
    cg_decref(l);
    if (cg_is_err(inner))
        return inner;
    const char *name = d->owner ? d->owner->name : "deque";
    cg_value r = d->maxlen >= 0 ? cg_str_fmt("%s(%s, maxlen=%lld)", name, cg_str_cstr(inner), (long long)d->maxlen)
                                : cg_str_fmt("%s(%s)", name, cg_str_cstr(inner));
    cg_decref(inner);
    return r;
}

static cg_value deque_compare(cg_value a, cg_value b, cg_cmpop op) {
    a = cg_unbox(a); /* a subclass's instance compares as its deque */
    b = cg_unbox(b);
    if (!is_deque(a) || !is_deque(b))
        return cg_incref(cg_NotImplemented);
    /* copies: an item's __eq__ may change either deque */
    cg_value x = cg_list_from_array(as_deque(a)->len, items(as_deque(a)));
    if (cg_is_err(x))
        return x;
    cg_value y = cg_list_from_array(as_deque(b)->len, items(as_deque(b)));
    if (cg_is_err(y)) {
        cg_decref(x);
        return y;
    }
    cg_value r = cg_seq_compare(cg_as_list(x)->items, cg_as_list(x)->len, cg_as_list(y)->items, cg_as_list(y)->len, op);
    cg_decref(x);
    cg_decref(y);
    return r;
}

static int deque_truth(cg_value self) { return as_deque(self)->len != 0; }
static int64_t deque_len(cg_value self) { return as_deque(self)->len; }

/* The position of x, or -1 absent, -2 error; RuntimeError if an __eq__
 * changed the deque. */
static int64_t find(deque *d, cg_value x, int64_t lo, int64_t hi) {
    uint64_t state = d->state;
    for (int64_t i = lo; i < hi && i < d->len; i++) {
        cg_value item = cg_incref(items(d)[i]);
        int eq = cg_value_eq(item, x);
        cg_decref(item);
        if (eq < 0)
            return -2;
        if (d->state != state) {
            cg_raise(&cg_exc_RuntimeError, "deque mutated during iteration");
            return -2;
        }
        if (eq)
            return i;
    }
    return -1;
}

static int deque_contains(cg_value self, cg_value x) {
    int64_t i = find(as_deque(self), x, 0, INT64_MAX);
    return i == -2 ? -1 : i >= 0;
}

/* The position of an index key, -1 with IndexError/TypeError. */
static int64_t position(deque *d, cg_value key) {
    int64_t i;
    int rc = cg_key_as_index(key, &i);
    if (rc < 0)
        return -1;
    if (rc == 0) {
        cg_raise(&cg_exc_TypeError, "sequence index must be integer, not '%s'", cg_type_name(key));
        return -1;
    }
    if (i < 0)
        i += d->len;
    if (i < 0 || i >= d->len) {
        cg_raise(&cg_exc_IndexError, "deque index out of range");
        return -1;
    }
    return i;
}

static cg_value deque_getitem(cg_value self, cg_value key) {
    deque *d = as_deque(self);
    int64_t i = position(d, key);
    return i < 0 ? CG_ERR : cg_incref(items(d)[i]);
}

static int deque_setitem(cg_value self, cg_value key, cg_value value) {
    deque *d = as_deque(self);
    int64_t i = position(d, key);
    if (i < 0)
        return -1;
    cg_value_set(&items(d)[i], cg_incref(value));
    return 0;
}

/* Removes the item at i (0 <= i < len), returning it. */
static cg_value remove_at(deque *d, int64_t i) {
    cg_value v = items(d)[i];
    if (i < d->len / 2) {
        memmove(items(d) + 1, items(d), (size_t)i * sizeof(cg_value));
        d->start++;
    } else {
        memmove(items(d) + i, items(d) + i + 1, (size_t)(d->len - i - 1) * sizeof(cg_value));
    }
    d->len--;
    d->state++;
    return v;
}

static int deque_delitem(cg_value self, cg_value key) {
    deque *d = as_deque(self);
    int64_t i = position(d, key);
    if (i < 0)
        return -1;
    cg_decref(remove_at(d, i));
    return 0;
}

/* ---- iterators ---------------------------------------------------------- */

typedef struct {
    cg_obj head;
    cg_value dq; /* CG_NONE once exhausted */
    int64_t index;
    uint64_t state;
    cg_gc_link gc;
} deque_iter;

static cg_value iter_new(cg_value self, cg_type *type) {
    deque_iter *it = cg_obj_alloc(type);
    if (!it)
        return cg_raise_nomemory();
    it->dq = cg_incref(self);
    it->state = as_deque(self)->state;
    it->index = type == &cg_type_deque_reverse_iterator ? as_deque(self)->len - 1 : 0;
    cg_gc_track(it);
    return cg_obj_value(it);
}

static cg_value iter_next(cg_value self) {
    deque_iter *it = (deque_iter *)self.u.o;
    if (cg_is_none(it->dq))
        return CG_STOP;
    deque *d = as_deque(it->dq);
    if (d->state != it->state) {
        cg_value_set(&it->dq, CG_NONE);
        return cg_raise(&cg_exc_RuntimeError, "deque mutated during iteration");
    }
    if (it->index < 0 || it->index >= d->len) {
        cg_value_set(&it->dq, CG_NONE);
        return CG_STOP;
    }
    cg_value v = cg_incref(items(d)[it->index]);
    it->index += self.u.o->type == &cg_type_deque_reverse_iterator ? -1 : 1;
    return v;
}

static cg_value iter_self(cg_value self) { return cg_incref(self); }

static void iter_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_visit_value(((deque_iter *)o)->dq, visit, arg);
}

static void iter_dealloc(cg_obj *o) {
    cg_decref(((deque_iter *)o)->dq);
    cg_obj_free(o);
}

static cg_value deque_iter_slot(cg_value self) { return iter_new(self, &cg_type_deque_iterator); }

/* ---- + * += *= ------------------------------------------------------------ */

static int repeat_in_place(deque *d, int64_t n) {
    if (n <= 0 || d->len == 0) {
        if (n <= 0)
            deque_clear_items(d);
        return 0;
    }
    int64_t len = d->len;
    if (d->maxlen >= 0 && len * n > d->maxlen)
        n = (d->maxlen + len - 1) / len + 1; /* only the last maxlen survive */
    if (len > INT64_MAX / 16 / n) {
        cg_raise_nomemory();
        return -1;
    }
    if (reserve(d, 0, len * (n - 1)) < 0)
        return -1;
    for (int64_t k = 1; k < n; k++)
        for (int64_t i = 0; i < len; i++)
            if (push_right(d, cg_incref(items(d)[d->len - len])) < 0)
                return -1;
    return 0;
}

static cg_value deque_binary(cg_value a, cg_value b, cg_binop op) {
    a = cg_unbox(a);
    b = cg_unbox(b);
    if (op == OP_ADD && is_deque(a)) {
        if (!is_deque(b))
            return cg_raise(&cg_exc_TypeError, "can only concatenate deque (not \"%s\") to deque", cg_type_name(b));
        cg_value r = deque_copy_of(as_deque(a));
        if (!cg_is_err(r) && extend_side(as_deque(r), b, false) < 0) {
            cg_decref(r);
            return CG_ERR;
        }
        return r;
    }
    if (op == OP_MULT) {
        cg_value seq = is_deque(a) ? a : b, n = is_deque(a) ? b : a;
        int64_t k;
        int rc = cg_sequence_repeat_count(n, &k);
        if (rc <= 0)
            return rc == 0 ? cg_incref(cg_NotImplemented) : CG_ERR;
        cg_value r = deque_copy_of(as_deque(seq));
        if (!cg_is_err(r) && repeat_in_place(as_deque(r), k) < 0) {
            cg_decref(r);
            return CG_ERR;
        }
        return r;
    }
    return cg_incref(cg_NotImplemented);
}

static cg_value deque_inplace(cg_value a, cg_value b, cg_binop op) {
    if (op == OP_ADD) {
        if (extend_side(as_deque(a), b, false) < 0)
            return CG_ERR;
        return cg_incref(a);
    }
    if (op == OP_MULT) {
        int64_t k;
        int rc = cg_sequence_repeat_count(b, &k);
        if (rc <= 0)
            return rc == 0 ? cg_incref(cg_NotImplemented) : CG_ERR;
        if (repeat_in_place(as_deque(a), k) < 0)
            return CG_ERR;
        return cg_incref(a);
    }
    return cg_incref(cg_NotImplemented);
}

/* maxlen is a property of the type (not a getattr slot), so that method
 * calls take the fast path of Note [Builtin method calls] in call.c. */
static cg_value maxlen_get(cg_value self, const cg_args *a) {
    /* called unbound by property: the deque (or a subclass's instance) arrives as self */
    cg_value d = cg_unbox(self);
    if (a->npos || !is_deque(d))
        return cg_raise(&cg_exc_TypeError, "descriptor 'maxlen' for 'collections.deque' objects doesn't apply");
    int64_t m = as_deque(d)->maxlen;
    return m < 0 ? CG_NONE : cg_int(m);
}

static const cg_method_def maxlen_def = {"maxlen", maxlen_get, NULL, "maximum size of a deque or None if unbounded"};

/* deque[int]: a types.GenericAlias (PEP 585); a classmethod in the dict */
static cg_value class_getitem_m(cg_value cls, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "__class_getitem__() takes exactly one argument (%d given)", a->npos);
    return cg_generic_alias_new(cls, a->pos[0]);
}

static const cg_method_def class_defs[] = {
    {"__class_getitem__", class_getitem_m, NULL, "See PEP 585"},
    {NULL, NULL, NULL, NULL},
};

static int add_maxlen_property(void) {
    cg_value getter = cg_builtin_new(&maxlen_def, CG_STOP);
    if (cg_is_err(getter))
        return -1;
    cg_value prop = cg_call1(cg_obj_value(&cg_type_property), getter);
    cg_decref(getter);
    if (cg_is_err(prop))
        return -1;
    int rc = cg_dict_set_str(cg_type_deque.dict, "maxlen", prop);
    cg_decref(prop);
    return rc;
}

/* ---- methods ------------------------------------------------------------- */

enum {
    M_APPEND, M_APPENDLEFT, M_POP, M_POPLEFT, M_EXTEND, M_EXTENDLEFT, M_ROTATE, M_CLEAR, M_COPY, M_DUNDER_COPY, M_COUNT,
    M_INDEX, M_INSERT, M_REMOVE, M_REVERSE, M_REVERSED, M_REDUCE, M_INIT, M_N
};
static const cg_method_def deque_methods[];

static cg_value m_append(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "deque.append() takes exactly one argument (%d given)", a->npos);
    return push_right(as_deque(self), cg_incref(a->pos[0])) < 0 ? CG_ERR : CG_NONE;
}

static cg_value m_appendleft(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "deque.appendleft() takes exactly one argument (%d given)", a->npos);
    return push_left(as_deque(self), cg_incref(a->pos[0])) < 0 ? CG_ERR : CG_NONE;
}

static cg_value m_pop(cg_value self, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "deque.pop() takes no arguments (%d given)", a->npos + a->nkw);
    deque *d = as_deque(self);
    if (!d->len)
        return cg_raise(&cg_exc_IndexError, "pop from an empty deque");
    return take_right(d);
}

static cg_value m_popleft(cg_value self, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "deque.popleft() takes no arguments (%d given)", a->npos + a->nkw);
    deque *d = as_deque(self);
    if (!d->len)
        return cg_raise(&cg_exc_IndexError, "pop from an empty deque");
    return take_left(d);
}

static cg_value extend_m(cg_value self, const cg_args *a, int which, bool left) {
    cg_value x;
    if (cg_args_bind(&deque_methods[which], a, &x, 1) < 0)
        return CG_ERR;
    int rc = extend_side(as_deque(self), x, left);
    cg_decref(x);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value m_extend(cg_value self, const cg_args *a) { return extend_m(self, a, M_EXTEND, false); }
static cg_value m_extendleft(cg_value self, const cg_args *a) { return extend_m(self, a, M_EXTENDLEFT, true); }

/* Moves n items from the right end to the left (left to right for n < 0);
 * no reference counts change. */
static int rotate(deque *d, int64_t n) {
    if (d->len <= 1)
        return 0;
    n %= d->len;
    if (n < 0)
        n += d->len;
    if (n > d->len / 2)
        n -= d->len; /* the shorter way round */
    if (n == 0)
        return 0;
    int64_t k = n > 0 ? n : -n;
    if (reserve(d, n > 0 ? k : 0, n > 0 ? 0 : k) < 0)
        return -1;
    if (n > 0) {
        memcpy(items(d) - k, items(d) + d->len - k, (size_t)k * sizeof(cg_value));
        d->start -= k;
    } else {
        memcpy(items(d) + d->len, items(d), (size_t)k * sizeof(cg_value));
        d->start += k;
    }
    d->state++;
    return 0;
}

static cg_value m_rotate(cg_value self, const cg_args *a) {
    int64_t n;
    if (cg_args_index(&deque_methods[M_ROTATE], a, &n) < 0 || rotate(as_deque(self), n) < 0)
        return CG_ERR;
    return CG_NONE;
}

static cg_value m_clear(cg_value self, const cg_args *a) {
    deque_clear_items(as_deque(self));
    return CG_NONE;
}

/* A subclass's copy is made by calling the subclass with the items (and
 * maxlen), as CPython's. */
static cg_value m_copy(cg_value self, const cg_args *a) {
    deque *d = as_deque(self);
    if (!d->owner)
        return deque_copy_of(d);
    cg_value args[2] = {self, d->maxlen >= 0 ? cg_int(d->maxlen) : CG_NONE};
    cg_args ca = {.pos = args, .npos = d->maxlen >= 0 ? 2 : 1};
    return cg_call(cg_obj_value(d->owner), &ca);
}

static cg_value m_count(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "deque.count() takes exactly one argument (%d given)", a->npos);
    deque *d = as_deque(self);
    int64_t n = 0;
    for (int64_t i = 0; i < d->len;) {
        int64_t at = find(d, a->pos[0], i, INT64_MAX);
        if (at == -2)
            return CG_ERR;
        if (at < 0)
            break;
        n++;
        i = at + 1;
    }
    return cg_int(n);
}

static cg_value m_index(cg_value self, const cg_args *a) {
    cg_value x[3];
    if (cg_args_bind(&deque_methods[M_INDEX], a, x, 3) < 0)
        return CG_ERR;
    deque *d = as_deque(self);
    int64_t lo = 0, hi = d->len;
    int rc = cg_seq_index_bounds(x[1], x[2], d->len, &lo, &hi);
    int64_t at = rc < 0 ? -2 : find(d, x[0], lo, hi);
    cg_value r = CG_ERR;
    if (at >= 0) {
        r = cg_int(at);
    } else if (at == -1) {
        cg_value rep = cg_repr(x[0]);
        if (!cg_is_err(rep)) {
            cg_raise(&cg_exc_ValueError, "%s is not in deque", cg_str_cstr(rep));
            cg_decref(rep);
        }
    }
    cg_args_release(&deque_methods[M_INDEX], x, 3);
    return r;
}

static cg_value m_insert(cg_value self, const cg_args *a) {
    cg_value x[2];
    if (cg_args_bind(&deque_methods[M_INSERT], a, x, 2) < 0)
        return CG_ERR;
    deque *d = as_deque(self);
    int64_t i;
    cg_value r = CG_NONE;
    if (cg_index_value(x[0], &i) < 0) {
        r = CG_ERR;
    } else if (d->maxlen >= 0 && d->len >= d->maxlen) {
        r = cg_raise(&cg_exc_IndexError, "deque already at its maximum size");
    } else {
        if (i < 0)
            i = i + d->len < 0 ? 0 : i + d->len;
        if (i > d->len)
            i = d->len;
        /* rotate item i to the left end, push before it, rotate back */
        if (rotate(d, -i) < 0 || push_left(d, cg_incref(x[1])) < 0 || rotate(d, i) < 0)
            r = CG_ERR;
    }
    cg_args_release(&deque_methods[M_INSERT], x, 2);
    return r;
}

static cg_value m_remove(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "deque.remove() takes exactly one argument (%d given)", a->npos);
    deque *d = as_deque(self);
    int64_t at = find(d, a->pos[0], 0, INT64_MAX);
    if (at == -2)
        return CG_ERR;
    if (at < 0) {
        cg_value rep = cg_repr(a->pos[0]);
        if (cg_is_err(rep))
            return rep;
        cg_raise(&cg_exc_ValueError, "%s is not in deque", cg_str_cstr(rep));
        cg_decref(rep);
        return CG_ERR;
    }
    cg_decref(remove_at(d, at));
    return CG_NONE;
}

static cg_value m_reverse(cg_value self, const cg_args *a) {
    deque *d = as_deque(self);
    cg_value *v = items(d);
    for (int64_t i = 0, j = d->len - 1; i < j; i++, j--) {
        cg_value t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
    d->state++;
    return CG_NONE;
}

static cg_value m_reversed(cg_value self, const cg_args *a) {
    return iter_new(self, &cg_type_deque_reverse_iterator);
}

/* (deque, ((), maxlen) or (), None, iterator over the items): pickle and
 * copy rebuild it empty and extend it, as CPython's. */
static cg_value m_reduce(cg_value self, const cg_args *a) {
    deque *d = as_deque(self);
    cg_value empty = cg_tuple_from_array(0, NULL);
    if (cg_is_err(empty))
        return empty;
    cg_value args = empty;
    if (d->maxlen >= 0) {
        args = cg_tuple_pack(2, empty, cg_int(d->maxlen));
        cg_decref(empty);
        if (cg_is_err(args))
            return args;
    }
    cg_value l = cg_list_from_array(d->len, items(d));
    cg_value it = cg_is_err(l) ? l : cg_iter(l);
    cg_decref(l);
    if (cg_is_err(it)) {
        cg_decref(args);
        return it;
    }
    cg_value r = cg_tuple_pack(4, cg_obj_value(&cg_type_deque), args, CG_NONE, it);
    cg_decref(args);
    cg_decref(it);
    return r;
}

static const cg_method_def deque_methods[] = {
    [M_APPEND] = {"append", m_append, NULL, "Add an element to the right side of the deque."},
    [M_APPENDLEFT] = {"appendleft", m_appendleft, NULL, "Add an element to the left side of the deque."},
    [M_POP] = {"pop", m_pop, NULL, "Remove and return the rightmost element."},
    [M_POPLEFT] = {"popleft", m_popleft, NULL, "Remove and return the leftmost element."},
    [M_EXTEND] = {"extend", m_extend, "extend(iterable, /)", "Extend the right side of the deque with elements from the iterable"},
    [M_EXTENDLEFT] = {"extendleft", m_extendleft, "extendleft(iterable, /)",
                      "Extend the left side of the deque with elements from the iterable"},
    [M_ROTATE] = {"rotate", m_rotate, "rotate(n=1, /)", "Rotate the deque n steps to the right (default n=1)."},
    [M_CLEAR] = {"clear", m_clear, "clear()", "Remove all elements from the deque."},
    [M_COPY] = {"copy", m_copy, "copy()", "Return a shallow copy of a deque."},
    [M_DUNDER_COPY] = {"__copy__", m_copy, "__copy__()", "Return a shallow copy of a deque."},
    [M_COUNT] = {"count", m_count, NULL, "D.count(value) -- return number of occurrences of value"},
    [M_INDEX] = {"index", m_index, "index(value, start=None, stop=None, /)",
                 "Return first index of value. Raises ValueError if the value is not present."},
    [M_INSERT] = {"insert", m_insert, "insert(index, object, /)", "D.insert(index, object) -- insert object before index"},
    [M_REMOVE] = {"remove", m_remove, NULL, "D.remove(value) -- remove first occurrence of value."},
    [M_REVERSE] = {"reverse", m_reverse, "reverse()", "D.reverse() -- reverse *IN PLACE*"},
    [M_REVERSED] = {"__reversed__", m_reversed, "__reversed__()", "D.__reversed__() -- return a reverse iterator over the deque"},
    [M_REDUCE] = {"__reduce__", m_reduce, "__reduce__()", "Return state information for pickling."},
    [M_INIT] = {"__init__", deque_init_m, NULL, "Initialize self."},
    [M_N] = {NULL, NULL, NULL, NULL},
};

cg_type cg_type_deque = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "deque",
    .module = "collections",
    .base = &cg_type_object,
    .basicsize = sizeof(deque),
    .flags = CG_TYPE_TRASHCAN | CG_TYPE_BASETYPE | CG_TYPE_BOXABLE,
    .dealloc = deque_dealloc,
    .gc_offset = offsetof(deque, gc),
    .traverse = deque_traverse,
    .clear = deque_clear_slot,
    .repr = deque_repr,
    .compare = deque_compare,
    .binary = deque_binary,
    .inplace = deque_inplace,
    .truth = deque_truth,
    .len = deque_len,
    .contains = deque_contains,
    .getitem = deque_getitem,
    .setitem = deque_setitem,
    .delitem = deque_delitem,
    .iter = deque_iter_slot,
    .new_ = deque_new_,
};

#define DEQUE_ITER_TYPE(VAR, NAME)                \
    cg_type VAR = {                               \
        .head = {CG_IMMORTAL, &cg_type_type},     \
        .name = NAME,                             \
        .module = "_collections",                 \
        .base = &cg_type_object,                  \
        .basicsize = sizeof(deque_iter),          \
        .dealloc = iter_dealloc,                  \
        .gc_offset = offsetof(deque_iter, gc),    \
        .traverse = iter_traverse,                \
        .iter = iter_self,                        \
        .next = iter_next,                        \
    }

DEQUE_ITER_TYPE(cg_type_deque_iterator, "_deque_iterator");
DEQUE_ITER_TYPE(cg_type_deque_reverse_iterator, "_deque_reverse_iterator");

cg_value cg_collections_native_module_init(void) {
    static bool ready;
    if (!ready) {
        if (cg_type_add_methods(&cg_type_deque, deque_methods) < 0 || cg_add_slot_wrappers(&cg_type_deque) < 0
            || add_maxlen_property() < 0 || cg_type_add_classmethods(&cg_type_deque, class_defs) < 0)
            return CG_ERR;
        ready = true;
    }
    static const cg_method_def none[] = {{NULL, NULL, NULL, NULL}};
    cg_value m = cg_module_of("_collections", none);
    if (cg_is_err(m))
        return m;
    if (cg_module_add(m, "deque", cg_obj_value(&cg_type_deque)) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
