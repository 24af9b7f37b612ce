/* str_methods.c: the methods of str (split, join, strip, replace, find,
 * the case and class tests, padding, partition, format), with CPython
 * 3.11's results and messages.
 *
 * Positions are in code points; the text is UTF-8, so a byte search for a
 * valid needle only ever matches at code point boundaries and searches run
 * on bytes. Case mapping and character classes cover ASCII, Latin-1,
 * Latin Extended-A, Greek and Cyrillic (cgrad carries no Unicode tables);
 * other characters are left as they are. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/format.h"
#include "runtime/host.h"
#include "runtime/lang_internal.h"
#include "runtime/ucd.h"

/* ---- characters ----------------------------------------------------------- */

static uint32_t cp_upper(uint32_t c) {
    if (c < 0x80)
        return c >= 'a' && c <= 'z' ? c - 32 : c;
    if (c == 0xB5)
        return 0x39C;
    if (c == 0xFF)
        return 0x178;
    if ((c >= 0xE0 && c <= 0xFE && c != 0xF7))
        return c - 32;
    if (c == 0x131)
        return 'I'; /* dotless i */
    if (c == 0x130 || c == 0x138 || c == 0x149)
        return c;
    if (c >= 0x100 && c <= 0x17F) {
        bool odd_lower = (c <= 0x137) || (c >= 0x14A && c <= 0x177);
        if (odd_lower)
            return c & 1 ? c - 1 : c;
        if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E))
            return c & 1 ? c : c - 1;
        if (c == 0x17F)
            return 'S';
        return c;
    }
    if (c == 0x3C2)
        return 0x3A3;
    if (c >= 0x3B1 && c <= 0x3C9)
        return c - 32;
    if (c >= 0x430 && c <= 0x44F)
        return c - 32;
    if (c >= 0x450 && c <= 0x45F)
        return c - 80;
    if (c >= 0x2170 && c <= 0x217F)
        return c - 16; /* roman numerals */
    return c;
}

static uint32_t cp_lower(uint32_t c) {
    if (c < 0x80)
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7)
        return c + 32;
    if (c == 0x178)
        return 0xFF;
    if (c == 0x130)
        return 'i'; /* its full lowercase is "i\u0307", see map_case */
    if (c == 0x131 || c == 0x138 || c == 0x149)
        return c;
    if (c >= 0x100 && c <= 0x17F) {
        bool even_upper = (c <= 0x137) || (c >= 0x14A && c <= 0x177);
        if (even_upper)
            return c & 1 ? c : c + 1;
        if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E))
            return c & 1 ? c + 1 : c;
        return c;
    }
    if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2)
        return c + 32;
    if (c >= 0x410 && c <= 0x42F)
        return c + 32;
    if (c >= 0x400 && c <= 0x40F)
        return c + 80;
    if (c >= 0x2160 && c <= 0x216F)
        return c + 16;
    return c;
}

/* Letters whose capital is more than one letter (SpecialCasing.txt). */
static const struct {
    uint32_t c;
    const char *upper, *title, *fold;
} SPECIAL[] = {
    {0xDF, "SS", "Ss", "ss"},   {0xFB00, "FF", "Ff", "ff"},    {0xFB01, "FI", "Fi", "fi"},
    {0xFB02, "FL", "Fl", "fl"}, {0xFB03, "FFI", "Ffi", "ffi"}, {0xFB04, "FFL", "Ffl", "ffl"},
    {0xFB05, "ST", "St", "st"}, {0xFB06, "ST", "St", "st"},    {0x149, "\xca\xbcN", "\xca\xbcN", "\xca\xbcn"},
    {0x17F, "S", "S", "s"},
};

static int special_index(uint32_t c) {
    if (c != 0xDF && c != 0x149 && c != 0x17F && (c < 0xFB00 || c > 0xFB06))
        return -1;
    for (int i = 0; i < (int)(sizeof SPECIAL / sizeof *SPECIAL); i++)
        if (SPECIAL[i].c == c)
            return i;
    return -1;
}

static bool cp_is_upper(uint32_t c) { return cp_lower(c) != c; }
static bool cp_is_lower(uint32_t c) { return cp_upper(c) != c || special_index(c) >= 0 || c == 0x138 || c == 0x149; }
/* The classes of isalpha, isdecimal, isdigit and isnumeric: ASCII here,
 * the rest from the Unicode database, as unicodedata sees it. */
static bool cp_is_alpha(uint32_t c) {
    if (c < 0x80)
        return (c | 32) >= 'a' && (c | 32) <= 'z';
    return cg_ucd_is_alpha(c);
}

static bool cp_is_decimal(uint32_t c) { return c < 0x80 ? c >= '0' && c <= '9' : cg_ucd_is_decimal(c); }
static bool cp_is_digit(uint32_t c) { return c < 0x80 ? c >= '0' && c <= '9' : cg_ucd_is_digit(c); }
static bool cp_is_numeric(uint32_t c) { return c < 0x80 ? c >= '0' && c <= '9' : cg_ucd_is_numeric(c); }

static bool cp_is_space(uint32_t c) {
    if (c < 0x80)
        return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1C && c <= 0x1F);
    return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029
           || c == 0x202F || c == 0x205F || c == 0x3000;
}

static bool cp_is_linebreak(uint32_t c) {
    return c == '\n' || c == '\r' || c == 0x0B || c == 0x0C || (c >= 0x1C && c <= 0x1E) || c == 0x85 || c == 0x2028
           || c == 0x2029;
}

/* ---- helpers ---------------------------------------------------------------- */

#define S(v) cg_as_str(v)

static cg_value substr(const cg_str *s, int64_t from, int64_t to) { /* byte offsets */
    return cg_str_new(s->s + from, (size_t)(to - from));
}

/* Clamps Python's start/end (None, negative) to code points of s and
 * returns them as byte offsets; false when start > len (nothing to find). */
static int span_args(const cg_str *s, cg_value start, cg_value end, int64_t *bs, int64_t *be, int64_t *cs) {
    int64_t n = s->ncp, a = 0, z = n;
    if (!cg_is_none(start) && start.tag != CG_V_STOP && cg_index_value(start, &a) < 0)
        return -1;
    if (!cg_is_none(end) && end.tag != CG_V_STOP && cg_index_value(end, &z) < 0)
        return -1;
    if (a < 0)
        a = a + n < 0 ? 0 : a + n;
    if (z < 0)
        z = z + n < 0 ? 0 : z + n;
    if (z > n)
        z = n;
    *cs = a;
    if (a > n)
        return 0;
    *bs = cg_str_offset(s, a);
    *be = z < a ? *bs : cg_str_offset(s, z);
    return 1;
}

static int64_t cp_index(const cg_str *s, int64_t byte_off) {
    if (s->ncp == s->len)
        return byte_off;
    int64_t n = 0;
    for (int64_t i = 0; i < byte_off; i++)
        n += ((unsigned char)s->s[i] & 0xC0) != 0x80;
    return n;
}

static const char *find_bytes(const char *h, int64_t hn, const char *nd, int64_t nn) {
    if (nn == 0)
        return h;
    return memmem(h, (size_t)hn, nd, (size_t)nn);
}

static const char *rfind_bytes(const char *h, int64_t hn, const char *nd, int64_t nn) {
    if (nn > hn)
        return NULL;
    for (int64_t i = hn - nn; i >= 0; i--)
        if (memcmp(h + i, nd, (size_t)nn) == 0)
            return h + i;
    return NULL;
}

static int need_str(cg_value v, const char *what) {
    if (cg_is_str(v))
        return 0;
    if (what)
        return cg_raise_int(&cg_exc_TypeError, "%s must be str, not %s", what, cg_type_name(v));
    return cg_raise_int(&cg_exc_TypeError, "must be str, not %s", cg_type_name(v));
}

/* Binds a method's arguments by its row of the table below. */
#define BIND(idx, out) cg_args_bind(&cg_str_methods[idx], a, out, (int)(sizeof(out) / sizeof(out[0])))
#define RELEASE(idx, out) cg_args_release(&cg_str_methods[idx], out, (int)(sizeof(out) / sizeof(out[0])))
#define BIND1(idx, out) cg_args_bind(&cg_str_methods[idx], a, out, 1)
#define RELEASE1(idx, out) cg_args_release(&cg_str_methods[idx], out, 1)

enum {
    M_JOIN,
    M_SPLIT,
    M_RSPLIT,
    M_SPLITLINES,
    M_STRIP,
    M_LSTRIP,
    M_RSTRIP,
    M_REPLACE,
    M_STARTSWITH,
    M_ENDSWITH,
    M_FIND,
    M_RFIND,
    M_INDEX,
    M_RINDEX,
    M_COUNT,
    M_UPPER,
    M_LOWER,
    M_TITLE,
    M_CAPITALIZE,
    M_SWAPCASE,
    M_CASEFOLD,
    M_ISDIGIT,
    M_ISALPHA,
    M_ISALNUM,
    M_ISSPACE,
    M_ISUPPER,
    M_ISLOWER,
    M_ISIDENTIFIER,
    M_ISNUMERIC,
    M_ISDECIMAL,
    M_ISTITLE,
    M_ISASCII,
    M_ISPRINTABLE,
    M_CENTER,
    M_LJUST,
    M_RJUST,
    M_ZFILL,
    M_PARTITION,
    M_RPARTITION,
    M_FORMAT,
    M_REMOVEPREFIX,
    M_REMOVESUFFIX,
    M_EXPANDTABS,
    M_DUNDER_FORMAT,
    M_FORMAT_MAP,
    M_COUNT_ALL
};

/* ---- join ------------------------------------------------------------------- */

static cg_value str_join(cg_value self, const cg_args *a) {
    cg_value it_src;
    if (BIND1(M_JOIN, &it_src) < 0)
        return CG_ERR;
    cg_value items = CG_ERR;
    if (cg_is_list(it_src) || cg_is_tuple(it_src)) {
        items = cg_incref(it_src);
    } else if (cg_typeof(it_src)->iter) {
        items = cg_list_from_iterable(it_src);
    } else {
        cg_raise(&cg_exc_TypeError, "can only join an iterable");
    }
    cg_decref(it_src);
    if (cg_is_err(items))
        return items;
    int64_t n = cg_is_list(items) ? cg_as_list(items)->len : cg_as_tuple(items)->len;
    const cg_value *v = cg_is_list(items) ? cg_as_list(items)->items : cg_as_tuple(items)->items;
    cg_strbuf b = {0};
    for (int64_t i = 0; i < n; i++) {
        if (!cg_is_str(v[i])) {
            cg_strbuf_free(&b);
            cg_value e = cg_raise(&cg_exc_TypeError, "sequence item %lld: expected str instance, %s found",
                                  (long long)i, cg_type_name(v[i]));
            cg_decref(items);
            return e;
        }
        if (i)
            cg_strbuf_append(&b, S(self)->s, (size_t)S(self)->len);
        cg_strbuf_append(&b, S(v[i])->s, (size_t)S(v[i])->len);
        if ((i & 0xffff) == 0xffff && cg_check_interrupt() < 0) {
            cg_strbuf_free(&b);
            cg_decref(items);
            return CG_ERR;
        }
    }
    cg_decref(items);
    return cg_str_from_strbuf(&b);
}

/* ---- split ------------------------------------------------------------------ */

static int append_sub(cg_value list, const cg_str *s, int64_t from, int64_t to) {
    return cg_list_append_steal(list, substr(s, from, to));
}

static bool space_at(const cg_str *s, int64_t i, int64_t *next) {
    int64_t j = i;
    uint32_t c = cg_cp_next(s->s, s->len, &j);
    if (next)
        *next = j;
    return cp_is_space(c);
}

/* The start of the code point that ends at byte i. */
static int64_t cp_before(const cg_str *s, int64_t i) {
    i--;
    while (i > 0 && ((unsigned char)s->s[i] & 0xC0) == 0x80)
        i--;
    return i;
}

/* CPython's split_whitespace: words; after maxsplit of them, the rest
 * (leading whitespace skipped, trailing kept). */
static cg_value split_ws(const cg_str *s, int64_t maxsplit) {
    cg_value out = cg_list_new(0);
    if (cg_is_err(out))
        return out;
    if (maxsplit < 0)
        maxsplit = INT64_MAX;
    int64_t i = 0, n = s->len, nx;
    while (maxsplit-- > 0) {
        while (i < n && space_at(s, i, &nx))
            i = nx;
        if (i == n)
            break;
        int64_t j = i;
        while (i < n && !space_at(s, i, &nx))
            i = nx;
        if (append_sub(out, s, j, i) < 0)
            return cg_decref(out), CG_ERR;
    }
    if (i < n) {
        while (i < n && space_at(s, i, &nx))
            i = nx;
        if (i != n && append_sub(out, s, i, n) < 0)
            return cg_decref(out), CG_ERR;
    }
    return out;
}

/* The mirror image, from the right (rsplit_whitespace). */
static cg_value rsplit_ws(const cg_str *s, int64_t maxsplit) {
    cg_value out = cg_list_new(0);
    if (cg_is_err(out))
        return out;
    if (maxsplit < 0)
        maxsplit = INT64_MAX;
    int64_t i = s->len; /* the end of the part not yet split */
    while (maxsplit-- > 0) {
        while (i > 0 && space_at(s, cp_before(s, i), NULL))
            i = cp_before(s, i);
        if (i == 0)
            break;
        int64_t j = i;
        while (i > 0 && !space_at(s, cp_before(s, i), NULL))
            i = cp_before(s, i);
        if (append_sub(out, s, i, j) < 0)
            return cg_decref(out), CG_ERR;
    }
    if (i > 0) {
        while (i > 0 && space_at(s, cp_before(s, i), NULL))
            i = cp_before(s, i);
        if (i != 0 && append_sub(out, s, 0, i) < 0)
            return cg_decref(out), CG_ERR;
    }
    cg_list_reverse(out);
    return out;
}

static cg_value split_sep(const cg_str *s, const cg_str *sep, int64_t maxsplit) {
    cg_value out = cg_list_new(0);
    if (cg_is_err(out))
        return out;
    int64_t i = 0;
    while (maxsplit != 0) {
        const char *p = find_bytes(s->s + i, s->len - i, sep->s, sep->len);
        if (!p)
            break;
        int64_t at = p - s->s;
        if (append_sub(out, s, i, at) < 0)
            return cg_decref(out), CG_ERR;
        i = at + sep->len;
        if (maxsplit > 0)
            maxsplit--;
    }
    if (append_sub(out, s, i, s->len) < 0)
        return cg_decref(out), CG_ERR;
    return out;
}

static cg_value rsplit_sep(const cg_str *s, const cg_str *sep, int64_t maxsplit) {
    cg_value out = cg_list_new(0);
    if (cg_is_err(out))
        return out;
    int64_t end = s->len;
    while (maxsplit != 0) {
        const char *p = rfind_bytes(s->s, end, sep->s, sep->len);
        if (!p)
            break;
        int64_t at = p - s->s;
        if (append_sub(out, s, at + sep->len, end) < 0)
            return cg_decref(out), CG_ERR;
        end = at;
        if (maxsplit > 0)
            maxsplit--;
    }
    if (append_sub(out, s, 0, end) < 0)
        return cg_decref(out), CG_ERR;
    cg_list_reverse(out);
    return out;
}

static cg_value do_split(cg_value self, const cg_args *a, int idx, bool rev) {
    cg_value arg[2];
    if (cg_args_bind(&cg_str_methods[idx], a, arg, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    int64_t maxsplit;
    if (cg_index_value(arg[1], &maxsplit) < 0)
        goto out;
    if (cg_is_none(arg[0])) {
        r = rev ? rsplit_ws(S(self), maxsplit) : split_ws(S(self), maxsplit);
    } else if (!cg_is_str(arg[0])) {
        cg_raise(&cg_exc_TypeError, "must be str or None, not %s", cg_type_name(arg[0]));
    } else if (S(arg[0])->len == 0) {
        cg_raise(&cg_exc_ValueError, "empty separator");
    } else {
        r = rev ? rsplit_sep(S(self), S(arg[0]), maxsplit) : split_sep(S(self), S(arg[0]), maxsplit);
    }
out:
    cg_args_release(&cg_str_methods[idx], arg, 2);
    return r;
}

static cg_value str_split(cg_value self, const cg_args *a) { return do_split(self, a, M_SPLIT, false); }
static cg_value str_rsplit(cg_value self, const cg_args *a) { return do_split(self, a, M_RSPLIT, true); }

static cg_value str_splitlines(cg_value self, const cg_args *a) {
    cg_value keep;
    if (BIND1(M_SPLITLINES, &keep) < 0)
        return CG_ERR;
    int k = cg_truth(keep);
    RELEASE1(M_SPLITLINES, &keep);
    if (k < 0)
        return CG_ERR;
    const cg_str *s = S(self);
    cg_value out = cg_list_new(0);
    if (cg_is_err(out))
        return out;
    int64_t i = 0, start = 0;
    while (i < s->len) {
        int64_t j = i;
        uint32_t c = cg_cp_next(s->s, s->len, &j);
        if (!cp_is_linebreak(c)) {
            i = j;
            continue;
        }
        if (c == '\r' && j < s->len && s->s[j] == '\n')
            j++;
        if (append_sub(out, s, start, k ? j : i) < 0)
            return cg_decref(out), CG_ERR;
        i = start = j;
    }
    if (start < s->len && append_sub(out, s, start, s->len) < 0)
        return cg_decref(out), CG_ERR;
    return out;
}

/* ---- strip ------------------------------------------------------------------ */

static bool in_chars(uint32_t c, const cg_str *chars) {
    if (!chars)
        return cp_is_space(c);
    for (int64_t i = 0; i < chars->len;)
        if (cg_cp_next(chars->s, chars->len, &i) == c)
            return true;
    return false;
}

static cg_value do_strip(cg_value self, const cg_args *a, int idx, bool left, bool right) {
    cg_value chars;
    if (cg_args_bind(&cg_str_methods[idx], a, &chars, 1) < 0)
        return CG_ERR;
    if (!cg_is_none(chars) && !cg_is_str(chars)) {
        cg_args_release(&cg_str_methods[idx], &chars, 1);
        return cg_raise(&cg_exc_TypeError, "%s arg must be None or str", cg_str_methods[idx].name);
    }
    const cg_str *s = S(self), *cs = cg_is_none(chars) ? NULL : S(chars);
    int64_t from = 0, to = s->len;
    if (left) {
        while (from < to) {
            int64_t j = from;
            if (!in_chars(cg_cp_next(s->s, s->len, &j), cs))
                break;
            from = j;
        }
    }
    if (right) {
        while (to > from) {
            int64_t j = to - 1;
            while (j > from && ((unsigned char)s->s[j] & 0xC0) == 0x80)
                j--;
            int64_t k = j;
            if (!in_chars(cg_cp_next(s->s, s->len, &k), cs))
                break;
            to = j;
        }
    }
    cg_args_release(&cg_str_methods[idx], &chars, 1);
    if (from == 0 && to == s->len && cg_is_type(self, &cg_type_str))
        return cg_incref(self);
    return substr(s, from, to);
}

static cg_value str_strip(cg_value self, const cg_args *a) { return do_strip(self, a, M_STRIP, true, true); }
static cg_value str_lstrip(cg_value self, const cg_args *a) { return do_strip(self, a, M_LSTRIP, true, false); }
static cg_value str_rstrip(cg_value self, const cg_args *a) { return do_strip(self, a, M_RSTRIP, false, true); }

/* ---- replace ---------------------------------------------------------------- */

static cg_value str_replace(cg_value self, const cg_args *a) {
    cg_value arg[3];
    if (BIND(M_REPLACE, arg) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    int64_t count;
    if (!cg_is_str(arg[0])) {
        cg_raise(&cg_exc_TypeError, "replace() argument 1 must be str, not %s", cg_type_name(arg[0]));
        goto out;
    }
    if (!cg_is_str(arg[1])) {
        cg_raise(&cg_exc_TypeError, "replace() argument 2 must be str, not %s", cg_type_name(arg[1]));
        goto out;
    }
    if (cg_index_value(arg[2], &count) < 0)
        goto out;
    const cg_str *s = S(self), *old = S(arg[0]), *new = S(arg[1]);
    cg_strbuf b = {0};
    int64_t i = 0;
    if (old->len == 0) {
        /* insert `new` before every code point and at the end */
        while (count != 0 && i <= s->len) {
            cg_strbuf_append(&b, new->s, (size_t) new->len);
            if (count > 0)
                count--;
            if (i == s->len) {
                i++;
                break;
            }
            int64_t j = i;
            cg_cp_next(s->s, s->len, &j);
            cg_strbuf_append(&b, s->s + i, (size_t)(j - i));
            i = j;
        }
        if (i < s->len)
            cg_strbuf_append(&b, s->s + i, (size_t)(s->len - i));
    } else {
        while (count != 0) {
            const char *p = find_bytes(s->s + i, s->len - i, old->s, old->len);
            if (!p)
                break;
            cg_strbuf_append(&b, s->s + i, (size_t)(p - (s->s + i)));
            cg_strbuf_append(&b, new->s, (size_t) new->len);
            i = p - s->s + old->len;
            if (count > 0)
                count--;
        }
        cg_strbuf_append(&b, s->s + i, (size_t)(s->len - i));
    }
    r = cg_str_from_strbuf(&b);
out:
    RELEASE(M_REPLACE, arg);
    return r;
}

/* ---- startswith, endswith ---------------------------------------------------- */

static int affix_one(const cg_str *s, const cg_str *x, int64_t bs, int64_t be, bool end) {
    if (x->len > be - bs)
        return 0;
    return memcmp(end ? s->s + be - x->len : s->s + bs, x->s, (size_t)x->len) == 0;
}

static cg_value do_affix(cg_value self, const cg_args *a, int idx, bool end) {
    cg_value arg[3];
    if (cg_args_bind(&cg_str_methods[idx], a, arg, 3) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    int64_t bs, be, cs;
    int in = span_args(S(self), arg[1], arg[2], &bs, &be, &cs);
    if (in < 0)
        goto out;
    if (cg_is_tuple(arg[0])) {
        cg_tuple *t = cg_as_tuple(arg[0]);
        r = CG_FALSE;
        for (int64_t i = 0; i < t->len; i++) {
            if (!cg_is_str(t->items[i])) {
                r = cg_raise(&cg_exc_TypeError, "tuple for %s must only contain str, not %s", cg_str_methods[idx].name,
                             cg_type_name(t->items[i]));
                break;
            }
            if (in && affix_one(S(self), S(t->items[i]), bs, be, end)) {
                r = CG_TRUE;
                break;
            }
        }
    } else if (cg_is_str(arg[0])) {
        r = cg_bool(in && affix_one(S(self), S(arg[0]), bs, be, end));
    } else {
        cg_raise(&cg_exc_TypeError, "%s first arg must be str or a tuple of str, not %s", cg_str_methods[idx].name,
                 cg_type_name(arg[0]));
    }
out:
    cg_args_release(&cg_str_methods[idx], arg, 3);
    return r;
}

static cg_value str_startswith(cg_value self, const cg_args *a) { return do_affix(self, a, M_STARTSWITH, false); }
static cg_value str_endswith(cg_value self, const cg_args *a) { return do_affix(self, a, M_ENDSWITH, true); }

/* ---- find, rfind, index, rindex, count ----------------------------------------- */

/* Code point index of sub in self[start:end], or -1; -2 on error. */
static int64_t do_find(cg_value self, const cg_args *a, int idx, bool rev) {
    cg_value arg[3];
    if (cg_args_bind(&cg_str_methods[idx], a, arg, 3) < 0)
        return -2;
    int64_t r = -2, bs, be, cs;
    if (need_str(arg[0], NULL) < 0)
        goto out;
    int in = span_args(S(self), arg[1], arg[2], &bs, &be, &cs);
    if (in < 0)
        goto out;
    r = -1;
    if (!in)
        goto out;
    const cg_str *s = S(self), *sub = S(arg[0]);
    const char *p =
        rev ? rfind_bytes(s->s + bs, be - bs, sub->s, sub->len) : find_bytes(s->s + bs, be - bs, sub->s, sub->len);
    if (p)
        r = cp_index(s, p - s->s);
out:
    cg_args_release(&cg_str_methods[idx], arg, 3);
    return r;
}

static cg_value str_find(cg_value self, const cg_args *a) {
    int64_t r = do_find(self, a, M_FIND, false);
    return r == -2 ? CG_ERR : cg_int(r);
}
static cg_value str_rfind(cg_value self, const cg_args *a) {
    int64_t r = do_find(self, a, M_RFIND, true);
    return r == -2 ? CG_ERR : cg_int(r);
}
static cg_value str_index(cg_value self, const cg_args *a) {
    int64_t r = do_find(self, a, M_INDEX, false);
    if (r == -1)
        return cg_raise(&cg_exc_ValueError, "substring not found");
    return r == -2 ? CG_ERR : cg_int(r);
}
static cg_value str_rindex(cg_value self, const cg_args *a) {
    int64_t r = do_find(self, a, M_RINDEX, true);
    if (r == -1)
        return cg_raise(&cg_exc_ValueError, "substring not found");
    return r == -2 ? CG_ERR : cg_int(r);
}

static cg_value str_count(cg_value self, const cg_args *a) {
    cg_value arg[3];
    if (BIND(M_COUNT, arg) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    int64_t bs, be, cs;
    if (need_str(arg[0], NULL) < 0)
        goto out;
    int in = span_args(S(self), arg[1], arg[2], &bs, &be, &cs);
    if (in < 0)
        goto out;
    const cg_str *s = S(self), *sub = S(arg[0]);
    int64_t n = 0;
    if (in && sub->len == 0) {
        n = cp_index(s, be) - cp_index(s, bs) + 1;
    } else if (in) {
        for (int64_t i = bs;;) {
            const char *p = find_bytes(s->s + i, be - i, sub->s, sub->len);
            if (!p)
                break;
            n++;
            i = p - s->s + sub->len;
        }
    }
    r = cg_int(n);
out:
    RELEASE(M_COUNT, arg);
    return r;
}

/* ---- case ----------------------------------------------------------------------- */

typedef enum { CASE_UPPER, CASE_LOWER, CASE_SWAP, CASE_TITLE, CASE_CAPITALIZE, CASE_FOLD } case_kind;

static cg_value map_case(cg_value self, case_kind kind) {
    const cg_str *s = S(self);
    cg_strbuf b = {0};
    bool prev_cased = false, first = true;
    for (int64_t i = 0; i < s->len;) {
        uint32_t c = cg_cp_next(s->s, s->len, &i), m = c;
        bool up = false; /* does this letter go to its capital? */
        switch (kind) {
        case CASE_UPPER: up = true; break;
        case CASE_LOWER:
        case CASE_FOLD: break;
        case CASE_SWAP: up = !cp_is_upper(c); break;
        case CASE_TITLE: up = !prev_cased; break;
        case CASE_CAPITALIZE: up = first; break;
        }
        int sp = special_index(c);
        if (sp >= 0 && (up || kind == CASE_FOLD)) {
            bool title = kind == CASE_TITLE || kind == CASE_CAPITALIZE;
            cg_strbuf_puts(&b, kind == CASE_FOLD ? SPECIAL[sp].fold : title ? SPECIAL[sp].title : SPECIAL[sp].upper);
        } else if (c == 0x130 && !up) {
            cg_strbuf_puts(&b, "i\xcc\x87"); /* İ lowers to i + combining dot */
        } else {
            m = up ? cp_upper(c) : (kind == CASE_SWAP && !cp_is_upper(c)) ? c : cp_lower(c);
            cg_strbuf_put_cp(&b, m);
        }
        prev_cased = cp_is_upper(c) || cp_is_lower(c);
        first = false;
    }
    return cg_str_from_strbuf(&b);
}

static cg_value str_upper(cg_value self, const cg_args *a) { return map_case(self, CASE_UPPER); }
static cg_value str_lower(cg_value self, const cg_args *a) { return map_case(self, CASE_LOWER); }
static cg_value str_swapcase(cg_value self, const cg_args *a) { return map_case(self, CASE_SWAP); }
static cg_value str_title(cg_value self, const cg_args *a) { return map_case(self, CASE_TITLE); }
static cg_value str_capitalize(cg_value self, const cg_args *a) { return map_case(self, CASE_CAPITALIZE); }
static cg_value str_casefold(cg_value self, const cg_args *a) { return map_case(self, CASE_FOLD); }

/* ---- character classes ---------------------------------------------------------- */

static cg_value all_of(cg_value self, bool (*pred)(uint32_t)) {
    const cg_str *s = S(self);
    if (s->len == 0)
        return CG_FALSE;
    for (int64_t i = 0; i < s->len;)
        if (!pred(cg_cp_next(s->s, s->len, &i)))
            return CG_FALSE;
    return CG_TRUE;
}

static bool cp_is_alnum(uint32_t c) { return cp_is_alpha(c) || cp_is_numeric(c); }
static bool cp_is_ascii(uint32_t c) { return c < 0x80; }
static bool cp_is_printable_char(uint32_t c) { return c < 0x80 ? c >= 0x20 && c < 0x7F : cg_ucd_is_printable(c); }

static cg_value str_isdigit(cg_value self, const cg_args *a) { return all_of(self, cp_is_digit); }
static cg_value str_isdecimal(cg_value self, const cg_args *a) { return all_of(self, cp_is_decimal); }
static cg_value str_isnumeric(cg_value self, const cg_args *a) { return all_of(self, cp_is_numeric); }
static cg_value str_isalpha(cg_value self, const cg_args *a) { return all_of(self, cp_is_alpha); }
static cg_value str_isalnum(cg_value self, const cg_args *a) { return all_of(self, cp_is_alnum); }
static cg_value str_isspace(cg_value self, const cg_args *a) { return all_of(self, cp_is_space); }
static cg_value str_isascii(cg_value self, const cg_args *a) {
    return S(self)->len == 0 ? CG_TRUE : all_of(self, cp_is_ascii);
}
static cg_value str_isprintable(cg_value self, const cg_args *a) {
    return S(self)->len == 0 ? CG_TRUE : all_of(self, cp_is_printable_char);
}

/* isupper/islower: at least one cased character, none of the other case. */
static cg_value cased_test(cg_value self, bool upper) {
    const cg_str *s = S(self);
    bool cased = false;
    for (int64_t i = 0; i < s->len;) {
        uint32_t c = cg_cp_next(s->s, s->len, &i);
        if (upper ? cp_is_lower(c) : cp_is_upper(c))
            return CG_FALSE;
        if (upper ? cp_is_upper(c) : cp_is_lower(c))
            cased = true;
    }
    return cg_bool(cased);
}

static cg_value str_isupper(cg_value self, const cg_args *a) { return cased_test(self, true); }
static cg_value str_islower(cg_value self, const cg_args *a) { return cased_test(self, false); }

static cg_value str_istitle(cg_value self, const cg_args *a) {
    const cg_str *s = S(self);
    bool prev_cased = false, cased = false;
    for (int64_t i = 0; i < s->len;) {
        uint32_t c = cg_cp_next(s->s, s->len, &i);
        if (cp_is_upper(c)) {
            if (prev_cased)
                return CG_FALSE;
            prev_cased = cased = true;
        } else if (cp_is_lower(c)) {
            if (!prev_cased)
                return CG_FALSE;
            prev_cased = cased = true;
        } else {
            prev_cased = false;
        }
    }
    return cg_bool(cased);
}

static cg_value str_isidentifier(cg_value self, const cg_args *a) {
    const cg_str *s = S(self);
    if (s->len == 0)
        return CG_FALSE;
    bool first = true;
    for (int64_t i = 0; i < s->len; first = false) {
        uint32_t c = cg_cp_next(s->s, s->len, &i);
        bool ok = c < 0x80 ? c == '_' || (c | 32) - 'a' < 26u || (!first && c - '0' < 10u)
                           : first ? cg_ucd_is_xid_start(c) : cg_ucd_is_xid_continue(c);
        if (!ok)
            return CG_FALSE;
    }
    return CG_TRUE;
}

/* ---- padding -------------------------------------------------------------------- */

static cg_value pad(cg_value self, int64_t left, int64_t right, const char *fill, size_t fill_len) {
    cg_strbuf b = {0};
    size_t bytes;
    if (__builtin_mul_overflow((size_t)left + (size_t)right, fill_len, &bytes)
        || !cg_strbuf_reserve(&b, bytes + (size_t)S(self)->len))
        return cg_str_from_strbuf(&b); /* MemoryError, as Python's for a width it cannot hold */
    for (int64_t i = 0; i < left; i++)
        cg_strbuf_append(&b, fill, fill_len);
    cg_strbuf_append(&b, S(self)->s, (size_t)S(self)->len);
    for (int64_t i = 0; i < right; i++)
        cg_strbuf_append(&b, fill, fill_len);
    return cg_str_from_strbuf(&b);
}

static cg_value do_justify(cg_value self, const cg_args *a, int idx) {
    cg_value arg[2];
    if (cg_args_bind(&cg_str_methods[idx], a, arg, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    int64_t width;
    if (cg_index_value(arg[0], &width) < 0)
        goto out;
    if (!cg_is_str(arg[1])) {
        cg_raise(&cg_exc_TypeError, "%s() argument 2 must be str, not %s", cg_str_methods[idx].name,
                 cg_type_name(arg[1]));
        goto out;
    }
    if (S(arg[1])->ncp != 1) {
        cg_raise(&cg_exc_TypeError, "The fill character must be exactly one character long");
        goto out;
    }
    int64_t marg = width - S(self)->ncp;
    if (marg <= 0) {
        r = cg_is_type(self, &cg_type_str) ? cg_incref(self) : substr(S(self), 0, S(self)->len);
        goto out;
    }
    int64_t left = idx == M_LJUST ? 0 : idx == M_RJUST ? marg : marg / 2 + (marg & width & 1);
    r = pad(self, left, marg - left, S(arg[1])->s, (size_t)S(arg[1])->len);
out:
    cg_args_release(&cg_str_methods[idx], arg, 2);
    return r;
}

static cg_value str_center(cg_value self, const cg_args *a) { return do_justify(self, a, M_CENTER); }
static cg_value str_ljust(cg_value self, const cg_args *a) { return do_justify(self, a, M_LJUST); }
static cg_value str_rjust(cg_value self, const cg_args *a) { return do_justify(self, a, M_RJUST); }

static cg_value str_zfill(cg_value self, const cg_args *a) {
    cg_value w;
    if (BIND1(M_ZFILL, &w) < 0)
        return CG_ERR;
    int64_t width;
    int rc = cg_index_value(w, &width);
    RELEASE1(M_ZFILL, &w);
    if (rc < 0)
        return CG_ERR;
    const cg_str *s = S(self);
    int64_t fill = width - s->ncp;
    if (fill <= 0)
        return cg_is_type(self, &cg_type_str) ? cg_incref(self) : substr(s, 0, s->len);
    cg_strbuf b = {0};
    int64_t i = 0;
    if (s->len > 0 && (s->s[0] == '+' || s->s[0] == '-'))
        cg_strbuf_putc(&b, s->s[i++]);
    cg_strbuf_repeat(&b, '0', fill);
    cg_strbuf_append(&b, s->s + i, (size_t)(s->len - i));
    return cg_str_from_strbuf(&b);
}

static cg_value str_expandtabs(cg_value self, const cg_args *a) {
    cg_value t;
    if (BIND1(M_EXPANDTABS, &t) < 0)
        return CG_ERR;
    int64_t tab;
    int rc = cg_index_value(t, &tab);
    RELEASE1(M_EXPANDTABS, &t);
    if (rc < 0)
        return CG_ERR;
    if (tab > INT_MAX || tab < INT_MIN) /* tabsize is a C int in CPython */
        return cg_raise(&cg_exc_OverflowError, "Python int too large to convert to C int");
    const cg_str *s = S(self);
    cg_strbuf b = {0};
    int64_t col = 0;
    for (int64_t i = 0; i < s->len;) {
        int64_t j = i;
        uint32_t c = cg_cp_next(s->s, s->len, &j);
        if (c == '\t') {
            if (tab > 0) {
                int64_t n = tab - col % tab;
                cg_strbuf_repeat(&b, ' ', n);
                col += n;
            }
        } else {
            cg_strbuf_append(&b, s->s + i, (size_t)(j - i));
            col = (c == '\n' || c == '\r') ? 0 : col + 1;
        }
        i = j;
    }
    return cg_str_from_strbuf(&b);
}

/* ---- partition ------------------------------------------------------------------ */

static cg_value do_partition(cg_value self, const cg_args *a, int idx, bool rev) {
    cg_value sep;
    if (cg_args_bind(&cg_str_methods[idx], a, &sep, 1) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (need_str(sep, NULL) < 0)
        goto out;
    if (S(sep)->len == 0) {
        cg_raise(&cg_exc_ValueError, "empty separator");
        goto out;
    }
    const cg_str *s = S(self), *p = S(sep);
    const char *at = rev ? rfind_bytes(s->s, s->len, p->s, p->len) : find_bytes(s->s, s->len, p->s, p->len);
    cg_value parts[3];
    if (!at) {
        cg_value whole = cg_is_type(self, &cg_type_str) ? cg_incref(self) : substr(s, 0, s->len);
        cg_value empty = cg_obj_value(cg_str_empty());
        parts[0] = rev ? cg_incref(empty) : whole;
        parts[1] = empty;
        parts[2] = rev ? whole : cg_incref(empty);
    } else {
        int64_t i = at - s->s;
        parts[0] = substr(s, 0, i);
        parts[1] = cg_incref(sep);
        parts[2] = substr(s, i + p->len, s->len);
    }
    r = cg_tuple_steal(3, parts);
out:
    cg_args_release(&cg_str_methods[idx], &sep, 1);
    return r;
}

static cg_value str_partition(cg_value self, const cg_args *a) { return do_partition(self, a, M_PARTITION, false); }
static cg_value str_rpartition(cg_value self, const cg_args *a) { return do_partition(self, a, M_RPARTITION, true); }

static cg_value do_remove_affix(cg_value self, const cg_args *a, int idx, bool suffix) {
    cg_value x;
    if (cg_args_bind(&cg_str_methods[idx], a, &x, 1) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (!cg_is_str(x)) {
        cg_raise(&cg_exc_TypeError, "%s() argument must be str, not %s", cg_str_methods[idx].name, cg_type_name(x));
    } else {
        const cg_str *s = S(self), *p = S(x);
        if (affix_one(s, p, 0, s->len, suffix))
            r = suffix ? substr(s, 0, s->len - p->len) : substr(s, p->len, s->len);
        else
            r = cg_is_type(self, &cg_type_str) ? cg_incref(self) : substr(s, 0, s->len);
    }
    cg_args_release(&cg_str_methods[idx], &x, 1);
    return r;
}

static cg_value str_removeprefix(cg_value self, const cg_args *a) {
    return do_remove_affix(self, a, M_REMOVEPREFIX, false);
}
static cg_value str_removesuffix(cg_value self, const cg_args *a) {
    return do_remove_affix(self, a, M_REMOVESUFFIX, true);
}

/* ---- format --------------------------------------------------------------------- */

static cg_value str_format(cg_value self, const cg_args *a) { return cg_str_format(self, a); }

static cg_value str_format_map(cg_value self, const cg_args *a) {
    cg_value m;
    if (BIND1(M_FORMAT_MAP, &m) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (!cg_is_dict(m)) {
        cg_raise(&cg_exc_TypeError, "cgrad: format_map() needs a dict, not %s", cg_type_name(m));
    } else {
        cg_dict *d = cg_as_dict(m);
        int64_t n = cg_dict_len(d), pos = 0, i = 0;
        cg_str **names = calloc((size_t)n + 1, sizeof *names);
        cg_value *vals = calloc((size_t)n + 1, sizeof *vals);
        cg_value k, v;
        bool ok = names && vals;
        while (ok && cg_dict_next(d, &pos, &k, &v)) {
            if (!cg_is_str(k))
                continue;
            names[i] = cg_as_str(k);
            vals[i++] = v;
        }
        if (ok) {
            cg_args fa = {.kwn = names, .kwv = vals, .nkw = (int)i};
            r = cg_str_format(self, &fa);
        } else {
            cg_raise_nomemory();
        }
        free(names);
        free(vals);
    }
    RELEASE1(M_FORMAT_MAP, &m);
    return r;
}

static cg_value str_dunder_format(cg_value self, const cg_args *a) {
    cg_value spec;
    if (BIND1(M_DUNDER_FORMAT, &spec) < 0)
        return CG_ERR;
    cg_value r;
    if (!cg_is_str(spec)) {
        r = cg_raise(&cg_exc_TypeError, "__format__() argument must be str, not %s", cg_type_name(spec));
    } else {
        cg_strbuf b = {0};
        /* a str subclass formats as its text */
        cg_value text = cg_str_new(S(self)->s, (size_t)S(self)->len);
        if (cg_is_err(text)) {
            r = text;
        } else {
            int rc = cg_format_into(&b, text, S(spec)->s, (size_t)S(spec)->len);
            cg_decref(text);
            r = rc < 0 ? (cg_strbuf_free(&b), CG_ERR) : cg_str_from_strbuf(&b);
        }
    }
    RELEASE1(M_DUNDER_FORMAT, &spec);
    return r;
}

/* ---- the table ------------------------------------------------------------------- */

const cg_method_def cg_str_methods[] = {
    [M_JOIN] = {"join", str_join, "join(iterable, /)", "Concatenate any number of strings."},
    [M_SPLIT] = {"split", str_split, "split(sep=None, maxsplit=-1)", "Return a list of the substrings."},
    [M_RSPLIT] = {"rsplit", str_rsplit, "rsplit(sep=None, maxsplit=-1)", "Split from the right."},
    [M_SPLITLINES] = {"splitlines", str_splitlines, "splitlines(keepends=False)", "Split at line boundaries."},
    [M_STRIP] = {"strip", str_strip, "strip(chars=None, /)", "Strip leading and trailing characters."},
    [M_LSTRIP] = {"lstrip", str_lstrip, "lstrip(chars=None, /)", "Strip leading characters."},
    [M_RSTRIP] = {"rstrip", str_rstrip, "rstrip(chars=None, /)", "Strip trailing characters."},
    [M_REPLACE] = {"replace", str_replace, "replace(old, new, count=-1, /)", "Replace occurrences of old by new."},
    [M_STARTSWITH] = {"startswith", str_startswith, "startswith(prefix, start=None, end=None, /)", NULL},
    [M_ENDSWITH] = {"endswith", str_endswith, "endswith(suffix, start=None, end=None, /)", NULL},
    [M_FIND] = {"find", str_find, "find(sub, start=None, end=None, /)", "Lowest index of sub, or -1."},
    [M_RFIND] = {"rfind", str_rfind, "rfind(sub, start=None, end=None, /)", "Highest index of sub, or -1."},
    [M_INDEX] = {"index", str_index, "index(sub, start=None, end=None, /)", "Lowest index of sub."},
    [M_RINDEX] = {"rindex", str_rindex, "rindex(sub, start=None, end=None, /)", "Highest index of sub."},
    [M_COUNT] = {"count", str_count, "count(sub, start=None, end=None, /)", "Non-overlapping occurrences."},
    [M_UPPER] = {"upper", str_upper, "upper()", NULL},
    [M_LOWER] = {"lower", str_lower, "lower()", NULL},
    [M_TITLE] = {"title", str_title, "title()", NULL},
    [M_CAPITALIZE] = {"capitalize", str_capitalize, "capitalize()", NULL},
    [M_SWAPCASE] = {"swapcase", str_swapcase, "swapcase()", NULL},
    [M_CASEFOLD] = {"casefold", str_casefold, "casefold()", NULL},
    [M_ISDIGIT] = {"isdigit", str_isdigit, "isdigit()", NULL},
    [M_ISALPHA] = {"isalpha", str_isalpha, "isalpha()", NULL},
    [M_ISALNUM] = {"isalnum", str_isalnum, "isalnum()", NULL},
    [M_ISSPACE] = {"isspace", str_isspace, "isspace()", NULL},
    [M_ISUPPER] = {"isupper", str_isupper, "isupper()", NULL},
    [M_ISLOWER] = {"islower", str_islower, "islower()", NULL},
    [M_ISIDENTIFIER] = {"isidentifier", str_isidentifier, "isidentifier()", NULL},
    [M_ISNUMERIC] = {"isnumeric", str_isnumeric, "isnumeric()", NULL},
    [M_ISDECIMAL] = {"isdecimal", str_isdecimal, "isdecimal()", NULL},
    [M_ISTITLE] = {"istitle", str_istitle, "istitle()", NULL},
    [M_ISASCII] = {"isascii", str_isascii, "isascii()", NULL},
    [M_ISPRINTABLE] = {"isprintable", str_isprintable, "isprintable()", NULL},
    [M_CENTER] = {"center", str_center, "center(width, fillchar=' ', /)", NULL},
    [M_LJUST] = {"ljust", str_ljust, "ljust(width, fillchar=' ', /)", NULL},
    [M_RJUST] = {"rjust", str_rjust, "rjust(width, fillchar=' ', /)", NULL},
    [M_ZFILL] = {"zfill", str_zfill, "zfill(width, /)", NULL},
    [M_PARTITION] = {"partition", str_partition, "partition(sep, /)", NULL},
    [M_RPARTITION] = {"rpartition", str_rpartition, "rpartition(sep, /)", NULL},
    [M_FORMAT] = {"format", str_format, NULL, "S.format(*args, **kwargs) -> str"},
    [M_REMOVEPREFIX] = {"removeprefix", str_removeprefix, "removeprefix(prefix, /)", NULL},
    [M_REMOVESUFFIX] = {"removesuffix", str_removesuffix, "removesuffix(suffix, /)", NULL},
    [M_EXPANDTABS] = {"expandtabs", str_expandtabs, "expandtabs(tabsize=8)", NULL},
    [M_DUNDER_FORMAT] = {"__format__", str_dunder_format, "__format__(format_spec, /)", NULL},
    [M_FORMAT_MAP] = {"format_map", str_format_map, "format_map(mapping, /)", NULL},
    [M_COUNT_ALL] = {NULL, NULL, NULL, NULL},
};
