/* text_codec.c: a text file's codec when C's (codecs.c) does not run it:
 * the codecs module's incremental encoder and decoder, called from C
 * (Note [Text files beyond C] in text_codec.h). */
#include <stdio.h>
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "runtime/text_codec.h"

/* ---- through the codecs module (Note [Text files beyond C]) ----------------------------- */

static cg_value codecs_call(const char *fn, int n, cg_value *args) {
    cg_value mod = cg_import("_codecs");
    if (cg_is_err(mod))
        return CG_ERR;
    cg_value r = cg_call_method(mod, fn, n, args);
    cg_decref(mod);
    return r;
}

int cg_text_codec_python(const char *encoding, const char *errors, cg_value *encoder, cg_value *decoder) {
    cg_value args[2] = {cg_str_from_c(encoding), cg_str_from_c(errors)};
    cg_value pair = cg_is_err(args[0]) || cg_is_err(args[1]) ? CG_ERR : codecs_call("_text_file_codec", 2, args);
    cg_decref(args[0]);
    cg_decref(args[1]);
    if (cg_is_err(pair))
        return -1;
    *encoder = cg_incref(cg_as_tuple(pair)->items[0]);
    *decoder = cg_incref(cg_as_tuple(pair)->items[1]);
    cg_decref(pair);
    return 0;
}

int cg_text_decode_python(cg_value decoder, const unsigned char *data, size_t n, bool final, cg_strbuf *out) {
    cg_value args[2] = {cg_bytes_new((const char *)data, n), cg_bool(final)};
    cg_value text = cg_is_err(args[0]) ? CG_ERR : cg_call_method(decoder, "decode", 2, args);
    cg_decref(args[0]);
    if (cg_is_err(text))
        return -1;
    int rc = 0;
    if (!cg_is_str(text))
        rc = cg_raise_int(&cg_exc_TypeError, "decoder should return a string result, not '%s'", cg_type_name(text));
    else
        cg_strbuf_append(out, cg_str_cstr(text), (size_t)cg_as_str(text)->len);
    cg_decref(text);
    return rc;
}

int cg_text_encode_python(cg_value encoder, const char *text, size_t n, cg_strbuf *out) {
    cg_value s = cg_str_new(text, n);
    cg_value data = cg_is_err(s) ? CG_ERR : cg_call_method(encoder, "encode", 1, &s);
    cg_decref(s);
    if (cg_is_err(data))
        return -1;
    int rc = 0;
    if (!cg_is_bytes(data))
        rc = cg_raise_int(&cg_exc_TypeError, "encoder should return a bytes object, not '%s'", cg_type_name(data));
    else
        cg_strbuf_append(out, cg_as_bytes(data)->s, (size_t)cg_as_bytes(data)->len);
    cg_decref(data);
    return rc;
}

int64_t cg_text_encoded_length_python(const char *encoding, const char *text, size_t n) {
    cg_value args[2] = {cg_str_from_c(encoding), cg_str_new(text, n)};
    cg_value r = cg_is_err(args[0]) || cg_is_err(args[1]) ? CG_ERR : codecs_call("_encoded_length", 2, args);
    cg_decref(args[0]);
    cg_decref(args[1]);
    int64_t len = -1;
    if (!cg_is_err(r) && cg_index_value(r, &len) < 0)
        len = -1;
    cg_decref(r);
    return len;
}
