/* json_text.c: UTF-8 repair for JSON strings. */
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

size_t cg_text_byte_offset(const char *s, size_t cp) {
    size_t i = 0;
    for (; s[i]; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80 && cp-- == 0)
            break;
    return i;
}
