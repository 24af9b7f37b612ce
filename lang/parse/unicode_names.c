/* unicode_names.c: character names over ICU's database, cut to the
 * Unicode version asked (Note [Unicode version]).
 *
 * Note [Unicode version]: CPython 3.11 answers from Unicode 14.0.0; the
 * ICU of the distribution may know a later version. A character assigned
 * after the version asked (ICU's age of it) is treated as unassigned: no
 * name, category Cn, no properties. Properties of older characters that
 * a later version changed are ICU's (a handful). */
#include <string.h>
#include <unicode/uchar.h>

#include "parse/unicode_names.h"
#include "parse/unicode_aliases.h"

bool cg_ucd_assigned_by(uint32_t c, int major, int minor) {
    if (c > 0x10FFFF)
        return false;
    UVersionInfo age;
    u_charAge((UChar32)c, age);
    if (age[0] == 0 && age[1] == 0) /* never assigned */
        return false;
    return age[0] < major || (age[0] == major && age[1] <= minor);
}

/* Tangut ideographs: CPython 3.11 derives no "TANGUT IDEOGRAPH-17000"
 * names for them, as it does for CJK and Nushu */
static bool unnamed_tangut(UChar32 c) { return (c >= 0x17000 && c <= 0x187F7) || (c >= 0x18D00 && c <= 0x18D08); }

/* name[0..n) in upper case, as the database spells names, into buf;
 * false when it cannot be a name */
static bool upper_name(const char *name, size_t n, char *buf, size_t cap) {
    if (n == 0 || n >= cap || memchr(name, 0, n))
        return false;
    for (size_t i = 0; i < n; i++)
        buf[i] = name[i] >= 'a' && name[i] <= 'z' ? (char)(name[i] - 32) : name[i];
    buf[n] = 0;
    return true;
}

/* The index of name in a table sorted by name (rows of `size` bytes,
 * each starting with its name), or -1. */
static int find_name(const void *table, size_t count, size_t size, const char *name) {
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const char *at = *(const char *const *)(const void *)((const char *)table + mid * size);
        int cmp = strcmp(name, at);
        if (cmp == 0)
            return (int)mid;
        if (cmp < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return -1;
}

#define FIND_NAME(TABLE, NAME) find_name(TABLE, sizeof TABLE / sizeof TABLE[0], sizeof TABLE[0], NAME)

int32_t cg_ucd_lookup(const char *name, size_t n, int major, int minor) {
    char buf[256];
    if (!upper_name(name, n, buf, sizeof buf))
        return -1;
    UErrorCode err = U_ZERO_ERROR;
    UChar32 c = u_charFromName(U_UNICODE_CHAR_NAME, buf, &err);
    if (U_FAILURE(err) || c < 0) { /* an alias: CONTROL's, BOM, NBSP, corrections */
        int i = FIND_NAME(UNICODE_ALIASES, buf);
        c = i < 0 ? -1 : (UChar32)UNICODE_ALIASES[i].cp;
    }
    if (c >= 0 && cg_ucd_assigned_by((uint32_t)c, major, minor) && !unnamed_tangut(c))
        return c;
    return -1;
}

int cg_ucd_lookup_sequence(const char *name, size_t n, uint32_t out[4]) {
    char buf[256];
    int i = upper_name(name, n, buf, sizeof buf) ? FIND_NAME(UNICODE_NAMED_SEQUENCES, buf) : -1;
    if (i < 0)
        return 0;
    int k = 0;
    while (k < 4 && UNICODE_NAMED_SEQUENCES[i].cps[k])
        out[k] = UNICODE_NAMED_SEQUENCES[i].cps[k], k++;
    return k;
}

bool cg_ucd_name(uint32_t c, char *buf, size_t cap, int major, int minor) {
    if (!cg_ucd_assigned_by(c, major, minor) || unnamed_tangut((UChar32)c))
        return false;
    UErrorCode err = U_ZERO_ERROR;
    int32_t n = u_charName((UChar32)c, U_UNICODE_CHAR_NAME, buf, (int32_t)cap, &err);
    return U_SUCCESS(err) && n > 0 && (size_t)n < cap;
}
