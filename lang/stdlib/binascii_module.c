/* binascii_module.c: `_binascii`, the loops of the binascii module whose
 * cost is per byte: base64 both ways, hex both ways, crc32 (zlib's) and
 * crc_hqx, and the module's two exception classes. prelude/binascii.py
 * adds quoted-printable and uuencode, which programs use rarely and on
 * short texts, and base64.py stands on both.
 *
 * The a2b_ functions take what CPython's take: a bytes-like object or a
 * str of ASCII characters; the b2a_ functions only bytes-like objects. */
#include <string.h>
#include <zlib.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/stdlib.h"

static cg_value binascii_error = {.tag = CG_V_NONE};      /* binascii.Error */
static cg_value binascii_incomplete = {.tag = CG_V_NONE}; /* binascii.Incomplete */

static cg_value raise_error(const char *msg) { return cg_raise((cg_type *)binascii_error.u.o, "%s", msg); }

/* The input of an a2b_ function: its bytes, lent by buf (release it) or
 * pointing into a str. -1 with CPython's TypeError or ValueError. */
static int ascii_input(cg_value v, cg_buffer *buf, const unsigned char **p, int64_t *n) {
    buf->owner = CG_NONE;
    if (cg_is_str(v)) {
        const cg_str *s = cg_as_str(v);
        if (s->len != s->ncp)
            return cg_raise_int(&cg_exc_ValueError, "string argument should contain only ASCII characters");
        *p = (const unsigned char *)s->s;
        *n = s->len;
        return 0;
    }
    if (!cg_has_buffer(v))
        return cg_raise_int(&cg_exc_TypeError, "argument should be bytes, buffer or ASCII string, not '%s'",
                            cg_type_name(v));
    if (cg_buffer_get(v, buf) < 0)
        return -1;
    *p = (const unsigned char *)buf->buf;
    *n = buf->len;
    return 0;
}

static void input_release(cg_buffer *buf) {
    if (!cg_is_none(buf->owner))
        cg_buffer_release(buf);
}

/* ---- base64 ------------------------------------------------------------------ */

static const char b64_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* The value of each byte as a base64 character; 64 for the others.
 * Filled on first use from the alphabet. */
static unsigned char b64_values[256];

static void b64_values_init(void) {
    if (b64_values[0] == 64)
        return;
    memset(b64_values, 64, sizeof b64_values);
    for (int i = 0; i < 64; i++)
        b64_values[(unsigned char)b64_alphabet[i]] = (unsigned char)i;
}

/* Note [base64 decoding]: as binascii's, the non-strict decoder skips
 * every byte outside the alphabet, and the first '=' run that completes a
 * quad ends the data; strict mode refuses what the lenient one forgives,
 * with CPython's messages. */
static cg_value decode_base64(const unsigned char *s, int64_t n, bool strict) {
    if (strict && n > 0 && s[0] == '=')
        return raise_error("Leading padding not allowed");
    b64_values_init();
    cg_bytes *out = cg_bytes_alloc((size_t)(n / 4 * 3 + 3));
    if (!out)
        return cg_raise_nomemory();
    unsigned char *o = (unsigned char *)out->s;
    int quad = 0, pads = 0;
    bool padding = false;
    unsigned left = 0;
    const char *why = NULL;
    for (int64_t i = 0; i < n && !why; i++) {
        unsigned char c = s[i];
        if (c == '=') {
            padding = true;
            if (quad >= 2 && quad + ++pads >= 4) {
                if (strict && i + 1 < n)
                    why = "Excess data after padding";
                quad = 0;
                break;
            }
            continue;
        }
        unsigned v = b64_values[c];
        if (v >= 64) {
            if (strict)
                why = "Only base64 data is allowed";
            continue;
        }
        if (strict && padding) {
            why = "Discontinuous padding not allowed";
            break;
        }
        pads = 0;
        switch (quad) {
        case 0: left = v; break;
        case 1: *o++ = (unsigned char)(left << 2 | v >> 4); left = v & 0xf; break;
        case 2: *o++ = (unsigned char)(left << 4 | v >> 2); left = v & 0x3; break;
        default: *o++ = (unsigned char)(left << 6 | v); break;
        }
        quad = (quad + 1) & 3;
    }
    int64_t len = (int64_t)(o - (unsigned char *)out->s);
    cg_value r = cg_obj_value(out);
    if (!why && quad == 1) {
        cg_decref(r);
        return cg_raise((cg_type *)binascii_error.u.o,
                        "Invalid base64-encoded string: number of data characters (%lld) cannot be 1 more than "
                        "a multiple of 4",
                        (long long)(len / 3 * 4 + 1));
    }
    if (!why && quad != 0)
        why = "Incorrect padding";
    if (why) {
        cg_decref(r);
        return raise_error(why);
    }
    out->len = len;
    out->s[len] = 0;
    return r;
}

enum { B_A2B_BASE64, B_B2A_BASE64, B_HEXLIFY, B_B2A_HEX, B_UNHEXLIFY, B_A2B_HEX, B_CRC32, B_CRC_HQX, B_N };
static const cg_method_def binascii_defs[];

static cg_value b_a2b_base64(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&binascii_defs[B_A2B_BASE64], a, v, 2) < 0)
        return CG_ERR;
    cg_buffer buf;
    const unsigned char *p;
    int64_t n;
    cg_value r = CG_ERR;
    int strict = cg_truth(v[1]);
    if (strict >= 0 && ascii_input(v[0], &buf, &p, &n) == 0) {
        r = decode_base64(p, n, strict == 1);
        input_release(&buf);
    }
    cg_args_release(&binascii_defs[B_A2B_BASE64], v, 2);
    return r;
}

static cg_value b_b2a_base64(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&binascii_defs[B_B2A_BASE64], a, v, 2) < 0)
        return CG_ERR;
    cg_buffer buf;
    cg_value r = CG_ERR;
    int newline = cg_truth(v[1]);
    if (newline >= 0 && cg_buffer_get(v[0], &buf) == 0) {
        const unsigned char *s = (const unsigned char *)buf.buf;
        int64_t n = buf.len, len = (n + 2) / 3 * 4 + (newline ? 1 : 0);
        cg_bytes *out = cg_bytes_alloc((size_t)len);
        if (!out) {
            r = cg_raise_nomemory();
        } else {
            char *o = out->s;
            int64_t i = 0;
            for (; i + 3 <= n; i += 3) {
                uint32_t w = (uint32_t)s[i] << 16 | (uint32_t)s[i + 1] << 8 | s[i + 2];
                *o++ = b64_alphabet[w >> 18];
                *o++ = b64_alphabet[w >> 12 & 63];
                *o++ = b64_alphabet[w >> 6 & 63];
                *o++ = b64_alphabet[w & 63];
            }
            if (i < n) {
                uint32_t w = (uint32_t)s[i] << 16 | (i + 1 < n ? (uint32_t)s[i + 1] << 8 : 0);
                *o++ = b64_alphabet[w >> 18];
                *o++ = b64_alphabet[w >> 12 & 63];
                *o++ = i + 1 < n ? b64_alphabet[w >> 6 & 63] : '=';
                *o++ = '=';
            }
            if (newline)
                *o++ = '\n';
            *o = 0;
            r = cg_obj_value(out);
        }
        cg_buffer_release(&buf);
    }
    cg_args_release(&binascii_defs[B_B2A_BASE64], v, 2);
    return r;
}

/* ---- hex ----------------------------------------------------------------------- */

static cg_value hexlify(int which, const cg_args *a) {
    cg_value v[3];
    if (cg_args_bind(&binascii_defs[which], a, v, 3) < 0)
        return CG_ERR;
    cg_buffer buf;
    cg_value r = CG_ERR;
    if (cg_buffer_get(v[0], &buf) == 0) {
        cg_value s = cg_hex_of(buf.buf, buf.len, v[1], v[2]);
        cg_buffer_release(&buf);
        if (!cg_is_err(s)) {
            r = cg_bytes_new(cg_str_cstr(s), (size_t)cg_as_str(s)->len);
            cg_decref(s);
        }
    }
    cg_args_release(&binascii_defs[which], v, 3);
    return r;
}

static cg_value b_hexlify(cg_value self, const cg_args *a) { return hexlify(B_HEXLIFY, a); }
static cg_value b_b2a_hex(cg_value self, const cg_args *a) { return hexlify(B_B2A_HEX, a); }

static int hex_digit(unsigned char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static cg_value unhexlify(int which, const cg_args *a) {
    cg_value v;
    if (cg_args_bind(&binascii_defs[which], a, &v, 1) < 0)
        return CG_ERR;
    cg_buffer buf;
    const unsigned char *p;
    int64_t n;
    cg_value r = CG_ERR;
    if (ascii_input(v, &buf, &p, &n) == 0) {
        if (n % 2) {
            r = raise_error("Odd-length string");
        } else {
            cg_bytes *out = cg_bytes_alloc((size_t)(n / 2));
            if (!out)
                r = cg_raise_nomemory();
            else
                r = cg_obj_value(out);
            for (int64_t i = 0; out && i < n; i += 2) {
                int hi = hex_digit(p[i]), lo = hex_digit(p[i + 1]);
                if (hi < 0 || lo < 0) {
                    cg_decref(r);
                    r = raise_error("Non-hexadecimal digit found");
                    break;
                }
                out->s[i / 2] = (char)(hi << 4 | lo);
            }
        }
        input_release(&buf);
    }
    cg_args_release(&binascii_defs[which], &v, 1);
    return r;
}

static cg_value b_unhexlify(cg_value self, const cg_args *a) { return unhexlify(B_UNHEXLIFY, a); }
static cg_value b_a2b_hex(cg_value self, const cg_args *a) { return unhexlify(B_A2B_HEX, a); }

/* ---- checksums ----------------------------------------------------------------- */

/* The unsigned 32-bit value of an int (CPython masks the start value). */
static int u32_of(cg_value v, uint32_t *out) {
    cg_value masked = cg_binary(v, cg_int(0xffffffff), OP_BITAND);
    if (cg_is_err(masked))
        return -1;
    int64_t k;
    int rc = cg_index_value(masked, &k);
    cg_decref(masked);
    *out = (uint32_t)k;
    return rc;
}

cg_value cg_crc32_of(cg_value data, cg_value start) {
    uint32_t crc;
    if (u32_of(start, &crc) < 0)
        return CG_ERR;
    cg_buffer buf;
    if (cg_buffer_get(data, &buf) < 0)
        return CG_ERR;
    const unsigned char *p = (const unsigned char *)buf.buf;
    for (int64_t left = buf.len; left > 0;) {
        uInt chunk = left > (1 << 30) ? 1u << 30 : (uInt)left;
        crc = (uint32_t)crc32(crc, p, chunk);
        p += chunk;
        left -= chunk;
    }
    cg_buffer_release(&buf);
    return cg_int(crc);
}

static cg_value b_crc32(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&binascii_defs[B_CRC32], a, v, 2) < 0)
        return CG_ERR;
    cg_value r = cg_crc32_of(v[0], v[1]);
    cg_args_release(&binascii_defs[B_CRC32], v, 2);
    return r;
}

/* CRC-CCITT (polynomial 0x1021, no reflection), as BinHex uses. */
static cg_value b_crc_hqx(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&binascii_defs[B_CRC_HQX], a, v, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    uint32_t crc;
    cg_buffer buf;
    if (u32_of(v[1], &crc) == 0 && cg_buffer_get(v[0], &buf) == 0) {
        crc &= 0xffff;
        for (int64_t i = 0; i < buf.len; i++) {
            crc ^= (uint32_t)(unsigned char)buf.buf[i] << 8;
            for (int k = 0; k < 8; k++)
                crc = crc & 0x8000 ? (crc << 1 ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
        }
        cg_buffer_release(&buf);
        r = cg_int(crc);
    }
    cg_args_release(&binascii_defs[B_CRC_HQX], v, 2);
    return r;
}

static const cg_method_def binascii_defs[] = {
    [B_A2B_BASE64] = {"a2b_base64", b_a2b_base64, "a2b_base64(data, /, *, strict_mode=False)",
                      "The bytes of a line of Base64 text."},
    [B_B2A_BASE64] = {"b2a_base64", b_b2a_base64, "b2a_base64(data, /, *, newline=True)",
                      "A line of Base64 text for data (ending in a newline when newline is true)."},
    [B_HEXLIFY] = {"hexlify", b_hexlify, "hexlify(data, sep=None, bytes_per_sep=1)",
                   "data as hex digits, optionally grouped by sep."},
    [B_B2A_HEX] = {"b2a_hex", b_b2a_hex, "b2a_hex(data, sep=None, bytes_per_sep=1)",
                   "data as hex digits, optionally grouped by sep."},
    [B_UNHEXLIFY] = {"unhexlify", b_unhexlify, "unhexlify(hexstr, /)", "The bytes that pairs of hex digits spell."},
    [B_A2B_HEX] = {"a2b_hex", b_a2b_hex, "a2b_hex(hexstr, /)", "The bytes that pairs of hex digits spell."},
    [B_CRC32] = {"crc32", b_crc32, "crc32(data, crc=0, /)", "The CRC-32 of data, continuing from crc."},
    [B_CRC_HQX] = {"crc_hqx", b_crc_hqx, "crc_hqx(data, crc, /)", "The CRC-CCITT (BinHex) of data, continuing from crc."},
    [B_N] = {NULL, NULL, NULL, NULL},
};

/* A new exception class of module `module`, kept for the process in *slot. */
cg_value cg_stdlib_error_class(cg_value *slot, const char *name, const char *module, cg_type *base) {
    if (cg_is_none(*slot)) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return d;
        cg_value t = cg_class_new(name, module, base, cg_as_dict(d));
        cg_decref(d);
        if (cg_is_err(t))
            return t;
        *slot = t; /* kept: the module's classes live as long as the process */
    }
    return *slot;
}

cg_value cg_binascii_native_module_init(void) {
    if (cg_is_err(cg_stdlib_error_class(&binascii_error, "Error", "binascii", &cg_exc_ValueError))
        || cg_is_err(cg_stdlib_error_class(&binascii_incomplete, "Incomplete", "binascii", &cg_exc_Exception)))
        return CG_ERR;
    cg_value m = cg_module_of("_binascii", binascii_defs);
    if (cg_is_err(m))
        return m;
    if (cg_module_add(m, "Error", binascii_error) < 0 || cg_module_add(m, "Incomplete", binascii_incomplete) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
