/* introspect.h: looking at values without running any of the user's code,
 * for completion and inspection (lang/'s own header).
 *
 * A dotted name ("model.fc.weight") is followed through module members,
 * instance and class dicts, nn.Module's parameter/buffer/submodule dicts
 * and the C attributes of builtin types; never through a property, a
 * __getattr__ or any other call. Also the small text helpers both
 * services need: code points and keywords. */
#ifndef CG_INTROSPECT_H
#define CG_INTROSPECT_H

#include <stdbool.h>
#include <stddef.h>

#include "runtime/value.h"

/* A name and its kind ("function", "module", "class", "instance",
 * "keyword", "property", "magic"), for completion's lists. */
typedef struct {
    char *name;
    const char *kind;
} cg_name_kind;

typedef struct {
    int n, cap;
    cg_name_kind *items;
    bool failed; /* an allocation failed */
} cg_names;

void cg_names_add(cg_names *l, const char *name, size_t len, const char *kind);
void cg_names_free(cg_names *l);
/* Adds the str keys of d with the kinds of their values. */
void cg_names_add_keys(cg_names *l, cg_dict *d);

/* The kind of a value as Jedi names it. */
const char *cg_value_kind(cg_value v);
/* The attribute names of v, as dir(v) lists them, with their kinds. */
void cg_attr_names(cg_value v, cg_names *out);
/* v.name when it can be read without calling the user's code: a new
 * reference, or CG_STOP (no exception pending either way). */
cg_value cg_safe_attr(cg_value v, cg_str *name);
/* The value the dotted name denotes in globals (then builtins), or CG_STOP. */
cg_value cg_safe_lookup(cg_dict *globals, const char *dotted, size_t len);

bool cg_is_keyword(const char *s, size_t len);
extern const char *const cg_keywords[]; /* NULL-terminated */

/* The byte offset of code point cp in s (len bytes), clamped to len. */
size_t cg_utf8_offset(const char *s, size_t len, size_t cp);
/* The code points in s[0, n). */
size_t cg_utf8_count(const char *s, size_t n);
/* A byte of an identifier: ASCII letters, digits, _ and any non-ASCII. */
static inline bool cg_ident_byte(unsigned char c) {
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
}

#endif
