/* codecs.h: text to bytes and back (str.encode, bytes.decode, bytes(s,
 * encoding)): the codecs utf-8, ascii, latin-1, utf-16 and utf-32 (with a
 * BOM, -le and -be), under CPython's names and spellings, and the error
 * handlers strict, ignore, replace, backslashreplace, surrogateescape,
 * surrogatepass and xmlcharrefreplace (encoding only), with CPython's
 * exceptions and messages. Not the codecs module nor custom handlers. */
#ifndef CG_CODECS_H
#define CG_CODECS_H

#include "runtime/value.h"

/* str -> bytes; LookupError "unknown encoding: foo", UnicodeEncodeError */
cg_value cg_str_encode(cg_value str, const char *encoding, const char *errors);
/* bytes -> str; LookupError, UnicodeDecodeError */
cg_value cg_bytes_decode(const char *s, int64_t n, const char *encoding, const char *errors);
/* Raises UnicodeDecodeError(encoding, object (bytes of s[0..n)), start,
 * end, reason): the exception with its attributes, which text files
 * (text_codec.c) raise through it too. */
cg_value cg_raise_decode_error(const char *encoding, const char *s, int64_t n, int64_t start, int64_t end,
                               const char *reason);
/* str.encode bound on the str type (bytes.c's start-up adds it). */
int cg_codecs_init(void);

#endif
