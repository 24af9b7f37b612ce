/* text_codec.h: the text files' codecs that C does not run (cp1252,
 * utf-16 with its BOM, registered error handlers ...), through the codecs
 * module. Files decode and encode utf-8, latin-1, ascii and the other
 * stateless codecs with codecs.c (Note [One set of codecs] in codecs.h).
 *
 * Text here is cgrad's str form: UTF-8, lone surrogates in their 3-byte
 * form. */
#ifndef CG_TEXT_CODEC_H
#define CG_TEXT_CODEC_H

#include <stdbool.h>
#include <stddef.h>

#include "strbuf.h"
#include "runtime/value.h"

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

#endif
