/* json.h: what the files of the _json module share (json_module.c,
 * json_encoder.c, json_scanner.c, json_stack.c). Each entry takes its arguments bound
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

/* Held values, pushed and popped in order (json_stack.c). */
typedef struct {
    cg_value *v;
    int64_t n, cap;
} cg_json_stack;
/* Room for `more` values above n: 0, or -1 with MemoryError raised. */
int cg_json_stack_reserve(cg_json_stack *s, int64_t more);
/* Pushes v, taking its reference (released on failure; CG_ERR fails). */
int cg_json_stack_push(cg_json_stack *s, cg_value v);
/* Releases what is above base. */
void cg_json_stack_pop_to(cg_json_stack *s, int64_t base);

#endif
