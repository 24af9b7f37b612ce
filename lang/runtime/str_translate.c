/* str_translate.c: str.translate and str.maketrans.
 *
 * A translation table is any object with __getitem__ keyed by code points
 * (usually the dict maketrans builds): a code point it has no entry for
 * (LookupError) is kept, None deletes it, an int or a str replaces it. */
#include "runtime/bigint.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/value.h"

enum { T_TRANSLATE, T_COUNT };
enum { K_MAKETRANS, K_COUNT };

static const cg_method_def translate_methods[];
static const cg_method_def maketrans_def[];

/* Appends what table maps code point c to; -1 on error. */
static int translate_one(cg_strbuf *b, cg_value table, uint32_t c) {
    cg_value m = cg_getitem(table, cg_int(c));
    if (cg_is_err(m)) {
        if (!cg_exc_matches(&cg_exc_LookupError))
            return -1;
        cg_exc_clear();
        cg_strbuf_put_cp(b, c);
        return 0;
    }
    int rc = 0;
    if (cg_is_none(m)) {
        /* deleted */
    } else if (cg_is_str(m)) {
        cg_strbuf_append(b, cg_as_str(m)->s, (size_t)cg_as_str(m)->len);
    } else if (cg_is_int(m)) {
        int64_t v;
        if (cg_index_value(m, &v) < 0 || v < 0 || v > 0x10FFFF) {
            cg_exc_clear();
            rc = cg_raise_int(&cg_exc_ValueError, "character mapping must be in range(0x110000)");
        } else {
            cg_strbuf_put_cp(b, (uint32_t)v);
        }
    } else {
        rc = cg_raise_int(&cg_exc_TypeError, "character mapping must return integer, None or str");
    }
    cg_decref(m);
    return rc;
}

static cg_value str_translate(cg_value self, const cg_args *a) {
    cg_value table;
    if (cg_args_bind(&translate_methods[T_TRANSLATE], a, &table, 1) < 0)
        return CG_ERR;
    const cg_str *s = cg_as_str(self);
    cg_strbuf b = {0};
    int64_t i = 0;
    int rc = 0;
    while (rc == 0 && i < s->len)
        rc = translate_one(&b, table, cg_cp_next(s->s, s->len, &i));
    cg_args_release(&translate_methods[T_TRANSLATE], &table, 1);
    if (rc < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    return cg_str_from_strbuf(&b);
}

/* The key of a one-argument maketrans dict, as a code point. */
static cg_value table_key(cg_value k) {
    if (cg_is_str(k)) {
        const cg_str *s = cg_as_str(k);
        if (s->ncp != 1)
            return cg_raise(&cg_exc_ValueError, "string keys in translate table must be of length 1");
        int64_t i = 0;
        return cg_int(cg_cp_next(s->s, s->len, &i));
    }
    if (cg_is_int(k))
        return cg_incref(k);
    return cg_raise(&cg_exc_TypeError, "keys in translate table must be strings or integers");
}

static int from_dict(cg_dict *out, cg_value x) {
    cg_dict *d = cg_as_dict(x);
    int64_t pos = 0;
    cg_value k, v;
    while (cg_dict_next(d, &pos, &k, &v)) {
        cg_value key = table_key(k);
        if (cg_is_err(key))
            return -1;
        int rc = cg_dict_set(out, key, v);
        cg_decref(key);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* Maps each code point of x to the one at the same place in y, and each
 * of z to None. */
static int from_strings(cg_dict *out, cg_value x, cg_value y, cg_value z, bool has_z) {
    if (!cg_is_str(x))
        return cg_raise_int(&cg_exc_TypeError, "first maketrans argument must be a string if there is a second argument");
    if (!cg_is_str(y))
        return cg_raise_int(&cg_exc_TypeError, "maketrans() argument 2 must be str, not %s", cg_type_name(y));
    if (has_z && !cg_is_str(z))
        return cg_raise_int(&cg_exc_TypeError, "maketrans() argument 3 must be str, not %s", cg_type_name(z));
    const cg_str *sx = cg_as_str(x), *sy = cg_as_str(y);
    if (sx->ncp != sy->ncp)
        return cg_raise_int(&cg_exc_ValueError, "the first two maketrans arguments must have equal length");
    int64_t i = 0, j = 0;
    while (i < sx->len) {
        uint32_t from = cg_cp_next(sx->s, sx->len, &i), to = cg_cp_next(sy->s, sy->len, &j);
        if (cg_dict_set(out, cg_int(from), cg_int(to)) < 0)
            return -1;
    }
    if (!has_z)
        return 0;
    const cg_str *sz = cg_as_str(z);
    for (int64_t k = 0; k < sz->len;)
        if (cg_dict_set(out, cg_int(cg_cp_next(sz->s, sz->len, &k)), CG_NONE) < 0)
            return -1;
    return 0;
}

static cg_value str_maketrans(cg_value type, const cg_args *a) {
    (void)type;
    cg_value arg[3];
    if (cg_args_bind(&maketrans_def[K_MAKETRANS], a, arg, 3) < 0)
        return CG_ERR;
    cg_value r = cg_dict_new();
    int rc = -1;
    if (cg_is_err(r)) {
        /* rc stays -1 */
    } else if (a->npos < 2) {
        if (!cg_is_dict(arg[0]))
            cg_raise(&cg_exc_TypeError, "if you give only one argument to maketrans it must be a dict");
        else
            rc = from_dict(cg_as_dict(r), arg[0]);
    } else {
        rc = from_strings(cg_as_dict(r), arg[0], arg[1], arg[2], a->npos > 2);
    }
    cg_args_release(&maketrans_def[K_MAKETRANS], arg, 3);
    if (rc < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    return r;
}

static const cg_method_def translate_methods[] = {
    [T_TRANSLATE] = {"translate", str_translate, "translate(table, /)",
                     "Replace each character through table: a mapping of code points to code points, strings or None."},
    [T_COUNT] = {NULL, NULL, NULL, NULL},
};

static const cg_method_def maketrans_def[] = {
    [K_MAKETRANS] = {"maketrans", str_maketrans, "maketrans(x, y=None, z=None, /)",
                     "Return a translation table usable for str.translate()."},
    [K_COUNT] = {NULL, NULL, NULL, NULL},
};

int cg_str_translate_init(cg_type *str_type) {
    if (cg_type_add_methods(str_type, translate_methods) < 0)
        return -1;
    return cg_type_add_static_methods(str_type, maketrans_def); /* a static method in CPython */
}
