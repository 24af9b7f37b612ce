/* containers.c: what the builtin value types share: allocating and freeing
 * their objects, the repr recursion guard (`[...]`), and the one-time
 * setup of their method tables.
 *
 * Not the protocols (abstract.c) nor object/type themselves (object.c). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/containers.h"
#include "runtime/lang_internal.h"
#include "runtime/exc.h"
#include "runtime/value.h"

/* Note [Zeroed objects]
 * ~~~~~~~~~~~~~~~~~~~~~
 * Objects start zeroed, but not from calloc: glibc's calloc (2.36) never
 * takes a block from the thread's cache of freed ones (tcache), while
 * free puts them there, so with calloc every object went through
 * malloc's slow path (a third of the time of `np.zeros(3)` in a loop).
 * malloc and a memset of a few dozen bytes reuse the cache. Compilers
 * fold malloc + memset back into calloc, so the pointer passes through an
 * empty asm that hides where it came from. */
void *cg_obj_zalloc(size_t size) {
    void *p = malloc(size);
    if (!p)
        return NULL;
    __asm__("" : "+r"(p));
    return memset(p, 0, size);
}

void *cg_obj_alloc(cg_type *type) {
    cg_obj *o = cg_obj_zalloc(type->basicsize);
    if (!o)
        return NULL;
    o->refcnt = 1;
    o->type = type;
    if (type->flags & CG_TYPE_HEAP)
        cg_obj_incref(type);
    return o;
}

void cg_obj_free(cg_obj *o) {
    cg_type *type = o->type;
    free(o);
    if (type->flags & CG_TYPE_HEAP)
        cg_obj_decref(type);
}

/* The objects whose repr is being built, innermost last, per thread (two
 * threads may print the same list). Reprs nest only as deep as the data,
 * so a small array that grows is enough. */
static _Thread_local cg_obj **repr_stack;
static _Thread_local int repr_depth, repr_cap;

void cg_repr_stack_free(void) {
    free(repr_stack);
    repr_stack = NULL;
    repr_depth = repr_cap = 0;
}

int cg_repr_enter(cg_value v) {
    for (int i = 0; i < repr_depth; i++)
        if (repr_stack[i] == v.u.o)
            return 1;
    if (repr_depth == repr_cap) {
        int ncap = repr_cap ? repr_cap * 2 : 16;
        cg_obj **ns = realloc(repr_stack, (size_t)ncap * sizeof *ns);
        if (!ns) {
            cg_raise_nomemory();
            return -1;
        }
        repr_stack = ns;
        repr_cap = ncap;
    }
    repr_stack[repr_depth++] = v.u.o;
    return 0;
}

void cg_repr_leave(cg_value v) {
    if (repr_depth > 0 && repr_stack[repr_depth - 1] == v.u.o)
        repr_depth--;
}

int cg_key_as_index(cg_value key, int64_t *out) { return cg_key_as_index_or(key, out, &cg_exc_IndexError); }

int cg_key_as_item(cg_value key, const int64_t *len, int64_t *i, const char *range_msg) {
    int r = cg_key_as_index(key, i);
    if (r != 1)
        return r;
    if (*i < 0)
        *i += *len;
    if (*i < 0 || *i >= *len)
        return cg_raise_int(&cg_exc_IndexError, "%s", range_msg);
    return 1;
}

int cg_key_as_index_or(cg_value key, int64_t *out, cg_type *overflow) {
    if (key.tag == CG_V_INT || key.tag == CG_V_BOOL) {
        *out = key.u.i;
        return 1;
    }
    if (key.tag != CG_V_OBJ)
        return 0;
    if (cg_type_lookup_borrowed(key.u.o->type, cg_str_intern("__index__")).tag == CG_V_STOP)
        return 0;
    cg_value i = cg_index(key);
    if (cg_is_err(i))
        return -1;
    int rc = 0;
    if (!overflow && cg_is_bigint(i))
        *out = mpz_sgn(cg_bigint_mpz(i)) < 0 ? INT64_MIN : INT64_MAX;
    else
        rc = cg_int_as_index(i, out, overflow, "cannot fit 'int' into an index-sized integer");
    cg_decref(i);
    return rc < 0 ? -1 : 1;
}

int cg_sequence_repeat_count(cg_value n, int64_t *k) {
    int r = cg_key_as_index_or(n, k, &cg_exc_OverflowError);
    if (r != 0 || cg_other_may_handle(n))
        return r;
    cg_raise(&cg_exc_TypeError, "can't multiply sequence by non-int of type '%s'", cg_type_name(n));
    return -1;
}

bool cg_other_may_handle(cg_value b) {
    cg_type *t = cg_typeof(b);
    if (!t->binary)
        return false;
    static const cg_type *const builtin[] = {&cg_type_int,       &cg_type_bool,  &cg_type_float, &cg_type_str,
                                             &cg_type_list,      &cg_type_tuple, &cg_type_dict,  &cg_type_set,
                                             &cg_type_frozenset, &cg_type_range, &cg_type_none};
    for (size_t i = 0; i < sizeof builtin / sizeof *builtin; i++)
        if (t == builtin[i])
            return false;
    return true;
}

/* ---- slot wrappers: list.__getitem__ and friends ----------------------------
 * A class that subclasses a builtin type reaches the builtin behaviour
 * through these (super().__getitem__(i)); each calls the builtin type's
 * own slot, never the subclass's, which would call back here. */

static int wrapper_args(const cg_args *a, const char *name, int n) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no keyword arguments", name);
    if (a->npos != n)
        return cg_raise_int(&cg_exc_TypeError, "expected %d argument%s, got %d", n, n == 1 ? "" : "s", a->npos);
    return 0;
}

/* The builtin type of self that has the slot: self's type or a base. */
static cg_type *builtin_base(cg_value self) {
    cg_type *t = cg_typeof(self);
    while (t && (t->flags & CG_TYPE_HEAP))
        t = t->base;
    return t;
}

#define WRAP0(NAME, BODY)                                       \
    static cg_value w_##NAME(cg_value self, const cg_args *a) { \
        if (wrapper_args(a, "__" #NAME "__", 0) < 0)            \
            return CG_ERR;                                      \
        cg_type *t = builtin_base(self);                        \
        BODY                                                    \
    }
#define WRAP1(NAME, BODY)                                       \
    static cg_value w_##NAME(cg_value self, const cg_args *a) { \
        if (wrapper_args(a, "__" #NAME "__", 1) < 0)            \
            return CG_ERR;                                      \
        cg_type *t = builtin_base(self);                        \
        cg_value x = a->pos[0];                                 \
        BODY                                                    \
    }

WRAP0(len, {
    int64_t n = t->len(self);
    return n < 0 ? CG_ERR : cg_int(n);
})
WRAP1(getitem, { return t->getitem(self, x); })
WRAP0(iter, { return t->iter(self); })
WRAP0(repr, { return t->repr(self); })
WRAP1(contains, {
    int r = t->contains(self, x);
    return r < 0 ? CG_ERR : cg_bool(r);
})
WRAP1(delitem, { return t->delitem(self, x) < 0 ? CG_ERR : CG_NONE; })
WRAP0(hash, {
    int64_t h = t->hash(self);
    return h == -1 ? CG_ERR : cg_int(h);
})

static cg_value w_setitem(cg_value self, const cg_args *a) {
    if (wrapper_args(a, "__setitem__", 2) < 0)
        return CG_ERR;
    return builtin_base(self)->setitem(self, a->pos[0], a->pos[1]) < 0 ? CG_ERR : CG_NONE;
}

#define WRAP_CMP(NAME, OP) WRAP1(NAME, { return t->compare(self, x, OP); })
WRAP_CMP(eq, OP_EQ)
WRAP_CMP(ne, OP_NOT_EQ)
WRAP_CMP(lt, OP_LT)
WRAP_CMP(le, OP_LT_E)
WRAP_CMP(gt, OP_GT)
WRAP_CMP(ge, OP_GT_E)

#define WRAP_BIN(NAME, OP) WRAP1(NAME, { return t->binary(self, x, OP); })
WRAP_BIN(add, OP_ADD)
WRAP_BIN(mul, OP_MULT)
WRAP_BIN(or, OP_BITOR)
WRAP_BIN(and, OP_BITAND)
WRAP_BIN(sub, OP_SUB)
WRAP_BIN(xor, OP_BITXOR)
WRAP_BIN(mod, OP_MOD)
WRAP1(rmul, { return t->binary(x, self, OP_MULT); })

/* Adds the wrappers of the slots t has (a type's own methods win). */
int cg_add_slot_wrappers(cg_type *t) {
    static const struct {
        const char *name;
        cg_cfunc fn;
        size_t slot; /* offset of the slot that must be set */
    } rows[] = {
        {"__len__", w_len, offsetof(cg_type, len)},
        {"__getitem__", w_getitem, offsetof(cg_type, getitem)},
        {"__setitem__", w_setitem, offsetof(cg_type, setitem)},
        {"__delitem__", w_delitem, offsetof(cg_type, delitem)},
        {"__iter__", w_iter, offsetof(cg_type, iter)},
        {"__repr__", w_repr, offsetof(cg_type, repr)},
        {"__contains__", w_contains, offsetof(cg_type, contains)},
        {"__hash__", w_hash, offsetof(cg_type, hash)},
        {"__eq__", w_eq, offsetof(cg_type, compare)},
        {"__ne__", w_ne, offsetof(cg_type, compare)},
        {"__lt__", w_lt, offsetof(cg_type, compare)},
        {"__le__", w_le, offsetof(cg_type, compare)},
        {"__gt__", w_gt, offsetof(cg_type, compare)},
        {"__ge__", w_ge, offsetof(cg_type, compare)},
        {"__add__", w_add, offsetof(cg_type, binary)},
        {"__mul__", w_mul, offsetof(cg_type, binary)},
        {"__rmul__", w_rmul, offsetof(cg_type, binary)},
        {"__or__", w_or, offsetof(cg_type, binary)},
        {"__and__", w_and, offsetof(cg_type, binary)},
        {"__sub__", w_sub, offsetof(cg_type, binary)},
        {"__xor__", w_xor, offsetof(cg_type, binary)},
        {"__mod__", w_mod, offsetof(cg_type, binary)},
    };
    enum { NROWS = sizeof rows / sizeof *rows };
    /* one terminated table per wrapper, shared by every type (the builtin
     * object keeps a pointer to its def) */
    static cg_method_def defs[NROWS][2];
    for (size_t i = 0; i < NROWS; i++) {
        void *slot;
        memcpy(&slot, (char *)t + rows[i].slot, sizeof slot);
        if (!slot)
            continue;
        if (t->dict && cg_dict_get_cstr_borrowed(t->dict, rows[i].name).tag != CG_V_STOP)
            continue;
        defs[i][0] = (cg_method_def){rows[i].name, rows[i].fn, NULL, NULL};
        if (cg_type_add_methods(t, defs[i]) < 0)
            return -1;
    }
    return 0;
}
