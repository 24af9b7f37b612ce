/* parse_match.c: the match statement (PEP 634) and its patterns, shaped
 * like CPython 3.11's rules match_stmt ... keyword_pattern, and the
 * compiler's checks of patterns (Note [Pattern checks]).
 *
 * `match` and `case` are soft keywords: a line that starts with the name
 * `match` is a match statement only if the whole header parses; otherwise
 * the caller reads it as an ordinary statement (`match = re.match(...)`). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "parse/parser.h"

static cg_ast *pattern(cg_parser *p);
static cg_ast *closed_pattern(cg_parser *p);

static bool tok_is(const cg_token *t, const char *word) {
    return t->kind == TK_NAME && (size_t)t->len == strlen(word) && !memcmp(t->s, word, (size_t)t->len);
}

static bool next_is_name(cg_parser *p, const char *word) { return tok_is(cg_p_peek(p), word); }

static cg_ast *pat_node(cg_parser *p, cg_ast_kind kind, int start) { return cg_p_node(p, kind, start); }

/* pattern_capture_target: !"_" NAME !('.' | '(' | '=') */
static const char *capture_target(cg_parser *p) {
    cg_token *t = cg_p_peek(p);
    if (t->kind != TK_NAME || tok_is(t, "_"))
        return NULL;
    int next = cg_p_kind_at(p, p->pos + 1);
    if (next == TK_DOT || next == TK_LPAR || next == TK_EQUAL)
        return NULL;
    p->pos++;
    return cg_p_name_of(p, t);
}

/* name_or_attr: NAME ('.' NAME)*, as a Name or Attribute (Load). */
static cg_ast *name_or_attr(cg_parser *p) {
    int start = p->pos;
    if (KIND != TK_NAME)
        return NULL;
    cg_ast *e = cg_p_name_node(p, p->pos, CTX_LOAD);
    p->pos++;
    while (KIND == TK_DOT && cg_p_kind_at(p, p->pos + 1) == TK_NAME) {
        p->pos += 2;
        cg_ast *a = cg_p_node(p, AST_ATTRIBUTE, start);
        a->u.attr.value = e;
        a->u.attr.attr = cg_p_name_of(p, &p->toks[p->pos - 1]);
        a->u.attr.ctx = CTX_LOAD;
        e = a;
    }
    return e;
}

/* One NUMBER, real or imaginary as the rule wants: _PyPegen_ensure_real
 * and _imaginary raise at once, in either pass. */
static cg_ast *number(cg_parser *p, int want_imaginary) {
    cg_token *t = cg_p_peek(p);
    if (t->kind != TK_NUMBER)
        return NULL;
    int at = p->pos++;
    cg_ast *n = cg_p_number(p, t, at);
    bool imaginary = n->u.constant.kind == CONST_COMPLEX;
    if (want_imaginary >= 0 && imaginary != (bool)want_imaginary)
        cg_p_raise_node(p, n, want_imaginary ? "imaginary number required in complex literal"
                                              : "real number required in complex literal");
    return n;
}

/* signed_number !('+' | '-') | complex_number: -1, 2.5, 1+2j, -1-2j */
static cg_ast *signed_or_complex(cg_parser *p) {
    int start = p->pos;
    bool neg = KIND == TK_MINUS;
    if (neg)
        p->pos++;
    if (KIND != TK_NUMBER) {
        p->pos = start;
        return NULL;
    }
    bool complex_follows = cg_p_kind_at(p, p->pos + 1) == TK_PLUS || cg_p_kind_at(p, p->pos + 1) == TK_MINUS;
    cg_ast *v = number(p, complex_follows ? 0 : -1);
    if (neg) {
        cg_ast *u = cg_p_node(p, AST_UNARY_OP, start);
        u->u.unary.op = OP_USUB;
        u->u.unary.operand = v;
        v = u;
    }
    if (!complex_follows)
        return v;
    cg_binop op = KIND == TK_PLUS ? OP_ADD : OP_SUB;
    p->pos++;
    if (KIND != TK_NUMBER) {
        p->pos = start;
        return NULL;
    }
    cg_ast *im = number(p, 1);
    cg_ast *b = cg_p_node(p, AST_BIN_OP, start);
    b->u.bin.left = v;
    b->u.bin.op = op;
    b->u.bin.right = im;
    return b;
}

static cg_ast *constant(cg_parser *p, cg_const_kind kind) {
    int start = p->pos++;
    cg_ast *c = cg_p_node(p, AST_CONSTANT, start);
    c->u.constant.kind = kind;
    return c;
}

static bool is_singleton_token(int k) { return k == TK_NONE || k == TK_TRUE || k == TK_FALSE; }

static cg_const_kind singleton_kind(int k) {
    return k == TK_NONE ? CONST_NONE : k == TK_TRUE ? CONST_TRUE : CONST_FALSE;
}

/* literal_expr (a mapping key) or literal_pattern's value: numbers,
 * strings, None/True/False as expressions. */
static cg_ast *literal_expr(cg_parser *p) {
    if (KIND == TK_NUMBER || KIND == TK_MINUS)
        return signed_or_complex(p);
    if (KIND == TK_STRING)
        return cg_p_strings(p);
    if (is_singleton_token(KIND))
        return constant(p, singleton_kind(KIND));
    return NULL;
}

/* literal_pattern | value_pattern | capture_pattern | wildcard_pattern |
 * class_pattern, all of which start with a literal or a name. */
static cg_ast *value_pattern(cg_parser *p, int start, cg_ast *value) {
    cg_ast *m = pat_node(p, AST_MATCH_VALUE, start);
    m->u.pat.value = value;
    return m;
}

typedef struct {
    const char **names;
    int n, cap;
} names_t;

static bool has_name(const names_t *b, const char *s) {
    for (int i = 0; i < b->n; i++)
        if (!strcmp(b->names[i], s))
            return true;
    return false;
}

static void add_name(cg_parser *p, names_t *b, const char *s) {
    if (b->n == b->cap) {
        int cap = b->cap ? b->cap * 2 : 8;
        const char **n = cg_ast_arena_alloc(p->arena, (size_t)cap * sizeof *n);
        if (!n)
            return;
        if (b->n)
            memcpy(n, b->names, (size_t)b->n * sizeof *n);
        b->names = n;
        b->cap = cap;
    }
    b->names[b->n++] = s;
}

/* The arguments of a class pattern after '(': positional patterns, then
 * NAME '=' pattern. A positional one after a keyword one is refused (the
 * second pass says "positional patterns follow keyword patterns"). */
static bool class_args(cg_parser *p, cg_ast *m) {
    cg_vec pos = {0}, kw = {0};
    names_t names = {0};
    int bad_first = -1;
    cg_ast *bad_last = NULL;
    while (KIND != TK_RPAR) {
        bool keyword = KIND == TK_NAME && cg_p_kind_at(p, p->pos + 1) == TK_EQUAL;
        const char *name = keyword ? cg_p_name_of(p, cg_p_peek(p)) : NULL;
        if (keyword)
            p->pos += 2;
        cg_ast *sub = pattern(p);
        if (!sub)
            return false;
        if (keyword) {
            cg_vec_push(p, &kw, sub);
            add_name(p, &names, name);
            if (bad_last)
                break;
        } else if (kw.n) {
            if (!bad_last)
                bad_first = pos.n;
            bad_last = sub;
            cg_vec_push(p, &pos, sub);
        } else {
            cg_vec_push(p, &pos, sub);
        }
        if (KIND != TK_COMMA)
            break;
        p->pos++;
    }
    if (bad_last) {
        if (p->call_invalid_rules)
            cg_p_raise_range(p, pos.items[bad_first], bad_last, "positional patterns follow keyword patterns");
        return false;
    }
    if (KIND != TK_RPAR)
        return false;
    p->pos++;
    m->u.pat.patterns = cg_vec_list(&pos);
    m->u.pat.kwd_patterns = cg_vec_list(&kw);
    m->u.pat.nkwd = names.n;
    m->u.pat.kwd_attrs = names.names;
    return true;
}

static cg_ast *name_pattern(cg_parser *p) {
    int start = p->pos;
    int next = cg_p_kind_at(p, p->pos + 1);
    if (next != TK_DOT && next != TK_LPAR) {
        if (next == TK_EQUAL)
            return NULL;
        bool wildcard = next_is_name(p, "_");
        const char *name = wildcard ? NULL : capture_target(p);
        if (wildcard)
            p->pos++;
        cg_ast *m = pat_node(p, AST_MATCH_AS, start);
        m->u.pat.name = name;
        return m;
    }
    cg_ast *cls = name_or_attr(p);
    if (KIND == TK_LPAR) {
        p->pos++;
        cg_ast *m = pat_node(p, AST_MATCH_CLASS, start);
        m->u.pat.value = cls;
        if (!class_args(p, m)) {
            p->pos = start;
            return NULL;
        }
        cg_p_end(p, m);
        return m;
    }
    if (cls->kind != AST_ATTRIBUTE || KIND == TK_EQUAL) {
        p->pos = start;
        return NULL;
    }
    return value_pattern(p, start, cls);
}

/* maybe_star_pattern: star_pattern | pattern */
static cg_ast *maybe_star_pattern(cg_parser *p) {
    if (KIND != TK_STAR)
        return pattern(p);
    int start = p->pos++;
    bool wildcard = next_is_name(p, "_");
    const char *name = wildcard ? NULL : capture_target(p);
    if (!wildcard && !name) {
        p->pos = start;
        return NULL;
    }
    if (wildcard)
        p->pos++;
    cg_ast *m = pat_node(p, AST_MATCH_STAR, start);
    m->u.pat.name = name;
    return m;
}

/* maybe_sequence_pattern: ','.maybe_star_pattern+ ','?  (appends to v) */
static bool sequence_items(cg_parser *p, cg_vec *v) {
    cg_ast *x = maybe_star_pattern(p);
    if (!x)
        return false;
    cg_vec_push(p, v, x);
    while (KIND == TK_COMMA) {
        p->pos++;
        int mark = p->pos;
        x = maybe_star_pattern(p);
        if (!x) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, v, x);
    }
    return true;
}

/* '[' maybe_sequence_pattern? ']' */
static cg_ast *list_pattern(cg_parser *p) {
    int start = p->pos++;
    cg_vec v = {0};
    if (KIND != TK_RSQB && !sequence_items(p, &v)) {
        p->pos = start;
        return NULL;
    }
    if (KIND != TK_RSQB) {
        p->pos = start;
        return NULL;
    }
    p->pos++;
    cg_ast *m = pat_node(p, AST_MATCH_SEQUENCE, start);
    m->u.pat.patterns = cg_vec_list(&v);
    return m;
}

/* group_pattern: '(' pattern ')' | '(' open_sequence_pattern? ')' */
static cg_ast *paren_pattern(cg_parser *p) {
    int start = p->pos++;
    if (KIND != TK_STAR) {
        int mark = p->pos;
        cg_ast *inner = pattern(p);
        if (inner && KIND == TK_RPAR) {
            p->pos++;
            return inner;
        }
        p->pos = mark;
    }
    cg_vec v = {0};
    if (KIND != TK_RPAR) {
        cg_ast *first = maybe_star_pattern(p);
        if (!first || KIND != TK_COMMA) {
            p->pos = start;
            return NULL;
        }
        p->pos++;
        cg_vec_push(p, &v, first);
        if (KIND != TK_RPAR && !sequence_items(p, &v)) {
            p->pos = start;
            return NULL;
        }
    }
    if (KIND != TK_RPAR) {
        p->pos = start;
        return NULL;
    }
    p->pos++;
    cg_ast *m = pat_node(p, AST_MATCH_SEQUENCE, start);
    m->u.pat.patterns = cg_vec_list(&v);
    return m;
}

/* key_value_pattern: (literal_expr | attr) ':' pattern */
static bool key_value(cg_parser *p, cg_vec *keys, cg_vec *pats) {
    int start = p->pos;
    cg_ast *key = literal_expr(p);
    if (!key) {
        key = name_or_attr(p);
        if (key && key->kind != AST_ATTRIBUTE)
            key = NULL;
    }
    if (!key || KIND != TK_COLON) {
        p->pos = start;
        return false;
    }
    p->pos++;
    cg_ast *v = pattern(p);
    if (!v) {
        p->pos = start;
        return false;
    }
    cg_vec_push(p, keys, key);
    cg_vec_push(p, pats, v);
    return true;
}

/* mapping_pattern: '{' items_pattern? (',' '**' target)? ','? '}' */
static cg_ast *mapping_pattern(cg_parser *p) {
    int start = p->pos++;
    cg_vec keys = {0}, pats = {0};
    const char *rest = NULL;
    while (KIND != TK_RBRACE) {
        if (KIND == TK_DOUBLESTAR) {
            p->pos++;
            rest = capture_target(p);
            if (!rest)
                break;
            if (KIND == TK_COMMA)
                p->pos++;
            break;
        }
        if (!key_value(p, &keys, &pats))
            break;
        if (KIND != TK_COMMA)
            break;
        p->pos++;
    }
    if (KIND != TK_RBRACE) {
        p->pos = start;
        return NULL;
    }
    p->pos++;
    cg_ast *m = pat_node(p, AST_MATCH_MAPPING, start);
    m->u.pat.keys = cg_vec_list(&keys);
    m->u.pat.patterns = cg_vec_list(&pats);
    m->u.pat.name = rest;
    return m;
}

/* closed_pattern: literal | capture | wildcard | value | group | sequence
 * | mapping | class */
static cg_ast *closed_pattern(cg_parser *p) {
    int start = p->pos;
    int k = KIND;
    if (k == TK_NUMBER || k == TK_MINUS || k == TK_STRING) {
        cg_ast *v = literal_expr(p);
        return v ? value_pattern(p, start, v) : NULL;
    }
    if (is_singleton_token(k)) {
        cg_ast *c = constant(p, singleton_kind(k));
        cg_ast *m = pat_node(p, AST_MATCH_SINGLETON, start);
        m->u.pat.value = c;
        return m;
    }
    switch (k) {
    case TK_NAME: return name_pattern(p);
    case TK_LPAR: return paren_pattern(p);
    case TK_LSQB: return list_pattern(p);
    case TK_LBRACE: return mapping_pattern(p);
    default: return NULL;
    }
}

/* or_pattern: '|'.closed_pattern+ */
static cg_ast *or_pattern(cg_parser *p) {
    int start = p->pos;
    cg_ast *first = closed_pattern(p);
    if (!first || KIND != TK_VBAR)
        return first;
    cg_vec v = {0};
    cg_vec_push(p, &v, first);
    while (KIND == TK_VBAR) {
        int mark = p->pos++;
        cg_ast *x = closed_pattern(p);
        if (!x) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, &v, x);
    }
    cg_ast *m = pat_node(p, AST_MATCH_OR, start);
    m->u.pat.patterns = cg_vec_list(&v);
    return m;
}

/* pattern: or_pattern 'as' pattern_capture_target | or_pattern
 * (invalid_as_pattern on the second pass) */
static cg_ast *pattern(cg_parser *p) {
    cg_p_enter(p);
    int start = p->pos;
    cg_ast *o = or_pattern(p);
    if (o && KIND == TK_AS) {
        int mark = p->pos++;
        const char *name = capture_target(p);
        if (name) {
            cg_ast *m = pat_node(p, AST_MATCH_AS, start);
            m->u.pat.pattern = o;
            m->u.pat.name = name;
            cg_p_leave(p);
            return m;
        }
        if (p->call_invalid_rules) {
            if (next_is_name(p, "_"))
                cg_p_raise_tok(p, cg_p_peek(p), "cannot use '_' as a target");
            if (KIND != TK_NAME) {
                cg_ast *e = cg_p_expression(p);
                if (e)
                    cg_p_raise_node(p, e, "invalid pattern target");
            }
        }
        p->pos = mark;
    }
    cg_p_leave(p);
    return o;
}

/* patterns: open_sequence_pattern | pattern */
static cg_ast *patterns(cg_parser *p) {
    int start = p->pos;
    cg_ast *first = maybe_star_pattern(p);
    if (first && KIND == TK_COMMA) {
        p->pos++;
        cg_vec v = {0};
        cg_vec_push(p, &v, first);
        int mark = p->pos;
        if (!sequence_items(p, &v))
            p->pos = mark;
        cg_ast *m = pat_node(p, AST_MATCH_SEQUENCE, start);
        m->u.pat.patterns = cg_vec_list(&v);
        return m;
    }
    p->pos = start;
    return pattern(p);
}

/* ---- the compiler's checks ------------------------------------------------ */

/* Note [Pattern checks]: CPython's compiler refuses some patterns that
 * parse: an irrefutable pattern (a capture or `_`) before other cases or
 * alternatives, a name bound twice, alternatives binding different names,
 * two starred names, a duplicate literal key, a repeated keyword
 * attribute, an f-string. It reports the first in the order it generates
 * code: a pattern's parts left to right, a mapping's keys before its
 * values. The walk below follows that order; `bound` collects the names a
 * pattern binds so far. */
/* The walk of one case's pattern: the names bound so far, and the
 * pattern CPython's compiler last entered, where it reports most errors. */
typedef struct {
    cg_parser *p;
    const cg_ast *loc;
} walk;

/* false once an error is recorded: the first one is all CPython reports */
static bool bind(walk *w, names_t *b, const char *name) {
    if (!name)
        return true;
    if (has_name(b, name)) {
        cg_p_compile_error(w->p, w->loc, "multiple assignments to name '%s' in pattern", name);
        return false;
    }
    add_name(w->p, b, name);
    return true;
}

/* The value of a literal key after CPython's constant folding (-1, 2.5),
 * for duplicate detection; false for what it does not compare. */
static bool key_number(const cg_ast *k, double *v) {
    bool neg = k->kind == AST_UNARY_OP;
    if (neg)
        k = k->u.unary.operand;
    if (k->kind != AST_CONSTANT)
        return false;
    switch (k->u.constant.kind) {
    case CONST_INT:
        if (k->u.constant.overflow)
            return false;
        *v = (double)k->u.constant.i;
        break;
    case CONST_FLOAT: *v = k->u.constant.f; break;
    case CONST_TRUE: *v = 1; break;
    case CONST_FALSE: *v = 0; break;
    default: return false;
    }
    if (neg)
        *v = -*v;
    return true;
}

static bool same_key(const cg_ast *a, const cg_ast *b) {
    double x, y;
    if (key_number(a, &x) && key_number(b, &y))
        return x == y && !isnan(x);
    if (a->kind != AST_CONSTANT || b->kind != AST_CONSTANT || a->u.constant.kind != b->u.constant.kind)
        return false;
    switch (a->u.constant.kind) {
    case CONST_NONE: return true;
    case CONST_STR:
    case CONST_BYTES:
        return a->u.constant.len == b->u.constant.len && !memcmp(a->u.constant.s, b->u.constant.s, a->u.constant.len);
    default: return false;
    }
}

static bool is_literal_key(const cg_ast *k) {
    return k->kind == AST_CONSTANT || (k->kind == AST_UNARY_OP && k->u.unary.operand->kind == AST_CONSTANT)
           || k->kind == AST_BIN_OP;
}

/* repr() of a literal key for the duplicate-key message. */
static void key_text(const cg_ast *k, char *buf, size_t n) {
    const cg_ast *c = k->kind == AST_UNARY_OP ? k->u.unary.operand : k;
    const char *sign = k->kind == AST_UNARY_OP ? "-" : "";
    switch (c->u.constant.kind) {
    case CONST_NONE: snprintf(buf, n, "None"); break;
    case CONST_TRUE: snprintf(buf, n, "True"); break;
    case CONST_FALSE: snprintf(buf, n, "False"); break;
    case CONST_INT: snprintf(buf, n, "%s%lld", sign, (long long)c->u.constant.i); break;
    case CONST_FLOAT: snprintf(buf, n, "%s%.17g", sign, c->u.constant.f); break;
    case CONST_STR: snprintf(buf, n, "'%.*s'", (int)c->u.constant.len, c->u.constant.s); break;
    default: snprintf(buf, n, "..."); break;
    }
}

static bool check(walk *w, const cg_ast *pat, bool allow, names_t *bound);

static bool check_list(walk *w, cg_ast_list l, names_t *bound) {
    for (int i = 0; i < l.n; i++)
        if (!check(w, l.items[i], true, bound))
            return false;
    return true;
}

static bool check_mapping(walk *w, const cg_ast *pat, names_t *bound) {
    cg_ast_list keys = pat->u.pat.keys;
    for (int i = 0; i < keys.n; i++) {
        const cg_ast *k = keys.items[i];
        if (k->kind == AST_ATTRIBUTE)
            continue;
        if (!is_literal_key(k)) {
            cg_p_compile_error(w->p, pat, "mapping pattern keys may only match literals and attribute lookups");
            return false;
        }
        for (int j = 0; j < i; j++) {
            if (same_key(keys.items[j], k)) {
                char text[96];
                key_text(k, text, sizeof text);
                cg_p_compile_error(w->p, pat, "mapping pattern checks duplicate key (%s)", text);
                return false;
            }
        }
    }
    return check_list(w, pat->u.pat.patterns, bound) && bind(w, bound, pat->u.pat.name);
}

static bool check_class(walk *w, const cg_ast *pat, names_t *bound) {
    for (int i = 0; i < pat->u.pat.nkwd; i++) {
        for (int j = 0; j < i; j++) {
            if (!strcmp(pat->u.pat.kwd_attrs[i], pat->u.pat.kwd_attrs[j])) {
                cg_p_compile_error(w->p, pat->u.pat.kwd_patterns.items[i],
                                   "attribute name repeated in class pattern: %s", pat->u.pat.kwd_attrs[i]);
                return false;
            }
        }
    }
    return check_list(w, pat->u.pat.patterns, bound) && check_list(w, pat->u.pat.kwd_patterns, bound);
}

/* Each alternative binds from scratch; all must bind the same names,
 * which then join the names bound before the or-pattern. */
static bool check_or(walk *w, const cg_ast *pat, bool allow, names_t *bound) {
    cg_ast_list alts = pat->u.pat.patterns;
    names_t first = {0};
    for (int i = 0; i < alts.n; i++) {
        names_t mine = {0};
        if (!check(w, alts.items[i], allow && i == alts.n - 1, &mine))
            return false;
        if (i == 0) {
            first = mine;
            continue;
        }
        bool same = mine.n == first.n;
        for (int j = 0; same && j < first.n; j++)
            same = has_name(&mine, first.names[j]);
        if (!same) {
            cg_p_compile_error(w->p, w->loc, "alternative patterns bind different names");
            return false;
        }
    }
    for (int j = 0; j < first.n; j++)
        if (!bind(w, bound, first.names[j]))
            return false;
    return true;
}

static bool check_sequence(walk *w, const cg_ast *pat, names_t *bound) {
    int stars = 0;
    for (int i = 0; i < pat->u.pat.patterns.n; i++)
        stars += pat->u.pat.patterns.items[i]->kind == AST_MATCH_STAR;
    if (stars > 1) {
        cg_p_compile_error(w->p, pat, "multiple starred names in sequence pattern");
        return false;
    }
    return check_list(w, pat->u.pat.patterns, bound);
}

static bool check_as(walk *w, const cg_ast *pat, bool allow, names_t *bound) {
    if (pat->u.pat.pattern)
        return check(w, pat->u.pat.pattern, allow, bound) && bind(w, bound, pat->u.pat.name);
    if (allow)
        return bind(w, bound, pat->u.pat.name);
    if (pat->u.pat.name)
        cg_p_compile_error(w->p, pat, "name capture '%s' makes remaining patterns unreachable", pat->u.pat.name);
    else
        cg_p_compile_error(w->p, pat, "wildcard makes remaining patterns unreachable");
    return false;
}

static bool check(walk *w, const cg_ast *pat, bool allow, names_t *bound) {
    w->loc = pat;
    switch (pat->kind) {
    case AST_MATCH_VALUE:
        if (pat->u.pat.value->kind == AST_JOINED_STR) {
            cg_p_compile_error(w->p, pat, "patterns may only match literals and attribute lookups");
            return false;
        }
        return true;
    case AST_MATCH_SEQUENCE: return check_sequence(w, pat, bound);
    case AST_MATCH_MAPPING: return check_mapping(w, pat, bound);
    case AST_MATCH_CLASS: return check_class(w, pat, bound);
    case AST_MATCH_STAR: return bind(w, bound, pat->u.pat.name);
    case AST_MATCH_OR: return check_or(w, pat, allow, bound);
    case AST_MATCH_AS: return check_as(w, pat, allow, bound);
    default: return true;
    }
}

/* ---- the statement ---------------------------------------------------------- */

/* case_block: "case" patterns guard? ':' block */
static cg_ast *case_block(cg_parser *p) {
    int start = p->pos;
    cg_token *kw = cg_p_peek(p);
    if (!tok_is(kw, "case"))
        return NULL;
    p->pos++;
    cg_ast *pat = patterns(p);
    if (!pat) {
        p->pos = start;
        return NULL;
    }
    cg_ast *guard = NULL;
    if (KIND == TK_IF) {
        p->pos++;
        guard = cg_p_named_expression(p);
        if (!guard) {
            p->pos = start;
            return NULL;
        }
    }
    if (!cg_p_header_colon(p, kw, "'case' statement")) {
        p->pos = start;
        return NULL;
    }
    cg_ast_list body;
    cg_err_order eo;
    cg_p_body_begins(p, &eo);
    if (!cg_p_block(p, &body)) {
        p->pos = start;
        return NULL;
    }
    cg_ast *c = cg_p_node(p, AST_MATCH_CASE, start);
    c->u.match_case.pattern = pat;
    c->u.match_case.guard = guard;
    c->u.match_case.body = body;
    /* an irrefutable pattern is allowed in the last case, or with a guard */
    bool last = !next_is_name(p, "case");
    names_t bound = {0};
    walk w = {p, pat};
    cg_p_own_checks_begin(p, &eo);
    check(&w, pat, guard != NULL || last, &bound);
    cg_p_own_checks_end(p, &eo);
    return c;
}

/* subject_expr: star_named_expression ',' star_named_expressions?
 *             | named_expression */
static cg_ast *subject_expr(cg_parser *p) {
    int start = p->pos;
    cg_ast *first = cg_p_star_named_expression(p);
    if (!first)
        return NULL;
    if (KIND != TK_COMMA) {
        if (first->kind == AST_STARRED) {
            p->pos = start;
            return NULL;
        }
        return first;
    }
    cg_vec v = {0};
    cg_vec_push(p, &v, first);
    while (KIND == TK_COMMA) {
        p->pos++;
        int mark = p->pos;
        cg_ast *x = cg_p_star_named_expression(p);
        if (!x) {
            p->pos = mark;
            break;
        }
        cg_vec_push(p, &v, x);
    }
    cg_ast *t = cg_p_node(p, AST_TUPLE, start);
    t->u.seq.elts = cg_vec_list(&v);
    t->u.seq.ctx = CTX_LOAD;
    return t;
}

/* match_stmt: "match" subject_expr ':' NEWLINE INDENT case_block+ DEDENT */
cg_ast *cg_p_match_stmt(cg_parser *p) {
    cg_token *kw = cg_p_peek(p);
    if (!tok_is(kw, "match"))
        return NULL;
    int start = p->pos++;
    cg_ast *subject = subject_expr(p);
    if (!subject || !cg_p_header_colon(p, kw, "'match' statement") || KIND != TK_NEWLINE
        || cg_p_kind_at(p, p->pos + 1) != TK_INDENT) {
        p->pos = start;
        return NULL;
    }
    p->pos += 2;
    cg_vec cases = {0};
    cg_ast *c;
    while ((c = case_block(p)))
        cg_vec_push(p, &cases, c);
    if (!cases.n || KIND != TK_DEDENT) {
        p->pos = start;
        return NULL;
    }
    p->pos++;
    cg_ast *m = cg_p_node(p, AST_MATCH, start);
    m->u.match.subject = subject;
    m->u.match.cases = cg_vec_list(&cases);
    return m;
}
