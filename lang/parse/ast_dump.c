/* ast_dump.c: Python's `ast.dump(tree)` text of a syntax tree, byte for
 * byte (class names, field order, optional fields left out when empty,
 * repr() of strings and floats), so that the parser's tests compare it
 * with CPython's own dump of the same source. With include_attributes it
 * adds the positions, as ast.dump(tree, include_attributes=True).
 *
 * This is not a pretty-printer for users and not the evaluator's repr. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/lexer.h"
#include "parse/parser.h"
#include "strbuf.h"

typedef struct {
    cg_strbuf b;
    bool attrs; /* include_attributes: positions too */
} out;

static void put(out *o, const char *s, size_t n) { cg_strbuf_append(&o->b, s, n); }

static void puts_(out *o, const char *s) { put(o, s, strlen(s)); }

static void putf(out *o, const char *fmt, ...) {
    char buf[64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    put(o, buf, (size_t)n);
}

/* ---- repr() of values ---------------------------------------------------- */

/* One code point of our UTF-8 (lone surrogates included). */
static int decode_lenient(const unsigned char *s, size_t n, uint32_t *cp) {
    int len = cg_lex_utf8_decode(s, n, cp);
    if (len)
        return len;
    if (n >= 3 && s[0] == 0xed && (s[1] & 0xe0) == 0xa0 && (s[2] & 0xc0) == 0x80) {
        *cp = 0xd000u | ((uint32_t)(s[1] & 0x3f) << 6) | (s[2] & 0x3f);
        return 3;
    }
    *cp = s[0];
    return 1;
}

static void repr_str(out *o, const char *s, size_t n) {
    bool single = memchr(s, '\'', n) != NULL, dbl = memchr(s, '"', n) != NULL;
    char quote = single && !dbl ? '"' : '\'';
    put(o, &quote, 1);
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        int len = decode_lenient(u + i, n - i, &cp);
        if (cp == (uint32_t)quote || cp == '\\') {
            char e[2] = {'\\', (char)cp};
            put(o, e, 2);
        } else if (cp == '\t')
            puts_(o, "\\t");
        else if (cp == '\n')
            puts_(o, "\\n");
        else if (cp == '\r')
            puts_(o, "\\r");
        else if (cp < ' ' || cp == 0x7f)
            putf(o, "\\x%02x", cp);
        else if (cp < 0x7f)
            put(o, (const char *)u + i, 1);
        else if (cg_uni_is_printable(cp))
            put(o, (const char *)u + i, (size_t)len);
        else if (cp <= 0xff)
            putf(o, "\\x%02x", cp);
        else if (cp <= 0xffff)
            putf(o, "\\u%04x", cp);
        else
            putf(o, "\\U%08x", cp);
        i += (size_t)len;
    }
    put(o, &quote, 1);
}

/* repr() of a float: the shortest digits that read back the same, in
 * Python's layout (1e-05, 1e+16, 0.1, 100.0, inf). */
static void repr_float(out *o, double x) {
    if (isnan(x)) {
        puts_(o, "nan");
        return;
    }
    if (isinf(x)) {
        puts_(o, x < 0 ? "-inf" : "inf");
        return;
    }
    char buf[40];
    int prec;
    for (prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    /* buf is [-]d[.ddd]e[+-]XX: take the digits and the exponent */
    char digits[24];
    int nd = 0;
    const char *c = buf;
    bool neg = *c == '-';
    if (neg)
        c++;
    for (; *c && *c != 'e'; c++)
        if (*c != '.')
            digits[nd++] = *c;
    int exp10 = atoi(c + 1);
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    int decpt = exp10 + 1; /* digits[0] sits before the point at decpt */
    if (neg)
        puts_(o, "-");
    if (decpt > -4 && decpt <= 16) {
        if (decpt <= 0) {
            puts_(o, "0.");
            for (int i = 0; i < -decpt; i++)
                puts_(o, "0");
            put(o, digits, (size_t)nd);
        } else if (decpt >= nd) {
            put(o, digits, (size_t)nd);
            for (int i = nd; i < decpt; i++)
                puts_(o, "0");
            puts_(o, ".0");
        } else {
            put(o, digits, (size_t)decpt);
            puts_(o, ".");
            put(o, digits + decpt, (size_t)(nd - decpt));
        }
        return;
    }
    put(o, digits, 1);
    if (nd > 1) {
        puts_(o, ".");
        put(o, digits + 1, (size_t)(nd - 1));
    }
    putf(o, "e%c%02d", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
}

static void repr_bytes(out *o, const char *s, size_t n) {
    bool sq = memchr(s, '\'', n) != NULL, dq = memchr(s, '"', n) != NULL;
    char q = sq && !dq ? '"' : '\'';
    putf(o, "b%c", q);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == q || c == '\\')
            putf(o, "\\%c", c);
        else if (c == '\t')
            puts_(o, "\\t");
        else if (c == '\n')
            puts_(o, "\\n");
        else if (c == '\r')
            puts_(o, "\\r");
        else if (c < 32 || c >= 127)
            putf(o, "\\x%02x", c);
        else
            putf(o, "%c", c);
    }
    putf(o, "%c", q);
}

static void repr_constant(out *o, const cg_ast *n) {
    switch (n->u.constant.kind) {
    case CONST_NONE: puts_(o, "None"); break;
    case CONST_TRUE: puts_(o, "True"); break;
    case CONST_FALSE: puts_(o, "False"); break;
    case CONST_ELLIPSIS: puts_(o, "Ellipsis"); break;
    case CONST_INT:
        if (n->u.constant.overflow)
            put(o, n->u.constant.s, n->u.constant.len);
        else
            putf(o, "%lld", (long long)n->u.constant.i);
        break;
    case CONST_FLOAT: repr_float(o, n->u.constant.f); break;
    case CONST_STR: repr_str(o, n->u.constant.s, n->u.constant.len); break;
    case CONST_BYTES: repr_bytes(o, n->u.constant.s, n->u.constant.len); break;
    case CONST_COMPLEX: {
        /* repr(2j) is "2j": the float's repr without its ".0" */
        out t = {0};
        repr_float(&t, n->u.constant.f);
        size_t k = t.b.len;
        if (k >= 2 && t.b.data[k - 2] == '.' && t.b.data[k - 1] == '0')
            k -= 2;
        put(o, t.b.data, k);
        puts_(o, "j");
        cg_strbuf_free(&t.b);
        break;
    }
    }
}

/* ---- nodes -------------------------------------------------------------------- */

static void node(out *o, const cg_ast *n);

/* Fields: `first` tracks the separator. */
static void field(out *o, bool *first, const char *name) {
    if (!*first)
        puts_(o, ", ");
    *first = false;
    puts_(o, name);
    puts_(o, "=");
}

static void f_node(out *o, bool *first, const char *name, const cg_ast *n) {
    field(o, first, name);
    node(o, n);
}

/* An optional field: left out when NULL, as ast.dump does. */
static void f_opt(out *o, bool *first, const char *name, const cg_ast *n) {
    if (n)
        f_node(o, first, name, n);
}

static void f_list(out *o, bool *first, const char *name, cg_ast_list l) {
    field(o, first, name);
    puts_(o, "[");
    for (int i = 0; i < l.n; i++) {
        if (i)
            puts_(o, ", ");
        if (l.items[i])
            node(o, l.items[i]);
        else
            puts_(o, "None");
    }
    puts_(o, "]");
}

static void f_str(out *o, bool *first, const char *name, const char *s) {
    field(o, first, name);
    repr_str(o, s, strlen(s));
}

static void f_raw(out *o, bool *first, const char *name, const char *text) {
    field(o, first, name);
    puts_(o, text);
}

static void f_int(out *o, bool *first, const char *name, long v) {
    field(o, first, name);
    putf(o, "%ld", v);
}

static const char *ctx_name(cg_ast_ctx c) { return c == CTX_STORE ? "Store()" : c == CTX_DEL ? "Del()" : "Load()"; }

static const char *binop_name(cg_binop op) {
    static const char *names[] = {"Add()",    "Sub()",    "Mult()",  "MatMult()", "Div()",    "Mod()",     "Pow()",
                                  "LShift()", "RShift()", "BitOr()", "BitXor()",  "BitAnd()", "FloorDiv()"};
    return op < OP_BIN_COUNT ? names[op] : "?";
}

static const char *unaryop_name(cg_unaryop op) {
    static const char *names[] = {"Invert()", "Not()", "UAdd()", "USub()"};
    return names[op];
}

static const char *cmpop_name(cg_cmpop op) {
    static const char *names[] = {"Eq()",  "NotEq()", "Lt()",    "LtE()", "Gt()",
                                  "GtE()", "Is()",    "IsNot()", "In()",  "NotIn()"};
    return names[op];
}

static bool has_attributes(cg_ast_kind k) {
    return k != AST_MODULE && k != AST_COMPREHENSION && k != AST_ARGUMENTS && k != AST_WITH_ITEM && k != AST_MATCH_CASE;
}

/* AsyncFunctionDef, AsyncFor, AsyncWith: the plain node's fields under
 * the name with "Async" before it. */
static bool is_async_stmt(const cg_ast *n) {
    return (n->kind == AST_FUNCTION_DEF && n->u.func.is_async) || (n->kind == AST_FOR && n->u.for_.is_async)
           || (n->kind == AST_WITH && n->u.with.is_async);
}

static const char *class_name(cg_ast_kind k) {
    static const char *names[AST_KIND_COUNT] = {
        [AST_MODULE] = "Module",
        [AST_EXPR_STMT] = "Expr",
        [AST_ASSIGN] = "Assign",
        [AST_AUG_ASSIGN] = "AugAssign",
        [AST_ANN_ASSIGN] = "AnnAssign",
        [AST_IF] = "If",
        [AST_FOR] = "For",
        [AST_WHILE] = "While",
        [AST_BREAK] = "Break",
        [AST_CONTINUE] = "Continue",
        [AST_PASS] = "Pass",
        [AST_FUNCTION_DEF] = "FunctionDef",
        [AST_RETURN] = "Return",
        [AST_CLASS_DEF] = "ClassDef",
        [AST_TRY] = "Try",
        [AST_RAISE] = "Raise",
        [AST_ASSERT] = "Assert",
        [AST_WITH] = "With",
        [AST_DELETE] = "Delete",
        [AST_GLOBAL] = "Global",
        [AST_NONLOCAL] = "Nonlocal",
        [AST_IMPORT] = "Import",
        [AST_IMPORT_FROM] = "ImportFrom",
        [AST_NAME] = "Name",
        [AST_CONSTANT] = "Constant",
        [AST_JOINED_STR] = "JoinedStr",
        [AST_FORMATTED_VALUE] = "FormattedValue",
        [AST_LIST] = "List",
        [AST_TUPLE] = "Tuple",
        [AST_SET] = "Set",
        [AST_DICT] = "Dict",
        [AST_BIN_OP] = "BinOp",
        [AST_UNARY_OP] = "UnaryOp",
        [AST_BOOL_OP] = "BoolOp",
        [AST_COMPARE] = "Compare",
        [AST_CALL] = "Call",
        [AST_KEYWORD] = "keyword",
        [AST_ATTRIBUTE] = "Attribute",
        [AST_SUBSCRIPT] = "Subscript",
        [AST_SLICE] = "Slice",
        [AST_STARRED] = "Starred",
        [AST_LAMBDA] = "Lambda",
        [AST_IF_EXP] = "IfExp",
        [AST_LIST_COMP] = "ListComp",
        [AST_SET_COMP] = "SetComp",
        [AST_DICT_COMP] = "DictComp",
        [AST_GENERATOR_EXP] = "GeneratorExp",
        [AST_NAMED_EXPR] = "NamedExpr",
        [AST_YIELD] = "Yield",
        [AST_YIELD_FROM] = "YieldFrom",
        [AST_AWAIT] = "Await",
        [AST_COMPREHENSION] = "comprehension",
        [AST_EXCEPT_HANDLER] = "ExceptHandler",
        [AST_ARGUMENTS] = "arguments",
        [AST_ARG] = "arg",
        [AST_WITH_ITEM] = "withitem",
        [AST_ALIAS] = "alias",
        [AST_MATCH] = "Match",
        [AST_MATCH_CASE] = "match_case",
        [AST_MATCH_VALUE] = "MatchValue",
        [AST_MATCH_SINGLETON] = "MatchSingleton",
        [AST_MATCH_SEQUENCE] = "MatchSequence",
        [AST_MATCH_MAPPING] = "MatchMapping",
        [AST_MATCH_CLASS] = "MatchClass",
        [AST_MATCH_STAR] = "MatchStar",
        [AST_MATCH_AS] = "MatchAs",
        [AST_MATCH_OR] = "MatchOr",
    };
    return k < AST_KIND_COUNT && names[k] ? names[k] : "?";
}

static void names_field(out *o, bool *first, const cg_ast *n) {
    field(o, first, "names");
    puts_(o, "[");
    for (int i = 0; i < n->u.names.n; i++) {
        if (i)
            puts_(o, ", ");
        repr_str(o, n->u.names.names[i], strlen(n->u.names.names[i]));
    }
    puts_(o, "]");
}

/* AnnAssign's `simple`: a bare name, not in parentheses. */
static bool ann_simple(const cg_ast *n) {
    const cg_ast *t = n->u.ann.target;
    return t->kind == AST_NAME && t->line == n->line && t->col == n->col;
}

static void f_opt_str(out *o, bool *f, const char *name, const char *s) {
    if (s)
        f_str(o, f, name, s);
}

static void pattern_fields(out *o, const cg_ast *n, bool *f) {
    switch (n->kind) {
    case AST_MATCH_VALUE: f_node(o, f, "value", n->u.pat.value); break;
    case AST_MATCH_SINGLETON:
        field(o, f, "value");
        repr_constant(o, n->u.pat.value);
        break;
    case AST_MATCH_SEQUENCE:
    case AST_MATCH_OR: f_list(o, f, "patterns", n->u.pat.patterns); break;
    case AST_MATCH_MAPPING:
        f_list(o, f, "keys", n->u.pat.keys);
        f_list(o, f, "patterns", n->u.pat.patterns);
        f_opt_str(o, f, "rest", n->u.pat.name);
        break;
    case AST_MATCH_CLASS:
        f_node(o, f, "cls", n->u.pat.value);
        f_list(o, f, "patterns", n->u.pat.patterns);
        field(o, f, "kwd_attrs");
        puts_(o, "[");
        for (int i = 0; i < n->u.pat.nkwd; i++) {
            if (i)
                puts_(o, ", ");
            repr_str(o, n->u.pat.kwd_attrs[i], strlen(n->u.pat.kwd_attrs[i]));
        }
        puts_(o, "]");
        f_list(o, f, "kwd_patterns", n->u.pat.kwd_patterns);
        break;
    case AST_MATCH_STAR: f_opt_str(o, f, "name", n->u.pat.name); break;
    case AST_MATCH_AS:
        f_opt(o, f, "pattern", n->u.pat.pattern);
        f_opt_str(o, f, "name", n->u.pat.name);
        break;
    default: break;
    }
}

static void fields(out *o, const cg_ast *n, bool *f) {
    switch (n->kind) {
    case AST_MODULE:
        f_list(o, f, "body", n->u.module.body);
        f_raw(o, f, "type_ignores", "[]");
        break;
    case AST_EXPR_STMT: f_node(o, f, "value", n->u.expr.value); break;
    case AST_RETURN:
    case AST_YIELD: f_opt(o, f, "value", n->u.expr.value); break;
    case AST_YIELD_FROM:
    case AST_AWAIT: f_node(o, f, "value", n->u.expr.value); break;
    case AST_ASSIGN:
        f_list(o, f, "targets", n->u.assign.targets);
        f_node(o, f, "value", n->u.assign.value);
        break;
    case AST_AUG_ASSIGN:
        f_node(o, f, "target", n->u.aug.target);
        f_raw(o, f, "op", binop_name(n->u.aug.op));
        f_node(o, f, "value", n->u.aug.value);
        break;
    case AST_ANN_ASSIGN:
        f_node(o, f, "target", n->u.ann.target);
        f_node(o, f, "annotation", n->u.ann.annotation);
        f_opt(o, f, "value", n->u.ann.value);
        f_int(o, f, "simple", ann_simple(n));
        break;
    case AST_IF:
    case AST_WHILE:
        f_node(o, f, "test", n->u.cond.test);
        f_list(o, f, "body", n->u.cond.body);
        f_list(o, f, "orelse", n->u.cond.orelse);
        break;
    case AST_FOR:
        f_node(o, f, "target", n->u.for_.target);
        f_node(o, f, "iter", n->u.for_.iter);
        f_list(o, f, "body", n->u.for_.body);
        f_list(o, f, "orelse", n->u.for_.orelse);
        break;
    case AST_BREAK:
    case AST_CONTINUE:
    case AST_PASS: break;
    case AST_FUNCTION_DEF:
        f_str(o, f, "name", n->u.func.name);
        f_node(o, f, "args", n->u.func.args);
        f_list(o, f, "body", n->u.func.body);
        f_list(o, f, "decorator_list", n->u.func.decorators);
        f_opt(o, f, "returns", n->u.func.returns);
        break;
    case AST_LAMBDA:
        f_node(o, f, "args", n->u.func.args);
        f_node(o, f, "body", n->u.func.body.items[0]->u.expr.value);
        break;
    case AST_CLASS_DEF:
        f_str(o, f, "name", n->u.cls.name);
        f_list(o, f, "bases", n->u.cls.bases);
        f_list(o, f, "keywords", n->u.cls.keywords);
        f_list(o, f, "body", n->u.cls.body);
        f_list(o, f, "decorator_list", n->u.cls.decorators);
        break;
    case AST_TRY:
        f_list(o, f, "body", n->u.try_.body);
        f_list(o, f, "handlers", n->u.try_.handlers);
        f_list(o, f, "orelse", n->u.try_.orelse);
        f_list(o, f, "finalbody", n->u.try_.finalbody);
        break;
    case AST_EXCEPT_HANDLER:
        f_opt(o, f, "type", n->u.handler.type);
        if (n->u.handler.name)
            f_str(o, f, "name", n->u.handler.name);
        f_list(o, f, "body", n->u.handler.body);
        break;
    case AST_RAISE:
        f_opt(o, f, "exc", n->u.raise.exc);
        f_opt(o, f, "cause", n->u.raise.cause);
        break;
    case AST_ASSERT:
        f_node(o, f, "test", n->u.assert_.test);
        f_opt(o, f, "msg", n->u.assert_.msg);
        break;
    case AST_WITH:
        f_list(o, f, "items", n->u.with.items);
        f_list(o, f, "body", n->u.with.body);
        break;
    case AST_WITH_ITEM:
        f_node(o, f, "context_expr", n->u.with_item.context_expr);
        f_opt(o, f, "optional_vars", n->u.with_item.optional_vars);
        break;
    case AST_DELETE: f_list(o, f, "targets", n->u.del.targets); break;
    case AST_GLOBAL:
    case AST_NONLOCAL: names_field(o, f, n); break;
    case AST_IMPORT: f_list(o, f, "names", n->u.import.names); break;
    case AST_IMPORT_FROM:
        if (n->u.import.module)
            f_str(o, f, "module", n->u.import.module);
        f_list(o, f, "names", n->u.import.names);
        f_int(o, f, "level", n->u.import.level);
        break;
    case AST_ALIAS:
        f_str(o, f, "name", n->u.alias.name);
        if (n->u.alias.asname)
            f_str(o, f, "asname", n->u.alias.asname);
        break;
    case AST_NAME:
        f_str(o, f, "id", n->u.name.id);
        f_raw(o, f, "ctx", ctx_name(n->u.name.ctx));
        break;
    case AST_CONSTANT:
        field(o, f, "value");
        repr_constant(o, n);
        if (n->u.constant.u_prefix)
            f_str(o, f, "kind", "u");
        break;
    case AST_JOINED_STR: f_list(o, f, "values", n->u.joined.values); break;
    case AST_FORMATTED_VALUE:
        f_node(o, f, "value", n->u.fmt.value);
        f_int(o, f, "conversion", n->u.fmt.conversion);
        f_opt(o, f, "format_spec", n->u.fmt.format_spec);
        break;
    case AST_LIST:
    case AST_TUPLE:
        f_list(o, f, "elts", n->u.seq.elts);
        f_raw(o, f, "ctx", ctx_name(n->u.seq.ctx));
        break;
    case AST_SET: f_list(o, f, "elts", n->u.seq.elts); break;
    case AST_DICT:
        f_list(o, f, "keys", n->u.dict.keys);
        f_list(o, f, "values", n->u.dict.values);
        break;
    case AST_BIN_OP:
        f_node(o, f, "left", n->u.bin.left);
        f_raw(o, f, "op", binop_name(n->u.bin.op));
        f_node(o, f, "right", n->u.bin.right);
        break;
    case AST_UNARY_OP:
        f_raw(o, f, "op", unaryop_name(n->u.unary.op));
        f_node(o, f, "operand", n->u.unary.operand);
        break;
    case AST_BOOL_OP:
        f_raw(o, f, "op", n->u.boolop.op == OP_AND ? "And()" : "Or()");
        f_list(o, f, "values", n->u.boolop.values);
        break;
    case AST_COMPARE:
        f_node(o, f, "left", n->u.compare.left);
        field(o, f, "ops");
        puts_(o, "[");
        for (int i = 0; i < n->u.compare.n; i++) {
            if (i)
                puts_(o, ", ");
            puts_(o, cmpop_name(n->u.compare.ops[i]));
        }
        puts_(o, "]");
        f_list(o, f, "comparators", n->u.compare.comparators);
        break;
    case AST_CALL:
        f_node(o, f, "func", n->u.call.func);
        f_list(o, f, "args", n->u.call.args);
        f_list(o, f, "keywords", n->u.call.keywords);
        break;
    case AST_KEYWORD:
        if (n->u.keyword.arg)
            f_str(o, f, "arg", n->u.keyword.arg);
        f_node(o, f, "value", n->u.keyword.value);
        break;
    case AST_ATTRIBUTE:
        f_node(o, f, "value", n->u.attr.value);
        f_str(o, f, "attr", n->u.attr.attr);
        f_raw(o, f, "ctx", ctx_name(n->u.attr.ctx));
        break;
    case AST_SUBSCRIPT:
        f_node(o, f, "value", n->u.sub.value);
        f_node(o, f, "slice", n->u.sub.slice);
        f_raw(o, f, "ctx", ctx_name(n->u.sub.ctx));
        break;
    case AST_SLICE:
        f_opt(o, f, "lower", n->u.slice.lower);
        f_opt(o, f, "upper", n->u.slice.upper);
        f_opt(o, f, "step", n->u.slice.step);
        break;
    case AST_STARRED:
        f_node(o, f, "value", n->u.starred.value);
        f_raw(o, f, "ctx", ctx_name(n->u.starred.ctx));
        break;
    case AST_IF_EXP:
        f_node(o, f, "test", n->u.ifexp.test);
        f_node(o, f, "body", n->u.ifexp.body);
        f_node(o, f, "orelse", n->u.ifexp.orelse);
        break;
    case AST_LIST_COMP:
    case AST_SET_COMP:
    case AST_GENERATOR_EXP:
        f_node(o, f, "elt", n->u.comp.elt);
        f_list(o, f, "generators", n->u.comp.generators);
        break;
    case AST_DICT_COMP:
        f_node(o, f, "key", n->u.comp.key);
        f_node(o, f, "value", n->u.comp.value);
        f_list(o, f, "generators", n->u.comp.generators);
        break;
    case AST_COMPREHENSION:
        f_node(o, f, "target", n->u.gen.target);
        f_node(o, f, "iter", n->u.gen.iter);
        f_list(o, f, "ifs", n->u.gen.ifs);
        f_int(o, f, "is_async", n->u.gen.is_async);
        break;
    case AST_NAMED_EXPR:
        f_node(o, f, "target", n->u.named.target);
        f_node(o, f, "value", n->u.named.value);
        break;
    case AST_ARGUMENTS:
        f_list(o, f, "posonlyargs", n->u.arguments.posonlyargs);
        f_list(o, f, "args", n->u.arguments.args);
        f_opt(o, f, "vararg", n->u.arguments.vararg);
        f_list(o, f, "kwonlyargs", n->u.arguments.kwonlyargs);
        f_list(o, f, "kw_defaults", n->u.arguments.kw_defaults);
        f_opt(o, f, "kwarg", n->u.arguments.kwarg);
        f_list(o, f, "defaults", n->u.arguments.defaults);
        break;
    case AST_ARG:
        f_str(o, f, "arg", n->u.arg.arg);
        f_opt(o, f, "annotation", n->u.arg.annotation);
        break;
    case AST_MATCH:
        f_node(o, f, "subject", n->u.match.subject);
        f_list(o, f, "cases", n->u.match.cases);
        break;
    case AST_MATCH_CASE:
        f_node(o, f, "pattern", n->u.match_case.pattern);
        f_opt(o, f, "guard", n->u.match_case.guard);
        f_list(o, f, "body", n->u.match_case.body);
        break;
    default: pattern_fields(o, n, f); break;
    }
}

static void node(out *o, const cg_ast *n) {
    puts_(o, is_async_stmt(n) ? "Async" : "");
    puts_(o, n->kind == AST_TRY && n->u.try_.star ? "TryStar" : class_name(n->kind));
    puts_(o, "(");
    bool first = true;
    fields(o, n, &first);
    if (o->attrs && has_attributes(n->kind)) {
        f_int(o, &first, "lineno", n->line);
        f_int(o, &first, "col_offset", n->col);
        f_int(o, &first, "end_lineno", n->end_line);
        f_int(o, &first, "end_col_offset", n->end_col);
    }
    puts_(o, ")");
}

char *cg_ast_dump_ex(const cg_ast *n, bool include_attributes) {
    out o = {.attrs = include_attributes};
    if (n)
        node(&o, n);
    else
        puts_(&o, "None");
    return cg_strbuf_take(&o.b);
}

char *cg_ast_dump(const cg_ast *node_) { return cg_ast_dump_ex(node_, false); }
