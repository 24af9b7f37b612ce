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
 * function the prelude wrote for it, so the rules stay written once. */
#include <stdlib.h>
#include <string.h>

#include "numpy/fastops.h"
#include "numpy/numpy_module.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

/* the prelude's methods behind the C operators, by FOP_ number */
static cg_value general_op[FOP_COUNT];

static const cg_method_def operator_defs[FOP_COUNT];

static cg_value operator_call(int op, cg_value self, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "wrapper %s() takes no keyword arguments", operator_defs[op].name);
    if (a->npos != 1) /* numpy's words for a.__add__() */
        return cg_raise(&cg_exc_TypeError, "expected 1 argument, got %d", a->npos);
    cg_value r = np_fast_binop(op, self, a->pos[0]);
    return r.tag != CG_V_NONE ? r : cg_call2(general_op[op], self, a->pos[0]);
}

#define OPERATOR(fn, op) \
    static cg_value fn(cg_value self, const cg_args *a) { return operator_call(op, self, a); }
OPERATOR(nd_add, FOP_ADD)
OPERATOR(nd_sub, FOP_SUB)
OPERATOR(nd_mul, FOP_MUL)
OPERATOR(nd_truediv, FOP_TRUEDIV)
OPERATOR(nd_eq, FOP_EQ)
OPERATOR(nd_ne, FOP_NE)
OPERATOR(nd_lt, FOP_LT)
OPERATOR(nd_le, FOP_LE)
OPERATOR(nd_gt, FOP_GT)
OPERATOR(nd_ge, FOP_GE)

/* in FOP_ order */
static const cg_method_def operator_defs[FOP_COUNT] = {
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
};

/* operators(ndarray): ndarray's operators replaced by the C ones, the
 * methods the prelude had put there kept as their general paths. */
cg_value np_fast_operators(cg_value self, const cg_args *a) {
    if (a->npos != 1 || !cg_isinstance(a->pos[0], &cg_type_type))
        return cg_raise(&cg_exc_TypeError, "operators(ndarray)");
    cg_value cls = a->pos[0];
    for (int op = 0; op < FOP_COUNT; op++) {
        cg_str *name = cg_str_intern(operator_defs[op].name);
        cg_value general = cg_getattr(cls, name);
        if (cg_is_err(general))
            return CG_ERR;
        cg_decref(general_op[op]);
        general_op[op] = general;
        cg_value m = cg_builtin_new(&operator_defs[op], CG_STOP);
        int rc = cg_is_err(m) ? -1 : cg_setattr(cls, name, m);
        cg_decref(m);
        if (rc < 0)
            return CG_ERR;
    }
    return CG_NONE;
}

/* zeros(shape, dtype=float, order='C', *, like=None) and its kin: the
 * common dtypes (float, None, a numpy dtype object) in C, as positional
 * or keyword dtype; the rest from general. */
enum { FILL_ZEROS, FILL_ONES, FILL_EMPTY, FILL_COUNT };
static cg_value general_fill[FILL_COUNT];

static cg_value filled_call(int which, const cg_args *a) {
    static const cg_value fills[FILL_COUNT] = {
        {.tag = CG_V_INT, .u.i = 0}, {.tag = CG_V_INT, .u.i = 1}, {.tag = CG_V_NONE}};
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
};

/* creator(name, general): np.zeros, np.ones or np.empty in C over the
 * prelude's general one; a builtin of numpy._fast, as numpy's own zeros
 * is one of its C module. */
cg_value np_fast_creator(cg_value self, const cg_args *a) {
    if (a->npos != 2 || !cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "creator(name, general)");
    for (int i = 0; i < FILL_COUNT; i++)
        if (!strcmp(cg_str_cstr(a->pos[0]), filled_defs[i].name)) {
            cg_decref(general_fill[i]);
            general_fill[i] = cg_incref(a->pos[1]);
            return cg_builtin_new(&filled_defs[i], self);
        }
    return cg_raise(&cg_exc_ValueError, "creator: no C %s", cg_str_cstr(a->pos[0]));
}
