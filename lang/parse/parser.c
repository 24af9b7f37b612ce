/* parser.c: cg_parse and the machinery around the rules of parse_*.c:
 * reading tokens, building nodes, raising errors, and the two passes of
 * pegen.
 *
 * A parse runs the rules once; if the file does not parse, it runs them
 * again with the invalid_* rules on (p->call_invalid_rules), which raise
 * the specific message ("expected ':'", "cannot assign to literal", ...).
 * When none applies the error is "invalid syntax" at the furthest token
 * the first pass read. As in pegen, an error of the tokenizer anywhere in
 * the file (an unterminated string, a stray bracket) takes precedence,
 * and a bracket never closed before the error line is reported as such.
 * Checks that CPython makes in its compiler are recorded by the rules and
 * reported when the parse succeeds.
 *
 * This is not the grammar's rules (parse_*.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/parser.h"

/* ---- tokens ------------------------------------------------------------ */

_Noreturn static void tokenizer_error(cg_parser *p, const cg_token *t);

cg_token *cg_p_tok_slow(cg_parser *p, int i) {
    if (i >= p->ntoks)
        i = p->ntoks - 1;
    if (i >= p->fill) {
        p->fill = i + 1;
        if (p->toks[i].kind == TK_ERRORTOKEN)
            tokenizer_error(p, &p->toks[i]);
    }
    return &p->toks[i];
}

cg_token *cg_p_expect_forced(cg_parser *p, int kind, const char *text) {
    cg_token *t = cg_p_peek(p);
    if (t->kind != kind)
        cg_p_raise_tok(p, t, "expected '%s'", text);
    p->pos++;
    return t;
}

/* ---- errors -------------------------------------------------------------- */

/* The text of line `line` of the parser's own source (an f-string's
 * expression for its parser). */
static const char *line_text(cg_parser *p, int line) {
    size_t len;
    const char *src = cg_ast_arena_source(p->arena, &len);
    if (p->fstring)
        src = p->lx->toks[0].s;
    int rel = line - (p->fstring ? p->fs_line : 1);
    const char *s = src;
    for (int i = 0; i < rel; i++) {
        const char *nl = strchr(s, '\n');
        if (!nl || !nl[1])
            break;
        s = nl + 1;
    }
    return s;
}

/* Characters in the first n bytes of text[0..len), as pegen's
 * _PyPegen_byte_offset_to_character_offset counts them (n clamped to
 * len + 1; a cut sequence counts one). */
static int char_offset(const char *text, size_t len, int n) {
    if (n <= 0)
        return n;
    if ((size_t)n > len + 1)
        n = (int)len + 1;
    int chars = 0;
    for (int i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c & 0xc0) != 0x80 || i == 0)
            chars++;
    }
    return chars;
}

/* The text pegen converts an error's columns over: from tok->buf to the
 * end of the tokenizer's line when the error is on that line or after,
 * else the error's own line. */
static const char *error_text(cg_parser *p, int line, size_t *len) {
    const cg_token *last = &p->toks[p->fill - 1];
    const char *text = line >= last->end_line ? last->buf : line_text(p, line);
    const char *cur = line >= last->end_line ? line_text(p, last->end_line) : text;
    const char *nl = strchr(cur, '\n');
    *len = (size_t)((nl ? nl + 1 : cur + strlen(cur)) - text);
    return text;
}

/* pegen's _PyPegen_raise_error_known_location: 1-based byte columns in,
 * 1-based character columns out. */
_Noreturn static void raise_known(cg_parser *p, const char *kind, int line, int col1, int end_line, int end_col1,
                                  const char *msg) {
    cg_syntax_error *e = p->err;
    (void)end_line;
    if (p->fstring) {
        snprintf(e->msg, sizeof e->msg, "f-string: %s", msg);
        col1 -= p->fs_col;
        end_col1 -= p->fs_col;
    } else
        snprintf(e->msg, sizeof e->msg, "%s", msg);
    snprintf(e->kind, sizeof e->kind, "%s", kind);
    size_t len;
    const char *text = error_text(p, line, &len);
    int col = char_offset(text, len, col1);
    int end = end_col1 > 0 ? char_offset(text, len, end_col1) : end_col1;
    e->line = line;
    e->col = col;
    e->end_col = end > col ? end : col;
    longjmp(*p->jmp, 1);
}

_Noreturn static void raise_v(cg_parser *p, const char *kind, int line, int col, int end_line, int end_col,
                              const char *fmt, va_list ap) {
    char msg[256];
    vsnprintf(msg, sizeof msg, fmt, ap);
    const cg_token *last = &p->toks[p->fill - 1];
    int col1 = col == CG_CURRENT_POS ? CG_CURRENT_POS : col + 1;
    int end1 = end_col == CG_CURRENT_POS ? CG_CURRENT_POS : end_col + 1;
    if (end_line == CG_CURRENT_POS)
        end_line = last->end_line;
    if (end1 == CG_CURRENT_POS)
        end1 = last->cur_col;
    raise_known(p, kind, line, col1, end_line, end1, msg);
}

void cg_p_raise_at(cg_parser *p, const char *kind, int line, int col, int end_line, int end_col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    raise_v(p, kind, line, col, end_line, end_col, fmt, ap);
}

void cg_p_raise_node(cg_parser *p, const cg_ast *a, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    raise_v(p, "SyntaxError", a->line, a->col, a->end_line, a->end_col, fmt, ap);
}

void cg_p_raise_range(cg_parser *p, const cg_ast *a, const cg_ast *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    raise_v(p, "SyntaxError", a->line, a->col, b->end_line, b->end_col, fmt, ap);
}

void cg_p_raise_tok(cg_parser *p, const cg_token *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    raise_v(p, "SyntaxError", t->line, t->col, t->end_line, t->end_col, fmt, ap);
}

void cg_p_raise_tok_range(cg_parser *p, const cg_token *a, const cg_token *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    raise_v(p, "SyntaxError", a->line, a->col, b->end_line, b->end_col, fmt, ap);
}

void cg_p_raise_from(cg_parser *p, const cg_ast *a, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    raise_v(p, "SyntaxError", a->line, a->col, CG_CURRENT_POS, CG_CURRENT_POS, fmt, ap);
}

/* pegen's _PyPegen_raise_error: at the last token read. */
void cg_p_raise_last(cg_parser *p, const char *kind, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char msg[256];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const cg_token *t = &p->toks[p->fill - 1];
    int col1 = t->col == -1 ? t->cur_col : t->col + 1;
    int end1 = t->end_col != -1 ? t->end_col + 1 : -1;
    raise_known(p, kind, t->line, col1, t->end_line, end1, msg);
}

static void record(cg_parser *p, bool *has, cg_syntax_error *e, const cg_ast *at, const char *fmt, va_list ap) {
    if (*has || p->call_invalid_rules)
        return;
    *has = true;
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    snprintf(e->kind, sizeof e->kind, "SyntaxError");
    /* the compiler reports byte columns */
    e->line = at->line;
    e->col = at->col + 1;
    e->end_col = at->end_col + 1 > e->col ? at->end_col + 1 : e->col;
}

void cg_p_compile_error(cg_parser *p, const cg_ast *at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    record(p, &p->has_compile_error, &p->compile_err, at, fmt, ap);
    va_end(ap);
}

void cg_p_symtable_error(cg_parser *p, const cg_ast *at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    record(p, &p->has_symtable_error, &p->symtable_err, at, fmt, ap);
    va_end(ap);
}

/* An error token read by the parser (pegen's _Pypegen_tokenizer_error). */
static void raise_unclosed(cg_parser *p) {
    const cg_lexed *lx = p->lx;
    int i = lx->level - 1;
    cg_p_raise_at(p, "SyntaxError", lx->paren_line[i], lx->paren_col[i], lx->paren_line[i], -1, "'%c' was never closed",
                  lx->paren_char[i]);
}

_Noreturn static void tokenizer_error(cg_parser *p, const cg_token *t) {
    const cg_lexed *lx = p->lx;
    switch (lx->done) {
    case LEX_RAISED: *p->err = lx->err; longjmp(*p->jmp, 1);
    case LEX_EOF:
        if (lx->level)
            raise_unclosed(p);
        cg_p_raise_last(p, "SyntaxError", "unexpected EOF while parsing");
    case LEX_DEDENT: cg_p_raise_last(p, "IndentationError", "unindent does not match any outer indentation level");
    case LEX_TABSPACE:
        cg_p_raise_at(p, "TabError", t->line, 0, t->line, -1, "inconsistent use of tabs and spaces in indentation");
    case LEX_TOODEEP: cg_p_raise_at(p, "IndentationError", t->line, 0, t->line, -1, "too many levels of indentation");
    case LEX_LINECONT:
        cg_p_raise_at(p, "SyntaxError", t->line, lx->linecont_col - 1, t->line, -1,
                      "unexpected character after line continuation character");
    default: cg_p_raise_last(p, "SyntaxError", "invalid syntax");
    }
}

/* Note [Parse budget]
 * ~~~~~~~~~~~~~~~~~~~~
 * The parser backtracks, and where it would parse the same text again at
 * every level of nesting it memoizes (Note [Atoms memoized] in
 * parse_expr.c, del_t_atom in parse_target.c), so that every input seen
 * parses in time about linear in its tokens. As a backstop against a
 * pattern not yet seen, a parse may enter at most a fixed number of rules
 * per token (real programs enter a few dozen) and ends with CPython's
 * MemoryError for a source too complex to parse rather than run for
 * minutes holding the kernel: what `python3` answers for a source its
 * parser cannot follow. */
cg_parse_budget cg_parse_budget_limits = {.floor = 1000000, .per_token = 256, .interrupt = NULL};

void cg_p_enter(cg_parser *p) {
    if (++p->depth > CG_PARSE_MAX_DEPTH)
        cg_p_raise_tok(p, cg_p_peek(p), "too many nested expressions");
    if (++p->steps > cg_parse_budget_limits.floor + cg_parse_budget_limits.per_token * (int64_t)p->ntoks) {
        snprintf(p->err->kind, sizeof p->err->kind, "MemoryError");
        snprintf(p->err->msg, sizeof p->err->msg, "Parser stack overflowed - Python source too complex to parse");
        longjmp(*p->jmp, 2);
    }
    /* a long parse (a cell of megabytes) stops at Ctrl-C like a loop */
    if ((p->steps & 4095) == 0 && cg_parse_budget_limits.interrupt && *cg_parse_budget_limits.interrupt) {
        snprintf(p->err->kind, sizeof p->err->kind, "KeyboardInterrupt");
        p->err->msg[0] = 0;
        longjmp(*p->jmp, 2);
    }
}

/* ---- nodes and lists -------------------------------------------------------- */

static void *alloc(cg_parser *p, size_t n) {
    void *r = cg_ast_arena_alloc(p->arena, n);
    if (!r) {
        snprintf(p->err->kind, sizeof p->err->kind, "MemoryError");
        p->err->msg[0] = 0;
        longjmp(*p->jmp, 2);
    }
    return r;
}

void cg_p_end(cg_parser *p, cg_ast *n) {
    /* the last token before pos that is not NEWLINE, INDENT, DEDENT or
     * ENDMARKER (pegen's _PyPegen_get_last_nonnwhitespace_token) */
    int m = p->pos - 1;
    while (m > 0
           && (p->toks[m].kind == TK_ENDMARKER || (p->toks[m].kind >= TK_NEWLINE && p->toks[m].kind <= TK_DEDENT)))
        m--;
    if (m < 0)
        m = 0;
    n->end_line = p->toks[m].end_line;
    n->end_col = p->toks[m].end_col;
}

cg_ast *cg_p_node(cg_parser *p, cg_ast_kind kind, int start) {
    cg_ast *n = alloc(p, sizeof *n);
    n->kind = kind;
    n->line = p->toks[start].line;
    n->col = p->toks[start].col;
    cg_p_end(p, n);
    return n;
}

const char *cg_p_strndup(cg_parser *p, const char *s, size_t n) {
    char *r = cg_ast_arena_alloc_raw(p->arena, n + 1);
    if (!r)
        alloc(p, (size_t)-1 / 2);
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

const char *cg_p_name_of(cg_parser *p, const cg_token *t) { return cg_p_strndup(p, t->s, (size_t)t->len); }

void cg_vec_push(cg_parser *p, cg_vec *v, cg_ast *x) {
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 4;
        cg_ast **ni = cg_ast_arena_alloc_raw(p->arena, (size_t)cap * sizeof *ni);
        if (!ni)
            alloc(p, (size_t)-1 / 2);
        if (v->n)
            memcpy(ni, v->items, (size_t)v->n * sizeof *ni);
        v->items = ni;
        v->cap = cap;
    }
    v->items[v->n++] = x;
}

cg_ast_list cg_vec_list(cg_vec *v) { return (cg_ast_list){v->n, v->items}; }

cg_ast_list cg_p_list1(cg_parser *p, cg_ast *x) {
    cg_vec v = {0};
    cg_vec_push(p, &v, x);
    return cg_vec_list(&v);
}

/* ---- the two passes ------------------------------------------------------------ */

static cg_ast *run_rule(cg_parser *p) { return p->fstring ? cg_p_fstring_input(p) : cg_p_file(p); }

/* pegen's _PyPegen_tokenize_full_source_to_check_for_errors: a
 * tokenizer error anywhere in the source wins over a parser error, and
 * a bracket left open on a line before the error is reported. */
static void prefer_tokenizer_error(cg_parser *p, cg_syntax_error *err) {
    const cg_lexed *lx = p->lx;
    if (lx->done == LEX_RAISED) {
        *err = lx->err;
        return;
    }
    if (lx->done == LEX_EOF && lx->level > 0) {
        int err_line = p->toks[p->fill - 1].line;
        if (err_line > lx->paren_line[lx->level - 1]) {
            jmp_buf jb, *saved = p->jmp;
            p->jmp = &jb;
            if (!setjmp(jb))
                raise_unclosed(p);
            p->jmp = saved;
        }
    }
}

/* Runs one parse (both passes as needed) of p's tokens. Returns the root,
 * or NULL with *p->err filled. */
static cg_ast *run_parser(cg_parser *p) {
    jmp_buf jb;
    jmp_buf *volatile saved = p->jmp;
    p->jmp = &jb;
    cg_ast *volatile res = NULL;
    volatile bool final = false; /* an error pegen does not let the tokenizer override */
    int code = setjmp(jb);
    if (code == 0) {
        res = run_rule(p);
        if (!res) {
            int last = p->fill - 1;
            p->pos = 0;
            p->depth = 0;
            p->call_invalid_rules = true;
            p->memo = calloc((size_t)p->ntoks * CG_MEMO_COUNT, sizeof *p->memo);
            if (p->memo)
                run_rule(p);
            /* no specific error: "invalid syntax" at the first pass's
             * furthest token, unless it is an INDENT or DEDENT */
            const cg_token *t = &p->toks[last];
            if (t->kind == TK_INDENT || t->kind == TK_DEDENT) {
                p->fill = last + 1;
                final = true;
                cg_p_raise_last(p, "IndentationError",
                                t->kind == TK_INDENT ? "unexpected indent" : "unexpected unindent");
            }
            if (t->kind == TK_ERRORTOKEN && p->lx->done == LEX_EOF && p->lx->level)
                raise_unclosed(p);
            cg_p_raise_at(p, "SyntaxError", t->line, t->col, t->end_line, t->end_col, "invalid syntax");
        }
    } else if (code == 1) {
        /* a parser error, not the tokenizer's own, gives way to one the
         * tokenizer finds further on */
        bool tokenizer_raised = p->fill > 0 && p->toks[p->fill - 1].kind == TK_ERRORTOKEN;
        if (!tokenizer_raised && !final)
            prefer_tokenizer_error(p, p->err);
    }
    free(p->memo);
    p->memo = NULL;
    p->jmp = saved;
    return code == 0 ? res : NULL;
}

static void parser_init(cg_parser *p, cg_ast_arena *arena, cg_lexed *lx, cg_syntax_error *err) {
    memset(p, 0, sizeof *p);
    p->arena = arena;
    p->lx = lx;
    p->toks = lx->toks;
    p->ntoks = lx->n;
    p->err = err;
}

cg_ast *cg_p_fstring_expr(cg_parser *outer, const char *src, size_t len, int line, int col) {
    /* "(" + expr + ")\n", kept in the arena: names point into it */
    char *buf = cg_ast_arena_alloc_raw(outer->arena, len + 4);
    buf[0] = '(';
    memcpy(buf + 1, src, len);
    buf[len + 1] = ')';
    buf[len + 2] = '\n';
    buf[len + 3] = 0;
    cg_lexed lx;
    if (cg_lex(buf, len + 3, &lx) < 0) {
        cg_lexed_free(&lx);
        alloc(outer, (size_t)-1 / 2);
    }
    /* positions: lines count from the expression's line; the first line's
     * columns start at the '{' (pegen's starting_lineno/col_offset) */
    for (int i = 0; i < lx.n; i++) {
        cg_token *t = &lx.toks[i];
        bool first_line = t->end_line == 1;
        t->line += line - 1;
        t->end_line += line - 1;
        if (first_line) {
            if (t->col >= 0)
                t->col += col;
            if (t->end_col >= 0)
                t->end_col += col;
        }
    }
    if (lx.done == LEX_RAISED)
        lx.err.line += line - 1;
    for (int i = 0; i < lx.level; i++)
        lx.paren_line[i] += line - 1;
    cg_parser p;
    parser_init(&p, outer->arena, &lx, outer->err);
    p.fstring = true;
    p.outer = outer;
    p.fs_line = line;
    p.fs_col = col;
    p.depth = outer->depth;
    p.func_depth = outer->func_depth;
    p.loop_depth = outer->loop_depth;
    p.fblocks = outer->fblocks;
    cg_ast *r = run_parser(&p);
    if (p.has_compile_error && !outer->has_compile_error) {
        outer->has_compile_error = true;
        outer->compile_err = p.compile_err;
    }
    if (p.has_symtable_error && !outer->has_symtable_error) {
        outer->has_symtable_error = true;
        outer->symtable_err = p.symtable_err;
    }
    cg_lexed_free(&lx);
    if (!r)
        longjmp(*outer->jmp, 1);
    return r;
}

int cg_parse_check(const char *src, size_t len, bool *at_eof) {
    *at_eof = false;
    cg_ast_arena *arena = cg_ast_arena_new(src, len, "<input>");
    if (!arena)
        return -1;
    size_t n;
    const char *text = cg_ast_arena_source(arena, &n);
    cg_lexed lx;
    volatile int rc = -1;
    if (cg_lex(text, n, &lx) == 0) {
        /* the tokens after the last NEWLINE come once the end was read */
        volatile int eof_index = 0;
        for (int i = 0; i < lx.n; i++)
            if (lx.toks[i].kind == TK_NEWLINE)
                eof_index = i + 1;
        cg_syntax_error err;
        cg_parser p;
        parser_init(&p, arena, &lx, &err);
        jmp_buf jb;
        p.jmp = &jb;
        volatile bool parsed = false;
        if (!setjmp(jb)) {
            parsed = cg_p_file(&p) != NULL;
            rc = parsed && !p.has_compile_error && !p.has_symtable_error ? 0 : -1;
        }
        /* the compiler's errors come after the parse: a parse that ran
         * out of input is incomplete whatever it saw before */
        *at_eof = !parsed && p.fill - 1 >= eof_index;
    }
    cg_lexed_free(&lx);
    cg_ast_arena_release(arena);
    return rc;
}

/* ---- entry ------------------------------------------------------------------------- */

static void set_error(cg_syntax_error *err, const char *kind, const char *msg, int line, int col) {
    snprintf(err->kind, sizeof err->kind, "%s", kind);
    snprintf(err->msg, sizeof err->msg, "%s", msg);
    err->line = line;
    err->col = col;
    err->end_col = col;
}

/* Source that CPython refuses before tokenizing: NUL bytes and bytes
 * that are not UTF-8. */
static bool check_bytes(const char *src, size_t len, const char *filename, cg_syntax_error *err) {
    /* most cells are plain ASCII: one pass the compiler can vectorise */
    unsigned char any = 0, zero = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)src[i];
        any |= c;
        zero |= c == 0;
    }
    if (!(any & 0x80) && !zero)
        return true;
    int line = 1;
    const char *line_start = src;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)src[i];
        if (c == 0) {
            set_error(err, "SyntaxError", "source code cannot contain null bytes", line,
                      cg_lex_char_offset(line_start, (int)(src + i - line_start) + 1));
            return false;
        }
        if (c == '\n') {
            line++;
            line_start = src + i + 1;
        }
        if (c < 0x80) {
            i++;
            continue;
        }
        uint32_t cp;
        int n = cg_lex_utf8_decode((const unsigned char *)src + i, len - i, &cp);
        if (!n) {
            char msg[256];
            snprintf(msg, sizeof msg,
                     "Non-UTF-8 code starting with '\\x%02x' in file %s on line %d, but no encoding declared; "
                     "see https://peps.python.org/pep-0263/ for details",
                     c, filename ? filename : "<unknown>", line);
            set_error(err, "SyntaxError", msg, line, 0);
            return false;
        }
        i += (size_t)n;
    }
    return true;
}

cg_ast_arena *cg_parse(const char *src, size_t len, const char *filename, cg_syntax_error *err) {
    cg_syntax_error dummy;
    if (!err)
        err = &dummy;
    memset(err, 0, sizeof *err);
    if (!src)
        src = "", len = 0;
    /* a UTF-8 byte order mark is not part of the source */
    if (len >= 3 && !memcmp(src, "\xef\xbb\xbf", 3))
        src += 3, len -= 3;
    if (!check_bytes(src, len, filename, err))
        return NULL;
    cg_ast_arena *arena = cg_ast_arena_new(src, len, filename);
    if (!arena) {
        set_error(err, "MemoryError", "", 0, 0);
        return NULL;
    }
    size_t n;
    const char *text = cg_ast_arena_source(arena, &n);
    cg_lexed lx;
    if (cg_lex(text, n, &lx) < 0) {
        cg_lexed_free(&lx);
        cg_ast_arena_release(arena);
        set_error(err, "MemoryError", "", 0, 0);
        return NULL;
    }
    cg_parser p;
    parser_init(&p, arena, &lx, err);
    cg_ast *root = run_parser(&p);
    cg_lexed_free(&lx);
    if (root && (p.has_symtable_error || p.has_compile_error)) {
        *err = p.has_symtable_error ? p.symtable_err : p.compile_err;
        root = NULL;
    }
    if (!root) {
        cg_ast_arena_release(arena);
        return NULL;
    }
    cg_ast_arena_set_root(arena, root);
    return arena;
}
