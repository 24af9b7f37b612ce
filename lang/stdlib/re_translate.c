/* re_translate.c: a Python regular expression read as CPython 3.11's
 * parser reads it, and written out in PCRE2's syntax.
 *
 * Note [Python patterns over PCRE2]
 * PCRE2 runs the match (with its JIT), but its syntax is not Python's:
 * it accepts what Python rejects (\h, \K, POSIX classes, (?| ...), \Q..\E)
 * and reads some things differently (\Z, \v, {,n}, [[:alpha:]], names
 * that are not ASCII). So the pattern is parsed here, once, by Python's
 * rules: every mistake raises re.error with CPython's message and
 * position, and what comes out is a PCRE2 pattern with the same meaning.
 * Groups come out unnamed ("(") and named references as numbers (\g{2}):
 * the names stay on this side (groupindex), so any identifier works. The
 * verbose flag is applied here (whitespace and comments dropped), not
 * given to PCRE2. PCRE2 sets Unicode classes for a whole pattern only, so
 * inside a scoped (?a:...) or (?u:...) that differs, \d, \w and \s are
 * written out as the classes they stand for there (\b and case folding
 * keep the pattern's setting). Not here: matching
 * (re_code.c). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "stdlib/re.h"

typedef struct {
    const char *p; /* the pattern's UTF-8 text */
    int64_t n, i;
    cg_strbuf out;
    cg_re_info *info;
    bool verbose;
    int *open; /* groups not yet closed */
    int nopen, capopen;
    cg_value error; /* re.error */
    cg_value pattern;
    int64_t second_bar; /* where the current alternation's second '|' is, or -1 */
    bool ascii;         /* inside (?a:...), or the whole pattern ASCII */
    cg_value warn;      /* re.py's FutureWarning giver, or None */
} parser;

/* \d, \w, \s (c lower case) as the members of a class, for a scope
 * whose ASCII setting is not the pattern's (PCRE2 has no scoped UCP). */
static const char *class_members(const parser *ps, char c) {
    if (ps->ascii == ((ps->info->flags & CG_RE_A) != 0))
        return NULL;
    if (ps->ascii)
        return c == 'd' ? "0-9" : c == 'w' ? "A-Za-z0-9_" : "\\x{20}\\x{9}-\\x{d}";
    return c == 'd' ? "\\p{Nd}" : c == 'w' ? "\\p{L}\\p{N}_" : "\\p{Xps}";
}

/* A class escape (\d \D \w \W \s \S) outside a class. */
static void put_class_escape(parser *ps, char c) {
    char lower = (char)(c | 0x20);
    const char *members = class_members(ps, lower);
    if (!members) {
        cg_strbuf_putc(&ps->out, '\\');
        cg_strbuf_putc(&ps->out, c);
        return;
    }
    cg_strbuf_printf(&ps->out, "[%s%s]", c == lower ? "" : "^", members);
}

static int64_t cp_pos(const parser *ps, int64_t at);

/* Raises re.error(msg, pattern, pos) with pos at byte offset at. */
static int fail(parser *ps, int64_t at, const char *fmt, ...) CG_PRINTF(3, 4);
static int fail(parser *ps, int64_t at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    cg_value msg = cg_str_vfmt(fmt, ap);
    va_end(ap);
    if (cg_is_err(msg))
        return -1;
    cg_value args[3] = {msg, ps->pattern, at < 0 ? CG_NONE : cg_int(cp_pos(ps, at))};
    cg_value exc = cg_call(ps->error, &(cg_args){.pos = args, .npos = 3});
    cg_decref(msg);
    if (!cg_is_err(exc)) {
        cg_raise_object(exc);
        cg_decref(exc);
    }
    return -1;
}

static int64_t cp_pos(const parser *ps, int64_t at) {
    int64_t cp = 0;
    for (int64_t k = 0; k < at && k < ps->n; k++)
        cp += (ps->p[k] & 0xC0) != 0x80;
    return cp;
}

/* Gives CPython's FutureWarning for syntax that a later Python may read
 * as set operations, through re.py's warn(msg); -1 when it raised (the
 * warning filtered into an error). */
static int warn(parser *ps, const char *what, int64_t at) {
    if (cg_is_none(ps->warn))
        return 0;
    cg_value msg = cg_str_fmt("Possible %s at position %lld", what, (long long)cp_pos(ps, at));
    if (cg_is_err(msg))
        return -1;
    cg_value r = cg_call1(ps->warn, msg);
    cg_decref(msg);
    if (cg_is_err(r))
        return -1;
    cg_decref(r);
    return 0;
}

static bool at_end(const parser *ps) { return ps->i >= ps->n; }
static char peek(const parser *ps) { return ps->i < ps->n ? ps->p[ps->i] : '\0'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static void skip_verbose(parser *ps) {
    if (!ps->verbose)
        return;
    while (!at_end(ps)) {
        char c = peek(ps);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
            ps->i++;
        else if (c == '#')
            while (!at_end(ps) && ps->p[ps->i] != '\n')
                ps->i++;
        else
            break;
    }
}

static void put_cp(parser *ps, uint32_t cp) { cg_strbuf_printf(&ps->out, "\\x{%x}", cp); }

/* Length in bytes of the character at ps->i. */
static int char_len(const parser *ps) {
    int64_t k = ps->i;
    cg_cp_next(ps->p, ps->n, &k);
    return (int)(k - ps->i);
}

static int hex_digits(parser *ps, int64_t start, int count, uint32_t *out) {
    uint32_t v = 0;
    for (int k = 0; k < count; k++) {
        char c = ps->i < ps->n ? ps->p[ps->i] : '\0';
        int d = is_digit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
        if (d < 0)
            return fail(ps, start, "incomplete escape %.*s", (int)(ps->i - start), ps->p + start);
        v = v * 16 + (uint32_t)d;
        ps->i++;
    }
    *out = v;
    return 0;
}

static bool group_open(const parser *ps, int g) {
    for (int k = 0; k < ps->nopen; k++)
        if (ps->open[k] == g)
            return true;
    return false;
}

/* A back reference \g to group g (its backslash at `at`), checked as
 * Python checks it. */
static int backref(parser *ps, int g, int64_t at) {
    if (g > ps->info->ngroups)
        return fail(ps, at + 1, "invalid group reference %d", g);
    if (group_open(ps, g))
        return fail(ps, at, "cannot refer to an open group");
    cg_strbuf_printf(&ps->out, "(?:\\g{%d})", g);
    return 0;
}

/* Escapes shared by classes and the rest: a character's code in *cp (1),
 * or 0 when the escape is not a single character. */
static int char_escape(parser *ps, int64_t start, char c, uint32_t *cp) {
    switch (c) {
    case 'a': *cp = 7; return 1;
    case 'f': *cp = 12; return 1;
    case 'n': *cp = 10; return 1;
    case 'r': *cp = 13; return 1;
    case 't': *cp = 9; return 1;
    case 'v': *cp = 11; return 1;
    case 'x': return hex_digits(ps, start, 2, cp) < 0 ? -1 : 1;
    case 'u': return hex_digits(ps, start, 4, cp) < 0 ? -1 : 1;
    case 'U':
        if (hex_digits(ps, start, 8, cp) < 0)
            return -1;
        if (*cp > 0x10FFFF)
            return fail(ps, start, "bad escape %.*s", (int)(ps->i - start), ps->p + start);
        return 1;
    default: return 0;
    }
}

/* An octal escape \0, \0o, \0oo or \ooo (digits at ps->i, past the
 * first): the character. */
static int octal(parser *ps, int64_t start, uint32_t first, int more, uint32_t *cp) {
    uint32_t v = first;
    for (int k = 0; k < more && peek(ps) >= '0' && peek(ps) <= '7'; k++)
        v = v * 8 + (uint32_t)(ps->p[ps->i++] - '0');
    if (v > 0377)
        return fail(ps, start, "octal escape value %.*s outside of range 0-0o377", (int)(ps->i - start),
                    ps->p + start);
    *cp = v;
    return 0;
}

/* The escape after a backslash at start, outside a class. *atom is set
 * false for assertions (nothing to repeat after them). */
static int escape(parser *ps, bool *atom) {
    int64_t start = ps->i - 1;
    if (at_end(ps))
        return fail(ps, start, "bad escape (end of pattern)");
    char c = ps->p[ps->i];
    int len = char_len(ps);
    ps->i += len;
    *atom = true;
    uint32_t cp;
    int k = char_escape(ps, start, c, &cp);
    if (k < 0)
        return -1;
    if (k) {
        put_cp(ps, cp);
        return 0;
    }
    switch (c) {
    case 'A': case 'b': case 'B':
        *atom = false;
        cg_strbuf_putc(&ps->out, '\\');
        cg_strbuf_putc(&ps->out, c);
        return 0;
    case 'Z':
        *atom = false;
        cg_strbuf_puts(&ps->out, "\\z");
        return 0;
    case 'd': case 'D': case 's': case 'S': case 'w': case 'W':
        put_class_escape(ps, c);
        return 0;
    case '0':
        if (octal(ps, start, 0, 2, &cp) < 0)
            return -1;
        put_cp(ps, cp);
        return 0;
    default: break;
    }
    if (c >= '1' && c <= '9') {
        /* three octal digits are a character; else one or two digits are a group */
        if (ps->i + 1 < ps->n + 0 && c <= '7' && ps->p[ps->i] >= '0' && ps->p[ps->i] <= '7' && ps->p[ps->i + 1] >= '0'
            && ps->p[ps->i + 1] <= '7') {
            if (octal(ps, start, (uint32_t)(c - '0'), 2, &cp) < 0)
                return -1;
            put_cp(ps, cp);
            return 0;
        }
        int g = c - '0';
        if (is_digit(peek(ps)))
            g = g * 10 + (ps->p[ps->i++] - '0');
        return backref(ps, g, start);
    }
    if (is_ascii_letter(c) || is_digit(c))
        return fail(ps, start, "bad escape \\%c", c);
    if ((unsigned char)c < 0x80)
        cg_strbuf_putc(&ps->out, '\\');
    cg_strbuf_append(&ps->out, ps->p + ps->i - len, (size_t)len);
    return 0;
}

/* One item of a class at ps->i: a character (*cp, 1) or a class escape
 * written out (0); *text gets where its source starts. */
static int class_item(parser *ps, uint32_t *cp, int64_t *text) {
    *text = ps->i;
    if (ps->p[ps->i] != '\\') {
        *cp = cg_cp_next(ps->p, ps->n, &ps->i);
        return 1;
    }
    int64_t start = ps->i++;
    if (at_end(ps))
        return fail(ps, start, "bad escape (end of pattern)");
    char c = ps->p[ps->i];
    int len = char_len(ps);
    ps->i += len;
    int k = char_escape(ps, start, c, cp);
    if (k)
        return k;
    switch (c) {
    case 'b': *cp = 8; return 1;
    case 'd': case 'D': case 's': case 'S': case 'w': case 'W': return 0;
    case '0': return octal(ps, start, 0, 2, cp) < 0 ? -1 : 1;
    default: break;
    }
    if (c >= '1' && c <= '7' && ps->i + 1 < ps->n && ps->p[ps->i] >= '0' && ps->p[ps->i] <= '7' &&
        ps->p[ps->i + 1] >= '0' && ps->p[ps->i + 1] <= '7')
        return octal(ps, start, (uint32_t)(c - '0'), 2, cp) < 0 ? -1 : 1;
    if (is_ascii_letter(c) || is_digit(c))
        return fail(ps, start, "bad escape %.*s", (int)(ps->i - start), ps->p + start);
    ps->i = start + 1;
    *cp = cg_cp_next(ps->p, ps->n, &ps->i);
    return 1;
}

static int char_class(parser *ps) {
    int64_t start = ps->i - 1;
    cg_strbuf_putc(&ps->out, '[');
    if (peek(ps) == '[' && warn(ps, "nested set", ps->i) < 0)
        return -1;
    if (peek(ps) == '^') {
        cg_strbuf_putc(&ps->out, '^');
        ps->i++;
    }
    bool first = true;
    for (;;) {
        if (at_end(ps))
            return fail(ps, start, "unterminated character set");
        if (ps->p[ps->i] == ']' && !first) {
            ps->i++;
            cg_strbuf_putc(&ps->out, ']');
            return 0;
        }
        char c = ps->p[ps->i];
        if (!first && strchr("-&~|", c) && ps->i + 1 < ps->n && ps->p[ps->i + 1] == c
            && warn(ps, c == '-' ? "set difference" : c == '&' ? "set intersection" : c == '~' ? "set symmetric difference" : "set union", ps->i) < 0)
            return -1;
        first = false;
        uint32_t lo, hi;
        int64_t lo_at, hi_at;
        int k = class_item(ps, &lo, &lo_at);
        if (k < 0)
            return -1;
        if (peek(ps) == '-' && ps->i + 1 < ps->n && ps->p[ps->i + 1] != ']') {
            ps->i++;
            if (ps->p[ps->i] == '-' && warn(ps, "set difference", ps->i - 1) < 0)
                return -1;
            int k2 = class_item(ps, &hi, &hi_at);
            if (k2 < 0)
                return -1;
            if (!k || !k2 || hi < lo)
                return fail(ps, lo_at, "bad character range %.*s", (int)(ps->i - lo_at), ps->p + lo_at);
            put_cp(ps, lo);
            cg_strbuf_putc(&ps->out, '-');
            put_cp(ps, hi);
            continue;
        }
        const char *members = k ? NULL : class_members(ps, ps->p[lo_at + 1]);
        if (k)
            put_cp(ps, lo);
        else if (members && ps->p[lo_at + 1] >= 'a') /* a negated one keeps PCRE2's meaning */
            cg_strbuf_puts(&ps->out, members);
        else
            cg_strbuf_append(&ps->out, ps->p + lo_at, (size_t)(ps->i - lo_at));
    }
}

static int parse_alt(parser *ps, int depth, bool top);

/* A group name ending at `end` (')' or '>'): its text into name. */
static int group_name(parser *ps, char end, const char **name, int64_t *len) {
    int64_t start = ps->i;
    while (!at_end(ps) && ps->p[ps->i] != end)
        ps->i++;
    if (at_end(ps))
        return fail(ps, start, ps->i == start ? "missing group name"
                               : end == '>'   ? "missing >, unterminated name"
                                              : "missing ), unterminated name");
    *name = ps->p + start;
    *len = ps->i - start;
    ps->i++;
    if (*len == 0)
        return fail(ps, start, "missing group name");
    bool ok = !is_digit(**name);
    for (int64_t k = 0; k < *len && ok; k++) {
        unsigned char c = (unsigned char)(*name)[k];
        ok = c >= 0x80 || c == '_' || is_ascii_letter((char)c) || is_digit((char)c);
    }
    if (!ok)
        return fail(ps, start, "bad character in group name '%.*s'", (int)*len, *name);
    return 0;
}

static int name_index(const cg_re_info *info, const char *name, int64_t len) {
    for (int g = 1; g <= info->ngroups; g++)
        if (info->names[g] && (int64_t)strlen(info->names[g]) == len && !memcmp(info->names[g], name, (size_t)len))
            return g;
    return 0;
}

static int open_group(parser *ps, const char *name, int64_t len) {
    cg_re_info *info = ps->info;
    int g = ++info->ngroups;
    char **names = realloc(info->names, sizeof(char *) * (size_t)(g + 1));
    int *open = ps->nopen == ps->capopen ? realloc(ps->open, sizeof(int) * (size_t)(ps->capopen * 2 + 4)) : ps->open;
    if (names)
        info->names = names;
    if (open && open != ps->open) {
        ps->open = open;
        ps->capopen = ps->capopen * 2 + 4;
    }
    if (!names || !open) {
        info->ngroups--;
        cg_raise_nomemory();
        return -1;
    }
    info->names[0] = NULL;
    info->names[g] = name ? strndup(name, (size_t)len) : NULL;
    ps->open[ps->nopen++] = g;
    cg_strbuf_putc(&ps->out, '(');
    return g;
}

/* Inline flags after "(?" at ps->i: (?aiLmsux) (global, at the start
 * only) or (?aiLmsux-imsx:...). 1 scoped group opened, 0 global done. */
static int inline_flags(parser *ps, int64_t paren, bool first) {
    int on = 0, off = 0;
    static const char letters[] = "aiLmsux";
    static const int bits[] = {CG_RE_A, CG_RE_I, CG_RE_L, CG_RE_M, CG_RE_S, CG_RE_U, CG_RE_X};
    while (!at_end(ps) && strchr(letters, ps->p[ps->i]) && ps->p[ps->i])
        on |= bits[strchr(letters, ps->p[ps->i++]) - letters];
    if (!!(on & CG_RE_A) + !!(on & CG_RE_U) + !!(on & CG_RE_L) > 1)
        return fail(ps, ps->i, "bad inline flags: flags 'a', 'u' and 'L' are incompatible");
    if (peek(ps) == '-') {
        ps->i++;
        if (at_end(ps))
            return fail(ps, ps->i, "missing flag");
        while (!at_end(ps) && strchr(letters, ps->p[ps->i]) && ps->p[ps->i]) {
            char c = ps->p[ps->i++];
            if (c == 'a' || c == 'u' || c == 'L')
                return fail(ps, ps->i, "bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
            off |= bits[strchr(letters, c) - letters];
        }
        if (!off)
            return fail(ps, ps->i, at_end(ps) || is_ascii_letter(peek(ps)) ? "missing flag" : "missing flag");
    }
    if (at_end(ps))
        return fail(ps, ps->i, "missing -, : or )");
    char c = ps->p[ps->i];
    if ((c == ')' || c == ':') && (on & CG_RE_L))
        return fail(ps, ps->i, "bad inline flags: cannot use 'L' flag with a str pattern");
    if (c == ')' && !off) {
        ps->i++;
        if (!first)
            return fail(ps, paren, "global flags not at the start of the expression");
        ps->info->flags |= on;
        if (on & CG_RE_X)
            ps->verbose = true;
        if (on & CG_RE_A)
            ps->ascii = true;
        return 0;
    }
    if (c != ':') {
        if (c == ')' || is_ascii_letter(c))
            return fail(ps, ps->i, is_ascii_letter(c) ? "unknown flag" : "missing :");
        return fail(ps, ps->i, "missing -, : or )");
    }
    ps->i++;
    cg_strbuf_puts(&ps->out, "(?");
    static const char pcre[] = "ims", *const py = "ims";
    for (int k = 0; k < 3; k++)
        if (on & bits[strchr(letters, py[k]) - letters])
            cg_strbuf_putc(&ps->out, pcre[k]);
    if (off & (CG_RE_I | CG_RE_M | CG_RE_S)) {
        cg_strbuf_putc(&ps->out, '-');
        for (int k = 0; k < 3; k++)
            if (off & bits[strchr(letters, py[k]) - letters])
                cg_strbuf_putc(&ps->out, pcre[k]);
    }
    cg_strbuf_putc(&ps->out, ':');
    bool outer = ps->verbose, outer_ascii = ps->ascii;
    if (on & CG_RE_X)
        ps->verbose = true;
    if (off & CG_RE_X)
        ps->verbose = false;
    if (on & (CG_RE_A | CG_RE_U))
        ps->ascii = (on & CG_RE_A) != 0;
    int rc = parse_alt(ps, 1, false);
    ps->verbose = outer;
    ps->ascii = outer_ascii;
    return rc < 0 ? -1 : 1;
}

/* The end of a group opened at `paren`: its ')'. */
static int close_group(parser *ps, int64_t paren) {
    if (at_end(ps) || ps->p[ps->i] != ')')
        return fail(ps, paren, "missing ), unterminated subpattern");
    ps->i++;
    cg_strbuf_putc(&ps->out, ')');
    return 0;
}

/* (?(cond)yes|no) after "(?(". */
static int conditional(parser *ps, int64_t paren) {
    int64_t at = ps->i;
    const char *name;
    int64_t len;
    if (group_name(ps, ')', &name, &len) < 0) {
        /* a number is fine where a name is not: retry as digits */
        if (!cg_exc_pending())
            return -1;
        bool digits = ps->i - at > 1;
        for (int64_t k = at; k < ps->i - 1 && digits; k++)
            digits = is_digit(ps->p[k]);
        if (!digits)
            return -1;
        cg_exc_clear();
        name = ps->p + at;
        len = ps->i - 1 - at;
    }
    int g = 0;
    if (is_digit(*name)) {
        for (int64_t k = 0; k < len; k++)
            g = g * 10 + (name[k] - '0');
        if (g == 0)
            return fail(ps, at, "bad group number");
        if (g > ps->info->ngroups)
            return fail(ps, at, "invalid group reference %d", g);
    } else if (!(g = name_index(ps->info, name, len))) {
        return fail(ps, at, "unknown group name '%.*s'", (int)len, name);
    }
    cg_strbuf_printf(&ps->out, "(?(%d)", g);
    if (parse_alt(ps, 1, false) < 0)
        return -1;
    if (ps->second_bar >= 0)
        return fail(ps, ps->second_bar, "conditional backref with more than two branches");
    return close_group(ps, paren);
}

static int group(parser *ps, bool first, bool *atom) {
    int64_t paren = ps->i - 1;
    *atom = true;
    if (peek(ps) != '?') {
        if (open_group(ps, NULL, 0) < 0)
            return -1;
        if (parse_alt(ps, 1, false) < 0)
            return -1;
        ps->nopen--;
        return close_group(ps, paren);
    }
    ps->i++;
    if (at_end(ps))
        return fail(ps, ps->i, "unexpected end of pattern");
    char c = ps->p[ps->i++];
    const char *name;
    int64_t len;
    switch (c) {
    case 'P':
        if (at_end(ps))
            return fail(ps, ps->i, "unexpected end of pattern");
        c = ps->p[ps->i++];
        if (c == '<') {
            int64_t at = ps->i;
            if (group_name(ps, '>', &name, &len) < 0)
                return -1;
            int was = name_index(ps->info, name, len);
            if (was)
                return fail(ps, at, "redefinition of group name '%.*s' as group %d; was group %d", (int)len, name,
                            ps->info->ngroups + 1, was);
            if (open_group(ps, name, len) < 0 || parse_alt(ps, 1, false) < 0)
                return -1;
            ps->nopen--;
            return close_group(ps, paren);
        }
        if (c == '=') {
            int64_t at = ps->i;
            if (group_name(ps, ')', &name, &len) < 0)
                return -1;
            int g = name_index(ps->info, name, len);
            if (!g)
                return fail(ps, at, "unknown group name '%.*s'", (int)len, name);
            if (group_open(ps, g))
                return fail(ps, at, "cannot refer to an open group");
            cg_strbuf_printf(&ps->out, "(?:\\g{%d})", g);
            return 0;
        }
        return fail(ps, paren + 1, "unknown extension ?P%c", c);
    case ':':
    case '>':
        cg_strbuf_puts(&ps->out, c == ':' ? "(?:" : "(?>");
        break;
    case '=':
    case '!':
        cg_strbuf_printf(&ps->out, "(?%c", c);
        break;
    case '<':
        if (peek(ps) != '=' && peek(ps) != '!')
            return fail(ps, paren + 1, "unknown extension ?<%.*s", at_end(ps) ? 0 : 1, ps->p + ps->i);
        cg_strbuf_printf(&ps->out, "(?<%c", ps->p[ps->i++]);
        break;
    case '#':
        while (!at_end(ps) && ps->p[ps->i] != ')')
            ps->i++;
        if (at_end(ps))
            return fail(ps, paren, "missing ), unterminated comment");
        ps->i++;
        *atom = false;
        return 0;
    case '(': return conditional(ps, paren);
    default:
        if (strchr("aiLmsux-", c)) {
            ps->i--;
            int k = inline_flags(ps, paren, first);
            if (k <= 0) {
                *atom = false;
                return k;
            }
            return close_group(ps, paren);
        }
        return fail(ps, paren + 1, "unknown extension ?%c", c);
    }
    if (parse_alt(ps, 1, false) < 0)
        return -1;
    return close_group(ps, paren);
}

/* {m}, {m,}, {,n}, {m,n} at ps->i (past the '{'): 1 and the text
 * written, 0 when it is not a repeat (a literal '{'). */
static int brace_repeat(parser *ps) {
    int64_t at = ps->i, k = at;
    int64_t lo = -1, hi = -1;
    while (k < ps->n && is_digit(ps->p[k]))
        lo = (lo < 0 ? 0 : lo) * 10 + (ps->p[k++] - '0');
    bool comma = k < ps->n && ps->p[k] == ',';
    if (comma) {
        k++;
        while (k < ps->n && is_digit(ps->p[k]))
            hi = (hi < 0 ? 0 : hi) * 10 + (ps->p[k++] - '0');
    } else {
        hi = lo;
    }
    if (k >= ps->n || ps->p[k] != '}' || (lo < 0 && !comma))
        return 0;
    ps->i = k + 1;
    if (lo >= 0 && hi >= 0 && hi < lo)
        return fail(ps, at, "min repeat greater than max repeat");
    if (lo > 4294967295LL || hi > 4294967295LL) {
        cg_raise(&cg_exc_OverflowError, "the repetition number is too large");
        return -1;
    }
    if (hi < 0)
        cg_strbuf_printf(&ps->out, "{%lld,}", (long long)(lo < 0 ? 0 : lo));
    else
        cg_strbuf_printf(&ps->out, "{%lld,%lld}", (long long)(lo < 0 ? 0 : lo), (long long)hi);
    return 1;
}

/* A quantifier at ps->i, if one is there: 1 written, 0 none. */
static int quantifier(parser *ps) {
    char c = peek(ps);
    if (c == '*' || c == '+' || c == '?') {
        ps->i++;
        cg_strbuf_putc(&ps->out, c);
        return 1;
    }
    if (c == '{') {
        ps->i++;
        int k = brace_repeat(ps);
        if (k <= 0)
            ps->i--;
        return k;
    }
    return 0;
}

/* Alternatives up to ')' (depth > 0) or the end. */
static int parse_alt(parser *ps, int depth, bool top) {
    bool first = top, atom = false;
    int bars = 0;
    ps->second_bar = -1;
    for (;;) {
        skip_verbose(ps);
        if (at_end(ps))
            return 0;
        int64_t at = ps->i;
        char c = ps->p[ps->i];
        if (c == ')') {
            if (depth == 0)
                return fail(ps, at, "unbalanced parenthesis");
            return 0;
        }
        if (c == '*' || c == '+' || c == '?' || c == '{') {
            if (c == '{' && !atom) {
                /* a brace that is not a repeat is a literal */
                int64_t save = ps->i++;
                size_t mark = ps->out.len;
                int k = brace_repeat(ps);
                if (k < 0)
                    return -1;
                if (k == 0) {
                    ps->i = save + 1;
                    cg_strbuf_puts(&ps->out, "\\{");
                    atom = true;
                    first = false;
                    continue;
                }
                ps->out.len = mark;
                ps->out.data[mark] = '\0';
                return fail(ps, save, "nothing to repeat");
            }
            if (!atom)
                return fail(ps, at, "nothing to repeat");
            int k = quantifier(ps);
            if (k < 0)
                return -1;
            if (k == 0) { /* '{' not a repeat: literal */
                ps->i++;
                cg_strbuf_puts(&ps->out, "\\{");
                atom = true;
                first = false;
                continue;
            }
            if (peek(ps) == '?' || peek(ps) == '+')
                cg_strbuf_putc(&ps->out, ps->p[ps->i++]);
            skip_verbose(ps);
            int64_t again = ps->i;
            size_t mark = ps->out.len;
            int k2 = quantifier(ps);
            if (k2 < 0)
                return -1;
            if (k2 > 0) {
                ps->out.len = mark;
                ps->out.data[mark] = '\0';
                return fail(ps, again, "multiple repeat");
            }
            atom = false;
            first = false;
            continue;
        }
        ps->i++;
        int rc = 0;
        bool was_first = first;
        first = false;
        atom = true;
        switch (c) {
        case '|':
            cg_strbuf_putc(&ps->out, '|');
            atom = false;
            if (++bars == 2)
                ps->second_bar = at;
            break;
        case '(': {
            int64_t mine = ps->second_bar;
            rc = group(ps, was_first, &atom);
            ps->second_bar = mine;
            if (rc == 0 && !atom && was_first && ps->out.len == 0)
                first = true; /* global flags: more may follow at the start */
            break;
        }
        case '[': rc = char_class(ps); break;
        case '\\': rc = escape(ps, &atom); break;
        case '^':
        case '$':
            cg_strbuf_putc(&ps->out, c);
            atom = false;
            break;
        case '.': cg_strbuf_putc(&ps->out, '.'); break;
        default:
            ps->i--;
            cg_strbuf_append(&ps->out, ps->p + ps->i, (size_t)char_len(ps));
            ps->i += char_len(ps);
            break;
        }
        if (rc < 0)
            return -1;
    }
}

int cg_re_translate(cg_value pattern, int flags, cg_value error, cg_value warn_fn, cg_re_info *info, char **out) {
    parser ps = {.warn = warn_fn, .p = cg_as_str(pattern)->s, .n = cg_as_str(pattern)->len, .info = info, .error = error,
                 .pattern = pattern, .verbose = (flags & CG_RE_X) != 0, .ascii = (flags & CG_RE_A) != 0};
    info->flags = flags;
    info->ngroups = 0;
    info->names = calloc(1, sizeof(char *));
    if (!info->names) {
        cg_raise_nomemory();
        return -1;
    }
    int rc = parse_alt(&ps, 0, true);
    free(ps.open);
    if (rc < 0 || ps.out.failed) {
        cg_strbuf_free(&ps.out);
        if (rc >= 0)
            cg_raise_nomemory();
        return -1;
    }
    if (!ps.out.data)
        cg_strbuf_puts(&ps.out, "");
    *out = cg_strbuf_take(&ps.out);
    if (!*out) {
        cg_raise_nomemory();
        return -1;
    }
    return 0;
}

void cg_re_info_free(cg_re_info *info) {
    for (int g = 0; info->names && g <= info->ngroups; g++)
        free(info->names[g]);
    free(info->names);
    info->names = NULL;
}
