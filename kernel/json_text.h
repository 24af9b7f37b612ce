/* json_text.h: JSON strings from text that may not be valid UTF-8.
 *
 * Jansson refuses invalid UTF-8 (json_stringn returns NULL), and a NULL
 * set into an object vanishes silently; output of a cell must never be
 * lost that way, so bad bytes become U+FFFD as Python's "replace" does.
 * Also messages' JSON with what Jansson refuses and Python accepts, and
 * positions in such strings, as Jupyter counts them. */
#ifndef CG_JSON_TEXT_H
#define CG_JSON_TEXT_H

#include <stddef.h>

#include <jansson.h>

/* A new JSON string; NULL only when out of memory. */
json_t *cg_json_text(const char *s, size_t n);

/* A message frame's JSON, read as jupyter_client's Python reads it (Note
 * [Strings Jansson refuses] in json_text.c): \u0000 is kept (such a
 * string's length is json_string_length, not strlen), a lone surrogate
 * escape becomes its 3-byte form (as the language's str holds it), and a
 * byte that is not UTF-8 becomes U+FFFD. NULL when it is not JSON. */
json_t *cg_json_load(const char *buf, size_t len);
/* j as compact JSON (malloc'd), lone surrogates' 3-byte forms written as
 * \udxxx escapes, which Python's json reads back to the same str; NULL
 * only when out of memory. */
char *cg_json_dump(const json_t *j);

/* Jupyter counts positions in code points (protocol 5.2), strings from
 * Jansson are valid UTF-8: the code points in s[0, n), and the byte
 * offset of code point cp in s[0, n) (clamped to n). */
size_t cg_text_code_points(const char *s, size_t n);
size_t cg_text_byte_offset(const char *s, size_t n, size_t cp);

#endif
