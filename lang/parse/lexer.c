/* lexer.c: CPython 3.11's tokenizer (Parser/tokenizer.c), redone over one
 * in-memory buffer.
 *
 * The state machine keeps CPython's variables (cur, inp, line_start,
 * lineno, the bracket and indentation stacks) and its order of reading and
 * backing up characters, because SyntaxError positions fall out of where
 * `cur` stands when an error is raised. Strings are only delimited here;
 * their escapes and f-strings are decoded by parse_string.c.
 *
 * This is not the parser: it knows no grammar, only brackets and indents. */
#include "parse/lexer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABSIZE 8
#define ALTTABSIZE 1

enum { E_OK, E_EOF, E_ERROR, E_DEDENT, E_TABSPACE, E_TOODEEP, E_LINECONT };
#define EOF_ (-1)

typedef struct {
    const char *buf, *end; /* the normalised source */
    const char *cur, *inp; /* next byte; end of the current line */
    const char *line_start, *start;
    const char *buf_line; /* CPython's tok->buf */
    const char *multi_line_start;
    int lineno, first_lineno;
    int done;
    int level;
    int indent, pendin;
    int indstack[CG_LEX_MAXINDENT], altindstack[CG_LEX_MAXINDENT];
    bool atbol, cont_line;
    cg_lexed *out;
} lx;

/* ---- characters ---------------------------------------------------- */

int cg_lex_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp) {
    if (n == 0)
        return 0;
    unsigned c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    int len;
    uint32_t v, min;
    if (c >= 0xc2 && c <= 0xdf)
        len = 2, v = c & 0x1f, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        len = 3, v = c & 0x0f, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        len = 4, v = c & 0x07, min = 0x10000;
    else
        return 0;
    if (n < (size_t)len)
        return 0;
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *cp = v;
    return len;
}

bool cg_uni_is_printable(uint32_t cp) {
    if (cp < 0x20 || cp == 0x7f)
        return false;
    if (cp < 0x7f)
        return true;
    if (cp <= 0xa0 || cp == 0xad)
        return false;
    if (cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202f)
        || (cp >= 0x205f && cp <= 0x206f) || cp == 0x3000 || cp == 0xfeff)
        return false;
    if ((cp >= 0xd800 && cp <= 0xf8ff) || (cp >= 0xfff9 && cp <= 0xfffb) || cp >= 0xe0000)
        return false;
    return true;
}

/* XID_Start / XID_Continue, approximated: every code point outside ASCII
 * is a letter except the punctuation, symbol, space and control blocks
 * people paste by accident (quotes, dashes, arrows, math, emoji). */
static bool uni_is_symbol(uint32_t cp) {
    if (cp < 0x80)
        return false;
    if (cp <= 0xbf)
        return !(cp == 0xaa || cp == 0xb5 || cp == 0xb7 || cp == 0xba);
    if (cp == 0xd7 || cp == 0xf7)
        return true;
    if (cp >= 0x2000 && cp <= 0x206f)
        return !(cp == 0x203f || cp == 0x2040 || cp == 0x2054);
    if ((cp >= 0x20a0 && cp <= 0x20cf) || (cp >= 0x2190 && cp <= 0x2bff))
        return true;
    if ((cp >= 0x3000 && cp <= 0x3004) || (cp >= 0x3008 && cp <= 0x3020))
        return true;
    if ((cp >= 0xff01 && cp <= 0xff0f) || (cp >= 0xff1a && cp <= 0xff20)
        || (cp >= 0xff3b && cp <= 0xff40 && cp != 0xff3f) || (cp >= 0xff5b && cp <= 0xff65))
        return true;
    if (cp >= 0x1f000 && cp <= 0x1faff)
        return true;
    if (cp >= 0xfff0 && cp <= 0xffff) /* Specials: the replacement character U+FFFD, U+FFFC */
        return true;
    return !cg_uni_is_printable(cp);
}

static bool uni_is_xid_continue(uint32_t cp) {
    if (cp < 0x80)
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') || cp == '_';
    return !uni_is_symbol(cp);
}

static bool uni_is_xid_start(uint32_t cp) {
    if (cp < 0x80)
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || cp == '_';
    if (cp == 0xb7 || (cp >= 0x300 && cp <= 0x36f) || (cp >= 0x660 && cp <= 0x669) || cp == 0x203f || cp == 0x2040
        || cp == 0x2054 || cp == 0xff3f)
        return false;
    return uni_is_xid_continue(cp);
}

/* Counts characters (UTF-8 lead bytes) in [a, b). */
static int char_count(const char *a, const char *b) {
    int n = 0;
    for (; a < b; a++)
        n += ((unsigned char)*a & 0xc0) != 0x80;
    return n;
}

int cg_lex_char_offset(const char *line, int col) {
    /* pegen decodes the first `col` bytes of the line ("replace" makes a
     * cut sequence one character) and clamps to the line's length + 1. */
    if (col <= 0 || !line)
        return col;
    int len = (int)strcspn(line, "\n");
    if (col > len + 1)
        col = len + 1;
    int n = 0;
    for (int i = 0; i < col; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c & 0xc0) != 0x80)
            n++;
        else if (i == 0)
            n++;
    }
    return n;
}

static bool is_id_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 128; }
static bool is_id_char(int c) { return is_id_start(c) || (c >= '0' && c <= '9'); }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_xdigit(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/* ---- reading ------------------------------------------------------- */

/* The next line, when cur reached the end of this one (tok_underflow). */
static int nextc_slow(lx *t) {
    for (;;) {
        if (t->cur != t->inp)
            return (unsigned char)*t->cur++;
        if (t->done != E_OK)
            return EOF_;
        if (t->inp >= t->end) {
            t->done = E_EOF;
            t->cur = t->inp;
            return EOF_;
        }
        const char *nl = memchr(t->inp, '\n', (size_t)(t->end - t->inp));
        if (!t->start)
            t->buf_line = t->cur;
        t->line_start = t->cur;
        t->inp = nl ? nl + 1 : t->end;
        t->lineno++;
    }
}

static inline int nextc(lx *t) {
    if (t->cur != t->inp)
        return (unsigned char)*t->cur++;
    return nextc_slow(t);
}

static void backup(lx *t, int c) {
    if (c != EOF_)
        t->cur--;
}

/* The tokenizer's own SyntaxError (CPython's _syntaxerror_range): at the
 * character before `cur`, or at the byte columns given. */
static int raise_range(lx *t, int col, int end_col, const char *fmt, va_list ap) {
    cg_syntax_error *e = &t->out->err;
    snprintf(e->kind, sizeof e->kind, "SyntaxError");
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    e->line = t->lineno;
    if (col < 0)
        col = char_count(t->line_start, t->cur);
    if (end_col < 0)
        end_col = col;
    e->col = col;
    e->end_col = end_col;
    t->done = E_ERROR;
    return TK_ERRORTOKEN;
}

static int syntaxerror(lx *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = raise_range(t, -1, -1, fmt, ap);
    va_end(ap);
    return r;
}

static int syntaxerror_range(lx *t, int col, int end_col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = raise_range(t, col, end_col, fmt, ap);
    va_end(ap);
    return r;
}

/* ---- pieces of tok_get --------------------------------------------- */

static int lookahead(lx *t, const char *test) {
    const char *s = test;
    int res = 0;
    for (;;) {
        int c = nextc(t);
        if (*s == 0)
            res = !is_id_char(c);
        else if (c == *s) {
            s++;
            continue;
        }
        backup(t, c);
        while (s != test)
            backup(t, *--s);
        return res;
    }
}

/* A number directly followed by a letter: an error, except before the
 * keywords that may follow a number in valid code (CPython warns there). */
static int verify_end_of_number(lx *t, int c, const char *kind) {
    int r = 0;
    if (c == 'a')
        r = lookahead(t, "nd");
    else if (c == 'e')
        r = lookahead(t, "lse");
    else if (c == 'f')
        r = lookahead(t, "or");
    else if (c == 'i') {
        int c2 = nextc(t);
        r = c2 == 'f' || c2 == 'n' || c2 == 's';
        backup(t, c2);
    } else if (c == 'o')
        r = lookahead(t, "r");
    else if (c == 'n')
        r = lookahead(t, "ot");
    if (r)
        return 1;
    if (c < 128 && is_id_char(c)) {
        backup(t, c);
        syntaxerror(t, "invalid %s literal", kind);
        return 0;
    }
    return 1;
}

static int decimal_tail(lx *t) {
    int c;
    for (;;) {
        do
            c = nextc(t);
        while (is_digit(c));
        if (c != '_')
            break;
        c = nextc(t);
        if (!is_digit(c)) {
            backup(t, c);
            syntaxerror(t, "invalid decimal literal");
            return 0;
        }
    }
    return c;
}

static int continuation_line(lx *t) {
    int c = nextc(t);
    if (c != '\n') {
        t->done = E_LINECONT;
        t->out->linecont_col = (int)(t->cur - t->line_start);
        return -1;
    }
    c = nextc(t);
    if (c == EOF_) {
        t->done = E_EOF;
        t->cur = t->inp;
        return -1;
    }
    backup(t, c);
    return c;
}

static bool verify_identifier(lx *t) {
    const unsigned char *s = (const unsigned char *)t->start;
    const unsigned char *e = (const unsigned char *)t->cur;
    bool first = true;
    while (s < e) {
        uint32_t cp = 0;
        int n = cg_lex_utf8_decode(s, (size_t)(e - s), &cp);
        if (n == 0)
            n = 1, cp = 0xfffd; /* cannot happen: the source was validated */
        if (first ? !uni_is_xid_start(cp) : !uni_is_xid_continue(cp)) {
            if (s + n < e)
                t->cur = (const char *)s + n;
            if (cg_uni_is_printable(cp)) {
                char ch[5] = {0};
                memcpy(ch, s, (size_t)n);
                syntaxerror(t, "invalid character '%s' (U+%04X)", ch, (unsigned)cp);
            } else
                syntaxerror(t, "invalid non-printable character U+%04X", (unsigned)cp);
            return false;
        }
        first = false;
        s += n;
    }
    return true;
}

/* The keyword a name is, or TK_NAME: by first letter, then length. */
static int keyword(const char *s, int n) {
#define KW(word, kind)                                                    \
    if (n == (int)sizeof(word) - 1 && !memcmp(s, word, sizeof(word) - 1)) \
        return kind;
    switch (s[0]) {
    case 'F': KW("False", TK_FALSE) break;
    case 'N': KW("None", TK_NONE) break;
    case 'T': KW("True", TK_TRUE) break;
    case 'a':
        KW("and", TK_AND) KW("as", TK_AS) KW("assert", TK_ASSERT) KW("async", TK_ASYNC) KW("await", TK_AWAIT) break;
    case 'b': KW("break", TK_BREAK) break;
    case 'c': KW("class", TK_CLASS) KW("continue", TK_CONTINUE) break;
    case 'd': KW("def", TK_DEF) KW("del", TK_DEL) break;
    case 'e': KW("elif", TK_ELIF) KW("else", TK_ELSE) KW("except", TK_EXCEPT) break;
    case 'f': KW("finally", TK_FINALLY) KW("for", TK_FOR) KW("from", TK_FROM) break;
    case 'g': KW("global", TK_GLOBAL) break;
    case 'i': KW("if", TK_IF) KW("import", TK_IMPORT) KW("in", TK_IN) KW("is", TK_IS) break;
    case 'l': KW("lambda", TK_LAMBDA) break;
    case 'n': KW("nonlocal", TK_NONLOCAL) KW("not", TK_NOT) break;
    case 'o': KW("or", TK_OR) break;
    case 'p': KW("pass", TK_PASS) break;
    case 'r': KW("raise", TK_RAISE) KW("return", TK_RETURN) break;
    case 't': KW("try", TK_TRY) break;
    case 'w': KW("while", TK_WHILE) KW("with", TK_WITH) break;
    case 'y': KW("yield", TK_YIELD) break;
    default: break;
    }
#undef KW
    return TK_NAME;
}

static int one_char(int c) {
    switch (c) {
    case '%': return TK_PERCENT;
    case '&': return TK_AMPER;
    case '(': return TK_LPAR;
    case ')': return TK_RPAR;
    case '*': return TK_STAR;
    case '+': return TK_PLUS;
    case ',': return TK_COMMA;
    case '-': return TK_MINUS;
    case '.': return TK_DOT;
    case '/': return TK_SLASH;
    case ':': return TK_COLON;
    case ';': return TK_SEMI;
    case '<': return TK_LESS;
    case '=': return TK_EQUAL;
    case '>': return TK_GREATER;
    case '@': return TK_AT;
    case '[': return TK_LSQB;
    case ']': return TK_RSQB;
    case '^': return TK_CIRCUMFLEX;
    case '{': return TK_LBRACE;
    case '|': return TK_VBAR;
    case '}': return TK_RBRACE;
    case '~': return TK_TILDE;
    default: return TK_OP;
    }
}

static int two_chars(int c1, int c2) {
    switch (c1) {
    case '!': return c2 == '=' ? TK_NOTEQUAL : TK_OP;
    case '%': return c2 == '=' ? TK_PERCENTEQUAL : TK_OP;
    case '&': return c2 == '=' ? TK_AMPEREQUAL : TK_OP;
    case '*': return c2 == '*' ? TK_DOUBLESTAR : c2 == '=' ? TK_STAREQUAL : TK_OP;
    case '+': return c2 == '=' ? TK_PLUSEQUAL : TK_OP;
    case '-': return c2 == '=' ? TK_MINEQUAL : c2 == '>' ? TK_RARROW : TK_OP;
    case '/': return c2 == '/' ? TK_DOUBLESLASH : c2 == '=' ? TK_SLASHEQUAL : TK_OP;
    case ':': return c2 == '=' ? TK_COLONEQUAL : TK_OP;
    case '<': return c2 == '<' ? TK_LEFTSHIFT : c2 == '=' ? TK_LESSEQUAL : c2 == '>' ? TK_NOTEQUAL : TK_OP;
    case '=': return c2 == '=' ? TK_EQEQUAL : TK_OP;
    case '>': return c2 == '=' ? TK_GREATEREQUAL : c2 == '>' ? TK_RIGHTSHIFT : TK_OP;
    case '@': return c2 == '=' ? TK_ATEQUAL : TK_OP;
    case '^': return c2 == '=' ? TK_CIRCUMFLEXEQUAL : TK_OP;
    case '|': return c2 == '=' ? TK_VBAREQUAL : TK_OP;
    default: return TK_OP;
    }
}

static int three_chars(int c1, int c2, int c3) {
    if (c3 != '=')
        return TK_OP;
    if (c1 == '*' && c2 == '*')
        return TK_DOUBLESTAREQUAL;
    if (c1 == '/' && c2 == '/')
        return TK_DOUBLESLASHEQUAL;
    if (c1 == '<' && c2 == '<')
        return TK_LEFTSHIFTEQUAL;
    if (c1 == '>' && c2 == '>')
        return TK_RIGHTSHIFTEQUAL;
    return TK_OP;
}

/* Indentation at the start of a logical line (tok_get's atbol part).
 * Returns -1 to go on, or a token kind (ERRORTOKEN) to return. */
static int read_indentation(lx *t, int *blankline) {
    int col = 0, altcol = 0, cont_line_col = 0, c;
    t->atbol = false;
    for (;;) {
        c = nextc(t);
        if (c == ' ')
            col++, altcol++;
        else if (c == '\t') {
            col = (col / TABSIZE + 1) * TABSIZE;
            altcol = (altcol / ALTTABSIZE + 1) * ALTTABSIZE;
        } else if (c == '\014')
            col = altcol = 0;
        else if (c == '\\') {
            /* The first backslash fixes the indentation of what follows. */
            cont_line_col = cont_line_col ? cont_line_col : col;
            if ((c = continuation_line(t)) == -1)
                return TK_ERRORTOKEN;
        } else
            break;
    }
    backup(t, c);
    if (c == '#' || c == '\n')
        *blankline = 1;
    if (*blankline || t->level != 0)
        return -1;
    col = cont_line_col ? cont_line_col : col;
    altcol = cont_line_col ? cont_line_col : altcol;
    if (col == t->indstack[t->indent]) {
        if (altcol != t->altindstack[t->indent]) {
            t->done = E_TABSPACE;
            t->cur = t->inp;
            return TK_ERRORTOKEN;
        }
    } else if (col > t->indstack[t->indent]) {
        if (t->indent + 1 >= CG_LEX_MAXINDENT) {
            t->done = E_TOODEEP;
            t->cur = t->inp;
            return TK_ERRORTOKEN;
        }
        if (altcol <= t->altindstack[t->indent]) {
            t->done = E_TABSPACE;
            t->cur = t->inp;
            return TK_ERRORTOKEN;
        }
        t->pendin++;
        t->indstack[++t->indent] = col;
        t->altindstack[t->indent] = altcol;
    } else {
        while (t->indent > 0 && col < t->indstack[t->indent]) {
            t->pendin--;
            t->indent--;
        }
        if (col != t->indstack[t->indent]) {
            t->done = E_DEDENT;
            t->cur = t->inp;
            return TK_ERRORTOKEN;
        }
        if (altcol != t->altindstack[t->indent]) {
            t->done = E_TABSPACE;
            t->cur = t->inp;
            return TK_ERRORTOKEN;
        }
    }
    return -1;
}

static int read_number(lx *t, int c, bool after_dot, const char **p_start, const char **p_end);
static int read_string(lx *t, int quote, const char **p_start, const char **p_end);

static int read_brackets(lx *t, int c) {
    cg_lexed *o = t->out;
    switch (c) {
    case '(':
    case '[':
    case '{':
        if (t->level >= CG_LEX_MAXLEVEL)
            return syntaxerror(t, "too many nested parentheses");
        o->paren_char[t->level] = (char)c;
        o->paren_line[t->level] = t->lineno;
        o->paren_col[t->level] = (int)(t->start - t->line_start);
        o->paren_line_start[t->level] = t->line_start;
        t->level++;
        break;
    case ')':
    case ']':
    case '}': {
        if (!t->level)
            return syntaxerror(t, "unmatched '%c'", c);
        t->level--;
        int opening = o->paren_char[t->level];
        if (!((opening == '(' && c == ')') || (opening == '[' && c == ']') || (opening == '{' && c == '}'))) {
            if (o->paren_line[t->level] != t->lineno)
                return syntaxerror(t, "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d", c,
                                   opening, o->paren_line[t->level]);
            return syntaxerror(t, "closing parenthesis '%c' does not match opening parenthesis '%c'", c, opening);
        }
        break;
    }
    default: break;
    }
    return -1;
}

/* One token (CPython's tok_get). */
static int tok_get(lx *t, const char **p_start, const char **p_end) {
    int c, blankline;
    *p_start = *p_end = NULL;
nextline:
    t->start = NULL;
    blankline = 0;
    if (t->atbol) {
        int r = read_indentation(t, &blankline);
        if (r >= 0)
            return r;
    }
    t->start = t->cur;
    if (t->pendin != 0) {
        if (t->pendin < 0) {
            t->pendin++;
            return TK_DEDENT;
        }
        t->pendin--;
        return TK_INDENT;
    }
again:
    t->start = NULL;
    do
        c = nextc(t);
    while (c == ' ' || c == '\t' || c == '\014');
    t->start = t->cur - 1;
    if (c == '#')
        while (c != EOF_ && c != '\n')
            c = nextc(t);
    if (c == EOF_) {
        if (t->level)
            return TK_ERRORTOKEN;
        return t->done == E_EOF ? TK_ENDMARKER : TK_ERRORTOKEN;
    }
    if (is_id_start(c)) {
        /* the legal combinations of b"", r"", u"", and f"" */
        bool saw_b = false, saw_r = false, saw_u = false, saw_f = false, nonascii = false;
        for (;;) {
            if (!(saw_b || saw_u || saw_f) && (c == 'b' || c == 'B'))
                saw_b = true;
            else if (!(saw_b || saw_u || saw_r || saw_f) && (c == 'u' || c == 'U'))
                saw_u = true;
            else if (!(saw_r || saw_u) && (c == 'r' || c == 'R'))
                saw_r = true;
            else if (!(saw_f || saw_b || saw_u) && (c == 'f' || c == 'F'))
                saw_f = true;
            else
                break;
            c = nextc(t);
            if (c == '"' || c == '\'')
                return read_string(t, c, p_start, p_end);
        }
        if (is_id_char(c)) {
            /* the rest of the name, at once (a name never runs past its
             * line, which ends with '\n') */
            nonascii |= c >= 128;
            const char *q = t->cur;
            while (q < t->inp && is_id_char((unsigned char)*q)) {
                nonascii |= (unsigned char)*q >= 128;
                q++;
            }
            t->cur = q;
            c = nextc(t);
        }
        backup(t, c);
        if (nonascii && !verify_identifier(t))
            return TK_ERRORTOKEN;
        *p_start = t->start;
        *p_end = t->cur;
        return keyword(t->start, (int)(t->cur - t->start));
    }
    if (c == '\n') {
        t->atbol = true;
        if (blankline || t->level > 0)
            goto nextline;
        *p_start = t->start;
        *p_end = t->cur - 1;
        t->cont_line = false;
        return TK_NEWLINE;
    }
    if (c == '.') {
        c = nextc(t);
        if (is_digit(c))
            return read_number(t, c, true, p_start, p_end);
        if (c == '.') {
            c = nextc(t);
            if (c == '.') {
                *p_start = t->start;
                *p_end = t->cur;
                return TK_ELLIPSIS;
            }
            backup(t, c);
            backup(t, '.');
        } else
            backup(t, c);
        *p_start = t->start;
        *p_end = t->cur;
        return TK_DOT;
    }
    if (is_digit(c))
        return read_number(t, c, false, p_start, p_end);
    if (c == '"' || c == '\'')
        return read_string(t, c, p_start, p_end);
    if (c == '\\') {
        if (continuation_line(t) == -1)
            return TK_ERRORTOKEN;
        t->cont_line = true;
        goto again;
    }
    {
        int c2 = nextc(t);
        int kind = two_chars(c, c2);
        if (kind != TK_OP) {
            int c3 = nextc(t);
            int kind3 = three_chars(c, c2, c3);
            if (kind3 != TK_OP)
                kind = kind3;
            else
                backup(t, c3);
            *p_start = t->start;
            *p_end = t->cur;
            return kind;
        }
        backup(t, c2);
    }
    int r = read_brackets(t, c);
    if (r >= 0)
        return r;
    if (c < 0x20 || c == 0x7f)
        return syntaxerror(t, "invalid non-printable character U+%04X", (unsigned)c);
    *p_start = t->start;
    *p_end = t->cur;
    return one_char(c);
}

/* Numbers: the part of tok_get after the first digit `c` (after ".",
 * `c` is the digit that follows the dot). */
static int read_number(lx *t, int c, bool after_dot, const char **p_start, const char **p_end) {
    if (after_dot)
        goto fraction;
    if (c == '0') {
        c = nextc(t);
        if (c == 'x' || c == 'X') {
            c = nextc(t);
            do {
                if (c == '_')
                    c = nextc(t);
                if (!is_xdigit(c)) {
                    backup(t, c);
                    return syntaxerror(t, "invalid hexadecimal literal");
                }
                do
                    c = nextc(t);
                while (is_xdigit(c));
            } while (c == '_');
            if (!verify_end_of_number(t, c, "hexadecimal"))
                return TK_ERRORTOKEN;
        } else if (c == 'o' || c == 'O') {
            c = nextc(t);
            do {
                if (c == '_')
                    c = nextc(t);
                if (c < '0' || c >= '8') {
                    if (is_digit(c))
                        return syntaxerror(t, "invalid digit '%c' in octal literal", c);
                    backup(t, c);
                    return syntaxerror(t, "invalid octal literal");
                }
                do
                    c = nextc(t);
                while ('0' <= c && c < '8');
            } while (c == '_');
            if (is_digit(c))
                return syntaxerror(t, "invalid digit '%c' in octal literal", c);
            if (!verify_end_of_number(t, c, "octal"))
                return TK_ERRORTOKEN;
        } else if (c == 'b' || c == 'B') {
            c = nextc(t);
            do {
                if (c == '_')
                    c = nextc(t);
                if (c != '0' && c != '1') {
                    if (is_digit(c))
                        return syntaxerror(t, "invalid digit '%c' in binary literal", c);
                    backup(t, c);
                    return syntaxerror(t, "invalid binary literal");
                }
                do
                    c = nextc(t);
                while (c == '0' || c == '1');
            } while (c == '_');
            if (is_digit(c))
                return syntaxerror(t, "invalid digit '%c' in binary literal", c);
            if (!verify_end_of_number(t, c, "binary"))
                return TK_ERRORTOKEN;
        } else {
            bool nonzero = false;
            /* maybe old-style octal; in any case, allow '0' as a literal */
            for (;;) {
                if (c == '_') {
                    c = nextc(t);
                    if (!is_digit(c)) {
                        backup(t, c);
                        return syntaxerror(t, "invalid decimal literal");
                    }
                }
                if (c != '0')
                    break;
                c = nextc(t);
            }
            const char *zeros_end = t->cur;
            if (is_digit(c)) {
                nonzero = true;
                c = decimal_tail(t);
                if (c == 0)
                    return TK_ERRORTOKEN;
            }
            if (c == '.') {
                c = nextc(t);
                goto fraction;
            } else if (c == 'e' || c == 'E')
                goto exponent;
            else if (c == 'j' || c == 'J')
                goto imaginary;
            else if (nonzero) {
                backup(t, c);
                return syntaxerror_range(t, (int)(t->start + 1 - t->line_start), (int)(zeros_end - t->line_start),
                                         "leading zeros in decimal integer literals are not permitted; "
                                         "use an 0o prefix for octal integers");
            }
            if (!verify_end_of_number(t, c, "decimal"))
                return TK_ERRORTOKEN;
        }
    } else {
        c = decimal_tail(t);
        if (c == 0)
            return TK_ERRORTOKEN;
        if (c == '.') {
            c = nextc(t);
        fraction:
            if (is_digit(c)) {
                c = decimal_tail(t);
                if (c == 0)
                    return TK_ERRORTOKEN;
            }
        }
        if (c == 'e' || c == 'E') {
            int e;
        exponent:
            e = c;
            c = nextc(t);
            if (c == '+' || c == '-') {
                c = nextc(t);
                if (!is_digit(c)) {
                    backup(t, c);
                    return syntaxerror(t, "invalid decimal literal");
                }
            } else if (!is_digit(c)) {
                backup(t, c);
                if (!verify_end_of_number(t, e, "decimal"))
                    return TK_ERRORTOKEN;
                backup(t, e);
                *p_start = t->start;
                *p_end = t->cur;
                return TK_NUMBER;
            }
            c = decimal_tail(t);
            if (c == 0)
                return TK_ERRORTOKEN;
        }
        if (c == 'j' || c == 'J') {
        imaginary:
            c = nextc(t);
            if (!verify_end_of_number(t, c, "imaginary"))
                return TK_ERRORTOKEN;
        } else if (!verify_end_of_number(t, c, "decimal"))
            return TK_ERRORTOKEN;
    }
    backup(t, c);
    *p_start = t->start;
    *p_end = t->cur;
    return TK_NUMBER;
}

/* Strings: delimited only; `quote` has just been read. */
static int read_string(lx *t, int quote, const char **p_start, const char **p_end) {
    int quote_size = 1, end_quote_size = 0, c;
    t->first_lineno = t->lineno;
    t->multi_line_start = t->line_start;
    c = nextc(t);
    if (c == quote) {
        c = nextc(t);
        if (c == quote)
            quote_size = 3;
        else
            end_quote_size = 1; /* empty string */
    }
    if (c != quote)
        backup(t, c);
    while (end_quote_size != quote_size) {
        c = nextc(t);
        if (c == EOF_ || (quote_size == 1 && c == '\n')) {
            /* report from the string's first character */
            t->cur = t->start + 1;
            t->line_start = t->multi_line_start;
            int detected = t->lineno;
            t->lineno = t->first_lineno;
            if (quote_size == 3)
                return syntaxerror(t, "unterminated triple-quoted string literal (detected at line %d)", detected);
            return syntaxerror(t, "unterminated string literal (detected at line %d)", detected);
        }
        if (c == quote)
            end_quote_size++;
        else {
            end_quote_size = 0;
            if (c == '\\')
                nextc(t);
        }
    }
    *p_start = t->start;
    *p_end = t->cur;
    return TK_STRING;
}

/* ---- the token array ----------------------------------------------- */

static cg_token *push(cg_lexed *o) {
    if (o->n == o->cap) {
        int cap = o->cap * 2;
        cg_token *nt = realloc(o->toks, (size_t)cap * sizeof *nt);
        if (!nt)
            return NULL;
        o->toks = nt;
        o->cap = cap;
    }
    return &o->toks[o->n++];
}

/* Fills a token's positions as pegen's initialize_token does. */
static void set_token(lx *t, cg_token *k, int kind, const char *s, const char *e) {
    const char *ls = kind == TK_STRING ? t->multi_line_start : t->line_start;
    k->kind = (uint8_t)kind;
    k->level = (uint8_t)t->level;
    k->line = kind == TK_STRING ? t->first_lineno : t->lineno;
    k->end_line = t->lineno;
    k->col = (s && s >= ls) ? (int)(s - ls) : -1;
    k->end_col = (e && e >= t->line_start) ? (int)(e - t->line_start) : -1;
    k->s = s ? s : t->cur;
    k->len = (s && e) ? (int)(e - s) : 0;
    k->cur_col = (int)(t->cur - t->line_start);
    k->buf = t->buf_line;
}

static cg_lex_done done_kind(int done) {
    switch (done) {
    case E_ERROR: return LEX_RAISED;
    case E_DEDENT: return LEX_DEDENT;
    case E_TABSPACE: return LEX_TABSPACE;
    case E_TOODEEP: return LEX_TOODEEP;
    case E_LINECONT: return LEX_LINECONT;
    default: return LEX_EOF;
    }
}

int cg_lex(const char *src, size_t len, cg_lexed *out) {
    memset(out, 0, sizeof *out);
    /* about one token for four bytes of code: one allocation, mostly */
    out->cap = (int)(len / 4 < (1u << 26) ? len / 4 + 64 : (1u << 26));
    out->toks = malloc((size_t)out->cap * sizeof *out->toks);
    if (!out->toks)
        return -1;
    lx t = {.buf = src,
            .end = src + len,
            .cur = src,
            .inp = src,
            .line_start = src,
            .buf_line = src,
            .atbol = true,
            .out = out};
    for (;;) {
        const char *s, *e;
        int kind = tok_get(&t, &s, &e);
        cg_token *k = push(out);
        if (!k)
            return -1;
        set_token(&t, k, kind, s, e);
        if (kind == TK_ENDMARKER || kind == TK_ERRORTOKEN) {
            out->done = kind == TK_ENDMARKER ? LEX_DONE : done_kind(t.done);
            out->level = t.level;
            return 0;
        }
    }
}

void cg_lexed_free(cg_lexed *lx_) {
    free(lx_->toks);
    lx_->toks = NULL;
    lx_->n = lx_->cap = 0;
}
