/* unicodedata_module.c: the unicodedata module: a character's name,
 * category, classes, numeric values and decomposition, lookup by name,
 * normalization, in CPython 3.11's Unicode (14.0.0), and ucd_3_2_0, the
 * same questions asked of Unicode 3.2 (characters assigned later are
 * unknown there; the properties of the others are today's).
 *
 * The data is ICU's, through parse/unicode_names.h and runtime/ucd.h.
 * Each function serves the module (Unicode 14.0) and the UCD objects
 * (their own version) from one table. */
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "runtime/ucd.h"
#include "stdlib/stdlib.h"

/* A UCD object: the database of one Unicode version. */
typedef struct {
    cg_obj head;
    cg_ucd_version v;
} ucd_obj;

static cg_type ucd_type;

/* The version a call answers in: a UCD object's, or the module's. */
static cg_ucd_version version_of(cg_value self) {
    return cg_is_type(self, &ucd_type) ? ((ucd_obj *)self.u.o)->v : cg_ucd_current;
}

/* The one character a function is asked about; -1 with CPython's
 * TypeError ("name() argument 1 must be a unicode character, not int"). */
static int64_t one_char(cg_value v, const char *fn, bool numbered) {
    if (cg_is_str(v) && cg_as_str(v)->ncp == 1) {
        int64_t i = 0;
        return cg_cp_next(cg_as_str(v)->s, cg_as_str(v)->len, &i);
    }
    cg_raise(&cg_exc_TypeError, "%s() argument %smust be a unicode character, not %s", fn, numbered ? "1 " : "",
             cg_type_name(v));
    return -1;
}

/* f(chr): one positional argument */
static int64_t single(cg_value self, const cg_args *a, const char *fn) {
    const char *owner = cg_is_type(self, &ucd_type) ? "UCD" : "unicodedata";
    if (a->nkw) {
        cg_raise(&cg_exc_TypeError, "%s.%s() takes no keyword arguments", owner, fn);
        return -1;
    }
    if (a->npos != 1) {
        cg_raise(&cg_exc_TypeError, "%s.%s() takes exactly one argument (%d given)", owner, fn, a->npos);
        return -1;
    }
    return one_char(a->pos[0], fn, false);
}

/* f(chr[, default]) */
static int64_t with_default(const cg_args *a, const char *fn) {
    if (a->nkw) {
        cg_raise(&cg_exc_TypeError, "%s() takes no keyword arguments", fn);
        return -1;
    }
    if (a->npos < 1 || a->npos > 2) {
        if (a->npos < 1)
            cg_raise(&cg_exc_TypeError, "%s expected at least 1 argument, got %d", fn, a->npos);
        else
            cg_raise(&cg_exc_TypeError, "%s expected at most 2 arguments, got %d", fn, a->npos);
        return -1;
    }
    return one_char(a->pos[0], fn, true);
}

/* The default if given, else ValueError(msg). */
static cg_value or_default(const cg_args *a, const char *msg) {
    if (a->npos == 2)
        return cg_incref(a->pos[1]);
    return cg_raise(&cg_exc_ValueError, "%s", msg);
}

static cg_value u_name(cg_value self, const cg_args *a) {
    int64_t c = with_default(a, "name");
    if (c < 0)
        return CG_ERR;
    char buf[128];
    cg_ucd_version v = version_of(self);
    if (cg_ucd_name((uint32_t)c, buf, sizeof buf, v.major, v.minor))
        return cg_str_from_c(buf);
    return or_default(a, "no such name");
}

static cg_value u_decimal(cg_value self, const cg_args *a) {
    int64_t c = with_default(a, "decimal");
    if (c < 0)
        return CG_ERR;
    int d = cg_ucd_decimal((uint32_t)c, version_of(self));
    return d >= 0 ? cg_int(d) : or_default(a, "not a decimal");
}

static cg_value u_digit(cg_value self, const cg_args *a) {
    int64_t c = with_default(a, "digit");
    if (c < 0)
        return CG_ERR;
    int d = cg_ucd_digit((uint32_t)c, version_of(self));
    return d >= 0 ? cg_int(d) : or_default(a, "not a digit");
}

static cg_value u_numeric(cg_value self, const cg_args *a) {
    int64_t c = with_default(a, "numeric");
    if (c < 0)
        return CG_ERR;
    double x;
    return cg_ucd_numeric((uint32_t)c, version_of(self), &x) ? cg_float(x) : or_default(a, "not a numeric character");
}

static cg_value u_category(cg_value self, const cg_args *a) {
    int64_t c = single(self, a, "category");
    return c < 0 ? CG_ERR : cg_str_from_c(cg_ucd_category((uint32_t)c, version_of(self)));
}

static cg_value u_bidirectional(cg_value self, const cg_args *a) {
    int64_t c = single(self, a, "bidirectional");
    return c < 0 ? CG_ERR : cg_str_from_c(cg_ucd_bidirectional((uint32_t)c, version_of(self)));
}

static cg_value u_east_asian_width(cg_value self, const cg_args *a) {
    int64_t c = single(self, a, "east_asian_width");
    return c < 0 ? CG_ERR : cg_str_from_c(cg_ucd_east_asian_width((uint32_t)c, version_of(self)));
}

static cg_value u_combining(cg_value self, const cg_args *a) {
    int64_t c = single(self, a, "combining");
    return c < 0 ? CG_ERR : cg_int(cg_ucd_combining((uint32_t)c, version_of(self)));
}

static cg_value u_mirrored(cg_value self, const cg_args *a) {
    int64_t c = single(self, a, "mirrored");
    return c < 0 ? CG_ERR : cg_int(cg_ucd_mirrored((uint32_t)c, version_of(self)));
}

static cg_value u_decomposition(cg_value self, const cg_args *a) {
    int64_t c = single(self, a, "decomposition");
    if (c < 0)
        return CG_ERR;
    cg_strbuf b = {0};
    cg_ucd_decomposition(&b, (uint32_t)c, version_of(self));
    return cg_str_from_strbuf(&b);
}

/* lookup(name): str or bytes; aliases and named sequences too; KeyError
 * when unknown */
static cg_value u_lookup(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "lookup() takes exactly one argument (%d given)", a->npos + a->nkw);
    const char *s;
    size_t n;
    if (cg_is_str(a->pos[0])) {
        s = cg_as_str(a->pos[0])->s;
        n = (size_t)cg_as_str(a->pos[0])->len;
    } else if (cg_is_bytes(a->pos[0]) || cg_is_bytearray(a->pos[0])) {
        int64_t len;
        s = cg_byteslike_data(a->pos[0], &len);
        n = (size_t)len;
    } else {
        return cg_raise(&cg_exc_TypeError, "a bytes-like object is required, not '%s'", cg_type_name(a->pos[0]));
    }
    cg_ucd_version v = version_of(self);
    int32_t c = n > 256 ? -1 : cg_ucd_lookup(s, n, v.major, v.minor);
    uint32_t seq[4] = {(uint32_t)c};
    int k = c >= 0 ? 1 : n > 256 ? 0 : cg_ucd_lookup_sequence(s, n, seq);
    if (k > 0) {
        char enc[16];
        size_t len = 0;
        for (int i = 0; i < k; i++)
            len += (size_t)cg_cp_encode(seq[i], enc + len);
        return cg_str_new(enc, len);
    }
    cg_value msg = n > 256 ? cg_str_from_c("name too long") : cg_str_fmt("undefined character name '%.*s'", (int)n, s);
    if (cg_is_err(msg))
        return msg;
    cg_raise_value(&cg_exc_KeyError, msg);
    cg_decref(msg);
    return CG_ERR;
}

static cg_value normalize_call(const cg_args *a, const char *fn, bool check_only) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "%s() takes no keyword arguments", fn);
    if (a->npos != 2)
        return cg_raise(&cg_exc_TypeError, "%s expected 2 arguments, got %d", fn, a->npos);
    for (int i = 0; i < 2; i++)
        if (!cg_is_str(a->pos[i]))
            return cg_raise(&cg_exc_TypeError, "%s() argument %d must be str, not %s", fn, i + 1,
                            cg_type_name(a->pos[i]));
    return cg_ucd_normalize(cg_str_cstr(a->pos[0]), a->pos[1], check_only);
}

static cg_value u_normalize(cg_value self, const cg_args *a) { return normalize_call(a, "normalize", false); }
static cg_value u_is_normalized(cg_value self, const cg_args *a) { return normalize_call(a, "is_normalized", true); }

static const cg_method_def ucd_methods[] = {
    {"bidirectional", u_bidirectional, NULL, "Returns the bidirectional class assigned to the character chr as string."},
    {"category", u_category, NULL, "Returns the general category assigned to the character chr as string."},
    {"combining", u_combining, NULL, "Returns the canonical combining class assigned to the character chr as integer."},
    {"decimal", u_decimal, NULL, "Converts a Unicode character into its equivalent decimal value."},
    {"decomposition", u_decomposition, NULL, "Returns the character decomposition mapping assigned to the character chr as string."},
    {"digit", u_digit, NULL, "Converts a Unicode character into its equivalent digit value."},
    {"east_asian_width", u_east_asian_width, NULL, "Returns the east asian width assigned to the character chr as string."},
    {"is_normalized", u_is_normalized, NULL, "Return whether the Unicode string unistr is in the normal form 'form'."},
    {"lookup", u_lookup, NULL, "Look up character by name."},
    {"mirrored", u_mirrored, NULL, "Returns the mirrored property assigned to the character chr as integer."},
    {"name", u_name, NULL, "Returns the name assigned to the character chr as a string."},
    {"normalize", u_normalize, NULL, "Return the normal form 'form' for the Unicode string unistr."},
    {"numeric", u_numeric, NULL, "Converts a Unicode character into its equivalent numeric value."},
    {NULL},
};

static cg_value ucd_getattr(cg_value self, cg_str *name) {
    if (strcmp(name->s, "unidata_version"))
        return CG_STOP;
    cg_ucd_version v = version_of(self);
    return cg_str_fmt("%d.%d.0", v.major, v.minor);
}

static void ucd_dealloc(cg_obj *o) { cg_obj_free(o); }

static cg_type ucd_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "UCD",
    .module = "unicodedata",
    .base = &cg_type_object,
    .basicsize = sizeof(ucd_obj),
    .dealloc = ucd_dealloc,
    .getattr = ucd_getattr,
};

cg_value cg_unicodedata_module_init(void) {
    static bool ready;
    if (!ready) {
        if (cg_type_add_methods(&ucd_type, ucd_methods) < 0)
            return CG_ERR;
        ready = true;
    }
    cg_value m = cg_module_of("unicodedata", ucd_methods);
    if (cg_is_err(m))
        return m;
    ucd_obj *old = cg_obj_alloc(&ucd_type);
    cg_value version = cg_str_from_c(CG_UNIDATA_VERSION);
    int rc = !old ? (cg_raise_nomemory(), -1) : cg_is_err(version) ? -1 : 0;
    if (rc == 0) {
        old->v = (cg_ucd_version){3, 2};
        rc = cg_module_add(m, "ucd_3_2_0", cg_obj_value(old)) < 0 || cg_module_add(m, "UCD", cg_obj_value(&ucd_type)) < 0
                     || cg_module_add(m, "unidata_version", version) < 0
                 ? -1
                 : 0;
    }
    if (old)
        cg_obj_decref(old);
    cg_decref(version);
    if (rc < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
