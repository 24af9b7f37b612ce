/* utf8_scan.h: word-at-a-time scans of UTF-8 text: the code points of a
 * run of bytes, and where the next line break is. They serve the loops
 * whose cost is per byte of a file (its lines, the csv reader's fields);
 * not a decoder (codecs.c validates, these trust their input).
 *
 * Note [Eight bytes at a time]
 * A 64-bit word holds eight bytes; the classic bit tricks test all eight
 * at once: ((w - ONES) & ~w & HIGHS) is nonzero exactly when some byte of
 * w is 0, so (w ^ c * ONES) finds a byte equal to c; a continuation byte
 * of UTF-8 (10xxxxxx) has its top bit set and the next one clear. Words
 * are read with memcpy (any alignment); the tail goes byte by byte. */
#ifndef CG_UTF8_SCAN_H
#define CG_UTF8_SCAN_H

#include <stdint.h>
#include <string.h>

#define CG_UTF8_ONES 0x0101010101010101ull
#define CG_UTF8_HIGHS 0x8080808080808080ull

static inline uint64_t cg_utf8_word(const char *p) {
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/* Nonzero when a byte of w is 0 (Note [Eight bytes at a time]). */
static inline uint64_t cg_utf8_zero_byte(uint64_t w) { return (w - CG_UTF8_ONES) & ~w & CG_UTF8_HIGHS; }

/* The code points among s's n bytes (well-formed UTF-8, or cut runs of
 * it: every byte that is not a continuation byte counts). */
static inline int64_t cg_utf8_count(const char *s, size_t n) {
    size_t i = 0, cont = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w = cg_utf8_word(s + i);
        /* a 1 at the top of each continuation byte, summed over the bytes by the multiply */
        cont += (size_t)((((w & ~(w << 1) & CG_UTF8_HIGHS) >> 7) * CG_UTF8_ONES) >> 56);
    }
    for (; i < n; i++)
        cont += ((unsigned char)s[i] & 0xC0) == 0x80;
    return (int64_t)(n - cont);
}

/* The first \n or \r in [p, end), or end. */
static inline const char *cg_utf8_find_eol(const char *p, const char *end) {
    for (; end - p >= 8; p += 8) {
        uint64_t w = cg_utf8_word(p);
        if (cg_utf8_zero_byte(w ^ ('\n' * CG_UTF8_ONES)) | cg_utf8_zero_byte(w ^ ('\r' * CG_UTF8_ONES)))
            break;
    }
    while (p < end && *p != '\n' && *p != '\r')
        p++;
    return p;
}

#endif
