/* tuple.c: the tuple type: a fixed array of values, its slots (indexing,
 * slicing, + *, comparison, hash, repr `(1,)`) and methods (index, count).
 *
 * The empty tuple is one immortal object, as in CPython. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/gc.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/value.h"

bool cg_is_tuple(cg_value v) {
    return v.tag == CG_V_OBJ
           && (v.u.o->type == &cg_type_tuple || cg_type_is_layout_subtype(v.u.o->type, &cg_type_tuple));
}

static cg_tuple empty_tuple = {.head = {CG_IMMORTAL, &cg_type_tuple}, .len = 0};

static cg_tuple *tuple_alloc(cg_type *type, int64_t len) {
    cg_tuple *t = malloc(sizeof(cg_tuple) + (size_t)len * sizeof(cg_value));
    if (!t)
        return NULL;
    t->head.refcnt = 1;
    t->head.type = type;
    if (type->flags & CG_TYPE_HEAP)
        cg_obj_incref(type);
    t->len = len;
    for (int64_t i = 0; i < len; i++)
        t->items[i] = CG_NONE;
    t->gc = (cg_gc_link){0};
    if (type->gc_offset)
        cg_gc_track(t);
    return t;
}

cg_value cg_tuple_new(int64_t len) {
    if (len == 0) {
        cg_obj_incref(&empty_tuple);
        return cg_obj_value(&empty_tuple);
    }
    cg_tuple *t = tuple_alloc(&cg_type_tuple, len);
    return t ? cg_obj_value(t) : cg_raise_nomemory();
}

cg_value cg_tuple_steal(int64_t n, cg_value *items) {
    for (int64_t i = 0; i < n; i++) {
        if (cg_is_err(items[i])) {
            for (int64_t j = 0; j < n; j++)
                cg_decref(items[j]);
            return CG_ERR;
        }
    }
    cg_value r = cg_tuple_new(n);
    if (cg_is_err(r)) {
        for (int64_t j = 0; j < n; j++)
            cg_decref(items[j]);
        return r;
    }
    if (n)
        memcpy(cg_as_tuple(r)->items, items, (size_t)n * sizeof *items);
    return r;
}

cg_value cg_tuple_from_array(int64_t n, const cg_value *items) {
    cg_value r = cg_tuple_new(n);
    if (cg_is_err(r))
        return r;
    for (int64_t i = 0; i < n; i++)
        cg_as_tuple(r)->items[i] = cg_incref(items[i]);
    return r;
}

cg_value cg_tuple_pack(int n, ...) {
    cg_value r = cg_tuple_new(n);
    if (cg_is_err(r))
        return r;
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        cg_as_tuple(r)->items[i] = cg_incref(va_arg(ap, cg_value));
    va_end(ap);
    return r;
}

cg_value cg_tuple_from_iterable(cg_value iterable) {
    if (cg_is_type(iterable, &cg_type_tuple))
        return cg_incref(iterable);
    cg_value l = cg_list_from_iterable(iterable);
    if (cg_is_err(l))
        return l;
    cg_value r = cg_tuple_from_array(cg_as_list(l)->len, cg_as_list(l)->items);
    cg_decref(l);
    return r;
}

cg_value cg_list_to_tuple(cg_value seq) {
    if (cg_is_type(seq, &cg_type_tuple))
        return cg_incref(seq);
    if (cg_is_list(seq))
        return cg_tuple_from_array(cg_as_list(seq)->len, cg_as_list(seq)->items);
    return cg_tuple_from_iterable(seq);
}

static void tuple_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_tuple *t = (cg_tuple *)o;
    for (int64_t i = 0; i < t->len; i++)
        cg_visit_value(t->items[i], visit, arg);
}

static void tuple_dealloc(cg_obj *o) {
    cg_tuple *t = (cg_tuple *)o;
    for (int64_t i = t->len - 1; i >= 0; i--)
        cg_decref(t->items[i]);
    cg_obj_free(o);
}

static cg_value tuple_repr(cg_value self) {
    cg_tuple *t = cg_as_tuple(self);
    return cg_seq_repr(self, t->items, t->len, "(", ")", true);
}

/* CPython's tuple hash (xxHash's mixing), so hash((1, 2)) is Python's. */
static int64_t tuple_hash(cg_value self) {
    const uint64_t P1 = UINT64_C(11400714785074694791), P2 = UINT64_C(14029467366897019727),
                   P5 = UINT64_C(2870177450012600261);
    cg_tuple *t = cg_as_tuple(self);
    if (cg_check_depth() < 0) /* tuples nested a million deep */
        return -1;
    uint64_t acc = P5;
    for (int64_t i = 0; i < t->len; i++) {
        int64_t h = cg_key_hash(t->items[i]);
        if (h == -1)
            return -1;
        acc += (uint64_t)h * P2;
        acc = (acc << 31) | (acc >> 33);
        acc *= P1;
    }
    acc += (uint64_t)t->len ^ (P5 ^ UINT64_C(3527539));
    if (acc == (uint64_t)-1)
        return 1546275796;
    return (int64_t)acc;
}

static cg_value tuple_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (!cg_is_tuple(a) || !cg_is_tuple(b))
        return cg_incref(cg_NotImplemented);
    cg_tuple *x = cg_as_tuple(a), *y = cg_as_tuple(b);
    return cg_seq_compare(x->items, x->len, y->items, y->len, op);
}

static cg_value tuple_binary(cg_value a, cg_value b, cg_binop op) {
    bool ta = cg_is_tuple(a), tb = cg_is_tuple(b);
    if (op == OP_ADD && ta) {
        if (!tb) {
            if (cg_other_may_handle(b))
                return cg_incref(cg_NotImplemented);
            return cg_raise(&cg_exc_TypeError, "can only concatenate tuple (not \"%s\") to tuple", cg_type_name(b));
        }
        cg_tuple *x = cg_as_tuple(a), *y = cg_as_tuple(b);
        if (y->len == 0 && cg_is_type(a, &cg_type_tuple))
            return cg_incref(a);
        if (x->len == 0 && cg_is_type(b, &cg_type_tuple))
            return cg_incref(b);
        cg_value r = cg_tuple_new(x->len + y->len);
        if (cg_is_err(r))
            return r;
        for (int64_t i = 0; i < x->len; i++)
            cg_as_tuple(r)->items[i] = cg_incref(x->items[i]);
        for (int64_t i = 0; i < y->len; i++)
            cg_as_tuple(r)->items[x->len + i] = cg_incref(y->items[i]);
        return r;
    }
    if (op == OP_MULT) {
        cg_value n = ta ? b : a;
        int64_t k;
        int r = cg_sequence_repeat_count(n, &k);
        if (r <= 0)
            return r < 0 ? CG_ERR : cg_incref(cg_NotImplemented);
        cg_tuple *t = cg_as_tuple(ta ? a : b);
        if (k == 1 && cg_is_type(ta ? a : b, &cg_type_tuple))
            return cg_incref(ta ? a : b);
        if (k < 0)
            k = 0;
        if (t->len && k > INT64_MAX / 16 / t->len)
            return cg_raise_nomemory();
        cg_value res = cg_tuple_new(t->len * k);
        if (cg_is_err(res))
            return res;
        cg_value *dst = cg_as_tuple(res)->items;
        for (int64_t j = 0; j < k; j++)
            for (int64_t i = 0; i < t->len; i++)
                *dst++ = cg_incref(t->items[i]);
        return res;
    }
    return cg_incref(cg_NotImplemented);
}

static int64_t tuple_len(cg_value self) { return cg_as_tuple(self)->len; }

static int tuple_contains(cg_value self, cg_value item) {
    cg_tuple *t = cg_as_tuple(self);
    for (int64_t i = 0; i < t->len; i++) {
        int eq = cg_value_eq(t->items[i], item);
        if (eq != 0)
            return eq;
    }
    return 0;
}

static cg_value tuple_getitem(cg_value self, cg_value key) {
    cg_tuple *t = cg_as_tuple(self);
    int64_t i;
    int r = cg_key_as_item(key, &t->len, &i, "tuple index out of range");
    if (r < 0)
        return CG_ERR;
    if (r == 1)
        return cg_incref(t->items[i]);
    if (cg_is_type(key, &cg_type_slice)) {
        int64_t start, stop, step, n = cg_slice_indices(key, t->len, &start, &stop, &step);
        if (n < 0)
            return CG_ERR;
        if (n == t->len && step == 1 && cg_is_type(self, &cg_type_tuple))
            return cg_incref(self);
        cg_value res = cg_tuple_new(n);
        if (cg_is_err(res))
            return res;
        for (int64_t k = 0, j = start; k < n; k++, j += step)
            cg_as_tuple(res)->items[k] = cg_incref(t->items[j]);
        return res;
    }
    return cg_raise(&cg_exc_TypeError, "tuple indices must be integers or slices, not %s", cg_type_name(key));
}

static cg_value tuple_iter(cg_value self) { return cg_seq_iter_new(&cg_type_tuple_iterator, self); }

static cg_value tuple_new_(cg_type *type, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "tuple() takes no keyword arguments");
    if (a->npos > 1)
        return cg_raise(&cg_exc_TypeError, "tuple expected at most 1 argument, got %d", a->npos);
    if (a->npos == 0)
        return cg_tuple_new(0);
    cg_value r = cg_tuple_from_iterable(a->pos[0]);
    if (cg_is_err(r) || type == &cg_type_tuple)
        return r;
    /* a C subtype (torch.Size): the same items in an object of that type */
    cg_tuple *t = tuple_alloc(type, cg_as_tuple(r)->len);
    if (!t)
        return cg_decref(r), cg_raise_nomemory();
    for (int64_t i = 0; i < t->len; i++)
        t->items[i] = cg_incref(cg_as_tuple(r)->items[i]);
    cg_decref(r);
    return cg_obj_value(t);
}

cg_value cg_tuple_new_of(cg_type *type, int64_t len) {
    if (type == &cg_type_tuple)
        return cg_tuple_new(len);
    cg_tuple *t = tuple_alloc(type, len);
    return t ? cg_obj_value(t) : cg_raise_nomemory();
}

enum { T_INDEX, T_COUNT, T_N };
static const cg_method_def tuple_methods[];

static cg_value tuple_index_m(cg_value self, const cg_args *a) {
    cg_value x[3];
    if (cg_args_bind(&tuple_methods[T_INDEX], a, x, 3) < 0)
        return CG_ERR;
    cg_tuple *t = cg_as_tuple(self);
    int64_t start, stop;
    cg_value r = CG_ERR;
    if (cg_seq_index_bounds(x[1], x[2], t->len, &start, &stop) == 0) {
        int eq = 0;
        int64_t i = start;
        for (; i < stop && i < t->len; i++)
            if ((eq = cg_value_eq(t->items[i], x[0])) != 0)
                break;
        if (eq > 0)
            r = cg_int(i);
        else if (eq == 0)
            cg_raise(&cg_exc_ValueError, "tuple.index(x): x not in tuple");
    }
    cg_args_release(&tuple_methods[T_INDEX], x, 3);
    return r;
}

static cg_value tuple_count_m(cg_value self, const cg_args *a) {
    cg_value x;
    if (cg_args_bind(&tuple_methods[T_COUNT], a, &x, 1) < 0)
        return CG_ERR;
    cg_tuple *t = cg_as_tuple(self);
    int64_t n = 0;
    int eq = 0;
    for (int64_t i = 0; i < t->len && eq >= 0; i++) {
        eq = cg_value_eq(t->items[i], x);
        if (eq > 0)
            n++;
    }
    cg_args_release(&tuple_methods[T_COUNT], &x, 1);
    return eq < 0 ? CG_ERR : cg_int(n);
}

static const cg_method_def tuple_methods[] = {
    [T_INDEX] = {"index", tuple_index_m, "index(value, start=0, stop=None, /)", "Return first index of value."},
    [T_COUNT] = {"count", tuple_count_m, "count(value, /)", "Return number of occurrences of value."},
    [T_N] = {NULL, NULL, NULL, NULL},
};

int cg_tuple_type_init(void) { return cg_type_add_methods(&cg_type_tuple, tuple_methods); }

cg_type cg_type_tuple = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "tuple",
    .module = "builtins",
    .base = &cg_type_object,
    /* not subclassable by a class statement: the items end the object */
    .basicsize = sizeof(cg_tuple),
    .flags = CG_TYPE_TRASHCAN,
    .dealloc = tuple_dealloc,
    /* no clear slot: a cycle through a tuple passes through something
     * mutable, which breaks it */
    .gc_offset = offsetof(cg_tuple, gc),
    .traverse = tuple_traverse,
    .repr = tuple_repr,
    .hash = tuple_hash,
    .compare = tuple_compare,
    .binary = tuple_binary,
    .len = tuple_len,
    .contains = tuple_contains,
    .getitem = tuple_getitem,
    .iter = tuple_iter,
    .new_ = tuple_new_,
};
