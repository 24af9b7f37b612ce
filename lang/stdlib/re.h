/* re.h: what the files of the _re module share: the translation of a
 * Python pattern into PCRE2's syntax (re_translate.c) and the compiled
 * code object (re_code.c). */
#ifndef CG_STDLIB_RE_H
#define CG_STDLIB_RE_H

#include "runtime/value.h"

/* Python's flag bits (re.I, re.M, ...). */
enum {
    CG_RE_T = 1,
    CG_RE_I = 2,
    CG_RE_L = 4,
    CG_RE_M = 8,
    CG_RE_S = 16,
    CG_RE_U = 32,
    CG_RE_X = 64,
    CG_RE_DEBUG = 128,
    CG_RE_A = 256,
};

typedef struct {
    int flags;   /* the compile flags with the pattern's global inline flags */
    int ngroups; /* capturing groups */
    char **names; /* names[g] of group g (1..ngroups), NULL when unnamed */
} cg_re_info;

/* Reads pattern (a str) by Python's rules and writes the PCRE2 pattern
 * into *out (malloc'd); fills info. -1 with re.error (the class `error`,
 * called with msg, pattern, pos) or MemoryError raised. CPython's
 * FutureWarnings go to warn(msg) as they come, unless warn is None. */
int cg_re_translate(cg_value pattern, int flags, cg_value error, cg_value warn, cg_re_info *info, char **out);
void cg_re_info_free(cg_re_info *info);

/* _re.compile(pattern, flags, error, warn): the code object. */
cg_value cg_re_code_compile(cg_value pattern, cg_value flags, cg_value error, cg_value warn);
extern cg_type cg_re_code_type;

#endif
