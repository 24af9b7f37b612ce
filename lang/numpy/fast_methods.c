/* fast_methods.c: ndarray's arithmetic and comparison operators and
 * np.zeros / np.ones / np.empty as C callables, each with the prelude's
 * general path behind it. Not the arithmetic itself (fastops.c).
 *
 * Note [ndarray operators in C]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * numpy._fast answers the common cases in C (Note [ndarray fast paths]),
 * but was reached through interpreted calls: `a + 1` ran ndarray's
 * __add__, a closure of the prelude, which called binop; np.zeros(3) ran
 * zeros, then _dtype_of and _filled. On a 3-element array those calls
 * were most of the cost. Here the entry points are C: ndarray's operator
 * methods are unbound builtins in its class dict, so the evaluator's
 * binary operator goes from `a + 1` straight to C, and np.zeros is a
 * builtin bound to the prelude's zeros. Each answers the common case and
 * hands anything else, with its arguments as they came, to the method or
 * function the prelude wrote for it, so the rules stay written once.
 * Indexing, len(), - and abs() of arrays and calls of ufuncs (np.add(a,
 * b), np.sqrt(a)) enter the same way, and ndarray.shape's getter is
 * numpy._fast.shape. */
#include <stdlib.h>
#include <string.h>

#include "numpy/fastops.h"
#include "numpy/numpy_module.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"

/* ndarray's methods entered in C: the binary operators in FOP_ order,
 * then these */
enum { M_GETITEM = FOP_COUNT, M_SETITEM, M_LEN, M_NEG, M_ABS, M_SUM, M_RESHAPE, M_COPY, M_UFUNC_CALL, M_COUNT };

/* the prelude's methods behind the C ones, by M_ number */
static cg_value general[M_COUNT];

static const cg_method_def method_defs[M_COUNT];

/* ufunc(*args) of a ufunc numpy._fast has a number for (the prelude's
 * _ucode and _bcode, read where the slots live) */
static cg_value ufunc_fast(cg_value uf, const cg_args *a) {
    static cg_str *name_ucode, *name_bcode;
    if (!name_ucode)
        name_ucode = cg_str_intern("_ucode"), name_bcode = cg_str_intern("_bcode");
    cg_dict *d = a->nkw == 0 && (a->npos == 1 || a->npos == 2) ? cg_instance_dict_borrowed(uf) : NULL;
    cg_value code = d ? cg_dict_get_str_borrowed(d, a->npos == 1 ? name_ucode : name_bcode) : CG_STOP;
    if (code.tag != CG_V_INT || code.u.i < 0)
        return CG_STOP;
    int c = (int)code.u.i;
    cg_value r = a->npos == 1 ? np_fast_unop(c, a->pos[0]) : np_fast_binop(c, a->pos[0], a->pos[1]);
    return r.tag == CG_V_NONE ? CG_STOP : r;
}

/* a.reshape(d0, d1, ...): the sizes as the tuple reshape takes */
static cg_value reshape_args(cg_value self, const cg_args *a) {
    cg_value items[CG_MAX_DIMS];
    for (int i = 0; i < a->npos; i++)
        items[i] = cg_incref(a->pos[i]);
    cg_value shape = cg_tuple_steal(a->npos, items);
    if (cg_is_err(shape))
        return CG_ERR;
    cg_value r = np_fast_reshape(self, shape);
    cg_decref(shape);
    return r;
}

/* The common case of method m, or CG_STOP for the general path. */
static cg_value method_fast(int m, cg_value self, const cg_args *a) {
    if (m == M_UFUNC_CALL)
        return ufunc_fast(self, a);
    if (m == M_SUM || m == M_COPY || m == M_RESHAPE) { /* arguments and keywords past the plain call: general */
        cg_value r = CG_NONE;
        if (m == M_SUM && a->npos == 0 && a->nkw == 0)
            r = np_fast_sum(self);
        else if (m == M_COPY && a->npos == 0 && a->nkw == 0)
            r = np_fast_copy(self);
        else if (m == M_RESHAPE && a->npos == 1 && a->nkw == 0)
            r = np_fast_reshape(self, a->pos[0]);
        else if (m == M_RESHAPE && a->npos > 1 && a->npos <= CG_MAX_DIMS && a->nkw == 0) /* a.reshape(3, 1) */
            r = reshape_args(self, a);
        return r.tag == CG_V_NONE ? CG_STOP : r;
    }
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "wrapper %s() takes no keyword arguments", method_defs[m].name);
    int want = m == M_SETITEM ? 2 : m >= M_LEN ? 0 : 1;
    if (a->npos != want) /* numpy's words for a.__add__(), a.__setitem__(0) (CPython's, unnamed) */
        return cg_raise(&cg_exc_TypeError, "%sexpected %d argument%s, got %d", m == M_SETITEM ? " " : "", want,
                        want == 1 ? "" : "s", a->npos);
    cg_value r;
    switch (m) {
    case M_GETITEM: r = np_fast_getitem(self, a->pos[0]); break;
    case M_SETITEM: return np_fast_setitem(self, a->pos[0], a->pos[1]) ? CG_NONE : CG_STOP;
    case M_LEN: return np_fast_len(self);
    case M_NEG: r = np_fast_unop(UOP_NEGATIVE, self); break;
    case M_ABS: r = np_fast_unop(UOP_ABSOLUTE, self); break;
    default: r = np_fast_binop(m, self, a->pos[0]); break;
    }
    return r.tag == CG_V_NONE ? CG_STOP : r;
}

/* general(self, *args, **kwargs) */
static cg_value method_call(int m, cg_value self, const cg_args *a) {
    cg_value r = method_fast(m, self, a);
    if (r.tag != CG_V_STOP)
        return r;
    cg_value small[4], *pos = a->npos < 4 ? small : malloc((size_t)(a->npos + 1) * sizeof *pos);
    if (!pos)
        return cg_raise_nomemory();
    pos[0] = self;
    memcpy(pos + 1, a->pos, (size_t)a->npos * sizeof *pos);
    cg_args b = {.pos = pos, .npos = a->npos + 1, .kwn = a->kwn, .kwv = a->kwv, .nkw = a->nkw};
    r = cg_call(general[m], &b);
    if (pos != small)
        free(pos);
    return r;
}

#define METHOD(fn, m) \
    static cg_value fn(cg_value self, const cg_args *a) { return method_call(m, self, a); }
METHOD(nd_add, FOP_ADD)
METHOD(nd_sub, FOP_SUB)
METHOD(nd_mul, FOP_MUL)
METHOD(nd_truediv, FOP_TRUEDIV)
METHOD(nd_eq, FOP_EQ)
METHOD(nd_ne, FOP_NE)
METHOD(nd_lt, FOP_LT)
METHOD(nd_le, FOP_LE)
METHOD(nd_gt, FOP_GT)
METHOD(nd_ge, FOP_GE)
METHOD(nd_getitem, M_GETITEM)
METHOD(nd_setitem, M_SETITEM)
METHOD(nd_len, M_LEN)
METHOD(nd_neg, M_NEG)
METHOD(nd_abs, M_ABS)
METHOD(nd_sum, M_SUM)
METHOD(nd_reshape, M_RESHAPE)
METHOD(nd_copy, M_COPY)
METHOD(ufunc_call, M_UFUNC_CALL)

/* in M_ order */
static const cg_method_def method_defs[M_COUNT] = {
    {"__add__", nd_add, NULL, "Return self+value."},
    {"__sub__", nd_sub, NULL, "Return self-value."},
    {"__mul__", nd_mul, NULL, "Return self*value."},
    {"__truediv__", nd_truediv, NULL, "Return self/value."},
    {"__eq__", nd_eq, NULL, "Return self==value."},
    {"__ne__", nd_ne, NULL, "Return self!=value."},
    {"__lt__", nd_lt, NULL, "Return self<value."},
    {"__le__", nd_le, NULL, "Return self<=value."},
    {"__gt__", nd_gt, NULL, "Return self>value."},
    {"__ge__", nd_ge, NULL, "Return self>=value."},
    {"__getitem__", nd_getitem, NULL, "Return self[key]."},
    {"__setitem__", nd_setitem, NULL, "Set self[key] to value."},
    {"__len__", nd_len, NULL, "Return len(self)."},
    {"__neg__", nd_neg, NULL, "-self"},
    {"__abs__", nd_abs, NULL, "abs(self)"},
    {"sum", nd_sum, NULL,
     "sum(axis=None, dtype=None, out=None, keepdims=False, initial=0, where=True): Return the sum of the array "
     "elements over the given axis."},
    {"reshape", nd_reshape, NULL,
     "reshape(*shape, order='C'): Returns an array containing the same data with a new shape."},
    {"copy", nd_copy, NULL, "copy(order='C'): Return a copy of the array."},
    {"__call__", ufunc_call, NULL, "Call self as a function."},
};

/* Method m of cls replaced by the C one, the one there kept as its
 * general path. */
static int install(cg_value cls, int m) {
    cg_str *name = cg_str_intern(method_defs[m].name);
    cg_value g = cg_getattr(cls, name);
    if (cg_is_err(g))
        return -1;
    if (cg_is_type(g, &cg_type_builtin) && ((cg_builtin *)g.u.o)->def == &method_defs[m]) {
        cg_decref(g); /* installed already: it must not become its own general path */
        return 0;
    }
    cg_decref(general[m]);
    general[m] = g;
    cg_value f = cg_builtin_new(&method_defs[m], CG_STOP);
    int rc = cg_is_err(f) ? -1 : cg_setattr(cls, name, f);
    cg_decref(f);
    return rc;
}

/* methods(ndarray, ufunc): ndarray's operators, indexing, len, -, abs,
 * sum, reshape and copy, and ufunc's __call__, in C. */
cg_value np_fast_methods(cg_value self, const cg_args *a) {
    if (a->npos != 2 || !cg_isinstance(a->pos[0], &cg_type_type) || !cg_isinstance(a->pos[1], &cg_type_type))
        return cg_raise(&cg_exc_TypeError, "methods(ndarray, ufunc)");
    for (int m = 0; m < M_COUNT; m++)
        if (install(m == M_UFUNC_CALL ? a->pos[1] : a->pos[0], m) < 0)
            return CG_ERR;
    return CG_NONE;
}

/* zeros(shape, dtype=float, order='C', *, like=None) and its kin: the
 * common dtypes (float, None, a numpy dtype object) in C, as positional
 * or keyword dtype; the rest from general. */
enum { FILL_ZEROS, FILL_ONES, FILL_EMPTY, FILL_ARRAY, FILL_COUNT };
static cg_value general_fill[FILL_COUNT];

static cg_value filled_call(int which, const cg_args *a) {
    static const cg_value fills[FILL_COUNT] = {
        {.tag = CG_V_INT, .u.i = 0}, {.tag = CG_V_INT, .u.i = 1}, {.tag = CG_V_NONE}, {.tag = CG_V_NONE}};
    if (which == FILL_ARRAY) { /* np.array(nested lists of numbers) */
        cg_value r = a->npos == 1 && a->nkw == 0 ? np_fast_from_nested(a->pos[0]) : CG_NONE;
        return r.tag != CG_V_NONE ? r : cg_call(general_fill[which], a);
    }
    cg_value dt = CG_NONE;
    bool plain = a->npos >= 1 && a->npos <= 2 && a->nkw == 0;
    if (a->npos == 1 && a->nkw == 1 && !strcmp(a->kwn[0]->s, "dtype"))
        plain = true, dt = a->kwv[0];
    else if (a->npos == 2)
        dt = a->pos[1];
    bool f64 = dt.tag == CG_V_NONE || (dt.tag == CG_V_OBJ && dt.u.o == &cg_type_float.head);
    int k = f64 ? CG_F64 : np_fast_engine_dtype(dt);
    if (plain && k >= 0) {
        cg_value r = np_fast_filled(a->pos[0], (cg_dtype)k, fills[which]);
        if (r.tag != CG_V_NONE)
            return r;
    }
    if (general_fill[which].tag != CG_V_OBJ)
        return cg_raise(&cg_exc_TypeError, "numpy._fast: creator used before numpy installed it");
    return cg_call(general_fill[which], a);
}

static cg_value nd_zeros(cg_value self, const cg_args *a) { return filled_call(FILL_ZEROS, a); }
static cg_value nd_ones(cg_value self, const cg_args *a) { return filled_call(FILL_ONES, a); }
static cg_value nd_empty(cg_value self, const cg_args *a) { return filled_call(FILL_EMPTY, a); }
static cg_value nd_array(cg_value self, const cg_args *a) { return filled_call(FILL_ARRAY, a); }

/* in FILL_ order */
static const cg_method_def filled_defs[FILL_COUNT] = {
    {"zeros", nd_zeros, NULL,
     "zeros(shape, dtype=float, order='C', *, like=None): Return a new array of given shape and type, filled with "
     "zeros."},
    {"ones", nd_ones, NULL,
     "ones(shape, dtype=None, order='C', *, like=None): Return a new array of given shape and type, filled with "
     "ones."},
    {"empty", nd_empty, NULL,
     "empty(shape, dtype=float, order='C', *, like=None): Return a new array of given shape and type, without "
     "initializing entries."},
    {"array", nd_array, NULL,
     "array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0, like=None): Create an array."},
};

/* creator(name, general): np.zeros, np.ones, np.empty or np.array in C
 * over the prelude's general one. The builtin is bound to a module object
 * named numpy, not to numpy._fast, so that its __module__ is numpy's, as
 * numpy's own builtins say. */
cg_value np_fast_creator(cg_value self, const cg_args *a) {
    static cg_value owner;
    if (a->npos != 2 || !cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "creator(name, general)");
    if (owner.tag != CG_V_OBJ && cg_is_err(owner = cg_module_new("numpy")))
        return CG_ERR;
    for (int i = 0; i < FILL_COUNT; i++)
        if (!strcmp(cg_str_cstr(a->pos[0]), filled_defs[i].name)) {
            cg_decref(general_fill[i]);
            general_fill[i] = cg_incref(a->pos[1]);
            return cg_builtin_new(&filled_defs[i], owner);
        }
    return cg_raise(&cg_exc_ValueError, "creator: no C %s", cg_str_cstr(a->pos[0]));
}
