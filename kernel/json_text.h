/* json_text.h: JSON strings from text that may not be valid UTF-8.
 *
 * Jansson refuses invalid UTF-8 (json_stringn returns NULL), and a NULL
 * set into an object vanishes silently; output of a cell must never be
 * lost that way, so bad bytes become U+FFFD as Python's "replace" does. */
#ifndef CG_JSON_TEXT_H
#define CG_JSON_TEXT_H

#include <stddef.h>

#include <jansson.h>

/* A new JSON string; NULL only when out of memory. */
json_t *cg_json_text(const char *s, size_t n);

#endif
