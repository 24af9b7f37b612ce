/* exc_group.c: BaseExceptionGroup and ExceptionGroup (PEP 654): a message
 * and a tuple of exceptions raised together, split by type or predicate.
 *
 * Not here: except* (exec_try_star.c) and the printing of a group's boxed
 * traceback (traceback.c). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/gc.h"
#include "runtime/lang_internal.h"

/* A group: an exception whose args are (message, exceptions as given),
 * plus the message and the exceptions as a tuple, which args cannot
 * change later. */
typedef struct {
    cg_exc base;
    cg_value msg;  /* a str */
    cg_value excs; /* a non-empty tuple of exceptions */
} cg_exc_group;

static void group_dealloc(cg_obj *o) {
    cg_exc_group *g = (cg_exc_group *)o;
    cg_decref(g->msg);
    cg_decref(g->excs);
    cg_exc_BaseException.dealloc(o);
}

static void group_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_exc_group *g = (cg_exc_group *)o;
    cg_visit_value(g->excs, visit, arg);
    cg_exc_BaseException.traverse(o, visit, arg);
}

/* what a cleared group holds: a tuple still, so that nothing that reads
 * it before it goes needs to check */
static cg_tuple no_exceptions = {.head = {CG_IMMORTAL, &cg_type_tuple}, .len = 0};

static void group_clear(cg_obj *o) {
    cg_exc_group *g = (cg_exc_group *)o;
    cg_value_set(&g->excs, cg_obj_value(&no_exceptions));
    cg_exc_BaseException.clear(o);
}

/* Python's sequence check: something indexable that is not a mapping. */
static bool is_sequence(cg_value v) {
    cg_type *t = cg_typeof(v);
    if (cg_isinstance(v, &cg_type_dict) || cg_isinstance(v, &cg_type_type))
        return false;
    if (t->flags & CG_TYPE_HEAP)
        return cg_type_lookup_borrowed(t, cg_str_intern("__getitem__")).tag != CG_V_STOP;
    return t->getitem != NULL;
}

/* BaseExceptionGroup(message, exceptions): a group of only Exceptions is
 * an ExceptionGroup; an ExceptionGroup (or a subclass that is an
 * Exception) cannot hold a BaseException. */
static cg_value group_new(cg_type *type, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "%s() takes no keyword arguments", type->name);
    if (a->npos != 2)
        return cg_raise(&cg_exc_TypeError, "BaseExceptionGroup.__new__() takes exactly 2 arguments (%d given)",
                        a->npos);
    if (!cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "BaseExceptionGroup.__new__() argument 1 must be str, not %s",
                        cg_type_name(a->pos[0]));
    if (!is_sequence(a->pos[1]))
        return cg_raise(&cg_exc_TypeError, "second argument (exceptions) must be a sequence");
    cg_value excs = cg_list_to_tuple(a->pos[1]);
    if (cg_is_err(excs))
        return excs;
    const cg_tuple *t = cg_as_tuple(excs);
    bool only_exceptions = true;
    for (int64_t i = 0; i < t->len; i++) {
        if (!cg_isinstance(t->items[i], &cg_exc_BaseException)) {
            cg_decref(excs);
            return cg_raise(&cg_exc_ValueError, "Item %lld of second argument (exceptions) is not an exception",
                            (long long)i);
        }
        only_exceptions &= cg_isinstance(t->items[i], &cg_exc_Exception);
    }
    if (t->len == 0) {
        cg_decref(excs);
        return cg_raise(&cg_exc_ValueError, "second argument (exceptions) must be a non-empty sequence");
    }
    if (type == &cg_exc_BaseExceptionGroup && only_exceptions)
        type = &cg_exc_ExceptionGroup;
    if (!only_exceptions && cg_type_is_subtype(type, &cg_exc_Exception)) {
        cg_decref(excs);
        if (type == &cg_exc_ExceptionGroup)
            return cg_raise(&cg_exc_TypeError, "Cannot nest BaseExceptions in an ExceptionGroup");
        return cg_raise(&cg_exc_TypeError, "Cannot nest BaseExceptions in '%s'", type->name);
    }
    cg_value self = cg_exc_new_with_args(type, a);
    if (cg_is_err(self)) {
        cg_decref(excs);
        return self;
    }
    cg_exc_group *g = (cg_exc_group *)self.u.o;
    g->msg = cg_incref(a->pos[0]);
    g->excs = excs;
    return self;
}

static cg_value group_str(cg_value self) {
    const cg_exc_group *g = (const cg_exc_group *)self.u.o;
    int64_t n = cg_as_tuple(g->excs)->len;
    cg_strbuf b = {0};
    cg_strbuf_printf(&b, "%s (%lld sub-exception%s)", cg_str_cstr(g->msg), (long long)n, n == 1 ? "" : "s");
    return cg_str_from_strbuf(&b);
}

static cg_value group_getattr(cg_value self, cg_str *name) {
    const cg_exc_group *g = (const cg_exc_group *)self.u.o;
    if (!strcmp(name->s, "message"))
        return cg_incref(g->msg);
    if (!strcmp(name->s, "exceptions"))
        return cg_incref(g->excs);
    return cg_exc_BaseException.getattr(self, name);
}

static int group_setattr(cg_value self, cg_str *name, cg_value value) {
    if (!strcmp(name->s, "message") || !strcmp(name->s, "exceptions"))
        return cg_raise_int(&cg_exc_AttributeError, "readonly attribute");
    return cg_exc_BaseException.setattr(self, name, value);
}

bool cg_exc_is_group(cg_value v) { return cg_isinstance(v, &cg_exc_BaseExceptionGroup); }

cg_value cg_exc_group_exceptions(cg_value group) { return ((const cg_exc_group *)group.u.o)->excs; }

/* ---- split and subgroup ---------------------------------------------------------- */

static bool is_exception_class(cg_value v) {
    return cg_isinstance(v, &cg_type_type) && cg_type_is_subtype((cg_type *)v.u.o, &cg_exc_BaseException);
}

int cg_exc_matcher_check(cg_value m) {
    if (is_exception_class(m))
        return 0;
    if (cg_is_type(m, &cg_type_tuple)) {
        const cg_tuple *t = cg_as_tuple(m);
        for (int64_t i = 0; i < t->len; i++)
            if (!is_exception_class(t->items[i]))
                goto bad;
        return 0;
    }
    cg_type *t = cg_typeof(m);
    bool callable = t->flags & CG_TYPE_HEAP ? cg_type_lookup_borrowed(t, cg_str_intern("__call__")).tag != CG_V_STOP
                                            : t->call != NULL;
    if (callable && !cg_isinstance(m, &cg_type_type))
        return 0;
bad:
    return cg_raise_int(&cg_exc_TypeError, "expected a function, exception type or tuple of exception types");
}

/* What a split keeps: exceptions of a class, of a tuple of classes, or
 * that a predicate accepts; or (except*'s projection) the leaves whose
 * ids are in a set. */
typedef struct {
    cg_value m;
    cg_value leaf_ids; /* a set of ints, or CG_NONE */
} matcher;

static cg_value id_of(cg_value exc) { return cg_int((int64_t)(intptr_t)exc.u.o); }

/* Does exc satisfy the matcher? 1, 0 or -1 with an exception. */
static int matches(const matcher *mt, cg_value exc) {
    if (mt->leaf_ids.tag == CG_V_OBJ)
        return cg_set_contains(mt->leaf_ids, id_of(exc));
    cg_value m = mt->m;
    if (is_exception_class(m))
        return cg_isinstance(exc, (cg_type *)m.u.o);
    if (cg_is_type(m, &cg_type_tuple)) {
        const cg_tuple *t = cg_as_tuple(m);
        for (int64_t i = 0; i < t->len; i++)
            if (cg_isinstance(exc, (cg_type *)t->items[i].u.o))
                return 1;
        return 0;
    }
    cg_value r = cg_call1(m, exc);
    if (cg_is_err(r))
        return -1;
    int b = cg_truth(r);
    cg_decref(r);
    return b;
}

/* A part of a group carries the group's traceback, cause, context and
 * notes (a list of its own), as CPython's parts do; setting the cause
 * suppresses the context there too. */
int cg_exc_copy_metadata(cg_value from, cg_value to) {
    cg_exc *f = (cg_exc *)from.u.o, *t = (cg_exc *)to.u.o;
    cg_value tb = f->traceback.tag == CG_V_OBJ ? cg_list_from_iterable(f->traceback) : CG_NONE;
    if (cg_is_err(tb))
        return -1;
    cg_value_set(&t->traceback, tb);
    cg_value_set(&t->cause, cg_incref(f->cause));
    cg_value_set(&t->context, cg_incref(f->context));
    t->suppress_context = true;
    t->tb_frame = f->tb_frame; /* a part re-raised there adds no entry again */
    cg_str *key = cg_str_intern("__notes__");
    cg_value notes = cg_getattr_opt(from, key);
    if (notes.tag == CG_V_STOP || cg_is_err(notes))
        return cg_is_err(notes) ? -1 : 0;
    if (is_sequence(notes)) {
        cg_value copy = cg_list_from_iterable(notes);
        cg_decref(notes);
        if (cg_is_err(copy))
            return -1;
        notes = copy;
    }
    int rc = cg_setattr(to, key, notes);
    cg_decref(notes);
    return rc;
}

/* group.derive(parts) with the group's metadata; None for no parts. */
static cg_value subset(cg_value group, cg_value parts) {
    if (cg_as_list(parts)->len == 0)
        return CG_NONE;
    cg_value r = cg_call_method(group, "derive", 1, &parts);
    if (cg_is_err(r))
        return r;
    if (!cg_exc_is_group(r)) {
        cg_decref(r);
        return cg_raise(&cg_exc_TypeError, "derive must return an instance of BaseExceptionGroup");
    }
    if (cg_exc_copy_metadata(group, r) < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    return r;
}

/* Splits exc by m into *match and *rest (None where empty; rest only when
 * asked). A group that matches as a whole is not taken apart. */
static int split_into(cg_value exc, const matcher *m, cg_value *match, cg_value *rest) {
    *match = CG_NONE;
    if (rest)
        *rest = CG_NONE;
    int is = matches(m, exc);
    if (is < 0)
        return -1;
    if (is || !cg_exc_is_group(exc)) {
        if (is)
            *match = cg_incref(exc);
        else if (rest)
            *rest = cg_incref(exc);
        return 0;
    }
    if (cg_check_depth() < 0)
        return -1;
    cg_value ms = cg_list_new(0), rs = cg_list_new(0);
    int rc = cg_is_err(ms) || cg_is_err(rs) ? -1 : 0;
    const cg_tuple *t = cg_as_tuple(cg_exc_group_exceptions(exc));
    for (int64_t i = 0; rc == 0 && i < t->len; i++) {
        cg_value pm, pr;
        rc = split_into(t->items[i], m, &pm, rest ? &pr : NULL);
        if (rc == 0 && !cg_is_none(pm))
            rc = cg_list_append_steal(ms, pm);
        if (rc == 0 && rest && !cg_is_none(pr))
            rc = cg_list_append_steal(rs, pr);
    }
    if (rc == 0) {
        *match = subset(exc, ms);
        rc = cg_is_err(*match) ? -1 : 0;
    }
    if (rc == 0 && rest) {
        *rest = subset(exc, rs);
        if (cg_is_err(*rest)) {
            cg_value_set(match, CG_NONE);
            rc = -1;
        }
    }
    cg_decref(ms);
    cg_decref(rs);
    return rc;
}

int cg_exc_group_split(cg_value group, cg_value m, cg_value *match, cg_value *rest) {
    return split_into(group, &(matcher){m, CG_NONE}, match, rest);
}

static int add_leaf_ids(cg_value ids, cg_value exc) {
    if (!cg_exc_is_group(exc))
        return cg_set_add(ids, id_of(exc));
    if (cg_check_depth() < 0)
        return -1;
    const cg_tuple *t = cg_as_tuple(cg_exc_group_exceptions(exc));
    for (int64_t i = 0; i < t->len; i++)
        if (add_leaf_ids(ids, t->items[i]) < 0)
            return -1;
    return 0;
}

cg_value cg_exc_group_project(cg_value group, cg_value parts) {
    cg_value ids = cg_set_new();
    if (cg_is_err(ids))
        return ids;
    const cg_list *l = cg_as_list(parts);
    for (int64_t i = 0; i < l->len; i++)
        if (add_leaf_ids(ids, l->items[i]) < 0) {
            cg_decref(ids);
            return CG_ERR;
        }
    cg_value match;
    int rc = split_into(group, &(matcher){CG_NONE, ids}, &match, NULL);
    cg_decref(ids);
    return rc < 0 ? CG_ERR : match;
}

static cg_value group_split(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "split() takes exactly one argument (%d given)", a->npos + a->nkw);
    if (cg_exc_matcher_check(a->pos[0]) < 0)
        return CG_ERR;
    cg_value match, rest;
    if (cg_exc_group_split(self, a->pos[0], &match, &rest) < 0)
        return CG_ERR;
    cg_value r = cg_tuple_pack(2, match, rest);
    cg_decref(match);
    cg_decref(rest);
    return r;
}

static cg_value group_subgroup(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "subgroup() takes exactly one argument (%d given)", a->npos + a->nkw);
    if (cg_exc_matcher_check(a->pos[0]) < 0)
        return CG_ERR;
    cg_value match;
    return cg_exc_group_split(self, a->pos[0], &match, NULL) < 0 ? CG_ERR : match;
}

/* derive(excs): a group of excs with this one's message; split calls it
 * for each part, so a subclass that keeps more overrides it. */
static cg_value group_derive(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "derive() takes exactly one argument (%d given)", a->npos + a->nkw);
    cg_value pos[2] = {((cg_exc_group *)self.u.o)->msg, a->pos[0]};
    return group_new(&cg_exc_BaseExceptionGroup, &(cg_args){.pos = pos, .npos = 2});
}

static const cg_method_def group_methods[] = {
    {"derive", group_derive, NULL, "A group of the given exceptions with this group's message."},
    {"split", group_split, NULL,
     "The parts of the group that match and that do not match a type, a tuple of types or a predicate."},
    {"subgroup", group_subgroup, NULL, "The part of the group that matches a type, a tuple of types or a predicate."},
    {NULL},
};

#define GROUP_TYPE(NAME, BASE)                                                                          \
    cg_type cg_exc_##NAME = {                                                                                \
        .head = {CG_IMMORTAL, &cg_type_type},                                                                \
        .name = #NAME,                                                                                       \
        .module = "builtins",                                                                                \
        .base = BASE,                                                                                        \
        .flags = CG_TYPE_BASETYPE | CG_TYPE_EXCEPTION | CG_TYPE_HAS_DICT | CG_TYPE_TRASHCAN,                 \
        .basicsize = sizeof(cg_exc_group),                                                                   \
        .dealloc = group_dealloc,                                                                            \
        .str = group_str,                                                                                    \
        .hash = cg_object_hash,                                                                              \
        .getattr = group_getattr,                                                                            \
        .setattr = group_setattr,                                                                            \
        .new_ = group_new,                                                                                   \
        .gc_offset = offsetof(cg_instance, gc),                                                              \
        .traverse = group_traverse,                                                                          \
        .clear = group_clear,                                                                                \
    }

GROUP_TYPE(BaseExceptionGroup, &cg_exc_BaseException);
GROUP_TYPE(ExceptionGroup, &cg_exc_BaseExceptionGroup);

/* ExceptionGroup derives from BaseExceptionGroup (its layout) and from
 * Exception: a C type with two bases keeps them as a class statement's
 * class does (Note [Multiple inheritance] in class_mro.c). */
int cg_exc_group_types_init(void) {
    cg_exc_BaseExceptionGroup.repr = cg_exc_BaseException.repr;
    cg_exc_ExceptionGroup.repr = cg_exc_BaseException.repr;
    cg_value bases = cg_tuple_pack(2, cg_obj_value(&cg_exc_BaseExceptionGroup), cg_obj_value(&cg_exc_Exception));
    cg_value rest = cg_tuple_pack(4, cg_obj_value(&cg_exc_BaseExceptionGroup), cg_obj_value(&cg_exc_Exception),
                                  cg_obj_value(&cg_exc_BaseException), cg_obj_value(&cg_type_object));
    if (cg_is_err(bases) || cg_is_err(rest)) {
        cg_decref(bases);
        cg_decref(rest);
        return -1;
    }
    cg_exc_ExceptionGroup.bases = bases.u.o;
    cg_exc_ExceptionGroup.mro_rest = rest.u.o;
    return cg_type_add_methods(&cg_exc_BaseExceptionGroup, group_methods);
}
