/* ucd.h: the properties of the Unicode character database that Python
 * shows (unicodedata, and str's isdecimal, isnumeric, isprintable,
 * isidentifier), over ICU, as of the Unicode version asked: 14.0 for
 * CPython 3.11's (Note [Unicode version] in parse/unicode_names.c).
 * Names are parse/unicode_names.h's. */
#ifndef CG_UCD_H
#define CG_UCD_H

#include "parse/unicode_names.h"
#include "runtime/value.h"

/* A Unicode version: 14.0 (unicodedata) or 3.2 (unicodedata.ucd_3_2_0). */
typedef struct {
    int major, minor;
} cg_ucd_version;

extern const cg_ucd_version cg_ucd_current;

/* Short property value names, as unicodedata returns them: "Lu", "AL"
 * ("" for an unassigned character's bidirectional class), "Na". */
const char *cg_ucd_category(uint32_t c, cg_ucd_version v);
const char *cg_ucd_bidirectional(uint32_t c, cg_ucd_version v);
const char *cg_ucd_east_asian_width(uint32_t c, cg_ucd_version v);
int cg_ucd_combining(uint32_t c, cg_ucd_version v);
bool cg_ucd_mirrored(uint32_t c, cg_ucd_version v);
/* The decimal or digit value of c, or -1 when it has none. */
int cg_ucd_decimal(uint32_t c, cg_ucd_version v);
int cg_ucd_digit(uint32_t c, cg_ucd_version v);
/* c's numeric value; false when it has none. */
bool cg_ucd_numeric(uint32_t c, cg_ucd_version v, double *out);
/* "<compat> 0020 0308", "0041 030A", or "" into b. */
void cg_ucd_decomposition(cg_strbuf *b, uint32_t c, cg_ucd_version v);
/* unicodedata.normalize(form, s) and is_normalized: form is "NFC", "NFD",
 * "NFKC" or "NFKD" (ValueError otherwise). */
cg_value cg_ucd_normalize(const char *form, cg_value s, bool check_only);

/* str's character classes, in CPython 3.11's Unicode. */
bool cg_ucd_is_alpha(uint32_t c);
bool cg_ucd_is_decimal(uint32_t c);
bool cg_ucd_is_digit(uint32_t c);
bool cg_ucd_is_numeric(uint32_t c);
bool cg_ucd_is_printable(uint32_t c);
bool cg_ucd_is_xid_start(uint32_t c);
bool cg_ucd_is_xid_continue(uint32_t c);

#endif
