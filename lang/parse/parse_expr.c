/* parse_expr.c: expressions, rule by rule as in CPython 3.11's
 * Grammar/python.gram (the rule names are kept so the two can be read side
 * by side): from star_expressions and the walrus down through the boolean,
 * comparison and arithmetic levels to primaries and atoms (displays,
 * comprehensions, slices) and lambda.
 *
 * A rule returns its node with `pos` after it, or NULL with `pos` where it
 * was. The invalid_* alternatives run only in the second pass
 * (p->call_invalid_rules) and raise their specific SyntaxError.
 *
 * This is not targets (parse_target.c), call arguments (parse_call.c),
 * parameters (parse_params.c), statements (parse_stmt.c) nor literals
 * (parse_string.c). */
#include <string.h>

#include "parse/parser.h"

static cg_ast *expression_body(cg_parser *p);
static cg_ast *conjunction(cg_parser *p);
static cg_ast *inversion(cg_parser *p);
static cg_ast *comparison(cg_parser *p);
static cg_ast *factor(cg_parser *p);
static cg_ast *primary(cg_parser *p);
static cg_ast *slices(cg_parser *p);
static cg_ast *lambdef(cg_parser *p);

cg_ast *cg_p_name_node(cg_parser *p, int i, cg_ast_ctx ctx) {
    cg_ast *n = cg_p_node(p, AST_NAME, i);
    n->end_line = p->toks[i].end_line;
    n->end_col = p->toks[i].end_col;
    n->u.name.id = cg_p_name_of(p, &p->toks[i]);
    n->u.name.ctx = ctx;
    return n;
}

static cg_ast *const_node(cg_parser *p, int start, cg_const_kind kind) {
    cg_ast *n = cg_p_node(p, AST_CONSTANT, start);
    n->u.constant.kind = kind;
    return n;
}

/* pegen's SOFT_KEYWORD test compares a name with strncmp over the name's
 * length, so any prefix of "_", "case" or "match" ("c", "ma") passes. */
static bool is_soft_keyword(const cg_token *t) {
    static const char *kws[] = {"_", "case", "match"};
    if (t->kind != TK_NAME)
        return false;
    for (int i = 0; i < 3; i++)
        if ((size_t)t->len <= strlen(kws[i]) && !memcmp(kws[i], t->s, (size_t)t->len))
            return true;
    return false;
}

static bool is_legacy(const cg_ast *a) {
    return a->kind == AST_NAME && (!strcmp(a->u.name.id, "print") || !strcmp(a->u.name.id, "exec"));
}

/* ---- memoization (second pass only) ---------------------------------- */

typedef cg_ast *(*rule_fn)(cg_parser *);

/* As pegen's, the memo also keeps what was parsed while the invalid
 * rules were off (in invalid_expression's lookahead): a later parse at
 * that place gets it back, without their messages. */
static cg_ast *memoized(cg_parser *p, int rule, rule_fn fn) {
    if (!p->memo)
        return fn(p);
    cg_memo *m = &p->memo[(size_t)p->pos * CG_MEMO_COUNT + (size_t)rule];
    if (m->end) {
        if (m->end < 0)
            return NULL;
        p->pos = m->end - 1;
        return m->node;
    }
    int start = p->pos;
    cg_ast *r = fn(p);
    m = &p->memo[(size_t)start * CG_MEMO_COUNT + (size_t)rule];
    m->node = r;
    m->end = r ? p->pos + 1 : -1;
    return r;
}

/* ---- expressions ------------------------------------------------------- */

/* star_expressions: cg_p_star_expression (',' star_expression)* [','] */
cg_ast *cg_p_star_expressions(cg_parser *p) {
    int start = p->pos;
    cg_ast *a = cg_p_star_expression(p);
    if (!a || KIND != TK_COMMA)
        return a;
    cg_vec v = {0};
    cg_vec_push(p, &v, a);
    while (KIND == TK_COMMA) {
        p->pos++;
        int mark = p->pos;
        cg_ast *b = cg_p_star_expression(p);
        if (!b) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, &v, b);
    }
    cg_ast *t = cg_p_node(p, AST_TUPLE, start);
    t->u.seq.elts = cg_vec_list(&v);
    t->u.seq.ctx = CTX_LOAD;
    return t;
}

/* '*' bitwise_or | expression (star_expression);
 * '*' bitwise_or | named_expression (star_named_expression) */
static cg_ast *starred_bitwise_or(cg_parser *p) {
    int start = p->pos;
    p->pos++;
    cg_ast *v = cg_p_bitwise_or(p);
    if (!v) {
        p->pos = start;
        return NULL;
    }
    cg_ast *s = cg_p_node(p, AST_STARRED, start);
    s->u.starred.value = v;
    s->u.starred.ctx = CTX_LOAD;
    return s;
}

cg_ast *cg_p_star_expression(cg_parser *p) {
    if (KIND == TK_STAR)
        return starred_bitwise_or(p);
    return cg_p_expression(p);
}

cg_ast *cg_p_star_named_expression(cg_parser *p) {
    if (KIND == TK_STAR)
        return starred_bitwise_or(p);
    return cg_p_named_expression(p);
}

/* starred_expression: '*' expression */
cg_ast *cg_p_starred_expression(cg_parser *p) {
    int start = p->pos;
    if (KIND != TK_STAR)
        return NULL;
    p->pos++;
    cg_ast *v = cg_p_expression(p);
    if (!v) {
        p->pos = start;
        return NULL;
    }
    cg_ast *s = cg_p_node(p, AST_STARRED, start);
    s->u.starred.value = v;
    s->u.starred.ctx = CTX_LOAD;
    return s;
}

/* ','.star_named_expression+ [','] appended to v; false if none. */
static bool star_named_expressions(cg_parser *p, cg_vec *v) {
    cg_ast *a = cg_p_star_named_expression(p);
    if (!a)
        return false;
    cg_vec_push(p, v, a);
    while (KIND == TK_COMMA) {
        p->pos++;
        int mark = p->pos;
        cg_ast *b = cg_p_star_named_expression(p);
        if (!b) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, v, b);
    }
    return true;
}

/* invalid_expression and invalid_legacy_expression (second pass). */
static void invalid_expression(cg_parser *p) {
    int start = p->pos;
    cg_token *t0 = cg_p_peek(p);
    if (!((t0->kind == TK_NAME && cg_p_kind_at(p, start + 1) == TK_STRING) || is_soft_keyword(t0))) {
        cg_ast *a = cg_p_disjunction(p);
        if (a) {
            bool saved = p->call_invalid_rules;
            p->call_invalid_rules = false;
            cg_ast *b = cg_p_expression_nocheck(p);
            p->call_invalid_rules = saved;
            if (b && !is_legacy(a) && p->toks[p->pos - 1].level != 0)
                cg_p_raise_range(p, a, b, "invalid syntax. Perhaps you forgot a comma?");
        }
        p->pos = start;
    }
    cg_ast *a = cg_p_disjunction(p);
    if (a && KIND == TK_IF) {
        p->pos++;
        cg_ast *b = cg_p_disjunction(p);
        if (b && KIND != TK_ELSE && KIND != TK_COLON)
            cg_p_raise_range(p, a, b, "expected 'else' after 'if' expression");
    }
    p->pos = start;
    if (t0->kind == TK_NAME && cg_p_kind_at(p, start + 1) != TK_LPAR) {
        cg_ast *name = cg_p_name_node(p, start, CTX_LOAD);
        p->pos = start + 1;
        cg_ast *b = cg_p_star_expressions(p);
        if (b && is_legacy(name))
            cg_p_raise_range(p, name, b, "Missing parentheses in call to '%s'. Did you mean %s(...)?", name->u.name.id,
                             name->u.name.id);
        p->pos = start;
    }
}

/* expression:
 *     | disjunction 'if' disjunction 'else' expression
 *     | disjunction
 *     | lambdef */
cg_ast *cg_p_expression(cg_parser *p) {
    if (p->memo)
        return memoized(p, CG_MEMO_EXPRESSION, expression_body);
    if (p->ecache_node && p->ecache_start == p->pos) {
        p->pos = p->ecache_end;
        return p->ecache_node;
    }
    int start = p->pos;
    cg_ast *r = expression_body(p);
    if (r) {
        p->ecache_start = start;
        p->ecache_end = p->pos;
        p->ecache_node = r;
    }
    return r;
}

static cg_ast *expression_body(cg_parser *p) {
    cg_p_enter(p);
    bool quiet = p->quiet_next;
    p->quiet_next = false;
    if (p->call_invalid_rules && !quiet)
        invalid_expression(p);
    cg_ast *r = cg_p_expression_nocheck(p);
    cg_p_leave(p);
    return r;
}

/* The valid alternatives only (expression_without_invalid when the
 * caller has turned the invalid rules off). */
cg_ast *cg_p_expression_nocheck(cg_parser *p) {
    int start = p->pos;
    if (KIND == TK_LAMBDA)
        return lambdef(p);
    cg_ast *a = cg_p_disjunction(p);
    if (!a || KIND != TK_IF)
        return a;
    int mark = p->pos;
    p->pos++;
    cg_ast *b = cg_p_disjunction(p);
    if (b && KIND == TK_ELSE) {
        p->pos++;
        cg_ast *c = cg_p_expression(p);
        if (c) {
            cg_ast *n = cg_p_node(p, AST_IF_EXP, start);
            n->u.ifexp.test = b;
            n->u.ifexp.body = a;
            n->u.ifexp.orelse = c;
            return n;
        }
    }
    p->pos = mark;
    return a;
}

/* expressions: expression (',' expression)* [','] */
cg_ast *cg_p_expressions(cg_parser *p) {
    int start = p->pos;
    cg_ast *a = cg_p_expression(p);
    if (!a || KIND != TK_COMMA)
        return a;
    cg_vec v = {0};
    cg_vec_push(p, &v, a);
    while (KIND == TK_COMMA) {
        p->pos++;
        int mark = p->pos;
        cg_ast *b = cg_p_expression(p);
        if (!b) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, &v, b);
    }
    cg_ast *t = cg_p_node(p, AST_TUPLE, start);
    t->u.seq.elts = cg_vec_list(&v);
    t->u.seq.ctx = CTX_LOAD;
    return t;
}

/* assignment_expression: NAME ':=' ~ expression. Returns NULL without
 * moving when there is no ':='; sets *cut when it failed after it. */
static cg_ast *assignment_expression(cg_parser *p, bool *cut) {
    int start = p->pos;
    *cut = false;
    if (KIND != TK_NAME || cg_p_kind_at(p, start + 1) != TK_COLONEQUAL)
        return NULL;
    cg_ast *target = cg_p_name_node(p, start, CTX_STORE);
    p->pos += 2;
    cg_ast *value = cg_p_expression(p);
    if (!value) {
        p->pos = start;
        *cut = true;
        return NULL;
    }
    cg_ast *n = cg_p_node(p, AST_NAMED_EXPR, start);
    n->u.named.target = target;
    n->u.named.value = value;
    return n;
}

/* Does a list, tuple, genexp, True, None or False start at `start`?
 * (the negative lookahead of invalid_named_expression) */
static bool starts_with_display(cg_parser *p, int start) {
    int k = cg_p_kind_at(p, start);
    if (k == TK_TRUE || k == TK_NONE || k == TK_FALSE)
        return true;
    if (k != TK_LPAR && k != TK_LSQB)
        return false;
    int mark = p->pos;
    p->pos = start;
    cg_ast *a = cg_p_atom(p);
    p->pos = mark;
    return a && (a->kind == AST_LIST || a->kind == AST_TUPLE || a->kind == AST_GENERATOR_EXP)
           && a->line == p->toks[start].line && a->col == p->toks[start].col;
}

/* invalid_named_expression (second pass). */
static void invalid_named_expression(cg_parser *p) {
    int start = p->pos;
    cg_ast *a = cg_p_expression(p);
    if (a && KIND == TK_COLONEQUAL) {
        p->pos++;
        if (cg_p_expression(p))
            cg_p_raise_node(p, a, "cannot use assignment expressions with %s", cg_p_expr_name(a));
    }
    p->pos = start;
    if (KIND == TK_NAME && cg_p_kind_at(p, start + 1) == TK_EQUAL) {
        cg_ast *name = cg_p_name_node(p, start, CTX_LOAD);
        p->pos = start + 2;
        cg_ast *b = cg_p_bitwise_or(p);
        if (b && KIND != TK_EQUAL && KIND != TK_COLONEQUAL)
            cg_p_raise_range(p, name, b, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    }
    p->pos = start;
    if (!starts_with_display(p, start)) {
        a = cg_p_bitwise_or(p);
        if (a && KIND == TK_EQUAL) {
            p->pos++;
            if (cg_p_bitwise_or(p) && KIND != TK_EQUAL && KIND != TK_COLONEQUAL)
                cg_p_raise_node(p, a, "cannot assign to %s here. Maybe you meant '==' instead of '='?",
                                cg_p_expr_name(a));
        }
    }
    p->pos = start;
}

/* named_expression: assignment_expression | invalid_named_expression
 *                 | expression !':=' */
cg_ast *cg_p_named_expression(cg_parser *p) {
    int start = p->pos;
    bool cut;
    cg_ast *w = assignment_expression(p, &cut);
    if (w || cut)
        return w;
    if (p->call_invalid_rules)
        invalid_named_expression(p);
    cg_ast *e = cg_p_expression(p);
    if (e && KIND == TK_COLONEQUAL) {
        p->pos = start;
        return NULL;
    }
    return e;
}

/* assignment_expression | expression !':=' (call arguments, genexp
 * elements). */
cg_ast *cg_p_named_or_expression(cg_parser *p) {
    int start = p->pos;
    bool cut;
    cg_ast *e = assignment_expression(p, &cut);
    if (e || cut)
        return e;
    e = cg_p_expression(p);
    if (e && KIND == TK_COLONEQUAL) {
        p->pos = start;
        return NULL;
    }
    return e;
}

static cg_ast *boolop(cg_parser *p, int start, cg_boolop op, cg_vec *v) {
    cg_ast *n = cg_p_node(p, AST_BOOL_OP, start);
    n->u.boolop.op = op;
    n->u.boolop.values = cg_vec_list(v);
    return n;
}

/* operand (tok operand)*: one BoolOp of all operands, or the lone one. */
static cg_ast *bool_chain(cg_parser *p, int tok, cg_ast *(*operand)(cg_parser *), cg_boolop op) {
    int start = p->pos;
    cg_ast *a = operand(p);
    if (!a || KIND != tok)
        return a;
    cg_vec v = {0};
    cg_vec_push(p, &v, a);
    while (KIND == tok) {
        int mark = p->pos;
        p->pos++;
        cg_ast *b = operand(p);
        if (!b) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, &v, b);
    }
    if (v.n == 1)
        return a;
    return boolop(p, start, op, &v);
}

static cg_ast *disjunction_body(cg_parser *p) { return bool_chain(p, TK_OR, conjunction, OP_OR); }

/* (not memoized: CPython 3.11.7's parser behaves as if it were not, which
 * decides which invalid_* messages a lookahead hides) */
cg_ast *cg_p_disjunction(cg_parser *p) { return disjunction_body(p); }

static cg_ast *conjunction(cg_parser *p) { return bool_chain(p, TK_AND, inversion, OP_AND); }

static cg_ast *inversion(cg_parser *p) {
    int start = p->pos;
    if (KIND != TK_NOT)
        return comparison(p);
    cg_p_enter(p);
    p->pos++;
    cg_ast *a = inversion(p);
    cg_p_leave(p);
    if (!a) {
        p->pos = start;
        return comparison(p);
    }
    cg_ast *n = cg_p_node(p, AST_UNARY_OP, start);
    n->u.unary.op = OP_NOT;
    n->u.unary.operand = a;
    return n;
}

/* The comparison operator at pos (consumed), or -1. */
static int compare_op(cg_parser *p) {
    cg_token *t = cg_p_peek(p);
    int op;
    switch (t->kind) {
    case TK_EQEQUAL: op = OP_EQ; break;
    case TK_NOTEQUAL:
        if (t->s[0] == '<') /* '<>' is only for Barry as FLUFL */
            return -1;
        op = OP_NOT_EQ;
        break;
    case TK_LESSEQUAL: op = OP_LT_E; break;
    case TK_LESS: op = OP_LT; break;
    case TK_GREATEREQUAL: op = OP_GT_E; break;
    case TK_GREATER: op = OP_GT; break;
    case TK_IN: op = OP_IN; break;
    case TK_NOT:
        if (cg_p_kind_at(p, p->pos + 1) != TK_IN)
            return -1;
        p->pos += 2;
        return OP_NOT_IN;
    case TK_IS:
        if (cg_p_kind_at(p, p->pos + 1) == TK_NOT) {
            p->pos += 2;
            return OP_IS_NOT;
        }
        op = OP_IS;
        break;
    default: return -1;
    }
    p->pos++;
    return op;
}

static cg_ast *comparison(cg_parser *p) {
    int start = p->pos;
    cg_ast *a = cg_p_bitwise_or(p);
    if (!a)
        return NULL;
    int ops[64], n = 0, cap = 64;
    int *opv = ops;
    cg_vec v = {0};
    for (;;) {
        int mark = p->pos;
        int op = compare_op(p);
        if (op < 0)
            break;
        cg_ast *b = cg_p_bitwise_or(p);
        if (!b) {
            p->pos = mark;
            break;
        }
        if (n == cap) {
            int *nv = cg_ast_arena_alloc_raw(p->arena, (size_t)cap * 2 * sizeof *nv);
            memcpy(nv, opv, (size_t)n * sizeof *nv);
            opv = nv;
            cap *= 2;
        }
        opv[n++] = op;
        cg_vec_push(p, &v, b);
    }
    if (!n)
        return a;
    cg_ast *c = cg_p_node(p, AST_COMPARE, start);
    c->u.compare.left = a;
    c->u.compare.n = n;
    c->u.compare.ops = cg_ast_arena_alloc_raw(p->arena, (size_t)n * sizeof(cg_cmpop));
    for (int i = 0; i < n; i++)
        c->u.compare.ops[i] = (cg_cmpop)opv[i];
    c->u.compare.comparators = cg_vec_list(&v);
    return c;
}

static cg_ast *binop(cg_parser *p, int start, cg_ast *l, cg_binop op, cg_ast *r) {
    cg_ast *n = cg_p_node(p, AST_BIN_OP, start);
    n->u.bin.left = l;
    n->u.bin.op = op;
    n->u.bin.right = r;
    return n;
}

/* The binary operators by precedence, loosest first (bitwise_or down to
 * term in the grammar), each level left-associative over the next: parsed
 * by precedence climbing, which builds the same trees with fewer calls. */
static int binop_prec(int kind, cg_binop *op) {
    switch (kind) {
    case TK_VBAR: *op = OP_BITOR; return 1;
    case TK_CIRCUMFLEX: *op = OP_BITXOR; return 2;
    case TK_AMPER: *op = OP_BITAND; return 3;
    case TK_LEFTSHIFT: *op = OP_LSHIFT; return 4;
    case TK_RIGHTSHIFT: *op = OP_RSHIFT; return 4;
    case TK_PLUS: *op = OP_ADD; return 5;
    case TK_MINUS: *op = OP_SUB; return 5;
    case TK_STAR: *op = OP_MULT; return 6;
    case TK_SLASH: *op = OP_DIV; return 6;
    case TK_DOUBLESLASH: *op = OP_FLOORDIV; return 6;
    case TK_PERCENT: *op = OP_MOD; return 6;
    case TK_AT: *op = OP_MATMULT; return 6;
    default: return 0;
    }
}

static cg_ast *binary(cg_parser *p, int min_prec) {
    int start = p->pos;
    cg_ast *a = factor(p);
    if (!a)
        return NULL;
    int depth = p->depth;
    for (;;) {
        cg_binop op;
        int prec = binop_prec(KIND, &op);
        if (prec < min_prec || !prec)
            break;
        int mark = p->pos;
        p->pos++;
        cg_ast *b = binary(p, prec + 1);
        if (!b) {
            p->pos = mark;
            break;
        }
        a = binop(p, start, a, op, b);
        cg_p_enter(p); /* each link nests the tree one deeper */
    }
    p->depth = depth;
    return a;
}

static cg_ast *bitwise_or_body(cg_parser *p) { return binary(p, 1); }

cg_ast *cg_p_bitwise_or(cg_parser *p) { return memoized(p, CG_MEMO_BITWISE_OR, bitwise_or_body); }

/* power: await_primary '**' factor | await_primary */
static cg_ast *power(cg_parser *p) {
    int start = p->pos;
    cg_ast *a;
    if (KIND == TK_AWAIT) { /* await_primary: 'await' primary */
        p->pos++;
        cg_ast *v = primary(p);
        if (!v) {
            p->pos = start;
            return NULL;
        }
        a = cg_p_node(p, AST_AWAIT, start);
        a->u.expr.value = v;
    } else {
        a = primary(p);
    }
    if (!a || KIND != TK_DOUBLESTAR)
        return a;
    int mark = p->pos;
    p->pos++;
    cg_p_enter(p);
    cg_ast *b = factor(p);
    cg_p_leave(p);
    if (!b) {
        p->pos = mark;
        return a;
    }
    return binop(p, start, a, OP_POW, b);
}

/* factor: '+' factor | '-' factor | '~' factor | power */
static cg_ast *factor(cg_parser *p) {
    int start = p->pos;
    int k = KIND;
    cg_unaryop op;
    if (k == TK_PLUS)
        op = OP_UADD;
    else if (k == TK_MINUS)
        op = OP_USUB;
    else if (k == TK_TILDE)
        op = OP_INVERT;
    else
        return power(p);
    cg_p_enter(p);
    p->pos++;
    cg_ast *a = factor(p);
    cg_p_leave(p);
    if (!a) {
        p->pos = start;
        return NULL;
    }
    cg_ast *n = cg_p_node(p, AST_UNARY_OP, start);
    n->u.unary.op = op;
    n->u.unary.operand = a;
    return n;
}

/* One trailer of a primary (or of t_primary): '.' NAME, a call or a
 * subscript. NULL (pos unchanged) if there is none. */
cg_ast *cg_p_trailer(cg_parser *p, int start, cg_ast *e) {
    int mark = p->pos;
    /* `primary genexp`: in the second pass genexp's invalid_comprehension
     * looks at any bracket that follows a primary */
    if (p->call_invalid_rules && (KIND == TK_LPAR || KIND == TK_LSQB || KIND == TK_LBRACE))
        cg_p_invalid_comprehension(p, mark);
    switch (KIND) {
    case TK_DOT: {
        if (cg_p_kind_at(p, mark + 1) != TK_NAME)
            return NULL;
        p->pos += 2;
        cg_ast *n = cg_p_node(p, AST_ATTRIBUTE, start);
        n->u.attr.value = e;
        n->u.attr.attr = cg_p_name_of(p, &p->toks[mark + 1]);
        n->u.attr.ctx = CTX_LOAD;
        return n;
    }
    case TK_LPAR: return cg_p_call_trailer(p, start, e);
    case TK_LSQB: {
        p->pos++;
        cg_ast *s = slices(p);
        if (!s || KIND != TK_RSQB) {
            p->pos = mark;
            return NULL;
        }
        p->pos++;
        cg_ast *n = cg_p_node(p, AST_SUBSCRIPT, start);
        n->u.sub.value = e;
        n->u.sub.slice = s;
        n->u.sub.ctx = CTX_LOAD;
        return n;
    }
    default: return NULL;
    }
}

static cg_ast *primary(cg_parser *p) {
    int start = p->pos;
    cg_ast *e = cg_p_atom(p);
    if (!e)
        return NULL;
    int depth = p->depth;
    for (;;) {
        cg_ast *n = cg_p_trailer(p, start, e);
        if (!n)
            break;
        e = n;
        cg_p_enter(p);
    }
    p->depth = depth;
    return e;
}

/* ---- slices ------------------------------------------------------------ */

static cg_ast *optional_expression(cg_parser *p) {
    int k = KIND;
    if (k == TK_COLON || k == TK_RSQB || k == TK_COMMA)
        return NULL;
    return cg_p_expression(p);
}

/* slice: [expression] ':' [expression] [':' [expression]] | named_expression */
static cg_ast *slice(cg_parser *p) {
    int start = p->pos;
    if (KIND == TK_NAME && cg_p_kind_at(p, start + 1) == TK_COLONEQUAL)
        return cg_p_named_expression(p);
    cg_ast *lower = NULL;
    if (KIND != TK_COLON) {
        lower = cg_p_expression(p);
        if (!lower)
            return NULL;
        if (KIND != TK_COLON) {
            if (p->call_invalid_rules) {
                p->pos = start;
                return cg_p_named_expression(p);
            }
            if (KIND == TK_COLONEQUAL) {
                p->pos = start;
                return NULL;
            }
            return lower;
        }
    }
    p->pos++;
    cg_ast *upper = optional_expression(p), *step = NULL;
    if (KIND == TK_COLON) {
        p->pos++;
        step = optional_expression(p);
    }
    cg_ast *n = cg_p_node(p, AST_SLICE, start);
    n->u.slice.lower = lower;
    n->u.slice.upper = upper;
    n->u.slice.step = step;
    return n;
}

static cg_ast *slice_or_starred(cg_parser *p) {
    if (KIND == TK_STAR)
        return cg_p_starred_expression(p);
    return slice(p);
}

/* slices: slice !',' | ','.(slice | starred_expression)+ [','] */
static cg_ast *slices(cg_parser *p) {
    int start = p->pos;
    cg_ast *a = slice_or_starred(p);
    if (!a)
        return NULL;
    if (KIND != TK_COMMA && a->kind != AST_STARRED)
        return a;
    cg_vec v = {0};
    cg_vec_push(p, &v, a);
    while (KIND == TK_COMMA) {
        p->pos++;
        int mark = p->pos;
        cg_ast *b = slice_or_starred(p);
        if (!b) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, &v, b);
    }
    cg_ast *t = cg_p_node(p, AST_TUPLE, start);
    t->u.seq.elts = cg_vec_list(&v);
    t->u.seq.ctx = CTX_LOAD;
    return t;
}

/* ---- comprehensions ------------------------------------------------------ */

const cg_ast *cg_p_last_comprehension_item(cg_ast_list gens) {
    const cg_ast *g = gens.items[gens.n - 1];
    if (g->u.gen.ifs.n == 0)
        return g->u.gen.iter;
    return g->u.gen.ifs.items[g->u.gen.ifs.n - 1];
}

/* for_if_clauses: for_if_clause+
 * for_if_clause: 'for' star_targets 'in' ~ disjunction ('if' disjunction)*
 *              | invalid_for_target */
bool cg_p_for_if_clauses(cg_parser *p, cg_ast_list *out) {
    cg_vec v = {0};
    while (KIND == TK_FOR || KIND == TK_ASYNC) {
        int mark = p->pos;
        bool is_async = KIND == TK_ASYNC;
        if (is_async) {
            if (cg_p_kind_at(p, p->pos + 1) != TK_FOR)
                break;
            p->pos++;
        }
        p->pos++;
        cg_ast *target = cg_p_star_targets(p);
        if (!target || KIND != TK_IN) {
            p->pos = mark;
            if (p->call_invalid_rules) {
                p->pos = mark + 1 + is_async;
                cg_ast *a = cg_p_star_expressions(p);
                if (a)
                    cg_p_raise_invalid_target(p, TARGETS_FOR, a);
                p->pos = mark;
            }
            break;
        }
        p->pos++;
        cg_ast *iter = cg_p_disjunction(p);
        if (!iter) {
            p->pos = mark;
            break;
        }
        cg_vec ifs = {0};
        while (KIND == TK_IF) {
            int m2 = p->pos;
            p->pos++;
            cg_ast *c = cg_p_disjunction(p);
            if (!c) {
                p->pos = m2;
                break;
            }
            cg_vec_push(p, &ifs, c);
        }
        cg_p_check_assign_target(p, target);
        cg_ast *g = cg_p_node(p, AST_COMPREHENSION, mark);
        g->u.gen.target = target;
        g->u.gen.iter = iter;
        g->u.gen.ifs = cg_vec_list(&ifs);
        g->u.gen.is_async = is_async;
        cg_vec_push(p, &v, g);
    }
    if (!v.n)
        return false;
    *out = cg_vec_list(&v);
    return true;
}

cg_ast *cg_p_comp_node(cg_parser *p, cg_ast_kind kind, int start, cg_ast *elt, cg_ast_list gens) {
    cg_ast *n = cg_p_node(p, kind, start);
    n->u.comp.elt = elt;
    n->u.comp.generators = gens;
    return n;
}

/* invalid_comprehension for '[', '(' and '{' (second pass); `lpar` is
 * the opening bracket. */
void cg_p_invalid_comprehension(cg_parser *p, int lpar) {
    int k = cg_p_kind_at(p, lpar);
    cg_ast_list gens;
    p->pos = lpar + 1;
    cg_ast *a = cg_p_starred_expression(p);
    if (a && cg_p_for_if_clauses(p, &gens))
        cg_p_raise_node(p, a, "iterable unpacking cannot be used in comprehension");
    if (k == TK_LPAR) {
        p->pos = lpar;
        return;
    }
    p->pos = lpar + 1;
    a = cg_p_star_named_expression(p);
    if (a && KIND == TK_COMMA) {
        cg_token *comma = cg_p_peek(p);
        p->pos++;
        int mark = p->pos;
        cg_vec rest = {0};
        if (star_named_expressions(p, &rest) && cg_p_for_if_clauses(p, &gens))
            cg_p_raise_range(p, a, rest.items[rest.n - 1],
                             "did you forget parentheses around the comprehension target?");
        p->pos = mark;
        if (cg_p_for_if_clauses(p, &gens))
            cg_p_raise_at(p, "SyntaxError", a->line, a->col, comma->end_line, comma->end_col,
                          "did you forget parentheses around the comprehension target?");
    }
    p->pos = lpar;
}

/* ---- atoms ---------------------------------------------------------------- */

/* yield_expr: 'yield' 'from' expression | 'yield' [star_expressions] */
cg_ast *cg_p_yield_expr(cg_parser *p) {
    int start = p->pos;
    p->pos++;
    if (KIND == TK_FROM) {
        p->pos++;
        cg_ast *a = cg_p_expression(p);
        if (!a) {
            p->pos = start;
            return NULL;
        }
        cg_ast *n = cg_p_node(p, AST_YIELD_FROM, start);
        n->u.expr.value = a;
        return n;
    }
    int mark = p->pos;
    cg_ast *a = cg_p_star_expressions(p);
    if (!a)
        p->pos = mark;
    cg_ast *n = cg_p_node(p, AST_YIELD, start);
    n->u.expr.value = a;
    return n;
}

/* '(' ... : tuple | group | genexp */
static cg_ast *paren_atom(cg_parser *p) {
    int start = p->pos;
    p->pos++;
    if (KIND == TK_RPAR) {
        p->pos++;
        cg_ast *t = cg_p_node(p, AST_TUPLE, start);
        t->u.seq.ctx = CTX_LOAD;
        return t;
    }
    if (KIND == TK_YIELD) {
        /* group: '(' yield_expr ')' */
        cg_ast *y = cg_p_yield_expr(p);
        if (y && KIND == TK_RPAR) {
            p->pos++;
            return y;
        }
        p->pos = start;
        return NULL;
    }
    int elem = p->pos;
    cg_ast *e = cg_p_star_named_expression(p);
    if (e && KIND == TK_COMMA) {
        /* tuple: '(' star_named_expression ',' [star_named_expressions] ')' */
        cg_vec v = {0};
        cg_vec_push(p, &v, e);
        p->pos++;
        int mark = p->pos;
        if (!star_named_expressions(p, &v))
            p->pos = mark;
        if (KIND == TK_RPAR) {
            p->pos++;
            cg_ast *t = cg_p_node(p, AST_TUPLE, start);
            t->u.seq.elts = cg_vec_list(&v);
            t->u.seq.ctx = CTX_LOAD;
            return t;
        }
    } else if (e && e->kind != AST_STARRED && KIND == TK_RPAR) {
        p->pos++;
        return e; /* group */
    } else if (e && e->kind != AST_STARRED && (KIND == TK_FOR || KIND == TK_ASYNC)) {
        cg_ast_list gens;
        if (cg_p_for_if_clauses(p, &gens) && KIND == TK_RPAR) {
            p->pos++;
            return cg_p_comp_node(p, AST_GENERATOR_EXP, start, e, gens);
        }
    }
    if (p->call_invalid_rules) {
        /* invalid_group */
        p->pos = elem;
        cg_ast *s = cg_p_starred_expression(p);
        if (s && KIND == TK_RPAR)
            cg_p_raise_node(p, s, "cannot use starred expression here");
        p->pos = elem;
        if (KIND == TK_DOUBLESTAR) {
            cg_token *ds = cg_p_peek(p);
            p->pos++;
            if (cg_p_expression(p) && KIND == TK_RPAR)
                cg_p_raise_tok(p, ds, "cannot use double starred expression here");
        }
        cg_p_invalid_comprehension(p, start);
    }
    p->pos = start;
    return NULL;
}

/* '[' ... : list | listcomp. The first element is parsed once: for a
 * non-starred one, star_named_expression is named_expression. */
static cg_ast *list_atom(cg_parser *p) {
    int start = p->pos;
    p->pos++;
    cg_vec v = {0};
    cg_ast *first = cg_p_star_named_expression(p);
    int first_end = p->pos;
    if (first) {
        cg_vec_push(p, &v, first);
        if (KIND == TK_COMMA) {
            p->pos++;
            int mark = p->pos;
            if (!star_named_expressions(p, &v))
                p->pos = mark;
        }
    }
    if (KIND == TK_RSQB) {
        p->pos++;
        cg_ast *l = cg_p_node(p, AST_LIST, start);
        l->u.seq.elts = cg_vec_list(&v);
        l->u.seq.ctx = CTX_LOAD;
        return l;
    }
    /* listcomp: '[' named_expression for_if_clauses ']' */
    if (first && first->kind != AST_STARRED) {
        p->pos = first_end;
        cg_ast_list gens;
        if (cg_p_for_if_clauses(p, &gens) && KIND == TK_RSQB) {
            p->pos++;
            return cg_p_comp_node(p, AST_LIST_COMP, start, first, gens);
        }
    }
    if (p->call_invalid_rules)
        cg_p_invalid_comprehension(p, start);
    p->pos = start;
    return NULL;
}

/* kvpair: expression ':' expression; double_starred_kvpair adds '**' bitwise_or.
 * The key (or NULL for '**') and the value. */
/* A dict key after the first one: CPython 3.11.7 reports a key that is
 * not followed by ':' as "':' expected after dictionary key", never with
 * the messages of invalid_expression for the key itself (what is nested
 * in it, in brackets, still gets them), so the key's own check is off. */
static cg_ast *quiet_expression(cg_parser *p) {
    p->quiet_next = true;
    cg_ast *e = cg_p_expression(p);
    p->quiet_next = false;
    return e;
}

static bool double_starred_kvpair(cg_parser *p, cg_ast **key, cg_ast **value, bool later) {
    int start = p->pos;
    if (KIND == TK_DOUBLESTAR) {
        p->pos++;
        *key = NULL;
        *value = cg_p_bitwise_or(p);
        if (!*value)
            p->pos = start;
        return *value != NULL;
    }
    *key = later ? quiet_expression(p) : cg_p_expression(p);
    if (!*key || KIND != TK_COLON) {
        p->pos = start;
        return false;
    }
    p->pos++;
    *value = cg_p_expression(p);
    if (!*value)
        p->pos = start;
    return *value != NULL;
}

/* invalid_kvpair and the last two alternatives of
 * invalid_double_starred_kvpairs (second pass). */
static void invalid_kvpair(cg_parser *p, bool first) {
    int start = p->pos;
    cg_ast *a = first ? cg_p_expression(p) : quiet_expression(p);
    if (a && KIND != TK_COLON && !first)
        cg_p_raise_at(p, "SyntaxError", a->line, a->end_col - 1, a->end_line, -1, "':' expected after dictionary key");
    if (a && KIND == TK_COLON) {
        cg_token *colon = cg_p_peek(p);
        p->pos++;
        if (KIND == TK_STAR) {
            cg_token *star = cg_p_peek(p);
            p->pos++;
            if (cg_p_bitwise_or(p))
                cg_p_raise_at(p, "SyntaxError", star->line, star->col, CG_CURRENT_POS, CG_CURRENT_POS,
                              "cannot use a starred expression in a dictionary value");
        }
        p->pos = start;
        if (first)
            cg_p_expression(p);
        else
            quiet_expression(p);
        p->pos++;
        if (KIND == TK_RBRACE || KIND == TK_COMMA)
            cg_p_raise_tok(p, colon, "expression expected after dictionary key and ':'");
    }
    p->pos = start;
}

static void invalid_double_starred_kvpairs(cg_parser *p) {
    int start = p->pos;
    cg_ast *k, *v;
    /* ','.double_starred_kvpair+ ',' invalid_kvpair */
    if (double_starred_kvpair(p, &k, &v, false)) {
        while (KIND == TK_COMMA) {
            p->pos++;
            int mark = p->pos;
            invalid_kvpair(p, false);
            if (!double_starred_kvpair(p, &k, &v, true)) {
                p->pos = mark;
                break;
            }
        }
    }
    p->pos = start;
    invalid_kvpair(p, true);
    p->pos = start;
}

/* ','.double_starred_kvpair+ [','] into keys/values; *trailing is set
 * when a comma ends it. False if there is none. */
static bool kvpairs(cg_parser *p, cg_vec *keys, cg_vec *values, bool *trailing) {
    cg_ast *k, *v;
    *trailing = false;
    if (!double_starred_kvpair(p, &k, &v, false))
        return false;
    cg_vec_push(p, keys, k);
    cg_vec_push(p, values, v);
    while (KIND == TK_COMMA) {
        p->pos++;
        int mark = p->pos;
        if (!double_starred_kvpair(p, &k, &v, true)) {
            p->pos = mark;
            *trailing = true;
            break;
        }
        cg_vec_push(p, keys, k);
        cg_vec_push(p, values, v);
    }
    return true;
}

/* The second pass's messages for braces, in the order pegen tries them. */
static void invalid_braces(cg_parser *p, int start) {
    int first = start + 1;
    cg_ast_list gens;
    p->pos = first;
    invalid_double_starred_kvpairs(p);
    cg_vec tmp = {0};
    p->pos = first;
    star_named_expressions(p, &tmp);
    /* invalid_dict_comprehension: '{' '**' bitwise_or for_if_clauses '}' */
    p->pos = first;
    if (KIND == TK_DOUBLESTAR) {
        cg_token *ds = cg_p_peek(p);
        p->pos++;
        if (cg_p_bitwise_or(p) && cg_p_for_if_clauses(p, &gens) && KIND == TK_RBRACE)
            cg_p_raise_tok(p, ds, "dict unpacking cannot be used in dict comprehension");
    }
    cg_p_invalid_comprehension(p, start);
    p->pos = start;
}

/* '{' ... : dict | set | dictcomp | setcomp. A first item followed by ':'
 * makes a dict or a dictcomp, anything else a set or a setcomp. */
static cg_ast *brace_atom(cg_parser *p) {
    int start = p->pos;
    p->pos++;
    int first = p->pos;
    if (KIND == TK_RBRACE) {
        p->pos++;
        return cg_p_node(p, AST_DICT, start);
    }
    bool dict = KIND == TK_DOUBLESTAR;
    if (!dict && KIND != TK_STAR && !(KIND == TK_NAME && cg_p_kind_at(p, first + 1) == TK_COLONEQUAL)) {
        cg_ast *key = cg_p_expression(p);
        dict = key && KIND == TK_COLON;
        p->pos = first;
    }
    cg_ast_list gens;
    bool trailing = false;
    if (dict) {
        cg_vec keys = {0}, values = {0};
        if (kvpairs(p, &keys, &values, &trailing) && KIND == TK_RBRACE) {
            p->pos++;
            cg_ast *d = cg_p_node(p, AST_DICT, start);
            d->u.dict.keys = cg_vec_list(&keys);
            d->u.dict.values = cg_vec_list(&values);
            return d;
        }
        if (keys.n == 1 && keys.items[0] && !trailing && cg_p_for_if_clauses(p, &gens) && KIND == TK_RBRACE) {
            p->pos++;
            cg_ast *n = cg_p_node(p, AST_DICT_COMP, start);
            n->u.comp.key = keys.items[0];
            n->u.comp.value = values.items[0];
            n->u.comp.generators = gens;
            return n;
        }
    } else {
        cg_vec elts = {0};
        cg_ast *e = cg_p_star_named_expression(p);
        if (e) {
            cg_vec_push(p, &elts, e);
            int e_end = p->pos;
            if (KIND == TK_COMMA) {
                p->pos++;
                int mark = p->pos;
                if (!star_named_expressions(p, &elts))
                    p->pos = mark;
            }
            if (KIND == TK_RBRACE) {
                p->pos++;
                cg_ast *s = cg_p_node(p, AST_SET, start);
                s->u.seq.elts = cg_vec_list(&elts);
                return s;
            }
            p->pos = e_end;
            if (e->kind != AST_STARRED && cg_p_for_if_clauses(p, &gens) && KIND == TK_RBRACE) {
                p->pos++;
                return cg_p_comp_node(p, AST_SET_COMP, start, e, gens);
            }
        }
    }
    if (p->call_invalid_rules)
        invalid_braces(p, start);
    p->pos = start;
    return NULL;
}

/* Note [Atoms memoized]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * In the second pass, named_expression tries invalid_named_expression,
 * whose negative lookahead parses the list, tuple or genexp that starts
 * there, and then parses the same brackets again as an expression. Each
 * parse of a bracket re-enters named_expression for its first element, so
 * n nested unclosed brackets ("[" * n + "_:") cost 2^n parses: 7 s and
 * 1.6 GB at n = 24. A bracketed atom is therefore memoized at its
 * position, as expression and bitwise_or are; only while the invalid rules
 * are on, so that what an atom raises with them on is never hidden by what
 * it parsed to with them off (in invalid_expression's lookahead). */
static cg_ast *bracket_atom(cg_parser *p) {
    cg_tok_kind k = cg_p_peek(p)->kind;
    cg_p_enter(p);
    cg_ast *r = k == TK_LPAR ? paren_atom(p) : k == TK_LSQB ? list_atom(p) : brace_atom(p);
    cg_p_leave(p);
    return r;
}

cg_ast *cg_p_atom(cg_parser *p) {
    int start = p->pos;
    cg_token *t = cg_p_peek(p);
    switch (t->kind) {
    case TK_NAME: p->pos++; return cg_p_name_node(p, start, CTX_LOAD);
    case TK_TRUE: p->pos++; return const_node(p, start, CONST_TRUE);
    case TK_FALSE: p->pos++; return const_node(p, start, CONST_FALSE);
    case TK_NONE: p->pos++; return const_node(p, start, CONST_NONE);
    case TK_ELLIPSIS: p->pos++; return const_node(p, start, CONST_ELLIPSIS);
    case TK_STRING: return cg_p_strings(p);
    case TK_NUMBER: p->pos++; return cg_p_number(p, t, start);
    case TK_LPAR:
    case TK_LSQB:
    case TK_LBRACE: return p->memo && p->call_invalid_rules ? memoized(p, CG_MEMO_ATOM, bracket_atom) : bracket_atom(p);
    default: return NULL;
    }
}

/* ---- lambda -------------------------------------------------------------- */

static cg_ast *lambdef(cg_parser *p) {
    int start = p->pos;
    p->pos++;
    cg_ast *args;
    if (KIND == TK_COLON)
        args = cg_p_node(p, AST_ARGUMENTS, start);
    else
        args = cg_p_params(p, true);
    if (!args || KIND != TK_COLON) {
        p->pos = start;
        return NULL;
    }
    p->pos++;
    cg_ast *body = cg_p_expression(p);
    if (!body) {
        p->pos = start;
        return NULL;
    }
    cg_ast *ret = cg_p_node(p, AST_RETURN, start);
    ret->line = body->line, ret->col = body->col, ret->end_line = body->end_line, ret->end_col = body->end_col;
    ret->u.expr.value = body;
    cg_p_check_duplicate_args(p, args);
    cg_ast *n = cg_p_node(p, AST_LAMBDA, start);
    n->u.func.name = "<lambda>";
    n->u.func.args = args;
    n->u.func.body = cg_p_list1(p, ret);
    return n;
}
