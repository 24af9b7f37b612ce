/* test_parser.c: the cell parser against CPython 3.11.
 *
 * Each case of tests/fixtures/parser/expected.json (written by gen.py from
 * CPython itself) is one test: the same source through cg_parse must give
 * ast.dump's text, with and without positions, or the same SyntaxError
 * (class, message, line and offsets). Then: what cgrad says for what it
 * does not support, is_complete against IPython, the arena, and inputs
 * that must never crash, hang or leak (every prefix of real programs,
 * random bytes, random token soups, deep nesting). */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "parse/ast.h"
#include "parse/parser.h"

#define FIXTURE "tests/fixtures/parser/expected.json"
#define PROGRAMS "tests/fixtures/parser/programs/"

/* ---- the fixture: one case a line ---------------------------------------- */

/* expected.json holds one case a line (gen.py writes it so): a test finds
 * its own line and parses only that, instead of the whole file. */
typedef struct {
    char *text;
    size_t len;
} fixture;

static fixture read_fixture(void) {
    FILE *f = fopen(FIXTURE, "rb");
    cr_assert(f, "cannot open %s (run tests from the repository root)", FIXTURE);
    fixture fx = {0};
    fseek(f, 0, SEEK_END);
    fx.len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    fx.text = malloc(fx.len + 1);
    cr_assert(fread(fx.text, 1, fx.len, f) == fx.len);
    fclose(f);
    fx.text[fx.len] = 0;
    return fx;
}

/* The lines of section `key` ("cases" or "is_complete"): *first gets the
 * first one, the count is returned. */
static int section(const fixture *fx, const char *key, const char **first) {
    char head[64];
    snprintf(head, sizeof head, "\"%s\": [\n", key);
    const char *s = strstr(fx->text, head);
    cr_assert(s, "%s: no section %s", FIXTURE, key);
    s += strlen(head);
    *first = s;
    int n = 0;
    while (*s && *s != ']') {
        const char *nl = strchr(s, '\n');
        cr_assert(nl);
        s = nl + 1;
        n++;
    }
    return n;
}

/* Cases [i*CHUNK, (i+1)*CHUNK) of a section, parsed: a test checks a few
 * cases, as Criterion spends more starting a test than parsing one. */
#define CHUNK 8

static int chunk_cases(const char *key, int i, json_t **out) {
    fixture fx = read_fixture();
    const char *s;
    int n = section(&fx, key, &s);
    int first = i * CHUNK, k = 0;
    for (int line = 0; line < n && k < CHUNK; line++) {
        const char *nl = strchr(s, '\n');
        if (line >= first) {
            size_t len = (size_t)(nl - s);
            if (len && s[len - 1] == ',')
                len--;
            json_error_t err;
            out[k] = json_loadb(s, len, 0, &err);
            cr_assert(out[k], "%s: %s case %d: %s", FIXTURE, key, line, err.text);
            k++;
        }
        s = nl + 1;
    }
    free(fx.text);
    return k;
}

static struct criterion_test_params chunks(const char *key) {
    static int idx[2][1024];
    fixture fx = read_fixture();
    const char *s;
    int n = (section(&fx, key, &s) + CHUNK - 1) / CHUNK;
    free(fx.text);
    int *v = idx[strcmp(key, "cases") != 0];
    if (n > 1024)
        n = 1024;
    for (int i = 0; i < n; i++)
        v[i] = i;
    return cr_make_param_array(int, v, (size_t)n);
}

static const char *str(json_t *o, const char *key) { return json_string_value(json_object_get(o, key)); }

static int num(json_t *o, const char *key) {
    json_t *v = json_object_get(o, key);
    return json_is_integer(v) ? (int)json_integer_value(v) : 0;
}

/* The caret's end as CPython's traceback draws it: one caret when the
 * end is missing or not past the start. */
static int shown_end(int offset, int end_offset) { return end_offset > offset ? end_offset : offset; }

static void check_cpython_case(json_t *c) {
    json_t *jsrc = json_object_get(c, "src");
    const char *src = json_string_value(jsrc);
    cg_syntax_error err;
    cg_ast_arena *a = cg_parse(src, json_string_length(jsrc), "<cell>", &err);
    json_t *e = json_object_get(c, "error");
    if (e) {
        const char *kind = str(e, "kind"), *msg = str(e, "msg");
        int line = num(e, "line"), offset = num(e, "offset"), end = shown_end(offset, num(e, "end_offset"));
        cr_expect(!a, "%s\nparsed, but CPython says %s: %s", src, kind, msg);
        if (a) {
            cg_ast_arena_release(a);
            return;
        }
        cr_expect_str_eq(err.kind, kind, "%s\nkind", src);
        cr_expect_str_eq(err.msg, msg, "%s\nmessage", src);
        cr_expect_eq(err.line, line, "%s\n%s: line %d, expected %d", src, msg, err.line, line);
        if (!json_object_get(c, "offset_note")) {
            cr_expect_eq(err.col, offset, "%s\n%s: offset %d, expected %d", src, msg, err.col, offset);
            cr_expect_eq(err.end_col, end, "%s\n%s: end offset %d, expected %d", src, msg, err.end_col, end);
        }
        return;
    }
    cr_expect(a, "%s\nfailed: %s: %s (line %d, offset %d)", src, err.kind, err.msg, err.line, err.col);
    if (!a)
        return;
    char *dump = cg_ast_dump(cg_ast_arena_root(a));
    char *attrs = cg_ast_dump_ex(cg_ast_arena_root(a), true);
    cr_expect_str_eq(dump, str(c, "dump"), "%s\nast.dump differs", src);
    cr_expect_str_eq(attrs, str(c, "attrs"), "%s\npositions differ", src);
    free(dump);
    free(attrs);
    cg_ast_arena_release(a);
}

ParameterizedTestParameters(parser, cpython) { return chunks("cases"); }

ParameterizedTest(int *i, parser, cpython) {
    json_t *cases[CHUNK];
    int n = chunk_cases("cases", *i, cases);
    for (int k = 0; k < n; k++) {
        check_cpython_case(cases[k]);
        json_decref(cases[k]);
    }
}

/* ---- is_complete against IPython ------------------------------------------ */

static const char *status_name(cg_code_status s) {
    return s == CG_CODE_COMPLETE ? "complete" : s == CG_CODE_INCOMPLETE ? "incomplete" : "invalid";
}

static void check_complete_case(json_t *c) {
    const char *src = str(c, "src"), *want = str(c, "status");
    char indent[64];
    cg_code_status s = cg_parse_is_complete(src, strlen(src), indent);
    cr_expect_str_eq(status_name(s), want, "%s\nis %s, IPython says %s", src, status_name(s), want);
    if (s == CG_CODE_INCOMPLETE && !strcmp(want, "incomplete")) {
        int n = num(c, "indent");
        cr_expect_eq((int)strlen(indent), n, "%s\nindent %zu, IPython says %d", src, strlen(indent), n);
        cr_expect_eq(strspn(indent, " "), strlen(indent), "%s\nindent of spaces", src);
    }
}

ParameterizedTestParameters(parser, is_complete) { return chunks("is_complete"); }

ParameterizedTest(int *i, parser, is_complete) {
    json_t *cases[CHUNK];
    int n = chunk_cases("is_complete", *i, cases);
    for (int k = 0; k < n; k++) {
        check_complete_case(cases[k]);
        json_decref(cases[k]);
    }
}

/* ---- helpers for the tests below ---------------------------------------------- */

static cg_ast_arena *parse_ok(const char *src) {
    cg_syntax_error err;
    cg_ast_arena *a = cg_parse(src, strlen(src), "<cell>", &err);
    cr_assert(a, "%s\nfailed: %s: %s", src, err.kind, err.msg);
    return a;
}

static void expect_error(const char *src, size_t len, const char *kind, const char *msg, int line, int col) {
    cg_syntax_error err;
    cg_ast_arena *a = cg_parse(src, len, "<cell>", &err);
    cr_assert(!a, "%s\nshould not parse", src);
    cr_expect_str_eq(err.kind, kind, "%s", src);
    cr_expect_str_eq(err.msg, msg, "%s", src);
    cr_expect_eq(err.line, line, "%s: line %d, expected %d", src, err.line, line);
    if (col >= 0)
        cr_expect_eq(err.col, col, "%s: offset %d, expected %d", src, err.col, col);
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    cr_assert(f, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    cr_assert(fread(buf, 1, (size_t)n, f) == (size_t)n);
    fclose(f);
    buf[n] = 0;
    *len = (size_t)n;
    return buf;
}

Test(parser, u_strings_and_soft_keywords_parse) {
    /* u'' is a str (ast.dump would add kind='u': not kept) */
    cg_ast_arena *a = parse_ok("x = u'abc'\nmatch = 1\ncase = match\n_ = case");
    cg_ast *assign = cg_ast_arena_root(a)->u.module.body.items[0];
    cr_assert_eq(assign->u.assign.value->kind, AST_CONSTANT);
    cr_assert_str_eq(assign->u.assign.value->u.constant.s, "abc");
    cg_ast_arena_release(a);
}

/* The budget of Note [Parse budget]: a parse that enters more rules than
 * it allows ends in CPython's MemoryError for a source too complex to
 * parse; the same source parses under the real budget. */
Test(parser, a_parse_past_its_budget_is_a_memory_error) {
    const char *src = "x = [[1, 2], (3, {4: 5})]\n";
    cg_parse_budget saved = cg_parse_budget_limits;
    cg_parse_budget_limits = (cg_parse_budget){.floor = 5, .per_token = 0};
    cg_syntax_error err;
    cg_ast_arena *a = cg_parse(src, strlen(src), "<cell>", &err);
    cg_parse_budget_limits = saved;
    cr_assert(!a);
    cr_expect_str_eq(err.kind, "MemoryError");
    cr_expect_str_eq(err.msg, "Parser stack overflowed - Python source too complex to parse");
    a = parse_ok(src);
    cg_ast_arena_release(a);
}

/* Ctrl-C during a long parse ends it with the kind KeyboardInterrupt, and
 * the flag is left for the runtime to clear when it raises. */
Test(parser, a_parse_stops_at_an_interrupt) {
    size_t n = 200000;
    char *src = malloc(n * 2 + 8);
    cr_assert(src);
    strcpy(src, "x = [");
    for (size_t i = 0; i < n; i++)
        strcat(src + 5 + 2 * i, "1,");
    strcat(src, "]\n");
    volatile sig_atomic_t flag = 1;
    cg_parse_budget saved = cg_parse_budget_limits;
    cg_parse_budget_limits.interrupt = &flag;
    cg_syntax_error err;
    cg_ast_arena *a = cg_parse(src, strlen(src), "<cell>", &err);
    cg_parse_budget_limits = saved;
    cr_assert(!a);
    cr_expect_str_eq(err.kind, "KeyboardInterrupt");
    cr_expect(flag == 1);
    flag = 0;
    a = parse_ok(src);
    cg_ast_arena_release(a);
    free(src);
}

Test(parser, source_bytes_python_refuses) {
    expect_error("x = 1\ny = a\0b", 13, "SyntaxError", "source code cannot contain null bytes", 2, 6);
    expect_error("x = 1\ny = '\xff'\n", 14, "SyntaxError",
                 "Non-UTF-8 code starting with '\\xff' in file <cell> on line 2, but no encoding declared; see "
                 "https://peps.python.org/pep-0263/ for details",
                 2, -1);
    expect_error("x = '\xc3('", 7, "SyntaxError",
                 "Non-UTF-8 code starting with '\\xc3' in file <cell> on line 1, but no encoding declared; see "
                 "https://peps.python.org/pep-0263/ for details",
                 1, -1);
    /* a UTF-8 byte order mark starts a file, as Python reads files */
    cg_ast_arena *a = parse_ok("\xef\xbb\xbfx = 1\n");
    cg_ast_arena_release(a);
}

Test(parser, big_integers_keep_their_digits) {
    cg_ast_arena *a = parse_ok("a = 9223372036854775807\nb = 9223372036854775808\nc = 0xffff_ffff_ffff_ffff_ff");
    cg_ast_list body = cg_ast_arena_root(a)->u.module.body;
    const cg_ast *ka = body.items[0]->u.assign.value, *kb = body.items[1]->u.assign.value,
                 *kc = body.items[2]->u.assign.value;
    cr_assert(!ka->u.constant.overflow);
    cr_assert_eq(ka->u.constant.i, INT64_MAX);
    cr_assert(kb->u.constant.overflow);
    cr_assert_str_eq(kb->u.constant.s, "9223372036854775808");
    cr_assert(kc->u.constant.overflow);
    cr_assert_str_eq(kc->u.constant.s, "4722366482869645213695");
    cg_ast_arena_release(a);
}

/* ---- positions, the arena ---------------------------------------------------------- */

Test(parser, nodes_know_their_lines_for_tracebacks) {
    const char *src = "import torch\n"
                      "\n"
                      "def f(x):\n"
                      "    y = x * 2\n"
                      "    return (y +\n"
                      "            1)\n"
                      "for i in range(3):\n"
                      "    print(f'{f(i)}')\n";
    cg_ast_arena *a = parse_ok(src);
    cg_ast_list body = cg_ast_arena_root(a)->u.module.body;
    cr_assert_eq(body.n, 3);
    const cg_ast *def = body.items[1], *loop = body.items[2];
    cr_assert_eq(def->line, 3);
    cr_assert_eq(def->end_line, 6);
    const cg_ast *ret = def->u.func.body.items[1];
    cr_assert_eq(ret->kind, AST_RETURN);
    cr_assert_eq(ret->line, 5);
    cr_assert_eq(ret->col, 4);
    cr_assert_eq(ret->u.expr.value->line, 5); /* the BinOp, inside the parentheses */
    cr_assert_eq(ret->u.expr.value->col, 12);
    const cg_ast *call = loop->u.for_.body.items[0]->u.expr.value;
    const cg_ast *inner = call->u.call.args.items[0]->u.joined.values.items[0]->u.fmt.value;
    cr_assert_eq(inner->kind, AST_CALL); /* f(i) inside the f-string */
    cr_assert_eq(inner->line, 8);
    cr_assert_eq(inner->col, 13);
    size_t n;
    const char *l5 = cg_ast_arena_line(a, 5, &n);
    cr_assert_eq(n, strlen("    return (y +"));
    cr_assert(!memcmp(l5, "    return (y +", n));
    cr_assert_null(cg_ast_arena_line(a, 9, &n));
    cr_assert_null(cg_ast_arena_line(a, 0, &n));
    cr_assert_str_eq(cg_ast_arena_filename(a), "<cell>");
    cg_ast_arena_release(a);
}

Test(parser, arena_lives_while_referenced) {
    cg_ast_arena *a = parse_ok("x = 'kept'\r\ny = 2\r\n");
    cg_ast_arena_retain(a);
    cg_ast_arena_release(a);
    int *extra = cg_ast_arena_alloc(a, 1000 * sizeof(int));
    for (int i = 0; i < 1000; i++)
        cr_assert_eq(extra[i], 0);
    size_t n;
    const char *l1 = cg_ast_arena_line(a, 1, &n);
    cr_assert_eq(n, 10); /* "\r\n" read as a newline */
    cr_assert(!memcmp(l1, "x = 'kept'", n));
    cr_assert_str_eq(cg_ast_arena_root(a)->u.module.body.items[0]->u.assign.value->u.constant.s, "kept");
    cg_ast_arena_release(a);
}

Test(parser, lambda_body_is_one_return) {
    cg_ast_arena *a = parse_ok("f = lambda x, *, k=1: x + k");
    const cg_ast *lam = cg_ast_arena_root(a)->u.module.body.items[0]->u.assign.value;
    cr_assert_eq(lam->kind, AST_LAMBDA);
    cr_assert_str_eq(lam->u.func.name, "<lambda>");
    cr_assert_eq(lam->u.func.body.n, 1);
    cr_assert_eq(lam->u.func.body.items[0]->kind, AST_RETURN);
    cr_assert_eq(lam->u.func.body.items[0]->u.expr.value->kind, AST_BIN_OP);
    cr_assert_eq(lam->u.func.args->u.arguments.kw_defaults.n, 1);
    cg_ast_arena_release(a);
}

Test(parser, null_error_pointer_and_empty_input) {
    cr_assert_null(cg_parse("x = = 1", 7, "<cell>", NULL));
    cg_ast_arena *a = cg_parse(NULL, 0, NULL, NULL);
    cr_assert_not_null(a);
    cr_assert_eq(cg_ast_arena_root(a)->u.module.body.n, 0);
    cg_ast_arena_release(a);
    char indent[64];
    cr_assert_eq(cg_parse_is_complete(NULL, 0, indent), CG_CODE_COMPLETE);
    cr_assert_eq(cg_parse_is_complete("x = (\0", 6, indent), CG_CODE_INVALID);
}

/* ---- inputs that must never crash, hang or leak ------------------------------------- */

/* One parse of anything: an AST, or a well-formed error. */
static void parse_anything(const char *src, size_t len) {
    cg_syntax_error err;
    cg_ast_arena *a = cg_parse(src, len, "<fuzz>", &err);
    if (a) {
        char *d = cg_ast_dump_ex(cg_ast_arena_root(a), true);
        cr_assert(d);
        free(d);
        cg_ast_arena_release(a);
    } else {
        cr_assert(!strcmp(err.kind, "SyntaxError") || !strcmp(err.kind, "IndentationError")
                      || !strcmp(err.kind, "TabError"),
                  "kind %s", err.kind);
        cr_assert(err.msg[0], "empty message");
        cr_assert(err.line >= 1, "line %d for %s", err.line, err.msg);
        cr_assert(err.col >= 0 && err.end_col >= err.col, "offsets %d-%d for %s", err.col, err.end_col, err.msg);
    }
    char indent[64];
    cg_code_status s = cg_parse_is_complete(src, len, indent);
    cr_assert(s == CG_CODE_COMPLETE || s == CG_CODE_INCOMPLETE || s == CG_CODE_INVALID);
    cr_assert(strlen(indent) < 64);
}

Test(parser, every_prefix_of_real_programs) {
    const char *files[] = {PROGRAMS "train.py", PROGRAMS "autograd.py"};
    for (size_t f = 0; f < 2; f++) {
        size_t len;
        char *src = read_file(files[f], &len);
        for (size_t n = 0; n <= len; n++)
            parse_anything(src, n);
        /* and every prefix ending at a line, which is what a kernel sees */
        for (size_t n = 0; n < len; n++)
            if (src[n] == '\n') {
                char indent[64];
                cg_code_status s = cg_parse_is_complete(src, n + 1, indent);
                cr_assert(s != CG_CODE_INVALID, "%.*s\nis invalid", (int)n, src);
            }
        free(src);
    }
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t rnd(void) {
    uint64_t x = rng_state;
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    rng_state = x;
    return x * 0x2545f4914f6cdd1du;
}

Test(parser, random_bytes) {
    static const char special[] = "\n\n\n\t  ()[]{}'\"\\#:=.,;+-*/%@<>!&|^~0123456789_abcxyzé\r\x0c";
    char buf[400];
    rng_state = 12345;
    for (int i = 0; i < 4000; i++) {
        size_t n = rnd() % sizeof buf;
        for (size_t k = 0; k < n; k++) {
            uint64_t r = rnd();
            if (r % 4 == 0)
                buf[k] = (char)(r >> 8);
            else if (r % 4 == 1)
                buf[k] = (char)(32 + (r >> 8) % 95);
            else
                buf[k] = special[(r >> 8) % (sizeof special - 1)];
        }
        parse_anything(buf, n);
    }
}

Test(parser, random_token_soups) {
    static const char *vocab[] = {
        "x",     "y",      "self",   "torch", "1",    "2.5",   "0x1f",     "'s'",        "\"t\"",  "f'{x}'",
        "f'{",   "(",      ")",      "[",     "]",    "{",     "}",        ":",          ",",      ";",
        ".",     "=",      "==",     "+",     "-",    "*",     "**",       "/",          "//",     "@",
        "->",    ":=",     "+=",     "if",    "else", "elif",  "for",      "in",         "while",  "def",
        "class", "return", "lambda", "not",   "and",  "or",    "is",       "try",        "except", "finally",
        "with",  "as",     "import", "from",  "pass", "del",   "global",   "raise",      "assert", "yield",
        "async", "await",  "...",    "\\\n",  "#c\n", "\n",    "\n    ",   "\n        ", "\n\t",   "'''",
        "*args", "**kw",   "print",  "None",  "True", "break", "continue",
    };
    size_t nv = sizeof vocab / sizeof vocab[0];
    char buf[2048];
    rng_state = 777;
    for (int i = 0; i < 4000; i++) {
        size_t n = 0;
        int tokens = 1 + (int)(rnd() % 60);
        for (int t = 0; t < tokens; t++) {
            const char *w = vocab[rnd() % nv];
            size_t wl = strlen(w);
            if (n + wl + 1 >= sizeof buf)
                break;
            memcpy(buf + n, w, wl);
            n += wl;
            if (rnd() % 3)
                buf[n++] = ' ';
        }
        parse_anything(buf, n);
    }
}

/* `count` copies of `unit` between `head` and `tail`. */
static char *repeat(const char *head, const char *unit, int count, const char *tail, size_t *len) {
    size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
    char *s = malloc(hl + ul * (size_t)count + tl + 1);
    memcpy(s, head, hl);
    for (int i = 0; i < count; i++)
        memcpy(s + hl + ul * (size_t)i, unit, ul);
    memcpy(s + hl + ul * (size_t)count, tail, tl + 1);
    *len = hl + ul * (size_t)count + tl;
    return s;
}

Test(parser, deep_nesting_is_an_error_not_a_crash) {
    static const struct {
        const char *head, *unit;
        int count;
        const char *tail;
    } cases[] = {
        {"", "(", 100000, ""},
        {"x = ", "[", 100000, "1"},
        {"", "-", 100000, "x"},
        {"", "not ", 100000, "x"},
        {"", "~+", 50000, "x"},
        {"x = ", "2 ** ", 50000, "2"},
        {"f = ", "lambda: ", 20000, "0"},
        {"", "a if b else ", 20000, "c"},
        {"x", "[0]", 100000, ""},
        {"a", ".b", 100000, ""},
        {"f", "()", 100000, ""},
        {"", "*", 100000, "a = 1"},
        {"x = ", "f(", 1000, ""},
        {"x = ", "{1: ", 1000, ""},
        {"", "@d\n", 10000, "def f(): pass"},
        {"x = ", "'a' ", 100000, ""},
        {"x = 1", " + 1", 100000, ""},
        {"x = ", "(a, ", 150, "1"},
        {"print(f'", "{x:", 100, "}')"},
        {"for x in ", "(y for y in ", 150, "z"},
        {"", "del (", 150, "a"},
        {"", "[", 150, "a"},
        {"f(", "x=", 10000, "1)"},
        {"x = \"", "\\", 100001, "\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t len;
        char *src = repeat(cases[i].head, cases[i].unit, cases[i].count, cases[i].tail, &len);
        parse_anything(src, len);
        free(src);
    }
    /* blocks nested deeper than the tokenizer's 100 levels */
    char *src = malloc(200 * 220 + 16);
    size_t n = 0;
    for (int d = 0; d < 150; d++) {
        for (int k = 0; k < d; k++)
            src[n++] = ' ';
        memcpy(src + n, "if x:\n", 6);
        n += 6;
    }
    memcpy(src + n, "pass\n", 5);
    n += 5;
    expect_error(src, n, "IndentationError", "too many levels of indentation", 101, 1);
    free(src);
}

Test(parser, deep_but_legal_nesting_parses) {
    size_t len;
    char *s = repeat("x = ", "(", 199, "", &len);
    char *src = malloc(len + 200 + 1);
    memcpy(src, s, len);
    src[len] = '1';
    memset(src + len + 1, ')', 199);
    src[len + 200] = 0;
    cg_ast_arena *a = parse_ok(src);
    cg_ast_arena_release(a);
    src[4] = '[';
    src[len + 199] = ']';
    a = parse_ok(src);
    cg_ast_arena_release(a);
    free(s);
    free(src);
    char *neg = repeat("x = ", "-", 500, "1", &len);
    a = parse_ok(neg);
    cg_ast_arena_release(a);
    free(neg);
}

/* ---- speed --------------------------------------------------------------------------- */

Test(parser, a_thousand_lines_parse_fast) {
    size_t len;
    char *prog = read_file(PROGRAMS "train.py", &len);
    /* about 1000 lines: the training script ten times over */
    size_t total = len * 10;
    char *src = malloc(total + 1);
    for (int i = 0; i < 10; i++)
        memcpy(src + len * (size_t)i, prog, len);
    src[total] = 0;
    /* CPU time: the machine may be busy with other work */
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    int runs = 20;
    for (int i = 0; i < runs; i++) {
        cg_ast_arena *a = parse_ok(src);
        cg_ast_arena_release(a);
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double ms = ((double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6) / runs;
    /* well under a millisecond a thousand lines in the optimised build;
     * the bound leaves room for the sanitizer build and a busy machine */
    cr_expect(ms < 50.0, "%.3f ms for %d lines", ms, 960);
    free(prog);
    free(src);
}
