/* codecs.h: text to bytes and back (str.encode, bytes.decode, bytes(s,
 * encoding)): the codecs utf-8, ascii, latin-1, utf-16 and utf-32 (with a
 * BOM, -le and -be), under CPython's names and spellings, and the error
 * handlers strict, ignore, replace, backslashreplace, surrogateescape,
 * surrogatepass and xmlcharrefreplace (encoding only), with CPython's
 * exceptions and messages. Not the codecs module nor custom handlers. */
#ifndef CG_CODECS_H
#define CG_CODECS_H

#include <stdbool.h>

#include "strbuf.h"
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
/* Note [One set of codecs]: text files (fileio.c) decode and encode with
 * these same functions, chunk by chunk. */
/* Whether C runs encoding with errors both ways (stateless: not the
 * BOM-writing utf-16/utf-32, which files leave to the codecs module's
 * incremental classes). Never raises. */
bool cg_codecs_run_in_c(const char *encoding, const char *errors, bool stateless);
/* Appends s[0, n) decoded onto out (cgrad's UTF-8); unless final, a
 * character cut at the end is left: *consumed says how many bytes were
 * used. Errors report positions in s. 0, or -1 with the exception. */
int cg_codecs_decode_into(const char *encoding, const char *errors, const char *s, int64_t n, bool final,
                          cg_strbuf *out, int64_t *consumed);
/* Appends str (a str value) encoded onto out; 0 or -1. */
int cg_codecs_encode_into(const char *encoding, const char *errors, cg_value str, cg_strbuf *out);
/* How many bytes text[0, n) (cgrad's UTF-8) takes in encoding, no BOM. */
int64_t cg_codecs_encoded_length(const char *encoding, const char *text, size_t n);
/* str.encode bound on the str type (bytes.c's start-up adds it). */
int cg_codecs_init(void);

#endif
