/* scope.c: the resolver. See scope.h for what it decides.
 *
 * Three steps over one parse: (1) walk the tree, making a scope per
 * function/lambda/comprehension/class, interning every identifier and
 * making constants, and noting which names each scope binds and uses;
 * (2) for each use that is neither local nor global, thread a cell from the
 * defining function down through the scopes in between (Python's free
 * variables); (3) write each name's resolution into its node.
 *
 * Note [Interned identifiers]: the resolver replaces every identifier
 * pointer in the tree (name.id, attr.attr, keyword.arg, ...) by the text of
 * its interned cg_str, so cg_str_of(id) recovers the string object and two
 * identifiers are equal exactly when their pointers are. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/complex.h"
#include "runtime/exc.h"
#include "runtime/scope.h"

/* The evaluator keeps a def's defaults and decorators in fixed arrays;
 * past these sizes a def is refused here instead of being cut short. */
#define MAX_PARAMS 255
#define MAX_DECORATORS 32

enum {
    NAME_BOUND = 1, /* assigned, imported, defined, a parameter */
    NAME_USED = 2,
    NAME_GLOBAL = 4, /* declared global */
    NAME_NONLOCAL = 8,
    NAME_CELL = 16, /* bound here and captured by an inner scope */
    NAME_FREE = 32, /* captured from an enclosing scope */
};

struct cg_scope_name {
    cg_str *name;
    int flags;
    int slot;      /* local or cell slot (function scopes) */
    int free_slot; /* the slot holding the captured cell, or -1 */
};

/* A reference to resolve in step 3. */
typedef struct {
    cg_scope *scope;
    cg_ast_res *res;
    cg_str *name;
} ref;
typedef ref cg_scope_name_ref;

typedef struct {
    cg_ast_arena *arena;
    cg_scope **scopes;
    int nscopes, capscopes;
    ref *refs;
    int nrefs, caprefs;
    bool failed;
    int err_line;
    const char *err;
    /* Errors with a place in the source, as CPython's symbol table and
     * compiler report them: `located` fails the resolve at once; `outside`
     * ('yield' outside function, a compiler error) only when nothing else
     * does, since CPython compiles after its symbol table pass. */
    cg_syntax_error *located;
    cg_syntax_error outside;
} resolver;

static void locate(cg_syntax_error *e, const cg_ast *at, const char *msg) {
    snprintf(e->kind, sizeof e->kind, "SyntaxError");
    snprintf(e->msg, sizeof e->msg, "%s", msg);
    e->line = at->line;
    e->col = at->col + 1;
    e->end_col = at->end_col + 1 > e->col ? at->end_col + 1 : e->col;
}

/* Compiler errors of the async forms, as CPython's compiler words them
 * (its first one wins, after the symbol table's). */
static void outside(resolver *r, const cg_ast *at, const char *msg) {
    if (!r->outside.msg[0])
        locate(&r->outside, at, msg);
}

static bool is_comprehension(const cg_scope *sc) {
    return sc->node && sc->node->kind >= AST_LIST_COMP && sc->node->kind <= AST_GENERATOR_EXP;
}

/* Where `await`, `async for` and `async with` may stand: an async def, or
 * a notebook cell's top level (and `await` in any comprehension, which it
 * makes asynchronous). */
static bool await_allowed(const cg_scope *sc) {
    if (sc->kind == SCOPE_MODULE)
        return sc->node->u.module.top_level_await;
    return sc->node->kind == AST_FUNCTION_DEF && sc->node->u.func.is_async;
}

static void note_await(resolver *r, cg_scope *sc, const cg_ast *e) {
    if (is_comprehension(sc)) {
        sc->is_async = true;
        return;
    }
    if (await_allowed(sc)) {
        sc->is_async = true;
        return;
    }
    if (sc->kind != SCOPE_FUNCTION)
        outside(r, e, "'await' outside function");
    else
        outside(r, e, "'await' outside async function");
}

/* A comprehension made asynchronous by what it holds runs in the frame
 * of an async function (a generator expression is an async generator
 * anywhere). */
static void check_async_comprehension(resolver *r, cg_scope *cs, const cg_ast *e) {
    if (!cs->is_async || e->kind == AST_GENERATOR_EXP)
        return;
    cg_scope *sc = cs->parent;
    if (is_comprehension(sc) || await_allowed(sc)) {
        sc->is_async = true;
        return;
    }
    outside(r, e, "asynchronous comprehension outside of an asynchronous function");
}

/* A yield makes the function it is in a generator; anywhere else it is
 * an error, worded as CPython words it. */
static void note_yield(resolver *r, cg_scope *sc, const cg_ast *e) {
    switch (sc->node->kind) {
    case AST_FUNCTION_DEF:
    case AST_LAMBDA:
        sc->has_yield = true;
        if (e->kind == AST_YIELD_FROM && sc->node->kind == AST_FUNCTION_DEF && sc->node->u.func.is_async)
            outside(r, e, "'yield from' inside async function");
        return;
    case AST_MODULE:
    case AST_CLASS_DEF:
        if (!r->outside.msg[0])
            locate(&r->outside, e, "'yield' outside function");
        return;
    default: {
        static const char *const what[] = {"list comprehension", "set comprehension", "dict comprehension",
                                           "generator expression"};
        int k = sc->node->kind;
        int which = k == AST_LIST_COMP ? 0 : k == AST_SET_COMP ? 1 : k == AST_DICT_COMP ? 2 : 3;
        char msg[64];
        snprintf(msg, sizeof msg, "'yield' inside %s", what[which]);
        locate(r->located, e, msg);
        r->failed = true;
    }
    }
}

static cg_str *intern(const char **id) {
    if (!*id)
        return NULL;
    cg_str *s = cg_str_intern(*id);
    *id = s->s;
    return s;
}

static struct cg_scope_name *lookup(cg_scope *sc, cg_str *name) {
    for (int i = 0; i < sc->nnames; i++)
        if (sc->names[i].name == name)
            return &sc->names[i];
    return NULL;
}

static struct cg_scope_name *entry(resolver *r, cg_scope *sc, cg_str *name) {
    struct cg_scope_name *e = lookup(sc, name);
    if (e)
        return e;
    if (sc->nnames == sc->capnames) {
        int cap = sc->capnames ? sc->capnames * 2 : 16;
        struct cg_scope_name *n = cg_ast_arena_alloc(r->arena, sizeof *n * (size_t)cap);
        if (!n) {
            r->failed = true;
            return NULL;
        }
        if (sc->nnames)
            memcpy(n, sc->names, sizeof *n * (size_t)sc->nnames);
        sc->names = n;
        sc->capnames = cap;
    }
    e = &sc->names[sc->nnames++];
    *e = (struct cg_scope_name){.name = name, .slot = -1, .free_slot = -1};
    return e;
}

static void note(resolver *r, cg_scope *sc, const char **id, cg_ast_res *res, bool bind) {
    cg_str *name = intern(id);
    struct cg_scope_name *e = entry(r, sc, name);
    if (!e)
        return;
    e->flags |= bind ? NAME_BOUND : NAME_USED;
    if (res) {
        res->name = name;
        if (r->nrefs == r->caprefs) {
            int cap = r->caprefs ? r->caprefs * 2 : 256;
            ref *n = realloc(r->refs, sizeof *n * (size_t)cap);
            if (!n) {
                r->failed = true;
                return;
            }
            r->refs = n;
            r->caprefs = cap;
        }
        r->refs[r->nrefs++] = (ref){sc, res, name};
    }
}

static cg_scope *new_scope(resolver *r, cg_scope_kind kind, cg_scope *parent, cg_ast *node, const char *name) {
    cg_scope *sc = cg_ast_arena_alloc(r->arena, sizeof *sc);
    if (!sc) {
        r->failed = true;
        return NULL;
    }
    memset(sc, 0, sizeof *sc);
    sc->kind = kind;
    sc->parent = parent;
    sc->node = node;
    sc->name = name;
    sc->params.varpos = sc->params.varkw = -1;
    if (r->nscopes == r->capscopes) {
        int cap = r->capscopes ? r->capscopes * 2 : 32;
        cg_scope **n = realloc(r->scopes, sizeof *n * (size_t)cap);
        if (!n) {
            r->failed = true;
            return sc;
        }
        r->scopes = n;
        r->capscopes = cap;
    }
    r->scopes[r->nscopes++] = sc;
    /* qualname: Python's rule, "outer.<locals>.inner" under functions */
    const char *pq = parent && parent->kind != SCOPE_MODULE ? parent->qualname : NULL;
    if (!pq) {
        sc->qualname = name;
    } else {
        const char *mid = parent->kind == SCOPE_FUNCTION ? ".<locals>." : ".";
        size_t n = strlen(pq) + strlen(mid) + strlen(name) + 1;
        char *q = cg_ast_arena_alloc(r->arena, n);
        if (q) {
            strcpy(q, pq);
            strcat(q, mid);
            strcat(q, name);
        }
        sc->qualname = q ? q : name;
    }
    return sc;
}

static void visit_expr(resolver *r, cg_scope *sc, cg_ast *e);
static void visit_stmts(resolver *r, cg_scope *sc, cg_ast_list *l);

static void visit_exprs(resolver *r, cg_scope *sc, cg_ast_list *l) {
    for (int i = 0; i < l->n; i++)
        visit_expr(r, sc, l->items[i]);
}

static cg_value *make_constant(resolver *r, cg_ast *e) {
    cg_value *v = cg_ast_arena_alloc(r->arena, sizeof *v);
    if (!v) {
        r->failed = true;
        return NULL;
    }
    switch (e->u.constant.kind) {
    case CONST_NONE: *v = CG_NONE; break;
    case CONST_TRUE: *v = CG_TRUE; break;
    case CONST_FALSE: *v = CG_FALSE; break;
    case CONST_ELLIPSIS: *v = cg_Ellipsis; break;
    case CONST_INT:
        /* Note [Big literals] in int_parse.c */
        *v = e->u.constant.overflow ? cg_int_literal(e->u.constant.s, (size_t)e->u.constant.len)
                                    : cg_int(e->u.constant.i);
        if (cg_is_err(*v)) {
            cg_exc_clear();
            r->failed = true;
            return NULL;
        }
        break;
    case CONST_FLOAT: *v = cg_float(e->u.constant.f); break;
    case CONST_STR: *v = cg_obj_value(cg_str_intern_n(e->u.constant.s, e->u.constant.len)); break;
    case CONST_BYTES: *v = cg_bytes_constant(e->u.constant.s ? e->u.constant.s : "", e->u.constant.len); break;
    case CONST_COMPLEX: *v = cg_complex_constant(e->u.constant.f); break;
    }
    if (cg_is_err(*v)) {
        r->failed = true;
        return NULL;
    }
    return v;
}

/* Parameters: names bound in the function's scope, in Python's order. */
static void declare_params(resolver *r, cg_scope *fn, cg_ast *args) {
    if (!args)
        return;
    struct {
        cg_ast_list *l;
        cg_param_kind kind;
    } groups[] = {
        {&args->u.arguments.posonlyargs, PARAM_POS_ONLY},
        {&args->u.arguments.args, PARAM_POS},
    };
    cg_ast *order[MAX_PARAMS + 2];
    cg_param_kind kinds[MAX_PARAMS + 2];
    int n = 0;
    for (int g = 0; g < 2; g++)
        for (int i = 0; i < groups[g].l->n; i++) {
            order[n] = groups[g].l->items[i];
            kinds[n++] = groups[g].kind;
        }
    if (args->u.arguments.vararg) {
        order[n] = args->u.arguments.vararg;
        kinds[n++] = PARAM_VAR_POS;
    }
    for (int i = 0; i < args->u.arguments.kwonlyargs.n; i++) {
        order[n] = args->u.arguments.kwonlyargs.items[i];
        kinds[n++] = PARAM_KW_ONLY;
    }
    if (args->u.arguments.kwarg) {
        order[n] = args->u.arguments.kwarg;
        kinds[n++] = PARAM_VAR_KW;
    }
    cg_params *p = &fn->params;
    p->names = cg_ast_arena_alloc(r->arena, sizeof *p->names * (size_t)(n + 1));
    p->kinds = cg_ast_arena_alloc(r->arena, sizeof *p->kinds * (size_t)(n + 1));
    if (!p->names || !p->kinds) {
        r->failed = true;
        return;
    }
    for (int i = 0; i < n; i++) {
        cg_ast *a = order[i];
        if (a->u.arg.annotation)
            visit_expr(r, fn->parent, a->u.arg.annotation);
        note(r, fn, &a->u.arg.arg, &a->u.arg.res, true);
        struct cg_scope_name *e = lookup(fn, cg_str_of(a->u.arg.arg));
        if (e && e->slot < 0)
            e->slot = fn->nslots++;
        p->names[i] = cg_str_of(a->u.arg.arg);
        p->kinds[i] = kinds[i];
        if (kinds[i] == PARAM_POS || kinds[i] == PARAM_POS_ONLY)
            p->npos++;
        if (kinds[i] == PARAM_VAR_POS)
            p->varpos = i;
        if (kinds[i] == PARAM_VAR_KW)
            p->varkw = i;
    }
    p->n = n;
    p->fname = fn->qualname; /* Python names a function by its __qualname__ here */
    fn->nparams = n;
}

static bool too_big(resolver *r, const cg_ast *node, int nparams, int ndecorators) {
    if (nparams <= MAX_PARAMS && ndecorators <= MAX_DECORATORS)
        return false;
    cg_raise(&cg_exc_SyntaxError, "cgrad supports at most %d parameters and %d decorators (line %d)", MAX_PARAMS,
             MAX_DECORATORS, node->line);
    r->failed = true;
    return true;
}

static void visit_function(resolver *r, cg_scope *sc, cg_ast *f) {
    cg_ast *args = f->u.func.args;
    int nparams =
        !args ? 0 : args->u.arguments.posonlyargs.n + args->u.arguments.args.n + args->u.arguments.kwonlyargs.n + 2;
    if (too_big(r, f, nparams, f->u.func.decorators.n))
        return;
    visit_exprs(r, sc, &f->u.func.decorators);
    if (args) {
        visit_exprs(r, sc, &args->u.arguments.defaults);
        for (int i = 0; i < args->u.arguments.kw_defaults.n; i++)
            if (args->u.arguments.kw_defaults.items[i])
                visit_expr(r, sc, args->u.arguments.kw_defaults.items[i]);
    }
    if (f->kind == AST_FUNCTION_DEF && f->u.func.returns) /* evaluated where the def stands */
        visit_expr(r, sc, f->u.func.returns);
    if (f->kind == AST_FUNCTION_DEF)
        note(r, sc, &f->u.func.name, NULL, true);
    else
        intern(&f->u.func.name);
    cg_scope *fn = new_scope(r, SCOPE_FUNCTION, sc, f, f->u.func.name);
    if (!fn)
        return;
    f->u.func.scope = fn;
    declare_params(r, fn, args);
    visit_stmts(r, fn, &f->u.func.body);
    fn->is_async = f->kind == AST_FUNCTION_DEF && f->u.func.is_async;
    if (fn->is_async && fn->has_yield && fn->value_return)
        outside(r, fn->value_return, "'return' with value in async generator");
}

static void visit_comprehension(resolver *r, cg_scope *sc, cg_ast *e) {
    static const char *const names[] = {"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"};
    int which = e->kind == AST_LIST_COMP ? 0 : e->kind == AST_SET_COMP ? 1 : e->kind == AST_DICT_COMP ? 2 : 3;
    cg_ast_list *gens = &e->u.comp.generators;
    /* The first iterable is evaluated where the comprehension stands. */
    if (gens->n > 0)
        visit_expr(r, sc, gens->items[0]->u.gen.iter);
    cg_scope *cs = new_scope(r, SCOPE_FUNCTION, sc, e, names[which]);
    if (!cs)
        return;
    e->u.comp.scope = cs;
    for (int i = 0; i < gens->n; i++) {
        cg_ast *g = gens->items[i];
        cs->is_async |= g->u.gen.is_async;
        if (i > 0)
            visit_expr(r, cs, g->u.gen.iter);
        visit_expr(r, cs, g->u.gen.target);
        visit_exprs(r, cs, &g->u.gen.ifs);
    }
    if (e->u.comp.elt)
        visit_expr(r, cs, e->u.comp.elt);
    if (e->u.comp.key)
        visit_expr(r, cs, e->u.comp.key);
    if (e->u.comp.value)
        visit_expr(r, cs, e->u.comp.value);
    check_async_comprehension(r, cs, e);
}

static void visit_expr(resolver *r, cg_scope *sc, cg_ast *e) {
    if (!e || r->failed)
        return;
    switch (e->kind) {
    case AST_NAME: note(r, sc, &e->u.name.id, &e->u.name.res, e->u.name.ctx != CTX_LOAD); break;
    case AST_CONSTANT: e->u.constant.value = make_constant(r, e); break;
    case AST_JOINED_STR: visit_exprs(r, sc, &e->u.joined.values); break;
    case AST_FORMATTED_VALUE:
        visit_expr(r, sc, e->u.fmt.value);
        visit_expr(r, sc, e->u.fmt.format_spec);
        break;
    case AST_LIST:
    case AST_TUPLE:
    case AST_SET: visit_exprs(r, sc, &e->u.seq.elts); break;
    case AST_DICT:
        for (int i = 0; i < e->u.dict.keys.n; i++)
            visit_expr(r, sc, e->u.dict.keys.items[i]);
        visit_exprs(r, sc, &e->u.dict.values);
        break;
    case AST_BIN_OP:
        visit_expr(r, sc, e->u.bin.left);
        visit_expr(r, sc, e->u.bin.right);
        break;
    case AST_UNARY_OP: visit_expr(r, sc, e->u.unary.operand); break;
    case AST_BOOL_OP: visit_exprs(r, sc, &e->u.boolop.values); break;
    case AST_COMPARE:
        visit_expr(r, sc, e->u.compare.left);
        visit_exprs(r, sc, &e->u.compare.comparators);
        break;
    case AST_CALL:
        visit_expr(r, sc, e->u.call.func);
        visit_exprs(r, sc, &e->u.call.args);
        visit_exprs(r, sc, &e->u.call.keywords);
        break;
    case AST_KEYWORD:
        intern(&e->u.keyword.arg);
        visit_expr(r, sc, e->u.keyword.value);
        break;
    case AST_ATTRIBUTE:
        e->u.attr.name = intern(&e->u.attr.attr);
        visit_expr(r, sc, e->u.attr.value);
        break;
    case AST_SUBSCRIPT:
        visit_expr(r, sc, e->u.sub.value);
        visit_expr(r, sc, e->u.sub.slice);
        break;
    case AST_SLICE:
        visit_expr(r, sc, e->u.slice.lower);
        visit_expr(r, sc, e->u.slice.upper);
        visit_expr(r, sc, e->u.slice.step);
        break;
    case AST_STARRED: visit_expr(r, sc, e->u.starred.value); break;
    case AST_LAMBDA: visit_function(r, sc, e); break;
    case AST_IF_EXP:
        visit_expr(r, sc, e->u.ifexp.test);
        visit_expr(r, sc, e->u.ifexp.body);
        visit_expr(r, sc, e->u.ifexp.orelse);
        break;
    case AST_LIST_COMP:
    case AST_SET_COMP:
    case AST_DICT_COMP:
    case AST_GENERATOR_EXP: visit_comprehension(r, sc, e); break;
    case AST_YIELD:
    case AST_YIELD_FROM:
        visit_expr(r, sc, e->u.expr.value);
        note_yield(r, sc, e);
        break;
    case AST_AWAIT:
        visit_expr(r, sc, e->u.expr.value);
        note_await(r, sc, e);
        break;
    case AST_NAMED_EXPR: {
        /* := in a comprehension binds in the enclosing function */
        cg_scope *target = sc;
        while (target->kind == SCOPE_FUNCTION && target->node && target->node->kind >= AST_LIST_COMP
               && target->node->kind <= AST_GENERATOR_EXP)
            target = target->parent;
        visit_expr(r, sc, e->u.named.value);
        if (target == sc) {
            visit_expr(r, sc, e->u.named.target);
        } else {
            cg_ast *t = e->u.named.target;
            note(r, target, &t->u.name.id, NULL, true);
            note(r, sc, &t->u.name.id, &t->u.name.res, false);
            struct cg_scope_name *n = lookup(sc, cg_str_of(t->u.name.id));
            if (n)
                n->flags = (n->flags & ~NAME_BOUND) | NAME_USED | NAME_NONLOCAL;
        }
        break;
    }
    default: break;
    }
}

static void declare_names(resolver *r, cg_scope *sc, cg_ast *s, int flag) {
    for (int i = 0; i < s->u.names.n; i++) {
        cg_str *name = intern(&s->u.names.names[i]);
        struct cg_scope_name *e = entry(r, sc, name);
        if (!e)
            return;
        if ((e->flags & (NAME_BOUND | NAME_USED)) && !r->err) {
            r->err = flag == NAME_GLOBAL ? "name '%s' is used prior to global declaration"
                                         : "name '%s' is used prior to nonlocal declaration";
            r->err_line = s->line;
            cg_raise(&cg_exc_SyntaxError, r->err, name->s);
            r->failed = true;
            return;
        }
        e->flags |= flag;
        if (flag == NAME_NONLOCAL && sc->kind == SCOPE_MODULE) {
            cg_raise(&cg_exc_SyntaxError, "nonlocal declaration not allowed at module level");
            r->failed = true;
            return;
        }
    }
}

static void visit_match(resolver *r, cg_scope *sc, cg_ast *s);

static void note_async_stmt(resolver *r, cg_scope *sc, const cg_ast *s, const char *msg) {
    if (await_allowed(sc))
        sc->is_async = true;
    else
        outside(r, s, msg);
}

static void visit_stmt(resolver *r, cg_scope *sc, cg_ast *s) {
    if (!s || r->failed)
        return;
    switch (s->kind) {
    case AST_EXPR_STMT: visit_expr(r, sc, s->u.expr.value); break;
    case AST_RETURN:
        visit_expr(r, sc, s->u.expr.value);
        if (s->u.expr.value && !sc->value_return)
            sc->value_return = s;
        break;
    case AST_ASSIGN:
        visit_expr(r, sc, s->u.assign.value);
        visit_exprs(r, sc, &s->u.assign.targets);
        break;
    case AST_AUG_ASSIGN:
        visit_expr(r, sc, s->u.aug.value);
        visit_expr(r, sc, s->u.aug.target);
        /* x += 1 reads x as well */
        if (s->u.aug.target->kind == AST_NAME) {
            struct cg_scope_name *e = lookup(sc, cg_str_of(s->u.aug.target->u.name.id));
            if (e)
                e->flags |= NAME_USED;
        }
        break;
    case AST_ANN_ASSIGN:
        visit_expr(r, sc, s->u.ann.value);
        if (sc->kind != SCOPE_FUNCTION)
            visit_expr(r, sc, s->u.ann.annotation);
        if (s->u.ann.value || s->u.ann.target->kind != AST_NAME)
            visit_expr(r, sc, s->u.ann.target);
        else
            intern(&s->u.ann.target->u.name.id);
        break;
    case AST_IF:
    case AST_WHILE:
        visit_expr(r, sc, s->u.cond.test);
        visit_stmts(r, sc, &s->u.cond.body);
        visit_stmts(r, sc, &s->u.cond.orelse);
        break;
    case AST_FOR:
        if (s->u.for_.is_async)
            note_async_stmt(r, sc, s, "'async for' outside async function");
        visit_expr(r, sc, s->u.for_.iter);
        visit_expr(r, sc, s->u.for_.target);
        visit_stmts(r, sc, &s->u.for_.body);
        visit_stmts(r, sc, &s->u.for_.orelse);
        break;
    case AST_FUNCTION_DEF: visit_function(r, sc, s); break;
    case AST_CLASS_DEF: {
        if (too_big(r, s, 0, s->u.cls.decorators.n))
            return;
        visit_exprs(r, sc, &s->u.cls.decorators);
        visit_exprs(r, sc, &s->u.cls.bases);
        visit_exprs(r, sc, &s->u.cls.keywords);
        note(r, sc, &s->u.cls.name, NULL, true);
        cg_scope *cs = new_scope(r, SCOPE_CLASS, sc, s, s->u.cls.name);
        if (!cs)
            return;
        s->u.cls.scope = cs;
        visit_stmts(r, cs, &s->u.cls.body);
        break;
    }
    case AST_TRY:
        visit_stmts(r, sc, &s->u.try_.body);
        for (int i = 0; i < s->u.try_.handlers.n; i++) {
            cg_ast *h = s->u.try_.handlers.items[i];
            visit_expr(r, sc, h->u.handler.type);
            if (h->u.handler.name)
                note(r, sc, &h->u.handler.name, &h->u.handler.res, true);
            visit_stmts(r, sc, &h->u.handler.body);
        }
        visit_stmts(r, sc, &s->u.try_.orelse);
        visit_stmts(r, sc, &s->u.try_.finalbody);
        break;
    case AST_RAISE:
        visit_expr(r, sc, s->u.raise.exc);
        visit_expr(r, sc, s->u.raise.cause);
        break;
    case AST_ASSERT:
        visit_expr(r, sc, s->u.assert_.test);
        visit_expr(r, sc, s->u.assert_.msg);
        break;
    case AST_WITH:
        if (s->u.with.is_async)
            note_async_stmt(r, sc, s, "'async with' outside async function");
        for (int i = 0; i < s->u.with.items.n; i++) {
            cg_ast *it = s->u.with.items.items[i];
            visit_expr(r, sc, it->u.with_item.context_expr);
            visit_expr(r, sc, it->u.with_item.optional_vars);
        }
        visit_stmts(r, sc, &s->u.with.body);
        break;
    case AST_DELETE: visit_exprs(r, sc, &s->u.del.targets); break;
    case AST_GLOBAL: declare_names(r, sc, s, NAME_GLOBAL); break;
    case AST_NONLOCAL: declare_names(r, sc, s, NAME_NONLOCAL); break;
    case AST_MATCH: visit_match(r, sc, s); break;
    case AST_IMPORT:
    case AST_IMPORT_FROM:
        intern(&s->u.import.module);
        for (int i = 0; i < s->u.import.names.n; i++) {
            cg_ast *a = s->u.import.names.items[i];
            intern(&a->u.alias.name);
            if (!strcmp(a->u.alias.name, "*"))
                continue;
            if (a->u.alias.asname) {
                note(r, sc, &a->u.alias.asname, &a->u.alias.res, true);
            } else if (s->kind == AST_IMPORT) {
                /* `import torch.nn` binds `torch` */
                const char *dot = strchr(a->u.alias.name, '.');
                const char *first =
                    dot ? cg_str_intern_n(a->u.alias.name, (size_t)(dot - a->u.alias.name))->s : a->u.alias.name;
                note(r, sc, &first, &a->u.alias.res, true);
            } else {
                note(r, sc, &a->u.alias.name, &a->u.alias.res, true);
            }
        }
        break;
    default: break;
    }
}

static void visit_pattern(resolver *r, cg_scope *sc, cg_ast *p) {
    if (!p || r->failed)
        return;
    switch (p->kind) {
    case AST_MATCH_VALUE: visit_expr(r, sc, p->u.pat.value); break;
    case AST_MATCH_CLASS: visit_expr(r, sc, p->u.pat.value); break;
    case AST_MATCH_MAPPING: visit_exprs(r, sc, &p->u.pat.keys); break;
    default: break;
    }
    visit_pattern(r, sc, p->u.pat.pattern);
    for (int i = 0; i < p->u.pat.patterns.n; i++)
        visit_pattern(r, sc, p->u.pat.patterns.items[i]);
    for (int i = 0; i < p->u.pat.kwd_patterns.n; i++)
        visit_pattern(r, sc, p->u.pat.kwd_patterns.items[i]);
    if (p->u.pat.name)
        note(r, sc, &p->u.pat.name, &p->u.pat.res, true);
}

static void visit_match(resolver *r, cg_scope *sc, cg_ast *s) {
    visit_expr(r, sc, s->u.match.subject);
    for (int i = 0; i < s->u.match.cases.n; i++) {
        cg_ast *c = s->u.match.cases.items[i];
        visit_pattern(r, sc, c->u.match_case.pattern);
        visit_expr(r, sc, c->u.match_case.guard);
        visit_stmts(r, sc, &c->u.match_case.body);
    }
}

static void visit_stmts(resolver *r, cg_scope *sc, cg_ast_list *l) {
    for (int i = 0; i < l->n && !r->failed; i++)
        visit_stmt(r, sc, l->items[i]);
}

/* ---- step 2: cells and free variables -------------------------------------- */

static bool is_local(const struct cg_scope_name *e) {
    return (e->flags & NAME_BOUND) && !(e->flags & (NAME_GLOBAL | NAME_NONLOCAL));
}

static int add_free(resolver *r, cg_scope *sc, int from) {
    int *slots = cg_ast_arena_alloc(r->arena, sizeof(int) * (size_t)(sc->nfree + 1));
    int *froms = cg_ast_arena_alloc(r->arena, sizeof(int) * (size_t)(sc->nfree + 1));
    if (!slots || !froms) {
        r->failed = true;
        return -1;
    }
    if (sc->nfree) {
        memcpy(slots, sc->free_slots, sizeof(int) * (size_t)sc->nfree);
        memcpy(froms, sc->free_from, sizeof(int) * (size_t)sc->nfree);
    }
    slots[sc->nfree] = sc->nslots++;
    froms[sc->nfree] = from;
    sc->free_slots = slots;
    sc->free_from = froms;
    return slots[sc->nfree++];
}

/* The slot, in sc's parent frame, of the cell that holds `name` for sc,
 * threading it through the scopes in between; -1 if it is a global. */
static int capture(resolver *r, cg_scope *sc, cg_str *name) {
    cg_scope *p = sc->parent;
    if (!p || p->kind == SCOPE_MODULE)
        return -1;
    struct cg_scope_name *e = lookup(p, name);
    if (p->kind == SCOPE_FUNCTION && e && is_local(e)) {
        e->flags |= NAME_CELL;
        return e->slot;
    }
    if (e && (e->flags & NAME_GLOBAL))
        return -1;
    if (e && e->free_slot >= 0)
        return e->free_slot;
    int from = capture(r, p, name);
    if (from < 0)
        return -1;
    if (!e)
        e = entry(r, p, name);
    if (!e)
        return -1;
    e->flags |= NAME_FREE;
    e->free_slot = add_free(r, p, from);
    return e->free_slot;
}

static void assign_slots(cg_scope *sc) {
    if (sc->kind != SCOPE_FUNCTION)
        return;
    for (int i = 0; i < sc->nnames; i++)
        if (is_local(&sc->names[i]) && sc->names[i].slot < 0)
            sc->names[i].slot = sc->nslots++;
}

static void find_free(resolver *r, cg_scope *sc) {
    if (sc->kind == SCOPE_MODULE)
        return;
    for (int i = 0; i < sc->nnames && !r->failed; i++) {
        struct cg_scope_name *e = &sc->names[i];
        bool wants = (sc->kind == SCOPE_FUNCTION && !is_local(e) && !(e->flags & NAME_GLOBAL))
                     || (sc->kind == SCOPE_CLASS && !(e->flags & (NAME_GLOBAL | NAME_BOUND)));
        if (!wants || e->free_slot >= 0)
            continue;
        cg_str *name = e->name;
        int from = capture(r, sc, name);
        e = lookup(sc, name); /* capture may have moved the table */
        if (from >= 0) {
            e->flags |= NAME_FREE;
            e->free_slot = add_free(r, sc, from);
        } else if (e->flags & NAME_NONLOCAL) {
            cg_raise(&cg_exc_SyntaxError, "no binding for nonlocal '%s' found", name->s);
            r->failed = true;
        }
    }
}

static void collect_cells(resolver *r, cg_scope *sc) {
    int n = 0;
    for (int i = 0; i < sc->nnames; i++)
        if (sc->names[i].flags & NAME_CELL && is_local(&sc->names[i]))
            n++;
    sc->cell_slots = cg_ast_arena_alloc(r->arena, sizeof(int) * (size_t)(n + 1));
    if (!sc->cell_slots) {
        r->failed = true;
        return;
    }
    for (int i = 0; i < sc->nnames; i++)
        if (sc->names[i].flags & NAME_CELL && is_local(&sc->names[i]))
            sc->cell_slots[sc->ncells++] = sc->names[i].slot;
}

/* ---- step 3 ---------------------------------------------------------------- */

static void resolve_ref(ref *rf) {
    cg_scope *sc = rf->scope;
    cg_ast_res *res = rf->res;
    struct cg_scope_name *e = lookup(sc, rf->name);
    res->name = rf->name;
    res->slot = -1;
    res->cache = NULL;
    if (sc->kind == SCOPE_MODULE || !e || (e->flags & NAME_GLOBAL)) {
        res->kind = RES_GLOBAL;
    } else if (sc->kind == SCOPE_CLASS) {
        if ((e->flags & NAME_BOUND) || e->free_slot < 0) {
            res->kind = RES_CLASS;
        } else {
            res->kind = RES_FREE;
            res->slot = e->free_slot;
        }
    } else if (is_local(e)) {
        res->kind = (e->flags & NAME_CELL) ? RES_CELL : RES_LOCAL;
        res->slot = e->slot;
    } else if (e->free_slot >= 0) {
        res->kind = RES_FREE;
        res->slot = e->free_slot;
    } else {
        res->kind = RES_GLOBAL;
    }
}

void cg_scope_binding(const cg_scope *sc, cg_str *name, cg_ast_res *out) {
    cg_scope_name_ref r = {(cg_scope *)sc, out, name};
    resolve_ref(&r);
}

cg_scope *cg_scope_resolve(cg_ast_arena *arena, cg_syntax_error *err) {
    resolver r = {.arena = arena, .located = err};
    cg_ast *root = cg_ast_arena_root(arena);
    cg_scope *module = new_scope(&r, SCOPE_MODULE, NULL, root, "<module>");
    if (module)
        visit_stmts(&r, module, &root->u.module.body);
    for (int i = 0; i < r.nscopes && !r.failed; i++)
        assign_slots(r.scopes[i]);
    for (int i = 0; i < r.nscopes && !r.failed; i++)
        find_free(&r, r.scopes[i]);
    for (int i = 0; i < r.nscopes && !r.failed; i++)
        collect_cells(&r, r.scopes[i]);
    if (!r.failed)
        for (int i = 0; i < r.nrefs; i++)
            resolve_ref(&r.refs[i]);
    free(r.refs);
    free(r.scopes);
    if (!r.failed && r.outside.msg[0]) {
        *err = r.outside;
        return NULL;
    }
    if (r.failed) {
        if (err->msg[0])
            return NULL;
        if (!cg_exc_pending())
            cg_raise_nomemory();
        return NULL;
    }
    return module;
}

int cg_scope_each_slot(const cg_scope *sc, int (*fn)(void *arg, cg_str *name, int slot, bool cell), void *arg) {
    for (int i = 0; i < sc->nnames; i++) {
        const struct cg_scope_name *e = &sc->names[i];
        int rc = 0;
        if (is_local(e) && e->slot >= 0)
            rc = fn(arg, e->name, e->slot, (e->flags & NAME_CELL) != 0);
        else if (e->free_slot >= 0)
            rc = fn(arg, e->name, e->free_slot, true);
        if (rc < 0)
            return -1;
    }
    return 0;
}
