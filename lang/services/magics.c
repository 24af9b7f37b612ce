/* magics.c: IPython's magics in notebook cells (%time, %timeit, %who, ...).
 *
 * A cell is transformed before it runs, as IPython's input transformers
 * do: a line `%name args` (at any indentation, outside brackets and
 * strings) becomes the call `__cgrad_magic__('name', 'args')`, and a
 * first line `%%name args` makes the whole cell one call with the body as
 * a third argument. The call runs the magic in the session's namespace
 * (the calling frame's globals), printing through the host as IPython
 * prints; %time returns the value of the code it timed, so `%time f()`
 * on a cell's last line shows f()'s result. Not the timing module
 * (time_module.c), and not `cgrad run`, which runs files as Python does. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "runtime/eval.h"
#include "runtime/exc.h"
#include "runtime/host.h"
#include "services/introspect.h"
#include "runtime/lang_internal.h"
#include "services/services.h"
#include "rich/memory_module.h"

#define MAGIC_FN "__cgrad_magic__"

/* ---- the transform ------------------------------------------------------------------- */

typedef struct {
    char quote; /* inside a triple-quoted string of this quote, or 0 */
    int depth;  /* open brackets */
    bool cont;  /* the line ended with a backslash */
} scan_state;

/* Follows strings, brackets and comments through one line. */
static void scan_line(scan_state *st, const char *p, const char *end) {
    st->cont = false;
    while (p < end) {
        if (st->quote) {
            if (*p == '\\')
                p++;
            else if (end - p >= 3 && p[0] == st->quote && p[1] == st->quote && p[2] == st->quote)
                p += 2, st->quote = 0;
            p++;
            continue;
        }
        char c = *p;
        if (c == '#')
            return;
        if (c == '\'' || c == '"') {
            if (end - p >= 3 && p[1] == c && p[2] == c) {
                st->quote = c;
                p += 3;
                continue;
            }
            for (p++; p < end && *p != c; p++)
                if (*p == '\\')
                    p++;
        } else if (c == '(' || c == '[' || c == '{') {
            st->depth++;
        } else if ((c == ')' || c == ']' || c == '}') && st->depth > 0) {
            st->depth--;
        } else if (c == '\\' && p + 1 == end) {
            st->cont = true;
        }
        p++;
    }
}

/* Appends text as a Python string literal. */
static void put_literal(cg_strbuf *b, const char *s, size_t n) {
    cg_strbuf_putc(b, '\'');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\\' || c == '\'')
            cg_strbuf_putc(b, '\\'), cg_strbuf_putc(b, (char)c);
        else if (c == '\n')
            cg_strbuf_puts(b, "\\n");
        else if (c == '\r')
            cg_strbuf_puts(b, "\\r");
        else if (c == '\t')
            cg_strbuf_puts(b, "\\t");
        else if (c < 0x20 || c == 0x7f)
            cg_strbuf_printf(b, "\\x%02x", c);
        else
            cg_strbuf_putc(b, (char)c);
    }
    cg_strbuf_putc(b, '\'');
}

/* name and arguments of `%name args` (p just after the %). */
static void put_call(cg_strbuf *b, const char *p, const char *end, const char *body, size_t nbody) {
    const char *name = p;
    while (p < end && cg_ident_byte((unsigned char)*p))
        p++;
    const char *name_end = p;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    cg_strbuf_puts(b, MAGIC_FN "(");
    put_literal(b, name, (size_t)(name_end - name));
    cg_strbuf_puts(b, ", ");
    put_literal(b, p, (size_t)(end - p));
    if (body) {
        cg_strbuf_puts(b, ", ");
        put_literal(b, body, nbody);
    }
    cg_strbuf_putc(b, ')');
}

static bool magic_at(const char *p, const char *end) {
    return p + 1 < end && p[0] == '%' && cg_ident_byte((unsigned char)p[1]) && !(p[1] >= '0' && p[1] <= '9');
}

/* The cell with its magics turned into calls (malloc'd, NUL-ended), or
 * NULL when it has none (*failed on out of memory). */
static char *transform(const char *src, size_t len, bool *failed) {
    const char *end = src + len, *p = src;
    *failed = false;
    while (p < end) { /* leading blank lines */
        const char *q = p;
        while (q < end && (*q == ' ' || *q == '\t' || *q == '\r'))
            q++;
        if (q >= end || *q != '\n')
            break;
        p = q + 1;
    }
    cg_strbuf b = {0};
    bool any = false;
    if (end - p > 2 && p[0] == '%' && magic_at(p + 1, end)) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *body = nl ? nl + 1 : end;
        put_call(&b, p + 2, nl ? nl : end, body, (size_t)(end - body));
        any = true;
    } else {
        scan_state st = {0};
        for (p = src; p < end;) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            const char *le = nl ? nl : end, *q = p;
            while (q < le && (*q == ' ' || *q == '\t'))
                q++;
            if (!st.quote && st.depth == 0 && !st.cont && magic_at(q, le)) {
                cg_strbuf_append(&b, p, (size_t)(q - p));
                put_call(&b, q + 1, le, NULL, 0);
                any = true;
            } else {
                scan_line(&st, p, le);
                cg_strbuf_append(&b, p, (size_t)(le - p));
            }
            if (nl)
                cg_strbuf_putc(&b, '\n');
            p = nl ? nl + 1 : end;
        }
    }
    cg_strbuf_putc(&b, 0);
    if (!any || b.failed) {
        *failed = b.failed;
        free(b.data);
        return NULL;
    }
    return b.data;
}

char *cg_magics_transform(const char *src, size_t len) {
    bool failed;
    char *t = transform(src, len, &failed);
    if (t || failed)
        return t;
    t = malloc(len + 1);
    if (!t)
        return NULL;
    memcpy(t, src, len);
    t[len] = 0;
    return t;
}

/* Source compiled after its own magics are transformed (a %%time body). */
static cg_code *compile_cell(const char *src, const char *filename) {
    bool failed;
    char *t = transform(src, strlen(src), &failed);
    if (failed) {
        cg_raise_nomemory();
        return NULL;
    }
    cg_code *c = cg_code_compile(t ? t : src, strlen(t ? t : src), filename);
    free(t);
    return c;
}

/* ---- output --------------------------------------------------------------------------- */

static void say(const char *fmt, ...) CG_PRINTF(1, 2);
static void say(const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0)
        cg_host_write(CG_STDOUT, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* IPython's _format_time: "1.23 ms", "4.56 µs", "1min 3s". */
static void format_time(char *out, size_t cap, double t, int precision) {
    if (t >= 60.0) {
        static const struct {
            const char *suffix;
            double len;
        } parts[] = {{"d", 86400}, {"h", 3600}, {"min", 60}, {"s", 1}};
        size_t k = 0;
        out[0] = 0;
        double left = t;
        for (int i = 0; i < 4; i++) {
            long long v = (long long)(left / parts[i].len);
            if (v > 0) {
                left = fmod(left, parts[i].len);
                k += (size_t)snprintf(out + k, k < cap ? cap - k : 0, "%s%lld%s", k ? " " : "", v, parts[i].suffix);
            }
            if (left < 1)
                break;
        }
        return;
    }
    static const char *const units[] = {"s", "ms", "\xc2\xb5s", "ns"};
    static const double scale[] = {1, 1e3, 1e6, 1e9};
    int order = 3;
    if (t > 0.0) {
        int k = (int)floor(log10(t));
        order = -(int)floor(k / 3.0);
        if (order > 3)
            order = 3;
    }
    snprintf(out, cap, "%.*g %s", precision, t * scale[order], units[order]);
}

static double clock_of(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void cpu_times(double *user, double *sys) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    *user = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6;
    *sys = (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

/* ---- UsageError ------------------------------------------------------------------------ */

static cg_value usage_error_type;

static cg_type *usage_error(void) {
    if (usage_error_type.tag != CG_V_OBJ) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return &cg_exc_Exception;
        cg_value t = cg_class_new("UsageError", "IPython.core.error", &cg_exc_Exception, cg_as_dict(d));
        cg_decref(d);
        if (cg_is_err(t))
            return &cg_exc_Exception;
        usage_error_type = t;
    }
    return (cg_type *)usage_error_type.u.o;
}

bool cg_exc_is_usage_error(cg_value exc) {
    return usage_error_type.tag == CG_V_OBJ && cg_isinstance(exc, (cg_type *)usage_error_type.u.o);
}

/* ---- %time ----------------------------------------------------------------------------- */

static cg_value magic_time(cg_dict *g, const char *code) {
    double p0 = clock_of(CLOCK_MONOTONIC);
    cg_code *c = compile_cell(code, "<timed exec>");
    double tp = clock_of(CLOCK_MONOTONIC) - p0;
    if (!c)
        return CG_ERR;
    double u0, s0, u1, s1, w0 = clock_of(CLOCK_REALTIME);
    cpu_times(&u0, &s0);
    cg_value result;
    int rc = cg_code_run(c, g, &result);
    cpu_times(&u1, &s1);
    double wall = clock_of(CLOCK_REALTIME) - w0;
    cg_code_free(c);
    if (rc < 0)
        return CG_ERR;
    char a[64], b[64], t[64], w[64];
    format_time(a, sizeof a, u1 - u0, 3);
    format_time(b, sizeof b, s1 - s0, 3);
    format_time(t, sizeof t, (u1 - u0) + (s1 - s0), 3);
    format_time(w, sizeof w, wall, 3);
    say("CPU times: user %s, sys: %s, total: %s\nWall time: %s\n", a, b, t, w);
    if (tp > 0.1) {
        format_time(a, sizeof a, tp, 3);
        say("Parser   : %s\n", a);
    }
    return result;
}

/* ---- %timeit --------------------------------------------------------------------------- */

typedef struct {
    long long number;
    int repeat, precision;
    bool quiet;
    const char *stmt; /* after the options */
} timeit_opts;

/* -n N, -r R, -p P (also -nN), -q, -o, -t, -c, as IPython's getopt reads them. */
static int timeit_options(const char *line, timeit_opts *o) {
    *o = (timeit_opts){0, 7, 3, false, line};
    const char *p = line;
    while (*p == '-' && p[1] && strchr("nrpqotc", p[1])) {
        char opt = p[1];
        p += 2;
        if (strchr("nrp", opt)) {
            while (*p == ' ' || *p == '\t')
                p++;
            char *e;
            long long v = strtoll(p, &e, 10);
            if (e == p || v <= 0) {
                cg_raise(usage_error(), "option -%c requires a positive integer argument", opt);
                return -1;
            }
            if (opt == 'n')
                o->number = v;
            if (opt == 'r')
                o->repeat = v > 1000000 ? 1000000 : (int)v;
            if (opt == 'p')
                o->precision = v > 20 ? 20 : (int)v;
            p = e;
        } else if (opt == 'q') {
            o->quiet = true;
        }
        while (*p == ' ' || *p == '\t')
            p++;
    }
    o->stmt = p;
    return 0;
}

/* timeit's inner(): the setup once, then number runs of stmt; seconds. */
static int time_loops(cg_dict *g, cg_code *setup, cg_code *stmt, long long number, double *secs) {
    if (setup && cg_code_run(setup, g, NULL) < 0)
        return -1;
    double t0 = clock_of(CLOCK_MONOTONIC);
    for (long long i = 0; i < number; i++)
        if (cg_code_run(stmt, g, NULL) < 0)
            return -1;
    *secs = clock_of(CLOCK_MONOTONIC) - t0;
    return 0;
}

static void put_thousands(char *out, size_t cap, long long v) {
    char digits[32];
    int n = snprintf(digits, sizeof digits, "%lld", v), k = 0;
    for (int i = 0; i < n && (size_t)k + 2 < cap; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            out[k++] = ',';
        out[k++] = digits[i];
    }
    out[k] = 0;
}

static void timeit_report(const timeit_opts *o, long long number, const double *runs) {
    double best = runs[0], worst = runs[0], sum = 0, var = 0;
    for (int i = 0; i < o->repeat; i++) {
        if (runs[i] < best)
            best = runs[i];
        if (runs[i] > worst)
            worst = runs[i];
        sum += runs[i] / (double)number;
    }
    double mean = sum / o->repeat;
    for (int i = 0; i < o->repeat; i++)
        var += pow(runs[i] / (double)number - mean, 2);
    double stdev = sqrt(var / o->repeat);
    best /= (double)number;
    worst /= (double)number;
    if (worst > 4 * best && best > 0 && worst > 1e-6)
        say("The slowest run took %0.2f times longer than the fastest. This could mean that an intermediate "
            "result is being cached.\n",
            worst / best);
    char m[64], s[64], loops[48];
    format_time(m, sizeof m, mean, o->precision);
    format_time(s, sizeof s, stdev, o->precision);
    put_thousands(loops, sizeof loops, number);
    say("%s \xc2\xb1 %s per loop (mean \xc2\xb1 std. dev. of %d run%s, %s loop%s each)\n", m, s, o->repeat,
        o->repeat == 1 ? "" : "s", loops, number == 1 ? "" : "s");
}

static cg_value magic_timeit(cg_dict *g, const char *line, const char *cell) {
    timeit_opts o;
    if (timeit_options(line, &o) < 0)
        return CG_ERR;
    const char *stmt_src = cell ? cell : o.stmt;
    cg_code *setup = cell && *o.stmt ? compile_cell(o.stmt, "<magic-timeit-setup>") : NULL;
    cg_code *stmt =
        (!cell || !*o.stmt || setup) ? compile_cell(*stmt_src ? stmt_src : "pass", "<magic-timeit-stmt>") : NULL;
    double *runs = calloc((size_t)o.repeat, sizeof *runs);
    int rc = stmt && runs ? 0 : -1;
    if (stmt && !runs)
        cg_raise_nomemory();
    long long number = o.number;
    double t = 0;
    for (int i = 0; rc == 0 && number == 0 && i < 10; i++) { /* 1, 10, 100, ... until 0.2 s */
        long long n = 1;
        for (int k = 0; k < i; k++)
            n *= 10;
        rc = time_loops(g, setup, stmt, n, &t);
        if (rc == 0 && (t >= 0.2 || i == 9))
            number = n;
    }
    for (int i = 0; rc == 0 && i < o.repeat; i++)
        rc = time_loops(g, setup, stmt, number, &runs[i]);
    if (rc == 0 && !o.quiet)
        timeit_report(&o, number, runs);
    free(runs);
    cg_code_free(setup);
    cg_code_free(stmt);
    return rc < 0 ? CG_ERR : CG_NONE;
}

/* ---- %who, %whos, %reset ------------------------------------------------------------- */

static int by_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The user's names (not starting with _), of the types listed in args
 * when any, sorted; values borrowed into vals. */
static int user_names(cg_dict *g, const char *args, const char ***names, cg_value **vals) {
    int64_t cap = cg_dict_len(g), n = 0, pos = 0;
    *names = malloc((size_t)(cap + 1) * sizeof **names);
    *vals = malloc((size_t)(cap + 1) * sizeof **vals);
    if (!*names || !*vals) {
        cg_raise_nomemory();
        return -1;
    }
    cg_value k, v;
    while (cg_dict_next(g, &pos, &k, &v)) {
        if (!cg_is_str(k) || cg_str_cstr(k)[0] == '_')
            continue;
        if (*args) {
            const char *tn = cg_type_name(v), *p = args;
            size_t tl = strlen(tn);
            bool match = false;
            while (*p && !match) {
                p += strspn(p, " \t");
                size_t w = strcspn(p, " \t");
                match = w == tl && memcmp(p, tn, w) == 0;
                p += w;
            }
            if (!match)
                continue;
        }
        (*names)[n++] = cg_str_cstr(k);
    }
    qsort(*names, (size_t)n, sizeof **names, by_str);
    for (int64_t i = 0; i < n; i++)
        (*vals)[i] = cg_dict_get_str_borrowed(g, cg_str_intern((*names)[i]));
    return (int)n;
}

static bool nothing_to_show(int n, const char *args) {
    if (n > 0)
        return false;
    say("%s\n", *args ? "No variables match your requested type." : "Interactive namespace is empty.");
    return true;
}

static cg_value magic_who(cg_dict *g, const char *args) {
    const char **names;
    cg_value *vals;
    int n = user_names(g, args, &names, &vals);
    if (n >= 0 && !nothing_to_show(n, args)) {
        cg_strbuf b = {0};
        for (int i = 0; i < n; i++) {
            cg_strbuf_printf(&b, "%s\t ", names[i]);
            if (i % 9 == 8)
                cg_strbuf_putc(&b, '\n');
        }
        cg_strbuf_putc(&b, '\n');
        if (!b.failed)
            cg_host_write(CG_STDOUT, b.data, b.len);
        free(b.data);
    }
    free(names);
    free(vals);
    return n < 0 ? CG_ERR : CG_NONE;
}

/* s padded with spaces to w code points. */
static void put_padded(cg_strbuf *b, const char *s, size_t w) {
    size_t n = cg_utf8_count(s, strlen(s));
    cg_strbuf_puts(b, s);
    for (; n < w; n++)
        cg_strbuf_putc(b, ' ');
}

/* %whos's Data/Info: n=len for containers, else str() on one line, cut
 * to 25 code points either side of "<...>" from 50 on. */
static void put_info(cg_strbuf *b, cg_value v) {
    if (cg_is_type(v, &cg_type_dict) || cg_is_type(v, &cg_type_list) || cg_is_type(v, &cg_type_tuple)) {
        cg_strbuf_printf(b, "n=%lld\n", (long long)cg_len(v));
        return;
    }
    cg_value s = cg_to_str(v);
    if (cg_is_err(s)) {
        cg_exc_clear();
        cg_strbuf_printf(b, "<object with id %lld (str() failed)>\n", (long long)(intptr_t)v.u.o);
        return;
    }
    cg_strbuf one = {0};
    for (const char *p = cg_str_cstr(s); *p; p++) {
        if (*p == '\n')
            cg_strbuf_puts(&one, "\\n");
        else
            cg_strbuf_putc(&one, *p);
    }
    cg_decref(s);
    size_t cps = cg_utf8_count(one.data ? one.data : "", one.len);
    if (cps < 50) {
        cg_strbuf_append(b, one.data, one.len);
    } else {
        cg_strbuf_append(b, one.data, cg_utf8_offset(one.data, one.len, 25));
        cg_strbuf_puts(b, "<...>");
        size_t tail = cg_utf8_offset(one.data, one.len, cps - 25);
        cg_strbuf_append(b, one.data + tail, one.len - tail);
    }
    cg_strbuf_putc(b, '\n');
    free(one.data);
}

static cg_value magic_whos(cg_dict *g, const char *args) {
    const char **names;
    cg_value *vals;
    int n = user_names(g, args, &names, &vals);
    if (n >= 0 && !nothing_to_show(n, args)) {
        size_t vw = 8, tw = 4;
        for (int i = 0; i < n; i++) {
            size_t a = cg_utf8_count(names[i], strlen(names[i])), t = strlen(cg_type_name(vals[i]));
            if (a > vw)
                vw = a;
            if (t > tw)
                tw = t;
        }
        vw += 3, tw += 3;
        cg_strbuf b = {0};
        put_padded(&b, "Variable", vw);
        put_padded(&b, "Type", tw);
        cg_strbuf_puts(&b, " Data/Info\n");
        for (size_t i = 0; i < vw + tw + 10; i++)
            cg_strbuf_putc(&b, '-');
        cg_strbuf_putc(&b, '\n');
        for (int i = 0; i < n; i++) {
            put_padded(&b, names[i], vw);
            put_padded(&b, cg_type_name(vals[i]), tw);
            cg_strbuf_putc(&b, ' ');
            put_info(&b, vals[i]);
        }
        if (!b.failed)
            cg_host_write(CG_STDOUT, b.data, b.len);
        free(b.data);
    }
    free(names);
    free(vals);
    return n < 0 ? CG_ERR : CG_NONE;
}

/* IPython's ask_yes_no with default 'n'; no stdin at all counts as yes,
 * as IPython's StdinNotImplementedError does. */
static bool confirm_reset(void) {
    const cg_host *h = cg_host_get();
    for (;;) {
        cg_value a = h->input(h->ctx, "Once deleted, variables cannot be recovered. Proceed (y/[n])? ", false);
        if (cg_is_err(a)) {
            cg_exc_clear();
            return true;
        }
        char ans[8] = {0};
        snprintf(ans, sizeof ans, "%s", cg_str_cstr(a));
        cg_decref(a);
        for (char *c = ans; *c; c++)
            *c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
        if (!*ans || !strcmp(ans, "n") || !strcmp(ans, "no"))
            return false;
        if (!strcmp(ans, "y") || !strcmp(ans, "yes"))
            return true;
    }
}

static cg_value magic_reset(cg_dict *g, const char *args) {
    bool force = false; /* -f, alone or among short options (-sf) */
    for (const char *p = args; *p;) {
        p += strspn(p, " \t");
        size_t w = strcspn(p, " \t");
        if (w > 1 && p[0] == '-' && p[1] != '-' && memchr(p, 'f', w))
            force = true;
        p += w;
    }
    if (!force && !confirm_reset()) {
        say("Nothing done.\n");
        return CG_NONE;
    }
    cg_dict_clear(g);
    cg_value name = cg_str_from_c("__main__");
    if (cg_is_err(name))
        return name;
    int rc = cg_dict_set_str(g, "__name__", name) | cg_dict_set_str(g, "__doc__", CG_NONE);
    cg_decref(name);
    return rc < 0 ? CG_ERR : CG_NONE;
}

/* ---- dispatch ------------------------------------------------------------------------- */

static const char *const LINE_MAGICS[] = {"time", "timeit", "who", "whos", "reset", "memory", NULL};
static const char *const CELL_MAGICS[] = {"time", "timeit", NULL};

static bool listed(const char *const *list, const char *name) {
    for (int i = 0; list[i]; i++)
        if (!strcmp(list[i], name))
            return true;
    return false;
}

static cg_value unknown_magic(const char *name, bool cell) {
    if (cell)
        return listed(LINE_MAGICS, name)
                   ? cg_raise(usage_error(),
                              "Cell magic `%%%%%s` not found (But line magic `%%%s` exists, did you "
                              "mean that instead?).",
                              name, name)
                   : cg_raise(usage_error(), "Cell magic `%%%%%s` not found.", name);
    return listed(CELL_MAGICS, name)
               ? cg_raise(usage_error(),
                          "Line magic function `%%%s` not found (But cell magic `%%%%%s` exists, did "
                          "you mean that instead?).",
                          name, name)
               : cg_raise(usage_error(), "Line magic function `%%%s` not found.", name);
}

static cg_value magic_call(cg_value self, const cg_args *a) {
    (void)self;
    if (a->npos < 2 || a->npos > 3 || a->nkw || !cg_is_str(a->pos[0]) || !cg_is_str(a->pos[1])
        || (a->npos == 3 && !cg_is_str(a->pos[2])))
        return cg_raise(&cg_exc_TypeError, MAGIC_FN "() takes a magic's name, its line and its cell");
    if (!cg_ev.frame)
        return cg_raise(&cg_exc_RuntimeError, "magics run inside a cell");
    cg_dict *g = cg_ev.frame->globals;
    const char *name = cg_str_cstr(a->pos[0]), *line = cg_str_cstr(a->pos[1]);
    const char *cell = a->npos == 3 ? cg_str_cstr(a->pos[2]) : NULL;
    if (cell) {
        if (!strcmp(name, "time")) {
            if (*line)
                return cg_raise(usage_error(), "Can't use statement directly after '%%%%time'!");
            return magic_time(g, cell);
        }
        if (!strcmp(name, "timeit"))
            return magic_timeit(g, line, cell);
        return unknown_magic(name, true);
    }
    if (!strcmp(name, "time"))
        return magic_time(g, line);
    if (!strcmp(name, "timeit"))
        return magic_timeit(g, line, NULL);
    if (!strcmp(name, "who"))
        return magic_who(g, line);
    if (!strcmp(name, "whos"))
        return magic_whos(g, line);
    if (!strcmp(name, "reset"))
        return magic_reset(g, line);
    if (!strcmp(name, "memory"))
        return cg_memory_magic(line);
    return unknown_magic(name, false);
}

static const cg_method_def magic_def = {MAGIC_FN, magic_call, NULL,
                                        "Runs an IPython magic: the call a `%name args` line becomes."};

static int install_magic_fn(void) {
    cg_str *key = cg_str_intern(MAGIC_FN);
    if (cg_dict_get_str_borrowed(cg_ev.builtins, key).tag != CG_V_STOP)
        return 0;
    cg_value f = cg_builtin_new(&magic_def, CG_NONE);
    if (cg_is_err(f))
        return -1;
    int rc = cg_dict_set_str(cg_ev.builtins, MAGIC_FN, f);
    cg_decref(f);
    return rc;
}

int cg_session_run_cell(cg_session *s, const char *src, size_t len, const char *filename, cg_value *result) {
    if (result)
        *result = CG_NONE;
    if (cg_lang_init() < 0 || install_magic_fn() < 0)
        return -1;
    bool failed;
    char *t = transform(src, len, &failed);
    if (failed) {
        cg_raise_nomemory();
        return -1;
    }
    int rc = cg_session_run_cell_async(s, t ? t : src, t ? strlen(t) : len, filename, result);
    free(t);
    return rc;
}
