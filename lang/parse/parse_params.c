/* parse_params.c: the parameters of a def or a lambda (positional-only,
 * defaults, *args, keyword-only, **kwargs), and the second pass's
 * invalid_parameters messages ("non-default argument follows default
 * argument", "named arguments must follow bare *", ...).
 *
 * This is not a call's arguments (parse_call.c). */
#include <string.h>

#include "parse/parser.h"

/* ---- parameters (def and lambda) ------------------------------------------ */

/* The parameter list is read item by item ('/', '*' [param], '**' param,
 * param ['=' default]) and its order then checked against the grammar's
 * `parameters`; this reads each default once where pegen's alternatives
 * would read it again. */
typedef enum { IT_PARAM, IT_SLASH, IT_STAR, IT_DSTAR } item_kind;

typedef struct {
    item_kind kind;
    cg_ast *arg;         /* IT_PARAM, IT_STAR (NULL when bare), IT_DSTAR */
    cg_ast *def;         /* the default, or NULL */
    const cg_token *tok; /* the '/', '*' or '**', or the param's NAME */
    bool ended;          /* a ',' or the closing token follows */
} param_item;

typedef struct {
    param_item *items;
    int n, cap;
} param_items;

/* param: NAME annotation? (lambda_param: NAME); after '*' the annotation
 * may be a cg_p_star_expression (param_star_annotation). */
static cg_ast *param(cg_parser *p, bool lambda, bool star) {
    int start = p->pos;
    if (KIND != TK_NAME)
        return NULL;
    p->pos++;
    cg_ast *ann = NULL;
    if (!lambda && KIND == TK_COLON) {
        p->pos++;
        ann = star ? cg_p_star_expression(p) : cg_p_expression(p);
        if (!ann) {
            p->pos = start;
            return NULL;
        }
    }
    cg_ast *a = cg_p_node(p, AST_ARG, start);
    a->u.arg.arg = cg_p_name_of(p, &p->toks[start]);
    a->u.arg.annotation = ann;
    return a;
}

static param_item *new_item(cg_parser *p, param_items *v) {
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 16;
        param_item *ni = cg_ast_arena_alloc_raw(p->arena, (size_t)cap * sizeof *ni);
        if (v->n)
            memcpy(ni, v->items, (size_t)v->n * sizeof *ni);
        v->items = ni;
        v->cap = cap;
    }
    param_item *it = &v->items[v->n];
    memset(it, 0, sizeof *it);
    it->tok = cg_p_peek(p);
    return it;
}

/* One item; false where it does not parse. */
static bool param_item_parse(cg_parser *p, bool lambda, param_item *it, const param_item *v_first, int term) {
    int k = KIND;
    if (k == TK_SLASH) {
        /* a '/' first is no slash_no_default: pegen reads no further */
        if (it == v_first)
            return false;
        it->kind = IT_SLASH;
        p->pos++;
        return true;
    }
    if (k == TK_STAR || k == TK_DOUBLESTAR) {
        it->kind = k == TK_STAR ? IT_STAR : IT_DSTAR;
        p->pos++;
        it->arg = param(p, lambda, k == TK_STAR);
        if (!it->arg && k == TK_DOUBLESTAR)
            return false;
        if (it->arg && KIND == TK_EQUAL) {
            if (p->call_invalid_rules)
                cg_p_raise_tok(p, cg_p_peek(p),
                               k == TK_STAR ? "var-positional argument cannot have default value"
                                            : "var-keyword argument cannot have default value");
            return false;
        }
        return true;
    }
    if (k != TK_NAME)
        return false;
    it->kind = IT_PARAM;
    it->arg = param(p, lambda, false);
    if (!it->arg)
        return false;
    if (KIND == TK_EQUAL) {
        cg_token *eq = cg_p_peek(p);
        p->pos++;
        if (p->call_invalid_rules && (KIND == term || KIND == TK_COMMA) && !(lambda && KIND == TK_COLON))
            cg_p_raise_tok(p, eq, "expected default value expression");
        it->def = cg_p_expression(p);
        if (!it->def)
            return false;
    }
    return true;
}

/* The items up to `term` (')' or ':'); false where one does not parse
 * (v then holds the items before it, pos is at it). */
static bool read_params(cg_parser *p, bool lambda, param_items *v, int term) {
    while (KIND != term) {
        int mark = p->pos;
        param_item *it = new_item(p, v);
        if (!param_item_parse(p, lambda, it, v->items, term)) {
            p->pos = mark;
            return false;
        }
        v->n++;
        it->ended = KIND == TK_COMMA || KIND == term;
        if (KIND == TK_COMMA)
            p->pos++;
        else if (KIND != term)
            return false;
    }
    return true;
}

/* param_no_default* param_with_default*, from it[*i]; false when a
 * parameter without default follows one with. */
static bool positional_run(const param_item *it, int n, int *i, bool *seen_default) {
    for (; *i < n && it[*i].kind == IT_PARAM; (*i)++) {
        if (it[*i].def)
            *seen_default = true;
        else if (*seen_default)
            return false;
    }
    return true;
}

/* Checks the order of the items as the grammar's `parameters` does. */
static bool params_valid(const param_item *it, int n) {
    int i = 0;
    bool seen_default = false;
    if (!positional_run(it, n, &i, &seen_default))
        return false;
    if (i < n && it[i].kind == IT_SLASH) {
        if (i == 0)
            return false;
        i++;
        if (!positional_run(it, n, &i, &seen_default))
            return false;
    }
    if (i < n && it[i].kind == IT_STAR) {
        bool bare = it[i].arg == NULL;
        int start = ++i;
        while (i < n && it[i].kind == IT_PARAM)
            i++;
        if (bare && i == start)
            return false;
    }
    if (i < n && it[i].kind == IT_DSTAR)
        i++;
    return i == n;
}

/* invalid_parameters, invalid_star_etc and invalid_kwds (second pass),
 * over the items read. */
static void invalid_params(cg_parser *p, const param_item *it, int n, bool lambda, int term) {
    /* param_no_default* (slash_with_default | param_with_default+) param_no_default */
    int i = 0;
    while (i < n && it[i].kind == IT_PARAM && !it[i].def && it[i].ended)
        i++;
    int j = i;
    while (j < n && it[j].kind == IT_PARAM && it[j].def && it[j].ended)
        j++;
    if (j > i) {
        if (j < n && it[j].kind == IT_SLASH)
            j++;
        if (j < n && it[j].kind == IT_PARAM && !it[j].def && it[j].ended)
            cg_p_raise_node(p, it[j].arg, "non-default argument follows default argument");
    }
    int slashes = 0, star = -1;
    for (int k = 0; k < n; k++) {
        if (it[k].kind == IT_SLASH) {
            if (++slashes == 2)
                cg_p_raise_tok(p, it[k].tok, "/ may appear only once");
            if (star >= 0)
                cg_p_raise_tok(p, it[k].tok, "/ must be ahead of *");
        }
        if (it[k].kind == IT_STAR) {
            if (star >= 0)
                cg_p_raise_tok(p, it[k].tok, "* argument may appear only once");
            star = k;
            /* '*' (term | ',' (term | '**')) */
            const cg_token *t = it[k].tok + 1;
            if (t->kind == TK_COMMA)
                t++;
            if (!it[k].arg && (t->kind == term || (t[-1].kind == TK_COMMA && t->kind == TK_DOUBLESTAR))) {
                /* a lambda's is at the last token pegen read */
                cg_p_raise_tok(p, lambda ? t : it[k].tok, "named arguments must follow bare *");
            }
        }
        if (it[k].kind == IT_DSTAR && k + 1 < n)
            cg_p_raise_tok(p, it[k + 1].tok, "arguments cannot follow var-keyword argument");
    }
}

/* Where reading stopped on a token no item takes (second pass). */
static void invalid_params_at(cg_parser *p, const param_item *it, int n, bool lambda) {
    cg_token *t = cg_p_peek(p);
    if (t->kind == TK_SLASH && n == 0 && cg_p_kind_at(p, p->pos + 1) == TK_COMMA)
        cg_p_raise_tok(p, t, "at least one argument must precede /");
    /* param_maybe_default+ '/' '*' */
    if (t->kind == TK_STAR && n > 0 && it[n - 1].kind == IT_SLASH && cg_p_kind_at(p, p->pos - 1) == TK_SLASH)
        cg_p_raise_tok(p, t, "expected comma between / and *");
    if (t->kind != TK_LPAR)
        return;
    /* param_no_default* '(' param_no_default+ ','? ')' */
    for (int i = 0; i < n; i++)
        if (it[i].kind != IT_PARAM || it[i].def || !it[i].ended)
            return;
    int mark = p->pos;
    p->pos++;
    int m = 0;
    while (param(p, lambda, false)) {
        m++;
        if (KIND != TK_COMMA)
            break;
        p->pos++;
    }
    if (m > 0 && KIND == TK_RPAR)
        cg_p_raise_tok_range(p, t, cg_p_peek(p),
                             lambda ? "Lambda expression parameters cannot be parenthesized"
                                    : "Function parameters cannot be parenthesized");
    p->pos = mark;
}

static cg_ast *arguments_node(cg_parser *p, int start, const param_item *items, int n) {
    cg_ast *a = cg_p_node(p, AST_ARGUMENTS, start);
    cg_vec posonly = {0}, args = {0}, defaults = {0}, kwonly = {0}, kwdefaults = {0};
    int slash = -1;
    for (int i = 0; i < n; i++)
        if (items[i].kind == IT_SLASH)
            slash = i;
    bool kw = false;
    for (int i = 0; i < n; i++) {
        const param_item *it = &items[i];
        switch (it->kind) {
        case IT_PARAM:
            if (kw) {
                cg_vec_push(p, &kwonly, it->arg);
                cg_vec_push(p, &kwdefaults, it->def);
            } else {
                cg_vec_push(p, i < slash ? &posonly : &args, it->arg);
                if (it->def)
                    cg_vec_push(p, &defaults, it->def);
            }
            break;
        case IT_STAR:
            kw = true;
            a->u.arguments.vararg = it->arg;
            break;
        case IT_DSTAR: a->u.arguments.kwarg = it->arg; break;
        default: break;
        }
    }
    a->u.arguments.posonlyargs = cg_vec_list(&posonly);
    a->u.arguments.args = cg_vec_list(&args);
    a->u.arguments.defaults = cg_vec_list(&defaults);
    a->u.arguments.kwonlyargs = cg_vec_list(&kwonly);
    a->u.arguments.kw_defaults = cg_vec_list(&kwdefaults);
    return a;
}

/* params / lambda_params: the AST_ARGUMENTS node, or NULL. */
cg_ast *cg_p_params(cg_parser *p, bool lambda) {
    int start = p->pos;
    int term = lambda ? TK_COLON : TK_RPAR;
    param_items v = {0};
    bool ok = read_params(p, lambda, &v, term);
    if (ok && params_valid(v.items, v.n))
        return arguments_node(p, start, v.items, v.n);
    if (p->call_invalid_rules) {
        invalid_params(p, v.items, v.n, lambda, term);
        if (!ok)
            invalid_params_at(p, v.items, v.n, lambda);
    }
    p->pos = start;
    return NULL;
}
