/* warnings_module.c: `_warnings`, the two things the warnings module
 * (prelude/warnings.py) cannot write in Python here: where its caller is,
 * and whether a filter's regular expression matches.
 *
 * _warnings.caller(stacklevel) is (filename, lineno, module, line) of the
 * frame stacklevel calls up from the function calling it (warn's caller at
 * 1), or None past the outermost frame. module is that frame's __name__,
 * line its source text.
 *
 * _warnings.match(pattern, text) is re.match(pattern, text, re.I) for the
 * patterns filters use: POSIX extended syntax (GNU's \w, \s, \b), plus
 * Python's \d and \D. An invalid pattern raises ValueError. */
#include <regex.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/eval.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/stdlib.h"

enum { W_CALLER, W_MATCH, W_N };
static const cg_method_def warnings_defs[];

static cg_value frame_module(const cg_frame *f) {
    cg_value name = f->globals ? cg_dict_get_str_borrowed(f->globals, cg_str_intern("__name__")) : CG_STOP;
    return cg_is_str(name) ? cg_incref(name) : cg_str_from_c("<string>");
}

static cg_value frame_line(const cg_frame *f) {
    size_t n = 0;
    const char *text = f->arena ? cg_ast_arena_line(f->arena, f->line, &n) : NULL;
    if (!text)
        return CG_NONE;
    while (n && (text[n - 1] == '\n' || text[n - 1] == '\r'))
        n--;
    return cg_str_new(text, (int64_t)n);
}

static cg_value w_caller(cg_value self, const cg_args *a) {
    int64_t k;
    if (cg_args_index(&warnings_defs[W_CALLER], a, &k) < 0)
        return CG_ERR;
    const cg_frame *f = cg_ev.frame;
    for (int64_t i = 0; f && i < (k < 1 ? 1 : k); i++)
        f = f->back;
    if (!f || !f->arena)
        return CG_NONE;
    cg_value items[4] = {cg_str_from_c(cg_ast_arena_filename(f->arena)), cg_int(f->line), frame_module(f),
                         frame_line(f)};
    for (int i = 0; i < 4; i++)
        if (cg_is_err(items[i])) {
            for (int j = 0; j < 4; j++)
                if (!cg_is_err(items[j]))
                    cg_decref(items[j]);
            return CG_ERR;
        }
    return cg_tuple_steal(4, items);
}

/* Python's \d and \D, which POSIX lacks, as bracket expressions. */
static void translate(const char *p, cg_strbuf *out) {
    bool in_bracket = false;
    for (; *p; p++) {
        if (*p == '\\' && p[1]) {
            if (!in_bracket && (p[1] == 'd' || p[1] == 'D'))
                cg_strbuf_puts(out, p[1] == 'd' ? "[0-9]" : "[^0-9]");
            else
                cg_strbuf_append(out, p, 2);
            p++;
            continue;
        }
        if (*p == '[')
            in_bracket = true;
        else if (*p == ']')
            in_bracket = false;
        cg_strbuf_putc(out, *p);
    }
}

static cg_value w_match(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&warnings_defs[W_MATCH], a, v, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (!cg_is_str(v[0]) || !cg_is_str(v[1])) {
        cg_raise(&cg_exc_TypeError, "match() arguments must be str");
        goto out;
    }
    cg_strbuf pattern = {0};
    translate(cg_str_cstr(v[0]), &pattern);
    if (!pattern.data || pattern.failed) {
        cg_strbuf_free(&pattern);
        cg_raise_nomemory();
        goto out;
    }
    regex_t re;
    int err = regcomp(&re, pattern.data, REG_EXTENDED | REG_ICASE);
    cg_strbuf_free(&pattern);
    if (err) {
        char why[256];
        regerror(err, &re, why, sizeof why);
        cg_raise(&cg_exc_ValueError, "bad regular expression '%s': %s", cg_str_cstr(v[0]), why);
        goto out;
    }
    regmatch_t m;
    bool at_start = regexec(&re, cg_str_cstr(v[1]), 1, &m, 0) == 0 && m.rm_so == 0;
    regfree(&re);
    r = cg_bool(at_start);
out:
    cg_args_release(&warnings_defs[W_MATCH], v, 2);
    return r;
}

static const cg_method_def warnings_defs[] = {
    [W_CALLER] = {"caller", w_caller, "caller(stacklevel)",
                  "(filename, lineno, module, line) of the frame stacklevel calls up, or None."},
    [W_MATCH] = {"match", w_match, "match(pattern, text)",
                 "Whether the regular expression matches at the start of text, ignoring case."},
    [W_N] = {NULL, NULL, NULL, NULL},
};

cg_value cg_warnings_native_module_init(void) { return cg_module_of("_warnings", warnings_defs); }
