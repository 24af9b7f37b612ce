/* parse_string.c: literals. Numbers become int or float constants;
 * adjacent string tokens are decoded (escapes, raw strings) and joined,
 * and f-strings are split into their literal parts and expressions, as
 * CPython 3.11's Parser/string_parser.c does it: an expression is parsed
 * by a parser of its own over "(expr)", and the node positions, the
 * messages ("f-string: ...") and their order follow that file.
 *
 * Bytes literals become CONST_BYTES (their own escapes: no \u, \N), and
 * imaginary literals (2j) CONST_COMPLEX. \N{NAME} escapes of strs find
 * their character in parse/unicode_names.c.
 *
 * This is not the tokenizer: string tokens arrive already delimited. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/parser.h"
#include "parse/unicode_names.h"
#include "strbuf.h"

/* ---- numbers --------------------------------------------------------- */

/* The decimal digits of the integer written `digits` in `base`. */
static const char *big_to_decimal(cg_parser *p, const char *digits, int base, size_t *len) {
    size_t nd = strlen(digits);
    /* limbs of 10^9, least significant first */
    size_t cap = nd / 2 + 2;
    uint32_t *limb = cg_ast_arena_alloc_raw(p->arena, cap * sizeof *limb);
    size_t n = 0;
    for (size_t i = 0; i < nd; i++) {
        char c = digits[i];
        uint64_t carry = (uint64_t)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
        for (size_t k = 0; k < n; k++) {
            uint64_t v = (uint64_t)limb[k] * (uint64_t)base + carry;
            limb[k] = (uint32_t)(v % 1000000000u);
            carry = v / 1000000000u;
        }
        while (carry) {
            limb[n++] = (uint32_t)(carry % 1000000000u);
            carry /= 1000000000u;
        }
    }
    char *s = cg_ast_arena_alloc_raw(p->arena, n * 9 + 2);
    size_t o = 0;
    if (n == 0)
        s[o++] = '0';
    else {
        o += (size_t)sprintf(s, "%u", limb[n - 1]);
        for (size_t k = n - 1; k-- > 0;)
            o += (size_t)sprintf(s + o, "%09u", limb[k]);
    }
    s[o] = 0;
    *len = o;
    return s;
}

cg_ast *cg_p_number(cg_parser *p, const cg_token *t, int start) {
    cg_ast *n = cg_p_node(p, AST_CONSTANT, start);
    char *buf = cg_ast_arena_alloc_raw(p->arena, (size_t)t->len + 1);
    int len = 0;
    for (int i = 0; i < t->len; i++)
        if (t->s[i] != '_')
            buf[len++] = t->s[i];
    buf[len] = 0;
    char last = buf[len - 1];
    if (last == 'j' || last == 'J') {
        buf[len - 1] = 0;
        n->u.constant.kind = CONST_COMPLEX;
        n->u.constant.f = strtod(buf, NULL);
        return n;
    }
    int base = 10;
    const char *digits = buf;
    if (len > 1 && buf[0] == '0' && strchr("xXoObB", buf[1])) {
        base = buf[1] == 'x' || buf[1] == 'X' ? 16 : buf[1] == 'o' || buf[1] == 'O' ? 8 : 2;
        digits = buf + 2;
    } else if (strpbrk(buf, ".eE")) {
        n->u.constant.kind = CONST_FLOAT;
        n->u.constant.f = strtod(buf, NULL);
        return n;
    }
    n->u.constant.kind = CONST_INT;
    uint64_t v = 0;
    for (const char *c = digits; *c; c++) {
        unsigned d = (unsigned)(*c <= '9' ? *c - '0' : (*c | 0x20) - 'a' + 10);
        if (v > (UINT64_MAX - d) / (uint64_t)base || v * (uint64_t)base + d > (uint64_t)INT64_MAX) {
            n->u.constant.overflow = true;
            n->u.constant.s = big_to_decimal(p, digits, base, &n->u.constant.len);
            return n;
        }
        v = v * (uint64_t)base + d;
    }
    n->u.constant.i = (int64_t)v;
    return n;
}

/* ---- growing byte buffers in the arena ---------------------------------- */

typedef struct {
    char *b;
    size_t n, cap;
} sbuf;

static void sb_put(cg_parser *p, sbuf *s, const char *d, size_t n) {
    if (s->n + n + 1 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        while (cap < s->n + n + 1)
            cap *= 2;
        char *nb = cg_ast_arena_alloc_raw(p->arena, cap);
        if (s->n)
            memcpy(nb, s->b, s->n);
        s->b = nb;
        s->cap = cap;
    }
    memcpy(s->b + s->n, d, n);
    s->n += n;
    s->b[s->n] = 0;
}

/* UTF-8 of a code point (strbuf.h's encoder: lone surrogates get their
 * 3-byte form, as Python strings may hold them). */
static void sb_code_point(cg_parser *p, sbuf *s, uint32_t cp) {
    char u[4];
    sb_put(p, s, u, (size_t)cg_cp_encode(cp, u));
}

/* ---- escapes --------------------------------------------------------------- */

static int hexval(int c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

_Noreturn static void unicode_error(cg_parser *p, int start, int end, const char *what) {
    cg_p_raise_last(p, "SyntaxError", "(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: %s",
                    start, end - 1, what);
}

static int utf8_len(unsigned char c) { return c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4; }

/* The length of [s, e) once CPython rewrote its non-ASCII characters. */
static int escaped_len(const char *s, const char *e) {
    int n = 0;
    for (; s < e; s++) {
        unsigned char c = (unsigned char)*s;
        n += c < 0x80 ? 1 : (c & 0xc0) == 0xc0 ? 10 : 0;
    }
    return n;
}

/* Python's escapes in s[0..n) into out. Error positions count as CPython
 * does after it rewrote each non-ASCII character as a 10-byte \U escape. */
static void decode_escapes(cg_parser *p, sbuf *out, const char *s, size_t n) {
    const char *end = s + n;
    int pos = 0;
    while (s < end) {
        unsigned char c = (unsigned char)*s;
        if (c != '\\') {
            size_t k = c < 0x80 ? 1 : (size_t)utf8_len(c);
            if (k > (size_t)(end - s))
                k = (size_t)(end - s);
            sb_put(p, out, s, k);
            s += k;
            pos += c < 0x80 ? 1 : 10;
            continue;
        }
        int start = pos;
        s++, pos++;
        if (s >= end || ((unsigned char)*s & 0x80)) {
            sb_put(p, out, "\\", 1);
            pos += 5;
            continue;
        }
        c = (unsigned char)*s++;
        pos++;
        int count = 0;
        const char *msg = NULL;
        switch (c) {
        case '\n': break;
        case '\\': sb_put(p, out, "\\", 1); break;
        case '\'': sb_put(p, out, "'", 1); break;
        case '"': sb_put(p, out, "\"", 1); break;
        case 'b': sb_put(p, out, "\b", 1); break;
        case 'f': sb_put(p, out, "\f", 1); break;
        case 't': sb_put(p, out, "\t", 1); break;
        case 'n': sb_put(p, out, "\n", 1); break;
        case 'r': sb_put(p, out, "\r", 1); break;
        case 'v': sb_put(p, out, "\v", 1); break;
        case 'a': sb_put(p, out, "\a", 1); break;
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7': {
            uint32_t v = c - '0';
            for (int i = 0; i < 2 && s < end && *s >= '0' && *s <= '7'; i++, s++, pos++)
                v = v * 8 + (uint32_t)(*s - '0');
            sb_code_point(p, out, v);
            break;
        }
        case 'x': count = 2, msg = "truncated \\xXX escape"; break;
        case 'u': count = 4, msg = "truncated \\uXXXX escape"; break;
        case 'U': count = 8, msg = "truncated \\UXXXXXXXX escape"; break;
        case 'N':
            if (s < end && *s == '{') {
                const char *q = s + 1;
                while (q < end && *q != '}')
                    q++;
                if (q < end && q > s + 1) { /* \N{name}, in the Unicode of CPython 3.11 */
                    int32_t cp = cg_ucd_lookup(s + 1, (size_t)(q - s - 1), 14, 0);
                    pos += escaped_len(s, q + 1);
                    s = q + 1;
                    if (cp < 0)
                        unicode_error(p, start, pos, "unknown Unicode character name");
                    sb_code_point(p, out, (uint32_t)cp);
                    break;
                }
                pos += escaped_len(s, q);
                s = q;
            }
            unicode_error(p, start, pos, "malformed \\N character escape");
        default:
            sb_put(p, out, "\\", 1);
            sb_put(p, out, (const char *)&c, 1);
            break;
        }
        if (!count)
            continue;
        uint32_t v = 0;
        for (; count; count--, s++, pos++) {
            if (s >= end || hexval((unsigned char)*s) < 0)
                unicode_error(p, start, pos, msg);
            v = v * 16 + (uint32_t)hexval((unsigned char)*s);
        }
        if (v > 0x10ffff)
            unicode_error(p, start, pos, "illegal Unicode character");
        sb_code_point(p, out, v);
    }
}

/* The escapes of a bytes literal (\xhh, octal, \n, ...; \u and \N are
 * not escapes there), s[0..n) being ASCII. */
static void decode_bytes_escapes(cg_parser *p, sbuf *out, const char *s, size_t n) {
    const char *end = s + n, *begin = s;
    while (s < end) {
        char c = *s++;
        if (c != '\\' || s >= end) {
            sb_put(p, out, &c, 1);
            continue;
        }
        c = *s++;
        char v;
        switch (c) {
        case '\n': continue;
        case '\\': case '\'': case '"': v = c; break;
        case 'b': v = '\b'; break;
        case 'f': v = '\f'; break;
        case 't': v = '\t'; break;
        case 'n': v = '\n'; break;
        case 'r': v = '\r'; break;
        case 'v': v = '\v'; break;
        case 'a': v = '\a'; break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
            unsigned x = (unsigned)(c - '0');
            for (int i = 0; i < 2 && s < end && *s >= '0' && *s <= '7'; i++, s++)
                x = x * 8 + (unsigned)(*s - '0');
            v = (char)(x & 0xff);
            break;
        }
        case 'x':
            if (end - s < 2 || hexval((unsigned char)s[0]) < 0 || hexval((unsigned char)s[1]) < 0)
                cg_p_raise_last(p, "SyntaxError", "(value error) invalid \\x escape at position %d",
                                (int)(s - 2 - begin));
            v = (char)(hexval((unsigned char)s[0]) * 16 + hexval((unsigned char)s[1]));
            s += 2;
            break;
        default:
            sb_put(p, out, "\\", 1);
            v = c;
            break;
        }
        sb_put(p, out, &v, 1);
    }
}

/* ---- one string token ---------------------------------------------------------- */

typedef struct {
    bool bytes, raw, fmode;
    const char *body; /* between the quotes, in the source */
    size_t len;
} str_parts;

static str_parts parse_prefix(const cg_token *t) {
    str_parts r = {0};
    const char *s = t->s;
    for (;; s++) {
        char c = *s;
        if (c == 'b' || c == 'B')
            r.bytes = true;
        else if (c == 'r' || c == 'R')
            r.raw = true;
        else if (c == 'f' || c == 'F')
            r.fmode = true;
        else if (c != 'u' && c != 'U')
            break;
    }
    size_t prefix = (size_t)(s - t->s);
    size_t n = (size_t)t->len - prefix;
    if (n >= 6 && s[1] == s[0] && s[2] == s[0]) {
        r.body = s + 3;
        r.len = n - 6;
    } else {
        r.body = s + 1;
        r.len = n - 2;
    }
    return r;
}

/* ---- f-strings -------------------------------------------------------------------- */

/* The joined string being built (CPython's FstringParser). */
typedef struct {
    sbuf last; /* the pending literal */
    bool has_last;
    cg_vec exprs;
    bool fmode;
} fstate;

static void concat(cg_parser *p, fstate *st, const char *s, size_t n) {
    if (!n)
        return;
    sb_put(p, &st->last, s, n);
    st->has_last = true;
}

static cg_ast *str_node(cg_parser *p, const char *s, size_t n, const cg_token *first, const cg_token *last) {
    cg_ast *c = cg_ast_arena_alloc(p->arena, sizeof *c);
    c->kind = AST_CONSTANT;
    c->line = first->line, c->col = first->col;
    c->end_line = last->end_line, c->end_col = last->end_col;
    c->u.constant.kind = CONST_STR;
    c->u.constant.s = s ? s : "";
    c->u.constant.len = n;
    return c;
}

/* The pending literal as a Constant (make_str_node_and_del). */
static cg_ast *flush(cg_parser *p, fstate *st, const cg_token *first, const cg_token *last) {
    cg_ast *c = str_node(p, st->last.b, st->last.n, first, last);
    st->last = (sbuf){0};
    st->has_last = false;
    return c;
}

typedef struct {
    const cg_token *first, *t, *last;
    bool raw;
} fctx;

static void fstring_concat(cg_parser *p, fstate *st, const char **str, const char *end, int recurse_lvl,
                           const fctx *fc);

static cg_ast *finish(cg_parser *p, fstate *st, const cg_token *first, const cg_token *last) {
    if (!st->fmode)
        return flush(p, st, first, last);
    if (st->has_last)
        cg_vec_push(p, &st->exprs, flush(p, st, first, last));
    cg_ast *j = cg_ast_arena_alloc(p->arena, sizeof *j);
    j->kind = AST_JOINED_STR;
    j->line = first->line, j->col = first->col;
    j->end_line = last->end_line, j->end_col = last->end_col;
    j->u.joined.values = cg_vec_list(&st->exprs);
    return j;
}

/* fstring_find_literal: the literal up to a '{' or '}' (doubled braces
 * become one at the top level). Returns 1 when the caller should go on
 * scanning literals. */
static int find_literal(cg_parser *p, const char **str, const char *end, bool raw, int recurse_lvl, sbuf *lit) {
    const char *s = *str, *start = s;
    int result = 0;
    while (s < end) {
        char ch = *s++;
        if (!raw && ch == '\\' && s < end) {
            ch = *s++;
            if (ch == 'N') {
                /* skip "\N{name}": its brace opens no expression */
                if (s < end && *s++ == '{')
                    while (s < end && *s++ != '}') {
                    }
                continue;
            }
        }
        if (ch == '{' || ch == '}') {
            if (recurse_lvl == 0) {
                if (s < end && *s == ch) {
                    *str = s + 1;
                    result = 1;
                    goto done;
                }
                if (ch == '}') {
                    *str = s - 1;
                    cg_p_raise_last(p, "SyntaxError", "f-string: single '}' is not allowed");
                }
            }
            s--;
            break;
        }
    }
    *str = s;
done:
    if (s != start) {
        if (raw)
            sb_put(p, lit, start, (size_t)(s - start));
        else
            decode_escapes(p, lit, start, (size_t)(s - start));
    }
    return result;
}

/* fstring_find_expr_location: where "(expr)" starts in the source. */
static void expr_location(const cg_token *t, const char *brace, int *line, int *col) {
    int lines = 0, cols = 0;
    bool newline_after_brace = true;
    for (const char *s = brace + 1; *s != '}' && *s != '\n'; s++)
        if (*s != ' ' && *s != '\t' && *s != '\f') {
            newline_after_brace = false;
            break;
        }
    if (!newline_after_brace) {
        const char *s = brace;
        while (s > t->s && *s != '\n')
            s--;
        cols += (int)(brace - s);
        if (*s == '\n')
            cols -= 1;
    }
    for (const char *s = t->s; s < brace; s++)
        lines += *s == '\n';
    *line = t->line + lines;
    *col = t->col + cols;
}

/* fstring_compile_expr */
static cg_ast *compile_expr(cg_parser *p, const char *expr_start, const char *expr_end, const fctx *fc) {
    const char *s = expr_start;
    while (s != expr_end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\f'))
        s++;
    if (s == expr_end) {
        if (*expr_end == '!' || *expr_end == ':' || *expr_end == '=')
            cg_p_raise_last(p, "SyntaxError", "f-string: expression required before '%c'", *expr_end);
        cg_p_raise_last(p, "SyntaxError", "f-string: empty expression not allowed");
    }
    int line, col;
    expr_location(fc->t, expr_start - 1, &line, &col);
    return cg_p_fstring_expr(p, expr_start, (size_t)(expr_end - expr_start), line, col);
}

_Noreturn static void expecting_brace(cg_parser *p) { cg_p_raise_last(p, "SyntaxError", "f-string: expecting '}'"); }

/* fstring_find_expr: one {expression!conversion:format_spec}. */
static cg_ast *find_expr(cg_parser *p, const char **str, const char *end, int recurse_lvl, sbuf *expr_text,
                         bool *has_text, const fctx *fc) {
    char quote_char = 0;
    int string_type = 0, nested_depth = 0;
    char parenstack[CG_LEX_MAXLEVEL];
    *has_text = false;
    if (recurse_lvl >= 2)
        cg_p_raise_last(p, "SyntaxError", "f-string: expressions nested too deeply");
    *str += 1;
    const char *expr_start = *str;
    for (; *str < end; (*str)++) {
        char ch = **str;
        if (ch == '\\')
            cg_p_raise_last(p, "SyntaxError", "f-string expression part cannot include a backslash");
        if (quote_char) {
            if (ch == quote_char) {
                if (string_type == 3) {
                    if (*str + 2 < end && (*str)[1] == ch && (*str)[2] == ch) {
                        *str += 2;
                        string_type = 0;
                        quote_char = 0;
                    }
                } else {
                    string_type = 0;
                    quote_char = 0;
                }
            }
        } else if (ch == '\'' || ch == '"') {
            if (*str + 2 < end && (*str)[1] == ch && (*str)[2] == ch) {
                string_type = 3;
                *str += 2;
            } else
                string_type = 1;
            quote_char = ch;
        } else if (ch == '[' || ch == '{' || ch == '(') {
            if (nested_depth >= CG_LEX_MAXLEVEL)
                cg_p_raise_last(p, "SyntaxError", "f-string: too many nested parenthesis");
            parenstack[nested_depth++] = ch;
        } else if (ch == '#') {
            cg_p_raise_last(p, "SyntaxError", "f-string expression part cannot include '#'");
        } else if (nested_depth == 0 && (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' || ch == '<')) {
            if (*str + 1 < end) {
                char next = (*str)[1];
                if ((ch == '!' && next == '=') || (ch == '=' && next == '=') || (ch == '<' && next == '=')
                    || (ch == '>' && next == '=')) {
                    *str += 1;
                    continue;
                }
            }
            if (ch == '>' || ch == '<')
                continue;
            break;
        } else if (ch == ']' || ch == '}' || ch == ')') {
            if (!nested_depth)
                cg_p_raise_last(p, "SyntaxError", "f-string: unmatched '%c'", ch);
            int opening = (unsigned char)parenstack[--nested_depth];
            if (!((opening == '(' && ch == ')') || (opening == '[' && ch == ']') || (opening == '{' && ch == '}')))
                cg_p_raise_last(p, "SyntaxError",
                                "f-string: closing parenthesis '%c' does not match opening parenthesis '%c'", ch,
                                opening);
        }
    }
    const char *expr_end = *str;
    if (quote_char)
        cg_p_raise_last(p, "SyntaxError", "f-string: unterminated string");
    if (nested_depth)
        cg_p_raise_last(p, "SyntaxError", "f-string: unmatched '%c'", parenstack[nested_depth - 1]);
    if (*str >= end)
        expecting_brace(p);
    cg_ast *value = compile_expr(p, expr_start, expr_end, fc);
    if (**str == '=') {
        *str += 1;
        while (**str == ' ' || **str == '\t' || **str == '\n' || **str == '\r' || **str == '\f' || **str == '\v')
            *str += 1;
        if (*str >= end)
            expecting_brace(p);
        sb_put(p, expr_text, expr_start, (size_t)(*str - expr_start));
        *has_text = true;
    }
    int conversion = -1;
    if (**str == '!') {
        *str += 1;
        if (*str >= end)
            expecting_brace(p);
        conversion = (unsigned char)**str;
        *str += 1;
        if (!(conversion == 's' || conversion == 'r' || conversion == 'a'))
            cg_p_raise_last(p, "SyntaxError", "f-string: invalid conversion character: expected 's', 'r', or 'a'");
    }
    cg_ast *spec = NULL;
    if (*str >= end)
        expecting_brace(p);
    if (**str == ':') {
        *str += 1;
        if (*str >= end)
            expecting_brace(p);
        /* fstring_parse: the spec is an f-string of its own */
        fstate sst = {0};
        fstring_concat(p, &sst, str, end, recurse_lvl + 1, fc);
        spec = finish(p, &sst, fc->t, fc->t);
    }
    if (*str >= end || **str != '}')
        expecting_brace(p);
    *str += 1;
    if (*has_text && !spec && conversion == -1)
        conversion = 'r';
    cg_ast *f = cg_ast_arena_alloc(p->arena, sizeof *f);
    f->kind = AST_FORMATTED_VALUE;
    f->line = fc->first->line, f->col = fc->first->col;
    f->end_line = fc->last->end_line, f->end_col = fc->last->end_col;
    f->u.fmt.value = value;
    f->u.fmt.conversion = conversion;
    f->u.fmt.format_spec = spec;
    return f;
}

/* _PyPegen_FstringParser_ConcatFstring */
static void fstring_concat(cg_parser *p, fstate *st, const char **str, const char *end, int recurse_lvl,
                           const fctx *fc) {
    st->fmode = true;
    for (;;) {
        sbuf lit = {0}, text = {0};
        bool has_text = false;
        cg_ast *expr = NULL;
        int result = find_literal(p, str, end, fc->raw, recurse_lvl, &lit);
        if (result == 0 && *str < end && **str != '}')
            expr = find_expr(p, str, end, recurse_lvl, &text, &has_text, fc);
        concat(p, st, lit.b, lit.n);
        if (has_text)
            concat(p, st, text.b, text.n);
        if (result == 1)
            continue;
        if (!expr)
            break;
        if (st->has_last)
            cg_vec_push(p, &st->exprs, flush(p, st, fc->first, fc->last));
        cg_vec_push(p, &st->exprs, expr);
    }
    if (recurse_lvl == 0 && *str < end - 1)
        cg_p_raise_last(p, "SyntaxError", "f-string: unexpected end of string");
    if (recurse_lvl != 0 && **str != '}')
        expecting_brace(p);
}

/* ---- STRING+ ------------------------------------------------------------------------ */

cg_ast *cg_p_strings(cg_parser *p) {
    int first = p->pos, last = first;
    while (cg_p_kind_at(p, last + 1) == TK_STRING)
        last++;
    p->pos = last + 1;
    const cg_token *tf = &p->toks[first], *tl = &p->toks[last];
    fstate st = {0};
    bool bytesmode = false;
    for (int i = first; i <= last; i++) {
        const cg_token *t = &p->toks[i];
        str_parts sp = parse_prefix(t);
        if (sp.bytes)
            for (size_t k = 0; k < sp.len; k++)
                if ((unsigned char)sp.body[k] >= 0x80)
                    cg_p_raise_last(p, "SyntaxError", "bytes can only contain ASCII literal characters");
        if (i != first && bytesmode != sp.bytes)
            cg_p_raise_last(p, "SyntaxError", "cannot mix bytes and nonbytes literals");
        bytesmode = sp.bytes;
        if (sp.fmode) {
            fctx fc = {tf, t, tl, sp.raw};
            const char *s = sp.body;
            fstring_concat(p, &st, &s, sp.body + sp.len, 0, &fc);
        } else if (sp.raw || !memchr(sp.body, '\\', sp.len)) {
            concat(p, &st, sp.body, sp.len);
        } else if (sp.bytes) {
            sbuf b = {0};
            decode_bytes_escapes(p, &b, sp.body, sp.len);
            concat(p, &st, b.b, b.n);
        } else {
            sbuf b = {0};
            decode_escapes(p, &b, sp.body, sp.len);
            concat(p, &st, b.b, b.n);
        }
    }
    cg_ast *r = finish(p, &st, tf, tl);
    if (bytesmode)
        r->u.constant.kind = CONST_BYTES;
    if (r->kind == AST_CONSTANT && (tf->s[0] == 'u' || tf->s[0] == 'U'))
        r->u.constant.u_prefix = true; /* ast's Constant(kind='u') */
    return r;
}
