/* generic_alias.c: list[int] and int | None, the objects that annotations
 * build at run time (types.GenericAlias and types.UnionType).
 *
 * A GenericAlias is an origin class with its arguments: it prints as
 * `dict[str, list[int]]`, calls its origin, forwards other attributes to
 * it and refuses isinstance. A UnionType is the flattened, deduplicated
 * tuple of `X | Y`'s operands (None as NoneType); isinstance checks each. */
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

typedef struct {
    cg_obj head;
    cg_value origin, args, params; /* args, params: tuples; params NULL-able (CG_STOP) until asked */
} cg_alias;

cg_type cg_type_generic_alias, cg_type_union;

#define A(v) ((cg_alias *)(v).u.o)

static void alias_dealloc(cg_obj *o) {
    cg_alias *a = (cg_alias *)o;
    cg_decref(a->origin);
    cg_decref(a->args);
    cg_decref(a->params);
    free(o);
}

static cg_value alias_alloc(cg_type *t, cg_value origin, cg_value args) {
    cg_alias *a = malloc(sizeof *a);
    if (!a) {
        cg_decref(args);
        return cg_raise_nomemory();
    }
    a->head = (cg_obj){1, t};
    a->origin = cg_incref(origin);
    a->args = args;
    a->params = CG_STOP;
    return cg_obj_value(a);
}

/* The arguments as a tuple (new reference): `list[int]` has (int,). */
static cg_value as_tuple(cg_value key) {
    if (cg_is_type(key, &cg_type_tuple))
        return cg_incref(key);
    cg_value t = cg_tuple_new(1);
    if (!cg_is_err(t))
        cg_as_tuple(t)->items[0] = cg_incref(key);
    return t;
}

cg_value cg_generic_alias_new(cg_value origin, cg_value key) {
    cg_value args = as_tuple(key);
    if (cg_is_err(args))
        return args;
    return alias_alloc(&cg_type_generic_alias, origin, args);
}

/* ---- repr ------------------------------------------------------------------------------ */

/* An argument as annotations show it: a class by its qualified name
 * (builtins unqualified), `...`, another alias, or its repr. */
static int arg_repr(cg_strbuf *b, cg_value v) {
    if (v.tag == CG_V_OBJ && v.u.o == cg_Ellipsis.u.o) {
        cg_strbuf_puts(b, "...");
        return 0;
    }
    if (cg_isinstance(v, &cg_type_type) && !cg_is_type(v, &cg_type_generic_alias)) {
        cg_type *t = (cg_type *)v.u.o;
        if (t == &cg_type_none) {
            cg_strbuf_puts(b, "None");
            return 0;
        }
        const char *mod = t->module ? t->module : "builtins";
        if (strcmp(mod, "builtins"))
            cg_strbuf_printf(b, "%s.", mod);
        cg_strbuf_puts(b, t->qualname ? t->qualname : t->name);
        return 0;
    }
    return cg_repr_into(b, v);
}

static cg_value alias_repr(cg_value self) {
    cg_strbuf b = {0};
    cg_tuple *args = cg_as_tuple(A(self)->args);
    int rc = arg_repr(&b, A(self)->origin);
    cg_strbuf_putc(&b, '[');
    if (args->len == 0)
        cg_strbuf_puts(&b, "()");
    for (int64_t i = 0; rc == 0 && i < args->len; i++) {
        if (i)
            cg_strbuf_puts(&b, ", ");
        if (cg_is_type(args->items[i], &cg_type_list)) { /* Callable[[int], str]'s argument list */
            cg_list *l = cg_as_list(args->items[i]);
            cg_strbuf_putc(&b, '[');
            for (int64_t j = 0; rc == 0 && j < l->len; j++) {
                if (j)
                    cg_strbuf_puts(&b, ", ");
                rc = arg_repr(&b, l->items[j]);
            }
            cg_strbuf_putc(&b, ']');
        } else {
            rc = arg_repr(&b, args->items[i]);
        }
    }
    cg_strbuf_putc(&b, ']');
    if (rc < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    return cg_str_from_strbuf(&b);
}

static cg_value union_repr(cg_value self) {
    cg_strbuf b = {0};
    cg_tuple *args = cg_as_tuple(A(self)->args);
    int rc = 0;
    for (int64_t i = 0; rc == 0 && i < args->len; i++) {
        if (i)
            cg_strbuf_puts(&b, " | ");
        rc = arg_repr(&b, args->items[i]);
    }
    if (rc < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    return cg_str_from_strbuf(&b);
}

/* ---- parameters ------------------------------------------------------------------------ */

/* The type variables among the arguments (anything with
 * __typing_subst__, as typing.TypeVar), in order, each once, including
 * those of nested aliases. */
static bool is_type_var(cg_value x) {
    cg_value s = cg_getattr_opt(x, cg_str_intern("__typing_subst__"));
    if (cg_is_err(s))
        cg_exc_clear();
    else if (s.tag != CG_V_STOP) {
        cg_decref(s);
        return true;
    }
    /* typing's own classes, whichever way typing.py writes them */
    const cg_type *t = cg_typeof(x);
    return t->module && !strcmp(t->module, "typing")
           && (!strcmp(t->name, "TypeVar") || !strcmp(t->name, "ParamSpec") || !strcmp(t->name, "TypeVarTuple"));
}

static int collect_params(cg_value args, cg_value out) {
    cg_tuple *t = cg_as_tuple(args);
    for (int64_t i = 0; i < t->len; i++) {
        cg_value x = t->items[i];
        if (cg_is_type(x, &cg_type_generic_alias) || cg_is_type(x, &cg_type_union)) {
            if (collect_params(A(x)->args, out) < 0)
                return -1;
            continue;
        }
        if (cg_isinstance(x, &cg_type_type) || x.tag != CG_V_OBJ)
            continue;
        if (!is_type_var(x))
            continue;
        int has = cg_contains(out, x);
        if (has < 0 || (!has && cg_list_append(out, x) < 0))
            return -1;
    }
    return 0;
}

static cg_value params_of(cg_value self) {
    cg_alias *a = A(self);
    if (a->params.tag == CG_V_STOP) {
        cg_value l = cg_list_new(0);
        if (cg_is_err(l) || collect_params(a->args, l) < 0) {
            cg_decref(l);
            return CG_ERR;
        }
        a->params = cg_list_to_tuple(l);
        cg_decref(l);
        if (cg_is_err(a->params)) {
            a->params = CG_STOP;
            return CG_ERR;
        }
    }
    return cg_incref(a->params);
}

/* Replaces each parameter by the argument at its place (a nested alias
 * gets its own substituted copy). */
static cg_value substitute(cg_value x, cg_value params, const cg_value *with);

static cg_value substitute_args(cg_value args, cg_value params, const cg_value *with) {
    cg_tuple *t = cg_as_tuple(args);
    cg_value r = cg_tuple_new(t->len);
    for (int64_t i = 0; !cg_is_err(r) && i < t->len; i++) {
        cg_value s = substitute(t->items[i], params, with);
        if (cg_is_err(s)) {
            cg_decref(r);
            return s;
        }
        cg_as_tuple(r)->items[i] = s;
    }
    return r;
}

static cg_value substitute(cg_value x, cg_value params, const cg_value *with) {
    cg_tuple *p = cg_as_tuple(params);
    for (int64_t i = 0; i < p->len; i++)
        if (x.tag == CG_V_OBJ && x.u.o == p->items[i].u.o)
            return cg_incref(with[i]);
    if (cg_is_type(x, &cg_type_generic_alias)) {
        cg_value args = substitute_args(A(x)->args, params, with);
        return cg_is_err(args) ? args : alias_alloc(&cg_type_generic_alias, A(x)->origin, args);
    }
    return cg_incref(x);
}

static cg_value alias_getitem(cg_value self, cg_value key) {
    cg_value params = params_of(self);
    if (cg_is_err(params))
        return params;
    cg_tuple *p = cg_as_tuple(params);
    cg_value r;
    if (p->len == 0) {
        cg_value text = alias_repr(self);
        r = cg_is_err(text) ? text : cg_raise(&cg_exc_TypeError, "%s is not a generic class", cg_str_cstr(text));
        cg_decref(text);
    } else {
        cg_value items = as_tuple(key);
        if (cg_is_err(items)) {
            r = items;
        } else if (cg_as_tuple(items)->len != p->len) {
            cg_value text = alias_repr(self);
            r = cg_is_err(text) ? text
                                : cg_raise(&cg_exc_TypeError, "Too %s arguments for %s; actual %lld, expected %lld",
                                           cg_as_tuple(items)->len > p->len ? "many" : "few", cg_str_cstr(text),
                                           (long long)cg_as_tuple(items)->len, (long long)p->len);
            cg_decref(text);
            cg_decref(items);
        } else {
            cg_value args = substitute_args(A(self)->args, params, cg_as_tuple(items)->items);
            r = cg_is_err(args) ? args : alias_alloc(&cg_type_generic_alias, A(self)->origin, args);
            cg_decref(items);
        }
    }
    cg_decref(params);
    return r;
}

/* ---- the rest of GenericAlias --------------------------------------------------------- */

static cg_value alias_call(cg_value self, const cg_args *a) {
    cg_value r = cg_call(A(self)->origin, a);
    if (cg_is_err(r) || r.tag != CG_V_OBJ)
        return r;
    /* the instance remembers the alias that made it, where it can */
    if (cg_setattr(r, cg_str_intern("__orig_class__"), self) < 0)
        cg_exc_clear();
    return r;
}

static cg_value alias_getattr(cg_value self, cg_str *name) {
    const char *n = name->s;
    if (!strcmp(n, "__origin__"))
        return cg_incref(A(self)->origin);
    if (!strcmp(n, "__args__"))
        return cg_incref(A(self)->args);
    if (!strcmp(n, "__parameters__"))
        return params_of(self);
    if (!strcmp(n, "__unpacked__"))
        return CG_FALSE;
    if (!strcmp(n, "__class__"))
        return cg_incref(cg_obj_value(cg_typeof(self)));
    if (!strcmp(n, "__mro_entries__") || !strcmp(n, "__reduce__") || !strcmp(n, "__copy__")
        || !strcmp(n, "__deepcopy__"))
        return CG_STOP;
    return cg_getattr(A(self)->origin, name); /* list[int].append, dict[str, int].__name__ */
}

static cg_value alias_compare(cg_value a, cg_value b, cg_cmpop op) {
    if ((op != OP_EQ && op != OP_NOT_EQ) || cg_typeof(a) != cg_typeof(b))
        return cg_incref(cg_NotImplemented);
    int eq = cg_value_eq(A(a)->origin, A(b)->origin);
    if (eq == 1)
        eq = cg_typeof(a) == &cg_type_union ? -2 : cg_value_eq(A(a)->args, A(b)->args);
    if (eq == -2) { /* unions: the same members in any order */
        cg_tuple *x = cg_as_tuple(A(a)->args), *y = cg_as_tuple(A(b)->args);
        eq = x->len == y->len;
        for (int64_t i = 0; eq == 1 && i < x->len; i++)
            eq = cg_contains(A(b)->args, x->items[i]);
    }
    if (eq < 0)
        return CG_ERR;
    return cg_bool(op == OP_EQ ? eq : !eq);
}

static int64_t alias_hash(cg_value self) {
    int64_t h = cg_hash(A(self)->origin);
    if (h == -1 && cg_exc_pending())
        return -1;
    cg_tuple *t = cg_as_tuple(A(self)->args);
    int64_t acc = cg_typeof(self) == &cg_type_union ? 0x345678 : cg_hash(A(self)->args);
    if (cg_typeof(self) == &cg_type_union) /* order does not matter */
        for (int64_t i = 0; i < t->len; i++)
            acc ^= cg_hash(t->items[i]);
    h ^= acc;
    return h == -1 ? -2 : h;
}

/* ---- unions ------------------------------------------------------------------------------ */

/* What `|` accepts: a class, None, an alias or a union (and typing's
 * objects, which define their own __or__). */
static bool unionable(cg_value v) {
    return cg_is_none(v) || cg_isinstance(v, &cg_type_type) || cg_is_type(v, &cg_type_generic_alias)
           || cg_is_type(v, &cg_type_union);
}

static int add_member(cg_value list, cg_value v) {
    if (cg_is_type(v, &cg_type_union)) {
        cg_tuple *t = cg_as_tuple(A(v)->args);
        for (int64_t i = 0; i < t->len; i++)
            if (add_member(list, t->items[i]) < 0)
                return -1;
        return 0;
    }
    if (cg_is_none(v))
        v = cg_obj_value(&cg_type_none);
    int has = cg_contains(list, v);
    return has < 0 ? -1 : has ? 0 : cg_list_append(list, v);
}

static cg_value make_union(cg_value a, cg_value b) {
    if (!unionable(a) || !unionable(b))
        return cg_incref(cg_NotImplemented);
    cg_value l = cg_list_new(0);
    if (cg_is_err(l) || add_member(l, a) < 0 || add_member(l, b) < 0) {
        cg_decref(l);
        return CG_ERR;
    }
    if (cg_as_list(l)->len == 1) { /* int | int is int */
        cg_value only = cg_incref(cg_as_list(l)->items[0]);
        cg_decref(l);
        return only;
    }
    cg_value args = cg_list_to_tuple(l);
    cg_decref(l);
    return cg_is_err(args) ? args : alias_alloc(&cg_type_union, CG_NONE, args);
}

cg_value cg_type_or(cg_value a, cg_value b, cg_binop op) {
    if (op != OP_BITOR)
        return cg_incref(cg_NotImplemented);
    return make_union(a, b);
}

static cg_value union_getattr(cg_value self, cg_str *name) {
    if (!strcmp(name->s, "__args__"))
        return cg_incref(A(self)->args);
    if (!strcmp(name->s, "__parameters__"))
        return params_of(self);
    return CG_STOP;
}

/* isinstance(x, int | str) and issubclass: each member in turn (a
 * parameterized generic among them fails when its turn comes). */
int cg_union_check(cg_value x, cg_value u, bool inst, int (*check)(cg_value, bool, cg_value)) {
    cg_tuple *t = cg_as_tuple(A(u)->args);
    for (int64_t i = 0; i < t->len; i++) {
        int r = check(x, inst, t->items[i]);
        if (r != 0)
            return r;
    }
    return 0;
}

static cg_value alias_new(cg_type *t, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "GenericAlias() takes no keyword arguments");
    if (a->npos != 2)
        return cg_raise(&cg_exc_TypeError, "GenericAlias expected 2 arguments, got %d", a->npos);
    return cg_generic_alias_new(a->pos[0], a->pos[1]);
}

cg_type cg_type_generic_alias = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "GenericAlias",
    .module = "types",
    .basicsize = sizeof(cg_alias),
    .dealloc = alias_dealloc,
    .repr = alias_repr,
    .hash = alias_hash,
    .compare = alias_compare,
    .getattr = alias_getattr,
    .getitem = alias_getitem,
    .call = alias_call,
    .binary = cg_type_or,
    .new_ = alias_new,
};

cg_type cg_type_union = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "UnionType",
    .module = "types",
    .basicsize = sizeof(cg_alias),
    .dealloc = alias_dealloc,
    .repr = union_repr,
    .hash = alias_hash,
    .compare = alias_compare,
    .getattr = union_getattr,
    .binary = cg_type_or,
};
