/* range_big.c: ranges whose bounds or length pass 64 bits (range(10**20),
 * range(0, 2**70, 2**65)).
 *
 * Note [Big ranges]: a range keeps int64 start, stop, step and length,
 * which every loop over range(n) reads; one whose numbers do not all fit
 * keeps them instead as Python ints in r->big, a tuple (start, stop,
 * step, length), and each operation of range.c that sees it comes here,
 * to the same arithmetic done with Python's ints. r->len still holds the
 * length when it fits (a list's reservation reads it), else -1. Not here:
 * the int64 form (range.c). */
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

enum { B_START, B_STOP, B_STEP, B_LEN };

static cg_value part(const cg_range *r, int i) { return cg_as_tuple(r->big)->items[i]; }

static cg_value arith(cg_value a, cg_value b, cg_binop op) { return cg_binary(a, b, op); }

/* a op b for two ints: 1, 0, or -1 with an exception */
static int test(cg_value a, cg_value b, cg_cmpop op) {
    cg_value r = cg_compare(a, b, op);
    if (cg_is_err(r))
        return -1;
    int t = cg_truth(r);
    cg_decref(r);
    return t;
}

static int sign(cg_value v) {
    int pos = test(v, cg_int(0), OP_GT);
    if (pos != 0)
        return pos;
    int neg = test(v, cg_int(0), OP_LT);
    return neg < 0 ? -2 : -neg;
}

/* The length of range(start, stop, step) (step not 0), as CPython counts
 * it: (hi - lo - 1) // |step| + 1 when lo < hi. */
static cg_value big_length(cg_value start, cg_value stop, cg_value step) {
    int s = sign(step);
    if (s == -2)
        return CG_ERR;
    cg_value lo = s > 0 ? start : stop, hi = s > 0 ? stop : start;
    int empty = test(lo, hi, OP_GT_E);
    if (empty)
        return empty < 0 ? CG_ERR : cg_int(0);
    cg_value abs_step = s > 0 ? cg_incref(step) : cg_unary(step, OP_USUB);
    cg_value d = cg_is_err(abs_step) ? CG_ERR : arith(hi, lo, OP_SUB);
    cg_value d1 = cg_is_err(d) ? CG_ERR : arith(d, cg_int(1), OP_SUB);
    cg_value q = cg_is_err(d1) ? CG_ERR : arith(d1, abs_step, OP_FLOORDIV);
    cg_value n = cg_is_err(q) ? CG_ERR : arith(q, cg_int(1), OP_ADD);
    cg_decref(abs_step);
    cg_decref(d);
    cg_decref(d1);
    cg_decref(q);
    return n;
}

cg_value cg_range_new_big(cg_value start, cg_value stop, cg_value step) {
    if (start.tag == CG_V_INT && stop.tag == CG_V_INT && step.tag == CG_V_INT) {
        cg_value r = cg_range_new(start.u.i, stop.u.i, step.u.i);
        if (cg_is_err(r) || ((cg_range *)r.u.o)->len >= 0)
            return r;
        cg_decref(r); /* its length passes 64 bits */
    }
    cg_value len = big_length(start, stop, step);
    if (cg_is_err(len))
        return len;
    cg_value parts = cg_tuple_pack(4, start, stop, step, len);
    cg_decref(len);
    if (cg_is_err(parts))
        return parts;
    cg_range *r = cg_obj_alloc(&cg_type_range);
    if (!r) {
        cg_decref(parts);
        return cg_raise_nomemory();
    }
    r->big = parts;
    r->len = len.tag == CG_V_INT ? len.u.i : -1;
    return cg_obj_value(r);
}

cg_value cg_range_big_repr(const cg_range *r) {
    cg_value s[3];
    for (int i = 0; i < 3; i++)
        s[i] = cg_repr(part(r, i));
    cg_value out = CG_ERR;
    if (!cg_is_err(s[0]) && !cg_is_err(s[1]) && !cg_is_err(s[2])) {
        bool unit = part(r, B_STEP).tag == CG_V_INT && part(r, B_STEP).u.i == 1;
        out = unit ? cg_str_fmt("range(%s, %s)", cg_str_cstr(s[0]), cg_str_cstr(s[1]))
                   : cg_str_fmt("range(%s, %s, %s)", cg_str_cstr(s[0]), cg_str_cstr(s[1]), cg_str_cstr(s[2]));
    }
    for (int i = 0; i < 3; i++)
        cg_decref(s[i]);
    return out;
}

cg_value cg_range_big_attr(const cg_range *r, int which) { return cg_incref(part(r, which)); }

int cg_range_big_truth(const cg_range *r) { return cg_truth(part(r, B_LEN)); }

/* start + i * step */
static cg_value item_at(const cg_range *r, cg_value i) {
    cg_value d = arith(i, part(r, B_STEP), OP_MULT);
    if (cg_is_err(d))
        return d;
    cg_value v = arith(part(r, B_START), d, OP_ADD);
    cg_decref(d);
    return v;
}

/* A slice bound as CPython's _PySlice_GetLongIndices makes it: None is
 * dflt, a negative one counts from len, and it is clamped to [lo, hi]. */
static cg_value slice_bound(cg_value b, cg_value len, cg_value lo, cg_value hi, cg_value dflt) {
    if (cg_is_none(b))
        return cg_incref(dflt);
    cg_value v = cg_index(b);
    if (cg_is_err(v))
        return v;
    int neg = test(v, cg_int(0), OP_LT);
    if (neg > 0) {
        cg_value w = arith(v, len, OP_ADD);
        cg_decref(v);
        v = w;
        if (cg_is_err(v))
            return v;
    }
    int below = neg < 0 ? -1 : test(v, lo, OP_LT);
    int above = below != 0 ? 0 : test(v, hi, OP_GT);
    if (below < 0 || above < 0) {
        cg_decref(v);
        return CG_ERR;
    }
    if (below || above) {
        cg_decref(v);
        return cg_incref(below ? lo : hi);
    }
    return v;
}

static cg_value big_slice(const cg_range *r, const cg_slice *sl) {
    cg_value step = cg_is_none(sl->step) ? cg_int(1) : cg_index(sl->step);
    if (cg_is_err(step))
        return step;
    int s = sign(step);
    if (s == 0) {
        cg_decref(step);
        return cg_raise(&cg_exc_ValueError, "slice step cannot be zero");
    }
    cg_value len = part(r, B_LEN);
    cg_value lo = s < 0 ? cg_int(-1) : cg_int(0);
    cg_value hi = s < 0 ? arith(len, cg_int(1), OP_SUB) : cg_incref(len);
    cg_value out = CG_ERR, start = CG_ERR, stop = CG_ERR, a = CG_ERR, b = CG_ERR, c = CG_ERR;
    if (s != -2 && !cg_is_err(hi)) {
        start = slice_bound(sl->start, len, lo, hi, s < 0 ? hi : lo);
        stop = cg_is_err(start) ? CG_ERR : slice_bound(sl->stop, len, lo, hi, s < 0 ? lo : hi);
        a = cg_is_err(stop) ? CG_ERR : item_at(r, start);
        b = cg_is_err(a) ? CG_ERR : item_at(r, stop);
        c = cg_is_err(b) ? CG_ERR : arith(part(r, B_STEP), step, OP_MULT);
        if (!cg_is_err(c))
            out = cg_range_new_big(a, b, c);
    }
    cg_value all[] = {step, hi, start, stop, a, b, c};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        cg_decref(all[i]);
    return out;
}

cg_value cg_range_big_getitem(const cg_range *r, cg_value key) {
    if (cg_is_type(key, &cg_type_slice))
        return big_slice(r, (const cg_slice *)key.u.o);
    if (!cg_is_int(key) && cg_type_lookup_borrowed(cg_typeof(key), cg_str_intern("__index__")).tag == CG_V_STOP)
        return cg_raise(&cg_exc_TypeError, "range indices must be integers or slices, not %s", cg_type_name(key));
    cg_value i = cg_index(key);
    if (cg_is_err(i))
        return i;
    int neg = test(i, cg_int(0), OP_LT);
    if (neg > 0) {
        cg_value j = arith(i, part(r, B_LEN), OP_ADD);
        cg_decref(i);
        i = j;
        if (cg_is_err(i))
            return i;
    }
    int bad = neg < 0 ? -1 : test(i, cg_int(0), OP_LT);
    if (bad == 0)
        bad = test(i, part(r, B_LEN), OP_GT_E);
    cg_value v = bad ? CG_ERR : item_at(r, i);
    cg_decref(i);
    if (bad > 0)
        return cg_raise(&cg_exc_IndexError, "range object index out of range");
    return v;
}

/* The position of the int x in r: a new int, None when absent, or
 * CG_ERR. */
cg_value cg_range_big_find_int(const cg_range *r, cg_value x) {
    int s = sign(part(r, B_STEP));
    if (s == -2)
        return CG_ERR;
    cg_value start = part(r, B_START), stop = part(r, B_STOP);
    int in = s > 0 ? test(start, x, OP_LT_E) : test(start, x, OP_GT_E);
    if (in > 0)
        in = s > 0 ? test(x, stop, OP_LT) : test(x, stop, OP_GT);
    if (in <= 0)
        return in < 0 ? CG_ERR : CG_NONE;
    cg_value d = arith(x, start, OP_SUB);
    cg_value m = cg_is_err(d) ? CG_ERR : arith(d, part(r, B_STEP), OP_MOD);
    int off = cg_is_err(m) ? -1 : test(m, cg_int(0), OP_NOT_EQ);
    cg_value q = off == 0 ? arith(d, part(r, B_STEP), OP_FLOORDIV) : off < 0 ? CG_ERR : CG_NONE;
    cg_decref(d);
    cg_decref(m);
    return q;
}

/* (len, start or None, step or None): what equality and the hash read,
 * for either form */
cg_value cg_range_key(const cg_range *r) {
    cg_value len = r->big.tag == CG_V_OBJ ? part(r, B_LEN) : cg_int(r->len);
    cg_value start = r->big.tag == CG_V_OBJ ? part(r, B_START) : cg_int(r->start);
    cg_value step = r->big.tag == CG_V_OBJ ? part(r, B_STEP) : cg_int(r->step);
    int nonempty = cg_truth(len);
    int many = nonempty > 0 ? test(len, cg_int(1), OP_GT) : 0;
    if (nonempty < 0 || many < 0)
        return CG_ERR;
    return cg_tuple_pack(3, len, nonempty ? start : CG_NONE, many ? step : CG_NONE);
}

/* ---- iteration ------------------------------------------------------------------- */

typedef struct {
    cg_obj head;
    cg_value next, step, left; /* Python ints */
} big_iter;

static void big_iter_dealloc(cg_obj *o) {
    big_iter *it = (big_iter *)o;
    cg_decref(it->next);
    cg_decref(it->step);
    cg_decref(it->left);
    cg_obj_free(o);
}

static cg_value big_iter_next(cg_value self) {
    big_iter *it = (big_iter *)self.u.o;
    int more = test(it->left, cg_int(0), OP_GT);
    if (more <= 0)
        return more < 0 ? CG_ERR : CG_STOP;
    cg_value left = arith(it->left, cg_int(1), OP_SUB);
    cg_value next = cg_is_err(left) ? CG_ERR : arith(it->next, it->step, OP_ADD);
    if (cg_is_err(next)) {
        cg_decref(left);
        return CG_ERR;
    }
    cg_value v = it->next;
    it->next = next;
    cg_value_set(&it->left, left);
    return v;
}

static cg_value big_iter_self(cg_value self) { return cg_incref(self); }

/* CPython's name for the iterator of a range past 64 bits */
static cg_type big_iter_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "longrange_iterator",
    .module = "builtins",
    .base = &cg_type_object,
    .basicsize = sizeof(big_iter),
    .dealloc = big_iter_dealloc,
    .iter = big_iter_self,
    .next = big_iter_next,
};

cg_value cg_range_big_iter_new(const cg_range *r, bool reversed) {
    cg_value next = cg_incref(part(r, B_START)), step = cg_incref(part(r, B_STEP));
    if (reversed) { /* from the last item down */
        cg_value last = arith(part(r, B_LEN), cg_int(1), OP_SUB);
        cg_value v = cg_is_err(last) ? CG_ERR : item_at(r, last);
        cg_decref(last);
        cg_value_set(&next, v);
        cg_value_set(&step, cg_is_err(v) ? CG_ERR : cg_unary(step, OP_USUB));
    }
    big_iter *it = cg_is_err(next) || cg_is_err(step) ? NULL : cg_obj_alloc(&big_iter_type);
    if (!it) {
        cg_decref(next);
        cg_decref(step);
        return cg_is_err(next) || cg_is_err(step) ? CG_ERR : cg_raise_nomemory();
    }
    it->next = next;
    it->step = step;
    it->left = cg_incref(part(r, B_LEN));
    return cg_obj_value(it);
}
