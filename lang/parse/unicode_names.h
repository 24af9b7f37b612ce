/* unicode_names.h: the Unicode character database as CPython 3.11 has it
 * (Unicode 14.0.0), over ICU: which code points it knows, and their
 * names. The \N{...} escape needs the names; runtime/ucd.h has the other
 * properties. */
#ifndef CG_UNICODE_NAMES_H
#define CG_UNICODE_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CG_UNIDATA_VERSION "14.0.0"

/* Was c assigned by the Unicode version given (major, minor: 14, 0 for
 * CPython's; 3, 2 for ucd_3_2_0)? Later characters read as unassigned. */
bool cg_ucd_assigned_by(uint32_t c, int major, int minor);
/* The code point named name[0..n) (any case; aliases too, as \N{...} and
 * unicodedata.lookup take them), or -1. */
int32_t cg_ucd_lookup(const char *name, size_t n, int major, int minor);
/* The named sequence name[0..n) (unicodedata.lookup's, not \N{...}'s)
 * into out: its length, 0 when there is none. */
int cg_ucd_lookup_sequence(const char *name, size_t n, uint32_t out[4]);
/* c's name into buf (NUL-terminated); false when it has none. */
bool cg_ucd_name(uint32_t c, char *buf, size_t cap, int major, int minor);

#endif
