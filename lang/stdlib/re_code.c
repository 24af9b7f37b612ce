/* re_code.c: `_re`, a compiled regular expression over PCRE2 (with its
 * JIT) and the module that makes one. The pattern is first read by
 * Python's rules (re_translate.c, Note [Python patterns over PCRE2]); the
 * Pattern and Match classes around a code object are Python, in
 * prelude/re.py.
 *
 * A code object answers in Python's terms: positions are code points
 * (the str's UTF-8 offsets are converted here), a match is a tuple of
 * 2 * (groups + 1) positions with -1 for a group that took no part, and
 * findall builds its list here, in one C loop, because that is where a
 * long text spends its time. Not here: templates, sub and split (re.py). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/re.h"
#include "stdlib/stdlib.h"

typedef struct {
    cg_obj head;
    pcre2_code *code;
    pcre2_match_data *md; /* reused by every match: one thread runs cells */
    cg_re_info info;
} re_code;

static re_code *as_code(cg_value v) { return (re_code *)v.u.o; }

static void code_dealloc(cg_obj *o) {
    re_code *c = (re_code *)o;
    pcre2_match_data_free(c->md);
    pcre2_code_free(c->code);
    cg_re_info_free(&c->info);
    cg_obj_free(o);
}

enum { C_SEARCH, C_FINDALL, C_SPANS, C_INFO, C_N };
static const cg_method_def code_methods[];

cg_type cg_re_code_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "code",
    .module = "_re",
    .base = &cg_type_object,
    .basicsize = sizeof(re_code),
    .dealloc = code_dealloc,
    .repr = cg_object_repr,
    .hash = cg_object_hash,
};

/* PCRE2's options for Python's flags. \d, \w, \s and \b are Unicode's
 * unless ASCII (PCRE2_UCP); case folding likewise. */
static uint32_t pcre_options(int flags) {
    /* Python's multiline ^ also matches after a newline that ends the text */
    uint32_t o = PCRE2_UTF | PCRE2_NO_UTF_CHECK | PCRE2_ALT_CIRCUMFLEX;
    if (!(flags & CG_RE_A))
        o |= PCRE2_UCP;
    if (flags & CG_RE_I)
        o |= PCRE2_CASELESS;
    if (flags & CG_RE_M)
        o |= PCRE2_MULTILINE;
    if (flags & CG_RE_S)
        o |= PCRE2_DOTALL;
    return o;
}

/* What PCRE2 rejects after Python's rules let a pattern through: look-
 * behinds of varying width, mostly; re.error without a position. */
static cg_value pcre_error(cg_value pattern, cg_value error, int code) {
    PCRE2_UCHAR why[256];
    pcre2_get_error_message(code, why, sizeof why);
    const char *msg = strstr((const char *)why, "lookbehind") ? "look-behind requires fixed-width pattern"
                                                                : (const char *)why;
    cg_value m = cg_str_from_c(msg);
    if (cg_is_err(m))
        return m;
    cg_value exc = cg_call1(error, m);
    cg_decref(m);
    if (!cg_is_err(exc)) {
        cg_raise_object(exc);
        cg_decref(exc);
    }
    return CG_ERR;
}

cg_value cg_re_code_compile(cg_value pattern, cg_value flags_v, cg_value error, cg_value warn) {
    if (!cg_is_str(pattern))
        return cg_raise(&cg_exc_TypeError, "first argument must be string or compiled pattern");
    int64_t flags;
    if (cg_index_value(flags_v, &flags) < 0)
        return CG_ERR;
    if (flags & CG_RE_L)
        return cg_raise(&cg_exc_ValueError, "cannot use LOCALE flag with a str pattern");
    if ((flags & CG_RE_A) && (flags & CG_RE_U))
        return cg_raise(&cg_exc_ValueError, "ASCII and UNICODE flags are incompatible");
    re_code *c = cg_obj_alloc(&cg_re_code_type);
    if (!c)
        return cg_raise_nomemory();
    cg_value self = cg_obj_value(c);
    char *text;
    if (cg_re_translate(pattern, (int)flags, error, warn, &c->info, &text) < 0) {
        cg_decref(self);
        return CG_ERR;
    }
    if (!(c->info.flags & CG_RE_A))
        c->info.flags |= CG_RE_U;
    int err;
    PCRE2_SIZE at;
    c->code = pcre2_compile((PCRE2_SPTR)text, PCRE2_ZERO_TERMINATED, pcre_options(c->info.flags), &err, &at, NULL);
    free(text);
    if (!c->code) {
        cg_decref(self);
        return pcre_error(pattern, error, err);
    }
    pcre2_jit_compile(c->code, PCRE2_JIT_COMPLETE); /* without the JIT, PCRE2 interprets */
    c->md = pcre2_match_data_create_from_pattern(c->code, NULL);
    if (!c->md) {
        cg_decref(self);
        return cg_raise_nomemory();
    }
    return self;
}

/* ---- subjects and positions ---------------------------------------------------- */

typedef struct {
    const cg_str *s;
    bool ascii;
    int64_t pos, endpos;     /* code points */
    int64_t bpos, bendpos;   /* the same as byte offsets */
} subject;

static int subject_init(subject *sj, cg_value string, cg_value pos, cg_value endpos) {
    if (!cg_is_str(string))
        return cg_raise_int(&cg_exc_TypeError, "expected string or bytes-like object, got '%s'",
                            cg_type_name(string));
    const cg_str *s = cg_as_str(string);
    int64_t p, e;
    if (cg_index_value(pos, &p) < 0 || cg_index_value(endpos, &e) < 0)
        return -1;
    p = p < 0 ? 0 : p > s->ncp ? s->ncp : p;
    e = e < 0 ? 0 : e > s->ncp ? s->ncp : e;
    sj->s = s;
    sj->ascii = s->ncp == s->len;
    sj->pos = p;
    sj->endpos = e;
    sj->bpos = sj->ascii ? p : cg_str_offset(s, p);
    sj->bendpos = sj->ascii ? e : cg_str_offset(s, e);
    if (!sj->ascii) {
        /* a lone surrogate (ED A0..BF) is not UTF-8 that PCRE2 can read */
        for (const char *q = s->s; (q = memchr(q, 0xED, (size_t)(s->s + s->len - q))); q++)
            if (q + 1 < s->s + s->len && (unsigned char)q[1] >= 0xA0)
                return cg_raise_int(&cg_exc_ValueError, "re cannot search a str holding lone surrogates here");
    }
    return 0;
}

/* Code point index of byte offset off, counting from a known pair. */
static int64_t cp_of(const subject *sj, int64_t base_b, int64_t base_cp, int64_t off) {
    if (sj->ascii)
        return off;
    if (off < base_b) {
        base_b = 0;
        base_cp = 0;
    }
    for (int64_t k = base_b; k < off; k++)
        base_cp += (sj->s->s[k] & 0xC0) != 0x80;
    return base_cp;
}

/* One pcre2_match from byte `at`: 1 matched, 0 not, -1 error. */
static int run(re_code *c, const subject *sj, int64_t at, uint32_t opts) {
    int rc = pcre2_match(c->code, (PCRE2_SPTR)sj->s->s, (PCRE2_SIZE)sj->bendpos, (PCRE2_SIZE)at,
                         opts | PCRE2_NO_UTF_CHECK, c->md, NULL);
    if (rc == PCRE2_ERROR_NOMATCH)
        return 0;
    if (rc < 0) {
        PCRE2_UCHAR why[256];
        pcre2_get_error_message(rc, why, sizeof why);
        return cg_raise_int(&cg_exc_RuntimeError, "regular expression match failed: %s", (const char *)why);
    }
    return 1;
}

static int bind_self(const cg_method_def *def, cg_value self, const cg_args *a, cg_value *out, int n) {
    cg_value pos[8];
    if (a->npos > 7)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes at most %d arguments", def->name, n - 1);
    pos[0] = self;
    for (int i = 0; i < a->npos; i++)
        pos[i + 1] = a->pos[i];
    cg_args b = {pos, a->npos + 1, a->kwn, a->kwv, a->nkw};
    return cg_args_bind(def, &b, out, n);
}

/* search(string, pos, endpos, mode): mode 0 search, 1 match (anchored
 * at pos), 2 fullmatch (and at endpos), 3 search where an empty match at
 * pos does not count (the next match after an empty one). The spans of
 * the groups, or None. */
static cg_value code_search(cg_value self, const cg_args *a) {
    cg_value v[5];
    if (bind_self(&code_methods[C_SEARCH], self, a, v, 5) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    subject sj;
    int64_t mode;
    if (subject_init(&sj, v[1], v[2], v[3]) < 0 || cg_index_value(v[4], &mode) < 0)
        goto out;
    re_code *c = as_code(self);
    if (sj.endpos < sj.pos) {
        r = CG_NONE;
        goto out;
    }
    static const uint32_t opts[] = {0, PCRE2_ANCHORED, PCRE2_ANCHORED | PCRE2_ENDANCHORED, PCRE2_NOTEMPTY_ATSTART};
    int rc = run(c, &sj, sj.bpos, opts[mode & 3]);
    if (rc <= 0) {
        r = rc < 0 ? CG_ERR : CG_NONE;
        goto out;
    }
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->md);
    uint32_t nov = pcre2_get_ovector_count(c->md);
    int n = 2 * (c->info.ngroups + 1);
    r = cg_tuple_new(n);
    if (cg_is_err(r))
        goto out;
    for (int k = 0; k < n; k++) {
        int64_t off = (uint32_t)k < 2 * nov && ov[k] != PCRE2_UNSET ? (int64_t)ov[k] : -1;
        cg_as_tuple(r)->items[k] = cg_int(off < 0 ? -1 : cp_of(&sj, sj.bpos, sj.pos, off));
    }
out:
    cg_args_release(&code_methods[C_SEARCH], v, 5);
    return r;
}

static cg_value slice_bytes(const cg_str *s, PCRE2_SIZE a, PCRE2_SIZE b) {
    if (a == PCRE2_UNSET)
        return cg_obj_value(cg_str_empty());
    return cg_str_new(s->s + a, b - a);
}

/* One findall item: the match, its one group, or the tuple of groups. */
static cg_value findall_item(re_code *c, const cg_str *s) {
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->md);
    int g = c->info.ngroups;
    if (g <= 1)
        return slice_bytes(s, ov[2 * g], ov[2 * g + 1]);
    cg_value t = cg_tuple_new(g);
    for (int k = 1; k <= g && !cg_is_err(t); k++) {
        cg_value part = slice_bytes(s, ov[2 * k], ov[2 * k + 1]);
        if (cg_is_err(part)) {
            cg_decref(t);
            return part;
        }
        cg_as_tuple(t)->items[k - 1] = part;
    }
    return t;
}

/* The spans of one match as a flat tuple of code points, counted on from
 * the pair (*base_b, *base_cp), which moves to the match's end. */
static cg_value spans_item(re_code *c, const subject *sj, int64_t *base_b, int64_t *base_cp) {
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->md);
    int n = 2 * (c->info.ngroups + 1);
    cg_value t = cg_tuple_new(n);
    if (cg_is_err(t))
        return t;
    for (int k = 0; k < n; k++)
        cg_as_tuple(t)->items[k] = cg_int(ov[k] == PCRE2_UNSET ? -1 : cp_of(sj, *base_b, *base_cp, (int64_t)ov[k]));
    int64_t end = cp_of(sj, *base_b, *base_cp, (int64_t)ov[1]);
    *base_b = (int64_t)ov[1];
    *base_cp = end;
    return t;
}

/* Every match from the left, none overlapping; an empty match may touch
 * the one before it but not start where an empty one did (Python 3.7's
 * rule): findall's items (spans false) or each match's spans, at most
 * `limit` of them when limit > 0. */
static cg_value all_matches(int which, cg_value self, const cg_args *a, bool spans) {
    cg_value v[5];
    int nv = spans ? 5 : 4;
    if (bind_self(&code_methods[which], self, a, v, nv) < 0)
        return CG_ERR;
    cg_value list = CG_ERR;
    subject sj;
    int64_t limit = 0;
    if (subject_init(&sj, v[1], v[2], v[3]) < 0 || (spans && cg_index_value(v[4], &limit) < 0))
        goto out;
    re_code *c = as_code(self);
    list = cg_list_new(0);
    if (cg_is_err(list) || sj.endpos < sj.pos)
        goto out;
    int64_t at = sj.bpos, base_b = sj.bpos, base_cp = sj.pos, count = 0;
    uint32_t opts = 0;
    while (at <= sj.bendpos && (limit <= 0 || count < limit)) {
        int rc = run(c, &sj, at, opts);
        if (rc <= 0) {
            if (rc < 0)
                goto fail;
            break;
        }
        cg_value item = spans ? spans_item(c, &sj, &base_b, &base_cp) : findall_item(c, sj.s);
        if (cg_list_append_steal(list, item) < 0)
            goto fail;
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->md);
        opts = ov[0] == ov[1] ? PCRE2_NOTEMPTY_ATSTART : 0;
        at = (int64_t)ov[1];
        count++;
    }
    goto out;
fail:
    cg_decref(list);
    list = CG_ERR;
out:
    cg_args_release(&code_methods[which], v, nv);
    return list;
}

static cg_value code_findall(cg_value self, const cg_args *a) { return all_matches(C_FINDALL, self, a, false); }
static cg_value code_spans(cg_value self, const cg_args *a) { return all_matches(C_SPANS, self, a, true); }

/* info(): (flags, groups, names), names a tuple of the groups' names or
 * None, from group 1. */
static cg_value code_info(cg_value self, const cg_args *a) {
    re_code *c = as_code(self);
    int g = c->info.ngroups;
    cg_value names = cg_tuple_new(g);
    for (int k = 1; k <= g && !cg_is_err(names); k++) {
        if (!c->info.names[k])
            continue;
        cg_value n = cg_str_from_c(c->info.names[k]);
        if (cg_is_err(n)) {
            cg_decref(names);
            return n;
        }
        cg_as_tuple(names)->items[k - 1] = n;
    }
    if (cg_is_err(names))
        return names;
    return cg_tuple_steal(3, (cg_value[]){cg_int(c->info.flags), cg_int(g), names});
}

static const cg_method_def code_methods[] = {
    [C_SEARCH] = {"search", code_search, "search(self, string, pos, endpos, mode)",
                  "The spans of a match of the pattern in string[pos:endpos], or None."},
    [C_FINDALL] = {"findall", code_findall, "findall(self, string, pos, endpos)",
                   "Every match in string[pos:endpos], as re.findall lists them."},
    [C_SPANS] = {"spans", code_spans, "spans(self, string, pos, endpos, limit)",
                 "The spans of every match (at most limit when it is positive), as search gives them."},
    [C_INFO] = {"info", code_info, NULL, "(flags, groups, names)."},
    [C_N] = {NULL, NULL, NULL, NULL},
};

/* ---- the module ---------------------------------------------------------------------------- */

enum { R_COMPILE, R_N };
static const cg_method_def re_defs[];

static cg_value r_compile(cg_value self, const cg_args *a) {
    cg_value v[4];
    if (cg_args_bind(&re_defs[R_COMPILE], a, v, 4) < 0)
        return CG_ERR;
    cg_value r = cg_re_code_compile(v[0], v[1], v[2], v[3]);
    cg_args_release(&re_defs[R_COMPILE], v, 4);
    return r;
}

static const cg_method_def re_defs[] = {
    [R_COMPILE] = {"compile", r_compile, "compile(pattern, flags, error, warn=None)",
                   "The code of a Python regular expression; re.error through `error`, FutureWarnings through "
                   "warn(msg)."},
    [R_N] = {NULL, NULL, NULL, NULL},
};

cg_value cg_re_native_module_init(void) {
    if (!cg_re_code_type.dict && cg_type_add_methods(&cg_re_code_type, code_methods) < 0)
        return CG_ERR;
    return cg_module_of("_re", re_defs);
}
