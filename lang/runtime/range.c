/* range.c: the range type: an arithmetic progression that is a sequence
 * (len, indexing, slicing to another range, `in` in constant time for
 * ints, ==, hash) and whose iterator (iterators.c) counts without
 * allocating. The evaluator's for loop may count over a range itself. */
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

/* The number of elements, or -1 when it does not fit in 64 bits. */
static int64_t range_count(int64_t start, int64_t stop, int64_t step) {
    uint64_t n;
    if (step > 0) {
        if (start >= stop)
            return 0;
        n = ((uint64_t)stop - (uint64_t)start - 1) / (uint64_t)step + 1;
    } else {
        if (start <= stop)
            return 0;
        n = ((uint64_t)start - (uint64_t)stop - 1) / ((uint64_t)0 - (uint64_t)step) + 1;
    }
    return n > (uint64_t)INT64_MAX ? -1 : (int64_t)n;
}

cg_value cg_range_new(int64_t start, int64_t stop, int64_t step) {
    cg_range *r = cg_obj_alloc(&cg_type_range);
    if (!r)
        return cg_raise_nomemory();
    r->start = start;
    r->stop = stop;
    r->step = step;
    r->len = range_count(start, stop, step);
    r->big = CG_NONE;
    return cg_obj_value(r);
}

static cg_range *as_range(cg_value v) { return (cg_range *)v.u.o; }

static cg_value range_new_(cg_type *type, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "range() takes no keyword arguments");
    if (a->npos < 1)
        return cg_raise(&cg_exc_TypeError, "range expected at least 1 argument, got %d", a->npos);
    if (a->npos > 3)
        return cg_raise(&cg_exc_TypeError, "range expected at most 3 arguments, got %d", a->npos);
    cg_value v[3] = {cg_int(0), cg_int(0), cg_int(1)};
    int first = a->npos == 1; /* range(stop) */
    for (int i = 0; i < a->npos; i++) {
        v[first + i] = a->pos[i].tag == CG_V_INT ? a->pos[i] : cg_index(a->pos[i]);
        if (cg_is_err(v[first + i])) {
            for (int j = 0; j < first + i; j++)
                cg_decref(v[j]);
            return CG_ERR;
        }
    }
    cg_value r = v[2].tag == CG_V_INT && v[2].u.i == 0
                     ? cg_raise(&cg_exc_ValueError, "range() arg 3 must not be zero")
                     : cg_range_new_big(v[0], v[1], v[2]);
    for (int i = 0; i < 3; i++)
        cg_decref(v[i]);
    return r;
}

static cg_value range_repr(cg_value self) {
    cg_range *r = as_range(self);
    if (r->big.tag == CG_V_OBJ)
        return cg_range_big_repr(r);
    if (r->step == 1)
        return cg_str_fmt("range(%lld, %lld)", (long long)r->start, (long long)r->stop);
    return cg_str_fmt("range(%lld, %lld, %lld)", (long long)r->start, (long long)r->stop, (long long)r->step);
}

static int64_t range_len(cg_value self) {
    cg_range *r = as_range(self);
    if (r->len < 0) {
        cg_raise(&cg_exc_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    return r->len;
}

static int range_truth(cg_value self) {
    cg_range *r = as_range(self);
    return r->big.tag == CG_V_OBJ ? cg_range_big_truth(r) : r->len != 0;
}

/* Unsigned arithmetic: i * step may pass 2**63 on the way to a value
 * that fits. */
static cg_value range_item(cg_range *r, int64_t i) {
    return cg_int((int64_t)((uint64_t)r->start + (uint64_t)i * (uint64_t)r->step));
}

static cg_value range_getitem(cg_value self, cg_value key) {
    cg_range *r = as_range(self);
    if (r->big.tag == CG_V_OBJ)
        return cg_range_big_getitem(r, key);
    int64_t i;
    int k = cg_key_as_index_or(key, &i, NULL); /* a big index is out of range */
    if (k < 0)
        return CG_ERR;
    if (k == 1) {
        if (i < 0)
            i += r->len;
        if (i < 0 || i >= r->len)
            return cg_raise(&cg_exc_IndexError, "range object index out of range");
        return range_item(r, i);
    }
    if (cg_is_type(key, &cg_type_slice)) {
        int64_t start, stop, step;
        if (cg_slice_indices(key, r->len, &start, &stop, &step) < 0)
            return CG_ERR;
        uint64_t s0 = (uint64_t)r->start, st = (uint64_t)r->step;
        return cg_range_new((int64_t)(s0 + (uint64_t)start * st), (int64_t)(s0 + (uint64_t)stop * st), r->step * step);
    }
    return cg_raise(&cg_exc_TypeError, "range indices must be integers or slices, not %s", cg_type_name(key));
}

/* Position of the int x in r, or -1. */
static int64_t range_find_int(cg_range *r, int64_t x) {
    if (r->len == 0)
        return -1;
    if (r->step > 0 ? (x < r->start || x >= r->stop) : (x > r->start || x <= r->stop))
        return -1;
    uint64_t d = r->step > 0 ? (uint64_t)x - (uint64_t)r->start : (uint64_t)r->start - (uint64_t)x;
    uint64_t s = r->step > 0 ? (uint64_t)r->step : (uint64_t)0 - (uint64_t)r->step;
    if (d % s != 0)
        return -1;
    return (int64_t)(d / s);
}

/* Position of x in r (any value, compared by ==), -1 absent, -2 error. */
static int64_t range_find(cg_range *r, cg_value x) {
    if (x.tag == CG_V_INT || x.tag == CG_V_BOOL)
        return range_find_int(r, x.u.i);
    if (cg_is_int(x)) /* an int past 64 bits */
        return -1;
    for (int64_t i = 0; i < r->len; i++) {
        int eq = cg_value_eq(range_item(r, i), x);
        if (eq < 0)
            return -2;
        if (eq)
            return i;
    }
    return -1;
}

/* Position of x in a range past 64 bits, as an int; None absent. */
static cg_value big_find(cg_range *r, cg_value x) {
    if (cg_is_int(x))
        return cg_range_big_find_int(r, x);
    cg_value it = cg_range_big_iter_new(r, false);
    if (cg_is_err(it))
        return it;
    cg_value r_ = CG_NONE;
    for (int64_t i = 0;; i++) {
        cg_value y = cg_next(it);
        if (y.tag == CG_V_STOP || cg_is_err(y)) {
            r_ = cg_is_err(y) ? y : CG_NONE;
            break;
        }
        int eq = cg_value_eq(y, x);
        cg_decref(y);
        if (eq) {
            r_ = eq < 0 ? CG_ERR : cg_int(i);
            break;
        }
    }
    cg_decref(it);
    return r_;
}

static int range_contains(cg_value self, cg_value x) {
    if (as_range(self)->big.tag == CG_V_OBJ) {
        cg_value i = big_find(as_range(self), x);
        cg_decref(i);
        return cg_is_err(i) ? -1 : !cg_is_none(i);
    }
    int64_t i = range_find(as_range(self), x);
    return i == -2 ? -1 : i >= 0;
}

static bool range_equal(cg_range *a, cg_range *b) {
    if (a->len != b->len)
        return false;
    if (a->len == 0)
        return true;
    if (a->start != b->start)
        return false;
    return a->len == 1 || a->step == b->step;
}

static cg_value range_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (!cg_is_type(a, &cg_type_range) || !cg_is_type(b, &cg_type_range) || (op != OP_EQ && op != OP_NOT_EQ))
        return cg_incref(cg_NotImplemented);
    if (as_range(a)->big.tag == CG_V_OBJ || as_range(b)->big.tag == CG_V_OBJ) {
        cg_value ka = cg_range_key(as_range(a));
        cg_value kb = cg_is_err(ka) ? CG_ERR : cg_range_key(as_range(b));
        int eq = cg_is_err(kb) ? -1 : cg_value_eq(ka, kb);
        cg_decref(ka);
        cg_decref(kb);
        return eq < 0 ? CG_ERR : cg_bool(eq == (op == OP_EQ));
    }
    return cg_bool(range_equal(as_range(a), as_range(b)) == (op == OP_EQ));
}

/* As CPython: the hash of (len, start, step) with the parts that do not
 * matter for equality replaced by None. */
static int64_t range_hash(cg_value self) {
    cg_value t = cg_range_key(as_range(self));
    if (cg_is_err(t))
        return -1;
    int64_t h = cg_hash(t);
    cg_decref(t);
    return h;
}

static cg_value range_getattr(cg_value self, cg_str *name) {
    cg_range *r = as_range(self);
    for (int i = 0; r->big.tag == CG_V_OBJ && i < 3; i++)
        if (!strcmp(name->s, (const char *[]){"start", "stop", "step"}[i]))
            return cg_range_big_attr(r, i);
    if (!strcmp(name->s, "start"))
        return cg_int(r->start);
    if (!strcmp(name->s, "stop"))
        return cg_int(r->stop);
    if (!strcmp(name->s, "step"))
        return cg_int(r->step);
    return CG_STOP;
}

static cg_value range_iter(cg_value self) { return cg_range_iter_new(self, false); }

static cg_value range_index_m(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "index() takes exactly one argument (%d given)", a->npos);
    if (as_range(self)->big.tag == CG_V_OBJ) {
        cg_value at = big_find(as_range(self), a->pos[0]);
        if (!cg_is_none(at))
            return at;
    } else {
        int64_t i = range_find(as_range(self), a->pos[0]);
        if (i == -2)
            return CG_ERR;
        if (i >= 0)
            return cg_int(i);
    }
    cg_value rep = cg_repr(a->pos[0]);
    if (cg_is_err(rep))
        return rep;
    cg_raise(&cg_exc_ValueError, "%s is not in range", cg_str_cstr(rep));
    cg_decref(rep);
    return CG_ERR;
}

static cg_value range_count_m(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "count() takes exactly one argument (%d given)", a->npos);
    cg_range *r = as_range(self);
    cg_value x = a->pos[0];
    if (r->big.tag == CG_V_OBJ && cg_is_int(x)) {
        cg_value at = cg_range_big_find_int(r, x);
        cg_decref(at);
        return cg_is_err(at) ? at : cg_int(!cg_is_none(at));
    }
    if (r->big.tag == CG_V_OBJ) { /* compared one by one, as CPython does */
        cg_value it = cg_range_big_iter_new(r, false);
        int64_t n = 0;
        for (cg_value y; !cg_is_err(it) && (y = cg_next(it)).tag != CG_V_STOP;) {
            int eq = cg_is_err(y) ? -1 : cg_value_eq(y, x);
            cg_decref(y);
            if (eq < 0) {
                cg_decref(it);
                return CG_ERR;
            }
            n += eq;
        }
        cg_decref(it);
        return cg_is_err(it) ? it : cg_int(n);
    }
    if (x.tag == CG_V_INT || x.tag == CG_V_BOOL)
        return cg_int(range_find_int(r, x.u.i) >= 0);
    int64_t n = 0;
    for (int64_t i = 0; i < r->len; i++) {
        int eq = cg_value_eq(range_item(r, i), x);
        if (eq < 0)
            return CG_ERR;
        n += eq;
    }
    return cg_int(n);
}

static cg_value range_reversed_m(cg_value self, const cg_args *a) { return cg_range_iter_new(self, true); }

static const cg_method_def range_methods[] = {
    {"index", range_index_m, NULL, "index(value, /): Return index of value."},
    {"count", range_count_m, NULL, "count(value, /): Return number of occurrences of value."},
    {"__reversed__", range_reversed_m, "__reversed__()", "Return a reverse iterator."},
    {NULL, NULL, NULL, NULL},
};

int cg_range_type_init(void) { return cg_type_add_methods(&cg_type_range, range_methods); }

static void range_dealloc(cg_obj *o) {
    cg_decref(((cg_range *)o)->big);
    cg_obj_free(o);
}

cg_type cg_type_range = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "range",
    .module = "builtins",
    .base = &cg_type_object,
    .basicsize = sizeof(cg_range),
    .dealloc = range_dealloc,
    .repr = range_repr,
    .hash = range_hash,
    .compare = range_compare,
    .truth = range_truth,
    .len = range_len,
    .contains = range_contains,
    .getitem = range_getitem,
    .iter = range_iter,
    .getattr = range_getattr,
    .new_ = range_new_,
};
