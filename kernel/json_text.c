/* json_text.c: UTF-8 repair for JSON strings. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_text.h"

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 if none. */
static size_t utf8_seq(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    unsigned cp = len == 1 ? c : len == 2 ? c & 0x1f : len == 3 ? c & 0x0f : c & 0x07;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    static const unsigned min[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return len;
}

json_t *cg_json_text(const char *s, size_t n) {
    json_t *ok = json_stringn(s, n);
    if (ok)
        return ok;
    /* Each byte that starts no valid sequence becomes
     * three bytes of U+FFFD. */
    char *fixed = malloc(3 * n + 1);
    if (!fixed)
        return NULL;
    size_t out = 0;
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t len = utf8_seq(u + i, n - i);
        if (len) {
            memcpy(fixed + out, s + i, len);
            out += len;
            i += len;
        } else {
            memcpy(fixed + out, "\xef\xbf\xbd", 3);
            out += 3;
            i++;
        }
    }
    json_t *j = json_stringn(fixed, out);
    free(fixed);
    return j;
}

size_t cg_text_code_points(const char *s, size_t n) {
    size_t cp = 0;
    for (size_t i = 0; i < n; i++)
        cp += ((unsigned char)s[i] & 0xC0) != 0x80;
    return cp;
}

size_t cg_text_byte_offset(const char *s, size_t n, size_t cp) {
    size_t i = 0;
    for (; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80 && cp-- == 0)
            break;
    return i;
}

// Note [Strings Jansson refuses]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Python's json reads "\u0000" and a lone surrogate escape ("\ud800") into
// a str, and jupyter_client sends both when a cell or a user expression
// holds such characters (a frontend's JSON.stringify writes lone
// surrogates as escapes; jupyter_client's own packer writes U+DC80-U+DCFF
// as raw bytes and reads bytes that are not UTF-8 as U+FFFD). Jansson
// refuses all three, and a message it refuses is dropped: no busy, no
// reply, a frontend waiting forever. ipykernel instead runs such a cell
// and answers with compile()'s error (execute.c). So: JSON_ALLOW_NUL for
// NULs; and before Jansson, each lone surrogate escape is rewritten as a
// marker, a noncharacter (U+FDD0-U+FDEF, reserved for a program's internal
// use) that the frame does not hold, followed by the surrogate's last
// three hex digits; after it, each marker in the tree becomes the
// surrogate's 3-byte form (json_string_setn_nocheck), which is how the
// language's str holds a lone surrogate. Sending reverses it: Jansson
// cannot dump such a string, so it is dumped with markers and the text's
// markers become \udxxx escapes. A frame that holds all 32 noncharacters
// gets U+FFFD for its lone surrogates instead.

#define MARKERS 32 /* U+FDD0 + k is EF B7 (0x90 + k) */

static int hex4(const char *s, size_t n) {
    if (n < 4)
        return -1;
    int v = 0;
    for (int i = 0; i < 4; i++) {
        int c = (unsigned char)s[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0)
            return -1;
        v = v << 4 | d;
    }
    return v;
}

/* The markers that occur in s, raw or escaped, as bits. */
static uint32_t markers_in(const char *s, size_t n) {
    uint32_t used = 0;
    for (size_t i = 0; i + 2 < n; i++) {
        unsigned char a = (unsigned char)s[i], b = (unsigned char)s[i + 1], c = (unsigned char)s[i + 2];
        if (a == 0xEF && b == 0xB7 && c >= 0x90 && c < 0x90 + MARKERS)
            used |= 1u << (c - 0x90);
        int v = a == '\\' && b == 'u' ? hex4(s + i + 2, n - i - 2) : -1;
        if (v >= 0xFDD0 && v < 0xFDD0 + MARKERS)
            used |= 1u << (v - 0xFDD0);
    }
    return used;
}

static int free_marker(uint32_t used) {
    for (int k = 0; k < MARKERS; k++)
        if (!(used >> k & 1))
            return k;
    return -1;
}

/* At s[i] (a backslash): the length of its escape, 12 for a surrogate
 * pair; *lone tells a lone surrogate's. */
static size_t escape_at(const char *s, size_t n, size_t i, bool *lone) {
    int v = i + 1 < n && s[i + 1] == 'u' ? hex4(s + i + 2, n - i - 2) : -1;
    *lone = v >= 0xD800 && v <= 0xDFFF;
    if (v >= 0xD800 && v <= 0xDBFF && i + 11 < n && s[i + 6] == '\\' && s[i + 7] == 'u') {
        int low = hex4(s + i + 8, n - i - 8);
        if (low >= 0xDC00 && low <= 0xDFFF) {
            *lone = false; /* a pair: Jansson reads it */
            return 12;
        }
    }
    return v >= 0 ? 6 : 2;
}

/* buf with lone surrogate escapes as marker k + 3 hex digits (U+FFFD for
 * k < 0) and bytes that are not UTF-8 as U+FFFD; NULL when buf needs
 * neither (*out_len then unset) or out of memory (*oom set). */
static char *rewrite_frame(const char *buf, size_t len, int k, size_t *out_len, bool *oom) {
    char *out = NULL;
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)buf[i];
        bool lone = false;
        size_t keep = c == '\\'  ? escape_at(buf, len, i, &lone)
                      : c < 0x80 ? 1
                                 : utf8_seq((const unsigned char *)buf + i, len - i);
        if (lone)
            keep = 0;
        if (keep && !out) {
            i += keep > len - i ? len - i : keep;
            continue;
        }
        if (!out) { /* the first change: copy what came before */
            out = malloc(3 * len + 1);
            if (!out) {
                *oom = true;
                return NULL;
            }
            memcpy(out, buf, i);
            o = i;
        }
        if (keep) {
            keep = keep > len - i ? len - i : keep;
            memcpy(out + o, buf + i, keep);
            o += keep;
            i += keep;
        } else if (c == '\\' && k >= 0) {
            out[o++] = (char)0xEF, out[o++] = (char)0xB7, out[o++] = (char)(0x90 + k);
            memcpy(out + o, buf + i + 3, 3); /* \uDxyz: xyz */
            o += 3;
            i += 6;
        } else {
            memcpy(out + o, "\xef\xbf\xbd", 3);
            o += 3;
            i += c == '\\' ? 6 : 1;
        }
    }
    *out_len = o;
    return out;
}

static bool marker_at(const char *s, size_t n, size_t i, int k) {
    return i + 2 < n && (unsigned char)s[i] == 0xEF && (unsigned char)s[i + 1] == 0xB7
           && (unsigned char)s[i + 2] == 0x90 + k;
}

static bool has_marker(const char *s, size_t n, int k) {
    for (size_t i = 0; i + 2 < n; i++)
        if (marker_at(s, n, i, k))
            return true;
    return false;
}

/* s with each marker k + xyz as the 3-byte form of U+Dxyz; *n updated. */
static char *unmark(const char *s, size_t *n, int k) {
    char *out = malloc(*n + 1);
    if (!out)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < *n;) {
        int v = -1;
        if (marker_at(s, *n, i, k) && i + 5 < *n) {
            char h[4] = {'D', s[i + 3], s[i + 4], s[i + 5]};
            v = hex4(h, 4);
        }
        if (v >= 0xD800 && v <= 0xDFFF) {
            out[o++] = (char)0xED, out[o++] = (char)(0x80 | (v >> 6 & 0x3F)), out[o++] = (char)(0x80 | (v & 0x3F));
            i += 6;
        } else {
            out[o++] = s[i++];
        }
    }
    out[o] = 0;
    *n = o;
    return out;
}

/* Every marker k in j's strings and keys as a lone surrogate's 3-byte
 * form; -1 when out of memory. Jansson nests at most 2048 deep. */
static int unmark_tree(json_t *j, int k) {
    if (json_is_string(j)) {
        const char *s = json_string_value(j);
        size_t n = json_string_length(j);
        if (!has_marker(s, n, k))
            return 0;
        char *fixed = unmark(s, &n, k);
        int rc = fixed ? json_string_setn_nocheck(j, fixed, n) : -1;
        free(fixed);
        return rc;
    }
    if (json_is_array(j)) {
        for (size_t i = 0; i < json_array_size(j); i++)
            if (unmark_tree(json_array_get(j, i), k) < 0)
                return -1;
        return 0;
    }
    const char *key;
    size_t key_len;
    json_t *v, *tmp;
    int rc = 0;
    json_object_keylen_foreach_safe(j, tmp, key, key_len, v) {
        if (rc == 0 && unmark_tree(v, k) < 0)
            rc = -1;
        if (rc == 0 && has_marker(key, key_len, k)) {
            size_t n = key_len;
            char *fixed = unmark(key, &n, k);
            json_incref(v);
            rc = fixed && json_object_deln(j, key, key_len) == 0 ? json_object_setn_new_nocheck(j, fixed, n, v) : -1;
            if (rc < 0)
                json_decref(v);
            free(fixed);
        }
    }
    return rc;
}

json_t *cg_json_load(const char *buf, size_t len) {
    int k = free_marker(markers_in(buf, len));
    size_t n = 0;
    bool oom = false;
    char *fixed = rewrite_frame(buf, len, k, &n, &oom);
    if (oom)
        return NULL;
    json_t *j = json_loadb(fixed ? fixed : buf, fixed ? n : len, JSON_ALLOW_NUL, NULL);
    if (j && fixed && k >= 0 && unmark_tree(j, k) < 0) {
        json_decref(j);
        j = NULL;
    }
    free(fixed);
    return j;
}

/* The markers in j's strings and keys, as bits. */
static uint32_t tree_markers(const json_t *j) {
    if (json_is_string(j))
        return markers_in(json_string_value(j), json_string_length(j));
    uint32_t used = 0;
    if (json_is_array(j)) {
        for (size_t i = 0; i < json_array_size(j); i++)
            used |= tree_markers(json_array_get(j, i));
        return used;
    }
    const char *key;
    size_t key_len;
    json_t *v;
    json_object_keylen_foreach((json_t *)j, key, key_len, v) used |= markers_in(key, key_len) | tree_markers(v);
    return used;
}

/* s as valid UTF-8: each lone surrogate's 3-byte form as marker k + its
 * last three hex digits (U+FFFD when k < 0), other bytes that are not
 * UTF-8 as U+FFFD; *n updated. */
static char *mark(const char *s, size_t *n, int k) {
    char *out = malloc(3 * *n + 1);
    if (!out)
        return NULL;
    size_t o = 0;
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < *n;) {
        size_t len = utf8_seq(u + i, *n - i);
        bool surrogate = !len && i + 2 < *n && u[i] == 0xED && (u[i + 1] & 0xE0) == 0xA0 && (u[i + 2] & 0xC0) == 0x80;
        if (len) {
            memcpy(out + o, s + i, len);
            o += len, i += len;
        } else if (surrogate && k >= 0) {
            unsigned v = (unsigned)(u[i + 1] & 0x3F) << 6 | (u[i + 2] & 0x3F); /* U+D000 + v */
            o += (size_t)sprintf(out + o, "\xef\xb7%c%03x", 0x90 + k, v);
            i += 3;
        } else {
            memcpy(out + o, "\xef\xbf\xbd", 3);
            o += 3, i += surrogate ? 3 : 1;
        }
    }
    out[o] = 0;
    *n = o;
    return out;
}

/* A copy of j that Jansson can dump: strings and keys through mark(). */
static json_t *marked_copy(const json_t *j, int k) {
    if (json_is_string(j)) {
        size_t n = json_string_length(j);
        char *s = mark(json_string_value(j), &n, k);
        json_t *out = s ? json_stringn(s, n) : NULL;
        free(s);
        return out;
    }
    if (json_is_array(j)) {
        json_t *out = json_array();
        for (size_t i = 0; out && i < json_array_size(j); i++)
            if (json_array_append_new(out, marked_copy(json_array_get(j, i), k)) < 0) {
                json_decref(out);
                out = NULL;
            }
        return out;
    }
    if (!json_is_object(j))
        return json_incref((json_t *)j);
    json_t *out = json_object(), *v;
    const char *key;
    size_t key_len;
    json_object_keylen_foreach((json_t *)j, key, key_len, v) {
        size_t n = key_len;
        char *mk = out ? mark(key, &n, k) : NULL;
        if (!mk || json_object_setn_new(out, mk, n, marked_copy(v, k)) < 0) {
            json_decref(out);
            out = NULL;
        }
        free(mk);
    }
    return out;
}

/* Are all keys in j valid UTF-8? Jansson refuses a string value that is
 * not, but writes such a key as a broken string ({"a\ud800b": 1} came
 * out as {":1}), so those take the marked path too. */
static bool keys_utf8(const json_t *j) {
    if (json_is_array(j)) {
        for (size_t i = 0; i < json_array_size(j); i++)
            if (!keys_utf8(json_array_get(j, i)))
                return false;
        return true;
    }
    if (!json_is_object(j))
        return true;
    const char *key;
    size_t key_len;
    json_t *v;
    json_object_keylen_foreach((json_t *)j, key, key_len, v) {
        for (size_t i = 0, len; i < key_len; i += len)
            if (!(len = utf8_seq((const unsigned char *)key + i, key_len - i)))
                return false;
        if (!keys_utf8(v))
            return false;
    }
    return true;
}

char *cg_json_dump(const json_t *j) {
    char *text = keys_utf8(j) ? json_dumps(j, JSON_COMPACT) : NULL;
    if (text)
        return text;
    int k = free_marker(tree_markers(j));
    json_t *copy = marked_copy(j, k);
    text = copy ? json_dumps(copy, JSON_COMPACT) : NULL;
    json_decref(copy);
    /* marker k + xyz and \udxyz are both 6 bytes: rewritten in place */
    for (size_t i = 0, n = text && k >= 0 ? strlen(text) : 0; i + 5 < n; i++)
        if (marker_at(text, n, i, k))
            memcpy(text + i, "\\ud", 3);
    return text;
}
