/* json_module.c: `_json`, the C half of the json package (the rest,
 * JSONEncoder, JSONDecoder, dump and load, is prelude/json/): the encoder
 * (json_encoder.c) and the scanner (json_scanner.c), bound here. */
#include "runtime/containers.h"
#include "runtime/lang_internal.h"
#include "runtime/exc.h"
#include "runtime/module.h"
#include "stdlib/json.h"
#include "stdlib/stdlib.h"

enum { J_ENCODE, J_DECODE, J_SCANSTRING, J_QUOTE, J_QUOTE_ASCII, J_N };
static const cg_method_def json_defs[];

/* Binds the arguments of def, calls fn with them, releases them. */
static cg_value bound(int which, int n, const cg_args *a, cg_value (*fn)(cg_value *)) {
    cg_value v[11];
    if (cg_args_bind(&json_defs[which], a, v, n) < 0)
        return CG_ERR;
    cg_value r = fn(v);
    cg_args_release(&json_defs[which], v, n);
    return r;
}

static cg_value j_encode(cg_value self, const cg_args *a) { return bound(J_ENCODE, 11, a, cg_json_encode); }
static cg_value j_decode(cg_value self, const cg_args *a) { return bound(J_DECODE, 10, a, cg_json_decode); }
static cg_value j_scanstring(cg_value self, const cg_args *a) { return bound(J_SCANSTRING, 4, a, cg_json_scanstring); }

static cg_value quote(int which, const cg_args *a, bool ascii) {
    cg_value s;
    if (cg_args_bind(&json_defs[which], a, &s, 1) < 0)
        return CG_ERR;
    cg_value r;
    cg_value text = cg_unbox(s); /* a str subclass quotes as its text */
    if (!cg_is_str(text)) {
        r = cg_raise(&cg_exc_TypeError, "first argument must be a string, not %s", cg_type_name(s));
    } else {
        cg_strbuf b = CG_STRBUF_INIT;
        cg_json_quote(&b, cg_as_str(text), ascii);
        r = cg_str_from_strbuf(&b);
    }
    cg_decref(s);
    return r;
}

static cg_value j_quote(cg_value self, const cg_args *a) { return quote(J_QUOTE, a, false); }
static cg_value j_quote_ascii(cg_value self, const cg_args *a) { return quote(J_QUOTE_ASCII, a, true); }

static const cg_method_def json_defs[] = {
    [J_ENCODE] = {"encode", j_encode,
                  "encode(obj, skipkeys, ensure_ascii, check_circular, allow_nan, sort_keys, indent, "
                  "key_separator, item_separator, default, float_detail)",
                  "The JSON text of obj."},
    [J_DECODE] = {"decode", j_decode,
                  "decode(s, idx, whole, strict, object_hook, object_pairs_hook, parse_float, parse_int, "
                  "parse_constant, error)",
                  "The value of the JSON document s, or (value, end) of the one starting at idx."},
    [J_SCANSTRING] = {"scanstring", j_scanstring, "scanstring(s, end, strict, error)",
                      "(str, end) for the JSON string whose text starts at s[end]."},
    [J_QUOTE] = {"encode_basestring", j_quote, "encode_basestring(s, /)", "A JSON representation of s."},
    [J_QUOTE_ASCII] = {"encode_basestring_ascii", j_quote_ascii, "encode_basestring_ascii(s, /)",
                       "An ASCII-only JSON representation of s."},
    [J_N] = {NULL, NULL, NULL, NULL},
};

cg_value cg_json_native_module_init(void) { return cg_module_of("_json", json_defs); }
