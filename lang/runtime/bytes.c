/* bytes.c: the bytes object and the buffer interface's registry: making
 * bytes (literals, bytes(x)), repr, hash, comparison, concatenation,
 * repetition, indexing (ints) and slicing (bytes), `in`.
 *
 * Not here: the methods both bytes and bytearray have (bytes_methods.c),
 * `%` formatting (bytes_format.c), bytearray (bytearray.c), encodings
 * (codecs.c). See Note [The buffer interface] in bytes.h. */
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/codecs.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

/* ---- the buffer interface's registry ------------------------------------ */

#define MAX_BUFFER_TYPES 16
static struct {
    cg_type *type;
    const cg_buffer_procs *procs;
} lenders[MAX_BUFFER_TYPES];
static int nlenders;

int cg_buffer_register(cg_type *t, const cg_buffer_procs *procs) {
    for (int i = 0; i < nlenders; i++)
        if (lenders[i].type == t)
            return 0;
    if (nlenders == MAX_BUFFER_TYPES)
        return cg_raise_int(&cg_exc_RuntimeError, "too many buffer types");
    lenders[nlenders].type = t;
    lenders[nlenders++].procs = procs;
    return 0;
}

static const cg_buffer_procs *procs_of(cg_value v) {
    if (!cg_is_obj(v))
        return NULL;
    for (cg_type *t = v.u.o->type; t; t = t->base)
        for (int i = 0; i < nlenders; i++)
            if (lenders[i].type == t)
                return lenders[i].procs;
    return NULL;
}

bool cg_has_buffer(cg_value v) { return procs_of(v) != NULL; }

int cg_buffer_get(cg_value v, cg_buffer *out) {
    v = cg_unbox(v); /* a subclass of bytes lends its value's buffer */
    const cg_buffer_procs *p = procs_of(v);
    *out = (cg_buffer){.owner = CG_NONE};
    if (!p)
        return cg_raise_int(&cg_exc_TypeError, "a bytes-like object is required, not '%s'", cg_type_name(v));
    if (p->get(v, out) < 0)
        return -1;
    out->owner = cg_incref(v);
    return 0;
}

void cg_buffer_release(cg_buffer *b) {
    if (cg_is_none(b->owner))
        return;
    const cg_buffer_procs *p = procs_of(b->owner);
    if (p && p->release)
        p->release(b->owner);
    cg_decref(b->owner);
    b->owner = CG_NONE;
}

/* ---- making bytes ---------------------------------------------------------- */

cg_bytes *cg_bytes_alloc(size_t len) {
    cg_bytes *b = malloc(sizeof(cg_bytes) + len + 1);
    if (!b)
        return NULL;
    b->head.refcnt = 1;
    b->head.type = &cg_type_bytes;
    b->len = (int64_t)len;
    b->hash = -1;
    b->s[len] = 0;
    return b;
}

cg_value cg_bytes_new(const char *s, size_t len) {
    cg_bytes *b = cg_bytes_alloc(len);
    if (!b)
        return cg_raise_nomemory();
    if (len)
        memcpy(b->s, s, len);
    return cg_obj_value(b);
}

/* Literals live as long as the process, as interned strs do: the code
 * that holds them (an AST arena) never releases its constants. */
static cg_bytes **constants;
static size_t nconstants, capconstants;

cg_value cg_bytes_constant(const char *s, size_t len) {
    for (size_t i = 0; i < nconstants; i++)
        if (constants[i]->len == (int64_t)len && memcmp(constants[i]->s, s, len) == 0)
            return cg_obj_value(constants[i]);
    if (nconstants == capconstants) {
        size_t cap = capconstants ? capconstants * 2 : 64;
        cg_bytes **n = realloc(constants, cap * sizeof *n);
        if (!n)
            return cg_raise_nomemory();
        constants = n;
        capconstants = cap;
    }
    cg_value v = cg_bytes_new(s, len);
    if (cg_is_err(v))
        return v;
    v.u.o->refcnt = CG_IMMORTAL;
    constants[nconstants++] = cg_as_bytes(v);
    return v;
}

bool cg_is_bytes(cg_value v) { return cg_is_obj(v) && cg_type_is_subtype(v.u.o->type, &cg_type_bytes); }

int cg_byte_index(cg_value v, int64_t *k) {
    if (cg_is_bigint(v)) {
        *k = -1;
        return 0;
    }
    return cg_index_value(v, k);
}

/* One item of an iterable of ints, checked as CPython checks it. */
static int byte_value(cg_value item, bool bytearray, char *out) {
    int64_t k;
    if (cg_byte_index(item, &k) < 0)
        return -1;
    if (k < 0 || k > 255)
        return cg_raise_int(&cg_exc_ValueError,
                            bytearray ? "byte must be in range(0, 256)" : "bytes must be in range(0, 256)");
    *out = (char)k;
    return 0;
}

static int from_iterable(cg_value x, bool bytearray, char **out, int64_t *len) {
    cg_value it = cg_iter(x);
    if (cg_is_err(it))
        return -1;
    cg_strbuf b = {0};
    for (;;) {
        cg_value item = cg_next(it);
        if (item.tag == CG_V_STOP)
            break;
        char c = 0;
        int r = cg_is_err(item) ? -1 : byte_value(item, bytearray, &c);
        cg_decref(item);
        if (r < 0) {
            cg_decref(it);
            cg_strbuf_free(&b);
            return -1;
        }
        cg_strbuf_putc(&b, c);
    }
    cg_decref(it);
    *len = (int64_t)b.len;
    *out = b.len ? b.data : calloc(1, 1);
    if (!b.len)
        cg_strbuf_free(&b);
    return *out ? 0 : (cg_raise_nomemory(), -1);
}

int cg_bytes_from_object(cg_value x, bool bytearray, char **out, int64_t *len) {
    const char *what = bytearray ? "bytearray" : "bytes";
    if (cg_is_type(x, &cg_type_memoryview)) {
        /* a strided view lends no flat buffer: its items in order */
        cg_value flat = cg_call_method(x, "tobytes", 0, NULL);
        if (cg_is_err(flat))
            return -1;
        int rc = cg_bytes_from_object(flat, bytearray, out, len);
        cg_decref(flat);
        return rc;
    }
    if (cg_has_buffer(x)) {
        cg_buffer view;
        if (cg_buffer_get(x, &view) < 0)
            return -1;
        *out = malloc((size_t)view.len + 1);
        if (*out)
            memcpy(*out, view.buf, (size_t)view.len);
        *len = view.len;
        cg_buffer_release(&view);
        return *out ? 0 : (cg_raise_nomemory(), -1);
    }
    if (x.tag == CG_V_INT || x.tag == CG_V_BOOL) {
        if (x.u.i < 0)
            return cg_raise_int(&cg_exc_ValueError, "negative count");
        *out = calloc((size_t)x.u.i + 1, 1);
        *len = x.u.i;
        return *out ? 0 : (cg_raise_nomemory(), -1);
    }
    if (cg_is_str(x))
        return cg_raise_int(&cg_exc_TypeError, "string argument without an encoding");
    if (!cg_typeof(x)->iter && cg_type_lookup_borrowed(cg_typeof(x), cg_str_intern("__getitem__")).tag == CG_V_STOP)
        return cg_raise_int(&cg_exc_TypeError, "cannot convert '%s' object to %s", cg_type_name(x), what);
    return from_iterable(x, bytearray, out, len);
}

/* bytes(), bytes(x), bytes(str, encoding, errors): what both constructors
 * read; *out gets the contents, malloc'd. */
int cg_bytes_ctor_contents(const char *what, const cg_args *a, char **out, int64_t *len) {
    cg_value src = CG_STOP, enc = CG_STOP, errs = CG_STOP;
    if (a->npos > 3)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes at most 3 arguments (%d given)", what, a->npos + a->nkw);
    cg_value *slots[3] = {&src, &enc, &errs};
    for (int i = 0; i < a->npos; i++)
        *slots[i] = a->pos[i];
    static const char *const names[3] = {"source", "encoding", "errors"};
    for (int k = 0; k < a->nkw; k++) {
        int i = 0;
        while (i < 3 && strcmp(a->kwn[k]->s, names[i]) != 0)
            i++;
        if (i == 3)
            return cg_raise_int(&cg_exc_TypeError, "'%s' is an invalid keyword argument for %s()", a->kwn[k]->s, what);
        if (slots[i]->tag != CG_V_STOP)
            return cg_raise_int(&cg_exc_TypeError, "argument for %s() given by name ('%s') and position (%d)", what,
                                names[i], i + 1);
        *slots[i] = a->kwv[k];
    }
    if (src.tag == CG_V_STOP) {
        if (enc.tag != CG_V_STOP || errs.tag != CG_V_STOP)
            return cg_raise_int(&cg_exc_TypeError, enc.tag != CG_V_STOP ? "encoding without a string argument"
                                                                        : "errors without a string argument");
        *out = calloc(1, 1);
        *len = 0;
        return *out ? 0 : (cg_raise_nomemory(), -1);
    }
    if (enc.tag != CG_V_STOP || errs.tag != CG_V_STOP) {
        if (!cg_is_str(src))
            return cg_raise_int(&cg_exc_TypeError, enc.tag != CG_V_STOP ? "encoding without a string argument"
                                                                        : "errors without a string argument");
        for (int i = 1; i < 3; i++)
            if (slots[i]->tag != CG_V_STOP && !cg_is_str(*slots[i]))
                return cg_raise_int(&cg_exc_TypeError, "%s() argument '%s' must be str, not %s", what, names[i],
                                    cg_type_name(*slots[i]));
        cg_value r = cg_str_encode(src, enc.tag == CG_V_STOP ? "utf-8" : cg_str_cstr(enc),
                                   errs.tag == CG_V_STOP ? "strict" : cg_str_cstr(errs));
        if (cg_is_err(r))
            return -1;
        *len = cg_as_bytes(r)->len;
        *out = malloc((size_t)*len + 1);
        if (*out)
            memcpy(*out, cg_as_bytes(r)->s, (size_t)*len);
        cg_decref(r);
        return *out ? 0 : (cg_raise_nomemory(), -1);
    }
    if (cg_is_obj(src) && !cg_is_bytes(src)) {
        /* __bytes__ first, as CPython */
        cg_value m = cg_type_lookup_borrowed(cg_typeof(src), cg_str_intern("__bytes__"));
        if (m.tag != CG_V_STOP && strcmp(what, "bytes") == 0) {
            cg_value r = cg_call_method(src, "__bytes__", 0, NULL);
            if (cg_is_err(r))
                return -1;
            if (!cg_is_bytes(r)) {
                cg_raise(&cg_exc_TypeError, "__bytes__ returned non-bytes (type %s)", cg_type_name(r));
                cg_decref(r);
                return -1;
            }
            int rc = cg_bytes_from_object(r, false, out, len);
            cg_decref(r);
            return rc;
        }
    }
    return cg_bytes_from_object(src, strcmp(what, "bytearray") == 0, out, len);
}

static cg_value bytes_new_(cg_type *type, const cg_args *a) {
    if (a->npos == 1 && a->nkw == 0 && cg_is_type(a->pos[0], &cg_type_bytes) && type == &cg_type_bytes)
        return cg_incref(a->pos[0]);
    char *data;
    int64_t len;
    if (cg_bytes_ctor_contents("bytes", a, &data, &len) < 0)
        return CG_ERR;
    cg_value r = cg_bytes_new(data, (size_t)len);
    free(data);
    if (!cg_is_err(r))
        r.u.o->type = type;
    return r;
}

/* ---- repr ----------------------------------------------------------------------- */

void cg_bytes_repr_into(cg_strbuf *b, const char *s, int64_t len) {
    bool squote = memchr(s, '\'', (size_t)len) != NULL, dquote = memchr(s, '"', (size_t)len) != NULL;
    char q = squote && !dquote ? '"' : '\'';
    cg_strbuf_putc(b, 'b');
    cg_strbuf_putc(b, q);
    for (int64_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == q || c == '\\') {
            cg_strbuf_putc(b, '\\');
            cg_strbuf_putc(b, (char)c);
        } else if (c == '\t')
            cg_strbuf_puts(b, "\\t");
        else if (c == '\n')
            cg_strbuf_puts(b, "\\n");
        else if (c == '\r')
            cg_strbuf_puts(b, "\\r");
        else if (c < 32 || c >= 127)
            cg_strbuf_printf(b, "\\x%02x", c);
        else
            cg_strbuf_putc(b, (char)c);
    }
    cg_strbuf_putc(b, q);
}

static cg_value bytes_repr(cg_value self) {
    cg_strbuf b = {0};
    cg_bytes_repr_into(&b, cg_as_bytes(self)->s, cg_as_bytes(self)->len);
    return cg_str_from_strbuf(&b);
}

/* ---- slots --------------------------------------------------------------------------- */

static int64_t bytes_hash(cg_value self) {
    cg_bytes *b = cg_as_bytes(self);
    if (b->hash == -1)
        b->hash = b->len ? cg_bytes_hash(b->s, (size_t)b->len) : 0;
    return b->hash;
}

static void bytes_dealloc(cg_obj *o) { free(o); }

/* bytes and bytearray compare with any bytes-like object, by their bytes. */
cg_value cg_byteslike_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (!cg_has_buffer(a) || !cg_has_buffer(b) || cg_is_type(b, &cg_type_memoryview)
        || cg_is_type(a, &cg_type_memoryview))
        return cg_incref(cg_NotImplemented);
    cg_buffer x, y;
    if (cg_buffer_get(a, &x) < 0)
        return CG_ERR;
    if (cg_buffer_get(b, &y) < 0) {
        cg_buffer_release(&x);
        return CG_ERR;
    }
    int64_t n = x.len < y.len ? x.len : y.len;
    int c = n ? memcmp(x.buf, y.buf, (size_t)n) : 0;
    if (c == 0)
        c = x.len < y.len ? -1 : x.len > y.len;
    cg_buffer_release(&x);
    cg_buffer_release(&y);
    switch (op) {
    case OP_EQ: return cg_bool(c == 0);
    case OP_NOT_EQ: return cg_bool(c != 0);
    case OP_LT: return cg_bool(c < 0);
    case OP_LT_E: return cg_bool(c <= 0);
    case OP_GT: return cg_bool(c > 0);
    case OP_GT_E: return cg_bool(c >= 0);
    default: return cg_incref(cg_NotImplemented);
    }
}

/* A new bytes or bytearray (like self) holding s[0..n). */
cg_value cg_byteslike_make(cg_value self, const char *s, int64_t n) {
    if (cg_is_bytearray(self))
        return cg_bytearray_new(s, (size_t)n);
    return cg_bytes_new(s, (size_t)n);
}

/* a + b, a * n, a % args for bytes and bytearray (bytearray's `+=`, `*=`
 * are its own). */
cg_value cg_byteslike_binary(cg_value a, cg_value b, cg_binop op) {
    bool ba = cg_is_bytes(a) || cg_is_bytearray(a);
    const char *name = ba ? (cg_is_bytearray(a) ? "bytearray" : "bytes") : NULL;
    switch (op) {
    case OP_ADD: {
        if (!ba) {
            if (cg_is_str(a))
                return cg_raise(&cg_exc_TypeError, "can only concatenate str (not \"%s\") to str", cg_type_name(b));
            break;
        }
        if (!cg_has_buffer(b)) {
            if (cg_other_may_handle(b) && !cg_is_str(b))
                break;
            return cg_raise(&cg_exc_TypeError, "can't concat %s to %s", cg_type_name(b), name);
        }
        cg_buffer y;
        if (cg_buffer_get(b, &y) < 0)
            return CG_ERR;
        int64_t n;
        const char *x = cg_byteslike_data(a, &n);
        char *s = malloc((size_t)(n + y.len) + 1);
        cg_value r = CG_ERR;
        if (s) {
            memcpy(s, x, (size_t)n);
            memcpy(s + n, y.buf, (size_t)y.len);
            r = cg_byteslike_make(a, s, n + y.len);
            free(s);
        } else
            cg_raise_nomemory();
        cg_buffer_release(&y);
        return r;
    }
    case OP_MULT: {
        cg_value seq = ba ? a : b, nv = ba ? b : a;
        if (!cg_is_bytes(seq) && !cg_is_bytearray(seq))
            break;
        int64_t k;
        int rc = cg_sequence_repeat_count(nv, &k);
        if (rc <= 0)
            return rc < 0 ? CG_ERR : cg_incref(cg_NotImplemented);
        int64_t n;
        const char *x = cg_byteslike_data(seq, &n);
        if (k < 0)
            k = 0;
        if (n && k > INT64_MAX / 2 / n)
            return cg_raise_nomemory();
        char *s = malloc((size_t)(n * k) + 1);
        if (!s)
            return cg_raise_nomemory();
        for (int64_t i = 0; i < k; i++)
            memcpy(s + i * n, x, (size_t)n);
        cg_value r = cg_byteslike_make(seq, s, n * k);
        free(s);
        return r;
    }
    case OP_MOD:
        if (ba)
            return cg_bytes_percent(a, b, cg_is_bytearray(a));
        break;
    default: break;
    }
    return cg_incref(cg_NotImplemented);
}

static int64_t bytes_len(cg_value self) { return cg_as_bytes(self)->len; }

int cg_byteslike_contains(cg_value self, cg_value item) {
    int64_t n;
    const char *s = cg_byteslike_data(self, &n);
    if (item.tag == CG_V_INT || item.tag == CG_V_BOOL) {
        if (item.u.i < 0 || item.u.i > 255)
            return cg_raise_int(&cg_exc_ValueError, "byte must be in range(0, 256)");
        return n && memchr(s, (int)item.u.i, (size_t)n) != NULL;
    }
    if (!cg_has_buffer(item)) {
        int64_t k;
        if (cg_type_lookup_borrowed(cg_typeof(item), cg_str_intern("__index__")).tag != CG_V_STOP) {
            if (cg_byte_index(item, &k) < 0)
                return -1;
            return cg_byteslike_contains(self, cg_int(k));
        }
        return cg_raise_int(&cg_exc_TypeError, "a bytes-like object is required, not '%s'", cg_type_name(item));
    }
    cg_buffer y;
    if (cg_buffer_get(item, &y) < 0)
        return -1;
    int r = y.len == 0 || (n >= y.len && memmem(s, (size_t)n, y.buf, (size_t)y.len) != NULL);
    cg_buffer_release(&y);
    return r;
}

/* b[i] is an int, b[i:j:k] a bytes (a bytearray for a bytearray). */
cg_value cg_byteslike_getitem(cg_value self, cg_value key) {
    bool ba = cg_is_bytearray(self);
    int64_t i, n;
    /* the length once key is converted: its __index__ may resize a bytearray */
    const int64_t *len = ba ? &cg_as_bytearray(self)->len : &cg_as_bytes(self)->len;
    int r = cg_key_as_item(key, len, &i, ba ? "bytearray index out of range" : "index out of range");
    if (r < 0)
        return CG_ERR;
    const char *s = cg_byteslike_data(self, &n);
    if (r == 1)
        return cg_int((unsigned char)s[i]);
    if (cg_is_type(key, &cg_type_slice)) {
        int64_t start, stop, step, k = cg_slice_indices(key, n, &start, &stop, &step);
        if (k < 0)
            return CG_ERR;
        if (step == 1)
            return cg_byteslike_make(self, s + start, k);
        char *o = malloc((size_t)k + 1);
        if (!o)
            return cg_raise_nomemory();
        for (int64_t j = 0, p = start; j < k; j++, p += step)
            o[j] = s[p];
        cg_value v = cg_byteslike_make(self, o, k);
        free(o);
        return v;
    }
    return cg_raise(&cg_exc_TypeError, "%s indices must be integers or slices, not %s", ba ? "bytearray" : "byte",
                    cg_type_name(key));
}

static int bytes_buffer_get(cg_value self, cg_buffer *view) {
    view->buf = cg_as_bytes(self)->s;
    view->len = cg_as_bytes(self)->len;
    view->readonly = true;
    return 0;
}

static const cg_buffer_procs bytes_buffer = {bytes_buffer_get, NULL};

static cg_value bytes_str(cg_value self) { return bytes_repr(self); }

cg_type cg_type_bytes = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "bytes",
    .module = "builtins",
    .base = &cg_type_object,
    .basicsize = sizeof(cg_bytes),
    .dealloc = bytes_dealloc,
    .repr = bytes_repr,
    .str = bytes_str,
    .hash = bytes_hash,
    .compare = cg_byteslike_compare,
    .binary = cg_byteslike_binary,
    .len = bytes_len,
    .contains = cg_byteslike_contains,
    .getitem = cg_byteslike_getitem,
    .iter = cg_getitem_iter_new,
    .new_ = bytes_new_,
};

int cg_bytes_types_init(void) {
    static bool done;
    if (done)
        return 0;
    if (cg_buffer_register(&cg_type_bytes, &bytes_buffer) < 0)
        return -1;
    cg_type *types[] = {&cg_type_bytes, &cg_type_bytearray, &cg_type_memoryview, &cg_type_complex};
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (!types[i]->dict) {
            cg_value d = cg_dict_new();
            if (cg_is_err(d))
                return -1;
            types[i]->dict = cg_as_dict(d);
        }
    if (cg_type_add_methods(&cg_type_bytes, cg_bytes_methods) < 0
        || cg_type_add_methods(&cg_type_bytearray, cg_bytes_methods) < 0
        || cg_type_add_methods(&cg_type_bytearray, cg_bytearray_methods) < 0
        || cg_bytes_add_class_methods(&cg_type_bytes) < 0 || cg_bytes_add_class_methods(&cg_type_bytearray) < 0
        || cg_bytearray_type_init() < 0 || cg_memoryview_type_init() < 0 || cg_complex_type_init() < 0
        || cg_codecs_init() < 0 || cg_int_bytes_init() < 0)
        return -1;
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (cg_add_slot_wrappers(types[i]) < 0)
            return -1;
    done = true;
    return 0;
}

int cg_bytes_builtins_init(cg_value m) {
    if (cg_bytes_types_init() < 0)
        return -1;
    cg_type *types[] = {&cg_type_bytes, &cg_type_bytearray, &cg_type_memoryview, &cg_type_complex};
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (cg_module_add(m, types[i]->name, cg_obj_value(types[i])) < 0)
            return -1;
    return 0;
}
