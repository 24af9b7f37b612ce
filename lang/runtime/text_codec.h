/* text_codec.h: the encodings text files read and write (utf-8, latin-1,
 * ascii), incrementally: a file's bytes arrive in chunks, and a character
 * may be cut between two of them.
 *
 * Text here is cgrad's str form: UTF-8, lone surrogates in their 3-byte
 * form. Error handlers as Python's: strict (UnicodeDecodeError /
 * UnicodeEncodeError), ignore, replace (U+FFFD, or '?' when encoding),
 * surrogateescape (undecodable bytes as U+DC80..U+DCFF and back),
 * backslashreplace. */
#ifndef CG_TEXT_CODEC_H
#define CG_TEXT_CODEC_H

#include <stdbool.h>
#include <stddef.h>

#include "strbuf.h"
#include "runtime/value.h"

typedef enum { CG_CODEC_UTF8, CG_CODEC_LATIN1, CG_CODEC_ASCII } cg_codec;
typedef enum {
    CG_ERRORS_STRICT,
    CG_ERRORS_IGNORE,
    CG_ERRORS_REPLACE,
    CG_ERRORS_SURROGATEESCAPE,
    CG_ERRORS_BACKSLASHREPLACE
} cg_errors;

/* The codec of an encoding name as Python spells them ('utf-8', 'UTF8',
 * 'latin1', 'iso-8859-1', 'us-ascii', ...): 0, or -1 with LookupError
 * "unknown encoding: x". */
int cg_codec_lookup(const char *name, cg_codec *out);
/* The handler named `name`: 0, or -1 with LookupError "unknown error
 * handler name 'x'". */
int cg_errors_lookup(const char *name, cg_errors *out);
/* Python's name of the codec in messages: "utf-8", "latin-1", "ascii". */
const char *cg_codec_name(cg_codec c);

/* Decodes data[0, n) onto out. Unless final, an incomplete character at
 * the end is left undecoded: *used says how many bytes were taken. base
 * is the offset of data[0] in what the caller reports positions against.
 * 0, or -1 with UnicodeDecodeError pending. */
int cg_text_decode(cg_codec c, cg_errors e, const unsigned char *data, size_t n, bool final, size_t base,
                   cg_strbuf *out, size_t *used);
/* Encodes text[0, n) (cgrad's UTF-8) onto out; 0, or -1 with
 * UnicodeEncodeError pending (object: the str being written). */
int cg_text_encode(cg_codec c, cg_errors e, const char *text, size_t n, cg_value object, cg_strbuf *out);
/* How many bytes text[0, n) was decoded from, for tell(): its encoded
 * length under c (exact for text that decoded without errors). */
size_t cg_text_encoded_length(cg_codec c, const char *text, size_t n);

/* Note [Text files beyond C]: a file whose encoding or error handler C
 * does not run (cp1252, utf-16, a registered handler) reads and writes
 * through the codecs module's incremental decoder and encoder, made by
 * _codecs._text_file_codec (its LookupErrors are open()'s). */
int cg_text_codec_python(const char *encoding, const char *errors, cg_value *encoder, cg_value *decoder);
/* decoder.decode(data[0, n), final) appended to out (cgrad's UTF-8). */
int cg_text_decode_python(cg_value decoder, const unsigned char *data, size_t n, bool final, cg_strbuf *out);
/* encoder.encode(text[0, n)) appended to out. */
int cg_text_encode_python(cg_value encoder, const char *text, size_t n, cg_strbuf *out);
/* How many bytes text[0, n) takes in encoding (no BOM); -1 with an
 * exception. */
int64_t cg_text_encoded_length_python(const char *encoding, const char *text, size_t n);

/* Raises UnicodeDecodeError(encoding, data[0, n), start, end, reason). */
int cg_raise_unicode_decode(const char *encoding, const unsigned char *data, size_t n, int64_t start, int64_t end,
                            const char *reason);

#endif
