/* exc_unicode.c: what UnicodeEncodeError, UnicodeDecodeError and
 * UnicodeTranslateError add to an exception: a constructor that checks its
 * five (four) arguments, the attributes encoding, object, start, end and
 * reason, and a message built from them, as CPython's.
 *
 * Not here: the classes themselves (exc.c) and who raises them (codecs.c,
 * and host.c for text a UTF-8 stream cannot take). The attributes live in the
 * instance's __dict__, so assigning e.start changes str(e), as there. */
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

static const char *const ATTRS[] = {"encoding", "object", "start", "end", "reason"};

static bool is_translate(cg_type *t) { return cg_type_is_subtype(t, &cg_exc_UnicodeTranslateError); }

/* CPython's argument checks ("function takes exactly 5 arguments (1
 * given)", "argument 5 must be str, not int"), then the attributes. */
static int set_attributes(cg_value self, cg_type *t, const cg_args *a) {
    bool translate = is_translate(t);
    int want = translate ? 4 : 5;
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no keyword arguments", t->name);
    if (a->npos != want)
        return cg_raise_int(&cg_exc_TypeError, "function takes exactly %d arguments (%d given)", want, a->npos);
    const cg_value *p = a->pos;
    if (!translate && !cg_is_str(p[0]))
        return cg_raise_int(&cg_exc_TypeError, "argument 1 must be str, not %s", cg_type_name(p[0]));
    cg_value object = p[translate ? 0 : 1];
    /* Decoding errors hold bytes (a bytes-like object, kept as bytes). */
    bool decode = cg_type_is_subtype(t, &cg_exc_UnicodeDecodeError);
    if (decode && !cg_has_buffer(object))
        return cg_raise_int(&cg_exc_TypeError, "a bytes-like object is required, not '%s'", cg_type_name(object));
    if (!decode && !cg_is_str(object))
        return cg_raise_int(&cg_exc_TypeError, "argument %d must be str, not %s", translate ? 1 : 2,
                            cg_type_name(object));
    int64_t n;
    for (int i = want - 3; i < want - 1; i++)
        if (cg_index_value(p[i], &n) < 0)
            return -1;
    if (!cg_is_str(p[want - 1]))
        return cg_raise_int(&cg_exc_TypeError, "argument %d must be str, not %s", want, cg_type_name(p[want - 1]));
    cg_value encoding = translate ? CG_NONE : p[0];
    cg_value kept = decode ? cg_call1(cg_obj_value(&cg_type_bytes), object) : cg_incref(object);
    if (cg_is_err(kept))
        return -1;
    cg_value values[5] = {encoding, kept, p[want - 3], p[want - 2], p[want - 1]};
    int rc = 0;
    for (int i = 0; i < 5 && rc == 0; i++)
        rc = cg_setattr(self, cg_str_intern(ATTRS[i]), values[i]);
    cg_decref(kept);
    return rc;
}

cg_value cg_unicode_error_new(cg_type *type, const cg_args *args) {
    cg_value self = cg_exc_new_with_args(type, args);
    if (cg_is_err(self))
        return self;
    if (set_attributes(self, type, args) < 0) {
        cg_decref(self);
        return CG_ERR;
    }
    return self;
}

/* The code point at index i of s, or -1 when i is out of range. */
static int64_t code_point_at(const cg_str *s, int64_t i) {
    if (i < 0 || i >= s->ncp)
        return -1;
    int64_t at = 0;
    uint32_t cp = 0;
    for (int64_t k = 0; k <= i; k++)
        cp = cg_cp_next(s->s, s->len, &at);
    return cp;
}

/* "'utf-8' codec can't encode character '\ud800' in position 1: surrogates
 * not allowed": one character named by its escape, several by their span. */
cg_value cg_unicode_error_str(cg_value self) {
    cg_value v[5];
    for (int i = 0; i < 5; i++) {
        v[i] = cg_getattr(self, cg_str_intern(ATTRS[i]));
        if (cg_is_err(v[i])) {
            while (i--)
                cg_decref(v[i]);
            /* Made without its arguments (a subclass's __new__): Python's
             * falls back to the plain message. */
            cg_exc_clear();
            const cg_tuple *args = (const cg_tuple *)((cg_exc *)self.u.o)->args.u.o;
            return args->len == 1 ? cg_to_str(args->items[0]) : cg_str_from_c("");
        }
    }
    cg_value r = CG_ERR;
    int64_t start, end;
    cg_value reason = cg_to_str(v[4]);
    if (cg_is_err(reason) || cg_index_value(v[2], &start) < 0 || cg_index_value(v[3], &end) < 0)
        goto out;
    cg_strbuf b = {0};
    bool translate = is_translate(cg_typeof(self));
    if (!translate) {
        if (cg_repr_into(&b, v[0]) < 0)
            goto fail;
        cg_strbuf_puts(&b, " codec ");
    }
    if (cg_is_bytes(v[1])) {
        /* "can't decode byte 0xff in position 0" / "bytes in position 0-2" */
        cg_bytes *o = cg_as_bytes(v[1]);
        if (end == start + 1 && start >= 0 && start < o->len)
            cg_strbuf_printf(&b, "can't decode byte 0x%02x in position %lld", (unsigned char)o->s[start],
                             (long long)start);
        else
            cg_strbuf_printf(&b, "can't decode bytes in position %lld-%lld", (long long)start, (long long)(end - 1));
        goto reason;
    }
    cg_strbuf_puts(&b, translate ? "can't translate" : "can't encode");
    int64_t cp = cg_is_str(v[1]) && end == start + 1 ? code_point_at(cg_as_str(v[1]), start) : -1;
    if (cp < 0)
        cg_strbuf_printf(&b, " characters in position %lld-%lld", (long long)start, (long long)(end - 1));
    else if (cp < 0x100)
        cg_strbuf_printf(&b, " character '\\x%02x' in position %lld", (unsigned)cp, (long long)start);
    else if (cp < 0x10000)
        cg_strbuf_printf(&b, " character '\\u%04x' in position %lld", (unsigned)cp, (long long)start);
    else
        cg_strbuf_printf(&b, " character '\\U%08x' in position %lld", (unsigned)cp, (long long)start);
reason:
    cg_strbuf_puts(&b, ": ");
    cg_strbuf_append(&b, cg_str_cstr(reason), (size_t)cg_as_str(reason)->len);
    r = cg_str_from_strbuf(&b);
    goto out;
fail:
    cg_strbuf_free(&b);
out:
    if (!cg_is_err(reason))
        cg_decref(reason);
    for (int i = 0; i < 5; i++)
        cg_decref(v[i]);
    return r;
}

cg_value cg_raise_unicode_encode(const char *encoding, cg_value object, int64_t start, int64_t end,
                                 const char *reason) {
    cg_value enc = cg_str_from_c(encoding);
    cg_value why = cg_str_from_c(reason);
    cg_value pos[5] = {enc, object, cg_int(start), cg_int(end), why};
    cg_value e = CG_ERR;
    if (!cg_is_err(enc) && !cg_is_err(why))
        e = cg_unicode_error_new(&cg_exc_UnicodeEncodeError, &(cg_args){.pos = pos, .npos = 5});
    cg_decref(enc);
    cg_decref(why);
    if (cg_is_err(e))
        return e;
    cg_exc_set_context(e);
    cg_exc_restore(e);
    return CG_ERR;
}
