/* parse_stmt.c: statements, rule by rule as in CPython 3.11's
 * Grammar/python.gram: simple statements (assignment in all its forms,
 * return, import, del, ...), compound ones (if, for, while, try, with,
 * def, class), blocks, and the file. The second pass's invalid_* rules for
 * statements live beside the rules they shadow, and so do the checks
 * CPython makes in its compiler ('return' outside function, 'break'
 * outside loop, starred assignment targets, duplicate arguments).
 *
 * This is not the machinery of passes and errors (parser.c). */
#include <stdio.h>
#include <string.h>

/* CPython's compile error for leaving an except* clause's body */
#define EXCEPT_STAR_EXIT "'break', 'continue' and 'return' cannot appear in an except* block"

#include "parse/parser.h"

/* ---- statements --------------------------------------------------------------- */

static bool statements(cg_parser *p, cg_vec *out);

static cg_ast *stmt_node(cg_parser *p, cg_ast_kind kind, int start) { return cg_p_node(p, kind, start); }

static bool is_augassign(int k) {
    switch (k) {
    case TK_PLUSEQUAL:
    case TK_MINEQUAL:
    case TK_STAREQUAL:
    case TK_ATEQUAL:
    case TK_SLASHEQUAL:
    case TK_PERCENTEQUAL:
    case TK_AMPEREQUAL:
    case TK_VBAREQUAL:
    case TK_CIRCUMFLEXEQUAL:
    case TK_LEFTSHIFTEQUAL:
    case TK_RIGHTSHIFTEQUAL:
    case TK_DOUBLESTAREQUAL:
    case TK_DOUBLESLASHEQUAL: return true;
    default: return false;
    }
}

static cg_binop augassign_op(int k) {
    switch (k) {
    case TK_PLUSEQUAL: return OP_ADD;
    case TK_MINEQUAL: return OP_SUB;
    case TK_STAREQUAL: return OP_MULT;
    case TK_ATEQUAL: return OP_MATMULT;
    case TK_SLASHEQUAL: return OP_DIV;
    case TK_PERCENTEQUAL: return OP_MOD;
    case TK_AMPEREQUAL: return OP_BITAND;
    case TK_VBAREQUAL: return OP_BITOR;
    case TK_CIRCUMFLEXEQUAL: return OP_BITXOR;
    case TK_LEFTSHIFTEQUAL: return OP_LSHIFT;
    case TK_RIGHTSHIFTEQUAL: return OP_RSHIFT;
    case TK_DOUBLESTAREQUAL: return OP_POW;
    default: return OP_FLOORDIV;
    }
}

static bool is_single_target(const cg_ast *e) {
    return e->kind == AST_NAME || e->kind == AST_ATTRIBUTE || e->kind == AST_SUBSCRIPT;
}

/* annotated_rhs / the right of '=': yield_expr | star_expressions */
static cg_ast *rhs(cg_parser *p) {
    if (KIND == TK_YIELD)
        return cg_p_yield_expr(p);
    return cg_p_star_expressions(p);
}

/* Compiler checks on starred expressions in a statement's values. */
static void check_starred_load(cg_parser *p, const cg_ast *e) {
    if (e && e->kind == AST_STARRED)
        cg_p_compile_error(p, e, "can't use starred expression here");
}

void cg_p_check_assign_target(cg_parser *p, const cg_ast *t) {
    if (t->kind == AST_STARRED) {
        cg_p_compile_error(p, t, "starred assignment target must be in a list or tuple");
        return;
    }
    if (t->kind != AST_TUPLE && t->kind != AST_LIST)
        return;
    int stars = 0;
    for (int i = 0; i < t->u.seq.elts.n; i++) {
        const cg_ast *e = t->u.seq.elts.items[i];
        if (e->kind == AST_STARRED) {
            if (++stars == 2)
                cg_p_compile_error(p, t, "multiple starred expressions in assignment");
            cg_p_check_assign_target(p, e->u.starred.value);
        } else
            cg_p_check_assign_target(p, e);
    }
}

/* invalid_ann_assign_target: list | tuple | '(' invalid_ann_assign_target ')' */
static cg_ast *invalid_ann_assign_target(cg_parser *p) {
    int start = p->pos;
    if (KIND == TK_LPAR) {
        p->pos++;
        cg_ast *a = invalid_ann_assign_target(p);
        if (a && KIND == TK_RPAR) {
            p->pos++;
            return a;
        }
        p->pos = start;
    }
    if (KIND != TK_LPAR && KIND != TK_LSQB)
        return NULL;
    cg_ast *a = cg_p_atom(p);
    if (a && (a->kind == AST_LIST || a->kind == AST_TUPLE) && a->col == p->toks[start].col
        && a->line == p->toks[start].line)
        return a;
    p->pos = start;
    return NULL;
}

/* invalid_assignment (second pass), from the statement's start. */
static void invalid_assignment(cg_parser *p, int start) {
    p->pos = start;
    cg_ast *a = invalid_ann_assign_target(p);
    if (a && KIND == TK_COLON) {
        p->pos++;
        if (cg_p_expression(p))
            cg_p_raise_node(p, a, "only single target (not %s) can be annotated",
                            a->kind == AST_LIST ? "list" : "tuple");
    }
    p->pos = start;
    a = cg_p_star_named_expression(p);
    if (a && KIND == TK_COMMA) {
        p->pos++;
        /* star_named_expressions*: gathers one after another, so the
         * elements need no comma between them */
        while (cg_p_star_named_expression(p))
            if (KIND == TK_COMMA)
                p->pos++;
        if (KIND == TK_COLON) {
            p->pos++;
            if (cg_p_expression(p))
                cg_p_raise_node(p, a, "only single target (not tuple) can be annotated");
        }
    }
    p->pos = start;
    a = cg_p_expression(p);
    if (a && KIND == TK_COLON) {
        p->pos++;
        if (cg_p_expression(p))
            cg_p_raise_node(p, a, "illegal target for annotation");
    }
    /* (star_targets '=')* a=star_expressions '=' */
    p->pos = start;
    for (;;) {
        int mark = p->pos;
        cg_ast *t = cg_p_star_targets(p);
        if (!t || KIND != TK_EQUAL) {
            p->pos = mark;
            break;
        }
        p->pos++;
    }
    int after_targets = p->pos;
    a = cg_p_star_expressions(p);
    if (a && KIND == TK_EQUAL)
        cg_p_raise_invalid_target(p, TARGETS_STAR, a);
    p->pos = after_targets;
    if (KIND == TK_YIELD) {
        a = cg_p_yield_expr(p);
        if (a && KIND == TK_EQUAL)
            cg_p_raise_node(p, a, "assignment to yield expression not possible");
    }
    /* a=star_expressions augassign (yield_expr | star_expressions) */
    p->pos = start;
    a = cg_p_star_expressions(p);
    if (a && is_augassign(KIND)) {
        p->pos++;
        if (rhs(p))
            cg_p_raise_node(p, a, "'%s' is an illegal expression for augmented assignment", cg_p_expr_name(a));
    }
    p->pos = start;
}

/* An annotated assignment once target ':' is read. */
static cg_ast *ann_assign(cg_parser *p, int start, cg_ast *target) {
    int mark = p->pos;
    p->pos++;
    cg_ast *ann = cg_p_expression(p);
    if (!ann) {
        p->pos = mark;
        return NULL;
    }
    cg_ast *value = NULL;
    if (KIND == TK_EQUAL) {
        int m2 = p->pos;
        p->pos++;
        value = rhs(p);
        if (!value)
            p->pos = m2;
    }
    cg_p_set_ctx(target, CTX_STORE);
    cg_ast *s = stmt_node(p, AST_ANN_ASSIGN, start);
    s->u.ann.target = target;
    s->u.ann.annotation = ann;
    s->u.ann.value = value;
    return s;
}

/* assignment | star_expressions: what starts with an expression. */
static cg_ast *assignment_or_expr(cg_parser *p) {
    int start = p->pos;
    if (KIND == TK_NAME && cg_p_kind_at(p, start + 1) == TK_COLON) {
        p->pos++;
        cg_ast *name = cg_p_node(p, AST_NAME, start);
        name->u.name.id = cg_p_name_of(p, &p->toks[start]);
        cg_ast *s = ann_assign(p, start, name);
        if (s)
            return s;
        p->pos = start;
    }
    cg_ast *e = cg_p_star_expressions(p);
    if (!e) {
        if (p->call_invalid_rules)
            invalid_assignment(p, start);
        return NULL;
    }
    int k = KIND;
    if (k == TK_COLON && is_single_target(e)) {
        cg_ast *s = ann_assign(p, start, e);
        if (s)
            return s;
    } else if (k == TK_EQUAL) {
        cg_vec targets = {0};
        cg_ast *value = e;
        bool ok = true;
        while (KIND == TK_EQUAL) {
            if (!cg_p_set_ctx(value, CTX_STORE)) {
                ok = false;
                break;
            }
            cg_vec_push(p, &targets, value);
            int mark = p->pos;
            p->pos++;
            value = rhs(p);
            if (!value) {
                p->pos = mark;
                ok = false;
                break;
            }
        }
        if (ok) {
            for (int i = 0; i < targets.n; i++)
                cg_p_check_assign_target(p, targets.items[i]);
            check_starred_load(p, value);
            cg_ast *s = stmt_node(p, AST_ASSIGN, start);
            s->u.assign.targets = cg_vec_list(&targets);
            s->u.assign.value = value;
            return s;
        }
    } else if (is_augassign(k) && is_single_target(e)) {
        int mark = p->pos;
        p->pos++;
        cg_ast *value = rhs(p);
        if (value) {
            check_starred_load(p, value);
            cg_p_set_ctx(e, CTX_STORE);
            cg_ast *s = stmt_node(p, AST_AUG_ASSIGN, start);
            s->u.aug.target = e;
            s->u.aug.op = augassign_op(k);
            s->u.aug.value = value;
            return s;
        }
        p->pos = mark;
        return NULL; /* the cut after augassign: no other alternative */
    } else if (k != TK_COLON && !is_augassign(k)) {
        /* pegen tries invalid_assignment before star_expressions */
        if (p->call_invalid_rules) {
            int end = p->pos;
            invalid_assignment(p, start);
            p->pos = end;
        }
        check_starred_load(p, e);
        cg_ast *s = stmt_node(p, AST_EXPR_STMT, start);
        s->u.expr.value = e;
        return s;
    }
    if (p->call_invalid_rules)
        invalid_assignment(p, start);
    /* star_expressions as an expression statement; what follows fails */
    p->pos = start;
    e = cg_p_star_expressions(p);
    cg_ast *s = stmt_node(p, AST_EXPR_STMT, start);
    s->u.expr.value = e;
    return s;
}

static cg_ast *return_stmt(cg_parser *p) {
    int start = p->pos;
    p->pos++;
    cg_ast *v = NULL;
    int k = KIND;
    if (k != TK_NEWLINE && k != TK_SEMI) {
        int mark = p->pos;
        v = cg_p_star_expressions(p);
        if (!v)
            p->pos = mark;
    }
    cg_ast *s = stmt_node(p, AST_RETURN, start);
    s->u.expr.value = v;
    if (p->func_depth == 0)
        cg_p_compile_error(p, s, "'return' outside function");
    else if (p->star_func == p->func_depth + 1) /* CPython's place: the value's, once evaluated */
        cg_p_compile_error(p, v ? v : s, "%s", EXCEPT_STAR_EXIT);
    check_starred_load(p, v);
    return s;
}

/* yield_stmt: yield_expr, after the invalid_assignment of pegen's first
 * alternative (`yield x = 1`). */
static cg_ast *yield_stmt(cg_parser *p, int start) {
    if (p->call_invalid_rules) {
        invalid_assignment(p, start);
        p->pos = start;
    }
    cg_ast *y = cg_p_yield_expr(p);
    if (!y)
        return NULL;
    cg_ast *s = stmt_node(p, AST_EXPR_STMT, start);
    s->u.expr.value = y;
    return s;
}

static cg_ast *raise_stmt(cg_parser *p) {
    int start = p->pos;
    p->pos++;
    cg_ast *exc = NULL, *cause = NULL;
    int mark = p->pos;
    exc = cg_p_expression(p);
    if (exc && KIND == TK_FROM) {
        int m2 = p->pos;
        p->pos++;
        cause = cg_p_expression(p);
        if (!cause)
            p->pos = m2;
    }
    if (!exc)
        p->pos = mark;
    cg_ast *s = stmt_node(p, AST_RAISE, start);
    s->u.raise.exc = exc;
    s->u.raise.cause = cause;
    return s;
}

static cg_ast *assert_stmt(cg_parser *p) {
    int start = p->pos;
    p->pos++;
    cg_ast *test = cg_p_expression(p);
    if (!test) {
        p->pos = start;
        return NULL;
    }
    cg_ast *msg = NULL;
    if (KIND == TK_COMMA) {
        int mark = p->pos;
        p->pos++;
        msg = cg_p_expression(p);
        if (!msg)
            p->pos = mark;
    }
    cg_ast *s = stmt_node(p, AST_ASSERT, start);
    s->u.assert_.test = test;
    s->u.assert_.msg = msg;
    return s;
}

/* del_stmt: 'del' del_targets &(';' | NEWLINE) | invalid_del_stmt */
static cg_ast *del_stmt(cg_parser *p) {
    int start = p->pos;
    p->pos++;
    cg_ast_list targets;
    if (cg_p_del_targets(p, &targets) && (KIND == TK_SEMI || KIND == TK_NEWLINE)) {
        cg_ast *s = stmt_node(p, AST_DELETE, start);
        s->u.del.targets = targets;
        return s;
    }
    if (p->call_invalid_rules) {
        p->pos = start + 1;
        cg_ast *a = cg_p_star_expressions(p);
        if (a)
            cg_p_raise_invalid_target(p, TARGETS_DEL, a);
    }
    p->pos = start;
    return NULL;
}

/* global_stmt / nonlocal_stmt: 'global' ','.NAME+ */
static cg_ast *names_stmt(cg_parser *p, cg_ast_kind kind) {
    int start = p->pos;
    p->pos++;
    if (KIND != TK_NAME) {
        p->pos = start;
        return NULL;
    }
    int first = p->pos, n = 1;
    p->pos++;
    while (KIND == TK_COMMA && cg_p_kind_at(p, p->pos + 1) == TK_NAME) {
        p->pos += 2;
        n++;
    }
    cg_ast *s = stmt_node(p, kind, start);
    s->u.names.n = n;
    s->u.names.names = cg_ast_arena_alloc_raw(p->arena, (size_t)n * sizeof(char *));
    for (int i = 0; i < n; i++)
        s->u.names.names[i] = cg_p_name_of(p, &p->toks[first + 2 * i]);
    if (kind == AST_NONLOCAL && p->func_depth == 0)
        cg_p_symtable_error(p, s, "nonlocal declaration not allowed at module level");
    return s;
}

/* dotted_name: NAME ('.' NAME)*, as one string */
static const char *dotted_name(cg_parser *p) {
    if (KIND != TK_NAME)
        return NULL;
    int start = p->pos;
    p->pos++;
    while (KIND == TK_DOT && cg_p_kind_at(p, p->pos + 1) == TK_NAME)
        p->pos += 2;
    size_t len = 0;
    for (int i = start; i < p->pos; i++)
        len += (size_t)p->toks[i].len;
    char *s = cg_ast_arena_alloc_raw(p->arena, len + 1);
    size_t o = 0;
    for (int i = start; i < p->pos; i++) {
        memcpy(s + o, p->toks[i].s, (size_t)p->toks[i].len);
        o += (size_t)p->toks[i].len;
    }
    s[o] = 0;
    return s;
}

static cg_ast *alias(cg_parser *p, bool dotted) {
    int start = p->pos;
    const char *name =
        dotted ? dotted_name(p) : (KIND == TK_NAME ? (p->pos++, cg_p_name_of(p, &p->toks[start])) : NULL);
    if (!name)
        return NULL;
    const char *asname = NULL;
    if (KIND == TK_AS) {
        if (cg_p_kind_at(p, p->pos + 1) != TK_NAME) {
            p->pos = start;
            return NULL;
        }
        asname = cg_p_name_of(p, cg_p_tok(p, p->pos + 1));
        p->pos += 2;
    }
    cg_ast *a = cg_p_node(p, AST_ALIAS, start);
    a->u.alias.name = name;
    a->u.alias.asname = asname;
    return a;
}

/* ','.alias+ into v */
static bool aliases(cg_parser *p, cg_vec *v, bool dotted) {
    cg_ast *a = alias(p, dotted);
    if (!a)
        return false;
    cg_vec_push(p, v, a);
    while (KIND == TK_COMMA) {
        int mark = p->pos;
        p->pos++;
        a = alias(p, dotted);
        if (!a) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, v, a);
    }
    return true;
}

static cg_ast *import_name(cg_parser *p) {
    int start = p->pos;
    p->pos++;
    cg_vec v = {0};
    if (!aliases(p, &v, true)) {
        p->pos = start;
        return NULL;
    }
    cg_ast *s = stmt_node(p, AST_IMPORT, start);
    s->u.import.names = cg_vec_list(&v);
    return s;
}

/* import_from_targets: '(' import_from_as_names [','] ')'
 *                    | import_from_as_names !',' | '*' */
static bool import_from_targets(cg_parser *p, cg_vec *v) {
    int start = p->pos;
    if (KIND == TK_LPAR) {
        p->pos++;
        if (aliases(p, v, false)) {
            if (KIND == TK_COMMA)
                p->pos++;
            if (KIND == TK_RPAR) {
                p->pos++;
                return true;
            }
        }
        p->pos = start;
        v->n = 0;
        return false;
    }
    if (KIND == TK_STAR) {
        p->pos++;
        cg_ast *a = cg_p_node(p, AST_ALIAS, start);
        a->u.alias.name = "*";
        cg_vec_push(p, v, a);
        return true;
    }
    if (aliases(p, v, false)) {
        if (KIND != TK_COMMA)
            return true;
        if (p->call_invalid_rules && cg_p_kind_at(p, p->pos + 1) == TK_NEWLINE) {
            p->pos++;
            cg_p_tok(p, p->pos);
            cg_p_raise_last(p, "SyntaxError", "trailing comma not allowed without surrounding parentheses");
        }
    }
    p->pos = start;
    v->n = 0;
    return false;
}

static cg_ast *import_from(cg_parser *p) {
    int start = p->pos;
    p->pos++;
    int level = 0;
    while (KIND == TK_DOT || KIND == TK_ELLIPSIS) {
        level += KIND == TK_DOT ? 1 : 3;
        p->pos++;
    }
    const char *module = dotted_name(p);
    if ((!module && level == 0) || KIND != TK_IMPORT) {
        p->pos = start;
        return NULL;
    }
    p->pos++;
    cg_vec v = {0};
    if (!import_from_targets(p, &v)) {
        p->pos = start;
        return NULL;
    }
    cg_ast *s = stmt_node(p, AST_IMPORT_FROM, start);
    s->u.import.module = module;
    s->u.import.level = level;
    s->u.import.names = cg_vec_list(&v);
    return s;
}

static cg_ast *simple_stmt(cg_parser *p) {
    int start = p->pos;
    cg_token *t = cg_p_peek(p);
    switch (t->kind) {
    case TK_RETURN: return return_stmt(p);
    case TK_IMPORT: return import_name(p);
    case TK_FROM: return import_from(p);
    case TK_RAISE: return raise_stmt(p);
    case TK_PASS: p->pos++; return stmt_node(p, AST_PASS, start);
    case TK_DEL: return del_stmt(p);
    case TK_YIELD: return yield_stmt(p, start);
    case TK_ASSERT: return assert_stmt(p);
    case TK_BREAK:
    case TK_CONTINUE: {
        p->pos++;
        cg_ast *s = stmt_node(p, t->kind == TK_BREAK ? AST_BREAK : AST_CONTINUE, start);
        if (p->star_loop == p->loop_depth + 1)
            cg_p_compile_error(p, s, "%s", EXCEPT_STAR_EXIT);
        else if (p->loop_depth == 0)
            cg_p_compile_error(p, s, t->kind == TK_BREAK ? "'break' outside loop" : "'continue' not properly in loop");
        return s;
    }
    case TK_GLOBAL: return names_stmt(p, AST_GLOBAL);
    case TK_NONLOCAL: return names_stmt(p, AST_NONLOCAL);
    default: return assignment_or_expr(p);
    }
}

/* simple_stmts: ';'.simple_stmt+ [';'] NEWLINE */
static bool simple_stmts(cg_parser *p, cg_vec *out) {
    int start = p->pos, n0 = out->n;
    cg_ast *s = simple_stmt(p);
    if (!s) {
        p->pos = start;
        return false;
    }
    cg_vec_push(p, out, s);
    while (KIND == TK_SEMI) {
        int mark = p->pos;
        p->pos++;
        s = simple_stmt(p);
        if (!s) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, out, s);
    }
    if (KIND == TK_SEMI)
        p->pos++;
    if (KIND != TK_NEWLINE) {
        p->pos = start;
        out->n = n0;
        return false;
    }
    p->pos++;
    return true;
}

/* IndentationError "expected an indented block after ..." when a ':' is
 * followed by NEWLINE and no INDENT (the second pass's invalid_*_stmt). */
static void expect_indented(cg_parser *p, const cg_token *kw, const char *what) {
    if (!p->call_invalid_rules || KIND != TK_NEWLINE || cg_p_kind_at(p, p->pos + 1) == TK_INDENT)
        return;
    cg_p_raise_last(p, "IndentationError", "expected an indented block after %s on line %d", what, kw->line);
}

/* block: NEWLINE INDENT statements DEDENT | simple_stmts | invalid_block */
bool cg_p_block(cg_parser *p, cg_ast_list *out) {
    int start = p->pos;
    cg_vec v = {0};
    if (KIND == TK_NEWLINE) {
        if (cg_p_kind_at(p, start + 1) == TK_INDENT) {
            p->pos += 2;
            if (statements(p, &v) && KIND == TK_DEDENT) {
                p->pos++;
                *out = cg_vec_list(&v);
                return true;
            }
            p->pos = start;
        }
        if (p->call_invalid_rules && cg_p_kind_at(p, start + 1) != TK_INDENT)
            cg_p_raise_last(p, "IndentationError", "expected an indented block");
        return false;
    }
    if (simple_stmts(p, &v)) {
        *out = cg_vec_list(&v);
        return true;
    }
    return false;
}

/* The compiler meets a statement's own errors before those of its body,
 * which the parser has read first: the body's first error is set aside
 * while the statement's own checks run, and comes back if they find
 * nothing. */
void cg_p_body_begins(cg_parser *p, cg_err_order *o) {
    o->had = p->has_compile_error;
    o->body_err = false;
}

void cg_p_own_checks_begin(cg_parser *p, cg_err_order *o) {
    o->body_err = !o->had && p->has_compile_error;
    if (o->body_err) {
        o->err = p->compile_err;
        p->has_compile_error = false;
    }
}

void cg_p_own_checks_end(cg_parser *p, cg_err_order *o) {
    if (o->body_err && !p->has_compile_error) {
        p->has_compile_error = true;
        p->compile_err = o->err;
    }
}

/* CPython's compiler keeps at most 20 blocks open (CO_MAXBLOCKS): loops,
 * with, try. A statement that opens more is an error (one of its own). */
#define MAX_FBLOCKS 20

static void check_fblocks(cg_parser *p, int opened, const cg_ast *s) {
    if (p->fblocks + opened > MAX_FBLOCKS)
        cg_p_compile_error(p, s, "too many statically nested blocks");
}

/* The block of a loop: break and continue are allowed in it. */
static bool loop_block(cg_parser *p, cg_ast_list *out) {
    p->loop_depth++;
    bool ok = cg_p_block(p, out);
    p->loop_depth--;
    return ok;
}

/* else_block: invalid_else_stmt | 'else' &&':' block */
static bool else_block(cg_parser *p, cg_ast_list *out) {
    cg_token *kw = cg_p_peek(p);
    p->pos++;
    if (p->call_invalid_rules && KIND == TK_COLON) {
        p->pos++;
        expect_indented(p, kw, "'else' statement");
        p->pos--;
    }
    cg_p_expect_forced(p, TK_COLON, ":");
    return cg_p_block(p, out);
}

/* The ':' that ends a compound statement's header, and the indented block
 * that must follow it; false when the ':' is missing ("expected ':'" on
 * the second pass when the line ends there). */
bool cg_p_header_colon(cg_parser *p, const cg_token *kw, const char *what) {
    if (KIND != TK_COLON) {
        if (p->call_invalid_rules && KIND == TK_NEWLINE)
            cg_p_raise_last(p, "SyntaxError", "expected ':'");
        return false;
    }
    p->pos++;
    expect_indented(p, kw, what);
    return true;
}

/* if_stmt / elif_stmt */
static cg_ast *if_stmt(cg_parser *p) {
    int start = p->pos;
    cg_token *kw = cg_p_peek(p);
    p->pos++;
    cg_ast *test = cg_p_named_expression(p);
    if (!test) {
        p->pos = start;
        return NULL;
    }
    if (!cg_p_header_colon(p, kw, kw->kind == TK_IF ? "'if' statement" : "'elif' statement")) {
        p->pos = start;
        return NULL;
    }
    cg_ast_list body, orelse = {0};
    if (!cg_p_block(p, &body)) {
        p->pos = start;
        return NULL;
    }
    if (KIND == TK_ELIF) {
        cg_p_enter(p); /* an elif is an If in the orelse */
        cg_ast *e = if_stmt(p);
        cg_p_leave(p);
        if (!e) {
            p->pos = start;
            return NULL;
        }
        orelse = cg_p_list1(p, e);
    } else if (KIND == TK_ELSE) {
        int mark = p->pos;
        if (!else_block(p, &orelse))
            p->pos = mark;
    }
    cg_ast *s = stmt_node(p, AST_IF, start);
    s->u.cond.test = test;
    s->u.cond.body = body;
    s->u.cond.orelse = orelse;
    return s;
}

static bool loop_else(cg_parser *p, cg_ast_list *orelse) {
    if (KIND != TK_ELSE)
        return true;
    int mark = p->pos;
    if (!else_block(p, orelse))
        p->pos = mark;
    return true;
}

/* A loop's ':' block [else_block], after its header; false (position
 * unchanged for the caller to reset) when there is no such tail. */
static bool loop_rest(cg_parser *p, cg_token *kw, const char *what, cg_ast_list *body, cg_ast_list *orelse,
                      cg_err_order *eo) {
    if (!cg_p_header_colon(p, kw, what))
        return false;
    cg_p_body_begins(p, eo);
    p->fblocks++;
    bool ok = loop_block(p, body);
    p->fblocks--;
    if (ok)
        loop_else(p, orelse);
    return ok;
}

static cg_ast *while_stmt(cg_parser *p) {
    int start = p->pos;
    cg_token *kw = cg_p_peek(p);
    p->pos++;
    cg_ast *test = cg_p_named_expression(p);
    if (!test) {
        p->pos = start;
        return NULL;
    }
    cg_ast_list body, orelse = {0};
    cg_err_order eo;
    if (!loop_rest(p, kw, "'while' statement", &body, &orelse, &eo)) {
        p->pos = start;
        return NULL;
    }
    cg_ast *s = stmt_node(p, AST_WHILE, start);
    s->u.cond.test = test;
    s->u.cond.body = body;
    s->u.cond.orelse = orelse;
    cg_p_own_checks_begin(p, &eo);
    check_fblocks(p, 1, s);
    cg_p_own_checks_end(p, &eo);
    return s;
}

/* for_stmt: invalid_for_stmt
 *         | 'for' star_targets 'in' ~ star_expressions ':' block [else_block]
 *         | invalid_for_target */
static cg_ast *for_stmt(cg_parser *p) {
    int start = p->pos;
    cg_token *kw = cg_p_peek(p);
    p->pos++;
    cg_ast *target = cg_p_star_targets(p);
    if (target && KIND == TK_IN) {
        p->pos++;
        cg_ast *iter = cg_p_star_expressions(p);
        if (!iter) {
            p->pos = start;
            return NULL; /* the cut */
        }
        cg_ast_list body, orelse = {0};
        cg_err_order eo;
        if (!loop_rest(p, kw, "'for' statement", &body, &orelse, &eo)) {
            p->pos = start;
            return NULL;
        }
        cg_ast *s = stmt_node(p, AST_FOR, start);
        s->u.for_.target = target;
        s->u.for_.iter = iter;
        s->u.for_.body = body;
        s->u.for_.orelse = orelse;
        cg_p_own_checks_begin(p, &eo);
        check_fblocks(p, 1, s);
        check_starred_load(p, iter);
        cg_p_check_assign_target(p, target);
        cg_p_own_checks_end(p, &eo);
        return s;
    }
    if (p->call_invalid_rules) {
        p->pos = start + 1;
        cg_ast *a = cg_p_star_expressions(p);
        if (a)
            cg_p_raise_invalid_target(p, TARGETS_FOR, a);
    }
    p->pos = start;
    return NULL;
}

/* with_item: expression 'as' star_target &(',' | ')' | ':')
 *          | invalid_with_item | expression */
static cg_ast *with_item(cg_parser *p) {
    int start = p->pos;
    cg_ast *e = cg_p_expression(p);
    if (!e)
        return NULL;
    cg_ast *vars = NULL;
    if (KIND == TK_AS) {
        int mark = p->pos;
        p->pos++;
        vars = cg_p_star_target(p);
        int k = KIND;
        if (!vars || !(k == TK_COMMA || k == TK_RPAR || k == TK_COLON)) {
            if (p->call_invalid_rules) {
                p->pos = mark + 1;
                cg_ast *a = cg_p_expression(p);
                k = KIND;
                if (a && (k == TK_COMMA || k == TK_RPAR || k == TK_COLON))
                    cg_p_raise_invalid_target(p, TARGETS_STAR, a);
            }
            vars = NULL;
            p->pos = mark;
        }
    }
    cg_ast *w = cg_p_node(p, AST_WITH_ITEM, start);
    w->u.with_item.context_expr = e;
    w->u.with_item.optional_vars = vars;
    return w;
}

static bool with_items(cg_parser *p, cg_vec *v) {
    cg_ast *a = with_item(p);
    if (!a)
        return false;
    cg_vec_push(p, v, a);
    while (KIND == TK_COMMA) {
        int mark = p->pos;
        p->pos++;
        a = with_item(p);
        if (!a) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, v, a);
    }
    return true;
}

/* ','.(expression ['as' star_target])+ (invalid_with_stmt's items; with
 * `parens`, the items are `expressions`) */
static bool loose_with_items(cg_parser *p, bool parens) {
    for (;;) {
        if (!(parens ? cg_p_expressions(p) : cg_p_expression(p)))
            return false;
        if (KIND == TK_AS) {
            int mark = p->pos;
            p->pos++;
            if (!cg_p_star_target(p))
                p->pos = mark;
        }
        if (KIND != TK_COMMA || (parens && cg_p_kind_at(p, p->pos + 1) == TK_RPAR))
            return true;
        p->pos++;
    }
}

/* invalid_with_stmt (second pass): "expected ':'" */
static void invalid_with_stmt(cg_parser *p, int start) {
    p->pos = start + 1;
    if (loose_with_items(p, false) && KIND == TK_NEWLINE)
        cg_p_raise_last(p, "SyntaxError", "expected ':'");
    p->pos = start + 1;
    if (KIND == TK_LPAR) {
        p->pos++;
        if (loose_with_items(p, true)) {
            if (KIND == TK_COMMA)
                p->pos++;
            if (KIND == TK_RPAR) {
                p->pos++;
                if (KIND == TK_NEWLINE)
                    cg_p_raise_last(p, "SyntaxError", "expected ':'");
            }
        }
    }
}

static cg_ast *with_stmt(cg_parser *p) {
    int start = p->pos;
    cg_token *kw = cg_p_peek(p);
    p->pos++;
    cg_vec items = {0};
    bool ok = false;
    if (KIND == TK_LPAR) {
        /* 'with' '(' ','.with_item+ ','? ')' ':' */
        p->pos++;
        if (with_items(p, &items)) {
            if (KIND == TK_COMMA)
                p->pos++;
            if (KIND == TK_RPAR && cg_p_kind_at(p, p->pos + 1) == TK_COLON) {
                p->pos++;
                ok = true;
            }
        }
        if (!ok) {
            p->pos = start + 1;
            items.n = 0;
        }
    }
    if (!ok)
        ok = with_items(p, &items);
    if (!ok || KIND != TK_COLON) {
        if (p->call_invalid_rules)
            invalid_with_stmt(p, start);
        p->pos = start;
        return NULL;
    }
    p->pos++;
    expect_indented(p, kw, "'with' statement");
    cg_ast_list body;
    cg_err_order eo;
    cg_p_body_begins(p, &eo);
    p->fblocks += items.n; /* one block an item */
    bool body_ok = cg_p_block(p, &body);
    p->fblocks -= items.n;
    if (!body_ok) {
        p->pos = start;
        return NULL;
    }
    cg_ast *s = stmt_node(p, AST_WITH, start);
    s->u.with.items = cg_vec_list(&items);
    s->u.with.body = body;
    cg_p_own_checks_begin(p, &eo);
    for (int i = 0; i < items.n; i++) {
        check_fblocks(p, i + 1, s);
        if (items.items[i]->u.with_item.optional_vars)
            cg_p_check_assign_target(p, items.items[i]->u.with_item.optional_vars);
    }
    cg_p_own_checks_end(p, &eo);
    return s;
}

static cg_ast *handler_node(cg_parser *p, int start, cg_ast *type, const char *name, cg_ast_list body) {
    cg_ast *h = cg_p_node(p, AST_EXCEPT_HANDLER, start);
    h->u.handler.type = type;
    h->u.handler.name = name;
    h->u.handler.body = body;
    return h;
}

/* The refusals of invalid_except_stmt and invalid_except_star_stmt for
 * the types from token `at` on: "except A, B:" and a missing colon. */
static void invalid_except_types(cg_parser *p, int at) {
    p->pos = at;
    cg_ast *a = cg_p_expression(p);
    if (a && KIND == TK_COMMA) {
        p->pos++;
        if (cg_p_expressions(p)) {
            if (KIND == TK_AS && cg_p_kind_at(p, p->pos + 1) == TK_NAME)
                p->pos += 2;
            if (KIND == TK_COLON)
                cg_p_raise_from(p, a, "multiple exception types must be parenthesized");
        }
    }
    p->pos = at;
    a = cg_p_expression(p);
    if (a) {
        if (KIND == TK_AS && cg_p_kind_at(p, p->pos + 1) == TK_NAME)
            p->pos += 2;
        if (KIND == TK_NEWLINE)
            cg_p_raise_last(p, "SyntaxError", "expected ':'");
    }
}

/* The body of an except* clause: break, continue and return that would
 * leave it are CPython's compile errors. */
static bool except_star_body(cg_parser *p, cg_ast_list *body) {
    int saved_loop = p->star_loop, saved_func = p->star_func;
    p->star_loop = p->loop_depth + 1;
    p->star_func = p->func_depth + 1;
    bool ok = cg_p_block(p, body);
    p->star_loop = saved_loop;
    p->star_func = saved_func;
    return ok;
}

/* except_star_block: 'except' '*' expression ['as' NAME] ':' block
 *                  | invalid_except_star_stmt */
static cg_ast *except_star_block(cg_parser *p) {
    int start = p->pos;
    cg_token *kw = cg_p_peek(p);
    p->pos += 2;
    cg_ast *type = cg_p_expression(p);
    const char *name = NULL;
    if (type && KIND == TK_AS) {
        if (cg_p_kind_at(p, p->pos + 1) != TK_NAME) {
            p->pos = start;
            return NULL;
        }
        name = cg_p_name_of(p, cg_p_tok(p, p->pos + 1));
        p->pos += 2;
    }
    if (type && KIND == TK_COLON) {
        p->pos++;
        expect_indented(p, kw, "'except*' statement");
        cg_ast_list body;
        if (except_star_body(p, &body))
            return handler_node(p, start, type, name, body);
    }
    if (p->call_invalid_rules) { /* invalid_except_star_stmt */
        p->pos = start + 2;
        if (KIND == TK_COLON)
            cg_p_raise_tok(p, cg_p_peek(p), "expected one or more exception types");
        invalid_except_types(p, start + 2);
    }
    p->pos = start;
    return NULL;
}

/* except_block: invalid_except_stmt_indent
 *             | 'except' expression ['as' NAME] ':' block
 *             | 'except' ':' block | invalid_except_stmt */
static cg_ast *except_block(cg_parser *p) {
    int start = p->pos;
    cg_token *kw = cg_p_peek(p);
    if (cg_p_kind_at(p, start + 1) == TK_STAR)
        return except_star_block(p);
    p->pos++;
    cg_ast *type = NULL;
    const char *name = NULL;
    if (KIND != TK_COLON) {
        type = cg_p_expression(p);
        if (type && KIND == TK_AS) {
            if (cg_p_kind_at(p, p->pos + 1) == TK_NAME) {
                name = cg_p_name_of(p, cg_p_tok(p, p->pos + 1));
                p->pos += 2;
            } else
                type = NULL;
        }
    }
    if ((type || cg_p_kind_at(p, start + 1) == TK_COLON) && KIND == TK_COLON) {
        p->pos++;
        expect_indented(p, kw, "'except' statement");
        cg_ast_list body;
        if (cg_p_block(p, &body))
            return handler_node(p, start, type, name, body);
    }
    if (p->call_invalid_rules) {
        /* invalid_except_stmt */
        invalid_except_types(p, start + 1);
        p->pos = start + 1;
        if (KIND == TK_NEWLINE)
            cg_p_raise_last(p, "SyntaxError", "expected ':'");
    }
    p->pos = start;
    return NULL;
}

static cg_ast *try_stmt(cg_parser *p) {
    int start = p->pos;
    cg_token *kw = cg_p_peek(p);
    p->pos++;
    if (p->call_invalid_rules && KIND == TK_COLON) {
        p->pos++;
        expect_indented(p, kw, "'try' statement");
        p->pos--;
    }
    cg_p_expect_forced(p, TK_COLON, ":");
    cg_ast_list body, orelse = {0}, finalbody = {0};
    /* the compiler's blocks: one around the body (two with both handlers
     * and finally, which the parser does not know yet: one is counted),
     * two around a handler, one around the finally */
    cg_err_order eo;
    cg_p_body_begins(p, &eo);
    p->fblocks++;
    bool ok = cg_p_block(p, &body);
    p->fblocks--;
    if (!ok) {
        p->pos = start;
        return NULL;
    }
    cg_vec handlers = {0};
    p->fblocks += 2;
    bool star = KIND == TK_EXCEPT && cg_p_kind_at(p, p->pos + 1) == TK_STAR;
    while (KIND == TK_EXCEPT) {
        int at = p->pos;
        bool this_star = cg_p_kind_at(p, at + 1) == TK_STAR;
        cg_ast *h = except_block(p);
        if (!h)
            break;
        if (this_star != star) { /* invalid_try_stmt */
            if (p->call_invalid_rules)
                cg_p_raise_tok_range(p, cg_p_tok(p, at), cg_p_tok(p, this_star ? at + 1 : at),
                                     "cannot have both 'except' and 'except*' on the same 'try'");
            p->pos = at;
            break;
        }
        cg_vec_push(p, &handlers, h);
    }
    p->fblocks -= 2;
    if (handlers.n && KIND == TK_ELSE) {
        int mark = p->pos;
        if (!else_block(p, &orelse))
            p->pos = mark;
    }
    if (KIND == TK_FINALLY) {
        cg_token *fk = cg_p_peek(p);
        int mark = p->pos;
        p->pos++;
        if (p->call_invalid_rules && KIND == TK_COLON) {
            p->pos++;
            expect_indented(p, fk, "'finally' statement");
            p->pos--;
        }
        cg_p_expect_forced(p, TK_COLON, ":");
        p->fblocks++;
        if (!cg_p_block(p, &finalbody))
            p->pos = mark;
        p->fblocks--;
    }
    if (!handlers.n && !finalbody.n) {
        if (p->call_invalid_rules && KIND != TK_EXCEPT && KIND != TK_FINALLY)
            cg_p_raise_last(p, "SyntaxError", "expected 'except' or 'finally' block");
        p->pos = start;
        return NULL;
    }
    cg_ast *s = stmt_node(p, AST_TRY, start);
    s->u.try_.body = body;
    s->u.try_.handlers = cg_vec_list(&handlers);
    s->u.try_.orelse = orelse;
    s->u.try_.finalbody = finalbody;
    s->u.try_.star = handlers.n && star;
    cg_p_own_checks_begin(p, &eo);
    check_fblocks(p, handlers.n && finalbody.n ? 2 : 1, s);
    cg_p_own_checks_end(p, &eo);
    return s;
}

/* decorators: ('@' named_expression NEWLINE)+ */
static bool decorators(cg_parser *p, cg_vec *v) {
    while (KIND == TK_AT) {
        int mark = p->pos;
        p->pos++;
        cg_ast *d = cg_p_named_expression(p);
        if (!d || KIND != TK_NEWLINE) {
            p->pos = mark;
            break;
        }
        p->pos++;
        cg_vec_push(p, v, d);
    }
    return v->n > 0;
}

void cg_p_check_duplicate_args(cg_parser *p, const cg_ast *args) {
    const cg_ast_list *lists[3] = {&args->u.arguments.posonlyargs, &args->u.arguments.args,
                                   &args->u.arguments.kwonlyargs};
    const cg_ast *all[4096];
    int n = 0;
    for (int l = 0; l < 3; l++)
        for (int i = 0; i < lists[l]->n && n < 4094; i++)
            all[n++] = lists[l]->items[i];
    if (args->u.arguments.vararg)
        all[n++] = args->u.arguments.vararg;
    if (args->u.arguments.kwarg && n < 4096)
        all[n++] = args->u.arguments.kwarg;
    /* the symtable reports the parameters in this order: args, kwonly,
     * vararg, kwarg */
    for (int i = 1; i < n; i++)
        for (int j = 0; j < i; j++)
            if (!strcmp(all[i]->u.arg.arg, all[j]->u.arg.arg)) {
                cg_p_symtable_error(p, all[i], "duplicate argument '%s' in function definition", all[i]->u.arg.arg);
                return;
            }
}

/* A function's or class's body: loops and, for a class, functions are
 * left behind. */
static bool scope_block(cg_parser *p, cg_ast_list *body, bool function) {
    int saved_loop = p->loop_depth, saved_func = p->func_depth, saved_blocks = p->fblocks;
    int saved_star_loop = p->star_loop, saved_star_func = p->star_func;
    p->star_loop = p->star_func = 0;
    p->loop_depth = 0;
    p->fblocks = 0;
    p->func_depth = function ? saved_func + 1 : 0;
    bool ok = cg_p_block(p, body);
    p->loop_depth = saved_loop;
    p->func_depth = saved_func;
    p->fblocks = saved_blocks;
    p->star_loop = saved_star_loop;
    p->star_func = saved_star_func;
    return ok;
}

/* function_def_raw: invalid_def_raw
 *   | 'def' NAME &&'(' [params] ')' ['->' expression] &&':' block */
static cg_ast *function_def(cg_parser *p, cg_vec *decos) {
    int start = p->pos;
    cg_token *kw = cg_p_peek(p);
    p->pos++;
    if (KIND != TK_NAME) {
        p->pos = start;
        return NULL;
    }
    cg_token *name = cg_p_peek(p);
    p->pos++;
    cg_p_expect_forced(p, TK_LPAR, "(");
    cg_ast *args = cg_p_params(p, false);
    if (!args)
        args = cg_p_node(p, AST_ARGUMENTS, p->pos);
    if (KIND != TK_RPAR) {
        p->pos = start;
        return NULL;
    }
    p->pos++;
    cg_ast *returns = NULL;
    if (KIND == TK_RARROW) {
        int mark = p->pos;
        p->pos++;
        returns = cg_p_expression(p);
        if (!returns)
            p->pos = mark;
    }
    if (p->call_invalid_rules && KIND == TK_COLON) {
        p->pos++;
        expect_indented(p, kw, "function definition");
        p->pos--;
    }
    cg_p_expect_forced(p, TK_COLON, ":");
    cg_ast_list body;
    if (!scope_block(p, &body, true)) {
        p->pos = start;
        return NULL;
    }
    cg_p_check_duplicate_args(p, args);
    cg_ast *s = stmt_node(p, AST_FUNCTION_DEF, start);
    s->u.func.name = cg_p_name_of(p, name);
    s->u.func.args = args;
    s->u.func.body = body;
    s->u.func.returns = returns;
    s->u.func.decorators = cg_vec_list(decos);
    return s;
}

/* class_def_raw: invalid_class_def_raw
 *   | 'class' NAME ['(' [arguments] ')'] ':' block */
static cg_ast *class_def(cg_parser *p, cg_vec *decos) {
    int start = p->pos;
    cg_token *kw = cg_p_peek(p);
    p->pos++;
    if (KIND != TK_NAME) {
        p->pos = start;
        return NULL;
    }
    cg_token *name = cg_p_peek(p);
    p->pos++;
    cg_ast *call = NULL;
    if (KIND == TK_LPAR) {
        call = cg_p_arguments(p, p->pos, NULL);
        if (!call) {
            p->pos = start;
            return NULL;
        }
    }
    if (KIND != TK_COLON) {
        if (p->call_invalid_rules && KIND == TK_NEWLINE)
            cg_p_raise_last(p, "SyntaxError", "expected ':'");
        p->pos = start;
        return NULL;
    }
    p->pos++;
    expect_indented(p, kw, "class definition");
    cg_ast_list body;
    if (!scope_block(p, &body, false)) {
        p->pos = start;
        return NULL;
    }
    cg_ast *s = stmt_node(p, AST_CLASS_DEF, start);
    s->u.cls.name = cg_p_name_of(p, name);
    if (call) {
        const cg_ast_list *kws = &call->u.call.keywords;
        for (int i = 1; i < kws->n; i++)
            for (int j = 0; j < i && kws->items[i]->u.keyword.arg; j++)
                if (kws->items[j]->u.keyword.arg && !strcmp(kws->items[i]->u.keyword.arg, kws->items[j]->u.keyword.arg))
                    cg_p_compile_error(p, kws->items[i], "keyword argument repeated: %s", kws->items[i]->u.keyword.arg);
        s->u.cls.bases = call->u.call.args;
        s->u.cls.keywords = call->u.call.keywords;
    }
    s->u.cls.body = body;
    s->u.cls.decorators = cg_vec_list(decos);
    return s;
}

/* async_stmt: 'async' (function_def_raw | for_stmt | with_stmt); the node
 * is the plain one marked is_async, placed at the 'async'. */
static cg_ast *async_stmt(cg_parser *p, cg_vec *decos) {
    int start = p->pos;
    p->pos++;
    cg_ast *s = NULL;
    switch (KIND) {
    case TK_DEF: s = function_def(p, decos); break;
    case TK_FOR: s = for_stmt(p); break;
    case TK_WITH: s = with_stmt(p); break;
    default: break;
    }
    if (!s) {
        p->pos = start;
        return NULL;
    }
    s->line = p->toks[start].line;
    s->col = p->toks[start].col;
    if (s->kind == AST_FUNCTION_DEF)
        s->u.func.is_async = true;
    else if (s->kind == AST_FOR)
        s->u.for_.is_async = true;
    else
        s->u.with.is_async = true;
    return s;
}

static cg_ast *compound_stmt(cg_parser *p) {
    cg_token *t = cg_p_peek(p);
    cg_vec decos = {0};
    switch (t->kind) {
    case TK_AT: {
        int start = p->pos;
        if (!decorators(p, &decos))
            return NULL;
        cg_ast *s = NULL;
        if (KIND == TK_DEF)
            s = function_def(p, &decos);
        else if (KIND == TK_CLASS)
            s = class_def(p, &decos);
        else if (KIND == TK_ASYNC && cg_p_kind_at(p, p->pos + 1) == TK_DEF)
            s = async_stmt(p, &decos);
        if (!s)
            p->pos = start;
        return s;
    }
    case TK_DEF: return function_def(p, &decos);
    case TK_CLASS: return class_def(p, &decos);
    case TK_IF: return if_stmt(p);
    case TK_WHILE: return while_stmt(p);
    case TK_FOR: return for_stmt(p);
    case TK_WITH: return with_stmt(p);
    case TK_TRY: return try_stmt(p);
    case TK_ASYNC: return async_stmt(p, &decos);
    default: return NULL;
    }
}

static bool is_compound_start(int k) {
    switch (k) {
    case TK_AT:
    case TK_DEF:
    case TK_CLASS:
    case TK_IF:
    case TK_WHILE:
    case TK_FOR:
    case TK_WITH:
    case TK_TRY:
    case TK_ASYNC: return true;
    default: return false;
    }
}

/* statement: compound_stmt | simple_stmts */
static bool statement(cg_parser *p, cg_vec *out) {
    if (is_compound_start(KIND)) {
        cg_ast *s = compound_stmt(p);
        if (!s)
            return false;
        cg_vec_push(p, out, s);
        return true;
    }
    if (KIND == TK_NAME) {
        cg_ast *m = cg_p_match_stmt(p);
        if (m) {
            cg_vec_push(p, out, m);
            return true;
        }
    }
    return simple_stmts(p, out);
}

/* statements: statement+ */
static bool statements(cg_parser *p, cg_vec *out) {
    int n0 = out->n;
    while (statement(p, out)) {
    }
    return out->n > n0;
}

static bool is_future_import(const cg_ast *s) {
    return s->kind == AST_IMPORT_FROM && s->u.import.level == 0 && s->u.import.module
           && !strcmp(s->u.import.module, "__future__");
}

/* What Python's compiler checks of `from __future__ import ...`: only at
 * the top of the file (after a docstring), and only features Python has;
 * `braces` is its old joke. */
static void check_future(cg_parser *p, const cg_ast_list *body) {
    static const char *const FEATURES[] = {"nested_scopes", "generators", "division", "absolute_import",
                                           "with_statement", "print_function", "unicode_literals",
                                           "barry_as_FLUFL", "generator_stop", "annotations"};
    int i = 0;
    const cg_ast *first = body->n ? body->items[0] : NULL;
    if (first && first->kind == AST_EXPR_STMT && first->u.expr.value->kind == AST_CONSTANT
        && first->u.expr.value->u.constant.kind == CONST_STR)
        i++;
    bool leading = true;
    for (; i < body->n; i++) {
        const cg_ast *s = body->items[i];
        if (!is_future_import(s)) {
            leading = false;
            continue;
        }
        if (!leading) {
            cg_p_compile_error(p, s, "from __future__ imports must occur at the beginning of the file");
            return;
        }
        cg_ast at = *s; /* Python marks these with one caret, at the statement's start */
        at.end_col = at.col;
        for (int k = 0; k < s->u.import.names.n; k++) {
            const char *name = s->u.import.names.items[k]->u.alias.name;
            bool known = false;
            for (size_t f = 0; f < sizeof FEATURES / sizeof FEATURES[0]; f++)
                known |= !strcmp(name, FEATURES[f]);
            if (!strcmp(name, "braces"))
                cg_p_compile_error(p, &at, "not a chance");
            else if (!known)
                cg_p_compile_error(p, &at, "future feature %s is not defined", name);
        }
    }
}

/* file: [statements] ENDMARKER */
cg_ast *cg_p_file(cg_parser *p) {
    cg_vec v = {0};
    statements(p, &v);
    if (KIND != TK_ENDMARKER)
        return NULL;
    cg_ast *m = cg_p_node(p, AST_MODULE, 0);
    m->u.module.body = cg_vec_list(&v);
    check_future(p, &m->u.module.body);
    return m;
}

/* fstring: star_expressions */
cg_ast *cg_p_fstring_input(cg_parser *p) { return cg_p_star_expressions(p); }
