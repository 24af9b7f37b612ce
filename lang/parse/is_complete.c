/* is_complete.c: the answer to Jupyter's is_complete_request, as IPython
 * 8 gives it for Python (IPython.core.inputtransformer2's
 * TransformerManager.check_complete): "complete", "incomplete" with the
 * indentation of the next line, or "invalid".
 *
 * Like IPython it first drops leading blank lines and the first line's
 * indentation, treats %magic and !shell lines as statements and a %%cell
 * magic as complete once a blank line ends it; then the tokens decide
 * (an open bracket or triple-quoted string, a line ending in ':'), and
 * last the parser (code that needs more lines is incomplete, any other
 * error invalid).
 *
 * This is not the parser; it asks it. */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/lexer.h"
#include "parse/parser.h"

typedef struct {
    const char *s;
    size_t n; /* without the newline */
} line;

typedef struct {
    line *v;
    int n;
} lines;

static int split_lines(const char *src, size_t len, lines *out) {
    int cap = 16;
    out->v = malloc((size_t)cap * sizeof *out->v);
    out->n = 0;
    if (!out->v)
        return -1;
    size_t i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && src[j] != '\n' && src[j] != '\r')
            j++;
        if (out->n == cap) {
            cap *= 2;
            line *nv = realloc(out->v, (size_t)cap * sizeof *nv);
            if (!nv)
                return -1;
            out->v = nv;
        }
        out->v[out->n++] = (line){src + i, j - i};
        if (j < len && src[j] == '\r' && j + 1 < len && src[j + 1] == '\n')
            j++;
        i = j + 1;
    }
    return 0;
}

static bool is_blank(line l) {
    for (size_t i = 0; i < l.n; i++)
        if (l.s[i] != ' ' && l.s[i] != '\t' && l.s[i] != '\f' && l.s[i] != '\v')
            return false;
    return true;
}

static size_t indent_of(line l) {
    size_t i = 0;
    while (i < l.n && (l.s[i] == ' ' || l.s[i] == '\t'))
        i++;
    return i;
}

/* find_last_indent: the last line's indentation (once the first line's
 * was removed from it), a tab counting 4. */
static int last_indent(const lines *ls, int first, size_t strip) {
    line l = ls->v[ls->n - 1];
    size_t i = strip && l.n >= strip && !memcmp(l.s, ls->v[first].s, strip) ? strip : 0;
    size_t k = indent_of(l);
    int n = 0;
    for (; i < k; i++)
        n += l.s[i] == '\t' ? 4 : 1;
    return n;
}

/* Brackets still open at the end of a line, roughly (strings and
 * comments skipped): a magic is only a magic at the start of a statement. */
static int bracket_delta(line l, int depth) {
    char q = 0;
    for (size_t i = 0; i < l.n; i++) {
        char c = l.s[i];
        if (q) {
            if (c == '\\')
                i++;
            else if (c == q)
                q = 0;
        } else if (c == '\'' || c == '"')
            q = c;
        else if (c == '#')
            break;
        else if (c == '(' || c == '[' || c == '{')
            depth++;
        else if ((c == ')' || c == ']' || c == '}') && depth > 0)
            depth--;
    }
    return depth;
}

/* The cleaned-up cell: leading blank lines and the first line's
 * indentation removed, magic lines turned into `pass`. */
static char *clean(const lines *ls, int first, size_t strip, size_t *len) {
    size_t cap = 1;
    for (int i = first; i < ls->n; i++)
        cap += ls->v[i].n + 6;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    size_t o = 0;
    int depth = 0;
    bool continued = false;
    line first_line = ls->v[first];
    for (int i = first; i < ls->n; i++) {
        line l = ls->v[i];
        if (strip && l.n >= strip && !memcmp(l.s, first_line.s, strip))
            l.s += strip, l.n -= strip;
        size_t k = indent_of(l);
        bool magic = depth == 0 && !continued && k < l.n && (l.s[k] == '%' || l.s[k] == '!');
        if (magic) {
            memcpy(out + o, l.s, k);
            memcpy(out + o + k, "pass", 4);
            o += k + 4;
        } else {
            memcpy(out + o, l.s, l.n);
            o += l.n;
            depth = bracket_delta(l, depth);
        }
        continued = !magic && l.n && l.s[l.n - 1] == '\\';
        out[o++] = '\n';
    }
    out[o] = 0;
    *len = o;
    return out;
}

static cg_code_status set_indent(char indent[64], int n) {
    if (n < 0)
        n = 0;
    if (n > 63)
        n = 63;
    memset(indent, ' ', (size_t)n);
    indent[n] = 0;
    return CG_CODE_INCOMPLETE;
}

/* What the tokens say; -1 when they leave it to the parser. `colon`
 * gets the indentation after a last line ending in ':'. */
static int from_tokens(const cg_lexed *lx, const char *src, size_t len, int *colon, bool *dedent_at_end) {
    *colon = -1;
    *dedent_at_end = false;
    if (lx->done == LEX_EOF)
        return CG_CODE_INCOMPLETE;
    if (lx->done == LEX_RAISED)
        return strstr(lx->err.msg, "unterminated triple-quoted string") ? CG_CODE_INCOMPLETE : CG_CODE_INVALID;
    if (lx->done != LEX_DONE)
        return CG_CODE_INVALID;
    int last_nl = -1;
    for (int i = 0; i < lx->n; i++)
        if (lx->toks[i].kind == TK_NEWLINE)
            last_nl = i;
    if (last_nl < 0)
        return CG_CODE_COMPLETE; /* only blank lines and comments */
    *dedent_at_end = last_nl + 1 < lx->n && lx->toks[last_nl + 1].kind == TK_DEDENT;
    /* IPython looks at the last group of tokens: a later blank or
     * comment line is a group of its own */
    const cg_token *nl = &lx->toks[last_nl];
    bool trailing = nl->s + nl->len + 1 < src + len; /* (a NEWLINE starts at its comment) */
    if (trailing || last_nl == 0 || lx->toks[last_nl - 1].kind != TK_COLON)
        return -1;
    int first = last_nl - 1;
    while (first > 0 && lx->toks[first - 1].kind != TK_NEWLINE && lx->toks[first - 1].kind != TK_INDENT
           && lx->toks[first - 1].kind != TK_DEDENT)
        first--;
    *colon = lx->toks[first].col + 4;
    return CG_CODE_INCOMPLETE;
}

cg_code_status cg_parse_is_complete(const char *src, size_t len, char indent[64]) {
    char dummy[64];
    if (!indent)
        indent = dummy;
    indent[0] = 0;
    if (!src)
        src = "", len = 0;
    bool ends_with_newline = false;
    for (size_t i = len; i-- > 0;) {
        char c = src[i];
        if (c == '\n' || c == '\r') {
            ends_with_newline = true;
            break;
        }
        if (c != ' ' && c != '\t' && c != '\f' && c != '\v')
            break;
    }
    if (memchr(src, 0, len))
        return CG_CODE_INVALID;
    lines ls;
    if (split_lines(src, len, &ls) < 0) {
        free(ls.v);
        return CG_CODE_INVALID;
    }
    cg_code_status r = CG_CODE_COMPLETE;
    int first = 0;
    while (first < ls.n && is_blank(ls.v[first]))
        first++;
    if (first == ls.n)
        goto done;
    size_t strip = indent_of(ls.v[first]);
    if (ls.v[first].n - strip >= 2 && !memcmp(ls.v[first].s + strip, "%%", 2)) {
        /* a cell magic ends with a blank line */
        if (!ends_with_newline || !is_blank(ls.v[ls.n - 1]))
            r = set_indent(indent, last_indent(&ls, first, strip));
        goto done;
    }
    size_t n;
    char *text = clean(&ls, first, strip, &n);
    if (!text) {
        r = CG_CODE_INVALID;
        goto done;
    }
    cg_lexed lx;
    if (cg_lex(text, n, &lx) < 0) {
        r = CG_CODE_INVALID;
    } else {
        int colon;
        bool dedent_at_end;
        int t = from_tokens(&lx, text, n, &colon, &dedent_at_end);
        if (t == CG_CODE_INCOMPLETE)
            r = set_indent(indent, colon >= 0 ? colon : last_indent(&ls, first, strip));
        else if (t >= 0)
            r = (cg_code_status)t;
        else {
            bool at_eof;
            if (cg_parse_check(text, n, &at_eof) == 0)
                r = dedent_at_end && !ends_with_newline ? set_indent(indent, last_indent(&ls, first, strip))
                                                        : CG_CODE_COMPLETE;
            else
                r = at_eof ? set_indent(indent, last_indent(&ls, first, strip)) : CG_CODE_INVALID;
        }
    }
    cg_lexed_free(&lx);
    free(text);
done:
    free(ls.v);
    return r;
}
