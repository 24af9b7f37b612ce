/* codecs.c: encoding str into bytes and decoding bytes into str, for the
 * codecs and error handlers codecs.h lists.
 *
 * A str is UTF-8 inside (lone surrogates in their 3-byte form), so
 * encoding walks code points and decoding builds UTF-8. Positions in
 * errors count code points (encoding) or bytes (decoding), as CPython's.
 * CPython reports a run of consecutive unencodable characters as one
 * error ("characters in position 1-2"); each handler then replaces the
 * run character by character. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/codecs.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "runtime/utf8_scan.h"

typedef enum { C_UTF8, C_ASCII, C_LATIN1, C_UTF16, C_UTF16LE, C_UTF16BE, C_UTF32, C_UTF32LE, C_UTF32BE } codec;

static const char *const CODEC_NAMES[] = {"utf-8",     "ascii",  "latin-1",   "utf-16",   "utf-16-le",
                                          "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"};

/* CPython's normalisation: lower case, runs of punctuation and spaces
 * become one '_', then the aliases of the codecs we have. */
static int lookup(const char *name, codec *out) {
    char n[64];
    size_t k = 0;
    bool gap = false;
    for (const char *p = name; *p && k < sizeof n - 2; p++) {
        char c = *p;
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || (unsigned char)c >= 128) {
            if (gap && k)
                n[k++] = '_';
            gap = false;
            n[k++] = c;
        } else if (c >= 'A' && c <= 'Z') {
            if (gap && k)
                n[k++] = '_';
            gap = false;
            n[k++] = (char)(c + 32);
        } else
            gap = true;
    }
    n[k] = 0;
    static const struct {
        const char *alias;
        codec c;
    } ALIASES[] = {
        {"utf_8", C_UTF8},         {"utf8", C_UTF8},           {"u8", C_UTF8},
        {"utf", C_UTF8},           {"cp65001", C_UTF8},        {"ascii", C_ASCII},
        {"us_ascii", C_ASCII},     {"646", C_ASCII},           {"us", C_ASCII},
        {"latin_1", C_LATIN1},     {"latin1", C_LATIN1},       {"latin", C_LATIN1},
        {"l1", C_LATIN1},          {"iso_8859_1", C_LATIN1},   {"iso8859_1", C_LATIN1},
        {"8859", C_LATIN1},        {"cp819", C_LATIN1},        {"iso_ir_100", C_LATIN1},
        {"utf_16", C_UTF16},       {"utf16", C_UTF16},         {"u16", C_UTF16},
        {"utf_16_le", C_UTF16LE},  {"utf_16le", C_UTF16LE},    {"utf_16_be", C_UTF16BE},
        {"utf_16be", C_UTF16BE},   {"utf_32", C_UTF32},        {"utf32", C_UTF32},
        {"u32", C_UTF32},          {"utf_32_le", C_UTF32LE},   {"utf_32le", C_UTF32LE},
        {"utf_32_be", C_UTF32BE},  {"utf_32be", C_UTF32BE},
    };
    for (size_t i = 0; i < sizeof ALIASES / sizeof *ALIASES; i++)
        if (!strcmp(n, ALIASES[i].alias)) {
            *out = ALIASES[i].c;
            return 0;
        }
    return cg_raise_int(&cg_exc_LookupError, "unknown encoding: %s", name);
}

typedef enum { E_STRICT, E_IGNORE, E_REPLACE, E_BACKSLASH, E_SURROGATEESCAPE, E_SURROGATEPASS, E_XMLCHARREF } handler;

static int handler_of(const char *name, handler *out) {
    static const char *const NAMES[] = {"strict",          "ignore",         "replace",          "backslashreplace",
                                        "surrogateescape", "surrogatepass", "xmlcharrefreplace"};
    for (int i = 0; i < 7; i++)
        if (!strcmp(name, NAMES[i])) {
            *out = (handler)i;
            return 0;
        }
    return cg_raise_int(&cg_exc_LookupError, "unknown error handler name '%s'", name);
}

/* ---- encoding ----------------------------------------------------------------------- */

static bool is_surrogate(uint32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

static void put_unit(cg_strbuf *b, uint32_t v, int size, bool big) {
    for (int i = 0; i < size; i++) {
        int shift = big ? 8 * (size - 1 - i) : 8 * i;
        cg_strbuf_putc(b, (char)((v >> shift) & 0xff));
    }
}

/* Writes cp in codec c; false when c cannot hold it (strictly). */
static bool put_cp(cg_strbuf *b, codec c, uint32_t cp, bool pass_surrogates) {
    switch (c) {
    case C_ASCII:
        if (cp >= 128)
            return false;
        cg_strbuf_putc(b, (char)cp);
        return true;
    case C_LATIN1:
        if (cp >= 256)
            return false;
        cg_strbuf_putc(b, (char)cp);
        return true;
    case C_UTF8: {
        if (is_surrogate(cp) && !pass_surrogates)
            return false;
        cg_strbuf_put_cp(b, cp);
        return true;
    }
    case C_UTF16:
    case C_UTF16LE:
    case C_UTF16BE: {
        if (is_surrogate(cp) && !pass_surrogates)
            return false;
        bool big = c == C_UTF16BE;
        if (cp >= 0x10000) {
            put_unit(b, 0xD800 + ((cp - 0x10000) >> 10), 2, big);
            put_unit(b, 0xDC00 + ((cp - 0x10000) & 0x3ff), 2, big);
        } else
            put_unit(b, cp, 2, big);
        return true;
    }
    default:
        if (is_surrogate(cp) && !pass_surrogates)
            return false;
        put_unit(b, cp, 4, c == C_UTF32BE);
        return true;
    }
}

static const char *encode_reason(codec c) {
    return c == C_ASCII ? "ordinal not in range(128)" : c == C_LATIN1 ? "ordinal not in range(256)"
                                                                      : "surrogates not allowed";
}

/* Whether C runs this codec with this handler; the rest goes to the
 * prelude's codecs (Note [Codecs beyond C] in prelude/_codecs.py). */
static bool runs_here(const char *encoding, const char *errors, bool decoding) {
    codec c;
    handler h = E_STRICT;
    if (lookup(encoding, &c) < 0 || handler_of(errors, &h) < 0) {
        cg_exc_clear();
        return false;
    }
    return !(decoding && h == E_XMLCHARREF);
}

/* _codecs.<fn>(obj, encoding, errors) */
static cg_value python_codec(const char *fn, cg_value obj, const char *encoding, const char *errors) {
    cg_value mod = cg_import("_codecs");
    if (cg_is_err(mod))
        return CG_ERR;
    cg_value args[3] = {obj, cg_str_from_c(encoding), cg_str_from_c(errors)};
    cg_value r = cg_is_err(args[1]) || cg_is_err(args[2]) ? CG_ERR : cg_call_method(mod, fn, 3, args);
    cg_decref(args[1]);
    cg_decref(args[2]);
    cg_decref(mod);
    return r;
}

/* Appends str (a str value) encoded by c onto b; -1 with the exception. */
static int encode_into(codec c, const char *errors, cg_value str, cg_strbuf *out) {
    const cg_str *s = cg_as_str(str);
    cg_strbuf b = *out;
    if (c == C_UTF16)
        put_unit(&b, 0xFEFF, 2, false);
    if (c == C_UTF32)
        put_unit(&b, 0xFEFF, 4, false);
    int64_t i = 0, pos = 0;
    handler h = E_STRICT;
    bool have_handler = false;
    while (i < s->len) {
        int64_t at = i;
        uint32_t cp = cg_cp_next(s->s, s->len, &i);
        if (put_cp(&b, c, cp, false)) {
            pos++;
            continue;
        }
        /* the run of characters this codec cannot hold */
        int64_t start = pos, end = pos + 1, j = i;
        while (j < s->len) {
            int64_t k = j;
            uint32_t q = cg_cp_next(s->s, s->len, &k);
            cg_strbuf probe = {0};
            bool ok = put_cp(&probe, c, q, false);
            cg_strbuf_free(&probe);
            if (ok)
                break;
            j = k;
            end++;
        }
        if (!have_handler && handler_of(errors, &h) < 0) {
            *out = b; /* the caller frees what is there */
            return -1;
        }
        have_handler = true;
        bool fail = h == E_STRICT;
        for (int64_t p = at; !fail && p < j;) {
            uint32_t q = cg_cp_next(s->s, s->len, &p);
            switch (h) {
            case E_IGNORE: break;
            case E_REPLACE:
                if (c == C_UTF8 || c == C_ASCII || c == C_LATIN1)
                    cg_strbuf_putc(&b, '?');
                else
                    put_cp(&b, c, '?', false);
                break;
            case E_BACKSLASH:
            case E_XMLCHARREF: {
                char t[16];
                if (h == E_XMLCHARREF)
                    snprintf(t, sizeof t, "&#%u;", q);
                else
                    snprintf(t, sizeof t, q < 0x100 ? "\\x%02x" : q < 0x10000 ? "\\u%04x" : "\\U%08x", q);
                for (char *x = t; *x; x++)
                    put_cp(&b, c, (unsigned char)*x, false);
                break;
            }
            case E_SURROGATEESCAPE:
                if (q >= 0xDC80 && q <= 0xDCFF && (c == C_UTF8 || c == C_ASCII || c == C_LATIN1))
                    cg_strbuf_putc(&b, (char)(q - 0xDC00));
                else
                    fail = true;
                break;
            case E_SURROGATEPASS:
                if (!is_surrogate(q) || c == C_ASCII || c == C_LATIN1)
                    fail = true;
                else
                    put_cp(&b, c, q, true);
                break;
            default: fail = true;
            }
        }
        if (fail) {
            *out = b;
            cg_raise_unicode_encode(CODEC_NAMES[c], str, start, end, encode_reason(c));
            return -1;
        }
        i = j;
        pos = end;
    }
    *out = b;
    return b.failed ? (cg_raise_nomemory(), -1) : 0;
}

cg_value cg_str_encode(cg_value str, const char *encoding, const char *errors) {
    codec c;
    if (!runs_here(encoding, errors, false))
        return python_codec("_text_encode", str, encoding, errors);
    if (lookup(encoding, &c) < 0)
        return CG_ERR;
    cg_strbuf b = {0};
    if (encode_into(c, errors, str, &b) < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    cg_value r = cg_bytes_new(b.data ? b.data : "", b.len);
    cg_strbuf_free(&b);
    return r;
}

/* ---- decoding ----------------------------------------------------------------------- */

/* The length of a valid UTF-8 sequence at s[i..n), or -(bytes of its valid
 * prefix) with *why set, as CPython's decoder judges it. */
static int utf8_seq(const unsigned char *s, int64_t i, int64_t n, uint32_t *cp, const char **why) {
    unsigned char c = s[i];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    int need;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        need = 1, *cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) {
        need = 2, *cp = c & 0x0F;
        if (c == 0xE0)
            lo = 0xA0;
        if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3, *cp = c & 0x07;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F;
    } else {
        *why = "invalid start byte";
        return -1;
    }
    for (int k = 1; k <= need; k++) {
        if (i + k >= n) {
            *why = "unexpected end of data";
            return -k;
        }
        unsigned char d = s[i + k];
        if (d < lo || d > hi) {
            *why = "invalid continuation byte";
            return -k;
        }
        lo = 0x80, hi = 0xBF;
        *cp = (*cp << 6) | (d & 0x3F);
    }
    return need + 1;
}

typedef struct {
    codec c;
    const char *name; /* in messages */
    handler h;
    bool have_handler;
    const char *errors;
    bool partial;     /* not the final data: a character cut at the end waits */
    int64_t consumed; /* the bytes decoded (all of them unless partial) */
} decoder;

/* One undecodable span [start, end): the handler's text, or -1 raised. */
static int decode_error(decoder *d, cg_strbuf *b, const char *s, int64_t n, int64_t start, int64_t end,
                        const char *why) {
    if (!d->have_handler && handler_of(d->errors, &d->h) < 0)
        return -1;
    d->have_handler = true;
    switch (d->h) {
    case E_IGNORE: return 0;
    case E_REPLACE: cg_strbuf_put_cp(b, 0xFFFD); return 0;
    case E_BACKSLASH:
        for (int64_t i = start; i < end; i++)
            cg_strbuf_printf(b, "\\x%02x", (unsigned char)s[i]);
        return 0;
    case E_SURROGATEESCAPE:
        if (d->c == C_UTF8 || d->c == C_ASCII) {
            for (int64_t i = start; i < end; i++) {
                if ((unsigned char)s[i] < 128)
                    break;
                cg_strbuf_put_cp(b, 0xDC00 + (unsigned char)s[i]);
            }
            return 0;
        }
        break;
    case E_XMLCHARREF:
        return cg_raise_int(&cg_exc_TypeError, "don't know how to handle UnicodeDecodeError in error callback");
    default: break;
    }
    cg_raise_decode_error(d->name, s, n, start, end, why);
    return -1;
}

static int decode_utf8(decoder *d, cg_strbuf *b, const char *s, int64_t n) {
    const unsigned char *u = (const unsigned char *)s;
    int64_t run = 0; /* valid text since here, copied at once when it ends */
    for (int64_t i = 0; i < n;) {
        if (u[i] < 0x80) { /* ASCII: the common case, no decoding needed, skipped a word at a time */
            i++;
            while (i + 8 <= n && !(cg_utf8_word(s + i) & CG_UTF8_HIGHS))
                i += 8;
            continue;
        }
        uint32_t cp;
        const char *why = NULL;
        int k = utf8_seq(u, i, n, &cp, &why);
        if (k > 0) {
            i += k;
            continue;
        }
        cg_strbuf_append(b, s + run, (size_t)(i - run));
        run = i;
        if (k < 0 && d->partial && i - k >= n && !strcmp(why, "unexpected end of data")) {
            d->consumed = i; /* the rest may be completed by the next data */
            return 0;
        }
        if (d->h == E_SURROGATEPASS && d->have_handler && u[i] == 0xED && i + 2 < n) {
            /* a surrogate written out as UTF-8 */
            uint32_t q = ((u[i] & 0x0Fu) << 12) | ((u[i + 1] & 0x3Fu) << 6) | (u[i + 2] & 0x3Fu);
            if ((u[i + 1] & 0xC0) == 0x80 && (u[i + 2] & 0xC0) == 0x80 && is_surrogate(q)) {
                i += 3; /* kept as it is, with the run */
                continue;
            }
        }
        if (!d->have_handler) {
            if (handler_of(d->errors, &d->h) < 0)
                return -1;
            d->have_handler = true;
            if (d->h == E_SURROGATEPASS)
                continue; /* look again with the handler known */
        }
        if (decode_error(d, b, s, n, i, i - k, why) < 0)
            return -1;
        i -= k;
        run = i;
    }
    cg_strbuf_append(b, s + run, (size_t)(n - run));
    d->consumed = n;
    return 0;
}

static int decode_8bit(decoder *d, cg_strbuf *b, const char *s, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 128 || d->c == C_LATIN1)
            cg_strbuf_put_cp(b, c);
        else if (decode_error(d, b, s, n, i, i + 1, "ordinal not in range(128)") < 0)
            return -1;
    }
    d->consumed = n;
    return 0;
}

/* Whether the handler is surrogatepass (looked up now if not yet; an
 * unknown name is decode_error's LookupError later). */
static bool passes_surrogates(decoder *d) {
    if (!d->have_handler) {
        if (handler_of(d->errors, &d->h) < 0) {
            cg_exc_clear();
            return false;
        }
        d->have_handler = true;
    }
    return d->h == E_SURROGATEPASS;
}

static uint32_t unit_at(const unsigned char *u, int size, bool big) {
    uint32_t v = 0;
    for (int k = 0; k < size; k++)
        v |= (uint32_t)u[k] << (big ? 8 * (size - 1 - k) : 8 * k);
    return v;
}

/* utf-16 and utf-32: a BOM picks the order for the plain names; without
 * one, little-endian (the machine's order, as CPython's). */
static int decode_wide(decoder *d, cg_strbuf *b, const char *s, int64_t n) {
    const unsigned char *u = (const unsigned char *)s;
    int size = d->c >= C_UTF32 ? 4 : 2;
    bool big = d->c == C_UTF16BE || d->c == C_UTF32BE;
    int64_t i = 0;
    if (d->c == C_UTF16 || d->c == C_UTF32) {
        uint32_t bom = n >= size ? unit_at(u, size, false) : 0;
        if (bom == 0xFEFF)
            i = size;
        else if ((size == 2 && bom == 0xFFFE) || (size == 4 && bom == 0xFFFE0000u))
            i = size, big = true;
        d->name = size == 2 ? (big ? "utf-16-be" : "utf-16-le") : (big ? "utf-32-be" : "utf-32-le");
    }
    while (i < n) {
        if (d->partial && (n - i < size || (size == 2 && n - i < 4 && unit_at(u + i, 2, big) >= 0xD800
                                            && unit_at(u + i, 2, big) < 0xDC00))) {
            d->consumed = i; /* a unit or a surrogate pair cut at the end */
            return 0;
        }
        if (n - i < size) {
            if (decode_error(d, b, s, n, i, n, "truncated data") < 0)
                return -1;
            break;
        }
        uint32_t v = unit_at(u + i, size, big);
        if (size == 4) {
            const char *why = v > 0x10FFFF ? "code point not in range(0x110000)"
                              : is_surrogate(v) ? "code point in surrogate code point range(0xd800, 0xe000)"
                                                : NULL;
            if (why && !(is_surrogate(v) && passes_surrogates(d))) {
                if (decode_error(d, b, s, n, i, i + 4, why) < 0)
                    return -1;
            } else
                cg_strbuf_put_cp(b, v);
            i += 4;
            continue;
        }
        if (v < 0xD800 || v > 0xDFFF) {
            cg_strbuf_put_cp(b, v);
            i += 2;
            continue;
        }
        if (v >= 0xDC00 && passes_surrogates(d)) { /* a lone low surrogate, let through */
            cg_strbuf_put_cp(b, v);
            i += 2;
            continue;
        }
        if (v >= 0xDC00) {
            if (decode_error(d, b, s, n, i, i + 2, "illegal encoding") < 0)
                return -1;
            i += 2;
            continue;
        }
        if (n - i < 4 && passes_surrogates(d)) { /* a lone high surrogate at the end */
            cg_strbuf_put_cp(b, v);
            i += 2;
            continue;
        }
        if (n - i < 4) {
            if (decode_error(d, b, s, n, i, n, n - i < 4 && n - i > 2 ? "truncated data" : "unexpected end of data")
                < 0)
                return -1;
            break;
        }
        uint32_t w = unit_at(u + i + 2, 2, big);
        if ((w < 0xDC00 || w > 0xDFFF) && passes_surrogates(d)) { /* a lone high surrogate */
            cg_strbuf_put_cp(b, v);
            i += 2;
            continue;
        }
        if (w < 0xDC00 || w > 0xDFFF) {
            if (decode_error(d, b, s, n, i, i + 2, "illegal UTF-16 surrogate") < 0)
                return -1;
            i += 2;
            continue;
        }
        cg_strbuf_put_cp(b, 0x10000 + ((v - 0xD800) << 10) + (w - 0xDC00));
        i += 4;
    }
    d->consumed = n;
    return 0;
}

cg_value cg_bytes_decode(const char *s, int64_t n, const char *encoding, const char *errors) {
    if (!runs_here(encoding, errors, true)) {
        cg_value data = cg_bytes_new(s, (size_t)n);
        cg_value r = cg_is_err(data) ? CG_ERR : python_codec("_text_decode", data, encoding, errors);
        cg_decref(data);
        return r;
    }
    cg_strbuf b = {0};
    int64_t used;
    if (cg_codecs_decode_into(encoding, errors, s, n, true, &b, &used) < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    return cg_str_from_strbuf(&b);
}

/* ---- the pieces text files use --------------------------------------------------------- */

bool cg_codecs_run_in_c(const char *encoding, const char *errors, bool stateless) {
    codec c;
    if (!runs_here(encoding, errors, false) || !runs_here(encoding, errors, true) || lookup(encoding, &c) < 0) {
        cg_exc_clear();
        return false;
    }
    return !stateless || (c != C_UTF16 && c != C_UTF32);
}

int cg_codecs_decode_into(const char *encoding, const char *errors, const char *s, int64_t n, bool final,
                          cg_strbuf *out, int64_t *consumed) {
    decoder d = {.errors = errors, .partial = !final};
    if (lookup(encoding, &d.c) < 0)
        return -1;
    d.name = CODEC_NAMES[d.c];
    int rc;
    if (d.c == C_UTF8)
        rc = decode_utf8(&d, out, s, n);
    else if (d.c == C_ASCII || d.c == C_LATIN1)
        rc = decode_8bit(&d, out, s, n);
    else
        rc = decode_wide(&d, out, s, n);
    *consumed = d.consumed;
    if (rc == 0 && out->failed)
        return cg_raise_nomemory(), -1;
    return rc;
}

int cg_codecs_encode_into(const char *encoding, const char *errors, cg_value str, cg_strbuf *out) {
    codec c;
    if (lookup(encoding, &c) < 0)
        return -1;
    return encode_into(c, errors, str, out);
}

int64_t cg_codecs_encoded_length(const char *encoding, const char *text, size_t n) {
    codec c;
    if (lookup(encoding, &c) < 0) {
        cg_exc_clear();
        return (int64_t)n;
    }
    if (c == C_UTF8)
        return (int64_t)n;
    int64_t total = 0, i = 0;
    while (i < (int64_t)n) {
        uint32_t cp = cg_cp_next(text, (int64_t)n, &i);
        total += c == C_ASCII || c == C_LATIN1                       ? 1
                 : c == C_UTF32 || c == C_UTF32LE || c == C_UTF32BE ? 4
                 : cp >= 0x10000                                     ? 4
                                                                     : 2;
    }
    return total;
}

cg_value cg_raise_decode_error(const char *encoding, const char *s, int64_t n, int64_t start, int64_t end,
                               const char *reason) {
    cg_value enc = cg_str_from_c(encoding), obj = cg_bytes_new(s, (size_t)n), why = cg_str_from_c(reason);
    cg_value e = CG_ERR;
    if (!cg_is_err(enc) && !cg_is_err(obj) && !cg_is_err(why)) {
        cg_value pos[5] = {enc, obj, cg_int(start), cg_int(end), why};
        e = cg_unicode_error_new(&cg_exc_UnicodeDecodeError, &(cg_args){.pos = pos, .npos = 5});
    }
    cg_decref(enc);
    cg_decref(obj);
    cg_decref(why);
    if (cg_is_err(e))
        return e;
    cg_exc_set_context(e);
    cg_exc_restore(e);
    return CG_ERR;
}

/* ---- str.encode ------------------------------------------------------------------------ */

static cg_value str_encode(cg_value self, const cg_args *a);
static const cg_method_def str_codec_methods[] = {
    {"encode", str_encode, "encode(encoding='utf-8', errors='strict')", "Encode the string using the codec."},
    {NULL, NULL, NULL, NULL},
};

static cg_value str_encode(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (cg_args_bind(&str_codec_methods[0], a, arg, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (!cg_is_str(arg[0]))
        cg_raise(&cg_exc_TypeError, "encode() argument 'encoding' must be str, not %s", cg_type_name(arg[0]));
    else if (!cg_is_str(arg[1]))
        cg_raise(&cg_exc_TypeError, "encode() argument 'errors' must be str, not %s", cg_type_name(arg[1]));
    else
        r = cg_str_encode(self, cg_str_cstr(arg[0]), cg_str_cstr(arg[1]));
    cg_args_release(&str_codec_methods[0], arg, 2);
    return r;
}

int cg_codecs_init(void) { return cg_type_add_methods(&cg_type_str, str_codec_methods); }
