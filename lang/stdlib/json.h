/* json.h: what the files of the _json module share (json_module.c,
 * json_encoder.c, json_scanner.c). Each entry takes its arguments bound
 * in the order of its signature in json_module.c. */
#ifndef CG_STDLIB_JSON_H
#define CG_STDLIB_JSON_H

#include "runtime/value.h"

/* Appends s as a JSON string literal: quotes, escapes, and with ascii
 * every non-ASCII character as \uXXXX (surrogate pairs past U+FFFF). */
void cg_json_quote(cg_strbuf *b, const cg_str *s, bool ascii);
cg_value cg_json_encode(cg_value *args);
cg_value cg_json_decode(cg_value *args);
cg_value cg_json_scanstring(cg_value *args);

#endif
