/* parse_target.c: what can be assigned to or deleted. The grammar's
 * star_targets and del_targets (for a for loop, a with's `as`, a
 * comprehension, `del`), the check of an expression read first and then
 * found before '=' (pegen's _PyPegen_get_invalid_target), and the names
 * Python's messages give expressions ("cannot assign to function call").
 *
 * This is not the assignment statement (parse_stmt.c). */
#include <string.h>

#include "parse/parser.h"

/* ---- the names of expressions in messages ------------------------------ */

const char *cg_p_expr_name(const cg_ast *e) {
    switch (e->kind) {
    case AST_ATTRIBUTE: return "attribute";
    case AST_SUBSCRIPT: return "subscript";
    case AST_STARRED: return "starred";
    case AST_NAME: return "name";
    case AST_LIST: return "list";
    case AST_TUPLE: return "tuple";
    case AST_LAMBDA: return "lambda";
    case AST_CALL: return "function call";
    case AST_BOOL_OP:
    case AST_BIN_OP:
    case AST_UNARY_OP: return "expression";
    case AST_GENERATOR_EXP: return "generator expression";
    case AST_LIST_COMP: return "list comprehension";
    case AST_SET_COMP: return "set comprehension";
    case AST_DICT_COMP: return "dict comprehension";
    case AST_DICT: return "dict literal";
    case AST_SET: return "set display";
    case AST_JOINED_STR:
    case AST_FORMATTED_VALUE: return "f-string expression";
    case AST_CONSTANT:
        switch (e->u.constant.kind) {
        case CONST_NONE: return "None";
        case CONST_FALSE: return "False";
        case CONST_TRUE: return "True";
        case CONST_ELLIPSIS: return "ellipsis";
        default: return "literal";
        }
    case AST_COMPARE: return "comparison";
    case AST_IF_EXP: return "conditional expression";
    case AST_NAMED_EXPR: return "named expression";
    case AST_YIELD:
    case AST_YIELD_FROM: return "yield expression";
    default: return "expression";
    }
}

const cg_ast *cg_p_invalid_target(const cg_ast *e, cg_targets_type type) {
    if (!e)
        return NULL;
    switch (e->kind) {
    case AST_LIST:
    case AST_TUPLE:
        for (int i = 0; i < e->u.seq.elts.n; i++) {
            const cg_ast *c = cg_p_invalid_target(e->u.seq.elts.items[i], type);
            if (c)
                return c;
        }
        return NULL;
    case AST_STARRED:
        if (type == TARGETS_DEL)
            return e;
        return cg_p_invalid_target(e->u.starred.value, type);
    case AST_COMPARE:
        /* `for a in b` reaches here as the comparison `a in b` */
        if (type == TARGETS_FOR) {
            if (e->u.compare.ops[0] == OP_IN)
                return cg_p_invalid_target(e->u.compare.left, type);
            return NULL;
        }
        return e;
    case AST_NAME:
    case AST_SUBSCRIPT:
    case AST_ATTRIBUTE: return NULL;
    default: return e;
    }
}

void cg_p_raise_invalid_target(cg_parser *p, cg_targets_type type, const cg_ast *e) {
    const cg_ast *bad = cg_p_invalid_target(e, type);
    if (!bad)
        return;
    cg_p_raise_node(p, bad, type == TARGETS_DEL ? "cannot delete %s" : "cannot assign to %s", cg_p_expr_name(bad));
}

bool cg_p_set_ctx(cg_ast *e, cg_ast_ctx ctx) {
    switch (e->kind) {
    case AST_NAME: e->u.name.ctx = ctx; return true;
    case AST_ATTRIBUTE: e->u.attr.ctx = ctx; return true;
    case AST_SUBSCRIPT: e->u.sub.ctx = ctx; return true;
    case AST_STARRED:
        if (ctx == CTX_DEL)
            return false;
        e->u.starred.ctx = ctx;
        return cg_p_set_ctx(e->u.starred.value, ctx);
    case AST_TUPLE:
    case AST_LIST:
        e->u.seq.ctx = ctx;
        for (int i = 0; i < e->u.seq.elts.n; i++)
            if (!cg_p_set_ctx(e->u.seq.elts.items[i], ctx))
                return false;
        return true;
    default: return false;
    }
}

/* ---- targets ---------------------------------------------------------------- */

static bool is_t_lookahead(int k) { return k == TK_LPAR || k == TK_LSQB || k == TK_DOT; }

static bool can_start_atom(int k) {
    switch (k) {
    case TK_NAME:
    case TK_TRUE:
    case TK_FALSE:
    case TK_NONE:
    case TK_STRING:
    case TK_NUMBER:
    case TK_LPAR:
    case TK_LSQB:
    case TK_LBRACE:
    case TK_ELLIPSIS: return true;
    default: return false;
    }
}

/* t_primary ('.' NAME | '[' slices ']') !t_lookahead: an attribute or
 * subscript target. */
static cg_ast *subscript_attribute_target(cg_parser *p, cg_ast_ctx ctx) {
    int start = p->pos;
    if (!can_start_atom(KIND))
        return NULL;
    cg_ast *e = cg_p_atom(p);
    if (!e || !is_t_lookahead(KIND)) {
        p->pos = start;
        return NULL;
    }
    int depth = p->depth;
    for (;;) {
        cg_ast *n = cg_p_trailer(p, start, e);
        if (!n)
            break;
        cg_p_enter(p);
        if (is_t_lookahead(KIND)) {
            e = n;
            continue;
        }
        if (n->kind == AST_CALL)
            break;
        cg_p_set_ctx(n, ctx);
        p->depth = depth;
        return n;
    }
    p->depth = depth;
    p->pos = start;
    return NULL;
}

static cg_ast *star_atom(cg_parser *p);

/* target_with_star_atom: t_primary '.' NAME !t_lookahead
 *                      | t_primary '[' slices ']' !t_lookahead | star_atom */
static cg_ast *target_with_star_atom(cg_parser *p) {
    cg_ast *t = subscript_attribute_target(p, CTX_STORE);
    return t ? t : star_atom(p);
}

static cg_ast *seq_node(cg_parser *p, cg_ast_kind kind, int start, cg_vec *v, cg_ast_ctx ctx) {
    cg_ast *n = cg_p_node(p, kind, start);
    n->u.seq.elts = cg_vec_list(v);
    n->u.seq.ctx = ctx;
    return n;
}

/* ','.star_target+ [','] into v, from the first target `a`. */
static void more_star_targets(cg_parser *p, cg_vec *v) {
    while (KIND == TK_COMMA) {
        p->pos++;
        int mark = p->pos;
        cg_ast *b = cg_p_star_target(p);
        if (!b) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, v, b);
    }
}

/* star_atom: NAME | '(' target_with_star_atom ')'
 *          | '(' [star_targets_tuple_seq] ')' | '[' [star_targets_list_seq] ']' */
static cg_ast *star_atom(cg_parser *p) {
    int start = p->pos;
    int k = KIND;
    if (k == TK_NAME) {
        p->pos++;
        return cg_p_name_node(p, start, CTX_STORE);
    }
    if (k != TK_LPAR && k != TK_LSQB)
        return NULL;
    int close = k == TK_LPAR ? TK_RPAR : TK_RSQB;
    cg_p_enter(p);
    p->pos++;
    cg_vec v = {0};
    cg_ast *r = NULL;
    if (KIND == close) {
        p->pos++;
        r = seq_node(p, k == TK_LPAR ? AST_TUPLE : AST_LIST, start, &v, CTX_STORE);
    } else {
        cg_ast *a = cg_p_star_target(p);
        if (a && k == TK_LPAR && KIND == TK_RPAR && a->kind != AST_STARRED) {
            p->pos++;
            r = a;
        } else if (a && (k == TK_LSQB || KIND == TK_COMMA)) {
            cg_vec_push(p, &v, a);
            more_star_targets(p, &v);
            if (KIND == close) {
                p->pos++;
                r = seq_node(p, k == TK_LPAR ? AST_TUPLE : AST_LIST, start, &v, CTX_STORE);
            }
        }
    }
    cg_p_leave(p);
    if (!r)
        p->pos = start;
    return r;
}

/* star_target: '*' (!'*' star_target) | target_with_star_atom */
cg_ast *cg_p_star_target(cg_parser *p) {
    int start = p->pos;
    if (KIND != TK_STAR)
        return target_with_star_atom(p);
    if (cg_p_kind_at(p, start + 1) == TK_STAR)
        return NULL;
    cg_p_enter(p);
    p->pos++;
    cg_ast *t = cg_p_star_target(p);
    cg_p_leave(p);
    if (!t) {
        p->pos = start;
        return NULL;
    }
    cg_p_set_ctx(t, CTX_STORE);
    cg_ast *s = cg_p_node(p, AST_STARRED, start);
    s->u.starred.value = t;
    s->u.starred.ctx = CTX_STORE;
    return s;
}

/* star_targets: star_target !',' | star_target (',' star_target)* [','] */
cg_ast *cg_p_star_targets(cg_parser *p) {
    int start = p->pos;
    cg_ast *a = cg_p_star_target(p);
    if (!a || KIND != TK_COMMA)
        return a;
    cg_vec v = {0};
    cg_vec_push(p, &v, a);
    more_star_targets(p, &v);
    return seq_node(p, AST_TUPLE, start, &v, CTX_STORE);
}

static cg_ast *del_target(cg_parser *p);

/* The rest of ','.del_target+ [','] after its first target a, into v. */
static void more_del_targets(cg_parser *p, cg_vec *v, cg_ast *a) {
    cg_vec_push(p, v, a);
    while (KIND == TK_COMMA) {
        p->pos++;
        int mark = p->pos;
        cg_ast *b = del_target(p);
        if (!b) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, v, b);
    }
}

/* ','.del_target+ [','] into v; false if none. */
static bool del_target_list(cg_parser *p, cg_vec *v) {
    cg_ast *a = del_target(p);
    if (a)
        more_del_targets(p, v, a);
    return a != NULL;
}

/* del_t_atom: NAME | '(' del_target ')' | '(' [del_targets] ')' | '[' [del_targets] ']' */
static cg_ast *del_t_atom(cg_parser *p) {
    int start = p->pos;
    int k = KIND;
    if (k == TK_NAME) {
        p->pos++;
        return cg_p_name_node(p, start, CTX_DEL);
    }
    if (k != TK_LPAR && k != TK_LSQB)
        return NULL;
    int close = k == TK_LPAR ? TK_RPAR : TK_RSQB;
    cg_p_enter(p);
    p->pos++;
    cg_ast *r = NULL;
    cg_vec v = {0};
    int first = p->pos;
    /* The first target is parsed once, for both alternatives: parsed again
     * for the list, n nested '(' cost 2^n parses. */
    cg_ast *a = del_target(p);
    if (a && k == TK_LPAR && KIND == TK_RPAR) {
        p->pos++;
        r = a;
    } else {
        if (a)
            more_del_targets(p, &v, a);
        else
            p->pos = first;
        if (KIND == close) {
            p->pos++;
            r = seq_node(p, k == TK_LPAR ? AST_TUPLE : AST_LIST, start, &v, CTX_DEL);
        }
    }
    cg_p_leave(p);
    if (!r)
        p->pos = start;
    return r;
}

static cg_ast *del_target(cg_parser *p) {
    cg_ast *t = subscript_attribute_target(p, CTX_DEL);
    return t ? t : del_t_atom(p);
}

/* del_targets: ','.del_target+ [','] */
cg_ast *cg_p_del_targets(cg_parser *p, cg_ast_list *out) {
    cg_vec v = {0};
    if (!del_target_list(p, &v))
        return NULL;
    *out = cg_vec_list(&v);
    return v.items[0];
}
