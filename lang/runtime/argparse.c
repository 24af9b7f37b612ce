/* argparse.c: binding a call's arguments to parameters, Python's way.
 *
 * One binder serves functions written in the language (their parameters
 * come from the parser) and functions written in C (their parameters come
 * from the signature text of their cg_method_def, parsed once and cached),
 * so both report Python's TypeErrors word for word. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/exc.h"
#include "runtime/lang_internal.h"

/* "1 required positional argument: 'x'", "2 ...: 'x' and 'y'",
 * "3 ...: 'x', 'y', and 'z'" */
static int raise_missing(const cg_params *p, const cg_value *out, bool kwonly) {
    int missing[64], n = 0;
    for (int i = 0; i < p->n && n < 64; i++) {
        bool is_kw = p->kinds[i] == PARAM_KW_ONLY;
        bool is_pos = p->kinds[i] == PARAM_POS || p->kinds[i] == PARAM_POS_ONLY;
        if ((kwonly ? is_kw : is_pos) && out[i].tag == CG_V_STOP)
            missing[n++] = i;
    }
    if (n == 0)
        return 0;
    cg_strbuf b = {0};
    cg_strbuf_printf(&b, "%s() missing %d required %s argument%s: ", p->fname, n,
                     kwonly ? "keyword-only" : "positional", n == 1 ? "" : "s");
    for (int k = 0; k < n; k++) {
        if (k > 0)
            cg_strbuf_puts(&b, n == 2 ? " and " : (k == n - 1 ? ", and " : ", "));
        cg_strbuf_printf(&b, "'%s'", p->names[missing[k]]->s);
    }
    cg_value msg = cg_str_from_strbuf(&b);
    if (cg_is_err(msg))
        return -1;
    cg_raise_value(&cg_exc_TypeError, msg);
    cg_decref(msg);
    return -1;
}

static int raise_too_many(const cg_params *p, int given, int kwgiven) {
    int npos = p->npos, required = 0;
    for (int i = 0; i < npos; i++)
        if (p->defaults[i].tag == CG_V_STOP)
            required++;
    char takes[64];
    if (required < npos)
        snprintf(takes, sizeof takes, "from %d to %d positional arguments", required, npos);
    else
        snprintf(takes, sizeof takes, "%d positional argument%s", npos, npos == 1 ? "" : "s");
    if (kwgiven > 0)
        return cg_raise_int(&cg_exc_TypeError,
                            "%s() takes %s but %d positional argument%s (and %d keyword-only "
                            "argument%s) were given",
                            p->fname, takes, given, given == 1 ? "" : "s", kwgiven, kwgiven == 1 ? "" : "s");
    return cg_raise_int(&cg_exc_TypeError, "%s() takes %s but %d %s given", p->fname, takes, given,
                        given == 1 ? "was" : "were");
}

static int find_param(const cg_params *p, cg_str *name) {
    for (int i = 0; i < p->n; i++)
        if (p->names[i] == name)
            return i;
    for (int i = 0; i < p->n; i++) /* names not interned (from **kwargs dicts) */
        if (p->names[i]->len == name->len && memcmp(p->names[i]->s, name->s, (size_t)name->len) == 0)
            return i;
    return -1;
}

static void release_out(const cg_params *p, cg_value *out) {
    for (int i = 0; i < p->n; i++) {
        if (out[i].tag != CG_V_STOP)
            cg_decref(out[i]);
        out[i] = CG_STOP;
    }
}

static int bind_keywords(const cg_params *p, const cg_args *a, cg_value *out, cg_value varkw) {
    for (int k = 0; k < a->nkw; k++) {
        cg_str *name = a->kwn[k];
        int i = find_param(p, name);
        if (i >= 0 && p->kinds[i] != PARAM_POS_ONLY && p->kinds[i] != PARAM_VAR_POS && p->kinds[i] != PARAM_VAR_KW) {
            if (out[i].tag != CG_V_STOP)
                return cg_raise_int(&cg_exc_TypeError, "%s() got multiple values for argument '%s'", p->fname, name->s);
            out[i] = cg_incref(a->kwv[k]);
            continue;
        }
        if (varkw.tag == CG_V_OBJ) {
            if (cg_dict_set(cg_as_dict(varkw), cg_obj_value(name), a->kwv[k]) < 0)
                return -1;
            continue;
        }
        if (i >= 0 && p->kinds[i] == PARAM_POS_ONLY)
            return cg_raise_int(&cg_exc_TypeError,
                                "%s() got some positional-only arguments passed as keyword "
                                "arguments: '%s'",
                                p->fname, name->s);
        return cg_raise_int(&cg_exc_TypeError, "%s() got an unexpected keyword argument '%s'", p->fname, name->s);
    }
    return 0;
}

int cg_params_bind(const cg_params *p, const cg_args *a, cg_value *out) {
    for (int i = 0; i < p->n; i++)
        out[i] = CG_STOP;
    int npos = p->npos;
    if (a->npos > npos && p->varpos < 0) {
        int kwonly_given = 0;
        for (int k = 0; k < a->nkw; k++) {
            int i = find_param(p, a->kwn[k]);
            if (i >= 0 && p->kinds[i] == PARAM_KW_ONLY)
                kwonly_given++;
        }
        return raise_too_many(p, a->npos, kwonly_given);
    }
    int take = a->npos < npos ? a->npos : npos;
    for (int i = 0; i < take; i++)
        out[i] = cg_incref(a->pos[i]);
    if (p->varpos >= 0) {
        int extra = a->npos - take;
        cg_value t = cg_tuple_new(extra);
        if (cg_is_err(t))
            goto fail;
        for (int i = 0; i < extra; i++)
            ((cg_tuple *)t.u.o)->items[i] = cg_incref(a->pos[take + i]);
        out[p->varpos] = t;
    }
    cg_value varkw = CG_STOP;
    if (p->varkw >= 0) {
        varkw = cg_dict_new();
        if (cg_is_err(varkw))
            goto fail;
        out[p->varkw] = varkw;
    }
    if (bind_keywords(p, a, out, varkw) < 0)
        goto fail;
    for (int i = 0; i < p->n; i++)
        if (out[i].tag == CG_V_STOP && p->defaults[i].tag != CG_V_STOP)
            out[i] = cg_incref(p->defaults[i]);
    if (raise_missing(p, out, false) < 0 || raise_missing(p, out, true) < 0)
        goto fail;
    return 0;
fail:
    release_out(p, out);
    return -1;
}

/* ---- parameters from signature text ------------------------------------ */

static const char *skip_space(const char *s) {
    while (*s == ' ')
        s++;
    return s;
}

/* A default's text: None, True, False, numbers, quoted strings, (), ...
 * (Ellipsis: "not given", for builtins that must tell) and anything else
 * as None (the docs show it; the C function handles it). */
static cg_value parse_default(const char *s, size_t n) {
    char buf[64];
    if (n >= sizeof buf)
        n = sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = 0;
    if (!strcmp(buf, "None"))
        return CG_NONE;
    if (!strcmp(buf, "True"))
        return CG_TRUE;
    if (!strcmp(buf, "False"))
        return CG_FALSE;
    if (!strcmp(buf, "()"))
        return cg_tuple_new(0);
    if (!strcmp(buf, "..."))
        return cg_Ellipsis;
    if (buf[0] == '\'' || buf[0] == '"')
        return cg_str_new(buf + 1, n >= 2 ? n - 2 : 0);
    char *end;
    long long i = strtoll(buf, &end, 10);
    if (*end == 0 && end != buf)
        return cg_int(i);
    double f = strtod(buf, &end);
    if (*end == 0 && end != buf)
        return cg_float(f);
    return CG_NONE;
}

/* The end of one parameter's text: the next top-level comma or ')'. */
static const char *param_end(const char *s) {
    int depth = 0;
    char quote = 0;
    for (; *s; s++) {
        if (quote) {
            if (*s == quote)
                quote = 0;
            continue;
        }
        if (*s == '\'' || *s == '"')
            quote = *s;
        else if (*s == '(' || *s == '[')
            depth++;
        else if ((*s == ')' || *s == ']') && depth-- == 0)
            return s;
        else if (*s == ',' && depth == 0)
            return s;
    }
    return s;
}

static int add_param(cg_params *p, const char *name, size_t len, cg_param_kind kind, cg_value dflt) {
    int i = p->n++;
    p->names = realloc(p->names, sizeof *p->names * (size_t)p->n);
    p->kinds = realloc(p->kinds, sizeof *p->kinds * (size_t)p->n);
    p->defaults = realloc(p->defaults, sizeof *p->defaults * (size_t)p->n);
    if (!p->names || !p->kinds || !p->defaults)
        return -1;
    p->names[i] = cg_str_intern_n(name, len);
    p->kinds[i] = kind;
    p->defaults[i] = dflt;
    if (kind == PARAM_POS || kind == PARAM_POS_ONLY)
        p->npos++;
    if (kind == PARAM_VAR_POS)
        p->varpos = i;
    if (kind == PARAM_VAR_KW)
        p->varkw = i;
    return 0;
}

/* Parses "name(a, b=1, /, c, *args, d=None, **kw)". */
static int params_from_text(cg_params *p, const char *sig) {
    memset(p, 0, sizeof *p);
    p->varpos = p->varkw = -1;
    const char *open = strchr(sig, '(');
    if (!open)
        return -1;
    p->fname = strndup(sig, (size_t)(open - sig));
    if (!p->fname)
        return -1;
    bool kwonly = false;
    const char *s = open + 1;
    while (*(s = skip_space(s)) && *s != ')') {
        const char *end = param_end(s);
        const char *eq = memchr(s, '=', (size_t)(end - s));
        const char *name_end = eq ? eq : end;
        while (name_end > s && name_end[-1] == ' ')
            name_end--;
        size_t len = (size_t)(name_end - s);
        cg_value dflt = CG_STOP;
        if (eq) {
            const char *d = skip_space(eq + 1);
            const char *de = end;
            while (de > d && de[-1] == ' ')
                de--;
            dflt = parse_default(d, (size_t)(de - d));
            if (cg_is_err(dflt))
                return -1;
        }
        int rc = 0;
        if (len == 1 && *s == '/') {
            for (int i = 0; i < p->n; i++)
                p->kinds[i] = PARAM_POS_ONLY;
        } else if (len == 1 && *s == '*') {
            kwonly = true;
        } else if (s[0] == '*' && s[1] == '*') {
            rc = add_param(p, s + 2, len - 2, PARAM_VAR_KW, CG_STOP);
        } else if (s[0] == '*') {
            rc = add_param(p, s + 1, len - 1, PARAM_VAR_POS, CG_STOP);
            kwonly = true;
        } else {
            rc = add_param(p, s, len, kwonly ? PARAM_KW_ONLY : PARAM_POS, dflt);
        }
        if (rc < 0)
            return -1;
        s = *end == ',' ? end + 1 : end;
    }
    return 0;
}

/* Parsed signatures, keyed by the cg_method_def they belong to. */
typedef struct {
    const cg_method_def *def;
    cg_params params;
} sig_entry;
static sig_entry *sig_cache;
static size_t sig_count, sig_cap;

const cg_params *cg_method_params(const cg_method_def *def) {
    size_t h = ((uintptr_t)def >> 4) & (sig_cap - 1);
    if (sig_cap) {
        for (size_t i = h;; i = (i + 1) & (sig_cap - 1)) {
            if (sig_cache[i].def == def)
                return &sig_cache[i].params;
            if (!sig_cache[i].def)
                break;
        }
    }
    if ((sig_count + 1) * 2 > sig_cap) {
        size_t ncap = sig_cap ? sig_cap * 2 : 256;
        sig_entry *n = calloc(ncap, sizeof *n);
        if (!n)
            return NULL;
        for (size_t i = 0; i < sig_cap; i++) {
            if (!sig_cache[i].def)
                continue;
            size_t j = ((uintptr_t)sig_cache[i].def >> 4) & (ncap - 1);
            while (n[j].def)
                j = (j + 1) & (ncap - 1);
            n[j] = sig_cache[i];
        }
        free(sig_cache);
        sig_cache = n;
        sig_cap = ncap;
    }
    cg_params p;
    if (params_from_text(&p, def->sig) < 0) {
        cg_raise(&cg_exc_RuntimeError, "cgrad: bad signature text '%s'", def->sig);
        return NULL;
    }
    size_t j = ((uintptr_t)def >> 4) & (sig_cap - 1);
    while (sig_cache[j].def)
        j = (j + 1) & (sig_cap - 1);
    sig_cache[j].def = def;
    sig_cache[j].params = p;
    sig_count++;
    return &sig_cache[j].params;
}

void cg_params_free(cg_params *p) {
    for (int i = 0; i < p->n; i++)
        if (p->defaults[i].tag != CG_V_STOP)
            cg_decref(p->defaults[i]);
    free(p->names);
    free(p->kinds);
    free(p->defaults);
    free((char *)p->fname);
    memset(p, 0, sizeof *p);
}

void cg_argparse_shutdown(void) {
    for (size_t i = 0; i < sig_cap; i++)
        if (sig_cache[i].def)
            cg_params_free(&sig_cache[i].params);
    free(sig_cache);
    sig_cache = NULL;
    sig_cap = sig_count = 0;
}

int cg_args_bind(const cg_method_def *def, const cg_args *args, cg_value *out, int nout) {
    const cg_params *p = cg_method_params(def);
    if (!p)
        return -1;
    if (p->n != nout)
        return cg_raise_int(&cg_exc_RuntimeError, "cgrad: %s binds %d parameters, not %d", def->name, p->n, nout);
    return cg_params_bind(p, args, out);
}

void cg_args_release(const cg_method_def *def, cg_value *out, int nout) {
    (void)def;
    for (int i = 0; i < nout; i++)
        if (out[i].tag != CG_V_STOP && out[i].tag != CG_V_ERR)
            cg_decref(out[i]);
}

int cg_args_index(const cg_method_def *def, const cg_args *args, int64_t *out) {
    cg_value v;
    if (cg_args_bind(def, args, &v, 1) < 0)
        return -1;
    int rc = cg_index_value(v, out);
    cg_args_release(def, &v, 1);
    return rc;
}
