/* ucd.c: Unicode character properties over ICU's database, cut to the
 * version asked (Note [Unicode version] in parse/unicode_names.c): a
 * character assigned later has the properties of an unassigned one.
 * Not here: names (parse/unicode_names.c), the unicodedata module
 * (stdlib/unicodedata_module.c). */
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/ucd.h"

const cg_ucd_version cg_ucd_current = {14, 0};

/* in the version's data: assigned by then, and not a noncharacter */
static bool known(uint32_t c, cg_ucd_version v) {
    return cg_ucd_assigned_by(c, v.major, v.minor) && u_charType((UChar32)c) != U_UNASSIGNED;
}

static const char *short_name(UProperty p, int32_t value) {
    const char *s = u_getPropertyValueName(p, value, U_SHORT_PROPERTY_NAME);
    return s ? s : "";
}

const char *cg_ucd_category(uint32_t c, cg_ucd_version v) {
    return known(c, v) ? short_name(UCHAR_GENERAL_CATEGORY, u_charType((UChar32)c)) : "Cn";
}

const char *cg_ucd_bidirectional(uint32_t c, cg_ucd_version v) {
    return known(c, v) ? short_name(UCHAR_BIDI_CLASS, u_charDirection((UChar32)c)) : "";
}

const char *cg_ucd_east_asian_width(uint32_t c, cg_ucd_version v) {
    if (!known(c, v)) /* CPython's record of an unassigned character */
        return "F";
    return short_name(UCHAR_EAST_ASIAN_WIDTH, u_getIntPropertyValue((UChar32)c, UCHAR_EAST_ASIAN_WIDTH));
}

int cg_ucd_combining(uint32_t c, cg_ucd_version v) { return known(c, v) ? u_getCombiningClass((UChar32)c) : 0; }

bool cg_ucd_mirrored(uint32_t c, cg_ucd_version v) { return known(c, v) && u_isMirrored((UChar32)c); }

static int numeric_type(uint32_t c, cg_ucd_version v) {
    return known(c, v) ? u_getIntPropertyValue((UChar32)c, UCHAR_NUMERIC_TYPE) : U_NT_NONE;
}

int cg_ucd_decimal(uint32_t c, cg_ucd_version v) {
    return numeric_type(c, v) == U_NT_DECIMAL ? (int)u_getNumericValue((UChar32)c) : -1;
}

int cg_ucd_digit(uint32_t c, cg_ucd_version v) {
    int t = numeric_type(c, v);
    return t == U_NT_DECIMAL || t == U_NT_DIGIT ? (int)u_getNumericValue((UChar32)c) : -1;
}

bool cg_ucd_numeric(uint32_t c, cg_ucd_version v, double *out) {
    if (numeric_type(c, v) == U_NT_NONE)
        return false;
    *out = u_getNumericValue((UChar32)c);
    return true;
}

/* UnicodeData.txt's tags of the compatibility decompositions, by ICU's
 * Decomposition_Type */
static const char *decomposition_tag(int32_t type) {
    switch (type) {
    case U_DT_CIRCLE: return "<circle> ";
    case U_DT_COMPAT: return "<compat> ";
    case U_DT_FINAL: return "<final> ";
    case U_DT_FONT: return "<font> ";
    case U_DT_FRACTION: return "<fraction> ";
    case U_DT_INITIAL: return "<initial> ";
    case U_DT_ISOLATED: return "<isolated> ";
    case U_DT_MEDIAL: return "<medial> ";
    case U_DT_NARROW: return "<narrow> ";
    case U_DT_NOBREAK: return "<noBreak> ";
    case U_DT_SMALL: return "<small> ";
    case U_DT_SQUARE: return "<square> ";
    case U_DT_SUB: return "<sub> ";
    case U_DT_SUPER: return "<super> ";
    case U_DT_VERTICAL: return "<vertical> ";
    case U_DT_WIDE: return "<wide> ";
    default: return "";
    }
}

void cg_ucd_decomposition(cg_strbuf *b, uint32_t c, cg_ucd_version v) {
    /* Hangul syllables decompose by rule, with no mapping in the data */
    if (!known(c, v) || (c >= 0xAC00 && c <= 0xD7A3))
        return;
    int32_t type = u_getIntPropertyValue((UChar32)c, UCHAR_DECOMPOSITION_TYPE);
    if (type == U_DT_NONE)
        return;
    UErrorCode err = U_ZERO_ERROR;
    const UNormalizer2 *nfkd = unorm2_getNFKDInstance(&err);
    UChar raw[32];
    int32_t n = U_SUCCESS(err) ? unorm2_getRawDecomposition(nfkd, (UChar32)c, raw, 32, &err) : -1;
    if (U_FAILURE(err) || n <= 0)
        return;
    cg_strbuf_puts(b, decomposition_tag(type));
    for (int32_t i = 0; i < n;) {
        UChar32 d;
        U16_NEXT(raw, i, n, d);
        cg_strbuf_printf(b, i < n ? "%04X " : "%04X", (unsigned)d);
    }
}

/* ---- normalization ------------------------------------------------------------------ */

/* s's code points as UTF-16 (a lone surrogate stays one unit) */
static UChar *to_utf16(const cg_str *s, int32_t *n) {
    UChar *u = malloc(sizeof *u * (size_t)(2 * s->ncp + 1));
    if (!u)
        return NULL;
    int32_t k = 0;
    for (int64_t i = 0; i < s->len;) {
        uint32_t c = cg_cp_next(s->s, s->len, &i);
        if (c > 0xFFFF) {
            u[k++] = (UChar)(0xD7C0 + (c >> 10));
            u[k++] = (UChar)(0xDC00 | (c & 0x3FF));
        } else {
            u[k++] = (UChar)c;
        }
    }
    *n = k;
    return u;
}

static cg_value from_utf16(const UChar *u, int32_t n) {
    cg_strbuf b = {0};
    for (int32_t i = 0; i < n;) {
        UChar32 c;
        U16_NEXT(u, i, n, c);
        char enc[4];
        cg_strbuf_append(&b, enc, (size_t)cg_cp_encode((uint32_t)c, enc));
    }
    return cg_str_from_strbuf(&b);
}

static const UNormalizer2 *normalizer(const char *form, UErrorCode *err) {
    if (!strcmp(form, "NFC"))
        return unorm2_getNFCInstance(err);
    if (!strcmp(form, "NFD"))
        return unorm2_getNFDInstance(err);
    if (!strcmp(form, "NFKC"))
        return unorm2_getNFKCInstance(err);
    if (!strcmp(form, "NFKD"))
        return unorm2_getNFKDInstance(err);
    return NULL;
}

cg_value cg_ucd_normalize(const char *form, cg_value s, bool check_only) {
    UErrorCode err = U_ZERO_ERROR;
    const UNormalizer2 *nz = normalizer(form, &err);
    if (!nz)
        return cg_raise(&cg_exc_ValueError, "invalid normalization form");
    int32_t n;
    UChar *u = to_utf16(cg_as_str(s), &n);
    if (!u)
        return cg_raise_nomemory();
    cg_value r = CG_ERR;
    if (check_only) {
        UBool yes = unorm2_isNormalized(nz, u, n, &err);
        r = U_SUCCESS(err) ? cg_bool(yes) : CG_ERR;
    } else if (unorm2_isNormalized(nz, u, n, &err) && U_SUCCESS(err)) {
        r = cg_incref(s); /* as CPython: the same str back */
    } else {
        err = U_ZERO_ERROR; /* first the length it needs */
        int32_t m = unorm2_normalize(nz, u, n, NULL, 0, &err);
        UChar *out = err == U_BUFFER_OVERFLOW_ERROR ? malloc(sizeof *out * (size_t)(m + 1)) : NULL;
        if (out) {
            err = U_ZERO_ERROR;
            m = unorm2_normalize(nz, u, n, out, m + 1, &err);
            if (U_SUCCESS(err))
                r = from_utf16(out, m);
            free(out);
        } else if (err == U_BUFFER_OVERFLOW_ERROR) {
            r = cg_raise_nomemory();
        }
    }
    if (cg_is_err(r) && !cg_exc_pending())
        cg_raise(&cg_exc_ValueError, "normalization failed: %s", u_errorName(err));
    free(u);
    return r;
}

/* ---- str's classes ------------------------------------------------------------------ */

bool cg_ucd_is_alpha(uint32_t c) {
    if (!known(c, cg_ucd_current))
        return false;
    int t = u_charType((UChar32)c);
    return t == U_UPPERCASE_LETTER || t == U_LOWERCASE_LETTER || t == U_TITLECASE_LETTER || t == U_MODIFIER_LETTER
           || t == U_OTHER_LETTER;
}

bool cg_ucd_is_decimal(uint32_t c) { return cg_ucd_decimal(c, cg_ucd_current) >= 0; }
bool cg_ucd_is_digit(uint32_t c) { return cg_ucd_digit(c, cg_ucd_current) >= 0; }
bool cg_ucd_is_numeric(uint32_t c) { return numeric_type(c, cg_ucd_current) != U_NT_NONE; }

/* Python's printable: not a control, format, surrogate, private-use,
 * unassigned or separator character, space excepted */
bool cg_ucd_is_printable(uint32_t c) {
    if (c == ' ')
        return true;
    if (!known(c, cg_ucd_current))
        return false;
    switch (u_charType((UChar32)c)) {
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_SURROGATE:
    case U_PRIVATE_USE_CHAR:
    case U_UNASSIGNED:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
    case U_SPACE_SEPARATOR: return false;
    default: return true;
    }
}

bool cg_ucd_is_xid_start(uint32_t c) {
    return known(c, cg_ucd_current) && u_hasBinaryProperty((UChar32)c, UCHAR_XID_START);
}

bool cg_ucd_is_xid_continue(uint32_t c) {
    return known(c, cg_ucd_current) && u_hasBinaryProperty((UChar32)c, UCHAR_XID_CONTINUE);
}
