/* abstract.c: the protocols of value.h, dispatched through type slots.
 *
 * Each function asks the operand's type, then (for binary operators and
 * comparisons) the other operand's, as Python's __add__/__radd__ and
 * reflected comparisons do, and raises Python's TypeError when nobody
 * answers. Types' own behaviour lives with the types. */
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/eval.h"
#include "runtime/exc.h"
#include "runtime/host.h"
#include "runtime/lang_internal.h"
#include "runtime/stack_grow.h"
#include "runtime/value.h"

static const char *const BINOP_SYMBOL[OP_BIN_COUNT] = {
    "+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//",
};
static const char *const CMP_SYMBOL[] = {"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"};

const char *cg_binop_symbol(cg_binop op) { return BINOP_SYMBOL[op]; }
const char *cg_cmpop_symbol(cg_cmpop op) { return CMP_SYMBOL[op]; }

static bool is_notimpl(cg_value v) { return v.tag == CG_V_OBJ && v.u.o == cg_NotImplemented.u.o; }

/* Deep in a generator's small stack, the doors of recursion go on in a
 * fresh one (stack_grow.h): a job each, run there. */
typedef struct {
    cg_value a, b, result;
    cg_cmpop op;
    const cg_args *args;
} grown_job;

static void run_call(void *p) {
    grown_job *j = p;
    j->result = cg_call(j->a, j->args);
}

static void run_compare(void *p) {
    grown_job *j = p;
    j->result = cg_compare(j->a, j->b, j->op);
}

static cg_value run_grown(void (*run)(void *), grown_job *j) {
    return cg_stack_run_grown(run, j) < 0 ? CG_ERR : j->result;
}

cg_value cg_repr(cg_value v) {
    cg_type *t = cg_typeof(v);
    if (!t->repr)
        return cg_object_repr(v);
    return cg_guard_recursion(t->repr, v, CG_IN_REPR);
}

cg_value cg_to_str(cg_value v) {
    cg_type *t = cg_typeof(v);
    if (t == &cg_type_str)
        return cg_incref(v);
    if (t->str || t->repr) /* object's str is the type's repr, called under this one guard */
        return cg_guard_recursion(t->str ? t->str : t->repr, v, CG_IN_STR);
    return cg_object_repr(v);
}

int64_t cg_hash(cg_value v) {
    cg_type *t = cg_typeof(v);
    if (!t->hash) {
        cg_raise(&cg_exc_TypeError, "unhashable type: '%s'", t->name);
        return -1;
    }
    return t->hash(v);
}

int cg_truth(cg_value v) {
    switch (v.tag) {
    case CG_V_NONE: return 0;
    case CG_V_BOOL:
    case CG_V_INT: return v.u.i != 0;
    case CG_V_FLOAT: return v.u.f != 0.0;
    default: break;
    }
    cg_type *t = cg_typeof(v);
    if (t->truth)
        return t->truth(v);
    if (t->len) {
        int64_t n = t->len(v);
        return n < 0 ? -1 : n > 0;
    }
    return 1;
}

static cg_cmpop swapped(cg_cmpop op) {
    switch (op) {
    case OP_LT: return OP_GT;
    case OP_LT_E: return OP_GT_E;
    case OP_GT: return OP_LT;
    case OP_GT_E: return OP_LT_E;
    default: return op;
    }
}

cg_value cg_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (cg_stack_should_grow())
        return run_grown(run_compare, &(grown_job){.a = a, .b = b, .op = op});
    switch (op) {
    case OP_IS: return cg_bool(cg_same(a, b));
    case OP_IS_NOT: return cg_bool(!cg_same(a, b));
    case OP_IN:
    case OP_NOT_IN: {
        int r = cg_contains(b, a);
        return r < 0 ? CG_ERR : cg_bool(op == OP_IN ? r : !r);
    }
    default: break;
    }
    cg_type *ta = cg_typeof(a), *tb = cg_typeof(b);
    bool b_first = ta != tb && cg_type_is_subtype(tb, ta) && tb->compare;
    if (b_first) {
        cg_value r = tb->compare(b, a, swapped(op));
        if (!is_notimpl(r))
            return r;
        cg_decref(r);
    }
    if (ta->compare) {
        cg_value r = ta->compare(a, b, op);
        if (!is_notimpl(r))
            return r;
        cg_decref(r);
    }
    /* a class's __lt__ answers its own instances' >, as in Python */
    if (!b_first && tb->compare && (tb->compare != ta->compare || (tb->flags & CG_TYPE_HEAP))) {
        cg_value r = tb->compare(b, a, swapped(op));
        if (!is_notimpl(r))
            return r;
        cg_decref(r);
    }
    if (op == OP_EQ)
        return cg_bool(cg_same(a, b));
    if (op == OP_NOT_EQ)
        return cg_bool(!cg_same(a, b));
    return cg_raise(&cg_exc_TypeError, "'%s' not supported between instances of '%s' and '%s'", CMP_SYMBOL[op],
                    ta->name, tb->name);
}

int cg_value_eq(cg_value a, cg_value b) {
    if (cg_same(a, b))
        return 1;
    cg_value r = cg_compare(a, b, OP_EQ);
    if (cg_is_err(r))
        return -1;
    int t = cg_truth(r);
    cg_decref(r);
    return t;
}

bool cg_same(cg_value a, cg_value b) {
    if (a.tag != b.tag)
        return false;
    switch (a.tag) {
    case CG_V_NONE: return true;
    case CG_V_BOOL:
    case CG_V_INT: return a.u.i == b.u.i;
    case CG_V_FLOAT: return memcmp(&a.u.f, &b.u.f, sizeof(double)) == 0;
    case CG_V_OBJ: return a.u.o == b.u.o;
    default: return false;
    }
}

static cg_value binary_error(cg_value a, cg_value b, const char *sym) {
    return cg_raise(&cg_exc_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'", sym, cg_type_name(a),
                    cg_type_name(b));
}

/* Can v be repeated by `*` (CPython's sq_repeat)? */
static bool is_repeatable(cg_value v) {
    return cg_is_str(v) || cg_isinstance(v, &cg_type_list) || cg_isinstance(v, &cg_type_tuple)
           || cg_isinstance(v, &cg_type_bytes) || cg_isinstance(v, &cg_type_bytearray);
}

cg_value cg_binary(cg_value a, cg_value b, cg_binop op) {
    cg_type *ta = cg_typeof(a), *tb = cg_typeof(b);
    bool b_first = ta != tb && tb->binary && tb->binary != ta->binary && cg_type_is_subtype(tb, ta);
    if (b_first) {
        cg_value r = tb->binary(a, b, op);
        if (!is_notimpl(r))
            return r;
        cg_decref(r);
    }
    if (ta->binary) {
        cg_value r = ta->binary(a, b, op);
        if (!is_notimpl(r))
            return r;
        cg_decref(r);
    }
    if (!b_first && tb->binary && tb->binary != ta->binary) {
        cg_value r = tb->binary(a, b, op);
        if (!is_notimpl(r))
            return r;
        cg_decref(r);
    }
    if (op == OP_POW)
        return cg_raise(&cg_exc_TypeError, "unsupported operand type(s) for ** or pow(): '%s' and '%s'", ta->name,
                        tb->name);
    if (op == OP_MULT && (is_repeatable(a) || is_repeatable(b))) /* both sides declined: CPython's repeat error */
        return cg_raise(&cg_exc_TypeError, "can't multiply sequence by non-int of type '%s'",
                        cg_type_name(is_repeatable(a) ? b : a));
    return binary_error(a, b, BINOP_SYMBOL[op]);
}

cg_value cg_inplace(cg_value a, cg_value b, cg_binop op) {
    cg_type *ta = cg_typeof(a);
    if (ta->inplace) {
        cg_value r = ta->inplace(a, b, op);
        if (!is_notimpl(r))
            return r;
        cg_decref(r);
    }
    cg_type *tb = cg_typeof(b);
    bool any = ta->binary || tb->binary;
    if (!any) {
        char sym[8];
        strcpy(sym, BINOP_SYMBOL[op]);
        strcat(sym, "=");
        return binary_error(a, b, sym);
    }
    cg_value r = cg_binary(a, b, op);
    if (cg_is_err(r) && cg_exc_matches(&cg_exc_TypeError)) {
        /* Python names the augmented operator in this message. */
        cg_value e = cg_exc_fetch();
        cg_value msg = cg_exc_message(e);
        const char *prefix = "unsupported operand type(s) for ";
        if (!cg_is_err(msg) && strncmp(cg_str_cstr(msg), prefix, strlen(prefix)) == 0 && op != OP_POW) {
            cg_decref(msg);
            cg_decref(e);
            char sym[8];
            strcpy(sym, BINOP_SYMBOL[op]);
            strcat(sym, "=");
            return binary_error(a, b, sym);
        }
        cg_decref(msg);
        cg_exc_restore(e);
    }
    return r;
}

cg_value cg_unary(cg_value v, cg_unaryop op) {
    if (op == OP_NOT) {
        int t = cg_truth(v);
        return t < 0 ? CG_ERR : cg_bool(!t);
    }
    cg_type *t = cg_typeof(v);
    if (t->unary) {
        cg_value r = t->unary(v, op);
        if (!is_notimpl(r))
            return r;
        cg_decref(r);
    }
    static const char *const names[] = {"~", "not", "+", "-"};
    return cg_raise(&cg_exc_TypeError, "bad operand type for unary %s: '%s'", names[op], t->name);
}

int64_t cg_len(cg_value v) {
    cg_type *t = cg_typeof(v);
    if (!t->len) {
        cg_raise(&cg_exc_TypeError, "object of type '%s' has no len()", t->name);
        return -1;
    }
    return t->len(v);
}

int cg_contains(cg_value container, cg_value item) {
    cg_type *t = cg_typeof(container);
    if (t->contains)
        return t->contains(container, item);
    if (!t->iter) {
        cg_raise(&cg_exc_TypeError, "argument of type '%s' is not iterable", t->name);
        return -1;
    }
    return cg_contains_by_iter(container, item);
}

int cg_contains_by_iter(cg_value container, cg_value item) {
    cg_value it = cg_iter(container);
    if (cg_is_err(it))
        return -1;
    for (;;) {
        cg_value x = cg_next(it);
        if (x.tag == CG_V_STOP)
            break;
        if (cg_is_err(x)) {
            cg_decref(it);
            return -1;
        }
        int eq = cg_value_eq(x, item);
        cg_decref(x);
        if (eq != 0) {
            cg_decref(it);
            return eq;
        }
    }
    cg_decref(it);
    return 0;
}

/* The builtin classes that annotations subscript: list[int] is a
 * types.GenericAlias. */
static bool builtin_generic(const cg_type *t) {
    static const cg_type *const generic[] = {&cg_type_list, &cg_type_dict, &cg_type_tuple, &cg_type_set,
                                             &cg_type_frozenset, &cg_type_type, &cg_exc_BaseExceptionGroup,
                                             &cg_exc_ExceptionGroup};
    for (size_t i = 0; i < sizeof generic / sizeof generic[0]; i++)
        if (t == generic[i])
            return true;
    return !strcmp(t->name, "enumerate") && t->module && !strcmp(t->module, "builtins");
}

/* cls[key]: cls.__class_getitem__(key) where the class defines it (a
 * plain function there is a classmethod, as in Python); list[int] and
 * the other builtin generics make a GenericAlias. */
static cg_value class_getitem(cg_value cls, cg_value key) {
    if (builtin_generic((cg_type *)cls.u.o))
        return cg_generic_alias_new(cls, key);
    cg_value hook = cg_getattr_opt(cls, cg_str_intern("__class_getitem__"));
    if (cg_is_err(hook))
        return hook;
    if (hook.tag == CG_V_STOP)
        return cg_raise(&cg_exc_TypeError, "type '%s' is not subscriptable", ((cg_type *)cls.u.o)->name);
    cg_value r = cg_isinstance(hook, &cg_type_function) ? cg_call2(hook, cls, key) : cg_call1(hook, key);
    cg_decref(hook);
    return r;
}

cg_value cg_getitem(cg_value v, cg_value key) {
    cg_type *t = cg_typeof(v);
    /* a class whose metaclass defines no __getitem__ (ABCMeta's classes,
     * typing's Protocol) goes to __class_getitem__ like any class */
    if (t->getitem && (t == &cg_type_type || !(t->flags & CG_TYPE_HEAP) || !cg_isinstance(v, &cg_type_type)
                       || cg_type_lookup_borrowed(t, cg_str_intern("__getitem__")).tag != CG_V_STOP))
        return t->getitem(v, key);
    if (cg_isinstance(v, &cg_type_type))
        return class_getitem(v, key);
    if (t->getitem)
        return t->getitem(v, key);
    return cg_raise(&cg_exc_TypeError, "'%s' object is not subscriptable", t->name);
}

int cg_setitem(cg_value v, cg_value key, cg_value value) {
    cg_type *t = cg_typeof(v);
    if (t->setitem)
        return t->setitem(v, key, value);
    return cg_raise_int(&cg_exc_TypeError, "'%s' object does not support item assignment", t->name);
}

int cg_delitem(cg_value v, cg_value key) {
    cg_type *t = cg_typeof(v);
    if (t->delitem)
        return t->delitem(v, key);
    return cg_raise_int(&cg_exc_TypeError, "'%s' object doesn't support item deletion", t->name);
}

cg_value cg_iter(cg_value v) {
    cg_type *t = cg_typeof(v);
    if (t->iter)
        return t->iter(v);
    return cg_raise(&cg_exc_TypeError, "'%s' object is not iterable", t->name);
}

cg_value cg_next(cg_value it) {
    /* Every C loop over an iterator comes here (sum, list(), sorted, join,
     * min, any, ...): one of them over range(10**10) stops on Ctrl-C. */
    if (cg_check_interrupt() < 0)
        return CG_ERR;
    cg_type *t = cg_typeof(it);
    if (t->next)
        return t->next(it);
    return cg_raise(&cg_exc_TypeError, "'%s' object is not an iterator", t->name);
}

cg_value cg_getattr_opt(cg_value v, cg_str *name) {
    cg_type *t = cg_typeof(v);
    if (t->getattr) {
        cg_value r = t->getattr(v, name);
        if (r.tag != CG_V_STOP)
            return r;
    }
    return cg_generic_getattr(v, name);
}

cg_value cg_getattr(cg_value v, cg_str *name) {
    cg_value r = cg_getattr_opt(v, name);
    if (r.tag != CG_V_STOP)
        return r;
    /* A class's __getattr__ is the last resort, as in Python. */
    cg_type *t = cg_typeof(v);
    if (t->flags & CG_TYPE_HEAP) {
        cg_value ga = cg_type_lookup_borrowed(t, cg_str_intern("__getattr__"));
        if (ga.tag != CG_V_STOP)
            return cg_call2(ga, v, cg_obj_value(name));
    }
    return cg_raise_no_attribute(v, name);
}

int cg_setattr(cg_value v, cg_str *name, cg_value value) {
    cg_type *t = cg_typeof(v);
    if (t->setattr) {
        int r = t->setattr(v, name, value);
        if (r <= 0)
            return r;
    }
    if (v.tag != CG_V_OBJ) {
        int special = cg_instance_set_special(v, name, value); /* (1).__class__ = C is Python's TypeError */
        if (special <= 0)
            return special;
        if (cg_generic_getattr(v, name).tag == CG_V_STOP)
            return cg_raise_int(&cg_exc_AttributeError, "'%s' object has no attribute '%s'", t->name, name->s);
        return cg_raise_int(&cg_exc_AttributeError, "'%s' object attribute '%s' is read-only", t->name, name->s);
    }
    return cg_generic_setattr(v, name, value);
}

int cg_delattr(cg_value v, cg_str *name) { return cg_setattr(v, name, CG_ERR); }

cg_value cg_call(cg_value f, const cg_args *args) {
    cg_type *t = cg_typeof(f);
    if (t->call) {
        if (cg_stack_should_grow())
            return run_grown(run_call, &(grown_job){.a = f, .args = args});
        return t->call(f, args);
    }
    return cg_raise(&cg_exc_TypeError, "'%s' object is not callable", t->name);
}

cg_value cg_call0(cg_value f) {
    cg_args a = {0};
    return cg_call(f, &a);
}

cg_value cg_call1(cg_value f, cg_value x) {
    cg_args a = {.pos = &x, .npos = 1};
    return cg_call(f, &a);
}

cg_value cg_call2(cg_value f, cg_value x, cg_value y) {
    cg_value v[2] = {x, y};
    cg_args a = {.pos = v, .npos = 2};
    return cg_call(f, &a);
}

cg_value cg_call_method(cg_value obj, const char *name, int npos, const cg_value *pos) {
    cg_value m = cg_getattr(obj, cg_str_intern(name));
    if (cg_is_err(m))
        return m;
    cg_args a = {.pos = pos, .npos = npos};
    cg_value r = cg_call(m, &a);
    cg_decref(m);
    return r;
}

cg_value cg_index(cg_value v) {
    if (v.tag == CG_V_INT || v.tag == CG_V_BOOL)
        return cg_int(v.u.i);
    if (cg_is_bigint(v))
        return cg_incref(v);
    cg_type *t = cg_typeof(v);
    cg_value idx = cg_type_lookup_borrowed(t, cg_str_intern("__index__"));
    if (idx.tag == CG_V_STOP)
        return cg_raise(&cg_exc_TypeError, "'%s' object cannot be interpreted as an integer", t->name);
    cg_value r = cg_call1(idx, v);
    if (cg_is_err(r) || cg_is_int(r))
        return r.tag == CG_V_BOOL ? cg_int(r.u.i) : r;
    cg_decref(r);
    return cg_raise(&cg_exc_TypeError, "__index__ returned non-int (type %s)", cg_type_name(r));
}

int cg_index_value(cg_value v, int64_t *out) {
    if (v.tag == CG_V_INT || v.tag == CG_V_BOOL) {
        *out = v.u.i;
        return 0;
    }
    cg_value r = cg_index(v);
    if (cg_is_err(r))
        return -1;
    int rc = cg_int_as_index(r, out, &cg_exc_OverflowError, "cannot fit 'int' into an index-sized integer");
    cg_decref(r);
    return rc;
}

int cg_float_value(cg_value v, double *out) {
    switch (v.tag) {
    case CG_V_FLOAT: *out = v.u.f; return 0;
    case CG_V_INT:
    case CG_V_BOOL: *out = (double)v.u.i; return 0;
    default: break;
    }
    if (cg_is_bigint(v))
        return cg_int_to_double(v, out);
    cg_value f = cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__float__"));
    if (f.tag != CG_V_STOP) {
        cg_value r = cg_call1(f, v);
        if (cg_is_err(r))
            return -1;
        if (r.tag == CG_V_FLOAT) {
            *out = r.u.f;
            return 0;
        }
        cg_decref(r);
    }
    return cg_raise_int(&cg_exc_TypeError, "must be real number, not %s", cg_type_name(v));
}
