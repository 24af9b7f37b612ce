/* text_codec.c: utf-8, latin-1 and ascii between bytes and cgrad's text,
 * with Python's error handlers and messages (text_codec.h).
 *
 * UTF-8 is decoded by Python's rules: a byte that cannot start a character
 * is an "invalid start byte"; a sequence broken by a byte that cannot
 * continue it is an "invalid continuation byte" covering the bytes before
 * that one; surrogates (ED A0..BF) and overlong forms are invalid; a
 * sequence cut by the end of final data is "unexpected end of data". Each
 * such range is one error, so `replace` gives one U+FFFD for it. */
#include <stdio.h>
#include <string.h>

#include "runtime/codecs.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/bytes.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "runtime/text_codec.h"

/* ---- names ------------------------------------------------------------------------------ */

/* Python's normalisation: lower case, '-' and ' ' as '_'. */
static void normalise(const char *name, char *out, size_t cap) {
    size_t i = 0;
    for (; name[i] && i + 1 < cap; i++) {
        char c = name[i];
        out[i] = c == '-' || c == ' ' ? '_' : (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
    }
    out[i] = 0;
}

int cg_codec_lookup(const char *name, cg_codec *out) {
    static const struct {
        const char *alias;
        cg_codec codec;
    } ALIASES[] = {
        {"utf_8", CG_CODEC_UTF8},
        {"utf8", CG_CODEC_UTF8},
        {"u8", CG_CODEC_UTF8},
        {"utf", CG_CODEC_UTF8},
        {"cp65001", CG_CODEC_UTF8},
        {"latin_1", CG_CODEC_LATIN1},
        {"latin1", CG_CODEC_LATIN1},
        {"latin", CG_CODEC_LATIN1},
        {"l1", CG_CODEC_LATIN1},
        {"iso_8859_1", CG_CODEC_LATIN1},
        {"iso8859_1", CG_CODEC_LATIN1},
        {"8859", CG_CODEC_LATIN1},
        {"cp819", CG_CODEC_LATIN1},
        {"iso_ir_100", CG_CODEC_LATIN1},
        {"ascii", CG_CODEC_ASCII},
        {"us_ascii", CG_CODEC_ASCII},
        {"646", CG_CODEC_ASCII},
        {"us", CG_CODEC_ASCII},
        {"ansi_x3.4_1968", CG_CODEC_ASCII},
    };
    char n[64];
    normalise(name, n, sizeof n);
    for (size_t i = 0; i < sizeof ALIASES / sizeof ALIASES[0]; i++)
        if (!strcmp(n, ALIASES[i].alias)) {
            *out = ALIASES[i].codec;
            return 0;
        }
    return cg_raise_int(&cg_exc_LookupError, "unknown encoding: %s", name);
}

int cg_errors_lookup(const char *name, cg_errors *out) {
    static const char *const NAMES[] = {"strict", "ignore", "replace", "surrogateescape", "backslashreplace"};
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++)
        if (!strcmp(name, NAMES[i])) {
            *out = (cg_errors)i;
            return 0;
        }
    return cg_raise_int(&cg_exc_LookupError, "unknown error handler name '%s'", name);
}

const char *cg_codec_name(cg_codec c) {
    return c == CG_CODEC_UTF8 ? "utf-8" : c == CG_CODEC_LATIN1 ? "latin-1" : "ascii";
}

/* ---- decoding -------------------------------------------------------------------------- */

int cg_raise_unicode_decode(const char *encoding, const unsigned char *data, size_t n, int64_t start, int64_t end,
                            const char *reason) {
    /* the exception with its object and positions, as bytes.decode's */
    cg_raise_decode_error(encoding, (const char *)data, (int64_t)n, start, end, reason);
    return -1;
}

/* The length of a valid UTF-8 sequence at p (p < end), 0 when it is
 * invalid (*bad: how many of its bytes are the error, *why: which), -1
 * when the data ends inside a sequence that is valid so far. */
static int utf8_at(const unsigned char *p, const unsigned char *end, size_t *bad, const char **why) {
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    int need;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        need = 1;
    else if (c >= 0xE0 && c <= 0xEF)
        need = 2, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4)
        need = 3, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else {
        *bad = 1, *why = "invalid start byte";
        return 0;
    }
    for (int k = 1; k <= need; k++) {
        if (p + k >= end)
            return -1;
        unsigned char b = p[k];
        if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF)) {
            *bad = (size_t)k, *why = "invalid continuation byte";
            return 0;
        }
    }
    return need + 1;
}

/* One error over data[start, end): the handler's text, or the exception. */
static int decode_error(cg_codec c, cg_errors e, const unsigned char *data, size_t n, size_t start, size_t end,
                        size_t base, const char *why, cg_strbuf *out) {
    char tmp[8];
    switch (e) {
    case CG_ERRORS_IGNORE: return 0;
    case CG_ERRORS_REPLACE: cg_strbuf_puts(out, "\xEF\xBF\xBD"); return 0;
    case CG_ERRORS_SURROGATEESCAPE:
        for (size_t i = start; i < end; i++) /* U+DC80 + byte, in its 3-byte form */
            cg_strbuf_append(out, tmp, (size_t)cg_cp_encode(0xDC00u + data[i], tmp));
        return 0;
    case CG_ERRORS_BACKSLASHREPLACE:
        for (size_t i = start; i < end; i++)
            cg_strbuf_printf(out, "\\x%02x", data[i]);
        return 0;
    default:
        return cg_raise_unicode_decode(cg_codec_name(c), data - base, n + base, (int64_t)(start + base),
                                       (int64_t)(end + base), why);
    }
}

int cg_text_decode(cg_codec c, cg_errors e, const unsigned char *data, size_t n, bool final, size_t base,
                   cg_strbuf *out, size_t *used) {
    size_t i = 0;
    char tmp[4];
    while (i < n) {
        if (c == CG_CODEC_LATIN1) {
            cg_strbuf_append(out, tmp, (size_t)cg_cp_encode(data[i++], tmp));
            continue;
        }
        size_t run = i; /* ASCII runs go in one copy */
        while (run < n && data[run] < 0x80)
            run++;
        cg_strbuf_append(out, (const char *)data + i, run - i);
        if ((i = run) == n)
            break;
        if (c == CG_CODEC_ASCII) {
            if (decode_error(c, e, data, n, i, i + 1, base, "ordinal not in range(128)", out) < 0)
                return -1;
            i++;
            continue;
        }
        size_t bad = 0;
        const char *why = NULL;
        int len = utf8_at(data + i, data + n, &bad, &why);
        if (len < 0) {
            if (!final)
                break;
            bad = n - i, why = "unexpected end of data";
        }
        if (len > 0) {
            cg_strbuf_append(out, (const char *)data + i, (size_t)len);
            i += (size_t)len;
        } else {
            if (decode_error(c, e, data, n, i, i + bad, base, why, out) < 0)
                return -1;
            i += bad;
        }
    }
    *used = i;
    return out->failed ? (cg_raise_nomemory(), -1) : 0;
}

/* ---- encoding -------------------------------------------------------------------------- */

/* The code point at text[*i] (cgrad's UTF-8, surrogates included). */
static uint32_t next_cp(const char *text, size_t n, size_t *i) {
    int64_t at = (int64_t)*i;
    uint32_t cp = cg_cp_next(text, (int64_t)n, &at);
    *i = (size_t)at;
    return cp;
}

static bool encodable(cg_codec c, uint32_t cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) /* lone surrogates encode nowhere */
        return false;
    return c == CG_CODEC_UTF8 || cp < (c == CG_CODEC_LATIN1 ? 0x100u : 0x80u);
}

int cg_text_encode(cg_codec c, cg_errors e, const char *text, size_t n, cg_value object, cg_strbuf *out) {
    size_t i = 0;
    int64_t pos = 0; /* in code points */
    while (i < n) {
        size_t at = i;
        uint32_t cp = next_cp(text, n, &i);
        if (encodable(c, cp)) {
            if (c == CG_CODEC_UTF8)
                cg_strbuf_append(out, text + at, i - at);
            else
                cg_strbuf_putc(out, (char)cp);
            pos++;
            continue;
        }
        bool escaped = e == CG_ERRORS_SURROGATEESCAPE && cp >= 0xDC80 && cp <= 0xDCFF;
        if (escaped) {
            cg_strbuf_putc(out, (char)(cp - 0xDC00));
        } else if (e == CG_ERRORS_REPLACE) {
            cg_strbuf_putc(out, '?');
        } else if (e == CG_ERRORS_BACKSLASHREPLACE) {
            cg_strbuf_printf(out, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x", (unsigned)cp);
        } else if (e != CG_ERRORS_IGNORE) {
            /* strict (and surrogateescape of what it cannot escape): the run
             * of characters this codec cannot take */
            int64_t end = pos + 1;
            size_t j = i;
            while (j < n) {
                size_t k = j;
                uint32_t next = next_cp(text, n, &k);
                if (encodable(c, next))
                    break;
                j = k, end++;
            }
            const char *why = c == CG_CODEC_UTF8     ? "surrogates not allowed"
                              : c == CG_CODEC_LATIN1 ? "ordinal not in range(256)"
                                                     : "ordinal not in range(128)";
            cg_raise_unicode_encode(cg_codec_name(c), object, pos, end, why);
            return -1;
        }
        pos++;
    }
    return out->failed ? (cg_raise_nomemory(), -1) : 0;
}

size_t cg_text_encoded_length(cg_codec c, const char *text, size_t n) {
    if (c == CG_CODEC_UTF8)
        return n;
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        count += ((unsigned char)text[i] & 0xC0) != 0x80;
    return count;
}

/* ---- through the codecs module (Note [Text files beyond C]) ----------------------------- */

static cg_value codecs_call(const char *fn, int n, cg_value *args) {
    cg_value mod = cg_import("_codecs");
    if (cg_is_err(mod))
        return CG_ERR;
    cg_value r = cg_call_method(mod, fn, n, args);
    cg_decref(mod);
    return r;
}

int cg_text_codec_python(const char *encoding, const char *errors, cg_value *encoder, cg_value *decoder) {
    cg_value args[2] = {cg_str_from_c(encoding), cg_str_from_c(errors)};
    cg_value pair = cg_is_err(args[0]) || cg_is_err(args[1]) ? CG_ERR : codecs_call("_text_file_codec", 2, args);
    cg_decref(args[0]);
    cg_decref(args[1]);
    if (cg_is_err(pair))
        return -1;
    *encoder = cg_incref(cg_as_tuple(pair)->items[0]);
    *decoder = cg_incref(cg_as_tuple(pair)->items[1]);
    cg_decref(pair);
    return 0;
}

int cg_text_decode_python(cg_value decoder, const unsigned char *data, size_t n, bool final, cg_strbuf *out) {
    cg_value args[2] = {cg_bytes_new((const char *)data, n), cg_bool(final)};
    cg_value text = cg_is_err(args[0]) ? CG_ERR : cg_call_method(decoder, "decode", 2, args);
    cg_decref(args[0]);
    if (cg_is_err(text))
        return -1;
    int rc = 0;
    if (!cg_is_str(text))
        rc = cg_raise_int(&cg_exc_TypeError, "decoder should return a string result, not '%s'", cg_type_name(text));
    else
        cg_strbuf_append(out, cg_str_cstr(text), (size_t)cg_as_str(text)->len);
    cg_decref(text);
    return rc;
}

int cg_text_encode_python(cg_value encoder, const char *text, size_t n, cg_strbuf *out) {
    cg_value s = cg_str_new(text, n);
    cg_value data = cg_is_err(s) ? CG_ERR : cg_call_method(encoder, "encode", 1, &s);
    cg_decref(s);
    if (cg_is_err(data))
        return -1;
    int rc = 0;
    if (!cg_is_bytes(data))
        rc = cg_raise_int(&cg_exc_TypeError, "encoder should return a bytes object, not '%s'", cg_type_name(data));
    else
        cg_strbuf_append(out, cg_as_bytes(data)->s, (size_t)cg_as_bytes(data)->len);
    cg_decref(data);
    return rc;
}

int64_t cg_text_encoded_length_python(const char *encoding, const char *text, size_t n) {
    cg_value args[2] = {cg_str_from_c(encoding), cg_str_new(text, n)};
    cg_value r = cg_is_err(args[0]) || cg_is_err(args[1]) ? CG_ERR : codecs_call("_encoded_length", 2, args);
    cg_decref(args[0]);
    cg_decref(args[1]);
    int64_t len = -1;
    if (!cg_is_err(r) && cg_index_value(r, &len) < 0)
        len = -1;
    cg_decref(r);
    return len;
}
