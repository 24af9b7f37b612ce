/* parse_call.c: the arguments of a call or of a class's bases, as the
 * grammar's args, kwargs and arguments rules read them, with the second
 * pass's invalid_arguments and invalid_kwarg messages ("positional
 * argument follows keyword argument", "Generator expression must be
 * parenthesized", ...).
 *
 * This is not the parameters of a def (parse_params.c). */
#include <string.h>

#include "parse/parser.h"

/* ---- call arguments --------------------------------------------------------- */

typedef struct {
    cg_vec args, kws;
    int start;
    bool saw_double; /* a '**' among the keywords */
} args_res;

static cg_ast *keyword_node(cg_parser *p, int start, const char *arg, cg_ast *value) {
    cg_ast *k = cg_p_node(p, AST_KEYWORD, start);
    k->u.keyword.arg = arg;
    k->u.keyword.value = value;
    return k;
}

/* invalid_kwarg (second pass), at the start of a keyword argument. */
static void invalid_kwarg(cg_parser *p) {
    int start = p->pos;
    cg_token *a = cg_p_peek(p);
    if ((a->kind == TK_TRUE || a->kind == TK_FALSE || a->kind == TK_NONE) && cg_p_kind_at(p, start + 1) == TK_EQUAL)
        cg_p_raise_tok_range(p, a, cg_p_tok(p, start + 1), "cannot assign to %.*s", a->len, a->s);
    if (a->kind == TK_NAME && cg_p_kind_at(p, start + 1) == TK_EQUAL) {
        p->pos = start + 2;
        cg_ast_list gens;
        if (cg_p_expression(p) && cg_p_for_if_clauses(p, &gens))
            cg_p_raise_tok_range(p, a, cg_p_tok(p, start + 1),
                                 "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
        p->pos = start;
        return;
    }
    cg_ast *e = cg_p_expression(p);
    if (e && KIND == TK_EQUAL) {
        cg_token *eq = cg_p_peek(p);
        cg_p_raise_at(p, "SyntaxError", e->line, e->col, eq->end_line, eq->end_col,
                      "expression cannot contain assignment, perhaps you meant \"==\"?");
    }
    p->pos = start;
}

/* kwarg_or_starred / kwarg_or_double_starred: one keyword argument. */
static bool kwarg(cg_parser *p, args_res *r) {
    int start = p->pos;
    if (p->call_invalid_rules)
        invalid_kwarg(p);
    int k = KIND;
    if (k == TK_NAME && cg_p_kind_at(p, start + 1) == TK_EQUAL) {
        p->pos += 2;
        cg_ast *v = cg_p_expression(p);
        if (!v) {
            p->pos = start;
            return false;
        }
        cg_vec_push(p, &r->kws, keyword_node(p, start, cg_p_name_of(p, &p->toks[start]), v));
        return true;
    }
    if (k == TK_STAR && !r->saw_double) {
        cg_ast *s = cg_p_starred_expression(p);
        if (!s)
            return false;
        cg_vec_push(p, &r->args, s);
        return true;
    }
    if (k == TK_DOUBLESTAR) {
        p->pos++;
        cg_ast *v = cg_p_expression(p);
        if (!v) {
            p->pos = start;
            return false;
        }
        cg_vec_push(p, &r->kws, keyword_node(p, start, NULL, v));
        r->saw_double = true;
        return true;
    }
    return false;
}

/* kwargs: the keyword arguments, separated by commas. */
static bool kwargs(cg_parser *p, args_res *r) {
    if (!kwarg(p, r))
        return false;
    while (KIND == TK_COMMA) {
        int mark = p->pos;
        p->pos++;
        if (!kwarg(p, r)) {
            p->pos = mark;
            break;
        }
    }
    return true;
}

/* A positional argument: starred_expression
 *                      | (assignment_expression | expression !':=') !'=' */
static cg_ast *positional_arg(cg_parser *p) {
    int start = p->pos;
    if (KIND == TK_STAR)
        return cg_p_starred_expression(p);
    cg_ast *e = cg_p_named_or_expression(p);
    if (e && KIND == TK_EQUAL) {
        p->pos = start;
        return NULL;
    }
    return e;
}

/* args: ','.positional+ [',' kwargs] | kwargs */
static bool args(cg_parser *p, args_res *r) {
    memset(r, 0, sizeof *r);
    r->start = p->pos;
    cg_ast *a = positional_arg(p);
    if (!a)
        return kwargs(p, r);
    cg_vec_push(p, &r->args, a);
    while (KIND == TK_COMMA) {
        int mark = p->pos;
        p->pos++;
        cg_ast *b = positional_arg(p);
        if (!b) {
            if (!kwargs(p, r))
                p->pos = mark;
            break;
        }
        cg_vec_push(p, &r->args, b);
    }
    return true;
}

/* invalid_arguments (second pass); `first` is the token after '('. */
static void invalid_arguments(cg_parser *p, int first) {
    args_res r;
    cg_ast_list gens;
    p->pos = first;
    /* (3.11.7 asks for keywords among the arguments and reports it at the
     * '*', where 3.11.2's grammar file says the arguments before) */
    if (args(p, &r) && r.kws.n > 0 && KIND == TK_COMMA && cg_p_kind_at(p, p->pos + 1) == TK_STAR)
        cg_p_raise_tok(p, cg_p_tok(p, p->pos + 1), "iterable argument unpacking follows keyword argument unpacking");
    p->pos = first;
    cg_ast *a = cg_p_expression(p);
    if (a && cg_p_for_if_clauses(p, &gens) && KIND == TK_COMMA)
        cg_p_raise_range(p, a, cg_p_last_comprehension_item(gens), "Generator expression must be parenthesized");
    p->pos = first;
    if (KIND == TK_NAME && cg_p_kind_at(p, first + 1) == TK_EQUAL) {
        p->pos = first + 2;
        if (cg_p_expression(p) && cg_p_for_if_clauses(p, &gens))
            cg_p_raise_tok_range(p, cg_p_tok(p, first), cg_p_tok(p, first + 1),
                                 "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    }
    p->pos = first;
    if (args(p, &r)) {
        int after = p->pos;
        if (cg_p_for_if_clauses(p, &gens) && r.args.n > 1)
            cg_p_raise_range(p, r.args.items[r.args.n - 1], cg_p_last_comprehension_item(gens),
                             "Generator expression must be parenthesized");
        p->pos = after;
        if (KIND == TK_COMMA) {
            p->pos++;
            int mark = p->pos;
            a = cg_p_expression(p);
            if (a && cg_p_for_if_clauses(p, &gens))
                cg_p_raise_range(p, a, cg_p_last_comprehension_item(gens),
                                 "Generator expression must be parenthesized");
            p->pos = mark;
            args_res r2;
            if (args(p, &r2)) {
                bool unpacking = false;
                for (int i = 0; i < r.kws.n; i++)
                    unpacking |= r.kws.items[i]->u.keyword.arg == NULL;
                cg_p_raise_last(p, "SyntaxError",
                                unpacking ? "positional argument follows keyword argument unpacking"
                                          : "positional argument follows keyword argument");
            }
        }
    }
    p->pos = first;
}

/* The rest of '(' [arguments] ')' after the '(' at lpar (arguments: args
 * [','] &')'): a Call of func, or NULL with the position back at lpar. */
static cg_ast *arguments_call(cg_parser *p, int start, cg_ast *func, int lpar) {
    int first = p->pos;
    args_res r;
    memset(&r, 0, sizeof r);
    if (args(p, &r)) {
        if (KIND == TK_COMMA)
            p->pos++;
        if (KIND != TK_RPAR) {
            if (p->call_invalid_rules)
                invalid_arguments(p, first);
            memset(&r, 0, sizeof r);
            p->pos = first;
        }
    }
    if (KIND != TK_RPAR) {
        p->pos = lpar;
        return NULL;
    }
    p->pos++;
    cg_ast *c = cg_p_node(p, AST_CALL, start);
    c->u.call.func = func;
    c->u.call.args = cg_vec_list(&r.args);
    c->u.call.keywords = cg_vec_list(&r.kws);
    return c;
}

/* A call trailer at '(' (primary genexp | primary '(' [arguments] ')'). */
cg_ast *cg_p_call_trailer(cg_parser *p, int start, cg_ast *func) {
    int lpar = p->pos;
    p->pos++;
    int first = p->pos;
    /* genexp: '(' (assignment_expression | expression !':=') for_if_clauses ')' */
    if (KIND != TK_STAR && KIND != TK_DOUBLESTAR && KIND != TK_RPAR) {
        cg_ast *e = cg_p_named_or_expression(p);
        if (e && (KIND == TK_FOR || KIND == TK_ASYNC)) {
            cg_ast_list gens;
            if (cg_p_for_if_clauses(p, &gens) && KIND == TK_RPAR) {
                p->pos++;
                cg_ast *g = cg_p_comp_node(p, AST_GENERATOR_EXP, lpar, e, gens);
                cg_ast *c = cg_p_node(p, AST_CALL, start);
                c->u.call.func = func;
                c->u.call.args = cg_p_list1(p, g);
                return c;
            }
        }
        p->pos = first;
    }
    if (p->call_invalid_rules && KIND == TK_STAR) {
        /* invalid_comprehension: '(' starred_expression for_if_clauses */
        cg_ast *a = cg_p_starred_expression(p);
        cg_ast_list gens;
        if (a && cg_p_for_if_clauses(p, &gens))
            cg_p_raise_node(p, a, "iterable unpacking cannot be used in comprehension");
        p->pos = first;
    }
    return arguments_call(p, start, func, lpar);
}

/* A class's bases and keywords: '(' [arguments] ')', pos at '('. */
cg_ast *cg_p_arguments(cg_parser *p, int start, cg_ast *func) {
    int lpar = p->pos;
    p->pos++;
    return arguments_call(p, start, func, lpar);
}
