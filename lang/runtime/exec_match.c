/* exec_match.c: the match statement.
 *
 * Note [Patterns]: a case's pattern is matched against the subject
 * without storing anything; the names it captures are collected and
 * stored together once the whole pattern has matched (as CPython does),
 * then the guard runs. An or-pattern drops what a failed alternative
 * collected. The checks that CPython's compiler makes (duplicate names,
 * unreachable cases, ...) were made by the parser (parse_match.c); here
 * are the run-time rules of PEP 634: which objects are sequences and
 * mappings, __match_args__, and their TypeErrors. */
#include <stdlib.h>
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/eval.h"
#include "runtime/module.h"

typedef struct {
    const cg_ast_res *res;
    cg_value v;
} capture;

typedef struct {
    capture *items;
    int n, cap;
} captures;

static int keep(captures *c, const cg_ast_res *res, cg_value v) {
    if (c->n == c->cap) {
        int cap = c->cap ? c->cap * 2 : 8;
        capture *items = realloc(c->items, (size_t)cap * sizeof *items);
        if (!items)
            return (void)cg_raise_nomemory(), -1;
        c->items = items;
        c->cap = cap;
    }
    c->items[c->n++] = (capture){res, cg_incref(v)};
    return 0;
}

static void drop_to(captures *c, int n) {
    while (c->n > n)
        cg_decref(c->items[--c->n].v);
}

static int match(cg_frame *f, const cg_ast *pat, cg_value subject, captures *c);

/* ---- what counts as a sequence or a mapping ------------------------------ */

/* isinstance(v, collections.abc.<abc>): classes that inherit from the ABC
 * or are registered with it, as CPython's type flags record. */
static int abc_instance(cg_value v, const char *abc) {
    cg_value cls = cg_import_attr("collections.abc", abc);
    if (cg_is_err(cls))
        return -1;
    int r = cg_isinstance_check(v, cls);
    cg_decref(cls);
    return r;
}

static bool never_container(cg_value v) {
    return v.tag != CG_V_OBJ || cg_is_str(v) || cg_isinstance(v, &cg_type_bytes)
           || cg_isinstance(v, &cg_type_bytearray) || cg_isinstance(v, &cg_type_float)
           || cg_isinstance(v, &cg_type_int) || cg_isinstance(v, &cg_type_set) || cg_isinstance(v, &cg_type_frozenset);
}

static int is_sequence(cg_value v) {
    if (cg_isinstance(v, &cg_type_list) || cg_isinstance(v, &cg_type_tuple) || cg_isinstance(v, &cg_type_range)
        || cg_isinstance(v, &cg_type_memoryview))
        return 1;
    if (never_container(v) || cg_is_dict(v))
        return 0;
    return abc_instance(v, "Sequence");
}

static int is_mapping(cg_value v) {
    if (cg_is_dict(v))
        return 1;
    if (never_container(v) || cg_isinstance(v, &cg_type_list) || cg_isinstance(v, &cg_type_tuple))
        return 0;
    return abc_instance(v, "Mapping");
}

/* ---- sequences ------------------------------------------------------------------- */

static int star_at(const cg_ast_list *pats) {
    for (int i = 0; i < pats->n; i++)
        if (pats->items[i]->kind == AST_MATCH_STAR)
            return i;
    return -1;
}

static bool is_wildcard(const cg_ast *p) {
    return (p->kind == AST_MATCH_STAR || p->kind == AST_MATCH_AS) && !p->u.pat.name && !p->u.pat.pattern;
}

/* Matches the items of a list of the subject's elements. */
static int match_items(cg_frame *f, const cg_ast_list *pats, int star, cg_list *l, captures *c) {
    int64_t n = pats->n, j = 0;
    for (int64_t i = 0; i < n; i++) {
        const cg_ast *p = pats->items[i];
        if (i == star) {
            int64_t take = l->len - (n - 1);
            if (p->u.pat.name) {
                cg_value rest = cg_list_new(0);
                int rc = cg_is_err(rest) ? -1 : 0;
                for (int64_t k = 0; rc == 0 && k < take; k++)
                    rc = cg_list_append(rest, l->items[j + k]);
                if (rc == 0)
                    rc = keep(c, &p->u.pat.res, rest);
                cg_decref(rest);
                if (rc < 0)
                    return -1;
            }
            j += take;
            continue;
        }
        int r = match(f, p, l->items[j++], c);
        if (r <= 0)
            return r;
    }
    return 1;
}

/* With `*_` (and nothing captured by the star) CPython reads the items it
 * needs by index, from both ends, instead of unpacking the subject. */
static int match_by_index(cg_frame *f, const cg_ast_list *pats, int star, cg_value subject, captures *c) {
    for (int i = 0; i < pats->n; i++) {
        const cg_ast *p = pats->items[i];
        if (i == star || is_wildcard(p))
            continue;
        int64_t at = i < star ? i : i - pats->n;
        cg_value item = cg_getitem(subject, cg_int(at));
        if (cg_is_err(item))
            return -1;
        int r = match(f, p, item, c);
        cg_decref(item);
        if (r <= 0)
            return r;
    }
    return 1;
}

static int match_sequence(cg_frame *f, const cg_ast *pat, cg_value subject, captures *c) {
    int r = is_sequence(subject);
    if (r <= 0)
        return r;
    const cg_ast_list *pats = &pat->u.pat.patterns;
    int star = star_at(pats);
    int64_t len = cg_len(subject);
    if (len < 0)
        return -1;
    if (star < 0 ? len != pats->n : len < pats->n - 1)
        return 0;
    bool only_wildcards = true;
    for (int i = 0; i < pats->n; i++)
        only_wildcards = only_wildcards && is_wildcard(pats->items[i]);
    if (only_wildcards)
        return 1;
    if (star >= 0 && is_wildcard(pats->items[star]))
        return match_by_index(f, pats, star, subject, c);
    cg_value list = cg_list_from_iterable(subject);
    if (cg_is_err(list))
        return -1;
    cg_list *l = (cg_list *)list.u.o;
    /* the length may have changed while iterating */
    r = (star < 0 ? l->len == pats->n : l->len >= pats->n - 1) ? match_items(f, pats, star, l, c) : 0;
    cg_decref(list);
    return r;
}

/* ---- mappings ---------------------------------------------------------------------- */

/* The keys' values, evaluated; duplicates are a ValueError. */
static int eval_keys(cg_frame *f, const cg_ast_list *keys, cg_value *out) {
    for (int i = 0; i < keys->n; i++) {
        out[i] = cg_eval_expr(f, keys->items[i]);
        if (cg_is_err(out[i]))
            return -1;
        for (int j = 0; j < i; j++) {
            int eq = cg_value_eq(out[j], out[i]);
            if (eq < 0)
                return -1;
            if (eq) {
                cg_value r = cg_repr(out[i]);
                if (cg_is_err(r))
                    return -1;
                cg_raise(&cg_exc_ValueError, "mapping pattern checks duplicate key (%s)", cg_str_cstr(r));
                cg_decref(r);
                return -1;
            }
        }
    }
    return 0;
}

/* subject.get(key, marker) for every key: 1 when all are there. */
static int lookup_keys(cg_value subject, int n, const cg_value *keys, cg_value *vals) {
    cg_value marker = cg_list_new(0);
    if (cg_is_err(marker))
        return -1;
    int r = 1;
    for (int i = 0; r == 1 && i < n; i++) {
        cg_value args[2] = {keys[i], marker};
        vals[i] = cg_call_method(subject, "get", 2, args);
        if (cg_is_err(vals[i]))
            r = -1;
        else if (vals[i].tag == CG_V_OBJ && vals[i].u.o == marker.u.o)
            r = 0;
    }
    cg_decref(marker);
    return r;
}

/* **rest: a new dict of the subject's items without the matched keys. */
static int keep_rest(const cg_ast *pat, cg_value subject, int n, const cg_value *keys, captures *c) {
    cg_value rest = cg_dict_new();
    if (cg_is_err(rest))
        return -1;
    int rc = cg_dict_update(cg_as_dict(rest), subject);
    for (int i = 0; rc == 0 && i < n; i++)
        rc = cg_dict_del(cg_as_dict(rest), keys[i]) < 0 ? -1 : 0;
    if (rc == 0)
        rc = keep(c, &pat->u.pat.res, rest);
    cg_decref(rest);
    return rc;
}

static void release_all(cg_value *v, int n) {
    for (int i = 0; i < n; i++)
        cg_decref(v[i]);
    free(v);
}

static int match_mapping(cg_frame *f, const cg_ast *pat, cg_value subject, captures *c) {
    int r = is_mapping(subject);
    if (r <= 0)
        return r;
    const cg_ast_list *keys = &pat->u.pat.keys;
    int n = keys->n;
    if (n) {
        int64_t len = cg_len(subject);
        if (len < 0)
            return -1;
        if (len < n)
            return 0;
    }
    cg_value *kv = calloc((size_t)n * 2 + 1, sizeof *kv);
    if (!kv)
        return (void)cg_raise_nomemory(), -1;
    for (int i = 0; i < n * 2; i++)
        kv[i] = CG_NONE;
    r = eval_keys(f, keys, kv) < 0 ? -1 : lookup_keys(subject, n, kv, kv + n);
    for (int i = 0; r == 1 && i < n; i++)
        r = match(f, pat->u.pat.patterns.items[i], kv[n + i], c);
    if (r == 1 && pat->u.pat.name && keep_rest(pat, subject, n, kv, c) < 0)
        r = -1;
    release_all(kv, n * 2);
    return r;
}

/* ---- classes ------------------------------------------------------------------------- */

/* The builtins whose one positional sub-pattern matches the subject
 * itself (`case int(n)`), and their subclasses. */
static bool matches_self(const cg_type *t) {
    static cg_type *const types[] = {&cg_type_bool,  &cg_type_bytearray, &cg_type_bytes, &cg_type_dict,
                                     &cg_type_float, &cg_type_frozenset, &cg_type_int,   &cg_type_list,
                                     &cg_type_set,   &cg_type_str,       &cg_type_tuple};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (cg_type_is_subtype(t, types[i]))
            return true;
    return false;
}

/* getattr(subject, name) for a class pattern; CG_STOP when it has none.
 * seen: the attribute names read so far (a set). */
static cg_value class_attr(const cg_type *cls, cg_value subject, cg_value name, cg_value seen) {
    int dup = cg_contains(seen, name);
    if (dup < 0)
        return CG_ERR;
    if (dup) {
        cg_value r = cg_repr(name);
        if (!cg_is_err(r)) {
            cg_raise(&cg_exc_TypeError, "%s() got multiple sub-patterns for attribute %s", cls->name, cg_str_cstr(r));
            cg_decref(r);
        }
        return CG_ERR;
    }
    if (cg_call_method(seen, "add", 1, &name).tag == CG_V_ERR)
        return CG_ERR;
    cg_value v = cg_getattr(subject, cg_str_intern(cg_str_cstr(name)));
    if (cg_is_err(v) && cg_exc_matches(&cg_exc_AttributeError)) {
        cg_exc_clear();
        return CG_STOP;
    }
    return v;
}

/* __match_args__ of cls as a tuple (new reference), or an empty one with
 * *self set when cls has none and matches itself. */
static cg_value match_args(const cg_type *cls, cg_value clsv, bool *self) {
    *self = false;
    cg_value ma = cg_getattr(clsv, cg_str_intern("__match_args__"));
    if (!cg_is_err(ma)) {
        if (!cg_is_type(ma, &cg_type_tuple)) {
            cg_raise(&cg_exc_TypeError, "%s.__match_args__ must be a tuple (got %s)", cls->name, cg_type_name(ma));
            cg_decref(ma);
            return CG_ERR;
        }
        return ma;
    }
    if (!cg_exc_matches(&cg_exc_AttributeError))
        return CG_ERR;
    cg_exc_clear();
    *self = matches_self(cls);
    return cg_tuple_new(0);
}

/* The values the sub-patterns match, in order: positional ones through
 * __match_args__, then keyword ones. 0 when an attribute is missing. */
static int class_values(const cg_ast *pat, const cg_type *cls, cg_value clsv, cg_value subject, cg_value *out) {
    int npos = pat->u.pat.patterns.n;
    cg_value seen = cg_set_new();
    if (cg_is_err(seen))
        return -1;
    int r = 1;
    if (npos) {
        bool self;
        cg_value ma = match_args(cls, clsv, &self);
        if (cg_is_err(ma)) {
            cg_decref(seen);
            return -1;
        }
        int64_t allowed = self ? 1 : cg_as_tuple(ma)->len;
        if (npos > allowed) {
            cg_raise(&cg_exc_TypeError, "%s() accepts %lld positional sub-pattern%s (%d given)", cls->name,
                     (long long)allowed, allowed == 1 ? "" : "s", npos);
            r = -1;
        }
        for (int i = 0; r == 1 && i < npos; i++) {
            if (self) {
                out[i] = cg_incref(subject);
                continue;
            }
            cg_value name = cg_as_tuple(ma)->items[i];
            if (!cg_is_type(name, &cg_type_str)) {
                cg_raise(&cg_exc_TypeError, "__match_args__ elements must be strings (got %s)", cg_type_name(name));
                r = -1;
                break;
            }
            out[i] = class_attr(cls, subject, name, seen);
            r = cg_is_err(out[i]) ? -1 : out[i].tag == CG_V_STOP ? 0 : 1;
        }
        cg_decref(ma);
    }
    for (int i = 0; r == 1 && i < pat->u.pat.nkwd; i++) {
        cg_value name = cg_str_new(pat->u.pat.kwd_attrs[i], strlen(pat->u.pat.kwd_attrs[i]));
        if (cg_is_err(name)) {
            r = -1;
            break;
        }
        cg_value *slot = &out[npos + i];
        *slot = class_attr(cls, subject, name, seen);
        cg_decref(name);
        r = cg_is_err(*slot) ? -1 : slot->tag == CG_V_STOP ? 0 : 1;
    }
    cg_decref(seen);
    return r;
}

static int match_class(cg_frame *f, const cg_ast *pat, cg_value subject, captures *c) {
    cg_value clsv = cg_eval_expr(f, pat->u.pat.value);
    if (cg_is_err(clsv))
        return -1;
    int r;
    if (clsv.tag != CG_V_OBJ || !cg_isinstance(clsv, &cg_type_type)) {
        f->errnode = pat;
        r = cg_raise_int(&cg_exc_TypeError, "called match pattern must be a type");
    } else {
        r = cg_isinstance_check(subject, clsv);
    }
    int n = pat->u.pat.patterns.n + pat->u.pat.nkwd;
    cg_value *vals = r == 1 ? calloc((size_t)n + 1, sizeof *vals) : NULL;
    if (r == 1 && !vals)
        r = ((void)cg_raise_nomemory(), -1);
    for (int i = 0; vals && i < n; i++)
        vals[i] = CG_NONE;
    if (r == 1) {
        r = class_values(pat, (const cg_type *)clsv.u.o, clsv, subject, vals);
        if (r < 0)
            f->errnode = pat;
    }
    for (int i = 0; r == 1 && i < n; i++) {
        const cg_ast *sub =
            i < pat->u.pat.patterns.n ? pat->u.pat.patterns.items[i] : pat->u.pat.kwd_patterns.items[i - pat->u.pat.patterns.n];
        r = match(f, sub, vals[i], c);
    }
    if (vals)
        for (int i = 0; i < n; i++)
            if (vals[i].tag != CG_V_STOP)
                cg_decref(vals[i]);
    free(vals);
    cg_decref(clsv);
    return r;
}

/* ---- the rest ------------------------------------------------------------------------- */

static int match_value(cg_frame *f, const cg_ast *pat, cg_value subject) {
    cg_value v = cg_eval_expr(f, pat->u.pat.value);
    if (cg_is_err(v))
        return -1;
    cg_value eq = cg_compare(subject, v, OP_EQ);
    cg_decref(v);
    if (cg_is_err(eq))
        return -1;
    int r = cg_truth(eq);
    cg_decref(eq);
    return r;
}

static bool is_singleton(const cg_ast *pat, cg_value subject) {
    switch (pat->u.pat.value->u.constant.kind) {
    case CONST_NONE: return cg_is_none(subject);
    case CONST_TRUE: return subject.tag == CG_V_BOOL && subject.u.i;
    default: return subject.tag == CG_V_BOOL && !subject.u.i;
    }
}

static int match_or(cg_frame *f, const cg_ast *pat, cg_value subject, captures *c) {
    for (int i = 0; i < pat->u.pat.patterns.n; i++) {
        int mark = c->n;
        int r = match(f, pat->u.pat.patterns.items[i], subject, c);
        if (r != 0)
            return r;
        drop_to(c, mark);
    }
    return 0;
}

/* 1: matched, 0: not, -1: an exception */
static int match(cg_frame *f, const cg_ast *pat, cg_value subject, captures *c) {
    if (cg_check_depth() < 0)
        return -1;
    int r;
    switch (pat->kind) {
    case AST_MATCH_VALUE: return match_value(f, pat, subject);
    case AST_MATCH_SINGLETON: return is_singleton(pat, subject);
    case AST_MATCH_SEQUENCE: return match_sequence(f, pat, subject, c);
    case AST_MATCH_MAPPING: return match_mapping(f, pat, subject, c);
    case AST_MATCH_CLASS: return match_class(f, pat, subject, c);
    case AST_MATCH_OR: return match_or(f, pat, subject, c);
    case AST_MATCH_AS:
        r = pat->u.pat.pattern ? match(f, pat->u.pat.pattern, subject, c) : 1;
        if (r == 1 && pat->u.pat.name && keep(c, &pat->u.pat.res, subject) < 0)
            return -1;
        return r;
    default: return cg_raise_int(&cg_exc_SystemError, "unknown pattern");
    }
}

/* Stores what the case captured; then its guard decides. */
static int bind_and_guard(cg_frame *f, const cg_ast *cs, captures *c) {
    for (int i = 0; i < c->n; i++)
        if (cg_store_name(f, c->items[i].res, c->items[i].v) < 0)
            return -1;
    if (!cs->u.match_case.guard)
        return 1;
    cg_value g = cg_eval_expr(f, cs->u.match_case.guard);
    if (cg_is_err(g))
        return -1;
    int r = cg_truth(g);
    cg_decref(g);
    return r;
}

cg_exec_status cg_exec_match(cg_frame *f, const cg_ast *s) {
    cg_value subject = cg_eval_expr(f, s->u.match.subject);
    if (cg_is_err(subject))
        return EXEC_ERR;
    captures c = {0};
    const cg_ast *chosen = NULL;
    int r = 0;
    for (int i = 0; i < s->u.match.cases.n && !chosen; i++) {
        const cg_ast *cs = s->u.match.cases.items[i];
        f->line = cs->u.match_case.pattern->line;
        r = match(f, cs->u.match_case.pattern, subject, &c);
        if (r == 1)
            r = bind_and_guard(f, cs, &c);
        drop_to(&c, 0);
        if (r < 0)
            break;
        if (r == 1)
            chosen = cs;
    }
    free(c.items);
    cg_decref(subject);
    if (r < 0)
        return EXEC_ERR;
    return chosen ? cg_exec_block(f, &chosen->u.match_case.body) : EXEC_OK;
}
