/* array_module.c: the array module: array.array (ArrayType) and
 * typecodes, as CPython 3.11's, with the items packed in C (array.h).
 * This file holds the type's storage, its item conversions with CPython's
 * messages, and its sequence slots; array_methods.c its methods. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/module.h"
#include "stdlib/array.h"
#include "stdlib/stdlib.h"

static const char TYPECODES[] = "bBuhHiIlLqQfd";

/* Every type code but 'u' (a code point in 4 bytes): the C type an item
 * is stored as, by how a value is checked on the way in (pack_signed: B
 * and H too, as CPython parses them into a C int first; pack_unsigned;
 * floats). */
#define SIGNED_CODES(X) \
    X('b', signed char) X('B', unsigned char) X('h', int16_t) X('H', uint16_t) X('i', int32_t) X('l', int64_t) \
    X('q', int64_t)
#define UNSIGNED_CODES(X) X('I', uint32_t) X('L', uint64_t) X('Q', uint64_t)
#define FLOAT_CODES(X) X('f', float) X('d', double)

int cg_array_itemsize(char code) {
#define SIZE(c, T) \
    case c: return (int)sizeof(T);
    switch (code) {
        SIGNED_CODES(SIZE)
        UNSIGNED_CODES(SIZE)
        FLOAT_CODES(SIZE)
    case 'u': return 4;
    default: return 0;
    }
#undef SIZE
}

bool cg_is_array(cg_value v) { return v.tag == CG_V_OBJ && cg_type_is_subtype(v.u.o->type, &cg_type_array); }

cg_value cg_array_new(cg_type *t, char code) {
    cg_array *a = calloc(1, sizeof *a);
    if (!a)
        return cg_raise_nomemory();
    a->head = (cg_obj){1, t};
    a->code = code;
    a->itemsize = cg_array_itemsize(code);
    return cg_obj_value(a);
}

int cg_array_reserve(cg_array *a, int64_t n) {
    if (n <= a->cap)
        return 0;
    if (a->exports > 0)
        return cg_raise_int(&cg_exc_BufferError, "cannot resize an array that is exporting buffers");
    if (n > INT64_MAX / 2 / a->itemsize) {
        cg_raise_nomemory();
        return -1;
    }
    int64_t cap = a->cap * 2 > n ? a->cap * 2 : n;
    char *grown = realloc(a->data, (size_t)(cap * a->itemsize));
    if (!grown) {
        cg_raise_nomemory();
        return -1;
    }
    a->data = grown;
    a->cap = cap;
    return 0;
}

int cg_array_resize(cg_array *a, int64_t n) {
    if (n != a->len && a->exports > 0)
        return cg_raise_int(&cg_exc_BufferError, "cannot resize an array that is exporting buffers");
    if (cg_array_reserve(a, n) < 0)
        return -1;
    if (n > a->len)
        memset(a->data + a->len * a->itemsize, 0, (size_t)((n - a->len) * a->itemsize));
    a->len = n;
    return 0;
}

/* ---- items ----------------------------------------------------------------------------- */

static int overflow(const char *msg) { return cg_raise_int(&cg_exc_OverflowError, "%s", msg); }

/* v as an integer: its sign, whether it fits int64 (*s) and uint64 (*u). */
typedef struct {
    bool neg, fits_s, fits_u;
    int64_t s;
    uint64_t u;
} int_parts;

static int int_parts_of(cg_value v, int_parts *p) {
    cg_value iv = cg_index(v);
    if (cg_is_err(iv))
        return -1;
    if (iv.tag == CG_V_INT || iv.tag == CG_V_BOOL) {
        p->s = iv.u.i;
        p->neg = p->s < 0;
        p->fits_s = true;
        p->fits_u = !p->neg;
        p->u = (uint64_t)p->s;
        return 0;
    }
    mpz_srcptr z = cg_bigint_mpz(iv);
    p->neg = mpz_sgn(z) < 0;
    p->fits_s = mpz_fits_slong_p(z);
    p->fits_u = !p->neg && mpz_fits_ulong_p(z);
    p->s = p->fits_s ? mpz_get_si(z) : 0;
    p->u = p->fits_u ? mpz_get_ui(z) : 0;
    cg_decref(iv);
    return 0;
}

/* The signed codes: the C type CPython parses into first, then its range
 * check, each with its own message. */
static int pack_signed(char code, const int_parts *p, int64_t *out) {
    const char *too_big = code == 'q' ? "int too big to convert" : "Python int too large to convert to C long";
    if (!p->fits_s)
        return overflow(too_big);
    int64_t x = p->s;
    if (code == 'b' || code == 'h') {
        if (x > SHRT_MAX)
            return overflow("signed short integer is greater than maximum");
        if (x < SHRT_MIN)
            return overflow("signed short integer is less than minimum");
        if (code == 'b' && x > SCHAR_MAX)
            return overflow("signed char is greater than maximum");
        if (code == 'b' && x < SCHAR_MIN)
            return overflow("signed char is less than minimum");
    } else if (code == 'i' || code == 'H') {
        if (x > INT_MAX)
            return overflow("signed integer is greater than maximum");
        if (x < INT_MIN)
            return overflow("signed integer is less than minimum");
        if (code == 'H' && x > USHRT_MAX)
            return overflow("unsigned short is greater than maximum");
        if (code == 'H' && x < 0)
            return overflow("unsigned short is less than minimum");
    } else if (code == 'B') {
        if (x > UCHAR_MAX)
            return overflow("unsigned byte integer is greater than maximum");
        if (x < 0)
            return overflow("unsigned byte integer is less than minimum");
    }
    *out = x;
    return 0;
}

static int pack_unsigned(char code, const int_parts *p, uint64_t *out) {
    if (p->neg)
        return overflow(code == 'Q' ? "can't convert negative int to unsigned"
                                    : "can't convert negative value to unsigned int");
    if (!p->fits_u)
        return overflow(code == 'Q' ? "int too big to convert" : "Python int too large to convert to C unsigned long");
    if (code == 'I' && p->u > UINT_MAX)
        return overflow("unsigned int is greater than maximum");
    *out = p->u;
    return 0;
}

/* Stores value as an item of C type T at dst. */
#define STORE(T, value) \
    do { \
        T item_ = (T)(value); \
        memcpy(dst, &item_, sizeof item_); \
    } while (0)

int cg_array_pack(char code, cg_value v, char *dst) {
    if (code == 'u') {
        if (!cg_is_str(v) || cg_as_str(v)->ncp != 1)
            return cg_raise_int(&cg_exc_TypeError, "array item must be unicode character");
        int64_t at = 0;
        STORE(uint32_t, cg_cp_next(cg_str_cstr(v), cg_as_str(v)->len, &at));
        return 0;
    }
    double d;
    int_parts p;
    uint64_t u = 0;
    int64_t x = 0;
    switch (code) {
#define PACK(c, T, read, value) \
    case c: \
        if (!(read)) \
            return -1; \
        STORE(T, value); \
        return 0;
#define PACK_FLOAT(c, T) PACK(c, T, cg_float_value(v, &d) == 0, d)
#define PACK_UNSIGNED(c, T) PACK(c, T, int_parts_of(v, &p) == 0 && pack_unsigned(code, &p, &u) == 0, u)
#define PACK_SIGNED(c, T) PACK(c, T, int_parts_of(v, &p) == 0 && pack_signed(code, &p, &x) == 0, x)
        FLOAT_CODES(PACK_FLOAT)
        UNSIGNED_CODES(PACK_UNSIGNED)
        SIGNED_CODES(PACK_SIGNED)
#undef PACK_FLOAT
#undef PACK_UNSIGNED
#undef PACK_SIGNED
#undef PACK
    }
    return cg_raise_int(&cg_exc_SystemError, "bad array type code '%c'", code);
}

#undef STORE

static cg_value uint64_value(uint64_t u) {
    if (u <= INT64_MAX)
        return cg_int((int64_t)u);
    mpz_t z;
    mpz_init_set_ui(z, u);
    return cg_int_take_mpz(z);
}

cg_value cg_array_unpack(char code, const char *src) {
    switch (code) {
#define LOAD(c, T, make) \
    case c: { \
        T item; \
        memcpy(&item, src, sizeof item); \
        return make(item); \
    }
#define LOAD_INT(c, T) LOAD(c, T, cg_int)
#define LOAD_UNSIGNED(c, T) LOAD(c, T, uint64_value)
#define LOAD_FLOAT(c, T) LOAD(c, T, cg_float)
        SIGNED_CODES(LOAD_INT)
        UNSIGNED_CODES(LOAD_UNSIGNED)
        FLOAT_CODES(LOAD_FLOAT)
#undef LOAD_INT
#undef LOAD_UNSIGNED
#undef LOAD_FLOAT
#undef LOAD
    default: { /* 'u' */
        uint32_t cp;
        memcpy(&cp, src, 4);
        if (cp > 0x10FFFF)
            return cg_raise(&cg_exc_ValueError, "character U+%x is not in range [U+0000; U+10ffff]", cp);
        char u[4];
        return cg_str_new(u, (size_t)cg_cp_encode(cp, u));
    }
    }
}

int cg_array_extend_iterable(cg_array *a, cg_value iterable) {
    cg_value it = cg_iter(iterable);
    if (cg_is_err(it))
        return -1;
    int rc = 0;
    for (;;) {
        cg_value v = cg_next(it);
        if (v.tag == CG_V_STOP || cg_is_err(v)) {
            rc = cg_is_err(v) ? -1 : 0;
            break;
        }
        rc = cg_array_reserve(a, a->len + 1);
        if (rc == 0)
            rc = cg_array_pack(a->code, v, a->data + a->len * a->itemsize);
        cg_decref(v);
        if (rc < 0)
            break;
        a->len++;
    }
    cg_decref(it);
    return rc;
}

int cg_array_frombytes(cg_array *a, const char *s, int64_t n) {
    if (n % a->itemsize)
        return cg_raise_int(&cg_exc_ValueError, "bytes length not a multiple of item size");
    int64_t items = n / a->itemsize, old = a->len;
    if (items && cg_array_resize(a, old + items) < 0)
        return -1;
    if (n)
        memmove(a->data + old * a->itemsize, s, (size_t)n);
    return 0;
}

cg_value cg_array_slice(cg_array *a, int64_t start, int64_t n, int64_t step) {
    cg_value r = cg_array_new(a->head.type, a->code);
    if (cg_is_err(r))
        return r;
    cg_array *b = cg_as_array(r);
    if (cg_array_resize(b, n) < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    int w = a->itemsize;
    if (step == 1 && n)
        memcpy(b->data, a->data + start * w, (size_t)(n * w));
    else
        for (int64_t i = 0; i < n; i++)
            memcpy(b->data + i * w, a->data + (start + i * step) * w, (size_t)w);
    return r;
}

/* ---- construction ---------------------------------------------------------------------- */

static int fill_from(cg_array *a, cg_value init) {
    if (cg_is_str(init)) {
        if (a->code != 'u')
            return cg_raise_int(&cg_exc_TypeError, "cannot use a str to initialize an array with typecode '%c'",
                                a->code);
        return cg_array_extend_iterable(a, init);
    }
    if (cg_is_array(init)) {
        cg_array *src = cg_as_array(init);
        if (src->code == 'u' && a->code != 'u')
            return cg_raise_int(&cg_exc_TypeError,
                                "cannot use a unicode array to initialize an array with typecode '%c'", a->code);
        if (src->code == a->code)
            return cg_array_frombytes(a, src->data, src->len * src->itemsize);
        return cg_array_extend_iterable(a, init);
    }
    if (cg_is_bytes(init) || cg_is_bytearray(init)) {
        int64_t n;
        const char *s = cg_byteslike_data(init, &n);
        return cg_array_frombytes(a, s, n);
    }
    return cg_array_extend_iterable(a, init);
}

static cg_value array_new_(cg_type *type, const cg_args *args) {
    if (args->nkw)
        return cg_raise(&cg_exc_TypeError, "array.array() takes no keyword arguments");
    if (args->npos < 1 || args->npos > 2)
        return cg_raise(&cg_exc_TypeError, "array() takes at most 2 arguments (%d given)", (int)args->npos);
    cg_value tc = args->pos[0];
    if (!cg_is_str(tc) || cg_as_str(tc)->ncp != 1)
        return cg_raise(&cg_exc_TypeError, "array() argument 1 must be a unicode character, not %s",
                        cg_type_name(tc));
    char code = cg_as_str(tc)->len == 1 ? cg_str_cstr(tc)[0] : 0;
    if (!code || !strchr(TYPECODES, code))
        return cg_raise(&cg_exc_ValueError, "bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)");
    cg_value r = cg_array_new(type, code);
    if (!cg_is_err(r) && args->npos == 2 && fill_from(cg_as_array(r), args->pos[1]) < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    return r;
}

static void array_dealloc(cg_obj *o) {
    free(((cg_array *)o)->data);
    free(o);
}

/* ---- the sequence -------------------------------------------------------------------- */

static cg_value array_repr(cg_value self) {
    cg_array *a = cg_as_array(self);
    if (a->len == 0)
        return cg_str_fmt("%s('%c')", cg_typeof(self)->name, a->code);
    cg_value inner = a->code == 'u' ? cg_call_method(self, "tounicode", 0, NULL)
                                    : cg_call_method(self, "tolist", 0, NULL);
    cg_value text = cg_is_err(inner) ? CG_ERR : cg_repr(inner);
    cg_decref(inner);
    if (cg_is_err(text))
        return CG_ERR;
    cg_value r = cg_str_fmt("%s('%c', %s)", cg_typeof(self)->name, a->code, cg_str_cstr(text));
    cg_decref(text);
    return r;
}

static int64_t array_len(cg_value self) { return cg_as_array(self)->len; }

/* a[key]'s key: 1 with *i the index of an item (IndexError msg when out
 * of range), 0 for a slice, -1 on error (TypeError for other keys). */
static int item_or_slice(cg_array *a, cg_value key, int64_t *i, const char *msg) {
    int r = cg_key_as_item(key, &a->len, i, msg);
    if (r != 0)
        return r;
    if (!cg_is_type(key, &cg_type_slice))
        return cg_raise_int(&cg_exc_TypeError, "array indices must be integers");
    return 0;
}

static cg_value array_getitem(cg_value self, cg_value key) {
    cg_array *a = cg_as_array(self);
    int64_t i;
    int r = item_or_slice(a, key, &i, "array index out of range");
    if (r < 0)
        return CG_ERR;
    if (r == 1)
        return cg_array_unpack(a->code, a->data + i * a->itemsize);
    int64_t start, stop, step, n = cg_slice_indices(key, a->len, &start, &stop, &step);
    return n < 0 ? CG_ERR : cg_array_slice(a, start, n, step);
}

/* Replaces a[start:stop] (step 1) by n items at s. */
static int splice(cg_array *a, int64_t start, int64_t stop, const char *s, int64_t n) {
    int w = a->itemsize;
    int64_t old = a->len, gone = stop - start;
    if (n != gone) {
        if (a->exports > 0)
            return cg_raise_int(&cg_exc_BufferError, "cannot resize an array that is exporting buffers");
        if (cg_array_reserve(a, old - gone + n) < 0)
            return -1;
        memmove(a->data + (start + n) * w, a->data + stop * w, (size_t)((old - stop) * w));
        a->len = old - gone + n;
    }
    if (n)
        memmove(a->data + start * w, s, (size_t)(n * w));
    return 0;
}

static int assign_slice(cg_array *a, cg_value key, cg_value value) {
    if (!cg_is_array(value))
        return cg_raise_int(&cg_exc_TypeError, "can only assign array (not \"%s\") to array slice",
                            cg_type_name(value));
    cg_array *v = cg_as_array(value);
    if (v->code != a->code)
        return cg_raise_int(&cg_exc_TypeError, "bad argument type for built-in operation");
    int64_t start, stop, step, k = cg_slice_indices(key, a->len, &start, &stop, &step);
    if (k < 0)
        return -1;
    int w = a->itemsize;
    char *copy = malloc((size_t)(v->len * w) + 1); /* value may be a itself */
    if (!copy)
        return cg_raise_nomemory(), -1;
    if (v->len)
        memcpy(copy, v->data, (size_t)(v->len * w));
    int rc = 0;
    if (step == 1)
        rc = splice(a, start, stop < start ? start : stop, copy, v->len);
    else if (v->len != k)
        rc = cg_raise_int(&cg_exc_ValueError, "attempt to assign array of size %lld to extended slice of size %lld",
                          (long long)v->len, (long long)k);
    else
        for (int64_t j = 0; j < k; j++)
            memcpy(a->data + (start + j * step) * w, copy + j * w, (size_t)w);
    free(copy);
    return rc;
}

static int array_setitem(cg_value self, cg_value key, cg_value value) {
    cg_array *a = cg_as_array(self);
    int64_t i;
    int r = item_or_slice(a, key, &i, "array assignment index out of range");
    if (r != 0)
        return r < 0 ? -1 : cg_array_pack(a->code, value, a->data + i * a->itemsize);
    return assign_slice(a, key, value);
}

static int array_delitem(cg_value self, cg_value key) {
    cg_array *a = cg_as_array(self);
    int64_t i;
    int r = item_or_slice(a, key, &i, "array assignment index out of range");
    if (r != 0)
        return r < 0 ? -1 : splice(a, i, i + 1, NULL, 0);
    int64_t start, stop, step, k = cg_slice_indices(key, a->len, &start, &stop, &step);
    if (k <= 0)
        return (int)k;
    if (step < 0) {
        start += step * (k - 1);
        step = -step;
    }
    if (step == 1)
        return splice(a, start, start + k, NULL, 0);
    if (a->exports > 0)
        return cg_raise_int(&cg_exc_BufferError, "cannot resize an array that is exporting buffers");
    int w = a->itemsize;
    int64_t out = start, next = start, removed = 0;
    for (int64_t p = start; p < a->len; p++) {
        if (removed < k && p == next) {
            removed++;
            next += step;
            continue;
        }
        memmove(a->data + out * w, a->data + p * w, (size_t)w);
        out++;
    }
    a->len = out;
    return 0;
}

static int array_contains(cg_value self, cg_value item) {
    cg_array *a = cg_as_array(self);
    for (int64_t i = 0; i < a->len; i++) {
        cg_value v = cg_array_unpack(a->code, a->data + i * a->itemsize);
        if (cg_is_err(v))
            return -1;
        cg_value eq = cg_compare(v, item, OP_EQ);
        cg_decref(v);
        int t = cg_is_err(eq) ? -1 : cg_truth(eq);
        cg_decref(eq);
        if (t != 0)
            return t;
    }
    return 0;
}

/* Lists' order: the first unequal pair decides, else the lengths. */
static cg_value array_compare(cg_value x, cg_value y, cg_cmpop op) {
    if (!cg_is_array(x) || !cg_is_array(y))
        return cg_incref(cg_NotImplemented);
    cg_array *a = cg_as_array(x), *b = cg_as_array(y);
    if ((op == OP_EQ || op == OP_NOT_EQ) && a->len != b->len)
        return cg_bool(op == OP_NOT_EQ);
    int64_t n = a->len < b->len ? a->len : b->len;
    for (int64_t i = 0; i < n; i++) {
        cg_value u = cg_array_unpack(a->code, a->data + i * a->itemsize);
        cg_value v = cg_array_unpack(b->code, b->data + i * b->itemsize);
        cg_value eq = cg_is_err(u) || cg_is_err(v) ? CG_ERR : cg_compare(u, v, OP_EQ);
        int t = cg_is_err(eq) ? -1 : cg_truth(eq);
        cg_decref(eq);
        if (t == 0) {
            cg_value r = op == OP_EQ ? CG_FALSE : op == OP_NOT_EQ ? CG_TRUE : cg_compare(u, v, op);
            cg_decref(u);
            cg_decref(v);
            return r;
        }
        cg_decref(u);
        cg_decref(v);
        if (t < 0)
            return CG_ERR;
    }
    int64_t la = a->len, lb = b->len;
    bool r = op == OP_LT ? la < lb : op == OP_LT_E ? la <= lb : op == OP_GT ? la > lb : op == OP_GT_E ? la >= lb
             : op == OP_EQ ? la == lb : la != lb;
    return cg_bool(r);
}

static cg_value repeat(cg_array *a, int64_t k) {
    if (k < 0)
        k = 0;
    if (a->len && k > INT64_MAX / 2 / a->len / a->itemsize)
        return cg_raise_nomemory();
    cg_value r = cg_array_new(a->head.type, a->code);
    if (cg_is_err(r))
        return r;
    cg_array *b = cg_as_array(r);
    if (cg_array_resize(b, a->len * k) < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    size_t bytes = (size_t)(a->len * a->itemsize);
    for (int64_t i = 0; i < k; i++)
        memcpy(b->data + (size_t)i * bytes, a->data, bytes);
    return r;
}

static cg_value array_binary(cg_value x, cg_value y, cg_binop op) {
    if (op == OP_ADD) {
        if (!cg_is_array(x))
            return cg_incref(cg_NotImplemented);
        if (!cg_is_array(y))
            return cg_raise(&cg_exc_TypeError, "can only append array (not \"%s\") to array", cg_type_name(y));
        cg_array *a = cg_as_array(x), *b = cg_as_array(y);
        if (a->code != b->code)
            return cg_raise(&cg_exc_TypeError, "bad argument type for built-in operation");
        cg_value r = cg_array_slice(a, 0, a->len, 1);
        if (!cg_is_err(r) && cg_array_frombytes(cg_as_array(r), b->data, b->len * b->itemsize) < 0) {
            cg_decref(r);
            return CG_ERR;
        }
        return r;
    }
    if (op == OP_MULT) {
        cg_value arr = cg_is_array(x) ? x : y, count = cg_is_array(x) ? y : x;
        int64_t k;
        int rc = cg_sequence_repeat_count(count, &k);
        if (rc <= 0)
            return rc < 0 ? CG_ERR : cg_incref(cg_NotImplemented);
        return repeat(cg_as_array(arr), k);
    }
    return cg_incref(cg_NotImplemented);
}

static cg_value array_inplace(cg_value x, cg_value y, cg_binop op) {
    cg_array *a = cg_as_array(x);
    if (op == OP_ADD) {
        if (!cg_is_array(y))
            return cg_raise(&cg_exc_TypeError, "can only extend array with array (not \"%s\")", cg_type_name(y));
        cg_array *b = cg_as_array(y);
        if (a->code != b->code)
            return cg_raise(&cg_exc_TypeError, "can only extend with array of same kind");
        int64_t n = b->len * b->itemsize;
        char *copy = malloc((size_t)n + 1);
        if (!copy)
            return cg_raise_nomemory();
        if (n)
            memcpy(copy, b->data, (size_t)n);
        int rc = cg_array_frombytes(a, copy, n);
        free(copy);
        return rc < 0 ? CG_ERR : cg_incref(x);
    }
    if (op == OP_MULT) {
        int64_t k;
        int rc = cg_sequence_repeat_count(y, &k);
        if (rc <= 0)
            return rc < 0 ? CG_ERR : cg_incref(cg_NotImplemented);
        int64_t n = a->len;
        if (k < 0)
            k = 0;
        if (n && k > INT64_MAX / 2 / n / a->itemsize)
            return cg_raise_nomemory();
        if (cg_array_resize(a, n * k) < 0)
            return CG_ERR;
        size_t bytes = (size_t)(n * a->itemsize);
        for (int64_t i = 1; i < k; i++)
            memcpy(a->data + (size_t)i * bytes, a->data, bytes);
        return cg_incref(x);
    }
    return cg_incref(cg_NotImplemented);
}

/* CPython names the type by its full name here */
static int64_t array_hash(cg_value self) {
    return cg_raise_int(&cg_exc_TypeError, "unhashable type: 'array.array'");
}

static cg_value array_getattr(cg_value self, cg_str *name) {
    cg_array *a = cg_as_array(self);
    if (!strcmp(name->s, "typecode"))
        return cg_str_new(&a->code, 1);
    if (!strcmp(name->s, "itemsize"))
        return cg_int(a->itemsize);
    return CG_STOP;
}

cg_type cg_type_array = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "array",
    .module = "array",
    .base = &cg_type_object,
    .basicsize = sizeof(cg_array),
    .dealloc = array_dealloc,
    .repr = array_repr,
    .hash = array_hash,
    .compare = array_compare,
    .binary = array_binary,
    .inplace = array_inplace,
    .len = array_len,
    .contains = array_contains,
    .getitem = array_getitem,
    .setitem = array_setitem,
    .delitem = array_delitem,
    .iter = cg_getitem_iter_new,
    .getattr = array_getattr,
    .new_ = array_new_,
};

/* ---- the buffer it lends ----------------------------------------------------------------- */

static int array_buffer_get(cg_value self, cg_buffer *view) {
    cg_array *a = cg_as_array(self);
    view->buf = a->data ? a->data : (char *)"";
    view->len = a->len * a->itemsize;
    view->readonly = false;
    a->exports++;
    return 0;
}

static void array_buffer_release(cg_value self) { cg_as_array(self)->exports--; }

static const cg_buffer_procs array_buffer = {array_buffer_get, array_buffer_release};

/* ---- the module --------------------------------------------------------------------------- */

cg_value cg_array_module_init(void) {
    static bool ready;
    if (!ready) {
        if (cg_type_add_methods(&cg_type_array, cg_array_methods) < 0
            || cg_buffer_register(&cg_type_array, &array_buffer) < 0)
            return CG_ERR;
        ready = true;
    }
    cg_value m = cg_module_new("array");
    if (cg_is_err(m))
        return m;
    cg_value codes = cg_str_from_c(TYPECODES);
    if (cg_is_err(codes) || cg_module_add(m, "array", cg_obj_value(&cg_type_array)) < 0
        || cg_module_add(m, "ArrayType", cg_obj_value(&cg_type_array)) < 0
        || cg_module_add(m, "typecodes", codes) < 0) {
        cg_decref(codes);
        cg_decref(m);
        return CG_ERR;
    }
    cg_decref(codes);
    return m;
}
