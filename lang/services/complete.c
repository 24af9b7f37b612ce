/* complete.c: completion of the name before the cursor (complete_request).
 *
 * The text before the cursor decides the source of the matches: after
 * `import` / `from` the names of built-in modules, after `from M import`
 * M's members, after a dot the attributes of what the dotted names before
 * it denote (introspect.c, which calls nothing), after a leading `%` the
 * magics, else the session's globals, builtins and keywords. Matches are
 * sorted as IPython's completions_sorting_key sorts them. Not inspection
 * (inspect.c), and no parsing of the cell: a half-typed cell rarely
 * parses. The cell is read by its length, never to a NUL: IPython reads
 * on past one, so the text after it completes as any other. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/eval.h"
#include "services/introspect.h"
#include "runtime/module.h"
#include "services/services.h"

static const char *const MAGICS[] = {"%time",   "%timeit", "%who",     "%whos", "%reset",
                                     "%memory", "%%time",  "%%timeit", NULL};

/* Names of built-in modules one level below `parent` (top level for ""). */
static void add_modules(cg_names *out, const char *parent, size_t n) {
    for (int i = 0; cg_module_known(i); i++) {
        const char *name = cg_module_known(i);
        const char *rest = name;
        if (n > 0) {
            if (strncmp(name, parent, n) != 0 || name[n] != '.')
                continue;
            rest = name + n + 1;
        }
        size_t k = strcspn(rest, ".");
        cg_names_add(out, rest, k, "module");
    }
}

static bool starts_word(const char *p, const char *end, const char *word) {
    size_t n = strlen(word);
    return (size_t)(end - p) > n && memcmp(p, word, n) == 0 && (p[n] == ' ' || p[n] == '\t');
}

static const char *skip_space(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* The first of p[0, end) that is a space, tab or newline, or end. */
static const char *word_end(const char *p, const char *end) {
    while (p < end && *p != ' ' && *p != '\t' && *p != '\n')
        p++;
    return p;
}

/* `import a.b, c.d|` and `from a.b|`: module names. `from m import x, y|`:
 * m's members. Returns false when the line is no import. */
static bool import_context(const char *line, const char *cur, const char *start, cg_names *out) {
    const char *p = skip_space(line, cur);
    bool from = starts_word(p, cur, "from");
    if (!from && !starts_word(p, cur, "import"))
        return false;
    const char *tok = start;
    while (tok > p && (cg_ident_byte((unsigned char)tok[-1]) || tok[-1] == '.'))
        tok--;
    if (from) {
        const char *mod = skip_space(p + 4, cur);
        size_t mlen = (size_t)(word_end(mod, cur) - mod);
        const char *after = skip_space(mod + mlen, cur);
        if (starts_word(after, cur, "import") && tok > after) {
            char name[256];
            if (mlen >= sizeof name || memchr(mod, 0, mlen))
                return true;
            memcpy(name, mod, mlen);
            name[mlen] = 0;
            cg_value m = cg_import(name);
            if (cg_is_err(m)) {
                cg_exc_clear();
                return true;
            }
            cg_attr_names(m, out);
            cg_decref(m);
            return true;
        }
        if (tok != mod)
            return true; /* `from m impo|`: nothing to offer */
    } else if (tok > p + 6 && tok[-1] != ' ' && tok[-1] != ',' && tok[-1] != '\t') {
        return true;
    }
    const char *dot = start > tok && start[-1] == '.' ? start - 1 : tok;
    add_modules(out, tok, (size_t)(dot - tok));
    return true;
}

static void attribute_names(cg_session *s, const char *line, const char *dot, cg_names *out) {
    const char *b = dot;
    while (b > line && (cg_ident_byte((unsigned char)b[-1]) || b[-1] == '.'))
        b--;
    if (b == dot || isdigit((unsigned char)*b))
        return; /* `.x`, `1.` */
    cg_value v = cg_safe_lookup(cg_session_globals_borrowed(s), b, (size_t)(dot - b));
    if (v.tag == CG_V_STOP)
        return;
    cg_attr_names(v, out);
    cg_decref(v);
}

/* Where `%name` or `%%name` starts when it opens the line, else NULL. */
static const char *magic_start(const char *line, const char *cur, const char *start) {
    const char *first = skip_space(line, cur);
    if (start > line && start[-1] == '%' && first == start - 1)
        return first;
    if (start - 1 > line && start[-1] == '%' && start[-2] == '%' && first == start - 2)
        return first;
    return NULL;
}

static void global_names(cg_session *s, cg_names *out) {
    cg_names_add_keys(out, cg_session_globals_borrowed(s));
    cg_names_add_keys(out, cg_ev.builtins);
    for (int i = 0; cg_keywords[i]; i++)
        cg_names_add(out, cg_keywords[i], strlen(cg_keywords[i]), "keyword");
}

/* ---- sorting and filtering ----------------------------------------------------------- */

/* IPython's completions_sorting_key: public, then _x, then __x; magics by
 * their name without the %. */
static int rank(const char *w) { return w[0] == '_' ? (w[1] == '_' ? 2 : 1) : 0; }
static const char *bare(const char *w) { return w + strspn(w, "%"); }

static int compare(const void *pa, const void *pb) {
    const char *a = ((const cg_name_kind *)pa)->name, *b = ((const cg_name_kind *)pb)->name;
    int ra = rank(a), rb = rank(b);
    if (ra != rb)
        return ra - rb;
    int c = strcmp(bare(a), bare(b));
    return c ? c : strcmp(a, b);
}

static int finish(cg_names *names, const char *prefix, size_t plen, cg_completion *out) {
    bool privates = plen > 0 && prefix[0] == '_';
    if (names->n > 0)
        qsort(names->items, (size_t)names->n, sizeof *names->items, compare);
    out->matches = malloc((size_t)(names->n + 1) * sizeof *out->matches);
    out->types = malloc((size_t)(names->n + 1) * sizeof *out->types);
    if (!out->matches || !out->types || names->failed) {
        cg_names_free(names);
        cg_completion_free(out);
        return -1;
    }
    for (int i = 0; i < names->n; i++) {
        cg_name_kind *e = &names->items[i];
        bool keep = strncmp(e->name, prefix, plen) == 0 && (privates || e->name[0] != '_')
                    && (out->n == 0 || strcmp(out->matches[out->n - 1], e->name) != 0);
        if (!keep)
            continue;
        out->matches[out->n] = e->name;
        out->types[out->n++] = e->kind;
        e->name = NULL;
    }
    cg_names_free(names);
    return 0;
}

int cg_complete(cg_session *s, const char *code, size_t len, size_t cursor_pos, cg_completion *out) {
    *out = (cg_completion){0};
    size_t at = cg_utf8_offset(code, len, cursor_pos);
    const char *cur = code + at, *line = cur;
    while (line > code && line[-1] != '\n')
        line--;
    const char *start = cur;
    while (start > line && cg_ident_byte((unsigned char)start[-1]))
        start--;
    cg_names names = {0};
    if (cg_lang_init() < 0) {
        cg_exc_clear();
        return -1;
    }
    if (import_context(line, cur, start, &names)) {
    } else if (start > line && start[-1] == '.') {
        attribute_names(s, line, start - 1, &names);
    } else if (magic_start(line, cur, start)) {
        start = magic_start(line, cur, start);
        for (int i = 0; MAGICS[i]; i++)
            cg_names_add(&names, MAGICS[i], strlen(MAGICS[i]), "magic");
    } else {
        global_names(s, &names);
    }
    cg_exc_clear();
    out->cursor_start = cg_utf8_count(code, (size_t)(start - code));
    out->cursor_end = cg_utf8_count(code, at);
    return finish(&names, start, (size_t)(cur - start), out);
}

void cg_completion_free(cg_completion *c) {
    if (!c)
        return;
    for (int i = 0; c->matches && i < c->n; i++)
        free(c->matches[i]);
    free(c->matches);
    free(c->types);
    *c = (cg_completion){0};
}
