/* strbuf.h: the growable NUL-terminated string that display/ and lang/
 * build text with (renderings, repr, format, tracebacks).
 *
 * Appends never fail loudly: a failed allocation marks the buffer, later
 * appends do nothing, and cg_strbuf_take() reports the failure once, as the
 * engine's MemoryError (lang/ turns a failed buffer into Python's
 * MemoryError instead). It is not a string library: only appending and
 * taking the result. */
#ifndef CG_STRBUF_H
#define CG_STRBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

typedef struct {
    char *data; /* NUL-terminated when not NULL */
    size_t len;
    size_t cap;
    bool failed; /* an allocation failed; the contents are incomplete */
} cg_strbuf;

#define CG_STRBUF_INIT \
    { NULL, 0, 0, false }

void cg_strbuf_append(cg_strbuf *b, const char *s, size_t n);
void cg_strbuf_puts(cg_strbuf *b, const char *s);
void cg_strbuf_putc(cg_strbuf *b, char c);
/* Makes room for n more bytes at once, for a result whose size is known
 * before it is built: a size beyond what the machine can give fails here,
 * at once (the buffer marked failed, false), rather than after appends
 * have spent the machine's memory. */
bool cg_strbuf_reserve(cg_strbuf *b, size_t n);
/* Appends n copies of c (padding and indentation); nothing when n <= 0. */
void cg_strbuf_repeat(cg_strbuf *b, char c, int64_t n);
void cg_strbuf_printf(cg_strbuf *b, const char *fmt, ...) CG_PRINTF(2, 3);
/* Appends code point cp as UTF-8. A lone surrogate gets its 3-byte form,
 * as Python's str may hold one. */
void cg_strbuf_put_cp(cg_strbuf *b, uint32_t cp);
/* The same UTF-8 into out (4 bytes at most); returns the byte count. */
int cg_cp_encode(uint32_t cp, char *out);
/* The malloc'd string, which the caller frees; the buffer is left empty.
 * NULL with a MemoryError set when an append failed. */
char *cg_strbuf_take(cg_strbuf *b);
void cg_strbuf_free(cg_strbuf *b);

#endif
