/* bytearray.c: the mutable bytes: its storage, repr, item and slice
 * assignment and deletion, `+=` and `*=`, and the methods that change it
 * (append, extend, insert, pop, remove, clear, reverse, copy).
 *
 * It lends its storage through the buffer interface and counts the loans
 * (memoryviews): while one is out it refuses to resize, with CPython's
 * BufferError (Note [The buffer interface] in bytes.h). The methods it
 * shares with bytes are bytes_methods.c. */
#include <stdlib.h>
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

bool cg_is_bytearray(cg_value v) { return cg_is_obj(v) && cg_type_is_subtype(v.u.o->type, &cg_type_bytearray); }

static cg_bytearray *ba_alloc(cg_type *type) {
    cg_bytearray *b = malloc(sizeof *b);
    if (!b)
        return NULL;
    b->head.refcnt = 1;
    b->head.type = type;
    b->len = b->cap = b->exports = 0;
    b->s = calloc(1, 1);
    if (!b->s) {
        free(b);
        return NULL;
    }
    return b;
}

int cg_bytearray_resize(cg_bytearray *b, int64_t len) {
    if (len != b->len && b->exports > 0)
        return cg_raise_int(&cg_exc_BufferError, "Existing exports of data: object cannot be re-sized");
    if (len + 1 > b->cap) {
        int64_t cap = len + len / 8 + 16;
        char *s = realloc(b->s, (size_t)cap);
        if (!s)
            return cg_raise_nomemory(), -1;
        b->s = s;
        b->cap = cap;
    }
    b->len = len;
    b->s[len] = 0;
    return 0;
}

cg_value cg_bytearray_new(const char *s, size_t len) {
    cg_bytearray *b = ba_alloc(&cg_type_bytearray);
    if (!b || cg_bytearray_resize(b, (int64_t)len) < 0) {
        if (b) {
            free(b->s);
            free(b);
        }
        return cg_raise_nomemory();
    }
    if (len)
        memcpy(b->s, s, len);
    return cg_obj_value(b);
}

static void ba_dealloc(cg_obj *o) {
    free(((cg_bytearray *)o)->s);
    free(o);
}

static cg_value ba_new(cg_type *type, const cg_args *a) {
    char *data;
    int64_t len;
    if (cg_bytes_ctor_contents("bytearray", a, &data, &len) < 0)
        return CG_ERR;
    cg_value r = cg_bytearray_new(data, (size_t)len);
    free(data);
    if (!cg_is_err(r))
        r.u.o->type = type;
    return r;
}

static cg_value ba_repr(cg_value self) {
    cg_bytearray *b = cg_as_bytearray(self);
    cg_strbuf sb = {0};
    cg_strbuf_printf(&sb, "%s(", cg_typeof(self)->name);
    cg_bytes_repr_into(&sb, b->s, b->len);
    cg_strbuf_putc(&sb, ')');
    return cg_str_from_strbuf(&sb);
}

static int64_t ba_len(cg_value self) { return cg_as_bytearray(self)->len; }

static int byte_of(cg_value v, char *out) {
    int64_t k;
    if (cg_byte_index(v, &k) < 0)
        return -1;
    if (k < 0 || k > 255)
        return cg_raise_int(&cg_exc_ValueError, "byte must be in range(0, 256)");
    *out = (char)k;
    return 0;
}

/* Replaces b[start:stop] by s[0..n) (stop >= start). */
static int splice(cg_bytearray *b, int64_t start, int64_t stop, const char *s, int64_t n) {
    int64_t old = b->len, tail = old - stop;
    if (n != stop - start) {
        if (n > stop - start && cg_bytearray_resize(b, old + n - (stop - start)) < 0)
            return -1;
        if (n < stop - start && b->exports > 0)
            return cg_raise_int(&cg_exc_BufferError, "Existing exports of data: object cannot be re-sized");
        memmove(b->s + start + n, b->s + stop, (size_t)tail);
        if (n < stop - start)
            cg_bytearray_resize(b, old - (stop - start) + n);
    }
    if (n)
        memmove(b->s + start, s, (size_t)n);
    return 0;
}

/* The bytes to assign to a slice: a buffer or an iterable of ints. */
static int assigned_bytes(cg_value v, char **out, int64_t *n) {
    if (v.tag == CG_V_INT || v.tag == CG_V_BOOL || cg_is_str(v) || v.tag == CG_V_FLOAT || cg_is_none(v)
        || (!cg_has_buffer(v) && !cg_typeof(v)->iter))
        return cg_raise_int(&cg_exc_TypeError, "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
    return cg_bytes_from_object(v, true, out, n);
}

static int ba_setitem(cg_value self, cg_value key, cg_value value) {
    cg_bytearray *b = cg_as_bytearray(self);
    int64_t i;
    int r = cg_key_as_item(key, &b->len, &i, "bytearray index out of range");
    if (r < 0)
        return -1;
    if (r == 1)
        return byte_of(value, &b->s[i]);
    if (!cg_is_type(key, &cg_type_slice))
        return cg_raise_int(&cg_exc_TypeError, "bytearray indices must be integers or slices, not %s",
                            cg_type_name(key));
    char *s;
    int64_t n, start, stop, step;
    if (assigned_bytes(value, &s, &n) < 0)
        return -1;
    int64_t k = cg_slice_indices(key, b->len, &start, &stop, &step);
    int rc = 0;
    if (k < 0)
        rc = -1;
    else if (step == 1)
        rc = splice(b, start, stop < start ? start : stop, s, n);
    else if (n != k)
        rc = cg_raise_int(&cg_exc_ValueError, "attempt to assign bytes of size %lld to extended slice of size %lld",
                          (long long)n, (long long)k);
    else
        for (int64_t j = 0, p = start; j < k; j++, p += step)
            b->s[p] = s[j];
    free(s);
    return rc;
}

static int ba_delitem(cg_value self, cg_value key) {
    cg_bytearray *b = cg_as_bytearray(self);
    int64_t i;
    int r = cg_key_as_item(key, &b->len, &i, "bytearray index out of range");
    if (r < 0)
        return -1;
    if (r == 1)
        return splice(b, i, i + 1, "", 0);
    if (!cg_is_type(key, &cg_type_slice))
        return cg_raise_int(&cg_exc_TypeError, "bytearray indices must be integers or slices, not %s",
                            cg_type_name(key));
    int64_t start, stop, step, k = cg_slice_indices(key, b->len, &start, &stop, &step);
    if (k < 0)
        return -1;
    if (k == 0)
        return 0;
    if (step < 0) {
        start = start + step * (k - 1);
        step = -step;
    }
    if (step == 1)
        return splice(b, start, start + k, "", 0);
    if (b->exports > 0)
        return cg_raise_int(&cg_exc_BufferError, "Existing exports of data: object cannot be re-sized");
    int64_t w = 0, next = start, removed = 0;
    for (int64_t p = 0; p < b->len; p++) {
        if (removed < k && p == next) {
            removed++;
            next += step;
            continue;
        }
        b->s[w++] = b->s[p];
    }
    return cg_bytearray_resize(b, w);
}

static cg_value ba_inplace(cg_value a, cg_value b, cg_binop op) {
    cg_bytearray *x = cg_as_bytearray(a);
    if (op == OP_ADD) {
        if (!cg_has_buffer(b))
            return cg_raise(&cg_exc_TypeError, "can't concat %s to bytearray", cg_type_name(b));
        cg_buffer v;
        if (cg_buffer_get(b, &v) < 0)
            return CG_ERR;
        /* copied and given back first: b may be x itself, whose loan
         * would forbid the resize */
        int64_t n = v.len;
        char *copy = malloc((size_t)n + 1);
        if (copy)
            memcpy(copy, v.buf, (size_t)n);
        cg_buffer_release(&v);
        if (!copy)
            return cg_raise_nomemory();
        int rc = splice(x, x->len, x->len, copy, n);
        free(copy);
        return rc < 0 ? CG_ERR : cg_incref(a);
    }
    if (op == OP_MULT) {
        int64_t k;
        int r = cg_sequence_repeat_count(b, &k);
        if (r <= 0)
            return r < 0 ? CG_ERR : cg_incref(cg_NotImplemented);
        int64_t n = x->len;
        if (k < 0)
            k = 0;
        if (n && k > INT64_MAX / 2 / n)
            return cg_raise_nomemory();
        if (cg_bytearray_resize(x, n * k) < 0)
            return CG_ERR;
        for (int64_t i = 1; i < k; i++)
            memcpy(x->s + i * n, x->s, (size_t)n);
        return cg_incref(a);
    }
    return cg_incref(cg_NotImplemented);
}

/* ---- the methods that change it ---------------------------------------------- */

enum { A_APPEND, A_EXTEND, A_INSERT, A_POP, A_REMOVE, A_CLEAR, A_REVERSE, A_COPY };
#define BIND(idx, out) cg_args_bind(&cg_bytearray_methods[idx], a, out, (int)(sizeof(out) / sizeof(out[0])))
#define RELEASE(idx, out) cg_args_release(&cg_bytearray_methods[idx], out, (int)(sizeof(out) / sizeof(out[0])))

static cg_value ba_append(cg_value self, const cg_args *a) {
    cg_value arg[1];
    if (BIND(A_APPEND, arg) < 0)
        return CG_ERR;
    char c = 0;
    int rc = byte_of(arg[0], &c);
    RELEASE(A_APPEND, arg);
    cg_bytearray *b = cg_as_bytearray(self);
    if (rc < 0 || splice(b, b->len, b->len, &c, 1) < 0)
        return CG_ERR;
    return CG_NONE;
}

static cg_value ba_extend(cg_value self, const cg_args *a) {
    cg_value arg[1];
    if (BIND(A_EXTEND, arg) < 0)
        return CG_ERR;
    char *s = NULL;
    int64_t n;
    int rc;
    if (cg_is_str(arg[0]))
        rc = cg_raise_int(&cg_exc_TypeError, "'str' object cannot be interpreted as an integer");
    else if (!cg_has_buffer(arg[0]) && !cg_typeof(arg[0])->iter)
        rc = cg_raise_int(&cg_exc_TypeError, "can't extend bytearray with %s", cg_type_name(arg[0]));
    else
        rc = cg_bytes_from_object(arg[0], true, &s, &n);
    RELEASE(A_EXTEND, arg);
    cg_bytearray *b = cg_as_bytearray(self);
    if (rc == 0)
        rc = splice(b, b->len, b->len, s, n);
    free(s);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value ba_insert(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (BIND(A_INSERT, arg) < 0)
        return CG_ERR;
    int64_t i;
    char c = 0;
    int rc = cg_index_value(arg[0], &i);
    if (rc == 0)
        rc = byte_of(arg[1], &c);
    RELEASE(A_INSERT, arg);
    if (rc < 0)
        return CG_ERR;
    cg_bytearray *b = cg_as_bytearray(self);
    if (i < 0)
        i = i + b->len < 0 ? 0 : i + b->len;
    if (i > b->len)
        i = b->len;
    return splice(b, i, i, &c, 1) < 0 ? CG_ERR : CG_NONE;
}

static cg_value ba_pop(cg_value self, const cg_args *a) {
    int64_t i;
    if (cg_args_index(&cg_bytearray_methods[A_POP], a, &i) < 0)
        return CG_ERR;
    cg_bytearray *b = cg_as_bytearray(self);
    if (b->len == 0)
        return cg_raise(&cg_exc_IndexError, "pop from empty bytearray");
    if (i < 0)
        i += b->len;
    if (i < 0 || i >= b->len)
        return cg_raise(&cg_exc_IndexError, "pop index out of range");
    int v = (unsigned char)b->s[i];
    return splice(b, i, i + 1, "", 0) < 0 ? CG_ERR : cg_int(v);
}

static cg_value ba_remove(cg_value self, const cg_args *a) {
    cg_value arg[1];
    if (BIND(A_REMOVE, arg) < 0)
        return CG_ERR;
    char c = 0;
    int rc = byte_of(arg[0], &c);
    RELEASE(A_REMOVE, arg);
    if (rc < 0)
        return CG_ERR;
    cg_bytearray *b = cg_as_bytearray(self);
    char *p = b->len ? memchr(b->s, c, (size_t)b->len) : NULL;
    if (!p)
        return cg_raise(&cg_exc_ValueError, "value not found in bytearray");
    return splice(b, p - b->s, p - b->s + 1, "", 0) < 0 ? CG_ERR : CG_NONE;
}

static cg_value ba_clear(cg_value self, const cg_args *a) {
    if (cg_args_bind(&cg_bytearray_methods[A_CLEAR], a, NULL, 0) < 0)
        return CG_ERR;
    cg_bytearray *b = cg_as_bytearray(self);
    return splice(b, 0, b->len, "", 0) < 0 ? CG_ERR : CG_NONE;
}

static cg_value ba_reverse(cg_value self, const cg_args *a) {
    if (cg_args_bind(&cg_bytearray_methods[A_REVERSE], a, NULL, 0) < 0)
        return CG_ERR;
    cg_bytearray *b = cg_as_bytearray(self);
    for (int64_t i = 0, j = b->len - 1; i < j; i++, j--) {
        char t = b->s[i];
        b->s[i] = b->s[j];
        b->s[j] = t;
    }
    return CG_NONE;
}

static cg_value ba_copy(cg_value self, const cg_args *a) {
    if (cg_args_bind(&cg_bytearray_methods[A_COPY], a, NULL, 0) < 0)
        return CG_ERR;
    return cg_bytearray_new(cg_as_bytearray(self)->s, (size_t)cg_as_bytearray(self)->len);
}

const cg_method_def cg_bytearray_methods[] = {
    [A_APPEND] = {"append", ba_append, "append(item, /)", "Append one byte (an int in range(256)) at the end."},
    [A_EXTEND] = {"extend", ba_extend, "extend(iterable_of_ints, /)",
                  "Append the bytes of an iterable of ints or a bytes-like object."},
    [A_INSERT] = {"insert", ba_insert, "insert(index, item, /)", "Insert one byte before index."},
    [A_POP] = {"pop", ba_pop, "pop(index=-1, /)", "Remove and return the byte at index (the last by default)."},
    [A_REMOVE] = {"remove", ba_remove, "remove(value, /)", "Remove the first occurrence of a byte value."},
    [A_CLEAR] = {"clear", ba_clear, "clear()", "Remove all bytes."},
    [A_REVERSE] = {"reverse", ba_reverse, "reverse()", "Reverse the bytes in place."},
    [A_COPY] = {"copy", ba_copy, "copy()", "Return a copy of this bytearray."},
    {NULL, NULL, NULL, NULL},
};

/* ---- the buffer it lends -------------------------------------------------------- */

static int ba_buffer_get(cg_value self, cg_buffer *view) {
    cg_bytearray *b = cg_as_bytearray(self);
    view->buf = b->s;
    view->len = b->len;
    view->readonly = false;
    b->exports++;
    return 0;
}

static void ba_buffer_release(cg_value self) { cg_as_bytearray(self)->exports--; }

static const cg_buffer_procs ba_buffer = {ba_buffer_get, ba_buffer_release};

cg_type cg_type_bytearray = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "bytearray",
    .module = "builtins",
    .base = &cg_type_object,
    .basicsize = sizeof(cg_bytearray),
    .dealloc = ba_dealloc,
    .repr = ba_repr,
    .compare = cg_byteslike_compare,
    .binary = cg_byteslike_binary,
    .inplace = ba_inplace,
    .len = ba_len,
    .contains = cg_byteslike_contains,
    .getitem = cg_byteslike_getitem,
    .setitem = ba_setitem,
    .delitem = ba_delitem,
    .iter = cg_getitem_iter_new,
    .new_ = ba_new,
};

int cg_bytearray_type_init(void) { return cg_buffer_register(&cg_type_bytearray, &ba_buffer); }
