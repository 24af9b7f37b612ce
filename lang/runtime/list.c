/* list.c: the list type: a growable array of values, its slots (indexing
 * and slicing with steps, + * += *=, lexicographic comparison, repr with a
 * recursion guard) and its methods (append ... sort).
 *
 * Not here: the list iterator (iterators.c), sorting's key/compare glue is
 * at the end of this file. */
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/gc.h"
#include "runtime/exc.h"
#include "runtime/host.h"
#include "runtime/lang_internal.h"
#include "runtime/value.h"

bool cg_is_list(cg_value v) {
    return v.tag == CG_V_OBJ && (v.u.o->type == &cg_type_list || cg_type_is_layout_subtype(v.u.o->type, &cg_type_list));
}

static int list_reserve(cg_list *l, int64_t need) {
    if (need <= l->cap)
        return 0;
    int64_t ncap = l->cap < 4 ? 4 : l->cap + (l->cap >> 1);
    if (ncap < need)
        ncap = need;
    cg_value *ni = realloc(l->items, (size_t)ncap * sizeof *ni);
    if (!ni) {
        cg_raise_nomemory();
        return -1;
    }
    l->items = ni;
    l->cap = ncap;
    return 0;
}

static cg_list *list_alloc(cg_type *type, int64_t len) {
    cg_list *l = cg_obj_alloc(type);
    if (!l)
        return NULL;
    if (len > 0 && list_reserve(l, len) < 0) {
        cg_obj_free(&l->head);
        return NULL;
    }
    for (int64_t i = 0; i < len; i++)
        l->items[i] = CG_NONE;
    l->len = len;
    cg_gc_track(l);
    return l;
}

cg_value cg_list_new(int64_t len) {
    cg_list *l = list_alloc(&cg_type_list, len);
    return l ? cg_obj_value(l) : cg_raise_nomemory();
}

int cg_list_append_steal(cg_value list, cg_value v) {
    if (cg_is_err(v))
        return -1;
    cg_list *l = cg_as_list(list);
    if (l->len == l->cap && list_reserve(l, l->len + 1) < 0) {
        cg_decref(v);
        return -1;
    }
    l->items[l->len++] = v;
    return 0;
}

int cg_list_append(cg_value list, cg_value v) { return cg_list_append_steal(list, cg_incref(v)); }

cg_value cg_list_from_array(int64_t n, const cg_value *items) {
    cg_value r = cg_list_new(n);
    if (cg_is_err(r))
        return r;
    cg_list *l = cg_as_list(r);
    for (int64_t i = 0; i < n; i++)
        l->items[i] = cg_incref(items[i]);
    return r;
}

/* Appends every element of an iterable to list l. */
int cg_list_extend(cg_value list, cg_value iterable) {
    if (cg_is_list(iterable) || cg_is_tuple(iterable)) {
        int64_t n = cg_is_list(iterable) ? cg_as_list(iterable)->len : cg_as_tuple(iterable)->len;
        cg_list *l = cg_as_list(list);
        if (list_reserve(l, l->len + n) < 0)
            return -1;
        /* re-read the source: list.extend(self) reads its own items */
        const cg_value *src = cg_is_list(iterable) ? cg_as_list(iterable)->items : cg_as_tuple(iterable)->items;
        for (int64_t i = 0; i < n; i++)
            l->items[l->len + i] = cg_incref(src[i]);
        l->len += n;
        return 0;
    }
    /* A range knows its length: reserve it first, as CPython does from its
     * length hint, so that list(range(10**10)) is MemoryError at once
     * instead of growing until the machine's memory is gone. */
    if (cg_is_type(iterable, &cg_type_range)) {
        cg_list *l = cg_as_list(list);
        int64_t n = ((cg_range *)iterable.u.o)->len;
        if (n > INT64_MAX / (int64_t)sizeof(cg_value) - l->len) {
            cg_raise_nomemory();
            return -1;
        }
        if (list_reserve(l, l->len + n) < 0)
            return -1;
    }
    cg_value it = cg_iter(iterable);
    if (cg_is_err(it))
        return -1;
    for (;;) {
        cg_value x = cg_next(it);
        if (x.tag == CG_V_STOP)
            break;
        if (cg_list_append_steal(list, x) < 0) {
            cg_decref(it);
            return -1;
        }
    }
    cg_decref(it);
    return 0;
}

cg_value cg_list_from_iterable(cg_value iterable) {
    cg_value r = cg_list_new(0);
    if (cg_is_err(r))
        return r;
    if (cg_list_extend(r, iterable) < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    return r;
}

static void list_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_list *l = (cg_list *)o;
    for (int64_t i = 0; i < l->len; i++)
        cg_visit_value(l->items[i], visit, arg);
}

/* Empties the list; the items go after it is empty, since one of them
 * dying may run code that looks at the list. */
static void list_clear(cg_obj *o) {
    cg_list *l = (cg_list *)o;
    cg_value *items = l->items;
    int64_t n = l->len;
    l->items = NULL;
    l->len = l->cap = 0;
    for (int64_t i = n - 1; i >= 0; i--)
        cg_decref(items[i]);
    free(items);
}

static void list_dealloc(cg_obj *o) {
    cg_list *l = (cg_list *)o;
    for (int64_t i = l->len - 1; i >= 0; i--)
        cg_decref(l->items[i]);
    free(l->items);
    cg_obj_free(o);
}

/* ---- shared by list and tuple: repr, comparison ------------------------- */

/* "[1, 2]" / "(1,)": items between open and close, `[...]` on a cycle. */
cg_value cg_seq_repr(cg_value self, const cg_value *items, int64_t n, const char *open, const char *close,
                     bool one_comma) {
    int rec = cg_repr_enter(self);
    if (rec < 0)
        return CG_ERR;
    if (rec)
        return cg_str_fmt("%s...%s", open, close);
    cg_strbuf b = {0};
    cg_strbuf_puts(&b, open);
    for (int64_t i = 0; i < n; i++) {
        if (i)
            cg_strbuf_puts(&b, ", ");
        cg_value item = cg_incref(items[i]); /* a repr may mutate the container */
        int rc = cg_repr_into(&b, item);
        cg_decref(item);
        if (rc < 0) {
            cg_repr_leave(self);
            cg_strbuf_free(&b);
            return CG_ERR;
        }
    }
    if (one_comma && n == 1)
        cg_strbuf_putc(&b, ',');
    cg_strbuf_puts(&b, close);
    cg_repr_leave(self);
    return cg_str_from_strbuf(&b);
}

/* Lexicographic comparison, as CPython's list_richcompare. */
static cg_value seq_compare(const cg_value *x, int64_t nx, const cg_value *y, int64_t ny, cg_cmpop op) {
    int64_t i = 0;
    for (; i < nx && i < ny; i++) {
        cg_value a = cg_incref(x[i]), b = cg_incref(y[i]);
        int eq = cg_value_eq(a, b);
        if (eq == 0) {
            cg_value r = (op == OP_EQ || op == OP_NOT_EQ) ? cg_bool(op == OP_NOT_EQ) : cg_compare(a, b, op);
            cg_decref(a);
            cg_decref(b);
            return r;
        }
        cg_decref(a);
        cg_decref(b);
        if (eq < 0)
            return CG_ERR;
    }
    int c = nx < ny ? -1 : nx > ny;
    switch (op) {
    case OP_EQ: return cg_bool(c == 0);
    case OP_NOT_EQ: return cg_bool(c != 0);
    case OP_LT: return cg_bool(c < 0);
    case OP_LT_E: return cg_bool(c <= 0);
    case OP_GT: return cg_bool(c > 0);
    default: return cg_bool(c >= 0);
    }
}

/* Items compare through cg_compare, which may come back here: a list that
 * holds itself, or one nested a million deep, ends in RecursionError. */
cg_value cg_seq_compare(const cg_value *x, int64_t nx, const cg_value *y, int64_t ny, cg_cmpop op) {
    if ((op == OP_EQ || op == OP_NOT_EQ) && nx != ny)
        return cg_bool(op == OP_NOT_EQ);
    if (cg_recursion_enter(" in comparison") < 0)
        return CG_ERR;
    cg_value r = seq_compare(x, nx, y, ny, op);
    cg_recursion_leave();
    return r;
}

static cg_value list_repr(cg_value self) {
    cg_list *l = cg_as_list(self);
    return cg_seq_repr(self, l->items, l->len, "[", "]", false);
}

static cg_value list_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (!cg_is_list(a) || !cg_is_list(b))
        return cg_incref(cg_NotImplemented);
    cg_list *x = cg_as_list(a), *y = cg_as_list(b);
    return cg_seq_compare(x->items, x->len, y->items, y->len, op);
}

/* ---- + * += *= -------------------------------------------------------- */

static cg_value list_repeat(cg_list *l, int64_t n) {
    if (n < 0)
        n = 0;
    if (l->len && n > INT64_MAX / 16 / l->len)
        return cg_raise_nomemory();
    cg_value r = cg_list_new(l->len * n);
    if (cg_is_err(r))
        return r;
    cg_value *dst = cg_as_list(r)->items;
    for (int64_t k = 0; k < n; k++)
        for (int64_t i = 0; i < l->len; i++)
            *dst++ = cg_incref(l->items[i]);
    return r;
}

static cg_value list_binary(cg_value a, cg_value b, cg_binop op) {
    bool la = cg_is_list(a), lb = cg_is_list(b);
    if (op == OP_ADD && la) {
        if (!lb) {
            if (cg_other_may_handle(b))
                return cg_incref(cg_NotImplemented);
            return cg_raise(&cg_exc_TypeError, "can only concatenate list (not \"%s\") to list", cg_type_name(b));
        }
        cg_list *x = cg_as_list(a), *y = cg_as_list(b);
        cg_value r = cg_list_new(x->len + y->len);
        if (cg_is_err(r))
            return r;
        for (int64_t i = 0; i < x->len; i++)
            cg_as_list(r)->items[i] = cg_incref(x->items[i]);
        for (int64_t i = 0; i < y->len; i++)
            cg_as_list(r)->items[x->len + i] = cg_incref(y->items[i]);
        return r;
    }
    if (op == OP_MULT) {
        cg_value n = la ? b : a;
        int64_t k;
        int r = cg_sequence_repeat_count(n, &k);
        if (r <= 0)
            return r < 0 ? CG_ERR : cg_incref(cg_NotImplemented);
        return list_repeat(cg_as_list(la ? a : b), k);
    }
    return cg_incref(cg_NotImplemented);
}

static cg_value list_inplace(cg_value a, cg_value b, cg_binop op) {
    if (op == OP_ADD) {
        if (cg_list_extend(a, b) < 0)
            return CG_ERR;
        return cg_incref(a);
    }
    if (op == OP_MULT) {
        int64_t k;
        int r = cg_key_as_index_or(b, &k, &cg_exc_OverflowError);
        if (r < 0)
            return CG_ERR;
        if (r == 0)
            return cg_incref(cg_NotImplemented);
        cg_list *l = cg_as_list(a);
        int64_t n = l->len;
        if (k <= 0) {
            cg_value t = cg_list_new(0);
            if (cg_is_err(t))
                return t;
            cg_list *e = cg_as_list(t);
            cg_value *items = l->items;
            l->items = e->items, l->len = e->len, l->cap = e->cap;
            e->items = items, e->len = n, e->cap = n;
            cg_decref(t);
            return cg_incref(a);
        }
        if (n && k > INT64_MAX / 16 / n)
            return cg_raise_nomemory();
        if (list_reserve(l, n * k) < 0)
            return CG_ERR;
        for (int64_t j = 1; j < k; j++)
            for (int64_t i = 0; i < n; i++)
                l->items[j * n + i] = cg_incref(l->items[i]);
        l->len = n * k;
        return cg_incref(a);
    }
    return cg_incref(cg_NotImplemented);
}

/* ---- sequence slots ------------------------------------------------------- */

static int64_t list_len(cg_value self) { return cg_as_list(self)->len; }

static int list_contains(cg_value self, cg_value item) {
    cg_list *l = cg_as_list(self);
    for (int64_t i = 0; i < l->len; i++) {
        cg_value x = cg_incref(l->items[i]);
        int eq = cg_value_eq(x, item);
        cg_decref(x);
        if (eq != 0)
            return eq;
    }
    return 0;
}

static cg_value list_slice(cg_list *l, cg_value key) {
    int64_t start, stop, step, n = cg_slice_indices(key, l->len, &start, &stop, &step);
    if (n < 0)
        return CG_ERR;
    cg_value r = cg_list_new(n);
    if (cg_is_err(r))
        return r;
    for (int64_t k = 0, i = start; k < n; k++, i += step)
        cg_as_list(r)->items[k] = cg_incref(l->items[i]);
    return r;
}

static cg_value list_getitem(cg_value self, cg_value key) {
    cg_list *l = cg_as_list(self);
    int64_t i;
    int r = cg_key_as_item(key, &l->len, &i, "list index out of range");
    if (r < 0)
        return CG_ERR;
    if (r == 1)
        return cg_incref(l->items[i]);
    if (cg_is_type(key, &cg_type_slice))
        return list_slice(l, key);
    return cg_raise(&cg_exc_TypeError, "list indices must be integers or slices, not %s", cg_type_name(key));
}

/* l[start:stop] = items (step 1): the slice may grow or shrink. */
static int list_replace_range(cg_list *l, int64_t start, int64_t stop, const cg_value *items, int64_t n) {
    if (stop < start)
        stop = start;
    int64_t old = stop - start, nlen = l->len - old + n;
    if (list_reserve(l, nlen) < 0)
        return -1;
    cg_value *dead = malloc((size_t)(old ? old : 1) * sizeof *dead);
    if (!dead)
        return cg_raise_nomemory(), -1;
    if (old)
        memcpy(dead, l->items + start, (size_t)old * sizeof *dead);
    if (l->len > stop)
        memmove(l->items + start + n, l->items + stop, (size_t)(l->len - stop) * sizeof *l->items);
    for (int64_t i = 0; i < n; i++)
        l->items[start + i] = cg_incref(items[i]);
    l->len = nlen;
    /* release the replaced items last: their deallocs may look at the list */
    for (int64_t i = 0; i < old; i++)
        cg_decref(dead[i]);
    free(dead);
    return 0;
}

static int list_set_slice(cg_list *l, cg_value key, cg_value value) {
    int64_t start, stop, step, n = cg_slice_indices(key, l->len, &start, &stop, &step);
    if (n < 0)
        return -1;
    cg_value seq;
    if (value.tag == CG_V_ERR) {
        seq = cg_list_new(0);
    } else if (!cg_typeof(value)->iter) {
        return cg_raise_int(&cg_exc_TypeError, "must assign iterable to extended slice");
    } else {
        seq = cg_list_from_iterable(value); /* a copy, also when value is l itself */
    }
    if (cg_is_err(seq))
        return -1;
    cg_list *src = cg_as_list(seq);
    int rc = 0;
    if (step == 1) {
        rc = list_replace_range(l, start, stop, src->items, src->len);
    } else if (value.tag == CG_V_ERR) {
        /* del l[a:b:k]: keep the others in order */
        cg_value *keep = malloc((size_t)(l->len ? l->len : 1) * sizeof *keep);
        cg_value *dead = malloc((size_t)(n ? n : 1) * sizeof *dead);
        if (!keep || !dead) {
            free(keep);
            free(dead);
            cg_decref(seq);
            return cg_raise_nomemory(), -1;
        }
        int64_t nk = 0, nd = 0, lo = step > 0 ? start : start + (n - 1) * step;
        int64_t astep = step > 0 ? step : -step;
        for (int64_t i = 0; i < l->len; i++) {
            bool hit = n > 0 && i >= lo && (i - lo) % astep == 0 && nd < n;
            if (hit)
                dead[nd++] = l->items[i];
            else
                keep[nk++] = l->items[i];
        }
        memcpy(l->items, keep, (size_t)nk * sizeof *keep);
        l->len = nk;
        for (int64_t i = 0; i < nd; i++)
            cg_decref(dead[i]);
        free(keep);
        free(dead);
    } else if (src->len != n) {
        rc = cg_raise_int(&cg_exc_ValueError, "attempt to assign sequence of size %lld to extended slice of size %lld",
                          (long long)src->len, (long long)n);
    } else {
        for (int64_t k = 0, i = start; k < n; k++, i += step)
            cg_value_set(&l->items[i], cg_incref(src->items[k]));
    }
    cg_decref(seq);
    return rc;
}

/* value CG_ERR: delete */
static int list_assign(cg_value self, cg_value key, cg_value value) {
    cg_list *l = cg_as_list(self);
    int64_t i;
    int r = cg_key_as_item(key, &l->len, &i, "list assignment index out of range");
    if (r < 0)
        return -1;
    if (r == 1) {
        if (value.tag == CG_V_ERR) {
            cg_value dead = l->items[i];
            memmove(l->items + i, l->items + i + 1, (size_t)(l->len - i - 1) * sizeof *l->items);
            l->len--;
            cg_decref(dead);
        } else {
            cg_value_set(&l->items[i], cg_incref(value));
        }
        return 0;
    }
    if (cg_is_type(key, &cg_type_slice))
        return list_set_slice(l, key, value);
    return cg_raise_int(&cg_exc_TypeError, "list indices must be integers or slices, not %s", cg_type_name(key));
}

static int list_setitem(cg_value self, cg_value key, cg_value value) { return list_assign(self, key, value); }
static int list_delitem(cg_value self, cg_value key) { return list_assign(self, key, CG_ERR); }

static cg_value list_iter(cg_value self) { return cg_seq_iter_new(&cg_type_list_iterator, self); }

static cg_value list_new_(cg_type *type, const cg_args *a) {
    if (a->nkw && type == &cg_type_list)
        return cg_raise(&cg_exc_TypeError, "list() takes no keyword arguments");
    if (a->npos > 1 && type == &cg_type_list)
        return cg_raise(&cg_exc_TypeError, "list expected at most 1 argument, got %d", a->npos);
    cg_list *l = list_alloc(type, 0);
    if (!l)
        return cg_raise_nomemory();
    cg_value r = cg_obj_value(l);
    /* a subclass is filled by __init__ */
    if (type == &cg_type_list && a->npos == 1 && cg_list_extend(r, a->pos[0]) < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    return r;
}

/* ---- sorting ----------------------------------------------------------------
 * A stable merge sort that asks only `later < earlier`, as CPython's
 * timsort does, so that a failing comparison names the types in Python's
 * order ("'<' not supported between instances of 'str' and 'int'"). */

typedef struct {
    cg_value key, item;
} sort_pair;

/* 1 if a < b, 0 if not, -1 on error. */
static int less(cg_value a, cg_value b) {
    if (a.tag == CG_V_INT && b.tag == CG_V_INT)
        return a.u.i < b.u.i;
    if (a.tag == CG_V_FLOAT && b.tag == CG_V_FLOAT)
        return a.u.f < b.u.f;
    cg_value r = cg_compare(a, b, OP_LT);
    if (cg_is_err(r))
        return -1;
    int t = r.tag == CG_V_BOOL ? (int)r.u.i : cg_truth(r);
    cg_decref(r);
    return t;
}

static int insertion_sort(sort_pair *p, int64_t n) {
    for (int64_t i = 1; i < n; i++) {
        sort_pair x = p[i];
        int64_t j = i;
        while (j > 0) {
            int lt = less(x.key, p[j - 1].key);
            if (lt < 0) {
                p[j] = x; /* the hole the shifting left: no element is lost */
                return -1;
            }
            if (!lt)
                break;
            p[j] = p[j - 1];
            j--;
        }
        p[j] = x;
    }
    return 0;
}

static int merge_sort(sort_pair *p, sort_pair *tmp, int64_t n) {
    if (n <= 16)
        return insertion_sort(p, n);
    int64_t h = n / 2;
    if (merge_sort(p, tmp, h) < 0 || merge_sort(p + h, tmp, n - h) < 0)
        return -1;
    /* between merges every item is in p: a long sort can stop here */
    if (n >= 4096 && cg_check_interrupt() < 0)
        return -1;
    memcpy(tmp, p, (size_t)h * sizeof *p);
    int64_t i = 0, j = h, k = 0;
    while (i < h && j < n) {
        int lt = less(p[j].key, tmp[i].key);
        if (lt < 0) {
            /* put every element back so that none is lost */
            while (i < h)
                p[k++] = tmp[i++];
            return -1;
        }
        p[k++] = lt ? p[j++] : tmp[i++];
    }
    while (i < h)
        p[k++] = tmp[i++];
    return 0;
}

static void reverse_values(cg_value *v, int64_t n) {
    for (int64_t i = 0; i < n / 2; i++) {
        cg_value t = v[i];
        v[i] = v[n - 1 - i];
        v[n - 1 - i] = t;
    }
}

void cg_list_reverse(cg_value list) { reverse_values(cg_as_list(list)->items, cg_as_list(list)->len); }

int cg_list_sort(cg_value list, cg_value key, bool reverse) {
    cg_list *l = cg_as_list(list);
    /* the items leave the list while it sorts: key functions and
     * comparisons that touch it see it empty, as in CPython */
    int64_t n = l->len;
    cg_value *items = l->items;
    int64_t cap = l->cap;
    l->items = NULL;
    l->len = l->cap = 0;
    sort_pair *p = malloc((size_t)(n ? n : 1) * sizeof *p);
    sort_pair *tmp = malloc((size_t)(n / 2 + 1) * sizeof *tmp);
    int rc = (p && tmp) ? 0 : (cg_raise_nomemory(), -1);
    if (reverse)
        reverse_values(items, n);
    int64_t nkeys = 0;
    for (int64_t i = 0; rc == 0 && i < n; i++) {
        p[i].item = items[i];
        p[i].key = items[i];
        if (!cg_is_none(key)) {
            p[i].key = cg_call1(key, items[i]);
            if (cg_is_err(p[i].key))
                rc = -1;
            else
                nkeys++;
        }
    }
    if (rc == 0 && merge_sort(p, tmp, n) < 0)
        rc = -1;
    if (rc == 0)
        for (int64_t i = 0; i < n; i++)
            items[i] = p[i].item;
    if (!cg_is_none(key))
        for (int64_t i = 0; i < nkeys; i++)
            cg_decref(p[i].key);
    if (reverse)
        reverse_values(items, n);
    free(p);
    free(tmp);
    if (l->items || l->len) {
        /* the list was changed during the sort: keep the sorted items */
        for (int64_t i = 0; i < l->len; i++)
            cg_decref(l->items[i]);
        free(l->items);
        if (rc == 0)
            rc = cg_raise_int(&cg_exc_ValueError, "list modified during sort");
    }
    l->items = items;
    l->len = n;
    l->cap = cap;
    return rc;
}

/* ---- methods ------------------------------------------------------------------ */

enum {
    L_APPEND,
    L_EXTEND,
    L_INSERT,
    L_POP,
    L_REMOVE,
    L_INDEX,
    L_COUNT,
    L_SORT,
    L_REVERSE,
    L_COPY,
    L_CLEAR,
    L_INIT,
    L_N
};
static const cg_method_def list_methods[];

static cg_value list_append_m(cg_value self, const cg_args *a) {
    if (a->npos == 1 && a->nkw == 0)
        return cg_list_append(self, a->pos[0]) < 0 ? CG_ERR : CG_NONE;
    cg_value x;
    if (cg_args_bind(&list_methods[L_APPEND], a, &x, 1) < 0)
        return CG_ERR;
    int rc = cg_list_append(self, x);
    cg_args_release(&list_methods[L_APPEND], &x, 1);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value list_extend_m(cg_value self, const cg_args *a) {
    cg_value x;
    if (cg_args_bind(&list_methods[L_EXTEND], a, &x, 1) < 0)
        return CG_ERR;
    int rc = cg_list_extend(self, x);
    cg_args_release(&list_methods[L_EXTEND], &x, 1);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value list_insert_m(cg_value self, const cg_args *a) {
    cg_value x[2];
    if (cg_args_bind(&list_methods[L_INSERT], a, x, 2) < 0)
        return CG_ERR;
    cg_list *l = cg_as_list(self);
    int64_t i;
    int rc = cg_index_value(x[0], &i);
    if (rc == 0) {
        if (i < 0)
            i = i + l->len < 0 ? 0 : i + l->len;
        if (i > l->len)
            i = l->len;
        rc = list_replace_range(l, i, i, &x[1], 1);
    }
    cg_args_release(&list_methods[L_INSERT], x, 2);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value list_pop_m(cg_value self, const cg_args *a) {
    cg_list *l = cg_as_list(self);
    int64_t i = -1;
    if (a->npos || a->nkw) {
        if (cg_args_index(&list_methods[L_POP], a, &i) < 0)
            return CG_ERR;
    }
    if (l->len == 0)
        return cg_raise(&cg_exc_IndexError, "pop from empty list");
    if (i < 0)
        i += l->len;
    if (i < 0 || i >= l->len)
        return cg_raise(&cg_exc_IndexError, "pop index out of range");
    cg_value v = l->items[i];
    memmove(l->items + i, l->items + i + 1, (size_t)(l->len - i - 1) * sizeof *l->items);
    l->len--;
    return v;
}

/* Index of the first item equal to x in [start, stop), -1 absent, -2 error. */
static int64_t list_find(cg_list *l, cg_value x, int64_t start, int64_t stop) {
    for (int64_t i = start; i < stop && i < l->len; i++) {
        cg_value item = cg_incref(l->items[i]);
        int eq = cg_value_eq(item, x);
        cg_decref(item);
        if (eq < 0)
            return -2;
        if (eq)
            return i;
    }
    return -1;
}

static cg_value list_remove_m(cg_value self, const cg_args *a) {
    cg_value x;
    if (cg_args_bind(&list_methods[L_REMOVE], a, &x, 1) < 0)
        return CG_ERR;
    cg_list *l = cg_as_list(self);
    int64_t i = list_find(l, x, 0, l->len);
    cg_args_release(&list_methods[L_REMOVE], &x, 1);
    if (i == -2)
        return CG_ERR;
    if (i == -1)
        return cg_raise(&cg_exc_ValueError, "list.remove(x): x not in list");
    return list_assign(self, cg_int(i), CG_ERR) < 0 ? CG_ERR : CG_NONE;
}

/* start/stop of index(): slice-like clamping, Python's message for non-ints. */
int cg_seq_index_bounds(cg_value start, cg_value stop, int64_t len, int64_t *a, int64_t *z) {
    *a = 0;
    *z = len;
    if (start.tag != CG_V_STOP && !cg_is_none(start) && cg_key_as_index_or(start, a, NULL) != 1)
        return cg_raise_int(&cg_exc_TypeError, "slice indices must be integers or have an __index__ method");
    if (stop.tag != CG_V_STOP && !cg_is_none(stop) && cg_key_as_index_or(stop, z, NULL) != 1)
        return cg_raise_int(&cg_exc_TypeError, "slice indices must be integers or have an __index__ method");
    if (*a < 0)
        *a = *a + len < 0 ? 0 : *a + len;
    if (*z < 0)
        *z = *z + len < 0 ? 0 : *z + len;
    return 0;
}

static cg_value list_index_m(cg_value self, const cg_args *a) {
    cg_value x[3];
    if (cg_args_bind(&list_methods[L_INDEX], a, x, 3) < 0)
        return CG_ERR;
    cg_list *l = cg_as_list(self);
    int64_t start, stop, i = -2;
    cg_value r = CG_ERR;
    if (cg_seq_index_bounds(x[1], x[2], l->len, &start, &stop) == 0)
        i = list_find(l, x[0], start, stop);
    if (i >= 0) {
        r = cg_int(i);
    } else if (i == -1) {
        cg_value rep = cg_repr(x[0]);
        if (!cg_is_err(rep)) {
            cg_raise(&cg_exc_ValueError, "%s is not in list", cg_str_cstr(rep));
            cg_decref(rep);
        }
    }
    cg_args_release(&list_methods[L_INDEX], x, 3);
    return r;
}

static cg_value list_count_m(cg_value self, const cg_args *a) {
    cg_value x;
    if (cg_args_bind(&list_methods[L_COUNT], a, &x, 1) < 0)
        return CG_ERR;
    cg_list *l = cg_as_list(self);
    int64_t n = 0;
    cg_value r = CG_NONE;
    for (int64_t i = 0; i < l->len; i++) {
        cg_value item = cg_incref(l->items[i]);
        int eq = cg_value_eq(item, x);
        cg_decref(item);
        if (eq < 0) {
            r = CG_ERR;
            break;
        }
        n += eq;
    }
    cg_args_release(&list_methods[L_COUNT], &x, 1);
    return cg_is_err(r) ? r : cg_int(n);
}

int cg_sort_keywords(const cg_args *a, cg_value *key, bool *reverse) {
    cg_value rev_arg = CG_FALSE;
    *key = CG_NONE;
    for (int k = 0; k < a->nkw; k++) {
        if (!strcmp(a->kwn[k]->s, "key"))
            *key = a->kwv[k];
        else if (!strcmp(a->kwn[k]->s, "reverse"))
            rev_arg = a->kwv[k];
        else
            return cg_raise_int(&cg_exc_TypeError, "'%s' is an invalid keyword argument for sort()", a->kwn[k]->s);
    }
    int64_t rev;
    if (cg_index_value(rev_arg, &rev) < 0)
        return -1;
    *reverse = rev != 0;
    return 0;
}

static cg_value list_sort_m(cg_value self, const cg_args *a) {
    if (a->npos)
        return cg_raise(&cg_exc_TypeError, "sort() takes no positional arguments");
    cg_value key;
    bool reverse;
    if (cg_sort_keywords(a, &key, &reverse) < 0)
        return CG_ERR;
    return cg_list_sort(self, key, reverse) < 0 ? CG_ERR : CG_NONE;
}

static cg_value list_reverse_m(cg_value self, const cg_args *a) {
    if (a->npos || a->nkw) {
        cg_value none[1];
        if (cg_args_bind(&list_methods[L_REVERSE], a, none, 0) < 0)
            return CG_ERR;
    }
    cg_list_reverse(self);
    return CG_NONE;
}

static cg_value list_copy_m(cg_value self, const cg_args *a) {
    return cg_list_from_array(cg_as_list(self)->len, cg_as_list(self)->items);
}

static cg_value list_clear_m(cg_value self, const cg_args *a) {
    cg_list *l = cg_as_list(self);
    return list_replace_range(l, 0, l->len, NULL, 0) < 0 ? CG_ERR : CG_NONE;
}

static cg_value list_init_m(cg_value self, const cg_args *a) {
    cg_value x;
    if (cg_args_bind(&list_methods[L_INIT], a, &x, 1) < 0)
        return CG_ERR;
    cg_list *l = cg_as_list(self);
    int rc = list_replace_range(l, 0, l->len, NULL, 0);
    if (rc == 0 && x.tag != CG_V_STOP)
        rc = cg_list_extend(self, x);
    cg_args_release(&list_methods[L_INIT], &x, 1);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static const cg_method_def list_methods[] = {
    [L_APPEND] = {"append", list_append_m, "append(object, /)", "Append object to the end of the list."},
    [L_EXTEND] = {"extend", list_extend_m, "extend(iterable, /)",
                  "Extend list by appending elements from the iterable."},
    [L_INSERT] = {"insert", list_insert_m, "insert(index, object, /)", "Insert object before index."},
    [L_POP] = {"pop", list_pop_m, "pop(index=-1, /)", "Remove and return item at index (default last)."},
    [L_REMOVE] = {"remove", list_remove_m, "remove(value, /)", "Remove first occurrence of value."},
    [L_INDEX] = {"index", list_index_m, "index(value, start=0, stop=None, /)", "Return first index of value."},
    [L_COUNT] = {"count", list_count_m, "count(value, /)", "Return number of occurrences of value."},
    [L_SORT] = {"sort", list_sort_m, "sort(*, key=None, reverse=False)", "Sort the list in ascending order."},
    [L_REVERSE] = {"reverse", list_reverse_m, "reverse()", "Reverse *IN PLACE*."},
    [L_COPY] = {"copy", list_copy_m, "copy()", "Return a shallow copy of the list."},
    [L_CLEAR] = {"clear", list_clear_m, "clear()", "Remove all items from list."},
    [L_INIT] = {"__init__", list_init_m, "__init__(iterable=(), /)", NULL},
    [L_N] = {NULL, NULL, NULL, NULL},
};

int cg_list_type_init(void) { return cg_type_add_methods(&cg_type_list, list_methods); }

cg_type cg_type_list = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "list",
    .module = "builtins",
    .base = &cg_type_object,
    /* CG_TYPE_BASETYPE waits for instance dicts at an offset: see containers.h */
    .basicsize = sizeof(cg_list),
    .flags = CG_TYPE_TRASHCAN,
    .dealloc = list_dealloc,
    .gc_offset = offsetof(cg_list, gc),
    .traverse = list_traverse,
    .clear = list_clear,
    .repr = list_repr,
    .compare = list_compare,
    .binary = list_binary,
    .inplace = list_inplace,
    .len = list_len,
    .contains = list_contains,
    .getitem = list_getitem,
    .setitem = list_setitem,
    .delitem = list_delitem,
    .iter = list_iter,
    .new_ = list_new_,
};
